"""Hell-card effects that move, block or destroy Units on the map (see hellcards/__init__.py).

Phenomena (HG-6.2-01; Uriel and Lilith immune but to cave-ins and landslides,
HG-6.2.1-01, `events.phenomenon_units`): Quagmire, Incomplete Map, Ruined Map,
Landslide, Wormhole, Major Cave-in, Lightning, Hellhounds, The Boss Is Touchy.
Events (HG-6.1-01): Famine, Orgasmatron, Thou Art Not Real, Rebellious Rage, Boredom.

Lasting parts are hooks asked by the phase modules:
- `no_start` / `stops` (registered in action/march.py NO_START and STOPS): Quagmire and
  Orgasmatron keep Units from starting a March; Quagmire stops a March entering it.
- `held` / `quagmire_stops`: the same for the Random Moves Phase (random_moves/, hook
  point random-move-held) and for a flight or a hound entering a Quagmire
  (action/flight.py, random_moves/hounds.py: unit-stops-entering).
- `before_combat` / `after_combat`: on the hook points combat-phase-start and
  combat-phase-end (combat.run): Famine, Orgasmatron's 6s; Boredom.
- On the hook point random-moves-start (random_moves.run): Orgasmatron's pull into the
  Lustful Circle; Vortex's Limbo hounds (its Event is in hellcards/income.py).
Thou Art Not Real's Roll against Hearts per marching Unit is in action/march.py.

Readings (each also in its effect's docstring):
- A Unit a Phenomenon or Event carries into Uriel's Sectio is destroyed, as one fleeing
  into him (HG-16.3-02); a rampaging hound carried into AnteHell rejoins the pack there,
  i.e. the Hellhound box (as HG-10.3-06).
- Control markers never move with the counters ("except Player Markers").
"""

from __future__ import annotations

import math

from .. import effects
from ..action import march
from ..events import in_force, phenomenon_here, phenomenon_units
from ..hooks import hook
from ..log import Log, count
from ..orders.common import place_name
from ..ownership import Step
from ..state import ANTEHELL, HELLHOUND, LEGION, LIEUTENANT, LILITH, URIEL, HellState, Unit

QUAGMIRE = "phenomenon.quagmire"
FAMINE, ORGASMATRON = "hell.famine", "hell.orgasmatron"
NOT_REAL, RAGE, BOREDOM, VORTEX = ("hell.thou-art-not-real", "hell.rebellious-rage",
                                   "hell.boredom", "hell.vortex")
LUSTFUL, GLUTTONOUS, WRATHFUL, HERETICS, LIMBO = 2, 3, 5, 6, 1
CLOCKWISE, ANTICLOCKWISE, OUTWARD, INWARD = 4, 2, 3, 1  # Compass faces (tables.yaml)


def circle(data, n: int) -> str:
    return f"the Circle of {data.sectio[data.circle_members(n)[0]].circle_name}"


# -- movement blocks (hooks) ------------------------------------------------------------
def no_start(st: HellState, data, place: str, immortal: bool = False) -> str | None:
    """Why Units at `place` may not start a move this turn (HG-9.5-08), or None.
    `immortal`: Uriel or Lilith, immune to Quagmire (a Phenomenon) but not to
    Orgasmatron (an Event that destroys nothing)."""
    return (None if immortal else _quagmire_holds(st, data, place)) \
        or _orgasmatron_holds(st, data, place)


def _quagmire_holds(st: HellState, data, place: str) -> str | None:
    if place in data.sectio and phenomenon_here(st, QUAGMIRE, place):
        return f"a Quagmire holds {place_name(place, data)}: no Unit there may move this turn"
    return None


def _orgasmatron_holds(st: HellState, data, place: str) -> str | None:
    if place in data.sectio and in_force(st, ORGASMATRON) \
            and data.sectio[place].circle == LUSTFUL:
        return "Orgasmatron: no Unit in the Lustful Circle may move this turn"
    return None


