"""The gathering phase (LH-III.4): a truce in which the Devils in Hell meet to find the
Overlord (LH-III.4-01).

`start` runs as the combat phase ends, before the gathering stage opens, so the players
see its results before they order:
  1. rituals still on the table are discarded without effect (LH-III.4-02, LH-I.3.3-06);
  2. 1 SP (at most) to the holder of a fresh prisoner, from `P.fresh` kept by the combat
     phase (homes.mark_fresh), which is cleared here (LH-III.4-03);
  3. soul gathering (LH-III.4.1, souls.py).

`resolve` runs after the stage's trading window (turn.py ran `trading.apply`):
  4. objections and the Overlord check (LH-III.4.2/4.3, overlord.py); True when found;
  5. otherwise proclaiming (LH-III.4.5, proclaim.py);
  6. the Earth condition ends with the gathering (digest G28): `st.earth_condition`
     is cleared.
"""

from __future__ import annotations

from pbem.grammar import count, possessive, verb

from . import breaches, deck, overlord, proclaim, souls
from .homes import prisoners_of
from .orders import orders_of
from .souls import devil_name
from .state import LohState, order_from_starter


def start(st: LohState, data, dice, log) -> None:
    discard_rituals(st, data, dice, log)
    fresh_prisoner_sp(st, data, log)
    souls.gather(st, data, dice, log)


def resolve(st: LohState, sheets: dict, data, dice, log) -> bool:
    """True when an Overlord was found (the game ends)."""
    breaches.at_gathering(st, sheets, data, log, lambda name: [  # LH-II.3.1-05
        t for o in orders_of(sheets.get(name), "OBJECT") for t in o["targets"]])
    found = overlord.find(st, sheets, data, dice, log) is not None
    if not found:
        proclaim.proclaim(st, sheets, data, log)
    if st.earth_condition:
        log.public("earth-condition-ends", f"{data.cards[st.earth_condition].name} ends "
                   "with the gathering.", "LH-III.4-01", condition=st.earth_condition)
        st.earth_condition = None  # digest G28
    return found


def discard_rituals(st: LohState, data, dice, log) -> None:
    """LH-III.4-02: every ritual still tabled is discarded without effect. Face-up ones
    are named to all; face-down ones are counted publicly and named to their owner."""
    for name in order_from_starter(st):
        p = st.players[name]
        if not p.rituals:
            continue
        dn = devil_name(st, data, name)
        names = ", ".join(data.cards[st.cards[c]].name for c in p.rituals)
        n = len(p.rituals)
        if p.rituals_up:
            log.public("rituals-discarded", f"{dn}'s unfinished rituals are discarded "
                       f"without effect: {names}.", "LH-III.4-02", player=name, count=n,
                       cards=list(p.rituals))
        else:
            log.public("rituals-discarded", f"{possessive(dn)} "
                       f"{count(n, 'unfinished face-down ritual')} {verb(n != 1, 'be')} "
                       "discarded without effect.", "LH-III.4-02", player=name, count=n)
            log.private(name, "rituals-discarded", f"Your rituals discarded: {names}.",
                        "LH-III.4-02", cards=list(p.rituals))
        deck.discard(st, list(p.rituals), dice, log)
        p.rituals, p.rituals_up = [], False


def fresh_prisoner_sp(st: LohState, data, log) -> None:
    """LH-III.4-03: 1 SP, however many, when a prisoner held now was free at the start
    of the combat phase and captured in it. `P.fresh` lists such prisoners (the mark
    travels with the prisoner, homes.mark_fresh): at least one must still be held; an
    older prisoner earns nothing. `True`, from a state stored before the mark was kept
    per prisoner, still means any prisoner held now. Cleared for every player."""
    for name in order_from_starter(st):
        p = st.players[name]
        fresh, p.fresh = p.fresh, False
        held = prisoners_of(st, name)
        ok = any(n in held for n in fresh) if isinstance(fresh, list) else bool(fresh and held)
        if ok:
            p.sp += 1
            log.public("sp", f"{devil_name(st, data, name)} gains 1 SP for a fresh prisoner "
                       f"(now {p.sp} SP).", "LH-III.4-03", player=name, sp=p.sp,
                       reason="fresh-prisoner")
