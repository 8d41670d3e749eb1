"""Processing a stage: lock, load, resolve with seeded dice, store, render (DESIGN.md §2).

Everything a stage writes happens in one SQLite transaction, so a crash leaves the
previous state intact and a rerun gives the same result. A stage that is already
processed is never processed again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from . import budget, clock, deadlines, ledger, press, reports, schedule
from .admin import current_stage, get_game_row, players_of, store_outcome, stored_outcome
from .checked import reused
from .checked import stamp as check_stamp
from .dice import Dice, stage_seed
from .engine import Event, OrderSheet, canonical_json, get_game, provides, state_hash
from .errors import EXIT_GAME_FAILED, PbemError
from .eventlog import MODERATOR_KIND
from .orders import latest_submission
from .store import insert, update


@dataclass
class Processed:
    game: str
    stage: int
    stage_name: str
    next_name: str
    finished: bool
    reports: dict[str, dict[str, str]]  # player ('' = board) -> format -> body
    missing: list[str]  # players who sent no orders (defaults, or standing orders the game keeps)
    next_deadline: str = ""  # the new stage's deadline ('' when the game is over)
    #: the stage's events for the moderator alone (pbem.eventlog.MODERATOR_KIND)
    moderator: list = field(default_factory=list)
    #: the reports as stored and archived, made by `resolve`
    rows: list = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)


def sheets_for(db, game, g: dict, stage: dict) -> tuple[dict[str, OrderSheet | None], dict]:
    """Each player's last submission for the stage, re-checked with the same engine:
    unless it was checked against this very snapshot by this very engine when it came
    in, and then the sheet it was is the one checking again would give (pbem.checked)."""
    state = None
    current = check_stamp(game, stage["state_hash"])
    sheets: dict[str, OrderSheet | None] = {}
    receipts: dict[str, str] = {}
    for p in players_of(db, g["name"]):
        sub = latest_submission(db, g["name"], p["name"], stage["number"])
        if sub is None:
            sheets[p["name"]] = None
            continue
        sheet = reused(sub, current)
        if sheet is None:
            state = json.loads(stage["state"]) if state is None else state
            sheet = game.check_orders(state, p["name"], sub["raw"])
        sheets[p["name"]] = sheet
        receipts[p["name"]] = sub["receipt"]
    return sheets, receipts


def process(db, game_name: str, site_reports: Path | None = None, *,
            now: datetime | None = None,
            on_stored: Callable[[object, Processed], None] | None = None,
            seconds: float | None = None, events: int | None = None) -> Processed:
    """Resolve the game's open stage. `on_stored(db, processed)` runs inside the
    stage's transaction (it queues the report mails: stored together or not at all).
    `now` is when the next stage opens (its deadline counts from then).

    The engine's work — checking the sheets, resolving, rendering — runs on a budget
    (pbem.budget: `seconds`, `events`, by default STAGE_SECONDS and STAGE_EVENTS); past
    it OverBudget is raised before anything is stored."""
    now = now or clock.now()
    return store(db, game_name, site_reports, now, on_stored,
                 resolve(db, game_name, now, seconds, events))


def resolve(db, game_name: str, now: datetime, seconds: float | None = None,
            events: int | None = None) -> tuple:
    """The engine's part of `process`, on its budget: it only reads the database (a
    worker process of `pbem run --jobs` calls it: pbem.workers). Returns what `store`
    takes."""
    with budget.spending(f"{game_name}: the stage", seconds or budget.STAGE_SECONDS,
                         events or budget.STAGE_EVENTS):
        work = _resolve(db, game_name, now)
    # the reports made ready to store and archive (in a worker, ahead of the one writer)
    done = work[-1]
    done.rows = reports.stored_rows(done.reports)
    done.files = reports.archive(done.reports)
    return work


def store(db, game_name: str, site_reports: Path | None, now: datetime, on_stored,
          work: tuple) -> Processed:
    """The stage `resolve` worked out, stored in one transaction."""
    return _store(db, game_name, site_reports, now, on_stored, *work)


def _resolve(db, game_name: str, now: datetime):
    """The engine's part of a stage: pure, stores nothing."""
    g = get_game_row(db, game_name)
    if g["status"] == "finished":
        raise PbemError(f"game {game_name!r} is over ({g['result']}): nothing to process")
    stage = current_stage(db, game_name)
    if stage["status"] != "open":
        raise PbemError(f"{game_name} {stage['name']} is already processed")
    game = get_game(g["game_type"])
    with _step(game_name, stage, "reading the stage's stored state"):
        state = json.loads(stage["state"])  # the engine's own copy: resolve may change it
    with _step(game_name, stage, "checking the stored order sheets"):
        sheets, receipts = sheets_for(db, game, g, stage)
    dice = Dice(stage["seed"])
    with _step(game_name, stage, "resolution"):
        res = game.resolve(state, sheets, dice)
    seats = players_of(db, game_name)
    players = [p["name"] for p in seats]
    number = stage["number"]
    # events and rolls stored before the stage ran (the deal, for the setup stage)
    earlier_events, earlier_rolls = stored_outcome(db, game_name, number)
    rolls = earlier_rolls + [{**r, "seq": len(earlier_rolls) + r["seq"]} for r in dice.rolls()]
    deadline = "" if res.finished else deadlines.deadline_for_new_stage(g, res.stage_name, now)
    zones = {p["name"]: p["timezone"] for p in seats}
    said = {p: press.of_stage(db, game_name, number, p) for p in players}
    # the changes point at events of this resolution: after the stored ones in the list
    changes = [replace(c, at=c.at + len(earlier_events)) for c in res.changes]
    with _step(game_name, stage, "rendering the reports"):
        rendered = render_reports(game, g, stage, json.loads(stage["state"]), res.state,
                                  earlier_events + res.events, rolls, sheets, receipts,
                                  players, res.stage_name, res.finished, res.result,
                                  deadline, zones, said, changes)
    # a seat away (on vacation, resigned) plays as if it sent nothing, without missing a turn
    away = {s.player for s in deadlines.seats(db, game_name, number, now) if s.away}
    missing = [p for p in players if sheets.get(p) is None and p not in away]
    done = Processed(game_name, number, stage["name"], res.stage_name, res.finished, rendered,
                     missing, deadline, [e for e in res.events if e.kind == MODERATOR_KIND])
    return g, stage, res, dice, done


