"""Random Lords of Hell games (issue 9): how long a stage takes, how many stages and
turns a game lasts, and that the invariants hold (tests/lords_of_hell/loh_selfplay.py).

Not a test. Run:

    python bench/bench_loh.py [GAMES] [STAGES]        (default 400 games of up to 80 stages)
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "lords_of_hell"))

from loh_selfplay import check_invariants, play  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    stages = int(sys.argv[2]) if len(sys.argv) > 2 else 80
    turns: Counter = Counter()
    used: Counter = Counter()
    overlords = 0
    start = time.perf_counter()
    for seed in range(games):
        st, u = play(seed, stages, check_invariants)
        turns[st["turn"]] += 1
        used.update(u)
        overlords += bool(st["overlord"])
    took = time.perf_counter() - start
    tracemalloc.start()  # memory apart: tracing slows the games down tenfold
    for seed in range(min(games, 10)):
        play(seed, stages, check_invariants)
    peak = tracemalloc.get_traced_memory()[1]
    print(f"{games} games in {took:.1f} s ({took / games * 1000:.0f} ms a game), "
          f"peak traced memory over a game {peak / 1e6:.1f} MB")
    print(f"{overlords} found an Overlord; game length in turns: "
          + ", ".join(f"{t}: {n}" for t, n in sorted(turns.items())))
    print("orders executed: " + ", ".join(f"{k} {n}" for k, n in sorted(used.items())))


if __name__ == "__main__":
    main()
