"""The grammar of the March Action (9.5): what follows MARCH on a Daemon's line.

    Balban: MARCH 1 LEGION Spies > Miracle Workers > Falsifiers;
            LIEUTENANT Sulla Sea of Lard +1 > Addiction +1 > Exploiters of Land and Sea
            > Swamp of Useless Rage

One move per Unit, moves separated by `;`, carried out in the order written:

    [n] LEGION[S] [WITH HOUND] <path>     n of your Legions in the first Sectio (1 Skull
                                          each); WITH HOUND: Legions minding a Hellhound,
                                          which comes along free (HG-9.5-07)
    LIEUTENANT <name> <path>              the Lieutenant (1 Skull) with the Legions he
                                          carries (HG-9.5-06)
    <path>  = <place> [+n | -n] > <place> [+n | -n] > ...
              the first place is where the Units are; `+n` picks up n of your Legions
              there, `-n` drops n (a Lieutenant only; `+n` on the first place: the
              Legions he starts with); `TO` may be written for `>`
    <place> = a Sectio | ANTEHELL | HELL (only right after ANTEHELL: the die picks the
              Circle-1 Sectio, HG-9.5.2-01) | INWARD, OUTWARD, CLOCKWISE,
              COUNTER-CLOCKWISE (only after HELL, where the die put the Units)

    ... DOUBLE                            after one move of Naburos's March: the Unit
                                          may go twice as far (ability.naburos)
    ... ON BLOCK STOP BEFORE | ON BLOCK ENTER   after a move: what it does when the next
                                          Sectio would stop it short of the end of its
                                          path (IP-21); as a `;` part of its own, for
                                          every move of the line. Default: ENTER
    MARCH                                 an empty March (A-10)

Checked now: names, Skulls (the Daemon's, or the most any Daemon has), steps (Legion 2,
Lieutenant 3: HG-9.5-02; twice that for Naburos's one DOUBLE move), adjacency without
diagonals (HG-9.5-03), never the Pentagram (HG-9.5-04), each Unit once (HG-9.5-05),
Leadership (HG-9.5-06), AnteHell only at the end (HG-9.5-09). Checked when the march
runs: where the Units are, everything in the way.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from .. import hooks
from ..data import HellData
from ..errors import OrderError
from ..log import count
from ..names import match, normalise
from ..orders.common import place_id, place_name
from ..state import ANTEHELL, LIEUTENANT

RULE = "HG-9.5-01"
HELL = "hell"
STOP_BEFORE, ENTER = "stop before", "enter"
STEPS = {"legion": 2, "lieutenant": 3}  # HG-9.5-02
#: The feature of Naburos's ability (hook point "ability-for", action/abilities.py): one
#: Unit of his March moves double distance.
MARCH_DOUBLE = "march-double"
DIRECTIONS = {"inward": "inward", "in": "inward", "outward": "outward", "out": "outward",
              "clockwise": "clockwise", "cw": "clockwise",
              "counter clockwise": "counter-clockwise", "counterclockwise": "counter-clockwise",
              "anticlockwise": "counter-clockwise", "anti clockwise": "counter-clockwise",
              "ccw": "counter-clockwise"}
HINT = ("e.g. MARCH 1 LEGION Spies > Miracle Workers; LIEUTENANT Sulla Sea of Lard +1 > "
        "Addiction")

_LEGION = re.compile(r"^(?:(?P<n>\d{1,9})\s+)?(?P<kw>LEGIONS?)(?P<hound>\s+WITH\s+HOUNDS?)?"
                     r"\s+(?P<path>.+)$", re.I)
_LIEUTENANT = re.compile(r"^(?:LIEUTENANT|LT)\s+(?P<rest>.+)$", re.I)
_ON_BLOCK = re.compile(r"^(?P<head>.*?)\s*\bON\s+BLOCK\s+(?P<how>STOP\s+BEFORE|ENTER)$", re.I)
_TAKE = re.compile(r"^(?P<name>.*?)\s*\(?\s*(?P<sign>[+-])\s*(?P<n>\d{1,2})\s*\)?$")
_SEP = re.compile(r"\s*(?:>|→|\bTO\b)\s*", re.I)
_DOUBLE = re.compile(r"^(?P<head>.*?)\s*\bDOUBLE$", re.I)


def parse_march(text: str, ctx, daemon: str | None = None) -> tuple[str, dict]:
    """`text` follows MARCH on a Daemon's line; `daemon` (optional) limits the moves to
    its Skulls, else to the most Skulls any Daemon has (HG-9.5-01)."""
    moves, line_block = [], None
    for seg in (s.strip() for s in text.split(";")):
        if not seg:
            continue
        seg, double = _double(seg)  # DOUBLE may come before or after ON BLOCK
        m = _ON_BLOCK.match(seg)
        how = _block(m["how"]) if m else None
        if m and not m["head"]:
            if double:
                raise OrderError(INVALID, "DOUBLE goes after one move, not alone",
                                 hooks.first("ability-for", MARCH_DOUBLE),
                                 "e.g. MARCH 1 LEGION Liars > Falsifiers > Thieves > "
                                 "Spies DOUBLE")
            if line_block is not None:
                raise OrderError(INVALID, "ON BLOCK is given twice for the whole line",
                                 "IP-21", "keep one ON BLOCK part")
            line_block = how
            continue
        head = m["head"] if m else seg
        if not double:
            head, double = _double(head)
        moves.append(_move(head, how, ctx, double))
    _check_units(moves, ctx, daemon)
    _check_double(moves, ctx, daemon)
    order = {"moves": moves, "on_block": line_block}
    return march_text(order, ctx.data), order


def march_text(order: dict, data: HellData) -> str:
    """The canonical MARCH text (parse_march(march_text(o)) gives o back)."""
    parts = [_move_text(m, data) for m in order["moves"]]
    if order.get("on_block"):
        parts.append(f"ON BLOCK {order['on_block'].upper()}")
    return "MARCH" + (" " + "; ".join(parts) if parts else "")


def move_label(move: dict, data: HellData) -> str:
    """A move's Units in words: "2 Legions in LIARS", "Lieutenant Sulla"."""
    if move["unit"] == "lieutenant":
        return f"Lieutenant {data.lieutenants[move['lieutenant']].name}"
    hound = " minding a Hellhound" if move["hound"] else ""
    return f"{count(move['n'], 'Legion')}{hound} in {place_name(move['path'][0]['at'], data)}"


