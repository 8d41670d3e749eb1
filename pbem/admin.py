"""Creating games and adding players (library side of `pbem game new`, `pbem player add`)."""

from __future__ import annotations

import json
import re
import secrets
from datetime import datetime

from . import clock, deadlines, schedule
from .dice import Dice, stage_seed
from .engine import Event, canonical_json, get_game, state_hash
from .errors import PbemError
from .store import dumps, new_secret, now, one, rows, secret_columns

NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


def check_name(name: str, what: str) -> str:
    if not NAME.fullmatch(name):  # fullmatch: "anna\n" is not a name ($ would pass it)
        raise PbemError(f"{what} name {name!r} is not allowed: use 1-32 lower-case letters, "
                        f"digits, '-' or '_', starting with a letter (e.g. 'anna')")
    return name


def create_game(db, name: str, game_type: str, seed: str | None = None,
                variants: list[str] | None = None, settings: dict | None = None) -> dict:
    """A new game, waiting for its players. The seed is stored before anything is rolled.
    `settings` is the schedule (pbem/schedule.py; new games get the site's defaults)."""
    check_name(name, "game")
    game = get_game(game_type)
    if db["games"].count_where("name = ?", [name]):
        raise PbemError(f"a game called {name!r} exists already; pick another name")
    chosen = {}
    for v in variants or []:
        if v not in game.variants:
            known = ", ".join(sorted(game.variants)) or "none"
            raise PbemError(f"{game_type} has no variant {v!r}; variants: {known}")
        chosen[v] = True
    row = {"name": name, "game_type": game_type, "seed": seed or secrets.token_hex(8),
           "variants": canonical_json(chosen), "status": "new", "stage": -1,
           "created": now(), "result": "",
           "settings": canonical_json(schedule.parse_settings(settings or {}))}
    db["games"].insert(row)
    return row


def check_address(email: str) -> str:
    """An address pbem can send to (pbem.outbox.ascii_address), else a clear error."""
    from .outbox import Unsendable, ascii_address

    try:
        ascii_address(email)
    except Unsendable as e:
        raise PbemError(f"{e}; give an address a mail server takes") from None
    return email


def get_game_row(db, name: str) -> dict:
    row = one(db, "SELECT * FROM games WHERE name = ?", [name])
    if row is None:
        known = ", ".join(r["name"] for r in db["games"].rows) or "none yet"
        raise PbemError(f"no game called {name!r}; games: {known}")
    return row


def add_player(db, game_name: str, player: str, email: str) -> str:
    """Add a player to a game that has not started; return the secret (shown once)."""
    g = get_game_row(db, game_name)
    check_name(player, "player")
    check_address(email)
    if g["status"] != "new":
        raise PbemError(f"game {game_name!r} has started; players can no longer join")
    game = get_game(g["game_type"])
    seat = db["players"].count_where("game = ?", [game_name])
    if db["players"].count_where("game = ? and name = ?", [game_name, player]):
        raise PbemError(f"{player!r} already plays in {game_name!r}")
    if seat >= game.max_players:
        raise PbemError(f"{game.title} takes at most {game.max_players} players")
    secret = new_secret()
    db["players"].insert({"game": game_name, "name": player, "email": email,
                          **secret_columns(secret), "seat": seat, "joined": now()})
    return secret


def get_player_row(db, game_name: str, player: str) -> dict:
    get_game_row(db, game_name)
    rows = list(db["players"].rows_where("game = ? and name = ?", [game_name, player]))
    if not rows:
        names = ", ".join(p["name"] for p in players_of(db, game_name)) or "none"
        raise PbemError(f"{player!r} does not play in {game_name!r}; players: {names}")
    return rows[0]


def players_of(db, game_name: str) -> list[dict]:
    return rows(db, "SELECT * FROM players WHERE game = ? ORDER BY seat", [game_name])


def start_game(db, game_name: str, now: datetime | None = None) -> dict:
    """Set the game up (its first stage) once enough players have joined."""
    now = now or clock.now()
    g = get_game_row(db, game_name)
    if g["status"] != "new":
        return g
    game = get_game(g["game_type"])
    players = [p["name"] for p in players_of(db, game_name)]
    if len(players) < game.min_players:
        raise PbemError(f"{game.title} needs {game.min_players}-{game.max_players} players; "
                        f"{game_name!r} has {len(players)}: add more with `pbem player add`")
    seed = stage_seed(g["seed"], 0)
    dice = Dice(seed)
    state, stage_name, events = game.new_game(players, _variants(g), dice)
    with db.atomic():
        db["stages"].insert({"game": game_name, "number": 0, "name": stage_name,
                             "state": canonical_json(state), "state_hash": state_hash(state),
                             "seed": seed, "status": "open",
                             "deadline": deadlines.deadline_for_new_stage(g, stage_name, now),
                             "processed_at": "", "next_name": "",
                             "opened_at": deadlines.stamp(now), "open_events": len(events),
                             "open_rolls": len(dice.rolls())})
        db["games"].update(game_name, {"status": "running", "stage": 0})
        store_outcome(db, game_name, 0, events, dice.rolls())
    return get_game_row(db, game_name)


