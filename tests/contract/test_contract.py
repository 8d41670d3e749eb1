"""Issue 21: the contract suite, run over every installed game (pbem.engine.game_ids()).

Only the Game protocol is used; the checks are in contracts.py, and test_converse.py
shows each of them failing on a game that breaks it."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from pbem.engine import game_ids, get_game

from . import contracts as c
from .toy import GAME as TOY

#: every installed game, and the toy (registered for these tests only: conftest.py)
GAMES = [*game_ids(), TOY.id]
STAGES = 5
MODES = ("none", "form", "played", "mixed")


def sizes(game) -> list[int]:
    return sorted({game.min_players, game.max_players})


@cache
def plays(game_id: str, mode: str):
    """Seeded games of the smallest and largest size, checked deterministic (contract 1)."""
    game = get_game(game_id)
    return [c.check_deterministic(game, c.players_for(n), f"contract-{n}", STAGES, mode)
            for n in sizes(game)]


def test_games_are_installed():
    assert {"hellgame", "lords-of-hell"} <= set(GAMES)
    assert TOY.id in game_ids() and TOY.id in GAMES  # conftest.py registered it


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game_id", GAMES)
def test_determinism_and_replay(game_id, mode):
    for p in plays(game_id, mode):
        assert p.steps, f"{game_id}: no stage was played"


@pytest.mark.parametrize("game_id", GAMES)
def test_fuzzed_sheets_never_raise(game_id):
    game = get_game(game_id)
    vocabulary = [h.example for g in GAMES if hasattr(get_game(g), "order_help")
                  for h in get_game(g).order_help()]
    rng = random.Random(f"fuzz-{game_id}")
    for p in plays(game_id, "mixed") + plays(game_id, "played"):
        for state in c.states_of(p):
            forms = [game.order_form(state, q) for q in p.players]
            lines = vocabulary + [x.lstrip("#") for f in forms for x in f.splitlines()]
            for player in p.players:
                for _ in range(3):
                    c.check_never_raises(game, state, player,
                                         "\n".join(c.fuzz_lines(rng, lines, p.players)))
            c.check_never_raises(game, state, p.players[0], "\n".join(lines))


@pytest.mark.parametrize("game_id", GAMES)
def test_order_form_sent_back_is_legal(game_id):
    """Sent back unchanged, the form is legal: with no previous sheet, with the sheet
    the player sent for the stage before (standing orders carried), and with a sheet
    of order lines drawn at random from every form and the order help."""
    game = get_game(game_id)
    vocabulary = [h.example for h in getattr(game, "order_help", list)()]
    rng = random.Random(f"form-{game_id}")
    for mode in MODES:
        for p in plays(game_id, mode):
            last = {q: None for q in p.players}
            for step in p.steps:
                forms = [game.order_form(step.state, q) for q in p.players]
                lines = vocabulary + [re.sub(r"^#\s*(e\.g\.\s+)?", "", x).strip()
                                      for f in forms for x in f.splitlines()]
                for player in p.players:
                    c.check_form_legal(game, step.state, player)
                    c.check_form_legal(game, step.state, player, last[player])
                    drawn = "\n".join(rng.sample(lines, min(8, len(lines))))
                    c.check_form_legal(game, step.state, player,
                                       game.check_orders(step.state, player, drawn))
                last = {q: None if t is None else game.check_orders(step.state, q, t)
                        for q, t in step.texts.items()}
            for player in p.players:
                c.check_form_legal(game, p.final, player)
                c.check_form_legal(game, p.final, player, last[player])


@pytest.mark.parametrize("game_id", GAMES)
def test_no_secret_of_another_player_in_the_order_form(game_id):
    game = get_game(game_id)
    # "none" and "form" only: a standing order a player switched on ("PURSUE Glasya")
    # can equal an example another player's form makes from public pieces
    for mode in ("none", "form"):
        for p in plays(game_id, mode):
            for state in c.states_of(p):
                c.check_no_leak(game, state, p.players)


@pytest.mark.parametrize("game_id", GAMES)
def test_swapping_two_players_secrets_changes_no_byte_a_third_player_sees(game_id):
    game = get_game(game_id)
    if game.max_players < 3:  # nobody is left to watch a swap: check_no_leak still runs
        pytest.skip(f"{game_id} has at most {game.max_players} players: no third player")
    telling = 0
    for p in plays(game_id, "played"):
        for state in c.states_of(p):
            telling += c.check_secret_swap(game, state, p.players)
    assert telling, f"{game_id}: no swap changed what its two players see: the check is empty"


@pytest.mark.parametrize("game_id", GAMES)
def test_provenance_and_every_card_has_an_effect(game_id):
    c.check_audit(get_game(game_id))
