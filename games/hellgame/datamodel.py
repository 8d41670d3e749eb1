"""The shape of The HellGame component data: constants, DataError and the frozen records.

Everything here is a plain value: the loader (data.py) builds these objects from the YAML
files in ``data/`` and hands them out, cached and shared, so they are frozen.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from pbem.audit import KINDS, Leaf  # noqa: F401  the shared provenance records
from pbem.kit.yamlfile import DataError, where  # noqa: F401  the kit's, for data*.py

# Keys that identify or annotate a record rather than carry a game value; they are not
# "countable" for the provenance audit, at any depth (so ability.id is not counted).
NON_COUNTABLE = frozenset(
    {"id", "provenance", "notes", "variants", "italian", "source_line", "number"}
)

# Deck sizes fixed by 000 §2.1 (HG-2.1-01) and the map (HG-2.2-01).
EXPECTED_COUNTS = {"sectio": 45, "daemons": 21, "arcana": 109, "hell_cards": 45}

ANTEHELL = "antehell"
PENTAGRAM = "pentagram"
CIRCLES = 9
QUARTERS = 5
DIRECTIONS = ("inward", "outward", "clockwise", "counter-clockwise")


def normalize_name(text: str) -> str:
    """Fold a Sectio name for lookups: "Embezzlers Brazier" == "EMBEZZLER'S BRAZIER"."""
    text = text.casefold().replace("&", " and ")
    text = re.sub(r"['\u2019`]", "", text)
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


# ---------------------------------------------------------------------------------------
# Records (frozen: the loaded data is cached and shared, so it must not be mutated)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sectio:
    id: str
    name: str
    variants: tuple[str, ...]
    circle: int
    circle_name: str
    quarter: int
    souls: int
    wise_men: bool
    # compass face 1..4 -> sectio id | "antehell" | "pentagram"; derived, so left out of
    # equality and hashing.
    neighbours: Mapping[int, str] = field(compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Ability:
    id: str
    text: str


@dataclass(frozen=True)
class Daemon:
    id: str
    name: str
    sex: str
    rank: int
    skulls: int
    stars: int
    hearts: int
    ability: Ability
    title: str
    recovery: tuple[int, ...]


@dataclass(frozen=True)
class Lieutenant:
    id: str
    name: str
    leadership: int
    bonus: int


@dataclass(frozen=True)
class Hellhound:
    id: str
    name: str
    attacks: int


@dataclass(frozen=True)
class Minor:
    kind: str | None
    cost: int | None


@dataclass(frozen=True)
class Cost:
    souls: int
    favours: int
    disfavours: int


@dataclass(frozen=True)
class Major:
    timing: str
    timing_note: str | None
    place: str | None
    cost: Cost
    prerequisites: str | None
    text: str


@dataclass(frozen=True)
class ArcanaFlags:
    play_right_away: bool
    counter: bool
    cannot_be_countered: bool
    support: bool
    persistent: bool
    stays_in_play: bool
    macina: bool
    six: bool


@dataclass(frozen=True)
class ArcanaCard:
    id: str
    number: int
    name: str
    italian: str | None
    source_line: int | None
    minor: Minor
    major: Major
    flags: ArcanaFlags
    # A Macina's maintenance in Souls each Soul Phase (HG-16.4-02); None for other cards.
    maintenance: int | None = None


@dataclass(frozen=True)
class Event:
    permanent: str | None
    text: str


@dataclass(frozen=True)
class Phenomenon:
    id: str
    name: str
    italian: str | None
    scope: str
    text: str


@dataclass(frozen=True)
class Bottom:
    sectio: str
    quarter: int
    circle: int


@dataclass(frozen=True)
class HellCard:
    id: str
    number: int
    name: str
    italian: str | None
    source_line: int | None
    event: Event
    phenomenon: Phenomenon
    bottom: Bottom


