"""Matched deals (LH-II.2, LH-II.3; PB-04, PB-15): step 2 of a trading window.

A DEAL line is made only when every party's sheet has a DEAL line with the same terms
(the `key` of orders/deal.py): players in Starter order, each one's lines in sheet order;
each line is matched once. A matched deal is checked against the state now, as escrow:
every giver still holds all he gives, every item may change hands in this phase, every
pair of parties may trade (homes.can_trade), artifacts go to no prisoner; then all of it
changes hands at once, or nothing does. Reports go to the parties, and to the table
unless the `private_diplomacy` variant is set (LH-II.2.2-01); the table's text hides
hand cards (LH-I.3-01). A GIVES clause with `if_overlord` (IF OVERLORD <party>) is not
carried out when the deal is made: it stays in the deal's record (`st.deals`, its
"terms") and falls due when the Overlord is found (`fall_due`, LH-III.4.4-01, PB-38).
Promises go to `st.promises`:

    {"id": "d3.1", "deal": "d3", "from": name, "to": [names], "kind": "NAH" | "NAP" |
     "ATTACK" | "NO TARGETING" | "OBJECT" | "VOTE" | "TEXT" | "NO EARTH",
     "target": player name or None, "target_devil": devil id or None,
     "text": the promise in words, "turn": made in, "until": last turn it binds,
     "public": False under private_diplomacy}
"""

from __future__ import annotations

from pbem.lines import count

from . import homes
from . import items as it
from .homes import settle
from .orders import orders_of
from .state import LohState, order_from_starter, silenced

RULE = "LH-II.2-01"
BODY = {
    "NAH": "not to attack {to}'s army while it has not moved, except in defence (NAH)",
    "NAP": "not to fight {to}'s forces, except in defence (NAP)",
    "ATTACK": "to target {target}'s army and fight it for at least one fight round (Attack)",
    "NO TARGETING": "not to target any ritual or other effect on {to} or {to}'s cards "
                    "(No targeting)",
    "OBJECT": "to attend the gathering and object to {target} if possible (Object)",
    "VOTE": "to proclaim {target} at the gathering (Vote)",
}


def step(st: LohState, sheets: dict, data, dice, log) -> None:

    for name, o, missing in matched(st, sheets, "DEAL"):
        text = deal_text(o, data)
        if missing:
            log.private(name, "deal-unmatched", f"Your DEAL {text} is not made: no "
                        f"matching DEAL from {_and(missing)}.", RULE)
            continue
        if silenced(st):
            log.some(o["parties"], "deal-refused", f"The deal {text} is not made: "
                     f"{SILENCE_TEXT}.", "LH-II.2.4-02")
            continue
        execute(st, o, data, log)
        settle(st, data, log)


def matched(st: LohState, sheets: dict, keyword: str):
    """Yield (writer, order, missing parties) for every `keyword` line, players in Starter
    order, each one's lines in sheet order; a line whose every other party has an unused
    line with the same `key` is matched with those lines (missing == []), each line once."""
    lines = {n: orders_of(sheets.get(n), keyword) for n in st.seats}
    used = {n: [False] * len(lines[n]) for n in st.seats}
    for name in order_from_starter(st):
        for i, o in enumerate(lines[name]):
            if used[name][i]:
                continue
            used[name][i] = True
            found, missing = {}, []
            for p in o["parties"]:
                if p == name:
                    continue
                j = next((j for j, x in enumerate(lines.get(p, []))
                          if not used[p][j] and x["key"] == o["key"]), None)
                if j is None:
                    missing.append(p)
                else:
                    found[p] = j
            if not missing:
                for p, j in found.items():
                    used[p][j] = True
            yield name, o, missing


SILENCE_TEXT = "Silence is in force"


def execute(st: LohState, o: dict, data, log) -> bool:
    """Check the whole deal against the state, then make all of it or nothing."""
    text = deal_text(o, data)
    why = problem(st, o, data)
    if why:
        log.some(o["parties"], "deal-failed", f"The deal {text} is not made, and nothing "
                 f"changes hands: {why}.", RULE)
        return False
    deal_id = f"d{len(st.deals) + 1}"
    gives = [c for c in o["clauses"] if "item" in c and not c.get("if_overlord")]
    old_home = {c["from"]: st.players[c["from"]].home for c in gives
                if c["item"]["kind"] == "realm"}
    for c in gives:
        _move(st, c, old_home, data, log)
    released = {c["release"] for c in o["clauses"] if "release" in c}
    st.promises = [p for p in st.promises if p["id"] not in released]
    public = not st.variants.get("private_diplomacy")
    made = []
    for k, c in enumerate((c for c in o["clauses"] if "promise" in c), start=1):
        made.append(add_promise(st, c, f"{deal_id}.{k}", deal_id, data, public))
    st.deals.append({"id": deal_id, "turn": st.turn, "phase": st.phase,
                        "parties": o["parties"], "terms": o["clauses"], "text": text})
    log.some(o["parties"], "deal-made", f"Deal made: {text}.", RULE, deal=deal_id)
    if public:
        log.public("deal", f"Deal made: {public_text(o, data)}.", RULE, deal=deal_id,
                   parties=o["parties"])
    return True


