"""Forced trades with Oath cards (LH-I.1.2-06/07, LH-II.2.1): step 3 of a trading window.

Players in Starter order, one forced trade each per pass, passes repeated until no
FORCED or FORCED OPH line is left (digest §4.3); each is re-checked against the state
when its turn comes.

- With the Other Powers of Hell (`FORCED OPH`): the Oath is discarded and its holder
  draws 3 cards at once; once per phase (`used_oph`); never for a prisoner, a Devil in
  Heaven or a knocked-out one (LH-I.1.1-05).
- With the Oath's owner (`FORCED <Oath> FOR ...`, transfer and gathering only): the Oath
  goes back to its owner, who frees one prisoner or hands over one tabled horde or
  artifact: the first of the player's list that is there. A horde or artifact taken so
  is protected for the rest of the phase, except against its previous owner
  (LH-II.2.1-02/03; `st.trading["prev_owner"]`; protection is claimed by default,
  PB-08). Baalzebub as the target chooses (LH-II.2.1-04) by his standing `BAALZEBUB
  GIVES` list, in which he may name a protected item (he gives it up voluntarily);
  default his horde of least power, else a prisoner, else an artifact (PB-06).
"""

from __future__ import annotations

from . import homes
from . import items as it
from .deck import card_name, draw_cards
from .deck import discard as to_discard
from .homes import settle
from .orders.standing import standing
from .state import LohState, order_from_starter

BAALZEBUB = "devil.baalzebub"
NO_OPOH = ("prisoner", "heaven", "ko")
NO_ARTIFACT = ("prisoner", "heaven")  # LH-I.3.2-03
SILENCE_TEXT = "Silence is in force"


def step(st: LohState, sheets: dict, data, dice, log) -> None:

    queues = {n: [o for o in (sheets.get(n).orders if sheets.get(n) else [])
                  if o["type"] in ("FORCED", "FORCED OPH")] for n in st.seats}
    while any(queues.values()):
        for name in order_from_starter(st):
            if not queues[name]:
                continue
            o = queues[name].pop(0)
            if o["type"] == "FORCED OPH":
                other_powers(st, name, o["devil"], data, dice, log)
            else:
                with_owner(st, name, o, data, log)
            settle(st, data, log)


def _refused(st: LohState, name: str, what: str, why: str, rule: str, log) -> bool:
    log.private(name, "forced-refused", f"Your {what} is not done: {why}.", rule)
    return False


def other_powers(st: LohState, name: str, devil: str, data, dice, log) -> bool:
    """Discard an Oath, draw 3 cards at once; once per phase (LH-I.1.2-06)."""
    rule = "LH-I.1.2-06"
    p = st.players[name]
    what = f"FORCED OPH Oath of {data.devils[devil].name}"
    if st.silence:
        return _refused(st, name, what, SILENCE_TEXT, "LH-II.2.4-02", log)
    if p.status in NO_OPOH:
        return _refused(st, name, what, "a prisoner cannot trade with the Other Powers of "
                        "Hell", "LH-I.1.1-05", log)
    if p.used_oph:
        return _refused(st, name, what, "you traded with the Other Powers of Hell in this "
                        "phase already", rule, log)
    oaths = it.held_oaths(st, name, devil)
    if not oaths:
        return _refused(st, name, what, f"you hold no Oath of {data.devils[devil].name} "
                        "now", rule, log)
    p.hand.remove(oaths[0])
    p.used_oph = True
    to_discard(st, [oaths[0]], dice, log)  # Oaths go to the discard pile (LH-I.3.6-01)
    log.public("opoh", f"{name} trades an Oath with the Other Powers of Hell: the Oath is "
               f"discarded and {name} draws {data.tables['opoh_draw']} cards.", rule,
               player=name)
    draw_cards(st, name, data.tables["opoh_draw"], data, dice, log, rule,
               "the Other Powers of Hell")
    return True


