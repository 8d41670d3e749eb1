"""Deadlines and schedules (pbem/schedule.py): exact instants, DST, validation, text forms.

Calendar facts used below (2026): Mon 23 Nov; Europe springs forward Sun 29 Mar at
01:00 UTC and falls back Sun 25 Oct at 01:00 UTC; New York springs forward Sun 8 Mar at
07:00 UTC (02:00 EST) and falls back Sun 1 Nov at 06:00 UTC (02:00 EDT).
"""

import itertools
import json
import os
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta

import pytest

from pbem.errors import EXIT_USAGE, PbemError
from pbem.schedule import (
    DEFAULTS,
    KEYS,
    Schedule,
    deadline_for,
    for_stage,
    format_deadline,
    format_duration,
    format_every,
    merge,
    next_slots,
    parse_duration,
    parse_every,
    parse_settings,
    parse_when,
    reminder_times,
)


def utc(*args):
    return datetime(*args, tzinfo=UTC)


def deadline(settings, opened, stage="Turn 1"):
    return deadline_for(for_stage(settings, stage), opened)


# --- defaults ---------------------------------------------------------------------------

def test_defaults_give_a_72_hour_stage():
    assert parse_settings(None) == {}
    assert for_stage({}, "Turn 1") == Schedule(
        every=None, hours=72.0, timezone="UTC", min_hours=24.0, grace_hours=0.0,
        early_minutes=60.0, reminders=(24.0,), nmr_limit=3)
    assert set(KEYS) == {*DEFAULTS, "stages"}


# --- every + min_hours ------------------------------------------------------------------

@pytest.mark.parametrize("opened, expected", [
    (utc(2026, 11, 22, 12, 0), utc(2026, 11, 23, 20, 0)),  # Sun noon: Mon is 32 h away
    (utc(2026, 11, 22, 21, 0), utc(2026, 11, 30, 20, 0)),  # Mon 20:00 only 23 h away
    (utc(2026, 11, 22, 20, 0), utc(2026, 11, 23, 20, 0)),  # exactly 24 h: the slot counts
    (utc(2026, 11, 22, 20, 0, 1), utc(2026, 11, 30, 20, 0)),  # one second short
])
def test_every_takes_first_slot_at_least_min_hours_after_opening(opened, expected):
    assert deadline({"every": "mon 20:00"}, opened) == expected


def test_min_hours_zero_never_closes_the_stage_the_instant_it_opens():
    settings = {"every": "mon 20:00", "min_hours": 0}
    assert deadline(settings, utc(2026, 11, 23, 19, 59)) == utc(2026, 11, 23, 20, 0)
    assert deadline(settings, utc(2026, 11, 23, 20, 0)) == utc(2026, 11, 30, 20, 0)


def test_every_with_several_days_in_a_time_zone():
    settings = {"every": "mon,thu 20:00", "timezone": "Europe/Rome"}  # CET = UTC+1
    assert deadline(settings, utc(2026, 11, 23, 19, 0)) == utc(2026, 11, 26, 19, 0)
    assert deadline(settings, utc(2026, 11, 26, 19, 0)) == utc(2026, 11, 30, 19, 0)


def test_daily():
    assert deadline({"every": "daily 20:00"}, utc(2026, 11, 23, 10, 0)) == utc(2026, 11, 24, 20)
    settings = {"every": "daily 20:00", "min_hours": 6}
    assert deadline(settings, utc(2026, 11, 23, 10, 0)) == utc(2026, 11, 23, 20, 0)


def test_weekdays_skip_the_weekend():
    settings = {"every": "weekdays 18:30"}
    assert deadline(settings, utc(2026, 11, 26, 12, 0)) == utc(2026, 11, 27, 18, 30)  # Thu→Fri
    assert deadline(settings, utc(2026, 11, 26, 19, 0)) == utc(2026, 11, 30, 18, 30)  # →Mon


