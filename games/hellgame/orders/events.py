"""Standing orders for the choices Hell cards give the players (issue 7: "Events that
call for a vote, a bid or a choice take it from standing orders with defaults").

    AUCTION BID 6 FOR SUGAR HILL      a sealed bid in Souls (IP-05)
    AUCTION BID 3                     on whichever Sectio is struck
    INQUISITION VOTE Baal, Moloch     the first named that can be chosen gets the vote
    RITES VOTE Asmodeus, Baal         each of your Daemons votes for the first fitting one
    PARLIAMENT SENDS Caim             who attends Long Parliament
    MAD SCIENTIST                     take Mad Scientist's cheap recruiting this turn

They are standing orders: carried over to the next form, used only when the card comes
into play (a line for a card not in play does nothing). The effects read them:
hellcards/income.py (`auction`, `inquisition`), hellcards/turn_rules.py
(`rites_of_spring`, `_long_parliament`) and summoning.py (`summon`).
"""

from __future__ import annotations

import re

from pbem.engine import INVALID

from ..action.conditions import daemon_in_play
from ..action.simple import daemon_of
from ..errors import OrderError
from . import TURN, Ctx, order, parse_int
from .cards import split_list
from .common import sectio_id

AUCTION_BID = "AUCTION BID"
INQUISITION_VOTE = "INQUISITION VOTE"
RITES_VOTE = "RITES VOTE"
PARLIAMENT_SENDS = "PARLIAMENT SENDS"
MAD_SCIENTIST = "MAD SCIENTIST"
AUCTION_RULE, VOTE_RULE, PERMANENT_RULE = "IP-05", "IP-06", "HG-6.1.1-01"
#: The largest bid a line may hold (far above any treasury).
MAX_BID = 999

_BID = re.compile(r"^(?P<n>\S+)(?:\s+FOR\s+(?P<sectio>.+))?$", re.I)


@order(AUCTION_BID, stages=(TURN,), rule=AUCTION_RULE, example="AUCTION BID 6 FOR SUGAR HILL",
       doc="a sealed bid in Souls at an Auction (Phenomenon): without FOR on whichever "
           "Sectio is struck; the first line that applies counts; above your Souls it "
           "counts as all your Souls; the highest bid buys, a die breaks ties")
def parse_bid(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _BID.match(rest.strip())
    if not m:
        raise OrderError(INVALID, "AUCTION BID needs a number of Souls", AUCTION_RULE,
                         "write AUCTION BID <n> [FOR <Sectio>], e.g. AUCTION BID 6")
    souls = parse_int(m["n"], "the bid", AUCTION_RULE, lo=1, hi=MAX_BID)
    sectio = sectio_id(m["sectio"], ctx.data, AUCTION_RULE) if m["sectio"] else None
    o = {"souls": souls, "sectio": sectio}
    return bid_text(o, ctx), o


def bid_text(o: dict, ctx: Ctx) -> str:
    text = f"{AUCTION_BID} {o['souls']}"
    return text + f" FOR {ctx.data.sectio[o['sectio']].name}" if o["sectio"] else text


def _daemon_list(rest: str, ctx: Ctx, keyword: str) -> list[str]:
    items = split_list(rest, ctx.data)
    if not items:
        raise OrderError(INVALID, f"{keyword} needs at least one Daemon", VOTE_RULE,
                         f"write {keyword} <Daemon>[, <Daemon>...], best first")
    out: list[str] = []
    for item in items:
        d = daemon_in_play(item, ctx, VOTE_RULE)
        if d not in out:
            out.append(d)
    return out


def _names(ids: list[str], ctx: Ctx) -> str:
    return ", ".join(ctx.data.daemons[d].name for d in ids)


@order(INQUISITION_VOTE, stages=(TURN,), rule=VOTE_RULE, repeatable=False,
       example="INQUISITION VOTE Baal, Moloch",
       doc="your vote when Inquisition chooses a Daemon on Earth: the first named that can "
           "be chosen (active, on Earth, not immune); none of them: the default vote")
def parse_inquisition(rest: str, ctx: Ctx) -> tuple[str, dict]:
    ids = _daemon_list(rest, ctx, INQUISITION_VOTE)
    return f"{INQUISITION_VOTE} {_names(ids, ctx)}", {"daemons": ids}


@order(RITES_VOTE, stages=(TURN,), rule=VOTE_RULE, repeatable=False,
       example="RITES VOTE Asmodeus, Baal",
       doc="Rites of Spring: each of your Daemons votes (with its Hearts) for the first "
           "named that is an active Daemon of the sex it votes for, never itself")
def parse_rites(rest: str, ctx: Ctx) -> tuple[str, dict]:
    ids = _daemon_list(rest, ctx, RITES_VOTE)
    return f"{RITES_VOTE} {_names(ids, ctx)}", {"daemons": ids}


@order(PARLIAMENT_SENDS, stages=(TURN,), rule=PERMANENT_RULE, repeatable=False,
       example="PARLIAMENT SENDS Caim",
       doc="Long Parliament: the Daemon of yours that attends, if it takes a Diplomacy "
           "Action; if it takes none, another one that does attends (the default)")
def parse_parliament(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if not rest.strip():
        raise OrderError(INVALID, "PARLIAMENT SENDS needs one of your Daemons",
                         PERMANENT_RULE, "write PARLIAMENT SENDS <Daemon>")
    d = daemon_of(rest, ctx, PERMANENT_RULE)
    return f"{PARLIAMENT_SENDS} {ctx.data.daemons[d].name}", {"daemon": d}


@order(MAD_SCIENTIST, stages=(TURN,), rule=PERMANENT_RULE, repeatable=False,
       example="MAD SCIENTIST",
       doc="while Mad Scientist is in play: recruit Lieutenants at half cost and Legions "
           "for 2 Souls this turn, and take 1 Disfavour if you summon")
def parse_mad_scientist(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if rest.strip():
        raise OrderError(INVALID, f"MAD SCIENTIST takes nothing after it, not "
                         f"{rest.strip()!r}", PERMANENT_RULE, "write MAD SCIENTIST alone")
    return MAD_SCIENTIST, {}
