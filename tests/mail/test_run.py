"""`pbem run`: deadlines, early processing, grace, reminders, NMR, pause, locks (issue 3)."""

from datetime import timedelta

import pytest

from pbem import deadlines, intake, outbox, run
from pbem.admin import current_stage, get_game_row
from pbem.reports import stored as stored_report
from pbem.safety import site_lock

from .sitekit import PLAYERS, START, Kit, parsed


def at(hours: float):
    return START + timedelta(hours=hours)


def send(kit, player, when, *orders):
    raw = kit.mail(f"{player}@example.org", kit.sheet(player, *orders))
    intake.store_raw(kit.db, raw, "test", deadlines.stamp(when))


def go(kit, hours: float):
    return run.run(kit.site, now=at(hours), fetch=False)


@pytest.fixture
def kit(tmp_path):
    return Kit(tmp_path / "site", schedule={"hours": 72, "grace_hours": 12,
                                            "early_minutes": 60, "reminders": [24, 2],
                                            "nmr_limit": 2})


def stage_no(kit):
    return get_game_row(kit.db, "g1")["stage"]


def test_nothing_is_due_before_the_deadline(kit):
    send(kit, "anna", at(1))
    result = go(kit, 2)
    assert result.processed == [] and stage_no(kit) == 0
    assert result.handled == {"stored": 1}


def test_all_ready_processes_early_after_the_delay(kit):
    for p in PLAYERS:
        send(kit, p, at(1))
    assert go(kit, 1.5).processed == []  # ready for 30 minutes only
    result = go(kit, 2)
    assert result.processed == ["g1 setup (every player is ready); turn 1 open"]
    assert result.backup.startswith("pbem-")
    stage = current_stage(kit.db, "g1")
    # the next stage counts its deadline from when it opened
    assert stage["deadline"] == "2026-11-26T11:00:00Z"


def test_a_sheet_with_problems_is_not_ready(kit):
    for p in PLAYERS[:3]:
        send(kit, p, at(1))
    send(kit, "dmitri", at(1), "FLY TO THE MOON")
    assert go(kit, 5).processed == []


def test_deadline_with_missing_players_waits_for_the_grace_period(kit):
    send(kit, "anna", at(1))
    assert go(kit, 72.5).processed == []  # in grace: dmitri and others may still send
    result = go(kit, 84)
    assert result.processed == ["g1 setup (the deadline has passed); turn 1 open"]
    nmr = {p["name"]: p["nmr"] for p in kit.db["players"].rows_where("game = 'g1'")}
    assert nmr == {"anna": 0, "boris": 1, "chiara": 1, "dmitri": 1}


def test_after_the_deadline_everyone_in_means_no_grace_wait(kit):
    for p in PLAYERS:
        send(kit, p, at(1), "FLY")  # all sent, none ready: early processing is off
    assert go(kit, 71).processed == []
    assert go(kit, 72).processed == ["g1 setup (the deadline has passed and every player "
                                     "has ordered); turn 1 open"]


def test_reports_are_mailed_with_the_next_deadline(kit):
    for p in PLAYERS:
        send(kit, p, at(1))
    go(kit, 2)
    reports = kit.outbox(kind="report")
    assert sorted(r["to_addr"] for r in reports) == [f"{p}@example.org" for p in PLAYERS]
    anna = kit.outbox(kind="report", player="anna")[0]
    assert anna["subject"] == "[g1] setup report"
    # the stored body has a slot for the report's text, stored once in the reports
    # table; the mail as sent has the text
    assert anna["body"].startswith(outbox.REPORT_SLOT + "\n")
    [eml] = (kit.site.root / "outbox").glob(f"{anna['id']:06d}-report-*.eml")
    sent = parsed(eml.read_bytes()).get_body(("plain",)).get_content().replace("\r\n", "\n")
    assert sent.startswith("The HellGame - game g1 - setup\nReport for anna\n")
    attention = sent.split("NEEDS YOUR ATTENTION\n", 1)[1]
    assert attention.startswith("  Orders for turn 1 are due by Thu 26 Nov 2026 11:00 UTC.")
    stored = stored_report(kit.db, "g1", 0, "anna", ["text"])["text"]
    assert stored in sent
    assert anna["status"] == "sent"  # files transport
    assert (kit.site.root / "reports" / "g1" / "00-setup" / "anna.txt").read_text() == stored


def test_reminders_go_once_to_those_who_have_not_ordered(kit):
    send(kit, "anna", at(1))
    assert go(kit, 47).reminders == 0
    assert go(kit, 48).reminders == 3  # 24 h before: boris, chiara, dmitri
    assert go(kit, 49).reminders == 0  # not twice
    send(kit, "boris", at(50))
    assert go(kit, 70).reminders == 2  # 2 h before: chiara, dmitri
    mails = kit.outbox(kind="reminder")
    assert [m["to_addr"] for m in mails] == ["boris@example.org", "chiara@example.org",
                                             "dmitri@example.org", "chiara@example.org",
                                             "dmitri@example.org"]
    assert "The deadline is Thu 26 Nov 2026 09:00 UTC (in 2 hours)" in mails[-1]["body"]