def problem(st: LohState, o: dict, data) -> str | None:
    """Why the deal cannot be made now (None: it can). Clauses that fall due when the
    Overlord is found are checked then (`fall_due`)."""
    gives = [c for c in o["clauses"] if "item" in c and not c.get("if_overlord")]
    ids = {p["id"] for p in st.promises}
    gone = [c["release"] for c in o["clauses"] if "release" in c and c["release"] not in ids]
    if gone:
        return f"promise {gone[0]} is no longer in force"
    for c in o["clauses"]:
        for other in c["to"] if isinstance(c["to"], list) else [c["to"]]:
            if not homes.can_trade(st, c["from"], other):
                return f"{c['from']} and {other} cannot trade now (LH-I.1.1-05)"
    for c in gives:
        item = c["item"]
        bad = it.movable(item, st.phase, data)
        if bad:
            return f"{it.text(item, data)}: {bad[1]} ({bad[0]})"
        to = st.players[c["to"]]
        if item["kind"] == "card" and data.cards[item["card"]].kind == "artifact" \
                and to.status in ("prisoner", "heaven"):
            return f"{c['to']} is a prisoner and cannot receive an artifact (LH-I.3.2-03)"
        if item["kind"] in ("realm", "surrender") and not to.home:
            return f"{c['to']} has no home realm (LH-I.2-06)"
    for giver in o["parties"]:
        lack = it.shortfall(st, giver, [c["item"] for c in gives if c["from"] == giver], data)
        if lack:
            return lack
    return None


def _move(st: LohState, c: dict, old_home: dict, data, log) -> None:
    item, giver, receiver = c["item"], st.players[c["from"]], st.players[c["to"]]
    kind = item["kind"]
    if kind == "souls":
        giver.souls -= item["n"]
        receiver.souls += item["n"]
    elif kind in ("card", "oath"):
        insts = (it.held(st, c["from"], item["card"], data) if kind == "card"
                 else it.held_oaths(st, c["from"], item["devil"]))[:item["n"]]
        for inst in insts:
            for key in ("hand", "hordes", "artifacts"):
                if inst in getattr(giver, key):
                    getattr(giver, key).remove(inst)
                    getattr(receiver, key).append(inst)
            if inst in giver.protected:
                giver.protected.remove(inst)  # traded normally: protection lost
    elif kind == "prisoner":
        homes.imprison(st, item["name"], c["to"], log, "LH-I.1.1-09")
    elif kind == "surrender":
        homes.imprison(st, c["from"], c["to"], log, "LH-I.1.1-12")
    elif kind == "realm":
        realm = old_home[c["from"]]
        receiver.home = realm
        st.realms[realm] = c["to"]
        log.public("realm-swap", f"{c['to']} takes {data.realms[realm].name} as home "
                   "realm (swapped by agreement).", "LH-I.2-06", player=c["to"], realm=realm)


def fall_due(st: LohState, data, log) -> None:
    """LH-III.4.4-01 (PB-38): once the Overlord is found, no trading is allowed, but open
    deals are kept. Every IF OVERLORD clause of the deals made, in the order they were
    made, is carried out if its party is the Overlord, whatever the phase, Silence or
    prisons (the deal was made when it could be); the giver gives what he holds of it
    ("if able", LH-II.3-03): a shortfall is reported to the parties, and to the moderator
    as a possible broken promise (breaches.py). A clause whose party is not the Overlord
    lapses. Run before the VP are counted (victory.score)."""
    from . import breaches  # breaches imports this module

    for d in st.deals:
        due = [c for c in d.get("terms", []) if c.get("if_overlord")]
        for c in due:
            item, frm, to = c["item"], c["from"], c["to"]
            what = it.text(item, data)
            if c["if_overlord"] != st.overlord:
                log.some(d["parties"], "deal-lapses", f"Deal {d['id']}: {frm} gives {what} to "
                         f"{to} only if {c['if_overlord']} becomes Overlord; "
                         f"{st.overlord} is: it lapses.", "LH-III.4.4-01", deal=d["id"])
                continue
            short = _give_held(st, c, data)
            given = what
            if short:
                given = ("nothing" if not short[0]["n"] else f"only {it.text(short[0], data)}") \
                    + f" (owed: {what}; he holds no more)"
            log.some(d["parties"], "deal-due", f"Deal {d['id']} falls due ({st.overlord} is "
                     f"the Overlord): {frm} gives {given} to {to}.", "LH-III.4.4-01",
                     deal=d["id"])
            if not st.variants.get("private_diplomacy"):
                shown = "nothing" if short and short[0]["n"] == 0 else \
                    it.public_text(short[0] if short else item, data)
                log.public("deal-due", f"Deal {d['id']} falls due: {frm} gives {shown} to "
                           f"{to}.", "LH-III.4.4-01", deal=d["id"])
            if short:
                breaches.record(st, log, frm, d["parties"], f"deal {d['id']}",
                                f"{frm} owed {what} to {to} when {st.overlord} became "
                                f"Overlord (deal {d['id']}) and held only "
                                f"{short[0]['n']} of it", "LH-III.4.4-01")


