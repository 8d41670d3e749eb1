"""Re-rolls of flight dice (issue 22): Caim's ability (CAIM REROLLS ... FLIGHT) and the
re-roll Arcana (REROLL WITH ... FLIGHT) re-roll a fleeing stack's Compass dice when none
of them takes it away alive (action/flight.py, action/reroll.py, IP-33). Try Again only
in the Action Phase; Re-roll in the Action and Combat Phases; Caim in any phase."""

from __future__ import annotations

from phase_runner import run_phase
from test_march import ADDICTION, DATA, LARD, SUGAR, SULLA, march, said, where

from pbem.engine import ACCEPTED, ILLEGAL
from pbem_games.hellgame import GAME, combat

TRY, REROLL = "arcana.try-again", "arcana.re-roll"
MARCH_IN = "LEGION Sea of Lard > Addiction"  # void's u1 marches into ADDICTION
TRAITORS = "sectio.traitors"  # Circle 1: its inward face (1) is the Pentagram


def _state(make_state, units, hand=(), daemons=("daemon.caim", "daemon.baal")):
    return make_state({"void": {"daemons": ["daemon.balban", "daemon.agares"]},
                       "horned": {"daemons": list(daemons), "hand": list(hand)},
                       "keys": {}}, units=units)


def _checked(st, player, text):
    sheet = GAME.check_orders(st.to_dict(), player, text)
    return [(x.status, x.canonical or x.message) for x in sheet.lines]


def test_hg_9_5_1_05_ip_33_caim_rerolls_a_failed_flight_die(make_state):
    """horned's Legion flees from ADDICTION: a 5 is no move (HG-9.5.1-05); Caim re-rolls
    it: a 2 takes it to SUGAR HILL."""
    st = _state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION)])
    _, log = march(st, MARCH_IN, {"horned": "FLEE ANYWHERE\nCAIM REROLLS FIRST FAILED FLIGHT"},
                   [5, 2])
    texts = [t for t, _ in said(log)]
    assert "Caim (horned) re-rolls the 5 of the flight of horned's 1 Legion in ADDICTION: 2" \
        in texts
    assert where(st) == {"u1": ADDICTION, "u2": SUGAR}


def test_ip_33_caim_does_not_reroll_a_flight_that_got_away(make_state):
    st = _state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION)])
    _, log = march(st, MARCH_IN, {"horned": "FLEE ANYWHERE\nCAIM REROLLS ANY"}, [2])
    assert not any(e.kind == "ability-reroll" for e in log.events)


def test_ip_33_without_flight_listed_caim_does_not_reroll_it(make_state):
    st = _state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION)])
    _, log = march(st, MARCH_IN, {"horned": "FLEE ANYWHERE\nCAIM REROLLS ATONEMENT"}, [6])
    assert not any(e.kind == "ability-reroll" for e in log.events)
    assert where(st) == {"u1": ADDICTION, "u2": ADDICTION}


def test_hg_9_5_1_05_try_again_rerolls_a_failed_flight_die(make_state):
    """arcana.try-again ("re-roll any die just rolled"): the Legion's 6 fails; the card
    is played and the 2 takes it away."""
    st = _state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION)],
                hand=[TRY], daemons=["daemon.baal"])
    _, log = march(st, MARCH_IN, {
        "horned": "FLEE ANYWHERE\nREROLL WITH Try Again FIRST FAILED FLIGHT"}, [6, 2])
    texts = [t for t, _ in said(log)]
    assert "horned re-rolls the 6 of the flight of horned's 1 Legion in ADDICTION with " \
        "Try Again: 2." in texts
    assert where(st) == {"u1": ADDICTION, "u2": SUGAR}
    assert st.players["horned"].hand == []


def test_hg_9_5_1_07_re_roll_rerolls_both_failed_dice_of_a_lieutenant(make_state):
    """A Lieutenant rolls 2 dice (HG-9.5.1-07): 5 and 6 both fail. Caim re-rolls the
    first (6: still a failure), then Re-roll ("one or more dice") re-rolls both: 5 and 2,
    he takes the 2 to SUGAR HILL with his Legion."""
    st = _state(make_state, [("legion", "void", LARD),
                             ("lieutenant", "horned", ADDICTION, SULLA),
                             ("legion", "horned", ADDICTION)], hand=[REROLL])
    _, log = march(st, MARCH_IN, {
        "horned": "FLEE ANYWHERE\nCAIM REROLLS FLIGHT\n"
                  "REROLL WITH Re-roll FIRST FAILED ANY"}, [5, 6, 6, 5, 2])
    kinds = [e.kind for e in log.events if e.kind in ("ability-reroll", "card-reroll")]
    assert kinds == ["ability-reroll", "card-reroll", "card-reroll"]
    assert where(st) == {"u1": ADDICTION, "u2": SUGAR, "u3": SUGAR}


def test_hg_11_2_4_01_re_roll_rerolls_a_failed_flight_die_in_combat(make_state):
    """Combat flight (HG-11.2.4-01, HG-11.2.4-02): b's Legion in TRAITORS rolls 1, the Pentagram (a
    failure); Baal brought Re-roll: the re-roll, 2, takes it away (Re-roll, "Combat
    Phase")."""
    st = make_state(players={"a": {}, "b": {"daemons": ["daemon.baal"], "hand": [REROLL]},
                             "c": {}},
                    units=[("legion", "a", TRAITORS)] * 3 + [("legion", "b", TRAITORS)])
    log = run_phase(combat.run, st, DATA, {
        "b": "JOIN Baal IN Traitors BRINGING Re-roll\nCOMBAT FLEE ANYWHERE IF OUTNUMBERED\n"
             "REROLL WITH Re-roll FIRST FAILED FLIGHT\n"}, script=[
        1, 1, 1, 1,  # round 1: no hits
        1,           # b flees: 1 is inward, the Pentagram
        2])          # Re-roll: 2, to BETRAYERS OF CONFIDENCE
    assert [(e.kind, e.text) for e in log.events if e.kind in ("card-played", "card-reroll",
                                                                "flight")] == [
        ("card-played", "Baal (b) plays Re-roll to re-roll the 1 of the flight of b's 1 "
                        "Legion in TRAITORS."),
        ("card-reroll", "b re-rolls the 1 of the flight of b's 1 Legion in TRAITORS with "
                        "Re-roll: 2."),
        ("flight", "b's 1 Legion in TRAITORS rolls 2 and flees to BETRAYERS OF CONFIDENCE")]
    assert st.players["b"].hand == []


def test_ip_33_flight_is_a_kind_of_roll_for_caim_and_the_cards(make_state):
    st = _state(make_state, [], hand=[TRY, REROLL])
    assert _checked(st, "horned", "CAIM REROLLS FIRST FAILED flight, atonement\n"
                                  "REROLL WITH Try Again FIRST FAILED FLIGHT\n"
                                  "REROLL WITH Re-roll FIRST FAILED FLIGHT, COMBAT SAVES") == [
        (ACCEPTED, "CAIM REROLLS FIRST FAILED FLIGHT, ATONEMENT"),
        (ACCEPTED, "REROLL WITH Try Again FIRST FAILED FLIGHT"),
        (ACCEPTED, "REROLL WITH Re-roll FIRST FAILED FLIGHT, COMBAT SAVES")]
    assert _checked(st, "void", "CAIM REROLLS FLIGHT")[0][0] == ILLEGAL
