"""Macina (16.4): a card marked "Macina" in the data (`flags.macina`, with its
`maintenance` in Souls; docs/data.md). No card of the base deck is one; a moderator may
mark one.

- **Played** (HG-16.4-01) like any other Arcana (CAST in the Action Phase, COMBAT CAST,
  or drawn as a Play Right Away card), its costs paid as usual, it does not go to the
  bottom of the deck: it stands on the table in front of the player who played it
  (`HellState.macinas`), unpaid, and does nothing yet. Its effect is not carried out
  when it is played: it works from the next Soul Phase on, through hook answers that ask
  `in_play.macina_working(st, card)` first. A Macina cancelled by a Counter goes to the
  bottom of the deck like any cancelled card.
- **Maintained** (HG-16.4-02, IP-11) at the end of each Soul Phase, after upkeep
  (HG-7.2-06: a Legion's pay comes first, so maintenance never makes a Unit desert) and
  before the deserters are offered: for each Macina in front of him, in card id order,
  its owner pays its maintenance or not, as his `MACINA <card> PAY [KEEP n]` / `MACINA
  <card> STOP` line says; by default he pays when he can (IP-11). Paid, it works until
  the next Soul Phase; unpaid, it stays in front of him and does nothing until a later
  Soul Phase's maintenance is paid (HG-16.4-03). The rulebook says nothing of when a
  Macina leaves play: it stays.
"""

from __future__ import annotations

from .data import HellData
from .log import Log, count
from .state import HellState

RULE_PLAYED, RULE_PAID, RULE_UNPAID = "HG-16.4-01", "HG-16.4-02", "HG-16.4-03"
ORDER = "MACINA"


def is_macina(data: HellData, card: str) -> bool:
    return data.arcana[card].flags.macina


def place(st: HellState, data: HellData, player: str, card: str, works: bool,
          log: Log) -> None:
    """A Macina just played (its costs paid, out of the hand): it stands in front of
    `player`, not yet working (HG-16.4-01/02), or, cancelled by a Counter (`works`
    False), goes to the bottom of the deck (HG-3.3-02)."""
    info = data.arcana[card]
    if not works:
        st.discard(card)
        log.public("macina-cancelled", f"{info.name} is cancelled: the Macina goes to the "
                   "bottom of the deck.", "HG-9.8.2-01", player=player, card=card)
        return
    st.macinas[card] = {"owner": player, "paid": False}
    log.public("macina-placed", f"{info.name} is a Macina: it stands in front of {player} "
               f"and works once its maintenance of {count(info.maintenance, 'Soul')} is "
               "paid in the next Soul Phase.", RULE_PLAYED, player=player, card=card)


def decision(sheet, card: str) -> dict | None:
    """The player's first MACINA line for `card`, or None (the default: pay, IP-11)."""
    orders = sheet.orders if sheet is not None else ()
    return next((o for o in orders if o["type"] == ORDER and o["card"] == card), None)


def maintain(st: HellState, sheets, data: HellData, log: Log) -> None:
    """The Soul Phase's maintenance (HG-16.4-02/03, IP-11): players in seat order, each
    Macina of his in card id order."""
    for player in st.seats:
        p = st.players[player]
        for card in sorted(c for c, m in st.macinas.items() if m["owner"] == player):
            info, m = data.arcana[card], st.macinas[card]
            cost = info.maintenance
            o = decision((sheets or {}).get(player), card)
            keep = (o or {}).get("keep") or 0
            if o is not None and o["pay"] is False:
                why = "by his MACINA order"
            elif p.souls < cost:
                why = f"he has {count(p.souls, 'Soul')}"
            elif p.souls - cost < keep:
                why = f"his MACINA order keeps {count(keep, 'Soul')}"
            else:
                p.souls -= cost
                m["paid"] = True
                log.public("macina-maintained", f"{player} pays {count(cost, 'Soul')} "
                           f"maintenance for the Macina {info.name}: it works until the "
                           "next Soul Phase.", RULE_PAID, player=player, card=card,
                           souls=cost)
                continue
            m["paid"] = False
            log.public("macina-unpaid", f"{player} does not pay the maintenance of "
                       f"{count(cost, 'Soul')} for the Macina {info.name} ({why}): it "
                       "stays in front of him and does nothing until its maintenance is "
                       "paid again.", RULE_UNPAID, player=player, card=card)


def view(st: HellState, data: HellData) -> list[dict]:
    """The Macinas on the table, for everyone (they lie face up in front of their
    owners): card id order."""
    return [{"card": c, "name": data.arcana[c].name, "owner": m["owner"],
             "maintenance": data.arcana[c].maintenance, "working": bool(m["paid"])}
            for c, m in sorted(st.macinas.items())]
