"""A game's note for the moderator, and his decision by `pbem game decide` (issue 22).

A game logs an event for the moderator alone (`Log.moderator`, with the decisions it
takes); once the stage is stored the framework mails it to moderator_email with one
ready-to-run `pbem game decide` line per decision. The command applies the decision
through the game's optional `moderate` to the open stage's stored state, stores its
events and dice with that stage, and tells the players. Checked here end to end on a
real site, with a game that wraps the HellGame (so the framework names no game).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from click.testing import CliRunner

from pbem import admin, engine, run
from pbem.cli import main
from pbem.engine import Event, Resolution
from pbem.eventlog import MODERATOR_KIND
from pbem_games.hellgame import GAME as HELLGAME

from .sitekit import START, Kit


class Moderated:
    """The HellGame, plus a note for the moderator at every stage and a `moderate`."""

    id, title = "moderated", "A moderated game"
    min_players, max_players, variants = HELLGAME.min_players, HELLGAME.max_players, {}

    def __getattr__(self, name):
        return getattr(HELLGAME, name)

    def resolve(self, state, sheets, dice) -> Resolution:
        res = HELLGAME.resolve(state, sheets, dice)
        res.events.append(Event("end", MODERATOR_KIND, "anna may have broken a promise (x1).",
                                "LH-II.3-02", (), {"decisions": ["penalty x1",
                                                                 "dismiss x1"]}))
        return res

    def moderate(self, state, words, dice):
        if words not in (["penalty", "x1"], ["dismiss", "x1"]):
            raise ValueError(f"no such decision: {' '.join(words)}; try penalty x1")
        roll = dice.roll("the penalty's die", player="anna")
        return state, [Event("moderator", "decision", f"{' '.join(words)}: anna rolls {roll}.",
                             "LH-II.3-02", None, {})], f"decided {' '.join(words)}"


@pytest.fixture
def kit(tmp_path, monkeypatch):
    monkeypatch.setitem(engine._REGISTRY, "moderated", Moderated())
    kit = Kit(tmp_path / "site", schedule={"hours": 1})
    admin.create_game(kit.db, "m1", "moderated", seed="7", settings={"hours": 1})
    for p in ("anna", "boris", "chiara"):
        admin.add_player(kit.db, "m1", p, f"{p}@example.org")
    admin.start_game(kit.db, "m1", now=START)
    return kit


def decide(kit, *words):
    return CliRunner().invoke(main, ["--site", str(kit.site.root), "--now",
                                     "2026-11-23T12:30:00Z", "game", "decide", *words])


def test_the_note_is_mailed_to_the_moderator_with_the_commands_to_decide(kit):
    result = run.run(kit.site, now=START + timedelta(hours=2))
    assert result.failed == []
    [mail] = [r for r in kit.outbox(kind="moderator") if r["game"] == "m1"]
    assert mail["to_addr"] == "moderator@example.org"
    assert "anna may have broken a promise (x1)." in mail["body"]
    assert "pbem game decide m1 penalty x1" in mail["body"]
    assert "pbem game decide m1 dismiss x1" in mail["body"]
    for r in kit.outbox(game="m1"):  # no player is sent the note
        if r["kind"] != "moderator":
            assert "broken a promise" not in r["body"]


def test_a_decision_changes_the_open_stage_and_the_players_are_told(kit):
    run.run(kit.site, now=START + timedelta(hours=2))
    stage = admin.current_stage(kit.db, "m1")
    before = kit.db.execute("SELECT count(*) FROM events WHERE game = 'm1' AND stage = ?",
                            [stage["number"]]).fetchone()[0]
    out = decide(kit, "m1", "penalty", "x1")
    assert out.exit_code == 0, out.output
    assert "m1: decided penalty x1; the players told" in out.output
    db = kit.site.db()
    rows = list(db["events"].rows_where("game = 'm1' AND stage = ?", [stage["number"]],
                                        order_by="rowid"))
    assert len(rows) == before + 1 and rows[-1]["kind"] == "decision"
    assert rows[-1]["text"].startswith("penalty x1: anna rolls ")
    rolls = list(db["dice_rolls"].rows_where("game = 'm1' AND stage = ?", [stage["number"]]))
    assert [r["reason"] for r in rolls][-1] == "the penalty's die"
    again = db["stages"].get(("m1", stage["number"]))
    assert again["open_events"] == before + 1 and again["status"] == "open"
    told = [r for r in db["outbox"].rows_where("game = 'm1'") if "moderator decision"
            in r["subject"] or "moderator has decided" in r["body"]]
    assert {r["to_addr"] for r in told} >= {"anna@example.org", "boris@example.org"}


def test_a_decision_the_game_does_not_take_changes_nothing(kit):
    run.run(kit.site, now=START + timedelta(hours=2))
    stage = admin.current_stage(kit.db, "m1")
    out = decide(kit, "m1", "banish", "anna")
    assert out.exit_code == 2
    assert "m1: no such decision: banish anna; try penalty x1" in out.output
    db = kit.site.db()
    assert db["stages"].get(("m1", stage["number"]))["state_hash"] == stage["state_hash"]


def test_a_game_without_decisions_is_refused_in_one_line(kit):
    out = decide(kit, "g1", "penalty", "x1")  # the kit's HellGame game g1
    assert out.exit_code == 2
    assert "takes no moderator decisions" in out.output
