"""The toy game's own tests (tests/contract/toy/, High Card): what a new game's tests look
like. A stage with exact outcomes and scripted dice, its data errors naming file and
line, and a game played through the framework's CLI, reports and all. The contract
suite (test_contract.py) runs over it as over every installed game."""

from __future__ import annotations

import shutil

import pytest

from pbem.dice import Dice
from pbem.kit.yamlfile import DataError

from .toy import GAME, effects
from .toy.data import FOLDER, load_data


def state(**hands) -> dict:
    """Three players with 5 tokens and no points at stage 1, holding `hands`."""
    seats = ["anna", "boris", "chiara"]
    return {"stage": 1, "over": False, "seats": seats, "table": {},
            "players": {p: {"tokens": 5, "points": 0, "hand": hands.get(p, [])}
                        for p in seats}}


def resolve(st: dict, texts: dict[str, str], script: list[int]):
    sheets = {p: GAME.check_orders(st, p, texts[p]) if p in texts else None
              for p in st["seats"]}
    assert not [r for s in sheets.values() if s for r in s.problems]
    dice = Dice(script=script)
    res = GAME.resolve(st, sheets, dice)
    dice.finish()  # every scripted roll was used
    return res


def test_hc_4_a_tie_goes_to_the_die_and_cards_change_the_stage():
    st = state(anna=["card.boost"], boris=["card.double"], chiara=["card.refund"])
    res = resolve(st, {"anna": "BID 1\nPLAY boost", "boris": "BID 3\nPLAY Double",
                       "chiara": "PLAY Refund"},
                  script=[5, 2])  # the die for the tie: 5 names nobody, 2 is boris
    assert [e.text for e in res.events] == [
        "anna bids 1 token and plays Boost: strength 3.",
        "boris bids 3 tokens and plays Double: strength 3.",
        "chiara bids 1 token and plays Refund: strength 1.",
        "anna and boris tie at strength 3; the die picks boris.",
        "boris wins stage 1 and scores 2 points.",
        "Refund: chiara gets 1 token back."]
    assert {p: (v["tokens"], v["points"], v["hand"]) for p, v in res.state["players"].items()} \
        == {"anna": (4, 0, []), "boris": (2, 2, []), "chiara": (5, 0, [])}
    assert res.stage_name == "stage 2" and not res.finished
    assert st["players"]["anna"]["hand"] == ["card.boost"]  # its input is not changed


def test_hc_5_after_the_last_stage_points_then_tokens_decide():
    st = state()
    st["stage"] = 3
    st["players"]["anna"]["points"] = st["players"]["boris"]["points"] = 1
    res = resolve(st, {"anna": "BID 3", "boris": "BID 2"}, script=[])
    assert res.finished and res.stage_name == "final"
    # anna wins the stage (2 points, 2 tokens left); boris and chiara are behind
    assert res.result == "anna wins with 2 points and 2 tokens left"
    assert GAME.order_form(res.state, "anna") == ""


def test_hc_2_the_sheet_is_checked_against_the_state():
    st = state(anna=["card.boost"])
    st["players"]["anna"]["tokens"] = 2
    sheet = GAME.check_orders(st, "anna", "BID 3\nPLAY Double\nPLAY Bost\nplay boost\n"
                                          "PLAY Boost\nBD 2\n")
    assert [(r.status, r.message, r.hint) for r in sheet.lines] == [
        ("illegal", "you have 2 tokens, not 3", "bid at most 2"),
        ("illegal", "you have no Double in your hand",
         "play a card your report lists under YOUR POSITION"),
        ("unknown", "there is no card called 'Bost'", "did you mean Boost?"),
        ("accepted", "", ""),
        ("illegal", "PLAY may be given only once", "keep one of these lines"),
        ("invalid", "'BD 2' is not an order I know", "did you mean BID? e.g. BID 2")]
    assert sheet.canonical() == ["PLAY Boost"]
    assert sheet.defaults == ["BID: you bid 1 (you sent no BID)"]


@pytest.mark.parametrize("edit, says", [
    (("count: 3\n    text: Add", "count: three\n    text: Add"),
     "cards.yaml:24: card.boost: count must be"),
    (("provenance: {default: rulebook, count: assumed}\n    notes: {count: \"the rules give "
      "no deck; 3 of each kind deals 4 hands of 2 with 1 left\"}\n\n  - id: card.double",
      "provenance: {default: rulebook, count: assumed}\n\n  - id: card.double"),
     "cards.yaml:24: card.boost: count: provenance 'assumed'"),
    (("hand_size: 2", "hand_size: 3"), "cards.yaml:17: rules: a deck of 9 cannot deal"),
])
def test_a_data_error_names_file_and_line(tmp_path, edit, says):
    folder = tmp_path / "data"
    shutil.copytree(FOLDER, folder)
    path = folder / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    assert edit[0] in text
    path.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    with pytest.raises(DataError, match="^" + says):
        load_data(folder)


def test_a_card_without_an_effect_stops_the_game_from_loading(monkeypatch):
    monkeypatch.delitem(effects.EFFECTS, "card.refund")
    with pytest.raises(ValueError, match=r"card ids without an effect: \['card.refund'\]"):
        GAME.audit()


def test_the_toy_plays_through_the_framework(cli):
    """Registered by conftest.py, the toy is a game like the installed ones for the CLI:
    a site creates it, takes sheets, resolves stages and renders its templates."""
    assert cli("game", "new", "t1", "--game", "toy", "--seed", "7")[0] == 0
    for p in ("anna", "boris", "chiara"):
        assert cli("player", "add", "t1", p, f"{p}@example.org")[0] == 0
    assert cli("game", "start", "t1")[0] == 0
    sheet = cli.site / "anna.txt"
    sheet.write_text("BID 3\n", encoding="utf-8")
    code, out = cli("orders", "submit", "t1", "anna", str(sheet))
    assert code == 0 and "BID 3" in out, out
    for _ in range(3):
        code, out = cli("turn", "process", "t1")
        assert code == 0, out
    code, text = cli("report", "t1", "anna", "--stage", "0")  # numbered from 0
    assert code == 0, text
    assert "You are dealt" in text and "\n  - 3 tokens: anna bids 3 tokens: strength 3." in text
    assert "\nYOUR POSITION\n" in text and "\n\nTHE TABLE (stage 2 of 3)\n" in text
    assert "\nBID 2\n" in text  # the form carries his bid, as much as he has left
    code, html = cli("report", "t1", "boris", "--format", "html")
    assert code == 0 and "<h2>Your hand</h2>" in html.replace("<h3>", "<h2>").replace(
        "</h3>", "</h2>")
    code, board = cli("report", "t1")
    assert code == 0 and "The game is over:" in board and "THE TABLE" in board