def test_next_slots_are_strictly_after_and_ascending():
    schedule = for_stage({"every": "mon,thu 20:00"}, "Turn 1")
    assert next_slots(schedule, utc(2026, 11, 23, 20, 0), n=3) == [
        utc(2026, 11, 26, 20, 0), utc(2026, 11, 30, 20, 0), utc(2026, 12, 3, 20, 0)]
    assert next_slots(schedule, utc(2026, 11, 23, 19, 0)) == [utc(2026, 11, 23, 20, 0)]
    assert next_slots(schedule, utc(2026, 11, 23, 19, 0), n=0) == []
    with pytest.raises(ValueError, match="uses 'hours'"):
        next_slots(for_stage({}, "Turn 1"), utc(2026, 11, 23))


# --- hours ------------------------------------------------------------------------------

def test_hours_deadline_is_rounded_up_to_the_next_full_hour():
    """Issue 20 (was: the next whole minute); more in test_deadline_rounding.py."""
    assert deadline({}, utc(2026, 11, 23, 10, 15, 30)) == utc(2026, 11, 26, 11, 0)
    assert deadline({}, utc(2026, 11, 23, 10, 0)) == utc(2026, 11, 26, 10, 0)
    opened = datetime(2026, 11, 23, 10, 0, 0, 1, tzinfo=UTC)
    assert deadline({"hours": 1.5}, opened) == utc(2026, 11, 23, 12, 0)


def test_hours_count_elapsed_time_across_dst_and_ignore_min_hours():
    settings = {"hours": 24, "timezone": "Europe/Rome"}
    assert deadline(settings, utc(2026, 3, 28, 12, 0)) == utc(2026, 3, 29, 12, 0)
    assert deadline({"hours": 6, "min_hours": 24}, utc(2026, 11, 23)) == utc(2026, 11, 23, 6)


def test_opened_may_be_given_in_any_zone_but_must_be_aware():
    from zoneinfo import ZoneInfo
    rome = datetime(2026, 11, 23, 20, 0, tzinfo=ZoneInfo("Europe/Rome"))
    assert deadline({"hours": 1}, rome) == utc(2026, 11, 23, 20, 0)
    with pytest.raises(ValueError, match="timezone-aware"):
        deadline({}, datetime(2026, 11, 23))


# --- stages -----------------------------------------------------------------------------

STAGED = {
    "every": "mon 20:00",
    "timezone": "Europe/Rome",
    "stages": {
        "Setup": {"hours": 48},
        "Turn 1*": {"every": "fri 12:00"},
        "Turn *": {"min_hours": 48, "grace_hours": 12},
        "* action": {"early_minutes": "off"},
    },
}


def test_stage_pattern_ignores_case_and_hours_replace_the_inherited_every():
    setup = for_stage(STAGED, "setup")
    assert (setup.every, setup.hours, setup.timezone) == (None, 48.0, "Europe/Rome")


def test_first_matching_stage_pattern_wins():
    assert for_stage(STAGED, "Turn 12").every == ((4,), 12, 0)
    assert for_stage(STAGED, "Turn 12").min_hours == 24.0
    turn_3 = for_stage(STAGED, "Turn 3")
    assert (turn_3.every, turn_3.min_hours, turn_3.grace_hours) == (((0,), 20, 0), 48.0, 12.0)
    assert for_stage(STAGED, "Turn 3 Action").early_minutes == 60.0  # "Turn *" came first
    assert for_stage(STAGED, "Diplomacy Action").early_minutes is None
    assert for_stage(STAGED, "Movement") == for_stage({k: v for k, v in STAGED.items()
                                                        if k != "stages"}, "Movement")


def test_lords_of_hell_stages_take_their_own_lengths():
    """The moderators.md example: a Lords of Hell turn's stages by name pattern."""
    loh = {"hours": 72, "stages": {"* transfer": {"hours": 120},
                                   "* combat round *": {"hours": 48},
                                   "* gathering": {"hours": 72}}}
    assert [for_stage(loh, name).hours for name in (
        "turn 1 transfer", "turn 1 combat round 1", "turn 1 combat round 4",
        "turn 1 gathering", "turn 12 transfer")] == [120.0, 48.0, 48.0, 72.0, 120.0]


