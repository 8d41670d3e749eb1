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


def test_standing_orders_of_the_last_sheet_come_back_uncommented(states):
    """Issue 6: the next form carries the standing orders in force (rules for decisions,
    not one-off deeds), and the form sent back unchanged is still a legal order set."""
    st = states["turn"]
    last = GAME.check_orders(st, "anna", "\n".join([
        "FLEE ANYWHERE IF OUTNUMBERED", "BUY OFF ALL", "GRANT PASSAGE TO boris",
        "LEGIONS 3",  # a one-off deed: not carried
        "KEEP FAVOURS 2"]))
    assert not last.problems
    form = GAME.order_form(st, "anna", last)
    live = [line for line in form.splitlines() if line and not line.startswith("#")]
    assert live[0].startswith("TURN") and live[-1] == "END"
    # in the order the player wrote them
    assert live[1:-1] == ["FLEE ANYWHERE IF OUTNUMBERED", "BUY OFF ALL",
                          "GRANT PASSAGE TO boris", "KEEP FAVOURS 2"]
    again = GAME.check_orders(st, "anna", form)
    assert again.problems == []
    assert sorted(r.canonical for r in again.lines) == sorted(live[1:-1])


def test_a_standing_order_no_longer_valid_is_dropped(states):
    st = states["turn"]
    last = GAME.check_orders(st, "anna", "GRANT PASSAGE TO boris\nFLEE ANYWHERE IF OUTNUMBERED")
    form = GAME.order_form(st, "anna", last.__class__(
        "anna", [*last.lines[:1], last.lines[1].__class__(
            9, "GRANT PASSAGE TO nobody", "accepted", "GRANT PASSAGE TO nobody",
            order={"type": "GRANT PASSAGE", "to": "nobody"})]))
    assert "GRANT PASSAGE TO boris" in form.splitlines()
    assert "GRANT PASSAGE TO nobody" not in form
    assert GAME.check_orders(st, "anna", form).problems == []


def test_the_form_fits_72_columns_but_for_whole_order_examples(states):
    for stage in ("setup", "turn"):
        for line in GAME.order_form(states[stage], "anna").splitlines():
            assert len(line) <= 72 or not line.startswith("# "), line
