"""Major Arcana that change who holds a Sectio, or fill one with Units (issue 8).

One small function per card, registered in effects.ARCANA under the card's id by
`@spell` (action/magic.py, which checks timing, place and costs, runs Counters and
adds up support before calling it); the printed text, timing, place and costs are
data (data/arcana.yaml).

- Landswap: two other Triumvirates swap one Sectio each, both drawn at random; the
  caster names the two (`CAST Landswap ON beast AND void`).
- Legio Infernalis: a random available Lieutenant, his Legions and a Hellhound appear in
  a Sectio of the caster's player, which he names (`CAST Legio Infernalis ON Spies`).

Both choices are the caster's (IP-29); with none named (no ON), a die makes it.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..errors import OrderError
from ..log import count
from ..orders.common import place_id, place_name, player_name
from ..ownership import Step
from ..state import ANTEHELL, HELLHOUND, LEGION, LIEUTENANT
from .magic import RULE, Cast, Target, spell

# -- Landswap --------------------------------------------------------------------------------

def _swappable(c: Cast, player: str) -> list[str]:
    """The player's Sectio whose owner may change (not frozen by The Boss Is Touchy)."""
    return [s for s in c.st.sectio_of(player) if c.st.can_change_owner(s)]


def _landswap_players(c: Cast) -> list[str]:
    return [p for p in c.st.seats if p != c.player and _swappable(c, p)]