def stops(st: HellState, data, place: str) -> str | None:
    """000 §9.5: a moving Unit must stop as soon as it enters a Quagmire."""
    if place in data.sectio and phenomenon_here(st, QUAGMIRE, place):
        return f"a Quagmire holds {place_name(place, data)}"
    return None


march.NO_START["quagmire-orgasmatron"] = no_start
march.STOPS["quagmire"] = stops


# -- shared helpers -------------------------------------------------------------------
def _unit_name(u: Unit, data) -> str:
    from ..random_moves.common import describe

    return describe(u, data)


def _carry(st: HellState, data, log: Log, moves: list[tuple[Unit, str]], why: str,
           rule: str) -> None:
    """Move every (unit, target) at once, then settle the arrivals: into Uriel's place
    destroyed (HG-16.3-02), a rampaging hound in AnteHell back to the box (HG-10.3-06)."""
    uriel = next((u.location for u in st.units if u.kind == URIEL), None)
    moved = {u.id for u, _ in moves}
    uriel_after = next((t for u, t in moves if u.kind == URIEL), uriel)
    for u, target in moves:
        u.location = target
    by_target: dict[str, list[Unit]] = {}
    for u, target in moves:
        by_target.setdefault(target, []).append(u)
    for target, units in by_target.items():
        names = ", ".join(_unit_name(u, data) for u in units)
        log.public("carried", f"{why}: {names} to {place_name(target, data)}", rule,
                   sectio=target,
                   units=[u.id for u in units])
    if uriel_after in (*data.sectio, ANTEHELL):  # not while he waits in the Uriel box
        doomed = [u for u in st.units_at(uriel_after)
                  if u.id in moved and u.kind not in (URIEL, LILITH)]
        if uriel_after != uriel:  # Uriel was carried onto others
            doomed = [u for u in st.units_at(uriel_after) if u.kind not in (URIEL, LILITH)]
        if doomed:
            _destroy(st, data, log, doomed, f"Carried into {place_name(uriel_after, data)} "
                     "where Uriel is", "HG-16.3-02")
    lost = [u for u in st.units_at(ANTEHELL) if u.id in moved and st.is_rampaging(u)]
    if lost:
        for u in lost:
            st.remove_unit(u.id)
        log.public("hound-to-box", f"{count(len(lost), 'rampaging Hellhound')} carried into "
                   "AnteHell rejoin the pack: back to the Hellhound box", "HG-10.3-06",
                   units=[u.id for u in lost])


def _destroy(st: HellState, data, log: Log, units: list[Unit], why: str, rule: str) -> None:
    if not units:
        return
    names = ", ".join(_unit_name(u, data) for u in units)
    for u in sorted(units, key=lambda u: (u.kind != HELLHOUND, u.number)):
        if u in st.units:
            st.remove_unit(u.id)
    log.public("units-destroyed", f"{why}: {names} destroyed", rule,
               units=[u.id for u in units])


def _nothing(log: Log, what: str, rule: str) -> None:
    log.public("no-effect", f"{what}: nothing there to act on.", rule)


# -- Phenomena --------------------------------------------------------------------------
@effects.phenomenon(QUAGMIRE)
def quagmire(st: HellState, sheets, dice, data, log: Log, card: str, sectio: list[str]) -> None:
    """No Unit in the Sectio may move this turn, and a moving Unit must stop as soon as
    it enters it (000 §9.5): hooks `no_start`, `stops` (March), `held` (Random Moves),
    `quagmire_stops` (a flight ends there). Fleeing is no move (as for Red Peril), so
    Units may flee out of it. Uriel and Lilith are immune (HG-6.2.1-01)."""
    names = ", ".join(place_name(s, data) for s in sectio)
    log.public("quagmire", f"Quagmire: no Unit in {names} may move this turn, and Units "
               "entering it must stop there.", "HG-6.2-01", sectio=sectio)


