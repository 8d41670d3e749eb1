"""The HellGame component data: load, validate and query the YAML files in ``data/``.

The YAML files are the single source of truth for every printed number of the game
(Sectio, Daemons, Lieutenants, Hellhounds, Arcana and Hell cards, tables). Each record
says where each value comes from (``provenance``); docs/data.md describes the format.

Loading is strict on purpose: a moderator editing an assumed value must get a precise
``file:line`` error instead of a game that silently misbehaves three turns later.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

DATA_DIR = Path(__file__).parent / "data"

KINDS = ("rulebook", "external", "assumed")

# Keys that identify or annotate a record rather than carry a game value; they are not
# "countable" for the provenance audit, at any depth (so ability.id is not counted).
NON_COUNTABLE = frozenset(
    {"id", "provenance", "notes", "variants", "italian", "source_line", "number"}
)

# Deck sizes fixed by 000 §2.1 (HG-2.1-01) and the map (HG-2.2-01).
EXPECTED_COUNTS = {"sectio": 45, "daemons": 21, "arcana": 109, "hell_cards": 45}

ANTEHELL = "antehell"
PENTAGRAM = "pentagram"
CIRCLES = 9
QUARTERS = 5
DIRECTIONS = ("inward", "outward", "clockwise", "counter-clockwise")

_SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"


class DataError(ValueError):
    """A data file is missing, malformed or inconsistent; the message starts file:line."""


# ---------------------------------------------------------------------------------------
# Dataclasses (frozen: the loaded data is cached and shared, so it must not be mutated)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sectio:
    id: str
    name: str
    variants: tuple[str, ...]
    circle: int
    circle_name: str
    quarter: int
    souls: int
    wise_men: bool
    # compass face 1..4 -> sectio id | "antehell" | "pentagram"; derived, so left out of
    # equality and hashing.
    neighbours: Mapping[int, str] = field(compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Ability:
    id: str
    text: str


@dataclass(frozen=True)
class Daemon:
    id: str
    name: str
    sex: str
    rank: int
    skulls: int
    stars: int
    hearts: int
    ability: Ability
    title: str
    recovery: tuple[int, ...]


@dataclass(frozen=True)
class Lieutenant:
    id: str
    name: str
    leadership: int
    bonus: int


@dataclass(frozen=True)
class Hellhound:
    id: str
    name: str
    attacks: int


@dataclass(frozen=True)
class Minor:
    kind: str | None
    cost: int | None


@dataclass(frozen=True)
class Cost:
    souls: int
    favours: int
    disfavours: int


@dataclass(frozen=True)
class Major:
    timing: str
    timing_note: str | None
    place: str | None
    cost: Cost
    prerequisites: str | None
    text: str


@dataclass(frozen=True)
class ArcanaFlags:
    play_right_away: bool
    counter: bool
    cannot_be_countered: bool
    support: bool
    persistent: bool
    stays_in_play: bool
    macina: bool
    six: bool


@dataclass(frozen=True)
class ArcanaCard:
    id: str
    number: int
    name: str
    italian: str | None
    source_line: int | None
    minor: Minor
    major: Major
    flags: ArcanaFlags


@dataclass(frozen=True)
class Event:
    permanent: str | None
    text: str


@dataclass(frozen=True)
class Phenomenon:
    id: str
    name: str
    italian: str | None
    scope: str
    text: str


@dataclass(frozen=True)
class Bottom:
    sectio: str
    quarter: int
    circle: int


@dataclass(frozen=True)
class HellCard:
    id: str
    number: int
    name: str
    italian: str | None
    source_line: int | None
    event: Event
    phenomenon: Phenomenon
    bottom: Bottom


@dataclass(frozen=True)
class Leaf:
    """One countable value and its provenance, e.g. key "sectio.sugar-hill.souls"."""

    file: str
    key: str
    value: Any
    kind: str
    note: str | None


@dataclass(frozen=True, eq=False)
class HellData:
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


def normalize_name(text: str) -> str:
    """Fold a Sectio name for lookups: "Embezzlers Brazier" == "EMBEZZLER'S BRAZIER"."""
    text = text.casefold().replace("&", " and ")
    text = re.sub(r"['\u2019`]", "", text)
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


# ---------------------------------------------------------------------------------------
# YAML reading with line numbers
# ---------------------------------------------------------------------------------------


class _Map(dict):
    """A YAML mapping that remembers its own line and each key's line (1-based)."""

    line: int = 0
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class _LineLoader(yaml.SafeLoader):
    """SafeLoader whose mappings are _Map instances, and which rejects duplicate keys
    (PyYAML would silently keep the last one, hiding an editing mistake)."""


