"""The pre-filled order form at the end of each report and in the welcome mail
(DESIGN.md §1; issue 20).

It lists the orders the player can give in the coming stage, commented out, by phase in
turn order: each with one example built from his own Daemons, cards, Units and Sectio
and his real opponents, and a one-line description (form_examples.py; the Daemon
lines: form_actions.py; his situation: form_seat.py). Orders that could do nothing now
are left out: another player's Daemon's ability, a card he does not hold, a Permanent
Event not in play, a variant that is off. The last line points to the full list, with
the defaults (docs/orders-hellgame.md); the confirmation of a sheet says what is left
to defaults.
"""

from __future__ import annotations

from pbem.render import fill

from .data import HellData
from .form_actions import action_lines
from .form_examples import ENTRIES, PAIRS
from .form_seat import Seat
from .log import count
from .orders import ORDER_TYPES
from .standing import STANDING, carry, lines_of, stored  # noqa: F401  STANDING: tests
from .state import HellState

#: Marks where the Daemon lines (form_actions.py) go.
ACTIONS = "ACTION"
#: (heading, orders) in the order the turn uses them (HG-5.2-01); a tuple of orders
#: shares one description (form_examples.PAIRS)
TURN_SECTIONS = [
    ("Any time you get cards", ["KEEP", "PLAY RIGHT AWAY"]),
    ("Hell Phase: Hell cards that ask for a bid or a vote; your draw",
     ["AUCTION BID", ("INQUISITION VOTE", "RITES VOTE"), "BELPHEGOR REDRAWS"]),
    ("Soul Phase", ["GIVE", "UNPAID", "DESERTERS", "MACINA", "ZAGAM TESTS STARS",
                    "CRUSADE JOIN"]),
    ("Summoning Phase", [("LEGION", "LEGIONS"), "BUY ARCANA", "RECRUIT", "PRUFFLAS PICKS",
                         "TAME", "BONUS", "MAD SCIENTIST"]),
    ("Action Phase", [ACTIONS]),
    ("Action Phase: standing orders",
     [("GRANT PASSAGE", "FLEE"), ("FLIGHT PREFER", "FLIGHT TAKE"), "COUNTER",
      "PARLIAMENT SENDS", "PAYMON GRANTS", "CAIM REROLLS", "XAPHAN CHOOSES", "REROLL WITH"]),
    ("Random Moves Phase: courting Lilith", [("COURT LILITH", "STEER LILITH")]),
    ("Combat Phase", [("FIGHT", "AFTER JOINT WIN"), ("JOIN", "COMBAT CAST"), "COMBAT MAGIC",
                      ("HITS", "COMBAT FLEE"), "COMBAT ABILITY", "COMBAT PAY",
                      "REINFORCEMENTS ALLOW", "AVOID COMBAT"]),
    ("Petitions and End Phases", ["PETITION", "ALLOW PETITIONS", ("BUY OFF", "KEEP FAVOURS")]),
]
SETUP_SECTIONS = [("Setup", ["REDRAW", "PLACE"])]

WIDTH = 72
FOOTER = "# All orders and their defaults: docs/orders-hellgame.md; by mail: HELP."


def order_form(st: HellState, data: HellData, player: str, previous=None) -> str:
    """The form for the player's next stage. `previous` is his last checked sheet (None:
    the last one he sent for an earlier turn, kept in his state): its standing orders
    come first, uncommented, when they are still valid now; their keywords are not
    offered again below. They are the lines a turn he sends nothing for is played on
    (standing.py)."""
    carried = standing_orders(st, data, player, previous) if st.turn > 0 else []
    seat = Seat(st, data, player)
    lines = _header(seat)
    if carried:
        lines.append("# --- Your standing orders from your last sheet. If you send no orders, "
                     "they are used as they are; a sheet you send replaces them, so keep "
                     "in it the lines you want. Delete a line to drop it:")
        for line, keyword in carried:
            lines += [line, _describe(keyword)]
    done = {keyword for _, keyword in carried}
    for heading, keys in SETUP_SECTIONS if st.turn == 0 else TURN_SECTIONS:
        body = action_lines(seat) if keys == [ACTIONS] else _orders(seat, keys, done)
        if body and keys != [ACTIONS]:
            body.insert(0, f"# --- {heading}")
        lines += body
    lines += [FOOTER, "END"]
    return "\n".join(_wrap(lines)) + "\n"