@contextmanager
def _step(game_name: str, stage: dict, what: str):
    """A step of a stage's engine work: a failure in it (a bug in the game, a stored
    state or sheet it cannot read) names the game, the stage and the step, so the
    moderator's notice and `pbem status` say where it broke; it must not stop the batch
    (DESIGN.md §8)."""
    try:
        yield
    except Exception as e:
        raise PbemError(f"{game_name} {stage['name']}: {what} failed, nothing was changed: "
                        f"{type(e).__name__}: {e}", EXIT_GAME_FAILED) from e


def _store(db, game_name: str, site_reports: Path | None, now: datetime, on_stored,
           g: dict, stage: dict, res, dice: Dice, done: Processed) -> Processed:
    """The stage's outcome, in one transaction."""
    number, missing = stage["number"], done.missing
    deadline = done.next_deadline
    # db.atomic(), not `with db.conn`: sqlite-utils' own writes open transactions of
    # their own, which atomic() nests as savepoints, so the stage is all or nothing.
    with db.atomic():
        # Claim the stage first: if another process stored it meanwhile, stop here.
        claimed = db.execute(
            "UPDATE stages SET status = 'processing' WHERE game = ? AND number = ? "
            "AND status = 'open'", [game_name, number]).rowcount
        if claimed != 1:
            raise PbemError(f"{game_name} {stage['name']} is already processed")
        store_outcome(db, game_name, number, res.events, dice.rolls())
        # plain SQL rather than sqlite-utils' table helpers, which read the table's
        # schema on every call (a run over 1,000 games stores 17,000 reports)
        db.conn.executemany(
            "INSERT INTO reports (game, stage, player, format, body) VALUES (?, ?, ?, ?, ?)",
            [(game_name, number, who, fmt, body) for who, fmt, body in done.rows])
        update(db, "stages", {"game": game_name, "number": number},
               {"status": "processed", "processed_at": deadlines.stamp(now),
                "next_name": res.stage_name})
        # no moves received: counted in a row per player, reset by any sheet
        db.execute("UPDATE players SET nmr = CASE WHEN name IN (SELECT value FROM "
                   "json_each(?)) THEN nmr + 1 ELSE 0 END, nmr_total = nmr_total + CASE WHEN "
                   "name IN (SELECT value FROM json_each(?)) THEN 1 ELSE 0 END WHERE game = ?",
                   [json.dumps(missing), json.dumps(missing), game_name])
        if res.finished:
            update(db, "games", {"name": game_name}, {"status": "finished",
                                                      "result": res.result})
        else:
            seed = stage_seed(g["seed"], number + 1)
            insert(db, "stages", {"game": game_name, "number": number + 1,
                                  "name": res.stage_name, "state": canonical_json(res.state),
                                  "state_hash": state_hash(res.state), "seed": seed,
                                  "status": "open", "deadline": deadline, "processed_at": "",
                                  "next_name": "", "opened_at": deadlines.stamp(now)})
            update(db, "games", {"name": game_name}, {"stage": number + 1})
        if on_stored is not None:
            on_stored(db, done)
        if site_reports is not None:
            # Written before the commit: a crash between the two leaves files that the
            # rerun writes again with the very same bytes, never a stage without files.
            reports.write_archive(
                report_folder(site_reports, game_name, number, stage["name"]), done.files)
    return done


