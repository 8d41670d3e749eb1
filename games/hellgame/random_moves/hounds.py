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

from ..action.flight import FLEE, being_at, decide_hound, flee_all
from ..data import PENTAGRAM
from ..log import count
from ..orders.common import place_name
from ..state import ANTEHELL, LEGION, LILITH, URIEL, Unit
from .common import MoveCtx, destroy_units


def rampage_all(ctx: MoveCtx, vortex: set[str] | frozenset = frozenset(),
                pack: set[str] | frozenset = frozenset()) -> None:
    """`vortex`: the hounds Vortex brought this phase (hellcards/movement.py): in this,
    their first move, they ignore one another and read a Compass 3 as a 1. `pack`: the
    hounds Hellhounds!!! put in AnteHell (action/spells_transport.py): their first step enters
    Limbo by a die, and in this move they ignore one another."""
    st, data = ctx.st, ctx.data
    hounds = [u for u in st.units if st.is_rampaging(u)
              and (u.location in data.sectio or u.id in pack)]
    for h in _strongest_first(ctx, hounds):
        if h in st.units:
            rampage(ctx, h, vortex, pack)


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


def _roll(ctx: MoveCtx, h: Unit, reason: str, vortex: bool = False) -> tuple[int, str | None]:
    """One Compass die, re-rolled while it leads to Lilith or Uriel (HG-10.3-07). A
    Vortex hound's first move reads a 3 as a 1 (hell.vortex)."""
    while True:
        face = ctx.dice.roll(reason)
        target = ctx.data.step(h.location, 1 if vortex and face == 3 else face)
        if target is None or not (being_at(ctx.st, LILITH, target)
                                  or being_at(ctx.st, URIEL, target)):
            return face, target
        ctx.log.public("hound-reroll", f"{_name(ctx, h)} rolls {face}, which would take it "
                       f"to {place_name(target, ctx.data)} where "
                       f"{'Lilith' if being_at(ctx.st, LILITH, target) else 'Uriel'} is: "
                       "it rolls again", "HG-10.3-07", roll=face)


def _others(ctx: MoveCtx, h: Unit, vortex: set[str] | frozenset = frozenset()) -> list[Unit]:
    """The other Units where `h` is; Vortex hounds ignore one another (hell.vortex), as
    do a Hellhounds!!! pack (passed here as `vortex` too)."""
    ignore = vortex if h.id in vortex else ()
    return [u for u in ctx.st.units_at(h.location) if u is not h and u.id not in ignore]


def _held(ctx: MoveCtx, h: Unit) -> bool:
    """A Quagmire or Orgasmatron keeps the hound where it is (hellcards/movement.py)."""
    from ..hellcards.movement import held

    why = held(ctx.st, ctx.data, h)
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


def rampage(ctx: MoveCtx, h: Unit, vortex: set[str] | frozenset = frozenset(),
            pack: set[str] | frozenset = frozenset()) -> None:
    """One hound's six steps (HG-10.3-03..07); a `pack` hound's first is into Limbo."""
    from ..hellcards.movement import quagmire_stops

    data, log = ctx.data, ctx.log
    first = 1
    if h.id in pack:
        from ..action.spells_transport import enter_limbo

        if not enter_limbo(ctx, h, set(pack)):
            return
        first, vortex = 2, pack  # the rest of this move: they ignore one another
    elif _held(ctx, h):
        return
    crowded = bool(_others(ctx, h, vortex)) and first == 1
    name = _name(ctx, h)
    for step in range(first, data.tables["rampage_steps"] + 1):
        face, target = _roll(ctx, h, f"HG-10.3-03 {name}'s step {step}",
                             h.id in vortex and first == 1)
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
        if _others(ctx, h, vortex):
            _flight(ctx, h, came)
        if quagmire_stops(ctx.st, data, target):
            log.public("hound-stops", f"{name} stops in {there}: a Quagmire holds it",
                       "HG-9.5-11", sectio=target)
            return
        left = _others(ctx, h, vortex)
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
