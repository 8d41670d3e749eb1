"""Macina (000 §16.4, macina.py): no card of the base deck is a Macina, so these tests
mark one in a copy of the data, as a moderator would (docs/data.md): Fast Cash becomes a
Macina with a maintenance of 2 Souls.

HG-16.4-01 played like any Arcana, it stands in front of its player; HG-16.4-02 it works
from the next Soul Phase whose maintenance is paid; HG-16.4-03 unpaid, it stays and does
nothing until paid again (IP-11: MACINA <card> PAY [KEEP n] / STOP; default: pay if he
can, after upkeep).
"""

from __future__ import annotations

import random
import shutil

import pytest
from phase_runner import run_phase

from pbem.dice import Dice
from pbem_games.hellgame import action, defaults, in_play, soul
from pbem_games.hellgame.data import DATA_DIR, DataError, load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet
from pbem_games.hellgame.views import public_view

CASH = "arcana.fast-cash"
RECORD = "  - id: " + CASH


def _mark(directory, old: str, new: str, card: str = CASH) -> None:
    """Replace `old` by `new` once, inside `card`'s record of arcana.yaml."""
    path = directory / "arcana.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: " + card + "\n")
    end = text.find("\n  - id: ", start + 1)
    end = len(text) if end < 0 else end
    record = text[start:end]
    assert record.count(old) == 1, old
    path.write_text(text[:start] + record.replace(old, new) + text[end:], encoding="utf-8")


MACINA_ON = ("      macina: false\n", "      macina: true\n")
MAINTENANCE = ("    provenance:\n      default: rulebook\n",
               "    maintenance: 2\n    provenance:\n      default: rulebook\n"
               "      maintenance: assumed\n")
NOTE = ("    notes:\n", "    notes:\n      maintenance: A house Macina for the tests.\n")


def macina_data(directory):
    shutil.copytree(DATA_DIR, directory)
    for old, new in (MACINA_ON, MAINTENANCE, NOTE):
        _mark(directory, old, new)
    return load_data(directory)


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return macina_data(tmp_path_factory.mktemp("macina") / "data")


def fraud(data) -> str:
    """A Sectio in the Circle of Fraud: Fast Cash needs one."""
    return next(s for s in sorted(data.sectio) if data.sectio[s].circle_name == "FRAUD")


# -- the data ---------------------------------------------------------------------------------

def test_hg_16_4_02_a_moderator_marks_a_macina_with_its_maintenance(data):
    card = data.arcana[CASH]
    assert card.flags.macina and card.maintenance == 2
    assert [c.id for c in data.arcana.values() if c.flags.macina] == [CASH]
    leaf = next(x for x in data.leaves if x.key == CASH + ".maintenance")
    assert (leaf.value, leaf.kind, leaf.note) == (2, "assumed", "A house Macina for the tests.")
    assert all(c.maintenance is None for c in load_data().arcana.values())


def test_hg_16_4_02_a_macina_without_maintenance_is_refused_with_its_line(tmp_path):
    shutil.copytree(DATA_DIR, tmp_path / "data")
    _mark(tmp_path / "data", *MACINA_ON)
    with pytest.raises(DataError, match=r"^arcana\.yaml:\d+: arcana\.fast-cash: a Macina "
                                        r"needs its maintenance"):
        load_data(tmp_path / "data")


def test_maintenance_on_a_card_that_is_no_macina_is_refused(tmp_path):
    shutil.copytree(DATA_DIR, tmp_path / "data")
    _mark(tmp_path / "data", *MAINTENANCE)
    _mark(tmp_path / "data", *NOTE)
    with pytest.raises(DataError, match=r"^arcana\.yaml:\d+: arcana\.fast-cash: maintenance "
                                        r"is for a Macina only"):
        load_data(tmp_path / "data")


def test_a_counter_cannot_be_a_macina(tmp_path):
    shutil.copytree(DATA_DIR, tmp_path / "data")
    card = "arcana.it-did-not-work"
    _mark(tmp_path / "data", *MACINA_ON, card=card)
    _mark(tmp_path / "data", "    provenance:\n", "    maintenance: 1\n    provenance:\n",
          card=card)
    with pytest.raises(DataError, match=r"a Counter answers a card at once and cannot be a "
                                        r"Macina"):
        load_data(tmp_path / "data")


# -- HG-16.4-01: played, it stands in front of its player -----------------------------------

def test_hg_16_4_01_a_macina_cast_stands_in_front_of_its_player_and_does_nothing_yet(
        make_state, data):
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": [CASH]},
                             "b": {}, "c": {}}, owners={fraud(data): "a"})
    log = run_phase(action.run, st, data, orders={"a": "Caim: CAST Fast Cash\n"})
    assert [(e.kind, e.text) for e in log.events if e.kind.startswith(("cast", "macina",
                                                                        "fast-cash"))] == [
        ("cast", "Caim (a) casts Fast Cash"),
        ("macina-placed", "Fast Cash is a Macina: it stands in front of a and works once "
                          "its maintenance of 2 Souls is paid in the next Soul Phase.")]
    assert st.macinas == {CASH: {"owner": "a", "paid": False}}
    assert st.players["a"].hand == [] and CASH not in st.arcana_deck
    assert st.players["a"].souls == 0  # no dice rolled: its effect waits (HG-16.4-02)
    assert not in_play.macina_working(st, CASH) and in_play.macina_owner(st, CASH) == "a"


