"""Fleeing from marching Units (9.5.1), solitary Lieutenants (16.2) and flight into
Uriel's place (16.3).

When a marching stack enters a Sectio (`on_entry`), every other player with Units there
decides once, for all his Units in that Sectio (A-22), from his standing FLEE orders
(IP-23, orders/flee.py; default: stand). A solitary Lieutenant must flee whatever his
player ordered (HG-16.2-02). Fleeing Units leave as stacks: each Lieutenant (by unit
number) takes up to his Leadership of the Legions there, Minders first unless his
player's FLIGHT TAKE says otherwise (IP-25, orders/flight_pref.py), and rolls 2 dice;
the Legions left over roll 1 die each. A Hellhound always goes with its
Minder (HG-9.5-07).

The Compass (A-03, data.sectio[..].neighbours): 1 inward, 2/4 along the Circle,
3 outward, 5-6 no move. A face that leads into the Pentagram or into the Sectio the
marching Units came from is a failure (HG-9.5.1-06); AnteHell is allowed. Of his two
dice a Lieutenant takes the better by his player's FLIGHT PREFER (IP-25; default: a
Sectio free of enemies that his player controls, one nobody controls, another
player's, AnteHell, an occupied Sectio where he must flee again), then failure, and
last Uriel's place (death); on a tie the first die.

Readings the rules leave open (each cited where it is used):
- A chained flight (HG-9.5.1-08) has no "Sectio the causing Units came from": it may
  go anywhere but the Pentagram, even back where it fled from (the rulebook says so).
- Nothing flees into, out of or within AnteHell: it is no Sectio, has no Compass and
  no combat (HG-11.0-04); a flight that reaches AnteHell ends there.
- Lilith: no flight starts in her Sectio (HG-9.5-08, HG-16.3-03), and a flight that
  reaches her Sectio ends there.
- Freebooters never flee (HG-10.4-01), not even a lone Freebooter Lieutenant; a
  rampaging Hellhound never flees either. Both flee from Uriel only (HG-10.1-07,
  random_moves/uriel.py), one Unit a stack, and never flee on from where they land.
- A Unit Thou Art Not Real holds this turn (hell.thou-art-not-real, march.py) still
  flees: fleeing is no move, as for Quagmire and Red Peril; only a March is barred.

A flight roll none of whose dice takes the stack away alive may be re-rolled by Caim
(CAIM REROLLS ... FLIGHT) and the re-roll cards (REROLL WITH ... FLIGHT): reroll.py, IP-33.

Every roll, every move, every failure is logged publicly with its clause id.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import hooks
from ..data import PENTAGRAM
from ..log import count
from ..orders import flight_pref as pref
from ..orders.common import place_name
from ..orders.flee import flee_text
from ..state import ANTEHELL, HELLHOUND, LEGION, LIEUTENANT, LILITH, URIEL, HellState, Unit
from . import reroll

# URIEL and LILITH live in state.py; they are imported from here too (re-exported).

FLEE = "FLEE"  # the standing-order keyword read from the sheets (orders/flee.py)


# -- what is where ------------------------------------------------------------------------

def being_at(st: HellState, kind: str, place: str) -> bool:
    """Uriel or Lilith is at `place` (Uriel may wait in AnteHell: A-21)."""
    return any(u.kind == kind and u.location == place for u in st.units)


def hounds_of(st: HellState, legion: Unit) -> list[Unit]:
    """The tamed Hellhound(s) a Legion minds: they go where it goes (HG-9.5-07)."""
    return [h for h in st.units if h.kind == HELLHOUND and h.minder == legion.id]


def is_solitary(st: HellState, u: Unit) -> bool:
    """A player's Lieutenant with none of his player's Legions in his Sectio (16.2).
    A Freebooter Lieutenant is no solitary Lieutenant: Freebooters never flee (HG-10.4-01)."""
    return (u.kind == LIEUTENANT and u.owner is not None
            and not any(v.kind == LEGION and v.owner == u.owner for v in st.units_at(u.location)))


def unfriendly(st: HellState, place: str, player: str) -> list[Unit]:
    """Units at `place` that make `player`'s fleeing Units flee on (HG-9.5.1-08): anything
    not his, except solitary Lieutenants (they flee themselves, HG-16.2-02) and Lilith
    (nobody flees from her, HG-16.3-03)."""
    return [u for u in st.units_at(place)
            if u.owner != player and u.kind != LILITH and not is_solitary(st, u)]


@dataclass
class Stack:
    """Units that move together: a Lieutenant with the Legions he takes, or one Legion;
    the Legions' Hellhounds come along (HG-9.5-07)."""

    player: str
    lieutenant: Unit | None = None
    legions: list[Unit] = field(default_factory=list)

    @property
    def solitary(self) -> bool:
        return self.lieutenant is not None and not self.legions

    def units(self, st: HellState) -> list[Unit]:
        out = [self.lieutenant] if self.lieutenant else []
        for legion in self.legions:
            out += [legion, *hounds_of(st, legion)]
        return out

    def describe(self, st: HellState, data) -> str:
        hounds = sum(len(hounds_of(st, g)) for g in self.legions)
        dogs = f" and {count(hounds, 'Hellhound')}" if hounds else ""
        if self.lieutenant is None:
            if self.player is None:  # fleeing from Uriel (HG-10.1-07): one Unit each
                return ("A rampaging Hellhound" if self.legions[0].kind == HELLHOUND
                        else count(len(self.legions), "Freebooter Legion"))
            return count(len(self.legions), "Legion") + dogs
        name = f"Lieutenant {data.lieutenants[self.lieutenant.ref].name}" \
            if self.lieutenant.ref in data.lieutenants else "a Lieutenant"
        if not self.legions:
            return f"{name} alone"
        return f"{name} with {count(len(self.legions), 'Legion')}{dogs}"

    def move_to(self, st: HellState, place: str) -> None:
        for u in self.units(st):
            u.location = place