def quagmire_stops(st: HellState, data, place: str) -> bool:
    return stops(st, data, place) is not None


def held(st: HellState, data, u: Unit) -> str | None:
    """Random Moves Phase: why the independent Unit `u` may not move (None if it may):
    the registrants of random-move-held below, in their order."""
    return no_start(st, data, u.location, immortal=u.kind in (URIEL, LILITH))


@hook("random-move-held", order=10)
def _quagmire_holds_unit(st: HellState, data, u: Unit) -> str | None:
    """A Quagmire holds a rampaging hound; Uriel and Lilith are immune (HG-6.2.1-01)."""
    return None if u.kind in (URIEL, LILITH) else _quagmire_holds(st, data, u.location)


@hook("random-move-held", order=20)
def _orgasmatron_holds_unit(st: HellState, data, u: Unit) -> str | None:
    """Orgasmatron holds every independent Unit in the Lustful Circle, Uriel and Lilith
    too (an Event that destroys nothing)."""
    return _orgasmatron_holds(st, data, u.location)


@hook("unit-stops-entering", order=10)
def _quagmire_stops_entering(st: HellState, data, place: str) -> str | None:
    """000 §9.5: a fleeing stack or a rampaging hound entering a Quagmire stops there."""
    return "a Quagmire holds it" if quagmire_stops(st, data, place) else None


def _map_shift(st, data, log, card, sectio, phenomenon, faces, what):
    moves = []
    for s in sectio:
        target = s
        for f in faces:
            target = data.step(target, f)
        moves += [(u, target) for u in phenomenon_units(st, s, phenomenon)]
    if not moves:
        _nothing(log, what.split(":")[0], "HG-6.2-01")  # "Incomplete Map", "Ruined Map"
        return
    _carry(st, data, log, moves, what, "HG-6.2-01")


@effects.phenomenon("phenomenon.incomplete-map")
def incomplete_map(st: HellState, sheets, dice, data, log: Log, card: str,
                   sectio: list[str]) -> None:
    """All Units in the Circle move one Sectio clockwise (Compass 4), at once; Sectio
    ownership stays. Uriel and Lilith are immune (HG-6.2.1-01)."""
    _map_shift(st, data, log, card, sectio, "phenomenon.incomplete-map", [CLOCKWISE],
               "Incomplete Map: moved one Sectio clockwise")


@effects.phenomenon("phenomenon.ruined-map")
def ruined_map(st: HellState, sheets, dice, data, log: Log, card: str,
               sectio: list[str]) -> None:
    """All Units in the Circle get lost and move two Sectio anticlockwise (Compass 2
    twice), at once. Uriel and Lilith are immune (HG-6.2.1-01)."""
    _map_shift(st, data, log, card, sectio, "phenomenon.ruined-map",
               [ANTICLOCKWISE, ANTICLOCKWISE], "Ruined Map: lost, moved two Sectio "
               "anticlockwise")


@effects.phenomenon("phenomenon.landslide")
def landslide(st: HellState, sheets, dice, data, log: Log, card: str,
              sectio: list[str]) -> None:
    """Every counter in the Quarter but the Control markers moves two spaces outward;
    from the 1st and 2nd Circles into AnteHell. Uriel and Lilith too (HG-6.2.1-01):
    Uriel then waits in AnteHell (A-21), Lilith starts there (A-14)."""
    moves = []
    for s in sectio:
        c = data.sectio[s].circle
        target = ANTEHELL if c <= 2 else data.step(data.step(s, OUTWARD), OUTWARD)
        moves += [(u, target) for u in phenomenon_units(st, s, "phenomenon.landslide")]
    if not moves:
        _nothing(log, "Landslide", "HG-6.2.1-01")
        return
    _carry(st, data, log, moves, "Landslide: carried two spaces outward", "HG-6.2.1-01")


