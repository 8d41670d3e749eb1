"""The provenance audit: how many printed values come from the rulebook, an external
source or an assumption, per file, with every assumed value listed (`pbem data audit`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .datamodel import KINDS
from .dataschema import PREFIXES

if TYPE_CHECKING:
    from .data import HellData


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
    # One count per record file (each is a HellData collection of the same name), in the
    # order the loader reads them.
    counts = {stem: len(getattr(data, stem)) for stem in PREFIXES}
    counts["tables"] = len(data.tables)
    counts["leaves"] = len(data.leaves)
    return {
        "provenance": totals,
        "by_file": dict(sorted(by_file.items())),
        "assumed": assumed,
        "counts": counts,
    }
