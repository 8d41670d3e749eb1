"""`pbem turn rollback GAME N`: back to the moment stage N opened.

Every stage's entering snapshot is stored, so a rollback is a flip back, never an
undo (5d-diplomacy#17's lesson): later stages, their events, dice and reports are
deleted; stage N is open again with the snapshot, seed and deadline it had. Order
sheets are never deleted: the sheets for stage N (and later ones) count again, so
processing again replays exactly what happened, unless players send new sheets. The
game is paused, so cron does not re-process it before the moderator has looked.
"""

from __future__ import annotations

from datetime import datetime

from . import clock, deadlines
from .admin import get_game_row, players_of
from .errors import PbemError


def rollback(db, game: str, number: int, now: datetime | None = None) -> dict:
    now = now or clock.now()
    g = get_game_row(db, game)
    if g["status"] == "new":
        raise PbemError(f"game {game!r} has not started: nothing to roll back")
    stage = db["stages"].get((game, number)) if db["stages"].count_where(
        "game = ? and number = ?", [game, number]) else None
    if stage is None or number < 0:
        last = g["stage"]
        raise PbemError(f"{game} has stages 0 to {last}; there is no stage {number}")
    later = db["submissions"].count_where("game = ? and stage > ?", [game, number])
    with db.atomic():
        for table in ("events", "dice_rolls"):
            keep = stage["open_events" if table == "events" else "open_rolls"]
            db.execute(f"DELETE FROM {table} WHERE game = ? AND (stage > ? OR "
                       f"(stage = ? AND seq > ?))", [game, number, number, keep])
        db.execute("DELETE FROM reports WHERE game = ? AND stage >= ?", [game, number])
        db.execute("DELETE FROM reminders WHERE game = ? AND stage > ?", [game, number])
        db.execute("DELETE FROM stages WHERE game = ? AND number > ?", [game, number])
        db["stages"].update((game, number), {"status": "open", "processed_at": "",
                                             "next_name": ""})
        db["games"].update(game, {"status": "running", "stage": number, "result": "",
                                  "paused_at": g["paused_at"] or deadlines.stamp(now),
                                  "last_error": "", "error_notified": ""})
        _recount_nmr(db, game, number)
    return {"stage": stage["name"], "later_sheets": later}


def _recount_nmr(db, game: str, upto: int) -> None:
    """NMR counters as they were when stage `upto` opened."""
    sent = {(r[0], r[1]) for r in db.execute(
        "SELECT DISTINCT player, stage FROM submissions WHERE game = ? AND stage < ?",
        [game, upto]).fetchall()}
    for p in players_of(db, game):
        streak = total = 0
        for n in range(upto):
            if (p["name"], n) in sent:
                streak = 0
            else:
                streak += 1
                total += 1
        db["players"].update((game, p["name"]), {"nmr": streak, "nmr_total": total})
