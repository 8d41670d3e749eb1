"""The combat side of three Hell cards: Rebellious Rage (combat/rage.py), Boredom (kills
recorded in combat/saves.py, read by hellcards/movement.after_combat) and Lucifer - An
Impostor? (combat-time card plays, combat/fight.py)."""

from __future__ import annotations

from phase_runner import run_phase

from pbem.dice import Dice
from pbem_games.hellgame import combat, effects
from pbem_games.hellgame.combat.fight import Fight
from pbem_games.hellgame.combat.magic import CombatSpell
from pbem_games.hellgame.combat.rounds import fight
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.hellcards import movement
from pbem_games.hellgame.log import Log

DATA = load_data()
C5 = DATA.circle_members(5)
RAGE_AT, SH = C5[0], "sectio.sugar-hill"
PLAYERS = {"a": {}, "b": {}, "c": {}}


def event(st, card, script=()):
    st.event = card
    log, dice = Log(), Dice(script=list(script))
    effects.HELL_CARDS[card](st, {p: None for p in st.seats}, dice, DATA, log)
    dice.finish()
    return log


def kinds(log):
    return [e.kind for e in log.events]


def rolls(log):
    return [(e.data["unit"], e.data["faces"], e.data["bonus"], e.data["hits"])
            for e in log.events if e.kind == "combat-roll"]


# -- hell.rebellious-rage ----------------------------------------------------------------
def test_hell_rebellious_rage_records_the_raging_sectio(make_state):
    """hell.rebellious-rage: the Wrathful Circle's Units turn neutral and each of their
    Sectio is listed, sorted, in st.raging; nothing is left not implemented."""
    st = make_state(["a", "b"], units=[("legion", "a", C5[2]), ("legion", "b", C5[0]),
                                       ("legion", "a", SH)])
    log = event(st, "hell.rebellious-rage")
    assert [u.owner for u in st.units] == [None, None, "a"]
    assert st.raging == sorted([C5[0], C5[2]])
    assert kinds(log) == ["rebellious-rage", "rebellious-rage"]
    assert all(e.rule == "HG-6.1-01" for e in log.events)
    st2 = make_state(["a"])
    assert kinds(event(st2, "hell.rebellious-rage")) == ["event-no-effect"]
    assert st2.raging == []


def test_hell_rebellious_rage_plus_two_on_attacks(make_state):
    """hell.rebellious-rage: the raging neutral Legion attacks whoever enters with +2:
    its 4 hits (6 needed); the Sectio stays raging while they hold it."""
    st = make_state(players=PLAYERS, units=[("legion", None, RAGE_AT), ("legion", "a", RAGE_AT)],
                    raging=[RAGE_AT])
    log = run_phase(combat.run, st, DATA, script=[
        1, 4,  # a (side 0 of a tie, no die) misses; the raging Legion's 4 + 2 hits
        3])    # a's Legion fails its save (no Daemon: 1 only)
    assert "rage-bonus" in kinds(log)
    assert rolls(log) == [("u2", [1], 0, 0), ("u1", [4], 2, 1)]
    assert [u.id for u in st.units] == ["u1"] and st.raging == [RAGE_AT]
    assert "rage-over" not in kinds(log)


def test_hell_rebellious_rage_saves_then_loses_the_sectio(make_state):
    """hell.rebellious-rage: a raging Legion's save is +2 in its favour (3 or less, not
    1); once they are all destroyed the Sectio leaves st.raging and says so."""
    st = make_state(players=PLAYERS, units=[("legion", None, RAGE_AT), ("legion", "a", RAGE_AT),
                                            ("legion", "a", RAGE_AT)], raging=[RAGE_AT])
    log = run_phase(combat.run, st, DATA, script=[
        6, 1, 1,  # round 1: a hits once; the raging Legion's 1 + 2 misses
        3,        # its save: 3 <= 1 + 2, saved
        6, 1, 1,  # round 2: the same
        4])       # save 4: destroyed
    saves = [(e.data["faces"], e.data["saved"]) for e in log.events if e.kind == "combat-save"]
    assert saves == [([3], True), ([4], False)]
    assert st.raging == [] and st.combat_wins[RAGE_AT] == {"winners": ["a"], "rounds": 2}
    assert [e.rule for e in log.events if e.kind == "rage-over"] == ["HG-6.1-01"]