def test_stage_deadlines():
    # Mon 23 Nov 19:00 UTC (20:00 CET) + 48 h → Wed; next Mon 30 Nov 20:00 CET.
    assert deadline(STAGED, utc(2026, 11, 23, 19), "Turn 3") == utc(2026, 11, 30, 19)
    assert deadline(STAGED, utc(2026, 11, 23, 19), "Setup") == utc(2026, 11, 25, 19)
    assert deadline(STAGED, utc(2026, 11, 23, 19), "Turn 10") == utc(2026, 11, 27, 11)


# --- daylight saving --------------------------------------------------------------------

def test_weekly_slot_keeps_its_wall_clock_time_across_dst_in_rome():
    schedule = for_stage({"every": "mon 20:00", "timezone": "Europe/Rome"}, "Turn 1")
    assert next_slots(schedule, utc(2026, 3, 23), n=2) == [
        utc(2026, 3, 23, 19, 0), utc(2026, 3, 30, 18, 0)]  # 20:00 CET, 20:00 CEST
    assert next_slots(schedule, utc(2026, 10, 19), n=2) == [
        utc(2026, 10, 19, 18, 0), utc(2026, 10, 26, 19, 0)]  # 20:00 CEST, 20:00 CET


def test_rome_spring_forward_slot_in_the_gap_moves_to_the_end_of_the_gap():
    # 02:30 does not exist on 29 Mar 2026: clocks jump from 02:00 CET to 03:00 CEST.
    settings = {"every": "sun 02:30", "timezone": "Europe/Rome", "min_hours": 0}
    assert deadline(settings, utc(2026, 3, 28, 12)) == utc(2026, 3, 29, 1, 0)  # 03:00 CEST
    schedule = for_stage(settings, "Turn 1")
    assert next_slots(schedule, utc(2026, 3, 28), n=2) == [
        utc(2026, 3, 29, 1, 0), utc(2026, 4, 5, 0, 30)]
    assert deadline({"every": "sun 02:00", "timezone": "Europe/Rome", "min_hours": 0},
                    utc(2026, 3, 28, 12)) == utc(2026, 3, 29, 1, 0)


def test_rome_spring_forward_shifted_slot_exactly_at_min_hours_counts():
    settings = {"every": "sun 02:30", "timezone": "Europe/Rome", "min_hours": 24}
    assert deadline(settings, utc(2026, 3, 28, 1, 0)) == utc(2026, 3, 29, 1, 0)
    assert deadline(settings, utc(2026, 3, 28, 1, 1)) == utc(2026, 4, 5, 0, 30)


def test_rome_fall_back_slot_in_the_repeated_hour_is_the_first_occurrence():
    settings = {"every": "sun 02:30", "timezone": "Europe/Rome", "min_hours": 0}
    assert deadline(settings, utc(2026, 10, 24, 12)) == utc(2026, 10, 25, 0, 30)  # CEST


def test_new_york_spring_forward_and_fall_back():
    spring = {"every": "sun 02:30", "timezone": "America/New_York", "min_hours": 0}
    assert deadline(spring, utc(2026, 3, 7, 12)) == utc(2026, 3, 8, 7, 0)  # 03:00 EDT
    fall = {"every": "sun 01:30", "timezone": "America/New_York", "min_hours": 0}
    assert deadline(fall, utc(2026, 10, 31, 12)) == utc(2026, 11, 1, 5, 30)  # 01:30 EDT
    schedule = for_stage({"every": "mon 20:00", "timezone": "America/New_York"}, "Turn 1")
    assert next_slots(schedule, utc(2026, 10, 26), n=2) == [
        utc(2026, 10, 27, 0, 0), utc(2026, 11, 3, 1, 0)]  # 20:00 EDT, 20:00 EST


def test_a_slot_on_a_skipped_day_moves_to_the_end_of_the_gap():
    # Samoa skipped Fri 30 Dec 2011: local time jumped from Thu 23:59:59 (-10) to Sat 00:00
    # (+14) at 10:00 UTC.
    schedule = for_stage({"every": "fri 20:00", "timezone": "Pacific/Apia", "min_hours": 0},
                         "Turn 1")
    assert next_slots(schedule, utc(2011, 12, 27), n=2) == [
        utc(2011, 12, 30, 10, 0), utc(2012, 1, 6, 6, 0)]


