"""Version I's optional rules as game variants (rules-checklist §1.12): combat avoided by
agreement, quick small combats, the three-round limit, full value when all Sectio are
isolated, and allies' petitions. Scripted dice, exact outcomes."""

from __future__ import annotations

from phase_runner import run_phase

from pbem.dice import Dice
from pbem.engine import ILLEGAL
from pbem_games.hellgame import combat, petitions, soul
from pbem_games.hellgame.combat.v1 import avoids_combat
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.game import HellGame
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet
from pbem_games.hellgame.state import HellState

DATA = load_data()
THIEVES, SH, LIARS = "sectio.thieves", "sectio.sugar-hill", "sectio.liars"
SPIES, FALSIFIERS = "sectio.spies", "sectio.falsifiers"
PLAYERS = {"a": {}, "b": {}, "c": {}}
AVOID = {"v1_avoid_combat": True}


def kinds(log) -> list[str]:
    return [e.kind for e in log.events]


def owners_at(st, sectio) -> list[str]:
    return [u.owner for u in st.units_at(sectio)]


def test_v1_variants_are_listed_off_by_default():
    for v in ("v1_avoid_combat", "v1_quick_combat", "v1_three_rounds",
              "v1_isolation_full_value"):
        assert v in HellGame.variants


# -- HG-V1-11.3.1 avoiding a combat ------------------------------------------------------

def test_hg_v1_11_3_1_01_all_agree_and_few_legions_no_combat(make_state):
    # v1 11.3.1 example: THIEVES yields 3 Souls, so three Triumvirates with a Legion each
    st = make_state(players=PLAYERS, variants=AVOID,
                    units=[("legion", "a", THIEVES), ("legion", "b", THIEVES),
                           ("legion", "c", THIEVES)])
    log = run_phase(combat.run, st, DATA, orders={"a": "AVOID COMBAT IN Thieves",
                                                  "b": "AVOID COMBAT ANYWHERE",
                                                  "c": "AVOID COMBAT IN Liars, Thieves"})
    assert kinds(log) == ["combat-avoided"]
    assert log.events[0].rule == "HG-V1-11.3.1-02"
    assert owners_at(st, THIEVES) == ["a", "b", "c"]
    assert st.combat_avoided == [THIEVES] and st.combat_wins == {}
    d = st.to_dict()
    assert HellState.from_dict(d).to_dict() == d


def test_hg_v1_11_3_1_01_default_is_to_fight(make_state):
    st = make_state(players=PLAYERS, variants=AVOID,
                    units=[("legion", "a", THIEVES)] * 2 + [("legion", "b", THIEVES)])
    # b gives no AVOID COMBAT: a hits twice, b misses, b's Legion fails its save
    log = run_phase(combat.run, st, DATA, orders={"a": "AVOID COMBAT ANYWHERE"},
                    script=[6, 6, 1, 3])
    assert "combat-avoided" not in kinds(log)
    assert owners_at(st, THIEVES) == ["a", "a"] and st.combat_avoided == []
    assert st.combat_wins == {THIEVES: {"winners": ["a"], "rounds": 1}}


def test_hg_v1_11_3_1_01_more_legions_than_printed_souls_fight(make_state):
    st = make_state(players=PLAYERS, variants=AVOID,
                    units=[("legion", "a", THIEVES)] * 3 + [("legion", "b", THIEVES)])
    log = run_phase(combat.run, st, DATA, orders={"a": "AVOID COMBAT ANYWHERE",
                                                  "b": "AVOID COMBAT ANYWHERE"},
                    script=[6, 1, 1, 1, 3])
    assert kinds(log)[0] == "combat-not-avoided"
    assert log.events[0].text == ("In THIEVES all agree to avoid combat, but 4 Legions are "
                                  "more than its 3 Souls: they fight")
    assert owners_at(st, THIEVES) == ["a"] * 3 and st.combat_avoided == []


def test_hg_v1_11_3_1_01_a_rampaging_hound_or_freebooters_always_fight(make_state):
    for other in [("hellhound", None, THIEVES, "hellhound.1"), ("legion", None, THIEVES)]:
        st = make_state(players=PLAYERS, variants=AVOID,
                        units=[("legion", "a", THIEVES), ("legion", "b", THIEVES), other])
        sheets = {p: check_sheet(st, DATA, p, "AVOID COMBAT ANYWHERE") for p in "ab"}
        assert not avoids_combat(st, sheets, DATA, Log(), THIEVES)
        assert st.combat_avoided == []


