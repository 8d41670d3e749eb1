"""The Rank Track of one Action Phase and the Pass Action (9.1, 9.3, 9.4).

Daemons act by Rank Number, lowest first, whoever owns them (HG-9.1-01);
Incapacitated Daemons are off the track (HG-9.0-02). A Pass plays one Pass-type Minor
Arcana, pays its Soul cost and moves the Daemon back behind the next N waiting Daemons
(HG-9.4-01/02); slots beyond the end of the queue are lost (HG-9.4-03); a Daemon may
Pass again each time it comes up (HG-9.4-04). The changes last for this phase only
(HG-9.4-05): the queue is built afresh each turn.

A Double Pass another Daemon grants (Paymon "each turn, may grant any Daemon except
himself a Double Pass", ability.paymon, IP-33: by his owner's standing order `PAYMON
GRANTS DOUBLE PASS TO <Daemon> [IF ...]`, orders/abilities.py) is asked of the hook point
"double-pass-granted" (action/abilities.py answers it). When the Daemon named comes up
and one of its PASS lines is tried, the grant is used first, at no cost and with no
card, if it moves the Daemon far enough (PASS, PASS 2, PASS BEHIND a Daemon at most two
places back); `PASS WITH <card>` always plays that card.

The Rank order itself may be changed by a card in force (Twelfth Night): `build` asks
the hook point "action-rank-order".
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import hooks
from ..log import count
from .context import ActionCtx, Queue, not_held

#: choose_pass_card's answer for a granted Double Pass (no card is played).
GRANTED = "granted-double-pass"


@dataclass(frozen=True)
class Grant:
    """A Double Pass granted to the Daemon up (hook point "double-pass-granted"): `what`
    names it in the log ("the Double Pass Paymon (keys) grants"), `data` goes into the
    "pass" event (who granted it, by which ability)."""

    what: str
    data: dict


def slots(data, card) -> int:
    """Daemons a Pass-type Minor Arcana passes (HG-9.4-02; 0: not a Pass card)."""
    return data.tables["pass_slots"].get(card.minor.kind or "", 0)


def build(st, data) -> Queue:
    """HG-9.1-01: by Rank Number; HG-9.0-02: Incapacitated Daemons take no part. A card
    in force may change the order (hook point "action-rank-order": Twelfth Night
    reverses it, and says so in the log when the phase begins)."""
    active = [d for d in st.daemons.values() if not d.incapacitated]
    order = [d.id for d in sorted(active, key=lambda d: (data.daemons[d.id].rank, d.id))]
    return Queue(waiting=hooks.first("action-rank-order", st, data, order, default=order))


def minor_cost(card) -> int:
    """A Minor half's Soul cost; a card that prints none (e.g. Blitzkrieg's "Pass") is
    free (data: cost null)."""
    return card.minor.cost or 0


def pass_cards(actx: ActionCtx) -> list[tuple[int, int, int, str]]:
    """(cost, slots, hand position, card id) of the player's Pass cards he can pay."""
    p = actx.st.players[actx.player]
    out = []
    for pos, cid in enumerate(p.hand):
        card = actx.data.arcana[cid]
        n = slots(actx.data, card)
        if n and minor_cost(card) <= p.souls:
            out.append((minor_cost(card), n, pos, cid))
    return out


def choose_pass_card(actx: ActionCtx, order: dict) -> tuple[str | None, str]:
    """The card a PASS order plays now, or (None, why not)."""
    behind = len(actx.queue.waiting) - 1  # Daemons waiting behind the one up now
    if behind == 0:
        # with nobody behind him a Pass is illegal; the card is not spent
        return None, "no Daemon is waiting behind it, so it cannot Pass [A-11]"
    need = 1
    if order.get("slots"):
        need = order["slots"]
    if order.get("behind"):
        target = order["behind"]
        if target not in actx.queue.waiting[1:]:
            name = actx.data.daemons[target].name
            return None, f"{name} is not waiting behind it"
        need = actx.queue.waiting.index(target)
    need = min(need, behind)  # more slots than Daemons behind are simply lost (HG-9.4-03)
    if not order.get("card") and need <= _double(actx) and granted(actx):
        return GRANTED, ""
    cards = pass_cards(actx)
    if order.get("card"):
        cards = [c for c in cards if c[3] == order["card"]]
        if not cards:
            card = actx.data.arcana[order["card"]]
            missing = not_held(actx.st, actx.data, actx.player, order["card"])
            return None, missing or (f"{card.name} costs {minor_cost(card)} Souls, more "
                                     f"than {actx.player} has")
    fitting = [c for c in cards if c[1] >= need]
    if not fitting:
        return None, ("no Pass card in the hand that it can pay for" if not cards else
                      f"no Pass card it can pay for passes {need} Daemons")
    # cheapest first; then the fewest slots (keep the long passes); then hand order
    return min(fitting)[3], ""


def granted(actx: ActionCtx) -> Grant | None:
    """The Double Pass granted to the Daemon up now, free and with no card, or None."""
    return hooks.first("double-pass-granted", actx)


def _double(actx: ActionCtx) -> int:
    return actx.data.tables["pass_slots"]["double-pass"]  # HG-9.4-02


def play_pass(actx: ActionCtx, cid: str) -> None:
    """HG-9.4-01: play the card, pay, move back behind the next N waiting Daemons; or
    take a granted Double Pass (GRANTED): no card, no Souls."""
    p = actx.st.players[actx.player]
    if cid == GRANTED:
        grant = granted(actx)
        n = _double(actx)
        what = grant.what
        extra = {"card": None, **grant.data}
    else:
        card = actx.data.arcana[cid]
        cost = minor_cost(card)
        p.souls -= cost
        p.hand.remove(cid)
        actx.st.discard(cid)  # HG-3.3-02
        n = slots(actx.data, card)
        what = (f"{card.name} ({card.minor.kind.replace('-', ' ').title()}, "
                f"{count(cost, 'Soul')})")
        extra = {"card": cid}
    q = actx.queue
    me = q.waiting.pop(0)
    moved = min(n, len(q.waiting))  # HG-9.4-03: the rest are lost
    q.waiting.insert(moved, me)
    q.passed.add(me)
    behind = ", ".join(actx.data.daemons[d].name for d in q.waiting[:moved])
    lost = f"; {count(n - moved, 'slot')} lost" if n > moved else ""
    verb = "takes" if cid == GRANTED else "plays"
    actx.log.public("pass", f"{actx.label()} {verb} {what} and now acts after "
                    f"{behind}{lost}", "HG-9.4-01", daemon=me, slots=n, moved=moved, **extra)