# --- reminders --------------------------------------------------------------------------

def test_reminders_are_sorted_and_counted_back_from_the_deadline():
    schedule = for_stage({"reminders": [2, 48, 24, 1.5]}, "Turn 1")
    assert schedule.reminders == (48.0, 24.0, 2.0, 1.5)
    end = utc(2026, 11, 30, 19, 0)
    assert reminder_times(schedule, end) == [
        (48.0, utc(2026, 11, 28, 19, 0)), (24.0, utc(2026, 11, 29, 19, 0)),
        (2.0, utc(2026, 11, 30, 17, 0)), (1.5, utc(2026, 11, 30, 17, 30))]


def test_reminders_before_the_stage_opened_are_left_out():
    schedule = for_stage({"reminders": [48, 24, 2]}, "Turn 1")
    end = utc(2026, 11, 30, 19, 0)
    assert reminder_times(schedule, end, opened=utc(2026, 11, 29, 19, 0)) == [
        (2.0, utc(2026, 11, 30, 17, 0))]
    assert reminder_times(for_stage({"reminders": []}, "Turn 1"), end) == []


# --- validation -------------------------------------------------------------------------

EVERY_EXAMPLE = "e.g. 'mon 20:00', 'mon,thu 20:00', 'daily 20:00', 'weekdays 18:30'"


@pytest.mark.parametrize("settings, message", [
    ({"every": "mnday 20:00"}, "schedule 'every': 'mnday 20:00' is not a day and time: "
     f"'mnday' is not a day (did you mean 'monday'?); {EVERY_EXAMPLE}"),
    ({"every": "mon 25:00"}, "schedule 'every': 'mon 25:00' is not a day and time: "
     f"'25:00' is not a time of day (00:00 to 23:59); {EVERY_EXAMPLE}"),
    ({"every": "mon 8pm"}, "'8pm' is not a time of day"),
    ({"every": "mon"}, f"schedule 'every': 'mon' is not a day and time; {EVERY_EXAMPLE}"),
    ({"every": "daily,mon 20:00"}, "'daily' cannot be combined with other days"),
    ({"every": 20}, "schedule 'every': 20 is not a day and time"),
    ({"hours": -1}, "schedule 'hours': -1 is negative; e.g. 72"),
    ({"hours": 0}, "schedule 'hours': 0 must be more than 0; e.g. 72"),
    ({"hours": "72"}, "schedule 'hours': '72' is not a number of hours; e.g. 72"),
    ({"hours": True}, "schedule 'hours': True is not a number of hours"),
    ({"hours": float("inf")}, "schedule 'hours': inf is not a finite number of hours"),
    ({"hours": 10000}, "schedule 'hours': 10000 is more than a year"),
    ({"min_hours": -0.5}, "schedule 'min_hours': -0.5 is negative; e.g. 24"),
    ({"grace_hours": -1}, "schedule 'grace_hours': -1 is negative; e.g. 12"),
    ({"early_minutes": -5}, "schedule 'early_minutes': -5 is negative; "
     "e.g. 60, or 'off' for no early processing"),
    ({"reminders": [24, -2]}, "schedule 'reminders': [24, -2] has -2, which is negative; "
     "e.g. [48, 24] (hours before the deadline)"),
    ({"reminders": "24"}, "schedule 'reminders': '24' is not a list of hours"),
    ({"nmr_limit": 0}, "schedule 'nmr_limit': 0 must be at least 1; e.g. 3"),
    ({"nmr_limit": 2.5}, "schedule 'nmr_limit': 2.5 is not a whole number of turns"),
    ({"timezone": "Europe/Rom"}, "schedule 'timezone': 'Europe/Rom' is not a known time zone "
     "(did you mean 'Europe/Rome'?); e.g. 'Europe/Rome', 'America/New_York', 'UTC'"),
    ({"timezone": "Rome"}, "'Rome' is not a known time zone (did you mean 'Europe/Rome'?)"),
    ({"timezone": "Nowhere/Special"}, "'Nowhere/Special' is not a known time zone; e.g."),
    ({"timezone": "Europe"}, "'Europe' is not a known time zone"),
    ({"timezone": "../etc/passwd"}, "'../etc/passwd' is not a known time zone"),
    ({"timezone": 1}, "schedule 'timezone': 1 is not a time zone name"),
    ({"hour": 48}, "schedule has no setting 'hour' (did you mean 'hours'?); the settings are "
     "every, hours, timezone, min_hours, grace_hours, early_minutes, reminders, nmr_limit, "
     "stages"),
    ({"reminder": [24]}, "no setting 'reminder' (did you mean 'reminders'?)"),
    ({"colour": "red"}, "schedule has no setting 'colour'; the settings are"),
    ({"every": "mon 20:00", "hours": 48}, "schedule sets both 'every' ('mon 20:00') and "
     "'hours' (48); keep one"),
    ({"stages": {"Turn *": {"hurs": 3}}}, "schedule stage 'Turn *' has no setting 'hurs' "
     "(did you mean 'hours'?)"),
    ({"stages": {"Turn *": {"hours": -3}}}, "schedule stage 'Turn *' 'hours': -3 is negative"),
    ({"stages": {"Turn *": {"every": "fri 12:00", "hours": 3}}},
     "schedule stage 'Turn *' sets both 'every'"),
    ({"stages": {"Turn *": {"stages": {}}}}, "'stages': stage overrides cannot be nested"),
    ({"stages": {"Turn *": 48}}, "schedule stage 'Turn *' settings 48 are not a mapping"),
    ({"stages": ["Turn *"]}, "schedule 'stages': ['Turn *'] is not a mapping of stage-name"),
    ({"stages": {"": {}}}, "schedule 'stages': '' is not a stage-name pattern"),
    ({"stages": {"Setup": {}, "SETUP": {}}}, "patterns 'Setup' and 'SETUP' are the same"),
    ("every mon", "schedule settings 'every mon' are not a mapping of settings"),
])
def test_every_validation_error_names_key_value_and_example(settings, message):
    with pytest.raises(PbemError) as error:
        parse_settings(settings)
    assert message in error.value.message
    assert error.value.exit_code == EXIT_USAGE