def test_hg_v1_11_3_1_01_refused_without_the_variant(make_state):
    st = make_state(players=PLAYERS)
    line = check_sheet(st, DATA, "a", "AVOID COMBAT IN Thieves").lines[0]
    assert line.status == ILLEGAL and line.rule == "HG-V1-11.3.1-01"
    on = make_state(players=PLAYERS, variants=AVOID)
    assert check_sheet(on, DATA, "a", "avoid combat in thieves, thieves").orders == [
        {"type": "AVOID COMBAT", "sectio": [THIEVES]}]


def test_hg_v1_11_3_1_02_no_souls_in_the_next_soul_phase(make_state):
    st = make_state(players=PLAYERS, variants=AVOID, owners={THIEVES: "a", SH: "a"},
                    combat_avoided=[THIEVES])
    assert soul.sectio_income(st, DATA, "a") == [(SH, 4, "4"), (THIEVES, 0, "combat avoided")]
    run_phase(soul.run, st, DATA)
    assert st.players["a"].souls == 4
    assert st.combat_avoided == []  # only the next Soul Phase


# -- HG-V1-11.3.5 quick small combats ----------------------------------------------------

QUICK = {"v1_quick_combat": True}


def test_hg_v1_11_3_5_01_higher_total_wins_loser_eliminated(make_state):
    st = make_state(players=PLAYERS, variants=QUICK,
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, script=[2, 3, 6])  # a: 2+3=5, b: 6
    assert [e.data["totals"] for e in log.events if e.kind == "combat-quick"] == [[5, 6]]
    assert owners_at(st, SH) == ["b"]
    assert st.combat_wins == {SH: {"winners": ["b"], "rounds": 1}}


def test_hg_v1_11_3_5_01_a_tie_is_rolled_again(make_state):
    st = make_state(players=PLAYERS, variants=QUICK,
                    units=[("legion", "a", SH), ("legion", "b", SH)])
    # a is side 0 (a tie in size, no die); 4 v 4, rolled again: 5 v 2
    log = run_phase(combat.run, st, DATA, script=[4, 4, 5, 2])
    assert [e.data["totals"] for e in log.events if e.kind == "combat-quick"] == [[4, 4],
                                                                                  [5, 2]]
    assert owners_at(st, SH) == ["a"]