def test_hg_16_4_01_a_macina_cancelled_by_a_counter_goes_to_the_deck(make_state, data):
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": [CASH]},
                             "b": {"daemons": ["daemon.naburos", "daemon.xaphan"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}},
                    owners={fraud(data): "a"})
    log = run_phase(action.run, st, data, orders={
        "a": "Caim: CAST Fast Cash\n",
        "b": "COUNTER ANY WITH It Did Not Work USING Naburos\n"})
    assert [e.text for e in log.events if e.kind == "macina-cancelled"] == [
        "Fast Cash is cancelled: the Macina goes to the bottom of the deck."]
    assert st.macinas == {} and st.arcana_deck[-2:] == ["arcana.it-did-not-work", CASH]


# -- HG-16.4-02/03: maintenance in the Soul Phase ------------------------------------------

def soul_phase(st, data, sheets=None):
    log, dice = Log(), Dice(script=[])
    checked = {p: check_sheet(st, data, p, text) for p, text in (sheets or {}).items()}
    soul.run(st, checked, dice, data, log)
    dice.finish()
    return [(e.kind, e.text) for e in log.events if e.kind.startswith(("macina", "upkeep"))]


def standing(make_state, souls: int, paid: bool = False, legions: int = 0):
    sid = "sectio.sugar-hill"
    return make_state(players={"a": {"souls": souls}, "b": {}, "c": {}},
                      units=[{"kind": "legion", "owner": "a", "location": sid}] * legions,
                      macinas={CASH: {"owner": "a", "paid": paid}})


def test_hg_16_4_02_maintenance_paid_after_upkeep_and_the_macina_works(make_state, data):
    st = standing(make_state, souls=5, legions=2)
    assert soul_phase(st, data) == [
        ("upkeep", "a pays 2 Souls upkeep for 2 of 2 Legions and Lieutenants."),
        ("macina-maintained", "a pays 2 Souls maintenance for the Macina Fast Cash: it "
                              "works until the next Soul Phase.")]
    assert st.players["a"].souls == 1 and in_play.macina_working(st, CASH)


def test_hg_16_4_03_unpaid_for_want_of_souls_it_stays_and_does_nothing(make_state, data):
    st = standing(make_state, souls=3, paid=True, legions=2)  # 1 Soul left after upkeep
    assert soul_phase(st, data)[1:] == [
        ("macina-unpaid", "a does not pay the maintenance of 2 Souls for the Macina Fast "
                          "Cash (he has 1 Soul): it stays in front of him and does nothing "
                          "until its maintenance is paid again.")]
    assert st.players["a"].souls == 1
    assert st.macinas == {CASH: {"owner": "a", "paid": False}}
    assert not in_play.macina_working(st, CASH)
    st.players["a"].souls = 4  # HG-16.4-03: paid again, it works again
    assert soul_phase(st, data)[-1][0] == "macina-maintained"
    assert in_play.macina_working(st, CASH) and st.players["a"].souls == 0


def test_hg_16_4_03_macina_stop_leaves_it_unpaid_ip_11(make_state, data):
    st = standing(make_state, souls=9, paid=True)
    assert soul_phase(st, data, {"a": "MACINA Fast Cash STOP\n"}) == [
        ("macina-unpaid", "a does not pay the maintenance of 2 Souls for the Macina Fast "
                          "Cash (by his MACINA order): it stays in front of him and does "
                          "nothing until its maintenance is paid again.")]
    assert st.players["a"].souls == 9 and CASH in st.macinas
    assert not in_play.macina_working(st, CASH)


def test_ip_11_macina_pay_keep_pays_only_if_that_many_souls_are_left(make_state, data):
    st = standing(make_state, souls=6)
    assert soul_phase(st, data, {"a": "MACINA Fast Cash PAY KEEP 5\n"})[0][1].endswith(
        "(his MACINA order keeps 5 Souls): it stays in front of him and does nothing until "
        "its maintenance is paid again.")
    assert st.players["a"].souls == 6
    st = standing(make_state, souls=7)
    assert soul_phase(st, data, {"a": "MACINA Fast Cash PAY KEEP 5\n"})[0][0] == \
        "macina-maintained"
    assert st.players["a"].souls == 5


# -- the order ----------------------------------------------------------------------------------

def lines(st, data, text):
    sheet = check_sheet(st, data, "a", text, known=True)
    return [(r.status, r.canonical or r.message, r.warning) for r in sheet.lines]


