"""Combat cards that change the dice and the Units (issue 8)
(cards_rolls.py has the plain bonuses and the conventions shared here).

Readings and defaults (docs: "More cards"):
- Rage: `ON <unit id>` names one of the caster's Legions (e.g. `ON u3`); default, or if
  that Legion does not attack in this combat when the card is played: the caster's
  attacking Legion given the best Lieutenant bonus (HG-11.2.2-05), then the lowest
  unit number. "Two dice every round" is one die more than a Legion's one.
- Unholy Rage: every attacking Unit of the caster's Triumvirate in this combat (tamed
  hounds too) rolls twice its dice. Dice changes apply in the order the cards were
  played (Rage then Unholy Rage: 4 dice; Unholy Rage then Rage: 3).
- A Deliberate Mistake: `ON <Lieutenant>` names an enemy Lieutenant; default, or if he
  is not on the other side when the card is played: the enemy Lieutenant here with
  the highest bonus, then the lowest unit number. He lends no attack bonus
  (HG-11.2.2-05) for the rest of the combat.
- Blood Money (IP-42): each hit a Legion of the opposing side scores costs its owner
  2 Souls, paid as his COMBAT PAY order says (orders/combat_consent.py), by default
  while he can; a Legion whose owner does not or cannot pay (the Freebooters have no
  Souls) disbands at once. Its hits still count. Played in the first round only
  ("before the first round", 003 l.1679).
- The Thin Dead Line (IP-42): the hits placed on the caster's own Units (not an ally's)
  are cancelled before any save, 1 Soul each, as his COMBAT PAY order says (by default
  while he can pay), in the order the hits were placed.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..errors import OrderError
from ..log import count
from ..names import match
from ..orders.combat_consent import PAY as PAY_ORDER
from ..orders.combat_consent import pay_line, pays
from ..state import LEGION, LIEUTENANT
from . import lasting
from .cards_rolls import caster_of, circle_check, first_round, mine
from .fight import attackers, lt_bonus
from .magic import combat_spell
from .parties import is_player, label, party_of, units_of, whose
from .saves import kind_of

CAST = "HG-11.2.1-01"
ATTACK = "HG-11.2.2-04"
LT_BONUS = "HG-11.2.2-05"
PAY = "IP-42"


# -- Rage --------------------------------------------------------------------------------------

_UNIT = re.compile(r"^(?:LEGION\s+)?(u\d+)$", re.I)


def legion_target(text: str, ctx) -> str:
    """`ON u3` (or `ON Legion u3`): one of the player's Legions, by unit id."""
    m = _UNIT.match(text.strip())
    if not m:
        raise OrderError(INVALID, f"{text.strip()!r} is not a unit id", CAST,
                         "name your Legion by its unit id, e.g. COMBAT CAST Rage ON u3 IN "
                         "Sugar Hill")
    uid = m[1].lower()
    mine_ = [u.id for u in ctx.state.units if u.kind == LEGION and u.owner == ctx.player]
    if uid not in mine_:
        raise OrderError(ILLEGAL, f"{uid} is not one of your Legions", CAST,
                         f"your Legions: {', '.join(mine_) or 'none'}")
    return uid


def _attacking_legions(f, player: str) -> list:
    atk = attackers(f, player)
    given = lt_bonus(f, player, atk)
    legions = [u for u, _ in atk if u.kind == LEGION]
    return sorted(legions, key=lambda u: (-given.get(u.id, 0), u.number))


