"""Major Arcana that march Units (issue 8): the cards that move Units along a path, as a
March does. See magic.py for the conventions; spells_transport.py has the cards that carry
Units (Secret Tunnel, Into the Void, Wormhole, Cthonians) and the Hellhound cards.

- Love for Uriel: the caster walks Uriel four Sectio, never back, never outward; the
  caster is then Incapacitated.
- Riders on the Storm: the caster's Units in one Sectio make up to three moves, each as
  many steps as the caster has Stars, by the March rules.
- Fly: as many Units as the caster has Skulls, each as many steps as it has Stars,
  ignoring all other Units on the way.

The paths are written as a March's (march_orders.py: `Liars > Falsifiers > Tyrants`,
`TO` for `>`, ANTEHELL > HELL > INWARD ...), and checked the same way: adjacency without
diagonals (HG-9.5-03), never the Pentagram (HG-9.5-04), AnteHell only at the end
(HG-9.5-09); only the number of steps differs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.engine import ILLEGAL, INVALID

from ..data import PENTAGRAM
from ..errors import OrderError
from ..favours import attribute
from ..log import count
from ..orders.common import place_name
from ..state import ANTEHELL, LEGION, LIEUTENANT, URIEL, Unit
from . import flight
from .flight import LILITH, Stack, being_at
from .magic import RULE, Cast, Target, spell
from .march import STOPS, _March
from .march_orders import _LEGION, _LIEUTENANT, _SEP, HELL, _check_step, _lieutenant, _waypoint
from .spells_incapacitation import _incapacitate

RIOT = "arcana.riot"  # spells_in_random_moves.py: its Legions may not move this Action Phase


def card_path(text: str, ctx, most: int, card: str, hint: str) -> list[dict]:
    """A March-like path (march_orders.py) of at most `most` steps, no +n / -n."""
    parts = [p.strip(" -") for p in _SEP.split(text.strip())]
    if any(not p for p in parts):
        raise OrderError(INVALID, f"{text.strip()!r}: a place is missing between the arrows",
                         RULE, hint)
    path = [_waypoint(p, ctx) for p in parts]
    if len(path) < 2:
        raise OrderError(INVALID, f"{text.strip()!r}: name the Sectio the Units are in, then "
                         "where they go", RULE, hint)
    if path[0].get("dir") or path[0]["at"] == HELL:
        raise OrderError(INVALID, f"{parts[0]!r}: the path starts where the Units are", RULE,
                         hint)
    if any(wp["take"] for wp in path):
        raise OrderError(INVALID, f"{text.strip()!r}: {card} picks up and drops no Legions",
                         "HG-9.5-06", "remove the +n / -n")
    for i, (prev, wp) in enumerate(zip(path, path[1:], strict=False), start=1):
        _check_step(prev, wp, parts[i - 1], parts[i], ctx.data)
        if wp.get("at") == ANTEHELL and i < len(path) - 1:
            raise OrderError(ILLEGAL, "a Unit must stop on entering AnteHell", "HG-9.5-09",
                             "end the path at ANTEHELL")
    if len(path) - 1 > most:
        raise OrderError(ILLEGAL, f"{text.strip()!r} is {count(len(path) - 1, 'step')}, and no "
                         f"Daemon has more than {count(most, 'Star')}", RULE, hint)
    return path


def path_text(path: list[dict], data) -> str:
    def one(wp):
        if wp.get("dir"):
            return wp["dir"].upper()
        return "HELL" if wp["at"] == HELL else place_name(wp["at"], data).upper()

    return " > ".join(one(wp) for wp in path)


def most_stars(data) -> int:
    return max(d.stars for d in data.daemons.values())


def _steps_check(c: Cast, paths: list[list[dict]]) -> str | None:
    stars = attribute(c.data, c.daemon, "stars", c.st)
    long = [p for p in paths if len(p) - 1 > stars]
    if long:
        return (f"{path_text(long[0], c.data)} is {count(len(long[0]) - 1, 'step')}, and "
                f"{c.who()} has {count(stars, 'Star')}: one step a Star")
    return None


def _start_check(c: Cast, march: _March, start: str) -> str | None:
    """HG-9.5-08: no move starts in Lilith's Sectio or where an Event holds the Units."""
    if being_at(c.st, LILITH, start):
        return f"Lilith is in {place_name(start, c.data)}, and no Unit starts a move there " \
               "[HG-9.5-08]"
    why = march._no_start(start)
    return f"{why} [HG-9.5-08]" if why else None


