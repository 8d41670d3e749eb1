"""Helpers for the combat tests (no tests here): run a combat round from order texts
with scripted dice, and read the events."""

from __future__ import annotations

from loh_kit import DATA, build_state

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell import combat
from pbem_games.lords_of_hell.orders import check_sheet, standing


def combat_state(players: dict, **fields) -> dict:
    """A state in combat round 1 with the phase started (its events dropped)."""
    st = build_state(players, phase="combat", round=1, **fields)
    combat.start_phase(st, DATA, Dice(script=[]), Log())
    return st


def sheets(st: dict, orders: dict[str, str]) -> dict:
    out = {}
    for name in st["seats"]:
        text = orders.get(name)
        if text is None:
            out[name] = None
            continue
        sheet = check_sheet(st, DATA, name, text)
        assert not sheet.problems, [(p.text, p.message) for p in sheet.problems]
        out[name] = sheet
    return out


def play_round(st: dict, orders: dict[str, str], script: list[int]) -> tuple[bool, Log]:
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


def hordes(st: dict, name: str) -> list[str]:
    return sorted(st["cards"][i] for i in st["players"][name]["hordes"])


def problem(st: dict, name: str, line: str):
    """The one problem of a one-line sheet (fails if the line was accepted)."""
    sheet = check_sheet(st, DATA, name, line)
    assert sheet.problems, f"{line!r} was accepted"
    return sheet.problems[0]


def accepted(st: dict, name: str, line: str) -> dict:
    sheet = check_sheet(st, DATA, name, line)
    assert not sheet.problems, [(p.text, p.message) for p in sheet.problems]
    return sheet.lines[0].order | {"canonical": sheet.lines[0].canonical}
