"""The standing orders for the Hell cards' choices (orders/events.py): AUCTION BID,
INQUISITION VOTE, RITES VOTE, PARLIAMENT SENDS and MAD SCIENTIST, and the effects that
read them (hellcards/income.py, hellcards/turn_rules.py, summoning.py)."""

from __future__ import annotations

import pytest
from phase_runner import run_phase

from pbem.dice import Dice
from pbem.engine import ACCEPTED, ILLEGAL, INVALID, UNKNOWN
from pbem_games.hellgame import effects, events, form, summoning
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.hellcards import income
from pbem_games.hellgame.hellcards import turn_rules as tr
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()
BANKERS, THIEVES = "sectio.bankers-and-brokers", "sectio.thieves"
LIARS, SUGAR = "sectio.liars", "sectio.sugar-hill"
EARTH = {"where": "earth"}
OFF = {"where": "earth", "incapacitated": True}
NO_PERMANENT = {"heaven": None, "earth": None, "hell": None}
AUCTION, TOUCHY = "phenomenon.auction", "phenomenon.the-boss-is-touchy"


def public(log, kind=None):
    return [e.text for e in log.events if e.visible_to is None and (kind is None
                                                                    or e.kind == kind)]


def private(log, player):
    return [e.text for e in log.events if e.visible_to == (player,)]


def sheets_for(st, orders):
    out = {p: None for p in st.seats}
    for p, text in orders.items():
        out[p] = check_sheet(st, DATA, p, text)
        assert not out[p].problems, [x.message for x in out[p].problems]
    return out


def one_line(st, player, text):
    lines = check_sheet(st, DATA, player, text).lines
    assert len(lines) == 1
    return lines[0]


# -- the parsers ----------------------------------------------------------------------------

def test_the_five_orders_parse_to_their_canonical_forms(make_state):
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.caim"]},
                     "b": {"daemons": ["daemon.orias"]}})
    cases = {
        "auction bid 6 for sugar hill": ("AUCTION BID 6 FOR SUGAR HILL",
                                         {"souls": 6, "sectio": SUGAR}),
        "Auction Bid 03": ("AUCTION BID 3", {"souls": 3, "sectio": None}),
        "inquisition vote orias, baal, orias": ("INQUISITION VOTE Orias, Baal",
                                                {"daemons": ["daemon.orias", "daemon.baal"]}),
        "rites vote caim": ("RITES VOTE Caim", {"daemons": ["daemon.caim"]}),
        "parliament sends caim": ("PARLIAMENT SENDS Caim", {"daemon": "daemon.caim"}),
        "mad scientist": ("MAD SCIENTIST", {}),
    }
    for text, (canonical, data) in cases.items():
        r = one_line(st, "a", text)
        assert (r.status, r.canonical) == (ACCEPTED, canonical), (text, r.message)
        assert {k: v for k, v in r.order.items() if k != "type"} == data


def test_the_parsers_refuse_what_they_cannot_carry_out(make_state):
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {"daemons": ["daemon.orias"]}})
    for text, status in [("AUCTION BID", INVALID), ("AUCTION BID many", INVALID),
                         ("AUCTION BID 0", INVALID), ("AUCTION BID 4 FOR Nowhere", UNKNOWN),
                         ("INQUISITION VOTE", INVALID), ("RITES VOTE Nobody", UNKNOWN),
                         ("PARLIAMENT SENDS", INVALID), ("PARLIAMENT SENDS Orias", UNKNOWN),
                         ("MAD SCIENTIST NOW", INVALID)]:
        assert one_line(st, "a", text).status == status, text
    lines = check_sheet(st, DATA, "a", "MAD SCIENTIST\nMAD SCIENTIST").lines
    assert [r.status for r in lines] == [ACCEPTED, ILLEGAL]


def test_the_five_orders_are_standing_orders_carried_to_the_next_form(make_state):
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {"daemons": ["daemon.orias"]}},
                    turn=2)
    text = ["AUCTION BID 6 FOR SUGAR HILL", "INQUISITION VOTE Orias", "RITES VOTE Orias",
            "PARLIAMENT SENDS Baal", "MAD SCIENTIST"]
    last = check_sheet(st, DATA, "a", "\n".join(text))
    assert [line for line, _ in form.standing_orders(st, DATA, "a", last)] == text


# -- Auction (phenomenon.auction) ----------------------------------------------------------

def auction(st, sheets, sectio=THIEVES, script=()):
    log, dice = Log(), Dice(script=list(script))
    st.warning_sign = {"card": "hell.vortex", "phenomenon": AUCTION, "scope": "sectio",
                       "sectio": [sectio]}
    effects.PHENOMENA[AUCTION](st, sheets, dice, DATA, log, "hell.vortex", [sectio])
    dice.finish()
    return log


