"""pbem.yaml is checked in full when a site is opened (issue 17): every problem at once,
each with the file, line and setting, exit code 2 before anything is touched."""

import re
from pathlib import Path

import pytest
import yaml

from pbem import answering, budget, config, intake, outbox, schedule
from pbem.errors import PbemError
from pbem.site import DEFAULT_CONFIG, init_site, open_site

DOCS = Path(__file__).parents[2] / "docs" / "moderators.md"


def problems_of(text: str) -> list[str]:
    """The problems `text` as a pbem.yaml has, as "line N: setting: ..." strings."""
    lines, duplicates = config.key_lines(text)
    _, found = config.validate(yaml.safe_load(text), lines)
    return [f"line {p.line}: {p.text}" for p in duplicates + found]


def edited(*changes: tuple[str, str]) -> str:
    text = DEFAULT_CONFIG
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def line_of(text: str, part: str) -> int:
    return text[:text.index(part)].count("\n") + 1


@pytest.fixture
def site_dir(tmp_path):
    return init_site(tmp_path / "site").root


def error_opening(root: Path, text: str) -> PbemError:
    (root / "pbem.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(PbemError) as info:
        open_site(root)
    assert info.value.exit_code == 2
    return info.value


# --- the default -------------------------------------------------------------------------

def test_the_default_config_is_valid_and_gets_every_default(site_dir):
    assert problems_of(DEFAULT_CONFIG) == []
    site = open_site(site_dir)  # what `pbem init` wrote
    assert site.mail["dry_run"] is False and site.mail["fetch"] == "files"
    assert site.mail["retry"] == {"attempts": 8, "backoff_minutes": 5}
    assert site.mail["max_bytes"] == 1_000_000 and site.mail["replies_per_hour"] == 30
    assert site.section("backups") == {"keep": 20}
    assert site.section("schedule") == {"hours": 72, "timezone": "UTC", "reminders": [24],
                                        "early_minutes": 60, "nmr_limit": 3}
    assert site.section("limits") == {}  # pbem.budget's defaults apply
    assert site.reports_dir == site_dir / "reports"


def test_the_schema_defaults_are_the_code_defaults():
    by = config.BY_KEY
    assert by["mail.max_bytes"].default == answering.DEFAULT_MAX_BYTES
    assert by["mail.max_bytes"].high == intake.HARD_LIMIT
    assert by["mail.replies_per_hour"].default == answering.DEFAULT_REPLIES_PER_HOUR

    class Bare:
        mail: dict = {}

    assert outbox.retry_settings(Bare()) == (by["mail.retry.attempts"].default,
                                             by["mail.retry.backoff_minutes"].default)
    assert {k for k in by if k.startswith("schedule.")} == {f"schedule.{k}"
                                                           for k in schedule.KEYS}
    for key, value in schedule.DEFAULTS.items():
        if value is not None:
            assert by[f"schedule.{key}"].default_text == str(value), key
    assert float(by["limits.stage_seconds"].default_text) == budget.STAGE_SECONDS
    assert int(by["limits.stage_events"].default_text) == budget.STAGE_EVENTS
    assert float(by["limits.mail_seconds"].default_text) == budget.MAIL_SECONDS


def test_every_setting_is_documented_for_moderators():
    docs = DOCS.read_text(encoding="utf-8")
    missing = [s.key for s in config.SETTINGS if f"`{s.key}`" not in docs]
    assert missing == []
    sections = [s.key for s in config.SECTIONS if f"`{s.key}`" not in docs]
    assert sections == []


# --- each kind of problem ----------------------------------------------------------------

def test_a_string_boolean_is_refused_not_taken_as_true():
    [problem] = problems_of(edited(("dry_run: false", 'dry_run: "false"')))
    assert problem.endswith("mail.dry_run: 'false' is a string; write true or false "
                            "without quotes")
    assert problems_of(edited(("dry_run: false", "dry_run: true"))) == []


def test_a_value_of_the_wrong_type():
    [problem] = problems_of(edited(("keep: 20", "keep: lots")))
    assert "backups.keep: 'lots' is a string; write a whole number from 0 to" in problem
    [problem] = problems_of(edited(("site_name: My pbem site", "site_name: [a, b]")))
    assert "site_name: ['a', 'b'] is a list; write text" in problem
    [problem] = problems_of(edited(("keep: 20", "keep: 2.5")))
    assert "backups.keep: 2.5 is not a whole number" in problem
    [problem] = problems_of(edited(("mail:\n", "mail:\n  retry: 8\n")))
    assert "mail.retry: 8 is a number; expected a mapping of settings" in problem
    [problem] = problems_of(edited(("address: orders@example.org", "address: orders")))
    assert "mail.address: 'orders' is not a mail address" in problem


def test_a_quoted_number_says_to_drop_the_quotes():
    [problem] = problems_of(edited(("keep: 20", 'keep: "20"')))
    assert problem.endswith("backups.keep: '20' is a string; write 20 without quotes")


def test_a_number_out_of_range():
    [problem] = problems_of(edited(("mail:\n", "mail:\n  retry: {attempts: 0}\n")))
    assert problem.endswith("mail.retry.attempts: 0 is too small; write a whole number "
                            "from 1 to 20")
    [problem] = problems_of(edited(("mail:\n", "mail:\n  max_bytes: 100000000\n")))
    assert "mail.max_bytes: 100000000 is too large; write a whole number from 1000 to " \
           "25000000" in problem


def test_a_choice_not_offered_gets_a_suggestion():
    [problem] = problems_of(edited(("transport: files", "transport: smpt")))
    assert problem.endswith("mail.transport: 'smpt' is not one of files, smtp (did you mean "
                            "smtp?)")


def test_an_unknown_setting_is_a_probable_typo_with_a_suggestion():
    [problem] = problems_of(edited(("dry_run: false", "dry_rn: false")))
    line = line_of(DEFAULT_CONFIG, "dry_run")
    assert problem == (f"line {line}: mail.dry_rn: not a setting under mail (a typo?); "
                       "did you mean mail.dry_run?")
    [problem] = problems_of(edited(("site_name:", "dry_run: true\nsite_name:")))
    assert "dry_run: not a setting at the top level (a typo?); did you mean mail.dry_run?" \
        in problem
    [problem] = problems_of(edited(("keep: 20", "keep: 20\n  zzz: 1")))
    assert "backups.zzz: not a setting under backups (a typo?); the settings here are: keep" \
        in problem
    [problem] = problems_of(edited(("nmr_limit: 3", "nmr_limt: 3")))
    assert "schedule.nmr_limt: not a setting under schedule (a typo?); did you mean " \
           "schedule.nmr_limit?" in problem


def test_a_setting_given_twice_is_reported():
    text = edited(("keep: 20", "keep: 20\n  keep: 30"))
    [problem] = problems_of(text)
    first = line_of(text, "keep: 20")
    assert problem == (f"line {first + 1}: backups.keep: set twice (lines {first} and "
                       f"{first + 1}); the second would replace the first: keep one")


def test_the_schedule_is_checked_as_pbem_game_schedule_checks_it():
    found = problems_of(edited(("timezone: UTC", "timezone: rome"),
                               ("reminders: [24]", "reminders: [-1]")))
    assert "schedule.timezone: 'rome' is not a known time zone (did you mean " \
           "'Europe/Rome'?)" in found[0]
    assert "schedule.reminders: [-1] has -1, which is negative" in found[1]
    [problem] = problems_of(edited(("hours: 72", "hours: 72\n  every: mon 20:00")))
    assert "schedule: sets both 'every'" in problem
    assert problems_of(edited(("hours: 72", "every: mon 20:00"),
                              ("early_minutes: 60", "early_minutes: off"))) == []


def test_missing_required_settings_say_what_and_how_to_regenerate(site_dir):
    text = edited(("moderator_email: moderator@example.org\n", ""),
                  ("address: orders@example.org\n", ""))
    message = error_opening(site_dir, text).message
    assert "moderator_email: missing; the moderator's address" in message
    assert "mail.address: missing; players send their orders here" in message
    assert "move pbem.yaml aside" in message
    assert f"pbem init {site_dir.resolve()}" in message


def test_an_empty_file_is_an_error_not_the_defaults(site_dir):
    for text in ("", "\n", "# all commented out\n"):
        message = error_opening(site_dir, text).message
        assert message.startswith(f"{site_dir.resolve() / 'pbem.yaml'} is empty")
        assert "needs at least moderator_email and mail.address" in message
        assert "move pbem.yaml aside" in message and "pbem init" in message


def test_a_truncated_file_names_the_file_and_line(site_dir):
    cut = DEFAULT_CONFIG[:DEFAULT_CONFIG.index("reminders: [24") + len("reminders: [24")]
    message = error_opening(site_dir, cut).message
    line = cut.count("\n") + 1
    assert message.startswith(f"{site_dir.resolve() / 'pbem.yaml'}, line {line}, column")
    assert "not valid YAML" in message and "pbem init" in message
    cut = DEFAULT_CONFIG[:DEFAULT_CONFIG.index("timezone: UTC") + 5]
    assert re.search(r"pbem\.yaml, line \d+, column \d+: not valid YAML",
                     error_opening(site_dir, cut).message)


def test_imap_needs_host_user_and_a_password_setting():
    found = problems_of(edited(("fetch: files", "fetch: imap\n  imap: {port: 993}")))
    assert [p.split(": ", 1)[1] for p in found] == [
        "mail.imap.host: missing (needed because mail.fetch is imap); the IMAP server",
        "mail.imap.user: missing (needed because mail.fetch is imap); the login name",
        "mail.imap.password_env: missing (needed because mail.fetch is imap); give "
        "password_env: NAME (an environment variable holding the password) or "
        "password_file: PATH"]
    ok = "fetch: imap\n  imap: {host: imap.example.org, user: pbem, password_env: PW}"
    assert problems_of(edited(("fetch: files", ok))) == []
    found = problems_of(edited(("fetch: files", "fetch: imap")))
    assert "mail.imap.host: missing (needed because mail.fetch is imap)" in found[0]


def test_the_selected_transport_and_mailbox_need_their_sections():
    [problem] = problems_of(edited(("transport: files", "transport: smtp")))
    assert "mail.smtp.host: missing (needed because mail.transport is smtp)" in problem
    [problem] = problems_of(edited(("fetch: files", "fetch: maildir")))
    assert "mail.maildir.path: missing (needed because mail.fetch is maildir)" in problem
    # a section kept for later, not selected, is checked but not required complete
    assert problems_of(edited(("transport: files", "transport: files\n  smtp: {port: 25}"))) \
        == []
    [problem] = problems_of(edited(("transport: files",
                                    "transport: files\n  smtp: {port: '25'}")))
    assert "mail.smtp.port: '25' is a string; write 25 without quotes" in problem


def test_a_password_is_never_taken_from_pbem_yaml():
    text = edited(("transport: files", "transport: smtp\n  smtp: {host: h, password: x}"))
    [problem] = problems_of(text)
    assert "mail.smtp.password: passwords are never written in pbem.yaml" in problem


def test_settings_are_kept_in_the_shape_the_code_reads(site_dir):
    text = edited(("transport: files", "transport: SMTP\n  smtp: {host: smtp.example.org}"),
                  ("dry_run: false", "dry_run: true"))
    (site_dir / "pbem.yaml").write_text(text)
    site = open_site(site_dir)
    assert site.mail["transport"] == "smtp" and site.mail["dry_run"] is True
    assert site.mail["smtp"] == {"host": "smtp.example.org", "tls": "starttls", "user": "",
                                 "timeout": 30}
    assert "imap" not in site.mail  # only the sections given or selected are filled in


def test_every_problem_is_reported_at_once(site_dir):
    text = edited(("site_name: My pbem site", "site_nme: My pbem site"),
                  ("dry_run: false", 'dry_run: "no"'),
                  ("fetch: files", "fetch: imap"),
                  ("keep: 20", "keep: -3"),
                  ("nmr_limit: 3", "nmr_limit: 0"))
    message = error_opening(site_dir, text).message
    head, *lines, tail = message.splitlines()
    shown = site_dir.resolve() / "pbem.yaml"
    assert head == f"{shown}: 7 problems; nothing was done:"
    fetch = line_of(text, "fetch: imap")
    assert lines == [f"  {shown}, line {n}: {problem}" for n, problem in [
        (2, "site_nme: not a setting at the top level (a typo?); did you mean site_name?"),
        (fetch, "mail.imap.host: missing (needed because mail.fetch is imap); the IMAP server"),
        (fetch, "mail.imap.user: missing (needed because mail.fetch is imap); the login name"),
        (fetch, "mail.imap.password_env: missing (needed because mail.fetch is imap); give "
                "password_env: NAME (an environment variable holding the password) or "
                "password_file: PATH"),
        (line_of(text, "dry_run"), "mail.dry_run: 'no' is a string; write true or false "
                                   "without quotes"),
        (line_of(text, "nmr_limit"), "schedule.nmr_limit: 0 must be at least 1; e.g. 3"),
        (line_of(text, "keep: -3"), "backups.keep: -3 is too small; write a whole number "
                                    "from 0 to 100000")]]
    assert "docs/moderators.md" in tail


# --- through the command line ------------------------------------------------------------

def test_a_bad_pbem_yaml_exits_2_before_anything_is_touched(cli):
    (cli.site / "inbox" / "a.eml").write_bytes(b"From: x@example.org\r\n\r\nhello\r\n")
    cfg = cli.site / "pbem.yaml"
    cfg.write_text(edited(("dry_run: false", 'dry_run: "false"'), ("keep: 20", "keep: -1")))
    code, out = cli("run")
    assert code == 2
    assert "error: " in out and "2 problems" in out
    assert "mail.dry_run: 'false' is a string; write true or false without quotes" in out
    assert "backups.keep: -1 is too small" in out
    assert (cli.site / "inbox" / "a.eml").exists()
    assert not (cli.site / "pbem.lock").exists()
    assert list((cli.site / "backups").iterdir()) == []
    for args in (["status"], ["mail", "send"], ["game", "new", "g1", "--game", "hellgame"]):
        assert cli(*args)[0] == 2, args


def test_init_keeps_a_bad_pbem_yaml_and_says_to_move_it(cli):
    (cli.site / "pbem.yaml").write_text("")
    code, out = cli("init", str(cli.site))
    assert code == 2 and "is empty" in out and "move pbem.yaml aside" in out
    assert (cli.site / "pbem.yaml").read_text() == ""
    (cli.site / "pbem.yaml").rename(cli.site / "pbem.yaml.old")
    code, out = cli("init", str(cli.site))
    assert code == 0, out
    assert (cli.site / "pbem.yaml").read_text() == DEFAULT_CONFIG
