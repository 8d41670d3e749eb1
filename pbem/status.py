"""`pbem status`: per game, the stage, its deadline, who has ordered, NMR counts, queued
mail and errors; then the site's mail: unanswered or failed messages, the last run."""

from __future__ import annotations

from datetime import datetime

from . import clock, deadlines, faults, outbox, schedule
from .admin import get_game_row, players_of


def status_rows(db, game_name: str | None = None, now: datetime | None = None) -> list[dict]:
    now = now or clock.now()
    games = [get_game_row(db, game_name)] if game_name else list(
        db["games"].rows_where(order_by="name"))
    out = []
    for g in games:
        row = {"game": g["name"], "type": g["game_type"], "status": g["status"],
               "stage": "", "deadline": "", "left": "", "paused": bool(g.get("paused_at")),
               "players": [], "result": g["result"], "error": g.get("last_error", ""),
               "mail": outbox.counts(db, g["name"])}
        if g["status"] != "new":
            stage = db["stages"].get((g["name"], g["stage"]))
            row["stage"] = stage["name"]
            if g["status"] == "running" and stage.get("deadline"):
                row["deadline"] = deadlines.describe(g, stage)
                when = deadlines.parse(stage["deadline"])
                row["left"] = (schedule.format_duration(when - now) if when > now
                               else "passed")
                row["due"] = deadlines.due(db, g, stage, now)
            for s in deadlines.seats(db, g["name"], stage["number"]):
                row["players"].append({"name": s.player, "ordered": s.ordered,
                                       "problems": s.problems, "nmr": s.nmr})
        else:
            row["players"] = [{"name": p["name"], "ordered": False, "problems": 0, "nmr": 0}
                              for p in players_of(db, g["name"])]
        out.append(row)
    return out


def status_text(db, game_name: str | None = None, now: datetime | None = None) -> str:
    rows = status_rows(db, game_name, now)
    if not rows:
        return ("no games yet: create one with `pbem game new NAME --game GAME` "
                "(GAME: `pbem game types`)\n")
    lines = []
    for r in rows:
        head = f"{r['game']} ({r['type']}): {r['status']}"
        if r["paused"]:
            head += " (paused)"
        if r["stage"]:
            head += f", {r['stage']}"
        if r["result"]:
            head += f" — {r['result']}"
        lines.append(head)
        if r["deadline"]:
            due = f"; due now: {r['due']}" if r.get("due") else ""
            lines.append(f"  deadline {r['deadline']} ({r['left']}){due}")
        for p in r["players"]:
            mark = "ordered" if p["ordered"] else "waiting"
            if p["problems"]:
                mark += f" ({p['problems']} problem line{'s' * (p['problems'] != 1)})"
            if p["nmr"]:
                mark += f", missed {p['nmr']} in a row"
            lines.append(f"  {p['name']:<16} {mark}")
        if r["mail"].get("queued") or r["mail"].get("failed"):
            lines.append(f"  mail: {r['mail'].get('queued', 0)} queued, "
                         f"{r['mail'].get('failed', 0)} failed")
        if r["error"]:
            lines.append(f"  ERROR: {r['error']}")
    if game_name is None:
        lines += site_lines(db)
    return "\n".join(lines) + "\n"


def site_lines(db) -> list[str]:
    out = []
    counts = {r[0]: r[1] for r in db.execute(
        "SELECT status, count(*) FROM mails GROUP BY status").fetchall()}
    if counts:
        out.append("inbound mail: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
    for r in db.execute("SELECT id, from_addr, reason FROM mails WHERE status = 'error' "
                        "ORDER BY id DESC LIMIT 5").fetchall():
        out.append(f"  mail {r[0]} from {r[1] or '?'} set aside: {r[2]} "
                   f"(pbem mail retry {r[0]})")
    mail = outbox.counts(db)
    if mail:
        out.append("outbox: " + ", ".join(f"{n} {k}" for k, n in sorted(mail.items())))
    for r in db.execute("SELECT id, to_addr, last_error FROM outbox WHERE status = 'failed' "
                        "ORDER BY id DESC LIMIT 5").fetchall():
        out.append(f"  message {r[0]} to {r[1]} failed: {r[2]}")
    waiting = db.execute("SELECT count(*) FROM mails WHERE status = 'new' AND attempts > 0"
                         ).fetchone()[0]
    if waiting:
        out.append(f"  {waiting} mail{'s' * (waiting != 1)} to try again after a fault "
                   "(pbem status --faults)")
    open_ = faults.open_faults(db)
    if open_:
        out.append(f"open faults: {len(open_)} (pbem status --faults for details)")
        for f in open_[:5]:
            out.append(f"  {faults.title(f)} (x{f['count']} since {f['first']})")
    last = list(db["runs"].rows_where(order_by="id desc", limit=1))
    if last:
        out.append(f"last pbem run: {last[0]['started']}"
                   + ("" if last[0]["finished"] else " (did not finish)"))
    return out


def faults_text(db) -> str:
    """Every open fault in full: what, since when, how often, and a bug's traceback."""
    rows = faults.open_faults(db)
    if not rows:
        return "no open faults\n"
    out = []
    for f in rows:
        out.append(faults.title(f))
        out.append(f"  first {f['first']}, last {f['last']}, {f['count']} time"
                   f"{'s' * (f['count'] != 1)}; moderator told: {f['notified'] or 'not yet'}")
        if f["detail"]:
            out += ["  " + line for line in f["detail"].rstrip().splitlines()]
    return "\n".join(out) + "\n"
