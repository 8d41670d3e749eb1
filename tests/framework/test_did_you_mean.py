"""The "did you mean" of a line no keyword starts (pbem.lines.unknown_order): its score
skips difflib's full ratio when difflib's cheap upper bound is already under the 0.6
cutoff (issue 23: a turn re-checks every stored sheet, typos included). The hint must
be the one the full ratio of every keyword gives."""

from __future__ import annotations

import difflib
import random

import pytest

from pbem import lines
from pbem.engine import get_game

get_game("hellgame")  # registers its order types
from pbem_games.hellgame.orders import ORDER_TYPES  # noqa: E402

KEYWORDS = sorted(ORDER_TYPES)


def _typos(n: int) -> list[str]:
    """Keywords with letters swapped, dropped, doubled or replaced, and some words that
    are no keyword at all (seeded: the same list every run)."""
    rng = random.Random(23)
    out = ["SMITE boris", "ATONE NOW PLEASE", "LEGOINS 2 AT SUGAR HILL", "BYU ARCANA 2",
           "X", "COMBAT", "PETITIONS FOR", "GRANT", "REROL WITH Ahriman"]
    for _ in range(n):
        word = list(rng.choice(KEYWORDS))
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(word))
            how = rng.randrange(4)
            if how == 0 and at + 1 < len(word):
                word[at], word[at + 1] = word[at + 1], word[at]
            elif how == 1 and len(word) > 1:
                del word[at]
            elif how == 2:
                word.insert(at, word[at])
            else:
                word[at] = rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ ")
        out.append("".join(word) + rng.choice(["", " 2", " ON boris", " IN Sugar Hill"]))
    return out


TYPOS = _typos(300)


def _full_ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b).ratio()


def test_the_score_is_difflibs_wherever_it_can_reach_the_cutoff():
    """Every typo against every keyword: at or over 0.6 the same score as difflib's
    ratio; under it, a score under 0.6 too (0, when the bounds say so)."""
    compared = reached = 0
    for line in TYPOS:
        words = line.upper().split(" ", 3)
        for key in KEYWORDS:
            a = " ".join(words[:len(key.split(" "))])
            full, quick = _full_ratio(a, key), lines._ratio(a, key)
            compared += 1
            if full >= 0.6:
                reached += 1
                assert quick == full, (a, key)
            else:
                assert quick < 0.6, (a, key)
    assert compared == len(TYPOS) * len(KEYWORDS)
    assert reached > 300  # the typos do reach the cutoff, hundreds of times


@pytest.mark.parametrize("line", TYPOS[:60])
def test_the_hint_is_the_one_the_full_ratio_gives(line):
    types = ORDER_TYPES
    got = lines.unknown_order(1, line, line, types, KEYWORDS).hint
    words = line.upper().split(" ", 3)
    best = max(((_full_ratio(" ".join(words[:len(k.split(" "))]), k), k) for k in KEYWORDS),
               key=lambda x: (x[0], -len(x[1])))
    want = (f"did you mean {best[1]}? e.g. {types[best[1]].example}" if best[0] >= 0.6
            else "orders for this stage: " + ", ".join(KEYWORDS))
    assert got == want
