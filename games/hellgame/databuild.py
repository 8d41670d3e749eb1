"""Building the frozen records from validated data files, with the checks that span records.

Each build_* function takes the records that datacheck.validate_file returned for one
file and makes the objects of datamodel.py: the Sectio with their place on the 9 x 5 map
grid and compass neighbours, the Daemons, Lieutenants, Hellhounds, Arcana and Hell cards.
A defect is a DataError("<file>:<line>: <id>: <problem>").
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from pbem.kit.yamlfile import LineMap

from .datamodel import (
    ANTEHELL,
    CIRCLES,
    PENTAGRAM,
    QUARTERS,
    Ability,
    ArcanaCard,
    ArcanaFlags,
    Bottom,
    Cost,
    Daemon,
    DataError,
    Event,
    HellCard,
    Hellhound,
    Lieutenant,
    Major,
    Minor,
    Phenomenon,
    Sectio,
    normalize_name,
    where,
)

Grid = dict[tuple[int, int], str]  # (circle, quarter) -> sectio id


def _unique(file: str, records: list[LineMap], field: str) -> None:
    """Reject two records sharing a field's value (e.g. two Daemons with one rank)."""
    seen: dict[Any, str] = {}
    for rec in records:
        k = rec[field]
        if k in seen:
            raise DataError(
                f"{where(file, rec.line, rec['id'])} {field} {k!r} already used by {seen[k]}"
            )
        seen[k] = rec["id"]


def _neighbours(circle: int, quarter: int, compass: Mapping[int, str], grid: Grid) -> dict:
    """Compass face -> destination on the 9 x 5 polar grid (components.md §1.7)."""
    targets = {
        "inward": PENTAGRAM if circle == CIRCLES else grid[circle + 1, quarter],
        "outward": ANTEHELL if circle == 1 else grid[circle - 1, quarter],
        "clockwise": grid[circle, quarter % QUARTERS + 1],
        "counter-clockwise": grid[circle, (quarter - 2) % QUARTERS + 1],
    }
    return {face: targets[d] for face, d in sorted(compass.items()) if d != "none"}


def build_sectio(
    file: str, records: list[LineMap], compass: Mapping[int, str]
) -> tuple[dict[str, Sectio], Grid, dict[str, str]]:
    """The Sectio by id, the map grid, and folded name or variant -> sectio id."""
    grid: Grid = {}
    circle_names: dict[int, str] = {}
    for rec in records:
        cell = (rec["circle"], rec["quarter"])
        if cell in grid:
            raise DataError(
                f"{where(file, rec.line, rec['id'])} circle {cell[0]} quarter {cell[1]} "
                f"already holds {grid[cell]}"
            )
        grid[cell] = rec["id"]
        first = circle_names.setdefault(rec["circle"], rec["circle_name"])
        if first != rec["circle_name"]:
            raise DataError(
                f"{where(file, rec.line_of('circle_name'), rec['id'])} circle_name "
                f"{rec['circle_name']!r} differs from {first!r} used for circle {rec['circle']}"
            )
    # 45 distinct cells in a 9 x 5 grid: the layout is a bijection.
    wise = [r["id"] for r in records if r.get("wise_men")]
    if len(wise) != 1:
        raise DataError(f"{file}:1: exactly one Sectio must have wise_men: true, found {wise}")

    names: dict[str, str] = {}
    sectio = {}
    for rec in records:
        for text in (rec["name"], *rec["variants"]):
            key = normalize_name(text)
            if names.setdefault(key, rec["id"]) != rec["id"]:
                raise DataError(
                    f"{where(file, rec.line_of('variants'), rec['id'])} name {text!r} is "
                    f"ambiguous with {names[key]}"
                )
        nb = _neighbours(rec["circle"], rec["quarter"], compass, grid)
        sectio[rec["id"]] = Sectio(
            id=rec["id"],
            name=rec["name"],
            variants=tuple(rec["variants"]),
            circle=rec["circle"],
            circle_name=rec["circle_name"],
            quarter=rec["quarter"],
            souls=rec["souls"],
            wise_men=bool(rec.get("wise_men", False)),
            neighbours=MappingProxyType(nb),
        )
    return sectio, grid, names


