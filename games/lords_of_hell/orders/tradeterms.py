"""The words trading orders share: parties (player or Devil names), items (`2 Souls`,
`Fiends`, `2 Oaths of Belial`, `Prisoner carl`, `Realm`, `Surrender`), promises (NAH,
NAP, ATTACK <devil>, NO TARGETING, OBJECT <devil>, VOTE <devil>, "free text") and the
choices of a forced trade (`Fiends`, `Wand of Might`, `Prisoner carl`, `ANY`). Parsers
only: they read the state and raise OrderError (pbem.lines) for anything else.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID, UNKNOWN
from pbem.lines import OrderError, match, normalise, parse_int

from ..items import TABLE_KINDS

_NUM = re.compile(r"^(\d+)\s+(.+)$")
_OATH = re.compile(r"^oaths?\s+(?:of\s+)?(.+)$", re.I)
_PRISONER = re.compile(r"^(?:prisoner|free)\s+(.+)$", re.I)

_CARD_NAMES: dict[int, tuple[object, dict]] = {}


def card_names(data) -> dict[str, list[str]]:
    """{card id: [name]} for every resource card kind, built once per data object."""
    hit = _CARD_NAMES.get(id(data))
    if hit is None or hit[0] is not data:
        hit = (data, {cid: [c.name] for cid, c in data.cards.items()})
        _CARD_NAMES[id(data)] = hit
    return hit[1]


def party(text: str, ctx, rule: str) -> str:
    """A player named by his name or his Devil's name; returns the player's name."""
    st = ctx.state
    names = {n: [n, ctx.data.devils[st.players[n].devil].name] for n in st.seats}
    return match(text, names, "player or Devil", rule)


def devil_in_play(text: str, ctx, rule: str) -> str:
    """A Devil in this game (by its or its player's name); returns the devil id."""
    return ctx.state.players[party(text, ctx, rule)].devil


def parse_item(text: str, ctx, rule: str) -> dict:
    """One item of a DEAL or DISCARD (see items.py for the records)."""
    text = text.strip()
    n, rest, counted = 1, text, False
    m = _NUM.match(text)
    if m:
        n, rest, counted = parse_int(m.group(1), "the number", rule, lo=1, hi=99), \
            m.group(2), True
    word = normalise(rest)
    if word in ("soul", "souls"):
        return {"kind": "souls", "n": n}
    m = _OATH.match(rest)
    if m:
        return {"kind": "oath", "devil": devil_in_play(m.group(1), ctx, rule), "n": n}
    single = {"realm": "realm", "home realm": "realm", "surrender": "surrender"}
    m = _PRISONER.match(rest)
    if m or word in single:
        if counted:
            raise OrderError(INVALID, f"{text!r}: a number goes only with Souls, cards and "
                             "Oaths", rule, f"write {rest.strip()!r} without the number")
        if m:
            return {"kind": "prisoner", "name": party(m.group(1), ctx, rule)}
        return {"kind": single[word]}
    card = match(rest, card_names(ctx.data), "card", rule)
    return {"kind": "card", "card": card, "n": n}


def parse_items(text: str, ctx, rule: str) -> list[dict]:
    """Items separated by commas or AND; the same Souls, cards or Oaths are added up."""
    parts = [p for p in re.split(r",|\s+and\s+", text, flags=re.I) if p.strip()]
    if not parts:
        raise OrderError(INVALID, "no items named", rule, "e.g. 2 Souls, Fiends")
    out: list[dict] = []
    for part in parts:
        it = parse_item(part, ctx, rule)
        same = next((o for o in out if o["kind"] == it["kind"] and "n" in it
                     and o.get("card") == it.get("card") and o.get("devil") == it.get("devil")),
                    None)
        if same is not None:
            same["n"] += it["n"]
        elif it in out:
            raise OrderError(INVALID, f"{part.strip()!r} is named twice", rule,
                             "name it once")
        else:
            out.append(it)
    return out


def oath(text: str, ctx, rule: str) -> tuple[str, str]:
    """`Oath of Belial` or `Belial`: (devil id, one of the writer's Oath instances of that
    Devil); the writer must hold one."""
    m = _OATH.match(text.strip())
    devil = devil_in_play(m.group(1) if m else text, ctx, rule)
    slug = devil.split(".", 1)[1]
    mine = sorted(c for c in ctx.me.hand if c.startswith(f"oath.{slug}."))
    if not mine:
        name = ctx.data.devils[devil].name
        raise OrderError(ILLEGAL, f"you hold no Oath of {name}", rule,
                         "name an Oath in your hand")
    return devil, mine[0]


PROMISE_KINDS = {
    "NAH": (["nah", "no attack to home", "no attack home"], False, "LH-II.3.1-02"),
    "NAP": (["nap", "non aggression pact", "non agression pact"], False, "LH-II.3.1-03"),
    "ATTACK": (["attack"], True, "LH-II.3.1-04"),
    "NO TARGETING": (["no targeting", "notarget", "no target"], False, "LH-II.3.1-06"),
    "OBJECT": (["object", "object in gathering"], True, "LH-II.3.1-05"),
    "VOTE": (["vote", "proclaim"], True, "LH-III.4.5-04"),
}


def parse_promise(text: str, ctx, rule: str) -> dict:
    """`NAP`, `ATTACK Glasya`, `"3 hordes next turn"` -> {"kind", "target", "text"}
    ("target": the player named, for ATTACK, OBJECT and VOTE; free text: kind "TEXT")."""
    text = text.strip()
    if text.startswith('"'):
        if len(text) < 3 or not text.endswith('"') or '"' in text[1:-1]:
            raise OrderError(INVALID, f"{text!r}: a free promise goes in one pair of double "
                             "quotes", "LH-II.3.2-01", 'e.g. PROMISES "3 hordes next turn"')
        return {"kind": "TEXT", "target": None, "text": " ".join(text[1:-1].split())}
    word = normalise(text)
    forms = sorted(((name, kind) for kind, (names, _, _) in PROMISE_KINDS.items()
                    for name in names), key=lambda x: -len(x[0]))
    for name, kind in forms:
        _, targeted, krule = PROMISE_KINDS[kind]
        if word == name and not targeted:
            return {"kind": kind, "target": None, "text": ""}
        if targeted and word.startswith(name + " "):
            who = text.split(None, len(name.split()))[-1]
            return {"kind": kind, "target": party(who, ctx, krule), "text": ""}
        if targeted and word == name:
            raise OrderError(INVALID, f"{kind} needs the Devil it is about", krule,
                             f"e.g. {kind} Glasya")
    raise OrderError(UNKNOWN, f"{text!r} is not a basic promise", "LH-II.3.1-01",
                     "basic promises: NAH, NAP, ATTACK <devil>, NO TARGETING, OBJECT <devil>, "
                     'VOTE <devil>; or write the promise in double quotes: "..."')


def parse_choices(text: str, ctx, rule: str) -> list[dict]:
    """A ranked list of what a forced trade takes: tabled hordes or artifacts by name,
    `Prisoner <name>` (freed), `ANY`; separated by ELSE or commas."""
    parts = [p for p in re.split(r",|\s+else\s+", text, flags=re.I) if p.strip()]
    if not parts:
        raise OrderError(INVALID, "no choice named", rule, "e.g. FOR Wand of Might ELSE ANY")
    out = []
    for part in parts:
        m = _PRISONER.match(part.strip())
        if m:
            out.append({"kind": "prisoner", "name": party(m.group(1), ctx, rule)})
            continue
        if normalise(part) == "any":
            out.append({"kind": "any"})
            continue
        card = match(part, card_names(ctx.data), "card", rule)
        if ctx.data.cards[card].kind not in TABLE_KINDS:
            raise OrderError(ILLEGAL, f"{ctx.data.cards[card].name} is a "
                             f"{ctx.data.cards[card].kind}: a forced trade takes a tabled "
                             "horde or artifact, or frees a prisoner", rule,
                             "name a horde, an artifact, Prisoner <name> or ANY")
        out.append({"kind": "card", "card": card})
    return out


def choice_text(choice: dict, data) -> str:
    if choice["kind"] == "prisoner":
        return f"Prisoner {choice['name']}"
    if choice["kind"] == "any":
        return "ANY"
    return data.cards[choice["card"]].name