def _slug(name: str) -> str:
    return "-".join(name.lower().split())


def report_folder(site_reports: Path, game_name: str, number: int, stage_name: str) -> Path:
    return site_reports / game_name / f"{number:02d}-{_slug(stage_name)}"


def _deadline(g: dict, next_name: str, deadline: str, zone: str) -> dict | None:
    """The next stage's deadline as a report shows it: in the player's time zone (his
    own, else the game's), with UTC beside it."""
    when = deadlines.parse(deadline)
    if when is None:
        return None
    tz = zone or deadlines.schedule_of(g, next_name).timezone
    return {"utc": deadline, "timezone": tz, "text": schedule.format_deadline(when, tz)}


def render_reports(game, g, stage, before, state, events: list[Event], rolls, sheets,
                   receipts, players, next_name, finished, result: str = "",
                   deadline: str = "", zones: dict | None = None,
                   said: dict | None = None,
                   changes: list | None = None) -> dict[str, dict[str, str]]:
    """One private report per player and one public board summary, from views only:
    reports[player] ('' = the board) -> format (text, html, json; the board also
    svg, its map alone) -> body. `changes` (pbem.ledger) index into `events`."""
    zones = zones or {}
    st = reports.Stage(g["name"], g.get("game_type", game.id), game.title, stage["name"],
                       stage.get("number", 0), next_name, finished, result)
    public_events = [e for e in events if e.visible(None)]
    marks = game.turn_marks(before, state, public_events) \
        if provides(game, "turn_marks") and before is not None else None
    board = game.public_view(state)
    title = f"{g['name']}: Hell after {stage['name']}"
    svg = game.map_svg(board, marks, title=title) if provides(game, "map_svg") else ""
    # the public board is the same in every report: rendered once, from the public view
    shared = reports.board_parts(board, svg, rolls, game.templates())
    out: dict[str, dict[str, str]] = {}
    for p in players:
        sheet = sheets.get(p)
        form = "" if finished else game.order_form(state, p, sheet)
        m = reports.model(st, p, game.player_view(state, p), events, rolls, sheet,
                          receipts.get(p, ""), _deadline(g, next_name, deadline, zones.get(p, "")),
                          form, marks, (said or {}).get(p),
                          ledger.summary(changes or [], events, p), shared["memo"])
        out[p] = reports.render_model(m, game.templates(), svg, shared)
    ordered = sorted(p for p in players if sheets.get(p) is not None)
    m = reports.board_model(st, board, public_events, rolls, ordered,
                            _deadline(g, next_name, deadline, ""), marks, shared["memo"])
    out[""] = reports.render_model(m, game.templates(), svg, shared)
    if svg:
        out[""]["svg"] = svg + "\n"
    return out