def build_daemons(file: str, records: list[LineMap]) -> dict[str, Daemon]:
    """The Daemons by id; ranks are unique and each ability id matches its Daemon."""
    # Rank orders the Action Phase (HG-9.1-01), so two equal ranks would be a tie the
    # rules never break.
    _unique(file, records, "rank")
    out = {}
    for rec in records:
        expected = "ability." + rec["id"].removeprefix("daemon.")
        if rec["ability"]["id"] != expected:
            raise DataError(
                f"{where(file, rec['ability'].line_of('id'), rec['id'])} "
                f"ability.id must be {expected}"
            )
        out[rec["id"]] = Daemon(
            id=rec["id"],
            name=rec["name"],
            sex=rec["sex"],
            rank=rec["rank"],
            skulls=rec["skulls"],
            stars=rec["stars"],
            hearts=rec["hearts"],
            ability=Ability(**rec["ability"]),
            title=rec["title"],
            recovery=tuple(sorted(set(rec["recovery"]))),
        )
    return out


def build_lieutenants(
    file: str, records: list[LineMap], tables: Mapping[str, Any]
) -> dict[str, Lieutenant]:
    """The Lieutenants by id; there must be enough to fill every set-up box."""
    needed = tables["lieutenant_boxes"] * tables["lieutenants_per_box"]
    if len(records) < needed:
        raise DataError(f"{file}:1: set-up needs {needed} Lieutenants, found {len(records)}")
    return {r["id"]: Lieutenant(r["id"], r["name"], r["leadership"], r["bonus"]) for r in records}


def build_hellhounds(file: str, records: list[LineMap]) -> dict[str, Hellhound]:
    """The Hellhounds by id; nothing spans records here, so file goes unused."""
    return {r["id"]: Hellhound(r["id"], r["name"], r["attacks"]) for r in records}


# The fields an Arcana and a Hell card share, in the order both dataclasses declare them.
_CARD_FACE = ("id", "number", "name", "italian", "source_line")


def _card_face(rec: LineMap) -> dict[str, Any]:
    return {key: rec[key] for key in _CARD_FACE}


def build_arcana(file: str, records: list[LineMap]) -> dict[str, ArcanaCard]:
    """The Arcana cards by id; card numbers are unique; a Macina (flags.macina) has its
    maintenance in Souls, and no other card has one (HG-16.4-02)."""
    _unique(file, records, "number")
    out = {}
    for rec in records:
        major = dict(rec["major"], cost=Cost(**rec["major"]["cost"]))
        maintenance = rec.get("maintenance")
        if rec["flags"]["macina"] and maintenance is None:
            raise DataError(f"{where(file, rec['flags'].line_of('macina'), rec['id'])} a "
                            "Macina needs its maintenance: the Souls paid each Soul "
                            "Phase (HG-16.4-02)")
        if rec["flags"]["macina"] and (rec["flags"]["counter"]
                                       or rec["major"]["timing"] == "counter"):
            raise DataError(f"{where(file, rec['flags'].line_of('macina'), rec['id'])} a "
                            "Counter answers a card at once and cannot be a Macina, "
                            "which stands on the table (HG-16.4-01)")
        if maintenance is not None and not rec["flags"]["macina"]:
            raise DataError(f"{where(file, rec.line_of('maintenance'), rec['id'])} "
                            "maintenance is for a Macina only: set flags.macina: true "
                            "or remove it")
        out[rec["id"]] = ArcanaCard(
            **_card_face(rec),
            minor=Minor(**rec["minor"]),
            major=Major(**major),
            flags=ArcanaFlags(**rec["flags"]),
            maintenance=maintenance,
        )
    return out


def build_hell_cards(
    file: str, records: list[LineMap], sectio: Mapping[str, Sectio]
) -> dict[str, HellCard]:
    """The Hell cards by id; card numbers are unique and each bottom names a known Sectio."""
    _unique(file, records, "number")
    out = {}
    for rec in records:
        bottom = rec["bottom"]
        if bottom["sectio"] not in sectio:
            raise DataError(
                f"{where(file, bottom.line_of('sectio'), rec['id'])} bottom.sectio "
                f"{bottom['sectio']!r} is not a known Sectio"
            )
        out[rec["id"]] = HellCard(
            **_card_face(rec),
            event=Event(**rec["event"]),
            phenomenon=Phenomenon(**rec["phenomenon"]),
            bottom=Bottom(**bottom),
        )
    return out
