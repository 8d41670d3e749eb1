"""Play Right Away cards (HG-6.3.1-01; playright.py, playright_lasting.py): A Bad Day, A Fit of
Goodness, Court Duty, Lost Lore, Mad Love, Mania, Prove to Me That You Are Real...,
Stigmata. They are resolved when drawn, never cast, so no Counter can answer them."""

import pytest
from phase_runner import run_phase

from pbem.dice import Dice
from pbem.engine import ILLEGAL, INVALID
from pbem_games.hellgame import action, playright_lasting
from pbem_games.hellgame.cards import gain_arcana
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet
from pbem_games.hellgame.random_moves.common import destroy_daemon
from pbem_games.hellgame.state import HellState

DATA = load_data()
BAD_DAY, FIT, COURT = "arcana.a-bad-day", "arcana.a-fit-of-goodness", "arcana.court-duty"
LORE, MAD, MANIA = "arcana.lost-lore", "arcana.mad-love", "arcana.mania"
PROVE, STIGMATA = "arcana.prove-to-me-that-you-are-real", "arcana.stigmata"


def draw(st, card, script=(), phase="hell", player="a", text=None):
    """`player` draws `card` from the top of the deck during `phase`; returns the Log."""
    st.arcana_deck.insert(0, card)
    log, dice = Log(), Dice(script=list(script))
    log.phase = phase
    sheet = check_sheet(st, DATA, player, text) if text else None
    gain_arcana(st, player, 1, dice, DATA, log, sheet, "test")
    dice.finish()
    return log


def said(log, kind=None) -> list[str]:
    return [e.text for e in log.events if e.visible_to is None and kind in (None, e.kind)]


# -- A Bad Day, A Fit of Goodness -------------------------------------------------------------

def test_a_bad_day_forces_a_pass_for_good_this_turn(make_state):
    """arcana.a-bad-day: one of the drawer's Daemons, picked by a die (2: the second),
    must Pass for Good when it comes up; its ordered Action is not taken."""
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.moloch"]}, "b": {}})
    log = draw(st, BAD_DAY, script=[2])
    assert said(log, "play-right-away-pass") == [
        "A Bad Day: Moloch (a) must Pass for Good this turn."]
    assert st.marks[BAD_DAY] == {"daemon": "daemon.moloch", "turn": 1}
    assert st.arcana_deck[-1] == BAD_DAY and st.players["a"].hand == []
    log = run_phase(action.run, st, DATA, orders={"a": "Moloch: ATONE\nBaal: ATONE"},
                    script=[3, 4])  # only Baal atones
    assert "Moloch (a) must Pass for Good this turn (A Bad Day)" in said(log, "pass-for-good")
    assert BAD_DAY not in st.marks


def test_a_bad_day_lapses_when_its_daemon_never_comes_up(make_state):
    """arcana.a-bad-day: the Daemon Incapacitated before the Action Phase: it lapses."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}})
    draw(st, BAD_DAY)
    st.daemons["daemon.baal"].incapacitated = True
    log = run_phase(action.run, st, DATA)
    assert said(log, "play-right-away-lapsed") == [
        "A Bad Day lapses: Baal did not come up for the first time after it was drawn in "
        "this Action Phase."]
    assert BAD_DAY not in st.marks


def test_a_bad_day_drawn_after_the_action_phase_has_no_effect(make_state):
    """arcana.a-bad-day: "this turn": drawn in the End Phase it has none left."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}})
    log = draw(st, BAD_DAY, phase="end")
    assert said(log, "play-right-away-none") == [
        "A Bad Day has no effect: this turn's Action Phase is over."]
    assert BAD_DAY not in st.marks


