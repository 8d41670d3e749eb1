"""Lasting effects of Combat cards: "for one round", "for the rest of the combat".

A Combat card whose effect outlasts its casting (combat/cards_*.py) adds a `Lasting`
to `fight.lasting`. The round steps ask the hook functions below; each sums or
combines the answers of every Lasting in force that has that hook. A Lasting is in
force from the round it was cast to `last` (None: the rest of the combat). Sacred
Music ends them all (`end_all`).

Hooks (each optional, called as `hook(fight, lasting, ...)`):

- `attack(f, x, side, party, unit) -> int`     added to each attack die of the Unit
- `dice(f, x, side, party, unit, n) -> int`    how many attack dice the Unit rolls
- `lt_bonus(f, x, party, lieutenant) -> bool`  False: this Lieutenant lends no bonus
- `scored(f, x, side, party, unit, hits)`      after the Unit rolled its hits
- `save(f, x, side, party, unit) -> int`       in favour of each save of the Unit
- `may_save(f, x, side, party, unit) -> bool`  False: the Unit makes no saving roll
- `placed(f, x, side, placed) -> placed`       the hits placed on `side`, before saves
- `fights(f, x, party) -> bool`                False: the party is left out of the sides
- `daemon_out(f, x, daemon, rnd) -> bool`      True: the Daemon is out of this round
- `may_cast(f, x, play) -> str | None`         why this card may not be played now
- `over(f, x, result)`                         when the combat ends (result dict, mutable)

A hook that changes the board logs what it does. Everything here is deterministic:
Lastings are consulted in the order they were cast.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Lasting:
    card: str
    side: int  # the caster's side when it was cast
    player: str  # the caster's Triumvirate
    daemon: str  # the casting Daemon
    first: int  # the round it was cast in
    last: int | None  # the last round it covers; None: the rest of the combat
    hooks: dict[str, Callable] = field(default_factory=dict)
    state: dict = field(default_factory=dict)  # what the card keeps between hooks

    def covers(self, rnd: int) -> bool:
        return rnd >= self.first and (self.last is None or rnd <= self.last)


def add(f, card: str, side: int, player: str, daemon: str, *, rounds: int | None = None,
        **hooks: Callable) -> Lasting:
    """A Lasting for `rounds` rounds from this one (None: the rest of the combat)."""
    rnd = max(f.round, 1)
    x = Lasting(card, side, player, daemon, rnd, None if rounds is None else rnd + rounds - 1,
                dict(hooks))
    f.lasting.append(x)
    return x


def active(f, hook: str) -> list[Lasting]:
    found = getattr(f, "lasting", None)
    if not found:
        return []
    return [x for x in found if hook in x.hooks and x.covers(max(f.round, 1))]


def side_of(f, party: str) -> int | None:
    for i in (0, 1):
        if party in f.sides[i]:
            return i
    return None


def attack(f, side: int, party: str, unit) -> int:
    return sum(x.hooks["attack"](f, x, side, party, unit) for x in active(f, "attack"))


def dice(f, side: int, party: str, unit, n: int) -> int:
    for x in active(f, "dice"):
        n = x.hooks["dice"](f, x, side, party, unit, n)
    return n


def lt_bonus(f, party: str, lieutenant) -> bool:
    return all(x.hooks["lt_bonus"](f, x, party, lieutenant) for x in active(f, "lt_bonus"))


def scored(f, side: int, party: str, unit, hits: int) -> None:
    for x in active(f, "scored"):
        x.hooks["scored"](f, x, side, party, unit, hits)


def save(f, party: str, unit) -> int:
    found = active(f, "save")
    side = side_of(f, party) if found else None
    return sum(x.hooks["save"](f, x, side, party, unit) for x in found)


def may_save(f, side: int, party: str, unit) -> bool:
    return all(x.hooks["may_save"](f, x, side, party, unit) for x in active(f, "may_save"))


def placed(f, side: int, hits: list) -> list:
    for x in active(f, "placed"):
        hits = x.hooks["placed"](f, x, side, hits)
    return hits


def fights(f, party: str) -> bool:
    return all(x.hooks["fights"](f, x, party) for x in active(f, "fights"))


def daemon_out(f, daemon: str) -> bool:
    return any(x.hooks["daemon_out"](f, x, daemon, max(f.round, 1))
               for x in active(f, "daemon_out"))


def may_cast(f, play) -> str | None:
    for x in active(f, "may_cast"):
        why = x.hooks["may_cast"](f, x, play)
        if why:
            return why
    return None


def over(f, result: dict) -> None:
    for x in [x for x in getattr(f, "lasting", []) if "over" in x.hooks]:
        x.hooks["over"](f, x, result)


def end_all(f) -> list[Lasting]:
    """Sacred Music: every lasting card effect of this combat ends; returns them."""
    gone, f.lasting = f.lasting, []
    return gone