# -- flight caused by a march ----------------------------------------------------------------

def on_entry(actx, sectio: str, came_from: str, mover: str) -> None:
    """A marching stack of `mover`'s (not a solitary Lieutenant: HG-9.5.1-01) has just
    entered `sectio` from `came_from`. Every other player there, in seat order, may flee
    (HG-9.5.1-01/02); solitary Lieutenants must (HG-16.2-02)."""
    st, data = actx.st, actx.data
    if sectio == ANTEHELL:
        return
    here = place_name(sectio, data)
    for player in st.seats:
        mine = [u for u in st.units_at(sectio) if u.owner == player]
        if player == mover or not mine:
            continue
        if being_at(st, LILITH, sectio):
            actx.log.public("flight-barred", f"{player}'s Units in {here} may not flee: "
                            "Lilith is there, and no Unit starts a move in her Sectio",
                            "HG-9.5-08", player=player, sectio=sectio)
            continue
        if not any(u.kind == LEGION for u in mine):
            for lt in sorted((u for u in mine if u.kind == LIEUTENANT), key=lambda u: u.number):
                actx.log.public("flight-forced", f"{player}'s Lieutenant "
                                f"{_lt_name(lt, data)} is alone in {here} and must flee",
                                "HG-16.2-02", player=player, sectio=sectio)
                flee_stack(actx, Stack(player, lt), sectio, barred=came_from)
            continue
        theirs = sum(1 for u in st.units_at(sectio) if u.owner == mover)
        flee, line = decide(actx.orders(player, FLEE), sectio, len(mine), theirs, data)
        verb = ("tries to flee" if flee else "stands") if len(mine) == 1 else \
            ("try to flee" if flee else "stand")
        # the order's words stay private: they may name other Sectio (STYLE: no leaks)
        why = "by standing order" if line else "no FLEE order applies, so by default"
        actx.log.public("flight-decision", f"{player}'s {count(len(mine), 'Unit')} in {here} "
                        f"{verb} ({why})", "HG-9.5.1-01" if flee else "IP-23",
                        player=player, sectio=sectio, flee=flee)
        if line:
            actx.log.private(player, "flight-order", f"Your order {line} decided for your "
                             f"Units in {here}", "IP-23", sectio=sectio)
        if flee:
            flee_all(actx, player, sectio, barred=came_from)


def decide(orders: list[dict], sectio: str, mine: int, theirs: int, data) -> tuple[bool, str]:
    """IP-23: the first of the player's FLEE orders that covers this Sectio (and whose
    IF OUTNUMBERED holds: more of the mover's Units than his there) decides. Returns
    (flee?, that order's text; "" when none applies and the default, stand, does)."""
    for o in orders:
        if o.get("hounds"):
            continue  # lines for rampaging Hellhounds: decide_hound
        if o["where"] and sectio not in o["where"]:
            continue
        if o["outnumbered"] and not theirs > mine:
            continue
        return o["flee"], flee_text(o, data)
    return False, ""


