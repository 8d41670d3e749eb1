"""Checks of single data values, and the provenance of each value, shared by data.py
and datatables.py: each check returns an error text or None."""

from __future__ import annotations

from pbem.audit import KINDS
from pbem.kit.yamlfile import DataError


def _text(v):
    return None if isinstance(v, str) and v.strip() else "must be a non-empty text"


def _opt_text(v):
    return None if isinstance(v, str) else "must be a text (\"\" for none)"


def _flag(v):
    return None if isinstance(v, bool) else "must be true or false"


def _nat(v):
    ok = isinstance(v, int) and not isinstance(v, bool) and v >= 0
    return None if ok else f"must be a whole number >= 0, not {v!r}"


def _pos(v):
    ok = isinstance(v, int) and not isinstance(v, bool) and v >= 1
    return None if ok else f"must be a whole number >= 1, not {v!r}"


def _provenance(file: str, where: str, rec: dict, keys: list[str], whole: str | None = None
                ) -> dict[str, tuple[str, str | None]]:
    """Each key's (kind, note) from the record's provenance and notes maps.

    Override keys must name a key (or `whole`, the table entry's value as a whole); every
    assumed value needs a note (its own, the whole value's, or the default one)."""
    prov, notes = rec.get("provenance"), rec.get("notes", {})
    if not isinstance(prov, dict) or "default" not in prov:
        raise DataError(f"{file}: {where}: missing provenance (a mapping with a 'default' kind)")
    if not isinstance(notes, dict):
        raise DataError(f"{file}: {where}: notes must be a mapping")
    allowed = {"default", *keys, *([whole] if whole else [])}
    for name, mapping in (("provenance", prov), ("notes", notes)):
        for k, v in mapping.items():
            if str(k) not in allowed:
                raise DataError(f"{file}: {where}: {name} names unknown key '{k}'")
            if name == "provenance" and v not in KINDS:
                raise DataError(f"{file}: {where}: provenance.{k} must be one of "
                                f"{', '.join(KINDS)}, not {v!r}")
            if name == "notes" and _text(v):
                raise DataError(f"{file}: {where}: notes.{k} must be a non-empty text")
    prov = {str(k): v for k, v in prov.items()}
    notes = {str(k): v for k, v in notes.items()}
    out = {}
    for k in keys:
        kind = prov.get(k, prov.get(whole or "", prov["default"]))
        note = notes.get(k, notes.get(whole or "", notes.get("default")))
        if kind == "assumed" and not note:
            raise DataError(f"{file}: {where}.{k} is assumed but has no note saying why")
        out[k] = (kind, note)
    return out
