"""The combat halves of "Action or Combat" Major Arcana (issue 8): Incubus, Sucubus and
Defection played with COMBAT CAST (orders/combat.py, combat/magic.py):

    COMBAT CAST Incubus ON Ashtaroth IN Sugar Hill ROUND 1
    COMBAT CAST Defection ON Sulla IN Sugar Hill

`fight(f, side, daemon, order)` changes the running combat (combat/fight.Fight); the ON
part, read when the sheet arrives, names a Daemon (Incubus, Sucubus) or a Lieutenant
(Defection). Readings (docs: "More cards"):

- Incubus / Sucubus in combat: the target is an enemy Daemon in this fight (joined and
  not out of it) of the card's sex with as many Stars as the caster or fewer; it is
  Incapacitated (as in the Action Phase) and out of the fight (`f.out`), and the cards
  it brought stay unplayed in its player's hand. Without ON: the enemy Daemon the card
  can take with most Skulls (ties: higher rank). A named Daemon it cannot take, or no
  Daemon at all: the card is spent for nothing, saying why (costs stay paid,
  HG-9.8.1-04).
- Defection in combat: one enemy Lieutenant in the Sectio (a Triumvirate's or a
  Freebooter) and as many Legions of his party there as his Leadership (Minders first,
  their hounds follow) become the caster's Units and fight on his side from this
  round, no more Legions than the caster has free counters (HG-2.3.1-01, HG-8.2-02).
  Without ON: the enemy Lieutenant with the highest Leadership (then lowest unit
  number).

Kept apart from spells_incapacitation.py and spells_daemons.py so that they can import
these halves for Incubus, Sucubus and Defection without a circular import.
"""

from __future__ import annotations

from ..favours import attribute
from ..log import count
from ..names import match
from ..orders.common import in_play_names
from ..state import LEGION, LIEUTENANT, Unit
from .abilities import can_be_incapacitated, daemon_sex

RULE = "HG-11.2.1-01"


# -- reading the ON part (when the sheet arrives) ---------------------------------------------

def daemon_name(text: str, ctx) -> str:
    """`ON <Daemon>`: any Daemon in play, kept by its printed name (combat/magic.py keeps
    the ON part as text)."""
    return ctx.data.daemons[match(text, in_play_names(ctx), "Daemon in play", RULE)].name


def lieutenant_name(text: str, ctx) -> str:
    """`ON <Lieutenant>`: a Lieutenant by name."""
    names = {lid: [lt.name] for lid, lt in sorted(ctx.data.lieutenants.items())}
    return ctx.data.lieutenants[match(text, names, "Lieutenant", RULE)].name


# -- Incubus and Sucubus ------------------------------------------------------------------------

def _enemy_daemons(f, side: int) -> list[str]:
    return [d for p in f.sides[1 - side] for d in f.fighting(p)]


def _why_not(f, caster: str, target: str, sex: str) -> str | None:
    name = f.data.daemons[target].name
    if daemon_sex(f.st, f.data, target) != sex:
        return f"{name} is not {sex} here"
    mine, theirs = (attribute(f.data, d, "stars", f.st) for d in (caster, target))
    if theirs > mine:
        return (f"{name} has {count(theirs, 'Star')} and {f.data.daemons[caster].name} "
                f"{count(mine, 'Star')}")
    if f.st.daemons[target].incapacitated or not can_be_incapacitated(f.st, f.data, target):
        return f"{name} cannot be Incapacitated"
    return None


