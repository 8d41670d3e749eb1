"""Running one HellGame phase in a test (imported by the phase tests)."""

from __future__ import annotations


def run_phase(phase, st, data, orders=None, script=()):
    """Run one phase's `run` on `st` with checked sheets and scripted dice; the sheets
    must be clean and every scripted die used. Returns the Log."""
    from pbem.dice import Dice
    from pbem_games.hellgame.log import Log
    from pbem_games.hellgame.orders import check_sheet

    sheets = {p: None for p in st.seats}
    for player, text in (orders or {}).items():
        sheets[player] = check_sheet(st, data, player, text)
        assert not sheets[player].problems, [p.message for p in sheets[player].problems]
    log, dice = Log(), Dice(script=list(script))
    phase(st, sheets, dice, data, log)
    dice.finish()
    return log