@combat_spell("arcana.rage", target=legion_target)
def rage(f, side, daemon, o):
    """arcana.rage: one of the caster's Legions rolls two dice every round for the rest
    of the combat (ON <unit id>; default: the best-led attacking Legion)."""
    player = caster_of(f, daemon)
    legions = _attacking_legions(f, player)
    named = [u for u in legions if u.id == o["on"]]
    chosen = named[0] if named else legions[0] if legions else None
    if chosen is None:
        f.log.public("combat-card-rage", f"Rage: {player} has no attacking Legion in "
                     f"{f.here}; the card has no effect", CAST, card=o["card"])
        return

    def dice(f, x, s, party, unit, n):
        return n + 1 if unit.id == x.state["unit"] else n

    x = lasting.add(f, o["card"], side, player, daemon, rounds=None, dice=dice)
    x.state["unit"] = chosen.id
    why = "" if named else (f" ({o['on']} does not attack here; by default)" if o["on"]
                            else " (by default: the best-led Legion)")
    f.log.public("combat-card-rage", f"Rage: {player}'s Legion {chosen.id} rolls two dice "
                 f"every round for the rest of the combat in {f.here}{why}", ATTACK,
                 card=o["card"], unit=chosen.id, by_order=bool(named))


@combat_spell("arcana.unholy-rage")
def unholy_rage(f, side, daemon, o):
    """arcana.unholy-rage: every Unit of the caster's Triumvirate rolls twice as many dice
    for the rest of the combat (its Favour is paid as it is played, Fight.cast)."""
    player = caster_of(f, daemon)

    def dice(f, x, s, party, unit, n):
        return 2 * n if party == x.player else n

    lasting.add(f, o["card"], side, player, daemon, rounds=None, dice=dice)
    f.log.public("combat-card-unholy-rage", f"Unholy Rage: {player}'s Units roll twice as "
                 f"many dice for the rest of the combat in {f.here}", ATTACK, card=o["card"])


# -- A Deliberate Mistake ------------------------------------------------------------------------

def lieutenant_target(text: str, ctx) -> str:
    """`ON <Lieutenant>`: a Lieutenant by name, not one of the player's own."""
    names = {lid: [lt.name] for lid, lt in sorted(ctx.data.lieutenants.items())}
    lid = match(text, names, "Lieutenant", CAST)
    lt = ctx.data.lieutenants[lid].name
    if any(u.ref == lid and u.owner == ctx.player for u in ctx.state.units):
        raise OrderError(ILLEGAL, f"{lt} is your own Lieutenant", CAST,
                         "name an enemy Lieutenant")
    return lt


@combat_spell("arcana.a-deliberate-mistake", target=lieutenant_target, check=circle_check)
def a_deliberate_mistake(f, side, daemon, o):
    """arcana.a-deliberate-mistake: one enemy Lieutenant lends no bonus for the rest of
    the combat (ON <Lieutenant>; default: the enemy's best). Needs a Sectio in the
    Treachery Circle (003 l.1586)."""
    lts = sorted((u for p in f.sides[1 - side] for u in units_of(f.st, f.sectio, p)
                  if u.kind == LIEUTENANT and u.ref in f.data.lieutenants),
                 key=lambda u: (-f.data.lieutenants[u.ref].bonus, u.number))
    named = [u for u in lts if f.data.lieutenants[u.ref].name == o["on"]]
    chosen = named[0] if named else lts[0] if lts else None
    if chosen is None:
        f.log.public("combat-card-mistake", f"A Deliberate Mistake: no enemy Lieutenant "
                     f"fights in {f.here}; the card has no effect", LT_BONUS, card=o["card"])
        return

    def lt_bonus(f, x, party, lieutenant):
        return lieutenant.id != x.state["unit"]

    x = lasting.add(f, o["card"], side, caster_of(f, daemon), daemon, rounds=None,
                    lt_bonus=lt_bonus)
    x.state["unit"] = chosen.id
    lt = f.data.lieutenants[chosen.ref]
    why = "" if named else (f" ({o['on']} is not an enemy here; by default)" if o["on"]
                            else " (by default: the enemy's best)")
    owner = whose(party_of(f.st, chosen), f.data, f.st)
    f.log.public("combat-card-mistake", f"A Deliberate Mistake: {owner} "
                 f"Lieutenant {lt.name} ({chosen.id}) may not use his +{lt.bonus} bonus for "
                 f"the rest of the combat in {f.here}{why}", LT_BONUS, card=o["card"],
                 unit=chosen.id, by_order=bool(named))