def bidders(make_state):
    return make_state({"a": {"souls": 20}, "b": {"souls": 8}, "c": {"souls": 5}},
                      owners={THIEVES: "a"})


def test_phenomenon_auction_highest_bid_buys_and_pays_the_bank(make_state):
    """phenomenon.auction: b's FOR BANKERS line does not apply, his plain line bids 7;
    c's 9 counts as his 5 Souls (capped, said to him alone); a does not bid. b pays 7
    to the bank (a, the seller, receives nothing) and takes THIEVES."""
    st = bidders(make_state)
    st.owners[SUGAR] = "a"  # so a keeps a Sectio (no HG-15.2-01 rescue here)
    sheets = sheets_for(st, {"b": "AUCTION BID 12 FOR BANKERS AND BROKERS\nAUCTION BID 7",
                             "c": "AUCTION BID 9"})
    log = auction(st, sheets)
    assert st.owners == {THIEVES: "b", SUGAR: "a"}
    assert [st.players[p].souls for p in "abc"] == [20, 1, 5]
    assert public(log, "auction-sold") == [
        "Auction of THIEVES: sealed bids b 7, c 5; no bid from a (default IP-05). b pays "
        "7 Souls to the bank and takes THIEVES from a."]
    assert private(log, "c") == [
        "Auction of THIEVES: your bid of 9 is more than your 5 Souls; it counts as 5."]


def test_phenomenon_auction_tie_broken_by_a_die_and_the_owner_may_keep_it(make_state):
    """phenomenon.auction, HG-6.1-03: a and b both bid 8; a die of 1 picks a (the first
    of the tied, in seats order), the owner, who pays and keeps it."""
    st = bidders(make_state)
    sheets = sheets_for(st, {"a": "AUCTION BID 8 FOR THIEVES", "b": "AUCTION BID 8"})
    log = auction(st, sheets, script=[1])
    assert st.owners == {THIEVES: "a"} and st.players["a"].souls == 12
    assert st.players["b"].souls == 8
    assert public(log, "auction-sold") == [
        "Auction of THIEVES: sealed bids a 8, b 8; no bid from c (default IP-05), a die "
        "broke the tie. a pays 8 Souls to the bank and keeps THIEVES."]


def test_phenomenon_auction_lines_for_other_sectio_are_no_bid(make_state):
    st = bidders(make_state)
    log = auction(st, sheets_for(st, {"b": "AUCTION BID 5 FOR BANKERS AND BROKERS"}))
    assert st.owners == {THIEVES: "a"} and st.players["b"].souls == 8
    assert public(log, "auction-no-bids") == [
        "Auction of THIEVES: no bids (default IP-05: no bid), so it stays with a."]


def test_phenomenon_auction_the_boss_is_touchy_stops_the_sale(make_state):
    """phenomenon.auction: a frozen Sectio is not sold, and nobody pays."""
    st = bidders(make_state)
    sheets = sheets_for(st, {"b": "AUCTION BID 7"})
    log, dice = Log(), Dice(script=[])
    st.warning_sign = {"card": "hell.crusade", "phenomenon": TOUCHY, "scope": "quarter",
                       "sectio": [THIEVES]}
    assert events.ownership_frozen(st, THIEVES)
    effects.PHENOMENA[AUCTION](st, sheets, dice, DATA, log, "hell.vortex", [THIEVES])
    assert st.owners == {THIEVES: "a"} and st.players["b"].souls == 8
    assert len(public(log, "ownership-frozen")) == 1 and not public(log, "auction-sold")


# -- Inquisition (hell.inquisition) -------------------------------------------------------

def inquisitors(make_state, **kw):
    return make_state({"a": {"daemons": ["daemon.baal", "daemon.caim"]},
                       "b": {"daemons": ["daemon.orias"]}, "c": {}},
                      owners={BANKERS: "a", THIEVES: "a"},
                      daemons={"daemon.baal": EARTH, "daemon.caim": OFF,
                               "daemon.orias": EARTH}, **kw)


def test_hell_inquisition_vote_orders_choose_the_daemon(make_state):
    """hell.inquisition: b names the Incapacitated Caim first, who cannot be chosen
    (HG-6.1-02), so his vote goes to his own Orias; c votes Orias too; a votes by default
    (Orias, b's). Orias is chosen and b gains its 2 Skulls in Favours."""
    st = inquisitors(make_state)
    sheets = sheets_for(st, {"b": "INQUISITION VOTE Caim, Orias", "c": "INQUISITION VOTE Orias"})
    log, dice = Log(), Dice(script=[])
    events.resolve_event(st, sheets, dice, DATA, log, "hell.inquisition")
    dice.finish()
    assert st.daemons["daemon.orias"].incapacitated and st.players["b"].favours == 2
    assert not st.daemons["daemon.baal"].incapacitated and st.players["a"].favours == 0
    assert public(log, "inquisition") == [
        "Inquisition: Orias (b) is chosen to distract the Inquisition (votes: Orias 3; by "
        "INQUISITION VOTE: b, c; default vote IP-06: a); it is Incapacitated and b gains "
        "2 Favours (its Skulls)."]


