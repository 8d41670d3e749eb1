"""The round loop of one combat (11.2.1-11.2.5, 16.6, 16.7).

HG-11.2.5-01 starts a new round while opposing Units remain and names no last one; a
combat that could never end stops after the round that shows it, and every combat
after `endless.MAX_ROUNDS` rounds, both without a winner (endless.py, issue 17)."""

from __future__ import annotations

from .. import hooks
from ..action import flight
from ..log import count
from ..random_moves import lose_minder
from ..state import HELLHOUND, LIEUTENANT, LILITH
from . import ability_use, allies, endless, lasting, magic, sides
from .fight import FLEE, VARIANT, Fight, attack, free_daemons, join
from .parties import is_player, label, legions, parties_at, units_of
from .saves import saves
from .v1 import quick_combat, round_limit


class FleeCtx:
    """What action/flight.py needs (st, data, dice, log, orders) for flight in combat;
    `fight`: the combat, for a re-roll card played on a flight die (reroll_cards.py)."""

    def __init__(self, f: Fight):
        self.st, self.data, self.dice, self.log, self._f = f.st, f.data, f.dice, f.log, f
        self.fight = f

    def orders(self, player: str, keyword: str) -> list[dict]:
        return self._f.orders(player, keyword)


def hit_on(f: Fight) -> int:
    """HG-11.2.2-04; the optional speedier combat (HG-11.3-01) hits on 5, or on 4."""
    v = f.st.variants.get(VARIANT)
    if not v:
        return f.data.tables["combat_hit_on"]
    return v if isinstance(v, int) and not isinstance(v, bool) and v in (4, 5) else 5


def over(f: Fight) -> list[str] | None:
    """The winners once the fight is over (HG-11.2.5-01, HG-16.6-01): one party left,
    or only Triumvirates that fought on one side, unless one fights on (allies.py, IP-44)."""
    left = parties_at(f.st, f.sectio)
    if len(left) <= 1:
        return left
    if all(is_player(p) for p in left) and any(set(left) <= set(s) for s in f.sides) \
            and not allies.fight_on(f, left):
        return left
    return None


def fight(f: Fight) -> dict:
    """Fight the combat in `f.sectio`; returns {"winners": [...], "rounds": n,
    "kills": {player: enemy Legions its Units killed}} (kills for hell.boredom)."""
    parties = parties_at(f.st, f.sectio)
    f.log.public("combat", f"Combat in {f.here}: "
                 + ", ".join(label(p, f.data, f.st) for p in parties), "HG-11.0-01",
                 sectio=f.sectio)
    f.sides = sides.assign(f, 0)  # sides first, then Daemons join
    hooks.fire("combat-start", f)  # e.g. Rebellious Rage's +2 for the raging Units
    # HG-11.1-01: largest army declares first; ranked (and ties rolled) only when two
    # or more Triumvirates have a Daemon free to join
    able = [p for p in parties if is_player(p) and free_daemons(f, p)]
    join(f, f.rank(able, lambda p: legions(f.st, f.sectio, p), "the largest army")
         if len(able) > 1 else able)
    ability_use.use(f, 0)  # IP-45: Andras, before the first round
    quick = quick_combat(f)  # optional rule HG-V1-11.3.5-01
    if quick is not None:
        return quick
    rnd = 0
    # HG-11.2.5-01 names no last round: the loop is bounded all the same (endless.py)
    while over(f) is None:
        if rnd >= endless.MAX_ROUNDS:
            return ended(f, endless.undecided(f, rnd, "combat-round-limit"))
        rnd += 1
        f.round = rnd
        # a heading for the reports, which tell a combat round by round
        f.log.public("combat-round", f"Round {rnd} in {f.here}:", "HG-11.2-01",
                     sectio=f.sectio, round=rnd)
        if rnd > 1:
            f.sides = sides.assign(f, rnd)
        f.bonus = [0, 0]
        ability_use.use(f, rnd)  # IP-45: Baal, Moloch
        magic.cast_magic(f, rnd)
        need = hit_on(f)
        hits = [attack(f, i, need) for i in (0, 1)]
        lost = saves(f, 1, hits[0]) + saves(f, 0, hits[1])
        lost_minders(f, lost)
        fled = flee(f)
        lone_lieutenants(f)
        drawn = round_limit(f, rnd) if over(f) is None else None  # HG-V1-11.3.6-01
        if drawn is not None:
            return ended(f, drawn)
        if over(f) is None and endless.cannot_end(f, rnd, fled):  # our reading, issue 17
            return ended(f, endless.undecided(f, rnd, "combat-stalemate"))
    winners = [p for p in over(f) if is_player(p)]
    f.log.public("combat-won", f"The combat in {f.here} is over after "
                 f"{count(rnd, 'round')}: " + (" and ".join(winners) + " won" if winners else
                                              "no Triumvirate is left"),
                 "HG-11.2.5-01" if len(winners) < 2 else "HG-16.6-01", sectio=f.sectio,
                 winners=winners, rounds=rnd)
    return ended(f, {"winners": winners, "rounds": rnd, "kills": dict(f.kills)})