def with_owner(st: LohState, name: str, o: dict, data, log) -> bool:
    """Hand the Oath back; the owner frees a prisoner or gives a tabled horde or
    artifact (LH-I.1.2-07)."""
    rule = "LH-I.1.2-07"
    target = o["target"]
    devil = data.devils[o["devil"]].name
    what = f"forced trade with {target} (Oath of {devil})"
    if st.silence:
        return _refused(st, name, what, SILENCE_TEXT, "LH-II.2.4-02", log)
    if st.phase not in ("transfer", "gathering"):
        return _refused(st, name, what, "forced trades with an Oath's owner are made in the "
                        "transfer and gathering phases only", rule, log)
    if not homes.can_trade(st, name, target):
        return _refused(st, name, what, f"you cannot trade with {target} now",
                        "LH-II.2.1-01", log)
    oaths = it.held_oaths(st, name, o["devil"])
    if not oaths:
        return _refused(st, name, what, f"you hold no Oath of {devil} now", rule, log)
    baal = st.players[target].devil == BAALZEBUB
    pick = baal_choice(st, target, name, data) if baal else \
        first_choice(st, target, name, o["choices"], data)
    if pick is None:
        return _refused(st, name, what, f"{target} has nothing you named that can be "
                        "taken (protected items cannot be)", rule, log)
    st.players[name].hand.remove(oaths[0])
    st.players[target].hand.append(oaths[0])
    chooser = " (Baalzebub chooses, LH-II.2.1-04)" if baal else ""
    if pick[0] == "prisoner":
        log.public("forced-trade", f"{name} hands an Oath of {devil} back to {target} in a "
                   f"forced trade, and {target} frees {pick[1]}{chooser}.", rule,
                   player=name, target=target, prisoner=pick[1])
        homes.free(st, pick[1], log, rule, why=f"{target} frees him in a forced trade")
        return True
    inst = pick[1]
    t, me = st.players[target], st.players[name]
    key = "hordes" if inst in t.hordes else "artifacts"
    getattr(t, key).remove(inst)
    getattr(me, key).append(inst)
    if inst in t.protected:
        t.protected.remove(inst)  # waived by giving it (LH-II.2.1-03)
    me.protected.append(inst)  # LH-II.2.1-02, claimed by default (PB-08)
    st.trading["prev_owner"][inst] = target
    log.public("forced-trade", f"{name} hands an Oath of {devil} back to {target} in a "
               f"forced trade and takes {card_name(st, inst, data)}{chooser}; it is "
               "protected from forced trades for the rest of the phase.", rule, player=name,
               target=target, card=st.cards[inst])
    return True


def takeable(st: LohState, owner: str, taker: str, inst: str) -> bool:
    """Not protected against this taker (LH-II.2.1-02/03)."""
    if inst not in st.players[owner].protected:
        return True
    return (st.trading or {}).get("prev_owner", {}).get(inst) == taker


def power(st: LohState, owner: str, inst: str, data) -> int:
    """A horde's power as its owner would lose it; Tormented Ones count as the n-th."""
    p = data.cards[st.cards[inst]].power
    if p is None:
        return sum(1 for c in st.players[owner].hordes
                   if st.cards[c] == st.cards[inst])
    return p


def first_choice(st: LohState, target: str, taker: str, choices: list[dict],
                 data) -> tuple[str, str] | None:
    """The first of the taker's choices the target can give: ("prisoner", name) or
    ("card", instance)."""
    t = st.players[target]
    artifacts_ok = st.players[taker].status not in NO_ARTIFACT
    for ch in choices:
        if ch["kind"] == "prisoner":
            if ch["name"] in homes.prisoners_of(st, target):
                return "prisoner", ch["name"]
        elif ch["kind"] == "card":
            if data.cards[ch["card"]].kind == "artifact" and not artifacts_ok:
                continue
            for inst in t.hordes + t.artifacts:
                if st.cards[inst] == ch["card"] and takeable(st, target, taker, inst):
                    return "card", inst
        else:  # ANY: the strongest horde, else an artifact, else a prisoner
            hordes = [c for c in t.hordes if takeable(st, target, taker, c)]
            if hordes:
                return "card", max(hordes, key=lambda c: power(st, target, c, data))
            arts = [c for c in t.artifacts if takeable(st, target, taker, c)]
            if arts and artifacts_ok:
                return "card", arts[0]
            if homes.prisoners_of(st, target):
                return "prisoner", homes.prisoners_of(st, target)[0]
    return None


def baal_choice(st: LohState, baal: str, taker: str, data) -> tuple[str, str] | None:
    """What Baalzebub gives (LH-II.2.1-04): his standing list first, where he may give a
    protected item up (LH-II.2.1-03); then the default: his horde of least power, else
    his first prisoner, else an artifact (PB-06)."""
    b = st.players[baal]
    artifacts_ok = st.players[taker].status not in NO_ARTIFACT
    for ch in (standing(st, baal, "BAALZEBUB GIVES") or {}).get("choices", []):
        if ch["kind"] == "prisoner" and ch["name"] in homes.prisoners_of(st, baal):
            return "prisoner", ch["name"]
        if ch["kind"] == "card":
            if data.cards[ch["card"]].kind == "artifact" and not artifacts_ok:
                continue
            for inst in b.hordes + b.artifacts:
                if st.cards[inst] == ch["card"]:
                    return "card", inst
        if ch["kind"] == "any":
            break
    hordes = [c for c in b.hordes if takeable(st, baal, taker, c)]
    if hordes:
        return "card", min(hordes, key=lambda c: power(st, baal, c, data))
    if homes.prisoners_of(st, baal):
        return "prisoner", homes.prisoners_of(st, baal)[0]
    arts = [c for c in b.artifacts if takeable(st, baal, taker, c)]
    return ("card", arts[0]) if arts and artifacts_ok else None
