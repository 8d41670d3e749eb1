"""The pre-filled order form at the end of each report (DESIGN.md §1).

Every order of the coming stage is listed, commented out, with an example that uses
the player's own Sectio, cards and rivals, grouped by phase in turn order, and the
default each decision gets when the line stays commented out.
"""

from __future__ import annotations

from pbem.render import fill

from .data import HellData
from .defaults import DECISIONS
from .log import count
from .orders import ORDER_TYPES
from .state import HellState

#: (heading, order keywords) in the order the turn uses them (HG-5.2-01)
TURN_SECTIONS = [
    ("Hand limit (any time you get cards)", ["KEEP"]),
    ("Play Right Away cards: choices when one is drawn or afflicts you (standing orders)",
     ["PLAY RIGHT AWAY"]),
    ("Hell Phase: Hell cards that ask for a bid or a vote (standing orders)",
     ["AUCTION BID", "INQUISITION VOTE", "RITES VOTE"]),
    ("Soul Phase", ["GIVE", "UNPAID", "DESERTERS", "ZAGAM TESTS STARS", "CRUSADE JOIN"]),
    ("Summoning Phase", ["LEGION", "LEGIONS", "BUY ARCANA", "RECRUIT", "PRUFFLAS PICKS", "TAME",
                         "BONUS",
                         "MAD SCIENTIST"]),
    ("Action Phase: when other players march in",
     ["GRANT PASSAGE", "FLEE", "FLIGHT PREFER", "FLIGHT TAKE"]),
    ("Action Phase: Counters (when others play Arcana)", ["COUNTER"]),
    ("Action Phase: Long Parliament (standing order)", ["PARLIAMENT SENDS"]),
    ("Action Phase: Daemon abilities (standing orders)",
     ["PAYMON GRANTS", "CAIM REROLLS", "XAPHAN CHOOSES", "BELPHEGOR REDRAWS"]),
    ("Action and Combat Phases: re-roll Arcana (standing orders)", ["REROLL WITH"]),
    ("Random Moves Phase: courting Lilith", ["COURT LILITH", "STEER LILITH"]),
    ("Combat Phase", ["FIGHT", "JOIN", "COMBAT MAGIC", "COMBAT CAST", "HITS", "COMBAT FLEE",
                      "COMBAT ABILITY", "AFTER JOINT WIN"]),
    ("Combat Phase: optional rule v1_avoid_combat", ["AVOID COMBAT"]),
    ("Petitions Phase", ["PETITION", "ALLOW PETITIONS"]),
    ("End Phase", ["BUY OFF", "KEEP FAVOURS"]),
]
SETUP_SECTIONS = [("Setup", ["REDRAW", "PLACE"])]

#: Orders that are rules for decisions rather than one-off deeds: the next form carries
#: them over from the player's last sheet, uncommented, while they are still valid.
STANDING = ["KEEP", "UNPAID", "DESERTERS", "GRANT PASSAGE", "FLEE", "FLIGHT PREFER",
            "FLIGHT TAKE", "COUNTER", "PAYMON GRANTS", "CAIM REROLLS", "REROLL WITH",
            "BELPHEGOR REDRAWS",
            "XAPHAN CHOOSES", "ZAGAM TESTS STARS", "CRUSADE JOIN", "PRUFFLAS PICKS",
            "STEER LILITH",
            "FIGHT", "JOIN", "COMBAT MAGIC", "HITS", "COMBAT FLEE", "COMBAT ABILITY",
            "AFTER JOINT WIN", "AVOID COMBAT", "ALLOW PETITIONS", "BUY OFF", "KEEP FAVOURS",
            "AUCTION BID", "INQUISITION VOTE", "RITES VOTE", "PARLIAMENT SENDS",
            "MAD SCIENTIST", "PLAY RIGHT AWAY"]
WIDTH = 72


def order_form(st: HellState, data: HellData, player: str, previous=None) -> str:
    """The form for the player's next stage. `previous` is his last checked sheet: its
    standing orders come first, uncommented, when they are still valid now."""
    lines = _form_lines(st, data, player)
    carried = standing_orders(st, data, player, previous) if st.turn > 0 else []
    if carried:
        at = lines.index("# --- " + TURN_SECTIONS[0][0])
        block = ["# --- Your standing orders from your last sheet, still in force "
                 "if you send this form back; delete a line to drop it:"]
        for line, keyword in carried:
            block += [line, f"#     {ORDER_TYPES[keyword].doc} [{ORDER_TYPES[keyword].rule}]"]
        lines[at:at] = block
    return "\n".join(_wrap(lines)) + "\n"


def standing_orders(st: HellState, data: HellData, player: str,
                    previous) -> list[tuple[str, str]]:
    """(canonical line, keyword) for each standing line of `previous` that still checks
    without a problem."""
    from .orders import check_sheet

    if previous is None:
        return []
    keep = [r.canonical for r in previous.lines
            if r.ok and r.order and r.order.get("type") in STANDING]
    if not keep:
        return []
    checked = check_sheet(st, data, player, "\n".join(keep))
    return [(r.canonical, r.order["type"]) for r in checked.lines if r.ok]


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


