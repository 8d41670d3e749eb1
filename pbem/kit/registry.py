"""Registries keyed by id (a card's effect, a Daemon ability, an order type), checked
against the game's data when the game loads.

A `Registry` is a dict whose `register(key)` decorator refuses a second registration
of one key. `check(pairs)` compares registries with the ids the data holds and raises
one ValueError naming every id with no entry ("no effect") and every entry with no id
("no card"): a typo in an id is a load-time error, not a surprise at turn 17.
`source_of(entry)` is the file:line of the function that carries an entry out.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterable
from pathlib import Path


class Registry(dict):
    """`what` -> entry, e.g. Registry("Arcana"); filled by `@register(key)`."""

    def __init__(self, what: str):
        super().__init__()
        self.what = what

    def register(self, key: str):
        """Register the decorated function (or object) under `key`, once."""

        def wrap(entry):
            if key in self:
                raise ValueError(f"{self.what} {key} registered twice")
            self[key] = entry
            return entry

        return wrap

    def coverage(self, ids: Iterable[str]) -> dict:
        """{"total", "implemented", "missing"} over the data's `ids`, sorted."""
        ids = sorted(ids)
        return {"total": len(ids), "implemented": sum(1 for i in ids if i in self),
                "missing": [i for i in ids if i not in self]}


def check(pairs: Iterable[tuple[Registry, Iterable[str]]], game: str) -> None:
    """Each registry against the ids of its kind in the data: every id has an entry and
    every entry an id, or one ValueError says which are wrong, kind by kind."""
    problems = []
    for table, ids in pairs:
        known = set(ids)
        stray = sorted(set(table) - known)
        missing = sorted(known - set(table))
        if stray:
            problems.append(f"effects registered for unknown {table.what} ids: {stray}")
        if missing:
            problems.append(f"{table.what} ids without an effect: {missing}")
    if problems:
        raise ValueError(f"{game} effects do not match the data: " + "; ".join(problems))


def implementation(entry) -> Callable | type:
    """The function that carries out a registered entry: the entry itself when it is a
    function, else its first field that is one (a dataclass such as a spell record),
    else the entry's class."""
    if inspect.isfunction(entry):
        return entry
    for field in dataclasses.fields(entry) if dataclasses.is_dataclass(entry) else ():
        value = getattr(entry, field.name)
        if inspect.isfunction(value):
            return value
    return type(entry)


def source_of(entry, root: Path, prefix: str = "") -> str:
    """"<prefix><path from root>:<line>" of the function that implements `entry`, e.g.
    "games/<game>/cards.py:118"."""
    fn = implementation(entry)
    path = Path(inspect.getsourcefile(fn)).resolve()
    line = inspect.getsourcelines(fn)[1]
    return f"{prefix}{path.relative_to(root).as_posix()}:{line}"
