"""Issue 22: standing orders across a missed turn (games/hellgame/standing.py).

A player who sends no sheet for a turn plays on the standing lines of the last sheet he
sent (KEEP IP-03, FLEE IP-23, COUNTER IP-30 ...), each checked again against the turn;
a COUNTER whose card he no longer holds is dropped with a note (9.8.2: a Counter is
played from the hand, HG-9.8.2-01); his report says so under "Needs your attention". A
player who sends anything, even an empty sheet, gets only what he sent."""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem.engine import OrderSheet
from pbem.orders import Checked
from pbem.render import render
from pbem.turns import render_reports
from pbem_games.hellgame import GAME, standing, turn
from pbem_games.hellgame.cards import enforce_hand_limit
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.state import HellState

DATA = load_data()
IDNW = "arcana.it-did-not-work"
NAME = "It Did Not Work..."
KEEP = f"KEEP {NAME}"
FLEE = "FLEE ANYWHERE IF OUTNUMBERED"
COUNTER = f"COUNTER ANY TARGETING MINE WITH {NAME}"
PLAYERS = ["a", "b", "c"]


def state(make_state, hand=(), standing_lines=(), turn_no=3, **more) -> HellState:
    st = make_state({"a": {"daemons": ["daemon.baal"], "hand": list(hand), **more},
                     "b": {"daemons": ["daemon.orias"]}, "c": {"daemons": ["daemon.caim"]}},
                    turn=turn_no, units=[("legion", "a", "sectio.sugar-hill")])
    st.players["a"].standing = list(standing_lines)
    st.players["a"].standing_turn = turn_no - 1
    return st


def carried(st: HellState) -> tuple[dict, Log]:
    log = Log()
    return standing.fill_missing(st, DATA, {p: None for p in PLAYERS}, log), log


def test_ip_03_ip_23_a_missed_turn_plays_the_standing_keep_and_flee_lines(make_state):
    st = state(make_state, standing_lines=[KEEP, FLEE])
    sheets, log = carried(st)
    sheet = sheets["a"]
    assert [o["type"] for o in sheet.orders] == ["KEEP", "FLEE"]
    assert sheet.canonical() == [KEEP, FLEE]
    assert sheets["b"] is None and sheets["c"] is None  # nothing stored: the defaults
    [event] = log.events
    assert (event.kind, event.visible_to, event.phase) == ("orders-carried", ("a",), "orders")
    assert event.text == ("You sent no orders: your standing orders from turn 2 were used: "
                          f"{KEEP}; {FLEE}. Every other decision took its default.")
    assert event.data == {"turn": 2, "used": [KEEP, FLEE], "dropped": []}


def test_ip_03_the_carried_keep_line_decides_what_the_hand_limit_throws_away(make_state):
    """HG-6.3-03: above the limit the newest card goes by default; the KEEP line of his
    last sheet keeps it on a turn he sent nothing for."""
    hand = ["arcana.frenzy", "arcana.try-again", "arcana.re-roll", "arcana.carnossa",
            "arcana.thievery", IDNW]
    thrown = {}
    for lines in ([KEEP], []):
        st = state(make_state, hand=hand, standing_lines=lines)
        sheets, log = carried(st)
        thrown[bool(lines)] = enforce_hand_limit(st, "a", DATA, log, sheets["a"])
    assert thrown == {True: ["arcana.thievery"], False: [IDNW]}


def test_ip_30_hg_9_8_2_01_a_counter_whose_card_is_gone_is_dropped_with_a_note(make_state):
    st = state(make_state, hand=["arcana.frenzy"], standing_lines=[COUNTER, FLEE])
    sheets, log = carried(st)
    assert sheets["a"].canonical() == [FLEE]
    used, dropped = log.events
    assert used.text.startswith(f"You sent no orders: your standing orders from turn 2 were "
                                f"used: {FLEE}.")
    assert (dropped.kind, dropped.visible_to, dropped.rule) == (
        "orders-carried", ("a",), "HG-9.8.2-01")
    assert dropped.text == f"Not used this turn: {COUNTER} (you no longer hold {NAME})."
    # the same line is used while he holds the card
    st = state(make_state, hand=[IDNW], standing_lines=[COUNTER, FLEE])
    assert carried(st)[0]["a"].canonical() == [COUNTER, FLEE]