def _free(c: Cast, u: Unit) -> bool:
    """Not held this turn by Thou Art Not Real or this Action Phase by a Riot."""
    riot = c.st.marks.get(RIOT) or {}
    return u.id not in c.st.not_real_held and u.id not in riot.get("units", [])


# -- Love for Uriel ---------------------------------------------------------------------------

def _uriel_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <Sectio> > <Sectio> > <Sectio> > <Sectio>`: the four Sectio Uriel enters, in
    order, starting next to where he is (his place is known only when the card is
    played: the check sees it)."""
    hint = "e.g. CAST Love for Uriel ON Liars > Falsifiers > Miracle Workers > Spies"
    parts = [p.strip(" -") for p in _SEP.split(text.strip())]
    steps = [_waypoint(p, ctx) for p in parts if p]
    if len(steps) != 4 or len(parts) != 4:
        raise OrderError(INVALID, f"{text.strip()!r}: Love for Uriel moves him exactly four "
                         "spaces: name the four Sectio he enters", "arcana.love-for-uriel",
                         hint)
    if any(wp.get("dir") or wp["at"] in (HELL, ANTEHELL) or wp["take"] for wp in steps):
        raise OrderError(ILLEGAL, f"{text.strip()!r}: Uriel is walked through Sectio of Hell "
                         "only, never outward into AnteHell", "arcana.love-for-uriel", hint)
    for i in range(1, 4):
        _check_step(steps[i - 1], steps[i], parts[i - 1], parts[i], ctx.data)
    path = [wp["at"] for wp in steps]
    return path_text(steps, ctx.data), {"path": path}


def _uriel_check(c: Cast) -> str | None:
    from ..random_moves.common import being

    u, data = being(c.st, URIEL), c.data
    if u is None:
        return "Uriel is not in play"
    if u.location not in data.sectio:
        return "Uriel is not in a Sectio of Hell yet, so he cannot be walked"
    pos, seen = u.location, {u.location}
    for s in c.target["path"]:
        if not data.adjacent(pos, s):
            return (f"Uriel is in {place_name(pos, data)}, which does not border "
                    f"{place_name(s, data)} [HG-9.5-03]")
        if s in seen:
            return f"Uriel would retrace his steps into {place_name(s, data)}"
        if data.sectio[s].circle < data.sectio[pos].circle:
            return f"{place_name(pos, data)} to {place_name(s, data)} moves Uriel outward"
        pos = s
        seen.add(s)
    return None


@spell("arcana.love-for-uriel", target=Target("<Sectio> > <Sectio> > <Sectio> > <Sectio>",
                                              _uriel_target), check=_uriel_check)
def love_for_uriel(c: Cast) -> None:
    """003 l.1996. Uriel enters each Sectio as on his own move: everyone there flees or
    is destroyed, its ownership is revoked (HG-10.1-07/08, uriel.cleanse), Lilith's
    Sectio destroys him (HG-10.2-06); then the kill rolls for the Legions he took
    (HG-10.1-09: it is still Uriel's move). The caster is Incapacitated after the move
    (HG-13.2-01 recovery), even if Uriel is gone on the way."""
    from ..random_moves.common import being
    from ..random_moves.uriel import cleanse, kill_rolls, remove_uriel

    st, data = c.st, c.data
    u, losses = being(st, URIEL), {}
    c.log.public("love-for-uriel", f"{c.who()} walks Uriel from {place_name(u.location, data)}"
                 f" through {', '.join(place_name(s, data) for s in c.target['path'])}",
                 "arcana.love-for-uriel", card=c.card, path=list(c.target["path"]))
    for step, s in enumerate(c.target["path"], start=1):
        if being_at(st, LILITH, s):
            remove_uriel(st, c.log, f"Love for Uriel walks him into Lilith in "
                         f"{place_name(s, data)} (step {step})", "HG-10.2-06")
            break
        came, u.location = u.location, s
        c.log.public("uriel-enters", f"Uriel enters {place_name(s, data)} (step {step}, "
                     "Love for Uriel)", "HG-10.1-06", sectio=s)
        cleanse(c.actx, s, came, losses)
    kill_rolls(c.actx, losses)
    if c.daemon not in st.daemons:  # Uriel's kill roll took the caster himself
        return
    gone = _incapacitate(c, c.daemon, None)
    c.log.public("incapacitated", f"{c.who()} is Incapacitated by the effort of Love for "
                 f"Uriel{gone}", "arcana.love-for-uriel", daemon=c.daemon, card=c.card)


# -- Riders on the Storm ----------------------------------------------------------------------

@dataclass
class _Group(Stack):
    """All of a player's Units in one Sectio moving as one: a Lieutenant (if any) with
    every Legion there, and `others`, the further Lieutenants."""

    others: list[Unit] = field(default_factory=list)

    def units(self, st) -> list[Unit]:
        return super().units(st) + self.others

    def describe(self, st, data) -> str:
        text = super().describe(st, data)
        for lt in self.others:
            text += f" and Lieutenant {data.lieutenants[lt.ref].name}"
        return text


def _group(c: Cast, start: str, ids: list[str] | None = None) -> _Group | None:
    mine = [u for u in c.st.units_at(start) if u.owner == c.player
            and u.kind in (LEGION, LIEUTENANT) and _free(c, u) and (ids is None or u.id in ids)]
    lts = [u for u in mine if u.kind == LIEUTENANT]
    legions = [u for u in mine if u.kind == LEGION]
    if not mine:
        return None
    return _Group(c.player, lts[0] if lts else None, legions, lts[1:])


class _Ride(_March):
    """A March (march.py) of one group: every March rule, no Skulls spent, no Thou Art
    Not Real roll (the card moves them, not a March Action)."""

    def __init__(self, c: Cast):
        super().__init__(c.actx, 99, "enter")
        self.cast, self.ids = c, None

    def select(self, m):
        g = _group(self.cast, m["path"][0]["at"], self.ids)
        return (g, "") if g else (None, "nothing of the group is there")

    def _not_real(self, stack, pos) -> bool:
        return True


_RIDE_HINT = "e.g. CAST Riders on the Storm ON Liars > Falsifiers; Falsifiers > Tyrants"


def _riders_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <path>[; <path>[; <path>]]`: up to three moves, each starting where the one
    before ended."""
    most = most_stars(ctx.data)
    paths = [card_path(p, ctx, most, "Riders on the Storm", _RIDE_HINT)
             for p in text.split(";") if p.strip()]
    if not 1 <= len(paths) <= 3:
        raise OrderError(INVALID, f"Riders on the Storm moves three times at most, not "
                         f"{len(paths)}", "arcana.riders-on-the-storm", _RIDE_HINT)
    for a, b in zip(paths, paths[1:], strict=False):
        if a[-1].get("at") in (None, HELL) or b[0]["at"] != a[-1]["at"]:
            raise OrderError(ILLEGAL, f"{path_text(b, ctx.data)} does not start where "
                             f"{path_text(a, ctx.data)} ends", "arcana.riders-on-the-storm",
                             "start each move in the Sectio the one before ends in")
    return "; ".join(path_text(p, ctx.data) for p in paths), {"paths": paths}


def _riders_check(c: Cast) -> str | None:
    start = c.target["paths"][0][0]["at"]
    if _group(c, start) is None:
        return f"{c.player} has no Unit in {place_name(start, c.data)} that may move"
    return _start_check(c, _Ride(c), start) or _steps_check(c, c.target["paths"])


@spell("arcana.riders-on-the-storm", target=Target("<path>[; <path>[; <path>]]",
                                                   _riders_target), check=_riders_check)
def riders_on_the_storm(c: Cast) -> None:
    """003 l.2075. Reading: the caster's Units in one Sectio (Legions with their hounds,
    Lieutenants) move as one group up to three times, each move up to the caster's Stars
    in steps, by the March rules (march.py: stops, passage, flight of those entered,
    Uriel, Lilith, AnteHell). Each move starts where the last ended; one that cannot
    (the group was stopped short) and those after it are not made. No Leadership limit:
    the card moves them all."""
    ride = _Ride(c)
    first = c.target["paths"][0][0]["at"]
    ride.ids = [u.id for u in _group(c, first).units(c.st)]
    c.log.public("riders-on-the-storm", f"{c.who()} rides the storm with "
                 f"{_group(c, first, ride.ids).describe(c.st, c.data)} from "
                 f"{place_name(first, c.data)}", "arcana.riders-on-the-storm", card=c.card)
    for n, path in enumerate(c.target["paths"], start=1):
        start = path[0]["at"]
        why = _start_check(c, ride, start) if n > 1 else None
        if not why and _group(c, start, ride.ids) is None:
            why = f"the group is not in {place_name(start, c.data)}"
        if why:
            c.log.public("riders-stop", f"Riders on the Storm: move {n} "
                         f"({path_text(path, c.data)}) is not made: {why}",
                         "arcana.riders-on-the-storm", card=c.card)
            return
        ride.moved.clear()
        ride.move({"unit": "group", "path": path, "on_block": None})


# -- Fly ---------------------------------------------------------------------------------------

_FLY_HINT = "e.g. CAST Fly ON 2 LEGIONS Liars > Falsifiers > Tyrants; LIEUTENANT Sulla " \
            "Sea of Lard > Addiction"


def _fly_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <move>; <move>...`, a move as in a March: `[n] LEGION[S] [WITH HOUND] <path>`
    or `LIEUTENANT <name> <path>`, each Unit once."""
    most, moves, seen = most_stars(ctx.data), [], set()
    for seg in (s.strip() for s in text.split(";") if s.strip()):
        m = _LEGION.match(seg)
        if m:
            n = int(m["n"] or 1)
            if not 1 <= n <= 12:
                raise OrderError(INVALID, f"{seg!r}: the number of Legions must be 1 to 12",
                                 RULE, _FLY_HINT)
            moves.append({"unit": "legion", "n": n, "hound": bool(m["hound"]),
                          "path": card_path(m["path"], ctx, most, "Fly", _FLY_HINT)})
            continue
        m = _LIEUTENANT.match(seg)
        if not m:
            raise OrderError(INVALID, f"{seg!r} is not a move: it starts with LEGION, n "
                             "LEGIONS or LIEUTENANT", RULE, _FLY_HINT)
        lid, rest = _lieutenant(m["rest"], ctx)
        if lid in seen:
            raise OrderError(ILLEGAL, f"{ctx.data.lieutenants[lid].name} flies twice",
                             "HG-9.5-05", "join the two paths into one")
        seen.add(lid)
        moves.append({"unit": "lieutenant", "lieutenant": lid,
                      "path": card_path(rest, ctx, most, "Fly", _FLY_HINT)})
    if not moves:
        raise OrderError(INVALID, "Fly needs at least one move", RULE, _FLY_HINT)
    texts = []
    for m in moves:
        head = f"LIEUTENANT {ctx.data.lieutenants[m['lieutenant']].name}" \
            if m["unit"] == "lieutenant" else \
            f"{m['n']} LEGION{'S' if m['n'] > 1 else ''}{' WITH HOUND' if m['hound'] else ''}"
        texts.append(f"{head} {path_text(m['path'], ctx.data)}")
    return "; ".join(texts), {"moves": moves}


