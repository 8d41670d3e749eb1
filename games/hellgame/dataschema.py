"""What a valid data record looks like: field checks and the schema of each data file.

A schema maps field -> Check | nested schema dict | Opt(...). Each Check returns None
when the value is fine, else the end of a message that follows the field name
("circle 10 out of range 1..9"). datacheck.py applies them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .datamodel import CIRCLES, DIRECTIONS, QUARTERS

_SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"

Check = Callable[[Any], "str | None"]


def _int(lo: int, hi: int, *, null: bool = False) -> Check:
    def check(v: Any) -> str | None:
        if v is None and null:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            return f"must be an integer, got {v!r}"
        return None if lo <= v <= hi else f"{v} out of range {lo}..{hi}"

    return check


def _str(*, null: bool = False) -> Check:
    def check(v: Any) -> str | None:
        if v is None and null:
            return None
        return (
            None if isinstance(v, str) and v.strip() else f"must be a non-empty string, got {v!r}"
        )

    return check


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else f"must be true or false, got {v!r}"


def _enum(*values: str, null: bool = False) -> Check:
    def check(v: Any) -> str | None:
        if v is None and null:
            return None
        return None if v in values else f"{v!r} is not one of {', '.join(values)}"

    return check


def ident(prefix: str) -> Check:
    pattern = re.compile(rf"{re.escape(prefix)}\.{_SLUG}")

    def check(v: Any) -> str | None:
        ok = isinstance(v, str) and pattern.fullmatch(v)
        return None if ok else f"{v!r} is not a '{prefix}.<lowercase-hyphenated>' id"

    return check


def _list(item: Check, *, min_len: int = 0) -> Check:
    def check(v: Any) -> str | None:
        if not isinstance(v, list):
            return f"must be a list, got {v!r}"
        if len(v) < min_len:
            return f"must have at least {min_len} item(s)"
        for x in v:
            if err := item(x):
                return f"item {err}"
        return None

    return check


def _die_table(result: Check) -> Check:
    """A mapping with exactly the die faces 1..6 as keys."""

    def check(v: Any) -> str | None:
        if not isinstance(v, dict) or sorted(v, key=str) != [1, 2, 3, 4, 5, 6]:
            return "must map each die face 1..6 to a result"
        for face, r in v.items():
            if err := result(r):
                return f"face {face}: {err}"
        return None

    return check


@dataclass(frozen=True)
class Opt:
    """Marks an optional field in a schema."""

    spec: Any


# `id`, `provenance` and `notes` are common to every record and handled by
# datacheck.check_fields / datacheck.provenance_leaves.

# v2 extends the Pass ladder from Quinary to Nonary for the Extra Evil cards (HG-9.4-02).
PASS_KINDS = tuple(
    "pass double-pass triple-pass quadruple-pass quinary-pass "
    "senary-pass septenary-pass octonary-pass nonary-pass".split()
)
ARCANA_FLAGS = tuple(
    "play_right_away counter cannot_be_countered support "
    "persistent stays_in_play macina six".split()
)

SCHEMAS: dict[str, dict[str, Any]] = {
    "sectio": {
        "name": _str(),
        "variants": _list(_str()),
        "circle": _int(1, CIRCLES),
        "circle_name": _str(),
        "quarter": _int(1, QUARTERS),
        "souls": _int(0, 99),
        "wise_men": Opt(_bool),
    },
    "daemons": {
        "name": _str(),
        "sex": _enum("male", "female", "sexless", "dual"),
        "rank": _int(2, 443_556_000),
        "skulls": _int(1, 6),
        "stars": _int(1, 6),
        "hearts": _int(1, 6),
        "ability": {"id": ident("ability"), "text": _str()},
        "title": _str(),
        "recovery": _list(_int(1, 6), min_len=1),
    },
    "lieutenants": {
        "name": _str(),
        "leadership": _int(1, 12),
        "bonus": _int(0, 6),
    },
    "hellhounds": {
        "name": _str(),
        "attacks": _int(1, 12),
    },
    "arcana": {
        "number": _int(1, 999),
        "name": _str(),
        "italian": _str(null=True),
        "source_line": _int(1, 10**6, null=True),
        "minor": {
            "kind": _enum(*PASS_KINDS, "walk-the-earth", "recruit-lieutenant", null=True),
            "cost": _int(0, 99, null=True),
        },
        "major": {
            "timing": _enum(
                "action", "combat", "action-or-combat", "play-right-away", "counter", "any-time"
            ),
            "timing_note": _str(null=True),
            "place": _enum("hell", "earth", "any", null=True),
            "cost": {"souls": _int(0, 99), "favours": _int(0, 99), "disfavours": _int(0, 99)},
            "prerequisites": _str(null=True),
            "text": _str(),
        },
        "flags": dict.fromkeys(ARCANA_FLAGS, _bool),
        # A Macina's maintenance in Souls each Soul Phase (HG-16.4-02): present exactly
        # when flags.macina is true (databuild.build_arcana checks).
        "maintenance": Opt(_int(1, 99)),
    },
    "hell_cards": {
        "number": _int(1, 999),
        "name": _str(),
        "italian": _str(null=True),
        "source_line": _int(1, 10**6, null=True),
        "event": {"permanent": _enum("heaven", "earth", "hell", null=True), "text": _str()},
        "phenomenon": {
            "id": ident("phenomenon"),
            "name": _str(),
            "italian": _str(null=True),
            "scope": _enum("sectio", "quarter", "circle"),
            "text": _str(),
        },
        "bottom": {
            "sectio": ident("sectio"),
            "quarter": _int(1, QUARTERS),
            "circle": _int(1, CIRCLES),
        },
    },
}

# file stem -> id prefix of its records
PREFIXES = {
    "sectio": "sectio",
    "daemons": "daemon",
    "lieutenants": "lieutenant",
    "hellhounds": "hellhound",
    "arcana": "arcana",
    "hell_cards": "hell",
}

# Table entries the engine relies on, with the shape of their value. Other entries are
# allowed (they are checked only for the common fields).
TABLE_CHECKS: dict[str, Check] = {
    "starting_souls": _int(0, 99),
    "starting_favours": _int(0, 99),
    "legions_per_player": _int(1, 99),
    "player_markers_per_player": _int(1, 99),
    "starting_daemons": _int(1, 21),
    "starting_sectio": _int(1, 45),
    "starting_arcana": _int(0, 109),
    "legion_cost_souls": _int(0, 99),
    "arcana_cost_souls": _int(0, 99),
    "daemon_redraw_cost_favours": _int(0, 99),
    "disfavour_buyoff_favours": _int(1, 99),
    "hand_limit": _int(1, 109),
    "legion_cap": _int(1, 99),
    "lieutenant_boxes": _int(1, 6),
    "lieutenants_per_box": _int(1, 99),
    "isolation_penalty": _int(0, 99),
    "recovery_roll": _list(_int(1, 6), min_len=1),
    "wise_men_table": _die_table(_int(0, 109)),
    "lieutenant_box_die": _die_table(_int(1, 6)),
    "taming_table": _die_table(_enum("tame", "nothing", "legion-destroyed")),
    "compass": _die_table(_enum(*DIRECTIONS, "none")),
}
