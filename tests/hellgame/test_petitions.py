"""The Petitions Phase (chapter 12): games/hellgame/petitions.py and orders/petitions.py."""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem.engine import ACCEPTED, AMBIGUOUS, ILLEGAL, UNKNOWN, LineResult, OrderSheet
from pbem_games.hellgame import petitions
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log

LIARS = "sectio.liars"
FALSIFIERS = "sectio.falsifiers"
PARLIAMENT = "sectio.parliament-of-intolerance"
FOREST = "sectio.the-forest-of-suicides"
UNDER = "sectio.underachievers"


@pytest.fixture(scope="module")
def data():
    return load_data()


def sheet(player: str, *sectio: str) -> OrderSheet:
    """An already-checked sheet of PETITION orders."""
    return OrderSheet(player, [LineResult(i, f"PETITION {s}", ACCEPTED, order={
        "type": "PETITION", "sectio": s}) for i, s in enumerate(sectio, start=1)])


def run(st, sheets, data, dice=None):
    log = Log()
    dice = dice or Dice(script=[])
    petitions.run(st, sheets, dice, data, log)
    dice.finish()
    return log


def test_hg_12_0_01_petitions_come_after_all_combats():
    from pbem_games.hellgame import turn

    phases = list(turn.PHASES)
    assert phases.index("petitions") == phases.index("combat") + 1
    assert phases[-2:] == ["petitions", "end"]


def test_hg_12_1_01_hg_3_2_01_favour_petition_takes_an_unowned_sectio(make_state, data):
    st = make_state({"void": {"favours": 1}, "beast": {}, "mu": {}},
                    units=[("legion", "void", FALSIFIERS)])
    assert FALSIFIERS not in st.owners  # an empty Control Box: the First Fallen's
    log = run(st, {"void": sheet("void", FALSIFIERS)}, data)
    assert st.owners == {FALSIFIERS: "void"}
    assert st.players["void"].favours == 0
    assert [e.text for e in log.events if e.kind == "petition"] == [
        "void spends a Favour and takes control of FALSIFIERS, unowned until now (HG-12.0-04)."]


def test_hg_12_0_04_a_petition_may_take_another_players_sectio(make_state, data):
    st = make_state({"void": {}, "devourer": {"favours": 1}, "mu": {}},
                    owners={FALSIFIERS: "void", LIARS: "void"},
                    units=[("legion", "devourer", FALSIFIERS)])
    run(st, {"devourer": sheet("devourer", FALSIFIERS)}, data)
    assert st.owners == {FALSIFIERS: "devourer", LIARS: "void"}


def test_hg_12_0_05_hg_2_4_2_01_card_and_marker_change_hands_together(make_state, data):
    st = make_state({"void": {}, "devourer": {"favours": 1}, "mu": {}},
                    owners={FALSIFIERS: "void", LIARS: "void"},
                    units=[("legion", "devourer", FALSIFIERS)])
    run(st, {"devourer": sheet("devourer", FALSIFIERS)}, data)
    # One owners table is both the Control Box marker and the card in hand (HG-3.2-01).
    assert st.sectio_of("devourer") == [FALSIFIERS]
    assert st.sectio_of("void") == [LIARS]


def test_hg_12_0_02_any_number_of_petitions_rulebook_example(make_state, data):
    # 000 §12 example: the Devourer has one Favour and Legions in PARLIAMENT OF INTOLERANCE
    # and FALSIFIERS; it cashes in the Favour for FALSIFIERS and cannot pay for more.
    st = make_state({"void": {}, "devourer": {"favours": 1}, "mu": {}},
                    units=[("legion", "devourer", PARLIAMENT), ("legion", "devourer", FALSIFIERS)])
    log = run(st, {"devourer": sheet("devourer", FALSIFIERS, PARLIAMENT)}, data)
    assert st.owners == {FALSIFIERS: "devourer"}
    failed = [e for e in log.events if e.kind == "petition-failed"]
    assert [(e.visible_to, e.text) for e in failed] == [(("devourer",), (
        "Your petition for PARLIAMENT OF INTOLERANCE fails: you have no Favour to spend."))]


def test_hg_12_0_02_two_favours_pay_for_two_sectio(make_state, data):
    st = make_state({"void": {}, "devourer": {"favours": 2}, "mu": {}},
                    units=[("legion", "devourer", PARLIAMENT), ("legion", "devourer", FALSIFIERS)])
    run(st, {"devourer": sheet("devourer", FALSIFIERS, PARLIAMENT)}, data)
    assert st.sectio_of("devourer") == [FALSIFIERS, PARLIAMENT]
    assert st.players["devourer"].favours == 0