def _construct_map(loader: _LineLoader, node: yaml.MappingNode) -> _Map:
    loader.flatten_mapping(node)
    mapping = _Map()
    mapping.line = node.start_mark.line + 1
    mapping.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in mapping:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        mapping[key] = loader.construct_object(value_node, deep=True)
        mapping.key_lines[key] = key_node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_map)


def _read_yaml(path: Path) -> Any:
    if not path.is_file():
        raise DataError(f"{path.name}: file not found in {path.parent}")
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_LineLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        raise DataError(f"{path.name}:{line}: YAML error: {exc.problem}") from exc


# ---------------------------------------------------------------------------------------
# Field checks: each returns None when the value is fine, else the end of a message that
# follows the field name ("circle 10 out of range 1..9").
# ---------------------------------------------------------------------------------------

Check = Callable[[Any], "str | None"]


def _int(lo: int, hi: int, *, null: bool = False) -> Check:
    def check(v: Any) -> str | None:
        if v is None and null:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            return f"must be an integer, got {v!r}"
        return None if lo <= v <= hi else f"{v} out of range {lo}..{hi}"

    return check


def _str(*, null: bool = False) -> Check:
    def check(v: Any) -> str | None:
        if v is None and null:
            return None
        return (
            None if isinstance(v, str) and v.strip() else f"must be a non-empty string, got {v!r}"
        )

    return check


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else f"must be true or false, got {v!r}"


def _enum(*values: str, null: bool = False) -> Check:
    def check(v: Any) -> str | None:
        if v is None and null:
            return None
        return None if v in values else f"{v!r} is not one of {', '.join(values)}"

    return check


def _ident(prefix: str) -> Check:
    pattern = re.compile(rf"{re.escape(prefix)}\.{_SLUG}")

    def check(v: Any) -> str | None:
        ok = isinstance(v, str) and pattern.fullmatch(v)
        return None if ok else f"{v!r} is not a '{prefix}.<lowercase-hyphenated>' id"

    return check


def _list(item: Check, *, min_len: int = 0) -> Check:
    def check(v: Any) -> str | None:
        if not isinstance(v, list):
            return f"must be a list, got {v!r}"
        if len(v) < min_len:
            return f"must have at least {min_len} item(s)"
        for x in v:
            if err := item(x):
                return f"item {err}"
        return None

    return check


def _die_table(result: Check) -> Check:
    """A mapping with exactly the die faces 1..6 as keys."""

    def check(v: Any) -> str | None:
        if not isinstance(v, dict) or sorted(v, key=str) != [1, 2, 3, 4, 5, 6]:
            return "must map each die face 1..6 to a result"
        for face, r in v.items():
            if err := result(r):
                return f"face {face}: {err}"
        return None

    return check


@dataclass(frozen=True)
class _Opt:
    """Marks an optional field in a schema."""

    spec: Any


# A schema maps field -> Check | nested schema dict | _Opt(...). `id`, `provenance` and
# `notes` are common to every record and handled by _check_fields / _provenance_leaves.

# v2 extends the Pass ladder from Quinary to Nonary for the Extra Evil cards (HG-9.4-02).
PASS_KINDS = tuple(
    "pass double-pass triple-pass quadruple-pass quinary-pass "
    "senary-pass septenary-pass octonary-pass nonary-pass".split()
)
ARCANA_FLAGS = tuple(
    "play_right_away counter cannot_be_countered support "
    "persistent stays_in_play macina six".split()
)