def test_a_bad_day_after_the_daemon_came_up_means_an_empty_march(make_state):
    """arcana.a-bad-day: a Daemon that has come up already may not Pass for Good
    (HG-9.3-01): the forced Pass for Good becomes an empty March (A-10)."""
    from pbem_games.hellgame import playright
    from pbem_games.hellgame.action.context import ActionCtx, Queue

    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}})
    log = Log()
    q = Queue(waiting=["daemon.baal"])
    actx = ActionCtx(st, DATA, Dice(script=[]), log, {}, q, "a", "daemon.baal")
    playright.force_pass_for_good(actx, False, BAD_DAY)
    assert q.taken == {"daemon.baal": "MARCH"}
    assert said(log) == ["Baal (a) must Pass for Good (A Bad Day), but it has come up before "
                         "in this phase and may not, so it takes an empty March"]


def test_a_fit_of_goodness_pass_for_good_and_a_disfavour(make_state):
    """arcana.a-fit-of-goodness: Pass for Good, and 1 Disfavour as it does."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}})
    draw(st, FIT)
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: ATONE"})
    assert said(log)[-2:] == ["Baal (a) must Pass for Good this turn (A Fit of Goodness)",
                              "A Fit of Goodness: a receives 1 Disfavour as it does so."]
    assert st.players["a"].disfavours == 1


def test_a_fit_of_goodness_lapses_for_an_incapacitated_daemon(make_state):
    """arcana.a-fit-of-goodness: the pick never takes an Incapacitated Daemon; if none is
    left the card has no effect."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}},
                    daemons={"daemon.baal": {"incapacitated": True}})
    log = draw(st, FIT)
    assert said(log, "play-right-away-none") == [
        "A Fit of Goodness has no effect: a has no Daemon that is not Incapacitated."]


# -- Court Duty --------------------------------------------------------------------------------

def test_court_duty_default_loses_a_disfavour(make_state):
    """arcana.court-duty: a Daemon in Hell (the one on Earth is never picked) Passes for
    Good; by default its Triumvirate loses a Disfavour it has."""
    st = make_state({"a": {"disfavours": 2, "daemons": ["daemon.baal", "daemon.moloch"]},
                     "b": {}}, daemons={"daemon.baal": {"where": "earth"}})
    draw(st, COURT)
    assert st.marks[COURT] == {"daemon": "daemon.moloch", "turn": 1}
    log = run_phase(action.run, st, DATA, orders={"a": "Moloch: ATONE"})
    assert said(log, "court-duty") == [
        "Court Duty: a loses 1 Disfavour at Lucifer's court (by default)."]
    assert st.players["a"].disfavours == 1


def test_court_duty_gain_favour_by_order_and_next_action_phase(make_state):
    """arcana.court-duty: drawn during an Action Phase it waits for the next one; the
    order GAIN FAVOUR gains a Favour even with a Disfavour."""
    st = make_state({"a": {"disfavours": 1, "daemons": ["daemon.baal"]}, "b": {}})
    draw(st, COURT, phase="action")
    assert st.marks[COURT] == {"daemon": "daemon.baal", "turn": 2}
    st.turn = 2
    log = run_phase(action.run, st, DATA, orders={"a": "PLAY RIGHT AWAY Court Duty GAIN FAVOUR"})
    assert said(log, "court-duty") == [
        "Court Duty: a gains 1 Favour at Lucifer's court (by his order)."]
    assert (st.players["a"].favours, st.players["a"].disfavours) == (1, 1)


# -- Lost Lore ---------------------------------------------------------------------------------

def test_lost_lore_swaps_hands_with_the_player_ordered(make_state):
    """arcana.lost-lore: the drawer swaps his whole hand with c (his order, IP-04)."""
    st = make_state({"a": {"hand": ["arcana.frenzy", "arcana.fly"]},
                     "b": {"hand": ["arcana.foci"]}, "c": {"hand": ["arcana.belladonna"]}})
    log = draw(st, LORE, text="PLAY RIGHT AWAY Lost Lore WITH c")
    assert st.players["a"].hand == ["arcana.belladonna"]
    assert st.players["c"].hand == ["arcana.frenzy", "arcana.fly"]
    assert said(log, "lost-lore") == [
        "Lost Lore: a and c swap their whole Arcana hands (a chose c, his order); a now "
        "holds 1 card, c 2."]
    assert st.arcana_deck[-1] == LORE


