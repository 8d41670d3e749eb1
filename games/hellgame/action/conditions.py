"""The small condition language of Daemon orders: `... IF <condition>` (IP-18, IP-19).

A condition is checked when the sheet arrives (names must exist) and evaluated when the
Daemon comes up, against what has happened earlier in the phase:

    Caim HAS ACTED              Caim HAS NOT ACTED
    Caim HAS MARCHED            (also PASSED, WALKED, CAST)
    Caim IS ON EARTH            Caim IS IN HELL
    MY LEGIONS AT SUGAR HILL >= 2
    ENEMY LEGIONS IN AnteHell > 0   (other Triumvirates' and independent Legions)
    boris LEGIONS AT LIARS = 0  (one player's; UNITS counts every kind)
    I OWN LIARS                 boris OWNS LIARS
    SOULS >= 6                  FAVOURS > 1
    NOT ..., ... AND ..., ... OR ...   (AND binds before OR; no parentheses)

Sectio names may contain AND ("EXPLOITERS OF LAND AND SEA"): an atom is read as the
longest run of words that makes sense, so such names still work.
"""

from __future__ import annotations

import re

from pbem.engine import INVALID

from ..errors import OrderError
from ..names import match
from ..orders.common import in_play_names, place_id, place_name, seat_names
from ..state import LEGION

RULE = "HG-9.2-01"
OPS = {">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "<": lambda a, b: a < b,
       "<=": lambda a, b: a <= b, "=": lambda a, b: a == b, "!=": lambda a, b: a != b}
DONE = {"ACTED": None, "MARCHED": "MARCH", "PASSED": "PASS", "WALKED": "WALK THE EARTH",
        "CAST": "CAST"}
HINT = ("conditions look like: Caim HAS ACTED, Caim IS ON EARTH, MY LEGIONS AT LIARS >= 2, "
        "I OWN LIARS, SOULS >= 6, joined with AND / OR, NOT in front")


def daemon_in_play(text: str, ctx, rule: str = RULE) -> str:
    """Any Daemon in play, by name (conditions may name other players' Daemons)."""
    return match(text, in_play_names(ctx), "Daemon in play", rule)


def parse(text: str, ctx) -> dict:
    words = text.split()
    if not words:
        raise OrderError(INVALID, "IF needs a condition", RULE, HINT)
    return _or(words, ctx)


def _split(words: list[str], joiner: str) -> list[list[list[str]]]:
    """Every way of cutting `words` at the joiner (longest atoms first)."""
    cuts = [i for i, w in enumerate(words) if w.upper() == joiner]
    ways = []
    for mask in range(2 ** len(cuts)):  # few joiners in practice: a sheet line is short
        chosen = [c for k, c in enumerate(cuts) if mask >> k & 1]
        parts, start = [], 0
        for c in chosen:
            parts.append(words[start:c])
            start = c + 1
        parts.append(words[start:])
        ways.append(parts)
    ways.sort(key=len)  # fewest cuts (longest atoms) first
    return ways


def _or(words, ctx) -> dict:
    return _join(words, ctx, "OR", _and)


def _and(words, ctx) -> dict:
    return _join(words, ctx, "AND", _not)


def _join(words, ctx, joiner, inner) -> dict:
    if len([w for w in words if w.upper() == joiner]) > 8:
        raise OrderError(INVALID, f"too many {joiner}s in one condition", RULE,
                         "split the order into several lines")
    first_error = None
    for parts in _split(words, joiner):
        if any(not p for p in parts):
            continue
        try:
            args = [inner(p, ctx) for p in parts]
        except OrderError as e:
            first_error = first_error or e
            continue
        return args[0] if len(args) == 1 else {"op": joiner.lower(), "args": args}
    raise first_error or OrderError(INVALID, f"{' '.join(words)!r} is not a condition",
                                    RULE, HINT)


def _not(words, ctx) -> dict:
    if words[0].upper() == "NOT":
        if len(words) == 1:
            raise OrderError(INVALID, "NOT needs a condition after it", RULE, HINT)
        return {"op": "not", "args": [_not(words[1:], ctx)]}
    return _atom(" ".join(words), ctx)


_HAS = re.compile(r"^(.+?)\s+HAS\s+(NOT\s+)?(ACTED|MARCHED|PASSED|WALKED|CAST)$", re.I)
_IS = re.compile(r"^(.+?)\s+IS\s+(NOT\s+)?(ON\s+EARTH|IN\s+HELL)$", re.I)
_COUNT = re.compile(r"^(MY|ENEMY|\S+)\s+(LEGIONS|UNITS)\s+(?:AT|IN)\s+(.+?)\s*"
                    r"(>=|<=|!=|>|<|=)\s*(\d{1,3})$", re.I)