def test_a_line_no_longer_valid_is_dropped_and_nothing_left_means_defaults(make_state):
    st = state(make_state, standing_lines=[f"COUNTER ANY WITH {NAME}",
                                           "GRANT PASSAGE TO nobody"])
    sheets, log = carried(st)
    assert sheets["a"] is None  # nothing left: the defaults, as with no standing orders
    texts = [e.text for e in log.events]
    assert texts[0] == ("You sent no orders, and none of your standing orders from turn 2 "
                        "still applies: every decision took its default.")
    assert texts[1].startswith(f"Not used this turn: COUNTER ANY WITH {NAME} (")
    assert texts[2].startswith("Not used this turn: GRANT PASSAGE TO nobody (")


def test_the_setup_has_no_standing_orders_and_a_sheet_keeps_only_its_standing_lines(
        make_state):
    st = state(make_state)
    sheet = GAME.check_orders(st.to_dict(), "a", f"{KEEP}\nLEGIONS 1\n{FLEE}\nBaal: ATONE\n")
    assert not sheet.problems
    assert standing.lines_of(sheet) == [KEEP, FLEE]  # LEGIONS and the Daemon line: one-off
    standing.remember(st, {"a": sheet, "b": None})
    assert (st.players["a"].standing, st.players["a"].standing_turn) == ([KEEP, FLEE], 3)
    assert st.players["b"].standing == []


def resolve(st: HellState, sheets: dict, seed="s22"):
    return GAME.resolve(st.to_dict(), {p: sheets.get(p) for p in PLAYERS}, Dice(seed))


def test_a_player_who_sends_a_sheet_gets_only_what_he_sent_even_an_empty_one(
        make_state, monkeypatch):
    played = []
    real = turn.run_phases
    monkeypatch.setattr(turn, "run_phases", lambda st, sheets, *a: (
        played.append(dict(sheets)), real(st, sheets, *a))[1])
    st = state(make_state, standing_lines=[KEEP, FLEE])
    empty = GAME.check_orders(st.to_dict(), "a", "")
    res = resolve(st, {"a": empty})
    assert played[-1]["a"] is empty  # his sheet, not his standing orders
    assert not [e for e in res.events if e.kind == "orders-carried"]
    after = HellState.from_dict(res.state)
    assert (after.players["a"].standing, after.players["a"].standing_turn) == ([], 3)
    # a later turn he misses now plays on defaults
    res = resolve(after, {})
    assert played[-1]["a"] is None
    assert not [e for e in res.events if e.kind == "orders-carried"]


def test_a_missed_turn_through_the_whole_resolution_keeps_the_lines(make_state, monkeypatch):
    played = []
    real = turn.run_phases
    monkeypatch.setattr(turn, "run_phases", lambda st, sheets, *a: (
        played.append(dict(sheets)), real(st, sheets, *a))[1])
    st = state(make_state, hand=["arcana.frenzy"], standing_lines=[COUNTER, KEEP, FLEE])
    res = resolve(st, {})
    assert played[-1]["a"].canonical() == [KEEP, FLEE]
    mine = [e.text for e in res.events if e.kind == "orders-carried"]
    assert mine[0].startswith("You sent no orders: your standing orders from turn 2 were used")
    after = HellState.from_dict(res.state)
    # kept as he wrote them (the COUNTER too: used again once he holds the card), from
    # the sheet of turn 2, until a sheet he sends replaces them
    assert after.players["a"].standing == [COUNTER, KEEP, FLEE]
    assert after.players["a"].standing_turn == 2
    assert HellState.from_dict(res.state).to_dict() == res.state


def test_the_report_says_so_under_needs_your_attention(make_state):
    st = state(make_state, hand=["arcana.frenzy"], standing_lines=[COUNTER, FLEE])
    _, log = carried(st)
    state_ = st.to_dict()
    out = render_reports(GAME, {"name": "g", "game_type": "hellgame"},
                         {"name": "turn 3", "number": 3}, state_, state_, log.events, [],
                         {p: None for p in PLAYERS}, {}, PLAYERS, "turn 4", False)
    text = out["a"]["text"]
    top = text[text.index("NEEDS YOUR ATTENTION"):text.index("NEEDS YOUR ATTENTION") + 600]
    flat = " ".join(top.split())
    assert (f"- You sent no orders: your standing orders from turn 2 were used: {FLEE}. "
            "Every other decision took its default.") in flat
    assert f"- Not used this turn: {COUNTER} (you no longer hold {NAME})." in flat
    assert "every decision took its default." not in flat.replace("Every other", "")
    assert "We had no orders from you" not in text
    assert "All your orders were understood" not in text
    assert "You sent no orders" in out["a"]["html"]
    assert '"orders":"carried"' in out["a"]["json"]
    # another player who sent nothing and had no standing orders: the framework's line
    assert "We had no orders from you: every decision took its default." in out["b"]["text"]
    assert "You sent no orders" not in out["b"]["text"] + out["b"]["json"]


