"""Registries of card effects and Daemon abilities, by card / ability id.

Card text and numbers are data (data/*.yaml); an effect is code registered here under
the card's id (STYLE.md, fireplace/Forge). `check(data)` refuses an effect for a card
that does not exist, and a card without one: the game does not load. So a phase's
lookup cannot fail; `effect_of` says the registry is broken if it ever does.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pbem.kit import registry
from pbem.kit.registry import Registry

ARCANA = Registry("Arcana")
HELL_CARDS = Registry("Hell card")
#: Phenomena by phenomenon id (cards that share a grey box share its effect), called as
#: `fn(st, sheets, dice, data, log, card, sectio)`: `card` is the Hell card whose grey box
#: is used, `sectio` the Sectio struck (from the next card's bottom line, HG-6.2-02).
PHENOMENA = Registry("Phenomenon")
ABILITIES = Registry("Daemon ability")


def arcana(card_id: str):
    return ARCANA.register(card_id)


def hell_card(card_id: str):
    return HELL_CARDS.register(card_id)


def phenomenon(phenomenon_id: str):
    return PHENOMENA.register(phenomenon_id)


def ability(ability_id: str):
    return ABILITIES.register(ability_id)


def _ids(data) -> list[tuple[Registry, set[str]]]:
    return [(ARCANA, set(data.arcana)), (HELL_CARDS, set(data.hell_cards)),
            (PHENOMENA, {c.phenomenon.id for c in data.hell_cards.values()}),
            (ABILITIES, {d.ability.id for d in data.daemons.values()})]


#: Further load-time checks, registered by the card modules (`@load_check`):
#: `fn(data) -> [problem, ...]`, e.g. a Play Right Away card whose effect is not a Play
#: Right Away effect. `check` asks them all.
LOAD_CHECKS: list[Callable] = []


def load_check(fn: Callable) -> Callable:
    LOAD_CHECKS.append(fn)
    return fn


class RegistryBroken(RuntimeError):
    """A card, Phenomenon or Action came up in play without the effect it needs. `check`
    refuses such data when the game loads, so this is a bug in the program (a registry
    changed after the check, or data that was never checked), not a rule left out: an
    internal error, never a line of a player's report."""


def effect_of(table: Registry, key: str):
    """`table[key]`, or RegistryBroken: every phase that looks up an effect the data
    names asks this (`check` made the lookup safe when the game loaded)."""
    try:
        return table[key]
    except KeyError:
        raise RegistryBroken(f"{table.what} {key} has no registered effect: the effect "
                             "registry is broken (effects.check refuses this when the "
                             "game loads)") from None


def check(data) -> None:
    """An effect with no card, or a card, Phenomenon or ability with no effect, is a
    load-time error, not a surprise at turn 17 (every Arcana, issue 8; every Hell card,
    Phenomenon and Daemon ability, issue 7); so is an effect of the wrong kind
    (`LOAD_CHECKS`). Asked once loader.py has imported every module that registers an
    effect (the game does)."""
    registry.check(_ids(data), "The HellGame")
    problems = [p for fn in LOAD_CHECKS for p in fn(data)]
    if problems:
        raise ValueError("The HellGame effects do not match the data: " + "; ".join(problems))


def coverage(data) -> dict:
    """{"arcana": {"total", "implemented", "missing"}, ...} for the audit (once loader.py
    has been imported)."""
    return {key: table.coverage(ids) for key, (table, ids)
            in zip(("arcana", "hell_cards", "phenomena", "daemon_abilities"), _ids(data),
                   strict=True)}


#: The folder `games/` is installed from (as `pbem_games`): `where` names files from the
#: repository root, e.g. "games/hellgame/combat/cards_rolls.py:118".
_GAMES_DIR = Path(__file__).resolve().parents[1]


def source_of(entry) -> str:
    """"games/hellgame/<module>.py:<line>" of the function that implements `entry`."""
    return registry.source_of(entry, _GAMES_DIR, "games/")


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