def test_unknown_time_zone_is_refused_where_a_zone_is_used():
    with pytest.raises(PbemError, match="'Mars/Olympus' is not a known time zone"):
        format_deadline(utc(2026, 11, 23), "Mars/Olympus")
    with pytest.raises(PbemError, match="'Mars/Olympus' is not a known time zone"):
        parse_when("2026-11-30 20:00", "Mars/Olympus", utc(2026, 11, 23))


def test_settings_are_normalised():
    settings = {"reminders": [2, 24, 24.0], "early_minutes": "off", "timezone": "europe/rome",
                "every": "Monday, THU 8:00", "stages": {"Setup": None}}
    assert parse_settings(settings) == {
        "every": "mon,thu 08:00", "timezone": "Europe/Rome", "early_minutes": None,
        "reminders": [24, 2], "stages": {"Setup": {}}}
    assert list(parse_settings(settings)) == ["every", "timezone", "early_minutes",
                                              "reminders", "stages"]
    assert parse_settings({"reminders": 12, "early_minutes": False}) == {
        "early_minutes": None, "reminders": [12]}
    assert parse_settings({"stages": None}) == {}


def test_normalised_settings_are_stable_and_json_compatible():
    once = parse_settings(STAGED)
    assert parse_settings(once) == once
    assert json.loads(json.dumps(once)) == once
    assert settings_input_untouched(STAGED)


def settings_input_untouched(original):
    copy = json.loads(json.dumps(original))
    parse_settings(copy)
    merge(copy, {"hours": 5})
    return copy == original


