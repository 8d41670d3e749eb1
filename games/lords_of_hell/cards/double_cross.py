"""Double Cross (LH-I.3.4-02, LH-II.1-01; digest §3.3 and PB-13): cancel another player's
normal special card as it is played; both cards are discarded. A Double Cross may itself
be Double Crossed; unstoppable specials (`data.cards[id].unstoppable`) never can be.

By mail a Double Cross is a standing reactive trigger, `DOUBLE CROSS IF <pattern>`
(orders/cards.py):

    DOUBLE CROSS IF Recall            that card, by anyone else
    DOUBLE CROSS IF ANY               any special another player plays (Double Crosses too)
    DOUBLE CROSS IF TARGETING ME      a special aimed at me: a Double Cross against my card
    DOUBLE CROSS IF Silence BY anna   ... played by that player only (after any pattern)
    DOUBLE CROSS OFF                  no triggers

A sheet with any DOUBLE CROSS line replaces the player's triggers with its lines, in
sheet order (OFF empties the list, later lines add again); a sheet with none keeps them.
They are kept until used in `P.standing["DOUBLE CROSS"]` =
`{"type": "DOUBLE CROSS", "triggers": [trigger], "canonical": "..."}`, a trigger being
`{"card": id | None, "any": bool, "me": bool, "by": name | None, "text": str}`.

Each time a normal special is played, the triggers are checked: players Starter first
then clockwise (LH-I.4.3-01), the card's own player skipped, each player's triggers in
order. The first trigger that matches, of a player holding a Double Cross, fires: the
trigger is used up and a Double Cross from his hand is played against the card — checked
in turn the same way. If that Double Cross stands, the card is cancelled; if it is
itself cancelled, the search goes on with the next trigger. A matching trigger of a
player with no Double Cross in hand stays, and he is told.
"""

from __future__ import annotations

from ..deck import discard
from ..state import LohState, card_id, order_from_starter

DOUBLE_CROSS = "special.double-cross"
KEY = "DOUBLE CROSS"
RULE = "LH-I.3.4-02"


def keep_triggers(st: LohState, sheets: dict) -> None:
    """Store the triggers of every sheet that has DOUBLE CROSS lines (module docstring)."""
    from ..orders import orders_of

    for name in st.seats:
        lines = orders_of(sheets.get(name), KEY)
        if not lines:
            continue
        triggers: list[dict] = []
        for o in lines:
            if o.get("off"):
                triggers = []
            else:
                triggers.append({k: o[k] for k in ("card", "any", "me", "by", "text")})
        standing = st.players[name].standing
        if triggers:
            standing[KEY] = {"type": KEY, "triggers": triggers,
                             "canonical": "; ".join(t["text"] for t in triggers)}
        else:
            standing.pop(KEY, None)


def triggers_of(st: LohState, name: str) -> list[dict]:
    return list((st.players[name].standing.get(KEY) or {}).get("triggers", []))


def _use(st: LohState, name: str, trigger: dict) -> None:
    kept = st.players[name].standing[KEY]
    kept["triggers"].remove(trigger)
    if kept["triggers"]:
        kept["canonical"] = "; ".join(t["text"] for t in kept["triggers"])
    else:
        del st.players[name].standing[KEY]


def matches(trigger: dict, player: str, cid: str, target: str | None, me: str) -> bool:
    """Whether `me`'s trigger fires on `player` playing card `cid` aimed at `target`."""
    if trigger["by"] and trigger["by"] != player:
        return False
    if trigger["me"]:
        return target == me
    if trigger["card"]:
        return trigger["card"] == cid
    return bool(trigger["any"])


def cancelled(st: LohState, player: str, cid: str, target: str | None, data, dice, log) -> bool:
    """Check the triggers against `player`'s special `cid` (aimed at player `target`, if
    any); fire Double Crosses as they match. True: the card is cancelled."""
    if data.cards[cid].unstoppable:
        return False
    name = data.cards[cid].name
    for q in order_from_starter(st):
        if q == player:
            continue
        for trigger in triggers_of(st, q):
            if not matches(trigger, player, cid, target, q):
                continue
            dc = next((i for i in st.players[q].hand
                       if card_id(st, i) == DOUBLE_CROSS), None)
            if dc is None:
                log.private(q, "double-cross-no-card", f"Your trigger {trigger['text']} "
                            f"matched {player}'s {name}, but you hold no Double Cross; the "
                            "trigger stays.", RULE)
                continue
            _use(st, q, trigger)
            st.players[q].hand.remove(dc)
            log.public("double-cross", f"{q} Double Crosses {player}'s {name}.", RULE,
                       player=q, against=player, card=cid)
            stands = not cancelled(st, q, DOUBLE_CROSS, player, data, dice, log)
            discard(st, [dc], dice, log)
            if stands:
                return True
            log.public("double-cross-cancelled", f"{q}'s Double Cross is cancelled and "
                       f"discarded; {player}'s {name} still stands.", RULE, player=q)
    return False
