"""Thou Art Not Real's hold on Units for the turn (action/march.py, end_phase.py clean_up,
flight.py) and Lucifer - An Impostor? outside the Action Phase's own code (courting
Lilith, Ereshkigal's ability, Play Right Away cards)."""

from __future__ import annotations

import dataclasses

from phase_runner import run_phase
from random_kit import lilith
from random_kit import run as run_random_moves
from test_march import ADDICTION, DATA, LARD, SUGAR, SULLA, march, said, state, where

from pbem.dice import Dice
from pbem_games.hellgame import action, end_phase
from pbem_games.hellgame.action import flight
from pbem_games.hellgame.action.context import ActionCtx, Queue
from pbem_games.hellgame.cards import gain_arcana
from pbem_games.hellgame.log import Log

NOT_REAL, IMPOSTOR = "hell.thou-art-not-real", "hell.lucifer-an-impostor"
HELD = "failed a Roll against Hearts under Thou Art Not Real and may not move this turn"
FALSIFIERS, LIARS = "sectio.falsifiers", "sectio.liars"


def kinds(log, kind):
    return [e.text for e in log.events if e.kind == kind]


# -- hell.thou-art-not-real: the hold lasts the turn ------------------------------------------

def test_hell_thou_art_not_real_a_failed_legion_is_held_for_later_marches(make_state):
    """hell.thou-art-not-real: a Legion whose Roll against Hearts fails goes into
    not_real_held; a later March this turn, by another Daemon, neither rolls for it nor
    moves it, and says so (Balban 1 Heart, Agares 2)."""
    st = state(make_state, [("legion", "void", LARD), ("legion", "void", LARD)],
               event=NOT_REAL)
    why, log = march(st, "2 LEGIONS Sea of Lard > Addiction", script=[1, 6])
    assert why is None and where(st) == {"u1": ADDICTION, "u2": LARD}
    assert st.not_real_held == ["u2"]
    assert kinds(log, "not-real-held") == [
        "Thou Art Not Real: Balban (void) fails the Roll against Hearts for a Legion in "
        "SEA OF LARD, which may not move again this turn"]
    # Agares's March: no die is rolled (the script is empty); the whole March is refused
    why, log = march(st, "1 LEGION Sea of Lard > Addiction", daemon="daemon.agares")
    assert why == f"1 Legion in SEA OF LARD: void's 1 Legion in SEA OF LARD {HELD} [HG-6.1-01]"
    assert where(st)["u2"] == LARD and log.events == []


def test_hell_thou_art_not_real_free_legions_march_and_the_held_one_is_named(make_state):
    """hell.thou-art-not-real: with a held and a free Legion in a Sectio, a March of two
    rolls only for the free one and says, with no roll, that the other is held."""
    st = state(make_state, [("legion", "void", LARD), ("legion", "void", LARD)],
               event=NOT_REAL)
    st.not_real_held = ["u1"]
    why, log = march(st, "2 LEGIONS Sea of Lard > Addiction", script=[1],
                     daemon="daemon.agares")
    assert why is None and where(st) == {"u1": LARD, "u2": ADDICTION}
    assert (f"Thou Art Not Real: 1 Legion of void in SEA OF LARD {HELD}; no roll is made",
            "HG-6.1-01") in said(log)
    assert st.not_real_held == ["u1"]


def test_hell_thou_art_not_real_a_held_lieutenant_is_logged_with_no_roll(make_state):
    """hell.thou-art-not-real: a held Lieutenant's move is refused by the dry run (so the
    next alternative may be tried) and, beside another move, logged with its rule."""
    st = state(make_state, [("lieutenant", "void", LARD, SULLA), ("legion", "void", SUGAR)],
               event=NOT_REAL)
    why, log = march(st, "LIEUTENANT Sulla Sea of Lard > Addiction", script=[6])
    assert why is None and st.not_real_held == ["u1"] and where(st)["u1"] == LARD
    why, _ = march(st, "LIEUTENANT Sulla Sea of Lard > Addiction")
    assert why.endswith(f"Lieutenant Sulla {HELD} [HG-6.1-01]")
    why, log = march(st, "LIEUTENANT Sulla Sea of Lard > Addiction; 1 LEGION Sugar Hill > "
                     "Addiction", script=[1], daemon="daemon.agares")
    assert why is None and where(st) == {"u1": LARD, "u2": ADDICTION}
    assert [e.rule for e in log.events if e.kind == "not-real-held"] == ["HG-6.1-01"]


def test_hell_thou_art_not_real_a_lieutenant_picks_up_no_held_legion(make_state):
    """hell.thou-art-not-real: a Lieutenant passing a Sectio takes only its free Legions
    and rolls for them; the held one stays, said with no roll."""
    st = state(make_state, [("lieutenant", "void", LARD, SULLA), ("legion", "void", ADDICTION),
                            ("legion", "void", ADDICTION)], event=NOT_REAL)
    st.not_real_held = ["u2"]
    why, log = march(st, "LIEUTENANT Sulla Sea of Lard > Addiction +2 > Sugar Hill",
                     script=[1, 2], daemon="daemon.agares")
    assert why is None and where(st) == {"u1": SUGAR, "u2": ADDICTION, "u3": SUGAR}
    assert kinds(log, "not-real-held") == [
        f"Thou Art Not Real: 1 Legion of void in ADDICTION {HELD}; no roll is made"]


