"""Helpers for the combat tests (no tests here): run a combat round from order texts
with scripted dice, and read the events."""

from __future__ import annotations

from loh_kit import DATA, build_state, sheets_for

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell import combat
from pbem_games.lords_of_hell.cards import rituals
from pbem_games.lords_of_hell.orders import check_sheet, standing
from pbem_games.lords_of_hell.state import LohState


def combat_state(players: dict, **fields) -> LohState:
    """A state in combat round 1 with the phase started (its events dropped)."""
    st = build_state(players, phase="combat", round=1, **fields)
    combat.start_phase(st, DATA, Dice(script=[]), Log())
    return st


def ritual_state(make_state, players: dict, still: list[str] | None = None, **fields) -> LohState:
    """A combat round's step 6: every player's rituals face-up; `still` did not move
    (default: all)."""
    full = {n: {"rituals_up": True, **players.get(n, {})} for n in ("a", "b", "c", "d")}
    st = make_state(full, phase="combat", round=1, **fields)
    st.combat = {"still": list(full) if still is None else still}
    return st


def finish(st: LohState, sheets: dict, script=()) -> Log:
    """The step that finishes rituals (`sheets` by player; the others have none)."""
    log = Log()
    dice = Dice(script=list(script))
    rituals.finish_step(st, {n: sheets.get(n) for n in st.seats}, DATA, dice, log)
    dice.finish()
    return log


def sheets(st: LohState, orders: dict[str, str | None]) -> dict:
    """`sheets_for` with the texts as a dict (a None text: no sheet)."""
    return sheets_for(st, **{n: t for n, t in orders.items() if t is not None})


def play_round(st: LohState, orders: dict[str, str], script: list[int]) -> tuple[bool, Log]:
    """Store the standing orders, run one combat round; every scripted die must be used."""
    sh = sheets(st, orders)
    standing.keep(st, sh)
    log, dice = Log(), Dice(script=script)
    going = combat.run_round(st, sh, DATA, dice, log)
    dice.finish()
    return going, log


def events(log: Log, kind: str) -> list:
    return [e for e in log.events if e.kind == kind]


def texts(log: Log, kind: str) -> list[str]:
    return [e.text for e in events(log, kind)]


def hordes(st: LohState, name: str) -> list[str]:
    return sorted(st.cards[i] for i in st.players[name].hordes)


def problem(st: LohState, name: str, line: str):
    """The one problem of a one-line sheet (fails if the line was accepted)."""
    sheet = check_sheet(st, DATA, name, line)
    assert sheet.problems, f"{line!r} was accepted"
    return sheet.problems[0]


def accepted(st: LohState, name: str, line: str) -> dict:
    sheet = check_sheet(st, DATA, name, line)
    assert not sheet.problems, [(p.text, p.message) for p in sheet.problems]
    return sheet.lines[0].order | {"canonical": sheet.lines[0].canonical}
