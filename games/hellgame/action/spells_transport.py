"""Major Arcana that carry Units (issue 8): cards that carry Units, and the Hellhound
cards. See magic.py for the conventions, spells_marching.py for the cards that move along a
path.

- Secret Tunnel: the caster's Units in one Sectio go to any other Sectio.
- Into the Void: all Units in one Sectio (Lilith and Uriel too) go to a Limbo Sectio or
  AnteHell; the caster's Triumvirate controls a Sectio in Limbo.
- Wormhole: all Units in one Sectio go where the bottom of a drawn Hell card says.
- Cthonians: every Unit in a Quarter shifts one space outward per 3 Souls.
- Call of the Wild: a Hellhound runs to the caster's nearest Legion and is tamed by it.
- Hellhounds!!!: rampaging hounds appear in AnteHell and enter Limbo by a die.

Carried Units do not march: nobody flees and nothing stops them on the way; arriving
they settle as a Phenomenon's do (hellcards/movement.py `_carry`: into Uriel's place
destroyed, HG-16.3-02; a rampaging hound in AnteHell back to the box, HG-10.3-06).
Lilith carried into AnteHell starts from there, as after a Landslide (A-14); Lilith and
Uriel carried together destroy him (HG-10.2-06).
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..data import PENTAGRAM
from ..errors import OrderError
from ..favours import attribute
from ..hooks import hook
from ..log import count
from ..orders.common import place_id, place_name
from ..state import ANTEHELL, HELLHOUND, LEGION, LIEUTENANT, LILITH, URIEL, Unit
from .flight import being_at
from .magic import Cast, Target, spell
from .march import NO_START

LIMBO, OUTWARD, SHIFT_SOULS = 1, 3, 3
HELLHOUNDS = "arcana.hellhounds"


def _from_to(text: str, ctx, rule: str, hint: str) -> tuple[str, str]:
    """`<place> TO <place>`; a name holding TO is tried at every cut."""
    cuts = [m.start() for m in re.finditer(r"\bTO\b", text, re.I)]
    err = OrderError(INVALID, f"{text.strip()!r}: write where from, TO, where to", rule, hint)
    for i in cuts:
        try:
            return place_id(text[:i], ctx.data, rule), place_id(text[i + 2:], ctx.data, rule)
        except OrderError as e:
            err = e
    raise err


def _carry(c: Cast, moves: list[tuple[Unit, str]], why: str, rule: str) -> None:
    """hellcards/movement.py's carry, then Lilith meeting Uriel (HG-10.2-06)."""
    from ..hellcards.movement import _carry as carry
    from ..random_moves import remove_uriel

    carry(c.st, c.data, c.log, moves, why, rule)
    lil = next((u for u in c.st.units if u.kind == LILITH), None)
    if lil and being_at(c.st, URIEL, lil.location):
        remove_uriel(c.st, c.log, f"he meets Lilith in {place_name(lil.location, c.data)}",
                     "HG-10.2-06")


def _uriel_there(c: Cast, place: str) -> str | None:
    if being_at(c.st, URIEL, place):
        return f"Uriel is in {place_name(place, c.data)}, and no Unit may enter his place " \
               "[HG-16.3-01]"
    return None


# -- Secret Tunnel ----------------------------------------------------------------------------

_TUNNEL_HINT = "e.g. CAST Secret Tunnel ON Liars TO Sugar Hill"


