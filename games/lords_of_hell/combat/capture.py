"""Capture Devils (LH-IV.2.3), after every fight of the round is over, place by place.

1. A knocked-out Devil whose own army still has hordes or Souls returns to play
   (LH-IV.2.3-01).
2. The other knocked-out Devils at the place, and the prisoners held by a defender whose
   army there is gone (an emptied realm, LH-I.1.1-11), are captured by the dominant army
   of the armies left at the place (LH-IV.1.1-06), unless every army there wrote the same
   CAPTURE AGREE line (PB-27; TO NOBODY frees him). No dominant army (a tie), nobody left
   at the place, or the captor being his own army (G21): he returns to play
   (LH-IV.2.3-04).
3. A captive's artifacts go to the capturing Devil if it leads the capturing army, else
   to the discard (LH-IV.2.3-03); he is imprisoned in the captor's home realm
   (homes.imprison). A captive free at the start of the combat phase is marked fresh:
   his holder's `fresh` list names him, and the mark travels with him if he is handed on
   (homes.mark_fresh; the gathering's fresh-prisoner SP, LH-III.4-03). A Devil already a
   prisoner at the phase start and taken again is not fresh.
4. A knocked-out Leviathan joins the dominant army (its own army too, G21), else it is
   destroyed (LH-IV.2.3-05).
Then every player left without forces in Hell loses his home realm (LH-I.2-04: only now,
after the fight and the capture); the realms so emptied are the fight's `emptied`. His
prisoners go free (LH-I.2-07) and, if homeless, take a realm when the armies return home
(LH-I.2-05, combat/__init__.py), after the combat transfers in which the emptied realms
may be occupied (LH-IV.2.4-03).
"""

from __future__ import annotations

from .. import deck, homes
from . import army
from .context import at_home, place


def capture_all(rt, fights: list[dict]) -> None:
    st = rt.st
    homes_before = {n: st.players[n].home for n in st.seats}
    for fight in fights:
        _capture(rt, fight)
    for name in rt.order:  # the freed take a realm when the armies return home
        homes.lose_home_if_no_forces(st, name, rt.data, rt.log, rehome=False)
    for fight in fights:  # a fight gone on over an objection keeps its earlier ones
        before = fight.get("emptied", [])
        fight["emptied"] = before + [homes_before[n] for n in rt.ranked(fight["all"])
                                     if homes_before[n] and st.players[n].home is None
                                     and homes_before[n] not in before]


def _capture(rt, fight: dict) -> None:
    st, data, log = rt.st, rt.data, rt.log
    here = rt.ranked(a for a in fight["armies"] if army.units(st, a))
    kos = [n for n in rt.ranked(fight["ko"]) if st.players[n].status == "ko"]
    for n in kos:
        if st.players[n].hordes or st.players[n].souls:  # LH-IV.2.3-01
            his, he = army.pronouns(st, data, n)
            homes.free(st, n, log, "LH-IV.2.3-01", why=f"{army.devil_name(st, data, n)} "
                       f"was knocked out but {his} army still stands, so {he} returns to play")
    captives = [n for n in kos if st.players[n].status == "ko"]
    d = fight["defender"]
    if d is not None and at_home(st, fight, d) and not army.units(st, d):
        captives += [n for n in homes.prisoners_of(st, d) if n not in captives]
    dom = army.dominant(st, here, data, fight["where"])
    for n in captives:
        captor = _agreed(rt, here, n, dom)
        if captor is None or captor == n:
            his, _he = army.pronouns(st, data, n)
            why = ("nobody is left at " + place(fight, data) if not here else
                   f"{his} own army holds the place" if captor == n else
                   "no army captures " + ("her" if his == "her" else "him")
                   + " (no dominant army, LH-IV.1.1-06)")
            homes.free(st, n, log, "LH-IV.2.3-04", why=why)
            continue
        _take(rt, n, captor)
    for inst, owner in fight["leviathan"]:
        if dom is None:
            deck.discard(st, [inst], rt.dice, rt.log)
            log.public("leviathan-destroyed", f"Nobody captures {rt.label(owner)}'s knocked-out "
                       "Leviathan: it is destroyed.", "LH-IV.2.3-05", player=owner)
        else:
            st.players[dom].hordes.append(inst)
            log.public("leviathan-captured", f"{rt.label(dom)} captures the knocked-out "
                       f"Leviathan of {rt.label(owner)}: it joins {rt.label(dom)}'s army.",
                       "LH-IV.2.3-05", player=dom, owner=owner)
    fight["leviathan"] = []


def _agreed(rt, here: list[str], prisoner: str, dom: str | None) -> str | None:
    """The captor every army at the place agreed on (PB-27), else the dominant army."""
    picks = []
    for a in here:
        lines = [o for o in rt.orders(a, "CAPTURE AGREE") if o["prisoner"] == prisoner]
        picks.append(lines[-1]["to"] if lines else "-")
    if here and "-" not in picks and len(set(picks)) == 1 and (picks[0] in here or
                                                                picks[0] is None):
        rt.log.public("capture-agreed", f"The armies at the place agree who takes "
                      f"{rt.label(prisoner)}.", "LH-IV.2.3-02", player=prisoner)
        return picks[0]
    return dom


def _take(rt, prisoner: str, captor: str) -> None:
    st, data, log = rt.st, rt.data, rt.log
    p, c = st.players[prisoner], st.players[captor]
    arts = list(p.artifacts)
    if arts:
        p.artifacts = []
        names = ", ".join(data.cards[st.cards[i]].name for i in arts)
        if c.status == "hell":
            c.artifacts.extend(arts)
            log.public("artifacts-taken", f"{rt.label(captor)} confiscates the artifacts of "
                       f"{rt.label(prisoner)}: {names}.", "LH-IV.2.3-03", player=captor)
        else:
            deck.discard(st, list(arts), rt.dice, rt.log)
            log.public("artifacts-discarded", f"No Devil leads {rt.label(captor)}'s army: "
                       f"{rt.label(prisoner)}'s artifacts are discarded: {names}.",
                       "LH-IV.2.3-03", player=prisoner)
    log.public("captured", f"{rt.label(captor)} captures {rt.label(prisoner)}.",
               "LH-IV.2.3-02", player=prisoner, captor=captor)
    homes.imprison(st, prisoner, captor, log, "LH-IV.2.3-03")
    if p.status == "prisoner" and prisoner in st.combat.get("free_at_start", []):
        homes.mark_fresh(st, prisoner)  # LH-III.4-03
