"""The Diplomacy Action Influence Units (9.7.1) with bribes (9.7.1.2); Conspire
(9.7.3, 9.7.3.1) lives in conspire.py and is re-exported here.

A Daemon in Hell names a Unit of another Triumvirate and tries to make it disband or
change sides (HG-9.7-01, HG-9.7.1-01). The order (IP-26)::

    INFLUENCE <target> [OR <target> ...] [DISBAND | DEFECT [TO <side>[, <side>...]]]
              [WITH <n> LEGIONS] [BRIBE <n> | BRIBE <a>,<b>[,<c>]] [PAY FAVOUR] [REROLL]

    target  LIEUTENANT <name> [AT <sectio>]   a Lieutenant (AT: only if he is there)
            LEGION [OF <player>] AT <place>   a Legion minding no Hellhound (else a Minder)
            MINDER [OF <player>] AT <place>   a Legion minding a Hellhound
    side    ME | <player> | FREEBOOTERS

    INFLUENCE LEGION AT Liars DEFECT BRIBE 2,1 PAY FAVOUR
    INFLUENCE LIEUTENANT Sulla AT Sugar Hill OR LEGION OF beast AT Liars DISBAND BRIBE 2

Without OF, a LEGION or MINDER target is one of the first other Triumvirate, in seating
order, that has one there. Targets are tried in order; the first that can be attempted
is, and only that one. A target is passed over (nothing paid) when it is gone, is not
another Triumvirate's Unit, is a Legion stacked with its Triumvirate's Lieutenant
(HG-9.7.1-05), or is at home and the order has no PAY FAVOUR or the player no free
Favour (HG-9.7.1-02, A-34a, HG-14.1-01). When no target can be attempted,
`run_influence` returns the reasons and nothing changes.

Defaults: DISBAND; DEFECT goes TO ME; the bribe is spread evenly over the dice, the
first dice getting the odd Souls (IP-26); a Lieutenant who defects takes as many of his
Triumvirate's Legions there as his Leadership, the counters and `WITH` allow, Minders
first (so their hounds come too), then oldest first. A bribe is the most that is paid:
with fewer Souls the player pays what he has, the last dice losing their Souls first.

REROLL uses Gomory's ability ("may re-roll one die when trying to Influence a Unit") on
the first failed die; by default it is not used (IP-33). Which ability gives it, the hook
point "ability-for" says (action/abilities.py). A Hellhound whose Minder is
disbanded goes on a rampage (HG-9.7.1-10); its immediate Compass move (HG-10.3-02) is
reported as not implemented.

"Stacked with" (HG-9.7.1-05, HG-9.7.1-09): Units are not linked to a Lieutenant in the
state, so a Legion is stacked with a Lieutenant when it is in the same place and has
the same owner, as for every counter in one Sectio (AnteHell included).
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from .. import hooks
from ..errors import OrderError
from ..log import count
from ..names import match, normalise
from ..orders import parse_int
from ..orders.common import place_id, place_name, seat_names
from ..state import HELLHOUND, LEGION, LIEUTENANT, Unit
from .conspire import parse_conspire, run_conspire

__all__ = ["parse_influence", "run_influence", "parse_conspire", "run_conspire"]

RULE = "HG-9.7.1-01"
DISBAND, DEFECT = "disband", "defect"
#: Rolls against Hearts needed (HG-9.7.1-03, HG-9.7.1-04).
DICE = {(LEGION, DISBAND): 1, (LEGION, DEFECT): 2, (LIEUTENANT, DISBAND): 2,
        (LIEUTENANT, DEFECT): 3}
#: The feature of Gomory's ability (hook point "ability-for"): "May re-roll one die when
#: trying to Influence a Unit."
INFLUENCE_REROLL = "influence-reroll"
SYNTAX = ("INFLUENCE <target> [OR <target>...] [DISBAND | DEFECT [TO <side>, ...]] "
          "[WITH <n> LEGIONS] [BRIBE <n> | BRIBE <a>,<b>] [PAY FAVOUR] [REROLL]")

_OPTION_WORDS = r"(?:DISBAND|DEFECT|WITH|BRIBE|PAY|RE-?ROLL)"
_FIRST_OPTION = re.compile(rf"(?:^|\s){_OPTION_WORDS}\b", re.I)
_OPTION = re.compile(
    r"\s*(?:(?P<disband>DISBAND)"
    r"|(?P<defect>DEFECT)(?:\s+TO\s+(?P<sides>.+?))?"
    r"|WITH\s+(?P<take>\S+)(?:\s+LEGIONS?)?"
    r"|BRIBE\s+(?P<bribe>[^\s,]+(?:\s*,\s*[^\s,]+)*)"
    r"|(?P<pay>PAY(?:\s+1)?\s+FAVOURS?)"
    r"|(?P<reroll>RE-?ROLL))"
    rf"(?=\s+{_OPTION_WORDS}\b|\s*$)",
    re.I)
_LIEUTENANT = re.compile(r"^(?:LIEUTENANT|LT)\s+(?P<name>.+?)(?:\s+AT\s+(?P<at>.+))?$", re.I)
_LEGION = re.compile(r"^(?P<kind>LEGION|MINDER)(?:\s+OF\s+(?P<of>\S+))?\s+AT\s+(?P<at>.+)$",
                     re.I)
_FREEBOOTERS = ("freebooters", "freebooter")


# -- the order ---------------------------------------------------------------------------

def parse_influence(text: str, ctx) -> tuple[str, dict]:
    """`text` follows INFLUENCE; see the module docstring for the grammar."""
    text = " ".join(text.split())
    if not text:
        raise OrderError(INVALID, "INFLUENCE needs a target", RULE, "write " + SYNTAX)
    cut = _FIRST_OPTION.search(text)
    head, tail = (text[:cut.start()], text[cut.start():]) if cut else (text, "")
    targets = [_parse_target(t, ctx) for t in re.split(r"\s+OR\s+", head.strip(), flags=re.I)]
    o = _parse_options(tail.strip(), ctx)
    o["targets"] = targets
    _check(o, ctx)
    return _canonical(o, ctx), o


def _parse_target(text: str, ctx) -> dict:
    text = text.strip()
    if re.match(r"^(?:HELL)?HOUNDS?\b", text, re.I):
        raise OrderError(ILLEGAL, f"{text!r}: Hellhounds cannot be influenced", "HG-9.7.1-10",
                         "influence its Minder instead: MINDER AT <sectio>")
    if m := _LIEUTENANT.match(text):
        names = {lid: [lt.name] for lid, lt in sorted(ctx.data.lieutenants.items())}
        lid = match(m["name"], names, "Lieutenant", RULE)
        on_map = [u for u in ctx.state.units if u.kind == LIEUTENANT and u.ref == lid]
        name = ctx.data.lieutenants[lid].name
        if on_map and on_map[0].owner == ctx.player:
            raise OrderError(ILLEGAL, f"{name} is your own Lieutenant", RULE,
                             "name a Lieutenant of another Triumvirate")
        if on_map and on_map[0].owner is None:
            raise OrderError(ILLEGAL, f"{name} is a Freebooter: Freebooters cannot be "
                             "influenced", "HG-9.7.1-01", "name a Lieutenant of a Triumvirate")
        at = place_id(m["at"], ctx.data, RULE) if m["at"] else None
        return {"kind": LIEUTENANT, "lieutenant": lid, "at": at}
    if m := _LEGION.match(text):
        of = None
        if m["of"]:
            if normalise(m["of"]) in _FREEBOOTERS:
                raise OrderError(ILLEGAL, "Freebooters cannot be influenced: they are no "
                                 "Triumvirate's Units (A-34b)", RULE,
                                 "name a Legion of another player")
            of = _player(m["of"], ctx)
            if of == ctx.player:
                raise OrderError(ILLEGAL, "you cannot influence your own Legions", RULE,
                                 "name another player, or leave OF out")
        return {"kind": m["kind"].lower(), "of": of, "at": place_id(m["at"], ctx.data, RULE)}
    raise OrderError(INVALID, f"{text!r} is not a target I understand", RULE,
                     "write LIEUTENANT <name>, LEGION AT <sectio> or MINDER AT <sectio>, "
                     "e.g. INFLUENCE LEGION AT Liars DISBAND")


def _player(text: str, ctx) -> str:
    return match(text, seat_names(ctx), "player", RULE)


def _parse_options(tail: str, ctx) -> dict:
    o = {"mode": DISBAND, "sides": [], "take": None, "bribe": 0, "per_die": None,
         "favour": False, "reroll": False}
    seen: set[str] = set()
    pos = 0
    while pos < len(tail):
        m = _OPTION.match(tail, pos)
        if m is None:
            raise OrderError(INVALID, f"{tail[pos:]!r} is not understood", RULE,
                             "write " + SYNTAX)
        word = m.group(0).split()[0].upper().replace("-", "")
        if word in seen:
            raise OrderError(INVALID, f"{word} is given twice", RULE, "keep one of them")
        if word in ("DISBAND", "DEFECT") and seen & {"DISBAND", "DEFECT"}:
            raise OrderError(INVALID, "DISBAND and DEFECT cannot both be given", RULE,
                             "keep one of them")
        seen.add(word)
        if m["disband"]:
            o["mode"] = DISBAND
        elif m["defect"]:
            o["mode"] = DEFECT
            o["sides"] = _sides(m["sides"], ctx) if m["sides"] else [ctx.player]
        elif m["take"] is not None:
            top = max(lt.leadership for lt in ctx.data.lieutenants.values())
            o["take"] = parse_int(m["take"], "the number of Legions", "HG-9.7.1-09", 0, top)
        elif m["bribe"] is not None:
            parts = [p.strip() for p in m["bribe"].split(",")]
            souls = [parse_int(p, "a bribe", "HG-9.7.1.2-01", 0, 99) for p in parts]
            if len(souls) == 1:
                o["bribe"] = souls[0]
            else:
                o["per_die"] = souls
        elif m["pay"]:
            o["favour"] = True
        else:
            o["reroll"] = True
        pos = m.end()
    return o


def _sides(text: str, ctx) -> list[str | None]:
    """ME | FREEBOOTERS | a player, in the influencer's order of preference."""
    out: list[str | None] = []
    for part in re.split(r"\s*,\s*|\s+OR\s+", text.strip(), flags=re.I):
        word = normalise(part)
        side = ctx.player if word == "me" else None if word in _FREEBOOTERS else \
            _player(part, ctx)
        if side not in out:
            out.append(side)
    return out


