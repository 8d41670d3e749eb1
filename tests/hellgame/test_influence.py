"""The Diplomacy Action Influence Units (9.7.1) and bribes (9.7.1.2): action/diplomacy.py.

Each test builds an ActionCtx by hand, parses the order text as the core would, runs it
with scripted dice and checks the exact outcome.
"""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem.engine import ILLEGAL, INVALID
from pbem_games.hellgame.action.context import ActionCtx, Queue
from pbem_games.hellgame.action.diplomacy import parse_influence, run_influence
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.errors import OrderError
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import Ctx
from pbem_games.hellgame.state import HellState

LIARS, SUGAR, SPIES = "sectio.liars", "sectio.sugar-hill", "sectio.spies"
BAAL, GOMORY, UKOBACH = "daemon.baal", "daemon.gomory", "daemon.ukobach"  # 3, 4, 2 Hearts


@pytest.fixture(scope="module")
def data():
    return load_data()


def influence(st, data, text, script=(), daemon=BAAL):
    """Parse `text` (what follows INFLUENCE) for the Daemon's owner and run it; returns
    (reason, log). Every scripted die must be used."""
    player = st.daemons[daemon].owner
    _, order = parse_influence(text, Ctx(st, data, player))
    dice = Dice(script=list(script))
    actx = ActionCtx(st, data, dice, Log(), {}, Queue(), player, daemon)
    reason = run_influence(actx, order)
    dice.finish()
    return reason, actx.log


def texts(log):
    return [e.text for e in log.events]


def owners(st):
    return [(u.id, u.kind, u.owner, u.location) for u in st.units]


def game(make_state, units, a=None, owned=None, **kw):
    """Player a (Baal, 3 Hearts) influences; b and c are the others."""
    return make_state({"a": {"daemons": [BAAL], **(a or {})}, "b": {}, "c": {}},
                      owners=owned or {}, units=units, **kw)


# -- the rulebook's examples --------------------------------------------------------------

def test_hg_9_7_1_example_influencing_units_gomory(make_state, data):
    """000 §9.7.1 "Influencing Units": Gomory (4 Hearts) lures a Horned One Legion at
    home, pays a Favour, bribes 2 Souls on the first die and 1 on the second, rolls 6
    and 5 (4 and 4) and exchanges it for one of her own Legions."""
    st = make_state({"devourer": {"daemons": [GOMORY], "favours": 1, "souls": 3},
                     "horned": {}, "key": {}},
                    owners={LIARS: "horned"}, units=[("legion", "horned", LIARS)])
    reason, log = influence(st, data, "LEGION AT Liars DEFECT TO ME BRIBE 2,1 PAY FAVOUR",
                            [6, 5], daemon=GOMORY)
    assert reason is None
    assert owners(st) == [("u1", "legion", "devourer", LIARS)]
    assert (st.players["devourer"].favours, st.players["devourer"].souls) == (0, 0)
    assert texts(log) == [
        "Gomory (devourer) tries to make a Legion of horned in LIARS change sides to "
        "devourer; pays 1 Favour because it is at home and 3 Souls of bribes (2,1).",
        "Gomory rolls against 4 Hearts: 6-2=4, 5-1=4: success.",
        "horned's Legion in LIARS now serves devourer."]
    assert [e.rule for e in log.events] == ["HG-9.7.1-01", "HG-9.7.1-03", "HG-9.7.1-08"]


def test_hg_9_7_1_2_01_example_action_phase_ukobach_bribes_and_disbands(make_state, data):
    """000 §9.7 "Example: Action Phase": Ukobach (2 Hearts) bribes a Beast Legion with
    two Souls, needs 4 or less, rolls a 3 and the Legion is removed."""
    st = make_state({"void": {"daemons": [UKOBACH], "souls": 2}, "beast": {}, "key": {}},
                    owners={LIARS: "void"}, units=[("legion", "beast", LIARS)])
    reason, log = influence(st, data, "LEGION AT Liars DISBAND BRIBE 2", [3], daemon=UKOBACH)
    assert reason is None
    assert st.units == [] and st.players["void"].souls == 0
    assert texts(log)[1:] == ["Ukobach rolls against 2 Hearts: 3-2=1: success.",
                              "beast's Legion in LIARS disbands and is removed from the map."]