def test_lost_lore_default_is_a_die_and_the_draw_goes_on_in_the_new_hand(make_state):
    """arcana.lost-lore: no order: another player at random (die 2: c); the next card of
    the same draw joins the new hand, then the hand limit applies."""
    st = make_state({"a": {"hand": ["arcana.frenzy"]}, "b": {}, "c": {"hand": ["arcana.fly"]}},
                    arcana_deck=[LORE, "arcana.foci"])
    log, dice = Log(), Dice(script=[2])
    gain_arcana(st, "a", 2, dice, DATA, log, None, "test")
    assert st.players["a"].hand == ["arcana.fly", "arcana.foci"]
    assert st.players["c"].hand == ["arcana.frenzy"]
    assert "at random: default, IP-04" in said(log, "lost-lore")[0]


# -- Mad Love ----------------------------------------------------------------------------------

def test_mad_love_the_lover_copies_the_beloveds_action(make_state):
    """arcana.mad-love: Baal (a, male) loves Asmodeus (b, female; Agares is sexless and
    immune). Asmodeus acts first and Passes for Good: Baal must do the same, not ATONE."""
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.agares"]},
                     "b": {"daemons": ["daemon.asmodeus"]}})
    log = draw(st, MAD)
    assert st.afflictions[MAD] == {"daemon": "daemon.baal", "beloved": "daemon.asmodeus",
                                   "last": None}
    assert said(log, "play-right-away-attached") == [
        "Mad Love: Baal (a) falls madly in love with Asmodeus (b) and must copy its Actions."]
    assert MAD not in st.arcana_deck
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: ATONE"})
    assert "Baal (a) must Pass for Good this turn (Mad Love)" in said(log, "pass-for-good")
    assert st.afflictions[MAD]["last"] == "PASS FOR GOOD"


def test_mad_love_without_a_line_of_that_kind_is_an_empty_march(make_state):
    """arcana.mad-love: the beloved last took a MARCH: the lover's other lines are
    skipped and, with no MARCH of its own that works, it takes an empty March."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {"daemons": ["daemon.ukobach"]}},
                    afflictions={MAD: {"daemon": "daemon.baal", "beloved": "daemon.ukobach",
                                       "last": "MARCH"}})
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: ATONE"})
    assert "Baal (a) must copy its beloved's MARCH (Mad Love) and cannot, so it takes an " \
           "empty March" in said(log, "empty-march")


def test_mad_love_sexless_daemons_are_immune_and_it_ends_when_both_are_incapacitated(
        make_state):
    """arcana.mad-love: a sexless drawer's Daemon cannot love; the card ends when both
    Daemons are Incapacitated (to the bottom of the deck)."""
    st = make_state({"a": {"daemons": ["daemon.agares"]}, "b": {"daemons": ["daemon.caim"]}})
    log = draw(st, MAD)
    assert said(log, "play-right-away-none")[0].startswith("Mad Love has no effect: no Daemon")
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {"daemons": ["daemon.caim"]}},
                    daemons={"daemon.baal": {"incapacitated": True},
                             "daemon.caim": {"incapacitated": True}},
                    afflictions={MAD: {"daemon": "daemon.baal", "beloved": "daemon.caim",
                                       "last": None}})
    log = Log()
    playright_lasting.prune(st, DATA, log)
    assert st.afflictions == {} and st.arcana_deck[-1] == MAD
    assert said(log) == ["Mad Love ends: both Daemons are Incapacitated; the card goes to the "
                         "bottom of the Arcana deck."]


# -- Mania -------------------------------------------------------------------------------------

def _mania(make_state, **kw):
    return make_state({"a": {"daemons": ["daemon.baal"]}, "b": {"daemons": ["daemon.naburos"]}},
                      afflictions={MANIA: {"daemon": "daemon.baal", "free": 0}}, **kw)


def test_mania_is_drawn_and_attached(make_state):
    """arcana.mania: stays in play on one of the drawer's Daemons."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}})
    draw(st, MANIA)
    assert st.afflictions == {MANIA: {"daemon": "daemon.baal", "free": 0}}
    assert MANIA not in st.arcana_deck


