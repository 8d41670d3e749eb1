"""Properties over many seeded games and sheets: the parser never crashes, components
are conserved, the same inputs give the same bytes (STYLE.md: property tests)."""

import json
import random

import pytest

from pbem.dice import Dice
from pbem.engine import STATUSES
from pbem_games.hellgame import GAME
from pbem_games.hellgame.orders import ORDER_TYPES

PLAYERS = ["anna", "boris", "chiara", "dmitri"]
WORDS = ["1", "0", "-3", "99999999999999", "ALL", "NONE", "IF", "GIVES", "SOULS", "SECTIO",
         "ARCANA", "MAX", "KEEP", "UNTIL", "WITH", "AT", "the", "sugar", "Baal", "anna",
         "zzz", "ANTEHELL", "Recruit Lieutenant", "Belladonna", ",", "é∂ƒ", "—", "“x”",
         "\t", "#", "'", "SUGAR HILL", "thie", "Falsifiers 2"]


def _turn_state(seed: str) -> dict:
    state, _, _ = GAME.new_game(PLAYERS, {}, Dice(seed))
    return GAME.resolve(state, {p: None for p in PLAYERS}, Dice(seed + "-0")).state


def _random_sheet(rng: random.Random) -> str:
    keys = sorted(ORDER_TYPES)
    lines = []
    for _ in range(rng.randint(0, 12)):
        head = rng.choice(keys + ["FOO", "", "buy", "give"])
        tail = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 6)))
        lines.append(f"{head} {tail}")
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(5))
def test_parser_never_raises_and_every_line_gets_a_status(seed):
    rng = random.Random(seed)
    state = _turn_state(f"fuzz-{seed}")
    setup, _, _ = GAME.new_game(PLAYERS, {}, Dice(f"fuzz-setup-{seed}"))
    for _ in range(100):
        for st in (state, setup):
            sheet = GAME.check_orders(st, rng.choice(PLAYERS), _random_sheet(rng))
            for line in sheet.lines:
                assert line.status in STATUSES
                if not line.ok:
                    assert line.message, line


def _counts(state: dict) -> dict:
    units = state["units"]
    return {
        "arcana": len(state["arcana_deck"]) + sum(len(p["hand"]) for p in
                                                  state["players"].values())
        + len(state.get("afflictions", {}))  # persistent Play Right Away cards in play
        + len(state.get("macinas", {})),  # Macinas on the table (16.4)
        "daemons": len(state["daemon_deck"]) + len(state["daemons"]),
        "lieutenants": sum(len(b) for b in state["lieutenant_boxes"])
        + len(state["lieutenant_return"]) + sum(u["kind"] == "lieutenant" for u in units),
        "hellhounds": len(state["hellhound_box"]) + sum(u["kind"] == "hellhound" for u in units),
        "hell_cards": len(state["hell_deck"]) + sum(1 for c in state["permanent"].values() if c),
    }


SHEET = """BUY ARCANA 2
LEGIONS 2
TAME
RECRUIT
GIVE {other} 1 SOULS
"""


@pytest.mark.parametrize("seed", ["c1", "c2", "c3"])
def test_cards_and_components_are_conserved_over_turns(seed):
    state, _, _ = GAME.new_game(PLAYERS, {}, Dice(seed))
    expected = {"arcana": 109, "daemons": 21, "lieutenants": 12, "hellhounds": 12,
                "hell_cards": 45}
    assert _counts(state) == expected
    for stage in range(6):
        sheets = {p: GAME.check_orders(state, p, SHEET.format(other=PLAYERS[i - 1]))
                  for i, p in enumerate(PLAYERS)}
        res = GAME.resolve(state, sheets, Dice(f"{seed}-{stage}"))
        state = res.state
        assert _counts(state) == expected, stage
        # 5, or 6 with Asmodeus (her ability)
        assert all(len(p["hand"]) <= 6 for p in state["players"].values())
        assert all(p["souls"] >= 0 for p in state["players"].values())
        if res.finished:
            break


def test_same_inputs_same_state_and_events():
    def play():
        state, _, _ = GAME.new_game(PLAYERS, {}, Dice("same"))
        out = []
        for stage in range(3):
            sheets = {p: GAME.check_orders(state, p, "LEGIONS 1\nBUY ARCANA 1")
                      for p in PLAYERS}
            res = GAME.resolve(state, sheets, Dice(f"same-{stage}"))
            state = res.state
            out.append(json.dumps([res.state, [e.to_dict() for e in res.events]],
                                  sort_keys=True))
        return out

    assert play() == play()
