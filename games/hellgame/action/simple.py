"""The Actions that need no map: Pass for Good, Pass (its grammar; the queue plays it),
Walk the Earth, Leave the Earth, Atonement and Supplication, Do Evil Deeds (9.3, 9.4,
9.6, 9.7.2, 9.7.4).

What cards and Daemon abilities change here, they say through hook points
(games/hellgame/hooks.py): "passed-for-good" (Ashtaroth's Favour),
"pass-for-good-forbidden" (Protocol), "ability-for" (Thamuz walks without a card),
"walk-the-earth-cost" (Spiritual Revival), "favour-use-forbidden" (Lucifer - An
Impostor?), "action-roll-ability" (Beelzebub's three Atonement dice, Ukobach's +1 to
Evil Deeds), "evil-deeds-target" (Trinity)."""

from __future__ import annotations

from pbem.engine import ILLEGAL, INVALID

from .. import hooks
from ..errors import OrderError
from ..favours import attribute
from ..log import count
from ..orders import caution, parse_int
from ..orders.common import card_id, daemon_of  # noqa: F401  daemon_of: for the order modules
from ..state import IN_HELL, ON_EARTH
from . import conditions, reroll
from .context import ActionCtx, not_held
from .queue import minor_cost, slots

# -- Pass for Good and Pass -------------------------------------------------------------


def parse_pass_for_good(text: str, ctx) -> tuple[str, dict]:
    _nothing_after("PASS FOR GOOD", text)
    return "PASS FOR GOOD", {}


def pass_for_good_forbidden(actx: ActionCtx) -> str | None:
    """Why a card in force forbids the acting Daemon to Pass for Good this turn (Protocol,
    action/spells_turns.py), or None."""
    return hooks.first("pass-for-good-forbidden", actx)


#: The feature of Thamuz's ability (hook point "ability-for"): Walk the Earth without a card.
WALK_WITHOUT_CARD = "walk-without-card"


def walks_without_card(actx: ActionCtx) -> bool:
    """The acting Daemon's ability lets it walk the Earth without a card (Thamuz), and it
    works (HG-3.3-04)."""
    aid = hooks.first("ability-for", WALK_WITHOUT_CARD)
    return (aid is not None and actx.data.daemons[actx.daemon].ability.id == aid
            and not actx.st.daemons[actx.daemon].incapacitated)


def run_pass_for_good(actx: ActionCtx, order: dict) -> str | None:
    q = actx.queue
    if actx.daemon in q.passed:  # HG-9.3-02
        return "a Daemon that has Passed may not Pass for Good [HG-9.3-02]"
    why = pass_for_good_forbidden(actx)
    if why:
        return why
    _say(actx, "pass-for-good", f"{_name(actx)} Passes for Good", "HG-9.3-01")
    hooks.fire("passed-for-good", actx)  # Ashtaroth's Favour
    return None


def known_pass(order: dict, ctx, daemon: str, sheet) -> str | None:
    """The sheet check of PASS WITH <card> (issue 20): a warning when the card is not in
    the hand now (queue.choose_pass_card asks `not_held` too); he may still draw, buy or
    be given it before the Action Phase (HG-9.4-01)."""
    cid = order.get("card")
    if not cid or not not_held(ctx.state, ctx.data, ctx.player, cid):
        return None
    name = ctx.data.arcana[cid].name
    return caution(f"{name} is not in your hand now: {ctx.data.daemons[daemon].name} "
                   "Passes with it only if you draw, buy or are given it before it acts",
                   "HG-9.4-01", "write PASS to play the cheapest Pass card you hold")


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