def seduce(f, side: int, daemon: str, order: dict, sex: str, spirits: str) -> None:
    """Incapacitate an enemy Daemon of `sex` in the fight (see the module docstring)."""
    card = f.data.arcana[order["card"]].name
    enemies = _enemy_daemons(f, side)
    if order.get("on"):
        found = [d for d in f.st.daemons if f.data.daemons[d].name == order["on"]]
        why = (f"{order['on']} is not an enemy Daemon in this fight"
               if not found or found[0] not in enemies else _why_not(f, daemon, found[0], sex))
        target = found[0] if not why else None
    else:
        fit = [d for d in enemies if _why_not(f, daemon, d, sex) is None]
        fit.sort(key=lambda d: (-attribute(f.data, d, "skulls", f.st),
                                f.data.daemons[d].rank, d))
        target = fit[0] if fit else None
        why = None if fit else f"no enemy Daemon in the fight is {sex} with as many Stars " \
                               "as the caster or fewer"
    if target is None:
        f.log.public("combat-card-wasted", f"{card} has no effect in {f.here}: {why}", RULE,
                     card=order["card"], daemon=daemon)
        return
    f.st.daemons[target].incapacitated = True
    f.out.add(target)
    owner = f.st.daemons[target].owner
    f.log.public("combat-incapacitated", f"{spirits} {f.data.daemons[target].name} "
                 f"({owner}) in {f.here}: it succumbs to untold pleasures, is Incapacitated "
                 "and out of the fight, and the cards it brought stay unplayed", RULE,
                 card=order["card"], daemon=target, by=daemon)


def incubus_fight(f, side: int, daemon: str, order: dict) -> None:
    """arcana.incubus in combat: a female Daemon."""
    seduce(f, side, daemon, order, "female", "Incubi visit")


def sucubus_fight(f, side: int, daemon: str, order: dict) -> None:
    """arcana.sucubus in combat: a male Daemon."""
    seduce(f, side, daemon, order, "male", "A Succubus visits")


# -- Defection --------------------------------------------------------------------------------

def _enemy_lieutenants(f, side: int) -> list[Unit]:
    from ..combat.parties import units_of

    return [u for p in f.sides[1 - side] for u in units_of(f.st, f.sectio, p)
            if u.kind == LIEUTENANT and u.ref in f.data.lieutenants]


def _minds(st, legion: Unit) -> list[Unit]:
    return [h for h in st.units if h.minder == legion.id]


def defection_fight(f, side: int, daemon: str, order: dict) -> None:
    """arcana.defection in combat (see the module docstring)."""
    from ..combat.parties import party_of, units_of

    st, data = f.st, f.data
    player = st.daemons[daemon].owner
    lts = _enemy_lieutenants(f, side)
    if order.get("on"):
        lts = [u for u in lts if data.lieutenants[u.ref].name == order["on"]]
    lts.sort(key=lambda u: (-data.lieutenants[u.ref].leadership, u.number))
    if not lts:
        who = f"Lieutenant {order['on']} is" if order.get("on") else "no Lieutenant is"
        f.log.public("combat-card-wasted", f"Defection has no effect in {f.here}: {who} "
                     "fighting against the caster there", RULE, card=order["card"],
                     daemon=daemon)
        return
    lt = lts[0]
    old = party_of(st, lt)
    leadership = data.lieutenants[lt.ref].leadership
    room = max(data.tables["legion_cap"] - len(st.units_of(player, LEGION)), 0)
    legions = [u for u in units_of(st, f.sectio, old) if u.kind == LEGION]
    legions.sort(key=lambda u: (not _minds(st, u), u.number))
    followers = [lt, *legions[:min(leadership, room)]]
    hounds = [h for u in followers for h in _minds(st, u)]
    lt.bonus_pay = 0  # his old master's pay is lost, as in the Action half
    for u in followers + hounds:
        u.owner = player
    text = (f"Lieutenant {data.lieutenants[lt.ref].name} of {old} goes over to {player} in "
            f"{f.here} with {count(len(followers) - 1, 'Legion')}")
    if hounds:
        text += f" and {count(len(hounds), 'Hellhound')} they mind"
    if room < leadership and len(legions) > room:
        text += f" ({player} has no more free Legion counters)"
    f.log.public("combat-defection", text + "; they fight on the caster's side", RULE,
                 card=order["card"], units=[u.id for u in followers], owner=old)