# -- one move ------------------------------------------------------------------------------

def max_steps(unit: str, double: bool) -> int:
    """HG-9.5-02: a Legion 2 steps, a Lieutenant 3; Naburos "may move one of his Legions
    or Lieutenants double distance" (ability.naburos), a Lieutenant with his Legions."""
    return STEPS[unit] * (2 if double else 1)


def _double(text: str) -> tuple[str, bool]:
    m = _DOUBLE.match(text)
    return (m["head"], True) if m and m["head"] else (text, False)


def _move(text: str, how: str | None, ctx, double: bool = False) -> dict:
    m = _LEGION.match(text)
    if m:
        n = int(m["n"]) if m["n"] else None
        if n is None and m["kw"].upper() == "LEGIONS":
            raise OrderError(INVALID, f"{text!r}: how many Legions?", RULE,
                             "write the number first, e.g. 2 LEGIONS Liars > Falsifiers")
        if n == 0 or (n or 1) > 12:
            raise OrderError(INVALID, f"{text!r}: the number of Legions must be 1 to 12",
                             RULE, "e.g. 2 LEGIONS Liars > Falsifiers")
        path = _path(m["path"], "legion", ctx, double)
        if any(wp["take"] for wp in path):
            raise OrderError(INVALID, f"{text!r}: only a Lieutenant picks up or drops "
                             "Legions", "HG-9.5-06", "remove the +n / -n, or march a "
                             "LIEUTENANT")
        move = {"unit": "legion", "n": n or 1, "hound": bool(m["hound"]), "path": path,
                "on_block": how}
        return {**move, "double": True} if double else move
    m = _LIEUTENANT.match(text)
    if not m:
        raise OrderError(INVALID, f"{text!r} is not a move: it starts with LEGION, "
                         "n LEGIONS or LIEUTENANT", RULE, HINT)
    lid, rest = _lieutenant(m["rest"], ctx)
    path = _path(rest, "lieutenant", ctx, double)
    _check_leadership(path, lid, ctx.data)
    move = {"unit": "lieutenant", "lieutenant": lid, "path": path, "on_block": how}
    return {**move, "double": True} if double else move


def _lieutenant(text: str, ctx) -> tuple[str, str]:
    """The Lieutenant's name (the longest run of first words that is a whole name, else
    the first word, by unique prefix) and the path after it."""
    names = {lid: [lt.name] for lid, lt in sorted(ctx.data.lieutenants.items())}
    words = text.split()
    lid = None
    for k in range(len(words) - 1, 0, -1):
        want = normalise(" ".join(words[:k]))
        lid = next((i for i, n in names.items() if normalise(n[0]) == want), None)
        if lid:
            break
    if lid is None:
        k = 1
        lid = match(words[0], names, "Lieutenant", "HG-9.5-06")
    if len(words) <= k:
        raise OrderError(INVALID, f"LIEUTENANT {text!r} needs the Sectio he is in and "
                         "where he goes", RULE, "e.g. LIEUTENANT Sulla Sea of Lard > Addiction")
    serving = [u.owner for u in ctx.state.units if u.kind == LIEUTENANT and u.ref == lid]
    if serving and serving[0] != ctx.player:
        raise OrderError(ILLEGAL, f"{ctx.data.lieutenants[lid].name} serves {serving[0]}",
                         RULE, "march your own Lieutenants")
    return lid, " ".join(words[k:])