SCHEMAS: dict[str, dict[str, Any]] = {
    "sectio": {
        "name": _str(),
        "variants": _list(_str()),
        "circle": _int(1, CIRCLES),
        "circle_name": _str(),
        "quarter": _int(1, QUARTERS),
        "souls": _int(0, 99),
        "wise_men": _Opt(_bool),
    },
    "daemons": {
        "name": _str(),
        "sex": _enum("male", "female", "sexless", "dual"),
        "rank": _int(2, 443_556_000),
        "skulls": _int(1, 6),
        "stars": _int(1, 6),
        "hearts": _int(1, 6),
        "ability": {"id": _ident("ability"), "text": _str()},
        "title": _str(),
        "recovery": _list(_int(1, 6), min_len=1),
    },
    "lieutenants": {
        "name": _str(),
        "leadership": _int(1, 12),
        "bonus": _int(0, 6),
    },
    "hellhounds": {
        "name": _str(),
        "attacks": _int(1, 12),
    },
    "arcana": {
        "number": _int(1, 999),
        "name": _str(),
        "italian": _str(null=True),
        "source_line": _int(1, 10**6, null=True),
        "minor": {
            "kind": _enum(*PASS_KINDS, "walk-the-earth", "recruit-lieutenant", null=True),
            "cost": _int(0, 99, null=True),
        },
        "major": {
            "timing": _enum(
                "action", "combat", "action-or-combat", "play-right-away", "counter", "any-time"
            ),
            "timing_note": _str(null=True),
            "place": _enum("hell", "earth", "any", null=True),
            "cost": {"souls": _int(0, 99), "favours": _int(0, 99), "disfavours": _int(0, 99)},
            "prerequisites": _str(null=True),
            "text": _str(),
        },
        "flags": dict.fromkeys(ARCANA_FLAGS, _bool),
    },
    "hell_cards": {
        "number": _int(1, 999),
        "name": _str(),
        "italian": _str(null=True),
        "source_line": _int(1, 10**6, null=True),
        "event": {"permanent": _enum("heaven", "earth", "hell", null=True), "text": _str()},
        "phenomenon": {
            "id": _ident("phenomenon"),
            "name": _str(),
            "italian": _str(null=True),
            "scope": _enum("sectio", "quarter", "circle"),
            "text": _str(),
        },
        "bottom": {
            "sectio": _ident("sectio"),
            "quarter": _int(1, QUARTERS),
            "circle": _int(1, CIRCLES),
        },
    },
}

# file stem -> id prefix of its records
PREFIXES = {
    "sectio": "sectio",
    "daemons": "daemon",
    "lieutenants": "lieutenant",
    "hellhounds": "hellhound",
    "arcana": "arcana",
    "hell_cards": "hell",
}

# Table entries the engine relies on, with the shape of their value. Other entries are
# allowed (they are checked only for the common fields).
TABLE_CHECKS: dict[str, Check] = {
    "starting_souls": _int(0, 99),
    "starting_favours": _int(0, 99),
    "legions_per_player": _int(1, 99),
    "player_markers_per_player": _int(1, 99),
    "starting_daemons": _int(1, 21),
    "starting_sectio": _int(1, 45),
    "starting_arcana": _int(0, 109),
    "legion_cost_souls": _int(0, 99),
    "arcana_cost_souls": _int(0, 99),
    "daemon_redraw_cost_favours": _int(0, 99),
    "disfavour_buyoff_favours": _int(1, 99),
    "hand_limit": _int(1, 109),
    "legion_cap": _int(1, 99),
    "lieutenant_boxes": _int(1, 6),
    "lieutenants_per_box": _int(1, 99),
    "isolation_penalty": _int(0, 99),
    "recovery_roll": _list(_int(1, 6), min_len=1),
    "wise_men_table": _die_table(_int(0, 109)),
    "lieutenant_box_die": _die_table(_int(1, 6)),
    "taming_table": _die_table(_enum("tame", "nothing", "legion-destroyed")),
    "compass": _die_table(_enum(*DIRECTIONS, "none")),
}


# ---------------------------------------------------------------------------------------
# Generic record validation and provenance
# ---------------------------------------------------------------------------------------


def _where(file: str, line: int, rid: str) -> str:
    return f"{file}:{line}: {rid}:"