def _check(o: dict, ctx) -> None:
    kinds = {LIEUTENANT if t["kind"] == LIEUTENANT else LEGION for t in o["targets"]}
    if o["take"] is not None and (o["mode"] != DEFECT or LIEUTENANT not in kinds):
        raise OrderError(ILLEGAL, "WITH <n> LEGIONS is only for a Lieutenant who defects",
                         "HG-9.7.1-09", "remove WITH, or target a LIEUTENANT with DEFECT")
    most = max(DICE[k, o["mode"]] for k in kinds)
    if o["per_die"] and len(o["per_die"]) > most:
        raise OrderError(ILLEGAL, f"BRIBE names {len(o['per_die'])} dice but {o['mode'].upper()}"
                         f" rolls at most {count(most, 'die', 'dice')} here",
                         "HG-9.7.1.2-01", f"give at most {count(most, 'number')}, or one total")
    gomory = hooks.first("ability-for", INFLUENCE_REROLL) if o["reroll"] else None
    if o["reroll"] and not any(ctx.data.daemons[d].ability.id == gomory
                               for d in ctx.state.players[ctx.player].daemons):
        raise OrderError(ILLEGAL, "only Gomory may re-roll an Influence die", RULE,
                         "remove REROLL")


def _canonical(o: dict, ctx) -> str:
    parts = []
    for t in o["targets"]:
        if t["kind"] == LIEUTENANT:
            text = f"LIEUTENANT {ctx.data.lieutenants[t['lieutenant']].name}"
        else:
            text = t["kind"].upper() + (f" OF {t['of']}" if t["of"] else "")
        parts.append(text + (f" AT {place_name(t['at'], ctx.data)}" if t["at"] else ""))
    text = "INFLUENCE " + " OR ".join(parts)
    if o["mode"] == DEFECT:
        text += " DEFECT TO " + ", ".join(_side_word(s, ctx.player) for s in o["sides"])
    else:
        text += " DISBAND"
    if o["take"] is not None:
        text += f" WITH {count(o['take'], 'LEGION', 'LEGIONS')}"
    if o["per_die"]:
        text += " BRIBE " + ",".join(str(n) for n in o["per_die"])
    elif o["bribe"]:
        text += f" BRIBE {o['bribe']}"
    return text + (" PAY FAVOUR" if o["favour"] else "") + (" REROLL" if o["reroll"] else "")


