"""The provenance audit of the Lords of Hell data (`pbem data audit lords-of-hell`): how
many printed values come from the rulebook, the author's Cards page (external) or an
assumption, per file; every assumed value with its note (pbem.audit.provenance); and how
many card kinds have their effect implemented (effects.coverage). pbem/audit.py prints
the result."""

from __future__ import annotations

from typing import Any

from pbem.audit import provenance

from . import effects


def audit(data) -> dict[str, Any]:
    """`data` is what data.load_data() returns (it carries `leaves`). Returns
    {"provenance": {kind: n}, "by_file": {file: {kind: n}}, "assumed": [{file, key, value,
    note}], "implemented": {card kind: {implemented, total}}, "counts": {collection: n,
    "deck": n, "leaves": n}}, all in a deterministic order."""
    counts = {"devils": len(data.devils), "realms": len(data.realms),
              "cards": len(data.cards), "deck": sum(c.count for c in data.cards.values()),
              "tables": len(data.tables), "leaves": len(data.leaves)}
    return {**provenance(data.leaves), "implemented": effects.coverage(data),
            "counts": counts}