@effects.phenomenon("phenomenon.wormhole")
def wormhole(st: HellState, sheets, dice, data, log: Log, card: str,
             sectio: list[str]) -> None:
    """All Units in the Sectio move to AnteHell at once (Uriel and Lilith immune,
    HG-6.2.1-01); a rampaging hound there rejoins the Hellhound box."""
    moves = [(u, ANTEHELL) for s in sectio for u in phenomenon_units(st, s,
                                                                      "phenomenon.wormhole")]
    if not moves:
        _nothing(log, "Wormhole", "HG-6.2-01")
        return
    _carry(st, data, log, moves, "Wormhole: swallowed into AnteHell", "HG-6.2-01")


@effects.phenomenon("phenomenon.major-cave-in")
def major_cave_in(st: HellState, sheets, dice, data, log: Log, card: str,
                  sectio: list[str]) -> None:
    """Everything in the Quarter is destroyed, Uriel and Lilith too (HG-6.2.1-01), as
    events.cave_in does for one Sectio."""
    total = 0
    for s in sectio:
        gone = phenomenon_units(st, s, "phenomenon.major-cave-in")
        if not gone:
            continue
        total += len(gone)
        for u in sorted(gone, key=lambda u: (u.kind != HELLHOUND, u.number)):
            if u in st.units:
                st.remove_unit(u.id)
        log.public("cave-in", f"Major Cave-in in {data.sectio[s].name}: "
                   f"{count(len(gone), 'Unit')} destroyed.", "HG-6.2.1-01", sectio=s,
                   units=[u.id for u in gone])
    if not total:
        _nothing(log, "Major Cave-in", "HG-6.2-01")


@effects.phenomenon("phenomenon.lightning")
def lightning(st: HellState, sheets, dice, data, log: Log, card: str,
              sectio: list[str]) -> None:
    """Two variants, by the card's text (data/hell_cards.yaml):
    - "panic ... go on a Rampage" (Council, Wrath of Angels): every tamed hound in the
      Circle loses its Minder and makes the Compass move of a hound going on a Rampage
      at once (HG-10.3-02, random_moves.lose_minder); rampaging hounds already are.
    - "must flee immediately" (The Bees): every hound flees alone with one die, as a
      Legion does (HG-9.5.1-05), no way barred. A tamed hound that gets away has left its
      Minder and rampages (HG-10.3-01); one whose flight fails stays with its Minder.
    Hounds in the Circle are taken by unit number."""
    from ..action.flight import Stack, flee_stack
    from ..random_moves import lose_minder
    from ..random_moves.common import MoveCtx

    text = data.hell_cards[card].phenomenon.text.lower()
    flee = "flee" in text
    hounds = [u for s in sectio for u in phenomenon_units(st, s, "phenomenon.lightning")
              if u.kind == HELLHOUND]
    if not hounds:
        _nothing(log, f"Lightning over {circle(data, data.sectio[sectio[0]].circle)}: no "
                 "Hellhound", "HG-6.2-01")
        return
    ctx = MoveCtx(st, data, dice, log, sheets or {})
    for h in sorted(hounds, key=lambda u: u.number):
        if h not in st.units:
            continue
        here = place_name(h.location, data)
        if flee:
            log.public("lightning-flee", f"Lightning: {_unit_name(h, data)} in {here} must "
                       "flee at once", "HG-6.2-01", unit=h.id)
            start = h.location
            flee_stack(ctx, Stack(None, None, [h]), start, barred=None)
            if h in st.units and h.location != start and h.minder:
                h.minder = h.owner = None
                log.public("lightning-loose", f"The Hellhound has left its Minder in {here}: "
                           "it is on a Rampage", "HG-10.3-01", unit=h.id)
            if h in st.units and h.location == ANTEHELL and st.is_rampaging(h):
                st.remove_unit(h.id)
                log.public("hound-to-box", "The rampaging Hellhound fled into AnteHell: "
                           "back to the Hellhound box", "HG-10.3-06", unit=h.id)
        elif h.minder:
            log.public("lightning-panic", f"Lightning: {_unit_name(h, data)} in {here} "
                       "panics, leaves its Minder and goes on a Rampage", "HG-6.2-01",
                       unit=h.id)
            lose_minder(st, sheets, dice, data, log, h.id)
        else:
            log.public("lightning-panic", f"Lightning: {_unit_name(h, data)} in {here} "
                       "panics, and is on a Rampage already", "HG-6.2-01", unit=h.id)