def _orders(seat: Seat, items: list, done: set[str]) -> list[str]:
    """Each order's examples and its description; a pair shown together shares one."""
    out = []
    for item in items:
        keys = item if isinstance(item, tuple) else (item,)
        examples = {k: seat.first(ENTRIES[k].candidates(seat)) for k in keys if k not in done}
        shown = [k for k in keys if examples.get(k)]
        out += [f"#{examples[k]}" for k in shown]
        if len(shown) == 1:
            out.append(_describe(shown[0]))
        elif shown:
            out.append(_describe(shown[0], PAIRS[keys]))
    return out


def _describe(keyword: str, text: str | None = None) -> str:
    return f"#   {text or ENTRIES[keyword].short} [{ORDER_TYPES[keyword].rule}]"


def standing_orders(st: HellState, data: HellData, player: str,
                    previous) -> list[tuple[str, str]]:
    """(canonical line, keyword) for each standing line of `previous` (None: of the last
    sheet he sent, kept in his state) that still checks without a problem now, as a
    turn he sends nothing for would play it (standing.carry)."""
    lines = lines_of(previous) if previous is not None else stored(st, player)
    sheet, _ = carry(st, data, player, lines)
    return [(r.canonical, r.order["type"]) for r in sheet.lines]


def _wrap(lines: list[str]) -> list[str]:
    """Comment lines over 72 columns go on as comments; an order line (an example
    such as '#MARCH ...') is never broken, so uncommenting it keeps it whole."""
    out = []
    for line in lines:
        if len(line) <= WIDTH or not line.startswith("# "):
            out.append(line)
            continue
        body = line[1:]
        indent = "#" + body[: len(body) - len(body.lstrip())]
        out += fill(body.strip(), WIDTH, indent, indent + "  ")
    return out


def _header(seat: Seat) -> list[str]:
    st, data, player = seat.st, seat.data, seat.player
    me = st.players[player]
    hand = [data.arcana[c].name for c in me.hand]
    daemons = [data.daemons[d].name for d in me.daemons if d in st.daemons]
    title = "the setup" if st.turn == 0 else f"turn {st.turn}"
    return [f"TURN {'setup' if st.turn == 0 else st.turn}",
            f"# Orders for {title}, one a line: remove the '#' in front of each",
            "# order you want and edit it; '#' starts a comment.",
            f"# You: Souls {me.souls}, Favours {me.favours} ({me.free_favours} free), "
            f"Disfavours {me.disfavours}; Daemons: {', '.join(daemons) or 'none'}.",
            f"# Your hand: {', '.join(hand) or 'no cards'}.",
            f"# Your Units: {_units_summary(st, data, player) or 'none'}."]


def _units_summary(st: HellState, data: HellData, player: str) -> str:
    """ "SUGAR HILL 3 Legions; AnteHell 1 Lieutenant (Ukobach)": where the player's Units
    stand, places in the order of their first Unit."""
    places: dict[str, list[str]] = {}
    for u in st.units_of(player):
        where = data.sectio[u.location].name if u.location in data.sectio else "AnteHell"
        if u.kind == "lieutenant" and u.ref in data.lieutenants:
            what = f"Lieutenant {data.lieutenants[u.ref].name}"
        else:
            what = u.kind.title()
        places.setdefault(where, []).append(what)
    parts = []
    for where, units in places.items():
        counted = {w: units.count(w) for w in dict.fromkeys(units)}
        parts.append(f"{where}: " + ", ".join(
            count(n, w) if w in ("Legion", "Hellhound") else w for w, n in counted.items()))
    return "; ".join(parts)