@pytest.mark.parametrize("text, every", [
    ("mon 20:00", ((0,), 20, 0)),
    ("Monday 20:00", ((0,), 20, 0)),
    ("THU,mon 8:05", ((0, 3), 8, 5)),
    ("mon, thu 20:00", ((0, 3), 20, 0)),
    ("daily 00:00", ((0, 1, 2, 3, 4, 5, 6), 0, 0)),
    ("weekdays 18:30", ((0, 1, 2, 3, 4), 18, 30)),
    ("sat,sunday 23:59", ((5, 6), 23, 59)),
])
def test_parse_every(text, every):
    assert parse_every(text) == every


def test_every_round_trips_through_its_canonical_form():
    for size in range(1, 8):
        for days in itertools.combinations(range(7), size):
            every = (days, 7, 45)
            assert parse_every(format_every(every)) == every
    assert format_every(((0, 1, 2, 3, 4, 5, 6), 20, 0)) == "daily 20:00"
    assert format_every(((0, 1, 2, 3, 4), 18, 30)) == "weekdays 18:30"
    assert format_every(((3, 0), 8, 0)) == "mon,thu 08:00"


# --- merge ------------------------------------------------------------------------------

def test_merge_updates_and_none_removes_a_key():
    base = {"every": "mon 20:00", "timezone": "Europe/Rome", "grace_hours": 12}
    assert merge(base, {"grace_hours": None, "nmr_limit": 5}) == {
        "every": "mon 20:00", "timezone": "Europe/Rome", "nmr_limit": 5}
    assert merge(base, None) == parse_settings(base)


def test_merge_hours_and_every_replace_each_other():
    assert merge({"every": "mon 20:00", "timezone": "Europe/Rome"}, {"hours": 48}) == {
        "hours": 48, "timezone": "Europe/Rome"}
    assert merge({"hours": 48}, {"every": "thu 20:00"}) == {"every": "thu 20:00"}


def test_merge_early_processing_none_means_off_not_back_to_default():
    # None is early_minutes' "off" value, so merging it must not turn early processing on.
    for off in ("off", None, False):
        assert merge({"early_minutes": 30}, {"early_minutes": off}) == {"early_minutes": None}
    assert for_stage(merge({}, {"early_minutes": None}), "Turn 1").early_minutes is None
    assert merge({"early_minutes": None}, {"early_minutes": 60}) == {"early_minutes": 60}


def test_merge_stages_per_pattern():
    merged = merge(STAGED, {"stages": {"turn *": {"grace_hours": None, "hours": 24},
                                       "Setup": None, "Endgame": {"hours": 12}}})
    assert merged["stages"] == {
        "Turn 1*": {"every": "fri 12:00"},
        "Turn *": {"hours": 24, "min_hours": 48},
        "* action": {"early_minutes": None},
        "Endgame": {"hours": 12},
    }
    assert "stages" not in merge(STAGED, {"stages": None})


def test_merge_result_is_validated():
    with pytest.raises(PbemError, match="schedule 'hours': -1 is negative"):
        merge({}, {"hours": -1})
    with pytest.raises(PbemError, match="no setting 'hurs' \\(did you mean 'hours'\\?\\)"):
        merge({}, {"hurs": 1})
    with pytest.raises(PbemError, match="stage 'Setup' 'hours': 0 must be more than 0"):
        merge(STAGED, {"stages": {"Setup": {"hours": 0}}})
    with pytest.raises(PbemError, match="not a mapping"):
        merge({}, "hours=3")


# --- describe ---------------------------------------------------------------------------

def test_describe():
    rome = for_stage({"every": "mon 20:00", "timezone": "Europe/Rome"}, "Turn 1")
    assert rome.describe() == (
        "every Mon 20:00 Europe/Rome, open at least 24 h, grace 0 h, early processing 60 min"
        " after all are ready, reminders 24 h before, moderator told after 3 missed turns")
    other = for_stage({"hours": 36.5, "early_minutes": "off", "reminders": [], "nmr_limit": 1,
                       "grace_hours": 12}, "Turn 1")
    assert other.describe() == (
        "36.5 h after the stage opens (UTC), grace 12 h, no early processing, no reminders,"
        " moderator told after 1 missed turn")
    assert for_stage({"every": "daily 08:00", "early_minutes": 0, "reminders": [48, 2]},
                     "x").describe().startswith(
        "every day 08:00 UTC, open at least 24 h, grace 0 h, early processing as soon as all"
        " are ready, reminders 48 h, 2 h before")
    assert for_stage({"every": "weekdays 18:30"}, "x").describe().startswith(
        "every weekday 18:30 UTC")
    assert for_stage({"every": "mon,thu 20:00"}, "x").describe().startswith(
        "every Mon, Thu 20:00 UTC")


