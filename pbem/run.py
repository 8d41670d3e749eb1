"""`pbem run`: the cron job (`*/5 * * * * cd SITE && pbem run`).

In order: fetch and store new mail, answer it, process every stage that is due (one
backup of the database before the first is stored), queue reminders, send the outbox.
Each step is safe to interrupt: a rerun picks up where the killed run stopped and gives
the same result.
One failing game is recorded and reported; the others go on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from . import clock, deadlines, faults, intake, outbox, turns, workers
from .admin import current_stage
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
    workers: int = 0  # processes that resolved the due games (0: this one)

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
        if self.workers:
            out.append(f"resolved by {self.workers} worker processes (--jobs)")
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
        echo: Callable[[str], None] | None = None, jobs: int | None = None) -> RunResult:
    """One cron run; given `now`, the whole run happens at that time (pbem.clock).
    `jobs`: processes resolving due games side by side (pbem.workers); None: one for
    every ten due games, up to the machine's cores (workers.plan)."""
    with clock.pinned(now):
        return _run(site, clock.now(), fetch, send, echo, jobs)


def _run(site, now: datetime, fetch: bool, send: bool,
         echo: Callable[[str], None] | None, jobs: int | None) -> RunResult:
    out = RunResult()
    with site_lock(site) as held:
        if not held:
            out.locked = True
            return out
        db = site.db()
        run_id = db["runs"].insert({"started": deadlines.stamp(now), "finished": "",
                                    "summary": ""}).last_pk
        notifier = Notifier(site, now)
        if fetch:
            with faults.guard(db, "site", "fetching mail") as fault:
                got = intake.fetch(site, db)
                out.fetched, out.duplicates = got.stored, got.duplicates
                out.problems += got.errors
            out.failed += [f"fetching mail: {f.message}" for f in fault]
        with faults.guard(db, "site", "answering mail") as fault:
            for h in intake.handle_pending(site, db, now):
                out.handled[h.status] = out.handled.get(h.status, 0) + 1
                if h.status in ("error", "retry"):
                    out.problems.append(f"mail {h.mail} could not be handled: {h.reason}")
        out.failed += [f"answering mail: {f.message}" for f in fault]
        sender = outbox.Sender(site, db, now) if send else None
        try:
            process_due(site, db, now, out, echo, jobs, sender)
        finally:
            if sender is not None:
                with faults.guard(db, "site", "sending mail"):
                    sender.close()  # records what was sent; reopened by the last flush
        for g in running_games(db):
            with faults.guard(db, "game", g["name"] + " reminders") as fault:
                out.reminders += notifier.reminders(db, g, current_stage(db, g["name"]))
            out.failed += [f"{g['name']}: reminders: {f.message}" for f in fault]
        with faults.guard(db, "site", "telling the moderator") as fault:
            notify_faults(db, notifier)
        out.problems += [f"telling the moderator: {f.message}" for f in fault]
        if send:
            with faults.guard(db, "site", "sending mail") as fault:
                try:
                    sender.flush()
                finally:
                    sender.close()
                out.sent = sender.out
                out.problems += out.sent.errors
            out.failed += [f"sending mail: {f.message}" for f in fault]
        with faults.guard(db, "site", "recording the run"):
            db["runs"].update(run_id, {"finished": deadlines.stamp(clock.now()),
                                       "summary": "\n".join(out.lines())})
    return out


def running_games(db) -> list[dict]:
    return list(db["games"].rows_where("status = 'running'", order_by="name"))


def process_due(site, db, now: datetime, out: RunResult, echo=None, jobs: int | None = 1,
                sender: outbox.Sender | None = None) -> None:
    """Each due game is one unit of failure (pbem.faults): whatever one raises, or however
    long it runs (pbem.budget), nothing of its stage is stored and the others go on.
    With workers (`jobs` > 1, or None: workers.plan) the stages are resolved in worker
    processes (pbem.workers) and stored here, one by one in the order of the games'
    names. A `sender` mails each stage's reports as soon as it is stored."""
    notifier = Notifier(site, now)
    limits = site.section("limits")
    due: dict[str, tuple[dict, str]] = {}
    for g in running_games(db):
        with faults.guard(db, "game", g["name"], clears=False) as fault:
            reason = deadlines.due(db, g, current_stage(db, g["name"]), now)
            if reason:
                due[g["name"]] = (g, reason)
        if fault:
            _game_failed(db, g, fault[0], out)
    if not due:
        return

    def resolve(name: str) -> tuple:
        return turns.resolve(db, name, now, limits.get("stage_seconds"),
                             limits.get("stage_events"))

    out.workers = workers.plan(jobs, len(due))
    for name, work in workers.resolved(list(due), resolve, out.workers, site.root, now,
                                       limits):
        g, reason = due[name]
        done = None
        with faults.guard(db, "game", name) as fault:
            resolved = work()  # a stage that cannot be resolved stores nothing
            if not out.backup:  # so a run whose due games all fail copies no database
                out.backup = backup(site, db, "run", now).name
            done = turns.store(db, name, site.reports_dir, now, notifier, resolved)
        if fault:
            _game_failed(db, g, fault[0], out)
            continue
        if g["last_error"]:
            db["games"].update(name, {"last_error": "", "error_notified": ""})
        after = "game over" if done.finished else f"{done.next_name} open"
        line = f"{name} {done.stage_name} ({reason}); {after}"
        out.processed.append(line)
        if echo:
            echo(f"processed {line}")
        if sender is not None:
            _send(db, sender, out, done)


def _send(db, sender: outbox.Sender, out: RunResult, done: turns.Processed) -> None:
    """The stage's mails, at once, from the reports just rendered."""
    sender.offer(done.game, done.stage, done.reports)
    with faults.guard(db, "site", "sending mail") as fault:
        sender.flush()
    out.failed += [f"sending mail: {f.message}" for f in fault]


def _game_failed(db, g: dict, fault: faults.Fault, out: RunResult) -> None:
    out.failed.append(faults.keyed(g["name"], fault.message))
    _record_failure(db, g, fault)


def _record_failure(db, g: dict, fault: faults.Fault) -> None:
    """Keep the error on the game, for `pbem status`; the moderator hears of it once,
    from notify_faults."""
    with faults.guard(db, "site", "recording a game's fault"):
        with db.atomic():
            db["games"].update(g["name"], {"last_error": fault.message[:2000]})


UNIT_NAMES = {"game": "game", "mail": "incoming mail", "message": "outgoing message",
              "site": "site"}


def notify_faults(db, notifier: Notifier) -> None:
    """One mail to the moderator about the faults not told yet (each fault once)."""
    new = faults.unnotified(db)
    if not new:
        return
    games = sorted({f["key"].split()[0] for f in new if f["unit"] == "game"})
    lines = []
    for f in new:
        lines.append(f"- {faults.title(f, UNIT_NAMES.get(f['unit']))}")
    body = ("\n".join(lines) + "\n\nNothing was changed by a failed step: a game that "
            "failed was not processed and every other game went on; a mail that could not "
            "be answered is tried again on the next runs. pbem run tries again each time "
            "until it works; `pbem status` shows what is still wrong"
            + (f", and `pbem game pause {games[0]}` stops a game's retries." if games else ".")
            + "\nDetails (tracebacks) are in the site's database: `pbem status --faults`.")
    headline = (f"{games[0]} could not be processed" if len(new) == 1 and games
                else f"{len(new)} problem{'s' * (len(new) != 1)} on the site")
    with db.atomic():
        notifier.moderator(db, games[0] if len(games) == 1 else "", headline, body)
    faults.mark_notified(db, new)
