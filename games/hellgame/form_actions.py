"""The Action Phase part of the order form (form.py): how a Daemon line reads, and a
couple of realistic lines for each of the player's active Daemons (9.2; IP-18), each
one a line the game's check accepts without a warning (orders/actions.py).

Each Daemon gets one line that uses what he has (a March of his Legions for the first
in Hell by Rank, his ability Action, one card of his hand to cast for the Daemon with
most Stars that can, a Walk the Earth card or Thamuz's walk without one) and a
fall-back: ATONE in Hell; on Earth EVIL DEEDS, or LEAVE THE EARTH after it.
"""

from __future__ import annotations

from pbem.render import fill

from .action import abilities
from .action.kinds import KINDS
from .form_seat import Seat
from .orders import actions
from .orders.counters import REACTIVE
from .state import LILITH, ON_EARTH

WIDTH = 72
HEADING = f"# --- Action Phase [{actions.RULE}]: '<Daemon>: <Action> [IF <condition>]'"


def action_lines(s: Seat) -> list[str]:
    ready = ", ".join(k for k, kind in KINDS.items()
                      if (kind.run is not None or k == "PASS") and k != "PASS FOR GOOD")
    lines = [HEADING, *fill(f"its first line that applies is taken, PASS FOR GOOD without "
                            f"one. Actions: {ready}", WIDTH, "#   ", "#   ")]
    first = _first_lines(s)
    for d in s.active:
        own = first.get(d, "")
        if s.st.daemons[d].where == ON_EARTH:
            pair = (own, "EVIL DEEDS") if own else ("EVIL DEEDS", "LEAVE THE EARTH")
        else:
            pair = (own, "ATONE")
        lines += [f"#{line}" for x in pair if x and s.accepts(line := f"{s.name(d)}: {x}")]
    return lines


def _first_lines(s: Seat) -> dict[str, str]:
    """Active Daemon -> the line before his fall-back (see the module docstring)."""
    out: dict[str, str] = {}
    if s.in_hell:
        name = s.name(s.in_hell[0])
        march = next((f"MARCH 1 LEGION {s.place(frm)} > {s.place(to)}"
                      for frm, to in march_moves(s)
                      if s.accepts(f"{name}: MARCH 1 LEGION {s.place(frm)} > {s.place(to)}")),
                     None)
        if march:
            out[s.in_hell[0]] = march
    for d in s.active:
        if d not in out and (line := _ability(s, d)):
            out[d] = line
    free = sorted((d for d in s.active if d not in out),
                  key=lambda d: -s.data.daemons[d].stars)
    cast = _cast(s, free)
    if cast:
        out[cast[0]] = cast[1]
    walks = [f"WALK THE EARTH WITH {s.card(c)}" for c in
             sorted(s.minor("walk-the-earth"), key=lambda c: c in s.combat_cards)]
    for d in s.in_hell:
        if d in out:
            continue
        if s.data.daemons[d].ability.id == abilities.THAMUZ and not walks:
            walks = ["WALK THE EARTH WITHOUT CARD"]
        line = next((x for x in walks if s.accepts(f"{s.name(d)}: {x}")), None)
        if line:
            out[d] = line
            walks.remove(line)
    return out


def _ability(s: Seat, daemon: str) -> str:
    """The Daemon's ability Action, where it may take it now (action/abilities.py)."""
    aid = s.data.daemons[daemon].ability.id
    if aid not in abilities.ACTIONS or aid in abilities.NOT_YET:
        return ""
    on_earth = s.st.daemons[daemon].where == ON_EARTH
    if (aid == abilities.BALBAN) != on_earth:  # Balban on Earth; the others in Hell
        return ""
    if aid == abilities.ERESHKIGAL and not s.st.players[s.player].disfavours:
        return ""  # she would be Incapacitated for nothing
    if aid == abilities.SAMMAEL and any(u.kind == LILITH for u in s.st.units):
        return ""  # Lilith is in play already
    name = s.name(daemon)
    return next((line for line in ("ABILITY", *(f"ABILITY ON {p}" for p in s.rivals[:1]))
                 if s.accepts(f"{name}: {line}")), "")


def _cast(s: Seat, casters: list[str]) -> tuple[str, str] | None:
    """(Daemon, CAST line) for the first card of his hand that one of `casters` can
    cast, with the first target that reads: none, a rival's Daemon, a rival, a Sectio."""
    targets = [""] + [f" ON {s.name(d)}" for d in s.theirs[:1]] \
        + [f" ON {p}" for p in s.rivals[:1]] \
        + [f" ON {s.place(x)}" for x in (s.legion_places + s.sectio)[:1]]
    for c in (c for c in s.hand if c not in REACTIVE):  # played by a COUNTER line
        readable = _cast_targets(s.data, c, targets)
        for d in casters:
            for t in readable:
                line = f"CAST {s.card(c)}{t}"
                if s.accepts(f"{s.name(d)}: {line}"):
                    return d, line
    return None


_CASTS: dict[tuple[int, str], tuple[object, tuple[bool, bool] | None]] = {}


def _cast_targets(data, card: str, targets: list[str]) -> list[str]:
    """Of `targets` ("" or " ON ..."), those a `CAST <card>` line may be accepted with,
    whoever casts it: none for a card never cast as an Action, "" alone for a card that
    takes no target, not "" for one that needs a target (orders/actions.py, parse_cast:
    the same checks, asked once a card rather than for every Daemon and target). A card
    whose name another card's begins with, "<card> ON" and more, keeps them all (the
    line may name that card)."""
    key = (id(data), card)
    hit = _CASTS.get(key)
    if hit is None or hit[0] is not data:
        hit = _CASTS[key] = (data, _cast_shape(data, card))
    shape = hit[1]
    if shape is None:
        return targets
    takes, needs = shape
    return [t for t in targets if (t != "" or not needs) and (t == "" or takes)]


def _cast_shape(data, card: str) -> tuple[bool, bool] | None:
    """(may take a target, needs one) for CAST lines of `card`; None when a line may
    read as another card."""
    from pbem.lines import named

    from .action.magic import castable
    from .errors import OrderError

    name = data.arcana[card].name
    if named(f"{name} ON", {c: [a.name] for c, a in data.arcana.items()}):
        return None
    try:
        sp = castable(card, data, "")
    except OrderError:
        return (False, True)  # no line is accepted
    if data.arcana[card].flags.counter:
        return (False, True)
    if sp.target is None:
        return (False, False)
    return (True, not sp.target.optional)


def march_moves(s: Seat) -> list[tuple[str, str]]:
    """(from, to) for one of his Legions to a neighbouring Sectio, best first: where
    another player's Legions stand (a fight), then any; by unit number and face."""
    moves = []
    for u in s.st.units_of(s.player, "legion"):
        if u.location in s.data.sectio:
            for face in (1, 2, 3, 4):
                to = s.data.sectio[u.location].neighbours.get(face)
                if to in s.data.sectio:
                    enemy = any(v.kind == "legion" and v.owner not in (None, s.player)
                                for v in s.st.units_at(to))
                    moves.append((not enemy, u.number, face, u.location, to))
    return [(frm, to) for *_, frm, to in sorted(moves)]


def march_targets(s: Seat) -> list[str]:
    """Sectio not his next to his Legions, best first (for a PETITION example)."""
    return list(dict.fromkeys(to for _, to in march_moves(s) if s.st.owners.get(to) != s.player))
