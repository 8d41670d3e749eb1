"""After the fights and captures of a round: combat transfers (LH-IV.2.4), the combat
support point (LH-IV.2.5) and the armies' return home (LH-IV.2.6-01).

Combat transfers, place by place, among the armies left there (PB-30):
- COMBAT DEAL <terms> (LH-IV.2.4-01, orders/combat_deal.py): matched like a DEAL (every
  party's sheet has the same terms, deals.matched), made first, only when every party's
  army is left at the same fight's place, as escrow (all of it or nothing): the parties
  may trade (homes.can_trade), each giver holds all he gives now (after the captures, so
  a prisoner taken this round can be passed on), artifacts pass only between Devils
  present there (in Hell and not knocked out in this fight). Prisoners go to the new
  captor with homes.imprison (LH-I.1.1-09). Unmatched or impossible ones are told to
  their writers, with the reason.
- OCCUPY <realm>: a realm emptied in this fight (its owner lost his home for want of
  forces, capture.py) becomes the army's home; its old home goes to the centre
  uncontrolled (LH-I.2-06; G16 for what happens to the old home). Several armies asking
  for the same realm: the dominant one of them gets it, with no dominant none does.
- SWAP REALM <devil>: two armies of the place that name each other swap homes.
- Objections (LH-IV.2.4-02, PB-30): an occupation or swap is made only "if no other army
  objects": another army left at the place whose OBJECT OCCUPY names one of its armies
  (or ALL) stops it (a swap's partners do not object to it). Objections are public. An
  objected move is not made, unless one of its armies wrote FIGHT IF OBJECTED: then
  "armies can return to fight each other": that army attacks the objectors (the fight's
  `fights_on`, declared with the standing ATTACK orders in fight.py), the fight at the
  place goes on in the next fight round on everybody's standing orders (retreats,
  pursuits, casualties), its captures are made, and the place's transfers are tried
  again from the same sheets, an objector still there still objecting. Once a round per
  place (the fights split off it by pursuits too): after that an objected move is given
  up. Players who send nothing do not object and do not fight on.
- Other moves (G16): the one army left with units at the free realm it went to claims it
  as its new home; several left there, nobody claims it.
An emptied realm nobody takes stays uncontrolled (LH-IV.2.4-03).

The SP (LH-IV.2.5-01): a fight that lasted more than one fight round, in which at least
one army was completely defeated (every unit destroyed or knocked out; an army that
escaped is not, G20), gives 1 SP to the dominant army left there, or to the army every
army there named with SP TO (PB-31). A defeated army whose Devil was released rather
than captured (LH-IV.2.3-04) is still defeated: it earns the point for the winner, and
it neither wins it nor has a say in SP TO. At most 1 combat SP from each other player
per turn (LH-IV.2.5-02): the point comes from every army defeated there, and is blocked
only when the winner already had one from each of them this turn (G19; `P.sp_from`).
"""

from __future__ import annotations

from pbem.grammar import possessive, verb

from .. import deals, homes
from .. import items as it
from ..state import LohState
from . import army
from .context import place

DEAL_RULE = "LH-IV.2.4-01"
OBJECTION_RULE = "LH-IV.2.4-02"