# -- 9.7.1 who may be influenced ----------------------------------------------------------

def test_hg_9_7_1_01_names_one_unit_of_another_triumvirate(make_state, data):
    st = game(make_state, [("legion", "a", LIARS), ("legion", "c", LIARS)])
    reason, _ = influence(st, data, "LEGION AT Liars", [1])
    assert reason is None
    assert owners(st) == [("u1", "legion", "a", LIARS)]


def test_hg_9_7_1_01_own_units_cannot_be_targeted(make_state, data):
    st = game(make_state, [("legion", "a", LIARS), ("lieutenant", "a", SPIES, "lieutenant.sulla")])
    before = st.to_dict()
    reason, log = influence(st, data, "LEGION AT Liars")
    assert reason == "there is no Legion of another Triumvirate in LIARS"
    assert st.to_dict() == before and log.events == []
    with pytest.raises(OrderError) as e:
        parse_influence("LIEUTENANT Sulla", Ctx(st, data, "a"))
    assert (e.value.status, e.value.message) == (ILLEGAL, "Sulla is your own Lieutenant")
    with pytest.raises(OrderError) as e:
        parse_influence("LEGION OF a AT Liars", Ctx(st, data, "a"))
    assert e.value.status == ILLEGAL


def test_hg_9_7_1_01_a_34b_freebooters_cannot_be_influenced(make_state, data):
    st = game(make_state, [("legion", None, LIARS),
                           ("lieutenant", None, SPIES, "lieutenant.sulla")])
    reason, _ = influence(st, data, "LEGION AT Liars")
    assert reason == "there is no Legion of another Triumvirate in LIARS"
    with pytest.raises(OrderError) as e:
        parse_influence("LEGION OF Freebooters AT Liars", Ctx(st, data, "a"))
    assert e.value.status == ILLEGAL and "A-34b" in e.value.message
    with pytest.raises(OrderError) as e:
        parse_influence("LIEUTENANT Sulla", Ctx(st, data, "a"))
    assert e.value.message == "Sulla is a Freebooter: Freebooters cannot be influenced"


def test_hg_9_7_1_05_legions_stacked_with_a_lieutenant_cannot_be_targeted(make_state, data):
    st = game(make_state, [("legion", "b", LIARS), ("lieutenant", "b", LIARS, "lieutenant.sulla")])
    before = st.to_dict()
    reason, _ = influence(st, data, "LEGION AT Liars")
    assert reason == ("every Legion of another Triumvirate in LIARS is stacked with a "
                      "Lieutenant: target the Lieutenant (HG-9.7.1-05)")
    assert st.to_dict() == before


def test_hg_9_7_1_05_another_players_lieutenant_does_not_protect(make_state, data):
    """"Stacked with" means the same place and the same owner (module docstring)."""
    st = game(make_state, [("legion", "b", LIARS), ("lieutenant", "c", LIARS, "lieutenant.sulla")])
    reason, _ = influence(st, data, "LEGION OF b AT Liars", [2])
    assert reason is None
    assert owners(st) == [("u2", "lieutenant", "c", LIARS)]


def test_hg_9_7_1_10_hellhounds_cannot_be_influenced(make_state, data):
    st = game(make_state, [])
    with pytest.raises(OrderError) as e:
        parse_influence("HELLHOUND AT Liars", Ctx(st, data, "a"))
    assert (e.value.status, e.value.rule) == (ILLEGAL, "HG-9.7.1-10")


# -- 9.7.1 the Favour for a Unit at home --------------------------------------------------