@effects.phenomenon("phenomenon.hellhounds")
def hellhounds(st: HellState, sheets, dice, data, log: Log, card: str,
               sectio: list[str]) -> None:
    """A Hellhound from the top of the Hellhound box appears in the Sectio with no Minder,
    so on a Rampage (HG-10.3-01); it moves in the Random Moves Phase (no move now: it
    does not lose a Minder, HG-10.3-02). An empty box: no hound, and the log says so."""
    for s in sectio:
        if not st.hellhound_box:
            log.public("no-hellhound", f"Hellhounds: the Hellhound box is empty, so no "
                       f"Hellhound appears in {place_name(s, data)}.", "HG-6.2-01", sectio=s)
            continue
        h = st.new_unit(HELLHOUND, None, s, st.hellhound_box.pop(0))
        name = data.hellhounds[h.ref].name if h.ref in data.hellhounds else "A Hellhound"
        log.public("hellhound-appears", f"Hellhounds: {name} appears in {place_name(s, data)} "
                   "with no Minder, on a Rampage.", "HG-6.2-01", sectio=s, unit=h.id)


@effects.phenomenon("phenomenon.the-boss-is-touchy")
def the_boss_is_touchy(st: HellState, sheets, dice, data, log: Log, card: str,
                       sectio: list[str]) -> None:
    """This turn no Sectio in the area may change ownership: HellState.set_owner refuses
    (events.ownership_frozen); gifts of such a Sectio are refused (gifts.py)."""
    names = ", ".join(place_name(s, data) for s in sectio)
    log.public("boss-touchy", f"The Boss Is Touchy: this turn no Sectio among {names} may "
               "change ownership.", "HG-6.2-01", sectio=sectio)


# -- Events ---------------------------------------------------------------------------
@effects.hell_card(FAMINE)
def famine(st: HellState, sheets, dice, data, log: Log) -> None:
    """Announced now; `before_combat` eats the Units."""
    log.public("famine", f"Famine: before any combat this turn, half the Units of each type "
               f"in each Sectio of {circle(data, GLUTTONOUS)} are eaten.", "HG-6.1-01")


@effects.hell_card(ORGASMATRON)
def orgasmatron(st: HellState, sheets, dice, data, log: Log) -> None:
    """Announced now; `no_start`/`held` block moves, `_orgasmatron_pulls` pulls Units in,
    `before_combat` rolls the 6s."""
    log.public("orgasmatron", "Orgasmatron: this turn no Unit in the Lustful Circle may move; "
               "in the Random Moves Phase every Unit in the Circles next to it moves into it; "
               "before any combat each Unit there is destroyed on a 6.", "HG-6.1-01")


@hook("march-rolls-to-move", order=10)
def _not_real_rolls(st: HellState, data) -> tuple[str, str, str] | None:
    """Thou Art Not Real, this turn: a marching Daemon rolls against Hearts for each Unit
    it wants to move (action/march.py asks; the End Phase ends the hold, HG-6.1-01)."""
    return (data.hell_cards[NOT_REAL].name, "hearts", "HG-6.1-01") \
        if in_force(st, NOT_REAL) else None


@hook("sectio-no-souls", order=30)
def _not_real_no_souls(st: HellState, data, sectio: str) -> str | None:
    """Thou Art Not Real, this turn: its "no income this turn" read as the Heretics
    Circle's only (soul.sectio_income asks)."""
    return NOT_REAL if data.sectio[sectio].circle == HERETICS and in_force(st, NOT_REAL) \
        else None