def _tunnel_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <Sectio> TO <Sectio>`: from where the Units are to any other Sectio."""
    a, b = _from_to(text, ctx, "arcana.secret-tunnel", _TUNNEL_HINT)
    if ANTEHELL in (a, b) or a == b:
        raise OrderError(ILLEGAL, f"{text.strip()!r}: the tunnel leads from one Sectio to "
                         "another Sectio (AnteHell is none)", "arcana.secret-tunnel",
                         _TUNNEL_HINT)
    return (f"{place_name(a, ctx.data)} TO {place_name(b, ctx.data)}",
            {"from": a, "to": b})


def _tunnel_units(c: Cast) -> list[Unit]:
    """The caster's Units there that may move: Legions with their hounds, Lieutenants;
    not those a Riot or Thou Art Not Real holds (they stay, hounds with their Minders)."""
    from .spells_marching import _free

    mine = [u for u in c.st.units_at(c.target["from"]) if u.owner == c.player
            and u.kind in (LEGION, LIEUTENANT) and _free(c, u)]
    ids = {u.id for u in mine}
    return mine + [h for h in c.st.units if h.kind == HELLHOUND and h.minder in ids]


def _tunnel_check(c: Cast) -> str | None:
    a = c.target["from"]
    if not _tunnel_units(c):
        return f"{c.player} has no Unit in {place_name(a, c.data)} that may move"
    if being_at(c.st, LILITH, a):
        return f"Lilith is in {place_name(a, c.data)}, and no Unit starts a move there " \
               "[HG-9.5-08]"
    for name in sorted(NO_START):
        why = NO_START[name](c.st, c.data, a)
        if why:
            return f"{why} [HG-9.5-08]"
    return _uriel_there(c, c.target["to"])


@spell("arcana.secret-tunnel", target=Target("<Sectio> TO <Sectio>", _tunnel_target),
       check=_tunnel_check)
def secret_tunnel(c: Cast) -> None:
    """003 l.2087. All the caster's Units in the Sectio go to the other at once, whoever
    is there (combat follows in the Combat Phase); a tunnel is no March: nobody flees."""
    units = sorted(_tunnel_units(c), key=lambda u: u.number)
    _carry(c, [(u, c.target["to"]) for u in units],
           f"Secret Tunnel: {c.who()} moves {count(len(units), 'Unit')} from "
           f"{place_name(c.target['from'], c.data)}", "arcana.secret-tunnel")


# -- Into the Void ----------------------------------------------------------------------------

_VOID_HINT = "e.g. CAST Into the Void ON Sugar Hill TO Underachievers (or TO ANTEHELL)"


def _void_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <Sectio> TO <Limbo Sectio | ANTEHELL>`."""
    a, b = _from_to(text, ctx, "arcana.into-the-void", _VOID_HINT)
    if b != ANTEHELL and ctx.data.sectio[b].circle != LIMBO:
        raise OrderError(ILLEGAL, f"{place_name(b, ctx.data)} is not in Limbo: Into the Void "
                         "moves the Units into Limbo or AnteHell", "arcana.into-the-void",
                         _VOID_HINT)
    if a == b:
        raise OrderError(ILLEGAL, f"{text.strip()!r}: the Units are there already",
                         "arcana.into-the-void", _VOID_HINT)
    return f"{place_name(a, ctx.data)} TO {place_name(b, ctx.data)}", {"from": a, "to": b}


def _void_check(c: Cast) -> str | None:
    if not any(c.st.owners.get(s) == c.player for s in c.data.circle_members(LIMBO)):
        return f"{c.player} controls no Sectio in Limbo, which Into the Void needs"
    if not c.st.units_at(c.target["from"]):
        return f"there is no Unit in {place_name(c.target['from'], c.data)}"
    return _uriel_there(c, c.target["to"])


@spell("arcana.into-the-void", target=Target("<Sectio> TO <Limbo Sectio or ANTEHELL>",
                                             _void_target), check=_void_check)
def into_the_void(c: Cast) -> None:
    """003 l.1922, "all Units (Lilith and Uriel included)". Reading: all the Units of
    one Sectio the caster chooses, every owner's, are carried; a forced carry, so no
    Quagmire or Lilith holds them (HG-9.5-08 is for moves of their own)."""
    units = sorted(c.st.units_at(c.target["from"]), key=lambda u: u.number)
    _carry(c, [(u, c.target["to"]) for u in units],
           f"Into the Void: {c.who()} casts {count(len(units), 'Unit')} out of "
           f"{place_name(c.target['from'], c.data)}", "arcana.into-the-void")


# -- Wormhole ---------------------------------------------------------------------------------

def _wormhole_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <Sectio>`."""
    s = place_id(text, ctx.data, "arcana.wormhole")
    if s == ANTEHELL:
        raise OrderError(ILLEGAL, "AnteHell is no Sectio: the Wormhole opens in a Sectio",
                         "arcana.wormhole", "e.g. CAST Wormhole ON Sugar Hill")
    return place_name(s, ctx.data), {"sectio": s}