def test_hg_9_7_1_02_at_home_without_pay_favour_is_passed_over(make_state, data):
    st = game(make_state, [("legion", "b", LIARS)], a={"favours": 2}, owned={LIARS: "b"})
    before = st.to_dict()
    reason, log = influence(st, data, "LEGION AT Liars")
    assert reason == ("a Legion of b is at home in LIARS and the order does not say PAY "
                      "FAVOUR (HG-9.7.1-02)")
    assert st.to_dict() == before and log.events == []


def test_hg_9_7_1_02_a_34a_the_favour_is_paid_for_a_failed_disband_too(make_state, data):
    st = game(make_state, [("legion", "b", LIARS)], a={"favours": 2}, owned={LIARS: "b"})
    reason, log = influence(st, data, "LEGION AT Liars DISBAND PAY FAVOUR", [4])
    assert reason is None
    assert st.players["a"].favours == 1 and len(st.units) == 1
    assert texts(log)[1] == "Baal rolls against 3 Hearts: 4: the attempt fails."


def test_hg_9_7_1_02_hg_14_1_01_a_bound_favour_cannot_pay(make_state, data):
    st = game(make_state, [("legion", "b", LIARS)], a={"favours": 1, "disfavours": 1},
              owned={LIARS: "b"})
    reason, _ = influence(st, data, "LEGION AT Liars PAY FAVOUR")
    assert reason == ("a Legion of b is at home and a has no free Favour to pay "
                      "(HG-9.7.1-02, HG-14.1-01)")
    assert st.players["a"].favours == 1


def test_hg_9_7_1_02_no_favour_away_from_home(make_state, data):
    st = game(make_state, [("legion", "b", LIARS)], a={"favours": 1}, owned={LIARS: "c"})
    influence(st, data, "LEGION AT Liars PAY FAVOUR", [1])
    assert st.players["a"].favours == 1 and st.units == []


# -- 9.7.1 the rolls ---------------------------------------------------------------------

def test_hg_9_7_1_03_hg_9_7_1_06_one_success_disbands_a_legion(make_state, data):
    st = game(make_state, [("legion", "b", LIARS), ("legion", "b", SPIES)])
    influence(st, data, "LEGION AT Liars DISBAND", [3])  # 3 Hearts: 3 succeeds
    assert owners(st) == [("u2", "legion", "b", SPIES)]


def test_hg_9_7_1_03_two_successes_in_a_row_turn_a_legion(make_state, data):
    st = game(make_state, [("legion", "b", LIARS)])
    influence(st, data, "LEGION AT Liars DEFECT", [1, 3])
    assert owners(st) == [("u1", "legion", "a", LIARS)]


def test_hg_9_7_1_03_a_failed_second_roll_fails_the_attempt(make_state, data):
    st = game(make_state, [("legion", "b", LIARS)])
    reason, log = influence(st, data, "LEGION AT Liars DEFECT", [1, 4])
    assert reason is None  # the Action was taken, and failed
    assert owners(st) == [("u1", "legion", "b", LIARS)]
    assert texts(log)[-1] == "Baal rolls against 3 Hearts: 1, 4: the attempt fails."


def test_hg_9_7_1_03_a_failed_first_roll_ends_the_attempt(make_state, data):
    st = game(make_state, [("legion", "b", LIARS)])
    _, log = influence(st, data, "LEGION AT Liars DEFECT", [5])  # no second die
    assert texts(log)[-1] == "Baal rolls against 3 Hearts: 5: the attempt fails."


def test_hg_9_7_1_04_hg_9_7_1_07_two_successes_disband_a_lieutenant(make_state, data):
    st = game(make_state, [("lieutenant", "b", LIARS, "lieutenant.sulla"),
                           ("legion", "b", LIARS)])
    _, log = influence(st, data, "LIEUTENANT Sulla DISBAND", [2, 3])
    assert owners(st) == [("u2", "legion", "b", LIARS)]  # his Units stay
    assert st.lieutenant_return == ["lieutenant.sulla"]
    assert texts(log)[-1] == ("Lieutenant Sulla of b disbands and goes to the Return box; "
                              "the Units with him stay.")
    assert log.events[-1].rule == "HG-9.7.1-07"


