"""pbem.yaml: every setting pbem reads, checked once when a site is opened (issue 17).

`SETTINGS` and `SECTIONS` are the schema: each setting's type, default, allowed values and
meaning (docs/moderators.md, *Settings*, lists the same). `load` reads a pbem.yaml,
checks all of it and returns the settings as the plain dict the rest of pbem reads
(`site.mail.get("dry_run")`, `site.section("schedule")`), with the defaults filled in; or
raises a PbemError (exit code 2) listing every problem at once, each with the file, the
line, the setting's dotted name, what was found and what is expected. Nothing else is
looked at before that, so a wrong setting never crashes a run half-way.

The rules: booleans are YAML booleans (`true`, not `"true"`); numbers are numbers within
a range; a setting pbem does not know is an error (a typo silently ignored is the
surprise this avoids), with a did-you-mean; the sections of the selected `mail.fetch`
and `mail.transport` must be there and complete; `schedule` is checked by
pbem.schedule, which also checks `pbem game schedule`.
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from . import schedule
from .errors import EXIT_USAGE, PbemError


@dataclass(frozen=True)
class Setting:
    """One setting. `type`: text, address, address-or-empty, bool, int, number, choice,
    or schedule (checked by pbem.schedule). `default` None: none is filled in (the code
    decides, as `default_text` says), or the setting is `required`."""

    key: str  # dotted: "mail.retry.attempts"
    type: str
    doc: str
    default: object = None
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    required: bool = False
    default_text: str = ""  # for the docs, when `default` alone does not say it

    @property
    def section(self) -> str:
        return self.key.rpartition(".")[0]

    @property
    def name(self) -> str:
        return self.key.rpartition(".")[2]


@dataclass(frozen=True)
class Section:
    """A mapping of settings. `when` (setting, value): it is needed, and its required
    settings are, only when that setting has that value; otherwise it is optional."""

    key: str
    doc: str
    when: tuple[str, str] | None = None


SECTIONS: tuple[Section, ...] = (
    Section("mail", "Mail in and out."),
    Section("mail.retry", "Sending again after a temporary failure."),
    Section("mail.maildir", "The Maildir read when mail.fetch is maildir.",
            when=("mail.fetch", "maildir")),
    Section("mail.mbox", "The mbox file read when mail.fetch is mbox.",
            when=("mail.fetch", "mbox")),
    Section("mail.imap", "The IMAP mailbox read when mail.fetch is imap.",
            when=("mail.fetch", "imap")),
    Section("mail.smtp", "The SMTP server used when mail.transport is smtp.",
            when=("mail.transport", "smtp")),
    Section("schedule", "The schedule new games get (see Deadlines)."),
    Section("limits", "How long one game's stage or one mail may keep a run busy."),
    Section("service", "The player service by mail (commands, vacations)."),
    Section("backups", "The database backups made before processing."),
    Section("reports", "The report files."),
)

_SECRET_DOC = ("the name of an environment variable holding the password (set it in the "
               "crontab, say)")
_FILE_DOC = "a file holding the password (readable only by you), instead of password_env"
_CA_DOC = "a CA certificate file, for a server whose certificate is private"

SETTINGS: tuple[Setting, ...] = (
    Setting("site_name", "text", "The site's name: the sender's name on every mail, and in "
            "mail footers.", default="pbem"),
    Setting("moderator_email", "address", "The moderator's address: gets errors, missed-turn "
            "notices and, with mail.dry_run, every mail.", required=True),
    Setting("mail.address", "address", "Players send their orders here; every mail pbem sends "
            "comes from it.", required=True),
    Setting("mail.fetch", "choice", "Where mail comes from: files (*.eml dropped in inbox/), "
            "maildir, mbox or imap.", default="files",
            choices=("files", "maildir", "mbox", "imap")),
    Setting("mail.transport", "choice", "How mail leaves: files (one .eml per message in "
            "outbox/, nothing is sent) or smtp.", default="files", choices=("files", "smtp")),
    Setting("mail.dry_run", "bool", "true: every mail goes to moderator_email instead, marked "
            "with whom it was for.", default=False),
    Setting("mail.map_image", "choice", "How a report mail shows the map: png (an image "
            "every mail program shows; drawing it is most of a stage's work) or svg (the "
            "HTML keeps the map as SVG: Apple Mail and Thunderbird show it, Gmail and "
            "Outlook do not).", default="png", choices=("png", "svg")),
    Setting("mail.boards_to", "address-or-empty", "Also mail each stage's public board "
            "there (a spectators' list); empty: nowhere.", default=""),
    Setting("mail.max_bytes", "int", "A larger mail is stored but refused.",
            default=1_000_000, low=1_000, high=25_000_000),
    Setting("mail.replies_per_hour", "int", "At most this many answers to one address in an "
            "hour (stops mail loops).", default=30, low=1, high=10_000),
    Setting("mail.retry.attempts", "int", "Tries before a message that keeps failing "
            "temporarily is marked failed.", default=8, low=1, high=20),
    Setting("mail.retry.backoff_minutes", "int", "Wait before the first retry; each next "
            "wait is twice as long.", default=5, low=1, high=24 * 60),
    Setting("mail.maildir.path", "text", "The Maildir folder (relative to the site, or "
            "~/...).", required=True),
    Setting("mail.mbox.path", "text", "The mbox file (relative to the site, or ~/...).",
            required=True),
    Setting("mail.imap.host", "text", "The IMAP server.", required=True),
    Setting("mail.imap.port", "int", "The server's port.", low=1, high=65_535,
            default_text="993 with tls: ssl, 143 with starttls"),
    Setting("mail.imap.tls", "choice", "ssl (TLS from the start) or starttls; IMAP never "
            "goes without TLS.", default="ssl", choices=("ssl", "starttls")),
    Setting("mail.imap.user", "text", "The login name.", required=True),
    Setting("mail.imap.password_env", "text", _SECRET_DOC[0].upper() + _SECRET_DOC[1:] + "."),
    Setting("mail.imap.password_file", "text", _FILE_DOC[0].upper() + _FILE_DOC[1:] + "."),
    Setting("mail.imap.folder", "text", "The folder read.", default="INBOX"),
    Setting("mail.imap.done_folder", "text", "A stored message is moved there; empty: it is "
            "only marked seen.", default=""),
    Setting("mail.imap.ca_file", "text", _CA_DOC[0].upper() + _CA_DOC[1:] + "."),
    Setting("mail.imap.timeout", "number", "Seconds to wait for the server.", default=60,
            low=1, high=600),
    Setting("mail.smtp.host", "text", "The SMTP server.", required=True),
    Setting("mail.smtp.port", "int", "The server's port.", low=1, high=65_535,
            default_text="587, or 465 with tls: ssl"),
    Setting("mail.smtp.tls", "choice", "starttls, ssl (TLS from the start) or none.",
            default="starttls", choices=("starttls", "ssl", "none")),
    Setting("mail.smtp.user", "text", "The login name; empty: no login.", default=""),
    Setting("mail.smtp.password_env", "text", _SECRET_DOC[0].upper() + _SECRET_DOC[1:] + "."),
    Setting("mail.smtp.password_file", "text", _FILE_DOC[0].upper() + _FILE_DOC[1:] + "."),
    Setting("mail.smtp.ca_file", "text", _CA_DOC[0].upper() + _CA_DOC[1:] + "."),
    Setting("mail.smtp.timeout", "number", "Seconds to wait for the server.", default=30,
            low=1, high=600),
    Setting("schedule.every", "schedule", "A weekly or daily slot: mon 20:00, mon,thu 20:00, "
            "daily 20:00, weekdays 18:30.", default_text="none"),
    Setting("schedule.hours", "schedule", "Or: the deadline is this many hours after the "
            "stage opens, rounded up to the next full hour of the game's time zone.",
            default_text=str(schedule.DEFAULTS["hours"])),
    Setting("schedule.timezone", "schedule", "IANA time zone name, e.g. Europe/Rome.",
            default_text=schedule.DEFAULTS["timezone"]),
    Setting("schedule.min_hours", "schedule", "With every: a stage is open at least this "
            "long.", default_text=str(schedule.DEFAULTS["min_hours"])),
    Setting("schedule.grace_hours", "schedule", "After the deadline, wait this long for "
            "players who have not ordered.", default_text=str(schedule.DEFAULTS["grace_hours"])),
    Setting("schedule.early_minutes", "schedule", "When every sheet is ready, process this "
            "long after the last; off: never early.",
            default_text=str(schedule.DEFAULTS["early_minutes"])),
    Setting("schedule.reminders", "schedule", "Hours before the deadline at which players "
            "without orders are reminded.", default_text=str(schedule.DEFAULTS["reminders"])),
    Setting("schedule.nmr_limit", "schedule", "After this many missed stages in a row the "
            "moderator is mailed.", default_text=str(schedule.DEFAULTS["nmr_limit"])),
    Setting("schedule.stages", "schedule", "Overrides by stage-name pattern: "
            "{\"Setup\": {hours: 48}}.", default_text="none"),
    Setting("limits.stage_seconds", "number", "One game's stage may run this long before it "
            "is stopped and kept as it was.", low=1, high=24 * 3600, default_text="300"),
    Setting("limits.stage_events", "int", "... or log this many events.", low=1_000,
            high=100_000_000, default_text="200000"),
    Setting("limits.mail_seconds", "number", "Answering one mail may take this long.",
            low=1, high=3600, default_text="30"),
    Setting("service.vacation_days", "int", "The longest VACATION a player may take by mail.",
            default=21, low=1, high=365),
    Setting("backups.keep", "int", "Backups kept in backups/; 0 keeps every one.", default=20,
            low=0, high=100_000),
    Setting("reports.directory", "text", "Where each report is also written as a file "
            "(relative to the site).", default="reports"),
)

BY_KEY = {s.key: s for s in SETTINGS}
SECTION_BY_KEY = {s.key: s for s in SECTIONS}
#: Settings every pbem.yaml needs (the others are needed only with a section selected).
REQUIRED = tuple(s.key for s in SETTINGS if s.required
                 and getattr(SECTION_BY_KEY.get(s.section), "when", None) is None)
_PASSWORD_HINT = ("passwords are never written in pbem.yaml: put it in an environment variable "
                  "(password_env: NAME) or a file only you can read (password_file: PATH)")
_ADDRESS = re.compile(r"[^@\s<>,;\"]+@[^@\s<>,;\"]+")
_PASSWORD_HOW = ("give password_env: NAME (an environment variable holding the password) or "
                 "password_file: PATH")
_BOOL_WORDS = ("true", "false", "yes", "no", "on", "off", "1", "0", "y", "n")


@dataclass(frozen=True)
class Problem:
    line: int | None  # 1-based, in pbem.yaml
    text: str  # starts with the setting's dotted name
    missing: bool = False  # a required setting is not there


class _Bad(Exception):
    """A value is wrong; the text says what was found and what is expected."""


# --- reading ----------------------------------------------------------------------------

def load(path: Path) -> dict:
    """The settings in pbem.yaml `path`, checked, with defaults filled in."""
    shown = path.resolve()
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise _error(f"{shown}: not UTF-8 text; save it as UTF-8") from None
    except OSError as e:
        raise _error(f"{shown}: cannot read it: {e.strerror}") from None
    try:
        lines, duplicates = key_lines(text)
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise _error(_yaml_message(shown, e)) from None
    if data is None:
        raise _error(f"{shown} is empty: it has no settings, and needs at least "
                     f"{' and '.join(REQUIRED)}. {_regenerate(path)}")
    if not isinstance(data, dict):
        raise _error(f"{shown}: must be a mapping of settings (name: value lines), not "
                     f"{_what(data)}. {_regenerate(path)}")
    config, problems = validate(data, lines)
    problems = duplicates + problems
    if problems:
        raise _error(report(path, problems))
    return config


def report(path: Path, problems: list[Problem]) -> str:
    """The error message: one line per problem, in the file's order, each naming the
    file, the line and the setting."""
    shown = path.resolve()
    ordered = sorted(problems, key=lambda p: (p.line is None, p.line or 0))
    lines = [f"{shown}, line {p.line}: {p.text}" if p.line else f"{shown}: {p.text}"
             for p in ordered]
    tail = []
    if any(p.missing and p.text.split(":")[0] in REQUIRED for p in problems):
        tail.append(_regenerate(path))
    tail.append("docs/moderators.md (Settings) describes every setting.")
    if len(lines) == 1:
        return f"{lines[0]}\n{' '.join(tail)}"
    head = f"{shown}: {len(lines)} problems; nothing was done:"
    return "\n".join([head, *(f"  {line}" for line in lines), " ".join(tail)])


def _regenerate(path: Path) -> str:
    path = path.resolve()
    return (f"To start again from the default settings, move {path.name} aside "
            f"(mv {path} {path}.old) and run `pbem init {path.parent}` (it writes a fresh "
            f"{path.name} only when there is none).")


def _error(message: str) -> PbemError:
    return PbemError(message, EXIT_USAGE)


def _yaml_message(shown: Path, e: yaml.YAMLError) -> str:
    mark = getattr(e, "problem_mark", None)
    where = f"{shown}, line {mark.line + 1}, column {mark.column + 1}" if mark else str(shown)
    problem = getattr(e, "problem", None) or str(e)
    context = getattr(e, "context", None)
    cmark = getattr(e, "context_mark", None)
    if context and cmark is not None:
        problem += f" ({context} on line {cmark.line + 1})"
    elif context:
        problem += f" ({context})"
    return (f"{where}: not valid YAML: {problem}. A half-written or cut-short file? Compare "
            f"it with the default settings (docs/moderators.md, Settings). "
            f"{_regenerate(shown)}")


def key_lines(text: str) -> tuple[dict[tuple, int], list[Problem]]:
    """The line of every key (by path) and the keys set twice in one mapping."""
    lines: dict[tuple, int] = {}
    duplicates: list[Problem] = []
    node = yaml.compose(text, Loader=yaml.SafeLoader)

    def walk(node, path: tuple) -> None:
        if not isinstance(node, yaml.MappingNode):
            return
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value
            if not isinstance(key, str) or key == "<<":
                continue
            line = key_node.start_mark.line + 1
            if key in seen:
                duplicates.append(Problem(line, f"{_dotted((*path, key))}: set twice (lines "
                                                f"{seen[key]} and {line}); the second would "
                                                f"replace the first: keep one"))
            seen[key] = line
            lines[(*path, key)] = line
            walk(value_node, (*path, key))

    walk(node, ())
    return lines, duplicates


# --- checking ---------------------------------------------------------------------------

def validate(data: dict, lines: dict[tuple, int] | None = None) -> tuple[dict, list[Problem]]:
    """(settings with defaults filled in, every problem found) for a loaded pbem.yaml."""
    checker = _Checker(lines or {})
    config = checker.section("", data, needed=True)
    return config, checker.problems


class _Checker:
    def __init__(self, lines: dict[tuple, int]):
        self.lines = lines
        self.problems: list[Problem] = []
        self.values: dict[str, object] = {}  # dotted key -> checked value

    def add(self, key: str, text: str, *, missing: bool = False) -> None:
        """A problem with setting `key`; one that is missing is shown at its section."""
        where = key.rpartition(".")[0] if missing else key
        line = self.lines.get(tuple(where.split("."))) if where else None
        sub = SECTION_BY_KEY.get(where)
        if missing and line is None and sub is not None and sub.when is not None:
            line = self.lines.get(tuple(sub.when[0].split(".")))  # fetch: imap, say
        self.problems.append(Problem(line, f"{key}: {text}", missing))

    def section(self, prefix: str, given: dict, *, needed: bool) -> dict:
        if prefix == "schedule":
            return self.schedule(given)
        out: dict = {}
        wrong: set[str] = set()
        settings = [s for s in SETTINGS if s.section == prefix]
        sections = [s for s in SECTIONS if s.key.rpartition(".")[0] == prefix]
        for key, value in given.items():
            full = _dotted((prefix, key))
            if full in BY_KEY:
                if value is None or (BY_KEY[full].required and value == ""):
                    continue  # `key:` with nothing after it: as if not given
                try:
                    out[key] = _check(BY_KEY[full], value)
                    self.values[full] = out[key]
                except _Bad as bad:
                    self.add(full, str(bad))
                    wrong.add(full)
            elif full in SECTION_BY_KEY:
                continue  # below, once this section's settings are known
            elif str(key) == "password" and prefix in ("mail.smtp", "mail.imap"):
                self.add(full, _PASSWORD_HINT)
            else:
                self.add(full, _unknown(prefix, str(key)))
        for s in settings:
            if s.name in out or s.key in wrong:
                continue
            if s.required and needed:
                if s.name in given:
                    self.add(s.key, f"empty{_because(prefix)}; {_lower(s.doc)}")
                else:
                    self.add(s.key, f"missing{_because(prefix)}; {_lower(s.doc)}",
                             missing=True)
            elif s.default is not None:
                out[s.name] = s.default
        for sub in sections:
            name = sub.key.rpartition(".")[2]
            value = given.get(name)
            selected = sub.when is None or self.values.get(sub.when[0]) == sub.when[1]
            if name not in given and sub.when is not None and not selected:
                continue  # an optional section that is not there
            if value is None:
                value = {}
            if not isinstance(value, dict):
                self.add(sub.key, f"{_show(value)} is {_what(value)}; expected a mapping of "
                                  f"settings (indented `name: value` lines under {name}:)")
                continue
            out[name] = self.section(sub.key, value, needed=needed and selected)
        if prefix in ("mail.imap", "mail.smtp") and needed:
            self.password(prefix, out, given)
        return out

    def password(self, prefix: str, out: dict, given: dict) -> None:
        if "password" in given or out.get("password_env") or out.get("password_file"):
            return
        if prefix == "mail.imap":
            self.add(f"{prefix}.password_env", f"missing{_because(prefix)}; {_PASSWORD_HOW}",
                     missing=True)
        elif out.get("user"):
            self.add(f"{prefix}.password_env", f"missing, and mail.smtp.user is set; "
                     f"{_PASSWORD_HOW}", missing=True)

    def schedule(self, given: dict) -> dict:
        """Each setting through pbem.schedule (as `pbem game schedule` checks them), then
        the whole (e.g. `every` and `hours` together). Kept as written: each new game's
        settings are normalised when the game is made."""
        ok = True
        for key, value in given.items():
            full = f"schedule.{key}"
            if key not in schedule.KEYS:
                self.add(full, _unknown("schedule", str(key)))
                ok = False
                continue
            try:
                schedule.parse_settings({key: value})
            except PbemError as e:
                self.add(full, _strip(e.message, f"schedule {key!r}: ", "schedule "))
                ok = False
        if ok:
            try:
                schedule.parse_settings(given)
            except PbemError as e:
                self.add("schedule", _strip(e.message, "schedule "))
        return dict(given)


def _because(prefix: str) -> str:
    sub = SECTION_BY_KEY.get(prefix)
    if sub is None or sub.when is None:
        return ""
    return f" (needed because {sub.when[0]} is {sub.when[1]})"


def _lower(doc: str) -> str:
    return doc[0].lower() + doc[1:].rstrip(".")


def _strip(text: str, *prefixes: str) -> str:
    for prefix in prefixes:
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


def _check(s: Setting, value: object) -> object:
    """`value` checked against `s`, normalised (choices in lower case); _Bad if wrong."""
    kind = s.type
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _BOOL_WORDS:
            raise _Bad(f"{_show(value)} is a string; write true or false without quotes")
        raise _Bad(f"{_show(value)} is {_what(value)}; write true or false")
    if kind in ("int", "number"):
        return _number(s, value)
    if not isinstance(value, str):
        hint = " (in quotes, if it is a name or a number)" if kind == "text" else ""
        raise _Bad(f"{_show(value)} is {_what(value)}; {_expected(s)}{hint}")
    text = value.strip()
    if kind == "choice":
        if text.lower() in s.choices:
            return text.lower()
        close = difflib.get_close_matches(text.lower(), s.choices, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise _Bad(f"{_show(value)} is not one of {', '.join(s.choices)}{hint}")
    if kind == "address" or (kind == "address-or-empty" and text):
        if not _ADDRESS.fullmatch(text):
            raise _Bad(f"{_show(value)} is not a mail address; {_expected(s)}")
        return text
    return value


def _number(s: Setting, value: object) -> object:
    whole = s.type == "int"
    if isinstance(value, str) and _looks_numeric(value):
        raise _Bad(f"{_show(value)} is a string; write {value.strip()} without quotes")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _Bad(f"{_show(value)} is {_what(value)}; {_expected(s)}")
    if not math.isfinite(value):
        raise _Bad(f"{_show(value)} is not a finite number; {_expected(s)}")
    if whole and isinstance(value, float):
        raise _Bad(f"{_show(value)} is not a whole number; {_expected(s)}")
    if (s.low is not None and value < s.low) or (s.high is not None and value > s.high):
        side = "too small" if s.low is not None and value < s.low else "too large"
        raise _Bad(f"{_show(value)} is {side}; {_expected(s)}")
    return value


def _looks_numeric(text: str) -> bool:
    try:
        float(text.replace("_", ""))
    except ValueError:
        return False
    return True


def _expected(s: Setting) -> str:
    if s.type in ("int", "number"):
        what = "a whole number" if s.type == "int" else "a number"
        if s.low is not None and s.high is not None:
            return f"write {what} from {_num(s.low)} to {_num(s.high)}"
        if s.low is not None:
            return f"write {what} of at least {_num(s.low)}"
        return f"write {what}"
    if s.type == "choice":
        return f"write one of {', '.join(s.choices)}"
    if s.type == "address":
        return "write one bare address, e.g. someone@example.org"
    if s.type == "address-or-empty":
        return "write one bare address, e.g. someone@example.org, or \"\" for none"
    if s.type == "bool":
        return "write true or false"
    return "write text"


def _unknown(prefix: str, key: str) -> str:
    """'not a setting' with the likeliest meant one: a sibling spelled alike, or the same
    name in another section."""
    here = [s.name for s in SETTINGS if s.section == prefix]
    here += [s.key.rpartition(".")[2] for s in SECTIONS if s.key.rpartition(".")[0] == prefix]
    close = difflib.get_close_matches(key, here, n=1)
    everywhere = [*SECTION_BY_KEY, *BY_KEY]
    leaves = [k.rpartition(".")[2] for k in everywhere]
    if close:
        meant = _dotted((prefix, close[0]))
    elif key in leaves:  # the right name in the wrong place: dry_run at the top level
        meant = everywhere[leaves.index(key)]
    else:
        alike = difflib.get_close_matches(key, leaves, n=1)
        meant = everywhere[leaves.index(alike[0])] if alike else None
    where = f"under {prefix}" if prefix else "at the top level"
    if meant:
        return f"not a setting {where} (a typo?); did you mean {meant}?"
    return f"not a setting {where} (a typo?); the settings here are: {', '.join(here)}"


def _dotted(parts: tuple) -> str:
    return ".".join(str(p) for p in parts if p != "")


def _what(value: object) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a {type(value).__name__}"  # a date, say: YAML reads 2026-11-30 as one


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
