"""Odd order sheets never make `check_sheet` raise, and every refusal says how to fix it
(STYLE.md: the parser never crashes; messages quote the input and suggest a fix)."""

from __future__ import annotations

import pytest

from pbem.engine import ILLEGAL, INVALID
from pbem.lines import OrderError
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

LIARS = "sectio.liars"
HUGE = "9" * 900  # as long as a number can be on an order line (pbem.lines.MAX_LINE)


@pytest.fixture(scope="module")
def data():
    return load_data()


@pytest.fixture
def st(make_state):
    return make_state({"void": {"souls": 10, "favours": 1, "daemons": ["daemon.baal"]},
                       "beast": {}, "keys": {}},
                      turn=2, owners={LIARS: "void"}, units=[("legion", "void", LIARS)])


# Every order that reads a number, with a 900-digit number in its place.
NUMBER_ORDERS = [
    f"LEGIONS {HUGE}", f"LEGION Liars {HUGE}", f"BUY ARCANA {HUGE}",
    f"BUY ARCANA 1 KEEP {HUGE}", f"BONUS Sulla {HUGE}", f"UNPAID Liars {HUGE}",
    f"GIVE beast {HUGE} SOULS", f"DESERTERS ACCEPT MAX {HUGE}",
    f"DESERTERS ACCEPT KEEP {HUGE}", f"BUY OFF {HUGE}", f"KEEP FAVOURS {HUGE}",
]


@pytest.mark.parametrize("text", NUMBER_ORDERS, ids=lambda t: t.split(" 99")[0])
def test_hg_8_2_02_a_number_of_900_digits_is_refused_not_raised(st, data, text):
    [line] = check_sheet(st, data, "void", text).lines
    assert line.status == INVALID
    assert "must be between" in line.message
    assert line.message.endswith("not 999999...999")  # quoted, but shortened
    assert line.hint.startswith("write a number from ")


def test_hg_8_2_02_a_number_of_5000_digits_is_refused_not_raised():
    """int() refuses strings of more than 4300 digits: parse_int never gives it one."""
    from pbem.lines import parse_int

    with pytest.raises(OrderError) as e:
        parse_int("9" * 5000, "the number of Legions", "HG-8.2-03", 1, 12)
    assert e.value.message == "the number of Legions must be between 1 and 12, not 999999...999"


def test_a_line_of_5000_digits_is_refused_as_too_long(st, data):
    [line] = check_sheet(st, data, "void", "LEGIONS " + "9" * 5000).lines
    assert line.status == INVALID
    assert line.message == (f"'LEGIONS {'9' * 69}...{'9' * 20}' is 5,008 characters long: "
                            "an order line may have at most 1,000")  # quoted, but shortened
    assert line.hint == "shorten the line: no order needs that many characters"


@pytest.mark.parametrize("text, hint", [
    ("LEGIONS 0", "write a number from 1 to 12"),
    ("LEGIONS 13", "write a number from 1 to 12"),
    ("BUY ARCANA 110", "write a number from 1 to 109"),
    ("BUY OFF 100", "write a number from 0 to 99"),
    ("UNPAID Liars 0", "write a number from 1 to 24"),
    ("BONUS Sulla 0", "write a number from 1 to 999"),
])
def test_hg_8_2_02_an_out_of_range_number_gets_a_fix(st, data, text, hint):
    [line] = check_sheet(st, data, "void", text).lines
    assert line.status == INVALID
    assert line.message.endswith(f"not {text.split()[-1]}")
    assert line.hint == hint


def test_hg_8_2_02_leading_zeros_are_read_as_the_number(st, data):
    [line] = check_sheet(st, data, "void", "LEGIONS 0000000000003").lines
    assert line.ok and line.order == {"type": "LEGIONS", "n": 3}


@pytest.mark.parametrize("turn", [0, 2])
def test_hg_3_1_01_a_sheet_from_a_name_not_seated_is_refused_line_by_line(make_state, data,
                                                                         turn):
    st = make_state({"void": {"favours": 1, "daemons": ["daemon.baal"]}, "beast": {}},
                    turn=turn)
    sheet = check_sheet(st, data, "nobody", "REDRAW Baal\n# a comment\nGIVE void ARCANA Frenzy")
    assert [(r.line_no, r.status) for r in sheet.lines] == [(1, ILLEGAL), (3, ILLEGAL)]
    assert sheet.lines[0].message == "'nobody' is not a player in this game"
    assert sheet.lines[0].hint == "send orders as one of the players: void, beast"


def test_line_numbers_count_only_real_line_ends():
    from pbem.dice import Dice
    from pbem_games.hellgame import GAME

    state, _, _ = GAME.new_game(["a", "b", "c"], {}, Dice("lines"))
    sheet = GAME.check_orders(state, "a", "# one\u2028still one\r\nFOO\rBAR\x85\n")
    assert [(r.line_no, r.text) for r in sheet.lines] == [(2, "FOO"), (3, "BAR")]


def test_every_order_naming_a_sectio_accepts_the_same_spellings():
    """One Sectio matcher for all orders: '&' for AND works in LEGION as in PETITION."""
    from pbem.dice import Dice
    from pbem_games.hellgame import GAME

    state, _, _ = GAME.new_game(["a", "b", "c"], {}, Dice("spell"))
    state["turn"] = 1
    state["owners"] = {"sectio.bankers-and-brokers": "a", "sectio.spies": "a"}
    for line in ("LEGION Bankers & Brokers", "PETITION BANKERS & BROKERS",
                 "GIVE b SECTIO bankers & brokers"):
        result = GAME.check_orders(state, "a", line).lines[0]
        # understood as the Sectio (accepted, or refused for a reason that names it)
        assert result.status in ("accepted", "illegal"), result
        assert "BANKERS AND BROKERS" in result.canonical + result.message, result
