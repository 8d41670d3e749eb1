"""Finding the Overlord at the gathering (LH-III.4.2, LH-III.4.3): objections,
suitability and the tie-breaks.

- Candidates are the Devils with proclaim markers from the last gathering
  (`P.proclaimed`, LH-III.4.2-02). A candidate is suitable unless the Devils objecting
  to it are at least as many as its markers (LH-III.4.2-03). Only Devils in Hell
  (status "hell") object (LH-III.4.2-04); an objection to oneself has no effect (digest
  G24; the parser already refuses it). With the variant `nap_no_objections`, an
  objection is void when the objector promised the candidate a NAP (a promise in
  `st.promises` of kind "NAP" from the objector with the candidate in `to`).
- A Devil with 10+ SP (`data.tables["auto_suitable_sp"]`) is suitable whatever the
  objections, as well as the others (LH-III.4.2-06; 004 over 002, which makes it Overlord
  at once).
- One suitable Devil is the Overlord (LH-III.4.3-01); several: those in Hell (not
  imprisoned) stay, then the HPoH controller wins, then an open fight among those still
  tied (LH-III.4.3-02/03, `combat.open_fight`, which returns the winner or None for a
  draw: no Overlord, the game continues).
"""

from __future__ import annotations

from pbem.lines import count

from . import combat
from .datamodel import HPOH
from .orders import orders_of
from .souls import devil_name
from .state import LohState, order_from_starter


def promise_in_force(st: LohState, promise: dict) -> bool:
    """A promise lasts to its `until` turn (None: no end given; the promise module
    removes broken or ended promises)."""
    until = promise.get("until")
    return not isinstance(until, int) or st.turn <= until


def _nap_voids(st: LohState, objector: str, candidate: str) -> bool:
    if not st.variants.get("nap_no_objections"):
        return False
    return any(pr.get("kind", "").upper() == "NAP" and pr.get("from") == objector
               and candidate in pr.get("to", []) and promise_in_force(st, pr)
               for pr in st.promises)


def objections(st: LohState, sheets: dict, data, log) -> dict[str, list[str]]:
    """{candidate: [objectors]} from the OBJECT orders, Starter first (LH-III.4.2-03..05)."""
    out: dict[str, list[str]] = {n: [] for n in st.seats}
    for name in order_from_starter(st):
        p = st.players[name]
        dn = devil_name(st, data, name)
        for o in orders_of(sheets.get(name), "OBJECT"):
            for target in o["targets"]:
                tn = devil_name(st, data, target)
                if p.status != "hell":
                    log.private(name, "objection-void", f"Your objection to {tn} does not "
                                f"count: {dn} is not in Hell ({_where(p.status)}) and "
                                "cannot attend the gathering.", "LH-III.4.2-04", target=target)
                elif target == name:
                    pass  # refused by the parser; no effect (G24)
                elif st.players[target].proclaimed <= 0:
                    log.private(name, "objection-void", f"Your objection to {tn} does not "
                                "count: that Devil is not a candidate.", "LH-III.4.2-02",
                                target=target)
                elif _nap_voids(st, name, target):
                    log.private(name, "objection-void", f"Your objection to {tn} does not "
                                f"count: you promised {tn} a NAP, and in this game a NAP "
                                "rules out objecting.", "LH-II.3.1-03", target=target)
                elif name not in out[target]:
                    out[target].append(name)
                    log.public("objection", f"{dn} objects to {tn}.", "LH-III.4.2-05",
                               player=name, target=target)
    return out


def _where(status: str) -> str:
    return {"earth": "on Earth", "prisoner": "imprisoned", "heaven": "imprisoned in Heaven",
            "ko": "knocked out"}.get(status, status)


def suitable(st: LohState, objected: dict[str, list[str]], data, log) -> list[str]:
    """The suitable Devils, Starter first (LH-III.4.2-03, LH-III.4.2-06)."""
    auto = data.tables["auto_suitable_sp"]
    out = []
    for name in order_from_starter(st):
        p = st.players[name]
        dn = devil_name(st, data, name)
        markers, against = p.proclaimed, len(objected.get(name, []))
        if markers > 0:
            ok = against < markers
            log.public("candidate", f"{dn} has {count(markers, 'proclaim marker')} and "
                       f"{count(against, 'objection')}: {'suitable' if ok else 'not suitable'}.",
                       "LH-III.4.2-03", player=name, markers=markers, objections=against,
                       suitable=ok)
            if ok:
                out.append(name)
                continue
        if p.sp >= auto:
            log.public("candidate", f"{dn} has {p.sp} SP and is suitable as Overlord "
                       "automatically.", "LH-III.4.2-06", player=name, sp=p.sp,
                       suitable=True)
            out.append(name)
    return out


def choose(st: LohState, fit: list[str], data, dice, log) -> str | None:
    """The Overlord among the suitable Devils, or None (LH-III.4.3-01..03)."""
    if len(fit) <= 1:
        return fit[0] if fit else None
    names = ", ".join(devil_name(st, data, n) for n in fit)
    log.public("tie", f"Several Devils are suitable: {names}.", "LH-III.4.3-02",
               players=list(fit))
    in_hell = [n for n in fit if st.players[n].status == "hell"]
    if in_hell and len(in_hell) < len(fit):
        fit = in_hell
        log.public("tie-break", "Tie-break 1, in Hell and not imprisoned: "
                   + ", ".join(devil_name(st, data, n) for n in fit) + ".",
                   "LH-III.4.3-02", players=list(fit))
    if len(fit) == 1:
        return fit[0]
    holder = st.realms.get(HPOH)
    if holder in fit:
        log.public("tie-break", f"Tie-break 2: {devil_name(st, data, holder)} controls the "
                   "High Palace of Hell.", "LH-III.4.3-02", player=holder)
        return holder
    log.public("tie-break", "Tie-break 3: nobody of them controls the High Palace of Hell; "
               + " and ".join(devil_name(st, data, n) for n in fit)
               + " fight openly for the title.", "LH-III.4.3-03", players=list(fit))
    winner = combat.open_fight(st, list(fit), data, dice, log)
    if winner is None:
        log.public("open-fight-draw", "The open fight ends in a draw: no Overlord is chosen, "
                   "and the game goes on.", "LH-III.4.3-03")
    return winner


def find(st: LohState, sheets: dict, data, dice, log) -> str | None:
    """Objections, suitability and tie-breaks; sets `st.overlord` when one is found."""
    fit = suitable(st, objections(st, sheets, data, log), data, log)
    winner = choose(st, fit, data, dice, log)
    if winner is None:
        if not fit:
            log.public("no-overlord", "No Devil is suitable as Overlord.", "LH-III.4.3-01")
        return None
    st.overlord = winner
    log.public("overlord", f"{devil_name(st, data, winner)} is the new Overlord of Hell, "
               "and the game ends.", "LH-III.4.3-01", player=winner)
    return winner
