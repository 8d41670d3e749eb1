"""Standing orders for the Daemon abilities that need a choice (IP-33: without one they
are not used).

    PAYMON GRANTS DOUBLE PASS TO Baal IF Caim HAS NOT ACTED
    PAYMON GRANTS DOUBLE PASS TO Ukobach
    CAIM REROLLS FIRST FAILED ATONEMENT, ANTEHELL
    BELPHEGOR REDRAWS Walk the Earth, Pass
    XAPHAN CHOOSES Lightning, Cave-in

Paymon "each turn, may grant any Daemon except himself a Double Pass" (ability.paymon).
The lines are read when a Daemon comes up and one of its PASS lines is tried: the first
line naming it whose condition holds (evaluated for Paymon's owner: MY, I, SOULS ... are
his) grants it; see action/queue.py for how the PASS line uses the grant.

Caim "each turn, may re-roll one die rolled by her Triumvirate" (ability.caim): the first
die of her player's that fails in a roll of a kind listed here is re-rolled, once a turn
(action/reroll.py): the kinds in CAIM_KINDS, flight dice included (action/flight.py,
in every phase a stack flees), and in combat a failed save (COMBAT SAVES) and the hit
dice (ATTACKS): dice her Triumvirate rolls, so the text allows them.

Belphegor "in the Hell Phase may discard any card just drawn and draw a replacement"
(ability.belphegor; IP-07): the first entry (a card name or Minor Arcana kind, as in
KEEP) that fits a card his Triumvirate just drew in the Hell Phase sends that card to
the bottom of the deck and a new one is drawn (cards.py). Without the line: no redraw.

Xaphan's Action draws two Hell cards and chooses one Phenomenon (ability.xaphan): the
first Phenomenon listed here that one of the two cards holds; without the line, or
when none is listed, the first card drawn (action/abilities.py).
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID
from pbem.lines import quoted

from ..action import conditions
from ..cards import entry_name
from ..errors import OrderError
from ..names import normalise
from . import TURN, Ctx, order
from .cards import split_list
from .common import card_or_kind, listed
from .keywords import (
    ANY,
    BELPHEGOR_REDRAWS,
    CAIM_KINDS,
    CAIM_REROLLS,
    PAYMON_GRANTS,
    XAPHAN_CHOOSES,
)

PAYMON, CAIM = "daemon.paymon", "daemon.caim"
BELPHEGOR, XAPHAN = "daemon.belphegor", "daemon.xaphan"
RULE = "IP-33"
#: The most ANDs and ORs in one IF condition (here and in Daemon lines, actions.py):
#: action/conditions.py tries every way of grouping them (Sectio names may hold AND), so
#: each one more doubles the work of reading the line.
MAX_JOINERS = 4

_KIND_WORDS = "ATONEMENT, EVIL DEEDS, ANTEHELL, INFLUENCE, FLIGHT, COMBAT SAVES, ATTACKS or ANY"

_GRANT = re.compile(r"^DOUBLE\s+PASS\s+TO\s+(?P<who>.+?)(?:\s+(?P<if>IF)\b\s*(?P<cond>.*))?$",
                    re.I)
_REROLL = re.compile(r"^(?:FIRST\s+FAILED\b\s*)?(?P<kinds>.*)$", re.I)


def parse_condition(text: str, ctx: Ctx) -> dict:
    """conditions.parse, for a condition of at most MAX_JOINERS ANDs and ORs."""
    joiners = sum(w.upper() in ("AND", "OR") for w in text.split())
    if joiners > MAX_JOINERS:
        raise OrderError(INVALID, f"IF {quoted(text)} has {joiners} ANDs and ORs: a "
                         f"condition may have at most {MAX_JOINERS}", conditions.RULE,
                         "shorten the condition; alternatives joined by OR may go on "
                         "lines of their own")
    return conditions.parse(text, ctx)


def _owner_of(daemon: str, ctx: Ctx, keyword: str) -> None:
    """The standing order is for the player whose Daemon has the ability."""
    d = ctx.state.daemons.get(daemon)
    name = ctx.data.daemons[daemon].name
    if d is None:
        raise OrderError(ILLEGAL, f"{name} is not in play", RULE, f"remove the {keyword} line")
    if d.owner != ctx.player:
        raise OrderError(ILLEGAL, f"{name} is {d.owner}'s Daemon: only the player "
                         f"with {name} may use the ability", RULE, f"remove the {keyword} line")


@order(PAYMON_GRANTS, stages=(TURN,), rule=RULE,
       example="PAYMON GRANTS DOUBLE PASS TO Baal IF Caim HAS NOT ACTED",
       doc="Paymon's ability: once a turn, a Double Pass at no cost for the Daemon named "
           "when it comes up and one of its PASS lines is tried; first line that applies")
def parse_grant(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _GRANT.match(rest.strip())
    if not m:
        what = f"PAYMON GRANTS {rest.strip()!r} is not understood" if rest.strip() else \
            "PAYMON GRANTS needs DOUBLE PASS TO <Daemon>"
        raise OrderError(INVALID, what, RULE,
                         "write PAYMON GRANTS DOUBLE PASS TO <Daemon> [IF <condition>]")
    _owner_of(PAYMON, ctx, PAYMON_GRANTS)
    daemon = conditions.daemon_in_play(m["who"], ctx, RULE)
    if daemon == PAYMON:
        raise OrderError(ILLEGAL, "Paymon may grant a Double Pass to any Daemon except "
                         "himself [ability.paymon]", RULE, "name another Daemon")
    cond = parse_condition(m["cond"], ctx) if m["if"] else None
    o = {"daemon": daemon, "if": cond}
    return grant_text(o, ctx), o


def grant_text(o: dict, ctx: Ctx) -> str:
    text = f"{PAYMON_GRANTS} DOUBLE PASS TO {ctx.data.daemons[o['daemon']].name}"
    if o["if"] is not None:
        text += " IF " + conditions.text(o["if"], ctx.state, ctx.data)
    return text


@order(CAIM_REROLLS, stages=(TURN,), rule=RULE, repeatable=False,
       example="CAIM REROLLS FIRST FAILED ATONEMENT, ANTEHELL",
       doc="Caim's ability: once a turn, re-roll the first die of yours that fails in a "
           "roll of these kinds (ATONEMENT, EVIL DEEDS, ANTEHELL, INFLUENCE, FLIGHT, COMBAT "
           "SAVES, ATTACKS (the hit dice), or ANY of them)")
def parse_reroll(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _REROLL.match(rest.strip())
    _owner_of(CAIM, ctx, CAIM_REROLLS)
    kinds: list[str] = []
    for part in (p for p in re.split(r"\s*,\s*|\s+OR\s+|\s+AND\s+", m["kinds"], flags=re.I)
                 if p.strip()):
        word = normalise(part)
        kind = ANY if word == ANY else CAIM_KINDS.get(word)
        if kind is None:
            raise OrderError(INVALID, f"{part.strip()!r} is not a kind of roll Caim re-rolls",
                             RULE, f"write {_KIND_WORDS}")
        if kind not in kinds:
            kinds.append(kind)
    if not kinds:
        raise OrderError(INVALID, "CAIM REROLLS needs the kinds of roll", RULE,
                         f"write CAIM REROLLS FIRST FAILED <kind>, ...: {_KIND_WORDS}")
    if ANY in kinds:
        kinds = [ANY]
    return reroll_text(kinds), {"kinds": kinds}


def reroll_text(kinds: list[str]) -> str:
    return f"{CAIM_REROLLS} FIRST FAILED " + ", ".join(k.upper() for k in kinds)


@order(BELPHEGOR_REDRAWS, stages=(TURN,), rule="IP-07", repeatable=False,
       example="BELPHEGOR REDRAWS Walk the Earth, Pass",
       doc="Belphegor's ability: in the Hell Phase draw, the first card you just drew that "
           "fits an entry (card name or Minor kind, in this order) goes to the bottom of "
           "the deck and you draw another; once a Hell Phase")
def parse_redraw(rest: str, ctx: Ctx) -> tuple[str, dict]:
    items = split_list(rest, ctx.data)
    if not items:
        raise OrderError(INVALID, "BELPHEGOR REDRAWS needs at least one card name or Minor "
                         "Arcana kind", "IP-07", "e.g. BELPHEGOR REDRAWS Walk the Earth, Pass")
    _owner_of(BELPHEGOR, ctx, BELPHEGOR_REDRAWS)
    entries = [card_or_kind(x, ctx.data, "IP-07") for x in items]
    entries = list(dict.fromkeys(entries))
    return (f"{BELPHEGOR_REDRAWS} " + ", ".join(entry_name(e, ctx.data) for e in entries),
            {"redraw": entries})


def phenomenon_names(data) -> dict[str, str]:
    """normalised Phenomenon name -> phenomenon id."""
    return {normalise(c.phenomenon.name): c.phenomenon.id
            for c in sorted(data.hell_cards.values(), key=lambda c: c.id)}


@order(XAPHAN_CHOOSES, stages=(TURN,), rule=RULE, repeatable=False,
       example="XAPHAN CHOOSES Lightning, Cave-in",
       doc="Xaphan's ability Action draws two Hell cards: the Phenomenon triggered is the "
           "first listed here that one of them holds, else the first card drawn")
def parse_choose(rest: str, ctx: Ctx) -> tuple[str, dict]:
    items = listed(rest, XAPHAN_CHOOSES, "Phenomena", RULE, "XAPHAN CHOOSES Lightning, Cave-in")
    _owner_of(XAPHAN, ctx, XAPHAN_CHOOSES)
    known = phenomenon_names(ctx.data)
    names = {c.phenomenon.id: c.phenomenon.name for c in ctx.data.hell_cards.values()}
    chosen: list[str] = []
    for item in items:
        pid = known.get(normalise(item))
        if pid is None:
            raise OrderError(INVALID, f"{item!r} is not a Phenomenon", RULE,
                             "name Phenomena as the Hell cards' grey boxes print them")
        if pid not in chosen:
            chosen.append(pid)
    return (f"{XAPHAN_CHOOSES} " + ", ".join(names[p] for p in chosen), {"prefer": chosen})


ZAGAM_TESTS = "ZAGAM TESTS STARS"
ZAGAM = "daemon.zagam"


@order(ZAGAM_TESTS, stages=(TURN,), rule="IP-12", repeatable=False,
       example="ZAGAM TESTS STARS",
       doc="Zagam's ability: in each Soul Phase he Rolls against Stars for six Souls (a 6 "
           "gives a Disfavour); without this line he does not")
def parse_zagam(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if rest.strip():
        raise OrderError(INVALID, "ZAGAM TESTS STARS takes nothing after it", "IP-12",
                         "write just ZAGAM TESTS STARS")
    _owner_of(ZAGAM, ctx, ZAGAM_TESTS)
    return ZAGAM_TESTS, {}


PRUFFLAS_PICKS = "PRUFFLAS PICKS"
PRUFFLAS = "daemon.prufflas"


@order(PRUFFLAS_PICKS, stages=(TURN,), rule="IP-14", repeatable=False,
       example="PRUFFLAS PICKS Sulla, Alastor",
       doc="Prufflas's ability: when you recruit, take the first of these Lieutenants on top "
           "of a box, instead of rolling; else the one with the best Leadership")
def parse_prufflas(rest: str, ctx: Ctx) -> tuple[str, dict]:
    from ..names import match

    items = listed(rest, PRUFFLAS_PICKS, "Lieutenants", "IP-14", "PRUFFLAS PICKS Sulla")
    _owner_of(PRUFFLAS, ctx, PRUFFLAS_PICKS)
    names = {lid: [lt.name] for lid, lt in sorted(ctx.data.lieutenants.items())}
    ids = list(dict.fromkeys(match(x, names, "Lieutenant", "IP-14") for x in items))
    return PRUFFLAS_PICKS + " " + ", ".join(ctx.data.lieutenants[i].name for i in ids), \
        {"lieutenants": ids}