def store_outcome(db, game_name: str, stage: int, events, rolls) -> None:
    """Append events and dice rolls to a stage (numbering continues after stored ones)."""
    where = [game_name, stage]
    first_event = db.execute("SELECT count(*) FROM events WHERE game = ? AND stage = ?",
                             where).fetchone()[0]
    first_roll = db.execute("SELECT count(*) FROM dice_rolls WHERE game = ? AND stage = ?",
                            where).fetchone()[0]
    # plain SQL: sqlite-utils' insert_all reads the schema and checks every value
    db.conn.executemany(
        "INSERT INTO events (game, stage, seq, phase, kind, text, rule, visible_to, data) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(game_name, stage, first_event + i, e.phase, e.kind, e.text, e.rule,
          dumps(list(e.visible_to) if e.visible_to is not None else None), dumps(e.data))
         for i, e in enumerate(events, start=1)])
    db.conn.executemany(
        "INSERT INTO dice_rolls (game, stage, seq, reason, sides, result, player) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(game_name, stage, first_roll + r["seq"], r["reason"], r["sides"], r["result"],
          r["player"]) for r in rolls])


def moderate(db, game_name: str, words: list[str]) -> tuple[str, list[Event]]:
    """A moderator's decision on GAME's open stage (`pbem game decide`): the game's
    optional `moderate(state, words, dice)` (pbem.engine.OPTIONAL) changes the stage's
    stored snapshot; its events are stored with the stage as if it had opened with them
    (the stage's report shows them, and a rollback to it keeps them with the snapshot).
    Returns what the game said, and the events."""
    from .engine import provides

    g = get_game_row(db, game_name)
    if g["status"] != "running":
        raise PbemError(f"game {game_name!r} is {g['status']}: there is no stage to decide on")
    game = get_game(g["game_type"])
    if not provides(game, "moderate"):
        raise PbemError(f"{game.title} takes no moderator decisions")
    stage = current_stage(db, game_name)
    if stage["status"] != "open":
        raise PbemError(f"{game_name} {stage['name']} is being processed; try again")
    n = db.execute("SELECT count(*) FROM events WHERE game = ? AND stage = ?",
                   [game_name, stage["number"]]).fetchone()[0]
    dice = Dice(f"{stage['seed']}:decision {n}")
    try:
        state, events, said = game.moderate(json.loads(stage["state"]), list(words), dice)
    except ValueError as e:
        raise PbemError(f"{game_name}: {e}") from None
    with db.atomic():
        store_outcome(db, game_name, stage["number"], events, dice.rolls())
        db["stages"].update((game_name, stage["number"]), {
            "state": canonical_json(state), "state_hash": state_hash(state),
            "open_events": n + len(events),
            "open_rolls": db.execute("SELECT count(*) FROM dice_rolls WHERE game = ? AND "
                                     "stage = ?", [game_name, stage["number"]]).fetchone()[0]})
    return said, list(events)


def stored_outcome(db, game_name: str, stage: int) -> tuple[list[Event], list[dict]]:
    events = [Event.from_dict({**r, "visible_to": json.loads(r["visible_to"]),
                               "data": json.loads(r["data"])})
              for r in db["events"].rows_where("game = ? and stage = ?", [game_name, stage],
                                               order_by="seq")]
    rolls = [{k: r[k] for k in ("seq", "reason", "sides", "result", "player")}
             for r in db["dice_rolls"].rows_where("game = ? and stage = ?", [game_name, stage],
                                                  order_by="seq")]
    return events, rolls


def _variants(g: dict) -> dict:
    return json.loads(g["variants"])


def current_stage(db, game_name: str) -> dict:
    g = get_game_row(db, game_name)
    if g["status"] == "new":
        raise PbemError(f"game {game_name!r} has not started: it needs its players "
                        f"(`pbem player add`), then `pbem game start`")
    return one(db, "SELECT * FROM stages WHERE game = ? AND number = ?", [game_name, g["stage"]])


def replace_player(db, game_name: str, player: str, email: str,
                   now: datetime | None = None) -> str:
    """Hand a seat to someone else (after NMRs): new address and secret, NMR count reset.

    The seat keeps its name, which the game state uses; the earlier holders are kept in
    the player's history. Returns the new secret (shown once)."""
    check_address(email)
    row = get_player_row(db, game_name, player)
    history = json.loads(row.get("history") or "[]")
    history.append({"email": row["email"], "joined": row["joined"],
                    "until": deadlines.stamp(now or clock.now())})
    secret = new_secret()
    db["players"].update((game_name, player), {
        "email": email, **secret_columns(secret), "nmr": 0,
        "joined": deadlines.stamp(now or clock.now()), "history": json.dumps(history)})
    return secret
