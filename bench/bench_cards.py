"""Long random self-play over the Arcana (issue 8): how often each of the 109 cards is
played when the players hold the cards not played yet and try to play them
(tests/hellgame/selfplay_cards.py), with the self-play invariants checked after every
turn.

Not a test. Run:

    python bench/bench_cards.py [GAMES] [TURNS]      (default 24 games of 16 turns)

Prints the count of plays per card, the cards never played, and the time taken.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "hellgame"))

from selfplay_cards import DATA, play_games  # noqa: E402
from test_selfplay import check_invariants  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    turns = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    start = time.perf_counter()
    played = play_games(range(games), turns, check_invariants)
    took = time.perf_counter() - start
    for cid in sorted(DATA.arcana, key=lambda c: DATA.arcana[c].name.lower()):
        print(f"{played.get(cid, 0):5}  {DATA.arcana[cid].name}")
    never = sorted(DATA.arcana[c].name for c in DATA.arcana if c not in played)
    print(f"\n{len(played)} of {len(DATA.arcana)} cards played, {sum(played.values())} plays, "
          f"in {games} games of up to {turns} turns, {took:.1f} s")
    print("never played: " + (", ".join(never) or "none"))


if __name__ == "__main__":
    main()
