"""The Hell Phase (chapter 6): Event and Phenomena, then the Arcana draw (6.3).

The first turn has no Hell Phase (HG-5.2-02). What the cards do before the Arcana draw
is registered on the hook point "hell-phase" (hooks.py), in this order: getting rid of
Prove to Me... (playright_lasting.py); the three Hell cards, their Event and Phenomenon
and the effects (events.py: HG-6.0-01, 6.1-*, 6.2-*); then Inquisition (Permanent
Earth), which chooses and Incapacitates a Daemon on Earth "in every Hell Phase" (in the
phase it arrives in, its own effect has already done so: hellcards/income.py). All of
it comes before the Arcana draw (an Incapacitated Daemon draws none, HG-6.3-01).
"""

from __future__ import annotations

from . import hooks
from .cards import gain_arcana
from .data import HellData
from .favours import disfavour_roll
from .log import Log, count
from .state import HellState


def run(st: HellState, sheets, dice, data: HellData, log: Log) -> None:
    if st.turn <= 1:
        log.public("no-hell-phase", "The first turn of the game has no Hell Phase.",
                   "HG-5.2-02")
        return
    hooks.fire("hell-phase", st, sheets, dice, data, log)
    draw_arcana(st, sheets, dice, data, log)


def draw_arcana(st: HellState, sheets, dice, data: HellData, log: Log) -> None:
    """Each player, in seats order, draws one card per non-Incapacitated Daemon
    (HG-6.3-01). With Disfavours each card needs its own Disfavour Roll, and a failed
    roll loses that card: it is simply not drawn (HG-6.3-02, HG-14.1-03). The cards
    drawn are one gain, so the hand limit is applied once, after seeing them all
    (HG-6.3-03)."""
    for name in st.seats:
        due = len(st.active_daemons(name))
        if due == 0:
            log.public("arcana-none-due", f"{name} has no active Daemon and draws no Arcana.",
                       "HG-6.3-01", player=name)
            continue
        got = sum(1 for i in range(1, due + 1)
                  if disfavour_roll(st, name, dice,
                                    f"HG-6.3-02 Disfavour Roll for Arcana card {i} of {due}"))
        if got < due:
            those = "that Arcana card" if due - got == 1 else "those Arcana cards"
            log.public("arcana-lost", f"{name} fails {due - got} of "
                       f"{count(due, 'Disfavour Roll')} and loses {those}.", "HG-6.3-02",
                       player=name, lost=due - got)
        gain_arcana(st, name, got, dice, data, log, (sheets or {}).get(name),
                    "Hell Phase draw", rule="HG-6.3-01")