def _side_word(side: str | None, me: str) -> str:
    return "ME" if side == me else "FREEBOOTERS" if side is None else side


# -- carrying it out ---------------------------------------------------------------------

def run_influence(actx, order: dict) -> str | None:
    """Try the targets in order; attempt the first possible one (IP-26)."""
    skipped: list[str] = []
    for t in order["targets"]:
        unit, why = _find(actx, t)
        plan, why = (None, why) if unit is None else _plan(actx, order, unit)
        if plan is None:
            skipped.append(why)
            continue
        who = _daemon(actx)
        for reason in skipped:
            actx.log.public("influence-skip", f"{who} passes over a target: {reason}.",
                            RULE, player=actx.player)
        _attempt(actx, order, unit, plan)
        return None
    return "; ".join(skipped)


def _daemon(actx) -> str:
    return f"{actx.data.daemons[actx.daemon].name} ({actx.player})"


def _stacked_with_lieutenant(st, u: Unit) -> bool:
    """HG-9.7.1-05, as read in the module docstring."""
    return any(x.kind == LIEUTENANT and x.owner == u.owner and x.location == u.location
               for x in st.units)


def _minds(st, u: Unit) -> list[Unit]:
    return [h for h in st.units if h.kind == HELLHOUND and h.minder == u.id]


