"""The Soul and Summoning order grammars: orders/cards.py, orders/soul.py, orders/summoning.py."""

from __future__ import annotations

import pytest

from pbem.engine import ACCEPTED, AMBIGUOUS, ILLEGAL, INVALID, UNKNOWN
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

LIARS, FALSIFIERS, SUGAR = "sectio.liars", "sectio.falsifiers", "sectio.sugar-hill"


@pytest.fixture(scope="module")
def data():
    return load_data()


@pytest.fixture
def st(make_state):
    return make_state({"void": {"souls": 10, "hand": ["arcana.belladonna", "arcana.frenzy"]},
                       "beast": {}, "keys": {}},
                      turn=2, owners={LIARS: "void", FALSIFIERS: "void", SUGAR: "beast"},
                      units=[("legion", "void", LIARS), ("legion", "void", "antehell"),
                             ("lieutenant", "beast", SUGAR, "lieutenant.verin")])


def one(st, data, text, player="void"):
    lines = check_sheet(st, data, player, text).lines
    assert len(lines) == 1
    return lines[0]


# Each accepted order: (text typed, canonical form, order data).
ACCEPTED_ORDERS = [
    ("keep belladonna, recruit lieutenant", "KEEP Belladonna, Recruit Lieutenant",
     {"keep": ["arcana.belladonna", "minor.recruit-lieutenant"]}),
    ("KEEP Thanks, But No Thanks; So, Sue Me", "KEEP Thanks, But No Thanks, So, Sue Me..",
     {"keep": ["arcana.thanks-but-no-thanks", "arcana.so-sue-me"]}),
    ("give beast 3 souls", "GIVE beast 3 SOULS",
     {"to": "beast", "what": {"kind": "souls", "n": 3}, "if": None}),
    ("GIVE keys SECTIO liars", "GIVE keys SECTIO LIARS",
     {"to": "keys", "what": {"kind": "sectio", "id": LIARS}, "if": None}),
    ("GIVE beast ARCANA frenzy if beast gives sectio sugar hill",
     "GIVE beast ARCANA Frenzy IF beast GIVES SECTIO SUGAR HILL",
     {"to": "beast", "what": {"kind": "arcana", "id": "arcana.frenzy"},
      "if": {"player": "beast", "what": {"kind": "sectio", "id": SUGAR}}}),
    ("give beast legion liars", "GIVE beast 1 LEGION LIARS",
     {"to": "beast", "what": {"kind": "legions", "n": 1, "at": LIARS, "hounds": False},
      "if": None}),
    ("give beast 1 souls if beast gives lieutenant verin",
     "GIVE beast 1 SOULS IF beast GIVES LIEUTENANT Verin",
     {"to": "beast", "what": {"kind": "souls", "n": 1},
      "if": {"player": "beast", "what": {"kind": "lieutenant", "id": "lieutenant.verin"}}}),
    ("unpaid antehell 2", "UNPAID AnteHell 2", {"where": "antehell", "n": 2}),
    ("UNPAID Liars", "UNPAID LIARS", {"where": LIARS, "n": None}),
    ("deserters accept max 3 keep 5", "DESERTERS ACCEPT MAX 3 KEEP 5",
     {"accept": True, "max": 3, "keep": 5}),
    ("DESERTERS ACCEPT", "DESERTERS ACCEPT", {"accept": True, "max": None, "keep": 0}),
    ("deserters refuse", "DESERTERS REFUSE", {"accept": False, "max": None, "keep": 0}),
    ("legion liars", "LEGION LIARS 1", {"sectio": LIARS, "n": 1}),
    ("LEGION Falsifiers 2", "LEGION FALSIFIERS 2", {"sectio": FALSIFIERS, "n": 2}),
    ("legions 3", "LEGIONS 3", {"n": 3}),
    ("buy arcana 2 until walk the earth keep 5", "BUY ARCANA 2 UNTIL Walk the Earth KEEP 5",
     {"n": 2, "until": "minor.walk-the-earth", "keep": 5}),
    ("BUY ARCANA 1", "BUY ARCANA 1", {"n": 1, "until": None, "keep": 0}),
    ("recruit", "RECRUIT", {"card": None, "at": None}),
    ("recruit with belladonna at liars", "RECRUIT WITH Belladonna AT LIARS",
     {"card": "arcana.belladonna", "at": LIARS}),
    ("tame", "TAME", {}),
    ("bonus sulla 2", "BONUS Sulla 2", {"lieutenant": "lieutenant.sulla", "n": 2}),
]


