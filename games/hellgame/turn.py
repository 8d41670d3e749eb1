"""One HellGame stage as a pipeline of phases (HG-5.2-01).

Stage 0 is the pre-game setup (5.1 steps 5 and 8 need the players' choices); every
later stage is one full game turn: Hell → Soul → Summoning → Action → Random Moves →
Combat → Petitions → End. Each phase is a function `run(st, sheets, dice, data, log)`
that mutates the state; phases later issues implement are named in the report as
not yet implemented (never skipped silently).
"""

from __future__ import annotations

from pbem.engine import OrderSheet, Resolution
from pbem.grammar import clause
from pbem.kit import stages
from pbem.kit.stages import Phase

from . import (
    action,
    combat,
    cursed_dice,
    end_phase,
    hell_phase,
    holdings,
    petitions,
    random_moves,
    setup,
    soul,
    standing,
    summoning,
)
from .data import HellData
from .favours import release_under
from .log import Log
from .state import HellState

#: The turn's phases in their fixed order (HG-5.2-01).
PHASES = {
    "hell": hell_phase.run,
    "soul": soul.run,
    "summoning": summoning.run,
    "action": action.run,
    "random moves": random_moves.run,
    "combat": combat.run,
    "petitions": petitions.run,
    "end": end_phase.run,
}


#: Stage 0's one phase, then a turn's, for pbem.kit.stages.run_phases.
_ALL = [Phase("setup", setup.run)] + [Phase(name, fn) for name, fn in PHASES.items()]


def run_phases(st: HellState, sheets, dice, data: HellData, names: list[str], log: Log) -> None:
    """Run the named phases in rule order (scenarios use this to test one phase); after
    each, cards under Incapacitated Daemons are released, and a winner ends the turn.
    With the variant Cursed Dice every die rolled meanwhile is counted (HG-15.3-01)."""
    with cursed_dice.counting(st, dice, log):
        stages.run_phases(_ALL, names, st, sheets, dice, data, log,
                          after=release_cards_under_incapacitated, stop=lambda s: s.winner)


def release_cards_under_incapacitated(st: HellState, data: HellData, log: Log) -> None:
    """A card kept under a Daemon (Foci, The Sword of the Guardian, Salome's Oil) lasts
    until the Daemon is Incapacitated: after each phase, whatever Incapacitated it, the
    card goes to the bottom of the Arcana deck (HG-3.3-02). Its +1 never counts while
    the Daemon is Incapacitated (favours.attribute), so the moment within the phase does
    not matter."""
    for d in sorted(st.daemons.values(), key=lambda d: d.id):
        if d.incapacitated and d.under:
            card = release_under(st, d.id)
            log.public("under-released", f"{data.arcana[card].name} under "
                       f"{data.daemons[d.id].name} ({d.owner}) ends: the Daemon is "
                       "Incapacitated.", "HG-9.8-01", daemon=d.id, card=card)


def resolve(state: dict, sheets: dict[str, OrderSheet | None], dice, data: HellData) -> Resolution:
    st = HellState.from_dict(state)
    log = stages.watched_log(holdings.KINDS, lambda: holdings.values(st))  # gains, losses
    if st.turn == 0:
        run_phases(st, sheets, dice, data, ["setup"], log)
        st.turn = 1
        return stages.resolution(st.to_dict(), log, "turn 1")
    # a player who sent no sheet plays on his standing orders; a sheet sent replaces them
    played = standing.fill_missing(st, data, sheets, log)
    standing.remember(st, sheets)
    run_phases(st, played, dice, data, list(PHASES), log)
    if st.winner:
        # the result is set inside the framework's sentences: no full stop of its own
        return stages.resolution(st.to_dict(), log, f"game over after turn {st.turn}",
                                 finished=True, result=clause(st.winner["text"]))
    st.turn += 1
    return stages.resolution(st.to_dict(), log, f"turn {st.turn}")
