"""The Actions that need no map: Pass for Good, Pass (its grammar; the queue plays it),
Walk the Earth, Leave the Earth, Atonement and Supplication, Do Evil Deeds (9.3, 9.4,
9.6, 9.7.2, 9.7.4)."""

from __future__ import annotations

from pbem.engine import ILLEGAL, INVALID

from ..errors import OrderError
from ..log import count
from ..names import match
from ..orders import parse_int
from ..orders.common import card_id
from ..state import IN_HELL, ON_EARTH
from . import conditions
from .context import ActionCtx
from .queue import minor_cost, slots

# -- Pass for Good and Pass -------------------------------------------------------------


def parse_pass_for_good(text: str, ctx) -> tuple[str, dict]:
    _nothing_after("PASS FOR GOOD", text)
    return "PASS FOR GOOD", {}


def run_pass_for_good(actx: ActionCtx, order: dict) -> str | None:
    q = actx.queue
    if actx.daemon in q.passed:  # HG-9.3-02
        return "a Daemon that has Passed may not Pass for Good [HG-9.3-02]"
    _say(actx, "pass-for-good", f"{_name(actx)} Passes for Good", "HG-9.3-01")
    return None


def parse_pass(text: str, ctx) -> tuple[str, dict]:
    words = text.split()
    out: dict = {}
    canon = ["PASS"]
    if words and words[0].upper() == "WITH":
        cid = card_id(" ".join(words[1:]), ctx.data, "HG-9.4-01")
        card = ctx.data.arcana[cid]
        if not slots(ctx.data, card):
            raise OrderError(ILLEGAL, f"{card.name}'s Minor Arcana is not a Pass", "HG-9.4-01",
                             "name a Pass, Double Pass, ... card")
        out["card"] = cid
        canon.append(f"WITH {card.name}")
    elif words and words[0].upper() == "BEHIND":
        d = conditions.daemon_in_play(" ".join(words[1:]), ctx, "HG-9.4-01")
        out["behind"] = d
        canon.append(f"BEHIND {ctx.data.daemons[d].name}")
    elif words:
        out["slots"] = parse_int(" ".join(words), "the number of Daemons to pass", "HG-9.4-02",
                                 1, 9)
        canon.append(str(out["slots"]))
    return " ".join(canon), out


# -- Walk the Earth, Leave the Earth ---------------------------------------------------------


def parse_walk(text: str, ctx) -> tuple[str, dict]:
    words = text.split()
    if not words:
        return "WALK THE EARTH", {}
    if words[0].upper() != "WITH" or len(words) == 1:
        raise OrderError(INVALID, f"{text!r} after WALK THE EARTH", "HG-9.6-01",
                         "write WALK THE EARTH, or WALK THE EARTH WITH <card>")
    cid = card_id(" ".join(words[1:]), ctx.data, "HG-9.6-01")
    card = ctx.data.arcana[cid]
    if card.minor.kind != "walk-the-earth":
        raise OrderError(ILLEGAL, f"{card.name}'s Minor Arcana is not Walk the Earth",
                         "HG-9.6-01", "name a card whose Minor Arcana is Walk the Earth")
    return f"WALK THE EARTH WITH {card.name}", {"card": cid}


def run_walk(actx: ActionCtx, order: dict) -> str | None:
    p = actx.st.players[actx.player]
    cards = [(minor_cost(actx.data.arcana[c]), pos, c) for pos, c in enumerate(p.hand)
             if actx.data.arcana[c].minor.kind == "walk-the-earth"]
    if order.get("card"):
        cards = [c for c in cards if c[2] == order["card"]]
    if not cards:
        return "no Walk the Earth card in the hand" + (" of that name" if order.get("card")
                                                       else "")
    affordable = [c for c in cards if c[0] <= p.souls]
    if not affordable:
        return f"{actx.player} cannot pay for a Walk the Earth card ({p.souls} Souls)"
    cost, _, cid = min(affordable)
    p.souls -= cost
    p.hand.remove(cid)
    d = actx.st.daemons[actx.daemon]
    d.where, d.walk_card = ON_EARTH, cid  # the card is tucked under the Daemon
    _say(actx, "walk-the-earth", f"{_name(actx)} Walks the Earth, playing "
         f"{actx.data.arcana[cid].name} ({count(cost, 'Soul')})", "HG-9.6-01", card=cid)
    return None