def test_hg_9_7_1_04_a_lieutenant_needs_three_successes_to_defect(make_state, data):
    st = game(make_state, [("lieutenant", "b", LIARS, "lieutenant.sulla")])
    influence(st, data, "LIEUTENANT Sulla DEFECT", [1, 2, 4])
    assert st.units[0].owner == "b"
    influence(st, data, "LIEUTENANT Sulla DEFECT", [1, 2, 3])
    assert st.units[0].owner == "a"


# -- 9.7.1 where a defector goes -----------------------------------------------------------

def test_hg_9_7_1_08_a_defector_may_join_another_player(make_state, data):
    st = game(make_state, [("legion", "b", LIARS)])
    _, log = influence(st, data, "LEGION AT Liars DEFECT TO c", [1, 1])
    assert owners(st) == [("u1", "legion", "c", LIARS)]
    assert texts(log)[0].endswith("change sides to c.")


def test_hg_9_7_1_08_a_defector_may_become_a_freebooter(make_state, data):
    st = game(make_state, [("legion", "b", LIARS)])
    _, log = influence(st, data, "LEGION AT Liars DEFECT TO FREEBOOTERS", [1, 1])
    assert owners(st) == [("u1", "legion", None, LIARS)]
    assert texts(log)[-1] == "b's Legion in LIARS now serves the Freebooters."


def test_hg_9_7_1_08_a_34c_a_side_without_counters_is_skipped(make_state, data):
    full = [("legion", "a", SPIES)] * 12
    st = game(make_state, [("legion", "b", LIARS), *full])
    influence(st, data, "LEGION AT Liars DEFECT TO ME, c", [1, 1])
    assert st.units[0].owner == "c"


def test_hg_9_7_1_08_a_34c_freebooters_when_no_side_named_can_take_it(make_state, data):
    full = [("legion", "a", SPIES)] * 12
    st = game(make_state, [("legion", "b", LIARS), *full])
    _, log = influence(st, data, "LEGION AT Liars DEFECT", [1, 1])
    assert st.units[0].owner is None
    assert texts(log)[0] == (
        "Baal (a) tries to make a Legion of b in LIARS change sides to the Freebooters (no "
        "side named can take it (its own side, or no free Legion counter), so it goes to "
        "the Freebooters (A-34c)).")


def test_hg_9_7_1_09_a_lieutenant_takes_his_leadership_in_legions_minders_first(
        make_state, data):
    """Sulla has Leadership 3; four Legions of b are with him, the newest minds a hound."""
    st = game(make_state, [("lieutenant", "b", LIARS, "lieutenant.sulla"),
                           ("lieutenant", "b", LIARS, "lieutenant.verin"),
                           ("legion", "b", LIARS), ("legion", "b", LIARS),
                           ("legion", "b", LIARS), ("legion", "b", LIARS),
                           {"kind": "hellhound", "owner": "b", "location": LIARS,
                            "ref": "hellhound.1", "minder": "u6"}])
    _, log = influence(st, data, "LIEUTENANT Sulla DEFECT", [1, 1, 1])
    assert owners(st) == [
        ("u1", "lieutenant", "a", LIARS), ("u2", "lieutenant", "b", LIARS),
        ("u3", "legion", "a", LIARS), ("u4", "legion", "a", LIARS),
        ("u5", "legion", "b", LIARS), ("u6", "legion", "a", LIARS),
        ("u7", "hellhound", "a", LIARS)]
    assert texts(log)[-1] == ("Lieutenant Sulla of b now serves a, taking 3 Legions of b "
                              "with him and 1 Hellhound minded by them.")