def _path(text: str, unit: str, ctx, double: bool = False) -> list[dict]:
    parts = [p.strip(" -") for p in _SEP.split(text.strip())]
    if any(not p for p in parts):
        raise OrderError(INVALID, f"{text!r}: a place is missing between the arrows", RULE,
                         "write places joined by >, e.g. Liars > Falsifiers")
    path = [_waypoint(p, ctx) for p in parts]
    if len(path) < 2:
        raise OrderError(INVALID, f"{text!r}: name the Sectio the Units are in, then where "
                         "they go", RULE, "e.g. Liars > Falsifiers")
    if path[0].get("dir") or path[0]["at"] == HELL:
        raise OrderError(INVALID, f"{parts[0]!r}: the path starts where the Units are",
                         RULE, "start with a Sectio or ANTEHELL")
    data = ctx.data
    for i, (prev, wp) in enumerate(zip(path, path[1:], strict=False), start=1):
        _check_step(prev, wp, parts[i - 1], parts[i], data)
        if wp.get("at") == ANTEHELL and i < len(path) - 1:
            raise OrderError(ILLEGAL, "a Unit must stop on entering AnteHell", "HG-9.5-09",
                             "end the path at ANTEHELL; march on with another Daemon")
    if len(path) - 1 > max_steps(unit, double):
        twice = " with DOUBLE" if double else ""
        raise OrderError(ILLEGAL, f"{text!r} is {count(len(path) - 1, 'step')}: a {unit} "
                         f"marches at most {max_steps(unit, double)}{twice}", "HG-9.5-02",
                         "shorten the path; another Daemon's March may move it on")
    if path[-1]["take"]:
        raise OrderError(INVALID, f"the march ends at {parts[-1]!r}: nothing to pick up or "
                         "drop there", "HG-9.5-06", "remove the +n / -n at the end")
    if path[0]["take"] < 0:
        raise OrderError(INVALID, f"{parts[0]!r}: nothing to drop before the march starts",
                         "HG-9.5-06", "+n on the first place: the Legions he starts with")
    return path


def _waypoint(part: str, ctx) -> dict:
    m = _TAKE.match(part)
    name, take = (m["name"], int(m["sign"] + m["n"])) if m else (part, 0)
    word = normalise(name)
    if word == HELL:
        return {"at": HELL, "take": take}
    if word in DIRECTIONS:
        return {"dir": DIRECTIONS[word], "take": take}
    if word in ("pentagram", "the pentagram"):
        raise OrderError(ILLEGAL, "nothing may ever enter the Pentagram", "HG-9.5-04",
                         "march around it")
    return {"at": place_id(name, ctx.data, "HG-9.5-03"), "take": take}


def _check_step(prev: dict, wp: dict, ptext: str, text: str, data: HellData) -> None:
    a, b = prev.get("at"), wp.get("at")
    if a == ANTEHELL:
        if b != HELL:
            raise OrderError(ILLEGAL, f"from AnteHell a die picks where a Unit enters Hell, "
                             f"so it cannot march to {text!r}", "HG-9.5.2-01",
                             "write ANTEHELL > HELL, then INWARD, CLOCKWISE ... if you like")
        return
    if a == HELL or prev.get("dir"):
        if not wp.get("dir"):
            raise OrderError(ILLEGAL, f"after {ptext!r} nobody knows which Sectio the Unit is "
                             f"in, so {text!r} cannot be checked", "HG-9.5.2-01",
                             "go on with INWARD, OUTWARD, CLOCKWISE or COUNTER-CLOCKWISE")
        return
    if b == HELL:
        raise OrderError(INVALID, "HELL comes only right after ANTEHELL", "HG-9.5.2-01",
                         "name the Sectio instead")
    if wp.get("dir"):
        face = {d: f for f, d in data.tables["compass"].items()}[wp["dir"]]
        raise OrderError(INVALID, f"{text!r}: directions come only after HELL", "HG-9.5-03",
                         f"name the Sectio: {place_name(data.step(a, face), data)}"
                         if data.step(a, face) in data.sectio else "name the Sectio")
    if b == ANTEHELL:
        if ANTEHELL not in data.sectio[a].neighbours.values():
            raise OrderError(ILLEGAL, f"{data.sectio[a].name} does not border AnteHell: only "
                             "Circle 1 does", "HG-9.5-03", "march out through Circle 1")
        return
    if not data.adjacent(a, b):
        sa, sb = data.sectio[a], data.sectio[b]
        corner = abs(sa.circle - sb.circle) == 1 and (sa.quarter - sb.quarter) % 5 in (1, 4)
        why = "touch only at a corner (no diagonal steps)" if corner else "are not adjacent"
        near = ", ".join(place_name(x, data) for x in data.sectio[a].neighbours.values()
                         if x != "pentagram")
        raise OrderError(ILLEGAL, f"{sa.name} and {sb.name} {why}", "HG-9.5-03",
                         f"from {sa.name} a step goes to {near}")


