"""The order form mailed with every report: the stage's orders with an example each,
the player's standing orders in force, and room for his lines. Sent back unchanged it is
a legal (empty) order set: every line of it is a comment."""

from __future__ import annotations

from pbem.render import fill

from .orders import ORDER_TYPES


def order_form(st: dict, player: str, data, previous=None) -> str:
    if st["phase"] == "over":
        return ""
    out = [f"# Orders for this stage ({st['phase']}"
           + (f", combat round {st['round']}" if st["phase"] == "combat" else "")
           + "). One order a line; lines starting with # are comments.",
           "# Orders you may give now (docs/orders-lords-of-hell.md has them all):"]
    for key in sorted(ORDER_TYPES):
        t = ORDER_TYPES[key]
        if st["phase"] not in t.phases:
            continue
        out += fill(f"{key}: {t.doc}" + (" (standing: kept until changed)"
                                         if t.standing else ""), 72, "#   ", "#     ")
        out.append(f"#     e.g. {t.example}")
    p = st["players"].get(player)
    kept = sorted(o.get("canonical", k) for k, o in (p or {}).get("standing", {}).items())
    if kept:
        out.append("# Your standing orders in force (send a new line to change one, or "
                   "KEYWORD OFF):")
        out += [f"#   {line}" for line in kept]
    out.append("")
    return "\n".join(out) + "\n"
