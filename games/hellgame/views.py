"""What each player may see (DESIGN.md §7), built only from the state.

Public: the board, Units, Souls, Favours and Disfavours, Daemons in play, Permanent
Events, Macinas on the table (16.4), Lieutenants face up in their boxes, how many cards
each player holds. Private:
a player's own hand. Deck orders and other players' hands never leave the engine.
"""

from __future__ import annotations

from . import effects, macina
from .cards import hand_limit
from .data import HellData
from .log import count
from .soul import earth_daemons, sectio_income
from .state import ANTEHELL, HELLHOUND, LILITH, URIEL, HellState
from .upkeep import paid_units


def _unit(st: HellState, data: HellData, u) -> dict:
    if u.ref and u.ref in data.lieutenants:
        name = f"Lieutenant {data.lieutenants[u.ref].name}"
    elif u.kind == HELLHOUND:
        name = "Hellhound" + (" (rampaging)" if u.minder is None else f" (minder {u.minder})")
    elif u.kind == URIEL:
        name = "Uriel"
    elif u.kind == LILITH:
        name = "Lilith" + (f" ({st.lilith_aspect})" if st.lilith_aspect else "")
    elif u.owner is None:
        name = "Freebooter Legion"  # HG-10.4-01
    else:
        name = "Legion"
    return {"id": u.id, "kind": u.kind, "owner": u.owner or "", "name": name,
            "bonus_pay": u.bonus_pay}


def units_text(units: list[dict]) -> str:
    """ "anna: 3 Legions, Lieutenant Ukobach; boris: 1 Legion; Uriel": owners in order of
    their first Unit, Legions counted, every other Unit named."""
    groups: dict[str, list[dict]] = {}
    for u in units:
        groups.setdefault(u["owner"], []).append(u)
    parts = []
    for owner, mine in groups.items():
        legions = sum(1 for u in mine if u["name"] == "Legion")
        names = ([count(legions, "Legion")] if legions else []) + \
            [u["name"] for u in mine if u["name"] != "Legion"]
        parts.append(f"{owner}: {', '.join(names)}" if owner else ", ".join(names))
    return "; ".join(parts)


def tags(seats: list[str]) -> dict[str, str]:
    """A short, unique tag per player for maps and tables (first letters, upper case):
    the map must be readable printed in black and white, so owners are named as well as
    coloured."""
    out: dict[str, str] = {}
    for n in range(1, 1 + max((len(s) for s in seats), default=1)):
        short = [s[:n].upper() for s in seats]
        for s, t in zip(seats, short, strict=True):
            if s not in out and short.count(t) == 1:
                out[s] = t
    for i, s in enumerate(seats):  # names that are prefixes of each other
        out.setdefault(s, str(i + 1))
    return out


def _daemon(st: HellState, data: HellData, daemon_id: str) -> dict:
    d = data.daemons[daemon_id]
    s = st.daemons.get(daemon_id)
    return {"id": daemon_id, "name": d.name, "rank": d.rank, "skulls": d.skulls,
            "stars": d.stars, "hearts": d.hearts, "ability": d.ability.text,
            "owner": s.owner if s else "", "where": s.where if s else "",
            "incapacitated": bool(s and s.incapacitated)}


