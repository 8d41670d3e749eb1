"""Lords of Hell's demo (`pbem demo --game lords-of-hell`): the sheets are files in this
package, named `<stage name, dashed>.<player>.txt`; a player with no file for a stage
sends nothing (his defaults apply). Played until an Overlord is found.
"""

from __future__ import annotations

from importlib.resources import files

from pbem.engine import Demo

MAX_STAGES = 40  # a turn has 3 to 6 stages; the demo ends well before


def orders(game, stage: dict, player: str) -> str | None:
    """The sheet shipped for this stage and player, or None."""
    path = files(__package__) / f"{'-'.join(stage['name'].split())}.{player}.txt"
    return path.read_text(encoding="utf-8") if path.is_file() else None


DEMO = Demo(summary="Lords of Hell, played until an Overlord is found", stages=MAX_STAGES,
            orders=orders, rank=1)