def test_hg_v1_11_3_5_01_not_with_three_legions_or_a_lieutenant(make_state):
    st = make_state(players=PLAYERS, variants=QUICK,
                    units=[("legion", "a", SH)] * 3 + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, script=[6, 1, 1, 1, 3])  # an ordinary round
    assert "combat-quick" not in kinds(log) and owners_at(st, SH) == ["a"] * 3
    st = make_state(players=PLAYERS, variants=QUICK,
                    units=[("legion", "a", SH), ("lieutenant", "a", SH, "lieutenant.sulla"),
                           ("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, script=[6, 1, 3])
    assert "combat-quick" not in kinds(log) and owners_at(st, SH) == ["a", "a"]


# -- HG-V1-11.3.6 the three-round limit (A-35) -------------------------------------------

def test_hg_v1_11_3_6_01_a_35_draw_from_all_survivors(make_state):
    st = make_state(players=PLAYERS, variants={"v1_three_rounds": True},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    # three rounds of misses (a rolls 2 dice, b 1), then the draw: 3 is u3, b's Legion
    log = run_phase(combat.run, st, DATA, script=[1, 1, 1] * 3 + [3])
    draw = [e for e in log.events if e.kind == "combat-draw"]
    assert [(e.data["unit"], e.data["pool"], e.rule) for e in draw] == [
        ("u3", 3, "HG-V1-11.3.6-01")]
    assert owners_at(st, SH) == ["b"]
    assert st.combat_wins == {SH: {"winners": ["b"], "rounds": 3}}


def test_hg_v1_11_3_6_01_a_35_one_unit_a_side_sub_option(make_state):
    st = make_state(players=PLAYERS, variants={"v1_three_rounds": "one_per_side"},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, script=[1, 1, 1] * 3 + [5, 1])  # 5 names nobody
    assert [(e.data["unit"], e.data["pool"]) for e in log.events
            if e.kind == "combat-draw"] == [("u1", 2)]
    assert owners_at(st, SH) == ["a", "a"]
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 3}}


def test_hg_v1_11_3_6_01_off_the_combat_goes_on(make_state):
    st = make_state(players=PLAYERS, units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    run_phase(combat.run, st, DATA, script=[1, 1, 1] * 3 + [6, 1, 1, 3])
    assert owners_at(st, SH) == ["a", "a"]
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 4}}


# -- HG-V1-7.1 all Sectio isolated -------------------------------------------------------

def test_hg_v1_7_1_01_the_highest_isolated_sectio_yields_full_value(make_state):
    owners = {LIARS: "a", SPIES: "a"}  # not neighbours: both isolated
    plain = make_state(players=PLAYERS, owners=owners)
    assert soul.sectio_income(plain, DATA, "a") == [(LIARS, 2, "4-2 isolated"),
                                                     (SPIES, 0, "2-2 isolated")]
    st = make_state(players=PLAYERS, owners=owners, variants={"v1_isolation_full_value": True})
    assert soul.sectio_income(st, DATA, "a") == [
        (LIARS, 4, "4 isolated, full value (HG-V1-7.1-01)"), (SPIES, 0, "2-2 isolated")]


def test_hg_v1_7_1_01_an_occupied_sectio_is_not_the_one(make_state):
    st = make_state(players=PLAYERS, owners={LIARS: "a", SPIES: "a"},
                    units=[("legion", "b", LIARS)], variants={"v1_isolation_full_value": True})
    assert soul.sectio_income(st, DATA, "a") == [
        (LIARS, 0, "occupied"), (SPIES, 2, "2 isolated, full value (HG-V1-7.1-01)")]


def test_hg_v1_7_1_01_not_when_one_sectio_has_a_neighbour(make_state):
    st = make_state(players=PLAYERS, owners={LIARS: "a", FALSIFIERS: "a", SPIES: "a"},
                    variants={"v1_isolation_full_value": True})
    assert soul.sectio_income(st, DATA, "a") == [(FALSIFIERS, 5, "5"), (LIARS, 4, "4"),
                                                 (SPIES, 0, "2-2 isolated")]


# -- HG-V1-12.3.3 allies and petitions (no variant: A-28 is the engine's reading) --------

def petition_phase(st, orders):
    sheets = {p: check_sheet(st, DATA, p, orders.get(p, "")) for p in st.seats}
    log, dice = Log(), Dice(script=[])
    petitions.run(st, sheets, dice, DATA, log)
    dice.finish()
    return log


def test_hg_v1_12_3_3_01_petition_where_another_consents(make_state):
    units = [("legion", "a", LIARS), ("legion", "b", LIARS)]
    refused = make_state(players={"a": {"favours": 1}, "b": {}, "c": {}}, units=units)
    petition_phase(refused, {"a": "PETITION Liars"})
    assert refused.owners == {} and refused.players["a"].favours == 1
    st = make_state(players={"a": {"favours": 1}, "b": {}, "c": {}}, units=units)
    petition_phase(st, {"a": "PETITION Liars", "b": "ALLOW PETITIONS a IN Liars"})
    assert st.owners == {LIARS: "a"} and st.players["a"].favours == 0


def test_hg_v1_12_3_3_02_joint_winners_only_one_victors_right(make_state):
    st = make_state(players=PLAYERS, units=[("legion", "a", SH)] * 2
                    + [("legion", "b", SH), ("legion", "c", SH)])
    run_phase(combat.run, st, DATA, script=[6, 1, 6, 1, 1, 1, 3])  # as HG-16.6-01
    assert st.combat_wins == {SH: {"winners": ["a", "c"], "rounds": 1}}
    log = petition_phase(st, {"a": "ALLOW PETITIONS c", "c": "ALLOW PETITIONS a"})
    assert st.owners == {SH: "a"}
    assert [e.text for e in log.events] == [
        "a claims Victor's Right and takes control of SUGAR HILL, unowned until now "
        "(HG-12.0-04).",
        "Your Victor's Right to SUGAR HILL cannot be used: an ally has used Victor's Right "
        "in SUGAR HILL already (A-28)."]
