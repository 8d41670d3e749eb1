"""Uriel the Mad Angel (10.1, 16.3).

His life in play, turn by turn:

1. A Hell card brings him (`bring_uriel`, called by the Hell card's effect): he goes into
   the Uriel box (HG-10.1-01) and cleanses the Earth at once: each non-Incapacitated
   Daemon on Earth rolls against Skulls; those that fail are destroyed, the others return
   to Hell (their Walk card discarded) and must Pass for Good in the coming Action Phase
   (HG-10.1-02/03): `Daemon.pass_for_good`, which the Action core honours.
2. The Random Moves Phase of that turn: he moves from the box to AnteHell, and
   everything there is destroyed (HG-10.1-04). He waits there a turn (A-21).
3. Every later Random Moves Phase: 4 steps (HG-10.1-06). From AnteHell the first step
   enters Hell: a die for the Quarter, 6s re-rolled, into its Circle-1 Sectio
   (HG-10.1-05). Then Compass steps, a 3 read as a 1 (so he never goes back outward);
   5-6 he stays. All Units in a Sectio he enters flee one by one, Lieutenants without
   their Legions, tamed hounds loosed to rampage; those that fail are destroyed
   (HG-10.1-07). The Sectio's ownership is revoked (HG-10.1-08); an owner left without
   a Sectio is rescued at once, before Uriel moves on (HG-15.2-01). Entering the
   Pentagram or Lilith's Sectio removes him (HG-10.1-10).
4. After his move, each Triumvirate that lost N Legions to him rolls a die: on N or
   less (N >= 6: always) its lowest-ranking non-Incapacitated Daemon in Hell is
   destroyed (HG-10.1-09, A-19). Only Legions destroyed in the Sectio he entered count:
   the rulebook's "this way" points there, not to the AnteHell wipe of step 2.

`remove_uriel` is for the Hell card engine: the Permanent card that brought him is
replaced (HG-10.1-10).
"""

from __future__ import annotations

from .. import hooks
from ..action.flight import Stack, being_at, flee_stack
from ..data import PENTAGRAM
from ..favours import roll_against
from ..in_play import freezer_name
from ..log import count
from ..orders.common import place_name
from ..ownership import Step
from ..state import (
    ANTEHELL,
    HELLHOUND,
    IN_HELL,
    LEGION,
    LIEUTENANT,
    LILITH,
    ON_EARTH,
    URIEL,
    URIEL_BOX,
    HellState,
)
from .common import MoveCtx, being, destroy_daemon, destroy_units, spared


def bring_uriel(st: HellState, data, dice, log) -> bool:
    """HG-10.1-01..03: Uriel into the Uriel box; he cleanses the Earth at once (called
    by the effect of the Hell card that brings him, events.py). Returns False (and
    changes nothing) if he is in play already."""
    if being(st, URIEL):
        log.public("uriel-already", "Uriel is in play already: nothing more happens",
                   "HG-10.1-01")
        return False
    st.new_unit(URIEL, None, URIEL_BOX)
    log.public("uriel-arrives", "Uriel the Mad Angel goes on a crusade: he is placed in "
               "the Uriel box and cleanses the Earth", "HG-10.1-01")
    for player in st.seats:
        for d in st.daemons_of(player):
            if d.where != ON_EARTH or d.incapacitated:
                continue
            name = f"{data.daemons[d.id].name} ({player})"
            if not roll_against(st, data, dice, d.id, "skulls",
                                f"HG-10.1-02 {name} rolls against Skulls to survive Uriel"):
                why = spared(st, d.id)
                if why:
                    log.public("trinity-saves", f"{name} fails the Roll against Skulls, but "
                               f"{why}", "HG-6.1.1-01", player=player, daemon=d.id)
                    continue
                destroy_daemon(st, d.id)
                log.public("uriel-earth-destroyed", f"{name} fails the Roll against Skulls "
                           "and is destroyed by Uriel", "HG-10.1-02", player=player,
                           daemon=d.id)
                continue
            if d.walk_card:
                st.discard(d.walk_card)  # HG-3.3-02, as on leaving the Earth (HG-9.6-03)
            d.where, d.walk_card, d.pass_for_good = IN_HELL, None, True
            log.public("uriel-earth-survived", f"{name} survives Uriel, returns to Hell and "
                       "must Pass for Good in the coming Action Phase", "HG-10.1-03",
                       player=player, daemon=d.id)
    return True


def remove_uriel(st: HellState, log, why: str, rule: str = "HG-10.1-10") -> None:
    """Uriel leaves play (the Pentagram, Lilith, or his Permanent card replaced)."""
    u = being(st, URIEL)
    if u is not None:
        st.units.remove(u)
        log.public("uriel-removed", f"Uriel leaves play: {why}", rule)


