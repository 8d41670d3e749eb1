"""The HellGame component data: load, validate and query the YAML files in ``data/``.

The YAML files are the single source of truth for every printed number of the game
(Sectio, Daemons, Lieutenants, Hellhounds, Arcana and Hell cards, tables). Each record
says where each value comes from (``provenance``); docs/data.md describes the format.

Loading is strict on purpose: a moderator editing an assumed value must get a precise
``file:line`` error instead of a game that silently misbehaves three turns later.

This module holds load_data and HellData with its map queries, and is the one to import
from. The work is shared out to datamodel.py (constants, DataError, the frozen records),
pbem/kit/yamlfile.py (YAML with line numbers), dataschema.py and datacheck.py (validation and
provenance), databuild.py (records -> objects) and dataaudit.py (the provenance audit).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pbem.kit.yamlfile import read_yaml

from .dataaudit import audit
from .databuild import (
    build_arcana,
    build_daemons,
    build_hell_cards,
    build_hellhounds,
    build_lieutenants,
    build_sectio,
)
from .datacheck import validate_file, validate_tables
from .datamodel import (
    ANTEHELL,
    CIRCLES,
    DIRECTIONS,
    EXPECTED_COUNTS,
    KINDS,
    NON_COUNTABLE,
    PENTAGRAM,
    QUARTERS,
    Ability,
    ArcanaCard,
    ArcanaFlags,
    Bottom,
    Cost,
    Daemon,
    DataError,
    Event,
    HellCard,
    Hellhound,
    Leaf,
    Lieutenant,
    Major,
    Minor,
    Phenomenon,
    Sectio,
    normalize_name,
)
from .dataschema import ARCANA_FLAGS, PASS_KINDS, PREFIXES, SCHEMAS, TABLE_CHECKS, Check

__all__ = [
    "ANTEHELL",
    "ARCANA_FLAGS",
    "CIRCLES",
    "DATA_DIR",
    "DIRECTIONS",
    "EXPECTED_COUNTS",
    "KINDS",
    "NON_COUNTABLE",
    "PASS_KINDS",
    "PENTAGRAM",
    "PREFIXES",
    "QUARTERS",
    "SCHEMAS",
    "TABLE_CHECKS",
    "Ability",
    "ArcanaCard",
    "ArcanaFlags",
    "Bottom",
    "Check",
    "Cost",
    "Daemon",
    "DataError",
    "Event",
    "HellCard",
    "HellData",
    "Hellhound",
    "Leaf",
    "Lieutenant",
    "Major",
    "Minor",
    "Phenomenon",
    "Sectio",
    "audit",
    "load_data",
    "normalize_name",
]

DATA_DIR = Path(__file__).parent / "data"


@dataclass(frozen=True, eq=False)
class HellData:
    """The loaded component data: each collection by id, the tables, every countable
    value with its provenance (leaves), and queries on the map of Hell."""

    sectio: Mapping[str, Sectio]
    daemons: Mapping[str, Daemon]
    lieutenants: Mapping[str, Lieutenant]
    hellhounds: Mapping[str, Hellhound]
    arcana: Mapping[str, ArcanaCard]
    hell_cards: Mapping[str, HellCard]
    tables: Mapping[str, Any]
    leaves: tuple[Leaf, ...] = field(repr=False)
    _grid: Mapping[tuple[int, int], str] = field(repr=False)
    _names: Mapping[str, str] = field(repr=False)

    def step(self, sectio_id: str, face: int) -> str | None:
        """Where one compass die roll leads from a Sectio: a sectio id, "antehell",
        "pentagram", or None for a no-move face (5-6). Whether the move is legal (e.g. the
        Pentagram can never be entered) is for the caller to decide."""
        if face not in range(1, 7):
            raise ValueError(f"compass face {face!r} out of range 1..6")
        return self.sectio[sectio_id].neighbours.get(face)

    def neighbours_of(self, sectio_id: str) -> tuple[str, ...]:
        """The Sectio sharing a border with this one (never AnteHell or the Pentagram)."""
        ids = self.sectio[sectio_id].neighbours.values()
        return tuple(sorted(i for i in ids if i in self.sectio))

    def adjacent(self, a: str, b: str) -> bool:
        """True if Sectio a and b share a border (corner contacts do not count, 000 §2.2.3)."""
        if b not in self.sectio:
            raise KeyError(b)
        return b in self.neighbours_of(a)

    def circle_members(self, n: int) -> tuple[str, ...]:
        """The 5 Sectio of Circle n, ordered by Quarter."""
        _check_range("circle", n, 1, CIRCLES)
        return tuple(self._grid[n, q] for q in range(1, QUARTERS + 1))

    def quarter_members(self, n: int) -> tuple[str, ...]:
        """The 9 Sectio of Quarter n, ordered from Circle 1 (outermost) inward."""
        _check_range("quarter", n, 1, QUARTERS)
        return tuple(self._grid[c, n] for c in range(1, CIRCLES + 1))

    def antehell_entry(self, quarter: int) -> str:
        """The Circle-1 Sectio a unit leaving AnteHell enters for this Quarter (HG-9.5.2-01)."""
        _check_range("quarter", quarter, 1, QUARTERS)
        return self._grid[1, quarter]

    def sectio_by_name(self, text: str) -> str | None:
        """Resolve a Sectio name or spelling variant, ignoring case and punctuation."""
        return self._names.get(normalize_name(text))


def _check_range(what: str, n: int, lo: int, hi: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not lo <= n <= hi:
        raise ValueError(f"{what} {n!r} out of range {lo}..{hi}")


def _load(directory: Path) -> HellData:
    def read(stem: str) -> tuple[str, Any]:
        file = f"{stem}.yaml"
        return file, read_yaml(directory / file)

    tables, leaves = validate_tables(*read("tables"))
    validated = {}
    for stem in PREFIXES:
        file, doc = read(stem)
        records, file_leaves = validate_file(file, doc, stem)
        validated[stem] = (file, records)
        leaves += file_leaves

    sectio, grid, names = build_sectio(*validated["sectio"], tables["compass"])
    frozen = MappingProxyType
    return HellData(
        sectio=frozen(sectio),
        daemons=frozen(build_daemons(*validated["daemons"])),
        lieutenants=frozen(build_lieutenants(*validated["lieutenants"], tables)),
        hellhounds=frozen(build_hellhounds(*validated["hellhounds"])),
        arcana=frozen(build_arcana(*validated["arcana"])),
        hell_cards=frozen(build_hell_cards(*validated["hell_cards"], sectio)),
        tables=frozen(tables),
        leaves=tuple(leaves),
        _grid=frozen(grid),
        _names=frozen(names),
    )


@functools.cache
def _load_default() -> HellData:
    return _load(DATA_DIR)


def load_data(path: str | Path | None = None) -> HellData:
    """Load and validate every data file; the default directory is loaded once and cached.

    Raises DataError("<file>:<line>: <id>: <problem>") on any defect.
    """
    return _load_default() if path is None else _load(Path(path))
