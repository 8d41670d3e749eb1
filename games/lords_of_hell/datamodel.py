"""The Lords of Hell components as loaded from data/*.yaml (data.py loads them).

Ids: "devil.<slug>", "realm.<slug>", "horde.<slug>", "artifact.<slug>",
"ritual.<slug>", "special.<slug>"; the High Palace of Hell is "realm.high-palace-of-hell".
Every countable value has a provenance, `rulebook` (seeds 002/004), `external` (the
author's Cards page, digest §2.6) or `assumed` (the digest's PROPOSAL set or ours),
in the record's `provenance` map (key "default" for the rest), with a note.
"""

from __future__ import annotations

from dataclasses import dataclass, field

HPOH = "realm.high-palace-of-hell"


@dataclass(frozen=True)
class Devil:
    id: str
    name: str
    power: int
    female: bool
    ability: str  # the card text (ours where the seeds give none)
    provenance: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Realm:
    id: str
    name: str
    dp: int
    power: str  # the realm's power, "" for none
    provenance: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Card:
    """A resource card kind; `count` copies are in the deck."""

    id: str
    name: str
    kind: str  # horde | artifact | ritual | special
    count: int
    power: int | None  # hordes: power (None: variable, Tormented Ones); others None
    unstoppable: bool  # specials: cannot be Double Crossed (LH-I.3.4-02)
    timing: tuple[str, ...]  # specials: when it may be played (transfer, combat, gathering,
    #                          any, reaction); rituals: ("finish",); others ()
    text: str
    provenance: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class LohData:
    devils: dict[str, Devil]
    realms: dict[str, Realm]  # HPoH first
    cards: dict[str, Card]
    tables: dict  # draw_table: [[min_total, max_total_or_null, cards]], soul_table:
    #               {face: souls or "caught"}, max_attack_dice, leviathan_dice, ...
