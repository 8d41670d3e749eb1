"""`pbem data audit`: where a game's data comes from, and what has code."""

from __future__ import annotations

from .engine import get_game


def audit(game_type: str) -> dict:
    return {"game": game_type, **get_game(game_type).audit()}


def audit_text(report: dict) -> str:
    prov = report["provenance"]
    total = sum(prov.values())
    lines = [f"{report['game']}: {total} data values",
             *(f"  {k:<9} {v:>5}" for k, v in prov.items()), ""]
    for kind, imp in report.get("implemented", {}).items():
        lines.append(f"{kind}: {imp['implemented']} of {imp['total']} implemented")
    lines.append("")
    lines.append(f"assumed values ({len(report['assumed'])}); correct them in the YAML files:")
    for a in report["assumed"]:
        note = f"  # {a['note']}" if a.get("note") else ""
        lines.append(f"  {a['file']}: {a['key']} = {a['value']!r}{note}")
    return "\n".join(lines) + "\n"