def _check_fields(file: str, rid: str, rec: _Map, schema: dict[str, Any], path: str) -> None:
    """Check required/unknown keys and each value against the schema, recursively."""
    common = {"id", "provenance", "notes"} if not path else set()
    for key in rec:
        if key not in schema and key not in common:
            raise DataError(f"{_where(file, rec.line_of(key), rid)} unknown key '{path}{key}'")
    for key, spec in schema.items():
        optional = isinstance(spec, _Opt)
        spec = spec.spec if optional else spec
        if key not in rec:
            if optional:
                continue
            raise DataError(f"{_where(file, rec.line, rid)} missing required field '{path}{key}'")
        value, line = rec[key], rec.line_of(key)
        if isinstance(spec, dict):
            if not isinstance(value, dict):
                raise DataError(f"{_where(file, line, rid)} {path}{key} must be a mapping")
            _check_fields(file, rid, value, spec, f"{path}{key}.")
        elif err := spec(value):
            raise DataError(f"{_where(file, line, rid)} {path}{key} {err}")


def _iter_leaves(rec: Mapping[Any, Any], path: str = "") -> Iterator[tuple[str, Any]]:
    """Countable leaves of a record as (dotted path, value), nested mappings flattened."""
    for key, value in rec.items():
        if key in NON_COUNTABLE:
            continue
        if isinstance(value, dict):
            yield from _iter_leaves(value, f"{path}{key}.")
        else:
            yield f"{path}{key}", value


def _most_specific(mapping: Mapping[str, Any], path: str) -> Any:
    """Look up a dotted path, falling back to ever shorter prefixes, then 'default'."""
    parts = path.split(".")
    for i in range(len(parts), 0, -1):
        prefix = ".".join(parts[:i])
        if prefix in mapping:
            return mapping[prefix]
    return mapping.get("default")


def _provenance_leaves(file: str, rid: str, rec: _Map) -> list[Leaf]:
    """Resolve each countable leaf's provenance kind and note, checking both mappings."""
    leaves = list(_iter_leaves(rec))
    paths = {p for p, _ in leaves}
    prefixes = {".".join(p.split(".")[:i]) for p in paths for i in range(1, p.count(".") + 2)}

    prov = rec.get("provenance")
    if not isinstance(prov, dict):
        raise DataError(
            f"{_where(file, rec.line_of('provenance'), rid)} missing provenance mapping"
        )
    if "default" not in prov:
        raise DataError(f"{_where(file, prov.line, rid)} provenance has no 'default' kind")
    for key, kind in prov.items():
        if key != "default" and key not in prefixes:
            raise DataError(
                f"{_where(file, prov.line_of(key), rid)} provenance names unknown field '{key}'"
            )
        if kind not in KINDS:
            raise DataError(
                f"{_where(file, prov.line_of(key), rid)} provenance {key}: "
                f"{kind!r} is not one of {', '.join(KINDS)}"
            )

    notes = rec.get("notes", {})
    if not isinstance(notes, dict):
        raise DataError(f"{_where(file, rec.line_of('notes'), rid)} notes must be a mapping")
    # Notes are commentary and may also annotate non-countable keys (e.g. `italian`), so
    # their keys are not restricted; a note only *resolves* for a leaf when its key is the
    # leaf, one of its prefixes, or 'default' - which is what the assumed check below needs.
    for key, note in notes.items():
        if not isinstance(note, str) or not note.strip():
            raise DataError(f"{_where(file, notes.line_of(key), rid)} note {key} must be a string")

    out = []
    for path, value in leaves:
        kind = _most_specific(prov, path)
        note = _most_specific(notes, path)
        if kind == "assumed" and not note:
            raise DataError(f"{_where(file, prov.line, rid)} {path} is assumed but has no note")
        out.append(Leaf(file, f"{rid}.{path}", _freeze(value), kind, note))
    return out


def _freeze(value: Any) -> Any:
    """Immutable copy of a YAML value (the loaded data is cached and shared)."""
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _records(file: str, doc: Any, stem: str) -> list[_Map]:
    """The list of record mappings under the file's single top-level key."""
    if not isinstance(doc, dict) or list(doc) != [stem]:
        raise DataError(f"{file}:1: expected a single top-level key '{stem}:'")
    records = doc[stem]
    if not isinstance(records, list):
        raise DataError(f"{file}:{doc.line_of(stem)}: '{stem}' must be a list of records")
    for i, rec in enumerate(records):
        if not isinstance(rec, dict):
            raise DataError(f"{file}:{doc.line_of(stem)}: record #{i + 1} is not a mapping")
    expected = EXPECTED_COUNTS.get(stem)
    if expected is not None and len(records) != expected:
        raise DataError(
            f"{file}:{doc.line_of(stem)}: expected {expected} {stem} records, found {len(records)}"
        )
    return records