def _fly_units(moves: list[dict]) -> int:
    return sum(m.get("n", 1) for m in moves)


def _fly_check(c: Cast) -> str | None:
    skulls = attribute(c.data, c.daemon, "skulls", c.st)
    n = _fly_units(c.target["moves"])
    if n > skulls:
        return f"Fly moves {count(n, 'Unit')} and {c.who()} has {count(skulls, 'Skull')}"
    fly = _Fly(c)
    for m in c.target["moves"]:
        stack, why = fly.select(m)
        if stack is None:
            return why
    return _steps_check(c, [m["path"] for m in c.target["moves"]])


class _Fly(_March):
    """The March helpers (where a step leads, a solitary Lieutenant's end: march.py) for
    Units that fly over everything else."""

    def __init__(self, c: Cast):
        super().__init__(c.actx, 99, "enter")
        self.cast = c

    def select(self, m):
        c, start = self.cast, m["path"][0]["at"]
        why = _start_check(c, self, start)
        if why:
            return None, why
        if m["unit"] == "lieutenant":
            lt = next((u for u in c.st.units if u.kind == LIEUTENANT
                       and u.ref == m["lieutenant"] and u.owner == c.player), None)
            name = c.data.lieutenants[m["lieutenant"]].name
            if lt is None or lt.location != start or not _free(c, lt):
                return None, f"{name} is not {c.player}'s Lieutenant free to move in " \
                             f"{place_name(start, c.data)}"
            return Stack(c.player, lt, []), ""
        free = [u for u in self._mine_at(start, m["hound"]) if _free(c, u)]
        if len(free) < m["n"]:
            return None, (f"{c.player} has {count(len(free), 'Legion')} free to fly in "
                          f"{place_name(start, c.data)}, not {m['n']}")
        return Stack(c.player, None, free[:m["n"]]), ""

    def fly(self, m) -> None:
        """One move: no Unit on the way stops it (the card), but the Pentagram and
        Uriel's place are never entered (HG-9.5-04, HG-16.3-01), AnteHell and a
        Quagmire stop it (HG-9.5-09/11). Where it lands, the Units there may flee as
        from a March (HG-9.5.1-01), and a Lieutenant alone may not stay among others
        (HG-16.2-01)."""
        c, st, data = self.cast, self.st, self.data
        stack, why = self.select(m)
        if stack is None:
            self._say("fly-not-done", f"Fly: {why}", "arcana.fly")
            return
        self._mark(stack)
        what, pos = stack.describe(st, data), m["path"][0]["at"]
        route, came, stop = [pos], pos, ""
        for wp in m["path"][1:]:
            target = self._target(stack, pos, wp)
            if target is None:
                break
            if target == PENTAGRAM:
                stop = " and stops before the Pentagram, which nothing enters [HG-9.5-04]"
                break
            if being_at(st, URIEL, target):
                stop = f" and stops before {place_name(target, data)}: Uriel is there " \
                       "[HG-16.3-01]"
                break
            came, pos = pos, target
            stack.move_to(st, pos)
            route.append(pos)
            why = "a Unit stops on entering AnteHell" if pos == ANTEHELL else next(
                (r for r in (STOPS[h](st, data, pos) for h in sorted(STOPS)) if r), "")
            if why and wp is not m["path"][-1]:
                stop = f" and must stop there: {why} [HG-9.5-11]"
                break
        self._say("fly", f"{c.who()} flies {what} from "
                  f"{' to '.join(place_name(p, data) for p in route)}{stop}", "arcana.fly",
                  route=route, units=[u.id for u in stack.units(st)])
        if pos != route[0] and not stack.solitary and pos != ANTEHELL and any(
                u.owner != c.player for u in st.units_at(pos)):
            flight.on_entry(c.actx, pos, came, c.player)
        if stack.solitary:
            self._settle(stack, pos, route)


@spell("arcana.fly", target=Target("<n> LEGIONS <path>; LIEUTENANT <name> <path>; ...",
                                   _fly_target), check=_fly_check)
def fly(c: Cast) -> None:
    """003 l.1799. Reading: as many Units as the caster has Skulls (a Minder's hound
    flies with it free, HG-9.5-07), each up to the caster's Stars in steps; "ignores all
    other Units on its way": no Unit stops it or flees as it passes, Lilith's Sectio
    included; Uriel's place is never entered (HG-16.3-01: no Unit enters it, flying or
    not). The moves are made in the order written."""
    f = _Fly(c)
    for m in c.target["moves"]:
        f.fly(m)