def ended(f: Fight, result: dict) -> dict:
    """The combat's result, after the Combat cards that act when it ends (lasting.py:
    Vendetta's "no victory", Blitzkrieg's advance)."""
    lasting.over(f, result)
    return result


def lost_minders(f: Fight, lost: list) -> None:
    """Remove the destroyed (hounds first); a surviving hound whose Minder died rampages
    and rolls once on the Compass to leave; if it stays it is a side of its own
    (HG-11.2.3-08)."""
    minded = {h.id: h.minder for h in f.st.units if h.kind == HELLHOUND and h.minder}
    for u in sorted(lost, key=lambda u: (u.kind != HELLHOUND, u.number)):
        destroy(f, u)
    dead = {u.id for u in lost}
    for hid, minder in minded.items():
        if minder in dead and hid not in dead:
            f.log.public("hound-rampage", f"The Hellhound {hid} lost its Minder in the combat "
                         f"in {f.here} and goes on a rampage", "HG-11.2.3-08", unit=hid)
            # its one Compass move, as whenever a hound loses its Minder (HG-10.3-02,
            # with the Pentagram, AnteHell, Uriel and Lilith rules of 10.3)
            lose_minder(f.st, f.sheets, f.dice, f.data, f.log, hid)


def destroy(f: Fight, u) -> None:
    """A Unit destroyed in this combat, remembered by party for Reincarnation."""
    from .parties import party_of

    f.destroyed.setdefault(party_of(f.st, u), []).append(u)
    f.st.remove_unit(u.id)


def flee(f: Fight) -> bool:
    """HG-11.2.4-01/02: each Triumvirate with COMBAT FLEE lines, by its Daemon's Skulls
    (die for ties), decides; flight goes any way but the Pentagram and chains on.
    Returns whether any Units tried to flee (endless.py: they may try again)."""
    tried = False
    deciding = [p for s in f.sides for p in s if is_player(p) and f.orders(p, FLEE)]
    for p in f.rank(deciding, f.skulls, "most Skulls of War"):
        mine = units_of(f.st, f.sectio, p)
        side = 0 if p in f.sides[0] else 1
        theirs = sum(len(units_of(f.st, f.sectio, q)) for q in f.sides[1 - side])
        if not mine or not theirs:
            continue
        go, line = flight.decide(f.orders(p, FLEE), f.sectio, len(mine), theirs, f.data)
        if go and flight.being_at(f.st, LILITH, f.sectio):
            f.log.public("flight-barred", f"{p}'s Units in {f.here} may not flee: Lilith is "
                         "there, and no Unit starts a move in her Sectio", "HG-9.5-08",
                         player=p)
        elif go:
            tried = True
            f.log.public("combat-flee", f"{p}'s {count(len(mine), 'Unit')} in {f.here} try "
                         "to flee (by standing order)", "HG-11.2.4-01", player=p)
            flight.flee_all(FleeCtx(f), p, f.sectio, barred=None)
    return tried


def lone_lieutenants(f: Fight) -> None:
    """HG-11.2.4-04: a Lieutenant left without his Legions while enemies remain must
    flee at once; if he fails he is captured (flight.py, HG-16.2-03)."""
    for u in sorted(f.st.units_at(f.sectio), key=lambda u: u.number):
        if u.kind != LIEUTENANT or u not in f.st.units or not flight.is_solitary(f.st, u):
            continue
        if over(f) is not None:
            return
        f.log.public("combat-lone-lieutenant", f"{u.owner}'s Lieutenant {u.id} is alone in "
                     f"{f.here} and must flee", "HG-11.2.4-04", player=u.owner)
        flight.flee_stack(FleeCtx(f), flight.Stack(u.owner, u), f.sectio, barred=None)