def test_hg_9_7_1_09_with_n_legions_and_free_counters_limit_the_followers(make_state, data):
    st = game(make_state, [("lieutenant", "b", LIARS, "lieutenant.sulla"),
                           ("legion", "b", LIARS), ("legion", "b", LIARS)])
    influence(st, data, "LIEUTENANT Sulla DEFECT WITH 1 LEGION", [1, 1, 1])
    assert [u.owner for u in st.units] == ["a", "a", "b"]
    st = game(make_state, [("lieutenant", "b", LIARS, "lieutenant.sulla"),
                           ("legion", "b", LIARS), ("legion", "b", LIARS),
                           *[("legion", "a", SPIES)] * 11])
    influence(st, data, "LIEUTENANT Sulla DEFECT", [1, 1, 1])
    assert [u.owner for u in st.units[:3]] == ["a", "a", "b"]  # 1 free counter


def test_hg_9_7_1_09_a_34_bonus_pay_does_not_follow_a_defector(make_state, data):
    st = game(make_state, [{"kind": "lieutenant", "owner": "b", "location": LIARS,
                            "ref": "lieutenant.sulla", "bonus_pay": 1}])
    influence(st, data, "LIEUTENANT Sulla DEFECT", [1, 1, 1])
    assert (st.units[0].owner, st.units[0].bonus_pay) == ("a", 0)


def test_hg_9_7_1_10_a_hound_follows_its_minder(make_state, data):
    st = game(make_state, [("legion", "b", LIARS),
                           {"kind": "hellhound", "owner": "b", "location": LIARS,
                            "ref": "hellhound.2", "minder": "u1"}])
    _, log = influence(st, data, "MINDER AT Liars DEFECT", [1, 1])
    assert owners(st) == [("u1", "legion", "a", LIARS), ("u2", "hellhound", "a", LIARS)]
    assert st.units[1].minder == "u1"
    assert texts(log)[-1] == "b's Legion in LIARS now serves a, and Hellhound 2 with it."


def test_hg_9_7_1_10_a_disbanded_minders_hound_rampages(make_state, data):
    st = game(make_state, [("legion", "b", LIARS),
                           {"kind": "hellhound", "owner": "b", "location": LIARS,
                            "ref": "hellhound.2", "minder": "u1"}])
    _, log = influence(st, data, "MINDER AT Liars", [1, 5])  # its Compass move: 5, stays
    assert owners(st) == [("u2", "hellhound", None, LIARS)]
    assert st.is_rampaging(st.units[0])
    assert [(e.kind, e.rule) for e in log.events][-2:] == [
        ("hound-rampage", "HG-9.7.1-10"), ("hound-loose", "HG-10.3-02")]


def test_ip_26_legion_prefers_a_legion_minding_no_hound(make_state, data):
    st = game(make_state, [("legion", "b", LIARS), ("legion", "b", LIARS),
                           {"kind": "hellhound", "owner": "b", "location": LIARS,
                            "ref": "hellhound.2", "minder": "u1"}])
    influence(st, data, "LEGION AT Liars", [1])
    assert [u.id for u in st.units] == ["u1", "u3"]


# -- 9.7.1.2 bribes and Bonus Pay --------------------------------------------------------

def test_hg_9_7_1_2_01_bribes_are_paid_before_the_rolls_even_when_they_fail(make_state, data):
    st = game(make_state, [("legion", "b", LIARS)], a={"souls": 5})
    _, log = influence(st, data, "LEGION AT Liars DEFECT BRIBE 0,2", [4])
    assert st.players["a"].souls == 3 and st.units[0].owner == "b"
    assert texts(log)[-1] == "Baal rolls against 3 Hearts: 4: the attempt fails."


