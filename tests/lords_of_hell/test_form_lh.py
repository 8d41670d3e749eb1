"""The Lords of Hell order form (games/lords_of_hell/form.py, issue 20): only the orders
the player can give in this stage, each example built from his own Devil, cards, hordes
and prisoners and his real opponents, and accepted by the stage's check. States: every
stage of the Lords of Hell demo and of random self-play games (loh_selfplay.py)."""

import copy
import json
import re
import sqlite3

import pytest

from pbem_games.lords_of_hell import GAME
from pbem_games.lords_of_hell.orders import ORDER_TYPES
from pbem_games.lords_of_hell.state import LohState

DATA = GAME.data
#: Players and Devils of the orders documentation's examples that no demo seat has.
DOC_PLAYERS = ("carl", "dora")


def examples(form: str) -> dict[str, str]:
    """keyword -> the example line of the form ('#     e.g. <line>')."""
    out = {}
    for line in form.splitlines():
        if line.startswith("#     e.g. "):
            text = line[len("#     e.g. "):]
            out[max((k for k in ORDER_TYPES if text.upper().startswith(k)), key=len)] = text
    return out


@pytest.fixture(scope="module")
def states(tmp_path_factory):
    from loh_selfplay import play

    from pbem.demo import run_demo

    root = tmp_path_factory.mktemp("lh") / "demo"
    run_demo(root, echo=lambda s: None, game_type="lords-of-hell")
    db = sqlite3.connect(root / "pbem.db")
    out = [LohState.from_dict(json.loads(s))
           for (s,) in db.execute("SELECT state FROM stages ORDER BY number")]
    for seed in (1, 2):
        play(seed, 24, lambda st, *_: out.append(copy.deepcopy(st)))
    return [st for st in out if st.phase != "over"]


def test_the_form_sent_back_unchanged_is_a_clean_sheet(states):
    for st in states[:8]:
        for player in st.seats:
            assert GAME.check_orders(st, player, GAME.order_form(st, player)).lines == []


def test_every_example_is_accepted_in_its_stage(states):
    bad = []
    for st in states:
        for player in st.seats:
            for key, line in examples(GAME.order_form(st, player)).items():
                (r,) = GAME.check_orders(st, player, line).lines
                if not r.ok or r.order["type"] != key:
                    bad.append((st.phase, player, line, r.status, r.message))
    assert bad == []


def test_examples_name_only_devils_and_players_in_the_game(states):
    for st in states:
        devils = {DATA.devils[p.devil].name for p in st.players.values()}
        for player in st.seats:
            text = "\n".join(examples(GAME.order_form(st, player)).values())
            for d in DATA.devils.values():
                if d.name not in devils:
                    assert not re.search(rf"\b{d.name}\b", text), (player, d.name)
            for name in DOC_PLAYERS:
                assert not re.search(rf"\b{name}\b", text, re.I), (player, name)


def test_devil_orders_only_on_that_devils_form(states):
    """BAALZEBUB GIVES only for Baalzebub, TORTURE only for Belial; and Baalzebub's
    player gets his order."""
    seen_baal = False
    for st in states:
        for player in st.seats:
            devil = st.players[player].devil
            shown = examples(GAME.order_form(st, player))
            assert "BAALZEBUB GIVES" not in shown or devil == "devil.baalzebub"
            assert "TORTURE" not in shown or devil == "devil.belial"
            seen_baal |= "BAALZEBUB GIVES" in shown
    assert seen_baal


def test_prisoner_orders_name_his_own_prisoners(states):
    """FREE and PERMIT only for a player who holds a prisoner, and they name him."""
    seen = False
    for st in states:
        for player in st.seats:
            mine = {n for n, p in st.players.items()
                    if p.status == "prisoner" and p.captor == player}
            shown = examples(GAME.order_form(st, player))
            for key in ("FREE", "PERMIT"):
                if key in shown:
                    seen = True
                    assert shown[key].split()[1] in mine, shown[key]
                else:
                    assert not mine or st.players[player].status == "ko", (player, key)
    assert seen


def test_card_orders_name_a_card_of_his_hand(states):
    """PLAY, RITUAL, FORCED and FORCED OPH name a card he holds; DOUBLE CROSS only with
    the Double Cross card; none of them without such a card."""
    from pbem_games.lords_of_hell.deck import card_name

    for st in states:
        for player in st.seats:
            p = st.players[player]
            hand = {card_name(st, c, DATA) for c in p.hand}
            shown = examples(GAME.order_form(st, player))
            for key in ("PLAY", "RITUAL", "FORCED OPH"):
                if key in shown:
                    assert shown[key][len(key) + 1:] in hand, shown[key]
            if "FORCED" in shown:
                assert shown["FORCED"].split(" FOR ")[0][len("FORCED "):] in hand
            if "DOUBLE CROSS" in shown:
                assert "Double Cross" in hand, player


def test_keep_rituals_names_his_own_rituals(states):
    """PB-16 (LH-IV.2.1-01): KEEP RITUALS is offered only to a player with two or more
    rituals in hand or tabled, and it ranks them."""
    from pbem_games.lords_of_hell.deck import card_name, kind_of

    seen = False
    for st in states:
        for player in st.seats:
            p = st.players[player]
            mine = {card_name(st, c, DATA) for c in p.hand + p.rituals
                    if kind_of(st, c, DATA) == "ritual"}
            shown = examples(GAME.order_form(st, player))
            if "KEEP RITUALS" in shown:
                seen = True
                named = shown["KEEP RITUALS"][len("KEEP RITUALS "):].split(", ")
                assert set(named) == mine and len(named) > 1, (shown, mine)
            else:
                assert len(mine) < 2, (player, mine)
    assert seen
