"""Standing FLIGHT orders: where a fleeing Lieutenant goes and whom he takes (9.5.1; IP-25).

    FLIGHT PREFER UNOWNED, OWN          of his two dice, take the one that leads to a
                                        Sectio nobody controls, else one of mine, ...
    FLIGHT TAKE MINDERS LAST MAX 1      he takes at most 1 Legion, Minders last

A fleeing Lieutenant rolls two dice and picks either legal result (HG-9.5.1-07); he may
take up to his Leadership Number of Legions with him. By email both choices are made
in advance. Each die's result falls in one of five kinds of destination:

    OWN       a Sectio you control, free of unfriendly Units
    UNOWNED   a Sectio nobody controls, free of unfriendly Units
    ENEMY     a Sectio another player controls, free of unfriendly Units
    ANTEHELL  AnteHell
    OCCUPIED  a Sectio with unfriendly Units, where he must flee again (HG-9.5.1-08), or
              Lilith's Sectio, where his flight ends (HG-16.3-03)

Unfriendly Units are other players' and Freebooters' Units and rampaging Hellhounds; a
lone Lieutenant of another player does not count (flight.unfriendly).

The Lieutenant takes the die whose kind comes first in the list; kinds left out follow
in the default order OWN, UNOWNED, ENEMY, ANTEHELL, OCCUPIED; on a tie, the first die.
A die that fails (5-6, the Pentagram, back where the marchers came from) is taken only
when the other fails too or leads into Uriel's Sectio, where he would be destroyed
(HG-16.3-02). Legions that flee alone roll one die and have no choice.

Without FLIGHT TAKE he takes as many Legions as his Leadership allows, Minders first (a
Hellhound always goes with its Minder, HG-9.5-07).
"""

from __future__ import annotations

import re

from pbem.engine import INVALID

from ..errors import OrderError
from ..names import match, named, normalise
from . import TURN, Ctx, order, parse_int

RULE = "HG-9.5.1-07"
PREFER, TAKE = "FLIGHT PREFER", "FLIGHT TAKE"

#: the five kinds of destination, in the default order (IP-25)
OWN, UNOWNED, ENEMY, ANTEHELL, OCCUPIED = "OWN", "UNOWNED", "ENEMY", "ANTEHELL", "OCCUPIED"
DEFAULT = (OWN, UNOWNED, ENEMY, ANTEHELL, OCCUPIED)
_KINDS = {OWN: [OWN, "MINE"], UNOWNED: [UNOWNED, "NEUTRAL", "NOBODYS"],
          ENEMY: [ENEMY, "OTHER", "THEIRS"], ANTEHELL: [ANTEHELL, "ANTE HELL"],
          OCCUPIED: [OCCUPIED]}
#: the most words (that count: not punctuation alone) and characters of a kind's name
_MOST = max(len(normalise(n).split()) for k, names in _KINDS.items() for n in [k, *names])
_LONGEST = max(len(normalise(n)) for k, names in _KINDS.items() for n in [k, *names])
PREFER_HINT = "e.g. FLIGHT PREFER OWN, UNOWNED, ENEMY, ANTEHELL, OCCUPIED"
TAKE_HINT = "e.g. FLIGHT TAKE MINDERS LAST, or FLIGHT TAKE MINDERS FIRST MAX 1"
_TAKE = re.compile(r"^(?:MINDERS\s+(?P<minders>FIRST|LAST))?\s*(?:MAX\s+(?P<max>\S+))?$", re.I)


@order(PREFER, stages=(TURN,), rule=RULE, repeatable=False,
       example="FLIGHT PREFER OWN, UNOWNED, ENEMY, ANTEHELL, OCCUPIED",
       doc="A fleeing Lieutenant takes the die leading to the kind of place listed first: "
           "OWN, UNOWNED, ENEMY (Sectio free of others' Units), ANTEHELL, OCCUPIED")