def _find(actx, t: dict) -> tuple[Unit | None, str]:
    """The Unit a target names now, or (None, why not)."""
    st, data = actx.st, actx.data
    if t["kind"] == LIEUTENANT:
        name = data.lieutenants[t["lieutenant"]].name
        unit = next((u for u in st.units if u.kind == LIEUTENANT and u.ref == t["lieutenant"]),
                    None)
        if unit is None:
            return None, f"Lieutenant {name} is not on the map"
        if t["at"] and unit.location != t["at"]:
            return None, f"Lieutenant {name} is not in {place_name(t['at'], data)}"
        if unit.owner is None or unit.owner == actx.player:
            whose = "a Freebooter (A-34b)" if unit.owner is None else f"{actx.player}'s own"
            return None, f"Lieutenant {name} is {whose}, not another Triumvirate's (HG-9.7.1-01)"
        return unit, ""
    place = place_name(t["at"], data)
    owners = [t["of"]] if t["of"] else [p for p in st.seats if p != actx.player]
    legions = [u for p in owners for u in st.units_at(t["at"])
               if u.kind == LEGION and u.owner == p]
    free = [u for u in legions if not _stacked_with_lieutenant(st, u)]
    if t["kind"] == "minder":
        pool = [u for u in free if _minds(st, u)]
    else:  # a plain Legion first; a Minder only when its Triumvirate has no other there
        pool = sorted(free, key=lambda u: (owners.index(u.owner), bool(_minds(st, u))))
    if pool:
        return pool[0], ""
    whose = t["of"] or "another Triumvirate"
    if legions and not free:
        return None, (f"every Legion of {whose} in {place} is stacked with a Lieutenant: "
                      "target the Lieutenant (HG-9.7.1-05)")
    what = "Legion minding a Hellhound" if t["kind"] == "minder" else "Legion"
    return None, f"there is no {what} of {whose} in {place}"


