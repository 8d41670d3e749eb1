"""Proclaiming when no Overlord is found (LH-III.4.5): votes, VOTE promises, markers."""

from __future__ import annotations

from test_gathering_overlord import resolve

from pbem_games.lords_of_hell.datamodel import HPOH
from pbem_games.lords_of_hell.state import LohState

ASM, BEL, GLA, MAM = "devil.asmodeus", "devil.belial", "devil.glasya", "devil.mammon"


def markers(st: LohState) -> dict:
    return {n: p.proclaimed for n, p in st.players.items()}


def test_lh_iii_4_5_05_example_four_players(make_state):
    """004 §III.4.5 example: Asmodeus votes for himself, Belial and Glasya for Glasya,
    Mammon is on Earth; Belial controls HPoH: Asmodeus 1, Glasya 2, Belial 1. In a
    4-player game each loses 1. The example's text ends 'one proclaiming for Asmodeus';
    the rule (LH-III.4.5-05) gives 1 on Glasya and none on Asmodeus (digest §3.1 item
    1): the text's figure is wrong, the rule is tested."""
    st = make_state(players={"a": {"devil": ASM}, "b": {"devil": BEL, "home": HPOH},
                             "g": {"devil": GLA},
                             "m": {"devil": MAM, "status": "earth",
                                   "hordes": ["horde.fiends"]}}, phase="gathering")
    found, log = resolve(st, a="VOTE Asmodeus", b="VOTE Glasya", g="VOTE Glasya",
                         m="VOTE Mammon")
    assert not found
    assert markers(st) == {"a": 0, "b": 0, "g": 1, "m": 0}
    votes = next(e for e in log.events if e.kind == "votes")
    assert votes.data["votes"] == {"a": "a", "b": "g", "g": "g"}
    assert votes.visible_to is None  # revealed together (LH-III.4.5-02)
    assert any(e.kind == "vote-void" and e.visible_to == ("m",) for e in log.events)


def test_lh_iii_4_5_02_one_marker_per_vote_five_players(make_state):
    st = make_state(players=["a", "b", "c", "d", "e"], phase="gathering")
    resolve(st, a="VOTE Baalzebub", b="VOTE Baalzebub", c="VOTE Asmodeus")
    assert markers(st) == {"a": 1, "b": 2, "c": 0, "d": 0, "e": 0}


def test_lh_iii_4_5_03_hpoh_and_six_sp_extra_markers(make_state):
    st = make_state(players={"a": {"home": HPOH}, "b": {"sp": 6}, "c": {"sp": 5}, "d": {},
                             "e": {}}, phase="gathering")
    resolve(st)
    assert markers(st) == {"a": 1, "b": 1, "c": 0, "d": 0, "e": 0}


def test_lh_iii_4_5_06_six_players_add_one_where_any(make_state):
    st = make_state(players=["a", "b", "c", "d", "e", "f"], phase="gathering")
    resolve(st, a="VOTE Baalzebub", b="VOTE Baalzebub", c="VOTE Asmodeus")
    assert markers(st) == {"a": 2, "b": 3, "c": 0, "d": 0, "e": 0, "f": 0}


def test_lh_iii_4_5_05_four_players_never_below_zero(make_state):
    st = make_state(players=["a", "b", "c", "d"], phase="gathering")
    resolve(st, a="VOTE Baalzebub")
    assert markers(st) == {"a": 0, "b": 0, "c": 0, "d": 0}


def test_lh_iii_4_5_01_vote_for_yourself_allowed(make_state):
    st = make_state(players=["a", "b", "c", "d", "e"], phase="gathering")
    resolve(st, a="VOTE Asmodeus")
    assert markers(st)["a"] == 1


def test_lh_iii_4_5_01_only_devils_in_hell_vote(make_state):
    st = make_state(players={"a": {"status": "heaven"}, "b": {"status": "prisoner",
                                                             "captor": "c"},
                             "c": {}, "d": {}, "e": {}}, phase="gathering")
    resolve(st, a="VOTE Asmodeus", b="VOTE Baalzebub", c="VOTE Belial")
    assert markers(st) == {"a": 0, "b": 0, "c": 1, "d": 0, "e": 0}


def test_lh_iii_4_5_07_new_markers_replace_old(make_state):
    st = make_state(players={"a": {"proclaimed": 3}, "b": {}, "c": {}, "d": {}, "e": {}},
                    phase="gathering")
    # a is suitable with 3 markers unless 3 object
    found, _ = resolve(st, b="OBJECT Asmodeus", c="OBJECT Asmodeus", d="OBJECT Asmodeus",
                       e="VOTE Belial")
    assert not found
    assert markers(st) == {"a": 0, "b": 0, "c": 1, "d": 0, "e": 0}


def test_lh_iii_4_5_04_promised_vote_is_corrected(make_state):
    promise = {"id": "p1", "from": "a", "to": ["c"], "kind": "VOTE", "target": "c",
               "text": "I will vote for Belial", "turn": 1, "until": 2}
    st = make_state(players=["a", "b", "c", "d", "e"], phase="gathering",
                    promises=[promise])
    found, log = resolve(st, a="VOTE Asmodeus")
    assert markers(st) == {"a": 0, "b": 0, "c": 1, "d": 0, "e": 0}
    fixed = next(e for e in log.events if e.kind == "vote-corrected")
    assert fixed.data == {"player": "a", "target": "c", "given": "a"}


def test_lh_iii_4_5_04_promised_vote_binds_a_missing_vote(make_state):
    """The promise target may be a Devil id too; no vote is corrected as well."""
    promise = {"id": "p1", "from": "a", "to": ["b"], "kind": "VOTE",
               "target": "devil.baalzebub", "text": "", "turn": 1, "until": None}
    st = make_state(players=["a", "b", "c", "d", "e"], phase="gathering",
                    promises=[promise])
    resolve(st)
    assert markers(st)["b"] == 1


def test_lh_iii_4_5_04_expired_vote_promise_does_not_bind(make_state):
    promise = {"id": "p1", "from": "a", "to": ["b"], "kind": "VOTE", "target": "b",
               "text": "", "turn": 1, "until": 1}
    st = make_state(players=["a", "b", "c", "d", "e"], phase="gathering", turn=2,
                    promises=[promise])
    resolve(st, a="VOTE Belial")
    assert markers(st)["b"] == 0 and markers(st)["c"] == 1


def test_proclaimed_markers_are_public(make_state):
    st = make_state(players=["a", "b", "c", "d", "e"], phase="gathering")
    _, log = resolve(st, a="VOTE Belial")
    ev = next(e for e in log.events if e.kind == "proclaimed")
    assert ev.visible_to is None and ev.data["markers"]["c"] == 1
    assert ev.text == "Candidates at the next gathering: Belial (1 proclaim marker)."

