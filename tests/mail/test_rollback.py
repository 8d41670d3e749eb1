"""`pbem turn rollback` and re-processing replay exactly; `pbem player replace` (issue 3)."""

import json
from datetime import timedelta

import pytest

from pbem import admin, deadlines, intake, rollback, run, turns
from pbem.admin import current_stage, get_game_row
from pbem.errors import PbemError

from .sitekit import PLAYERS, START, Kit


@pytest.fixture
def kit(tmp_path):
    return Kit(tmp_path / "site", schedule={"hours": 72, "early_minutes": 0})


def play_stage(kit, now, orders=None):
    """Everyone sends a sheet; the stage is processed by `pbem run`."""
    for p in PLAYERS:
        raw = kit.mail(f"{p}@example.org", kit.sheet(p, *(orders or {}).get(p, [])))
        intake.store_raw(kit.db, raw, "t", deadlines.stamp(now))
    result = run.run(kit.site, now=now, fetch=False)
    assert result.processed, result.lines()


def snapshot(kit):
    db = kit.db
    return {
        "stages": [(r["number"], r["name"], r["state_hash"], r["status"])
                   for r in db["stages"].rows_where("game = 'g1'", order_by="number")],
        "events": [(r["stage"], r["seq"], r["text"]) for r in db["events"].rows_where(
            "game = 'g1'", order_by="stage, seq")],
        "rolls": [(r["stage"], r["seq"], r["result"]) for r in db["dice_rolls"].rows_where(
            "game = 'g1'", order_by="stage, seq")],
        "reports": {(r["stage"], r["player"], r["format"]): r["body"] for r in db["reports"].rows},
    }


def test_rollback_then_processing_again_replays_byte_for_byte(kit):
    chiara_turn = {"chiara": ["GIVE anna 1 SOULS"]}
    play_stage(kit, START + timedelta(hours=1))
    t1 = START + timedelta(hours=2)
    play_stage(kit, t1, chiara_turn)
    play_stage(kit, t1 + timedelta(hours=1))
    before = snapshot(kit)
    assert get_game_row(kit.db, "g1")["stage"] == 3
    done = rollback.rollback(kit.db, "g1", 1, now=t1)
    assert done == {"stage": "turn 1", "later_sheets": 4}
    g = get_game_row(kit.db, "g1")
    assert (g["stage"], g["paused_at"] != "") == (1, True)
    assert current_stage(kit.db, "g1")["status"] == "open"
    # the deal (stored when stage 0 opened) is untouched; stage 1's outcome is gone
    assert kit.db["events"].count_where("game = 'g1' and stage >= 1") == 0
    assert kit.db["events"].count_where("game = 'g1' and stage = 0") == len(
        [e for e in before["events"] if e[0] == 0])
    # processed again at the times they first were, so the next deadlines (which
    # count from then) and thus the reports that state them are the same
    for when in (t1, t1 + timedelta(hours=1)):
        turns.process(kit.db, "g1", now=when)
    assert snapshot(kit) == before


def test_rollback_to_the_setup_keeps_the_deal(kit):
    opened_events = current_stage(kit.db, "g1")["open_events"]
    assert opened_events > 0
    play_stage(kit, START + timedelta(hours=1))
    before = snapshot(kit)
    rollback.rollback(kit.db, "g1", 0)
    assert kit.db["events"].count_where("game = 'g1' and stage = 0") == opened_events
    turns.process(kit.db, "g1", now=START + timedelta(hours=1))
    assert snapshot(kit) == before


def test_rollback_restores_nmr_counts(kit):
    run.run(kit.site, now=START + timedelta(hours=80), fetch=False)  # nobody sent: all NMR
    assert {p["nmr"] for p in admin.players_of(kit.db, "g1")} == {1}
    rollback.rollback(kit.db, "g1", 0)
    assert {p["nmr"] for p in admin.players_of(kit.db, "g1")} == {0}


def test_rollback_refuses_a_stage_that_does_not_exist(kit):
    with pytest.raises(PbemError, match="g1 has stages 0 to 0; there is no stage 4"):
        rollback.rollback(kit.db, "g1", 4)


def test_player_replace_changes_address_and_secret_and_keeps_history(kit):
    old_secret = kit.secrets["dmitri"]
    new = admin.replace_player(kit.db, "g1", "dmitri", "newcomer@example.org", now=START)
    row = kit.db["players"].get(("g1", "dmitri"))
    assert row["email"] == "newcomer@example.org" and row["nmr"] == 0
    assert json.loads(row["history"])[0]["email"] == "dmitri@example.org"
    kit.secrets["dmitri"] = old_secret
    raw = kit.mail("newcomer@example.org", kit.sheet("dmitri"))
    intake.store_raw(kit.db, raw, "t", deadlines.stamp(START))
    [h] = intake.handle_pending(kit.site, kit.db, START)
    assert h.status == "refused" and "SECRET line is wrong" in h.reason
    kit.secrets["dmitri"] = new
    raw = kit.mail("newcomer@example.org", kit.sheet("dmitri"))
    intake.store_raw(kit.db, raw, "t", deadlines.stamp(START))
    [h] = intake.handle_pending(kit.site, kit.db, START)
    assert h.status == "stored"
