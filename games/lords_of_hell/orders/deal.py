"""The DEAL order's grammar (LH-II.2, LH-II.3; PB-04, PB-15): a deal among any number of
parties, executed only when every party's sheet has the same terms.

    DEAL anna GIVES 2 Souls, Fiends TO boris; boris GIVES Oath of Belial TO anna
    DEAL anna GIVES Realm TO boris; boris GIVES Realm TO anna
    DEAL glasya GIVES Surrender TO asmodeus; asmodeus PROMISES NAH TO glasya
    DEAL anna PROMISES "3 hordes next turn" TO boris UNTIL NEXT TURN; boris GIVES 1 Soul TO anna
    DEAL anna GIVES Oath of Belial TO boris IF OVERLORD boris; boris PROMISES NAP TO anna

Clauses are separated by `;`: `<party> GIVES <items> TO <party>` or `<party> PROMISES
<promise> TO <party>[, <party>...] [UNTIL NEXT TURN | UNTIL END OF TURN]`. A GIVES clause
ending `IF OVERLORD <party>` falls due when the Overlord is found (LH-III.4.4-01, PB-38):
it is carried out then, before the VP are counted, only if that party is the Overlord
(deals.fall_due); Souls, cards and Oaths only, and the giver need not hold them yet.
Parties are player or Devil names. The canonical form sorts the clauses and items and adds up the
same items, so the order of writing does not matter; `key` is what must be equal on
every party's sheet (free promise texts compared without case and punctuation).
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID
from pbem.lines import OrderError, normalise

from .. import items as it
from .tradeterms import parse_items, parse_promise, party

RULE = "LH-II.2-01"
_GIVES = re.compile(r"^(.+?)\s+gives?\s+(.+)\s+to\s+(.+)$", re.I)
_GIVES_HEAD = re.compile(r"^(.+?)\s+(gives?)\s", re.I)
_TO_AFTER = re.compile(r"\s+to\s+.", re.I)
_PROMISES = re.compile(r"^(.+?)\s+promises?\s+(.+)$", re.I)
_VERB = re.compile(r"\s(gives?|promises?|releases?)\s", re.I)
_RELEASES = re.compile(r"^(.+?)\s+releases?\s+(?:promise\s+)?(\S+)$", re.I)
_IF_OVERLORD = re.compile(r"^(.+?)\s+if\s+overlord\s+(\S.*)$", re.I)
DUE_KINDS = ("souls", "card", "oath")  # what an IF OVERLORD clause may give
_UNTIL = re.compile(r"^(.*?)\s+until\s+(.+)$", re.I)
_TO = re.compile(r"^(.*)\s+to\s+(.+)$", re.I)  # the last TO: "no attack to home TO b"
UNTIL = {"next turn": "next", "end of next turn": "next", "the end of next turn": "next",
         "end of turn": "this", "end of this turn": "this", "this turn": "this",
         "the end of this turn": "this", "the end of turn": "this"}


def match_gives(clause: str) -> re.Match | None:
    """_GIVES.match(clause), in one pass: the regex matches exactly when a TO with words
    after it follows the first GIVES by a word or more. Alone, it would go over the rest
    of the clause again for each GIVES when no TO follows."""
    head = _GIVES_HEAD.match(clause)
    if head is None or not _TO_AFTER.search(clause, head.end(2) + 2):
        return None
    return _GIVES.match(clause)


def split_clauses(text: str) -> list[str]:
    """Split on `;` outside double quotes."""
    out, cur = [], []
    for k, piece in enumerate(text.split('"')):
        if k:
            cur.append('"')
        if k % 2:  # inside quotes
            cur.append(piece)
            continue
        first, *more = piece.split(";")
        cur.append(first)
        for part in more:
            out.append("".join(cur))
            cur = [part]
    out.append("".join(cur))
    return [c.strip() for c in out if c.strip()]


def parse(rest: str, ctx) -> tuple[str, dict]:
    clauses = split_clauses(rest)
    if not clauses:
        raise OrderError(INVALID, "DEAL needs its terms", RULE,
                         "e.g. DEAL anna GIVES 2 Souls TO boris; boris GIVES Fiends TO anna")
    gives: dict[tuple[str, str, str], list[dict]] = {}
    promises: list[dict] = []
    for clause in clauses:
        verb = _VERB.search(clause.split('"', 1)[0])
        if verb and verb.group(1).lower().startswith("release"):
            promises.append(_release(clause, ctx))
            continue
        if verb and verb.group(1).lower().startswith("promise"):
            m = _PROMISES.match(clause)
            promises.append(_promise(m.group(1), m.group(2), ctx))
            continue
        clause, cond = _condition(clause, ctx)
        m = match_gives(clause)
        if not m:
            raise OrderError(INVALID, f"{clause!r} is not '<party> GIVES <items> TO <party>' "
                             "or '<party> PROMISES <promise> TO <party>'", RULE,
                             "separate the clauses of a deal with ';'")
        giver, receiver = party(m.group(1), ctx, RULE), party(m.group(3), ctx, RULE)
        if giver == receiver:
            raise OrderError(INVALID, f"{clause!r}: {giver} cannot give to himself", RULE,
                             "name another party")
        for item in parse_items(m.group(2), ctx, RULE):
            if cond and item["kind"] not in DUE_KINDS:
                raise OrderError(ILLEGAL, f"{clause!r}: {it.text(item, ctx.data)} cannot fall "
                                 "due when the Overlord is found (the game is over then)",
                                 "LH-III.4.4-01", "an IF OVERLORD clause gives Souls, cards "
                                 "or Oaths")
            _add(gives.setdefault((giver, receiver, cond), []), item, clause)
    terms = _terms(gives, promises, ctx)
    _check(terms, ctx)
    return "DEAL " + terms["text"], {k: terms[k] for k in ("parties", "clauses", "key")}


def _condition(clause: str, ctx) -> tuple[str, str]:
    """`anna GIVES Oath of Belial TO boris IF OVERLORD boris` -> (the clause without its
    condition, "boris"); no condition: (clause, "") (LH-III.4.4-01, PB-38)."""
    if '"' in clause:
        return clause, ""
    m = _IF_OVERLORD.match(clause)
    if not m:
        return clause, ""
    return m.group(1), party(m.group(2), ctx, "LH-III.4.4-01")


def _add(items: list[dict], item: dict, clause: str) -> None:
    for old in items:
        if old["kind"] == item["kind"] and "n" in item and old.get("card") == item.get("card") \
                and old.get("devil") == item.get("devil"):
            old["n"] += item["n"]
            return
        if old == item:
            raise OrderError(INVALID, f"{clause!r}: {item['kind']} named twice", RULE,
                             "name it once")
    items.append(item)


def _promise(who: str, rest: str, ctx) -> dict:
    giver = party(who, ctx, "LH-II.3-01")
    until = "this"
    quoted = rest.strip().startswith('"')
    if quoted:
        end = rest.find('"', rest.index('"') + 1)
        what, tail = rest[:end + 1], rest[end + 1:].strip()
        m = re.match(r"^to\s+(.+)$", tail, re.I)
        if end < 0 or not m:
            raise OrderError(INVALID, f"{rest!r}: write PROMISES \"...\" TO <party>",
                             "LH-II.3.2-01", 'e.g. anna PROMISES "3 hordes" TO boris')
        to_text = m.group(1)
        until = "next"  # a free promise lasts as long as any can (LH-II.3-01)
    else:
        m = _TO.match(rest)
        if not m:
            raise OrderError(INVALID, f"{rest!r}: say whom the promise is to (TO <party>)",
                             "LH-II.3-01", "e.g. anna PROMISES NAP TO boris")
        what, to_text = m.group(1), m.group(2)
    m = _UNTIL.match(to_text)
    if m:
        to_text, when = m.group(1), normalise(m.group(2))
        if when not in UNTIL:
            raise OrderError(INVALID, f"UNTIL {m.group(2)!r}: a promise lasts to the end of "
                             "this turn or of the next, never longer", "LH-II.3-01",
                             "write UNTIL NEXT TURN or UNTIL END OF TURN (the default)")
        until = UNTIL[when]
    to = []
    for name in (x for x in re.split(r",|\s+and\s+", to_text, flags=re.I) if x.strip()):
        p = party(name, ctx, "LH-II.3-01")
        if p == giver:
            raise OrderError(INVALID, f"{giver} cannot promise himself", "LH-II.3-01",
                             "name the parties the promise is to")
        if p not in to:
            to.append(p)
    promise = parse_promise(what, ctx, "LH-II.3.1-01")
    seats = ctx.state.seats
    return {"from": giver, "to": sorted(to, key=seats.index), "promise": promise,
            "until": until}


def _release(clause: str, ctx) -> dict:
    """`boris RELEASES d1.1`: a promise dropped by all its parties (LH-II.3.3-01); with a
    new promise in the same deal it is changed."""
    rule = "LH-II.3.3-01"
    m = _RELEASES.match(clause)
    if not m:
        raise OrderError(INVALID, f"{clause!r} is not '<party> RELEASES <promise id>'", rule,
                         "e.g. boris RELEASES d1.1 (the id is in your report)")
    who = party(m.group(1), ctx, rule)
    pr = next((p for p in ctx.state.promises if p["id"].lower() == m.group(2).lower()),
              None)
    if pr is None:
        raise OrderError(INVALID, f"there is no promise {m.group(2)!r} in force", rule,
                         "promises in force: " + (", ".join(p["id"] for p in
                                                            ctx.state.promises) or "none"))
    parties = [pr["from"], *pr["to"]]
    if who not in parties:
        raise OrderError(ILLEGAL, f"{who} is not a party to promise {pr['id']}", rule,
                         "the parties of a promise release it together")
    seats = ctx.state.seats
    return {"from": who, "to": sorted((n for n in parties if n != who), key=seats.index),
            "release": pr["id"]}


def _terms(gives: dict, promises: list[dict], ctx) -> dict:
    st, data = ctx.state, ctx.data
    seats = st.seats
    clauses, texts, keys = [], [], []
    def order(k: tuple) -> tuple:
        cond = k[2] if len(k) > 2 else ""
        return (bool(cond), seats.index(cond) if cond else 0, seats.index(k[0]),
                seats.index(k[1]))

    for k in sorted(gives, key=order):
        giver, receiver = k[0], k[1]
        cond = k[2] if len(k) > 2 else ""
        its = sorted(gives[k], key=lambda i: it.text(i, data))
        tail = f" IF OVERLORD {cond}" if cond else ""
        for item in its:
            clauses.append({"from": giver, "to": receiver, "item": item,
                            **({"if_overlord": cond} if cond else {})})
            keys.append(f"{giver} gives {it.text(item, data)} to {receiver}"
                        + (f" if overlord {cond}" if cond else ""))
        texts.append(f"{giver} GIVES " + ", ".join(it.text(i, data) for i in its)
                     + f" TO {receiver}{tail}")
    for rel in sorted((p for p in promises if "release" in p), key=lambda p: p["release"]):
        clauses.append(rel)
        texts.append(f"{rel['from']} RELEASES {rel['release']}")
        keys.append(f"{rel['release']} released")
    promises = [p for p in promises if "release" not in p]
    for pr in sorted(promises, key=lambda p: (seats.index(p["from"]), _promise_text(p),
                                              p["to"])):
        clauses.append(pr)
        texts.append(f"{pr['from']} PROMISES {_promise_text(pr)} TO " + ", ".join(pr["to"])
                     + (" UNTIL NEXT TURN" if pr["until"] == "next" else ""))
        body = normalise(pr["promise"]["text"]) if pr["promise"]["kind"] == "TEXT" \
            else _promise_text(pr)
        keys.append(f"{pr['from']} promises {body} to {','.join(pr['to'])} until "
                    f"{pr['until']}")
    names = {c["from"] for c in clauses} | {n for c in clauses for n in
                                            (c["to"] if isinstance(c["to"], list) else [c["to"]])}
    return {"parties": sorted(names, key=seats.index), "clauses": clauses,
            "key": "; ".join(sorted(keys)), "text": "; ".join(texts)}


def _promise_text(pr: dict) -> str:
    p = pr["promise"]
    if p["kind"] == "TEXT":
        return f'"{p["text"]}"'
    return p["kind"] + (f" {p['target']}" if p["target"] else "")


def _check(terms: dict, ctx) -> None:
    """What can be checked now: the writer is a party; realms swap among the givers;
    the phase allows every item; the writer holds his items. Whether the parties may
    trade (a prisoner, LH-I.1.1-05) and whether an artifact's receiver is a prisoner
    (LH-I.3.2-03) are checked when the deal is made: the prisoner orders of the same
    stage (FREE, PERMIT) come first (digest §4.3)."""
    st, data, me = ctx.state, ctx.data, ctx.player
    if me not in terms["parties"]:
        raise OrderError(ILLEGAL, "you are not a party to this deal", RULE,
                         "write only deals you give, promise or receive something in")
    if len(terms["parties"]) < 2:
        raise OrderError(INVALID, "a deal needs two parties", RULE, "name the other party")
    gives = [c for c in terms["clauses"] if "item" in c and not c.get("if_overlord")]
    realm_from = sorted(c["from"] for c in gives if c["item"]["kind"] == "realm")
    realm_to = sorted(c["to"] for c in gives if c["item"]["kind"] == "realm")
    if realm_from != realm_to or len(set(realm_from)) != len(realm_from):
        raise OrderError(ILLEGAL, "home realms are only swapped: each party giving Realm "
                         "gives one and receives one", "LH-I.2-06",
                         "e.g. anna GIVES Realm TO boris; boris GIVES Realm TO anna")
    surrenders = [c["from"] for c in gives if c["item"]["kind"] == "surrender"]
    if len(set(surrenders)) != len(surrenders):
        raise OrderError(ILLEGAL, "a Devil surrenders to one captor", "LH-I.1.1-12",
                         "keep one Surrender")
    for c in gives:
        item = c["item"]
        why = it.movable(item, st.phase, data)
        if why:
            raise OrderError(ILLEGAL, f"{it.text(item, data)}: {why[1]}", why[0],
                             "trade it in the transfer phase")
        if item["kind"] == "prisoner" and item["name"] == c["to"]:
            raise OrderError(ILLEGAL, "a prisoner is not handed to himself", "LH-I.1.1-08",
                             f"to let him go, write FREE {item['name']}")
        if item["kind"] == "prisoner" and (st.players[item["name"]].captor != c["from"]
                                           or st.players[item["name"]].status
                                           != "prisoner"):
            raise OrderError(ILLEGAL, f"{item['name']} is not {c['from']}'s prisoner",
                             "LH-I.1.1-09", "only the captor hands a prisoner over")
        if item["kind"] in ("realm", "surrender") and not st.players[c["to"]].home:
            raise OrderError(ILLEGAL, f"{c['to']} has no home realm", "LH-I.2-06"
                             if item["kind"] == "realm" else "LH-I.1.1-10",
                             "only a Devil with a home realm can swap it or hold prisoners")
    lack = it.shortfall(st, me, [c["item"] for c in gives if c["from"] == me], data)
    if lack:
        raise OrderError(ILLEGAL, f"you cannot give this: {lack}", RULE,
                         "give only what you hold now")