def test_hg_9_7_1_2_01_ip_26_a_total_bribe_is_spread_evenly(make_state, data):
    st = game(make_state, [("lieutenant", "b", LIARS, "lieutenant.sulla")], a={"souls": 9})
    _, log = influence(st, data, "LIEUTENANT Sulla DEFECT BRIBE 4", [5, 5])
    assert texts(log)[1] == "Baal rolls against 3 Hearts: 5-2=3, 5-1=4: the attempt fails."
    assert log.events[0].data["bribes"] == [2, 1, 1]
    assert st.players["a"].souls == 5


def test_hg_9_7_1_2_01_a_bribe_is_the_most_that_is_paid(make_state, data):
    st = game(make_state, [("legion", "b", LIARS)], a={"souls": 1})
    _, log = influence(st, data, "LEGION AT Liars DEFECT BRIBE 2,2", [4, 3])
    assert log.events[0].data["bribes"] == [1, 0]
    assert texts(log)[0].endswith("The order offers 4 Souls of bribes, more than a had.")
    assert st.players["a"].souls == 0 and st.units[0].owner == "a"


def test_hg_9_7_1_2_02_bonus_pay_adds_one_per_soul_to_every_die(make_state, data):
    st = game(make_state, [{"kind": "lieutenant", "owner": "b", "location": LIARS,
                            "ref": "lieutenant.sulla", "bonus_pay": 2}], a={"souls": 2})
    _, log = influence(st, data, "LIEUTENANT Sulla DISBAND BRIBE 1,1", [2, 2])
    assert texts(log)[0].endswith("Bonus Pay on him adds +2 to every die (HG-9.7.1.2-02).")
    assert texts(log)[1] == "Baal rolls against 3 Hearts: 2-1+2=3, 2-1+2=3: success."
    st = game(make_state, [{"kind": "lieutenant", "owner": "b", "location": LIARS,
                            "ref": "lieutenant.sulla", "bonus_pay": 1}])
    _, log = influence(st, data, "LIEUTENANT Sulla DISBAND", [3])
    assert texts(log)[1] == "Baal rolls against 3 Hearts: 3+1=4: the attempt fails."


# -- IP-26 target fallbacks ----------------------------------------------------------------

def test_ip_26_targets_are_tried_in_order(make_state, data):
    st = game(make_state, [("legion", "b", LIARS), ("lieutenant", "b", LIARS, "lieutenant.sulla"),
                           ("legion", "c", SUGAR)], owned={SUGAR: "c"})
    _, log = influence(st, data, "LEGION AT Liars OR LEGION AT Sugar Hill OR LEGION AT Spies "
                       "OR LIEUTENANT Sulla AT Liars", [1, 1])
    assert [u.id for u in st.units] == ["u1", "u3"]
    assert texts(log)[:2] == [
        "Baal (a) passes over a target: every Legion of another Triumvirate in LIARS is "
        "stacked with a Lieutenant: target the Lieutenant (HG-9.7.1-05).",
        "Baal (a) passes over a target: a Legion of c is at home in SUGAR HILL and the "
        "order does not say PAY FAVOUR (HG-9.7.1-02)."]
    assert len(log.events) == 6  # 3 passed over, the attempt, the rolls, the outcome


def test_ip_26_when_no_target_can_be_attempted_nothing_changes(make_state, data):
    st = game(make_state, [("legion", "b", LIARS)], a={"souls": 3}, owned={LIARS: "b"})
    before = st.to_dict()
    reason, log = influence(st, data, "LEGION AT Liars OR LIEUTENANT Sulla BRIBE 3")
    assert reason == ("a Legion of b is at home in LIARS and the order does not say PAY "
                      "FAVOUR (HG-9.7.1-02); Lieutenant Sulla is not on the map")
    assert st.to_dict() == before and log.events == []


def test_ip_26_a_lieutenant_named_at_a_place_must_be_there(make_state, data):
    st = game(make_state, [("lieutenant", "b", LIARS, "lieutenant.sulla")])
    reason, _ = influence(st, data, "LIEUTENANT Sulla AT Sugar Hill")
    assert reason == "Lieutenant Sulla is not in SUGAR HILL"