@effects.hell_card(NOT_REAL)
def thou_art_not_real(st: HellState, sheets, dice, data, log: Log) -> None:
    """All Units but Hellhounds in the Heretics Circle are dispersed: removed from the map,
    as a Legion dispersed by Diplomacy (003 §9.x "Una Legione dispersa dovrà essere
    rimossa dalla mappa"; a dispersed Lieutenant goes to the Return box). Uriel and
    Lilith are never harmed (HG-6.2.1-02). A tamed hound whose Minder is dispersed goes
    on a Rampage (003: "Se il loro sorvegliante viene disperso, essi diventano Furiosi")
    and moves at once (HG-10.3-02). The income part is helper A's (hellcards/income.py);
    the Roll against Hearts per marching Unit is in action/march.py."""
    from ..random_moves import lose_minder

    members = data.circle_members(HERETICS)
    gone = [u for s in members for u in st.units_at(s)
            if u.kind not in (HELLHOUND, URIEL, LILITH)]
    log.public("not-real", "Thou Art Not Real: every Daemon that Marches this turn rolls "
               "against Hearts for each Unit it wants to move.", "HG-6.1-01")
    if not gone:
        log.public("event-no-effect", f"Thou Art Not Real: no Unit but Hellhounds in "
                   f"{circle(data, HERETICS)} to disperse.", "HG-6.1-04")
        return
    ids = {u.id for u in gone}
    loose = [h for h in st.units if h.kind == HELLHOUND and h.minder in ids]
    for s in members:
        here = [u for u in gone if u.location == s]
        if here:
            _destroy(st, data, log, here, f"Thou Art Not Real: in {place_name(s, data)}",
                     "HG-6.1-01")
    for h in sorted(loose, key=lambda u: u.number):
        if h in st.units:
            h.minder = h.owner = None  # remove_unit freed it already; say so and move
            lose_minder(st, sheets, dice, data, log, h.id)


@effects.hell_card(RAGE)
def rebellious_rage(st: HellState, sheets, dice, data, log: Log) -> None:
    """All Units in the Wrathful Circle desert their owners and become neutral: owner
    None, so the Freebooters party in combat (a tamed hound follows its Minder, 003
    §9.x); Sectio ownership is unchanged. Each such Sectio goes into `st.raging`: there
    the neutral side has +2 on all its combat rolls until they lose the Sectio, then they
    are plain Freebooters (combat/rage.py, which also states the readings)."""
    units = [u for s in data.circle_members(WRATHFUL) for u in st.units_at(s)
             if u.owner is not None and u.kind in (LEGION, LIEUTENANT, HELLHOUND)]
    if not units:
        log.public("event-no-effect", f"Rebellious Rage: no Triumvirate's Unit in "
                   f"{circle(data, WRATHFUL)}.", "HG-6.1-04")
        return
    for s in data.circle_members(WRATHFUL):
        here = [u for u in units if u.location == s]
        if not here:
            continue
        names = ", ".join(_unit_name(u, data) for u in here)
        for u in here:
            u.owner = None
        st.raging = sorted({*st.raging, s})
        log.public("rebellious-rage", f"Rebellious Rage: {names} in {place_name(s, data)} "
                   "desert and turn neutral: they attack anyone there with +2 on all combat "
                   "rolls until they lose the Sectio, then become Freebooters.", "HG-6.1-01",
                   sectio=s, units=[u.id for u in here])


@effects.hell_card(BOREDOM)
def boredom(st: HellState, sheets, dice, data, log: Log) -> None:
    """Announced now; `after_combat` pays the Favour."""
    log.public("boredom", "Boredom: at the end of the Combat Phase the Triumvirate that "
               "won the last battle receives 1 Favour.", "HG-6.1-01")