_OWN = re.compile(r"^(I\s+OWN|\S+\s+OWNS)\s+(.+)$", re.I)
_HOLD = re.compile(r"^(SOULS|FAVOURS)\s*(>=|<=|!=|>|<|=)\s*(\d{1,4})$", re.I)


def _atom(text: str, ctx) -> dict:
    if m := _HAS.match(text):
        return {"atom": "done", "daemon": daemon_in_play(m.group(1), ctx),
                "what": DONE[m.group(3).upper()], "negate": bool(m.group(2))}
    if m := _IS.match(text):
        where = "earth" if m.group(3).upper().startswith("ON") else "hell"
        return {"atom": "where", "daemon": daemon_in_play(m.group(1), ctx), "where": where,
                "negate": bool(m.group(2))}
    if m := _COUNT.match(text):
        return {"atom": "count", "whose": _whose(m.group(1), ctx),
                "kind": "legion" if m.group(2).upper() == "LEGIONS" else "unit",
                "place": place_id(m.group(3), ctx.data, RULE), "cmp": m.group(4),
                "value": int(m.group(5))}
    if m := _OWN.match(text):
        who = ctx.player if m.group(1).upper().startswith("I ") else _whose(
            m.group(1).split()[0], ctx)
        sid = place_id(m.group(2), ctx.data, RULE)
        if sid == "antehell":
            raise OrderError(INVALID, "AnteHell cannot be owned [HG-2.2-04]", RULE,
                             "name a Sectio")
        return {"atom": "owns", "player": who, "sectio": sid}
    if m := _HOLD.match(text):
        return {"atom": "holds", "what": m.group(1).lower(), "cmp": m.group(2),
                "value": int(m.group(3))}
    raise OrderError(INVALID, f"{text!r} is not a condition I know", RULE, HINT)


def _whose(word: str, ctx) -> str:
    w = word.upper()
    if w in ("MY", "I"):
        return ctx.player
    if w == "ENEMY":
        return "*enemy"
    return match(word, seat_names(ctx), "player", RULE)


# -- canonical text -----------------------------------------------------------------------

def text(cond: dict, st, data) -> str:
    if "op" in cond:
        if cond["op"] == "not":
            return "NOT " + text(cond["args"][0], st, data)
        return f" {cond['op'].upper()} ".join(text(a, st, data) for a in cond["args"])
    kind = cond["atom"]
    if kind in ("done", "where"):
        name = data.daemons[cond["daemon"]].name
        neg = "NOT " if cond["negate"] else ""
        if kind == "where":
            return f"{name} IS {neg}{'ON EARTH' if cond['where'] == 'earth' else 'IN HELL'}"
        word = {v: k for k, v in DONE.items()}[cond["what"]]
        return f"{name} HAS {neg}{word}"
    if kind == "count":
        whose = {"*enemy": "ENEMY"}.get(cond["whose"], cond["whose"])
        noun = "LEGIONS" if cond["kind"] == "legion" else "UNITS"
        return (f"{whose} {noun} AT {place_name(cond['place'], data).upper()} "
                f"{cond['cmp']} {cond['value']}")
    if kind == "owns":
        return f"{cond['player']} OWNS {data.sectio[cond['sectio']].name.upper()}"
    return f"{cond['what'].upper()} {cond['cmp']} {cond['value']}"


# -- evaluation ---------------------------------------------------------------------------

def holds(cond: dict, actx) -> bool:
    """The condition's value now, for the acting player (actx.player is "MY" / "I")."""
    if "op" in cond:
        if cond["op"] == "not":
            return not holds(cond["args"][0], actx)
        values = (holds(a, actx) for a in cond["args"])
        return all(values) if cond["op"] == "and" else any(values)
    st, kind = actx.st, cond["atom"]
    if kind == "done":
        taken = actx.queue.taken.get(cond["daemon"])
        if cond["what"] == "PASS":
            value = cond["daemon"] in actx.queue.passed
        else:
            value = taken is not None and (cond["what"] is None or taken == cond["what"])
        return value != cond["negate"]
    if kind == "where":
        d = st.daemons.get(cond["daemon"])
        value = d is not None and d.where == cond["where"]
        return value != cond["negate"]
    if kind == "count":
        n = sum(1 for u in st.units_at(cond["place"])
                if (cond["kind"] == "unit" or u.kind == LEGION) and _belongs(u, cond, actx))
        return OPS[cond["cmp"]](n, cond["value"])
    if kind == "owns":
        return st.owners.get(cond["sectio"]) == cond["player"]
    p = st.players[actx.player]
    return OPS[cond["cmp"]](getattr(p, cond["what"]), cond["value"])


def _belongs(unit, cond, actx) -> bool:
    if cond["whose"] == "*enemy":
        return unit.owner != actx.player  # other Triumvirates and independent Units
    return unit.owner == cond["whose"]
