"""The March Action (9.5, 9.5.2, 16.2, 16.3): a Daemon moves up to 1 Unit per Skull.

The grammar is in march_orders.py (`parse_march`); fleeing in flight.py. The moves of
a March run in the order written, each to its end before the next starts. A step:

1. where to: the next Sectio of the path; from AnteHell a die (HG-9.5.2-01, A-39: 1-5
   enters that Quarter's Circle-1 Sectio as one step, 6 the Units stay in AnteHell for
   this March); after HELL a Compass direction.
2. before entering: never where Uriel is (HG-16.3-01; A-21: AnteHell while he waits
   there). With ON BLOCK STOP BEFORE (IP-21) the Units also stay where they are if the
   next Sectio would stop them short of the end of their path.
3. enter, and the Units there may flee (flight.on_entry; a solitary Lieutenant causes no
   flight: HG-9.5.1-01).
4. stop there on: AnteHell (HG-9.5-09), a rampaging Hellhound (HG-9.5-10), a Phenomenon
   (HG-9.5-11, hooks in STOPS), Lilith (HG-9.5-12), another Triumvirate's Legions whose
   player has not granted passage (HG-9.5-13/14, GRANT PASSAGE) or Freebooter Legions
   (HG-10.4-04), unless all of those fled (HG-9.5.1-04).
5. a Lieutenant picks up or drops Legions (HG-9.5-06).

A solitary Lieutenant (carrying no Legions) sneaks through Sectio with other players'
Units, rampaging Hellhounds and Freebooters (HG-16.2-01), but may not end his move
among them: he ends it in the last Sectio of his path where he may stay.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import hooks
from ..data import PENTAGRAM
from ..favours import attribute, roll_against
from ..log import count
from ..orders.common import place_name
from ..orders.failures import IN_PART, order_failed
from ..orders.passage import grants
from ..state import ANTEHELL, LEGION, LIEUTENANT, HellState, Unit
from . import flight, reroll
from .flight import LILITH, URIEL, Stack, being_at, hounds_of
from .march_orders import (
    ENTER,
    HELL,
    MARCH_DOUBLE,
    STOP_BEFORE,
    march_text,
    move_label,
    parse_march,
)

__all__ = ["parse_march", "run_march", "march_text", "STOPS", "NO_START"]

GRANT = "GRANT PASSAGE"
#: A card that makes a marching Daemon roll for each Unit it moves answers the hook point
#: "march-rolls-to-move" with (its name, the aspect rolled against, its rule); the Units
#: that fail are held for the turn in `HellState.not_real_held` (hellcards/movement.py).
NO_ROLL = ("a card", "hearts", "HG-6.1-01")  # never used while a Unit is held: the card
#                                             that held it is in force all turn


def move_roll(st, data) -> tuple[str, str, str] | None:
    """(card name, aspect, rule) of the card making marching Units roll this turn."""
    return hooks.first("march-rolls-to-move", st, data)


def held_why(st, data) -> str:
    """Why a held Unit may not move: the card's own words."""
    card, aspect, rule = move_roll(st, data) or NO_ROLL
    return (f"failed a Roll against {aspect.title()} under {card} and may not move this "
            f"turn [{rule}]")

#: Lasting effects (Events, Phenomena such as Quagmire) that stop a march entering a
#: Sectio (HG-9.5-11) or keep Units from starting to move there (HG-9.5-08): hook id ->
#: fn(st, data, place) -> a reason, or None. hellcards/movement.py registers them
#: (Quagmire, Orgasmatron); they run in hook-id order.
STOPS: dict[str, Callable[[HellState, object, str], str | None]] = {}
NO_START: dict[str, Callable[[HellState, object, str], str | None]] = {}