def _wormhole_units(c: Cast) -> list[Unit]:
    """Reading: "all Units" but Uriel and Lilith, whom the cards that move them name
    (Into the Void, Cthonians)."""
    return sorted((u for u in c.st.units_at(c.target["sectio"])
                   if u.kind not in (URIEL, LILITH)), key=lambda u: u.number)


def _wormhole_check(c: Cast) -> str | None:
    if not _wormhole_units(c):
        return f"there is no Unit in {place_name(c.target['sectio'], c.data)} to move"
    if not c.st.hell_deck:
        return "the Hell deck is empty: there is no card to draw for the new Sectio"
    return None


@spell("arcana.wormhole", target=Target("<Sectio>", _wormhole_target), check=_wormhole_check)
def wormhole(c: Cast) -> None:
    """003 l.2317. The top Hell card is drawn and goes to the bottom (HG-3.3-02); the
    Sectio on its bottom is the new one. A card showing the same Sectio is not "new":
    the next card is drawn, at most the whole deck once. Into Uriel's place the Units are
    destroyed (HG-16.3-02: they did not choose it)."""
    st, data, here = c.st, c.data, c.target["sectio"]
    for _ in range(len(st.hell_deck)):
        card = st.hell_deck.pop(0)
        st.hell_deck.append(card)
        there = data.hell_cards[card].bottom.sectio
        c.log.public("wormhole-draw", f"Wormhole: {c.who()} draws {data.hell_cards[card].name}"
                     f", which shows {place_name(there, data)}", "arcana.wormhole",
                     card=card, sectio=there)
        if there != here:
            units = _wormhole_units(c)
            _carry(c, [(u, there) for u in units], f"Wormhole: {count(len(units), 'Unit')} in "
                   f"{place_name(here, data)} are swallowed", "arcana.wormhole")
            return
    c.log.public("wormhole-draw", "Wormhole: no card shows another Sectio; nothing moves",
                 "arcana.wormhole")


# -- Cthonians --------------------------------------------------------------------------------

_CTHONIANS = re.compile(r"^QUARTER\s+(?P<q>\d{1,2})(?:\s+TIMES\s+(?P<n>\d{1,2}))?$", re.I)


def _cthonians_target(text: str, ctx) -> tuple[str, dict]:
    """`ON QUARTER <1-5> [TIMES <n>]`: n shifts, 3 Souls each (default 1)."""
    m = _CTHONIANS.match(text.strip())
    if not m or not 1 <= int(m["q"]) <= 5 or not 1 <= int(m["n"] or 1) <= 9:
        raise OrderError(INVALID, f"{text.strip()!r}: name a Quarter 1 to 5 and, if more "
                         "than one, how many shifts (1 to 9)", "arcana.cthonians",
                         "e.g. CAST Cthonians ON QUARTER 2 TIMES 2")
    q, n = int(m["q"]), int(m["n"] or 1)
    return f"QUARTER {q}" + (f" TIMES {n}" if n > 1 else ""), {"quarter": q, "times": n}


def _cthonians_check(c: Cast) -> str | None:
    need, has = SHIFT_SOULS * c.target["times"], c.st.players[c.player].souls
    if has < need:
        return f"{c.target['times']} shifts cost {count(need, 'Soul')} and {c.player} has " \
               f"{count(has, 'Soul')}"
    return None


@spell("arcana.cthonians", target=Target("QUARTER <n> [TIMES <shifts>]", _cthonians_target),
       check=_cthonians_check)
def cthonians(c: Cast) -> None:
    """003 l.1700. The card's cost (3 Souls) pays the first shift; each further shift
    costs 3 more, paid here as it takes effect (the check made sure he can). Each shift
    carries every Unit in the Quarter's Sectio one step outward at once, Uriel and
    Lilith too; from Limbo into AnteHell, where they stay."""
    st, data, q, n = c.st, c.data, c.target["quarter"], c.target["times"]
    extra = SHIFT_SOULS * (n - 1)
    st.players[c.player].souls -= extra
    c.log.public("cthonians", f"Cthonians: {c.who()} shifts Quarter {q} outward "
                 f"{count(n, 'time')}" + (f", paying {count(extra, 'Soul')} more" if extra
                                          else ""), "arcana.cthonians", card=c.card,
                 quarter=q, times=n, souls=extra)
    for shift in range(1, n + 1):
        moves = [(u, data.step(s, OUTWARD)) for s in data.quarter_members(q)
                 for u in sorted(st.units_at(s), key=lambda u: u.number)]
        if not moves:
            c.log.public("cthonians", f"Cthonians: shift {shift}: no Unit is left in Quarter "
                         f"{q}", "arcana.cthonians")
            break
        _carry(c, moves, f"Cthonians: shift {shift}, one space outward", "arcana.cthonians")


