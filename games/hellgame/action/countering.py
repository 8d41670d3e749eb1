"""Counters (9.8.2): who may answer a card just played, with what, and at what cost
(HG-9.8.2-01..03, IP-30, A-12). Players' standing COUNTER orders (orders/counters.py)
are read in sheet order; magic.py plays the stack this builds. Cards in force answer the
hook points "counter-forbidden" (no Counter now) and "counter-played" (what a Counter
also costs: Tempers' Disfavour), and "magic-forbidden" (Magic Burnout)."""

from __future__ import annotations

from .. import effects, hooks
from .magic import (
    COUNTER,
    COUNTER_TIMINGS,
    Cast,
    cannot_pay,
    counter_rule,
    magic_forbidden,
    play,
)


@counter_rule
def next_counter(top: Cast) -> Cast | None:
    """The Counter played against `top`, if any (HG-9.8.2-01..03, IP-30, A-12).

    Every player but the one who played `top` reads his COUNTER lines in sheet order;
    the first that fits `top`, whose card he holds and can pay for, and that has a
    Daemon to play it, is his offer. The player `top` is aimed at goes first; the others
    in Rank order of the Daemon each would use (A-12(2)). One Counter is played; it may
    in turn be countered. Default: no Counter."""
    st, data = top.st, top.data
    offers = []
    for seat, player in enumerate(st.seats):
        offer = _offer(top, player) if player != top.player else None
        if offer is not None:
            first = (player != top.target_player(), data.daemons[offer[0]].rank, seat)
            offers.append((first, player, offer))
    if not offers:
        return None
    _, player, (daemon, free, order) = min(offers, key=lambda o: o[0])
    actx = top.actx
    # REFLECT (a Counter that may turn the card back, its card module reads it)
    aim = {"reflect": True} if order.get("reflect") else {}
    counter = Cast(actx, order["card"], daemon, player, aim, st.daemons[daemon].where,
                   answers=top)
    if free:
        how = (f"; {data.daemons[daemon].name} may always counter a card aimed at it, so "
               "this costs no Action [HG-9.8.2-02]" if top.target_daemon() == daemon else
               f"; the card is aimed at {player}'s Units, so this costs no Action [A-12]")
    else:
        # HG-9.8.2-03: its Action for the turn, taken out of sequence
        actx.queue.taken[daemon] = "CAST"
        actx.queue.waiting.remove(daemon)
        how = (f"; this is {data.daemons[daemon].name}'s Action for the turn, taken out of "
               "sequence [HG-9.8.2-03]")
    play(counter, how)
    hooks.fire("counter-played", counter)  # Tempers: a Disfavour
    return counter


def _offer(top: Cast, player: str) -> tuple[str, bool, dict] | None:
    """(countering Daemon, costs no Action, COUNTER order) of the player's first line
    that can answer `top`, or None."""
    st, data = top.st, top.data
    forbidden = hooks.first("counter-forbidden", st)  # Tempers under Lucifer - An Impostor?
    if forbidden is not None:
        if top.actx.orders(player, COUNTER):
            why, rule = forbidden
            top.log.private(player, "counter-refused", why, rule)
        return None
    for order in top.actx.orders(player, COUNTER):
        card = data.arcana[order["card"]]
        if card.major.timing not in COUNTER_TIMINGS:
            continue  # a Combat Counter (Slipped Spell): combat/counters.py
        if not _fits(order, top, player) or order["card"] not in st.players[player].hand:
            continue
        if _refuses(top, player, order["card"]):
            continue
        if cannot_pay(top.actx, player, card):
            continue
        daemon, free = _countering_daemon(top, player, order["using"], card)
        if daemon is not None:
            return daemon, free, order
    return None


def _refuses(top: Cast, player: str, card: str) -> bool:
    """A Counter whose own text limits what it answers says no through its Spell's
    check, asked with the play it would be (So, Sue Me..: only a Counter against the
    player's own card)."""
    sp = effects.ARCANA.get(card)
    return bool(sp and sp.check and sp.check(Cast(top.actx, card, "", player, {}, "",
                                                  answers=top)))


def _fits(order: dict, top: Cast, player: str) -> bool:
    if order["what"] is not None and order["what"] != top.card:
        return False
    if order["by"] is not None and order["by"] != top.player:
        return False
    if order["targeting"] == "mine":
        return top.target_player() == player
    return order["targeting"] is None or order["targeting"] == top.target_daemon()


def _countering_daemon(top: Cast, player: str, using: list[str], card
                       ) -> tuple[str | None, bool]:
    """Who plays the Counter. Free (HG-9.8.2-02, A-12(1)): the Daemon the card is aimed
    at, or, for a card aimed at his Units, any of his Daemons. Otherwise only a Daemon
    named in USING that has not acted yet, and it spends its Action (HG-9.8.2-03).
    Without USING only a free Counter is played (IP-30: never spend an Action unasked)."""
    st, q = top.st, top.actx.queue
    free = _free_daemons(top, player)
    for d in using or free:
        dd = st.daemons.get(d)
        if dd is None or dd.incapacitated or dd.owner != player:
            continue
        if card.major.place and dd.where != card.major.place:
            continue  # a Counter obeys the locale rules of 9.8.1 (HG-9.8.2-01)
        if magic_forbidden(st, dd.where):
            continue  # Magic Burnout: no Magic from Earth
        if d in free:
            return d, True
        if d in q.waiting[1:] and d not in q.taken:
            return d, False
    return None, False


def _free_daemons(top: Cast, player: str) -> list[str]:
    st, data = top.st, top.data
    t = top.target_daemon()
    if t is not None:
        return [t] if t in st.daemons and st.daemons[t].owner == player else []
    # his Units; a card aimed at the player himself (Thievery!) is aimed at
    # neither his Daemons nor his Units, so it costs an Action to counter (HG-9.8.2-03)
    if top.target.get("player") == player:
        return [d.id for d in sorted(st.active_daemons(player),
                                     key=lambda d: (data.daemons[d.id].rank, d.id))]
    return []