@pytest.mark.parametrize(("text", "canonical", "order"), ACCEPTED_ORDERS,
                         ids=[c for _, c, _ in ACCEPTED_ORDERS])
def test_ip_03_to_ip_17_orders_are_understood_and_canonical_forms_round_trip(
        st, data, text, canonical, order):
    r = one(st, data, text)
    assert (r.status, r.canonical) == (ACCEPTED, canonical), r.message
    assert {k: v for k, v in r.order.items() if k != "type"} == order
    again = one(st, data, r.canonical)
    assert (again.canonical, again.order) == (r.canonical, r.order)


# (text, status, rule, words in the message or hint)
REFUSED = [
    ("KEEP", INVALID, "HG-6.3-03", "at least one card"),
    ("KEEP Belladona", UNKNOWN, "HG-6.3-03", "did you mean Belladonna"),
    ("GIVE bist 3 SOULS", UNKNOWN, "HG-7.2.1b-02", "did you mean beast"),
    ("GIVE void 3 SOULS", ILLEGAL, "HG-7.2.1b-02", "is you"),
    ("GIVE beast", INVALID, "HG-7.2.1b-02", "needs a player and what to give"),
    ("GIVE beast 0 SOULS", INVALID, "HG-7.2.1b-02", "between 1 and"),
    ("GIVE beast -3 SOULS", INVALID, "HG-7.2.1b-02", "not something to give"),
    ("GIVE beast 2 FAVOURS", ILLEGAL, "HG-7.2.1b-02", "can never be given"),
    ("GIVE beast 2 LEGIONS", INVALID, "HG-7.2.1b-02", "say where the Legions are"),
    ("GIVE beast 2 LEGIONS Liars", ILLEGAL, "HG-7.2.1b-02", "you have 1 Legion"),
    ("GIVE beast 13 LEGIONS Liars", INVALID, "HG-7.2.1b-02", "between 1 and 12"),
    ("GIVE beast LIEUTENANT Verin", ILLEGAL, "HG-7.2.1b-02", "does not serve you"),
    ("GIVE beast DAEMON Baal", ILLEGAL, "HG-7.2.1b-02", "Baal is not yours"),
    ("GIVE beast DAEMON Baaal", UNKNOWN, "HG-7.2.1b-02", "did you mean Baal"),
    ("GIVE beast 2 SOULS IF beast GIVES LIEUTENANT Sulla", ILLEGAL, "HG-7.2.1b-02",
     "does not serve beast"),
    ("GIVE beast HELLHOUND AnteHell", ILLEGAL, "HG-7.2.1b-02", "minding a Hellhound"),
    ("GIVE beast SECTIO Sugar Hill", ILLEGAL, "HG-7.2.1b-02", "not void's Sectio"),
    ("GIVE beast ARCANA Atrocity", ILLEGAL, "HG-7.2.1b-02", "you do not hold Atrocity"),
    ("GIVE beast 2 SOULS IF keys GIVES 2 SOULS", ILLEGAL, "HG-7.2.1b-02",
     "must name the player you give to"),
    ("GIVE beast 2 SOULS IF beast GIVES SECTIO Liars", ILLEGAL, "HG-7.2.1b-02",
     "not beast's Sectio"),
    ("GIVE beast 2 SOULS IF beast", INVALID, "HG-7.2.1b-02", "not a trade condition"),
    ("UNPAID Sugar Hill", ILLEGAL, "HG-16.1-01", "no Legion or Lieutenant"),
    ("UNPAID Nowhere", UNKNOWN, "HG-16.1-01", "no Sectio called"),
    ("DESERTERS MAYBE", INVALID, "HG-16.1-02", "ACCEPT"),
    ("DESERTERS ACCEPT MIN 3", INVALID, "HG-16.1-02", "not MAX or KEEP"),
    ("LEGION Sugar Hill", ILLEGAL, "HG-8.2-01", "your Sectio: FALSIFIERS, LIARS"),
    ("LEGION Liars 0", INVALID, "HG-8.2-01", "between 1 and 12"),
    ("LEGION Liars -1", INVALID, "HG-8.2-01", "whole number"),
    ("LEGION t", AMBIGUOUS, "HG-8.2-01", "matches"),
    ("LEGIONS", INVALID, "HG-8.2-03", "needs a number"),
    ("LEGIONS 13", INVALID, "HG-8.2-03", "between 1 and 12"),
    ("BUY ARCANA", INVALID, "HG-8.3.3-01", "needs the number"),
    ("BUY ARCANA two", INVALID, "HG-8.3.3-01", "whole number"),
    ("BUY ARCANA 2 UNTIL Walk the Erth", UNKNOWN, "HG-8.3.3-01", "did you mean Walk the Earth"),
    ("RECRUIT WITH Frenzy", ILLEGAL, "HG-8.3.1-01", "not Recruit Lieutenant"),
    ("RECRUIT AT Atlantis", UNKNOWN, "HG-8.3.1-03", "no Sectio called"),
    ("TAME now", INVALID, "HG-8.3.2-01", "takes nothing"),
    ("BONUS Verin 1", ILLEGAL, "HG-8.3.4-01", "serves beast"),
    ("BONUS Sula 1", UNKNOWN, "HG-8.3.4-01", "did you mean Sulla"),
    ("BONUS Sulla", INVALID, "HG-8.3.4-01", "needs a Lieutenant and a number"),
]


