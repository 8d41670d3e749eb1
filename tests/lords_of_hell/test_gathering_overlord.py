"""Finding the Overlord at the gathering: objections, suitability and the tie-breaks
(LH-III.4.2, LH-III.4.3), through gathering.resolve and the OBJECT order."""

from __future__ import annotations

from loh_kit import DATA, assign

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell import combat, gathering, turn
from pbem_games.lords_of_hell.datamodel import HPOH
from pbem_games.lords_of_hell.orders import check_sheet
from pbem_games.lords_of_hell.state import LohState

ASM, BAAL, BEL, GLA = "devil.asmodeus", "devil.baalzebub", "devil.belial", "devil.glasya"


def sheets(st: LohState, **lines: str) -> dict:
    out = {}
    for name in st.seats:
        text = lines.get(name)
        out[name] = None if text is None else check_sheet(st, DATA, name, text)
        if out[name] is not None:
            bad = [r.message for r in out[name].lines if not r.ok]
            assert not bad, bad
    return out


def resolve(st: LohState, script: list[int] | None = None, **lines: str) -> tuple[bool, Log]:
    log, dice = Log(), Dice(script=script or [])
    found = gathering.resolve(st, sheets(st, **lines), DATA, dice, log)
    dice.finish()
    return found, log


def gathering_state(make_state, players: dict, **fields) -> LohState:
    return make_state(players=players, phase="gathering", **fields)


def test_lh_iii_4_2_03_suitable_unless_objections_reach_markers(make_state):
    st = gathering_state(make_state, {"a": {"proclaimed": 2}, "b": {}, "c": {}, "d": {}})
    found, _ = resolve(st, b="OBJECT Asmodeus")
    assert found and st.overlord == "a"


def test_lh_iii_4_2_03_as_many_objections_as_markers_unsuit(make_state):
    st = gathering_state(make_state, {"a": {"proclaimed": 2}, "b": {}, "c": {}, "d": {}})
    found, log = resolve(st, b="OBJECT Asmodeus", c="OBJECT asmo")
    assert not found and st.overlord is None
    cand = next(e for e in log.events if e.kind == "candidate")
    assert cand.data == {"player": "a", "markers": 2, "objections": 2, "suitable": False}


def test_lh_iii_4_2_04_only_devils_in_hell_object(make_state):
    st = gathering_state(make_state, {"a": {"proclaimed": 1}, "b": {"status": "earth"},
                                      "c": {"status": "prisoner", "captor": "d"},
                                      "d": {}})
    found, log = resolve(st, b="OBJECT Asmodeus", c="OBJECT Asmodeus")
    assert found and st.overlord == "a"
    void = [e for e in log.events if e.kind == "objection-void"]
    assert [e.visible_to for e in void] == [("b",), ("c",)]
    assert all(e.rule == "LH-III.4.2-04" for e in void)


def test_lh_iii_4_2_05_one_devil_objects_to_several(make_state):
    st = gathering_state(make_state, {"a": {"proclaimed": 1}, "b": {"proclaimed": 1},
                                      "c": {}, "d": {}})
    found, log = resolve(st, c="OBJECT Asmodeus, Baalzebub")
    assert not found
    assert [e.data["target"] for e in log.events if e.kind == "objection"] == ["a", "b"]


def test_lh_iii_4_2_05_duplicate_objections_count_once(make_state):
    st = gathering_state(make_state, {"a": {"proclaimed": 2}, "b": {}, "c": {}, "d": {}})
    found, _ = resolve(st, b="OBJECT Asmodeus\nOBJECT Asmodeus")
    assert found and st.overlord == "a"


def test_nap_no_objections_variant_voids_objection(make_state):
    """LH-II.3.1-03 (002's reading, a variant): a NAP rules out objecting."""
    promise = {"id": "p1", "from": "b", "to": ["a"], "kind": "NAP", "text": "no attacks",
               "turn": 1, "until": 2}
    st = gathering_state(make_state, {"a": {"proclaimed": 1}, "b": {}, "c": {}, "d": {}},
                         promises=[promise], variants={"nap_no_objections": True})
    found, log = resolve(st, b="OBJECT Asmodeus")
    assert found and st.overlord == "a"
    assert any(e.kind == "objection-void" and e.visible_to == ("b",) for e in log.events)


def test_nap_without_the_variant_does_not_void(make_state):
    promise = {"id": "p1", "from": "b", "to": ["a"], "kind": "NAP", "text": "",
               "turn": 1, "until": 2}
    st = gathering_state(make_state, {"a": {"proclaimed": 1}, "b": {}, "c": {}, "d": {}},
                         promises=[promise])
    found, _ = resolve(st, b="OBJECT Asmodeus")
    assert not found


def test_lh_iii_4_2_06_ten_sp_suitable_without_markers(make_state):
    st = gathering_state(make_state, {"a": {"sp": 10}, "b": {"sp": 9}, "c": {}, "d": {}})
    found, log = resolve(st)
    assert found and st.overlord == "a"
    assert any(e.rule == "LH-III.4.2-06" for e in log.events)


def test_lh_iii_4_2_06_ten_sp_suitable_despite_objections(make_state):
    st = gathering_state(make_state, {"a": {"sp": 11, "proclaimed": 1}, "b": {}, "c": {},
                                      "d": {}})
    found, _ = resolve(st, b="OBJECT Asmodeus")
    assert found and st.overlord == "a"


def test_lh_iii_4_2_06_ten_sp_still_goes_to_tie_breaks(make_state):
    """004 over 002: a 10+ SP Devil is suitable alongside the others, not Overlord at
    once; here the proclaimed Devil in Hell beats the 10-SP Devil on Earth."""
    st = gathering_state(make_state, {"a": {"sp": 10, "status": "earth"},
                                      "b": {"proclaimed": 1}, "c": {}, "d": {}})
    found, _ = resolve(st)
    assert found and st.overlord == "b"