def _check_leadership(path: list[dict], lid: str, data: HellData) -> None:
    lead, carried = data.lieutenants[lid].leadership, 0
    for wp in path:
        carried += wp["take"]
        if carried < 0:
            raise OrderError(INVALID, f"{data.lieutenants[lid].name} drops more Legions than "
                             "he carries", "HG-9.5-06", "drop only Legions picked up before")
        if carried > lead:
            raise OrderError(ILLEGAL, f"{data.lieutenants[lid].name} would carry "
                             f"{count(carried, 'Legion')}: his Leadership is {lead}",
                             "HG-9.5-06", f"carry at most {lead}")


def _check_units(moves: list[dict], ctx, daemon: str | None) -> None:
    seen: set[str] = set()
    for m in moves:
        if m["unit"] == "lieutenant":
            if m["lieutenant"] in seen:
                raise OrderError(ILLEGAL, f"{ctx.data.lieutenants[m['lieutenant']].name} "
                                 "moves twice: a Unit moves at most once per March",
                                 "HG-9.5-05", "join the two paths into one")
            seen.add(m["lieutenant"])
    units = sum(m.get("n", 1) for m in moves)
    if daemon is not None:
        most, who = ctx.data.daemons[daemon].skulls, ctx.data.daemons[daemon].name
    else:
        most, who = max(d.skulls for d in ctx.data.daemons.values()), "no Daemon"
    if units > most:
        has = f"has {count(most, 'Skull')}" if daemon else f"has more than {count(most, 'Skull')}"
        raise OrderError(ILLEGAL, f"the March moves {count(units, 'Unit')} and {who} {has}: "
                         "1 Unit per Skull", RULE, "move fewer Units, or use another Daemon")


def _check_double(moves: list[dict], ctx, daemon: str | None) -> None:
    """ability.naburos: one move of Naburos's own March, once a turn (he marches once)."""
    doubled = [m for m in moves if m.get("double")]
    if not doubled:
        return
    naburos = hooks.first("ability-for", MARCH_DOUBLE)  # the ability's id
    if daemon is None or ctx.data.daemons[daemon].ability.id != naburos:
        who = ctx.data.daemons[daemon].name if daemon else "this Daemon"
        raise OrderError(ILLEGAL, f"only Naburos moves a Unit double distance, not {who}",
                         naburos, "remove DOUBLE, or give the March to Naburos")
    if len(doubled) > 1:
        raise OrderError(ILLEGAL, "Naburos moves one Legion or Lieutenant double distance "
                         "a turn, and this March has DOUBLE on "
                         f"{count(len(doubled), 'move')}", naburos, "keep one DOUBLE")


def _block(how: str) -> str:
    return STOP_BEFORE if how.upper().startswith("STOP") else ENTER


def _move_text(m: dict, data: HellData) -> str:
    if m["unit"] == "lieutenant":
        head = f"LIEUTENANT {data.lieutenants[m['lieutenant']].name}"
    else:
        head = f"{m['n']} LEGION{'S' if m['n'] > 1 else ''}"
        head += f" WITH HOUND{'S' if m['n'] > 1 else ''}" if m["hound"] else ""
    path = " > ".join(_wp_text(wp, data) for wp in m["path"])
    double = " DOUBLE" if m.get("double") else ""
    block = f" ON BLOCK {m['on_block'].upper()}" if m.get("on_block") else ""
    return f"{head} {path}{double}{block}"


def _wp_text(wp: dict, data: HellData) -> str:
    if wp.get("dir"):
        name = wp["dir"].upper()
    elif wp["at"] == HELL:
        name = "HELL"
    else:
        name = "ANTEHELL" if wp["at"] == ANTEHELL else data.sectio[wp["at"]].name
    return name + (f" {wp['take']:+d}" if wp["take"] else "")