def return_to_hell(actx: ActionCtx, why: str) -> None:
    """HG-9.6-03 / HG-9.6.1-01: the Walk card is discarded, the Daemon is in Hell."""
    d = actx.st.daemons[actx.daemon]
    if d.walk_card:
        actx.st.discard(d.walk_card)  # HG-3.3-02: to the bottom of the deck
    d.where, d.walk_card = IN_HELL, None
    _say(actx, "leave-the-earth", f"{_name(actx)} returns to Hell{why}", "HG-9.6-03")


def parse_leave(text: str, ctx) -> tuple[str, dict]:
    _nothing_after("LEAVE THE EARTH", text)
    return "LEAVE THE EARTH", {}


def run_leave(actx: ActionCtx, order: dict) -> str | None:
    return_to_hell(actx, " (Leave the Earth)")
    return None


# -- Atonement and Supplication, Do Evil Deeds ------------------------------------------------


def parse_atone(text: str, ctx) -> tuple[str, dict]:
    _nothing_after("ATONE", text)
    return "ATONE", {}


def run_atone(actx: ActionCtx, order: dict) -> str | None:
    table = actx.data.tables["atonement_table"]
    hearts = min(max(actx.data.daemons[actx.daemon].hearts, 1), max(table["rows"]))
    a = actx.dice.roll(f"Atonement by {_name(actx)}", actx.player)
    b = actx.dice.roll(f"Atonement by {_name(actx)}", actx.player)
    total = a + b
    col = next(i for i, (lo, hi) in enumerate(table["columns"]) if lo <= total <= hi)
    result = table["rows"][hearts][col]
    p = actx.st.players[actx.player]
    if result == "incap":
        actx.st.daemons[actx.daemon].incapacitated = True  # recovers in an End Phase
        what = "is Incapacitated [HG-9.7.2-03]"
    elif result == "nothing":
        what = "achieves nothing"
    else:
        lost = min(int(result), p.disfavours)
        p.disfavours -= lost
        what = f"discards {count(lost, 'Disfavour')}"
        if lost < int(result):
            what += f" (the table allows {result}; {actx.player} had {count(lost, 'Disfavour')})"
    _say(actx, "atone", f"{_name(actx)} atones ({count(hearts, 'Heart')}): {a}+{b}={total}, "
         f"{what}", "HG-9.7.2-02", roll=total, result=result)
    return None


def parse_evil(text: str, ctx) -> tuple[str, dict]:
    _nothing_after("EVIL DEEDS", text)
    return "EVIL DEEDS", {}


def run_evil(actx: ActionCtx, order: dict) -> str | None:
    hearts = actx.data.daemons[actx.daemon].hearts
    rolls = [actx.dice.roll(f"Evil Deeds by {_name(actx)}", actx.player) for _ in range(hearts)]
    gained = rolls.count(6)
    actx.st.players[actx.player].favours += gained
    _say(actx, "evil-deeds", f"{_name(actx)} does Evil Deeds on Earth: "
         f"{', '.join(map(str, rolls)) or 'no dice'}, {count(gained, 'Favour')}",
         "HG-9.7.4-01", rolls=rolls, favours=gained)
    return None


# -- shared -------------------------------------------------------------------------------


def _nothing_after(keyword: str, text: str) -> None:
    if text.strip():
        raise OrderError(INVALID, f"{keyword} takes nothing after it, not {text.strip()!r}",
                         "HG-9.2-01", f"write just {keyword}")


def _name(actx: ActionCtx) -> str:
    return f"{actx.data.daemons[actx.daemon].name} ({actx.player})"


def _say(actx: ActionCtx, kind: str, text: str, rule: str, **data) -> None:
    actx.log.public(kind, text, rule, daemon=actx.daemon, **data)


def daemon_of(text: str, ctx, rule: str) -> str:
    """One of the player's own Daemons in play, by name."""
    mine = {d: [ctx.data.daemons[d].name] for d in ctx.state.players[ctx.player].daemons
            if d in ctx.state.daemons}
    return match(text, mine, "Daemon of yours", rule)
