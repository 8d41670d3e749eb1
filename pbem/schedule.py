"""Deadlines and schedules: when a stage closes and when reminders go out (DESIGN.md §2, §5).

A game's schedule is a plain JSON-compatible dict of settings (`DEFAULTS` lists them) that a
moderator sets with the CLI or in pbem.yaml; `stages` overrides them per stage-name pattern.
`parse_settings` validates and normalises such a dict, `for_stage` turns it into the
`Schedule` of one stage, and the functions below compute instants from it. Nothing here
reads the clock: callers pass `opened` / `now`.

Time rules (all datetimes in and out are timezone-aware; results are UTC):

- `every` slots are wall-clock times in `timezone`, so "mon 20:00" stays 20:00 local
  across daylight-saving changes.
- On the day clocks spring forward, a slot inside the skipped hour moves to the first
  instant after the gap, the moment the clocks jump ("sun 02:30" in Europe/Rome on
  29 Mar 2026 is 03:00 CEST = 01:00 UTC).
- On the day clocks fall back, a slot inside the repeated hour is its first occurrence
  (fold=0: "sun 02:30" in Europe/Rome on 25 Oct 2026 is 02:30 CEST = 00:30 UTC).
- `hours` counts elapsed hours, not wall-clock time; the deadline is then rounded up to
  the next full hour of the game's time zone (`round_up`: a stage opened at 11:07 with
  `hours: 48` closes at 12:00 two days later, not 11:07; an instant on the hour stays), so
  that deadlines read as round times. `every` slots are round already, as the moderator
  wrote them.
- `min_hours` applies to `every` only: the deadline is the first slot at or after
  `opened + min_hours` (a slot exactly then counts), and always after `opened`.
"""

from __future__ import annotations

import difflib
import fnmatch
import functools
import math
import re
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from pbem.errors import PbemError

DEFAULTS: dict = {
    "every": None,
    "hours": 72,
    "timezone": "UTC",
    "min_hours": 24,
    "grace_hours": 0,
    "early_minutes": 60,
    "reminders": [24],
    "nmr_limit": 3,
}
KEYS = (*DEFAULTS, "stages")

# Longer than a year is a typo; the cap also keeps datetime arithmetic in range.
MAX_HOURS = 366 * 24