def _validate_file(file: str, doc: Any, stem: str) -> tuple[list[_Map], list[Leaf]]:
    records = _records(file, doc, stem)
    seen: dict[str, int] = {}
    leaves: list[Leaf] = []
    for i, rec in enumerate(records):
        rid = rec.get("id", f"record #{i + 1}")
        if err := _ident(PREFIXES[stem])(rec.get("id")):
            raise DataError(f"{file}:{rec.line_of('id')}: {rid}: id {err}")
        if rid in seen:
            raise DataError(f"{file}:{rec.line}: {rid}: duplicate id (first at line {seen[rid]})")
        seen[rid] = rec.line
        _check_fields(file, rid, rec, SCHEMAS[stem], "")
        leaves += _provenance_leaves(file, rid, rec)
    return records, leaves


def _unique(file: str, records: list[_Map], key: Callable[[_Map], Any], what: str) -> None:
    """Reject two records sharing a value (e.g. two Daemons with one rank)."""
    seen: dict[Any, str] = {}
    for rec in records:
        k = key(rec)
        if k in seen:
            raise DataError(
                f"{file}:{rec.line}: {rec['id']}: {what} {k!r} already used by {seen[k]}"
            )
        seen[k] = rec["id"]


# ---------------------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------------------


def _validate_tables(file: str, doc: Any) -> tuple[dict[str, Any], list[Leaf]]:
    if not isinstance(doc, dict):
        raise DataError(f"{file}:1: expected a mapping of named tables")
    tables: dict[str, Any] = {}
    leaves: list[Leaf] = []
    for name, entry in doc.items():
        rid = f"table.{name}"
        line = doc.line_of(name)
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise DataError(f"{file}:{line}: {rid}: table names are lowercase snake_case")
        if not isinstance(entry, dict):
            raise DataError(f"{file}:{line}: {rid}: must be a mapping with value, rule, provenance")
        for key in entry:
            if key not in ("value", "rule", "provenance", "notes"):
                raise DataError(f"{_where(file, entry.line_of(key), rid)} unknown key '{key}'")
        for key in ("value", "rule"):
            if key not in entry:
                raise DataError(f"{_where(file, entry.line, rid)} missing required field '{key}'")
        if not re.fullmatch(r"HG-[0-9A-Z.]+-\d\d", str(entry["rule"])):
            raise DataError(
                f"{_where(file, entry.line_of('rule'), rid)} rule {entry['rule']!r} "
                "is not a clause id like HG-5.1-07"
            )
        check = TABLE_CHECKS.get(name)
        if check and (err := check(entry["value"])):
            raise DataError(f"{_where(file, entry.line_of('value'), rid)} value {err}")
        # Only `value` carries game data; `rule` is a citation, like `notes`.
        counted = _Map({"value": entry["value"], "provenance": entry.get("provenance")})
        counted.line, counted.key_lines = entry.line, entry.key_lines
        if "notes" in entry:
            counted["notes"] = entry["notes"]
        leaves += _provenance_leaves(file, rid, counted)
        tables[name] = _freeze(entry["value"])
    for name in TABLE_CHECKS:
        if name not in tables:
            raise DataError(f"{file}:1: missing table '{name}'")
    for face, box in tables["lieutenant_box_die"].items():
        if box > tables["lieutenant_boxes"]:
            raise DataError(
                f"{file}:{doc.line_of('lieutenant_box_die')}: table.lieutenant_box_die: "
                f"face {face} names box {box}, but there are {tables['lieutenant_boxes']} boxes"
            )
    compass = tables["compass"]
    directions = sorted(d for d in compass.values() if d != "none")
    if directions != sorted(DIRECTIONS):
        raise DataError(
            f"{file}:{doc.line_of('compass')}: table.compass: each direction must appear once"
        )
    return tables, leaves


