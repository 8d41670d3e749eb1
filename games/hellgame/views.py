"""What each player may see (DESIGN.md §7), built only from the state.

Public: the board, Units, Souls, Favours and Disfavours, Daemons in play, Permanent
Events, Lieutenants face up in their boxes, how many cards each player holds. Private:
a player's own hand. Deck orders and other players' hands never leave the engine.
"""

from __future__ import annotations

from .data import HellData
from .state import ANTEHELL, HellState


def _unit(st: HellState, data: HellData, u) -> dict:
    name = u.kind
    if u.ref and u.ref in data.lieutenants:
        name = f"Lieutenant {data.lieutenants[u.ref].name}"
    elif u.kind == "hellhound":
        name = "Hellhound" + (" (rampaging)" if u.minder is None else f" (minder {u.minder})")
    else:
        name = "Legion"
    return {"id": u.id, "kind": u.kind, "owner": u.owner or "", "name": name,
            "bonus_pay": u.bonus_pay}


def _daemon(st: HellState, data: HellData, daemon_id: str) -> dict:
    d = data.daemons[daemon_id]
    s = st.daemons.get(daemon_id)
    return {"id": daemon_id, "name": d.name, "rank": d.rank, "skulls": d.skulls,
            "stars": d.stars, "hearts": d.hearts, "ability": d.ability.text,
            "owner": s.owner if s else "", "where": s.where if s else "",
            "incapacitated": bool(s and s.incapacitated)}


def public_view(st: HellState, data: HellData) -> dict:
    sectio = []
    for sid in sorted(data.sectio, key=lambda i: (data.sectio[i].circle, data.sectio[i].quarter)):
        s = data.sectio[sid]
        sectio.append({"id": sid, "name": s.name, "circle": s.circle, "quarter": s.quarter,
                       "souls": s.souls, "wise_men": s.wise_men, "owner": st.owners.get(sid, ""),
                       "units": [_unit(st, data, u) for u in st.units_at(sid)]})
    players = []
    for p in st.player_order():
        players.append({
            "name": p.name, "souls": p.souls, "favours": p.favours,
            "disfavours": p.disfavours, "cards": len(p.hand),
            "sectio": [data.sectio[s].name for s in st.sectio_of(p.name)],
            "legions": len(st.units_of(p.name, "legion")),
            "lieutenants": len(st.units_of(p.name, "lieutenant")),
            "hellhounds": len(st.units_of(p.name, "hellhound")),
            "daemons": [_daemon(st, data, d) for d in p.daemons if d in st.daemons],
        })
    return {
        "turn": st.turn,
        "players": players,
        "sectio": sectio,
        "antehell": [_unit(st, data, u) for u in st.units_at(ANTEHELL)],
        "permanent": {area: (data.hell_cards[c].name if c else "")
                      for area, c in sorted(st.permanent.items())},
        "lieutenant_boxes": [[data.lieutenants[x].name for x in box]
                             for box in st.lieutenant_boxes],
        "decks": {"arcana": len(st.arcana_deck), "hell": len(st.hell_deck),
                  "daemon": len(st.daemon_deck), "hellhounds": len(st.hellhound_box)},
        "revealed": [data.arcana[c].name for c in st.revealed],
        "winner": st.winner,
    }


def player_view(st: HellState, data: HellData, player: str) -> dict:
    view = public_view(st, data)
    p = st.players[player]
    view["me"] = {
        "name": p.name, "souls": p.souls, "favours": p.favours,
        "free_favours": p.free_favours, "disfavours": p.disfavours,
        "hand": [_card(data, c) for c in p.hand],
        "daemons": [_daemon(st, data, d) for d in p.daemons if d in st.daemons],
        "sectio": [data.sectio[s].name for s in st.sectio_of(player)],
        "redraw_used": p.redraw_used,
    }
    return view


def _card(data: HellData, card_id: str) -> dict:
    c = data.arcana[card_id]
    minor = c.minor.kind.replace("-", " ").title() if c.minor.kind else "none"
    if c.minor.kind and c.minor.cost is not None:
        minor += f" - {c.minor.cost}"
    return {"id": card_id, "name": c.name, "minor": minor, "timing": c.major.timing,
            "six": c.flags.six, "text": c.major.text}