def test_a_missed_run_sends_only_the_latest_reminder(kit):
    assert go(kit, 71).reminders == 4
    assert {m["body"].count("in 1 hour") for m in kit.outbox(kind="reminder")} == {1}


def test_nmr_limit_tells_the_moderator_once(kit):
    for p in PLAYERS[:3]:
        send(kit, p, at(1))
    go(kit, 84)  # setup: dmitri misses (1)
    stage = current_stage(kit.db, "g1")
    opened = deadlines.parse(stage["opened_at"])
    for p in PLAYERS[:3]:
        raw = kit.mail(f"{p}@example.org", kit.sheet(p))
        intake.store_raw(kit.db, raw, "t", deadlines.stamp(opened + timedelta(hours=1)))
    run.run(kit.site, now=opened + timedelta(hours=84), fetch=False)  # Turn 1: misses (2)
    notices = kit.outbox(kind="moderator")
    assert len(notices) == 1
    assert notices[0]["subject"] == "[pbem] dmitri has missed 2 turns in a row in g1"
    assert "pbem player replace g1 dmitri NEW-EMAIL" in notices[0]["body"]


def test_a_paused_game_is_never_due_and_resume_moves_the_deadline(kit):
    g = get_game_row(kit.db, "g1")
    deadlines.pause(kit.db, g, at(10))
    assert go(kit, 200).processed == []
    assert go(kit, 200).reminders == 0
    deadlines.resume(kit.db, get_game_row(kit.db, "g1"), at(34))
    assert current_stage(kit.db, "g1")["deadline"] == deadlines.stamp(at(72 + 24))


def test_a_second_run_while_one_holds_the_lock_does_nothing(kit):
    for p in PLAYERS:
        send(kit, p, at(1))
    with site_lock(kit.site) as held:
        assert held
        result = go(kit, 5)
    assert result.locked and result.processed == []
    assert go(kit, 5).processed != []


def test_a_failing_game_is_reported_and_the_others_go_on(kit, monkeypatch):
    from pbem import admin

    admin.create_game(kit.db, "g2", "hellgame", seed="1", settings={"hours": 1})
    for p in ("x", "y", "z"):
        admin.add_player(kit.db, "g2", p, f"{p}@example.org")
    admin.start_game(kit.db, "g2", now=START)
    state = kit.db["stages"].get(("g1", 0))["state"]
    kit.db["stages"].update(("g1", 0), {"state": state.replace('"turn"', '"tum"')})
    result = go(kit, 100)
    assert [p.split()[0] for p in result.processed] == ["g2"]
    assert len(result.failed) == 1 and result.failed[0].startswith("g1 setup: resolution failed")
    assert get_game_row(kit.db, "g1")["last_error"].startswith("g1 setup")
    go(kit, 101)  # still failing: the moderator is told only once
    assert len(kit.outbox(kind="moderator")) == 1


def test_a_stored_state_that_cannot_be_read_names_its_game_stage_and_step(kit):
    # a stage's state cut short (a disk that failed mid-write, a hand edit): the notice
    # says which game, which stage and which step, not only the parser's complaint
    kit.db["stages"].update(("g1", 0), {"state": '{"turn": '})
    result = go(kit, 100)
    assert result.processed == [] and len(result.failed) == 1
    assert result.failed[0].startswith(
        "g1 setup: reading the stage's stored state failed, nothing was changed: "
        "JSONDecodeError: ")
    # nothing was stored, so nothing was backed up: a game that keeps failing does not
    # copy the whole database at every run
    assert result.backup == "" and not list((kit.site.root / "backups").glob("*.db"))
    assert get_game_row(kit.db, "g1")["last_error"] == result.failed[0]
    assert kit.db["stages"].get(("g1", 0))["status"] == "open"


def test_status_shows_deadline_orders_nmr_mail_and_errors(kit):
    from pbem import outbox
    from pbem.status import status_text

    send(kit, "anna", at(1))
    go(kit, 84)  # processed at the deadline + grace: boris, chiara, dmitri missed one
    outbox.queue(kit.db, to="x@example.org", subject="s", body="b", kind="report", game="g1",
                 now="2030-01-01T00:00:00Z")  # not due yet: stays queued
    kit.db["games"].update("g1", {"last_error": "g1 turn 1: resolution failed, boom"})
    text = status_text(kit.db, now=at(90))
    assert "g1 (hellgame): running, turn 1" in text
    assert "  deadline Sun 29 Nov 2026 21:00 UTC (2 days 18 hours)" in text
    assert "  anna             waiting\n" in text
    assert "  boris            waiting, missed 1 in a row" in text
    assert "  mail: 1 queued, 0 failed" in text
    assert "  ERROR: g1 turn 1: resolution failed, boom" in text
    assert "inbound mail: 1 stored" in text and "last pbem run:" in text