@pytest.mark.parametrize("roll,disfavours", [(4, 0), (5, 1)])
def test_mania_4_or_5_pass_for_good(make_state, roll, disfavours):
    """arcana.mania: 4 Pass for Good; 5 the same and 1 Disfavour."""
    st = _mania(make_state)
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: ATONE"}, script=[roll])
    assert "Baal (a) must Pass for Good this turn (Mania)" in said(log, "pass-for-good")
    assert st.players["a"].disfavours == disfavours


def test_mania_1_three_actions(make_state):
    """arcana.mania: 1: Baal acts and comes up twice more at once, with no new roll."""
    st = _mania(make_state)
    log = run_phase(action.run, st, DATA, script=[1])
    assert said(log, "mania") == ["Mania: Baal (a) rolls 1 and may take three Actions.",
                                  "Mania: Baal (a) takes another of its three Actions.",
                                  "Mania: Baal (a) takes another of its three Actions."]
    assert len(said(log, "empty-march")) == 2 and st.afflictions[MANIA]["free"] == 0


def test_mania_6_then_1_destroys_the_daemon(make_state):
    """arcana.mania: 6 then 1-2: the Daemon is destroyed; the card goes with it."""
    st = _mania(make_state)
    log = run_phase(action.run, st, DATA, script=[6, 1])
    assert "Mania: Baal (a) rolls 6, then 1: the Daemon is destroyed." in said(log)
    assert "daemon.baal" not in st.daemons and st.afflictions == {}
    assert st.arcana_deck[-1] == MANIA and st.daemon_deck[-1] == "daemon.baal"


def test_mania_6_then_3_discards_the_card(make_state):
    """arcana.mania: 6 then 3-6: the card is discarded and the Daemon acts."""
    st = _mania(make_state)
    log = run_phase(action.run, st, DATA, script=[6, 3])
    assert "Mania: Baal (a) rolls 6, then 3: the card is discarded." in said(log)
    assert st.afflictions == {} and st.arcana_deck[-1] == MANIA
    assert "Baal (a) Passes for Good (no order applies: default)" in said(log)


# -- Prove to Me That You Are Real... ---------------------------------------------------------

def test_prove_to_me_needs_a_heretics_sectio(make_state):
    """arcana.prove-to-me-that-you-are-real: no Sectio in the Heretics Circle: no effect."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}})
    log = draw(st, PROVE)
    assert said(log, "play-right-away-none") == [
        "Prove to Me That You Are Real... has no effect: a controls no Sectio in the "
        "Heretics Circle."]


def test_prove_to_me_rolls_before_acting_and_can_be_got_rid_of(make_state):
    """arcana.prove-to-me-that-you-are-real: a roll of 1-2 before acting forces a Pass for
    Good; GET RID in a Hell Phase costs 2 Disfavours and discards it."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}},
                    owners={"sectio.temple-of-false-preachers": "a"})
    draw(st, PROVE)
    assert st.afflictions == {PROVE: {"daemon": "daemon.baal"}}
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: ATONE"}, script=[2])
    assert said(log)[-2:] == [
        "Prove to Me That You Are Real...: Baal (a) rolls 2: it must Pass for Good.",
        "Baal (a) must Pass for Good this turn (Prove to Me That You Are Real...)"]
    log = Log()
    sheets = {"a": check_sheet(st, DATA, "a", "PLAY RIGHT AWAY Prove to Me GET RID")}
    playright_lasting.hell_phase(st, sheets, DATA, log)
    assert st.players["a"].disfavours == 2 and st.afflictions == {}
    assert st.arcana_deck[-1] == PROVE


# -- Stigmata ---------------------------------------------------------------------------------

def _stigmata(make_state, rolls=0):
    return make_state({"a": {"daemons": ["daemon.baal"]}, "b": {"daemons": ["daemon.thamuz"]}},
                      afflictions={STIGMATA: {"daemon": "daemon.baal", "rolls": rolls}})


