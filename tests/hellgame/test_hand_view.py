"""Issue 20: the hand says how to play each card — where, its cost, its effect and the
order that plays it (views._card), in the view and in the text report."""

from __future__ import annotations

import pytest

from pbem.engine import get_game
from pbem.turns import render_reports
from pbem_games.hellgame import turn, views  # noqa: F401  turn first: the import order the game uses
from pbem_games.hellgame.data import load_data

DATA = load_data()
GAME = get_game("hellgame")
PLAYERS = ["a", "b", "c"]
HAND = ["arcana.carnossa", "arcana.vendetta", "arcana.incubus", "arcana.it-did-not-work",
        "arcana.re-roll"]


@pytest.mark.parametrize("card_id", sorted(DATA.arcana))
def test_every_card_says_where_how_and_what(card_id):
    c = DATA.arcana[card_id]
    card = views._card(DATA, card_id)
    assert card["where"] in ("on Earth", "in Hell", "in combat", "any")
    assert card["how"]
    # an order in backquotes, except for a Play Right Away card that asks no choice
    assert "`" in card["how"] or c.major.timing == "play-right-away"
    assert card["effect"] == c.major.text and (card["effect"] or not c.major.text)
    assert card["needs"] == (c.major.prerequisites or "")
    if c.minor.kind:
        assert card["minor_how"] and card["minor_effect"] and card["minor_cost"]
        assert c.name in card["minor_how"]
    else:
        assert card["minor_how"] == card["minor_effect"] == card["minor_cost"] == ""


def test_the_how_line_gives_the_order_for_each_kind_of_card():
    how = {cid: views._card(DATA, cid)["how"] for cid in HAND}
    assert how["arcana.carnossa"] == "Action Phase: `<Daemon>: CAST Carnossa`"
    assert how["arcana.vendetta"] == (
        "Combat (before the first round): `JOIN <Daemon> IN <Sectio> BRINGING Vendetta`, "
        "then `COMBAT CAST Vendetta [ON ...] IN <Sectio>`")
    assert how["arcana.incubus"].startswith(
        "Action Phase: `<Daemon>: CAST Incubus ON <Daemon>`; or in combat: ")
    assert how["arcana.it-did-not-work"].startswith(
        "Counter, when another player plays a card: `COUNTER ANY TARGETING MINE WITH It Did "
        "Not Work...`")
    assert how["arcana.re-roll"].startswith("standing order, played when a die of yours fails:"
                                            " `REROLL WITH Re-roll FIRST FAILED <kind>`")
    carnossa = views._card(DATA, "arcana.carnossa")
    assert (carnossa["where"], carnossa["minor_how"], carnossa["minor_cost"]) == (
        "in Hell", "Action Phase: `<Daemon>: WALK THE EARTH WITH Carnossa`",
        f"{DATA.arcana['arcana.carnossa'].minor.cost} Souls")
    lost_lore = views._card(DATA, "arcana.lost-lore")["how"]
    assert lost_lore.endswith("`PLAY RIGHT AWAY Lost Lore WITH <player>, ...`")


def test_the_costs_of_the_major_half():
    costs = {cid: views._card(DATA, cid)["cost"] for cid in DATA.arcana}
    assert costs["arcana.a-damn-good-day"] == "1 Favour"
    assert costs["arcana.carnossa"] == ""
    assert costs["arcana.legio-infernalis"] == "1 Disfavour"


def test_the_player_view_and_the_text_report_show_how_to_play_the_hand(make_state):
    st = make_state(players={"a": {"hand": HAND}, "b": {}, "c": {}})
    state = st.to_dict()
    hand = GAME.player_view(state, "a")["me"]["hand"]
    assert [c["id"] for c in hand] == HAND
    assert all(c["where"] and c["how"] and c["effect"] for c in hand)
    out = render_reports(GAME, {"name": "g", "game_type": "hellgame"},
                         {"name": "turn 1", "number": 1}, state, state, [], [],
                         {p: None for p in PLAYERS}, {}, PLAYERS, "turn 2", False)
    text = out["a"]["text"]
    after = text[text.index("  Your hand (5 of 5):\n"):].splitlines()[1:]
    section = "\n".join(after[:next(i for i, line in enumerate(after)
                                    if not line.startswith("    "))])  # the hand's lines
    assert section.splitlines()[1:6] == [
        "      Major (in Hell): Action Phase: `<Daemon>: CAST Carnossa`.",
        "        Immediately lose 1 Disfavour. The caster also becomes",
        "        Incapacitated.",
        "      Minor (4 Souls): Action Phase: `<Daemon>: WALK THE EARTH WITH",
        "        Carnossa`: the Daemon goes to Earth (the card stays under it)."]
    assert all(len(line) <= 72 for line in section.splitlines())
    flat = " ".join(section.split())
    for c in hand:
        assert " ".join(c["how"].split()) in flat
        assert " ".join(c["effect"].split()) in flat
        assert " ".join(c["minor_how"].split()) in flat
