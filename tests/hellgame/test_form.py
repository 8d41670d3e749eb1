"""The pre-filled order form in every report: valid as sent, and every example in it is
an order the parser understands."""

import pytest

from pbem.dice import Dice
from pbem.engine import INVALID
from pbem_games.hellgame import GAME
from pbem_games.hellgame.orders import ORDER_TYPES


@pytest.fixture(scope="module")
def states():
    setup, _, _ = GAME.new_game(["anna", "boris", "chiara"], {}, Dice("form"))
    res = GAME.resolve(setup, {"anna": None, "boris": None, "chiara": None}, Dice("form-0"))
    return {"setup": setup, "turn": res.state}


@pytest.mark.parametrize("stage", ["setup", "turn"])
def test_form_sent_back_unchanged_is_a_clean_sheet(states, stage):
    form = GAME.order_form(states[stage], "anna")
    sheet = GAME.check_orders(states[stage], "anna", form)
    assert sheet.lines == []  # every order is commented out: nothing to misread


@pytest.mark.parametrize("stage", ["setup", "turn"])
def test_every_example_in_the_form_is_understood(states, stage):
    form = GAME.order_form(states[stage], "anna")
    examples = [line[1:] for line in form.splitlines()
                if line.startswith("#") and not line.startswith(("# ", "#  "))]
    keywords = {k for k, t in ORDER_TYPES.items() if stage in t.stages}
    daemon_lines = [ex for ex in examples if ": " in ex]  # Action Phase lines
    assert len(examples) - len(daemon_lines) == len(keywords)
    # 2 for each of 3 Daemons, and a MARCH of one of the player's Legions
    assert len(daemon_lines) == (7 if stage == "turn" else 0)
    for ex in examples:
        sheet = GAME.check_orders(states[stage], "anna", ex)
        assert len(sheet.lines) == 1, ex
        assert sheet.lines[0].status != INVALID, (ex, sheet.lines[0].message)


def test_form_uses_the_players_own_names(states):
    st = states["turn"]
    form = GAME.order_form(st, "anna")
    data = GAME.data
    first = data.sectio[sorted(s for s, p in st["owners"].items() if p == "anna")[0]].name
    assert f"#LEGION {first} 1" in form
    assert "#GIVE boris 2 SOULS" in form
    assert form.startswith("TURN 1\n") and form.endswith("END\n")