def test_hg_12_0_03_a_petition_needs_a_legion_in_the_sectio(make_state, data):
    # A lone Lieutenant is not enough.
    st = make_state({"a": {"favours": 1}, "b": {}, "c": {}},
                    units=[("lieutenant", "a", FALSIFIERS, "lieutenant.sulla")])
    log = run(st, {"a": sheet("a", FALSIFIERS)}, data)
    assert st.owners == {} and st.players["a"].favours == 1
    assert log.events[-1].text == ("Your petition for FALSIFIERS fails: you have no Legion in "
                                   "FALSIFIERS (HG-12.0-03).")


@pytest.mark.parametrize("other", [
    ("legion", "b", FALSIFIERS),                        # another player's Legion
    ("lieutenant", "b", FALSIFIERS, "lieutenant.sulla"),  # even a lone Lieutenant
    ("hellhound", None, FALSIFIERS, "hellhound.1"),     # a rampaging hound
    ("legion", None, FALSIFIERS),                       # a Freebooter
])
def test_hg_12_0_03_no_unfriendly_units_may_be_there(make_state, data, other):
    st = make_state({"a": {"favours": 1}, "b": {}, "c": {}},
                    units=[("legion", "a", FALSIFIERS), other])
    log = run(st, {"a": sheet("a", FALSIFIERS)}, data)
    assert st.owners == {} and st.players["a"].favours == 1
    assert [e.text for e in log.events if e.kind == "petition-failed"] == [
        "Your petition for FALSIFIERS fails: FALSIFIERS holds 1 unfriendly Unit (HG-12.0-03)."]


def test_hg_12_0_03_own_tamed_hound_is_friendly(make_state, data):
    st = make_state({"a": {"favours": 1}, "b": {}, "c": {}}, units=[
        ("legion", "a", FALSIFIERS),
        {"kind": "hellhound", "owner": "a", "location": FALSIFIERS, "minder": "u1"}])
    run(st, {"a": sheet("a", FALSIFIERS)}, data)
    assert st.owners == {FALSIFIERS: "a"}


def test_hg_14_1_01_a_favour_bound_by_a_disfavour_cannot_pay(make_state, data):
    st = make_state({"a": {"favours": 1, "disfavours": 1}, "b": {}, "c": {}},
                    units=[("legion", "a", FALSIFIERS)])
    log = run(st, {"a": sheet("a", FALSIFIERS)}, data)
    assert st.owners == {} and st.players["a"].favours == 1
    assert log.events[-1].text == (
        "Your petition for FALSIFIERS fails: you have no Favour to spend (each of your "
        "Favours is bound by a Disfavour, HG-14.1-01).")


def test_hg_12_1_01_ip_47_no_orders_no_petitions(make_state, data):
    st = make_state({"a": {"favours": 3}, "b": {}, "c": {}}, units=[("legion", "a", FALSIFIERS)])
    log = run(st, {"a": None, "b": None, "c": None}, data)
    assert st.owners == {} and st.players["a"].favours == 3
    assert log.events == []  # no combat won, no order, no Freebooters: nothing happens


def test_hg_15_2_01_losing_the_last_sectio_to_a_petition_rescues_the_loser(make_state, data):
    # b's only Sectio is FALSIFIERS; a takes it. FOREST, with 2 c Legions, has the most
    # Units, and c keeps UNDER, so FOREST goes to b with its Legions and 12 Souls.
    st = make_state({"a": {"favours": 1}, "b": {}, "c": {}},
                    owners={FALSIFIERS: "b", FOREST: "c", UNDER: "c"},
                    units=[("legion", "a", FALSIFIERS), ("legion", "c", FOREST),
                           ("legion", "c", FOREST)])
    log = run(st, {"a": sheet("a", FALSIFIERS)}, data)
    assert st.owners == {FALSIFIERS: "a", FOREST: "b", UNDER: "c"}
    assert [u.owner for u in st.units_at(FOREST)] == ["b", "b"]
    assert st.players["b"].souls == 12
    assert [e.rule for e in log.events[-2:]] == ["HG-12.1-01", "HG-15.2-01"]