# ---------------------------------------------------------------------------------------
# Building the objects
# ---------------------------------------------------------------------------------------


def _neighbours(circle: int, quarter: int, compass: Mapping[int, str], grid: dict) -> dict:
    """Compass face -> destination on the 9 x 5 polar grid (components.md §1.7)."""
    targets = {
        "inward": PENTAGRAM if circle == CIRCLES else grid[circle + 1, quarter],
        "outward": ANTEHELL if circle == 1 else grid[circle - 1, quarter],
        "clockwise": grid[circle, quarter % QUARTERS + 1],
        "counter-clockwise": grid[circle, (quarter - 2) % QUARTERS + 1],
    }
    return {face: targets[d] for face, d in sorted(compass.items()) if d != "none"}


def _build_sectio(
    file: str, records: list[_Map], compass: Mapping[int, str]
) -> tuple[dict[str, Sectio], dict[tuple[int, int], str], dict[str, str]]:
    grid: dict[tuple[int, int], str] = {}
    circle_names: dict[int, str] = {}
    for rec in records:
        cell = (rec["circle"], rec["quarter"])
        if cell in grid:
            raise DataError(
                f"{file}:{rec.line}: {rec['id']}: circle {cell[0]} quarter {cell[1]} "
                f"already holds {grid[cell]}"
            )
        grid[cell] = rec["id"]
        first = circle_names.setdefault(rec["circle"], rec["circle_name"])
        if first != rec["circle_name"]:
            raise DataError(
                f"{file}:{rec.line_of('circle_name')}: {rec['id']}: circle_name "
                f"{rec['circle_name']!r} differs from {first!r} used for circle {rec['circle']}"
            )
    # 45 distinct cells in a 9 x 5 grid: the layout is a bijection.
    wise = [r["id"] for r in records if r.get("wise_men")]
    if len(wise) != 1:
        raise DataError(f"{file}:1: exactly one Sectio must have wise_men: true, found {wise}")

    names: dict[str, str] = {}
    sectio = {}
    for rec in records:
        for text in (rec["name"], *rec["variants"]):
            key = normalize_name(text)
            if names.setdefault(key, rec["id"]) != rec["id"]:
                raise DataError(
                    f"{file}:{rec.line_of('variants')}: {rec['id']}: name {text!r} is "
                    f"ambiguous with {names[key]}"
                )
        nb = _neighbours(rec["circle"], rec["quarter"], compass, grid)
        sectio[rec["id"]] = Sectio(
            id=rec["id"],
            name=rec["name"],
            variants=tuple(rec["variants"]),
            circle=rec["circle"],
            circle_name=rec["circle_name"],
            quarter=rec["quarter"],
            souls=rec["souls"],
            wise_men=bool(rec.get("wise_men", False)),
            neighbours=MappingProxyType(nb),
        )
    return sectio, grid, names


def _build_daemons(file: str, records: list[_Map]) -> dict[str, Daemon]:
    # Rank orders the Action Phase (HG-9.1-01), so two equal ranks would be a tie the
    # rules never break.
    _unique(file, records, lambda r: r["rank"], "rank")
    out = {}
    for rec in records:
        expected = "ability." + rec["id"].removeprefix("daemon.")
        if rec["ability"]["id"] != expected:
            raise DataError(
                f"{file}:{rec['ability'].line_of('id')}: {rec['id']}: ability.id must be {expected}"
            )
        out[rec["id"]] = Daemon(
            id=rec["id"],
            name=rec["name"],
            sex=rec["sex"],
            rank=rec["rank"],
            skulls=rec["skulls"],
            stars=rec["stars"],
            hearts=rec["hearts"],
            ability=Ability(**rec["ability"]),
            title=rec["title"],
            recovery=tuple(sorted(set(rec["recovery"]))),
        )
    return out


def _build_arcana(file: str, records: list[_Map]) -> dict[str, ArcanaCard]:
    _unique(file, records, lambda r: r["number"], "number")
    out = {}
    for rec in records:
        major = dict(rec["major"], cost=Cost(**rec["major"]["cost"]))
        out[rec["id"]] = ArcanaCard(
            id=rec["id"],
            number=rec["number"],
            name=rec["name"],
            italian=rec["italian"],
            source_line=rec["source_line"],
            minor=Minor(**rec["minor"]),
            major=Major(**major),
            flags=ArcanaFlags(**rec["flags"]),
        )
    return out