def transfers(rt, fights: list[dict], again: bool = False) -> list[dict]:
    """The combat transfers of every place (LH-IV.2.4). Returns the fights that go on over
    an objection (LH-IV.2.4-02): run_round fights them on, captures and calls this again
    with `again=True` on them (no COMBAT DEAL a second time, nothing reported twice)."""
    places = [(f, rt.ranked(a for a in f["armies"] if army.units(rt.st, a))) for f in fights]
    if not again:
        _combat_deals(rt, places)
    seen, going_on = [], []
    for fight, here in places:
        seen += here
        for a in fight.get("fights_on", {}) if again else ():
            if a not in here:
                _tell(rt, a, "order-unused", "Your occupation or swap of realms at "
                      f"{place(fight, rt.data)} was not made: your army did not end the "
                      "fight that went on over it.")
        if not here:
            continue
        wants = _wanted(rt, fight, here)
        swaps = _swaps(rt, here)
        moves = [{"by": [a], "realm": r} for a, r in wants.items()]
        moves += [{"by": list(pair), "realm": None} for pair in swaps]
        for m in moves:
            m["against"] = _objectors(rt, here, m["by"])
        if _goes_on(rt, fight, moves):
            going_on.append(fight)
            continue
        for m in moves:
            if m["against"]:
                _objected(rt, fight, m)
        _occupy(rt, [m for m in moves if m["realm"] and not m["against"]])
        _swap(rt, [m["by"] for m in moves if not m["realm"] and not m["against"]])
        if fight["claim"]:
            _claim(rt, fight, here)
    if not again:
        for name in rt.order:  # nothing silently ignored
            for key in ("OCCUPY", "SWAP REALM"):
                if rt.orders(name, key) and name not in seen:
                    rt.log.private(name, "order-unused", f"Your {key} order was not carried "
                                   "out: your army did not end a fight this round.",
                                   OBJECTION_RULE)
    return going_on


def _objectors(rt, here: list[str], by: list[str]) -> list[str]:
    """The other armies at the place whose OBJECT OCCUPY names one of `by` (or ALL), in
    Starter order (LH-IV.2.4-02: "if no other army objects")."""
    out = []
    for o in here:
        if o in by:
            continue
        for line in rt.orders(o, "OBJECT OCCUPY"):
            if line["all"] or any(a in line["against"] for a in by):
                out.append(o)
                break
    return out


def _what(rt, m: dict) -> str:
    """"Belial (b) occupying Styx" / "the swap of realms of Belial (b) and Mammon (c)"."""
    if m["realm"]:
        return f"{rt.label(m['by'][0])} occupying {rt.data.realms[m['realm']].name}"
    return "the swap of realms of " + " and ".join(rt.label(a) for a in m["by"])


def _names(rt, names: list[str]) -> str:
    return ", ".join(rt.label(n) for n in names)


def _goes_on(rt, fight: dict, moves: list[dict]) -> bool:
    """LH-IV.2.4-02 "If action is objected, armies can return to fight each other": an
    army whose objected move it wrote FIGHT IF OBJECTED for attacks the objectors, and the
    fight at the place goes on (once a round: a fight that went on, or split off from
    one, has `fights_on`); its transfers wait until it is over."""
    if "fights_on" in fight:
        return False
    on: dict[str, list[str]] = {}
    for m in moves:
        for a in m["by"]:
            if m["against"] and rt.orders(a, "FIGHT IF OBJECTED"):
                on.setdefault(a, [])
                on[a] += [o for o in m["against"] if o not in on[a]]
    if not on:
        return False
    fight["fights_on"] = on
    at = place(fight, rt.data)
    for m in moves:
        if m["against"]:
            rt.log.public("objection-transfer", f"{_names(rt, m['against'])} "
                          f"{verb(len(m['against']) > 1, 'object')} to {_what(rt, m)}.",
                          OBJECTION_RULE, by=m["by"], objectors=m["against"],
                          realm=m["realm"], fight=fight["id"])
    for a, them in on.items():
        rt.log.public("fight-goes-on", f"{rt.label(a)} fights on over it: it attacks "
                      f"{_names(rt, them)}, and the fight at {at} goes on; the combat "
                      "transfers there wait until it is over.", OBJECTION_RULE, player=a,
                      targets=them, fight=fight["id"])
    return True


def _objected(rt, fight: dict, m: dict) -> None:
    """An objected move is not made (LH-IV.2.4-02)."""
    if m["realm"]:
        done = f"{rt.label(m['by'][0])} does not occupy {rt.data.realms[m['realm']].name}"
    else:
        done = "they do not swap"
    fought = " (the fight over it is over)" if fight.get("fights_on") else ""
    rt.log.public("objection-transfer", f"{_names(rt, m['against'])} "
                  f"{verb(len(m['against']) > 1, 'object')} to {_what(rt, m)}: {done}"
                  f"{fought}.", OBJECTION_RULE, by=m["by"], objectors=m["against"],
                  realm=m["realm"], fight=fight["id"])


