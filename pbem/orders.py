"""Order sheets: header reading, checking, storing (append-only) and confirmations."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass

from .admin import current_stage, get_game_row, players_of
from .engine import OrderSheet, get_game
from .errors import PbemError
from .store import check_secret, now

HEADER = re.compile(r"^\s*(game|player|secret|turn|stage)\s*:?\s+(\S.*?)\s*$", re.I)
MAX_SHEET = 64_000  # characters; a larger sheet is refused whole


@dataclass
class Checked:
    game: str
    game_type: str
    player: str
    stage: int
    stage_name: str
    sheet: OrderSheet
    headers: dict
    previous: list[str] | None  # canonical lines of the previous submission, if any


def read_headers(text: str) -> dict:
    """GAME / PLAYER / SECRET / TURN header lines (first occurrence of each)."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        m = HEADER.match(line.split("#", 1)[0])
        if m:
            out.setdefault(m.group(1).lower(), m.group(2))
    return out


def check(db, game_name: str, player: str, text: str, *, need_secret: bool = False) -> Checked:
    """Check a sheet against the game's current stage. Raises PbemError for a sheet
    that cannot be taken at all (wrong game or player, wrong secret, too large)."""
    if len(text) > MAX_SHEET:
        raise PbemError(f"the order sheet is {len(text)} characters long; the limit is "
                        f"{MAX_SHEET}: send only the orders")
    g = get_game_row(db, game_name)
    roster = {p["name"]: p for p in players_of(db, game_name)}
    if player not in roster:
        raise PbemError(f"{player!r} does not play in {game_name!r}; players: "
                        f"{', '.join(roster) or 'none'}")
    headers = read_headers(text)
    if "game" in headers and headers["game"].lower() != game_name:
        raise PbemError(f"the sheet says GAME {headers['game']}, but it was given for "
                        f"{game_name!r}: nothing was stored")
    if "player" in headers and headers["player"].lower() != player:
        raise PbemError(f"the sheet says PLAYER {headers['player']}, but it was given for "
                        f"{player!r}: nothing was stored")
    if need_secret and not check_secret(roster[player], headers.get("secret", "")):
        raise PbemError("the SECRET line is missing or wrong: nothing was stored")
    stage = current_stage(db, game_name)
    if g["status"] != "running" or stage["status"] != "open":
        raise PbemError(f"game {game_name!r} is {g['status']}: it takes no more orders")
    if "turn" in headers:
        want = headers["turn"].strip().lower()
        if want not in (str(stage["number"]), stage["name"].lower(),
                        stage["name"].lower().removeprefix("turn ")):
            raise PbemError(f"the sheet is for TURN {headers['turn']}, but {game_name!r} is "
                            f"now at {stage['name']}: orders for a passed turn are refused")
    game = get_game(g["game_type"])
    sheet = game.check_orders(json.loads(stage["state"]), player, text)
    prev = latest_submission(db, game_name, player, stage["number"])
    previous = None
    if prev is not None:
        previous = [r["canonical"] for r in db["order_lines"].rows_where(
            "submission = ? and status = 'accepted'", [prev["id"]], order_by="line_no")]
    return Checked(game_name, g["game_type"], player, stage["number"], stage["name"], sheet,
                   headers, previous)


def store(db, checked: Checked, text: str, source: str) -> int:
    """Store the raw sheet and its per-line results; return the submission id."""
    sheet = checked.sheet
    with db.atomic():
        sub_id = db["submissions"].insert({
            "game": checked.game, "player": checked.player, "stage": checked.stage,
            "raw": text, "sha256": hashlib.sha256(text.encode()).hexdigest(),
            "received": now(), "source": source, "receipt": sheet.receipt(),
            "accepted": sum(1 for r in sheet.lines if r.ok),
            "problems": len(sheet.problems)}).last_pk
        db["order_lines"].insert_all(
            {"submission": sub_id, "line_no": r.line_no, "status": r.status, "text": r.text,
             "canonical": r.canonical, "message": r.message, "rule": r.rule, "hint": r.hint}
            for r in sheet.lines)
    return sub_id


def latest_submission(db, game: str, player: str, stage: int) -> dict | None:
    """The last submission for a stage wins (DESIGN.md §5)."""
    rows = list(db["submissions"].rows_where(
        "game = ? and player = ? and stage = ?", [game, player, stage],
        order_by="id desc", limit=1))
    return rows[0] if rows else None


def changes(previous: list[str] | None, current: list[str]) -> dict:
    if previous is None:
        return {"first": True, "added": [], "removed": []}
    return {"first": False,
            "added": [c for c in current if c not in previous],
            "removed": [c for c in previous if c not in current]}
