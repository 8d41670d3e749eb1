"""Issue 20: a deadline `hours` after a stage opens is rounded up to the next full hour of
the game's time zone (schedule.round_up), so that a Lords of Hell stage opened at 11:07
is due at 12:00, not at 11:07 (docs/moderators.md, Deadlines)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pbem import admin, clock, deadlines, turns
from pbem.schedule import deadline_for, for_stage, round_up
from pbem.site import init_site

LH_STAGES = {"hours": 72, "stages": {"* transfer": {"hours": 120},
                                     "* combat round *": {"hours": 48},
                                     "* gathering": {"hours": 72}}}


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


@pytest.mark.parametrize(("when", "tz", "want"), [
    (utc(2026, 11, 23, 11, 7), "UTC", utc(2026, 11, 23, 12, 0)),
    (utc(2026, 11, 23, 11, 0), "UTC", utc(2026, 11, 23, 11, 0)),  # on the hour: stays
    (utc(2026, 11, 23, 11, 0, 0, 1), "UTC", utc(2026, 11, 23, 12, 0)),
    (utc(2026, 11, 23, 23, 59), "UTC", utc(2026, 11, 24, 0, 0)),  # into the next day
    (utc(2026, 11, 23, 10, 7), "Europe/Rome", utc(2026, 11, 23, 11, 0)),  # 11:07 CET
    # a zone half an hour off UTC: the local full hour, 12:00 IST = 06:30 UTC
    (utc(2026, 11, 23, 5, 37), "Asia/Kolkata", utc(2026, 11, 23, 6, 30)),
    (utc(2026, 11, 23, 6, 30), "Asia/Kolkata", utc(2026, 11, 23, 6, 30)),
    # Rome springs forward at 02:00 CET (01:00 UTC) on 29 Mar 2026: 01:40 CET -> 03:00 CEST
    (utc(2026, 3, 29, 0, 40), "Europe/Rome", utc(2026, 3, 29, 1, 0)),
    # and falls back at 03:00 CEST (01:00 UTC) on 25 Oct 2026: both 02:xx hours round
    (utc(2026, 10, 25, 0, 20), "Europe/Rome", utc(2026, 10, 25, 1, 0)),  # 02:20 CEST
    (utc(2026, 10, 25, 1, 20), "Europe/Rome", utc(2026, 10, 25, 2, 0)),  # 02:20 CET
])
def test_round_up_to_the_next_full_hour_of_the_zone(when, tz, want):
    assert round_up(when, tz) == want


def test_an_hours_deadline_is_on_the_hour_an_every_slot_stays_as_written():
    opened = utc(2026, 11, 23, 11, 7, 42)
    combat = for_stage(LH_STAGES, "turn 1 combat round 2")
    assert deadline_for(combat, opened) == utc(2026, 11, 25, 12, 0)
    rome = for_stage({"hours": 48, "timezone": "Europe/Rome"}, "turn 1")
    assert deadline_for(rome, opened) == utc(2026, 11, 25, 12, 0)  # 13:00 CET
    weekly = for_stage({"every": "mon 20:15", "min_hours": 0}, "turn 1")
    assert deadline_for(weekly, opened) == utc(2026, 11, 23, 20, 15)


def test_lords_of_hell_stages_opened_at_odd_minutes_are_due_on_the_hour(tmp_path):
    """Every stage of a Lords of Hell turn gets its deadline when it opens (turns.process,
    at the run's clock): the first at 09:00 + 120 h, the next, opened at 11:07, at
    11:07 + 48 h rounded up to 12:00."""
    site = init_site(tmp_path / "site")
    db = site.db()
    admin.create_game(db, "g1", "lords-of-hell", seed="42", settings=LH_STAGES)
    for p in ("anna", "boris", "chiara", "dmitri"):
        admin.add_player(db, "g1", p, f"{p}@example.org")
    with clock.pinned(utc(2026, 11, 23, 9, 0)):
        admin.start_game(db, "g1")
    first = admin.current_stage(db, "g1")
    assert (first["name"], first["deadline"]) == ("turn 1 transfer", "2026-11-28T09:00:00Z")
    with clock.pinned(utc(2026, 11, 24, 11, 7, 42)):
        done = turns.process(db, "g1")
    opened = admin.current_stage(db, "g1")
    assert opened["name"] == done.next_name == "turn 1 combat round 1"
    assert opened["deadline"] == "2026-11-26T12:00:00Z"  # not 11:07 (issue 20)


def test_resume_moves_the_deadline_by_the_pause_rounded_up(tmp_path):
    site = init_site(tmp_path / "site")
    db = site.db()
    admin.create_game(db, "g1", "lords-of-hell", seed="42",
                      settings={**LH_STAGES, "timezone": "Europe/Rome"})
    for p in ("anna", "boris", "chiara", "dmitri"):
        admin.add_player(db, "g1", p, f"{p}@example.org")
    start = utc(2026, 11, 23, 9, 0)
    admin.start_game(db, "g1", now=start)
    deadlines.pause(db, admin.get_game_row(db, "g1"), start + timedelta(hours=1))
    later = deadlines.resume(db, admin.get_game_row(db, "g1"),
                             start + timedelta(hours=3, minutes=17))
    # 28 Nov 09:00 UTC + 2 h 17 min = 11:17 UTC (12:17 CET), rounded up to 13:00 CET
    assert later == "2026-11-28T12:00:00Z"