# --- text forms -------------------------------------------------------------------------

def test_format_deadline():
    assert format_deadline(utc(2026, 11, 23, 19, 0), "Europe/Rome") == (
        "Mon 23 Nov 2026 20:00 CET (19:00 UTC)")
    assert format_deadline(utc(2026, 7, 6, 18, 0), "Europe/Rome") == (
        "Mon 6 Jul 2026 20:00 CEST (18:00 UTC)")
    assert format_deadline(utc(2026, 11, 23, 19, 0), "UTC") == "Mon 23 Nov 2026 19:00 UTC"
    assert format_deadline(utc(2026, 11, 24, 1, 0), "America/New_York") == (
        "Mon 23 Nov 2026 20:00 EST (Tue 24 Nov 2026 01:00 UTC)")
    assert format_deadline(utc(2026, 11, 23, 23, 0), "America/Sao_Paulo") == (
        "Mon 23 Nov 2026 20:00 UTC-03 (23:00 UTC)")


@pytest.mark.parametrize("td, text", [
    (timedelta(days=2, hours=3), "2 days 3 hours"),
    (timedelta(days=2, hours=3, minutes=59, seconds=59), "2 days 3 hours"),
    (timedelta(days=1, minutes=30), "1 day"),
    (timedelta(hours=1), "1 hour"),
    (timedelta(hours=1, minutes=5), "1 hour 5 minutes"),
    (timedelta(minutes=45), "45 minutes"),
    (timedelta(minutes=1), "1 minute"),
    (timedelta(seconds=59), "0 minutes"),
    (timedelta(0), "0 minutes"),
    (timedelta(hours=-2), "0 minutes"),
])
def test_format_duration(td, text):
    assert format_duration(td) == text


@pytest.mark.parametrize("text, td", [
    ("36h", timedelta(hours=36)),
    ("2d", timedelta(days=2)),
    ("90m", timedelta(minutes=90)),
    ("1d12h", timedelta(hours=36)),
    ("1.5h", timedelta(minutes=90)),
    (" 1D 2H 3M ", timedelta(days=1, hours=2, minutes=3)),
    ("2 days 3 hours", timedelta(days=2, hours=3)),
    ("1 hour 5 minutes", timedelta(hours=1, minutes=5)),
    ("0h", timedelta(0)),
])
def test_parse_duration(text, td):
    assert parse_duration(text) == td


@pytest.mark.parametrize("text", ["", "36", "h", "-2h", "2x", "12h1d", "1,5h", "2d2d", None])
def test_parse_duration_errors_give_examples(text):
    with pytest.raises(PbemError) as error:
        parse_duration(text)
    assert error.value.message == (
        f"{text!r} is not a duration; e.g. '36h', '2d', '90m', '1d12h', '1.5h'")


def test_format_duration_round_trips_through_parse_duration():
    for minutes in (0, 1, 59, 60, 61, 119, 1440, 1500, 2880 + 180, 10 * 1440 + 23 * 60):
        td = timedelta(minutes=minutes)
        assert parse_duration(format_duration(td)) == td


NOW = utc(2026, 11, 23, 10, 0)


@pytest.mark.parametrize("text, tz, expected", [
    ("2026-11-30 20:00", "Europe/Rome", utc(2026, 11, 30, 19, 0)),
    ("2026-11-30T20:00", "Europe/Rome", utc(2026, 11, 30, 19, 0)),
    ("2026-07-01 20:00", "Europe/Rome", utc(2026, 7, 1, 18, 0)),
    ("2026-11-30 20:00:30", "UTC", utc(2026, 11, 30, 20, 0, 30)),
    ("2026-11-30 20:00Z", "Europe/Rome", utc(2026, 11, 30, 20, 0)),
    ("2026-11-30T20:00+05:30", "Europe/Rome", utc(2026, 11, 30, 14, 30)),
    ("2026-10-25 02:30", "Europe/Rome", utc(2026, 10, 25, 0, 30)),  # first occurrence
    ("+36h", "Europe/Rome", utc(2026, 11, 24, 22, 0)),
    ("+1d12h", "UTC", utc(2026, 11, 24, 22, 0)),
    ("now", "UTC", NOW),
])
def test_parse_when(text, tz, expected):
    assert parse_when(text, tz, NOW) == expected


