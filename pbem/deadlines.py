"""Deadlines in the database: when a stage is due, who still has to order, reminders,
pause / resume / extend. The calendar arithmetic is pbem/schedule.py's.

A stage is due when (DESIGN.md §2, issue 3):
  - its deadline has passed and every player has sent orders, or
  - its deadline and the grace period have both passed (missing players get defaults), or
  - every player is ready (a sheet without problems) and `early_minutes` have passed
    since the last of them became ready.
A paused game is never due and gets no reminders.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache

from . import schedule
from .errors import PbemError

STAMP = "%Y-%m-%dT%H:%M:%SZ"


def parse(text: str) -> datetime | None:
    # fromisoformat reads the stored "...Z" stamps (Python 3.11+) ten times faster
    # than strptime, which matters in a batch of 10,000 mails
    return datetime.fromisoformat(text) if text else None


def stamp(when: datetime) -> str:
    return when.astimezone(UTC).strftime(STAMP)


def settings_of(g: dict) -> dict:
    return json.loads(g.get("settings") or "{}")


def schedule_of(g: dict, stage_name: str) -> schedule.Schedule:
    return _schedule(g.get("settings") or "{}", stage_name)


@lru_cache(maxsize=1024)
def _schedule(settings: str, stage_name: str) -> schedule.Schedule:
    return schedule.for_stage(json.loads(settings), stage_name)


def deadline_for_new_stage(g: dict, stage_name: str, opened: datetime) -> str:
    return stamp(schedule.deadline_for(schedule_of(g, stage_name), opened))


def describe(g: dict, stage: dict) -> str:
    """'Mon 23 Nov 2026 20:00 CET (19:00 UTC)', or '' for a stage without deadline."""
    when = parse(stage.get("deadline") or "")
    return schedule.format_deadline(when, schedule_of(g, stage["name"]).timezone) if when else ""


def next_estimate(g: dict, stage: dict, now: datetime) -> str:
    """When the stage after this one will be due, if it opened now (its name is not
    known before the stage is resolved, so this stage's schedule stands in)."""
    return format_at(g, stage["name"], schedule.deadline_for(schedule_of(g, stage["name"]),
                                                             now))


def format_at(g: dict, stage_name: str, when: datetime) -> str:
    return schedule.format_deadline(when, schedule_of(g, stage_name).timezone)


@dataclass
class Seat:
    player: str
    email: str
    ordered: bool
    ready: bool  # the latest sheet has no problem lines
    received: str  # when the latest sheet arrived
    problems: int
    nmr: int
    away: str = ""  # "on vacation" or "resigned": plays as if it sent nothing, counts as ready


def seats(db, game: str, stage: int, now: datetime | None = None) -> list[Seat]:
    """Each seat's standing for the stage; `now` tells who is on vacation (issue 18)."""
    out = []
    day = now.date().isoformat() if now else ""
    rows = db.execute(
        "SELECT p.name, p.email, p.nmr, s.problems, s.received, p.vacation_from, "
        "p.vacation_to, p.resigned FROM players p "
        "LEFT JOIN submissions s ON s.id = (SELECT max(id) FROM submissions "
        "  WHERE game = p.game AND player = p.name AND stage = ?) "
        "WHERE p.game = ? ORDER BY p.seat", [stage, game]).fetchall()
    for name, email, nmr, problems, received, v_from, v_to, resigned in rows:
        ordered = received is not None
        away = "resigned" if resigned else (
            "on vacation" if day and v_from and v_from <= day <= v_to else "")
        out.append(Seat(name, email, ordered, ordered and not problems, received or "",
                        problems or 0, nmr, away))
    return out


def welcomes_pending(db, game: str) -> bool:
    """A welcome mail of the game not sent yet: no stage passes before its players were
    told it exists (issue 18)."""
    return db.execute("SELECT 1 FROM outbox WHERE game = ? AND kind = 'welcome' AND "
                      "status = 'queued'", [game]).fetchone() is not None


def due(db, g: dict, stage: dict, now: datetime) -> str:
    """Why the stage should be processed now ('' if it should not)."""
    if g["status"] != "running" or stage["status"] != "open" or g.get("paused_at"):
        return ""
    if welcomes_pending(db, g["name"]):
        return ""
    sch = schedule_of(g, stage["name"])
    who = seats(db, g["name"], stage["number"], now)
    deadline = parse(stage.get("deadline") or "")
    if deadline is not None:
        if now >= deadline + timedelta(hours=sch.grace_hours):
            return "the deadline has passed"
        if now >= deadline and all(s.ordered or s.away for s in who):
            return "the deadline has passed and every player has ordered"
    sent = [parse(s.received) for s in who if s.received]
    if sch.early_minutes is not None and sent and all(s.ready or s.away for s in who):
        if now >= max(sent) + timedelta(minutes=sch.early_minutes):
            return "every player is ready"
    return ""


def late(g: dict, stage: dict, delivered: datetime) -> bool:
    """A sheet delivered after the deadline and the grace period is refused."""
    deadline = parse(stage.get("deadline") or "")
    if deadline is None:
        return False
    return delivered > deadline + timedelta(hours=schedule_of(g, stage["name"]).grace_hours)


def reminders_due(db, g: dict, stage: dict, now: datetime) -> list[tuple[Seat, float]]:
    """(seat, hours before) for players without orders whose reminder time has come."""
    deadline = parse(stage.get("deadline") or "")
    if (deadline is None or g["status"] != "running" or g.get("paused_at")
            or stage["status"] != "open" or now >= deadline):
        return []
    opened = parse(stage.get("opened_at") or "") or datetime.min.replace(tzinfo=UTC)
    sent = {(r["player"], r["hours"]) for r in db["reminders"].rows_where(
        "game = ? and stage = ?", [g["name"], stage["number"]])}
    sch = schedule_of(g, stage["name"])
    # a reminder time before the stage opened is skipped (a 24-hour reminder for a
    # 12-hour stage would only be noise at the start); of the times that have come,
    # only the latest counts: one mail, not one per threshold after a missed run
    come = [hours for hours, when in schedule.reminder_times(sch, deadline)
            if opened <= when <= now]
    if not come:
        return []
    hours = float(min(come))
    return [(seat, hours) for seat in seats(db, g["name"], stage["number"], now)
            if not seat.ordered and not seat.away and (seat.player, hours) not in sent]


def pause(db, g: dict, now: datetime) -> None:
    if g["status"] != "running":
        raise PbemError(f"game {g['name']!r} is {g['status']}: only a running game pauses")
    if g.get("paused_at"):
        raise PbemError(f"game {g['name']!r} is paused already (since {g['paused_at']})")
    db["games"].update(g["name"], {"paused_at": stamp(now)})


def resume(db, g: dict, now: datetime) -> str:
    """Resume a paused game; the open stage's deadline moves by the time spent paused,
    rounded up to the next full hour of the game's time zone (schedule.round_up)."""
    if not g.get("paused_at"):
        raise PbemError(f"game {g['name']!r} is not paused")
    paused = now - parse(g["paused_at"])
    stage = db["stages"].get((g["name"], g["stage"]))
    with db.atomic():
        if stage["status"] == "open" and stage["deadline"]:
            later = schedule.round_up(parse(stage["deadline"]) + paused,
                                      schedule_of(g, stage["name"]).timezone)
            db["stages"].update((g["name"], g["stage"]), {"deadline": stamp(later)})
        db["games"].update(g["name"], {"paused_at": ""})
    return db["stages"].get((g["name"], g["stage"]))["deadline"]


def set_deadline(db, g: dict, when: datetime) -> None:
    stage = db["stages"].get((g["name"], g["stage"]))
    if stage["status"] != "open":
        raise PbemError(f"{g['name']} {stage['name']} is not open")
    db["stages"].update((g["name"], g["stage"]), {"deadline": stamp(when)})