def test_hell_thou_art_not_real_held_units_still_flee(make_state):
    """hell.thou-art-not-real: only a March is barred; fleeing is no move (as for
    Quagmire and Red Peril), so a held Legion flees like any other."""
    st = state(make_state, [("legion", "horned", ADDICTION)], event=NOT_REAL)
    st.not_real_held = ["u1"]
    dice, log = Dice(script=[1]), Log()
    actx = ActionCtx(st, DATA, dice, log, {p: None for p in st.seats}, Queue(), "void",
                     "daemon.balban")
    flight.flee_all(actx, "horned", ADDICTION, barred=None)
    dice.finish()
    assert where(st)["u1"] != ADDICTION and st.not_real_held == ["u1"]


def test_hell_thou_art_not_real_the_hold_ends_in_the_end_phase(make_state):
    """hell.thou-art-not-real: the clean-up (HG-13.3-02) lifts the hold and says so."""
    st = state(make_state, [("legion", "void", LARD)], event=NOT_REAL)
    st.not_real_held = ["u1"]
    log = Log()
    end_phase.clean_up(st, DATA, log)
    assert st.not_real_held == []
    assert [(e.text, e.rule) for e in log.events if e.kind == "not-real-ends"] == [
        ("Thou Art Not Real's hold ends: 1 Unit that failed a Roll against Hearts this turn "
         "may move again.", "HG-13.3-02")]
    log = Log()
    end_phase.clean_up(st, DATA, log)
    assert kinds(log, "not-real-ends") == []


# -- hell.lucifer-an-impostor --------------------------------------------------------------------

def test_hell_lucifer_an_impostor_nobody_courts_lilith(make_state, data):
    """hell.lucifer-an-impostor: courting Lilith spends a Favour, so it is refused (no
    Favour paid, no Roll against Hearts); an Incapacitated Daemon's line is skipped as
    ever (HG-6.1-02: the Event does not touch it)."""
    st = make_state({"a": {"favours": 2, "daemons": ["daemon.baal"]},
                     "b": {"favours": 1, "daemons": ["daemon.gomory"]}},
                    units=[lilith(FALSIFIERS)], event=IMPOSTOR,
                    daemons={"daemon.gomory": {"incapacitated": True}})
    log = run_random_moves(st, data, {"a": "COURT LILITH WITH Baal",
                                      "b": "COURT LILITH WITH Gomory"}, [5, 5, 5, 5, 5])
    assert (st.players["a"].favours, st.players["b"].favours) == (2, 1)
    assert [(e.text, e.rule) for e in log.events if e.kind == "court-impostor"] == [
        ("a would court Lilith, but courting costs a Favour and this turn Lucifer - An "
         "Impostor? forbids using one", "HG-6.1-01")]
    assert kinds(log, "court") == []


def test_hell_lucifer_an_impostor_refuses_ereshkigals_ability(make_state):
    """hell.lucifer-an-impostor: Ereshkigal's ability discards a Disfavour, so it is
    refused, and she is not Incapacitated for nothing."""
    st = make_state(players={"void": {"disfavours": 2, "daemons": ["daemon.ereshkigal"]},
                             "beast": {}}, event=IMPOSTOR)
    log = run_phase(action.run, st, DATA, orders={"void": "Ereshkigal: ABILITY\n"})
    assert ("Ereshkigal (void): ABILITY not possible: Ereshkigal's ability discards a "
            "Disfavour, and this turn Lucifer - An Impostor? forbids using one "
            "[hell.lucifer-an-impostor]") in [e.text for e in log.events
                                               if e.visible_to == ("void",)]
    assert st.players["void"].disfavours == 2
    assert not st.daemons["daemon.ereshkigal"].incapacitated


def _costly_data(card: str):
    """A copy of the data where the Play Right Away `card` costs a Favour."""
    info = DATA.arcana[card]
    major = dataclasses.replace(info.major, cost=dataclasses.replace(info.major.cost,
                                                                     favours=1))
    return dataclasses.replace(DATA, arcana={**DATA.arcana,
                                             card: dataclasses.replace(info, major=major)})


def test_hell_lucifer_an_impostor_bars_a_play_right_away_card_with_a_favour_cost(make_state):
    """hell.lucifer-an-impostor: a Play Right Away card that costs a Favour or Disfavour
    is shown and put back unresolved (a guard: no such card exists in the deck)."""
    card = "arcana.mania"
    data = _costly_data(card)
    # without the event it is resolved: with no Daemon to pick it has no effect
    for event, kind in ((IMPOSTOR, "play-right-away-impostor"), (None, "play-right-away-none")):
        st = make_state(["a", "b"], event=event)
        st.arcana_deck = [card]
        log = Log()
        gain_arcana(st, "a", 1, Dice(script=[]), data, log, None, "test")
        assert st.players["a"].hand == [] and st.arcana_deck == [card]
        assert kind in [e.kind for e in log.events]
    st = make_state(["a", "b"], event=IMPOSTOR)  # a card with no such cost: as before
    st.arcana_deck = [card]
    log = Log()
    gain_arcana(st, "a", 1, Dice(script=[]), DATA, log, None, "test")
    assert "play-right-away-impostor" not in [e.kind for e in log.events]