def move(ctx: MoveCtx) -> None:
    """Uriel's part of the Random Moves Phase (HG-10.0-02: he moves first)."""
    st, data, log = ctx.st, ctx.data, ctx.log
    u = being(st, URIEL)
    if u is None:
        return
    if u.location == URIEL_BOX:
        if being_at(st, LILITH, ANTEHELL):  # a Lilith card put her there
            remove_uriel(st, log, "he meets Lilith in AnteHell")
            return
        u.location = ANTEHELL
        victims = [v for v in st.units_at(ANTEHELL) if v is not u]
        log.public("uriel-antehell", "Uriel moves from the Uriel box to AnteHell"
                   + ("" if victims else ", which is empty"), "HG-10.1-04")
        destroy_units(ctx, victims, ANTEHELL, "Uriel wipes out everything in AnteHell",
                      "HG-10.1-04")
        return
    why = hooks.first("random-move-held", st, data, u)
    if why:  # Orgasmatron (he is immune to Quagmire, a Phenomenon)
        log.public("uriel-held", f"Uriel does not move: {why}", "HG-6.1-01")
        return
    losses: dict[str, int] = {}
    pos = u.location
    for step in range(1, data.tables["uriel_steps"] + 1):
        if pos == ANTEHELL:
            face = ctx.dice.roll(f"HG-10.1-05 Uriel enters Hell (step {step})")
            while face == 6:  # "re-roll sixes"
                face = ctx.dice.roll("HG-10.1-05 Uriel re-rolls a 6")
            target, rolled = data.antehell_entry(face), f"rolls {face} for the Quarter"
        else:
            face = ctx.dice.roll(f"HG-10.1-06 Uriel's step {step}")
            rolled = "rolls 3, read as 1," if face == 3 else f"rolls {face}"
            target = data.step(pos, 1 if face == 3 else face)
        if target is None:
            log.public("uriel-idles", f"Uriel {rolled} and stays in {place_name(pos, data)} "
                       f"(step {step})", "HG-10.0-03", roll=face)
            continue
        if target == PENTAGRAM:
            remove_uriel(st, log, f"he {rolled} on step {step} and enters the Pentagram")
            break
        if being_at(st, LILITH, target):
            remove_uriel(st, log, f"he {rolled} on step {step} and meets Lilith in "
                         f"{place_name(target, data)}")
            break
        came, pos = pos, target
        u.location = pos
        log.public("uriel-enters", f"Uriel {rolled} and enters {place_name(pos, data)} "
                   f"(step {step})", "HG-10.1-05" if came == ANTEHELL else "HG-10.1-06",
                   roll=face, sectio=pos)
        cleanse(ctx, pos, came, losses)
    kill_rolls(ctx, losses)


def cleanse(ctx: MoveCtx, sectio: str, came: str, losses: dict[str, int]) -> None:
    """HG-10.1-07/08: everyone in `sectio` flees alone (by unit number, A-22 does not
    apply: "individually"); the flight may not go back where Uriel came from
    (HG-9.5.1-06). Those still there are destroyed; then ownership is revoked."""
    st, data, log = ctx.st, ctx.data, ctx.log
    here = sorted((v for v in st.units_at(sectio) if v.kind != URIEL), key=lambda v: v.number)
    for h in here:
        if h.kind == HELLHOUND and h.minder:
            h.minder = h.owner = None
            log.public("uriel-hound-loose", f"A Hellhound in {place_name(sectio, data)} panics "
                       "and goes on a Rampage", "HG-10.1-07", unit=h.id)
    for v in here:
        if v not in st.units or v.location != sectio:
            continue  # captured or fled already
        stack = Stack(v.owner, v, []) if v.kind == LIEUTENANT else Stack(v.owner, None, [v])
        flee_stack(ctx, stack, sectio, barred=came)
        if v in st.units and v.location == sectio:
            if v.kind == LEGION and v.owner:
                losses[v.owner] = losses.get(v.owner, 0) + 1
            destroy_units(ctx, [v], sectio, "Uriel destroys those who do not get away",
                          "HG-10.1-07")
    owner = st.owners.get(sectio)
    if not owner:
        return
    with Step(st, ctx.dice, data, log) as step:
        if step.set(sectio, None, "Uriel (HG-10.1-08)"):
            log.public("uriel-revokes", f"Uriel cleanses {place_name(sectio, data)}: "
                       f"{owner}'s ownership is revoked", "HG-10.1-08", sectio=sectio,
                       player=owner)
        else:
            log.public("ownership-frozen", f"Uriel cleanses {place_name(sectio, data)}, but "
                       f"{freezer_name(data)}: {owner} keeps it this turn", "HG-6.2-01",
                       sectio=sectio, player=owner)


def kill_rolls(ctx: MoveCtx, losses: dict[str, int]) -> None:
    """HG-10.1-09 (A-19): per Triumvirate, in seat order, after Uriel has moved."""
    st, data, log = ctx.st, ctx.data, ctx.log
    for player in st.seats:
        n = losses.get(player, 0)
        if not n:
            continue
        lost = count(n, "Legion")
        hell = [d for d in st.daemons_of(player) if d.where == IN_HELL and not d.incapacitated]
        if not hell:
            log.public("uriel-no-victim", f"{player} lost {lost} to Uriel but has no active "
                       "Daemon in Hell: nothing more happens", "A-19", player=player)
            continue
        lowest = max(hell, key=lambda d: (data.daemons[d.id].rank, d.id))
        name = f"{data.daemons[lowest.id].name} ({player})"
        if n >= 6:
            text = f"{player} lost {lost} to Uriel: {name} is destroyed"
        else:
            face = ctx.dice.roll(f"HG-10.1-09 {player} rolls to save {name} from Uriel", player)
            if face > n:
                log.public("uriel-spares", f"{player} lost {lost} to Uriel and rolls {face}, "
                           f"above {n}: {name} is safe", "HG-10.1-09", player=player, roll=face)
                continue
            text = f"{player} lost {lost} to Uriel and rolls {face}: {name} is destroyed"
        why = spared(st, lowest.id)  # a card keeps it alive
        if why:
            log.public("trinity-saves", f"{text}, but {why}", "HG-6.1.1-01", player=player,
                       daemon=lowest.id)
            continue
        destroy_daemon(st, lowest.id)
        log.public("uriel-kills", text, "HG-10.1-09", player=player, daemon=lowest.id)
