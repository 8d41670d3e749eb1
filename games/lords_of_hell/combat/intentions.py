"""Rituals without casters, and the intentions step of a combat round (LH-IV.2.1).

- `discard_casterless`: a player with more face-up rituals than casters (army.casters)
  keeps as many as he has casters and discards the rest (LH-III.3-01 at the phase start,
  LH-IV.2.1-01 at every round). Which he keeps is his choice (LH-IV.2.1-01): his standing
  `KEEP RITUALS` list first, in its order, then the rest in the order tabled (PB-16; no
  list: the first tabled are kept). `kept_first` ranks them; cards/rituals.py uses it
  too (LH-IV.2.6-04). A mechanic, not a choice to discard: Glasya cannot use it to
  discard at will.
- `collect`: every army's intention from its sheet (PB-17): TARGET <devil>, NO MOVE, OTHER
  MOVE [TO <realms>] — the last such line counts; no line: NO MOVE. Re-checked now
  (LH-IV.2.1-05: illegal ones count as no move): the target must have an army
  (LH-IV.2.1-03) and be someone else; a leaderless army may only stay or target the Devil
  holding its own Devil prisoner (LH-IV.2.1-04), and never Asmodeus (his card). All are
  revealed together in public events.

An intention is {"kind": "none" | "target" | "other", "target": name, "realms": [ids]}.
"""

from __future__ import annotations

from pbem.grammar import count

from .. import breaches, deck
from ..orders.standing import standing
from ..state import LohState, card_id
from . import army
from .army import DEVIL

KEYS = ("TARGET", "NO MOVE", "OTHER MOVE")
ASMODEUS = "devil.asmodeus"


#: The standing order ranking the rituals a player keeps when casters run short (PB-16).
KEEP_RITUALS = "KEEP RITUALS"


def kept_first(st: LohState, name: str, rituals: list[str]) -> list[str]:
    """The ritual instances in the order they are kept when casters run short
    (LH-IV.2.1-01, PB-16): the cards of the player's standing KEEP RITUALS list first, in
    its order (copies of one card in the order tabled), then the rest in the order
    tabled."""
    rank = (standing(st, name, KEEP_RITUALS) or {}).get("rituals", [])
    return sorted(rituals, key=lambda i: rank.index(card_id(st, i))
                  if card_id(st, i) in rank else len(rank))


def discard_casterless(st: LohState, data, dice, log, rule: str, order: list[str]) -> None:
    for name in order:
        p = st.players[name]
        n = army.casters(st, name, data)
        if len(p.rituals) <= n:
            continue
        ranked = kept_first(st, name, p.rituals)
        gone = ranked[n:]
        p.rituals = [i for i in p.rituals if i not in gone]  # the kept stay in tabling order
        deck.discard(st, gone, dice, log)
        names = ", ".join(data.cards[st.cards[i]].name for i in gone)
        log.public("rituals-discarded", f"{army.label(st, data, name)} has "
                   f"{count(n, 'ritual caster')} for {count(n + len(gone), 'ritual')}: {names} "
                   f"{'is' if len(gone) == 1 else 'are'} discarded.", rule, player=name,
                   rituals=[st.cards[i] for i in gone])


def collect(rt) -> dict[str, dict]:
    st = rt.st
    out: dict[str, dict] = {}
    for name in rt.order:
        if not army.has_army(st, name):
            continue
        sheet = rt.sheets.get(name)
        lines = [o for o in (sheet.orders if sheet else []) if o["type"] in KEYS]
        if len(lines) > 1:
            rt.log.private(name, "intention-last", "Your sheet has several intention lines "
                           "(TARGET, NO MOVE, OTHER MOVE): the last one counts.",
                           "LH-IV.2.1-02")
        o = lines[-1] if lines else {"type": "NO MOVE"}
        intent = {"kind": {"TARGET": "target", "NO MOVE": "none"}.get(o["type"], "other"),
                  "target": o.get("target"), "realms": list(o.get("realms", []))}
        why = _illegal(rt, name, intent)
        if why:
            rt.log.public("intention-illegal", f"{rt.label(name)}'s intention is illegal "
                          f"({why}): it counts as no move.", "LH-IV.2.1-05", player=name)
            intent = {"kind": "none", "target": None, "realms": []}
        out[name] = intent
    _reveal(rt, out)
    breaches.intentions(rt, out, army.has_leviathan)  # LH-II.3.1-07
    return out


def _illegal(rt, name: str, intent: dict) -> str:
    st = rt.st
    if intent["kind"] == "none":
        return ""
    leaderless = army.leader(st, name) is None
    if intent["kind"] == "other":
        return "an army with no leader may only stay or go to its captive Devil" \
            if leaderless else ""
    t = intent["target"]
    if t == name:
        return "its own Devil"
    if not army.has_army(st, t):
        return f"{army.devil_name(st, rt.data, t)} has no army"
    if leaderless and st.players[t].devil == ASMODEUS:
        return "a leaderless army cannot choose Asmodeus"
    if leaderless and army.captor_of(st, name) != t:
        return "an army with no leader may only stay or go to the Devil holding its own"
    return ""


def _reveal(rt, intents: dict[str, dict]) -> None:
    for name, i in intents.items():
        if i["kind"] == "target":
            what = f"heads for {rt.label(i['target'])}"
        elif i["kind"] == "other":
            what = "makes another move"  # its realm list stays secret (chosen blindly)
        else:
            what = "does not move"
        lead = "" if army.leader(rt.st, name) == DEVIL else " (no Devil leads it)"
        rt.log.public("intention", f"{rt.label(name)}'s army{lead} {what}.", "LH-IV.2.1-05",
                      player=name, intent=i["kind"], target=i["target"])