def _conflict(make_state, first_rank: str, second_rank: str):
    """a petitions b's last Sectio (LIARS); b petitions UNDER, unowned and full of b's
    Legions. If b goes first he buys UNDER; if a goes first b is rescued with UNDER for
    free (it holds the most Units) and his own petition then finds it already his."""
    return make_state(
        {"a": {"favours": 1, "daemons": [first_rank]}, "b": {"favours": 1,
                                                             "daemons": [second_rank]},
         "c": {}},
        owners={LIARS: "b"},
        units=[("legion", "a", LIARS), ("legion", "b", UNDER), ("legion", "b", UNDER)])


def test_hg_12_0_02_a_27_higher_ranked_triumvirate_petitions_first(make_state, data):
    # a holds Sammael (rank 2), b holds Naburos (rank 61): a goes first.
    st = _conflict(make_state, "daemon.sammael", "daemon.naburos")
    assert petitions.petition_order(st, data) == ["a", "b", "c"]
    run(st, {"a": sheet("a", LIARS), "b": sheet("b", UNDER)}, data)
    assert st.owners == {LIARS: "a", UNDER: "b"}
    assert (st.players["a"].favours, st.players["b"].favours) == (0, 1)
    assert st.players["b"].souls == 6  # 2 x UNDERACHIEVERS' 3 Souls


def test_hg_12_0_02_a_27_lower_ranked_triumvirate_petitions_later(make_state, data):
    st = _conflict(make_state, "daemon.naburos", "daemon.sammael")
    assert petitions.petition_order(st, data) == ["b", "a", "c"]
    run(st, {"a": sheet("a", LIARS), "b": sheet("b", UNDER)}, data)
    assert st.owners == {LIARS: "a", UNDER: "b"}
    assert (st.players["a"].favours, st.players["b"].favours) == (0, 0)
    assert st.players["b"].souls == 0


def test_a_27_incapacitated_daemons_do_not_set_the_order(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.sammael", "daemon.naburos"]},
                     "b": {"daemons": ["daemon.baal"]}, "c": {"daemons": ["daemon.caim"]}},
                    daemons={"daemon.sammael": {"incapacitated": True},
                             "daemon.caim": {"incapacitated": True}})
    # a acts at Naburos (61) after b's Baal (14); c has no active Daemon and comes last.
    assert petitions.petition_order(st, data) == ["b", "a", "c"]


# -- the PETITION order ------------------------------------------------------------------
def check(st, data, player, text):
    from pbem_games.hellgame.orders import check_sheet

    return check_sheet(st, data, player, text).lines


def test_hg_12_1_01_petition_order_canonical_text(make_state, data):
    st = make_state(["a", "b", "c"], owners={LIARS: "b"})
    lines = check(st, data, "a", "petition liars\nPETITION falsif")
    assert [(r.status, r.canonical, r.order) for r in lines] == [
        (ACCEPTED, "PETITION LIARS", {"type": "PETITION", "sectio": LIARS}),
        (ACCEPTED, "PETITION FALSIFIERS", {"type": "PETITION", "sectio": FALSIFIERS}),
    ]


def test_hg_12_1_01_petition_for_own_sectio_is_illegal(make_state, data):
    st = make_state(["a", "b", "c"], owners={LIARS: "a"})
    [r] = check(st, data, "a", "PETITION Liars")
    assert (r.status, r.message, r.rule) == (ILLEGAL, "LIARS is already yours", "HG-12.1-01")


def test_hg_12_1_01_petition_unknown_sectio_suggests(make_state, data):
    st = make_state(["a", "b", "c"])
    [r] = check(st, data, "a", "PETITION Lairs")
    assert r.status == UNKNOWN
    assert r.message == "there is no Sectio called 'Lairs'"
    assert r.hint.startswith("did you mean LIARS")


def test_hg_12_1_01_petition_ambiguous_sectio_lists_candidates(make_state, data):
    st = make_state(["a", "b", "c"])
    [r] = check(st, data, "a", "PETITION ba")
    assert r.status == AMBIGUOUS
    assert r.message == "'ba' matches 3 Sectio: BAD PEOPLE, BANKERS AND BROKERS, " \
        "BASEMENT OF WANTON KILLERS"


def test_hg_12_1_01_petition_is_a_turn_order_not_a_setup_order(make_state, data):
    st = make_state(["a", "b", "c"], turn=0)
    [r] = check(st, data, "a", "PETITION LIARS")
    assert r.status == ILLEGAL
