"""Caim's re-roll in combat (issue 22): "Each turn, may re-roll one die rolled by her
Triumvirate" (ability.caim): a failed combat save (COMBAT SAVES) and a missed hit die
(ATTACKS) are dice her Triumvirate rolls, so CAIM REROLLS may list them (IP-33; the
re-roll step of action/reroll.py, fired by combat/saves.py and combat/fight.py)."""

from phase_runner import run_phase

from pbem_games.hellgame import combat
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()
SH = "sectio.sugar-hill"
REROLL = "arcana.re-roll"


def acts(log, *kinds) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events
            if e.visible_to is None and (not kinds or e.kind in kinds)]


def _state(make_state, hand=()):
    """a: Caim (who stays out of the fight) and 2 Legions; b: 1 Legion, no Daemon."""
    return make_state(players={"a": {"daemons": ["daemon.caim"], "hand": list(hand)},
                               "b": {}, "c": {}},
                      units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])


def saves(log):
    return [(e.data["unit"], e.data["faces"], e.data["saved"]) for e in log.events
            if e.kind == "combat-save"]


def test_ip_33_caim_rerolls_a_failed_combat_save(make_state):
    """IP-33, HG-11.2.3-04: hits 6, 1 and 6; b's save 4 fails (no Daemon: 1 or less);
    a's Legion u1 fails with a 5; Caim re-rolls it: 1, saved."""
    st = _state(make_state)
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN NOBODY\nCAIM REROLLS FIRST FAILED COMBAT SAVES\n"},
        script=[6, 1, 6, 4, 5, 1])
    assert acts(log, "ability-reroll") == [
        ("ability-reroll", "Caim (a) re-rolls the save of legion u1 (5): 1")]
    assert saves(log) == [("u3", [4], False), ("u1", [1], True)]
    assert len(st.units_of("a")) == 2


def test_ip_33_caim_rerolls_a_missed_hit_die_once_a_turn(make_state):
    """IP-33, HG-11.2.2-04: a's Legions roll 6 and 1; Caim re-rolls the 1 (ATTACKS): 6,
    a second hit. b's Legion hits and fails its save (4); a's failed save (4) is not
    re-rolled: COMBAT SAVES is not listed, and she has re-rolled this turn."""
    st = _state(make_state)
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN NOBODY\nCAIM REROLLS FIRST FAILED ATTACKS\n"},
        script=[6, 1, 6, 6, 4, 4])
    assert acts(log, "ability-reroll") == [
        ("ability-reroll", "Caim (a) re-rolls the 1 of legion u2's combat roll: 6")]
    rolls = [(e.data["unit"], e.data["faces"], e.data["hits"]) for e in log.events
             if e.kind == "combat-roll"]
    assert rolls[:3] == [("u1", [6], 1), ("u2", [6], 1), ("u3", [6], 1)]


def test_ip_33_caim_first_then_re_roll_while_the_save_still_fails(make_state):
    """IP-33: Caim re-rolls first (free); the save still fails (5, then 6), so the Re-roll
    card Caim brought is played too: 1, saved (arcana.re-roll, HG-11.1-03)."""
    st = _state(make_state, [REROLL])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Caim IN Sugar Hill BRINGING Re-roll\nCAIM REROLLS FIRST FAILED ANY\n"
             "REROLL WITH Re-roll FIRST FAILED COMBAT SAVES\n"},
        script=[6, 6, 6, 4, 5, 6, 1])
    assert acts(log, "ability-reroll", "card-reroll") == [
        ("ability-reroll", "Caim (a) re-rolls the save of legion u1 (5): 6"),
        ("card-reroll", "a re-rolls the save of legion u1 (6) with Re-roll: 1.")]
    assert saves(log)[-1] == ("u1", [1], True)


def test_ip_33_caim_rerolls_combat_kinds_on_the_sheet(make_state):
    st = _state(make_state)
    sheet = check_sheet(st, DATA, "a", "caim rerolls first failed combat saves, hit dice\n")
    assert sheet.lines[0].canonical == "CAIM REROLLS FIRST FAILED COMBAT SAVES, ATTACKS"
