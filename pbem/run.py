"""`pbem run`: the cron job (`*/5 * * * * cd SITE && pbem run`).

In order: fetch and store new mail, answer it, process every stage that is due (after
one backup of the database), queue reminders, send the outbox. Each step is safe to
interrupt: a rerun picks up where the killed run stopped and gives the same result.
One failing game is recorded and reported; the others go on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from . import clock, deadlines, intake, outbox, turns
from .admin import current_stage
from .errors import PbemError
from .notify import Notifier
from .safety import backup, site_lock


@dataclass
class RunResult:
    locked: bool = False  # another run holds the lock: this one did nothing
    fetched: int = 0
    duplicates: int = 0
    handled: dict[str, int] = field(default_factory=dict)
    processed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # game-level failures (exit 1)
    problems: list[str] = field(default_factory=list)  # mail-level trouble
    reminders: int = 0
    sent: outbox.Flushed | None = None
    backup: str = ""

    def lines(self) -> list[str]:
        if self.locked:
            return ["another pbem run is working on this site; nothing done"]
        answered = ", ".join(f"{n} {k}" for k, n in sorted(self.handled.items()))
        if self.fetched or self.duplicates or answered:
            out = [f"mail: {self.fetched} new, {self.duplicates} seen before; "
                   + (answered or "nothing to answer")]
        else:
            out = ["mail: nothing new"]
        out += [f"processed {p}" for p in self.processed]
        if self.backup:
            out.append(f"backup before processing: {self.backup}")
        if self.reminders:
            out.append(f"{self.reminders} reminder{'s' * (self.reminders != 1)} queued")
        if self.sent is not None:
            out.append(f"outbox: {self.sent.summary()}")
        out += [f"error: {f}" for f in self.failed]
        out += [f"warning: {p}" for p in self.problems]
        return out


def run(site, now: datetime | None = None, fetch: bool = True, send: bool = True,
        echo: Callable[[str], None] | None = None) -> RunResult:
    """One cron run; given `now`, the whole run happens at that time (pbem.clock)."""
    with clock.pinned(now):
        return _run(site, clock.now(), fetch, send, echo)


def _run(site, now: datetime, fetch: bool, send: bool,
         echo: Callable[[str], None] | None) -> RunResult:
    out = RunResult()
    with site_lock(site) as held:
        if not held:
            out.locked = True
            return out
        db = site.db()
        run_id = db["runs"].insert({"started": deadlines.stamp(now), "finished": "",
                                    "summary": ""}).last_pk
        if fetch:
            try:
                got = intake.fetch(site, db)
                out.fetched, out.duplicates = got.stored, got.duplicates
                out.problems += got.errors
            except PbemError as e:  # no mail this time; games still run on their deadlines
                out.failed.append(f"fetching mail: {e.message}")
        for h in intake.handle_pending(site, db, now):
            out.handled[h.status] = out.handled.get(h.status, 0) + 1
            if h.status == "error":
                out.problems.append(f"mail {h.mail} could not be handled: {h.reason}")
        process_due(site, db, now, out, echo)
        notifier = Notifier(site, now)
        for g in running_games(db):
            try:
                out.reminders += notifier.reminders(db, g, current_stage(db, g["name"]))
            except PbemError as e:
                out.failed.append(f"{g['name']}: reminders: {e.message}")
        if send:
            try:
                out.sent = outbox.flush(site, db, now)
                out.problems += out.sent.errors
            except PbemError as e:
                out.failed.append(f"sending mail: {e.message}")
        db["runs"].update(run_id, {"finished": deadlines.stamp(clock.now()),
                                   "summary": "\n".join(out.lines())})
    return out


def running_games(db) -> list[dict]:
    return list(db["games"].rows_where("status = 'running'", order_by="name"))


def process_due(site, db, now: datetime, out: RunResult, echo=None) -> None:
    notifier = Notifier(site, now)
    for g in running_games(db):
        name = g["name"]
        try:
            stage = current_stage(db, name)
            reason = deadlines.due(db, g, stage, now)
            if not reason:
                continue
            if not out.backup:
                out.backup = backup(site, db, "run", now).name
            done = turns.process(db, name, site.reports_dir, now=now, on_stored=notifier)
        except PbemError as e:
            out.failed.append(e.message)
            _record_failure(db, notifier, g, e.message)
            continue
        if g["last_error"]:
            db["games"].update(name, {"last_error": "", "error_notified": ""})
        after = "game over" if done.finished else f"{done.next_name} open"
        line = f"{name} {done.stage_name} ({reason}); {after}"
        out.processed.append(line)
        if echo:
            echo(f"processed {line}")


def _record_failure(db, notifier: Notifier, g: dict, message: str) -> None:
    """Keep the error on the game; tell the moderator once per distinct error."""
    with db.atomic():
        db["games"].update(g["name"], {"last_error": message[:2000]})
        if g.get("error_notified") != message[:2000]:
            notifier.moderator(db, g["name"], f"{g['name']} could not be processed",
                               f"{message}\n\nNothing was changed in {g['name']}; every "
                               f"other game went on. pbem run tries again each time "
                               f"until it works; `pbem game pause {g['name']}` stops that.")
            db["games"].update(g["name"], {"error_notified": message[:2000]})
