"""Mail the framework writes on its own: reports, reminders, notices to the moderator.

Everything is queued in the outbox (pbem/outbox.py); nothing here sends.
"""

from __future__ import annotations

from datetime import datetime

from . import deadlines, notices, outbox, schedule
from .admin import get_game_row, players_of
from .render import render


class Notifier:
    """Queues a processed stage's reports, in the stage's own transaction."""

    def __init__(self, site, now: datetime):
        self.site, self.now = site, now

    def common(self) -> dict:
        return {"site_name": self.site.name, "address": self.site.address}

    def queue(self, db, **kw) -> int:
        return outbox.queue(db, now=deadlines.stamp(self.now), **kw)

    def __call__(self, db, done) -> None:
        """turns.process's on_stored hook."""
        g = get_game_row(db, done.game)
        for p in players_of(db, done.game):
            report = done.reports.get(p["name"])
            if report is None:
                continue
            # the text is the body; the HTML and JSON go with it (outbox.report_parts).
            # All three are stored once, in the reports table: the body holds a slot
            body = render("mail_report.txt.j2", {**self.common(),
                                                 "report": outbox.REPORT_SLOT})
            subject = f"[{done.game}] {done.stage_name} report"
            if done.finished:
                subject += " (game over)"
            self.queue(db, to=p["email"], subject=subject, body=body, kind="report",
                       game=done.game, player=p["name"], stage=done.stage)
        if "" in done.reports:  # observers follow the public board (OBSERVE, issue 18)
            for address in [r[0] for r in db.execute(
                    "SELECT address FROM observers WHERE game = ? ORDER BY address",
                    [done.game]).fetchall()]:
                self.queue(db, to=address, subject=f"[{done.game}] {done.stage_name} board"
                           + (" (game over)" if done.finished else ""),
                           body=render("mail_board.txt.j2", {**self.common(),
                                                             "board": outbox.REPORT_SLOT,
                                                             "game_name": done.game}),
                           kind="board", game=done.game, stage=done.stage)
        boards_to = str(self.site.mail.get("boards_to") or "").strip()
        if boards_to and "" in done.reports:
            # the public board, for spectators or a game's mailing list (off by default:
            # a moderator with many games does not want one per stage)
            self.queue(db, to=boards_to, subject=f"[{done.game}] {done.stage_name} board",
                       body=outbox.REPORT_SLOT, kind="board", game=done.game,
                       stage=done.stage)
        self.nmr_notices(db, g, done)
        for e in done.moderator:  # the game's notes for the moderator (MODERATOR_KIND)
            how = [f"  pbem game decide {done.game} {d}" for d in e.data.get("decisions", [])]
            self.moderator(db, done.game, f"{done.game} {done.stage_name}: for the moderator",
                           e.text + ("\n\nTo decide:\n" + "\n".join(how) if how else ""))

    def nmr_notices(self, db, g: dict, done) -> None:
        limit = deadlines.schedule_of(g, done.stage_name).nmr_limit
        for p in players_of(db, done.game):
            if p["name"] in done.missing and p["nmr"] == limit:
                # the public notice njudge's players ask for: the others know the seat
                # is absent and plays as if it sent nothing (standing orders, defaults)
                notices.announce(self.site, db, done.game,
                                 f"{p['name']} has missed {limit} turns",
                                 f"{p['name']} has sent no orders for {limit} stages in a "
                                 f"row; the seat plays on its standing orders and defaults. "
                                 f"The moderator is told and may give it to someone else.",
                                 self.now, but=p["name"])
                self.moderator(db, done.game, f"{p['name']} has missed {limit} turns in a row "
                               f"in {done.game}",
                               f"{p['name']} ({p['email']}) sent no orders for the last "
                               f"{limit} stages of {done.game}, up to {done.stage_name}; "
                               f"their defaults applied each time.\n\nTo hand the seat to "
                               f"someone else:\n  pbem player replace {done.game} {p['name']} "
                               f"NEW-EMAIL")

    def moderator(self, db, game: str, headline: str, body: str) -> int | None:
        if not self.site.moderator:
            return None
        text = render("mail_moderator.txt.j2", {**self.common(), "headline": headline,
                                                "body": body})
        return self.queue(db, to=self.site.moderator, subject=f"[pbem] {headline}", body=text,
                          kind="moderator", game=game)

    def reminders(self, db, g: dict, stage: dict) -> int:
        """Queue due reminders for the open stage; each (player, threshold) once."""
        due = deadlines.reminders_due(db, g, stage, self.now)
        if not due:
            return 0
        deadline = deadlines.parse(stage["deadline"])
        tz = deadlines.schedule_of(g, stage["name"]).timezone
        with db.atomic():
            for seat, hours in due:
                body = render("mail_reminder.txt.j2", {
                    **self.common(), "game_name": g["name"], "player": seat.player,
                    "stage_name": stage["name"],
                    "deadline": schedule.format_deadline(deadline, tz),
                    "left": schedule.format_duration(deadline - self.now)})
                self.queue(db, to=seat.email, subject=f"[{g['name']}] reminder: orders for "
                           f"{stage['name']} are due", body=body, kind="reminder",
                           game=g["name"], player=seat.player, stage=stage["number"])
                db["reminders"].insert({"game": g["name"], "stage": stage["number"],
                                        "player": seat.player, "hours": hours,
                                        "sent": deadlines.stamp(self.now)})
        return len(due)