# -- Gomory's ability --------------------------------------------------------------------

def test_gomory_may_reroll_one_influence_die(make_state, data):
    st = make_state({"a": {"daemons": [GOMORY]}, "b": {}, "c": {}},
                    units=[("legion", "b", LIARS)])
    _, log = influence(st, data, "LEGION AT Liars DEFECT REROLL", [6, 2, 5], daemon=GOMORY)
    assert texts(log)[1] == ("Gomory rolls against 4 Hearts: 6 re-rolled (Gomory), 2, 5: "
                             "the attempt fails.")
    with pytest.raises(OrderError) as e:
        parse_influence("LEGION AT Liars REROLL", Ctx(game(make_state, []), data, "a"))
    assert e.value.message == "only Gomory may re-roll an Influence die"


# -- the order text ----------------------------------------------------------------------

@pytest.mark.parametrize("text, canonical", [
    ("lieutenant sulla at sugar hill defect to me bribe 1,1 pay favour",
     "INFLUENCE LIEUTENANT Sulla AT SUGAR HILL DEFECT TO ME BRIBE 1,1 PAY FAVOUR"),
    ("lt sulla defect to c, freebooters with 2 legions bribe 1, 0, 2",
     "INFLUENCE LIEUTENANT Sulla DEFECT TO c, FREEBOOTERS WITH 2 LEGIONS BRIBE 1,0,2"),
    ("legion of b at liars or minder at antehell bribe 3",
     "INFLUENCE LEGION OF b AT LIARS OR MINDER AT AnteHell DISBAND BRIBE 3"),
])
def test_ip_26_the_order_reads_back_in_canonical_form(make_state, data, text, canonical):
    ctx = Ctx(game(make_state, []), data, "a")
    got, order = parse_influence(text, ctx)
    assert got == canonical
    assert parse_influence(canonical.removeprefix("INFLUENCE "), ctx) == (got, order)


@pytest.mark.parametrize("text, status, message", [
    ("", INVALID, "INFLUENCE needs a target"),
    ("legion liars", INVALID, "'legion liars' is not a target I understand"),
    ("legion at liars disband defect", INVALID, "DISBAND and DEFECT cannot both be given"),
    ("legion at liars bribe 2 bribe 3", INVALID, "BRIBE is given twice"),
    ("legion at liars bribe 1,1", ILLEGAL,
     "BRIBE names 2 dice but DISBAND rolls at most 1 die here"),
    ("legion at liars with 2", ILLEGAL, "WITH <n> LEGIONS is only for a Lieutenant who defects"),
    ("legion at liars defect to", INVALID, "'defect to' is not understood"),
])
def test_ip_26_bad_orders_say_what_is_wrong(make_state, data, text, status, message):
    with pytest.raises(OrderError) as e:
        parse_influence(text, Ctx(game(make_state, []), data, "a"))
    assert (e.value.status, e.value.message) == (status, message)


def test_the_state_still_round_trips_after_an_influence(make_state, data):
    st = game(make_state, [("lieutenant", "b", LIARS, "lieutenant.sulla"), ("legion", "b", LIARS)])
    influence(st, data, "LIEUTENANT Sulla DEFECT TO FREEBOOTERS", [1, 1, 1])
    d = st.to_dict()
    assert HellState.from_dict(d).to_dict() == d


def test_the_documented_examples_parse(make_state, data):
    """docs/orders-hellgame.md: every `<Daemon>: INFLUENCE ...` example is accepted."""
    import re
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "orders-hellgame.md").read_text()
    examples = re.findall(r"`\w+: INFLUENCE ([^`]*)`", doc)
    assert len(examples) >= 2
    st = make_state({"a": {"daemons": [GOMORY]}, "beast": {}, "c": {}})
    for text in examples:
        parse_influence(text, Ctx(st, data, "a"))
