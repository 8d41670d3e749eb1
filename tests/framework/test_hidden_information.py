"""DESIGN.md §7: changing another player's secret state changes not one byte of a
player's report; no report shows another player's hand."""

import copy

from pbem.dice import Dice
from pbem.engine import Event, get_game
from pbem.turns import render_reports

PLAYERS = ["anna", "boris", "chiara", "dmitri"]


def _reports(game, state, events):
    g = {"name": "g"}
    stage = {"name": "turn 1"}
    return render_reports(game, g, stage, state, events, [], {p: None for p in PLAYERS}, {},
                          PLAYERS, "turn 2", False)


def _setup():
    game = get_game("hellgame")
    state, _, _ = game.new_game(PLAYERS, {}, Dice("hidden"))
    state = game.resolve(state, {p: None for p in PLAYERS}, Dice("hidden-0")).state
    assert all(len(state["players"][p]["hand"]) >= 4 for p in PLAYERS)  # hands to hide
    return game, state


def test_another_players_hand_does_not_change_my_report():
    game, state = _setup()
    events = [Event("hell", "draw", "boris drew Frenzy", visible_to=("boris",))]
    before = _reports(game, state, events)
    changed = copy.deepcopy(state)
    hand = changed["players"]["boris"]["hand"]
    deck = changed["arcana_deck"]
    changed["players"]["boris"]["hand"] = deck[:len(hand)]
    changed["arcana_deck"] = hand + deck[len(hand):]
    other_events = [Event("hell", "draw", "boris drew Ambush!", visible_to=("boris",))]
    after = _reports(game, changed, other_events)
    for p in ("anna", "chiara", "dmitri"):
        assert after[p] == before[p], p
    assert after[""] == before[""]
    assert after["boris"] != before["boris"]


def test_no_report_names_a_card_in_another_players_hand():
    game, state = _setup()
    reports = _reports(game, state, [])
    data = game.data
    for p in PLAYERS:
        others = {data.arcana[c].name for q in PLAYERS if q != p
                  for c in state["players"][q]["hand"]} - {
            data.arcana[c].name for c in state["players"][p]["hand"]}
        for name in others:
            assert f"  {name} - Minor" not in reports[p], (p, name)
        for c in state["players"][p]["hand"]:
            assert data.arcana[c].name in reports[p]


def test_private_events_reach_only_their_player():
    game, state = _setup()
    events = [Event("hell", "draw", "SECRET-DRAW-TEXT", visible_to=("boris",))]
    reports = _reports(game, state, events)
    assert "SECRET-DRAW-TEXT" in reports["boris"]
    assert all("SECRET-DRAW-TEXT" not in reports[p] for p in ("anna", "chiara", "dmitri", ""))