def public_view(st: HellState, data: HellData) -> dict:
    warned = set((st.warning_sign or {}).get("sectio") or [])
    sectio = []
    for sid in sorted(data.sectio, key=lambda i: (data.sectio[i].circle, data.sectio[i].quarter)):
        s = data.sectio[sid]
        sectio.append({"id": sid, "name": s.name, "circle": s.circle,
                       "circle_name": s.circle_name, "quarter": s.quarter,
                       "souls": s.souls, "wise_men": s.wise_men, "owner": st.owners.get(sid, ""),
                       "freebooters": sid in st.freebooter_sectio,  # HG-10.4-02
                       "warning_sign": sid in warned,  # HG-6.2-03
                       "units": [_unit(st, data, u) for u in st.units_at(sid)]})
        sectio[-1]["units_text"] = units_text(sectio[-1]["units"])
    players = []
    short = tags(st.seats)
    for seat, p in enumerate(st.player_order(), 1):
        players.append({
            "name": p.name, "seat": seat, "tag": short[p.name],
            "souls": p.souls, "favours": p.favours,
            "disfavours": p.disfavours, "cards": len(p.hand),
            "sectio": [data.sectio[s].name for s in st.sectio_of(p.name)],
            "legions": len(st.units_of(p.name, "legion")),
            "lieutenants": len(st.units_of(p.name, "lieutenant")),
            "hellhounds": len(st.units_of(p.name, "hellhound")),
            "daemons": [_daemon(st, data, d) for d in p.daemons if d in st.daemons],
        })
    view = {
        "turn": st.turn,
        "players": players,
        "sectio": sectio,
        "antehell": [_unit(st, data, u) for u in st.units_at(ANTEHELL)],
        "antehell_text": units_text([_unit(st, data, u) for u in st.units_at(ANTEHELL)]),
        "permanent": {area: (data.hell_cards[c].name if c else "")
                      for area, c in sorted(st.permanent.items())},
        "lieutenant_boxes": [[data.lieutenants[x].name for x in box]
                             for box in st.lieutenant_boxes],
        "decks": {"arcana": len(st.arcana_deck), "hell": len(st.hell_deck),
                  "daemon": len(st.daemon_deck), "hellhounds": len(st.hellhound_box)},
        "revealed": [data.arcana[c].name for c in st.revealed],
        "warning_sign": _warning_sign(st, data),
        "honours": honours(st, data),
        "winner": st.winner,
    }
    if st.macinas:  # Macinas on the table, face up (16.4); only while there is one, as
        view["macinas"] = macina.view(st, data)  # no card of the base deck is a Macina
    return view


#: HG-3.6-01: honorary functions, etiquette only (the engine keeps the cards and the
#: bank), shown in the reports: ability id -> the title its player holds
HONOURS = {"ability.paymon": "Keeper of the Sectio cards and the Rank Track",
           "ability.ashtaroth": "Treasurer (the bank of Souls and Favours)"}


def honours(st: HellState, data: HellData) -> list[dict]:
    """Who holds Paymon's and Ashtaroth's honorary functions (HG-3.6-01), in that order."""
    out = []
    for ability, title in HONOURS.items():
        for d in sorted(st.daemons.values(), key=lambda d: d.id):
            if data.daemons[d.id].ability.id == ability:
                out.append({"title": title, "daemon": data.daemons[d.id].name,
                            "player": d.owner})
    return out


def _warning_sign(st: HellState, data: HellData) -> dict | None:
    """This turn's Phenomenon and the Sectio it strikes (HG-6.2-03), or None."""
    w = st.warning_sign
    if not w:
        return None
    card = data.hell_cards.get(w.get("card") or "")
    return {"card": card.name if card else "", "phenomenon": w.get("phenomenon") or "",
            "scope": w.get("scope") or "",
            "sectio": [data.sectio[s].name for s in w.get("sectio") or [] if s in data.sectio]}


def player_view(st: HellState, data: HellData, player: str,
                public: dict | None = None) -> dict:
    """The public view and the player's own part ("me"). `public`: the state's public
    view, made already (its parts are shared, not copied: views are read only)."""
    view = dict(public) if public is not None else public_view(st, data)
    p = st.players[player]
    view["me"] = {
        "name": p.name, "souls": p.souls, "favours": p.favours,
        "free_favours": p.free_favours, "disfavours": p.disfavours,
        "hand": [_card(data, c) for c in p.hand],
        "daemons": [_daemon(st, data, d) for d in p.daemons if d in st.daemons],
        "sectio": [data.sectio[s].name for s in st.sectio_of(player)],
        "redraw_used": p.redraw_used,
        "income": income_forecast(st, data, player),
        "hand_limit": hand_limit(st, data, player),  # 6 with Asmodeus
    }
    view["me"]["attention"] = attention(st, data, view["me"])
    return view


def income_forecast(st: HellState, data: HellData, player: str) -> dict:
    """Next Soul Phase if nothing changes before it (HG-7.2-01..06): Sectio income as
    the Soul Math would count it now, Hearts and a Soul Roll per Daemon on Earth,
    less 1 Soul upkeep per own Legion and Lieutenant. Favours, gifts, THE WISE MEN and
    anything the Action and Combat Phases change come on top."""
    sectio = [{"name": data.sectio[s].name, "souls": n, "why": why}
              for s, n, why in sectio_income(st, data, player)]
    earth = [{"daemon": data.daemons[d.id].name, "hearts": data.daemons[d.id].hearts}
             for d in earth_daemons(st, player)]
    paid = paid_units(st, player)
    upkeep = len(paid) * data.tables["upkeep_souls"]
    fixed = sum(x["souls"] for x in sectio) + sum(x["hearts"] for x in earth) - upkeep
    return {"sectio": sectio, "earth": earth, "soul_rolls": len(earth),
            "upkeep": upkeep, "upkeep_units": len(paid), "net": fixed,
            "wise_men": any(data.sectio[s].wise_men for s in st.sectio_of(player))}


