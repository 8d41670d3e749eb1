"""Rampaging Hellhounds (10.3).

A hound with no Minder rampages (HG-10.3-01). In the Random Moves Phase, after Uriel
and Lilith, each rampaging hound in Hell moves in turn, the most attacks first, a die
between hounds with as many (HG-10.0-02). Six Compass steps (HG-10.3-03):

- A face that would take it into Lilith's or Uriel's Sectio is re-rolled (HG-10.3-07).
- 5-6: it idles. But a hound that starts among other Units stays (and its move ends)
  only on a 5-6 first roll; any other first roll takes it away (HG-10.3-05).
- The Pentagram or AnteHell destroys it: back to the Hellhound box (HG-10.3-06/08).
- Entering a Sectio with other Units: each player there, in seat order, decides by his
  FLEE ... HOUNDS lines (IP-24, flight.decide_hound; default stand) and his Units flee
  as from a march (flight.flee_all; not back where the hound came from). Freebooters
  and other rampaging hounds never flee. If any Unit is left there, the hound stops
  (HG-10.3-04); combat follows in the Combat Phase.

`lose_minder` is for whatever takes a hound's Minder away (a Minder disbanded or
destroyed, in the Action or Combat Phase): the hound's one Compass move at once
(HG-10.3-02). It is not a flight, so nobody flees from it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import hooks
from ..action.flight import FLEE, being_at, decide_hound, flee_all
from ..data import PENTAGRAM
from ..log import count
from ..orders.common import place_name
from ..state import ANTEHELL, LEGION, LILITH, URIEL, Unit
from .common import MoveCtx, Pack, destroy_units


def rampage_all(ctx: MoveCtx, packs: Sequence[Pack] = ()) -> None:
    """`packs`: hounds a card brought whose first move is special (common.Pack: the
    Vortex hounds read a Compass 3 as a 1, hellcards/movement.py; the Hellhounds!!! hounds
    enter Limbo from AnteHell by a die, action/spells_transport.py); in it the hounds of
    a pack ignore one another."""
    st, data = ctx.st, ctx.data
    entering = {i for p in packs if p.enter for i in p.hounds}
    hounds = [u for u in st.units if st.is_rampaging(u)
              and (u.location in data.sectio or u.id in entering)]
    for h in _strongest_first(ctx, hounds):
        if h in st.units:
            rampage(ctx, h, packs)


def _strongest_first(ctx: MoveCtx, hounds: list[Unit]) -> list[Unit]:
    """HG-10.0-02: most attacks first; a die orders hounds with as many."""
    out: list[Unit] = []
    for n in sorted({_attacks(ctx, h) for h in hounds}, reverse=True):
        tied = sorted((h for h in hounds if _attacks(ctx, h) == n), key=lambda h: h.number)
        while tied:
            first = tied[0] if len(tied) == 1 else \
                ctx.dice.pick(tied, "HG-10.0-02 which rampaging Hellhound moves first")
            tied.remove(first)
            out.append(first)
    return out


def _attacks(ctx: MoveCtx, h: Unit) -> int:
    return ctx.data.hellhounds[h.ref].attacks if h.ref in ctx.data.hellhounds else 1


def _name(ctx: MoveCtx, h: Unit) -> str:
    return ctx.data.hellhounds[h.ref].name if h.ref in ctx.data.hellhounds else "A Hellhound"


def _roll(ctx: MoveCtx, h: Unit, reason: str, inward: bool = False) -> tuple[int, str | None]:
    """One Compass die, re-rolled while it leads to Lilith or Uriel (HG-10.3-07).
    `inward`: a 3 is read as a 1 (a Vortex hound's first move, common.Pack)."""
    while True:
        face = ctx.dice.roll(reason)
        target = ctx.data.step(h.location, 1 if inward and face == 3 else face)
        if target is None or not (being_at(ctx.st, LILITH, target)
                                  or being_at(ctx.st, URIEL, target)):
            return face, target
        ctx.log.public("hound-reroll", f"{_name(ctx, h)} rolls {face}, which would take it "
                       f"to {place_name(target, ctx.data)} where "
                       f"{'Lilith' if being_at(ctx.st, LILITH, target) else 'Uriel'} is: "
                       "it rolls again", "HG-10.3-07", roll=face)


def _others(ctx: MoveCtx, h: Unit, mates: frozenset[str] = frozenset()) -> list[Unit]:
    """The other Units where `h` is, but its pack `mates` (common.Pack)."""
    return [u for u in ctx.st.units_at(h.location) if u is not h and u.id not in mates]


def _held(ctx: MoveCtx, h: Unit) -> bool:
    """A card keeps the hound where it is (the hook point random-move-held: a Quagmire,
    Orgasmatron)."""
    why = hooks.first("random-move-held", ctx.st, ctx.data, h)
    if why:
        ctx.log.public("hound-held", f"{_name(ctx, h)} does not move: {why}", "HG-6.2-01",
                       unit=h.id)
    return bool(why)


def _doomed(ctx: MoveCtx, h: Unit, face: int, target: str) -> bool:
    """HG-10.3-06: into the Pentagram or AnteHell, the hound is destroyed."""
    if target not in (PENTAGRAM, ANTEHELL):
        return False
    where = "the Pentagram" if target == PENTAGRAM else "AnteHell"
    destroy_units(ctx, [h], h.location, f"{_name(ctx, h)} rolls {face} and runs into {where}",
                  "HG-10.3-06")
    return True


def rampage(ctx: MoveCtx, h: Unit, packs: Sequence[Pack] = ()) -> None:
    """One hound's six steps (HG-10.3-03..07); the first of a hound whose pack (common.Pack)
    has an `enter` is the card's (Hellhounds!!!: into Limbo)."""
    data, log = ctx.data, ctx.log
    pack = next((p for p in packs if h.id in p.hounds), None)
    mates = pack.hounds if pack else frozenset()  # in this move they ignore one another
    first = 1
    if pack and pack.enter:
        if not pack.enter(ctx, h, set(pack.hounds)):
            return
        first = 2
    elif _held(ctx, h):
        return
    crowded = bool(_others(ctx, h, mates)) and first == 1
    inward = bool(pack and pack.inward) and first == 1
    name = _name(ctx, h)
    for step in range(first, data.tables["rampage_steps"] + 1):
        face, target = _roll(ctx, h, f"HG-10.3-03 {name}'s step {step}", inward)
        here = place_name(h.location, data)
        if target is None:
            if step == 1 and crowded:
                log.public("hound-stays", f"{name} rolls {face} and stays among the Units in "
                           f"{here}: its move is over", "HG-10.3-05", roll=face)
                return
            log.public("hound-idles", f"{name} rolls {face} and idles in {here} (step {step})",
                       "HG-10.0-03", roll=face)
            continue
        if _doomed(ctx, h, face, target):
            return
        came = h.location
        h.location = target
        there = place_name(target, data)
        log.public("hound-moves", f"{name} rolls {face} and rampages into {there} "
                   f"(step {step})", "HG-10.3-03", roll=face, sectio=target)
        if _others(ctx, h, mates):
            _flight(ctx, h, came)
        why = hooks.first("unit-stops-entering", ctx.st, data, target)
        if why:
            log.public("hound-stops", f"{name} stops in {there}: {why}", "HG-9.5-11",
                       sectio=target)
            return
        left = _others(ctx, h, mates)
        if left:
            log.public("hound-stops", f"{name} stops in {there}: "
                       f"{count(len(left), 'Unit')} there did not flee", "HG-10.3-04",
                       sectio=target)
            return


def _flight(ctx: MoveCtx, h: Unit, came: str) -> None:
    """IP-24: each player with Units where the hound came in decides, in seat order."""
    st, data, log = ctx.st, ctx.data, ctx.log
    sectio, attacks = h.location, _attacks(ctx, h)
    for player in st.seats:
        mine = [u for u in st.units_at(sectio) if u.owner == player]
        if not mine:
            continue
        legions = sum(1 for u in mine if u.kind == LEGION)
        flee, line = decide_hound(ctx.orders(player, FLEE), legions, attacks, data)
        why = "by standing order" if line else "no FLEE ... HOUNDS order applies, so by default"
        log.public("hound-flight-decision", f"{player}'s {count(len(mine), 'Unit')} in "
                   f"{place_name(sectio, data)} {'try to flee' if flee else 'stand'} ({why})",
                   "HG-10.3-04" if flee else "IP-24", player=player, flee=flee)
        if flee:
            flee_all(ctx, player, sectio, barred=came)


def lose_minder(ctx: MoveCtx, h: Unit) -> None:
    """HG-10.3-02: a hound that just lost its Minder makes one Compass move at once.
    A 5-6 (or a re-rolled face) leaves it where it is; an occupied Sectio keeps it."""
    log = ctx.log
    h.minder = h.owner = None
    if h.location not in ctx.data.sectio or _held(ctx, h):
        return
    face, target = _roll(ctx, h, f"HG-10.3-02 {_name(ctx, h)} loses its Minder")
    here = place_name(h.location, ctx.data)
    if target is None:
        log.public("hound-loose", f"{_name(ctx, h)} loses its Minder, goes on a Rampage, rolls "
                   f"{face} and stays in {here}", "HG-10.3-02", roll=face)
        return
    if _doomed(ctx, h, face, target):
        return
    h.location = target
    log.public("hound-loose", f"{_name(ctx, h)} loses its Minder, goes on a Rampage, rolls "
               f"{face} and runs from {here} to {place_name(target, ctx.data)}", "HG-10.3-02",
               roll=face, sectio=target)
