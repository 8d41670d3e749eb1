"""Order sheets: header reading, checking, storing (append-only) and confirmations."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass

from .admin import get_game_row, players_of
from .checked import kept as checked_sheet
from .checked import stamp as check_stamp
from .engine import OrderSheet, get_game
from .errors import PbemError
from .store import check_secret, insert, now, one, transaction

HEADER = re.compile(r"^\s*(game|player|secret|turn|stage)\s*:?\s+(\S.*?)\s*$", re.I)
SECRET_LINE = re.compile(r"^(\s*secret\s*:?\s+)\S.*$", re.I | re.M)
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
    prev: dict | None = None  # that submission's row (latest_submission), if any
    #: what the sheet was checked against (pbem.checked.stamp): stored with it, so the
    #: deadline need not check it again when nothing has changed
    checked_with: str = ""

    @property
    def receipt(self) -> str:
        """The sheet's receipt id, unique per game, stage and canonical orders: the
        confirmation and the stored submission (so the turn report) show this one."""
        return self.sheet.receipt(self.game, self.stage)


def read_headers(text: str) -> dict:
    """GAME / PLAYER / SECRET / TURN header lines (first occurrence of each)."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        m = HEADER.match(line.split("#", 1)[0])
        if m:
            out.setdefault(m.group(1).lower(), m.group(2))
    return out


def check(db, game_name: str, player: str, text: str, *, need_secret: bool = False,
          g: dict | None = None, roster: dict | None = None,
          stage: dict | None = None) -> Checked:
    """Check a sheet against the game's current stage. Raises PbemError for a sheet
    that cannot be taken at all (wrong game or player, wrong secret, too large).
    `g` (the game row), `roster` (name -> player row) and `stage` (the row of the game's
    current stage) may be passed in by a caller that has just read them."""
    if len(text) > MAX_SHEET:
        raise PbemError(f"the order sheet is {len(text)} characters long; the limit is "
                        f"{MAX_SHEET}: send only the orders")
    g = g or get_game_row(db, game_name)
    roster = roster or {p["name"]: p for p in players_of(db, game_name)}
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
    if g["status"] != "running":
        raise PbemError(f"game {game_name!r} is {g['status']}: it takes no more orders")
    if stage is None or stage["number"] != g["stage"]:
        stage = one(db, "SELECT * FROM stages WHERE game = ? AND number = ?",
                    [game_name, g["stage"]])
    if stage["status"] != "open":
        raise PbemError(f"game {game_name!r} is {g['status']}: it takes no more orders")
    if "turn" in headers:
        want = headers["turn"].strip().lower()
        if want not in (str(stage["number"]), stage["name"].lower(),
                        stage["name"].lower().removeprefix("turn ")):
            raise PbemError(f"the sheet is for TURN {headers['turn']}, but {game_name!r} is "
                            f"now at {stage['name']}: orders for a passed turn are refused")
    game = get_game(g["game_type"])
    sheet = game.check_orders(stage_state(stage), player, text)
    prev = latest_submission(db, game_name, player, stage["number"])
    previous = None
    if prev is not None:
        previous = [r[0] for r in db.conn.execute(
            "SELECT canonical FROM order_lines WHERE submission = ? AND status = 'accepted' "
            "ORDER BY line_no", [prev["id"]]).fetchall()]
    return Checked(game_name, g["game_type"], player, stage["number"], stage["name"], sheet,
                   headers, previous, prev, check_stamp(game, stage["state_hash"]))


def store(db, checked: Checked, text: str, source: str, *, mail: int | None = None,
          received: str | None = None) -> int:
    """Store the sheet and its per-line results; return the submission id.

    `received` is when the sheet reached us (a mail's delivery time), default now."""
    sheet = checked.sheet
    text = SECRET_LINE.sub(r"\1[secret]", text)
    with transaction(db):
        sub_id = insert(db, "submissions", {
            "game": checked.game, "player": checked.player, "stage": checked.stage,
            "raw": text, "sha256": hashlib.sha256(text.encode()).hexdigest(),
            "received": received or now(), "source": source, "receipt": checked.receipt,
            "accepted": sum(1 for r in sheet.lines if r.ok),
            "problems": len(sheet.problems), "mail": mail,
            "delivered": received or "",
            "sheet": checked_sheet(sheet) if checked.checked_with else "",
            "checked_with": checked.checked_with})
        db.conn.executemany(
            "INSERT INTO order_lines (submission, line_no, status, text, canonical, message, "
            "rule, hint) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(sub_id, r.line_no, r.status, r.text, r.canonical, r.message, r.rule, r.hint)
             for r in sheet.lines])
    return sub_id


def latest_submission(db, game: str, player: str, stage: int) -> dict | None:
    """The last submission for a stage wins (DESIGN.md §5)."""
    return one(db, "SELECT * FROM submissions WHERE game = ? AND player = ? AND stage = ? "
                   "ORDER BY id DESC LIMIT 1", [game, player, stage])


_STATES: dict[tuple, tuple[dict, int]] = {}  # key -> (snapshot, its JSON's length)
_STATES_HELD = [0]  # the JSON length of the snapshots held
# bounded by bytes, not entries (issue 23): the snapshots' JSON text, of which a parsed
# snapshot takes about 4 times as much memory. A 4-player snapshot is about 9.4 kB:
# a batch of mail for 1,100 such games keeps them all (about 40 MB parsed)
STATE_CACHE_BYTES = 10 << 20


def stage_state(stage: dict) -> dict:
    """The stage's snapshot as a dict, parsed once per process for a batch of sheets.

    Keyed by game, number and state hash, so a rolled-back or re-opened stage can never
    get a stale snapshot. Callers must not mutate it (games check without mutating).
    The oldest snapshots are dropped past STATE_CACHE_BYTES of JSON (the newest is kept
    whatever its size)."""
    key = (stage["game"], stage["number"], stage["state_hash"])
    hit = _STATES.get(key)
    if hit is not None:
        return hit[0]
    size = len(stage["state"])
    while _STATES and _STATES_HELD[0] + size > STATE_CACHE_BYTES:
        _STATES_HELD[0] -= _STATES.pop(next(iter(_STATES)))[1]
    state = json.loads(stage["state"])
    _STATES[key] = (state, size)
    _STATES_HELD[0] += size
    return state


def redact(text: str, secret: str) -> str:
    """The sheet as stored and echoed: the secret never appears in it (DESIGN.md §4)."""
    if len(secret) < 4:
        return text
    return text.replace(secret, "[secret]")


def changes(previous: list[str] | None, current: list[str]) -> dict:
    if previous is None:
        return {"first": True, "added": [], "removed": []}
    return {"first": False,
            "added": [c for c in current if c not in previous],
            "removed": [c for c in previous if c not in current]}
