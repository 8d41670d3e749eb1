"""Caim's re-roll: "Each turn, may re-roll one die rolled by her Triumvirate"
(ability.caim), used by a standing order (IP-33; orders/abilities.py):

    CAIM REROLLS FIRST FAILED ATONEMENT, ANTEHELL

Only the code that rolls a die knows when it has failed, so each roll site that has
the hook calls `offer` with the failed die; `offer` re-rolls it when Caim is in play,
not Incapacitated (HG-3.3-04), her player rolled the die, her player's order lists this
kind of roll and she has not re-rolled a die this turn. The new face stands, better or
worse. Sites with the hook:

- ATONEMENT (simple.run_atone): the result is Incapacitation or nothing; the lowest die
  kept is re-rolled. A re-roll of a "nothing" may end in Incapacitation.
- EVIL DEEDS (simple.run_evil): the first die that earns no Favour.
- ANTEHELL (march.py, HG-9.5.2-01): a 6, the Units lost in AnteHell.

- INFLUENCE (diplomacy._roll): the die that fails against Hearts.

Flight dice have no hook yet: the order refuses them, saying so.

The same sites offer the re-roll Arcana, Try Again and Re-roll (reroll_cards.py, the
REROLL WITH standing order): a site calls `dice` with its faces and which of them
failed; Caim re-rolls first (free), then the cards while the roll still fails.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import effects
from ..orders.keywords import ANY, CAIM_REROLLS
from . import reroll_cards
from .abilities import CAIM, used_this_turn, working
from .context import ActionCtx

ATONEMENT, EVIL_DEEDS, ANTEHELL = "atonement", "evil deeds", "antehell"


@effects.ability(CAIM)
def offer(actx: ActionCtx, player: str, kind: str, die: int, what: str) -> int | None:
    """Caim re-rolls `die`, a failed die `player` rolled in a roll of `kind`: the new face,
    or None when she does not. `what` names the die for the report ("the 2 of Baal's
    Atonement")."""
    caim = working(actx.st, actx.data, CAIM)
    if caim is None or caim.owner != player or used_this_turn(actx.log, CAIM):
        return None
    orders = actx.orders(player, CAIM_REROLLS)
    if not orders or not ({kind, ANY} & set(orders[0]["kinds"])):
        return None
    new = actx.dice.roll(f"Caim's re-roll of {what}", player)
    actx.log.public("ability-reroll", f"Caim ({player}) re-rolls {what}: {new}", "IP-33",
                    player=player, roll=kind, old=die, new=new, ability=CAIM)
    return new


def dice(actx: ActionCtx, player: str, kind: str, faces: list[int],
         failed: Callable[[list[int]], list[int]], what: Callable[[list[int], int], str]
         ) -> list[int]:
    """The faces of a roll of `kind` by `player` after the re-rolls it gets: `failed(faces)`
    lists the failed dice (first the one Caim would re-roll), `what(faces, i)` names die
    `i` for the report. Caim first (IP-33), then the re-roll cards (reroll_cards.py)."""
    faces = list(faces)
    bad = failed(faces)
    if not bad:
        return faces
    new = offer(actx, player, kind, faces[bad[0]], what(faces, bad[0]))
    if new is not None:
        faces[bad[0]] = new
    return reroll_cards.offer(actx, player, kind, faces, failed, what)