def _combat_deals(rt, places: list[tuple[dict, list[str]]]) -> None:
    st, data, log = rt.st, rt.data, rt.log
    for name, o, missing in deals.matched(st, rt.sheets, "COMBAT DEAL"):
        text = deals.deal_text(o, data)
        if missing:
            log.private(name, "combat-deal-unmatched", f"Your COMBAT DEAL {text} is not "
                        f"made: no matching COMBAT DEAL from {', '.join(missing)}.", DEAL_RULE)
            continue
        fight = next((f for f, here in places if set(o["parties"]) <= set(here)), None)
        why = ("not every party's army ended a fight at the same place this round"
               if fight is None else _deal_problem(st, o, fight, data))
        if why:
            log.some(o["parties"], "combat-deal-failed", f"The combat transfer {text} is not "
                     f"made, and nothing changes hands: {why}.", DEAL_RULE)
            continue
        for c in o["clauses"]:
            deals.give(st, c, data, log)
        deal_id = f"d{len(st.deals) + 1}"
        st.deals.append({"id": deal_id, "turn": st.turn, "phase": st.phase,
                            "parties": o["parties"], "terms": o["clauses"], "text": text})
        log.public("combat-deal", f"Combat transfer at {place(fight, data)}: {text}.",
                   DEAL_RULE, deal=deal_id, parties=o["parties"], fight=fight["id"])


def _deal_problem(st: LohState, o: dict, fight: dict, data) -> str | None:
    """Why the matched transfer cannot be made now (None: it can)."""
    for c in o["clauses"]:
        if not homes.can_trade(st, c["from"], c["to"]):
            return f"{c['from']} and {c['to']} cannot trade now (LH-I.1.1-05)"
        item = c["item"]
        if item["kind"] == "card" and data.cards[item["card"]].kind == "artifact":
            away = [n for n in (c["from"], c["to"]) if st.players[n].status != "hell"
                    or n in fight["ko"]]
            if away:
                who = (f"{possessive(away[0])} Devil is not" if len(away) == 1 else
                       f"the Devils of {' and '.join(away)} are not")
                return (f"{it.text(item, data)}: artifacts pass only between Devils present "
                        f"there, and {who} (LH-IV.2.4-01)")
    for giver in o["parties"]:
        lack = it.shortfall(st, giver, [c["item"] for c in o["clauses"]
                                        if c["from"] == giver], data)
        if lack:
            return lack
    return None


def _move_home(rt, name: str, realm: str, rule: str, how: str) -> None:
    st = rt.st
    p = st.players[name]
    old = p.home
    if old:
        st.realms[old] = None
    st.realms[realm] = name
    p.home = realm
    left = f"; {rt.data.realms[old].name} is uncontrolled now" if old else ""
    rt.log.public("home-moved", f"{rt.label(name)} {how} {rt.data.realms[realm].name} as its "
                  f"new home realm{left}.", rule, player=name, realm=realm, old=old)


def _tell(rt, name: str, kind: str, text: str, **data) -> None:
    """A private refusal, told once a round (transfers may run twice at a place)."""
    key = (name, kind, text)
    if key not in rt.told:
        rt.told.add(key)
        rt.log.private(name, kind, text, OBJECTION_RULE, **data)


def _wanted(rt, fight: dict, here: list[str]) -> dict[str, str]:
    """{army: realm} of the valid OCCUPY orders at the place (the first valid line of
    each army); the others are refused, privately."""
    st, out = rt.st, {}
    for a in here:
        for o in rt.orders(a, "OCCUPY"):
            r = o["realm"]
            if r not in fight.get("emptied", []) or st.realms.get(r, "gone") is not None:
                _tell(rt, a, "occupy-refused", f"You cannot occupy "
                      f"{rt.data.realms[r].name}: it is not a realm emptied in your "
                      "fight this round and free.", realm=r)
                continue
            out[a] = r
            break
    return out


