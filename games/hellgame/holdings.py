"""What each player owns and holds, for the first screen of his report (pbem.ledger).

The turn's log takes this snapshot around every event, so whatever path changes a
holding — a combat, a Phenomenon, a petition, an Event, a gift — the player's report
lists the change with the event that made it. Moves of Units and Daemons are not
changes of what he holds (they are in his own orders); their loss, death or
Incapacitation are. A snapshot is a tuple of plain values per player, taken at every
event: keep `values` cheap (ids, not names; one pass over the Units).
"""

from __future__ import annotations

from pbem.ledger import Holding, Snapshot

from .data import HellData, load_data
from .state import HellState


def _name(table: str):
    def name(key: str) -> str:
        item = getattr(load_data(), table).get(key)
        return item.name if item is not None else key
    return name


#: the kinds of holding, in the order of `values`
KINDS = (
    Holding("Souls", 1, ("soul",), one="Soul"),
    Holding("Favours", 1, ("favour",), one="Favour"),
    Holding("Disfavours", -1, ("disfavour",), one="Disfavour"),
    Holding("Legions", 1, ("legion", "unit"), one="Legion"),
    Holding("Hellhounds", 1, ("hellhound", "hound", "unit"), one="Hellhound"),
    Holding("Lieutenants", 1, ("lieutenant",), ("Lieutenant {}", "Lieutenant {}"),
            name=_name("lieutenants")),
    Holding("Sectio", 1, (), ("Sectio {}", "Sectio {}"), name=_name("sectio")),
    Holding("Daemons", 1, ("daemon",), ("Daemon {}", "Daemon {}"), name=_name("daemons")),
    Holding("Incapacitated", -1, ("incapacitat", "recover"),
            ("{} recovered", "{} Incapacitated"), name=_name("daemons")),
    Holding("Arcana", 1, ("card",), ("Arcana {}", "Arcana {}"), name=_name("arcana")),
)


def values(st: HellState, data: HellData | None = None) -> Snapshot:
    players = st.players
    units: dict[str, list] = {name: [0, 0, []] for name in players}
    for u in st.units:
        mine = units.get(u.owner)  # type: ignore[arg-type]
        if mine is None:
            continue
        if u.kind == "legion":
            mine[0] += 1
        elif u.kind == "hellhound":
            mine[1] += 1
        else:
            mine[2].append(u.ref or u.id)
    sectio: dict[str, list[str]] = {name: [] for name in players}
    for sid, owner in st.owners.items():
        if owner in sectio:
            sectio[owner].append(sid)
    # the Incapacitated Daemons in play, found once (mostly none: no pass per player)
    down = {d for d, x in st.daemons.items() if x.incapacitated}
    out: Snapshot = {}
    for name, p in players.items():
        legions, hounds, lieutenants = units[name]
        mine = tuple(p.daemons)
        out[name] = (p.souls, p.favours, p.disfavours, legions, hounds, tuple(lieutenants),
                     tuple(sectio[name]), mine,
                     tuple(d for d in mine if d in down) if down else (), tuple(p.hand))
    return out
