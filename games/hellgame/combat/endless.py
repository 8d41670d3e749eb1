"""Combats that can never end, and the hard bound on every combat (issue 17).

The rulebook gives a combat no last round: "If there are still opposing Units remaining
in the Sectio, a new Combat round starts. Once only one side remains, that side has won"
(000 §11.2.5, HG-11.2.5-01). Some combats can then never end, e.g. a Triumvirate's
Legion against a lone raging Freebooter Lieutenant (hell.rebellious-rage,
hellcards/rage.py): a Lieutenant never attacks (HG-11.2.2-02/03), he saves on 4 or less
(HG-11.2.3-06) and the rage's +2 in his favour makes that 6 or less, so he always saves; a
Freebooter never flees (HG-10.4-01), so the lone-Lieutenant flight (HG-11.2.4-04) is not his
(action/flight.py `is_solitary`). The same holds for Lieutenants alone on every side,
or Units whose saves a card has raised to 6.

Our reading where the rules are silent (docs/status-hellgame.md):

- **Stalemate** (`cannot_end`): at the end of a round (after its flights and the lone
  Lieutenants' flight, HG-11.2.4-01/04) the combat ends *without a winner* when it can
  never end: no party that can attack has a possible enemy with a Unit that can fail a
  save (a 6 is the highest die: the save must need 6 or more, and no card forbids it),
  and nothing can still change that: no party tried to flee this round, no COMBAT CAST
  line is left for a later round, no joined Daemon has a combat ability left to use
  (Moloch may bring a hound), and no Combat card's lasting effect that could change
  the fight is still in force (`SAFE` lists the hooks that cannot). A rampaging hound
  changes side every round (HG-16.5-04), so it may be anyone's enemy. The Units all
  stay; with no winner nobody has Victor's Right (12.2), and Freebooters still there
  take the Sectio in the Petitions Phase (HG-10.4-02). The Sectio is not fought over
  again this phase unless new enemies arrive (combat/__init__.py). The variant
  `v1_three_rounds` (HG-V1-11.3.6-01) ends every combat by round 3: it decides instead.
- **Hard bound** (`MAX_ROUNDS`): a combat still undecided after that many rounds ends
  without a winner all the same, said by the event "combat-round-limit". A combat that
  can end seldom lasts long: one in which each round kills a Unit with the chance of
  1/36 (a 6 to hit, then a failed save on a 6) lasts more than 300 rounds about twice
  in 10**4 combats, so the bound only catches what `cannot_end` leaves to chance.
"""

from __future__ import annotations

from ..log import count
from .ability_use import ABILITY
from .fight import CAST, Fight, attackers
from .parties import HOUND, is_player, label, parties_at, units_of
from .saves import save_need
from .v1 import LIMIT

#: HG-11.2.5-01 names no last round: a combat not over after this many ends undecided.
MAX_ROUNDS = 300
#: The highest face of a die: a save that succeeds on this or less cannot fail.
DIE = 6
#: The clause that would start yet another round (the combats here never end by it).
RULE = "HG-11.2.5-01"
#: Hooks of a Lasting for the rest of the combat that cannot turn a stalemate into a
#: fight: attack dice and bonuses (no enemy can fail a save), Lieutenants' bonuses,
#: the saves themselves (`cannot_end` asks them) and what happens at the end.
SAFE = {"attack", "dice", "lt_bonus", "save", "may_save", "over"}


def cannot_end(f: Fight, rnd: int, fled: bool) -> bool:
    """True when the combat, not over after round `rnd`, can never end (see above)."""
    if fled or f.st.variants.get(LIMIT):
        return False
    parties = parties_at(f.st, f.sectio)
    hounds = any(p.startswith(HOUND) for p in parties)
    for x in f.lasting:
        if x.last is not None and x.last <= rnd:
            continue  # over: it covers no later round
        if x.last is not None or not set(x.hooks) <= SAFE or hounds:
            return False  # it may yet change the fight (or a hound's side changes)
    if _casts_left(f, rnd) or _abilities_left(f):
        return False
    return not any(_can_destroy(f, p, q) for p in parties if attackers(f, p)
                   for q in parties if q != p and _enemies(f, p, q))


def _casts_left(f: Fight, rnd: int) -> bool:
    """A COMBAT CAST line for this Sectio and a later round, not played yet."""
    return any(o["where"] == f.sectio and o["round"] is not None and o["round"] > rnd
               and (p, n) not in f.played
               for p in parties_at(f.st, f.sectio)
               for n, o in enumerate(f.orders(p, CAST)))


def _abilities_left(f: Fight) -> bool:
    """A joined Daemon still in the fight with a combat ability not used yet (IP-45)
    and not ordered NEVER."""
    from .. import effects

    for p in f.daemons:
        never = {o["daemon"] for o in f.orders(p, ABILITY) if o["when"] == "never"}
        for d in f.fighting(p):
            spec = effects.ABILITIES.get(f.data.daemons[d].ability.id)
            if getattr(spec, "combat", False) and not spec.before and d not in f.used \
                    and d not in never:
                return True
    return False


def _side(f: Fight, party: str) -> int | None:
    return next((i for i in (0, 1) if party in f.sides[i]), None)


def _enemies(f: Fight, p: str, q: str) -> bool:
    """Whether p may fight q in a later round: on opposing sides, or one of them is a
    rampaging hound, which rolls for its side every round (HG-16.5-04)."""
    if p.startswith(HOUND) or q.startswith(HOUND):
        return True
    return _side(f, p) != _side(f, q)


def _can_destroy(f: Fight, p: str, q: str) -> bool:
    """Whether a hit of p's could destroy one of q's Units: one that may roll saves
    (no card forbids it) needing less than a 6 (HG-11.2.3-04..07)."""
    from . import lasting

    side = _side(f, q)
    for u in units_of(f.st, f.sectio, q):
        if side is None or not lasting.may_save(f, side, q, u):
            return True
        if save_need(f, q, u)[0] < DIE:
            return True
    return False


def undecided(f: Fight, rnd: int, kind: str) -> dict:
    """The combat ends without a winner after round `rnd`: `kind` is "combat-stalemate"
    (it can never end) or "combat-round-limit" (MAX_ROUNDS). Says why, and returns the
    result (with "undecided": kind, so the Sectio is not fought over again this phase
    unless new enemies come)."""
    names = " and ".join(label(p, f.data, f.st) for p in parties_at(f.st, f.sectio))
    if kind == "combat-stalemate":
        why = "no Unit there can ever destroy an enemy Unit, so it could never end"
    else:
        why = f"it is still undecided after {count(rnd, 'round')}, the most a combat lasts"
    f.log.public(kind, f"The combat in {f.here} ends without a winner: {why}. {names} "
                 "stay there", RULE, sectio=f.sectio, rounds=rnd,
                 parties=parties_at(f.st, f.sectio),
                 players=[p for p in parties_at(f.st, f.sectio) if is_player(p)])
    return {"winners": [], "rounds": rnd, "kills": dict(f.kills), "undecided": kind}
