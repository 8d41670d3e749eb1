"""HG-3.5-01 (000 §3.5): "any promises a player makes to other players may be broken at
any point during The HellGame, provided that no game rule is violated." The engine
enforces only transfers the rules make (IP-54): matched GIVE orders (IP-08) and passage
grants (IP-20); a promise made in press or in a trade offer binds nobody and costs
nothing to break. Checked through the Soul Phase (gifts.py)."""

from __future__ import annotations

from phase_runner import run_phase

from pbem.engine import ILLEGAL, INVALID
from pbem_games.hellgame import soul
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()
LIARS, SUGAR = "sectio.liars", "sectio.sugar-hill"


def players(**b):
    return {"a": {"souls": 5}, "b": b, "c": {}}


def test_hg_3_5_01_a_promise_is_no_order(make_state):
    """There is no order to promise anything: the line is not understood."""
    st = make_state(players=players())
    line = check_sheet(st, DATA, "a", "PROMISE b 3 SOULS").lines[0]
    assert (line.status, line.message) == (INVALID, "'PROMISE b 3 SOULS' is not an order "
                                                    "I know")


def test_hg_3_5_01_a_broken_promise_moves_nothing_and_costs_nothing(make_state):
    """b promised (in press) to sell LIARS to a for 3 Souls; a writes his half of the
    trade, b gives LIARS to c instead. Nothing binds b: a keeps his Souls, c gets
    LIARS, and b takes no Disfavour for it."""
    st = make_state(players=players(), owners={LIARS: "b", SUGAR: "b"})
    log = run_phase(soul.run, st, DATA, {"a": "GIVE b 3 SOULS IF b GIVES SECTIO Liars",
                                         "b": "GIVE c SECTIO Liars"})
    assert st.owners == {LIARS: "c", SUGAR: "b"}
    assert st.players["a"].souls == 5
    assert [p.disfavours for p in st.players.values()] == [0, 0, 0]
    assert [e.text for e in log.events if e.kind in ("trade-unmatched", "gift")] == [
        "a's trade with b does not happen: b gave no order to give LIARS in return.",
        "b gives c LIARS."]


def test_hg_3_5_01_a_promise_kept_is_a_plain_gift(make_state):
    """The same deal kept: b's GIVE matches a's offer and both halves happen (IP-08)."""
    st = make_state(players=players(), owners={LIARS: "b", SUGAR: "b"})
    run_phase(soul.run, st, DATA, {"a": "GIVE b 3 SOULS IF b GIVES SECTIO Liars",
                                   "b": "GIVE a SECTIO Liars"})
    assert st.owners == {LIARS: "a", SUGAR: "b"}
    assert st.players["a"].souls == 2


def test_hg_3_5_01_no_promise_lets_a_rule_be_broken(make_state):
    """"provided that no game rule is violated": a Favour promised can never be given
    (HG-7.2.1b-02), nor a player's last Sectio (HG-7.2.1b-03); both orders are refused
    when the sheet arrives, and nothing moves."""
    st = make_state(players={"a": {"favours": 2}, "b": {}, "c": {}}, owners={LIARS: "a"})
    sheet = check_sheet(st, DATA, "a", "GIVE b 1 FAVOUR\nGIVE b SECTIO Liars")
    assert [(r.status, r.rule) for r in sheet.lines] == [(ILLEGAL, "HG-7.2.1b-02"),
                                                         (ILLEGAL, "HG-7.2.1b-03")]
    run_phase(soul.run, st, DATA)
    assert st.owners == {LIARS: "a"} and st.players["a"].favours == 2