def test_lh_iii_4_3_02_in_hell_first(make_state):
    st = gathering_state(make_state, {"a": {"proclaimed": 1, "status": "prisoner",
                                            "captor": "c"},
                                      "b": {"proclaimed": 1}, "c": {}, "d": {}})
    found, log = resolve(st)
    assert found and st.overlord == "b"
    assert any(e.kind == "tie-break" and e.data["players"] == ["b"] for e in log.events)


def test_lh_iii_4_3_02_hpoh_controller_second(make_state):
    st = gathering_state(make_state, {"a": {"proclaimed": 1}, "b": {"proclaimed": 1},
                                      "c": {"proclaimed": 1, "home": HPOH}, "d": {}})
    found, _ = resolve(st)
    assert found and st.overlord == "c"


def test_lh_iii_4_3_02_hpoh_holder_on_earth_loses_to_one_in_hell(make_state):
    st = gathering_state(make_state, {"a": {"proclaimed": 1},
                                      "b": {"proclaimed": 1, "home": HPOH, "status": "earth",
                                            "hordes": ["horde.fiends"]},
                                      "c": {}, "d": {}})
    found, _ = resolve(st)
    assert found and st.overlord == "a"


def test_lh_iii_4_3_02_example_multiple_overlords(make_state, monkeypatch):
    """004 §III.4.3 example: Asmodeus, Belial and Glasya were proclaimed and nobody
    objects; Glasya is on Earth, nobody controls HPoH: Asmodeus and Belial fight openly
    (LH-III.4.3-03)."""
    fought = []

    def open_fight(st, candidates, data, dice, log):
        fought.append(list(candidates))
        return "c"

    monkeypatch.setattr(combat, "open_fight", open_fight)
    st = gathering_state(make_state, {"a": {"devil": ASM, "proclaimed": 1},
                                      "c": {"devil": BEL, "proclaimed": 1},
                                      "g": {"devil": GLA, "proclaimed": 1, "status": "earth"},
                                      "m": {"devil": "devil.mammon"}}, turn=3)
    found, log = resolve(st)
    assert fought == [["a", "c"]]
    assert found and st.overlord == "c"
    assert st.realms[HPOH] is None


def test_lh_iii_4_3_03_open_fight_draw_no_overlord_then_proclaiming(make_state,
                                                                    monkeypatch):
    monkeypatch.setattr(combat, "open_fight", lambda *a: None)
    st = gathering_state(make_state, {"a": {"proclaimed": 1}, "b": {"proclaimed": 1},
                                      "c": {}, "d": {}})
    found, log = resolve(st, a="VOTE Asmodeus", b="VOTE Asmodeus")
    assert not found and st.overlord is None
    assert any(e.kind == "open-fight-draw" for e in log.events)
    assert st.players["a"].proclaimed == 1  # 2 votes, -1 in a 4-player game
    assert st.players["b"].proclaimed == 0


def test_lh_iii_4_3_01_no_candidates_no_overlord(make_state):
    st = gathering_state(make_state, ["a", "b", "c", "d"])
    found, log = resolve(st)
    assert not found and st.overlord is None
    assert any(e.kind == "no-overlord" for e in log.events)


def test_g28_earth_condition_ends_with_the_gathering(make_state):
    st = gathering_state(make_state, ["a", "b", "c", "d"],
                         earth_condition="special.world-war")
    resolve(st)
    assert st.earth_condition is None


def test_g28_earth_condition_cleared_when_overlord_found(make_state):
    st = gathering_state(make_state, {"a": {"proclaimed": 1}, "b": {}, "c": {}, "d": {}},
                         earth_condition="special.time-of-virtue")
    assert resolve(st)[0]
    assert st.earth_condition is None


def test_lh_iii_4_4_01_turn_ends_the_game_with_the_result(make_state):
    """Through turn.resolve: the Overlord found ends the game with the VP result."""
    st = gathering_state(make_state, {"a": {"proclaimed": 1, "sp": 5},
                                      "b": {"sp": 2, "hand": ["oath.asmodeus.1"]},
                                      "c": {"sp": 1}, "d": {"sp": 1}})
    res = turn.resolve(st, sheets(st), Dice(script=[]), DATA)
    assert res.finished and res.state.phase == "over"
    assert res.state.overlord == "a"
    assert res.state.vp == {"a": 5.5, "b": 3.0, "c": 0.0, "d": 0.0}
    # no final full stop: the result is set inside "The game is over: ... VP." (issue 20)
    assert res.result == "Asmodeus (a) is the Overlord of Hell. Asmodeus (a) wins with 5.5 VP"
    assert st.overlord is None  # turn.resolve works on a copy


def test_lh_iii_4_2_04_status_is_checked_when_the_stage_resolves(make_state):
    """A prisoner's OBJECT is accepted on the sheet; freed in the same stage's trading
    window (here: set before resolving), the Devil attends and the objection counts."""
    st = gathering_state(make_state, {"a": {"proclaimed": 1},
                                      "b": {"status": "prisoner", "captor": "c"},
                                      "c": {}, "d": {}})
    given = sheets(st, b="OBJECT Asmodeus")
    assert given["b"].lines[0].ok
    assign(st.players["b"], status="hell", captor=None)
    log = Log()
    assert not gathering.resolve(st, given, DATA, Dice(script=[]), log)
    assert [e.data["player"] for e in log.events if e.kind == "objection"] == ["b"]