def _build_hell_cards(file: str, records: list[_Map], sectio: Mapping) -> dict[str, HellCard]:
    _unique(file, records, lambda r: r["number"], "number")
    out = {}
    for rec in records:
        bottom = rec["bottom"]
        if bottom["sectio"] not in sectio:
            raise DataError(
                f"{file}:{bottom.line_of('sectio')}: {rec['id']}: bottom.sectio "
                f"{bottom['sectio']!r} is not a known Sectio"
            )
        out[rec["id"]] = HellCard(
            id=rec["id"],
            number=rec["number"],
            name=rec["name"],
            italian=rec["italian"],
            source_line=rec["source_line"],
            event=Event(**rec["event"]),
            phenomenon=Phenomenon(**rec["phenomenon"]),
            bottom=Bottom(**bottom),
        )
    return out


def _load(directory: Path) -> HellData:
    def read(stem: str) -> tuple[str, Any]:
        file = f"{stem}.yaml"
        return file, _read_yaml(directory / file)

    tables, leaves = _validate_tables(*read("tables"))
    validated = {}
    for stem in PREFIXES:
        file, doc = read(stem)
        records, file_leaves = _validate_file(file, doc, stem)
        validated[stem] = (file, records)
        leaves += file_leaves

    sectio, grid, names = _build_sectio(*validated["sectio"], tables["compass"])
    daemons = _build_daemons(*validated["daemons"])

    file, records = validated["lieutenants"]
    needed = tables["lieutenant_boxes"] * tables["lieutenants_per_box"]
    if len(records) < needed:
        raise DataError(f"{file}:1: set-up needs {needed} Lieutenants, found {len(records)}")
    lieutenants = {
        r["id"]: Lieutenant(r["id"], r["name"], r["leadership"], r["bonus"]) for r in records
    }
    file, records = validated["hellhounds"]
    hellhounds = {r["id"]: Hellhound(r["id"], r["name"], r["attacks"]) for r in records}

    arcana = _build_arcana(*validated["arcana"])
    hell_cards = _build_hell_cards(*validated["hell_cards"], sectio)

    frozen = MappingProxyType
    return HellData(
        sectio=frozen(sectio),
        daemons=frozen(daemons),
        lieutenants=frozen(lieutenants),
        hellhounds=frozen(hellhounds),
        arcana=frozen(arcana),
        hell_cards=frozen(hell_cards),
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


# ---------------------------------------------------------------------------------------
# Provenance audit
# ---------------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """JSON-friendly copy of a frozen value."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _natural(key: str) -> tuple:
    """Sort key that orders "hellhound.2" before "hellhound.10"."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", key))


def audit(data: HellData) -> dict[str, Any]:
    """Count countable values by provenance kind and list every assumed one.

    Returns {"provenance": {kind: n}, "by_file": {file: {kind: n}}, "assumed": [{file, key,
    value, note}], "counts": {collection: n, "leaves": n}}, all in a deterministic order.
    """
    totals = dict.fromkeys(KINDS, 0)
    by_file: dict[str, dict[str, int]] = {}
    assumed = []
    for leaf in data.leaves:
        totals[leaf.kind] += 1
        by_file.setdefault(leaf.file, dict.fromkeys(KINDS, 0))[leaf.kind] += 1
        if leaf.kind == "assumed":
            assumed.append(
                {"file": leaf.file, "key": leaf.key, "value": _plain(leaf.value), "note": leaf.note}
            )
    assumed.sort(key=lambda a: (a["file"], _natural(a["key"])))
    counts = {
        "sectio": len(data.sectio),
        "daemons": len(data.daemons),
        "lieutenants": len(data.lieutenants),
        "hellhounds": len(data.hellhounds),
        "arcana": len(data.arcana),
        "hell_cards": len(data.hell_cards),
        "tables": len(data.tables),
        "leaves": len(data.leaves),
    }
    return {
        "provenance": totals,
        "by_file": dict(sorted(by_file.items())),
        "assumed": assumed,
        "counts": counts,
    }
