"""One clock per run (issue 16): pbem reads the time only through pbem.clock, and a run
given a time uses it for everything, the delivery time of the mail it fetches included."""

from __future__ import annotations

import ast
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from pbem import clock, intake
from pbem.mailboxes import FilesInbox
from pbem.site import init_site

ROOT = Path(__file__).resolve().parents[2]
# Calls that read the wall clock: datetime.now/utcnow/today, date.today, time.time, ...
WALL = {("datetime", "now"), ("datetime", "utcnow"), ("datetime", "today"), ("date", "today"),
        ("time", "time"), ("time", "time_ns"), ("time", "localtime"), ("time", "gmtime"),
        ("time", "ctime"), ("time", "asctime"), ("time", "strftime")}


def wall_clock_reads(source: str) -> list[int]:
    """Line numbers of the calls in `source` that read the wall clock."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and (node.func.value.id, node.func.attr) in WALL):
            # time.gmtime(t) / localtime(t) / strftime(f, t) with a given time read no clock
            if node.func.attr in ("gmtime", "localtime", "ctime") and node.args:
                continue
            if node.func.attr == "strftime" and len(node.args) > 1:
                continue
            out.append(node.lineno)
    return out


def test_the_scanner_finds_each_way_of_reading_the_wall_clock():
    found = wall_clock_reads("import time\nfrom datetime import date, datetime\n"
                             "a = datetime.now(UTC)\nb = time.time()\nc = date.today()\n"
                             "d = time.gmtime(0)\ne = datetime.utcnow()\n")
    assert found == [3, 4, 5, 7]


def test_nothing_but_pbem_clock_reads_the_wall_clock():
    offenders = []
    for folder in ("pbem", "games"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == ROOT / "pbem" / "clock.py":
                continue
            for line in wall_clock_reads(path.read_text(encoding="utf-8")):
                offenders.append(f"{path.relative_to(ROOT)}:{line}")
    assert offenders == []


def test_the_clock_is_pinned_in_tests_and_live_only_through_the_wall_clock_fixture(
        run_clock, wall_clock):
    assert run_clock == datetime(2026, 11, 23, 10, 0, tzinfo=UTC)
    before = datetime.now(UTC)
    assert before - timedelta(seconds=5) <= wall_clock() <= datetime.now(UTC)


def test_pins_nest_and_unwind():
    at = datetime(2031, 1, 2, 3, 4, 5, tzinfo=UTC)
    outer = clock.now()
    with clock.pinned(at):
        assert clock.stamp() == "2031-01-02T03:04:05Z"
        with clock.pinned(None):
            assert clock.now() == at
    assert clock.now() == outer
    with pytest.raises(ValueError):
        clock.parse("2031-01-02 03:04")
    with pytest.raises(ValueError), clock.pinned(datetime(2031, 1, 2)):
        pass


def _mail(folder: Path, name: str, mtime: datetime) -> None:
    path = folder / name
    path.write_bytes(b"From: anna@example.org\r\nSubject: s\r\nMessage-ID: <" + name.encode()
                     + b"@example.org>\r\n\r\nGAME g1\r\n")
    os.utime(path, (mtime.timestamp(), mtime.timestamp()))


def test_a_mail_dated_after_the_runs_now_counts_as_delivered_at_now(tmp_path):
    site = init_site(tmp_path / "site")
    db = site.db()
    now = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)
    _mail(site.root / "inbox", "early.eml", now - timedelta(hours=3))
    _mail(site.root / "inbox", "later.eml", now + timedelta(days=400))  # the real clock's
    with clock.pinned(now):
        got = intake.fetch(site, db, FilesInbox(site.root / "inbox", site.folder("archive")))
    assert got.stored == 2
    rows = {r["message_id"]: r for r in db["mails"].rows}
    assert rows["<early.eml@example.org>"]["delivered"] == "2026-11-23T07:00:00Z"
    assert rows["<later.eml@example.org>"]["delivered"] == "2026-11-23T10:00:00Z"
    assert {r["stored"] for r in rows.values()} == {"2026-11-23T10:00:00Z"}


def test_pbem_run_now_dates_everything_it_does_at_that_time(cli):
    _mail(cli.site / "inbox", "m1.eml", datetime(2030, 5, 5, tzinfo=UTC))
    code, out = cli("run", "--now", "2027-02-03T04:05:06Z")
    assert code == 0, out
    from pbem.store import open_db

    db = open_db(cli.site / "pbem.db")
    run = db["runs"].get(1)
    assert (run["started"], run["finished"]) == ("2027-02-03T04:05:06Z",) * 2
    mail = db["mails"].get(1)
    assert (mail["delivered"], mail["stored"]) == ("2027-02-03T04:05:06Z",) * 2


def test_the_global_now_option_pins_any_command(cli):
    assert cli("--now", "2027-02-03T04:05:06Z", "game", "new", "g9", "--game", "hellgame")[0] == 0
    from pbem.store import open_db

    assert open_db(cli.site / "pbem.db")["games"].get("g9")["created"] == "2027-02-03T04:05:06Z"


def test_a_bad_now_is_a_usage_error_that_says_the_form(cli):
    code, out = cli("run", "--now", "next monday")
    assert code == 2
    assert "'next monday': use YYYY-MM-DDTHH:MM:SSZ (UTC)" in out


def test_run_help_documents_now(cli):
    code, out = cli("run", "--help")
    words = " ".join(out.split())
    assert code == 0 and "--now TIME" in words and "counts as delivered at TIME" in words
