"""The provenance audit of the Lords of Hell data (`pbem data audit lords-of-hell`): how
many printed values come from the rulebook, the author's Cards page (external) or an
assumption, per file; every assumed value with its note; and how many card kinds have
their effect implemented (effects.coverage). pbem/audit.py prints the result."""

from __future__ import annotations

import re
from typing import Any

from . import effects
from .data import KINDS


def _plain(value: Any) -> Any:
    """JSON-friendly copy of a value (tuples to lists, mappings with text keys)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _natural(key: str) -> tuple:
    """Sort key that orders "draw_table.2" before "draw_table.10"."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", key))


def audit(data) -> dict[str, Any]:
    """Count the countable values by provenance kind and list every assumed one.

    `data` is what data.load_data() returns (it carries `leaves`). Returns {"provenance":
    {kind: n}, "by_file": {file: {kind: n}}, "assumed": [{file, key, value, note}],
    "implemented": {card kind: {implemented, total}}, "counts": {collection: n,
    "deck": n, "leaves": n}}, all in a deterministic order.
    """
    totals = dict.fromkeys(KINDS, 0)
    by_file: dict[str, dict[str, int]] = {}
    assumed = []
    for leaf in data.leaves:
        totals[leaf.kind] += 1
        by_file.setdefault(leaf.file, dict.fromkeys(KINDS, 0))[leaf.kind] += 1
        if leaf.kind == "assumed":
            assumed.append({"file": leaf.file, "key": leaf.key, "value": _plain(leaf.value),
                            "note": leaf.note})
    assumed.sort(key=lambda a: (a["file"], _natural(a["key"])))
    counts = {"devils": len(data.devils), "realms": len(data.realms),
              "cards": len(data.cards), "deck": sum(c.count for c in data.cards.values()),
              "tables": len(data.tables), "leaves": len(data.leaves)}
    return {
        "provenance": totals,
        "by_file": dict(sorted(by_file.items())),
        "assumed": assumed,
        "implemented": effects.coverage(data),
        "counts": counts,
    }
