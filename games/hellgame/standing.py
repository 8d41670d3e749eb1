"""Standing orders: the lines of a sheet that state a lasting preference (KEEP, FLEE,
COUNTER, HITS, BUY OFF ...), as against one-off deeds (LEGION, GIVE, PETITION, COMBAT
CAST, the Daemon lines). Issue 22.

The rules leave every mid-turn decision to the player at the table; by mail each needs
a standing order or a default (rules-checklist §3: IP-01..IP-51). A player who sends no
sheet for a turn has told us nothing new, so what he last told us still holds:

- Each turn's sheet that a player sends replaces his standing orders whole: the
  standing lines of that sheet are kept in his state (`Player.standing`, with the turn
  it was sent for), even none. A player who sends anything, even a sheet without a
  single order, gets only what he sent (the confirmation says so).
- A turn with no sheet from him is played on those lines, each checked against the
  state of that turn exactly as a sheet he sent would be (`check_sheet(..., known=True)`,
  the game's check_orders): a line that no longer checks (a Daemon he lost, a Sectio
  that is gone) is dropped for that turn, and so is a line that plays a card from his
  hand (COUNTER ... WITH, REROLL WITH; `HAND_CARD`) while he no longer holds that card:
  he wrote it for a card he has since played or lost (9.8.2: a Counter is played from
  the hand, HG-9.8.2-01; IP-30, IP-33). Every other decision takes its default
  (defaults.py). His report says which lines were used and which dropped
  (`orders-carried` events, shown under "Needs your attention").
- The lines stay as he wrote them: a line dropped for one turn is checked again the
  next (he may hold the card again), until a sheet he sends replaces them.
- The order form carries the same lines, checked the same way (form.py), so sending
  nothing plays exactly what sending the form back unchanged would.

The setup stage (REDRAW, PLACE) has no standing orders.
"""

from __future__ import annotations

from pbem.engine import OrderSheet
from pbem.eventlog import CARRIED_KIND

from .data import HellData
from .log import Log
from .orders import check_sheet
from .state import HellState

#: Orders that are rules for decisions rather than one-off deeds: the next form carries
#: them over from the player's last sheet, uncommented, and a turn he sends no sheet
#: for is played on them, while they are still valid.
STANDING = ["KEEP", "UNPAID", "DESERTERS", "MACINA", "GRANT PASSAGE", "FLEE", "FLIGHT PREFER",
            "FLIGHT TAKE", "COUNTER", "PAYMON GRANTS", "CAIM REROLLS", "REROLL WITH",
            "BELPHEGOR REDRAWS",
            "XAPHAN CHOOSES", "ZAGAM TESTS STARS", "CRUSADE JOIN", "PRUFFLAS PICKS",
            "STEER LILITH",
            "FIGHT", "JOIN", "COMBAT MAGIC", "HITS", "COMBAT FLEE", "COMBAT ABILITY",
            "AFTER JOINT WIN", "AVOID COMBAT", "ALLOW PETITIONS", "BUY OFF", "KEEP FAVOURS",
            "AUCTION BID", "INQUISITION VOTE", "RITES VOTE", "PARLIAMENT SENDS",
            "MAD SCIENTIST", "PLAY RIGHT AWAY", "COMBAT PAY", "REINFORCEMENTS ALLOW"]

#: Standing orders that play a card from the player's hand: order type -> (the key of
#: the order naming the card, the rule). Carried without a new sheet only while he
#: holds it. (JOIN ... BRINGING is checked against the hand by its own parser.)
HAND_CARD = {"COUNTER": ("card", "HG-9.8.2-01"), "REROLL WITH": ("card", "IP-33")}

CARRIED = CARRIED_KIND  # pbem.eventlog: the framework shows it first


def lines_of(sheet: OrderSheet | None) -> list[str]:
    """The canonical standing lines of a checked sheet, in sheet order."""
    if sheet is None:
        return []
    return [r.canonical for r in sheet.lines
            if r.ok and r.order and r.order.get("type") in STANDING]


def carry(st: HellState, data: HellData, player: str,
          lines: list[str]) -> tuple[OrderSheet, list[tuple[str, str, str]]]:
    """`lines` checked now as a sheet is: (the sheet of the lines still valid, in their
    order; (line, why, rule) for each line dropped)."""
    if not lines:
        return OrderSheet(player), []
    checked = check_sheet(st, data, player, "\n".join(lines), known=True)
    hand = st.players[player].hand if player in st.players else []
    kept, dropped = [], []
    for r in checked.lines:
        if not r.ok:
            dropped.append((r.text, r.message, r.rule))
            continue
        key, rule = HAND_CARD.get(r.order["type"], (None, ""))
        card = r.order.get(key) if key else None
        if card and card not in hand:
            dropped.append((r.canonical, f"you no longer hold {data.arcana[card].name}",
                            rule))
            continue
        kept.append(r)
    return OrderSheet(player, kept), dropped


def stored(st: HellState, player: str) -> list[str]:
    p = st.players.get(player)
    return list(p.standing) if p is not None else []


def remember(st: HellState, sheets: dict[str, OrderSheet | None]) -> None:
    """Each sheet sent for this turn replaces its player's standing orders (even with
    none)."""
    for name, sheet in sheets.items():
        if sheet is not None and name in st.players:
            st.players[name].standing = lines_of(sheet)
            st.players[name].standing_turn = st.turn


def fill_missing(st: HellState, data: HellData, sheets: dict[str, OrderSheet | None],
                 log: Log) -> dict[str, OrderSheet | None]:
    """The sheets to play this turn: a player who sent none plays on his standing orders
    still valid now; his report says which were used and which dropped. Call before
    `remember`, on the turn's state before any phase."""
    out = dict(sheets)
    log.phase = "orders"
    for name in st.seats:
        if sheets.get(name) is not None or not stored(st, name):
            continue
        sheet, dropped = carry(st, data, name, stored(st, name))
        turn = st.players[name].standing_turn
        used = [r.canonical for r in sheet.lines]
        data_ = {"turn": turn, "used": used, "dropped": [line for line, _, _ in dropped]}
        if used:
            log.private(name, CARRIED, f"You sent no orders: your standing orders from "
                        f"turn {turn} were used: {'; '.join(used)}. Every other decision "
                        "took its default.", **data_)
        else:
            log.private(name, CARRIED, f"You sent no orders, and none of your standing "
                        f"orders from turn {turn} still applies: every decision took its "
                        "default.", **data_)
        for line, why, rule in dropped:
            log.private(name, CARRIED, f"Not used this turn: {line} ({why}).", rule,
                        line=line)
        out[name] = sheet if used else None
    return out


def confirmation_notes(st: HellState, sheet: OrderSheet) -> list[str]:
    """What the confirmation of a turn's sheet says about standing orders."""
    if st.turn == 0 or sheet.player not in st.players:
        return []
    mine = lines_of(sheet)
    if mine:
        return ["Standing orders: if you send no orders for a later turn, these lines of "
                "this sheet are used again, each checked anew then (a COUNTER or REROLL "
                "WITH only while you hold its card): " + "; ".join(mine) + "."]
    before = stored(st, sheet.player)
    if before:
        turn = st.players[sheet.player].standing_turn
        return [f"This sheet has no standing orders: it replaces those of your turn {turn} "
                f"sheet ({'; '.join(before)}). If you send no orders for a later turn, "
                "every decision takes its default."]
    return []