def _occupy(rt, moves: list[dict]) -> None:
    """The occupations nobody objected to; several armies for one realm: the dominant
    one of them gets it, with none dominant nobody does."""
    st = rt.st
    wants: dict[str, list[str]] = {}
    for m in moves:
        wants.setdefault(m["realm"], []).append(m["by"][0])
    for r, who in wants.items():
        taker = who[0] if len(who) == 1 else army.dominant(st, who, rt.data, r)
        if taker is None:
            rt.log.public("occupy-tied", f"{', '.join(rt.label(w) for w in who)} all want "
                          f"{rt.data.realms[r].name} and none is dominant: nobody occupies it.",
                          OBJECTION_RULE, realm=r)
            continue
        _move_home(rt, taker, r, OBJECTION_RULE, "occupies")


def _swaps(rt, here: list[str]) -> list[tuple[str, str]]:
    """The matched SWAP REALM pairs at the place (each names the other); the unmatched
    are told why, privately."""
    st, done, out = rt.st, set(), []
    for a in here:
        lines = rt.orders(a, "SWAP REALM")
        if not lines or a in done:
            continue
        b = lines[-1]["with"]
        back = rt.orders(b, "SWAP REALM") if b in here else []
        if not back or back[-1]["with"] != a or b in done:
            _tell(rt, a, "swap-refused", f"No swap with {rt.label(b)}: it must end the "
                  "fight at your place and write SWAP REALM naming you.", other=b)
            continue
        if st.players[a].home and st.players[b].home:
            out.append((a, b))
        done |= {a, b}
    return out


def _swap(rt, pairs: list[list[str]]) -> None:
    st = rt.st
    for a, b in pairs:
        ha, hb = st.players[a].home, st.players[b].home
        if not ha or not hb:
            continue
        st.players[a].home, st.players[b].home = hb, ha
        st.realms[ha], st.realms[hb] = b, a
        rt.log.public("realms-swapped", f"{rt.label(a)} and {rt.label(b)} swap home realms: "
                      f"{rt.label(a)} now holds {rt.data.realms[hb].name}, {rt.label(b)} "
                      f"{rt.data.realms[ha].name}.", OBJECTION_RULE, players=[a, b])


def _claim(rt, fight: dict, here: list[str]) -> None:
    r = fight["where"]
    if len(here) != 1:
        rt.log.public("claim-none", f"Several armies are left at {rt.data.realms[r].name}: "
                      "nobody claims it.", "LH-IV.2.2-02", realm=r)
        return
    if rt.st.realms.get(r, "gone") is not None:
        return
    _move_home(rt, here[0], r, "LH-IV.2.2-02", "claims")


def award_sp(rt, fights: list[dict]) -> None:
    st = rt.st
    for fight in fights:
        # LH-IV.2.5-01: an army completely defeated stays so when its Devil is then
        # released rather than captured (LH-IV.2.3-04): it is no remaining army
        beaten = list(fight["defeated"])
        here = rt.ranked(a for a in fight["armies"] if army.units(st, a) and a not in beaten)
        if not here or not beaten or fight["rounds"] < 2:
            continue
        winner = _agreed_sp(rt, here) or army.dominant(st, here, rt.data, fight["where"])
        at = place(fight, rt.data)
        if winner is None:
            rt.log.public("sp-none", f"No army is dominant at {at}: nobody gets the combat's "
                          "support point.", "LH-IV.1.1-06", fight=fight["id"])
            continue
        p = st.players[winner]
        if all(b in p.sp_from for b in beaten):
            rt.log.public("sp-capped", f"{rt.label(winner)} already had a combat support point "
                          "this turn from every army defeated at " + at + ": none now.",
                          "LH-IV.2.5-02", player=winner)
            continue
        p.sp += 1
        p.sp_from.extend(b for b in beaten if b not in p.sp_from)
        rt.log.public("combat-sp", f"{rt.label(winner)} wins the combat at {at} and gains 1 "
                      "support point.", "LH-IV.2.5-01", player=winner, fight=fight["id"])


def _agreed_sp(rt, here: list[str]) -> str | None:
    picks = [(rt.orders(a, "SP TO") or [{"to": None}])[-1]["to"] for a in here]
    if len(here) > 1 and picks[0] in here and all(x == picks[0] for x in picks):
        return picks[0]
    return None
