"""The open fight between tied Overlord candidates (LH-III.4.3-03, G13)."""

from __future__ import annotations

from combat_support import events, hordes
from loh_kit import DATA, build_state

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell.combat import open_fight
from pbem_games.lords_of_hell.state import LohState


def run(st: LohState, candidates: list[str], script: list[int]) -> tuple[str | None, Log]:
    log, dice = Log(), Dice(script=script)
    st.phase = "gathering"
    winner = open_fight(st, candidates, DATA, dice, log)
    dice.finish()
    return winner, log


def test_lh_iii_4_3_03_last_army_with_troops_wins_no_home_realm_powers():
    st = build_state({"a": {}, "b": {"devil": "devil.baalzebub", "home": "realm.dis",
                                     "souls": 1}, "c": {}})
    st.players["a"].home = "realm.acheron"
    winner, log = run(st, ["a", "b"], [6, 1, 4, 1])
    assert winner == "a"
    rolled = events(log, "attack-roll")
    assert "(4+)" in rolled[0].text and "(4+)" in rolled[2].text  # no DP at Dis
    assert not events(log, "dis-hits")
    assert st.players["b"].status == "hell"  # knocked out, then home again
    assert events(log, "open-fight-won")[0].data["player"] == "a"


def test_open_fight_everyone_attacks_everyone():
    st = build_state({"a": {}, "b": {}, "c": {"devil": "devil.belial"}})
    # a's 6 knocks b out, b's 6 knocks a out, Belial's two 6s share: a and b
    winner, log = run(st, ["a", "b", "c"], [6, 6, 6, 6])
    first = events(log, "fight-round")[0]
    assert first.data["attacks"] == {"a": ["b", "c"], "b": ["a", "c"], "c": ["a", "b"]}
    assert winner == "c"


def test_lh_iii_4_3_03_earth_forces_recalled_first():
    st = build_state({"a": {"status": "earth", "earth": ["horde.fiends"] * 2}, "b": {}})
    winner, log = run(st, ["a", "b"], [6, 1, 1])
    assert st.players["a"].status == "hell" and st.players["a"].earth == []
    assert hordes(st, "a") == ["horde.fiends", "horde.fiends"]
    assert winner == "a"  # a: Asmodeus + 2 Fiends (2 dice: 6, 1) knocks b out; b's 1 misses
    assert events(log, "recalled")[0].rule == "LH-III.4.3-03"


def test_g13_imprisoned_candidate_and_candidate_without_army_take_no_part():
    st = build_state({"a": {"status": "prisoner", "captor": "c", "hordes": ["horde.fiends"]},
                      "b": {"souls": 1}, "c": {}})
    winner, log = run(st, ["a", "b"], [])
    assert winner == "b" and not events(log, "attack-roll")
    assert len(st.players["a"].hordes) == 1
    st = build_state({"a": {"status": "heaven"}, "b": {"status": "heaven"}})
    winner, log = run(st, ["a", "b"], [])
    assert winner is None


def test_lh_iii_4_3_03_all_wiped_out_at_once_is_a_draw():
    st = build_state({"a": {}, "b": {}})
    winner, log = run(st, ["a", "b"], [6, 6])
    assert winner is None and events(log, "open-fight-draw")
    assert st.players["a"].status == "hell" and st.players["b"].status == "hell"
