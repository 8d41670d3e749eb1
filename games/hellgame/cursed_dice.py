"""Optional rule Cursed Dice (15.3, HG-15.3-01; the variant `cursed_dice`).

"Should any player manage to roll '1' on a die six consecutive times he instantly
collects one Favour. These rolls do not need to take place during the same phase or even
turn, as long as they are made in one row."

How it is kept:

- **On the dice path.** `counting` watches the stage's dice (`pbem.dice.Dice.watch`)
  while `turn.run_phases` runs the phases, so every die rolled in the stage is seen,
  whichever phase, card or ability asked for it: no roll site has to remember the rule.
- **A player's roll** is a die the dice log gives him as its roller (`Roll.player`): the
  dice rolled for his Daemons (Rolls against, duels, recovery, Atonement, Influence …),
  for his Units (combat rolls, the saves of his Units, leaving AnteHell, flight), for his
  Triumvirate (Disfavour Rolls, Soul Rolls, Events that make him roll, setup rolls), and
  his die in a tie-break between players. Not his: dice rolled for no one (Uriel,
  Lilith, rampaging Hellhounds and the Freebooters, the order of combats), dice rolled
  for another player, and the dice `Dice.pick` rolls to draw something at random or to
  choose among tied candidates (one die numbers the candidates: nobody's own roll).
  A re-rolled die is two rolls: the first and the re-roll both count.
- **In a row** is per player: the rolls of others in between do not break his run; his
  own roll of anything but 1 does. The run is kept in the state
  (`Player.ones_in_a_row`), so it carries over phases, stages and turns.
- **Instantly**: the sixth 1 gives the Favour at once (event `cursed-dice`), before the
  roll's own outcome is reported, and no Disfavour Roll is asked (that is only for a
  Daemon on Earth, HG-14.1-02). The run then starts again from nothing: twelve 1s in a
  row are two Favours.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from pbem.dice import Roll

from .log import Log
from .state import HellState

VARIANT = "cursed_dice"
RULE = "HG-15.3-01"
RUN = 6  # consecutive 1s that earn the Favour


@contextmanager
def counting(st: HellState, dice, log: Log) -> Iterator[None]:
    """While the block runs, count each player's 1s in a row (only with the variant)."""
    if not st.variants.get(VARIANT):
        yield
        return
    stop = dice.watch(lambda roll, picking: counted(st, log, roll, picking))
    try:
        yield
    finally:
        stop()


def counted(st: HellState, log: Log, roll: Roll, picking: bool = False) -> None:
    """One die seen: extend or end its roller's run of 1s; the sixth earns the Favour."""
    if picking or roll.sides != 6 or roll.player not in st.players:
        return
    p = st.players[roll.player]
    if roll.result != 1:
        p.ones_in_a_row = 0
        return
    p.ones_in_a_row += 1
    if p.ones_in_a_row < RUN:
        return
    p.ones_in_a_row = 0
    p.favours += 1
    log.public("cursed-dice", f"Cursed Dice: {p.name} has rolled a 1 six times in a row "
               "and instantly collects 1 Favour.", RULE, player=p.name, reason=roll.reason)
