"""An impossible or illegal Action never aborts the phase (issue 4): random sheets of
Daemon lines, seeded dice, many turns — the phase always ends, every Daemon that was
active acts exactly once, nothing goes negative, and the state still round-trips."""

import random

import pytest

from pbem.dice import Dice
from pbem_games.hellgame import GAME, action
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet
from pbem_games.hellgame.state import HellState

DATA = load_data()
PLAYERS = ["anna", "boris", "chiara", "dmitri"]


def _lines(rng: random.Random, st: HellState, player: str) -> list[str]:
    mine = [DATA.daemons[d].name for d in st.players[player].daemons if d in st.daemons]
    anyone = [DATA.daemons[d].name for d in st.daemons]
    sectio = [DATA.sectio[s].name for s in sorted(DATA.sectio)]
    others = [p for p in st.seats if p != player]
    hand = [DATA.arcana[c].name for c in st.players[player].hand] or ["Fly"]
    actions = [
        "PASS", "PASS 2", f"PASS BEHIND {rng.choice(anyone)}", "PASS FOR GOOD",
        f"PASS WITH {rng.choice(hand)}", "WALK THE EARTH", "LEAVE THE EARTH", "ATONE",
        "EVIL DEEDS", "MARCH",
        f"MARCH 1 LEGION {rng.choice(sectio)} > {rng.choice(sectio)}",
        f"INFLUENCE LEGION AT {rng.choice(sectio)} DEFECT TO ME BRIBE 1",
        "CONSPIRE ANY", f"CAST {rng.choice(hand)} ON {rng.choice(anyone)}",
        f"SUPPORT {rng.choice(anyone)} Love for Lilith", "ABILITY",
    ]
    conds = ["", f" IF {rng.choice(anyone)} HAS NOT ACTED", " IF SOULS >= 3",
             f" IF ENEMY LEGIONS AT {rng.choice(sectio)} > 0",
             f" IF {rng.choice(anyone)} IS ON EARTH"]
    out = [f"{rng.choice(mine)}: {rng.choice(actions)}{rng.choice(conds)}"
           for _ in range(rng.randint(0, 8)) if mine]
    out += rng.sample([f"GRANT PASSAGE TO {rng.choice(others)}", "FLEE ANYWHERE",
                       "FLEE ANYWHERE IF OUTNUMBERED", "COUNTER ANY TARGETING MINE WITH "
                       "It Did Not Work", "FLIGHT PREFER ANTEHELL"], rng.randint(0, 3))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_random_action_phases_never_abort(seed):
    rng = random.Random(seed)
    state, _, _ = GAME.new_game(PLAYERS, {}, Dice(f"fuzz-{seed}"))
    state = GAME.resolve(state, {p: None for p in PLAYERS}, Dice(f"fuzz-{seed}-0")).state
    st = HellState.from_dict(state)
    for turn in range(4):
        st.players[PLAYERS[turn % 4]].souls += 10  # something to pay with
        sheets = {p: check_sheet(st, DATA, p, "\n".join(_lines(rng, st, p)))
                  for p in PLAYERS}
        active = {d for d, x in st.daemons.items() if not x.incapacitated}
        log = Log()
        queue = action.run(st, sheets, Dice(f"fuzz-{seed}-{turn}"), DATA, log)
        # every Daemon active at the start took its one Action (HG-9.0-01), unless a
        # spell Incapacitated it before it came up (HG-9.0-02)
        assert queue.waiting == []
        for d in active:
            assert d in queue.taken or st.daemons[d].incapacitated, d
        assert all(p.souls >= 0 and p.favours >= 0 and p.disfavours >= 0
                   for p in st.players.values())
        d = st.to_dict()
        assert HellState.from_dict(d).to_dict() == d