def test_hell_inquisition_later_hell_phase_reads_the_votes(make_state):
    """hell.inquisition in a later Hell Phase (income.inquisition with the sheets): a vote
    naming no candidate falls back to the default."""
    st = inquisitors(make_state, turn=3,
                     permanent={**NO_PERMANENT, "earth": "hell.inquisition"})
    sheets = sheets_for(st, {"a": "INQUISITION VOTE Caim", "b": "INQUISITION VOTE Baal"})
    log = Log()
    income.inquisition(st, Dice(script=[]), DATA, log, sheets)
    # a: Caim is Incapacitated -> default (Orias); b: Baal; c: default (Baal)
    assert st.daemons["daemon.baal"].incapacitated and st.players["a"].favours == 4
    assert "by INQUISITION VOTE: b; default vote IP-06: a, c" in public(log, "inquisition")[0]


# -- Rites of Spring (hell.rites-of-spring) ----------------------------------------------

def test_hell_rites_of_spring_vote_orders(make_state):
    """hell.rites-of-spring: a orders RITES VOTE Sammael, Asmodeus (his own: allowed).
    Asmodeus (5 Hearts) and b's Caim (1 Heart, naming Ashtaroth, who is Incapacitated and
    cannot be chosen, HG-6.1-02, then Sammael) elect Sammael; Sammael (5) and b's Baal
    (3, naming Asmodeus) elect Asmodeus. Both are a's: a gains 2 Favours."""
    st = make_state({"a": {"daemons": ["daemon.sammael", "daemon.asmodeus"]},
                     "b": {"daemons": ["daemon.baal", "daemon.caim", "daemon.agares"]},
                     "c": {"daemons": ["daemon.ashtaroth"]}},
                    daemons={"daemon.ashtaroth": {"incapacitated": True}},
                    owners={LIARS: "a"})
    sheets = sheets_for(st, {"a": "RITES VOTE Sammael, Asmodeus",
                             "b": "RITES VOTE Ashtaroth, Asmodeus, Sammael"})
    log, dice = Log(), Dice(script=[])
    events.resolve_event(st, sheets, dice, DATA, log, tr.RITES_OF_SPRING)
    dice.finish()
    votes = public(log, "rites-vote")
    assert votes[0].startswith("Rites of Spring: the male Daemon is Sammael (a) (votes by "
                               "Hearts: Sammael 6; by RITES VOTE: ")
    assert votes[1].startswith("Rites of Spring: the female Daemon is Asmodeus (a) (votes "
                               "by Hearts: Asmodeus 8; by RITES VOTE: ")
    assert st.daemons["daemon.sammael"].incapacitated
    assert st.daemons["daemon.asmodeus"].incapacitated
    assert st.daemons["daemon.ashtaroth"].incapacitated  # as it was: not chosen
    assert [st.players[p].favours for p in "abc"] == [2, 0, 0]


# -- Long Parliament (hell.long-parliament) ----------------------------------------------

def parliament(make_state):
    st = make_state({"a": {"daemons": ["daemon.sammael", "daemon.baal"]},
                     "b": {"daemons": ["daemon.asmodeus", "daemon.caim"]}},
                    daemons={"daemon.sammael": EARTH},
                    permanent={**NO_PERMANENT, "hell": tr.LONG_PARLIAMENT})
    taken = {"daemon.sammael": "EVIL DEEDS", "daemon.baal": "ATONE",
             "daemon.asmodeus": "INFLUENCE", "daemon.caim": "MARCH"}
    return st, taken


def test_hell_long_parliament_sends_the_ordered_daemon(make_state):
    """hell.long-parliament: a sends Baal (Atonement) rather than the default Sammael;
    b sends Caim, who marched and cannot attend, so Asmodeus (Influence) attends by
    default. Asmodeus (5 Hearts) beats Baal (3) for the Favour."""
    st, taken = parliament(make_state)
    sheets = sheets_for(st, {"a": "PARLIAMENT SENDS Baal", "b": "PARLIAMENT SENDS Caim"})
    log = Log()
    tr.end_of_action_phase(st, DATA, Dice(script=[]), log, taken, list(taken), sheets)
    assert public(log, tr.ATTENDS) == [
        "Long Parliament: Baal (a) attends (PARLIAMENT SENDS).",
        "Long Parliament: Caim, sent by PARLIAMENT SENDS, took no Diplomacy Action and "
        "cannot attend; Asmodeus (b) attends (default: the Daemon of his that took a "
        "Diplomacy Action, the one with the most Hearts)."]
    tr.long_parliament_favour(st, DATA, Dice(script=[]), log)
    assert (st.players["a"].favours, st.players["b"].favours) == (0, 1)


