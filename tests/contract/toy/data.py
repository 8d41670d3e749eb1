"""The toy's data: data/cards.yaml read with the kit's YAML reader, checked once, frozen.

Every error is a DataError that starts `cards.yaml:<line>:`, so whoever edits the file
is told where. Each value comes with its provenance (`leaves`, pbem.audit.Leaf), which
`audit()` counts for `pbem data audit`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from pbem.audit import KINDS, Leaf
from pbem.kit.yamlfile import DataError, LineMap, read_yaml, where

FOLDER = Path(__file__).parent / "data"
FILE = "cards.yaml"
RULES = ("stages", "start_tokens", "hand_size", "max_bid")  # whole numbers >= 1
CARD_KEYS = ("name", "count", "text")
MAX_PLAYERS = 4  # the deck must deal this many hands (HC-1)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    count: int
    text: str


@dataclass(frozen=True)
class Data:
    rules: Mapping[str, int]
    cards: Mapping[str, Card]  # id -> Card, in file order
    names: dict[str, list[str]]  # id -> [name], for pbem.lines.match (one dict, reused)
    leaves: tuple[Leaf, ...]  # every value with its provenance


@cache
def load_data(folder: Path = FOLDER) -> Data:
    raw = read_yaml(folder / FILE)
    if not isinstance(raw, LineMap) or set(raw) != {"rules", "cards"}:
        raise DataError(f"{FILE}:1: the file holds `rules` and `cards`, nothing else")
    leaves: list[Leaf] = []
    rules = raw["rules"]
    leaves += _sourced(rules, "rules", RULES)
    for key in RULES:
        if not isinstance(rules.get(key), int) or rules[key] < 1:
            raise DataError(f"{where(FILE, rules.line_of(key), 'rules')} {key} must be a "
                            f"whole number >= 1")
    cards: dict[str, Card] = {}
    for rec in raw["cards"]:
        cid = str(rec.get("id", ""))
        if not cid.startswith("card.") or cid in cards:
            raise DataError(f"{where(FILE, rec.line, cid)} ids are card.<slug>, each once")
        if not str(rec.get("name", "")).strip():
            raise DataError(f"{where(FILE, rec.line, cid)} needs a name")
        if not isinstance(rec.get("count"), int) or rec["count"] < 0:
            raise DataError(f"{where(FILE, rec.line_of('count'), cid)} count must be a "
                            "whole number >= 0")
        leaves += _sourced(rec, cid, CARD_KEYS)
        cards[cid] = Card(cid, rec["name"], rec["count"], str(rec["text"]))
    deck = sum(c.count for c in cards.values())
    if deck < MAX_PLAYERS * rules["hand_size"]:
        raise DataError(f"{where(FILE, rules.line_of('hand_size'), 'rules')} a deck of "
                        f"{deck} cannot deal {MAX_PLAYERS} hands of {rules['hand_size']}")
    return Data(MappingProxyType({k: rules[k] for k in RULES}), MappingProxyType(cards),
                {cid: [c.name] for cid, c in cards.items()}, tuple(leaves))


def _sourced(rec: LineMap, rid: str, keys: tuple[str, ...]) -> list[Leaf]:
    """One Leaf per key of the record, with its kind from `provenance` (the default or the
    key's own) and its note from `notes`; an assumed value without a note is refused."""
    at = where(FILE, rec.line, rid)
    prov, notes = rec.get("provenance"), rec.get("notes", {})
    if not isinstance(prov, dict) or prov.get("default") not in KINDS:
        raise DataError(f"{at} provenance needs a default: one of {', '.join(KINDS)}")
    for key in [*prov, *notes]:
        if key not in (*keys, "default"):
            raise DataError(f"{at} provenance or notes name an unknown key {key!r}")
    out = []
    for key in keys:
        if key not in rec:
            raise DataError(f"{at} {key} is missing")
        kind, note = prov.get(key, prov["default"]), notes.get(key, notes.get("default"))
        if kind not in KINDS or (kind == "assumed" and not note):
            raise DataError(f"{where(FILE, rec.line_of(key), rid)} {key}: provenance "
                            f"{kind!r} (an assumed value needs a note saying why)")
        out.append(Leaf(FILE, f"{rid}.{key}", rec[key], kind, note))
    return out