@pytest.mark.parametrize("text, message", [
    ("tomorrow", "'tomorrow' is not a date and time; e.g. '2026-11-30 20:00' (game time zone),"
     " '2026-11-30T20:00', '+36h' (from now)"),
    ("2026-11-30", "'2026-11-30' is not a date and time"),
    ("+soon", "'+soon' is not a date and time"),
    ("-2h", "'-2h' is not a date and time"),
    ("2026-02-30 20:00", "'2026-02-30 20:00' is not a valid date and time (day is out of range"),
    ("2026-11-30 24:00", "is not a valid date and time"),
    ("2026-11-30 20:00+25:00", "impossible UTC offset '+25:00'"),
    ("2026-03-29 02:30", "'2026-03-29 02:30' does not exist in Europe/Rome: the clocks skip it;"
     " e.g. 2026-03-29 03:00"),
])
def test_parse_when_errors(text, message):
    with pytest.raises(PbemError) as error:
        parse_when(text, "Europe/Rome", NOW)
    assert message in error.value.message


# --- properties -------------------------------------------------------------------------

TOKENS = ["", " ", "mon", "Thu", "daily", "weekdays", ",", "20:00", "8:5", "25:61", "+",
          "-", "1", "1.5", "d", "h", "m", "2026-11-30", "T", "Z", "\x00", "é", "..", "/"]


PARSERS = [
    lambda text: parse_settings({"every": text}),
    lambda text: parse_settings({"timezone": text}),
    parse_duration,
    lambda text: parse_when(text, "Europe/Rome", NOW),
]


def test_parsers_never_crash_on_junk():
    for a, b in itertools.product(TOKENS, repeat=2):
        for parse in PARSERS:
            try:
                parse(a + b)
            except PbemError:
                pass


ODD_VALUES = [None, True, False, 0, -1, 1.5, float("nan"), "", "x", [], [None], {}, {"a": 1}]


def test_settings_never_crash_on_odd_values():
    for key, value in itertools.product([*KEYS, "junk"], ODD_VALUES):
        for settings in ({key: value}, {"stages": {"Turn *": {key: value}}}):
            try:
                schedule = for_stage(settings, "Turn 1")
            except PbemError:
                continue
            deadline_for(schedule, NOW)
            reminder_times(schedule, NOW)
            schedule.describe()


def test_same_inputs_same_outputs_whatever_the_local_time_zone(monkeypatch):
    def run():
        schedule = for_stage(STAGED, "Turn 3")
        end = deadline_for(schedule, utc(2026, 3, 20, 9, 17))
        return (end, reminder_times(schedule, end), format_deadline(end, "Europe/Rome"),
                parse_when("2026-03-29 12:00", "America/New_York", NOW), schedule.describe())

    first = run()
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        assert run() == first
    finally:
        monkeypatch.undo()
        time.tzset()
    assert first[0] == utc(2026, 3, 23, 19, 0)  # Mon 20:00 CET: first slot 48 h after Fri


def test_time_zones_load_without_system_tz_data():
    # PYTHONTZPATH="" hides /usr/share/zoneinfo; zoneinfo then needs the tzdata package.
    env = {**os.environ, "PYTHONTZPATH": ""}
    code = ("from datetime import UTC, datetime; from pbem.schedule import format_deadline; "
            "print(format_deadline(datetime(2026, 11, 23, 19, tzinfo=UTC), 'Europe/Rome'))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True).stdout
    assert out == "Mon 23 Nov 2026 20:00 CET (19:00 UTC)\n"