def attention(st: HellState, data: HellData, me: dict) -> list[str]:
    """What the player should look at before ordering, most urgent first."""
    notes = []
    if me["income"]["net"] < 0 and me["souls"] + me["income"]["net"] < 0:
        notes.append(f"Upkeep: your Units cost {me['income']['upkeep']} Souls and you may not "
                     "afford them all; UNPAID chooses who goes unpaid (HG-7.2-06).")
    for d in me["daemons"]:
        if d["incapacitated"]:
            notes.append(f"{d['name']} is Incapacitated: no Action, no Arcana draw "
                         "(HG-6.3-01).")
    if len(me["hand"]) >= me["hand_limit"]:
        notes.append(f"You hold {len(me['hand'])} Arcana cards, the hand limit: KEEP says "
                     "which to keep when you get more (HG-6.3-03).")
    if me["disfavours"]:
        notes.append(f"You have {count(me['disfavours'], 'Disfavour')}: Disfavour Rolls apply "
                     "(HG-14.1-02); BUY OFF in the End Phase (HG-13.1-01).")
    return notes


def _card(data: HellData, card_id: str) -> dict:
    """A card of the player's hand: its face (name, Minor kind and cost, Major timing,
    "6" marker, Major text) and how to play it (issue 20): `where` the Major half is
    played, its `cost`, `effect` (the Major text, as `text`) and `needs` (its
    prerequisites), `how` (the order for it); `minor_effect`, `minor_cost`,
    `minor_how` for the Minor half ("" for a card without one)."""
    c = data.arcana[card_id]
    minor = c.minor.kind.replace("-", " ").title() if c.minor.kind else "none"
    if c.minor.kind and c.minor.cost is not None:
        minor += f" - {c.minor.cost}"
    return {"id": card_id, "name": c.name, "minor": minor, "timing": c.major.timing,
            "six": c.flags.six, "text": c.major.text, "effect": c.major.text,
            "where": _where(c), "cost": _major_cost(c), "needs": c.major.prerequisites or "",
            "how": major_how(data, card_id), **_minor(data, c)}


#: When a Major half is played (data/arcana.yaml major.timing), for the hand.
TIMING_WORDS = {"action": "Action Phase", "action-or-combat": "Action Phase or Combat",
                "combat": "Combat", "counter": "Counter", "any-time": "any time",
                "play-right-away": "Play Right Away"}
JOIN = "`JOIN <Daemon> IN <Sectio> BRINGING {name}`"


def _where(c) -> str:
    """Where the Major half is played: the card's place (HG-9.8.1-02/03), "in combat"
    for a Combat card (the Daemon must be in the fight), else "any"."""
    if c.major.place:
        return {"earth": "on Earth", "hell": "in Hell"}.get(c.major.place, c.major.place)
    return "in combat" if c.major.timing == "combat" else "any"


def _major_cost(c) -> str:
    """"3 Souls, 1 Favour, 1 Disfavour" (a Disfavour is taken, HG-9.8.1-04); "" if free."""
    cost = c.major.cost
    return ", ".join(count(n, what) for n, what in ((cost.souls, "Soul"),
                                                   (cost.favours, "Favour"),
                                                   (cost.disfavours, "Disfavour")) if n)