def test_hell_long_parliament_incapacitated_attendee_earns_nothing(make_state):
    """hell.long-parliament, HG-6.1-02: a sends Baal, later Incapacitated: the Favour goes
    to b's Caim even with fewer Hearts; a sent Daemon without Diplomacy and no other:
    1 Disfavour."""
    st, taken = parliament(make_state)
    taken = {"daemon.baal": "ATONE", "daemon.caim": "CONSPIRE"}
    sheets = sheets_for(st, {"a": "PARLIAMENT SENDS Baal", "b": "PARLIAMENT SENDS Asmodeus"})
    log = Log()
    tr.end_of_action_phase(st, DATA, Dice(script=[]), log, taken, list(taken), sheets)
    st.daemons["daemon.baal"].incapacitated = True
    tr.long_parliament_favour(st, DATA, Dice(script=[]), log)
    assert (st.players["a"].favours, st.players["b"].favours) == (0, 1)
    assert st.players["b"].disfavours == 0
    st2, _ = parliament(make_state)
    log2 = Log()
    tr.end_of_action_phase(st2, DATA, Dice(script=[]), log2, {"daemon.baal": "MARCH"},
                           ["daemon.baal"], sheets_for(st2, {"a": "PARLIAMENT SENDS Baal"}))
    assert st2.players["a"].disfavours == 1
    assert public(log2, "long-parliament-absent")[0].startswith(
        "Long Parliament: Baal, sent by PARLIAMENT SENDS, took no Diplomacy Action and "
        "cannot attend; no Daemon of a took")


# -- Mad Scientist (hell.mad-scientist) ---------------------------------------------------

BOXES = [["lieutenant.alastor"], ["lieutenant.tammerlane"], ["lieutenant.semiazas"]]


def recruiter(make_state, **kw):
    return make_state({"a": {"souls": 10, "hand": ["arcana.belladonna"]}, "b": {}},
                      units=[("legion", "a", LIARS)], owners={LIARS: "a", SUGAR: "a"},
                      lieutenant_boxes=[list(b) for b in BOXES], **kw)


@pytest.mark.parametrize("in_play", [True, False])
def test_hell_mad_scientist_order_takes_the_cheap_price(make_state, in_play):
    """hell.mad-scientist: with the MAD SCIENTIST order, Legions cost 2 and the
    Lieutenant half (3 -> 1), for 1 Disfavour; with the card not in play the line does
    nothing (usual prices, no Disfavour)."""
    hell = tr.MAD_SCIENTIST if in_play else None
    st = recruiter(make_state, permanent={**NO_PERMANENT, "hell": hell})
    log = run_phase(summoning.run, st, DATA, {"a": "LEGIONS 2\nRECRUIT\nMAD SCIENTIST"}, [5])
    if in_play:
        assert (st.players["a"].souls, st.players["a"].disfavours) == (10 - 4 - 1, 1)
        assert public(log, "mad-scientist") == [
            "Mad Scientist: a recruits at the cheap price this Summoning Phase (MAD "
            "SCIENTIST) (Lieutenants half cost, Legions 2 Souls)."]
    else:
        assert (st.players["a"].souls, st.players["a"].disfavours) == (10 - 6 - 3, 0)
        assert not public(log, "mad-scientist")


def test_the_phases_hand_the_sheets_to_inquisition_and_long_parliament(make_state,
                                                                       monkeypatch):
    """The wiring: a later turn's Hell Phase passes the sheets to hell.inquisition, and
    the Action Phase passes them to the end-of-phase check of hell.long-parliament."""
    from pbem_games.hellgame import action, hell_phase

    st = inquisitors(make_state, turn=3,
                     permanent={**NO_PERMANENT, "earth": "hell.inquisition"})
    sheets = sheets_for(st, {"b": "INQUISITION VOTE Baal"})
    monkeypatch.setattr(events, "event_and_phenomena", lambda *a: None)
    monkeypatch.setattr(hell_phase, "draw_arcana", lambda *a: None)
    log = Log()
    hell_phase.run(st, sheets, Dice(script=[]), DATA, log)
    assert "by INQUISITION VOTE: b" in public(log, "inquisition")[0]
    seen = []
    monkeypatch.setattr(tr, "end_of_action_phase", lambda *a: seen.append(a[-1]))
    st.daemons.clear()  # nobody acts: the phase goes straight to its end
    action.run(st, sheets, Dice(script=[]), DATA, Log())
    assert seen == [sheets]