def test_stigmata_kills_on_a_roll_not_higher_than_the_count(make_state):
    """arcana.stigmata: the second End Phase it must roll higher than 2: a 2 kills it."""
    st = _stigmata(make_state, rolls=1)
    log, dice = Log(), Dice(script=[2])
    playright_lasting.end_phase(st, {}, dice, DATA, log)
    assert said(log, "daemon-destroyed") == [
        "Stigmata: Baal (a) rolls 2, not higher than 2, and is killed by its companions."]
    assert "daemon.baal" not in st.daemons and st.arcana_deck[-1] == STIGMATA


def test_stigmata_a_six_passes_it_on_after_a_duel_of_stars(make_state):
    """arcana.stigmata: a 6 survives and, by default, challenges another player's Daemon
    (Thamuz, the only one) to a Duel of Stars: Baal 2 dice (5+5) beats Thamuz 1 (3)."""
    st = _stigmata(make_state)
    log, dice = Log(), Dice(script=[6, 5, 5, 3])
    playright_lasting.end_phase(st, {}, dice, DATA, log)
    assert st.afflictions[STIGMATA] == {"daemon": "daemon.thamuz", "rolls": 0}
    assert said(log, "stigmata-pass") == [
        "Stigmata: Baal challenges Thamuz (b) (at random: default, IP-51) to a Duel of Stars "
        "and wins: Thamuz (b) now bears the Stigmata."]


def test_stigmata_keep_order(make_state):
    """arcana.stigmata: KEEP: a 6 survives and the card stays, its count goes on."""
    st = _stigmata(make_state)
    sheets = {"a": check_sheet(st, DATA, "a", "PLAY RIGHT AWAY Stigmata KEEP")}
    log, dice = Log(), Dice(script=[6])
    playright_lasting.end_phase(st, sheets, dice, DATA, log)
    assert st.afflictions[STIGMATA] == {"daemon": "daemon.baal", "rolls": 1}
    assert said(log)[-1] == "Stigmata: Baal keeps the card (by his order)."


def test_stigmata_is_drawn_onto_a_daemon(make_state):
    """arcana.stigmata: drawn, it afflicts one of the drawer's Daemons."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}})
    draw(st, STIGMATA)
    assert st.afflictions == {STIGMATA: {"daemon": "daemon.baal", "rolls": 0}}


# -- state and orders ---------------------------------------------------------------------------

def test_afflictions_round_trip_and_end_with_the_daemon(make_state):
    """A destroyed Daemon's Play Right Away cards go to the bottom of the deck (HG-3.3-02);
    old snapshots without the field load with none."""
    st = _mania(make_state)
    assert HellState.from_dict(st.to_dict()).afflictions == st.afflictions
    old = st.to_dict()
    del old["afflictions"]
    assert HellState.from_dict(old).afflictions == {}
    assert destroy_daemon(st, "daemon.baal")
    assert st.afflictions == {} and st.arcana_deck[-1] == MANIA


@pytest.mark.parametrize("line,status,message", [
    ("PLAY RIGHT AWAY Lost Lore", INVALID, "'Lost Lore' names no choice"),
    ("PLAY RIGHT AWAY Court Duty KEEP", ILLEGAL, "'KEEP' is not a choice of Court Duty"),
    ("PLAY RIGHT AWAY Lost Lore WITH a", ILLEGAL, "'a' is you"),
])
def test_play_right_away_order_errors(make_state, line, status, message):
    st = make_state(["a", "b"])
    res = check_sheet(st, DATA, "a", line).lines[0]
    assert (res.status, res.message) == (status, message)


def test_play_right_away_order_canonical_forms(make_state):
    st = make_state(["a", "b"])
    sheet = check_sheet(st, DATA, "a", "play right away stigmata pass to baal, moloch\n"
                        "PLAY RIGHT AWAY prove to me get rid")
    assert [r.canonical for r in sheet.lines] == [
        "PLAY RIGHT AWAY Stigmata PASS TO Baal, Moloch",
        "PLAY RIGHT AWAY Prove to Me That You Are Real... GET RID"]
