"""The Petitions Phase (chapter 12): Sectio change hands (HG-12.0-01).

Implemented: Petition using Favours (HG-12.1-01) with the common conditions
(HG-12.0-02..05). Victor's Right (12.2) and Freebooters taking over Sectio (12.3) come
with a later issue and are reported as not yet implemented.

Order (A-27): Triumvirates petition in the Rank order of their highest-ranked
non-Incapacitated Daemon (players without one come last, in seat order); each player's
petitions go in the order written. This matters only when claims conflict, e.g. when a
petition takes a player's last Sectio and the rescue (HG-15.2-01) moves other Sectio.
Petitions are made only as ordered (IP-47: no default petitions by Favour).
"""

from __future__ import annotations

from .all_lost import rescue_last_sectio
from .favours import spend_free_favour
from .log import Log, count
from .orders import orders_of
from .state import LEGION, HellState

RULE = "HG-12.1-01"


def petition_order(st: HellState, data) -> list[str]:
    """Players in Rank order of their best non-Incapacitated Daemon (A-27)."""
    def best(player: str) -> tuple[int, int]:
        ranks = [data.daemons[d.id].rank for d in st.active_daemons(player)]
        # No active Daemon: after everyone who has one, then by seat.
        return (min(ranks), 0) if ranks else (10**12, st.seats.index(player))

    return sorted(st.seats, key=best)


def why_not(st: HellState, player: str, sectio: str, data) -> str | None:
    """Why `player` may not petition for `sectio` now, or None (HG-12.0-03, HG-14.1-01)."""
    name = data.sectio[sectio].name
    if st.owners.get(sectio) == player:
        return f"{name} is already yours"
    if not [u for u in st.units_at(sectio) if u.owner == player and u.kind == LEGION]:
        return f"you have no Legion in {name} (HG-12.0-03)"
    others = st.unfriendly_at(sectio, player)
    if others:
        return f"{name} holds {count(len(others), 'unfriendly Unit')} (HG-12.0-03)"
    p = st.players[player]
    if p.free_favours < 1:
        bound = " (each of your Favours is bound by a Disfavour, HG-14.1-01)" if p.favours else ""
        return f"you have no Favour to spend{bound}"
    return None


def petition_by_favour(st: HellState, player: str, sectio: str, dice, data, log: Log) -> bool:
    """One Petition using Favours (HG-12.1-01). Returns True if control changed."""
    reason = why_not(st, player, sectio, data)
    name = data.sectio[sectio].name
    if reason:
        log.private(player, "petition-failed", f"Your petition for {name} fails: {reason}.",
                    RULE, sectio=sectio)
        return False
    spend_free_favour(st, player)
    before = st.owners.get(sectio)
    # Control Box marker and Sectio card change together (HG-12.0-05, HG-2.4.2-01).
    st.set_owner(sectio, player)
    was = f"from {before}" if before else "unowned until now (HG-12.0-04)"
    log.public("petition", f"{player} spends a Favour and takes control of {name}, {was}.",
               RULE, player=player, sectio=sectio, previous=before)
    if before is not None and not st.sectio_of(before):
        rescue_last_sectio(st, before, dice, data, log)
    return True


def run(st: HellState, sheets, dice, data, log: Log) -> None:
    """The Petitions Phase (HG-12.0-01..05, HG-12.1-01)."""
    log.not_implemented("Petition using Victor's Right", "HG-12.2-01")
    log.not_implemented("Freebooters taking over Sectio", "HG-12.3-01")
    for player in petition_order(st, data):
        for o in orders_of(sheets.get(player), "PETITION"):
            petition_by_favour(st, player, o["sectio"], dice, data, log)
