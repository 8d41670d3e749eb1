"""The gathering orders: SOUL REROLL (standing), OBJECT, VOTE: parsing and bad input."""

from __future__ import annotations

import pytest
from loh_kit import DATA

from pbem.engine import ACCEPTED, AMBIGUOUS, ILLEGAL, INVALID, UNKNOWN
from pbem_games.lords_of_hell.orders import check_sheet, standing
from pbem_games.lords_of_hell.state import LohState


def line(st: LohState, text: str, player: str = "a"):
    sheet = check_sheet(st, DATA, player, text)
    assert len(sheet.lines) == 1
    return sheet.lines[0]


@pytest.mark.parametrize("text,canonical,order", [
    ("SOUL REROLL ON 1", "SOUL REROLL ON 1", {"fiends": [1], "devil": [1]}),
    ("soul reroll on 2,1", "SOUL REROLL ON 1, 2", {"fiends": [1, 2], "devil": [1, 2]}),
    ("SOUL REROLL OFF", "SOUL REROLL OFF", {"fiends": [], "devil": []}),
    ("SOUL REROLL FIENDS ON 1 DEVIL ON 1, 2, 3", "SOUL REROLL FIENDS ON 1 DEVIL ON 1, 2, 3",
     {"fiends": [1], "devil": [1, 2, 3]}),
    ("SOUL REROLL DEVIL OFF", "SOUL REROLL FIENDS ON 1 DEVIL OFF",
     {"fiends": [1], "devil": []}),
])
def test_pb_33_soul_reroll_forms(make_state, text, canonical, order):
    st = make_state(players=["a", "b", "c", "d"])
    r = line(st, text)
    assert r.status == ACCEPTED, r.message
    assert r.canonical == canonical
    assert r.order == {"type": "SOUL REROLL", **order}


@pytest.mark.parametrize("phase", ["transfer", "combat", "gathering"])
def test_pb_33_soul_reroll_on_every_stage_and_kept(make_state, phase):
    st = make_state(players=["a", "b", "c", "d"], phase=phase, round=1)
    sheet = check_sheet(st, DATA, "a", "SOUL REROLL ON 1, 2")
    standing.keep(st, {"a": sheet})
    assert standing.standing(st, "a", "SOUL REROLL")["fiends"] == [1, 2]
    standing.keep(st, {"a": check_sheet(st, DATA, "a", "SOUL REROLL OFF")})
    assert standing.standing(st, "a", "SOUL REROLL")["devil"] == []  # OFF is kept


@pytest.mark.parametrize("text,bit", [
    ("SOUL REROLL", "needs ON"),
    ("SOUL REROLL ON", "needs the results"),
    ("SOUL REROLL ON 7", "'7' is not a soul-table result"),
    ("SOUL REROLL ON one", "'ONE' is not a soul-table result"),
    ("SOUL REROLL ON \u00b2", "is not a soul-table result"),
    ("SOUL REROLL ON 12", "'12' is not a soul-table result"),
    ("SOUL REROLL SOMETIMES", "expects ON or OFF, not 'SOMETIMES'"),
    ("SOUL REROLL DEVIL", "not 'the end of the line'"),
    ("SOUL REROLL DEVIL ON 1 DEVIL OFF", "twice"),
])
def test_pb_33_soul_reroll_bad_input(make_state, text, bit):
    st = make_state(players=["a", "b", "c", "d"])
    r = line(st, text)
    assert r.status == INVALID and bit in r.message and r.hint
    assert r.rule == "LH-III.4.1-02"


def test_soul_reroll_only_once_per_sheet(make_state):
    st = make_state(players=["a", "b", "c", "d"])
    sheet = check_sheet(st, DATA, "a", "SOUL REROLL ON 1\nSOUL REROLL OFF")
    assert [r.status for r in sheet.lines] == [ACCEPTED, ILLEGAL]


def test_pb_34_object_accepts_names_and_prefixes(make_state):
    st = make_state(players={"a": {}, "b": {"proclaimed": 1}, "c": {"proclaimed": 2}, "d": {}},
                    phase="gathering")
    r = line(st, "OBJECT baal, Belial, baalzebub")
    assert r.status == ACCEPTED and r.canonical == "OBJECT Baalzebub, Belial"
    assert r.order == {"type": "OBJECT", "targets": ["b", "c"]}
    assert line(st, "OBJECT c").order["targets"] == ["c"]  # a player name


def test_pb_34_object_errors(make_state):
    st = make_state(players={"a": {"proclaimed": 1}, "b": {"proclaimed": 1},
                             "c": {"proclaimed": 2}, "d": {}}, phase="gathering")
    assert line(st, "OBJECT").status == INVALID
    r = line(st, "OBJECT Asmodeus")
    assert r.status == ILLEGAL and r.rule == "LH-III.4.2-05"  # self-objection (G24)
    r = line(st, "OBJECT Glasya")
    assert r.status == ILLEGAL and r.rule == "LH-III.4.2-02" and "not a candidate" in r.message
    r = line(st, "OBJECT Belail")
    assert r.status == UNKNOWN and "did you mean Belial" in r.hint


def test_pb_34_object_ambiguous_prefix(make_state):
    st = make_state(players=["p1", "p2", "p3", "p4", "p5", "p6"], phase="gathering")
    r = line(st, "OBJECT M", player="p1")
    assert r.status == AMBIGUOUS and "Mammon" in r.message and "Mephistopheles" in r.message


def test_pb_34_object_only_in_the_gathering(make_state):
    st = make_state(players={"a": {}, "b": {"proclaimed": 1}, "c": {}, "d": {}},
                    phase="transfer")
    r = line(st, "OBJECT Baalzebub")
    assert r.status == ILLEGAL and "gathering stage" in r.message


def test_pb_36_vote(make_state):
    st = make_state(players=["a", "b", "c", "d"], phase="gathering")
    r = line(st, "vote glasya")
    assert r.status == ACCEPTED and r.canonical == "VOTE Glasya"
    assert r.order == {"type": "VOTE", "target": "d"}
    assert line(st, "VOTE Asmodeus").order["target"] == "a"  # yourself (LH-III.4.5-01)


def test_pb_36_vote_errors(make_state):
    st = make_state(players=["a", "b", "c", "d"], phase="gathering")
    assert line(st, "VOTE").status == INVALID
    assert line(st, "VOTE Belial, Glasya").status == INVALID
    r = line(st, "VOTE Mammon")  # not in this 4-player game
    assert r.status == UNKNOWN
    sheet = check_sheet(st, DATA, "a", "VOTE Belial\nVOTE Glasya")
    assert [x.status for x in sheet.lines] == [ACCEPTED, ILLEGAL]
    st.phase = "transfer"
    assert line(st, "VOTE Belial").status == ILLEGAL


def test_gathering_parsers_never_raise(make_state):
    """Garbage after each keyword gives a line result, never an exception."""
    import random

    rng = random.Random(9)
    alphabet = "ON OFF FIENDS DEVIL 0123456789,;-²éß \t".split(" ") + list("aB1,-²")
    st = make_state(players={"a": {}, "b": {"proclaimed": 1}, "c": {}, "d": {}},
                    phase="gathering")
    for _ in range(300):
        rest = " ".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6)))
        for key in ("SOUL REROLL", "OBJECT", "VOTE"):
            sheet = check_sheet(st, DATA, "a", f"{key} {rest}")
            assert all(r.status in (ACCEPTED, INVALID, UNKNOWN, AMBIGUOUS, ILLEGAL)
                       for r in sheet.lines)
