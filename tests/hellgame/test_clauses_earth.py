"""HG-9.6-05 (000 §9.6 note): "Daemons may take Walk the Earth Actions the Action Phase
immediately after Uriel has cleansed the Earth (10.1)." Uriel arrives in the Hell Phase
(random_moves.bring_uriel, called by his Hell card), and the Action Phase that follows
runs with scripted dice."""

from __future__ import annotations

from phase_runner import run_phase

from pbem.dice import Dice
from pbem_games.hellgame import action, random_moves
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log

DATA = load_data()
SAMMAEL, ANDRAS = "daemon.sammael", "daemon.andras"  # Ranks 7 and 56; Sammael: 3 Skulls


def cleansed(make_state):
    """Uriel cleanses the Earth: Sammael (on Earth) survives his Roll against Skulls (a
    2) and is sent back to Hell, to Pass for Good (HG-10.1-03); Andras was in Hell."""
    st = make_state(players={"a": {"souls": 5, "daemons": [SAMMAEL, ANDRAS],
                                   "hand": ["arcana.frenzy", "arcana.hellhounds"]},
                             "b": {}, "c": {}},
                    daemons={SAMMAEL: {"where": "earth", "walk_card": "arcana.heroism"}})
    dice = Dice(script=[2])
    assert random_moves.bring_uriel(st, DATA, dice, Log())
    dice.finish()
    assert [(d.id, d.where, d.pass_for_good) for d in st.daemons_of("a")] == [
        (SAMMAEL, "hell", True), (ANDRAS, "hell", False)]
    return st


def test_hg_9_6_05_a_daemon_not_forced_to_pass_walks_the_earth_after_uriel(make_state):
    st = cleansed(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Sammael: WALK THE EARTH\nAndras: WALK THE EARTH\n"})
    sammael, andras = st.daemons[SAMMAEL], st.daemons[ANDRAS]
    # Uriel stays in his box on Earth and does not stop Andras (the cheapest Walk card:
    # Hellhounds, 0 Souls); Sammael must Pass for Good and stays in Hell
    assert (andras.where, andras.walk_card) == ("earth", "arcana.hellhounds")
    assert (sammael.where, sammael.walk_card, sammael.pass_for_good) == ("hell", None, False)
    assert st.players["a"].hand == ["arcana.frenzy"] and st.players["a"].souls == 5
    assert [u.kind for u in st.units] == ["uriel"]
    assert [(e.kind, e.text) for e in log.events if e.visible_to is None] == [
        ("pass-for-good", "Sammael (a) must Pass for Good this turn (recalled from Earth)"),
        ("walk-the-earth", "Andras (a) Walks the Earth, playing Hellhounds!!! (0 Souls)")]


def test_hg_9_6_05_the_recalled_daemon_may_walk_again_next_turn(make_state):
    """The forced Pass for Good is for the coming Action Phase only (HG-10.1-03): in the
    next one Sammael may Walk the Earth too, with Uriel still in play."""
    st = cleansed(make_state)
    run_phase(action.run, st, DATA, orders={"a": "Sammael: WALK THE EARTH\n"})
    assert st.daemons[SAMMAEL].where == "hell"
    log = run_phase(action.run, st, DATA, orders={"a": "Sammael: WALK THE EARTH\n"})
    assert (st.daemons[SAMMAEL].where, st.daemons[SAMMAEL].walk_card) == (
        "earth", "arcana.hellhounds")
    assert ("walk-the-earth", "Sammael (a) Walks the Earth, playing Hellhounds!!! (0 Souls)") in [
        (e.kind, e.text) for e in log.events]
