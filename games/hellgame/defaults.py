"""Every decision a sheet can leave out, and the documented default it then gets.

The confirmation reply lists the decisions left to defaults (DESIGN.md §5); the
defaults themselves are applied by the phase that needs the decision (IP ids from
rules-checklist §3).
"""

from __future__ import annotations

from pbem.engine import OrderSheet

from .state import HellState

#: stage -> [(order keywords that cover the decision, IP id, what happens by default)]
DECISIONS = {
    "setup": [
        (("REDRAW",), "IP-01", "keep the three Daemons you were dealt"),
        (("PLACE",), "IP-02", "first Legion in your best non-isolated Sectio (highest Souls)"),
    ],
    "turn": [
        (("KEEP",), "IP-03", "above 5 cards: keep '6' cards, discard the newest others"),
        (("GIVE",), "IP-08", "no gifts"),
        (("UNPAID",), "IP-09", "if short of Souls: unstacked Legions outside your Sectio "
                               "go unpaid first, Lieutenants last"),
        (("DESERTERS",), "IP-10", "take deserters offered to you if you can pay"),
        (("LEGION", "LEGIONS"), "IP-13", "summon no Legions"),
        (("RECRUIT",), "IP-14", "recruit no Lieutenant"),
        (("TAME",), "IP-15", "no taming in AnteHell"),
        (("BUY ARCANA",), "IP-16", "buy no Arcana"),
        (("BONUS",), "IP-17", "no Bonus Pay"),
        (("PETITION",), "IP-47", "no petitions by Favour"),
        (("BUY OFF", "KEEP FAVOURS"), "IP-49", "buy off as many Disfavours as you can"),
    ],
}


def left_to_defaults(st: HellState, sheet: OrderSheet) -> list[str]:
    given = {o["type"] for o in sheet.orders}
    stage = "setup" if st.turn == 0 else "turn"
    return [f"{ip}: {text}" for keys, ip, text in DECISIONS[stage]
            if not any(k in given for k in keys)]