def major_how(data: HellData, card_id: str) -> str:
    """One line: when the Major half is played and the order that plays it
    (docs/orders-hellgame.md): CAST, COMBAT CAST after JOIN ... BRINGING, a standing
    COUNTER or REROLL WITH line, or nothing for a Play Right Away card."""
    from .action.reroll_cards import RerollCard
    from .combat.counters import NOT_IN_COMBAT, CombatCounter
    from .orders.counters import REACTIVE, REFLECTING
    from .orders.playright import CHOICES
    from .orders.rerolls import TRY_AGAIN

    c = data.arcana[card_id]
    name, timing = c.name, c.major.timing
    spec = effects.ARCANA.get(card_id)
    note = f" ({c.major.timing_note})" if c.major.timing_note else ""
    if timing == "play-right-away":
        choice = CHOICES.get(card_id)
        return ("resolved as soon as it is drawn" + (
            f"; your choice: `PLAY RIGHT AWAY {name} {choice}`" if choice else ""))
    if isinstance(spec, RerollCard):
        kinds = "ATONEMENT, EVIL DEEDS, ANTEHELL, INFLUENCE" + (
            "" if card_id == TRY_AGAIN else ", COMBAT SAVES")
        return (f"standing order, played when a die of yours fails: `REROLL WITH {name} "
                f"FIRST FAILED <kind>` ({kinds} or ANY)")
    if isinstance(spec, CombatCounter):
        return (f"Combat Counter: {JOIN.format(name=name)} and "
                f"`COUNTER ANY TARGETING MINE WITH {name}`")
    if c.flags.counter or card_id in REACTIVE:
        line = (f"Counter, when another player plays a card: `COUNTER ANY TARGETING MINE "
                f"WITH {name}` (or name the card)")
        if card_id in REFLECTING:
            line += f"; `... WITH {name} REFLECT` turns the card back on its caster"
        if getattr(spec, "cancels", False) and card_id not in NOT_IN_COMBAT:
            line += f"; in combat only if brought: {JOIN.format(name=name)}"
        return line
    if timing == "combat":
        on = " [ON ...]" if getattr(spec, "target", None) else ""
        return (f"Combat{note}: {JOIN.format(name=name)}, then "
                f"`COMBAT CAST {name}{on} IN <Sectio>`")
    target = getattr(spec, "target", None)
    on = "" if not target else f" [ON {target.form}]" if getattr(target, "optional", False) \
        else f" ON {target.form}"
    line = f"Action Phase{note}: `<Daemon>: CAST {name}{on}`"
    support = getattr(spec, "support", None)
    if support:
        line += f"; helpers first: `<Daemon>: SUPPORT <caster> {name}`"
    if getattr(spec, "fight", None):
        line += (f"; or in combat: {JOIN.format(name=name)}, then `COMBAT CAST {name} "
                 "[ON ...] IN <Sectio>`")
    return line


def _minor(data: HellData, c) -> dict:
    """The Minor half: what it does, its Soul cost and its order (HG-9.4-01/02 Pass,
    HG-9.6-01 Walk the Earth, HG-8.3.1-01 Recruit Lieutenant)."""
    kind, name = c.minor.kind, c.name
    if not kind:
        return {"minor_effect": "", "minor_cost": "", "minor_how": ""}
    cost = count(c.minor.cost, "Soul") if c.minor.cost else "free"
    slots = data.tables["pass_slots"].get(kind, 0)
    if slots:
        behind = "the next Daemon" if slots == 1 else f"the next {slots} Daemons"
        effect = f"the Daemon moves back behind {behind} on the Rank Track"
        how = f"Action Phase: `<Daemon>: PASS WITH {name}`"
    elif kind == "walk-the-earth":
        effect = "the Daemon goes to Earth (the card stays under it)"
        how = f"Action Phase: `<Daemon>: WALK THE EARTH WITH {name}`"
    else:  # recruit-lieutenant
        effect = "a new Lieutenant (a die picks which)"
        how = f"Summoning Phase: `RECRUIT WITH {name} [AT <Sectio>]`"
    return {"minor_effect": effect, "minor_cost": cost, "minor_how": how}


def turn_marks(before: dict, after: dict, events) -> dict:
    """This stage's movements and combats, for the map (public: Units on the map and
    combats are public, DESIGN.md §7). A move is a Unit that is somewhere else now than
    when the stage began (a March, a Flight, a Random Move); new and removed Units are
    not moves. Combats are the Sectio of this stage's "combat" events."""
    was = {u["id"]: u["location"] for u in before.get("units", [])}
    moves = [{"unit": u["id"], "kind": u["kind"], "owner": u["owner"] or "",
              "from": was[u["id"]], "to": u["location"]}
             for u in after.get("units", []) if u["id"] in was and was[u["id"]] != u["location"]]
    combats = []
    for e in events:
        s = e.data.get("sectio") if e.kind == "combat" else None
        if s and s not in combats:
            combats.append(s)
    return {"moves": moves, "combats": combats}