EXAMPLES = {
    "every": "'mon 20:00', 'mon,thu 20:00', 'daily 20:00', 'weekdays 18:30'",
    "hours": "72",
    "timezone": "'Europe/Rome', 'America/New_York', 'UTC'",
    "min_hours": "24",
    "grace_hours": "12",
    "early_minutes": "60, or 'off' for no early processing",
    "reminders": "[48, 24] (hours before the deadline)",
    "nmr_limit": "3",
    "stages": "{'Setup': {'hours': 48}, 'Turn *': {'every': 'mon 20:00'}}",
}
DURATION_EXAMPLES = "'36h', '2d', '90m', '1d12h', '1.5h'"
WHEN_EXAMPLES = "'2026-11-30 20:00' (game time zone), '2026-11-30T20:00', '+36h' (from now)"

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DAY_ABBR = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTH_ABBR = ("Jan", "Feb", "Mar", "Apr", "May", "Jun",
              "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
ALL_DAYS = (0, 1, 2, 3, 4, 5, 6)
WEEKDAYS = (0, 1, 2, 3, 4)
_DAY_INDEX = {name: i for i, day in enumerate(DAYS) for name in (day, day[:3])}


@dataclass(frozen=True)
class Schedule:
    """The schedule of one stage: every setting resolved, defaults filled in."""

    every: tuple[tuple[int, ...], int, int] | None  # (weekdays 0=Mon.., hour, minute)
    hours: float
    timezone: str
    min_hours: float
    grace_hours: float
    early_minutes: float | None
    reminders: tuple[float, ...]  # sorted descending
    nmr_limit: int

    def describe(self) -> str:
        """One line for moderators and players, e.g. "every Mon 20:00 Europe/Rome, …"."""
        if self.every is not None:
            parts = [f"{_describe_every(self.every)} {self.timezone}",
                     f"open at least {_num(self.min_hours)} h"]
        else:
            parts = [f"{_num(self.hours)} h after the stage opens ({self.timezone})"]
        parts.append(f"grace {_num(self.grace_hours)} h")
        if self.early_minutes is None:
            parts.append("no early processing")
        elif self.early_minutes == 0:
            parts.append("early processing as soon as all are ready")
        else:
            parts.append(f"early processing {_num(self.early_minutes)} min after all are ready")
        if self.reminders:
            parts.append("reminders " + ", ".join(f"{_num(h)} h" for h in self.reminders)
                         + " before")
        else:
            parts.append("no reminders")
        turns = "turn" if self.nmr_limit == 1 else "turns"
        parts.append(f"moderator told after {self.nmr_limit} missed {turns}")
        return ", ".join(parts)


# --- settings ---------------------------------------------------------------------------

class _Bad(Exception):
    """A setting's value is wrong; the reason reads after the quoted value."""


def parse_settings(d: dict | None) -> dict:
    """Validate schedule settings (including `stages`) and return a normalised copy.

    Only the keys given are kept (defaults are filled in by `for_stage`), in `KEYS` order;
    `every` is rewritten canonically ("Monday, thu 8:00" → "mon,thu 08:00"), `timezone`
    gets its canonical spelling, `reminders` are sorted descending without repeats, and
    `early_minutes` "off" becomes None. `every` and `hours` are alternatives: one level
    (the top, or one stage's overrides) may not set both.
    """
    if d is None:
        return {}
    return _parse_level(d, "", top=True)


def merge(base: dict, changes: dict) -> dict:
    """`base` settings updated by `changes`; the result is validated.

    A None value removes a key (back to its default), except `early_minutes`: there None
    is the value that switches early processing off (as in `parse_settings`), so a change
    to "off" can never silently turn it back on; give 60 to restore the default.
    Setting `hours` drops `every` and vice versa. `stages` merges
    per pattern (matched ignoring case): a dict merges into that pattern's overrides, None
    removes the pattern, a new pattern goes last; `stages: None` removes all of them.
    """
    current = parse_settings(base)
    if changes is None:
        return current
    if not isinstance(changes, dict):
        raise PbemError(f"schedule changes {changes!r} are not a mapping of settings; "
                        "e.g. {'every': 'mon 20:00'}")
    return parse_settings(_merge_level(current, changes, "", top=True))


def for_stage(settings: dict, stage_name: str) -> Schedule:
    """The schedule of stage `stage_name`: defaults, then settings, then the first
    `stages` pattern that matches the name (fnmatch, ignoring case)."""
    parsed = parse_settings(settings)
    values = dict(DEFAULTS)
    values.update((k, v) for k, v in parsed.items() if k != "stages")
    for pattern, overrides in parsed.get("stages", {}).items():
        if fnmatch.fnmatchcase(stage_name.casefold(), pattern.casefold()):
            if "hours" in overrides and "every" not in overrides:
                values["every"] = None  # the stage asked for a fixed length instead
            values.update(overrides)
            break
    early = values["early_minutes"]
    return Schedule(
        every=None if values["every"] is None else parse_every(values["every"]),
        hours=float(values["hours"]),
        timezone=values["timezone"],
        min_hours=float(values["min_hours"]),
        grace_hours=float(values["grace_hours"]),
        early_minutes=None if early is None else float(early),
        reminders=tuple(sorted((float(h) for h in values["reminders"]), reverse=True)),
        nmr_limit=int(values["nmr_limit"]),
    )


def parse_every(text: str) -> tuple[tuple[int, ...], int, int]:
    """'mon,thu 20:00' → ((0, 3), 20, 0); PbemError if it is not a day and time."""
    try:
        return _parse_every(text)
    except _Bad as bad:
        raise _error("", "every", text, str(bad)) from None


def format_every(every: tuple[tuple[int, ...], int, int]) -> str:
    """((0, 3), 20, 0) → 'mon,thu 20:00'; 'daily …' and 'weekdays …' where they fit."""
    days, hour, minute = every
    days = tuple(sorted(set(days)))
    if days == ALL_DAYS:
        names = "daily"
    elif days == WEEKDAYS:
        names = "weekdays"
    else:
        names = ",".join(DAYS[d][:3] for d in days)
    return f"{names} {hour:02d}:{minute:02d}"


def _parse_level(d: object, where: str, *, top: bool) -> dict:
    if not isinstance(d, dict):
        raise PbemError(f"schedule {where}settings {d!r} are not a mapping of settings; "
                        "e.g. {'every': 'mon 20:00', 'timezone': 'Europe/Rome'}")
    out = {}
    for key, value in d.items():
        _check_key(where, key)
        if key == "stages":
            if not top:
                raise PbemError(f"schedule {where}'stages': stage overrides cannot be nested; "
                                f"e.g. {EXAMPLES['stages']} at the top level")
            stages = _parse_stages(value)
            if stages:
                out["stages"] = stages
            continue
        try:
            out[key] = _VALIDATORS[key](value)
        except _Bad as bad:
            raise _error(where, key, value, str(bad)) from None
    if out.get("every") is not None and "hours" in out:
        raise PbemError(f"schedule {where}sets both 'every' ({out['every']!r}) and 'hours' "
                        f"({out['hours']!r}); keep one: 'every' for fixed days and times, "
                        "'hours' for a fixed length")
    return {key: out[key] for key in KEYS if key in out}


def _parse_stages(value: object) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _error("", "stages", value, "is not a mapping of stage-name pattern to settings")
    out: dict = {}
    seen: dict[str, str] = {}
    for pattern, overrides in value.items():
        if not isinstance(pattern, str) or not pattern.strip():
            raise _error("", "stages", pattern, "is not a stage-name pattern")
        if pattern.casefold() in seen:
            raise PbemError(f"schedule 'stages': patterns {seen[pattern.casefold()]!r} and "
                            f"{pattern!r} are the same (patterns ignore case); keep one")
        seen[pattern.casefold()] = pattern
        overrides = {} if overrides is None else overrides  # "Setup:" with nothing under it
        out[pattern] = _parse_level(overrides, f"stage {pattern!r} ", top=False)
    return out


def _merge_level(current: dict, changes: dict, where: str, *, top: bool) -> dict:
    out = dict(current)
    for key, value in changes.items():
        _check_key(where, key)
        if key == "stages" and top:
            out["stages"] = _merge_stages(out.get("stages", {}), value)
        elif value is None and key != "early_minutes":
            out.pop(key, None)
        else:
            out[key] = value
    # `every` and `hours` are alternatives: choosing one drops the other.
    if changes.get("hours") is not None and "every" not in changes:
        out.pop("every", None)
    if changes.get("every") is not None and "hours" not in changes:
        out.pop("hours", None)
    return out


def _merge_stages(current: dict, changes: object) -> object:
    if changes is None:
        return {}
    if not isinstance(changes, dict):
        return changes  # parse_settings reports it
    out = dict(current)
    for pattern, overrides in changes.items():
        existing = next((p for p in out if isinstance(pattern, str)
                         and p.casefold() == pattern.casefold()), pattern)
        if overrides is None:
            out.pop(existing, None)
        elif isinstance(overrides, dict):
            out[existing] = _merge_level(out.get(existing) or {}, overrides,
                                         f"stage {existing!r} ", top=False)
        else:
            out[existing] = overrides  # parse_settings reports it
    return out


def _check_key(where: str, key: object) -> None:
    if key in KEYS:
        return
    close = difflib.get_close_matches(str(key), KEYS, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise PbemError(f"schedule {where}has no setting {key!r}{hint}; the settings are "
                    + ", ".join(KEYS))


def _error(where: str, key: str, value: object, reason: str) -> PbemError:
    return PbemError(f"schedule {where}{key!r}: {value!r} {reason}; e.g. {EXAMPLES[key]}")


def _norm_every(value: object) -> str | None:
    if value is None:
        return None
    return format_every(_parse_every(value))


def _parse_every(text: object) -> tuple[tuple[int, ...], int, int]:
    if not isinstance(text, str) or len(text.split()) < 2:
        raise _Bad("is not a day and time")
    days_text, time_text = text.strip().rsplit(None, 1)
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", time_text)
    if not m or int(m[1]) > 23 or int(m[2]) > 59:
        raise _Bad(f"is not a day and time: {time_text!r} is not a time of day (00:00 to 23:59)")
    names = [n for n in re.split(r"[\s,]+", days_text.casefold()) if n]
    if names == ["daily"]:
        days = ALL_DAYS
    elif names == ["weekdays"]:
        days = WEEKDAYS
    else:
        for name in names:
            if name in ("daily", "weekdays"):
                raise _Bad(f"is not a day and time: {name!r} cannot be combined with other days")
            if name not in _DAY_INDEX:
                close = difflib.get_close_matches(name, [*_DAY_INDEX, "daily", "weekdays"], n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise _Bad(f"is not a day and time: {name!r} is not a day{hint}")
        days = tuple(sorted({_DAY_INDEX[n] for n in names}))
    return days, int(m[1]), int(m[2])


def _norm_hour_count(*, zero_ok: bool, unit: str = "hours", limit: float = MAX_HOURS):
    def norm(value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise _Bad(f"is not a number of {unit}")
        if not math.isfinite(value):
            raise _Bad(f"is not a finite number of {unit}")
        if value < 0:
            raise _Bad("is negative")
        if value == 0 and not zero_ok:
            raise _Bad("must be more than 0")
        if value > limit:
            raise _Bad("is more than a year")
        return value
    return norm


def _norm_early(value: object) -> float | None:
    if value is None or value is False:
        return None
    if isinstance(value, str) and value.strip().casefold() in ("off", "never"):
        return None
    return _norm_hour_count(zero_ok=True, unit="minutes", limit=MAX_HOURS * 60)(value)


def _norm_reminders(value: object) -> list:
    items = [value] if isinstance(value, int | float) and not isinstance(value, bool) else value
    if not isinstance(items, list | tuple):
        raise _Bad("is not a list of hours before the deadline")
    check = _norm_hour_count(zero_ok=False)
    out: list = []
    for item in items:
        try:
            hours = check(item)
        except _Bad as bad:
            raise _Bad(f"has {item!r}, which {bad}") from None
        if hours not in out:
            out.append(hours)
    return sorted(out, reverse=True)


def _norm_nmr_limit(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad("is not a whole number of turns")
    if value < 1:
        raise _Bad("must be at least 1")
    return value


def _norm_timezone(value: object) -> str:
    if not isinstance(value, str):
        raise _Bad("is not a time zone name")
    return _zone_key(value)


_VALIDATORS = {
    "every": _norm_every,
    "hours": _norm_hour_count(zero_ok=False),
    "timezone": _norm_timezone,
    "min_hours": _norm_hour_count(zero_ok=True),
    "grace_hours": _norm_hour_count(zero_ok=True),
    "early_minutes": _norm_early,
    "reminders": _norm_reminders,
    "nmr_limit": _norm_nmr_limit,
}


# --- time zones -------------------------------------------------------------------------

@functools.cache
def _all_zones() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


def _zone_key(name: str) -> str:
    """The canonical key of time zone `name` (case is forgiven); _Bad if unknown."""
    try:
        return ZoneInfo(name).key
    except (ZoneInfoNotFoundError, ValueError, OSError):
        pass
    zones = _all_zones()
    wanted = name.strip().casefold()
    for zone in zones:
        if zone.casefold() == wanted:
            return zone
    cities = [z for z in zones if z.rsplit("/", 1)[-1].casefold() == wanted.replace(" ", "_")]
    close = cities[:1] or difflib.get_close_matches(name, zones, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise _Bad(f"is not a known time zone{hint}")


def zone_name(name: str) -> str:
    """The canonical IANA name of a time zone a person typed (case is forgiven:
    "europe/rome" is Europe/Rome); PbemError with a suggestion ("rome": did you mean
    Europe/Rome?) when there is none."""
    try:
        return _norm_timezone(name)
    except _Bad as bad:
        raise PbemError(f"time zone {name!r} {bad}; e.g. Europe/Rome, America/New_York, "
                        "UTC") from None


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(_norm_timezone(name))
    except _Bad as bad:
        raise _error("", "timezone", name, str(bad)) from None


def _utc(dt: datetime, what: str) -> datetime:
    if not isinstance(dt, datetime):
        raise TypeError(f"{what} must be a datetime, got {dt!r}")
    if dt.tzinfo is None or dt.utcoffset() is None:
        raise ValueError(f"{what} must be timezone-aware, got {dt!r}")
    return dt.astimezone(UTC)


def _skipped(wall: datetime, zone: ZoneInfo) -> bool:
    """True if wall-clock time `wall` (naive) does not exist in `zone` (clocks jumped)."""
    first = wall.replace(tzinfo=zone, fold=0).astimezone(UTC)
    return first.astimezone(zone).replace(tzinfo=None) != wall


def _local_instant(wall: datetime, zone: ZoneInfo) -> datetime:
    """The UTC instant of naive wall-clock time `wall` in `zone`.

    A repeated time (clocks fall back) is its first occurrence (fold=0). A skipped time
    (clocks spring forward) becomes the first instant after the gap: the transition.
    """
    if not _skipped(wall, zone):
        return wall.replace(tzinfo=zone, fold=0).astimezone(UTC)
    # In a gap fold=1 reads `wall` with the offset after the jump, giving an instant before
    # the transition; fold=0 uses the offset before it, giving one after. The transition
    # lies between; tz data transitions are whole seconds, so bisect on seconds.
    before = int(wall.replace(tzinfo=zone, fold=1).timestamp())
    after = int(wall.replace(tzinfo=zone, fold=0).timestamp())
    offset_after = datetime.fromtimestamp(after, zone).utcoffset()
    while after - before > 1:
        mid = (before + after) // 2
        if datetime.fromtimestamp(mid, zone).utcoffset() == offset_after:
            after = mid
        else:
            before = mid
    return datetime.fromtimestamp(after, UTC)


# --- deadlines --------------------------------------------------------------------------

def deadline_for(schedule: Schedule, opened: datetime) -> datetime:
    """When a stage opened at `opened` closes (UTC)."""
    opened = _utc(opened, "opened")
    if schedule.every is None:
        return round_up(opened + timedelta(hours=schedule.hours), schedule.timezone)
    earliest = opened + timedelta(hours=schedule.min_hours)
    # A stage never closes the instant it opens: with min_hours 0 the slot must be later.
    return _slots(schedule, earliest, inclusive=schedule.min_hours > 0, n=1)[0]


def next_slots(schedule: Schedule, after: datetime, n: int = 1) -> list[datetime]:
    """The next `n` `every` slots strictly after `after` (UTC, ascending)."""
    if schedule.every is None:
        raise ValueError("schedule has no 'every' slots (it uses 'hours')")
    if n < 0:
        raise ValueError(f"n must not be negative, got {n}")
    return _slots(schedule, _utc(after, "after"), inclusive=False, n=n)


def reminder_times(schedule: Schedule, deadline: datetime, *,
                   opened: datetime | None = None) -> list[tuple[float, datetime]]:
    """(hours before, when) for each reminder, earliest first; with `opened`, reminders
    at or before the stage opened are left out (players just got their report)."""
    deadline = _utc(deadline, "deadline")
    times = [(hours, deadline - timedelta(hours=hours))
             for hours in sorted(schedule.reminders, reverse=True)]
    if opened is not None:
        opened = _utc(opened, "opened")
        times = [(hours, when) for hours, when in times if when > opened]
    return times


def _slots(schedule: Schedule, start: datetime, *, inclusive: bool, n: int) -> list[datetime]:
    days, hour, minute = schedule.every
    if not days:
        raise ValueError("schedule 'every' has no days")
    zone = _zone(schedule.timezone)
    # A gap moves a slot forward by less than a day, so yesterday's slot may still count.
    day = start.astimezone(zone).date() - timedelta(days=1)
    found: list[datetime] = []
    while len(found) < n:
        if day.weekday() in days:
            when = _local_instant(datetime.combine(day, time(hour, minute)), zone)
            if when > start or (inclusive and when == start):
                found.append(when)
        day += timedelta(days=1)
    return found


def round_up(when: datetime, tz: str) -> datetime:
    """`when` rounded up to the next full hour of wall-clock time in `tz` (UTC result):
    11:07 -> 12:00, 12:00 stays 12:00. In a zone whose offset is not whole hours
    (Asia/Kolkata, +05:30) the local hour is meant: 11:07 IST -> 12:00 IST (06:30 UTC).
    Across a daylight-saving change the next full hour is the next hour boundary of
    local time as it then is (time zone offsets change on the hour)."""
    when = _utc(when, "when")
    local = when.astimezone(_zone(tz))
    if not (local.minute or local.second or local.microsecond):
        return when
    hour_start = local.replace(minute=0, second=0, microsecond=0).astimezone(UTC)
    return hour_start + timedelta(hours=1)


# --- text forms -------------------------------------------------------------------------

@functools.lru_cache(maxsize=1024)  # a short string a key: some 200 kB at most
def format_deadline(when: datetime, tz: str) -> str:
    """"Mon 23 Nov 2026 20:00 CET (19:00 UTC)"; in UTC just "Mon 23 Nov 2026 19:00 UTC".

    The UTC part repeats the date when it differs from the local one. Kept for the same
    deadline and zone (every confirmation of a stage says it: issue 23).
    """
    when = _utc(when, "when")
    local = when.astimezone(_zone(tz))
    name = local.tzname() or ""
    if name == "UTC" and local.utcoffset() == timedelta(0):
        return f"{_date(when)} {when:%H:%M} UTC"
    if name[:1] in ("+", "-", ""):
        name = "UTC" + name  # zones without an abbreviation: "-03" reads as "UTC-03"
    utc_date = "" if when.date() == local.date() else f"{_date(when)} "
    return f"{_date(local)} {local:%H:%M} {name} ({utc_date}{when:%H:%M} UTC)"


def format_duration(td: timedelta) -> str:
    """"2 days 3 hours", "1 hour 5 minutes", "45 minutes": the two largest units, rounded
    down to the minute; negative durations are "0 minutes"."""
    minutes = max(0, td // timedelta(minutes=1))
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days:
        parts = [(days, "day"), (hours, "hour")]
    elif hours:
        parts = [(hours, "hour"), (minutes, "minute")]
    else:
        return _plural(minutes, "minute")
    return " ".join(_plural(count, unit) for count, unit in parts if count)


_NUMBER = r"(\d+(?:\.\d+)?|\.\d+)"
_DURATION = re.compile(
    rf"(?:{_NUMBER}\s*(?:d|days?))?\s*"
    rf"(?:{_NUMBER}\s*(?:h|hrs?|hours?))?\s*"
    rf"(?:{_NUMBER}\s*(?:m|mins?|minutes?))?",
    re.IGNORECASE,
)


def parse_duration(text: str) -> timedelta:
    """"36h", "2d", "90m", "1d12h", "1.5h", "2 days 3 hours" → timedelta."""
    m = _DURATION.fullmatch(text.strip()) if isinstance(text, str) else None
    if not m or not any(m.groups()):
        raise PbemError(f"{text!r} is not a duration; e.g. {DURATION_EXAMPLES}")
    days, hours, minutes = (float(g) if g else 0.0 for g in m.groups())
    try:
        return timedelta(days=days, hours=hours, minutes=minutes)
    except OverflowError:
        raise PbemError(f"{text!r} is too long a duration; e.g. {DURATION_EXAMPLES}") from None


_WHEN = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?\s*(Z|UTC|[+-]\d{2}:?\d{2})?",
    re.IGNORECASE,
)


def parse_when(text: str, tz: str, now: datetime) -> datetime:
    """A moderator's date and time → UTC.

    "2026-11-30 20:00" or "2026-11-30T20:00" is wall-clock time in `tz` (in the repeated
    hour when clocks fall back: the first occurrence; a time the clocks skip is an error);
    a trailing "Z", "UTC" or "+01:00" gives the offset instead; "+36h" is relative to
    `now`; "now" is `now`.
    """
    now = _utc(now, "now")
    zone = _zone(tz)
    s = text.strip() if isinstance(text, str) else ""
    if s.casefold() == "now":
        return now
    if s.startswith("+"):
        try:
            return now + parse_duration(s[1:])
        except PbemError:
            raise PbemError(f"{text!r} is not a date and time; e.g. {WHEN_EXAMPLES}") from None
    m = _WHEN.fullmatch(s)
    if not m:
        raise PbemError(f"{text!r} is not a date and time; e.g. {WHEN_EXAMPLES}")
    try:
        wall = datetime(*(int(g) for g in m.groups()[:5]), int(m[6] or 0))
    except ValueError as e:
        raise PbemError(f"{text!r} is not a valid date and time ({e}); "
                        f"e.g. {WHEN_EXAMPLES}") from None
    if m[7]:
        try:
            return wall.replace(tzinfo=_offset(m[7])).astimezone(UTC)
        except ValueError:
            raise PbemError(f"{text!r} has an impossible UTC offset {m[7]!r}; "
                            f"e.g. {WHEN_EXAMPLES}") from None
    if _skipped(wall, zone):
        valid = _local_instant(wall, zone).astimezone(zone)
        raise PbemError(f"{text!r} does not exist in {zone.key}: the clocks skip it; "
                        f"e.g. {valid:%Y-%m-%d %H:%M}")
    return wall.replace(tzinfo=zone, fold=0).astimezone(UTC)


def _offset(text: str) -> timezone:
    if text.upper() in ("Z", "UTC"):
        return UTC
    digits = text[1:].replace(":", "")
    minutes = int(digits[:2]) * 60 + int(digits[2:])
    return timezone(timedelta(minutes=-minutes if text[0] == "-" else minutes))


def _date(dt: datetime) -> str:
    return f"{DAY_ABBR[dt.weekday()]} {dt.day} {MONTH_ABBR[dt.month - 1]} {dt.year}"


def _describe_every(every: tuple[tuple[int, ...], int, int]) -> str:
    days, hour, minute = every
    if tuple(days) == ALL_DAYS:
        names = "day"
    elif tuple(days) == WEEKDAYS:
        names = "weekday"
    else:
        names = ", ".join(DAY_ABBR[d] for d in days)
    return f"every {names} {hour:02d}:{minute:02d}"


def _plural(count: int, unit: str) -> str:
    return f"{count} {unit}" if count == 1 else f"{count} {unit}s"


def _num(x: float) -> str:
    x = float(x)
    return str(int(x)) if x.is_integer() else f"{x:.10g}"