def _room(actx, side: str | None) -> int | None:
    """Free Legion counters of a side; None for the Freebooters (no known limit)."""
    if side is None:
        return None
    return actx.data.tables["legion_cap"] - len(actx.st.units_of(side, LEGION))


def _plan(actx, order: dict, unit: Unit) -> tuple[dict | None, str]:
    """What the attempt costs and where a defector goes, checked before anything is paid."""
    st, data = actx.st, actx.data
    what = _unit_name(unit, data)
    p = st.players[actx.player]
    favours = 0
    if unit.location in data.sectio and st.owners.get(unit.location) == unit.owner:
        favours = data.tables["influence_at_home_cost_favours"]
        ban = hooks.first("favour-use-forbidden", st)  # Lucifer - An Impostor?
        if ban is not None:
            return None, (f"{what} of {unit.owner} is at home, which costs a Favour, and this "
                          f"turn {data.hell_cards[ban].name} forbids using one ({ban})")
        if not order["favour"]:
            return None, (f"{what} of {unit.owner} is at home in "
                          f"{place_name(unit.location, data)} and the order does not say "
                          "PAY FAVOUR (HG-9.7.1-02)")
        if p.free_favours < favours:
            return None, (f"{what} of {unit.owner} is at home and {actx.player} has no free "
                          "Favour to pay (HG-9.7.1-02, HG-14.1-01)")
    side, note = None, ""
    if order["mode"] == DEFECT:
        fits = [s for s in order["sides"] if s != unit.owner and (
            unit.kind == LIEUTENANT or _room(actx, s) is None or _room(actx, s) > 0)]
        side = fits[0] if fits else None
        if not fits:
            note = ("no side named can take it (its own side, or no free Legion counter), "
                    "so it goes to the Freebooters (A-34c)")
    dice = DICE[unit.kind, order["mode"]]
    wanted = sum(order["per_die"][:dice]) if order["per_die"] else order["bribe"]
    return {"favours": favours, "side": side, "note": note, "dice": dice, "wanted": wanted,
            "bribes": _bribes(order, dice, p.souls)}, ""


