"""Optional rule Cursed Dice (000 §15.3, HG-15.3-01; the variant `cursed_dice`): a player
who rolls a 1 six times in a row, over any phases and turns, collects one Favour at once.

The count watches the stage's dice (games/hellgame/cursed_dice.py), so these tests run
the phases through `turn.run_phases` as a stage does, with scripted dice."""

from __future__ import annotations

import pytest

from pbem.dice import Dice, Roll
from pbem_games.hellgame import cursed_dice, turn
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.state import HellState

DATA = load_data()
SH = "sectio.sugar-hill"
CURSED = {"cursed_dice": True}
#: three of a's Daemons Incapacitated: three recovery rolls of a's in the End Phase
OUT = ["daemon.caim", "daemon.baal", "daemon.zagam"]


@pytest.fixture(autouse=True)
def short_combat(monkeypatch):
    """A combat of misses ends after 3 rounds (endless.MAX_ROUNDS), undecided."""
    from pbem_games.hellgame.combat import endless

    monkeypatch.setattr(endless, "MAX_ROUNDS", 3)


def cursed_state(make_state, variants=CURSED):
    """a's one Legion against a Freebooter Legion in SUGAR HILL; three of a's four Daemons
    are Incapacitated (they roll to recover in the End Phase)."""
    return make_state(players={"a": {"daemons": OUT + ["daemon.moloch"]}, "b": {}, "c": {}},
                      daemons={d: {"incapacitated": True} for d in OUT},
                      units=[("legion", "a", SH), ("legion", None, SH)], variants=variants)


def run(st, phases, script) -> Log:
    """The phases as a stage runs them, on a round trip through the stored state."""
    st2 = HellState.from_dict(st.to_dict())
    log, dice = Log(), Dice(script=script)
    turn.run_phases(st2, {p: None for p in st2.seats}, dice, DATA, phases, log)
    dice.finish()
    st.__dict__.update(st2.__dict__)
    return log


def cursed(log) -> list:
    return [e for e in log.events if e.kind == "cursed-dice"]


#: the combat: three rounds, a and the Freebooters both roll 1 each time (all miss)
COMBAT = [1, 1, 1, 1, 1, 1]


def test_hg_15_3_01_six_ones_over_two_phases_earn_a_favour_at_once(make_state):
    st = cursed_state(make_state)
    log = run(st, ["combat"], COMBAT)
    # a's three combat rolls count; the Freebooters' three 1s are nobody's
    assert st.players["a"].ones_in_a_row == 3 and not cursed(log)
    assert st.players["a"].favours == 0
    log = run(st, ["end"], [1, 1, 1])  # the next stage: a's three recovery rolls
    (ev,) = cursed(log)
    assert (ev.rule, ev.data["player"]) == ("HG-15.3-01", "a")
    assert ev.text == ("Cursed Dice: a has rolled a 1 six times in a row and instantly "
                       "collects 1 Favour.")
    assert st.players["a"].favours == 1 and st.players["a"].ones_in_a_row == 0
    # at once: as the sixth die (Zagam's recovery) is rolled, before its outcome is told
    assert [e.data.get("daemon") or e.kind for e in log.events
            if e.kind in ("still-incapacitated", "cursed-dice")] == [
        "daemon.caim", "daemon.baal", "cursed-dice", "daemon.zagam"]
    assert not [e for e in log.events if e.kind == "not-implemented"]


def test_hg_15_3_01_a_roll_other_than_1_ends_the_run(make_state):
    st = cursed_state(make_state)
    run(st, ["combat"], COMBAT)
    log = run(st, ["end"], [1, 2, 1])  # a 2 in between: the run starts again
    assert not cursed(log)
    assert st.players["a"].favours == 0 and st.players["a"].ones_in_a_row == 1


def test_hg_15_3_01_without_the_variant_nothing_is_counted(make_state):
    st = cursed_state(make_state, variants={})
    run(st, ["combat"], COMBAT)
    log = run(st, ["end"], [1, 1, 1])
    assert not cursed(log)
    assert st.players["a"].favours == 0 and st.players["a"].ones_in_a_row == 0


def test_hg_15_3_01_only_the_players_own_rolls_count(make_state):
    """Another player's 1s, a die rolled for nobody (Uriel, Lilith, a rampaging hound) and
    the die `pick` rolls to draw at random neither count nor break a's run."""
    st = make_state(["a", "b", "c"], variants=CURSED)
    log, dice = Log(), Dice(script=[1] * 17)
    with cursed_dice.counting(st, dice, log):
        for _ in range(5):
            dice.roll("a's die", "a")
        dice.roll("b's die", "b")
        dice.roll("HG-10.1-06 Uriel's step 1")
        dice.roll("HG-10.3-02 a rampaging Hellhound moves")
        assert dice.pick(["x", "y"], "a Sectio of a drawn at random", "a") == "x"
        assert st.players["a"].ones_in_a_row == 5 and st.players["b"].ones_in_a_row == 1
        assert not cursed(log)
        dice.roll("a's sixth die", "a")  # the sixth 1 of a's own
        assert [e.data["player"] for e in cursed(log)] == ["a"]
        for _ in range(6):  # the run starts again: six more, one more Favour
            dice.roll("a's die", "a")
    dice.roll("after the stage", "a")  # not watched any more
    dice.finish()
    assert st.players["a"].favours == 2 and st.players["b"].favours == 0
    assert st.players["a"].ones_in_a_row == 0


def test_hg_15_3_01_a_tie_break_die_between_players_is_theirs(make_state):
    """A Triumvirate rolls its own die in a tie between players (here 16.5's "most
    Units"): it counts for its run."""
    from pbem_games.hellgame.combat import sides
    from pbem_games.hellgame.combat.fight import Fight

    st = make_state(["a", "b", "c"], variants=CURSED,
                    units=[("legion", p, SH) for p in ("a", "b", "c")])
    st.players["b"].ones_in_a_row = 5
    f = Fight(st, DATA, Dice(script=[2, 1, 4]), Log(), {p: None for p in st.seats}, SH, set())
    with cursed_dice.counting(st, f.dice, f.log):
        sides.assign(f, 1)
    f.dice.finish()
    assert [r.player for r in f.dice.log] == ["a", "b", "c"]
    assert st.players["b"].favours == 1 and [e.rule for e in cursed(f.log)] == ["HG-15.3-01"]


def test_hg_15_3_01_counted_ignores_other_dice(make_state):
    st = make_state(["a", "b", "c"], variants=CURSED)
    log = Log()
    cursed_dice.counted(st, log, Roll(1, "a d10", 10, 1, "a"))
    cursed_dice.counted(st, log, Roll(2, "picked", 6, 1, "a"), picking=True)
    cursed_dice.counted(st, log, Roll(3, "not a player", 6, 1, "freebooters"))
    assert all(p.ones_in_a_row == 0 for p in st.players.values())
