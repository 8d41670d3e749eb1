"""The one source of chance: seeded per game and stage, or scripted.

Every roll is logged with its reason so reports can show every die rolled and a
stored stage can be replayed exactly (DESIGN.md §2). Scripted dice turn a rulebook
example or a bug report into a reproducible scenario: they fail loudly when a roll
is asked for that the script does not have, and `finish()` fails when rolls are left.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass


class DiceError(Exception):
    """A scripted dice run asked for more rolls than scripted, or left some unused."""


@dataclass(frozen=True)
class Roll:
    seq: int
    reason: str
    sides: int
    result: int
    player: str | None = None

    def to_dict(self) -> dict:
        """The fields by name, in their order: `dataclasses.asdict` gives the same dict
        at several times the cost (it copies each value), and a stage stores and shows
        hundreds of rolls (issue 23)."""
        return {"seq": self.seq, "reason": self.reason, "sides": self.sides,
                "result": self.result, "player": self.player}


def stage_seed(game_seed: str, stage: int) -> str:
    """A per-stage seed derived from the game's seed, stored before the stage runs."""
    return hashlib.sha256(f"{game_seed}:{stage}".encode()).hexdigest()[:16]


class Dice:
    """Six-sided dice (and shuffles) for one stage.

    `Dice(seed="abc")` rolls from a PRNG seeded with `seed`;
    `Dice(script=[3, 5, 6])` returns those results in order instead. Shuffles and
    random picks from a list always use the seeded PRNG (seed "0" when scripted), so
    scenarios give their decks explicitly.
    """

    def __init__(self, seed: str | int = "0", script: list[int] | None = None):
        self.seed = str(seed)
        self._rng = random.Random(hashlib.sha256(self.seed.encode()).digest())
        self._script = list(script) if script is not None else None
        self._used = 0
        self.log: list[Roll] = []
        self._watchers: list[Callable[[Roll, bool], None]] = []

    @property
    def scripted(self) -> bool:
        return self._script is not None

    def watch(self, fn: Callable[[Roll, bool], None]) -> Callable[[], None]:
        """Call `fn(roll, picking)` after every die rolled, whoever asks for it, so that
        a game rule counting dice (a run of 1s) sees each one; `picking` is True for the
        dice `pick` rolls to choose among items. Returns the function that stops it."""
        self._watchers.append(fn)
        return lambda: self._watchers.remove(fn)

    def roll(self, reason: str, player: str | None = None, sides: int = 6) -> int:
        return self._roll(reason, player, sides, picking=False)

    def _roll(self, reason: str, player: str | None, sides: int, picking: bool) -> int:
        if self._script is not None:
            if self._used >= len(self._script):
                raise DiceError(
                    f"scripted dice exhausted: roll {self._used + 1} ({reason}) was not scripted"
                )
            result = int(self._script[self._used])
            if not 1 <= result <= sides:
                raise DiceError(f"scripted roll {self._used + 1} ({reason}) is {result}, "
                                f"not 1..{sides}")
        else:
            result = self._rng.randint(1, sides)
        self._used += 1
        self.log.append(Roll(len(self.log) + 1, reason, sides, result, player))
        for fn in list(self._watchers):
            fn(self.log[-1], picking)
        return result

    def shuffle(self, items: list, reason: str) -> list:
        """Return a shuffled copy of `items` (a shuffle is not a die roll: not logged)."""
        out = list(items)
        self._rng.shuffle(out)
        return out

    def pick(self, items: list, reason: str, player: str | None = None):
        """Pick one of `items` with a die when there are at most 6, else with the PRNG.

        Ties "broken by a die" (HG-6.1-03, HG-8.1-01) use this: up to six candidates
        are numbered and rolled for, re-rolling faces that name no candidate.
        """
        items = list(items)
        if not items:
            raise ValueError("pick from an empty list")
        if len(items) == 1:
            return items[0]
        if len(items) <= 6:
            while True:
                face = self._roll(reason, player, 6, picking=True)
                if face <= len(items):
                    return items[face - 1]
        return self._rng.choice(items)

    def finish(self) -> None:
        """Fail when a script was given and not every scripted roll was used."""
        if self._script is not None and self._used < len(self._script):
            left = self._script[self._used:]
            raise DiceError(f"{len(left)} scripted roll(s) left unused: {left}")

    def rolls(self) -> list[dict]:
        return [r.to_dict() for r in self.log]
