"""Broken promises the program can see (LH-II.3.1-02..07), told to the parties and the
moderator, and the penalty the moderator applies (LH-II.3-02, G25)."""

from __future__ import annotations

import pytest
from combat_support import combat_state, events, play_round
from loh_kit import DATA, build_state, sheets_for

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell import GAME, breaches, gathering


def promise(kind: str, frm: str, to: str, target: str | None = None, until: int = 1,
            pid: str = "d1.1") -> dict:
    return {"id": pid, "deal": "d1", "from": frm, "to": [to], "kind": kind, "target": target,
            "target_devil": None, "text": f"{frm} promises {to} {kind}", "turn": 1,
            "until": until, "public": True}


def test_lh_ii_3_1_03_attack_under_a_nap_is_flagged_for_the_moderator():
    st = combat_state({"a": {"souls": 3}, "b": {"souls": 3}})
    st.promises = [promise("NAP", "a", "b")]
    _, log = play_round(st, {"a": "TARGET b\nATTACK b\nRETREAT IF AFTER ROUND 1"}, [1, 1])
    broken = events(log, "promise-broken")
    assert [(e.visible_to, e.data["breach"], e.rule) for e in broken] == [
        (("a", "b"), "b1", "LH-II.3.1-03")]
    assert events(log, "moderator-notice")[0].data["decisions"] == ["penalty b1", "dismiss b1"]
    assert st.breaches[0]["by"] == "a" and st.breaches[0]["status"] == "open"


def test_lh_ii_3_1_09_striking_back_under_a_nap_is_defence():
    st = combat_state({"a": {"souls": 3}, "b": {"souls": 3}})
    st.promises = [promise("NAP", "b", "a")]
    _, log = play_round(st, {"a": "TARGET b\nATTACK b\nRETREAT IF AFTER ROUND 1"}, [1, 1])
    assert not events(log, "promise-broken")


def test_lh_ii_3_1_07_leviathan_heading_for_a_nap_partner_is_flagged():
    """Leviathan's forced attack is exempt, but heading for the protected Devil is not."""
    st = combat_state({"a": {"hordes": ["horde.leviathan"]}, "b": {"souls": 1}})
    st.promises = [promise("NAP", "a", "b")]
    _, log = play_round(st, {"a": "TARGET b"}, [6, 6, 6, 6, 1])
    assert [e.rule for e in events(log, "promise-broken")] == ["LH-II.3.1-07"]


def test_lh_ii_3_1_04_attack_promise_not_kept_at_the_combat_end():
    st = combat_state({"a": {"souls": 3}, "b": {"souls": 3}, "c": {}})
    st.promises = [promise("ATTACK", "a", "c", target="b")]
    log = Log()
    breaches.after_combat(st, DATA, log)
    assert [e.rule for e in log.events if e.kind == "promise-broken"] == ["LH-II.3.1-04"]
    st = combat_state({"a": {"souls": 3}, "b": {"souls": 3}, "c": {}})
    st.promises = [promise("ATTACK", "a", "c", target="b")]
    play_round(st, {"a": "TARGET b\nATTACK b\nRETREAT IF AFTER ROUND 1"}, [1, 1])
    assert st.promises[0]["kept"] is True


def test_lh_ii_3_1_05_object_promise_not_kept_at_the_gathering():
    st = build_state({"a": {}, "b": {"proclaimed": 1}, "c": {}, "d": {}}, phase="gathering")
    st.promises = [promise("OBJECT", "a", "c", target="b"), promise("OBJECT", "d", "c",
                                                                    target="b", pid="d1.2")]
    sh = sheets_for(st, d="OBJECT b")
    log = Log()
    gathering.resolve(st, sh, DATA, Dice(script=[]), log)
    assert [(e.data["by"], e.rule) for e in log.events if e.kind == "promise-broken"] == [
        ("a", "LH-II.3.1-05")]


def test_lh_ii_3_02_the_moderator_applies_the_penalty():
    """a's 5 cards go to b, c, d: one each, the 2 left to players picked by a die (G25)."""
    st = build_state({"a": {"hand": ["oath.belial.1", "special.recall"],
                            "hordes": ["horde.fiends", "horde.fiends"],
                            "artifacts": ["artifact.wand-of-might"]},
                      "b": {}, "c": {}, "d": {}})
    st.breaches = [{"id": "b1", "by": "a", "parties": ["a", "b"], "promise": "promise d1.1",
                    "turn": 1, "text": "x", "rule": "LH-II.3.1-03", "status": "open"}]
    dice = Dice(script=[3, 1])  # the rest: d (3rd of b, c, d), then b
    state, evs, said = GAME.moderate(st.to_dict(), ["penalty", "b1"], dice)
    dice.finish()
    after = {n: sum(len(state["players"][n][k]) for k in ("hand", "hordes", "artifacts"))
             for n in "abcd"}
    assert after == {"a": 0, "b": 2, "c": 1, "d": 2}
    assert state["breaches"][0]["status"] == "penalised"
    assert [e.rule for e in evs if e.kind == "promise-penalty"] == ["LH-II.3-02"]
    assert "penalty applied" in said
    with pytest.raises(ValueError, match="already decided: penalised"):
        GAME.moderate(state, ["dismiss", "b1"], Dice(script=[]))
