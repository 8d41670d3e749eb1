"""The re-roll hook of the Action Phase's rolls: a failed die may be re-rolled by Caim's
ability ("Each turn, may re-roll one die rolled by her Triumvirate", ability.caim, by a
standing order, IP-33; orders/abilities.py) or by the re-roll Arcana, Try Again and
Re-roll (reroll_cards.py, the REROLL WITH standing order):

    CAIM REROLLS FIRST FAILED ATONEMENT, ANTEHELL

Only the code that rolls a die knows when it has failed, so each roll site that has
the hook calls `dice` with its faces and which of them failed; `dice` fires the hook
point "roll-failed", and its registrants re-roll: Caim first (free, once a turn:
action/abilities.py), then the cards while the roll still fails. The new face stands,
better or worse. Sites with the hook:

- ATONEMENT (simple.run_atone): the result is Incapacitation or nothing; the lowest die
  kept is re-rolled. A re-roll of a "nothing" may end in Incapacitation.
- EVIL DEEDS (simple.run_evil): the first die that earns no Favour.
- ANTEHELL (march.py, HG-9.5.2-01): a 6, the Units lost in AnteHell.

- INFLUENCE (diplomacy._roll): the die that fails against Hearts.
- FLIGHT (flight.flee_stack, HG-9.5.1-05/07): a fleeing stack's Compass dice when none
  of them takes it away alive (each fails, or leads into Uriel's place); Caim re-rolls
  the first. Flight happens in the Action Phase (the context is an ActionCtx), in the
  Combat Phase (combat/rounds.py `FleeCtx`, with `fight`) and in the Random Moves Phase
  (random_moves/common.py `MoveCtx`): Caim's ability works in all three ("each turn"),
  the cards only where their texts allow (reroll_cards.py).
- COMBAT SAVES (combat/saves.py `save_one`, the context the Fight): a failed save, before
  the Re-roll card's own hook point (combat-save-failed); issue 22.
- ATTACKS (combat/fight.py `attack`, the Fight): the dice of one Unit's combat roll that
  miss; Caim re-rolls the first. No card plays on these two here (reroll_cards.py).
"""

from __future__ import annotations

from collections.abc import Callable

from .. import hooks
from .context import ActionCtx

ATONEMENT, EVIL_DEEDS, ANTEHELL = "atonement", "evil deeds", "antehell"
FLIGHT = "flight"


def dice(actx: ActionCtx, player: str, kind: str, faces: list[int],
         failed: Callable[[list[int]], list[int]], what: Callable[[list[int], int], str]
         ) -> list[int]:
    """The faces of a roll of `kind` by `player` after the re-rolls it gets: `failed(faces)`
    lists the failed dice (first the one Caim would re-roll), `what(faces, i)` names die
    `i` for the report. Caim first (IP-33), then the re-roll cards (reroll_cards.py)."""
    faces = list(faces)
    if not failed(faces):
        return faces
    hooks.fire("roll-failed", actx, player, kind, faces, failed, what)
    return faces
