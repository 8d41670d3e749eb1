"""Loads and validates data/*.yaml into LohData: the Devils, realms, resource cards, tables.

The YAML files are the single source of every printed number of Lords of Hell; each record
says where each value comes from (`provenance`: rulebook, external or assumed) and why
(`notes`). docs/data-lords-of-hell.md describes the format. Loading is strict: a moderator
correcting an assumed value gets a ValueError (DataError) naming the file, the record and
the key, never a game that misbehaves later.

- `load_data()`: the game's data, cached (functools.lru_cache).
- `load_data_from(directory)`: the same from another directory (tests, a moderator's copy).
- `draw_count(data, total)`: cards drawn for a total of cards held (LH-III.1-04).
- The returned object is a LohData (`LoadedData`, which adds `leaves`: every countable
  value with its provenance, read by dataaudit.py).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbem.audit import KINDS, Leaf  # noqa: F401  KINDS: for the tests
from pbem.kit.yamlfile import DataError, LineMap, read_yaml

from .datamodel import HPOH, Card, Devil, LohData, Realm
from .datatables import load_tables
from .datavalues import _flag, _nat, _opt_text, _pos, _provenance, _text

DATA_DIR = Path(__file__).parent / "data"
CARD_KINDS = ("horde", "artifact", "ritual", "special")
TIMINGS = ("transfer", "combat", "gathering", "any", "reaction")

DEVIL_IDS = ("devil.asmodeus", "devil.baalzebub", "devil.belial", "devil.glasya",
             "devil.mammon", "devil.mephistopheles")
REALM_IDS = (HPOH, "realm.dis", "realm.seat-of-judgement", "realm.winds-of-chaos",
             "realm.phlegethon", "realm.cocytus", "realm.acheron", "realm.styx")
CARD_IDS = (
    "horde.dark-critters", "horde.night-critters", "horde.shadow-critters",
    "horde.diabolic-fiends", "horde.fallen-angels", "horde.fiends", "horde.juggernauts",
    "horde.leviathan", "horde.metal-beasts", "horde.tormented-ones",
    "horde.warriors-of-darkness",
    "ritual.bury", "ritual.chain-catalysm", "ritual.infernal-plague", "ritual.furnace-of-souls",
    "artifact.wand-of-might",
    "special.double-cross", "special.recall", "special.escape", "special.time-of-virtue",
    "special.world-war", "special.silence",
)
#: Deck totals by kind group (the author's Cards page, digest §2.6): 100 in all.
TOTALS = {("horde",): 45, ("ritual",): 20, ("artifact", "special"): 35}


@dataclass(frozen=True)
class LoadedData(LohData):
    leaves: tuple[Leaf, ...] = field(default=(), repr=False)
    directory: str = ""


# --- value checks: each returns an error text or None ------------------------------------

def _card_kind(v):
    return None if v in CARD_KINDS else f"must be one of {', '.join(CARD_KINDS)}, not {v!r}"


def _opt_pos(v):
    return None if v is None else _pos(v)


def _timing(v):
    if not isinstance(v, list) or not all(t in (*TIMINGS, "finish") for t in v):
        return f"must be a list of {', '.join(TIMINGS)} or [finish], not {v!r}"
    return None


SCHEMAS = {
    "devils.yaml": ("devils", {"name": _text, "power": _nat, "female": _flag,
                               "ability": _text}),
    "realms.yaml": ("realms", {"name": _text, "dp": _nat, "power": _opt_text}),
    "cards.yaml": ("cards", {"name": _text, "kind": _card_kind, "count": _nat,
                             "power": _opt_pos, "unstoppable": _flag, "timing": _timing,
                             "text": _text}),
}


def _read(directory: Path, file: str) -> Any:
    """The file as YAML whose mappings know their lines (pbem.kit.yamlfile: a duplicate
    key or a syntax error is a DataError starting file:line)."""
    path = directory / file
    try:
        return read_yaml(path)
    except OSError as e:
        raise DataError(f"{file}: cannot be read ({e.strerror})") from e


def _at(file: str, rec, key: str | None = None) -> str:
    """"file:line" of a record (or of one of its keys) read by _read."""
    line = (rec.line_of(key) if key is not None else rec.line) if isinstance(rec, LineMap) \
        else 0
    return f"{file}:{line}" if line else file


def _records(directory: Path, file: str) -> tuple[list[tuple[str, dict]], list[Leaf]]:
    top, schema = SCHEMAS[file]
    doc = _read(directory, file)
    if not isinstance(doc, dict) or not isinstance(doc.get(top), list):
        raise DataError(f"{file}: must hold a list under '{top}:'")
    seen, out, leaves = set(), [], []
    for i, rec in enumerate(doc[top]):
        if not isinstance(rec, dict) or not isinstance(rec.get("id"), str):
            raise DataError(f"{_at(file, rec)}: {top}[{i}]: a record must be a mapping with "
                            "an 'id'")
        rid = rec["id"]
        if rid in seen:
            raise DataError(f"{_at(file, rec)}: {rid}: id given twice")
        seen.add(rid)
        for key in rec:
            if key not in schema and key not in ("id", "provenance", "notes"):
                raise DataError(f"{_at(file, rec, key)}: {rid}: unknown key '{key}'")
        for key, check in schema.items():
            if key not in rec:
                raise DataError(f"{_at(file, rec)}: {rid}: missing key '{key}'")
            if err := check(rec[key]):
                raise DataError(f"{_at(file, rec, key)}: {rid}.{key} {err}")
        for key, (kind, note) in _provenance(_at(file, rec), rid, rec, list(schema)).items():
            leaves.append(Leaf(file, f"{rid}.{key}", rec[key], kind, note))
        out.append((rid, rec))
    return out, leaves


def _check_ids(file: str, got: list[str], fixed: tuple[str, ...]) -> None:
    if missing := [i for i in fixed if i not in got]:
        raise DataError(f"{file}: missing id(s) {', '.join(missing)}")
    if extra := [i for i in got if i not in fixed]:
        raise DataError(f"{file}: unknown id(s) {', '.join(extra)} (the ids are fixed: "
                        "data.py DEVIL_IDS, REALM_IDS, CARD_IDS)")


def _check_card(rid: str, r: dict) -> None:
    file, kind = _at("cards.yaml", r), r["kind"]
    if rid.split(".")[0] != kind:
        raise DataError(f"{file}: {rid}.kind is {kind!r} but the id says {rid.split('.')[0]!r}")
    if kind != "horde" and r["power"] is not None:
        raise DataError(f"{file}: {rid}.power must be null: only hordes have power")
    if kind != "special" and r["unstoppable"]:
        raise DataError(f"{file}: {rid}.unstoppable must be false: only specials can be "
                        "unstoppable (LH-I.3.4-02)")
    timing = r["timing"]
    if kind == "ritual" and timing != ["finish"]:
        raise DataError(f"{file}: {rid}.timing must be [finish] for a ritual (LH-I.3.3)")
    if kind in ("horde", "artifact") and timing:
        raise DataError(f"{file}: {rid}.timing must be [] for a {kind}")
    if kind == "special" and (not timing or "finish" in timing):
        raise DataError(f"{file}: {rid}.timing must list when the special may be played "
                        f"({', '.join(TIMINGS)})")


def _check_totals(cards: dict[str, Card]) -> None:
    for kinds, want in TOTALS.items():
        got = sum(c.count for c in cards.values() if c.kind in kinds)
        if got != want:
            raise DataError(f"cards.yaml: the counts of {' + '.join(kinds)} cards add up to "
                            f"{got}, not {want} (the deck is 45 hordes, 20 rituals, "
                            "35 artifacts and specials)")


def load_data_from(directory: str | Path) -> LoadedData:
    """Load and validate the four data files of `directory`; raises DataError (ValueError)."""
    directory = Path(directory)
    devs, leaves = _records(directory, "devils.yaml")
    rlms, more = _records(directory, "realms.yaml")
    leaves += more
    crds, more = _records(directory, "cards.yaml")
    leaves += more
    _check_ids("devils.yaml", [i for i, _ in devs], DEVIL_IDS)
    _check_ids("realms.yaml", [i for i, _ in rlms], REALM_IDS)
    _check_ids("cards.yaml", [i for i, _ in crds], CARD_IDS)
    if rlms[0][0] != HPOH:
        raise DataError(f"realms.yaml: the first realm must be {HPOH}")
    for rid, r in crds:
        _check_card(rid, r)

    def extra(r: dict) -> dict:
        return {"provenance": dict(r["provenance"]), "notes": dict(r.get("notes", {}))}

    devils = {i: Devil(id=i, name=r["name"], power=r["power"], female=r["female"],
                       ability=r["ability"], **extra(r)) for i, r in devs}
    realms = {i: Realm(id=i, name=r["name"], dp=r["dp"], power=r["power"], **extra(r))
              for i, r in rlms}
    cards = {i: Card(id=i, name=r["name"], kind=r["kind"], count=r["count"], power=r["power"],
                     unstoppable=r["unstoppable"], timing=tuple(r["timing"]), text=r["text"],
                     **extra(r)) for i, r in crds}
    _check_totals(cards)

    tables, more = load_tables(_read(directory, "tables.yaml"))
    leaves += more
    return LoadedData(devils=devils, realms=realms, cards=cards, tables=tables,
                      leaves=tuple(leaves), directory=str(directory))


@functools.lru_cache(maxsize=1)
def load_data() -> LoadedData:
    """The game's data from games/lords_of_hell/data/, loaded once."""
    return load_data_from(DATA_DIR)
