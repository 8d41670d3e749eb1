"""What each Devil owns and holds, for the first screen of his report (pbem.ledger).

The stage's log takes this snapshot around every event, so a realm lost in a fight, a
capture, an Oath handed over in a deal or support points won all reach the player's
report with the event that made them. Values are ids (card ids, realm ids, player
names), named only when a change is reported.
"""

from __future__ import annotations

from pbem.ledger import Holding, Snapshot

from .data import load_data
from .state import LohState, is_oath

#: a Devil's status as a holding when he is not free: "now a prisoner" is a loss, "no
#: longer a prisoner" a gain
NOT_FREE = {"ko": "knocked out", "prisoner": "a prisoner", "heaven": "held by Heaven"}


def _card(card: str) -> str:
    data = load_data()
    if is_oath(card):
        devil = data.devils.get("devil." + card.split(".")[1])
        return "Oath of " + (devil.name if devil else card)
    item = data.cards.get(card)
    return item.name if item is not None else card


def _realm(realm: str) -> str:
    item = load_data().realms.get(realm)
    return item.name if item is not None else realm


#: the kinds of holding, in the order of `values`
KINDS = (
    Holding("Souls", 1, ("soul",), one="Soul"),
    Holding("SP", 1, ("sp", "support"), one="SP"),
    Holding("Realms", 1, ("realm",), ("realm {}", "realm {}"), name=_realm),
    Holding("Home", 1, ("home",), ("home {}", "home {}"), name=_realm),
    Holding("Captivity", -1, ("captur", "prisoner", "knock", "heaven"),
            ("no longer {}", "now {}")),
    Holding("Prisoners", 1, ("prisoner", "captur", "free"), ("prisoner {}", "prisoner {}")),
    Holding("Hand", 1, ("card", "oath"), ("card {}", "card {}"), name=_card),
    Holding("Hordes", 1, ("horde", "army", "fiend"), ("horde {}", "horde {}"), name=_card),
    Holding("Artifacts", 1, ("artifact",), ("artifact {}", "artifact {}"), name=_card),
)


def values(st: LohState) -> Snapshot:
    realms: dict[str, list[str]] = {name: [] for name in st.players}
    for realm, who in st.realms.items():
        if who in realms:
            realms[who].append(realm)
    held: dict[str, list[str]] = {name: [] for name in st.players}
    for name, p in st.players.items():
        if p.status == "prisoner" and p.captor in held:
            held[p.captor].append(name)
    cards = st.cards
    out: Snapshot = {}
    for name, p in st.players.items():
        status = p.status
        out[name] = (
            int(p.souls), int(p.sp), tuple(realms[name]),
            (p.home,) if p.home else (),
            (NOT_FREE[status],) if status in NOT_FREE else (),
            tuple(held[name]),
            tuple(cards.get(i, i) for i in p.hand),
            tuple(cards.get(i, i) for i in p.hordes + p.earth),
            tuple(cards.get(i, i) for i in p.artifacts),
        )
    return out
