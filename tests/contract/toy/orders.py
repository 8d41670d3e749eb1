"""The orders, BID and PLAY, in a kit OrderTypes; the sheet check; the order form.

A parser gets the rest of its line and a context and returns (canonical text, order
dict), or raises OrderError (pbem.lines) with a status, a message, the rule and a hint.
`check_sheet` is the Game's check_orders: the kit reads the lines (comments, headers,
END, limits, unknown keywords with "did you mean", a sheet from a stranger) and calls
the parsers. It never changes the state and never raises.
"""

from __future__ import annotations

from dataclasses import dataclass

from pbem.engine import ILLEGAL, OrderSheet
from pbem.grammar import count
from pbem.kit.ordertypes import OrderTypes
from pbem.lines import OrderError, match, orders_of, parse_int

from .data import Data

BIDDING = "bidding"  # every stage takes the same orders: the kit's `when` is this word

ORDER_TYPES = OrderTypes()


@dataclass(frozen=True)
class Ctx:
    state: dict
    data: Data
    player: str

    @property
    def me(self) -> dict:
        return self.state["players"][self.player]


@ORDER_TYPES.order("BID", when=(BIDDING,), rule="HC-2", example="BID 2", repeatable=False,
                   doc="bid n of your tokens this stage (paid, win or lose)")
def bid(rest: str, ctx: Ctx) -> tuple[str, dict]:
    n = parse_int(rest, "the bid", "HC-2", lo=1, hi=ctx.data.rules["max_bid"])
    if n > ctx.me["tokens"]:
        raise OrderError(ILLEGAL, f"you have {count(ctx.me['tokens'], 'token')}, not {n}",
                         "HC-2", f"bid at most {ctx.me['tokens']}")
    return f"BID {n}", {"n": n}


@ORDER_TYPES.order("PLAY", when=(BIDDING,), rule="HC-3", example="PLAY Boost",
                   repeatable=False, doc="play one card of your hand this stage")
def play(rest: str, ctx: Ctx) -> tuple[str, dict]:
    card = match(rest, ctx.data.names, "card", "HC-3")
    name = ctx.data.cards[card].name
    if card not in ctx.me["hand"]:
        raise OrderError(ILLEGAL, f"you have no {name} in your hand", "HC-3",
                         "play a card your report lists under YOUR POSITION")
    return f"PLAY {name}", {"card": card}


def default_bid(me: dict) -> int:
    """What a player bids with no BID line (HC-2)."""
    return min(1, me["tokens"])


def check_sheet(state: dict, data: Data, player: str, text: str) -> OrderSheet:
    ctx = Ctx(state, data, player)
    stage = BIDDING if not state["over"] else "over"
    lines = ORDER_TYPES.check(text, player, player in state["players"], state["seats"],
                              "HC-1", ctx, stage, "the game is over: send no orders")
    sheet = OrderSheet(player, lines)
    if not orders_of(sheet, "BID") and player in state["players"] and not state["over"]:
        sheet.defaults.append(f"BID: you bid {default_bid(ctx.me)} (you sent no BID)")
    return sheet


def order_form(state: dict, data: Data, player: str, previous: OrderSheet | None) -> str:
    """Sent back unchanged it is legal: comments, and the BID of his last sheet again
    (no more than he has left). Only his own hand is named."""
    if state["over"] or player not in state["players"]:
        return ""
    me = state["players"][player]
    hand = [data.cards[c] for c in me["hand"]]
    out = [f"# High Card, stage {state['stage']} of {data.rules['stages']}: you have "
           f"{count(me['tokens'], 'token')} and {count(me['points'], 'point')}."]
    last = orders_of(previous, "BID")
    if not me["tokens"]:
        out.append("# With no tokens left you bid nothing.")
    else:
        out.append(f"# Bid 1 to {min(data.rules['max_bid'], me['tokens'])} of your tokens, "
                   "paid win or lose (with no BID you bid 1):")
        out.append(f"BID {min(last[0]['n'], me['tokens'])}" if last else
                   f"# e.g. BID {min(data.rules['max_bid'], me['tokens'])}")
    if hand:
        out.append("# Play at most one card of your hand:")
        for card in dict.fromkeys(hand):  # each kind once, in hand order
            out += [f"#   {card.name}: {card.text}", f"# e.g. PLAY {card.name}"]
    return "\n".join(out) + "\n"