def parse_walk(text: str, ctx, daemon: str | None = None) -> tuple[str, dict]:
    words = text.split()
    if not words:
        return "WALK THE EARTH", {}
    if [w.upper() for w in words] in (["WITHOUT", "CARD"], ["WITHOUT", "A", "CARD"]):
        # Thamuz "may take the Walk the Earth Action without playing a Walk the Earth card"
        thamuz = hooks.first("ability-for", WALK_WITHOUT_CARD)
        if daemon is None or ctx.data.daemons[daemon].ability.id != thamuz:
            raise OrderError(ILLEGAL, "only Thamuz walks the Earth without a card "
                             f"[{thamuz}]", "HG-9.6-01",
                             "write WALK THE EARTH, or WALK THE EARTH WITH <card>")
        return "WALK THE EARTH WITHOUT CARD", {"no_card": True}
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
    """HG-9.6-01. Thamuz (ability.thamuz) plays no card when ordered WITHOUT CARD, or when
    a plain WALK THE EARTH finds no card he can pay (IP-33: used only when ordered, or
    when the line would fail without it)."""
    d = actx.st.daemons[actx.daemon]
    if order.get("no_card") and walks_without_card(actx):
        _walk_without_card(actx)
        return None
    p = actx.st.players[actx.player]
    # a card in force may change what the cards cost (Spiritual Revival: double)
    cards = [(_walk_cost(actx.st, minor_cost(actx.data.arcana[c]))[0], pos, c)
             for pos, c in walk_cards(p.hand, order, actx.data)]
    affordable = [c for c in cards if c[0] <= p.souls]
    if not affordable and not order.get("card") and walks_without_card(actx):
        _walk_without_card(actx)
        return None
    if not cards:
        return no_walk_card(order)
    if not affordable:
        return f"{actx.player} cannot pay for a Walk the Earth card ({p.souls} Souls)"
    cost, _, cid = min(affordable)
    p.souls -= cost
    p.hand.remove(cid)
    d.where, d.walk_card = ON_EARTH, cid  # the card is tucked under the Daemon
    base = minor_cost(actx.data.arcana[cid])
    doubled = f", {_walk_cost(actx.st, base)[1]}" if cost != base else ""
    _say(actx, "walk-the-earth", f"{_name(actx)} Walks the Earth, playing "
         f"{actx.data.arcana[cid].name} ({count(cost, 'Soul')}{doubled})", "HG-9.6-01",
         card=cid)
    return None


def _walk_cost(st, cost: int) -> tuple[int, str]:
    """What a Walk the Earth card printed at `cost` Souls costs now, and why it differs
    (hook point "walk-the-earth-cost")."""
    return hooks.first("walk-the-earth-cost", st, cost, default=(cost, ""))


def walk_cards(hand: list[str], order: dict, data) -> list[tuple[int, str]]:
    """(hand position, card) of the Walk the Earth cards in `hand` the order may play:
    any, or the one it names (HG-9.6-01)."""
    return [(pos, c) for pos, c in enumerate(hand)
            if data.arcana[c].minor.kind == "walk-the-earth"
            and (not order.get("card") or c == order["card"])]


def no_walk_card(order: dict) -> str:
    return "no Walk the Earth card in the hand" + (" of that name" if order.get("card")
                                                   else "")


def known_walk(order: dict, ctx, daemon: str, sheet) -> str | None:
    """The sheet check of WALK THE EARTH (issue 20): a warning when no card in the hand
    fits the line now (a card drawn in the Hell Phase, bought or given before the Action
    Phase may still, so never a refusal, HG-9.6-01). Thamuz needs none (IP-33)."""
    name = ctx.data.daemons[daemon].name
    if order.get("no_card") or walk_cards(ctx.state.players[ctx.player].hand, order,
                                          ctx.data):
        return None
    thamuz = ctx.data.daemons[daemon].ability.id == hooks.first("ability-for",
                                                                WALK_WITHOUT_CARD)
    if not order.get("card"):
        if thamuz:  # he walks without a card when he has none he can pay (IP-33)
            return None
        return caution(f"you hold no Walk the Earth card now: {name} walks only if you "
                       "draw, buy or are given one before it acts", "HG-9.6-01",
                       "keep a Walk the Earth card for it")
    card = ctx.data.arcana[order["card"]].name
    fix = ("write WALK THE EARTH WITHOUT CARD: Thamuz walks without one (his ability)"
           if thamuz else "write WALK THE EARTH to play any Walk the Earth card you hold")
    return caution(f"{card} is not in your hand now: {name} walks with it only if you "
                   "draw, buy or are given it before it acts", "HG-9.6-01", fix)