# -- Blood Money --------------------------------------------------------------------------------

def blood_money_check(f, player: str, o: dict) -> str | None:
    return first_round(f, player, o) or circle_check(f, player, o)


@combat_spell("arcana.blood-money", check=blood_money_check)
def blood_money(f, side, daemon, o):
    """arcana.blood-money: each hit an opposing Legion scores costs its owner 2 Souls, or
    the Legion disbands (IP-42: the owner's COMBAT PAY order, by default paid while
    affordable); the hit counts either way. Needs a Sectio in the Greedy Circle; first
    round only (003 l.1679)."""

    def scored(f, x, s, party, unit, hits):
        if s != 1 - mine(f, x) or unit.kind != LEGION or not hits:
            return
        owner = f.st.players[party] if is_player(party) else None
        rule = pay_line(f.orders(party, PAY_ORDER), x.card) if owner else None
        kind = kind_of(f, unit)
        paid = 0
        for _ in range(hits):
            if owner is None or not pays(rule, owner.souls, 2, kind):
                refused = owner is not None and owner.souls >= 2
                f.st.remove_unit(unit.id)
                f.log.public("blood-money", f"Blood Money: {label(party, f.data, f.st)} "
                             + ("does not pay" if refused else "cannot pay")
                             + f" 2 Souls for a hit of Legion {unit.id}"
                             + (" (its COMBAT PAY order)" if refused else "")
                             + (f" (paid {count(paid, 'Soul')} already)" if paid else "")
                             + ": the Legion disbands", PAY, card=x.card, unit=unit.id,
                             party=party, paid=paid, disbanded=True, refused=refused)
                return
            owner.souls -= 2
            paid += 2
        f.log.public("blood-money", f"Blood Money: {party} pays {count(paid, 'Soul')} for "
                     f"{count(hits, 'hit')} of Legion {unit.id}", PAY, card=x.card,
                     unit=unit.id, party=party, paid=paid, disbanded=False)

    lasting.add(f, o["card"], side, caster_of(f, daemon), daemon, rounds=None, scored=scored)
    f.log.public("combat-card-blood-money", f"Blood Money: in {f.here}, every hit a Legion "
                 "of the other side scores costs its owner 2 Souls, or the Legion disbands",
                 CAST, card=o["card"])


# -- The Thin Dead Line -------------------------------------------------------------------------

@combat_spell("arcana.the-thin-dead-line")
def the_thin_dead_line(f, side, daemon, o):
    """arcana.the-thin-dead-line: for the rest of the combat the caster cancels the hits
    on his Units before saves, 1 Soul each (IP-42: as his COMBAT PAY order says, by
    default while he can pay)."""

    def placed(f, x, s, hits):
        p = f.st.players[x.player]
        rule = pay_line(f.orders(x.player, PAY_ORDER), x.card)
        out = []
        for party, unit, n in hits:
            k = 0
            while party == x.player and k < n and pays(rule, p.souls - k, 1,
                                                       kind_of(f, unit)):
                k += 1
            if k:
                p.souls -= k
                f.log.public("thin-dead-line", f"The Thin Dead Line: {party} pays "
                             f"{count(k, 'Soul')} to cancel {count(k, 'hit')} on its "
                             f"{unit.kind} {unit.id}", PAY, card=x.card, unit=unit.id,
                             cancelled=k, paid=k)
            if n > k:
                out.append((party, unit, n - k))
        return out

    lasting.add(f, o["card"], side, caster_of(f, daemon), daemon, rounds=None, placed=placed)
    f.log.public("combat-card-thin-dead-line", f"The Thin Dead Line: in {f.here}, "
                 f"{caster_of(f, daemon)} may cancel each hit on its Units for 1 Soul",
                 CAST, card=o["card"])
