"""Registries of card effects and Daemon abilities, by card / ability id.

Card text and numbers are data (data/*.yaml); an effect is code registered here under
the card's id (STYLE.md, fireplace/Forge). `check(data)` refuses an effect for a card
that does not exist. Cards without an effect are reported as not implemented by
`pbem data audit` and, when they come up in play, in the turn report — never ignored.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from pathlib import Path

ARCANA: dict[str, Callable] = {}
HELL_CARDS: dict[str, Callable] = {}
#: Phenomena by phenomenon id (cards that share a grey box share its effect), called as
#: `fn(st, sheets, dice, data, log, card, sectio)`: `card` is the Hell card whose grey box
#: is used, `sectio` the Sectio struck (from the next card's bottom line, HG-6.2-02).
PHENOMENA: dict[str, Callable] = {}
ABILITIES: dict[str, Callable] = {}


def _register(table: dict, key: str):
    def wrap(fn):
        if key in table:
            raise ValueError(f"effect {key} registered twice")
        table[key] = fn
        return fn

    return wrap


def arcana(card_id: str):
    return _register(ARCANA, card_id)


def hell_card(card_id: str):
    return _register(HELL_CARDS, card_id)


def phenomenon(phenomenon_id: str):
    return _register(PHENOMENA, phenomenon_id)


def ability(ability_id: str):
    return _register(ABILITIES, ability_id)


def check(data) -> None:
    """An effect with no card, or a card, Phenomenon or ability with no effect, is a
    load-time error, not a surprise at turn 17. Asked once loader.py has imported every
    module that registers an effect (the game does)."""
    ability_ids = {d.ability.id for d in data.daemons.values()}
    phenomenon_ids = {c.phenomenon.id for c in data.hell_cards.values()}
    for table, known, what in ((ARCANA, data.arcana, "Arcana"),
                               (HELL_CARDS, data.hell_cards, "Hell card"),
                               (PHENOMENA, phenomenon_ids, "Phenomenon"),
                               (ABILITIES, ability_ids, "Daemon ability")):
        stray = sorted(set(table) - set(known))
        if stray:
            raise ValueError(f"effects registered for unknown {what} ids: {stray}")
    # Every Arcana (issue 8), Hell card, Phenomenon and Daemon ability (issue 7) has its
    # effect
    for table, known, what in ((ARCANA, data.arcana, "Arcana"),
                               (HELL_CARDS, data.hell_cards, "Hell card"),
                               (PHENOMENA, phenomenon_ids, "Phenomenon"),
                               (ABILITIES, ability_ids, "Daemon ability")):
        missing = sorted(set(known) - set(table))
        if missing:
            raise ValueError(f"{what} ids without an effect: {missing}")


def coverage(data) -> dict:
    """{"arcana": {"total", "implemented", "missing"}, ...} for the audit (once loader.py
    has been imported)."""
    ability_ids = sorted(d.ability.id for d in data.daemons.values())

    def one(ids, table):
        ids = sorted(ids)
        return {"total": len(ids), "implemented": sum(1 for i in ids if i in table),
                "missing": [i for i in ids if i not in table]}

    return {"arcana": one(data.arcana, ARCANA),
            "hell_cards": one(data.hell_cards, HELL_CARDS),
            "phenomena": one({c.phenomenon.id for c in data.hell_cards.values()}, PHENOMENA),
            "daemon_abilities": one(ability_ids, ABILITIES)}


#: The folder `games/` is installed from (as `pbem_games`): `where` names files from the
#: repository root, e.g. "games/hellgame/combat/cards_rolls.py:118".
_GAMES_DIR = Path(__file__).resolve().parents[1]


def implementation(entry) -> Callable | type:
    """The function that carries out a registered effect: the entry itself when it is a
    function, else its first field that is one (`Spell.effect`, `PlayRightAway.effect`,
    `CombatCounter.blocks` ...), else the entry's class (a `RerollCard`: the re-roll is
    the class's own doing)."""
    if inspect.isfunction(entry):
        return entry
    for field in dataclasses.fields(entry) if dataclasses.is_dataclass(entry) else ():
        value = getattr(entry, field.name)
        if inspect.isfunction(value):
            return value
    return type(entry)


def source_of(entry) -> str:
    """"games/hellgame/<module>.py:<line>" of the function that implements `entry`."""
    fn = implementation(entry)
    path = Path(inspect.getsourcefile(fn)).resolve()
    line = inspect.getsourcelines(fn)[1]
    return f"games/{path.relative_to(_GAMES_DIR).as_posix()}:{line}"


def where(data) -> list[dict]:
    """The index of effects (`pbem data audit hellgame --where`, docs/where-hellgame.md):
    one {"kind", "id", "name", "where"} per Arcana card, Hell card, Phenomenon and Daemon
    ability, each kind sorted by id; "where" is None for one without an effect. Asked
    once loader.py has been imported."""
    abilities = {d.ability.id: f"{d.name}'s ability" for d in data.daemons.values()}
    phenomena = {c.phenomenon.id: c.phenomenon.name for c in data.hell_cards.values()}
    rows = []
    for kind, names, table in (
            ("Arcana", {k: c.name for k, c in data.arcana.items()}, ARCANA),
            ("Hell card", {k: c.name for k, c in data.hell_cards.items()}, HELL_CARDS),
            ("Phenomenon", phenomena, PHENOMENA),
            ("Daemon ability", abilities, ABILITIES)):
        for key in sorted(names):
            rows.append({"kind": kind, "id": key, "name": names[key],
                         "where": source_of(table[key]) if key in table else None})
    return rows