# -- Call of the Wild -------------------------------------------------------------------------

def _wild_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <Sectio> [TO <Sectio>]`: the hound in that Sectio; TO picks among the caster's
    nearest Legions when several are as near (default: the lowest-numbered)."""
    hint = "e.g. CAST Call of the Wild ON Sugar Hill (TO Liars, if two Legions are as near)"
    if re.search(r"\bTO\b", text, re.I):
        a, b = _from_to(text, ctx, "arcana.call-of-the-wild", hint)
    else:
        a, b = place_id(text, ctx.data, "arcana.call-of-the-wild"), None
    canonical = place_name(a, ctx.data) + (f" TO {place_name(b, ctx.data)}" if b else "")
    return canonical, {"sectio": a, "to": b}


def _distances(data, start: str) -> dict[str, int]:
    """Steps from `start` over shared borders (AnteHell borders Limbo; never the
    Pentagram), breadth first."""
    dist, todo = {start: 0}, [start]
    while todo:
        p = todo.pop(0)
        nxt = data.circle_members(LIMBO) if p == ANTEHELL else \
            [x for x in data.sectio[p].neighbours.values() if x != PENTAGRAM]
        for x in nxt:
            if x not in dist:
                dist[x] = dist[p] + 1
                todo.append(x)
    return dist


def _wild_hound(c: Cast) -> Unit | None:
    """The hound: rampaging ones first, then others' tamed ones, by unit number."""
    mine = {u.id for u in c.st.units_of(c.player, LEGION)}
    hounds = [h for h in c.st.units_at(c.target["sectio"])
              if h.kind == HELLHOUND and h.minder not in mine]
    return min(hounds, key=lambda h: (h.minder is not None, h.number), default=None)


def _wild_legions(c: Cast, h: Unit) -> list[Unit]:
    """The caster's Legions minding no hound (HG-8.3.2-03), nearest first."""
    dist = _distances(c.data, h.location)
    free = [u for u in c.st.units_of(c.player, LEGION)
            if not any(x.minder == u.id for x in c.st.units) and u.location in dist]
    free.sort(key=lambda u: (dist[u.location], u.number))
    return [u for u in free if dist[u.location] == dist[free[0].location]] if free else []


def _wild_check(c: Cast) -> str | None:
    h = _wild_hound(c)
    where = place_name(c.target["sectio"], c.data)
    if h is None:
        return f"there is no Hellhound in {where} but {c.player}'s own"
    near = _wild_legions(c, h)
    if not near:
        return f"{c.player} has no Legion free to mind a Hellhound [HG-8.3.2-03]"
    if c.target["to"] and not any(u.location == c.target["to"] for u in near):
        return (f"{c.player}'s nearest Legions to {where} are in "
                f"{', '.join(sorted({place_name(u.location, c.data) for u in near}))}")
    return None


@spell("arcana.call-of-the-wild", target=Target("<Sectio> [TO <Sectio>]", _wild_target),
       check=_wild_check)
def call_of_the_wild(c: Cast) -> None:
    """003 l.1688. Reading: the hound (rampaging, or another player's tamed one, which
    leaves its Minder) runs at once to the caster's nearest Legion that minds no hound,
    however far, stopped by nothing, and is tamed by it (HG-3.2-03): its Minder now."""
    h = _wild_hound(c)
    near = _wild_legions(c, h)
    legion = next(u for u in near if c.target["to"] in (None, u.location))
    was = f", leaving {h.owner}'s Legion," if h.minder else ""
    name = c.data.hellhounds[h.ref].name if h.ref in c.data.hellhounds else "A Hellhound"
    c.log.public("call-of-the-wild", f"Call of the Wild: {name} in "
                 f"{place_name(h.location, c.data)} is driven wild{was} and runs to "
                 f"{place_name(legion.location, c.data)}, where it joins {c.player}'s Legion",
                 "HG-3.2-03", card=c.card, unit=h.id, minder=legion.id)
    h.location, h.minder, h.owner = legion.location, legion.id, c.player


# -- Hellhounds!!! ------------------------------------------------------------------------------

def _hellhounds_check(c: Cast) -> str | None:
    if not c.st.hellhound_box:
        return "the Hellhound box is empty"
    return _uriel_there(c, ANTEHELL)


@spell(HELLHOUNDS, check=_hellhounds_check)
def hellhounds(c: Cast) -> None:
    """003 l.1855. As many hounds as the caster has Stars (while the box lasts) appear
    in AnteHell with no Minder (rampaging, HG-10.3-01); the Random Moves Phase moves them
    (`enter_limbo`)."""
    st = c.st
    n = attribute(c.data, c.daemon, "stars", st)
    new = [st.new_unit(HELLHOUND, None, ANTEHELL, st.hellhound_box.pop(0))
           for _ in range(min(n, len(st.hellhound_box)))]
    short = f" (the box held only {len(new)})" if len(new) < n else ""
    mark = st.marks.setdefault(HELLHOUNDS, {"units": []})
    mark["units"] = sorted([*mark["units"], *(h.id for h in new)], key=lambda i: int(i[1:]))
    c.log.public("hellhounds", f"Hellhounds!!!: {count(len(new), 'rampaging Hellhound')} "
                 f"appear in AnteHell{short}, called by {c.who()}", "arcana.hellhounds",
                 card=c.card, units=[h.id for h in new])


def pack(st) -> set[str]:
    """For the Random Moves Phase: the Hellhounds!!! hounds still rampaging in AnteHell
    (the mark is cleared: only their first random move is special)."""
    mark = st.marks.pop(HELLHOUNDS, None) or {"units": []}
    return {u.id for u in st.units if u.id in mark["units"] and u.location == ANTEHELL
            and st.is_rampaging(u)}


@hook("hounds-start", order=10)
def hellhounds_pack(ctx) -> None:
    """The Random Moves Phase, as the rampaging hounds move: the pack's first step is
    `enter_limbo`, and in that move they ignore one another (random_moves/hounds.py)."""
    from ..random_moves.common import Pack

    ids = pack(ctx.st)
    if ids:
        ctx.packs.append(Pack(frozenset(ids), enter=enter_limbo))


def enter_limbo(ctx, h: Unit, pack_ids: set[str]) -> bool:
    """A pack hound's first step (random_moves/hounds.py): a die picks the Limbo Sectio
    (Quarter 1-5, a 6 re-rolled; a Sectio with Lilith or Uriel re-rolled, HG-10.3-07),
    and it enters it as a hound rampages in (flight, HG-10.3-04), its pack mates not
    counted: they do not block one another. True when it may take its next step."""
    from ..random_moves.hounds import _flight, _name

    st, data, log = ctx.st, ctx.data, ctx.log
    while True:
        face = ctx.dice.roll(f"arcana.hellhounds {_name(ctx, h)} enters Limbo")
        target = data.antehell_entry(face) if face != 6 else None
        if target and not (being_at(st, LILITH, target) or being_at(st, URIEL, target)):
            break
        log.public("hound-reroll", f"{_name(ctx, h)} rolls {face} to enter Limbo: "
                   + ("a 6 is rolled again" if target is None else
                      f"{place_name(target, data)} holds Lilith or Uriel, it rolls again"),
                   "arcana.hellhounds" if target is None else "HG-10.3-07", roll=face)
    h.location = target
    log.public("hound-moves", f"{_name(ctx, h)} rolls {face} and rampages out of AnteHell into "
               f"{place_name(target, data)} (step 1)", "arcana.hellhounds", roll=face,
               sectio=target)
    others = [u for u in st.units_at(target) if u is not h and u.id not in pack_ids]
    if others:
        _flight(ctx, h, ANTEHELL)
    left = [u for u in st.units_at(target) if u is not h and u.id not in pack_ids]
    if left:
        log.public("hound-stops", f"{_name(ctx, h)} stops in {place_name(target, data)}: "
                   f"{count(len(left), 'Unit')} there did not flee", "HG-10.3-04",
                   sectio=target)
    return not left
