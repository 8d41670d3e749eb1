"""A Lords of Hell turn as stages (LH-III.0-01; digest §4.4, "minimum faithful"):

    turn N transfer             the draw phase ran when the stage opened; trades, forced
                                trades, rituals started, Earth trips
    turn N combat round K       K = 1..4: trades, intentions, the fight on standing
                                orders, capture, combat transfers, SP, rituals
    turn N gathering            soul gathering ran when the stage opened; trades,
                                objections, votes; then the next turn's draw phase

Each stage has its own orders, deadline and reports (the framework's stages). What
needs nobody's decision runs inside the stage before or after it: a combat round in
which no player has an army is resolved at once, and the combat phase ends at once when
every army chose "no move" with no unfinished ritual (LH-III.3-03).
"""

from __future__ import annotations

from pbem.engine import OrderSheet, Resolution
from pbem.eventlog import Log
from pbem.grammar import clause
from pbem.kit import stages

from . import breaches, combat, draw, gathering, holdings, trading, transfer, victory
from .datamodel import LohData
from .orders import standing
from .state import LohState


def stage_name(st: LohState) -> str:
    if st.phase == "over":
        return f"turn {st.turn} end"
    if st.phase == "combat":
        return f"turn {st.turn} combat round {st.round}"
    return f"turn {st.turn} {st.phase}"


def resolve(state: LohState, sheets: dict[str, OrderSheet | None], dice, data: LohData,
            ) -> Resolution:
    st = LohState.from_dict(state.to_dict(), copy=False)  # a copy: resolving is pure
    log = stages.watched_log(holdings.KINDS, lambda: holdings.values(st))  # gains, losses
    log.phase = st.phase
    standing.keep(st, sheets)
    standing.announce_carried(st, sheets, log)
    trading.apply(st, sheets, data, dice, log)  # every stage is a trading window
    if st.phase == "transfer":
        transfer.resolve(st, sheets, data, dice, log)
        _start_combat(st, data, dice, log)
    elif st.phase == "combat":
        going = combat.run_round(st, sheets, data, dice, log)
        _next_round(st, going, data, dice, log)
    elif st.phase == "gathering":
        if gathering.resolve(st, sheets, data, dice, log):
            log.phase = "end"
            victory.score(st, data, log)
            st.phase = "over"
            # the result is set inside the framework's sentences ("The game is over:
            # ... VP."): no full stop of its own
            return stages.resolution(st, log, stage_name(st), finished=True,
                                     result=clause(victory.result_text(st, data)))
        _next_turn(st, data, dice, log)
    return stages.resolution(st, log, stage_name(st))


def _start_combat(st: LohState, data: LohData, dice, log: Log) -> None:
    log.phase = "combat"
    trading.new_phase(st)
    combat.start_phase(st, data, dice, log)
    st.phase, st.round = "combat", 1
    _skip_quiet_rounds(st, data, dice, log)


def _more_rounds(st: LohState, going: bool, data: LohData) -> bool:
    """Another combat round: the phase goes on, up to 4 rounds (LH-III.3-02, the data's
    `max_combat_rounds`)."""
    return going and st.round < data.tables["max_combat_rounds"]


def _next_round(st: LohState, going: bool, data: LohData, dice, log: Log) -> None:
    if _more_rounds(st, going, data):
        st.round += 1
        _skip_quiet_rounds(st, data, dice, log)
    else:
        _start_gathering(st, data, dice, log)


def _skip_quiet_rounds(st: LohState, data: LohData, dice, log: Log) -> None:
    """A combat round in which nobody has a decision to take is resolved at once."""
    while st.phase == "combat" and not combat.has_decisions(st, data):
        going = combat.run_round(st, {p: None for p in st.seats}, data, dice, log)
        if _more_rounds(st, going, data):
            st.round += 1
        else:
            _start_gathering(st, data, dice, log)


def _start_gathering(st: LohState, data: LohData, dice, log: Log) -> None:
    breaches.after_combat(st, data, log)  # ATTACK promises not kept (LH-II.3.1-04)
    log.phase = "gathering"
    combat.end_phase(st, data, dice, log)
    st.phase, st.round = "gathering", 0
    trading.new_phase(st)
    gathering.start(st, data, dice, log)


def _next_turn(st: LohState, data: LohData, dice, log: Log) -> None:
    st.turn += 1
    log.phase = "draw"
    st.phase = "transfer"
    draw.run(st, data, dice, log)