# -- Combat Phase hooks ---------------------------------------------------------------
@hook("combat-phase-start", order=20)
def before_combat(st: HellState, sheets, dice, data, log: Log) -> None:
    """Fired by combat.run before any combat (hook point combat-phase-start): Famine,
    then Orgasmatron's 6s."""
    if in_force(st, FAMINE):
        _famine(st, dice, data, log)
    if in_force(st, ORGASMATRON):
        _orgasmatron_sixes(st, dice, data, log)


def _famine(st: HellState, dice, data, log: Log) -> None:
    """Per Sectio (the second sentence speaks of a Sectio), half of each type of Unit,
    rounded up, is eaten; which ones is picked by a die (HG-6.1-03). Uriel and Lilith are
    never harmed (HG-6.2.1-02). An owned Sectio where nothing is eaten (so an empty one)
    is lost by its owner (refused under The Boss Is Touchy). The Circle starves at once;
    a player left without a Sectio is then rescued (HG-15.2-01)."""
    with Step(st, dice, data, log) as step:
        for s in data.circle_members(GLUTTONOUS):
            eaten: list[Unit] = []
            for kind in (LEGION, LIEUTENANT, HELLHOUND):
                pool = sorted((u for u in st.units_at(s) if u.kind == kind),
                              key=lambda u: u.number)
                for _ in range(math.ceil(len(pool) / 2)):
                    u = dice.pick(pool, f"HG-6.1-03 Famine: which {kind} in "
                                  f"{place_name(s, data)} is eaten")
                    pool.remove(u)
                    eaten.append(u)
            if eaten:
                _destroy(st, data, log, eaten, f"Famine in {place_name(s, data)}: eaten",
                         "HG-6.1-01")
                continue
            owner = st.owners.get(s)
            if owner is None:
                continue
            if step.set(s, None, "Famine (HG-6.1-01)"):
                log.public("famine-lost", f"Famine: nothing is eaten in "
                           f"{place_name(s, data)}, so {owner} loses it.", "HG-6.1-01",
                           sectio=s, player=owner)
            else:
                log.public("ownership-frozen", f"Famine: {owner} would lose "
                           f"{place_name(s, data)}, but The Boss Is Touchy: no change of "
                           "ownership there this turn.", "HG-6.2-01", sectio=s, player=owner)


def _orgasmatron_sixes(st: HellState, dice, data, log: Log) -> None:
    """One die per Unit in the Lustful Circle, by unit number; a 6 destroys it. Uriel and
    Lilith are never harmed (HG-6.2.1-02)."""
    units = sorted((u for s in data.circle_members(LUSTFUL) for u in st.units_at(s)
                    if u.kind not in (URIEL, LILITH)), key=lambda u: u.number)
    if not units:
        log.public("event-no-effect", "Orgasmatron: no Unit in the Lustful Circle rolls "
                   "before combat.", "HG-6.1-04")
        return
    for u in units:
        if u not in st.units:
            continue  # a hound gone with its Minder
        where = place_name(u.location, data)
        face = dice.roll(f"HG-6.1-01 Orgasmatron: {_unit_name(u, data)} in {where}", u.owner)
        if face == 6:
            _destroy(st, data, log, [u], f"Orgasmatron: rolls 6 in {where}", "HG-6.1-01")