def parse_prefer(rest: str, ctx: Ctx) -> tuple[str, dict]:
    names = [w for part in re.split(r"[,>]", rest) for w in _names(part)]
    if not names:
        raise OrderError(INVALID, "FLIGHT PREFER needs the kinds of place, best first", RULE,
                         PREFER_HINT)
    listed: list[str] = []
    for name in names:
        kind = match(name, _KINDS, "destination", RULE)
        if kind in listed:
            raise OrderError(INVALID, f"FLIGHT PREFER names {kind} twice", RULE,
                             "name each kind of place once, best first")
        listed.append(kind)
    o = {"order": listed + [k for k in DEFAULT if k not in listed]}
    return prefer_text(o), o


def _names(part: str) -> list[str]:
    """The kinds in one comma-separated part, longest names first: "ANTE HELL OWN" is
    ANTE HELL and OWN. A word that fits no kind is returned alone, for match's error.

    Whether some words fit depends only on their normalised form, to which a word of
    punctuation alone ("-") adds nothing; and no kind's name has more than _MOST words
    or _LONGEST characters. So from each start only the few readings that end where
    another word would count are tried, longest first, without "did you mean": a long
    part costs time in proportion to its length."""
    words = part.split()
    forms = [normalise(w) for w in words]
    counting = [len(words)] * (len(words) + 1)  # the first word at or after i that counts
    for i in range(len(words) - 1, -1, -1):
        counting[i] = i if forms[i] else counting[i + 1]
    out, i = [], 0
    while i < len(words):
        n = _longest(forms, counting, i)
        out.append(" ".join(words[i:i + n]))
        i += n
    return out


def _longest(forms: list[str], counting: list[int], start: int) -> int:
    """How many words from `start` make the longest reading (of two words or more) that
    names a kind; 1 for none. All the readings that take in the same words that count
    read alike: of those, the longest is tried."""
    readings, taken = [], []
    c = counting[start]
    while c < len(forms):
        taken.append(forms[c])
        form = " ".join(taken)
        if len(taken) > _MOST or len(form) > _LONGEST:
            break
        c = counting[c + 1]
        readings.append((c - start, form))
    for n, form in reversed(readings):
        if n >= 2 and len(named(form, _KINDS)) == 1:
            return n
    return 1


def prefer_text(o: dict) -> str:
    """The canonical line: every kind, in the order used (kinds left out are shown where
    the default puts them, after the listed ones)."""
    return f"{PREFER} " + ", ".join(o["order"])


@order(TAKE, stages=(TURN,), rule=RULE, repeatable=False, example="FLIGHT TAKE MINDERS LAST",
       doc="Which of your Legions a fleeing Lieutenant takes with him: Minders first or "
           "last, and at most n (MAX n)")
def parse_take(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if not rest.strip():
        raise OrderError(INVALID, "FLIGHT TAKE needs MINDERS FIRST, MINDERS LAST or MAX n",
                         RULE, TAKE_HINT)
    m = _TAKE.match(rest.strip())
    if not m:
        raise OrderError(INVALID, f"FLIGHT TAKE {rest.strip()!r} is not understood", RULE,
                         TAKE_HINT)
    most = None
    if m["max"] is not None:
        most = parse_int(m["max"], "the most Legions a fleeing Lieutenant takes", RULE, 0, 9)
    o = {"minders_first": (m["minders"] or "FIRST").upper() == "FIRST", "max": most}
    return take_text(o), o


def take_text(o: dict) -> str:
    text = f"{TAKE} MINDERS {'FIRST' if o['minders_first'] else 'LAST'}"
    return text if o["max"] is None else f"{text} MAX {o['max']}"


def preference(orders: list[dict]) -> tuple[str, ...]:
    """The player's destination order (his FLIGHT PREFER, else the default)."""
    return tuple(orders[0]["order"]) if orders else DEFAULT


def taking(orders: list[dict]) -> tuple[bool, int | None]:
    """(Minders first?, at most how many Legions or None) from FLIGHT TAKE (default:
    Minders first, as many as his Leadership allows)."""
    return (orders[0]["minders_first"], orders[0]["max"]) if orders else (True, None)
