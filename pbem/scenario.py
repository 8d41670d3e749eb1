"""Scenario files: a given position, orders, scripted dice and expected outcomes.

The format is documented in docs/scenarios.md. A game supports scenarios by
providing `scenario_state(given) -> state` and `run_phases(state, sheets, dice, phases)
-> (state, events)`; without `phases` the whole stage is resolved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .dice import Dice, DiceError
from .engine import get_game

KEYS = {"title", "rules", "game", "phases", "given", "orders", "dice", "expect",
        "expect_events", "seed", "notes"}


@dataclass
class ScenarioResult:
    path: str
    title: str
    differences: list[str] = field(default_factory=list)
    error: str = ""
    events: list = field(default_factory=list)
    state: dict | None = None

    @property
    def ok(self) -> bool:
        return not self.differences and not self.error

    def summary(self) -> str:
        head = f"{'PASS' if self.ok else 'FAIL'} {self.path}: {self.title}"
        lines = [head]
        if self.error:
            lines.append(f"  error: {self.error}")
        lines.extend(f"  {d}" for d in self.differences)
        return "\n".join(lines)


def load(path: str | Path) -> dict:
    doc = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    if not isinstance(doc, dict):
        raise ValueError("a scenario file is a YAML mapping")
    unknown = sorted(set(doc) - KEYS)
    if unknown:
        raise ValueError(f"unknown keys {unknown}; allowed: {sorted(KEYS)}")
    for key in ("title", "game", "given"):
        if key not in doc:
            raise ValueError(f"missing key {key!r}")
    return doc


def run_file(path: str | Path) -> ScenarioResult:
    try:
        doc = load(path)
    except (OSError, ValueError, yaml.YAMLError) as e:
        return ScenarioResult(str(path), "?", error=str(e))
    return run(doc, str(path))


def run(doc: dict, path: str = "<scenario>") -> ScenarioResult:
    result = ScenarioResult(path, doc["title"])
    try:
        game = get_game(doc["game"])
        state = game.scenario_state(doc["given"])
        sheets = {}
        for player in state_players(state):
            text = (doc.get("orders") or {}).get(player)
            sheets[player] = game.check_orders(state, player, text) if text else None
        for player, sheet in sheets.items():
            if sheet is not None:
                for r in sheet.problems:
                    result.differences.append(
                        f"orders of {player}, line {r.line_no} {r.text!r}: {r.status}: "
                        f"{r.message}")
        dice = Dice(str(doc.get("seed", "0")), script=list(doc.get("dice") or []))
        new_state, events = game.run_phases(state, sheets, dice, doc.get("phases"))
        dice.finish()
    except (DiceError, ValueError, KeyError, LookupError) as e:
        result.error = f"{type(e).__name__}: {e}"
        return result
    result.state, result.events = new_state, events
    for key, want in (doc.get("expect") or {}).items():
        try:
            got = lookup(new_state, key)
        except (KeyError, IndexError, ValueError) as e:
            result.differences.append(f"{key}: cannot read it ({e})")
            continue
        if got != want:
            result.differences.append(f"{key}: expected {want!r}, got {got!r}")
    texts = [e.text for e in events]
    for want in doc.get("expect_events") or []:
        if not any(want in t for t in texts):
            result.differences.append(f"no event mentions {want!r}")
    return result


def state_players(state: dict) -> list[str]:
    return list(state.get("seats") or state.get("players") or [])


_FILTER = re.compile(r"^(\w+)\[(.*)\]$")


def lookup(state, key: str):
    """Walk `a.b.c` into dicts/lists; `count:units[owner=void,kind=legion]` counts."""
    if key.startswith("count:"):
        items = _walk(state, key[len("count:"):])
        return len(items)
    return _walk(state, key)


def _walk(obj, path: str):
    parts = path.split(".")
    i = 0
    while i < len(parts):
        part = parts[i]
        m = _FILTER.match(part)
        if m:
            obj = obj[m.group(1)]
            conds = [c.split("=", 1) for c in m.group(2).split(",") if c]
            obj = [x for x in obj if all(str(x.get(k)) == v for k, v in conds)]
        elif isinstance(obj, list):
            obj = obj[int(part)]
        else:
            # ids contain dots (`owners.sectio.sugar-hill`): take the shortest run of
            # parts that names a key
            for j in range(i + 1, len(parts) + 1):
                name = ".".join(parts[i:j])
                if name in obj:
                    obj, i = obj[name], j - 1
                    break
            else:
                raise KeyError(part)
        i += 1
    return obj