@hook("combat-phase-end", order=30)
def after_combat(st: HellState, dice, data, log: Log, last: dict | None) -> None:
    """Fired by combat.run after the last combat (hook point combat-phase-end). Boredom:
    the Triumvirate that won the last battle (`last`, the fight's result) gets 1 Favour.
    With several winners (a joint win, 16.6: "level") the one whose Units killed more
    enemy Legions in that battle (`last["kills"]`, combat/saves.py) counts; a die only if
    the kills are equal too (HG-6.1-03)."""
    if not in_force(st, BOREDOM):
        return
    winners = (last or {}).get("winners") or []
    if not winners:
        log.public("event-no-effect", "Boredom: no Triumvirate won the last battle this "
                   "turn; nobody gets a Favour.", "HG-6.1-04")
        return
    if len(winners) > 1:
        kills = (last or {}).get("kills") or {}
        most = max(kills.get(p, 0) for p in winners)
        log.public("boredom-kills", "Boredom: the last battle had joint winners; Legions "
                   "killed: " + ", ".join(f"{p} {kills.get(p, 0)}" for p in winners),
                   "HG-6.1-01", kills={p: kills.get(p, 0) for p in winners})
        winners = [p for p in winners if kills.get(p, 0) == most]
    who = winners[0] if len(winners) == 1 else \
        dice.pick(winners, "HG-6.1-03 Boredom: which winner of the last battle")
    st.players[who].favours += 1
    log.public("boredom-favour", f"Boredom: {who} won the last battle of the turn and "
               "receives 1 Favour.", "HG-6.1-01", player=who)


# -- Random Moves Phase hooks ---------------------------------------------------------
@hook("random-moves-start", order=30)
def _orgasmatron_pulls(ctx) -> None:
    """random_moves.run first (after the Riot ends and Uriel Must Obey): Orgasmatron's
    pull, before Uriel moves."""
    if in_force(ctx.st, ORGASMATRON):
        _pull(ctx)


@hook("random-moves-start", order=40)
def _vortex_hounds(ctx) -> None:
    """Then Vortex's hounds: their first move is special (a pack, random_moves/hounds.py:
    they ignore one another and read a Compass 3 as a 1)."""
    from ..random_moves.common import Pack

    if in_force(ctx.st, VORTEX):
        ctx.packs.append(Pack(frozenset(_vortex(ctx)), inward=True))


def _pull(ctx) -> None:
    """Orgasmatron: every Unit in the Circles next to the Lustful one (Limbo and the
    Gluttonous) moves one step into it (Compass 1 / 3), at once, before Uriel moves.
    Uriel and Lilith are not pulled: their moves this phase are their own (10.1, 10.2).
    Units a Quagmire holds stay (`held`). No flight: it is not a March."""
    st, data, log = ctx.st, ctx.data, ctx.log
    moves = []
    for n, face in ((LIMBO, INWARD), (GLUTTONOUS, OUTWARD)):
        for s in data.circle_members(n):
            for u in sorted(st.units_at(s), key=lambda u: u.number):
                if u.kind in (URIEL, LILITH):
                    continue
                why = held(st, data, u)
                if why:
                    log.public("pull-held", f"Orgasmatron: {_unit_name(u, data)} stays: {why}",
                               "HG-6.2-01", unit=u.id)
                    continue
                moves.append((u, data.step(s, face)))
    if not moves:
        log.public("event-no-effect", "Orgasmatron: no Unit in the Circles next to the "
                   "Lustful one to pull in.", "HG-6.1-04")
        return
    _carry(st, data, log, moves, "Orgasmatron: pulled into the Lustful Circle", "HG-6.1-01")


def _vortex(ctx) -> set[str]:
    """Vortex (its Event is helper A's): a Hellhound from the box appears in each Limbo
    Sectio (by Quarter); an empty box is said. Returns their ids."""
    st, data, log = ctx.st, ctx.data, ctx.log
    out = set()
    for s in data.circle_members(LIMBO):
        if not st.hellhound_box:
            log.public("no-hellhound", f"Vortex: the Hellhound box is empty, so no Hellhound "
                       f"appears in {place_name(s, data)}", "HG-6.1-01", sectio=s)
            continue
        h = st.new_unit(HELLHOUND, None, s, st.hellhound_box.pop(0))
        out.add(h.id)
        log.public("hellhound-appears", f"Vortex: a Hellhound appears in "
                   f"{place_name(s, data)}, on a Rampage", "HG-6.1-01", sectio=s, unit=h.id)
    return out
