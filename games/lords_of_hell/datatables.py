"""tables.yaml: the game's numbers (draw table, soul table, dice, VP ...), checked as
they load, each value with its provenance (data.py loads it with the other files)."""

from __future__ import annotations

from typing import Any

from pbem.audit import Leaf
from pbem.kit.yamlfile import DataError

from .datamodel import LohData
from .datavalues import _nat, _pos, _provenance


def _draw_table(v):
    rows_ok = isinstance(v, list) and v and all(isinstance(r, list) and len(r) == 3 for r in v)
    if not rows_ok:
        return "must be a list of [lowest total, highest total or null, cards drawn] rows"
    low = 0
    for i, (lo, hi, n) in enumerate(v):
        last = i == len(v) - 1
        if lo != low or (hi is None) != last or (hi is not None and (_nat(hi) or hi < lo)):
            return (f"row {i} {[lo, hi, n]!r} must start at {low} and end at a higher total "
                    "(null only in the last row)")
        fill = isinstance(n, dict) and set(n) == {"fill_to"} and not _pos(n["fill_to"])
        if not fill and _pos(n):
            return f"row {i}: cards drawn must be a whole number >= 1 or {{fill_to: N}}"
        low = (hi or 0) + 1
    return None


def _soul_table(v):
    if not isinstance(v, dict) or sorted(v) != [1, 2, 3, 4, 5, 6]:
        return "must map each die face 1..6 to a result"
    bad = [f for f, r in v.items() if r != "caught" and _nat(r)]
    return f"face(s) {bad}: a result is a number of Souls >= 0 or 'caught'" if bad else None


def _vp(v):
    keys = ["most_sp", "most_sp_margin", "not_least_sp", "overlord", "overlord_oath"]
    if not isinstance(v, dict) or sorted(v) != keys:
        return f"must map exactly {', '.join(keys)} to a number"
    bad = [k for k, x in v.items() if isinstance(x, bool) or not isinstance(x, int | float)
           or x < 0]
    return f"{', '.join(bad)} must be number(s) >= 0" if bad else None


TABLES = {
    "oaths_per_devil": _pos, "own_oaths": _pos, "starting_hordes": _pos,
    "draw_table": _draw_table, "hpoh_draw_bonus": _nat, "mammon_draw_bonus": _nat,
    "winds_draw_bonus": _nat, "opoh_draw": _pos, "max_combat_rounds": _pos,
    "power_per_die": _pos, "max_attack_dice": _pos, "to_hit": _pos, "leviathan_dice": _pos,
    "soul_table": _soul_table, "auto_suitable_sp": _pos, "extra_marker_sp": _pos, "vp": _vp,
}


def load_tables(doc: Any) -> tuple[dict[str, Any], list[Leaf]]:
    """tables.yaml -> ({name: value}, leaves). A list value has one leaf per row
    ("draw_table.0"), a mapping one per key ("vp.overlord"), anything else one."""
    file = "tables.yaml"
    if not isinstance(doc, dict):
        raise DataError(f"{file}: must map table names to {{value, rule, provenance}}")
    if missing := [k for k in TABLES if k not in doc]:
        raise DataError(f"{file}: missing table(s) {', '.join(missing)}")
    tables, leaves = {}, []
    for name, entry in doc.items():
        if name not in TABLES:
            raise DataError(f"{file}: unknown table '{name}'")
        if not isinstance(entry, dict) or "value" not in entry:
            raise DataError(f"{file}: {name}: must be a mapping with a 'value'")
        if extra := set(entry) - {"value", "rule", "provenance", "notes"}:
            raise DataError(f"{file}: {name}: unknown key(s) {', '.join(sorted(extra))}")
        if not str(entry.get("rule", "")).startswith("LH-"):
            raise DataError(f"{file}: {name}.rule must be the clause id it serves (LH-...)")
        value = entry["value"]
        if err := TABLES[name](value):
            raise DataError(f"{file}: {name}.value {err}")
        parts = ({str(i): r for i, r in enumerate(value)} if isinstance(value, list)
                 else {str(k): x for k, x in value.items()} if isinstance(value, dict)
                 else {"value": value})
        prov = _provenance(file, name, entry, list(parts), whole="value")
        for key, (kind, note) in prov.items():
            full = name if key == "value" else f"{name}.{key}"
            leaves.append(Leaf(file, full, parts[key], kind, note))
        tables[name] = value
    if tables["own_oaths"] >= tables["oaths_per_devil"]:
        raise DataError(f"{file}: own_oaths must be less than oaths_per_devil (one Oath of "
                        "each Devil is dealt at random, LH-II.4-03)")
    return tables, leaves



def draw_count(data: LohData, total: int) -> int:
    """Cards drawn by a player holding `total` cards, before modifiers (LH-III.1-04).

    A row `[low, high, {"fill_to": 12}]` draws up to 12 (12 - total, digest G7)."""
    for low, high, cards in data.tables["draw_table"]:
        if total >= low and (high is None or total <= high):
            return max(cards["fill_to"] - total, 0) if isinstance(cards, dict) else cards
    raise ValueError(f"no draw_table row for a total of {total}")