def _walk_without_card(actx: ActionCtx) -> None:
    d = actx.st.daemons[actx.daemon]
    d.where, d.walk_card = ON_EARTH, None  # no card under him: Leave the Earth discards none
    _say(actx, "walk-the-earth", f"{_name(actx)} Walks the Earth without playing a card "
         f"(his ability)", "HG-9.6-01", card=None,
         ability=actx.data.daemons[actx.daemon].ability.id)


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
    """HG-9.7.2-01/02: two dice (Beelzebub: three, the best two kept) on the table for the
    Daemon's Hearts. Caim, Try Again or Re-roll may re-roll the lowest die kept of a
    failed one (reroll.py)."""
    ban = hooks.first("favour-use-forbidden", actx.st)  # Lucifer - An Impostor?
    if ban is not None:
        return (f"this turn {actx.data.hell_cards[ban].name} hears no supplication and no "
                f"Disfavour may be used [{ban}]")
    table = actx.data.tables["atonement_table"]
    hearts = min(max(attribute(actx.data, actx.daemon, "hearts", actx.st), 1),
                 max(table["rows"]))
    n, ability = hooks.first("action-roll-ability", actx, reroll.ATONEMENT,
                             default=(2, None))  # Beelzebub: 3
    faces = [actx.dice.roll(f"Atonement by {_name(actx)}", actx.player) for _ in range(n)]
    result, rolled = _atonement(table, hearts, faces)

    def failed(fs: list[int]) -> list[int]:  # the lowest die kept of a failed Atonement
        if _atonement(table, hearts, fs)[0] not in ("incap", "nothing"):
            return []
        return [fs.index(min(sorted(fs, reverse=True)[:2]))]

    before = len(actx.dice.log)
    faces = reroll.dice(actx, actx.player, reroll.ATONEMENT, faces, failed,
                        lambda fs, i: f"the {fs[i]} of {_name(actx)}'s Atonement")
    if len(actx.dice.log) > before:
        result, again = _atonement(table, hearts, faces)
        rolled += f", re-rolled {again}"
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
    three = " with three dice, keeping the best two (his ability)" if len(faces) > 2 else ""
    _say(actx, "atone", f"{_name(actx)} atones ({count(hearts, 'Heart')}){three}: {rolled}, "
         f"{what}", "HG-9.7.2-02", roll=sum(sorted(faces, reverse=True)[:2]), result=result,
         **({"ability": ability} if three else {}))
    return None


def _atonement(table: dict, hearts: int, faces: list[int]) -> tuple[object, str]:
    """The table's result for the best two dice, and the dice in words: "2+3=5", or
    "6, 2, 4: 6+4=10" for three dice."""
    a, b = faces if len(faces) == 2 else sorted(faces, reverse=True)[:2]
    total = a + b
    col = next(i for i, (lo, hi) in enumerate(table["columns"]) if lo <= total <= hi)
    shown = f"{a}+{b}={total}"
    if len(faces) > 2:
        shown = f"{', '.join(map(str, faces))}: {shown}"
    return table["rows"][hearts][col], shown


def parse_evil(text: str, ctx) -> tuple[str, dict]:
    _nothing_after("EVIL DEEDS", text)
    return "EVIL DEEDS", {}


def run_evil(actx: ActionCtx, order: dict) -> str | None:
    """HG-9.7.4-01: one die per Heart, 1 Favour per 6 (5 or 6 under Trinity); Ukobach
    adds 1 to every die (so a 5 scores too). Caim or Try Again may re-roll the first die
    that scores nothing, Re-roll every such die (reroll.py)."""
    hearts = attribute(actx.data, actx.daemon, "hearts", actx.st)  # +1: Salome's Oil
    bonus, ability = hooks.first("action-roll-ability", actx, reroll.EVIL_DEEDS,
                                 default=(0, None))  # Ukobach: +1
    need, card = hooks.first("evil-deeds-target", actx.st, default=(6, None))  # Trinity: 5
    rolls = [actx.dice.roll(f"Evil Deeds by {_name(actx)}", actx.player) for _ in range(hearts)]
    rolls = reroll.dice(actx, actx.player, reroll.EVIL_DEEDS, rolls,
                        lambda fs: [i for i, r in enumerate(fs) if r + bonus < need],
                        lambda fs, i: f"the {fs[i]} of {_name(actx)}'s Evil Deeds")
    gained = sum(1 for r in rolls if r + bonus >= need)
    actx.st.players[actx.player].favours += gained
    shown = ", ".join(f"{r}+{bonus}" if bonus else str(r) for r in rolls) or "no dice"
    plus = f", +{bonus} to every die (her ability)" if bonus else ""
    if need != 6:
        plus += f", scoring on {need} or more under {actx.data.hell_cards[card].name}"
    _say(actx, "evil-deeds", f"{_name(actx)} does Evil Deeds on Earth{plus}: "
         f"{shown}, {count(gained, 'Favour')}", "HG-9.7.4-01", rolls=rolls, favours=gained,
         **({"ability": ability} if bonus else {}))
    return None


# -- shared -------------------------------------------------------------------------------


def _nothing_after(keyword: str, text: str) -> None:
    if text.strip():
        raise OrderError(INVALID, f"{keyword} takes nothing after it, not {text.strip()!r}",
                         "HG-9.2-01", f"write just {keyword}")


def _name(actx: ActionCtx) -> str:
    return actx.label()


def _say(actx: ActionCtx, kind: str, text: str, rule: str, **data) -> None:
    actx.log.public(kind, text, rule, daemon=actx.daemon, **data)