def decide_hound(orders: list[dict], my_legions: int, attacks: int, data) -> tuple[bool, str]:
    """IP-24: when a rampaging Hellhound enters a Sectio holding the player's Units (the
    Random Moves Phase, HG-10.3), his first FLEE ... HOUNDS line decides: IF OUTMATCHED
    flees only when the hound's attacks outnumber his Legions there. Default: stand."""
    for o in orders:
        if not o.get("hounds"):
            continue
        if o["outnumbered"] and not attacks > my_legions:
            continue
        return o["flee"], flee_text(o, data)
    return False, ""


def flee_all(actx, player: str, sectio: str, barred: str | None) -> None:
    """A-22: all the player's Units in `sectio` flee: Lieutenants first, each taking up
    to his Leadership of Legions (at most FLIGHT TAKE's MAX), Minders first or last by
    FLIGHT TAKE (IP-25, default first); then each Legion left alone."""
    st = actx.st
    minders_first, most = pref.taking(actx.orders(player, pref.TAKE))
    units = sorted((u for u in st.units_at(sectio) if u.owner == player), key=lambda u: u.number)
    legions = sorted((u for u in units if u.kind == LEGION),
                     key=lambda u: (bool(hounds_of(st, u)) != minders_first, u.number))
    stacks = []
    for lt in (u for u in units if u.kind == LIEUTENANT):
        lead = actx.data.lieutenants[lt.ref].leadership if lt.ref in actx.data.lieutenants else 0
        lead = lead if most is None else min(lead, most)
        stacks.append(Stack(player, lt, legions[:lead]))
        legions = legions[lead:]
    stacks += [Stack(player, None, [g]) for g in sorted(legions, key=lambda u: u.number)]
    for stack in stacks:
        flee_stack(actx, stack, sectio, barred)


# -- one stack's flight, chained ------------------------------------------------------------

def flee_stack(actx, stack: Stack, frm: str, barred: str | None) -> None:
    """Roll, move, and flee again from occupied Sectio until the stack fails, dies or is
    safe (HG-9.5.1-05..08, HG-16.2-03, HG-16.3-02). `barred` is the Sectio the causing
    Units came from (None for a chained flight)."""
    st, data, log = actx.st, actx.data, actx.log
    ranks = _ranks(pref.preference(actx.orders(stack.player, pref.PREFER)))
    while True:
        whose = f"{stack.player}'s " if stack.player else ""
        who = f"{whose}{stack.describe(st, data)} in {place_name(frm, data)}"
        n = 2 if stack.lieutenant is not None else 1  # HG-9.5.1-07 / HG-9.5.1-05
        faces = [actx.dice.roll(f"flight of {who}", stack.player) for _ in range(n)]
        if stack.player is not None:  # IP-33: Caim, Try Again, Re-roll (reroll.py)
            faces = reroll.dice(actx, stack.player, reroll.FLIGHT, faces,
                                lambda fs, frm=frm, barred=barred: _failed(
                                    st, data, frm, fs, barred, stack.player),
                                lambda fs, i, who=who: f"the {fs[i]} of the flight of {who}")
        options = [_outcome(st, data, frm, face, barred, stack.player) for face in faces]
        best = min(range(n), key=lambda i: (ranks[options[i][0]], i))
        rank, target, why = options[best]
        rolled = f"rolls {faces[0]}" if n == 1 else \
            f"rolls {faces[0]} and {faces[1]}" + (f" and takes the {faces[best]}"
                                                  if target else "")
        rule = "HG-9.5.1-07" if n == 2 else "HG-9.5.1-05"
        if target is None:
            # HG-16.2-03: a solitary Lieutenant who fails is captured; one who fled
            # without Legions (FLIGHT TAKE ... MAX, IP-25) but fails where his player's
            # Legions stand is not solitary, and stays with them
            if stack.solitary and is_solitary(st, stack.lieutenant):
                log.public("flight-captured", f"{who} {rolled}: {why}, so he fails to flee "
                           "and is captured; he goes to the Return box", "HG-16.2-03",
                           player=stack.player, faces=faces)
                st.remove_unit(stack.lieutenant.id)
            else:
                log.public("flight-failed", f"{who} {rolled}: {why}, so "
                           f"{'they do' if len(stack.units(st)) > 1 else 'it does'} not get "
                           "away", "HG-9.5.1-06" if why.startswith("that way") else rule,
                           player=stack.player, faces=faces)
            return
        there = place_name(target, data)
        if rank == _URIEL:  # HG-16.3-02 (A-21: Uriel waiting in AnteHell)
            log.public("flight-destroyed", f"{who} {rolled} and flees into {there}, where "
                       "Uriel is: destroyed", "HG-16.3-02", player=stack.player, faces=faces)
            for u in reversed(stack.units(st)):  # hounds before their Minders
                st.remove_unit(u.id)
            return
        stack.move_to(st, target)
        log.public("flight", f"{who} {rolled} and flees to {there}", rule,
                   player=stack.player, faces=faces, to=target)
        if target == ANTEHELL:
            return
        if not stack.solitary:  # HG-16.2-02: a fleeing Unit makes lone Lieutenants flee
            for lt in sorted(st.units_at(target), key=lambda u: u.number):
                if lt.owner not in (None, stack.player) and is_solitary(st, lt):
                    log.public("flight-forced", f"{lt.owner}'s Lieutenant {_lt_name(lt, data)} "
                               f"is alone in {there} and must flee", "HG-16.2-02",
                               player=lt.owner, sectio=target)
                    flee_stack(actx, Stack(lt.owner, lt), target, barred=frm)
        why = hooks.first("unit-stops-entering", st, data, target)
        if why:  # 000 §9.5: a Unit entering a Quagmire stops
            log.public("flight-ends", f"{stack.describe(st, data)} stops in {there}: {why}",
                       "HG-9.5-11", player=stack.player)
            return
        if being_at(st, LILITH, target):
            log.public("flight-ends", f"{stack.player}'s Units stop in {there}: Lilith is "
                       "there, and no flight starts in her Sectio", "HG-16.3-03",
                       player=stack.player)
            return
        if stack.player is None or not unfriendly(st, target, stack.player):
            return  # Freebooters and rampaging hounds flee from Uriel only (HG-10.4-01)
        log.public("flight-again", f"{there} holds Units unfriendly to {stack.player}: "
                   f"{stack.describe(st, data)} must flee again", "HG-9.5.1-08",
                   player=stack.player, sectio=target)
        frm, barred = target, None


