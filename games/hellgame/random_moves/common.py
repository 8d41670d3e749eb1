"""What the independent Units' moves share: the context flight.py expects, and the
small changes (a Daemon destroyed, a Unit destroyed) each move reports."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .. import hooks
from ..data import HellData
from ..log import Log
from ..orders import orders_of
from ..orders.common import place_name
from ..state import HELLHOUND, LEGION, LIEUTENANT, URIEL, HellState, Unit


@dataclass
class Pack:
    """Rampaging hounds a card brought whose first random move (this phase's) is
    special: in it they ignore one another (hounds.py). `inward`: a Compass 3 is read as
    a 1 in it. `enter`: their first step, made by the card: enter(ctx, hound, ids) ->
    True when the hound may take its next step (they move even from outside Hell)."""

    hounds: frozenset[str]
    inward: bool = False
    enter: Callable | None = None


@dataclass
class MoveCtx:
    """What flight.flee_stack / flee_all need (st, data, dice, log, orders): the Random
    Moves Phase has no acting Daemon, so no ActionCtx. `packs`: filled by the cards on
    the hook points random-moves-start and hounds-start (hooks.py)."""

    st: HellState
    data: HellData
    dice: object
    log: Log
    sheets: dict
    packs: list[Pack] = field(default_factory=list)

    def orders(self, player: str | None, keyword: str) -> list[dict]:
        """A player's accepted orders of one type, in sheet order ([] for nobody)."""
        return orders_of(self.sheets.get(player) if player else None, keyword)


def being(st: HellState, kind: str) -> Unit | None:
    """Uriel or Lilith, if in play (there is one of each, HG-2.3.6-01)."""
    return next((u for u in st.units if u.kind == kind), None)


def describe(u: Unit, data: HellData) -> str:
    """'beast's Legion', 'Freebooter Legion', 'a rampaging Hellhound', ..."""
    whose = f"{u.owner}'s " if u.owner else ""
    if u.kind == LIEUTENANT:
        name = data.lieutenants[u.ref].name if u.ref in data.lieutenants else u.id
        return f"{whose}Lieutenant {name}" if u.owner else f"Freebooter Lieutenant {name}"
    if u.kind == HELLHOUND:
        return f"{whose}Hellhound" if u.minder else "a rampaging Hellhound"
    if u.kind == LEGION:
        return f"{whose}Legion" if u.owner else "a Freebooter Legion"
    return "Uriel" if u.kind == URIEL else "Lilith"


def spared(st: HellState, daemon: str) -> str | None:
    """Why no one may destroy `daemon` now (a card's words, hook point
    daemon-indestructible), or None."""
    return hooks.first("daemon-indestructible", st, daemon)


def destroy_daemon(st: HellState, daemon: str) -> bool:
    """A destroyed Daemon goes to the bottom of the Daemon deck (HG-3.3-02: "this includes
    killed Daemons"; 000 §3.3 is a rule, the "removed from the game" of the §10.1
    example is not). Returns False, and changes nothing, when a card says no one may
    destroy it (the hook point daemon-indestructible: Trinity, "no one and nothing can
    destroy a Daemon on Earth"): the caller logs it."""
    if spared(st, daemon):
        return False
    owner = st.daemons[daemon].owner
    if st.daemons[daemon].walk_card:
        st.discard(st.daemons[daemon].walk_card)  # HG-3.3-02
    if st.daemons[daemon].under:  # a card kept under it (Foci ...) ends with it
        st.discard(st.daemons[daemon].under)
    st.end_afflictions(daemon)  # Mania, Stigmata ... end with it (playright.py)
    del st.daemons[daemon]
    if daemon in st.players[owner].daemons:
        st.players[owner].daemons.remove(daemon)
    if daemon not in st.daemon_deck:
        st.daemon_deck.append(daemon)
    return True


def destroy_units(ctx: MoveCtx, units: list[Unit], where: str, why: str, rule: str) -> None:
    """Remove `units` (hounds first, so a Minder's removal frees no hound that is going
    anyway) and say so in one line."""
    if not units:
        return
    st, data = ctx.st, ctx.data
    names = [describe(u, data) for u in units]
    for u in sorted(units, key=lambda u: (u.kind != HELLHOUND, u.number)):
        st.remove_unit(u.id)
    ctx.log.public("units-destroyed", f"{why}: {', '.join(names)} in "
                   f"{place_name(where, data)} destroyed", rule, sectio=where,
                   units=[u.id for u in units])
