"""Home realms and prisoners: the small state changes every phase needs.

- A Devil with forces in Hell controls exactly one home realm (LH-I.2-03); one with none
  loses it at once, to the centre as uncontrolled (LH-I.2-04), and its prisoners go free
  (LH-I.2-07) and, in Hell now, take a realm at once if homeless (LH-I.2-05).
- A homeless Devil that gains forces in Hell takes an uncontrolled realm at once
  (LH-I.2-05): the first of its standing `HOME` list that is free, else the first free
  realm in data order (PB-03); HPoH is eligible. Several at once: Starter first.
"""

from __future__ import annotations

from .orders.standing import standing
from .state import LohState, has_forces_in_hell, order_from_starter


def free_realms(st: LohState) -> list[str]:
    return [r for r, owner in st.realms.items() if owner is None]


def take_home(st: LohState, name: str, data, log, rule: str = "LH-I.2-05") -> str | None:
    """Give a homeless player with forces in Hell a home realm; return it (None: none
    free, said in the log)."""
    p = st.players[name]
    if p.home or not has_forces_in_hell(st, name):
        return p.home
    free = free_realms(st)
    if not free:
        log.public("no-free-realm", f"{name} has forces in Hell but no realm is free to "
                   "take as a home.", rule, player=name)
        return None
    wanted = (standing(st, name, "HOME") or {}).get("realms", [])
    realm = next((r for r in wanted if r in free), free[0])
    st.realms[realm] = name
    p.home = realm
    log.public("home-taken", f"{name} takes {data.realms[realm].name} as home realm.", rule,
               player=name, realm=realm)
    return realm


def homes_for_all(st: LohState, data, log) -> None:
    """Every homeless player with forces in Hell takes a realm, Starter first."""
    for name in order_from_starter(st):
        take_home(st, name, data, log)


def lose_home_if_no_forces(st: LohState, name: str, data, log, rule: str = "LH-I.2-04",
                           rehome: bool = True) -> None:
    """No forces in Hell: the realm goes to the centre, the prisoners go free (LH-I.2-07)
    and, being in Hell now, each freed Devil without a home takes a realm at once,
    Starter first (LH-I.2-05), before anything else happens.

    `rehome=False` (the combat's capture step only): the freed take their realm when the
    armies return home, right after the combat transfers, since the realms emptied in the
    round are the armies' to occupy until then (LH-IV.2.4-03)."""
    p = st.players[name]
    if not p.home or has_forces_in_hell(st, name):
        return
    realm = p.home
    st.realms[realm] = None
    p.home = None
    log.public("home-lost", f"{name} has no forces left in Hell and loses "
               f"{data.realms[realm].name}, which is uncontrolled now.", rule,
               player=name, realm=realm)
    freed = prisoners_of(st, name)
    for prisoner in freed:
        free(st, prisoner, log, "LH-I.2-07", why=f"{name} has no home realm to hold them")
    if rehome:
        for prisoner in order_from_starter(st):
            if prisoner in freed:
                take_home(st, prisoner, data, log)


def prisoners_of(st: LohState, captor: str) -> list[str]:
    return [n for n in st.seats if st.players[n].captor == captor]


def imprison(st: LohState, prisoner: str, captor: str, log, rule: str) -> None:
    """`prisoner` becomes `captor`'s prisoner (LH-I.1.1-05); a captor with no home realm
    cannot hold him, and he is freed at once (LH-I.1.1-10)."""
    p = st.players[prisoner]
    if not st.players[captor].home:
        free(st, prisoner, log, "LH-I.1.1-10", why=f"{captor} has no home realm")
        return
    fresh = p.status == "prisoner" and _unmark_fresh(st, prisoner)
    p.status, p.captor, p.permits = "prisoner", captor, []
    if fresh:  # handed on: the new holder has the fresh prisoner (LH-III.4-03)
        mark_fresh(st, prisoner)
    log.public("imprisoned", f"{prisoner} is now {captor}'s prisoner.", rule,
               player=prisoner, captor=captor)


def free(st: LohState, prisoner: str, log, rule: str, why: str = "") -> None:
    """A prisoner (or a Devil held in Heaven, or a KO Devil) returns to play in Hell."""
    p = st.players[prisoner]
    if p.status == "prisoner":
        _unmark_fresh(st, prisoner)
    p.status, p.captor, p.permits = "hell", None, []
    log.public("freed", f"{prisoner} is free" + (f": {why}." if why else "."), rule,
               player=prisoner)


def mark_fresh(st: LohState, prisoner: str) -> None:
    """`prisoner`, free when the combat phase began, was captured in it: his holder's
    `fresh` list names him (LH-III.4-03). The mark travels with him: handed on
    (`imprison`), the new holder has it; freed (`free`), nobody does."""
    holder = st.players[st.players[prisoner].captor]
    if not isinstance(holder.fresh, list):
        holder.fresh = []
    if prisoner not in holder.fresh:
        holder.fresh.append(prisoner)


def _unmark_fresh(st: LohState, prisoner: str) -> bool:
    """Take the fresh mark off the prisoner's holder; True if he had it."""
    holder = st.players[st.players[prisoner].captor]
    if not isinstance(holder.fresh, list) or prisoner not in holder.fresh:
        return False
    holder.fresh.remove(prisoner)
    if not holder.fresh:
        holder.fresh = False
    return True


def can_trade(st: LohState, a: str, b: str) -> bool:
    """Whether a and b may trade now: nobody KO; a prisoner only with his captor or a
    Devil the captor permitted (LH-I.1.1-04/05); Heaven's prisoners with nobody."""
    pa, pb = st.players[a], st.players[b]
    for px, y in ((pa, b), (pb, a)):
        if px.status in ("ko", "heaven"):
            return False
        if px.status == "prisoner" and y != px.captor and y not in px.permits:
            return False
    return True


def settle(st: dict, data, log) -> None:
    """After things changed hands: the forceless lose their home (LH-I.2-04), the
    homeless with forces take one (LH-I.2-05), Starter first."""
    for name in order_from_starter(st):
        lose_home_if_no_forces(st, name, data, log)
    homes_for_all(st, data, log)