def test_ip_11_the_macina_order_reads_pay_keep_and_stop(make_state, data):
    st = standing(make_state, souls=3)
    assert lines(st, data, "macina fast cash pay keep 4\nMACINA Fast Cash STOP\n") == [
        ("accepted", "MACINA Fast Cash PAY KEEP 4", ""),
        ("accepted", "MACINA Fast Cash STOP", "")]
    got = lines(st, data, "MACINA Frenzy PAY\nMACINA Fast Cash\n")
    assert [s for s, _, _ in got] == ["illegal", "invalid"]
    assert "Frenzy is not a Macina" in got[0][1]


def test_ip_11_a_macina_not_in_front_of_him_is_a_warning(make_state, data):
    st = make_state(players={"a": {"hand": [CASH]}, "b": {}, "c": {}})
    (status, _, warning), = lines(st, data, "MACINA Fast Cash PAY\n")
    assert status == "accepted" and warning.startswith("Fast Cash is not in front of you "
                                                       "now")


def test_ip_11_the_default_is_listed_only_to_a_macina_owner(make_state, data):
    st = standing(make_state, souls=3)
    left = [defaults.left_to_defaults(st, check_sheet(st, data, p, "")) for p in "ab"]
    want = "IP-11 (MACINA): after upkeep, pay each Macina's maintenance if you can " \
           "(HG-16.4-02)"
    assert want in left[0] and want not in left[1]


def test_ip_11_the_form_offers_macina_to_its_owner_only(make_state, data):
    from pbem_games.hellgame.form import order_form

    st = standing(make_state, souls=3)
    form = order_form(st, data, "a")
    assert "#MACINA Fast Cash PAY KEEP 3" in form.splitlines()
    assert lines(st, data, "MACINA Fast Cash PAY KEEP 3\n") == [
        ("accepted", "MACINA Fast Cash PAY KEEP 3", "")]
    assert "MACINA" not in order_form(st, data, "b")


# -- views and report ---------------------------------------------------------------------

def test_hg_16_4_01_everyone_sees_the_macinas_on_the_table(make_state, data):
    st = standing(make_state, souls=3, paid=True)
    assert public_view(st, data)["macinas"] == [
        {"card": CASH, "name": "Fast Cash", "owner": "a", "maintenance": 2, "working": True}]
    assert "macinas" not in public_view(make_state({"a": {}, "b": {}, "c": {}}), data)


def test_the_board_shows_a_macina_and_whether_it_works(make_state, data):
    from pbem import reports
    from pbem_games.hellgame import GAME

    st = standing(make_state, souls=3)
    parts = reports.board_parts(public_view(st, data), "", [], GAME.templates())
    assert ("Macina Fast Cash in front of a: not working until its maintenance is paid; "
            "maintenance 2 Souls each Soul Phase") in " ".join(parts["board_text"].split())
    st.macinas[CASH]["paid"] = True
    parts = reports.board_parts(public_view(st, data), "", [], GAME.templates())
    assert "<p>Macina Fast Cash in front of a: working (maintenance paid); maintenance 2 " \
           "Souls each Soul Phase.</p>" in parts["board_html"]


# -- random self-play over the marked data ----------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2])
def test_selfplay_with_a_macina_on_the_table(data, monkeypatch, seed):
    """Random games with Fast Cash a Macina in front of one player from turn 1: random
    sheets with MACINA lines (test_selfplay.random_sheet), invariants after every turn."""
    from test_selfplay import NAMES, check_invariants, random_sheet

    from pbem_games.hellgame import game as game_module
    from pbem_games.hellgame.game import HellGame

    monkeypatch.setattr(game_module, "load_data", lambda: data)
    g = HellGame()
    monkeypatch.setattr("test_selfplay.GAME", g)
    rng = random.Random(seed)
    seats = NAMES[:3]
    state, _, _ = g.new_game(seats, {}, Dice(f"macina-{seed}"))
    state = g.resolve(state, {p: None for p in seats}, Dice(f"macina-{seed}-0")).state
    for p in state["players"].values():  # take it out of wherever it was dealt
        if CASH in p["hand"]:
            p["hand"].remove(CASH)
    if CASH in state["arcana_deck"]:
        state["arcana_deck"].remove(CASH)
    state["macinas"] = {CASH: {"owner": seats[0], "paid": False}}
    kinds, ordered = set(), []
    for turn in range(1, 5):
        sheets = {p: g.check_orders(state, p, random_sheet(rng, state, p)) for p in seats}
        ordered += [r.canonical for s in sheets.values() for r in s.lines
                    if r.ok and r.canonical.startswith("MACINA")]
        res = g.resolve(state, sheets, Dice(f"macina-{seed}-{turn}"))
        kinds |= {e.kind for e in res.events if e.kind.startswith("macina")}
        state = res.state
        check_invariants(state)
        if res.finished:
            break
    assert ordered and kinds & {"macina-maintained", "macina-unpaid"}
    assert state["macinas"][CASH]["owner"] == seats[0]
