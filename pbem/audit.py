"""`pbem data audit`: where a game's data comes from, and what has code."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .engine import game_ids, get_game, provides
from .errors import PbemError

#: Where a data value comes from (DESIGN.md §6).
KINDS = ("rulebook", "external", "assumed")


@dataclass(frozen=True)
class Leaf:
    """One countable data value and its provenance, e.g. key "sectio.sugar-hill.souls"."""

    file: str
    key: str
    value: Any
    kind: str
    note: str | None


def _plain(value: Any) -> Any:
    """JSON-friendly copy of a frozen value (tuples to lists, mappings with text keys)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _natural(key: str) -> tuple:
    """Sort key that orders "hellhound.2" before "hellhound.10"."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", key))


def provenance(leaves) -> dict[str, Any]:
    """A game's data leaves counted by provenance kind, in total and per file, with every
    assumed value listed: {"provenance": {kind: n}, "by_file": {file: {kind: n}},
    "assumed": [{file, key, value, note}]}, all in a deterministic order."""
    totals = dict.fromkeys(KINDS, 0)
    by_file: dict[str, dict[str, int]] = {}
    assumed = []
    for leaf in leaves:
        totals[leaf.kind] += 1
        by_file.setdefault(leaf.file, dict.fromkeys(KINDS, 0))[leaf.kind] += 1
        if leaf.kind == "assumed":
            assumed.append({"file": leaf.file, "key": leaf.key, "value": _plain(leaf.value),
                            "note": leaf.note})
    assumed.sort(key=lambda a: (a["file"], _natural(a["key"])))
    return {"provenance": totals, "by_file": dict(sorted(by_file.items())),
            "assumed": assumed}


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


def where(game_type: str) -> list[dict]:
    """The game's index of effects: [{"kind", "id", "name", "where"}] (its optional
    `where()`; a game without one is refused)."""
    game = get_game(game_type)
    if not provides(game, "where"):
        with_one = [g for g in game_ids() if provides(get_game(g), "where")]
        raise PbemError(f"{game_type} has no index of effects yet; games with one: "
                        f"{', '.join(with_one) or 'none'}")
    return game.where()


def where_text(game_type: str, rows: list[dict]) -> str:
    """The index as Markdown, one table per kind of card; it is docs/where-<game>.md."""
    title = getattr(get_game(game_type), "title", game_type)
    lines = [f"# Where the effects of {title} are implemented", "",
             "Generated from the effect registries (the file and line of each registered",
             f"function) by `pbem data audit {game_type} --where > docs/where-{game_type}.md`;",
             "do not edit it by hand: a test fails when it is out of date.", ""]
    kinds = list(dict.fromkeys(r["kind"] for r in rows))
    for kind in kinds:
        of_kind = [r for r in rows if r["kind"] == kind]
        lines += [f"## {kind} ({len(of_kind)})", "", "| Id | Name | Where |", "|---|---|---|"]
        lines += [f"| `{r['id']}` | {r['name']} | "
                  f"{'`' + r['where'] + '`' if r['where'] else 'not implemented'} |"
                  for r in of_kind]
        lines.append("")
    return "\n".join(lines)