def _form_lines(st: HellState, data: HellData, player: str) -> list[str]:
    me = st.players[player]
    mine = [data.sectio[s].name for s in st.sectio_of(player)]
    hand = [data.arcana[c].name for c in me.hand]
    daemons = [data.daemons[d].name for d in me.daemons if d in st.daemons]
    # a Sectio the player does not own but has a Legion in, if any (HG-12.0-03)
    petitionable = sorted({data.sectio[u.location].name for u in st.units_of(player, "legion")
                           if u.location in data.sectio and st.owners.get(u.location) != player})
    rival = next((p for p in st.seats if p != player), "someone")
    theirs = [data.daemons[d].name for p in st.seats if p != player
              for d in st.players[p].daemons if d in st.daemons]
    examples = {
        "REDRAW": f"REDRAW {daemons[-1]}" if daemons else None,
        "PLACE": f"PLACE {', '.join(mine[:2])}" if mine else None,
        "KEEP": f"KEEP {hand[0]}" if hand else None,
        "GIVE": f"GIVE {rival} 2 SOULS",
        "GRANT PASSAGE": f"GRANT PASSAGE TO {rival}",
        "COURT LILITH": f"COURT LILITH WITH {daemons[0]}" if daemons else None,
        "CRUSADE JOIN": f"CRUSADE JOIN {daemons[0]}" if daemons else None,
        "LEGION": f"LEGION {mine[0]} 1" if mine else None,
        "PETITION": f"PETITION {petitionable[0]}" if petitionable else None,
        "AUCTION BID": f"AUCTION BID 5 FOR {mine[0]}" if mine else None,
        "INQUISITION VOTE": f"INQUISITION VOTE {', '.join(theirs[:2])}" if theirs else None,
        "RITES VOTE": f"RITES VOTE {', '.join(theirs[:2])}" if theirs else None,
        "PARLIAMENT SENDS": f"PARLIAMENT SENDS {daemons[0]}" if daemons else None,
    }
    defaults: dict[str, str] = {}
    for stage in DECISIONS.values():
        for keys, _ip, text in stage:
            for k in keys:  # a keyword covering two decisions (FLEE: IP-23, IP-24) shows both
                defaults[k] = f"{defaults[k]}; {text}" if k in defaults else text
    sections = SETUP_SECTIONS if st.turn == 0 else TURN_SECTIONS
    title = "the setup" if st.turn == 0 else f"turn {st.turn}"
    lines = [f"TURN {'setup' if st.turn == 0 else st.turn}",
             f"# Orders for {title}: one order a line, '#' starts a comment.",
             "# Remove the '#' in front of each order you want and edit it.",
             f"# You: Souls {me.souls}, Favours {me.favours} ({me.free_favours} free), "
             f"Disfavours {me.disfavours}; Daemons: {', '.join(daemons) or 'none'}.",
             f"# Your hand: {', '.join(hand) or 'no cards'}.",
             f"# Your Units: {_units_summary(st, data, player) or 'none'}."]
    for heading, keys in sections:
        lines.append(f"# --- {heading}")
        for key in keys:
            otype = ORDER_TYPES[key]
            example = examples.get(key) or otype.example
            lines.append(f"#{example}")
            lines.append(f"#     {otype.doc} [{otype.rule}]")
            if key in defaults:
                lines.append(f"#     if left out: {defaults[key]}")
        if heading == "Summoning Phase":
            lines += _action_section(st, data, player, defaults)
    lines.append("END")
    return lines


def _action_section(st: HellState, data: HellData, player: str, defaults: dict) -> list[str]:
    """Daemon lines (orders/actions.py): examples for each of the player's Daemons."""
    from .action.kinds import KINDS

    mine = sorted((d for d in st.players[player].daemons
                   if d in st.daemons and not st.daemons[d].incapacitated),
                  key=lambda d: data.daemons[d].rank)
    ready = ", ".join(k for k, kind in KINDS.items() if kind.run is not None or k == "PASS")
    lines = ["# --- Action Phase: '<Daemon>: <Action> [IF <condition>]', one alternative a "
             "line;",
             "#     the first that applies is taken when the Daemon comes up [HG-9.2-01]",
             f"#     Actions: {ready}"]
    march = _march_example(st, data, player)
    for d in mine:
        name = data.daemons[d].name
        if st.daemons[d].where == "earth":
            lines += [f"#{name}: EVIL DEEDS", f"#{name}: LEAVE THE EARTH"]
        else:
            if march:
                lines.append(f"#{name}: {march}")
                march = ""
            lines += [f"#{name}: WALK THE EARTH IF SOULS >= 3", f"#{name}: ATONE"]
    lines.append(f"#     if left out: {defaults['ACTION']}")
    return lines


def _march_example(st: HellState, data: HellData, player: str) -> str:
    """MARCH 1 LEGION <where one of the player's Legions is> > <a neighbouring Sectio>,
    preferring one where another player's Legions stand (a fight), then any."""
    moves = []
    for u in st.units_of(player, "legion"):
        if u.location in data.sectio:
            for face in (1, 2, 3, 4):
                to = data.sectio[u.location].neighbours.get(face)
                if to in data.sectio:
                    enemy = any(v.kind == "legion" and v.owner not in (None, player)
                                for v in st.units_at(to))
                    moves.append((not enemy, u.number, face, u.location, to))
    if not moves:
        return ""
    _, _, _, frm, to = min(moves)
    return f"MARCH 1 LEGION {data.sectio[frm].name} > {data.sectio[to].name}"
