"""Validating the parsed data files record by record, and resolving each value's provenance.

validate_file checks one record file (sectio.yaml, daemons.yaml, ...) against its schema
in dataschema.py; validate_tables checks tables.yaml. Both return the checked records
with their countable values as Leafs. Checks that span records (unique numbers, the map
grid) are made while building the objects, in databuild.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

from pbem.kit.yamlfile import LineMap

from .datamodel import DIRECTIONS, EXPECTED_COUNTS, KINDS, NON_COUNTABLE, DataError, Leaf, where
from .dataschema import PREFIXES, SCHEMAS, TABLE_CHECKS, Opt, ident

# ---------------------------------------------------------------------------------------
# Generic record validation and provenance
# ---------------------------------------------------------------------------------------


def _check_fields(file: str, rid: str, rec: LineMap, schema: dict[str, Any], path: str) -> None:
    """Check required/unknown keys and each value against the schema, recursively."""
    common = {"id", "provenance", "notes"} if not path else set()
    for key in rec:
        if key not in schema and key not in common:
            raise DataError(f"{where(file, rec.line_of(key), rid)} unknown key '{path}{key}'")
    for key, spec in schema.items():
        optional = isinstance(spec, Opt)
        spec = spec.spec if optional else spec
        if key not in rec:
            if optional:
                continue
            raise DataError(f"{where(file, rec.line, rid)} missing required field '{path}{key}'")
        value, line = rec[key], rec.line_of(key)
        if isinstance(spec, dict):
            if not isinstance(value, dict):
                raise DataError(f"{where(file, line, rid)} {path}{key} must be a mapping")
            _check_fields(file, rid, value, spec, f"{path}{key}.")
        elif err := spec(value):
            raise DataError(f"{where(file, line, rid)} {path}{key} {err}")


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


def _provenance_leaves(file: str, rid: str, rec: LineMap) -> list[Leaf]:
    """Resolve each countable leaf's provenance kind and note, checking both mappings."""
    leaves = list(_iter_leaves(rec))
    paths = {p for p, _ in leaves}
    prefixes = {".".join(p.split(".")[:i]) for p in paths for i in range(1, p.count(".") + 2)}

    prov = rec.get("provenance")
    if not isinstance(prov, dict):
        raise DataError(f"{where(file, rec.line_of('provenance'), rid)} missing provenance mapping")
    if "default" not in prov:
        raise DataError(f"{where(file, prov.line, rid)} provenance has no 'default' kind")
    for key, kind in prov.items():
        if key != "default" and key not in prefixes:
            raise DataError(
                f"{where(file, prov.line_of(key), rid)} provenance names unknown field '{key}'"
            )
        if kind not in KINDS:
            raise DataError(
                f"{where(file, prov.line_of(key), rid)} provenance {key}: "
                f"{kind!r} is not one of {', '.join(KINDS)}"
            )

    notes = rec.get("notes", {})
    if not isinstance(notes, dict):
        raise DataError(f"{where(file, rec.line_of('notes'), rid)} notes must be a mapping")
    # Notes are commentary and may also annotate non-countable keys (e.g. `italian`), so
    # their keys are not restricted; a note only *resolves* for a leaf when its key is the
    # leaf, one of its prefixes, or 'default' - which is what the assumed check below needs.
    for key, note in notes.items():
        if not isinstance(note, str) or not note.strip():
            raise DataError(f"{where(file, notes.line_of(key), rid)} note {key} must be a string")

    out = []
    for path, value in leaves:
        kind = _most_specific(prov, path)
        note = _most_specific(notes, path)
        if kind == "assumed" and not note:
            raise DataError(f"{where(file, prov.line, rid)} {path} is assumed but has no note")
        out.append(Leaf(file, f"{rid}.{path}", _freeze(value), kind, note))
    return out


def _freeze(value: Any) -> Any:
    """Immutable copy of a YAML value (the loaded data is cached and shared)."""
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _records(file: str, doc: Any, stem: str) -> list[LineMap]:
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


def validate_file(file: str, doc: Any, stem: str) -> tuple[list[LineMap], list[Leaf]]:
    """Check one record file (stem "sectio", "daemons", ...) against its schema; return
    its records and their countable values."""
    records = _records(file, doc, stem)
    seen: dict[str, int] = {}
    leaves: list[Leaf] = []
    for i, rec in enumerate(records):
        rid = rec.get("id", f"record #{i + 1}")
        if err := ident(PREFIXES[stem])(rec.get("id")):
            raise DataError(f"{where(file, rec.line_of('id'), rid)} id {err}")
        if rid in seen:
            raise DataError(
                f"{where(file, rec.line, rid)} duplicate id (first at line {seen[rid]})"
            )
        seen[rid] = rec.line
        _check_fields(file, rid, rec, SCHEMAS[stem], "")
        leaves += _provenance_leaves(file, rid, rec)
    return records, leaves


# ---------------------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------------------


def validate_tables(file: str, doc: Any) -> tuple[dict[str, Any], list[Leaf]]:
    """Check tables.yaml; return table name -> frozen value, and the countable values."""
    if not isinstance(doc, dict):
        raise DataError(f"{file}:1: expected a mapping of named tables")
    tables: dict[str, Any] = {}
    leaves: list[Leaf] = []
    for name, entry in doc.items():
        rid = f"table.{name}"
        line = doc.line_of(name)
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise DataError(f"{where(file, line, rid)} table names are lowercase snake_case")
        if not isinstance(entry, dict):
            raise DataError(
                f"{where(file, line, rid)} must be a mapping with value, rule, provenance"
            )
        for key in entry:
            if key not in ("value", "rule", "provenance", "notes"):
                raise DataError(f"{where(file, entry.line_of(key), rid)} unknown key '{key}'")
        for key in ("value", "rule"):
            if key not in entry:
                raise DataError(f"{where(file, entry.line, rid)} missing required field '{key}'")
        if not re.fullmatch(r"HG-[0-9A-Z.]+-\d\d", str(entry["rule"])):
            raise DataError(
                f"{where(file, entry.line_of('rule'), rid)} rule {entry['rule']!r} "
                "is not a clause id like HG-5.1-07"
            )
        check = TABLE_CHECKS.get(name)
        if check and (err := check(entry["value"])):
            raise DataError(f"{where(file, entry.line_of('value'), rid)} value {err}")
        # Only `value` carries game data; `rule` is a citation, like `notes`.
        counted = LineMap({"value": entry["value"], "provenance": entry.get("provenance")})
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
            line = doc.line_of("lieutenant_box_die")
            raise DataError(
                f"{where(file, line, 'table.lieutenant_box_die')} "
                f"face {face} names box {box}, but there are {tables['lieutenant_boxes']} boxes"
            )
    compass = tables["compass"]
    directions = sorted(d for d in compass.values() if d != "none")
    if directions != sorted(DIRECTIONS):
        line = doc.line_of("compass")
        raise DataError(f"{where(file, line, 'table.compass')} each direction must appear once")
    return tables, leaves