def landswap_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <player> AND <player>` (or `<player>, <player>`): the two other Triumvirates
    the caster orders to swap (003 l.1952 "ordina a due altri Triunvirati", IP-29)."""
    parts = [p for p in re.split(r"\s*,\s*|\s+AND\s+", text.strip(), flags=re.I) if p]
    if len(parts) != 2:
        raise OrderError(INVALID, f"{text.strip()!r}: Landswap names two other Triumvirates",
                         RULE, "e.g. CAST Landswap ON beast AND void")
    a, b = (player_name(p, ctx, RULE) for p in parts)
    if a == b:
        raise OrderError(ILLEGAL, f"{a} is named twice: Landswap needs two Triumvirates",
                         RULE, "e.g. CAST Landswap ON beast AND void")
    return f"{a} AND {b}", {"players": [a, b]}


def _landswap_check(c: Cast) -> str | None:
    able = _landswap_players(c)
    if len(able) < 2:
        return ("Landswap needs two other Triumvirates that each control a Sectio whose "
                "owner may change")
    for p in c.target.get("players", []):
        if p not in able:
            return f"{p} controls no Sectio whose owner may change"
    return None


@spell("arcana.landswap", target=Target("<player> AND <player>", landswap_target,
                                        optional=True), check=_landswap_check)
def landswap(c: Cast) -> None:
    """Two other Triumvirates swap one Sectio each; both Sectio are drawn at random
    (003 l.1952). The caster "orders two other Triumvirates": his player names them
    (`ON beast AND void`, IP-29); with none named and more than two that could swap,
    they are drawn by die (the default, logged). Only the Control Boxes change
    (HG-2.4.2-01): Units stay where they are. A Sectio frozen by The Boss Is Touchy
    cannot change owner and is not drawn."""
    players = _landswap_players(c)
    named = c.target.get("players")
    if named:
        players = [p for p in players if p in named]
    elif len(players) > 2:
        first = c.dice.pick(players, f"{RULE} Landswap: first Triumvirate (default: by die)",
                            c.player)
        rest = [p for p in players if p != first]
        second = c.dice.pick(rest, f"{RULE} Landswap: second Triumvirate (default: by die)",
                             c.player)
        players = [p for p in players if p in (first, second)]
        c.log.public("default", f"{c.player} names no Triumvirates for Landswap: by "
                     f"default a die chooses {players[0]} and {players[1]}", RULE,
                     card=c.card, players=players)
    a, b = players
    sa = c.dice.pick(_swappable(c, a), f"{RULE} Landswap: {a}'s Sectio drawn at random", a)
    sb = c.dice.pick(_swappable(c, b), f"{RULE} Landswap: {b}'s Sectio drawn at random", b)
    with Step(c.st, c.dice, c.data, c.log) as step:  # one swap: neither is left without
        step.set(sa, b, f"Landswap ({RULE})")
        step.set(sb, a, f"Landswap ({RULE})")
        c.log.public("landswap", f"Landswap: {a} gives {place_name(sa, c.data)} to {b} and "
                     f"{b} gives {place_name(sb, c.data)} to {a}", RULE, card=c.card,
                     swapped={a: sa, b: sb})


# -- Legio Infernalis ------------------------------------------------------------------------

def legio_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <Sectio>`: where the Legions appear, "in any Sectio the caster's player owns"
    (003 l.1960, IP-29); that he controls it is checked as the card is cast."""
    where = place_id(text, ctx.data, RULE)
    if where == ANTEHELL:
        raise OrderError(ILLEGAL, "Legio Infernalis appears in a Sectio, not in AnteHell",
                         RULE, "e.g. CAST Legio Infernalis ON Spies")
    return place_name(where, ctx.data).upper(), {"sectio": where}


def _legio_check(c: Cast) -> str | None:
    if not c.st.sectio_of(c.player):
        return f"{c.player} controls no Sectio where Legio Infernalis could appear"
    named = c.target.get("sectio")
    if named and named not in c.st.sectio_of(c.player):
        return f"{c.player} does not control {place_name(named, c.data)}"
    if not any(c.st.lieutenant_boxes):
        return "no Lieutenant is available: every Lieutenants Available box is empty"
    return None


@spell("arcana.legio-infernalis", target=Target("<Sectio>", legio_target, optional=True),
       check=_legio_check)
def legio_infernalis(c: Cast) -> None:
    """"Pick one of the available Lieutenants at random" (003 l.1960): the available
    Lieutenants are those a recruit could get, the top one of each non-empty Lieutenants
    Available box (HG-8.3.1-02); a die picks among them. An emptied box is refilled from
    the Return box (HG-8.3.1-05). He comes with as many Legions as his Leadership, from
    the player's own counters at no Soul cost, as many as are free (HG-8.2-02), and one
    Hellhound from the box (if any is left) minded by the first of those Legions (with no
    Legion to mind it, it is a rampaging hound, HG-3.2-03). The Sectio is the player's
    choice among those he controls (`ON <Sectio>`, IP-29); with none named a die picks
    it (the default, logged). The
    Disfavour is taken as the card is played (HG-9.8.1-04)."""
    st, data = c.st, c.data
    full = [i for i, pile in enumerate(st.lieutenant_boxes) if pile]
    box = c.dice.pick(full, f"{RULE} Legio Infernalis: which available Lieutenant",
                      c.player)
    pile = st.lieutenant_boxes[box]
    ref = pile.pop(0)
    if not pile and st.lieutenant_return:
        pile.extend(st.lieutenant_return)
        st.lieutenant_return.clear()
        c.log.public("lieutenants-return", f"Box {box + 1} is empty: the Lieutenants of the "
                     "Return box move into it.", "HG-8.3.1-05")
    mine = st.sectio_of(c.player)
    named = c.target.get("sectio")
    where = named if named in mine else \
        c.dice.pick(mine, f"{RULE} Legio Infernalis: Sectio (default: by die)", c.player)
    if not named and len(mine) > 1:
        c.log.public("default", f"{c.player} names no Sectio for Legio Infernalis: by "
                     f"default a die chooses {place_name(where, data)}", RULE, card=c.card)
    lt = data.lieutenants[ref]
    room = max(data.tables["legion_cap"] - len(st.units_of(c.player, LEGION)), 0)
    n = min(lt.leadership, room)
    new = [st.new_unit(LIEUTENANT, c.player, where, ref)]
    new += [st.new_unit(LEGION, c.player, where) for _ in range(n)]
    text = (f"Legio Infernalis: Lieutenant {lt.name} appears in {place_name(where, data)} "
            f"for {c.player} with {count(n, 'Legion')}")
    if n < lt.leadership:
        text += f" ({c.player} has no more free Legion counters)"
    if st.hellhound_box:
        hound = c.dice.pick(st.hellhound_box, f"{RULE} Legio Infernalis: which Hellhound")
        st.hellhound_box.remove(hound)
        h = st.new_unit(HELLHOUND, c.player if n else None, where, hound)
        if n:
            h.minder = new[1].id
            text += f" and {data.hellhounds[hound].name}, minded by Legion {new[1].id}"
        else:
            text += f", and {data.hellhounds[hound].name} rampages, with no Legion to mind it"
        new.append(h)
    else:
        text += "; the Hellhounds box is empty"
    c.log.public("legio-infernalis", text, RULE, card=c.card, player=c.player, sectio=where,
                 units=[u.id for u in new], lieutenant=ref)
