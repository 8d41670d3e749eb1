"""The provenance audit: how many printed values come from the rulebook, an external
source or an assumption, per file, with every assumed value listed (`pbem data audit`;
the counting is pbem.audit.provenance)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.audit import provenance

from .dataschema import PREFIXES

if TYPE_CHECKING:
    from .data import HellData


def audit(data: HellData) -> dict[str, Any]:
    """Count countable values by provenance kind and list every assumed one.

    Returns {"provenance": {kind: n}, "by_file": {file: {kind: n}}, "assumed": [{file, key,
    value, note}], "counts": {collection: n, "leaves": n}}, all in a deterministic order.
    """
    # One count per record file (each is a HellData collection of the same name), in the
    # order the loader reads them.
    counts = {stem: len(getattr(data, stem)) for stem in PREFIXES}
    counts["tables"] = len(data.tables)
    counts["leaves"] = len(data.leaves)
    return {**provenance(data.leaves), "counts": counts}
