"""The Lords of Hell state model (games/lords_of_hell/state.py): `LohState.from_dict(d)
.to_dict() == d` exactly, key order included, for every state the game stores (the
demo's stages, a self-play game's stages); an unknown or missing key is an error, never
lost or invented; optional keys stay absent until set; `from_dict` copies unless told
to share."""

import json
import sqlite3

import pytest
from loh_kit import build_state
from loh_selfplay import play

from pbem.demo import run_demo
from pbem.engine import canonical_json
from pbem_games.lords_of_hell.state import ABSENT, LohState, Player, StateError


def exactly(a, b) -> bool:
    """Equal, and every dict's keys in the same order (JSON without sorting shows it)."""
    return a == b and json.dumps(a) == json.dumps(b)


def round_trip(d: dict) -> dict:
    return LohState.from_dict(d).to_dict()


@pytest.fixture(scope="module")
def demo_states(tmp_path_factory) -> list[dict]:
    root = tmp_path_factory.mktemp("loh-state") / "demo"
    run_demo(root, echo=lambda s: None, game_type="lords-of-hell")
    db = sqlite3.connect(root / "pbem.db")
    return [json.loads(s) for (s,) in db.execute("SELECT state FROM stages ORDER BY number")]


def test_the_demo_stored_states_round_trip_exactly(demo_states):
    """As the store keeps them (JSON with sorted keys): the same dict, the same stored
    JSON (so the same state hash), and, written back in the model's order, the same
    dict again, key order included."""
    assert len(demo_states) > 5
    assert {st["phase"] for st in demo_states} == {"transfer", "combat", "gathering"}
    for d in demo_states:
        back = round_trip(d)
        assert back == d
        assert canonical_json(back) == canonical_json(d)
        assert exactly(round_trip(back), back)


def test_self_play_states_round_trip_exactly():
    """Every dict the game returns in random games (new_game, then each resolve), key
    order included; between them they have Silence, promises, deals, prisoners, combat
    scratch and the end of the game."""
    seen: list[dict] = []
    for seed in (3, 4):
        play(seed, 40, raw=seen.append)
    assert any(d.get("silence") for d in seen) and any("silence" not in d for d in seen)
    assert any(d["phase"] == "over" for d in seen)
    assert any(d["promises"] for d in seen) and any(d["deals"] for d in seen)
    assert any(d["combat"] for d in seen)
    for d in seen:
        assert exactly(round_trip(d), d)
        # through the JSON the store writes and reads: equal, and stable from then on
        stored = json.loads(canonical_json(d))
        assert round_trip(stored) == d


def test_the_kit_states_round_trip_exactly():
    st = build_state({"a": {"hand": ["special.silence"], "souls": 2},
                      "b": {"status": "prisoner", "captor": "a"}, "c": {}, "d": {}},
                     silence=None, trading={"prev_owner": {}})
    d = st.to_dict()
    assert exactly(round_trip(d), d)
    assert list(d)[-3:] == ["players", "trading", "silence"]


def test_an_unknown_key_is_an_error_not_lost():
    d = build_state(["a", "b", "c", "d"]).to_dict()
    bad = dict(d, bogus=1)
    with pytest.raises(StateError, match="bogus"):
        LohState.from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["players"]["b"]["mana"] = 3
    with pytest.raises(StateError, match="player b.*mana"):
        LohState.from_dict(bad)
    with pytest.raises(StateError, match="mana"):
        Player.from_dict(dict(d["players"]["a"], mana=3))


def test_a_missing_key_is_an_error_not_invented():
    d = build_state(["a", "b", "c", "d"]).to_dict()
    with pytest.raises(StateError, match="missing keys \\['deck'\\]"):
        LohState.from_dict({k: v for k, v in d.items() if k != "deck"})
    bad = json.loads(json.dumps(d))
    del bad["players"]["c"]["souls"]
    with pytest.raises(StateError, match="player c.*souls"):
        LohState.from_dict(bad)


def test_optional_keys_stay_absent_until_set():
    d = build_state(["a", "b", "c", "d"]).to_dict()
    assert "trading" not in d and "silence" not in d
    st = LohState.from_dict(d)
    assert st.trading is ABSENT and st.silence is ABSENT and not st.silence
    assert "silence" not in st.to_dict()
    st.silence = None  # a Silence that ended is stored as null
    assert st.to_dict()["silence"] is None


def test_from_dict_copies_unless_told_to_share():
    d = build_state({"a": {"hand": ["special.silence"]}, "b": {}, "c": {}, "d": {}}).to_dict()
    before = json.dumps(d)
    st = LohState.from_dict(d)
    st.players["a"].hand.clear()
    st.players["a"].souls = 9
    st.realms.clear()
    st.deck.append("c999")
    assert json.dumps(d) == before
    shared = LohState.from_dict(d, copy=False)
    assert shared.players["a"].hand is d["players"]["a"]["hand"]
    assert shared.realms is d["realms"]


def test_to_dict_copies_unless_told_to_share():
    st = build_state({"a": {"hand": ["special.silence"]}, "b": {}, "c": {}, "d": {}})
    d = st.to_dict()
    d["players"]["a"]["hand"].clear()
    d["realms"].clear()
    assert st.players["a"].hand == ["c001"] and st.realms
    shared = st.to_dict(copy=False)
    assert shared["players"]["a"]["hand"] is st.players["a"].hand
    assert exactly(shared, st.to_dict())


def test_a_misspelt_field_set_on_a_player_is_caught_at_the_next_load():
    """A dataclass takes any attribute; the stored dict then carries it, and the next
    from_dict refuses it instead of keeping a field nobody reads."""
    st = build_state(["a", "b", "c", "d"])
    st.players["a"].sould = 3
    with pytest.raises(StateError, match="player a.*sould"):
        LohState.from_dict(st.to_dict())