def run_march(actx, order: dict) -> str | None:
    """Carry out a MARCH for actx.daemon. Returns a reason (and changes nothing) when no
    move can even start; an empty move list is a legal empty March (A-10)."""
    moves = order["moves"]
    if not moves:
        name = f"{actx.data.daemons[actx.daemon].name} ({actx.player})"
        actx.log.public("empty-march", f"{name} takes an empty March: nothing moves", "A-10",
                        daemon=actx.daemon, player=actx.player)
        return None
    skulls = attribute(actx.data, actx.daemon, "skulls", actx.st)  # +1: Sword of the Guardian
    march = _March(actx, skulls, order.get("on_block") or ENTER)
    why = [march.select(m)[1] for m in moves]  # a dry run: nothing has moved yet
    if all(why):
        return "; ".join(f"{move_label(m, actx.data)}: {w}" for m, w in zip(moves, why,
                                                                               strict=True))
    undone = [why for m in moves if (why := march.move(m))]
    if undone:  # issue 20: the moves of his line that did not march, to him
        order_failed(actx.log, actx.sheets.get(actx.player), order, "; ".join(undone),
                     "HG-9.5-01", player=actx.player, outcome=IN_PART,
                     label=f"{actx.data.daemons[actx.daemon].name}: MARCH")
    return None