def test_hell_rebellious_rage_lost_sectio_pruned_at_phase_start(make_state):
    """hell.rebellious-rage: a raging Sectio with no neutral Unit left (they moved out)
    is dropped at the start of the Combat Phase; those Freebooters get no bonus."""
    st = make_state(players=PLAYERS, units=[("legion", None, SH), ("legion", "a", SH),
                                            ("legion", "a", SH), ("legion", "a", RAGE_AT)],
                    raging=[RAGE_AT])
    log = run_phase(combat.run, st, DATA, script=[6, 1, 4, 3])  # 4 misses, save 3 fails
    assert st.raging == [] and kinds(log)[0] == "rage-over"
    assert rolls(log)[-1] == ("u1", [4], 0, 0) and "rage-bonus" not in kinds(log)
    assert [u.id for u in st.units] == ["u2", "u3", "u4"]


# -- hell.boredom ------------------------------------------------------------------------
def test_hell_boredom_kills_are_recorded_per_triumvirate(make_state):
    """hell.boredom: the fight's result counts the enemy Legions each Triumvirate
    killed (the hit whose save failed)."""
    st = make_state(players=PLAYERS, units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    f = Fight(st, DATA, Dice(script=[6, 6, 1, 3]), Log(), {p: None for p in st.seats}, SH,
              set())
    result = fight(f)
    f.dice.finish()
    assert result == {"winners": ["a"], "rounds": 1, "kills": {"a": 1}}


def test_hell_boredom_joint_winners_more_kills_wins_no_die(make_state):
    """hell.boredom: of joint winners the one that killed more Legions gets the Favour,
    with no die; through a real three-Triumvirate combat."""
    st = make_state(players=PLAYERS, event="hell.boredom",
                    units=[("legion", "a", SH)] * 3 + [("legion", "c", SH)] * 2
                    + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, script=[
        1, 1, 1, 6, 1, 1,  # round 1: only b's Legion hits
        3,                 # c's Legion fails its save
        1, 1, 1, 6, 1,     # round 2: b hits again
        3])
    assert st.combat_wins[SH]["winners"] == ["a", "b"]
    assert [e.data["kills"] for e in log.events if e.kind == "boredom-kills"] == [
        {"a": 0, "b": 2}]
    assert (st.players["a"].favours, st.players["b"].favours) == (0, 1)
    assert kinds(log)[-1] == "boredom-favour"


def test_hell_boredom_equal_kills_a_die_decides(make_state):
    """hell.boredom: joint winners with equal kills: a die breaks the tie (HG-6.1-03)."""
    st = make_state(["a", "b"], event="hell.boredom")
    log, dice = Log(), Dice(script=[2])
    movement.after_combat(st, dice, DATA, log, {"winners": ["a", "b"], "rounds": 1,
                                                "kills": {"a": 1, "b": 1}})
    dice.finish()
    assert (st.players["a"].favours, st.players["b"].favours) == (0, 1)
    assert kinds(log) == ["boredom-kills", "boredom-favour"]
    assert "not-implemented" not in kinds(log)


# -- hell.lucifer-an-impostor --------------------------------------------------------------
def test_hell_lucifer_an_impostor_refuses_a_combat_card_costing_a_disfavour(make_state,
                                                                           monkeypatch):
    """hell.lucifer-an-impostor: Fair Fight (costs 1 Disfavour) may not be played in
    combat this turn; the card stays in hand and the refusal is logged."""
    used = []
    monkeypatch.setitem(effects.ARCANA, "arcana.fair-fight", CombatSpell(
        "arcana.fair-fight", lambda f, side, d, o: used.append(d)))
    st = make_state(players={"a": {"daemons": ["daemon.ukobach"], "hand": ["arcana.fair-fight"]},
                             "b": {}, "c": {}}, event="hell.lucifer-an-impostor",
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Ukobach IN Sugar Hill BRINGING Fair Fight\n"
             "COMBAT CAST Fair Fight IN Sugar Hill ROUND 1"},
        script=[6, 6, 1, 3])
    assert used == [] and "combat-cast" not in kinds(log)
    (e,) = [e for e in log.events if e.kind == "combat-cast-impostor"]
    assert e.data["card"] == "arcana.fair-fight"
    assert st.players["a"].hand == ["arcana.fair-fight"]


def test_hell_lucifer_an_impostor_not_in_force_fair_fight_is_played(make_state, monkeypatch):
    """hell.lucifer-an-impostor: the control case: another turn, the same card is played."""
    used = []
    monkeypatch.setitem(effects.ARCANA, "arcana.fair-fight", CombatSpell(
        "arcana.fair-fight", lambda f, side, d, o: used.append(d)))
    st = make_state(players={"a": {"daemons": ["daemon.ukobach"], "hand": ["arcana.fair-fight"]},
                             "b": {}, "c": {}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Ukobach IN Sugar Hill BRINGING Fair Fight\n"
             "COMBAT CAST Fair Fight IN Sugar Hill ROUND 1"},
        script=[6, 6, 1, 3])
    assert used == ["daemon.ukobach"] and "combat-cast-impostor" not in kinds(log)
