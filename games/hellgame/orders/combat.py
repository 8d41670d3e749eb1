"""Standing orders for the Combat Phase (chapter 11, 16.5-16.6; IP-37..IP-43).

    JOIN Caim IN Sugar Hill BRINGING Frenzy, It Did Not Work   a Daemon joins (11.1, IP-38)
    JOIN Baal ANYWHERE                  the first combat where you have Legions
    JOIN NOBODY                         no Daemon joins any combat
    FIGHT devourer, key                 whom to fight first, whose side to oppose (16.5, IP-37)
    COMBAT MAGIC FIRST                  when your Daemon has most Stars: cast first (IP-39)
    COMBAT CAST Frenzy IN Sugar Hill ROUND 1   play a brought Combat card (11.2.1, IP-40)
    HITS LEGIONS, HOUNDS, MINDERS, LIEUTENANTS  who takes hits first (11.2.3, IP-41)
    COMBAT FLEE ANYWHERE IF OUTNUMBERED after a round: try to flee (11.2.4, IP-43)
    COMBAT ABILITY Baal WHEN LOSING     when to use a Daemon's combat ability (IP-45)
    AFTER JOINT WIN FIGHT key IF MY LEGIONS >= THEIRS   fight on a former ally (16.6, IP-44)
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from .. import effects
from ..errors import OrderError
from . import TURN, Ctx, Sheet, caution, order, sheet_check
from .common import card_id, is_card_name, player_name, sectio_id
from .flee import parse_flee

JOIN_RULE = "HG-11.1-01"
SIDE_RULE = "HG-16.5-01"
MAGIC_RULE = "HG-11.2.1-01"
HITS_RULE = "HG-11.2.3-01"
FLEE_RULE = "HG-11.2.4-01"
ABILITY_RULE = "IP-45"
AFTER_RULE = "IP-44"
COMBAT_TIMINGS = ("combat", "action-or-combat")
HIT_KINDS = ("HOUNDS", "LEGIONS", "MINDERS", "LIEUTENANTS")

_JOIN = re.compile(r"^(?P<daemon>.+?)\s+(?:IN\s+(?P<where>.+?)|(?P<any>ANYWHERE))"
                   r"(?:\s+BRINGING\s+(?P<cards>.+))?$", re.I)


def _names(text: str) -> list[str]:
    return [p.strip() for p in text.split(",") if p.strip()]


def _daemon(text: str, ctx: Ctx, rule: str) -> str:
    mine = ctx.state.players[ctx.player].daemons
    for d in mine:
        if d in ctx.data.daemons and ctx.data.daemons[d].name.lower() == text.strip().lower():
            return d
    names = ", ".join(ctx.data.daemons[d].name for d in mine if d in ctx.data.daemons)
    raise OrderError(ILLEGAL, f"{text.strip()!r} is not one of your Daemons", rule,
                     f"your Daemons: {names or 'none'}")


@order("JOIN", stages=(TURN,), rule=JOIN_RULE, example="JOIN Caim IN Sugar Hill BRINGING Frenzy",
       doc="Before a combat: this Daemon joins it (IN <Sectio>, or ANYWHERE: the first "
           "combat with your Legions), bringing up to its Stars of Arcana; JOIN NOBODY: none")
def parse_join(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if rest.strip().upper() in ("NOBODY", "NONE", "NEVER"):
        return "JOIN NOBODY", {"daemon": None, "where": [], "cards": []}
    m = _JOIN.match(rest.strip())
    if not m:
        raise OrderError(INVALID, f"JOIN {rest.strip()!r} is not understood", JOIN_RULE,
                         "e.g. JOIN Caim IN Sugar Hill BRINGING Frenzy, or JOIN NOBODY")
    d = _daemon(m["daemon"], ctx, JOIN_RULE)
    where = [] if m["any"] else [sectio_id(s, ctx.data, JOIN_RULE) for s in _names(m["where"])]
    cards = [card_id(c, ctx.data, JOIN_RULE) for c in _names(m["cards"] or "")]
    hand = ctx.state.players[ctx.player].hand
    for c in cards:
        if cards.count(c) > hand.count(c):
            raise OrderError(ILLEGAL, f"{ctx.data.arcana[c].name} is not in your hand "
                             f"{'that many times' if c in hand else ''}".rstrip(), JOIN_RULE,
                             "bring only cards you hold")
    stars = ctx.data.daemons[d].stars
    if len(cards) > stars:
        raise OrderError(ILLEGAL, f"{ctx.data.daemons[d].name} has {stars} Stars of Magic and "
                         f"may bring at most {stars} Arcana, not {len(cards)}", "HG-11.1-02",
                         "bring fewer cards")
    o = {"daemon": d, "where": where, "cards": cards}
    return join_text(o, ctx.data), o


@sheet_check("JOIN")
def known_join(o: dict, ctx: Ctx, sheet: Sheet) -> str | None:
    """A JOIN line whose Daemon can join no combat as things stand (combat/fight.py
    `out_of_play`, as the Combat Phase asks it): Incapacitated now (HG-11.1-04). Only a
    warning: a standing order, and a card such as Released may free it before the
    Combat Phase. It says what the phase does then: the line fails and, unless another
    line sends a Daemon or a JOIN NOBODY stands, the default joins (IP-38)."""
    from ..combat.fight import out_of_play

    if o["daemon"] is None:
        return None
    why = out_of_play(ctx.state, ctx.data, o["daemon"])
    if why is None:
        return None
    nobody = any(x["daemon"] is None for x in sheet.of("JOIN"))
    then = ("no other Daemon joins for it (your JOIN NOBODY)" if nobody else
            "where no other JOIN line sends a Daemon, your free Daemon in Hell with most "
            "Skulls joins instead, by default (IP-38)")
    return caution(f"{why} now: unless freed before the Combat Phase it "
                   f"joins no combat this turn, and {then}", "HG-11.1-04",
                   "name another Daemon in this line")


def join_text(o: dict, data) -> str:
    if o["daemon"] is None:
        return "JOIN NOBODY"
    where = ("IN " + ", ".join(data.sectio[s].name for s in o["where"])) if o["where"] \
        else "ANYWHERE"
    cards = (" BRINGING " + ", ".join(data.arcana[c].name for c in o["cards"])) \
        if o["cards"] else ""
    return f"JOIN {data.daemons[o['daemon']].name} {where}{cards}"


@order("FIGHT", stages=(TURN,), rule=SIDE_RULE, example="FIGHT devourer, key",
       doc="With more than two Triumvirates in a combat: name the first of these present as "
           "your enemy, or join the side against the first of them")
def parse_fight(rest: str, ctx: Ctx) -> tuple[str, dict]:
    names = [player_name(n, ctx, SIDE_RULE) for n in _names(rest)]
    if not names:
        raise OrderError(INVALID, "FIGHT needs one or more players", SIDE_RULE,
                         "e.g. FIGHT devourer, key")
    if ctx.player in names:
        raise OrderError(ILLEGAL, "you cannot fight yourself", SIDE_RULE, "name other players")
    return "FIGHT " + ", ".join(names), {"enemies": names}


@order("COMBAT MAGIC", stages=(TURN,), rule=MAGIC_RULE, example="COMBAT MAGIC FIRST",
       doc="When your side has the Daemon with most Stars: your side casts FIRST or SECOND "
           "(the default)")
def parse_magic(rest: str, ctx: Ctx) -> tuple[str, dict]:
    word = rest.strip().upper()
    if word not in ("FIRST", "SECOND"):
        raise OrderError(INVALID, f"COMBAT MAGIC {rest.strip()!r} is not understood",
                         MAGIC_RULE, "write COMBAT MAGIC FIRST or COMBAT MAGIC SECOND")
    return f"COMBAT MAGIC {word}", {"first": word == "FIRST"}


_CAST = re.compile(r"^(?P<card>.+?)(?:\s+ON\s+(?P<on>.+?))?\s+IN\s+(?P<where>.+?)"
                   r"(?:\s+ROUND\s+(?P<round>\d+))?$", re.I)
#: _CAST matches exactly when some IN has words before and after it. Without one, each ON
#: would send the regex over the rest of the line: tried first, the line costs one pass.
_CAST_IN = re.compile(r".\s+IN\s+.", re.I)


_ON = re.compile(r"\s+ON\s+", re.I)


def _card_and_target(m: re.Match, data) -> tuple[str, str]:
    """The card and the ON target of a COMBAT CAST line, as written. _CAST splits at the
    first ON, but a card's own name may hold the word (Come On Join Us, Riders on the
    Storm): the split whose card part is a card's whole name wins, the longest first;
    else the first ON (a card named in part, as anywhere else)."""
    before = m.string[m.start("card"):m.end("on")] if m["on"] else m["card"]
    splits = [(before, "")] + [(before[:x.start()], before[x.end():])
                               for x in reversed(list(_ON.finditer(before)))]
    for card, on in splits:
        if is_card_name(card, data):
            return card.strip(), on.strip()
    return m["card"], (m["on"] or "").strip()


def combat_refusal(cid: str, data) -> OrderError | None:
    """Why no COMBAT CAST line can play the card `cid`, whoever holds it, whatever the
    game's state: a card played by a standing order, a card not marked Combat, a
    Counter, a card whose Combat effect is not implemented; None when a line may.
    `parse_combat_cast` raises it before it looks at the hand; the order form asks it
    first, so that it checks no line for a card that can never be cast (issue 23)."""
    from ..combat import magic  # noqa: F401  registers the Combat cards' effects
    card = data.arcana[cid]
    refusal = getattr(effects.ARCANA.get(cid), "refusal", None)
    if refusal is not None:  # a card played by a standing order (action/reroll_cards.py)
        return refusal(data, "COMBAT CAST")
    if card.major.timing not in COMBAT_TIMINGS:
        return OrderError(ILLEGAL, f"{card.name}'s Major Arcana is marked "
                          f"{card.major.timing}, not Combat", "HG-11.2.1-01",
                          "choose a card marked Combat")
    if card.flags.counter:  # played in answer to another card (combat/counters.py)
        return OrderError(ILLEGAL, f"{card.name} is a Counter: in combat it answers another "
                          "card by a standing COUNTER line, not COMBAT CAST", "HG-9.8.2-01",
                          f"bring it with JOIN and write COUNTER ANY TARGETING MINE WITH "
                          f"{card.name}")
    sp = effects.ARCANA.get(cid)
    if sp is None or not getattr(sp, "combat", False):
        why = (f"{card.name} is played in combat only as a Counter, and Counters in combat "
               "are" if sp else f"the effect of {card.name} is")

        def working() -> str:
            done = ", ".join(sorted(data.arcana[c].name for c, s in effects.ARCANA.items()
                                    if getattr(s, "combat", False))) or "none yet"
            return f"Combat cards that work so far: {done}"
        return OrderError(ILLEGAL, f"{why} not implemented yet, so it cannot be played in "
                          "combat", MAGIC_RULE, working)
    return None


@order("COMBAT CAST", stages=(TURN,), rule=MAGIC_RULE,
       example="COMBAT CAST Frenzy IN Sugar Hill ROUND 1",
       doc="In a combat's Cast Magic step: play a Combat card your joined Daemon brought "
           "(in the given round, default every round until played)")
def parse_combat_cast(rest: str, ctx: Ctx) -> tuple[str, dict]:
    # the Combat cards register their effects when combat.magic is first imported; it
    # imports the order modules, so it is imported here, late
    from ..combat.magic import fight_target
    m = _CAST.match(rest.strip()) if _CAST_IN.search(rest.strip()) else None
    if not m:
        raise OrderError(INVALID, f"COMBAT CAST {rest.strip()!r} is not understood", MAGIC_RULE,
                         "e.g. COMBAT CAST Frenzy IN Sugar Hill ROUND 1")
    card_text, on_text = _card_and_target(m, ctx.data)
    cid = card_id(card_text, ctx.data, MAGIC_RULE)
    card = ctx.data.arcana[cid]
    never = combat_refusal(cid, ctx.data)
    if never is not None:
        raise never
    if cid not in ctx.state.players[ctx.player].hand:
        raise OrderError(ILLEGAL, f"{card.name} is not in your hand", MAGIC_RULE,
                         "play only cards you hold and bring with a JOIN line")
    o = {"card": cid, "on": on_text,
         "where": sectio_id(m["where"], ctx.data, MAGIC_RULE),
         "round": int(m["round"]) if m["round"] else None}
    reader = fight_target(cid)
    if o["on"] and reader is not None:
        o["on"] = reader(o["on"], ctx)
    text = f"COMBAT CAST {card.name}" + (f" ON {o['on']}" if o["on"] else "") + \
        f" IN {ctx.data.sectio[o['where']].name}" + (f" ROUND {o['round']}" if o["round"] else "")
    return text, o


@order("HITS", stages=(TURN,), rule=HITS_RULE, example="HITS LEGIONS, HOUNDS, MINDERS, LIEUTENANTS",
       doc="Which of your Units take combat hits first (each once before any twice)")
def parse_hits(rest: str, ctx: Ctx) -> tuple[str, dict]:
    kinds = [k.upper() for k in _names(rest)]
    bad = [k for k in kinds if k not in HIT_KINDS]
    if bad or not kinds:
        raise OrderError(INVALID, f"HITS {rest.strip()!r}: {', '.join(bad) or 'nothing'} is "
                         "not a kind of Unit", HITS_RULE, "list " + ", ".join(HIT_KINDS))
    kinds += [k for k in HIT_KINDS if k not in kinds]
    return "HITS " + ", ".join(kinds), {"kinds": kinds}


@order("COMBAT FLEE", stages=(TURN,), rule=FLEE_RULE, example="COMBAT FLEE ANYWHERE IF OUTNUMBERED",
       doc="After each combat round: try to flee from these Sectio (or anywhere), IF "
           "OUTNUMBERED by the enemy side's Units; first line that applies decides")
def parse_combat_flee(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if "HOUNDS" in rest.upper().split():
        raise OrderError(INVALID, "COMBAT FLEE takes no HOUNDS", FLEE_RULE,
                         "write COMBAT FLEE FROM <sectio> or COMBAT FLEE ANYWHERE")
    try:
        text, o = parse_flee(rest, ctx)
    except OrderError as e:
        raise OrderError(e.status, "COMBAT " + e.message, FLEE_RULE, e.hint) from None
    return "COMBAT " + text, o


_ABILITY = re.compile(r"^(?P<daemon>.+?)\s+(?:ROUND\s+(?P<round>\d+)|(?P<losing>WHEN\s+LOSING)"
                      r"|(?P<never>NEVER))$", re.I)


@order("COMBAT ABILITY", stages=(TURN,), rule=ABILITY_RULE,
       example="COMBAT ABILITY Baal WHEN LOSING",
       doc="When this Daemon has joined a combat: use its combat ability at the start of "
           "ROUND n (Andras: ROUND 1, before it), WHEN LOSING (the enemy side has more Units), "
           "or NEVER; default: at the first legal moment")
def parse_combat_ability(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _ABILITY.match(rest.strip())
    if not m:
        raise OrderError(INVALID, f"COMBAT ABILITY {rest.strip()!r} is not understood",
                         ABILITY_RULE, "e.g. COMBAT ABILITY Baal ROUND 2, COMBAT ABILITY "
                         "Moloch WHEN LOSING or COMBAT ABILITY Andras NEVER")
    d = _daemon(m["daemon"], ctx, ABILITY_RULE)
    name = ctx.data.daemons[d].name
    spec = effects.ABILITIES.get(ctx.data.daemons[d].ability.id)
    if not getattr(spec, "combat", False):
        have = ", ".join(sorted(ctx.data.daemons[x].name for x in ctx.data.daemons
                                if getattr(effects.ABILITIES.get(ctx.data.daemons[x].ability.id),
                                           "combat", False)))
        raise OrderError(ILLEGAL, f"{name} has no ability used in combat", ABILITY_RULE,
                         f"Daemons with one: {have}")
    when = "never" if m["never"] else "losing" if m["losing"] else "round"
    rnd = int(m["round"]) if m["round"] else None
    if rnd is not None and (rnd < 1 or (spec.before and rnd != 1)):
        raise OrderError(ILLEGAL, f"{name} cannot use his ability in round {rnd}",
                         ABILITY_RULE, "Andras acts only before the first round: write "
                         "ROUND 1" if spec.before else "rounds count from 1")
    text = {"never": "NEVER", "losing": "WHEN LOSING"}.get(when, f"ROUND {rnd}")
    return f"COMBAT ABILITY {name} {text}", {"daemon": d, "when": when, "round": rnd}


_AFTER = re.compile(r"^FIGHT\s+(?P<who>.+?)(?P<if>\s+IF\s+MY\s+LEGIONS\s*>=\s*THEIRS)?$", re.I)


@order("AFTER JOINT WIN", stages=(TURN,), rule=AFTER_RULE,
       example="AFTER JOINT WIN FIGHT key IF MY LEGIONS >= THEIRS",
       doc="When your side wins a combat together with these former allies: fight on "
           "against the first of them there (IF MY LEGIONS >= THEIRS: only if they have no "
           "more Legions there than you); default: stop and share the win")
def parse_after_joint_win(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _AFTER.match(rest.strip())
    if not m:
        raise OrderError(INVALID, f"AFTER JOINT WIN {rest.strip()!r} is not understood",
                         AFTER_RULE, "e.g. AFTER JOINT WIN FIGHT key IF MY LEGIONS >= THEIRS")
    names = [player_name(n, ctx, AFTER_RULE) for n in _names(m["who"])]
    stronger = bool(m["if"])
    return ("AFTER JOINT WIN FIGHT " + ", ".join(names)
            + (" IF MY LEGIONS >= THEIRS" if stronger else "")), \
        {"enemies": names, "stronger": stronger}