class _March:
    """One March Action: the Skulls left and the Units moved so far (HG-9.5-05)."""

    def __init__(self, actx, skulls: int, on_block: str):
        self.actx, self.st, self.data = actx, actx.st, actx.data
        self.player, self.skulls, self.on_block = actx.player, skulls, on_block
        self.moved: set[str] = set()

    # -- which Units -------------------------------------------------------------------------

    def select(self, m: dict) -> tuple[Stack | None, str]:
        """The stack a move starts with, or (None, why it cannot start). No changes."""
        st, start = self.st, m["path"][0]["at"]
        where = place_name(start, self.data)
        if self.skulls < 1:
            return None, f"{self._dname()} has no Skull left for it [HG-9.5-01]"
        if being_at(st, LILITH, start):
            return None, f"Lilith is in {where}, and no Unit starts a move there [HG-9.5-08]"
        reason = self._no_start(start)
        if reason:
            return None, f"{reason} [HG-9.5-08]"
        if m["unit"] == "lieutenant":
            held_by = hooks.first("lieutenants-held", st)  # Red Peril
            if held_by is not None:
                return None, (f"{self.data.hell_cards[held_by].name} is in play: no "
                              "Lieutenant may move [HG-6.1.1-01]")
            lt = next((u for u in st.units if u.kind == LIEUTENANT and u.ref == m["lieutenant"]
                       and u.owner == self.player), None)
            name = self.data.lieutenants[m["lieutenant"]].name
            if lt is None:
                return None, f"{name} is not {self.player}'s Lieutenant on the map"
            if lt.location != start:
                return None, (f"{name} is in {place_name(lt.location, self.data)}, not in "
                              f"{where} [IP-22]")
            if lt.id in self.moved:
                return None, f"{name} has moved in this March already [HG-9.5-05]"
            if lt.id in st.not_real_held:
                return None, f"Lieutenant {name} {held_why(st, self.data)}"
            return Stack(self.player, lt, []), ""
        free = self._legions_at(start, minders=m["hound"])
        if not free:
            kind = "Legion minding a Hellhound" if m["hound"] else "Legion"
            held = self._held_at(start, minders=m["hound"])
            for units, why in self._held_by_cards():  # Riot
                rioting = [u for u in self._mine_at(start, m["hound"]) if u.id in units]
                if rioting and not held:
                    return None, (f"{self.player}'s {count(len(rioting), 'Legion')} in "
                                  f"{where} {why}")
            if held:
                return None, (f"{self.player}'s {count(len(held), 'Legion')} in {where} "
                              f"{held_why(st, self.data)}")
            return None, (f"{self.player} has no {kind} in {where} that has not moved in "
                          f"this March [HG-9.5-05]")
        return Stack(self.player, None, free[:min(m["n"], self.skulls)]), ""

    def _no_start(self, place: str) -> str | None:
        """HG-9.5-08: an Event or Phenomenon keeps Units at `place` from moving."""
        for hook in sorted(NO_START):
            reason = NO_START[hook](self.st, self.data, place)
            if reason:
                return reason
        return None

    def _legions_at(self, place: str, minders: bool | None) -> list[Unit]:
        """The player's Legions at `place` not moved in this March and not held by Thou
        Art Not Real this turn (`_held_at`): with minders=True only Minders, else Legions
        minding no Hellhound first; by unit number."""
        riot = self._riot()
        return [u for u in self._mine_at(place, minders)
                if u.id not in self.st.not_real_held and u.id not in riot]

    def _held_by_cards(self) -> list[tuple[set[str], str]]:
        """(Legions, why) a card in force keeps from marching now (hook point
        "legions-held": Riot, for the rest of this Action Phase)."""
        return hooks.collect("legions-held", self.st)

    def _riot(self) -> set[str]:
        """Every Legion a card keeps from marching now (Riot)."""
        return set().union(*(units for units, _ in self._held_by_cards()))

    def _held_at(self, place: str, minders: bool | None) -> list[Unit]:
        """The player's Legions at `place` that failed their Roll against Hearts under
        Thou Art Not Real this turn (`HellState.not_real_held`): no March moves them."""
        return [u for u in self._mine_at(place, minders) if u.id in self.st.not_real_held]

    def _mine_at(self, place: str, minders: bool | None) -> list[Unit]:
        out = [u for u in self.st.units_at(place) if u.kind == LEGION
               and u.owner == self.player and u.id not in self.moved]
        if minders:
            return [u for u in out if hounds_of(self.st, u)]
        return sorted(out, key=lambda u: (bool(hounds_of(self.st, u)), u.number))

    # -- one move ------------------------------------------------------------------------------

    def move(self, m: dict) -> str | None:
        """Make one move of the March; what of it was not done, if anything (for the
        player's order-failed event, issue 20)."""
        stack, why = self.select(m)
        if stack is None:
            held = why.endswith(held_why(self.st, self.data))
            rule = (move_roll(self.st, self.data) or NO_ROLL)[2] if held else "HG-9.5-01"
            self._say("not-real-held" if held else "march-not-done", f"{self._dname()}: "
                      f"{move_label(m, self.data)} does not march: {why}", rule)
            return f"{move_label(m, self.data)} does not march: {why}"
        pos = m["path"][0]["at"]
        short = None
        if m["unit"] == "legion" and len(stack.legions) < m["n"]:
            short = (f"only {count(len(stack.legions), 'Legion')} of the {m['n']} ordered "
                     f"from {place_name(pos, self.data)} can march (Skulls left, or Legions "
                     "there)")
            self._say("march-short", f"{self._dname()} can march only "
                      f"{count(len(stack.legions), 'Legion')} of the {m['n']} ordered from "
                      f"{place_name(pos, self.data)} (Skulls left, or Legions there)",
                      "HG-9.5-01")
            self._say_held(pos, m["hound"])
        if not self._not_real(stack, pos):
            return (f"{move_label(m, self.data)} does not march: "
                    f"{held_why(self.st, self.data)}")
        self.skulls -= 1 if stack.lieutenant else len(stack.legions)
        self._mark(stack)
        if m.get("double"):  # checked with the order: Naburos's March (march_orders.py)
            self._say("ability-double", f"{self._dname()} moves "
                      f"{stack.describe(self.st, self.data)} double distance (his ability)",
                      "HG-9.5-02", ability=hooks.first("ability-for", MARCH_DOUBLE))
        if m["path"][0]["take"]:
            self._pick_up(stack, pos, m["path"][0]["take"], quiet=True)
        on_block = m.get("on_block") or self.on_block
        route = _Route(self, stack, pos)
        trail = [pos]  # where a solitary Lieutenant may fall back to (HG-16.2-01)
        steps = m["path"][1:]
        for i, wp in enumerate(steps):
            last = i == len(steps) - 1
            target = self._target(stack, pos, wp)
            if target is None:
                break
            why, rule = self._before(stack, pos, target, last, on_block)
            if why:
                route.flush()
                self._say("march-stop", f"{stack.describe(self.st, self.data)} stops in "
                          f"{place_name(pos, self.data)} before {place_name(target, self.data)}"
                          f": {why}", rule)
                break
            came_from, pos = pos, target
            stack.move_to(self.st, pos)
            route.add(pos)
            trail.append(pos)
            if not stack.solitary and pos != ANTEHELL and any(
                    u.owner != self.player for u in self.st.units_at(pos)):
                route.flush()
                flight.on_entry(self.actx, pos, came_from, self.player)
            why, rule = self._stops(stack, pos)
            if why and not last:
                route.flush()
                self._say("march-stop", f"{stack.describe(self.st, self.data)} must stop in "
                          f"{place_name(pos, self.data)}: {why}", rule)
                break
            if last:
                break
            self._passage(stack, pos, route)
            if wp["take"]:
                route.flush()
                self._pick_up(stack, pos, wp["take"])
                trail = [pos]  # he falls back no further than where his stack changed
        route.flush()
        if stack.solitary:
            self._settle(stack, pos, trail)
        return short

    def _target(self, stack: Stack, pos: str, wp: dict) -> str | None:
        """The next place: named, rolled for from AnteHell, or by Compass direction."""
        if wp.get("at") == HELL:
            face = self.actx.dice.roll(f"{stack.describe(self.st, self.data)} leaves AnteHell",
                                       self.player)
            # a 6 is lost, unless Caim or a re-roll card re-rolls it (reroll.py)
            face = reroll.dice(self.actx, self.player, reroll.ANTEHELL, [face],
                               lambda fs: [0] if fs[0] == 6 else [],
                               lambda fs, i: f"the 6 of {stack.describe(self.st, self.data)}"
                                             " leaving AnteHell")[0]
            if face == 6:
                self._say("antehell-lost", f"{stack.describe(self.st, self.data)} rolls 6 to "
                          "leave AnteHell: lost, it does not enter Hell in this March",
                          "HG-9.5.2-01", roll=face)
                return None
            target = self.data.antehell_entry(face)
            self._say("antehell-exit", f"{stack.describe(self.st, self.data)} rolls {face} to "
                      f"leave AnteHell: Quarter {face}, {place_name(target, self.data)}",
                      "HG-9.5.2-01", roll=face)
            return target
        if wp.get("dir"):
            face = {d: f for f, d in self.data.tables["compass"].items()}[wp["dir"]]
            return self.data.step(pos, face)
        return wp["at"]

    def _before(self, stack: Stack, pos: str, target: str, last: bool,
                on_block: str) -> tuple[str, str]:
        """Why the stack does not enter `target` at all, ("", "") if it does."""
        if target == PENTAGRAM:
            return "nothing may enter the Pentagram", "HG-9.5-04"
        if being_at(self.st, URIEL, target):
            return ("Uriel is there, and no Unit may enter his place",
                    "A-21" if target == ANTEHELL else "HG-16.3-01")
        if stack.solitary:
            stop, _ = self._stops(stack, target)
            others = self._others(target)
            if (last or stop) and target != ANTEHELL and others:
                return (f"a Lieutenant alone may pass {others} but not stop among them",
                        "HG-16.2-01")
            return "", ""
        if on_block == STOP_BEFORE and not last:
            why, rule = self._stops(stack, target)
            if why:
                return f"{why} (ON BLOCK STOP BEFORE)", rule
        return "", ""

    def _stops(self, stack: Stack, place: str) -> tuple[str, str]:
        """Why the stack must stop on entering `place`, ("", "") if it need not."""
        st = self.st
        if place == ANTEHELL:
            return "a Unit stops on entering AnteHell", "HG-9.5-09"
        for hook in sorted(STOPS):
            reason = STOPS[hook](st, self.data, place)
            if reason:
                return reason, "HG-9.5-11"
        if being_at(st, LILITH, place):
            return "Lilith is there: Units may enter her Sectio but not pass through", \
                "HG-9.5-12"
        if stack.solitary:
            return "", ""  # HG-16.2-01: Units do not stop him
        if any(st.is_rampaging(u) for u in st.units_at(place)):
            return "a rampaging Hellhound is there", "HG-9.5-10"
        if any(u.kind == LEGION and u.owner is None for u in st.units_at(place)):
            return "Freebooter Legions are there, and they never grant passage", "HG-10.4-04"
        refusing = [p for p in st.seats if p != self.player and any(
            u.kind == LEGION and u.owner == p for u in st.units_at(place))
            and not grants(self.actx.orders(p, GRANT), self.player, place)]
        if refusing:
            who = " and ".join(refusing)
            return (f"{who}'s Legions are there, and {who} "
                    f"{'has' if len(refusing) == 1 else 'have'} not granted {self.player} "
                    "passage", "HG-9.5-13")
        return "", ""

    def _passage(self, stack: Stack, place: str, route: _Route) -> None:
        """Say who let the stack pass (HG-9.5-14): it marches on through their Legions."""
        granted = [p for p in self.st.seats if p != self.player and any(
            u.kind == LEGION and u.owner == p for u in self.st.units_at(place))]
        if granted and not stack.solitary:
            route.flush()
            self._say("march-passage", f"{' and '.join(granted)} "
                      f"{'grants' if len(granted) == 1 else 'grant'} {self.player} passage "
                      f"through {place_name(place, self.data)}", "HG-9.5-14")

    def _others(self, place: str) -> str:
        """Who else has Units at `place`, in words ("" if nobody)."""
        owners = []
        for u in self.st.units_at(place):
            who = u.owner or ("Uriel" if u.kind == URIEL else "Lilith" if u.kind == LILITH
                              else "a rampaging Hellhound" if u.kind == "hellhound"
                              else "Freebooters")
            if u.owner != self.player and who not in owners:
                owners.append(who)
        return " and ".join(f"{o}'s Units" if o in self.st.players else o for o in owners)

    def _pick_up(self, stack: Stack, place: str, take: int, quiet: bool = False) -> None:
        """HG-9.5-06: +n picks up n more (never beyond Leadership), -n drops n."""
        lt = stack.lieutenant
        lead = self.data.lieutenants[lt.ref].leadership
        where = place_name(place, self.data)
        if take < 0:
            dropped = stack.legions[take:]
            del stack.legions[take:]
            self._say("march-drop", f"Lieutenant {self.data.lieutenants[lt.ref].name} leaves "
                      f"{count(len(dropped), 'Legion')} in {where}", "HG-9.5-06")
            return
        want = min(take, lead - len(stack.legions))
        if self._no_start(place):  # HG-9.5-08: Legions held there cannot join him
            want = 0
        got = self._legions_at(place, minders=None)[:want]
        short = len(got) < want
        got = self._hearts(got, place)
        stack.legions += got
        self._mark(stack)
        if not quiet or len(got) < take:
            short_text = f" of {take} ordered: no more of his Legions there may march" \
                if len(got) < take else ""
            self._say("march-pick-up", f"Lieutenant {self.data.lieutenants[lt.ref].name} "
                      f"picks up {count(len(got), 'Legion')} in {where}{short_text}",
                      "HG-9.5-06")
        if short:
            self._say_held(place, None)

    def _settle(self, stack: Stack, pos: str, trail: list[str]) -> None:
        """HG-16.2-01: a solitary Lieutenant may not end his move among other Units."""
        if pos == ANTEHELL or not self._others(pos):
            return
        back = next((p for p in reversed(trail[:-1]) if p == ANTEHELL or not self._others(p)),
                    None)
        name = stack.describe(self.st, self.data)
        if back is None:
            self._say("march-stop", f"{name} ends his move among {self._others(pos)} in "
                      f"{place_name(pos, self.data)}: there is nowhere on his path to fall "
                      "back to", "HG-16.2-01")
            return
        stack.move_to(self.st, back)
        self._say("march-stop", f"{name} may not stop among {self._others(pos)} in "
                  f"{place_name(pos, self.data)}, so he ends his move in "
                  f"{place_name(back, self.data)}", "HG-16.2-01")

    def _say_held(self, place: str, minders: bool | None) -> None:
        """Say, with no roll, that Legions at `place` a March could not take are held by
        a card this turn."""
        held = self._held_at(place, minders)
        if held:
            card, aspect, rule = move_roll(self.st, self.data) or NO_ROLL
            self._say("not-real-held", f"{card}: {count(len(held), 'Legion')} of "
                      f"{self.player} in {place_name(place, self.data)} failed a Roll against "
                      f"{aspect.title()} under {card} and may not move this turn; no roll is "
                      f"made", rule, units=[u.id for u in held])

    def _not_real(self, stack: Stack, pos: str) -> bool:
        """A card answering "march-rolls-to-move" (Thou Art Not Real) is in force: the
        Daemon rolls against its aspect for each Unit it wants to move, before any Skull is
        spent; a Unit that fails "cannot move this turn" (003 l.1490): it goes into
        `HellState.not_real_held` (cleared in the End Phase, end_phase.clean_up), and no
        later March this turn moves it, nor rolls for it (`select`, `_legions_at`). Only a
        March is barred: fleeing and being carried by a Phenomenon are no moves, as for
        Quagmire and Red Peril, so a held Unit still flees (flight.py). A Lieutenant who
        fails is held alone: the Legions he would have picked up did not roll. Failed
        Legions are left out of the stack. False when nothing is left to move."""
        if stack.lieutenant is not None:
            if not self._hearts([stack.lieutenant], pos):
                self.moved.update(u.id for u in stack.legions)
                return False
            return True
        stack.legions[:] = self._hearts(stack.legions, pos)
        return bool(stack.legions)

    def _hearts(self, units: list[Unit], pos: str) -> list[Unit]:
        """The Units of `units` that pass the card's roll (all of them when no card makes
        marching Units roll); the others are held."""
        roll = move_roll(self.st, self.data) if units else None
        if roll is None:
            return units
        card, aspect, rule = roll
        passed = []
        for u in units:
            name = f"Lieutenant {self.data.lieutenants[u.ref].name}" \
                if u.kind == LIEUTENANT and u.ref in self.data.lieutenants else "a Legion"
            what = f"{name} in {place_name(pos, self.data)}"
            if roll_against(self.st, self.data, self.actx.dice, self.actx.daemon, aspect,
                            f"{rule} {card}: {self._dname()} rolls against "
                            f"{aspect.title()} to move {what}"):
                passed.append(u)
                continue
            self.moved.add(u.id)
            self.st.not_real_held = sorted({*self.st.not_real_held, u.id})
            self._say("not-real-held", f"{card}: {self._dname()} fails the Roll "
                      f"against {aspect.title()} for {what}, which may not move again this "
                      f"turn", rule, unit=u.id)
        return passed

    def _mark(self, stack: Stack) -> None:
        self.moved.update(u.id for u in stack.units(self.st))

    def _dname(self) -> str:
        return f"{self.data.daemons[self.actx.daemon].name} ({self.player})"

    def _say(self, kind: str, text: str, rule: str, **data) -> None:
        self.actx.log.public(kind, text, rule, daemon=self.actx.daemon, player=self.player,
                             **data)


class _Route:
    """The steps of a move, said as one line until something else happens on the way:
    "Balban (void) marches 1 Legion from SPIES to MIRACLE WORKERS to FALSIFIERS"."""

    def __init__(self, march: _March, stack: Stack, start: str):
        self.march, self.stack, self.places, self.first = march, stack, [start], True

    def add(self, place: str) -> None:
        self.places.append(place)

    def flush(self) -> None:
        if len(self.places) > 1:
            m, data = self.march, self.march.data
            names = " to ".join(place_name(p, data) for p in self.places)
            what = self.stack.describe(m.st, data)
            text = (f"{m._dname()} marches {what} from {names}" if self.first
                    else f"{what} marches on from {names}")
            rule = "HG-9.5-06" if self.stack.lieutenant and self.stack.legions else "HG-9.5-02"
            m._say("march", text, rule, route=list(self.places),
                   units=[u.id for u in self.stack.units(m.st)])
            self.first = False
        self.places = self.places[-1:]