def test_the_form_after_a_missed_turn_carries_the_same_lines(make_state):
    """Sending nothing plays what sending the form back unchanged would."""
    st = state(make_state, hand=["arcana.frenzy"], standing_lines=[COUNTER, KEEP, FLEE])
    form = GAME.order_form(st.to_dict(), "a", None)
    live = [line for line in form.splitlines() if line and not line.startswith("#")]
    assert live[1:-1] == carried(st)[0]["a"].canonical() == [KEEP, FLEE]
    comments = " ".join(" ".join(line.lstrip("#").split()) for line in form.splitlines())
    assert "If you send no orders, they are used as they are" in comments
    assert GAME.check_orders(st.to_dict(), "a", form).problems == []


@pytest.mark.parametrize("lines, stored, expected", [
    (f"{KEEP}\nLEGIONS 1", [], "Standing orders: if you send no orders for a later turn, "
     "these lines of this sheet are used again"),
    ("LEGIONS 1", [FLEE], "This sheet has no standing orders: it replaces those of your "
     f"turn 2 sheet ({FLEE}). If you send no orders for a later turn, every decision takes "
     "its default."),
    ("LEGIONS 1", [], None),
])
def test_the_confirmation_says_which_lines_stand(make_state, lines, stored, expected):
    st = state(make_state, standing_lines=stored)
    sheet = GAME.check_orders(st.to_dict(), "a", lines)
    checked = Checked("g", "hellgame", "a", 3, "turn 3", sheet, {}, None)
    from pbem.confirm import confirmation_context

    text = " ".join(render("confirmation.txt.j2", confirmation_context(checked, True),
                           GAME.templates()).split())
    if expected is None:
        assert sheet.notes == [] and "Standing orders" not in text
    else:
        assert expected in text
        assert sheet.notes and OrderSheet.from_dict(sheet.to_dict()).notes == sheet.notes


def test_random_self_play_with_missed_turns_keeps_the_invariants():
    """Random games in which a player sends nothing for about one turn in three: the
    missed turns are played on the standing lines of his last sheet, and the game's
    invariants hold after every turn (test_selfplay.py)."""
    import random

    from test_selfplay import NAMES, check_invariants, random_sheet

    used = dropped = 0
    for seed in range(3):
        rng = random.Random(2200 + seed)
        seats = NAMES[:3 + seed]
        state, _, _ = GAME.new_game(seats, {}, Dice(f"missed-{seed}"))
        state = GAME.resolve(state, {p: None for p in seats}, Dice(f"missed-{seed}-0")).state
        for n in range(1, 7):
            sheets = {p: None if n > 1 and rng.random() < 0.35 else
                      GAME.check_orders(state, p, random_sheet(rng, state, p)) for p in seats}
            res = GAME.resolve(state, sheets, Dice(f"missed-{seed}-{n}"))
            carried_ = [e for e in res.events if e.kind == standing.CARRIED]
            assert all(len(e.visible_to) == 1 and sheets[e.visible_to[0]] is None
                       for e in carried_)
            used += sum(1 for e in carried_ if e.data.get("used"))
            dropped += sum(1 for e in carried_ if "line" in e.data)
            state = res.state
            check_invariants(state)
            if res.finished:
                break
    assert used > 0, (used, dropped)


def test_the_carried_orders_note_fits_a_phone_and_comes_first(make_state, tmp_path):
    """What the player sees (issue 20's first screen): on a 390 px phone the page does
    not scroll sideways, and the note on his standing orders is in "Needs your
    attention", above what changed for him."""
    from browser import overflows, require_browser

    require_browser()
    st = state(make_state, hand=["arcana.frenzy"], standing_lines=[COUNTER, FLEE])
    _, log = carried(st)
    state_ = st.to_dict()
    out = render_reports(GAME, {"name": "g", "game_type": "hellgame"},
                         {"name": "turn 3", "number": 3}, state_, state_, log.events, [],
                         {p: None for p in PLAYERS}, {}, PLAYERS, "turn 4", False)
    page = tmp_path / "a.html"
    page.write_text(out["a"]["html"], encoding="utf-8")
    [seen] = overflows([page], tmp_path)
    assert not seen.scrolls, str(seen)
    html = out["a"]["html"]
    attention = html.index('id="attention"')
    assert attention < html.index("You sent no orders") < html.index('id="happened"')