@pytest.mark.parametrize(("text", "status", "rule", "words"), REFUSED,
                         ids=[t for t, *_ in REFUSED])
def test_ip_03_to_ip_17_bad_orders_are_refused_with_a_clear_message(
        st, data, text, status, rule, words):
    r = one(st, data, text)
    assert (r.status, r.rule) == (status, rule)
    assert words in f"{r.message} {r.hint}"


def test_ip_10_ip_15_non_repeatable_orders_may_be_given_once(st, data):
    lines = check_sheet(st, data, "void", "TAME\nTAME\nDESERTERS REFUSE\nDESERTERS ACCEPT").lines
    assert [r.status for r in lines] == [ACCEPTED, ILLEGAL, ACCEPTED, ILLEGAL]


def test_hg_5_2_01_soul_and_summoning_orders_are_for_the_turn_stage_only(make_state, data):
    st = make_state({"void": {}, "beast": {}}, turn=0)
    r = check_sheet(st, data, "void", "LEGIONS 2").lines[0]
    assert r.status == ILLEGAL


def test_ip_03_to_ip_17_the_parsers_never_crash_on_garbage(st, data):
    junk = ["", " ", "0", "-", "IF", "IF IF", "GIVES", "WITH", "AT", "UNTIL KEEP", ",,,", ";",
            "9" * 40, "MAX", "x" * 300, "ä€", "SECTIO", "ARCANA", "1 SOUL IF", "WITH AT"]
    keywords = ["KEEP", "GIVE", "GIVE beast", "UNPAID", "DESERTERS", "DESERTERS ACCEPT",
                "LEGION", "LEGIONS", "BUY ARCANA", "BUY ARCANA 1", "RECRUIT", "TAME", "BONUS"]
    text = "\n".join(f"{k} {j}" for k in keywords for j in junk)
    sheet = check_sheet(st, data, "void", text)
    assert len(sheet.lines) == len(keywords) * len(junk)