# IP-25 kinds of result; the default preference is this order (lower is better)
_OWN, _FREE, _FOREIGN, _ANTEHELL, _OCCUPIED, _FAIL, _URIEL = range(7)
_KIND = {pref.OWN: _OWN, pref.UNOWNED: _FREE, pref.ENEMY: _FOREIGN, pref.ANTEHELL: _ANTEHELL,
         pref.OCCUPIED: _OCCUPIED}


def _ranks(order: tuple[str, ...]) -> dict[int, int]:
    """Result kind -> rank, from the player's FLIGHT PREFER order (orders/flight_pref.py);
    a failed die, then Uriel's place, always come last (HG-9.5.1-07: either *legal*
    result; HG-16.3-02)."""
    ranks = {_KIND[k]: i for i, k in enumerate(order)}
    return {**ranks, _FAIL: len(ranks), _URIEL: len(ranks) + 1}


def _failed(st: HellState, data, frm: str, faces: list[int], barred: str | None,
            player: str) -> list[int]:
    """The failed dice of a flight roll, for a re-roll (reroll.py, IP-33): none when a
    die takes the stack away alive; else every die (each fails, HG-9.5.1-06, or leads
    into Uriel's place, HG-16.3-02), the first the one Caim re-rolls."""
    kinds = [_outcome(st, data, frm, face, barred, player)[0] for face in faces]
    return [] if any(k < _FAIL for k in kinds) else list(range(len(faces)))


def _outcome(st: HellState, data, frm: str, face: int, barred: str | None,
             player: str) -> tuple[int, str | None, str]:
    """(IP-25 rank, target or None, why it fails) for one Compass die."""
    target = data.step(frm, face)
    if target is None:
        return _FAIL, None, "no move"  # 5-6 (HG-9.5.1-05)
    if target == PENTAGRAM:
        return _FAIL, None, "that way lies the Pentagram"
    if target == barred:
        return _FAIL, None, (f"that way lies {place_name(target, data)}, where the marching "
                             "Units came from")
    if being_at(st, URIEL, target):
        return _URIEL, target, ""
    if target == ANTEHELL:
        return _ANTEHELL, target, ""
    if unfriendly(st, target, player) or being_at(st, LILITH, target):
        return _OCCUPIED, target, ""
    owner = st.owners.get(target)
    return (_OWN if owner == player else _FREE if owner is None else _FOREIGN), target, ""


def _lt_name(u: Unit, data) -> str:
    return data.lieutenants[u.ref].name if u.ref in data.lieutenants else u.id