def _bribes(order: dict, dice: int, souls: int) -> list[int]:
    """Souls on each die (HG-9.7.1.2-01): as ordered per die, else spread evenly (IP-26);
    never more than he has, the last dice losing theirs first."""
    if order["per_die"]:
        want = (order["per_die"] + [0] * dice)[:dice]
    else:
        total = min(order["bribe"], souls)
        want = [total // dice + (1 if i < total % dice else 0) for i in range(dice)]
    out, left = [], souls
    for n in want:
        out.append(min(n, left))
        left -= out[-1]
    return out


def _unit_name(u: Unit, data) -> str:
    return f"Lieutenant {data.lieutenants[u.ref].name}" if u.kind == LIEUTENANT else "a Legion"


def _attempt(actx, order: dict, unit: Unit, plan: dict) -> None:
    st, data, log = actx.st, actx.data, actx.log
    p = st.players[actx.player]
    daemon = data.daemons[actx.daemon]
    hearts, bonus = daemon.hearts, unit.bonus_pay if unit.kind == LIEUTENANT else 0
    bribes = plan["bribes"]
    what, owner, place = _unit_name(unit, data), unit.owner, place_name(unit.location, data)
    aim = ("disband" if order["mode"] == DISBAND else
           f"change sides to {plan['side'] or 'the Freebooters'}")
    paid = []
    if plan["favours"]:  # HG-9.7.1-02: paid for the attempt, whatever the dice say
        p.favours -= plan["favours"]
        paid.append(f"{count(plan['favours'], 'Favour')} because it is at home")
    if sum(bribes):  # HG-9.7.1.2-01: all bribes before any roll
        p.souls -= sum(bribes)
        paid.append(f"{count(sum(bribes), 'Soul')} of bribes ({','.join(map(str, bribes))})")
    text = f"{_daemon(actx)} tries to make {what} of {owner} in {place} {aim}"
    if plan["note"]:
        text += f" ({plan['note']})"
    text += (f"; pays {' and '.join(paid)}" if paid else "") + "."
    if sum(bribes) < plan["wanted"]:  # a bribe is the most that is paid (IP-26)
        text += (f" The order offers {count(plan['wanted'], 'Soul')} of bribes, more than "
                 f"{actx.player} had.")
    if bonus:
        text += f" Bonus Pay on him adds +{bonus} to every die (HG-9.7.1.2-02)."
    log.public("influence", text, RULE, player=actx.player, daemon=actx.daemon,
               target=unit.id, mode=order["mode"], favours=plan["favours"], bribes=bribes)
    success, shown = _roll(actx, order, plan["dice"], hearts, bribes, bonus)
    rule = "HG-9.7.1-03" if unit.kind == LEGION else "HG-9.7.1-04"
    log.public("influence-rolls", f"{daemon.name} rolls against {count(hearts, 'Heart')}: "
               + ", ".join(shown) + (": success." if success else ": the attempt fails."),
               rule, player=actx.player, success=success)
    if not success:
        return
    if order["mode"] == DISBAND:
        _disband(actx, unit)
    elif not _thanks_but_no_thanks(actx, unit, sum(bribes)):
        _defect(actx, order, unit, plan["side"])


def _thanks_but_no_thanks(actx, unit: Unit, bribes: int) -> bool:
    """A card may let the owner keep the Unit (hook point "defection-refused": Thanks, But
    No Thanks, action/spells_daemons.py)."""
    return bool(hooks.first("defection-refused", actx, unit, bribes))


def _roll(actx, order: dict, n: int, hearts: int, bribes: list[int], bonus: int
          ) -> tuple[bool, list[str]]:
    """Roll against Hearts n times, stopping at the first failure (HG-3.4-04,
    HG-9.7.1-03/04): a die succeeds when die - bribe + Bonus Pay <= Hearts."""
    may_reroll = order["reroll"] and actx.data.daemons[actx.daemon].ability.id == \
        hooks.first("ability-for", INFLUENCE_REROLL)
    if order["reroll"] and not may_reroll:
        actx.log.public("influence-reroll", f"REROLL is ignored: only Gomory may re-roll "
                        f"an Influence die, not {actx.data.daemons[actx.daemon].name}.",
                        RULE, player=actx.player)
    shown = []
    for i in range(n):
        die = actx.dice.roll(f"HG-9.7.1-03 Influence die {i + 1} of {n} against Hearts",
                             actx.player)
        ok = die - bribes[i] + bonus <= hearts
        if not ok and may_reroll:
            may_reroll = False
            shown.append(_shown(die, bribes[i], bonus) + " re-rolled (Gomory)")
            die = actx.dice.roll(f"Gomory's re-roll of Influence die {i + 1}", actx.player)
            ok = die - bribes[i] + bonus <= hearts
        if not ok:  # IP-33: Caim's once-a-turn re-roll, the re-roll cards, if ordered
            from . import reroll  # abilities.py (which reroll uses) imports this module

            before, name = len(actx.dice.log), f"Influence die {i + 1} of {actx.label()}"
            new = reroll.dice(actx, actx.player, "influence", [die],
                              lambda fs, b=bribes[i]: [0] if fs[0] - b + bonus > hearts else [],
                              lambda fs, _, name=name: name)[0]
            if len(actx.dice.log) > before:
                shown.append(_shown(die, bribes[i], bonus) + " re-rolled")
                die = new
                ok = die - bribes[i] + bonus <= hearts
        shown.append(_shown(die, bribes[i], bonus))
        if not ok:
            return False, shown
    return True, shown


def _shown(die: int, bribe: int, bonus: int) -> str:
    text = str(die) + (f"-{bribe}" if bribe else "") + (f"+{bonus}" if bonus else "")
    return text + (f"={die - bribe + bonus}" if bribe or bonus else "")


def _disband(actx, unit: Unit) -> None:
    """HG-9.7.1-06: a Legion leaves the map; HG-9.7.1-07: a Lieutenant goes to the Return
    box and his Units stay; HG-9.7.1-10: a disbanded Minder's hound goes on a rampage."""
    st, data, log = actx.st, actx.data, actx.log
    hounds = _minds(st, unit)
    st.remove_unit(unit.id)
    if unit.kind == LIEUTENANT:
        log.public("influence-disband", f"Lieutenant {data.lieutenants[unit.ref].name} of "
                   f"{unit.owner} disbands and goes to the Return box; the Units with him "
                   "stay.", "HG-9.7.1-07", player=actx.player, unit=unit.id, owner=unit.owner)
        return
    log.public("influence-disband", f"{unit.owner}'s Legion in "
               f"{place_name(unit.location, data)} disbands and is removed from the map.",
               "HG-9.7.1-06", player=actx.player, unit=unit.id, owner=unit.owner)
    from ..random_moves import lose_minder  # random_moves imports the Action package

    for h in hounds:
        log.public("hound-rampage", f"Hellhound {data.hellhounds[h.ref].name} loses its "
                   "Minder and goes on a rampage.", "HG-9.7.1-10", unit=h.id)
        lose_minder(st, actx.sheets, actx.dice, data, log, h.id)  # HG-10.3-02


def _defect(actx, order: dict, unit: Unit, side: str | None) -> None:
    """HG-9.7.1-08: the counter is replaced by one of `side` (here: its owner changes);
    HG-9.7.1-09: a Lieutenant takes Legions along; HG-9.7.1-10: hounds follow Minders."""
    st, data, log = actx.st, actx.data, actx.log
    old, to = unit.owner, side if side else "the Freebooters"
    if unit.kind == LEGION:
        _turn(st, unit, side)
        log.public("influence-defect", f"{old}'s Legion in {place_name(unit.location, data)}"
                   f" now serves {to}" + _hounds_text(st, unit, data) + ".", "HG-9.7.1-08",
                   player=actx.player, unit=unit.id, owner=old, side=side)
        return
    # The Bonus Pay was his old master's to keep him loyal: it does not follow him.
    unit.bonus_pay = 0
    lieutenant = data.lieutenants[unit.ref]
    most = lieutenant.leadership if order["take"] is None else \
        min(order["take"], lieutenant.leadership)
    room = _room(actx, side)
    if room is not None:
        most = min(most, room)
    stack = [u for u in st.units_at(unit.location) if u.kind == LEGION and u.owner == old]
    stack.sort(key=lambda u: (not _minds(st, u), u.number))
    followers = stack[:most]
    _turn(st, unit, side)
    for u in followers:
        _turn(st, u, side)
    hounds = sum(len(_minds(st, u)) for u in followers)
    text = (f"Lieutenant {lieutenant.name} of {old} now serves {to}, taking "
            f"{count(len(followers), 'Legion')} of {old} with him")
    text += f" and {count(hounds, 'Hellhound')} minded by them" if hounds else ""
    log.public("influence-defect", text + ".", "HG-9.7.1-09", player=actx.player,
               unit=unit.id, owner=old, side=side, legions=[u.id for u in followers])


def _turn(st, unit: Unit, side: str | None) -> None:
    unit.owner = side
    for h in _minds(st, unit):  # HG-9.7.1-10: a hound follows its Minder
        h.owner = side


def _hounds_text(st, unit: Unit, data) -> str:
    hounds = _minds(st, unit)
    if not hounds:
        return ""
    return ", and " + " and ".join(data.hellhounds[h.ref].name for h in hounds) + \
        " with it"