def _give_held(st: LohState, c: dict, data) -> tuple[dict] | None:
    """Move as much of the clause's item as the giver holds; None when all of it moved,
    else (the part moved,)."""
    item, frm = c["item"], c["from"]
    giver = st.players[frm]
    if item["kind"] == "souls":
        have = giver.souls
    elif item["kind"] == "card":
        have = len(it.held(st, frm, item["card"], data))
    else:
        have = len(it.held_oaths(st, frm, item["devil"]))
    n = min(have, item["n"])
    if n:
        _move(st, {**c, "item": {**item, "n": n}}, {}, data, None)
    return None if n == item["n"] else ({**item, "n": n},)


def give(st: LohState, c: dict, data, log) -> None:
    """One GIVES clause changes hands (Souls, cards, Oaths, a prisoner; not Realm, which
    `execute` swaps with the old homes)."""
    _move(st, c, {}, data, log)


def add_promise(st: LohState, c: dict, pid: str, deal_id: str | None, data,
                public: bool = True) -> dict:
    """Record a promise; it binds to the end of this turn or the next (LH-II.3-01,
    LH-II.3.1-08)."""
    p = c["promise"]
    target = p.get("target")
    until = st.turn + (1 if c["until"] == "next" else 0)
    rec = {"id": pid, "deal": deal_id, "from": c["from"], "to": list(c["to"]),
           "kind": p["kind"], "target": target,
           "target_devil": st.players[target].devil if target else None,
           "text": promise_text(c, until), "turn": st.turn, "until": until,
           "public": public}
    st.promises.append(rec)
    return rec


def promise_text(c: dict, until: int) -> str:
    p, to = c["promise"], _and(c["to"])
    if p["kind"] == "TEXT":
        body = f'"{p["text"]}"'
    elif p["kind"] in BODY:
        body = BODY[p["kind"]].format(to=to, target=p.get("target"))
    else:
        body = p.get("text", "")
    return f"{c['from']} promises {to} {body}, until the end of turn {until}."


def deal_text(o: dict, data) -> str:
    """The deal's terms as written in canonical form."""
    out = []
    gives: dict[tuple, list[str]] = {}
    for c in o["clauses"]:
        if "item" in c:
            gives.setdefault((c["from"], c["to"], c.get("if_overlord", "")),
                             []).append(it.text(c["item"], data))
    for (frm, to, cond), texts in gives.items():
        out.append(f"{frm} GIVES {', '.join(texts)} TO {to}"
                   + (f" IF OVERLORD {cond}" if cond else ""))
    out += [f"{c['from']} RELEASES {c['release']}" for c in o["clauses"] if "release" in c]
    for c in o["clauses"]:
        if "promise" in c:
            p = c["promise"]
            what = f'"{p["text"]}"' if p["kind"] == "TEXT" else \
                p["kind"] + (f" {p['target']}" if p.get("target") else "")
            out.append(f"{c['from']} PROMISES {what} TO {', '.join(c['to'])}"
                       + (" UNTIL NEXT TURN" if c["until"] == "next" else ""))
    return "; ".join(out)


def public_text(o: dict, data) -> str:
    """The deal as the table sees it: hand cards and Oaths hidden (LH-I.3-01)."""
    out = []
    gives: dict[tuple, list[str]] = {}
    for c in o["clauses"]:
        if "item" in c and c["item"]["kind"] == "surrender":
            out.append(f"{c['from']} surrenders to {c['to']}")
        elif "item" in c:
            gives.setdefault((c["from"], c["to"], c.get("if_overlord", "")),
                             []).append(c["item"])
    for (frm, to, cond), its in gives.items():
        shown = [it.public_text(i, data) for i in its if not it.hidden(i, data)]
        hidden = sum(i["n"] for i in its if it.hidden(i, data))
        if hidden:
            shown.append(count(hidden, "card") + " from hand")
        out.append(f"{frm} gives {', '.join(shown)} to {to}"
                   + (f" if {cond} becomes Overlord" if cond else ""))
    out += [f"promise {c['release']} is dropped by {_and([c['from'], *c['to']])}"
            for c in o["clauses"] if "release" in c]
    out += [promise_text(c, 0).rsplit(", until", 1)[0] for c in o["clauses"]
            if "promise" in c]
    return "; ".join(out)


def _and(names: list[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
