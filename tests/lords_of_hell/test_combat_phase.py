"""The combat phase frame (LH-III.3) and the intentions step (LH-IV.2.1)."""

from __future__ import annotations

from combat_support import combat_state, events, play_round, texts
from loh_kit import DATA, build_state, instances

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell import combat
from pbem_games.lords_of_hell.state import LohState


def start(st: LohState) -> Log:
    log = Log()
    combat.start_phase(st, DATA, Dice(script=[]), log)
    return log


def test_lh_iii_3_01_rituals_face_up_and_casterless_discarded():
    st = build_state({
        "a": {"devil": "devil.belial", "rituals": ["ritual.bury", "ritual.furnace-of-souls"],
              "hordes": ["horde.diabolic-fiends"]},
        "b": {"devil": "devil.mammon", "status": "earth", "rituals": ["ritual.bury"]},
        "c": {"devil": "devil.glasya", "rituals": ["ritual.bury", "ritual.infernal-plague",
                                                   "ritual.furnace-of-souls"]}},
        phase="combat", deck=["horde.fiends"])  # not empty: discards stay in the pile
    log = start(st)
    assert all(st.players[n].rituals_up for n in "abc")
    assert instances(st, "a", "rituals") == ["ritual.bury", "ritual.furnace-of-souls"]
    assert instances(st, "b", "rituals") == []  # on Earth: no caster
    assert instances(st, "c", "rituals") == ["ritual.bury", "ritual.infernal-plague"]
    assert [st.cards[i] for i in st.discard] == ["ritual.bury",
                                                       "ritual.furnace-of-souls"]
    revealed = texts(log, "rituals-revealed")
    assert revealed[0] == "Belial (a) turns its rituals face-up: Bury, Furnace of Souls."
    assert [e.data["player"] for e in events(log, "rituals-discarded")] == ["b", "c"]


def test_lh_iii_3_01_imprisoned_devils_artifacts_discarded():
    st = build_state({"a": {"status": "prisoner", "captor": "b",
                            "artifacts": ["artifact.wand-of-might"]},
                      "b": {"status": "heaven", "artifacts": ["artifact.wand-of-might"]},
                      "c": {"artifacts": ["artifact.wand-of-might"]}}, phase="combat",
                     deck=["horde.fiends"])  # not empty: discards stay in the pile
    start(st)
    assert st.players["a"].artifacts == [] and st.players["b"].artifacts == []
    assert len(st.players["c"].artifacts) == 1 and len(st.discard) == 2
    assert st.combat["free_at_start"] == ["c"]


def test_phase_start_resets_fresh_and_sp_from():
    st = build_state({"a": {"fresh": True, "sp_from": ["b"]}, "b": {}}, phase="combat")
    start(st)
    assert st.players["a"].fresh is False and st.players["a"].sp_from == []


def test_lh_iv_1_1_01_players_without_army_sit_out():
    st = build_state({"a": {"status": "earth"}, "b": {}}, phase="combat")
    log = start(st)
    assert texts(log, "no-army") == ["Asmodeus (a) has no army and sits out the combat phase."]


def test_has_decisions_only_with_an_army():
    st = build_state({"a": {"status": "earth"}, "b": {"status": "prisoner", "captor": "a"}})
    assert not combat.has_decisions(st, DATA)
    st.players["b"].souls = 1
    assert combat.has_decisions(st, DATA)


def test_lh_iii_3_03_all_no_move_and_no_rituals_ends_the_phase():
    st = combat_state(["a", "b", "c"])
    going, log = play_round(st, {"a": "NO MOVE"}, [])
    assert going is False
    assert texts(log, "combat-over")
    assert [e.data["intent"] for e in events(log, "intention")] == ["none"] * 3


def test_lh_iii_3_03_a_ritual_waiting_keeps_the_phase_going():
    """LH-III.3-03; LH-IV.2.6-02: the armies that did not move may finish rituals."""
    st = combat_state({"a": {"rituals": ["ritual.bury"]}, "b": {}})
    going, log = play_round(st, {}, [])
    assert going is True
    assert st.combat["still"] == ["a", "b"]  # nobody moved: both may finish rituals


def test_lh_iv_2_1_01_round_start_discards_rituals_beyond_casters():
    st = combat_state({"a": {"devil": "devil.belial", "hordes": ["horde.diabolic-fiends"],
                             "rituals": ["ritual.bury", "ritual.infernal-plague"]}, "b": {}})
    st.players["a"].hordes = []  # the Diabolic Fiends are gone before round 1
    going, log = play_round(st, {}, [])
    assert instances(st, "a", "rituals") == ["ritual.bury"]
    assert events(log, "rituals-discarded")[0].rule == "LH-IV.2.1-01"


def test_lh_iv_2_1_05_illegal_intention_counts_as_no_move():
    st = combat_state({"a": {}, "b": {}, "c": {}})
    from combat_support import sheets

    sh = sheets(st, {"a": "TARGET b"})
    st.players["b"].status = "earth"  # b lost his army after a's sheet was checked
    log = Log()
    going = combat.run_round(st, sh, DATA, Dice(script=[]), log)
    assert going is False
    assert "b" not in st.combat["intents"]
    assert st.combat["intents"]["a"]["kind"] == "none"
    ill = events(log, "intention-illegal")[0]
    assert ill.data["player"] == "a" and "has no army" in ill.text


def test_lh_iv_2_1_02_last_intention_line_counts():
    st = combat_state({"a": {}, "b": {}})
    going, log = play_round(st, {"a": "TARGET b\nNO MOVE"}, [])
    assert going is False and st.combat["intents"]["a"]["kind"] == "none"
    assert [e.visible_to for e in events(log, "intention-last")] == [("a",)]


def test_end_phase_clears_the_scratch_and_keeps_rituals():
    st = combat_state({"a": {"rituals": ["ritual.bury"]}, "b": {}})
    combat.end_phase(st, DATA, Dice(script=[]), Log())
    assert st.combat == {} and len(st.players["a"].rituals) == 1
