"""The order form mailed with every report: the stage's orders with an example each,
the player's standing orders in force, and room for his lines. Sent back unchanged it is
a legal (empty) order set: every line of it is a comment.

Only the orders he can give now are listed (issue 20), each with an example built from
his own Devil, cards, hordes and prisoners, his real opponents and the realms in play:
the first of its candidate lines (`_candidates`) that the stage's check accepts. An
order none of whose lines checks (TORTURE without Belial, FREE without a prisoner, PLAY
without a special card ...) or that could do nothing (DOUBLE CROSS without the card,
JUGGERNAUT TARGET without Juggernauts) is left out; docs/orders-lords-of-hell.md has
them all.
"""

from __future__ import annotations

from pbem.render import fill

from .deck import card_name, kind_of
from .orders import ORDER_TYPES, check_sheet
from .orders.cards import DOUBLE_CROSS
from .state import LohState

JUGGERNAUTS = "horde.juggernauts"


def order_form(st: LohState, player: str, data, previous=None) -> str:
    if st.phase == "over":
        return ""
    out = [f"# Orders for this stage ({st.phase}"
           + (f", combat round {st.round}" if st.phase == "combat" else "")
           + "). One order a line; lines starting with # are comments.",
           "# Orders you may give now (docs/orders-lords-of-hell.md has them all):"]
    me = _Me(st, player, data) if player in st.players else None
    for key in sorted(ORDER_TYPES):
        t = ORDER_TYPES[key]
        if st.phase not in t.when:
            continue
        example = me.example(key) if me else t.example
        if example is None:
            continue
        out += fill(f"{key}: {t.doc}" + (" (standing: kept until changed)"
                                         if t.standing else ""), 72, "#   ", "#     ")
        out.append(f"#     e.g. {example}")
    p = st.players.get(player)
    kept = sorted(o.get("canonical", k) for k, o in (p.standing if p else {}).items())
    if kept:
        out.append("# Your standing orders in force (send a new line to change one, or "
                   "KEYWORD OFF):")
        out += [f"#   {line}" for line in kept]
    out.append("")
    return "\n".join(out) + "\n"


class _Me:
    """The player's pieces and rivals, in the state's order, for the examples."""

    def __init__(self, st: LohState, player: str, data):
        self.st, self.player, self.data = st, player, data
        self.p = st.players[player]
        self.devil = data.devils[self.p.devil].name
        self.rivals = [n for n in st.seats if n != player]
        self.their_devils = [data.devils[st.players[n].devil].name for n in self.rivals]
        self.prisoners = [n for n in self.rivals if st.players[n].status == "prisoner"
                          and st.players[n].captor == player]
        self.realms = [data.realms[r].name for r in st.realms if r in data.realms]

    def names(self, where: str, kind: str) -> list[str]:
        """Names of his cards in hand or on the table (`where`) of one kind."""
        return list(dict.fromkeys(card_name(self.st, c, self.data) for c in getattr(self.p, where)
                                  if kind_of(self.st, c, self.data) == kind))

    def holds(self, card: str) -> bool:
        return any(self.st.cards.get(c) == card for c in self.p.hand + self.p.hordes)

    def example(self, key: str) -> str | None:
        """The first candidate line the stage's check accepts; None: none does."""
        for line in _candidates(self, key):
            lines = check_sheet(self.st, self.data, self.player, line).lines
            if len(lines) == 1 and lines[0].ok:
                return line
        return None


def _candidates(m: _Me, key: str) -> list[str]:
    hordes = m.names("hordes", "horde")
    oaths = [n for n in m.names("hand", "oath") if n != f"Oath of {m.devil}"]
    devils = ", ".join(m.their_devils[:2])
    rituals = list(dict.fromkeys(m.names("rituals", "ritual") + m.names("hand", "ritual")))
    lines = {
        "ACCEPT SURRENDER": [f"ACCEPT SURRENDER {r}" for r in m.rivals],
        "ATTACK": [f"ATTACK {devils}", "ATTACK ALL"],
        "BAALZEBUB GIVES": [f"BAALZEBUB GIVES {h} ELSE ANY" for h in hordes[-1:]]
        + ["BAALZEBUB GIVES ANY"],
        "CAPTURE AGREE": [f"CAPTURE AGREE {d} TO {m.devil}" for d in m.their_devils],
        "CASUALTIES": [f"CASUALTIES Souls, {h}, Devil" for h in hordes[:1]]
        + ["CASUALTIES Souls, Devil"],
        "COMBAT DEAL": [f"COMBAT DEAL {m.player} GIVES 1 Souls TO {r}" for r in m.rivals],
        "DEAL": [f"DEAL {m.player} GIVES {what} TO {r}; {r} GIVES Oath of {m.devil} TO "
                 f"{m.player}" for r in m.rivals[:1] for what in ["1 Souls", *hordes[:1]]],
        "DISCARD": ["DISCARD 1 Souls"] + [f"DISCARD {n}" for n in hordes[-1:]],
        "DOUBLE CROSS": ["DOUBLE CROSS IF TARGETING ME"] if m.holds(DOUBLE_CROSS) else [],
        "EARTH": ["EARTH DEVIL, ALL FIENDS", "EARTH DEVIL", "EARTH ALL FIENDS"],
        "FINISH": [f"FINISH {n}" for n in m.names("rituals", "ritual")],
        "FORCED": [f"FORCED {o} FOR ANY" for o in oaths],
        "FORCED OPH": [f"FORCED OPH {o}" for o in oaths + [f"Oath of {m.devil}"]],
        "FREE": [f"FREE {p}" for p in m.prisoners],
        "HOME": [f"HOME {', '.join(m.realms[:2])}"],
        "KEEP RITUALS": [f"KEEP RITUALS {', '.join(rituals[::-1])}"] if len(rituals) > 1
        else [],  # a ranking needs two rituals, in hand or tabled
        "JUGGERNAUT TARGET": [f"JUGGERNAUT TARGET {devils}"] if m.holds(JUGGERNAUTS) else [],
        "OBJECT": [f"OBJECT {d}" for d in m.their_devils],
        "OBJECT OCCUPY": [f"OBJECT OCCUPY {devils}", "OBJECT OCCUPY ALL"],
        "OCCUPY": [f"OCCUPY {r}" for r in m.realms],
        "OTHER MOVE": [f"OTHER MOVE TO {r}" for r in m.realms],
        "PERMIT": [f"PERMIT {p} {r}" for p in m.prisoners for r in m.rivals if r != p],
        "PLAY": [f"PLAY {n}" for n in m.names("hand", "special")],
        "PURSUE": [f"PURSUE {d}" for d in m.their_devils[:1]],
        "RITUAL": [f"RITUAL {n}" for n in m.names("hand", "ritual")],
        "SP TO": [f"SP TO {d}" for d in m.their_devils],
        "SURRENDER TO": [f"SURRENDER TO {r}" for r in m.rivals],
        "SWAP REALM": [f"SWAP REALM {d}" for d in m.their_devils],
        "TARGET": [f"TARGET {d}" for d in m.their_devils],
        "TRUCE": [f"TRUCE {d} AFTER ROUND 1" for d in m.their_devils[:1]],
        "VOTE": [f"VOTE {d}" for d in [*m.their_devils, m.devil]],
    }
    return lines.get(key, [ORDER_TYPES[key].example])
