"""Sectio changing owner during play: the one way `st.owners` changes once a game runs.

- `set_owner(st, dice, data, log, sectio, player, why)`: one Sectio changes owner.
- `Step(st, dice, data, log)`: several change in one step of a rule (a swap such as
  Landswap or a trade, Betrayal, a Phenomenon striking an area), as a context manager.

Either way the change is made by `HellState.set_owner` (Control Box marker and Sectio
card together, HG-2.4.2-01; refused, returning False, where The Boss Is Touchy freezes
ownership, HG-6.2-01), and the hook "sectio-owner-changed" (hooks.py) fires once for each
change made, in the order made, as soon as the step is complete. So a step's own log line
("Lucifer revokes ...") is written inside the step and comes before what the hooks do,
and a swap is never seen half made (neither side has lost anything). This is how the
§15.2 rescue (all_lost.py, HG-15.2-01) follows every loss of a last Sectio "at once".

Not through here, because no rule runs while a position is being made: the deal of the
starting Sectio at setup (setup.py, HG-5.1-11) and states built from a scenario's or a
test's `given` (scenario.py). tests/hellgame/test_ownership_guard.py fails on any other
write of `st.owners` or call of `HellState.set_owner` in the game.
"""

from __future__ import annotations

from . import hooks
from .log import Log
from .state import HellState

OWNER_CHANGED = "sectio-owner-changed"


class Step:
    """Changes of owner made in one step of a rule; the hooks fire when the step ends
    (not if it ends with an exception)."""

    def __init__(self, st: HellState, dice, data, log: Log):
        self.st, self.dice, self.data, self.log = st, dice, data, log
        self.made: list[tuple[str, str | None, str | None, str]] = []

    def set(self, sectio: str, player: str | None, why: str) -> bool:
        """Give `sectio` to `player` (None: back to the Ruler of Hell). False, and no
        change, if The Boss Is Touchy freezes it; giving it to its owner is no change."""
        before = self.st.owners.get(sectio)
        if not self.st.set_owner(sectio, player):
            return False
        if before != player:
            self.made.append((sectio, before, player, why))
        return True

    def __enter__(self) -> Step:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is not None:
            return
        for sectio, old, new, why in self.made:
            hooks.fire(OWNER_CHANGED, self.st, self.dice, self.data, self.log, sectio, old,
                       new, why)


def set_owner(st: HellState, dice, data, log: Log, sectio: str, player: str | None,
              why: str) -> bool:
    """One Sectio changes owner, and the hooks fire at once (see `Step.set`)."""
    with Step(st, dice, data, log) as step:
        return step.set(sectio, player, why)
