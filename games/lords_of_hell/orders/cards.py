"""Orders: special cards and rituals (LH-I.3.3, LH-I.3.4, LH-IV.2.6; digest PB-12, PB-13,
PB-32). The effects are in cards/specials.py, cards/double_cross.py, cards/rituals.py.

    PLAY Recall [ON DEVIL | CREATURES | ALL]   a special from hand, in any stage its
    PLAY Time of Virtue                        timing allows (Starter order, one card
                                               per player per pass)
    DOUBLE CROSS IF Recall                     standing triggers, kept until used:
    DOUBLE CROSS IF ANY [BY <player>]          a card name, ANY or TARGETING ME, and
    DOUBLE CROSS IF TARGETING ME               optionally BY <player>; DOUBLE CROSS OFF
    FINISH Bury ON boris Fiends, 2 boris Souls        combat rounds: finish a face-up
    FINISH Infernal Plague BY Diabolic Fiends         ritual if your army does not move
    FINISH Furnace of Souls BY Devil SACRIFICE 4
    KEEP RITUALS Furnace of Souls, Bury               standing: the rituals kept first
                                                      when casters run short (PB-16);
                                                      KEEP RITUALS OFF: the first tabled

Ritual targets (G8: in Hell, legal now and again when the ritual resolves): `[N] <owner>
<thing>`, `<owner>'s <thing>` or `<thing> OF <owner>`; the owner is a player or his
Devil; the thing a horde name or `Souls` (Bury: up to 3 in all), or for Chain Catalysm
(exactly 1) also a tabled ritual or an artifact.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID
from pbem.lines import OrderError, match, parse_int

from . import ANY, Ctx, order

PLAY_RULE = "LH-I.3.4-01"
DC_RULE = "LH-I.3.4-02"
FINISH_RULE = "LH-IV.2.6-02"
RECALL = "special.recall"
DOUBLE_CROSS = "special.double-cross"
MAX_TARGETS = {"ritual.bury": 3, "ritual.chain-catalysm": 1}
TARGET_KINDS = {"ritual.bury": ("horde",),
                "ritual.chain-catalysm": ("horde", "ritual", "artifact")}
SOUL = "soul"

_NAMES: dict[tuple, tuple[object, dict]] = {}


def names_of(data, kinds: tuple[str, ...], souls: bool = False) -> dict[str, list[str]]:
    """{card id: [name]} of the given kinds (one dict per data and kinds, so that the
    name matcher keeps its table)."""
    key = (id(data), kinds, souls)
    hit = _NAMES.get(key)
    if hit is None or hit[0] is not data:
        names = {cid: [c.name] for cid, c in data.cards.items() if c.kind in kinds}
        if souls:
            names[SOUL] = ["Souls", "Soul"]
        hit = _NAMES[key] = (data, names)
    return hit[1]


def player_names(ctx: Ctx) -> dict[str, list[str]]:
    return {n: [n, ctx.data.devils[p.devil].name] for n, p in ctx.state.players.items()}


# --- PLAY ----------------------------------------------------------------------------------

@order("PLAY", phases=ANY, rule=PLAY_RULE, example="PLAY Recall ON Devil",
       doc="play a special card from your hand: Recall [ON DEVIL|CREATURES|ALL], Escape, "
           "Silence (any stage), Time of Virtue or World War (transfer stage)")
def parse_play(rest: str, ctx: Ctx) -> tuple[str, dict]:
    from ..cards import specials

    m = re.match(r"^(.*?)(?:\s+on\s+(.*))?$", rest.strip(), re.I)
    name, target = m.group(1).strip(), (m.group(2) or "").strip()
    if not name:
        raise OrderError(INVALID, "PLAY needs the name of a special card", PLAY_RULE,
                         "e.g. PLAY Recall")
    cid = match(name, names_of(ctx.data, ("special",)), "special card", PLAY_RULE)
    card = ctx.data.cards[cid]
    o: dict = {"card": cid}
    if cid == RECALL:
        o["what"] = match(target, {"all": ["all", "everything"],
                                   "devil": ["Devil", "me", "myself"],
                                   "creatures": ["creatures", "hordes", "fiends"]},
                          "Recall choice", PLAY_RULE) if target else "all"
    elif target:
        raise OrderError(INVALID, f"{card.name} takes no target (ON {target})", PLAY_RULE,
                         f"write PLAY {card.name}")
    if not specials.timing_ok(card, ctx.phase):
        hint = ("write DOUBLE CROSS IF <card | ANY | TARGETING ME>" if cid == DOUBLE_CROSS
                else "give it on the sheet of a stage its timing allows")
        raise OrderError(ILLEGAL, specials.timing_text(card) + f", and this is the "
                         f"{ctx.phase} stage", PLAY_RULE, hint)
    why = specials.refusal(ctx.state, ctx.player, o, ctx.data)
    if why:
        raise OrderError(ILLEGAL, f"you cannot play {card.name} now: {why}", PLAY_RULE,
                         "PLAY only a card in your hand that has something to do")
    on = f" ON {o['what'].upper()}" if o.get("what", "all") != "all" else ""
    return f"PLAY {card.name}{on}", o


# --- DOUBLE CROSS --------------------------------------------------------------------------

@order("DOUBLE CROSS", phases=ANY, rule=DC_RULE, example="DOUBLE CROSS IF Recall",
       doc="a standing trigger: Double Cross the first special another player plays that "
           "matches <card name | ANY | TARGETING ME> [BY <player>]; kept until used; a sheet "
           "with DOUBLE CROSS lines replaces your triggers; DOUBLE CROSS OFF drops them")
def parse_double_cross(rest: str, ctx: Ctx) -> tuple[str, dict]:
    text = rest.strip()
    if text.upper() == "OFF":
        return "DOUBLE CROSS OFF", {"off": True}
    m = re.match(r"^if\s+(.*?)(?:\s+by\s+(.+))?$", text, re.I)
    if not m or not m.group(1).strip():
        raise OrderError(INVALID, "DOUBLE CROSS needs IF and what to answer", DC_RULE,
                         "e.g. DOUBLE CROSS IF Recall, DOUBLE CROSS IF ANY, "
                         "DOUBLE CROSS IF TARGETING ME, DOUBLE CROSS OFF")
    what, by = m.group(1).strip(), (m.group(2) or "").strip()
    trig = {"card": None, "any": False, "me": False, "by": None}
    if what.upper() == "ANY":
        trig["any"], shown = True, "ANY"
    elif re.fullmatch(r"targeting\s+me", what, re.I):
        trig["me"], shown = True, "TARGETING ME"
    else:
        cid = match(what, names_of(ctx.data, ("special",)), "special card", DC_RULE)
        if ctx.data.cards[cid].unstoppable:
            raise OrderError(ILLEGAL, f"{ctx.data.cards[cid].name} is unstoppable: it cannot "
                             "be Double Crossed", DC_RULE, "name a normal special card")
        trig["card"], shown = cid, ctx.data.cards[cid].name
    if by:
        trig["by"] = match(by, player_names(ctx), "player", DC_RULE)
        if trig["by"] == ctx.player:
            raise OrderError(ILLEGAL, "you cannot Double Cross your own cards", DC_RULE,
                             "name another player after BY")
        shown += f" BY {trig['by']}"
    trig["text"] = f"DOUBLE CROSS IF {shown}"
    return trig["text"], trig


# --- FINISH --------------------------------------------------------------------------------

_PARTS = re.compile(r"\s+(by|on|sacrifice)\s+", re.I)


def finish_parts(rest: str) -> dict[str, str]:
    """"Bury BY Devil ON boris Fiends" -> {"ritual": "Bury", "by": "Devil", "on": ...};
    the BY / ON / SACRIFICE parts may come in any order, each once."""
    bits = _PARTS.split(" " + rest.strip())
    out = {"ritual": bits[0].strip()}
    for kw, val in zip(bits[1::2], bits[2::2], strict=True):
        key = {"by": "by", "on": "on", "sacrifice": "n"}[kw.lower()]
        if key in out:
            raise OrderError(INVALID, f"FINISH takes {kw.upper()} once", FINISH_RULE,
                             "e.g. FINISH Bury BY Devil ON boris Fiends")
        out[key] = val.strip()
    return out


@order("FINISH", phases=("combat",), rule=FINISH_RULE,
       example="FINISH Bury ON boris Fiends, 2 boris Souls",
       doc="finish a face-up ritual at the end of this combat round if your army does not "
           "move: FINISH <ritual> [BY DEVIL|DIABOLIC FIENDS] [ON <targets>] "
           "[SACRIFICE <n> for Furnace of Souls]; cast in sheet order")
def parse_finish(rest: str, ctx: Ctx) -> tuple[str, dict]:
    from ..cards.targets import available
    from ..state import card_id

    m = finish_parts(rest)
    if not m["ritual"]:
        raise OrderError(INVALID, "FINISH needs the name of a ritual", FINISH_RULE,
                         "e.g. FINISH Infernal Plague")
    cid = match(m["ritual"], names_of(ctx.data, ("ritual",)), "ritual", FINISH_RULE)
    rname = ctx.data.cards[cid].name
    if not any(card_id(ctx.state, i) == cid for i in ctx.me.rituals):
        raise OrderError(ILLEGAL, f"you have no {rname} tabled", "LH-I.3.3-01",
                         "FINISH only a ritual you started in the transfer phase")
    o: dict = {"ritual": cid, "by": None, "targets": [], "sacrifice": None}
    canonical = f"FINISH {rname}"
    if m.get("by") is not None:
        o["by"] = match(m["by"], {"devil": ["Devil", "me", "myself",
                                            ctx.data.devils[ctx.me.devil].name],
                                  "horde.diabolic-fiends": ["Diabolic Fiends"]},
                        "caster", "LH-I.3.3-03")
        canonical += " BY " + ("DEVIL" if o["by"] == "devil" else "DIABOLIC FIENDS")
    if m.get("n") is not None:
        if cid != "ritual.furnace-of-souls":
            raise OrderError(INVALID, f"SACRIFICE is for Furnace of Souls, not {rname}",
                             FINISH_RULE, f"write FINISH {rname}")
        o["sacrifice"] = parse_int(m["n"], "the Souls to sacrifice", FINISH_RULE, 0, 6)
        canonical += f" SACRIFICE {o['sacrifice']}"
    if cid not in MAX_TARGETS:
        if m.get("on") is not None:
            raise OrderError(INVALID, f"{rname} takes no target: it is not aimed",
                             "LH-II.3.1-06", f"write FINISH {rname}")
        return canonical, o
    if not m.get("on"):
        raise OrderError(INVALID, f"{rname} needs its target(s): ON <owner> <horde or Souls>",
                         FINISH_RULE, f"e.g. FINISH {rname} ON boris Fiends")
    targets: dict[tuple[str, str], int] = {}
    for item in [x.strip() for x in re.split(r",|\band\b", m["on"], flags=re.I) if x.strip()]:
        owner, thing, n = parse_target(item, cid, ctx)
        targets[(owner, thing)] = targets.get((owner, thing), 0) + n
    total, most = sum(targets.values()), MAX_TARGETS[cid]
    if total > most:
        raise OrderError(ILLEGAL, f"{rname} has at most {most} target(s), not {total}",
                         FINISH_RULE, "name fewer targets")
    shown = []
    for (owner, thing), n in targets.items():
        has = available(ctx.state, owner, thing)
        what = "Souls" if thing == SOUL else ctx.data.cards[thing].name
        if has < n:
            raise OrderError(ILLEGAL, f"{owner} has {has} {what} in Hell, not {n}", "G8",
                             "name only things in Hell now (not on Earth, not in Heaven)")
        shown.append(f"{n} {owner} {what}" if n > 1 or thing == SOUL else f"{owner} {what}")
        o["targets"].append([owner, thing, n])
    return canonical + " ON " + ", ".join(shown), o


# --- KEEP RITUALS ---------------------------------------------------------------------------

@order("KEEP RITUALS", phases=ANY, standing=True, rule="LH-IV.2.1-01",
       example="KEEP RITUALS Furnace of Souls, Bury",
       doc="when you have more rituals than casters (combat phase start, each combat round, "
           "finishing), keep these first, in this order, then the others in the order "
           "tabled; KEEP RITUALS OFF: the first tabled are kept (the default)")
def parse_keep_rituals(rest: str, ctx: Ctx) -> tuple[str, dict]:
    rule = "LH-IV.2.1-01"
    if rest.strip().upper() == "OFF":
        return "KEEP RITUALS OFF", {"off": True}
    items = [x.strip() for x in rest.split(",") if x.strip()]
    if not items:
        raise OrderError(INVALID, "KEEP RITUALS needs ritual names (or OFF)", rule,
                         "e.g. KEEP RITUALS Furnace of Souls, Bury")
    ranked: list[str] = []
    for item in items:
        cid = match(item, names_of(ctx.data, ("ritual",)), "ritual", rule)
        if cid in ranked:
            raise OrderError(INVALID, f"{ctx.data.cards[cid].name} is named twice", rule,
                             "name each ritual once (its copies are kept in the order "
                             "tabled)")
        ranked.append(cid)
    return ("KEEP RITUALS " + ", ".join(ctx.data.cards[c].name for c in ranked),
            {"rituals": ranked})


def parse_target(item: str, ritual: str, ctx: Ctx) -> tuple[str, str, int]:
    """`[N] <owner> <thing>`, `<owner>'s <thing>`, `<thing> OF <owner>` -> (owner, thing,
    N)."""
    n = 1
    if m := re.match(r"^(\d+)\s+(.*)$", item):
        n = parse_int(m.group(1), "the number of targets", FINISH_RULE, 1, 3)
        item = m.group(2)
    owners = player_names(ctx)
    words = item.replace("’", "'").split()
    owner = thing_text = None
    # a head of i words has i - 1 spaces, as must the owner's name it equals
    most = max(x.count(" ") + 1 for ns in owners.values() for x in ns)
    for i in range(1, min(len(words), most + 1)):
        head = re.sub(r"'s?$", "", " ".join(words[:i]), flags=re.I)
        exact = [q for q, ns in owners.items() if any(x.lower() == head.lower() for x in ns)]
        if len(exact) == 1:
            owner, thing_text = exact[0], " ".join(words[i:])
            break
    if owner is None:
        m = re.match(r"^(.+)\s+of\s+(\S.*)$", item, re.I)
        if not m:
            raise OrderError(INVALID, f"{item!r} does not say whose thing it is", FINISH_RULE,
                             "write <player> <thing>, e.g. boris Fiends or 2 boris Souls")
        thing_text = m.group(1)
        owner = match(m.group(2), owners, "player", FINISH_RULE)
    thing = match(thing_text, names_of(ctx.data, TARGET_KINDS[ritual], souls=True),
                  "target", FINISH_RULE)
    return owner, thing, n
