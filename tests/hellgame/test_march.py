"""The March Action (9.5, 9.5.2, 16.2, 16.3): action/march.py with its grammar
(action/march_orders.py) and GRANT PASSAGE (orders/passage.py).

Each test builds a state, parses a MARCH text as the player would write it, and runs
it with scripted dice through an ActionCtx; sheets for standing orders (GRANT PASSAGE,
FLEE) are checked by the game like any sheet.
"""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem.engine import AMBIGUOUS, ILLEGAL, INVALID, UNKNOWN
from pbem_games.hellgame import GAME
from pbem_games.hellgame.action import march as march_mod
from pbem_games.hellgame.action.context import ActionCtx, Queue
from pbem_games.hellgame.action.march import parse_march, run_march
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.errors import OrderError
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import Ctx
from pbem_games.hellgame.state import HellState

DATA = load_data()
SPIES, MIRACLE, FALSIFIERS = "sectio.spies", "sectio.miracle-workers", "sectio.falsifiers"
LARD, ADDICTION, SUGAR = "sectio.sea-of-lard", "sectio.addiction", "sectio.sugar-hill"
EXPLOITERS, SWAMP, THIEVES = ("sectio.exploiters-of-land-and-sea",
                              "sectio.swamp-of-useless-rage", "sectio.thieves")
SNAKE, MOLESTERS, FOREST = ("sectio.snake-eyes-saloon", "sectio.molesters-purgatory",
                            "sectio.the-forest-of-suicides")
SULLA = "lieutenant.sulla"  # Leadership 3
EXAMPLE = ("1 LEGION SPIES > MIRACLE WORKERS > FALSIFIERS; LIEUTENANT Sulla SEA OF LARD +1 > "
           "ADDICTION +1 > EXPLOITERS OF LAND AND SEA > SWAMP OF USELESS RAGE")


def state(make_state, units, **kw):
    """Balban (2 Skulls) and Agares (4) for void; horned and keys as the other players."""
    return make_state({"void": {"daemons": ["daemon.balban", "daemon.agares"]},
                       "horned": {"daemons": ["daemon.baal"]}, "keys": {}}, units=units, **kw)


def parse(st, text, player="void", daemon=None):
    return parse_march(text, Ctx(st, DATA, player), daemon)


def march(st, text, orders=None, script=(), player="void", daemon="daemon.balban"):
    """Parse and run a MARCH; every scripted die must be used. Returns (reason, log)."""
    sheets = {p: None for p in st.seats}
    for p, sheet in (orders or {}).items():
        sheets[p] = GAME.check_orders(st.to_dict(), p, sheet)
        assert not sheets[p].problems, [x.message for x in sheets[p].problems]
    _, order = parse(st, text, player)
    dice, log = Dice(script=list(script)), Log()
    why = run_march(ActionCtx(st, DATA, dice, log, sheets, Queue(), player, daemon), order)
    dice.finish()
    return why, log


def where(st) -> dict[str, str]:
    return {u.id: u.location for u in st.units}


def said(log) -> list[tuple[str, str]]:
    """(text, rule) of the public events, in order."""
    return [(e.text, e.rule) for e in log.events if e.visible_to is None]


def private(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


def refused(st, text, daemon=None) -> OrderError:
    with pytest.raises(OrderError) as e:
        parse(st, text, daemon=daemon)
    return e.value


def example_units():
    """000 §9.5 "Example: Movement": void's Legion in SPIES, Sulla with a Legion in SEA OF
    LARD, a Legion to pick up in ADDICTION; the Horned One's Legion in EXPLOITERS."""
    return [("legion", "void", SPIES), ("lieutenant", "void", LARD, SULLA),
            ("legion", "void", LARD), ("legion", "void", ADDICTION),
            ("legion", "horned", EXPLOITERS)]


# -- the rulebook's "Example: Movement" (000 §9.5) -----------------------------------------

def test_hg_9_5_example_movement_without_the_horned_one(make_state):
    st = state(make_state, example_units()[:4])
    why, log = march(st, EXAMPLE)
    assert why is None
    assert where(st) == {"u1": FALSIFIERS, "u2": SWAMP, "u3": SWAMP, "u4": SWAMP}
    assert said(log) == [
        ("Balban (void) marches 1 Legion from SPIES to MIRACLE WORKERS to FALSIFIERS",
         "HG-9.5-02"),
        ("Balban (void) marches Lieutenant Sulla with 1 Legion from SEA OF LARD to ADDICTION",
         "HG-9.5-06"),
        ("Lieutenant Sulla picks up 1 Legion in ADDICTION", "HG-9.5-06"),
        ("Lieutenant Sulla with 2 Legions marches on from ADDICTION to EXPLOITERS OF LAND AND "
         "SEA to SWAMP OF USELESS RAGE", "HG-9.5-06")]


def test_hg_9_5_13_example_movement_a_the_horned_legion_stays(make_state):
    """a) The Horned One's Legion stays: Balban's Units stop and move no further."""
    st = state(make_state, example_units())
    why, log = march(st, EXAMPLE)
    assert why is None
    assert where(st) == {"u1": FALSIFIERS, "u2": EXPLOITERS, "u3": EXPLOITERS,
                         "u4": EXPLOITERS, "u5": EXPLOITERS}
    assert said(log)[-2:] == [
        ("horned's 1 Unit in EXPLOITERS OF LAND AND SEA stands (no FLEE order applies, so by "
         "default)", "IP-23"),
        ("Lieutenant Sulla with 2 Legions must stop in EXPLOITERS OF LAND AND SEA: horned's "
         "Legions are there, and horned has not granted void passage", "HG-9.5-13")]


@pytest.mark.parametrize("roll,fled_to", [(1, SWAMP), (2, THIEVES), (4, SNAKE),
                                          (3, None), (5, None), (6, None)])
def test_hg_9_5_1_05_06_example_movement_b_the_horned_legion_flees(make_state, roll, fled_to):
    """b) The Horned One tries to flee: 1, 2 or 4 gets away (to SWAMP OF USELESS RAGE,
    THIEVES or SNAKE EYES SALOON) and Balban's Units march on; 3 leads back to ADDICTION,
    where they came from, and 5-6 do not move: the Legion stays and they stop."""
    st = state(make_state, example_units())
    why, log = march(st, EXAMPLE, {"horned": "FLEE FROM Exploiters of Land and Sea"}, [roll])
    assert why is None
    sulla_ends = SWAMP if fled_to else EXPLOITERS
    assert where(st) == {"u1": FALSIFIERS, "u2": sulla_ends, "u3": sulla_ends,
                         "u4": sulla_ends, "u5": fled_to or EXPLOITERS}
    texts = [t for t, _ in said(log)]
    assert ("horned's 1 Unit in EXPLOITERS OF LAND AND SEA tries to flee (by standing order)"
            in texts)
    assert private(log, "horned")[0] == ("Your order FLEE FROM EXPLOITERS OF LAND AND SEA "
                                         "decided for your Units in EXPLOITERS OF LAND AND SEA")
    if roll == 3:
        assert ("horned's 1 Legion in EXPLOITERS OF LAND AND SEA rolls 3: that way lies "
                "ADDICTION, where the marching Units came from, so it does not get away",
                "HG-9.5.1-06") in said(log)
    if fled_to == SWAMP:  # it meets Balban's Units again, and its order covers only EXPLOITERS
        assert texts[-1] == ("horned's 1 Unit in SWAMP OF USELESS RAGE stands (no FLEE order "
                             "applies, so by default)")


def test_hg_9_5_14_example_movement_c_passage_granted(make_state):
    """c) The Horned One grants passage: the Units enter and move on to SWAMP."""
    st = state(make_state, example_units())
    why, log = march(st, EXAMPLE, {"horned": "GRANT PASSAGE TO void"})
    assert why is None
    assert where(st)["u2"] == SWAMP and where(st)["u5"] == EXPLOITERS
    assert said(log)[-2:] == [
        ("horned grants void passage through EXPLOITERS OF LAND AND SEA", "HG-9.5-14"),
        ("Lieutenant Sulla with 2 Legions marches on from EXPLOITERS OF LAND AND SEA to SWAMP "
         "OF USELESS RAGE", "HG-9.5-06")]


# -- the grammar -----------------------------------------------------------------------------

def test_march_canonical_text_round_trips(make_state):
    st = state(make_state, [])
    text, order = parse(st, "1 legion spies to miracle workers -> falsifiers; lt sul sea of "
                            "lard (+1) > addiction (+1) > exploiters of land & sea > swamp")
    assert text == "MARCH " + EXAMPLE
    assert parse(st, text[len("MARCH "):])[1] == order
    assert order["moves"][1] == {
        "unit": "lieutenant", "lieutenant": SULLA, "on_block": None,
        "path": [{"at": LARD, "take": 1}, {"at": ADDICTION, "take": 1},
                 {"at": EXPLOITERS, "take": 0}, {"at": SWAMP, "take": 0}]}


def test_a_10_march_with_no_moves_is_an_empty_march(make_state):
    st = state(make_state, [("legion", "void", SPIES)])
    assert parse(st, "") == ("MARCH", {"moves": [], "on_block": None})
    why, log = march(st, "")
    assert why is None and where(st) == {"u1": SPIES}
    assert said(log) == [("Balban (void) takes an empty March: nothing moves", "A-10")]


def test_ip_21_on_block_per_move_and_for_the_line(make_state):
    st = state(make_state, [])
    text, order = parse(st, "LEGION Spies > Traitors ON BLOCK STOP BEFORE; 2 LEGIONS WITH "
                            "HOUNDS Liars > Falsifiers; on block enter")
    assert text == ("MARCH 1 LEGION SPIES > TRAITORS ON BLOCK STOP BEFORE; 2 LEGIONS WITH "
                    "HOUNDS LIARS > FALSIFIERS; ON BLOCK ENTER")
    assert [m["on_block"] for m in order["moves"]] == ["stop before", None]
    assert order["on_block"] == "enter" and order["moves"][1]["hound"] is True


def test_hg_9_5_2_01_hell_and_directions_after_antehell(make_state):
    st = state(make_state, [])
    text, order = parse(st, "LEGION AnteHell > Hell > in")
    assert text == "MARCH 1 LEGION ANTEHELL > HELL > INWARD"
    assert order["moves"][0]["path"] == [{"at": "antehell", "take": 0},
                                         {"at": "hell", "take": 0}, {"dir": "inward", "take": 0}]
    e = refused(st, "LEGION AnteHell > Forest of Suicides")
    assert (e.status, e.rule) == (ILLEGAL, "HG-9.5.2-01")
    assert refused(st, "LIEUTENANT Sulla AnteHell > Hell > Molesters").rule == "HG-9.5.2-01"
    assert refused(st, "LEGION Liars > Hell").status == INVALID
    e = refused(st, "LEGION Liars > inward")
    assert e.hint == "name the Sectio: ADULTERERS IN HEAT"


def test_hg_9_5_01_more_units_than_skulls_is_illegal(make_state):
    st = state(make_state, [])
    e = refused(st, "2 LEGIONS Liars > Falsifiers; LEGION Spies > Traitors",
                daemon="daemon.balban")
    assert (e.status, e.rule) == (ILLEGAL, "HG-9.5-01")
    assert e.message == "the March moves 3 Units and Balban has 2 Skulls: 1 Unit per Skull"
    e = refused(st, "5 LEGIONS Liars > Falsifiers")  # no Daemon has 5 Skulls
    assert e.message == ("the March moves 5 Units and no Daemon has more than 4 Skulls: "
                         "1 Unit per Skull")
    parse(st, "4 LEGIONS Liars > Falsifiers", daemon="daemon.agares")


def test_hg_9_5_02_steps_legion_two_lieutenant_three(make_state):
    st = state(make_state, [])
    e = refused(st, "LEGION Spies > Miracle Workers > Falsifiers > Liars")
    assert (e.status, e.rule) == (ILLEGAL, "HG-9.5-02")
    parse(st, "LIEUTENANT Sulla Spies > Miracle Workers > Falsifiers > Liars")
    e = refused(st, "LIEUTENANT Sulla Spies > Miracle Workers > Falsifiers > Liars > "
                    "Sowers of Scandal")
    assert e.message.endswith("is 4 steps: a lieutenant marches at most 3")


def test_hg_9_5_03_no_diagonal_steps(make_state):
    """000 §9.5: not along diagonals, e.g. from THE ENVIOUS to BANKERS AND BROKERS."""
    st = state(make_state, [])
    e = refused(st, "LEGION The Envious > Bankers and Brokers")
    assert (e.status, e.rule) == (ILLEGAL, "HG-9.5-03")
    assert e.message == "THE ENVIOUS and BANKERS AND BROKERS touch only at a corner (no " \
                        "diagonal steps)"
    assert e.hint == ("from THE ENVIOUS a step goes to USERS OF FOUL LANGUAGE, LOWER DUNGEON "
                      "OF THE RACIALLY SUPERIOR, THIEVES, SWAMP OF USELESS RAGE")
    assert refused(st, "LEGION Spies > Liars").message == "SPIES and LIARS are not adjacent"
    assert refused(st, "LEGION Liars > AnteHell").rule == "HG-9.5-03"


def test_hg_9_5_04_never_into_the_pentagram(make_state):
    e = refused(state(make_state, []), "LEGION Spies > Pentagram")
    assert (e.status, e.rule) == (ILLEGAL, "HG-9.5-04")


def test_hg_9_5_05_a_lieutenant_moves_once_per_march(make_state):
    e = refused(state(make_state, []), "LT Sulla Liars > Falsifiers; LT Sulla Falsifiers > "
                                       "Liars")
    assert (e.status, e.rule) == (ILLEGAL, "HG-9.5-05")


def test_hg_9_5_06_leadership_and_pick_ups_checked_at_submission(make_state):
    st = state(make_state, [])
    e = refused(st, "LT Sulla Liars +2 > Falsifiers +2 > Miracle Workers")
    assert (e.status, e.rule) == (ILLEGAL, "HG-9.5-06")
    assert e.message == "Sulla would carry 4 Legions: his Leadership is 3"
    assert refused(st, "LT Sulla Liars +1 > Falsifiers -2 > Liars").status == INVALID
    assert refused(st, "LEGION Liars +1 > Falsifiers").rule == "HG-9.5-06"
    assert refused(st, "LT Sulla Liars > Falsifiers +1").status == INVALID


def test_hg_9_5_09_antehell_only_at_the_end_of_a_path(make_state):
    e = refused(state(make_state, []), "LT Sulla Forest of Suicides > AnteHell > Hell")
    assert (e.status, e.rule) == (ILLEGAL, "HG-9.5-09")


def test_march_names_errors(make_state):
    st = state(make_state, [("lieutenant", "horned", LARD, SULLA)])
    e = refused(st, "LT Sulla Sea of Lard > Addiction")
    assert (e.status, e.message) == (ILLEGAL, "Sulla serves horned")
    e = refused(st, "LEGION Spise > Miracle Workers")
    assert e.status == UNKNOWN and e.hint == "did you mean SPIES?"
    assert refused(st, "LEGION S > Miracle Workers").status == AMBIGUOUS
    assert refused(st, "GO Spies > Traitors").status == INVALID
    assert refused(st, "LEGIONS Spies > Traitors").message == \
        "'LEGIONS Spies > Traitors': how many Legions?"
    assert refused(st, "LEGION Spies").status == INVALID
    assert refused(st, "LEGION Spies > > Traitors").status == INVALID


# -- carrying out: Units and Skulls ------------------------------------------------------------

def test_hg_9_5_01_no_more_units_than_skulls_when_it_runs(make_state):
    st = state(make_state, [("legion", "void", SPIES), ("legion", "void", SPIES),
                            ("legion", "void", SPIES)])
    why, log = march(st, "LEGION Spies > Traitors; LEGION Spies > Traitors; LEGION Spies > "
                         "Miracle Workers")
    assert why is None
    assert where(st) == {"u1": "sectio.traitors", "u2": "sectio.traitors", "u3": SPIES}
    assert said(log)[-1] == ("Balban (void): 1 Legion in SPIES does not march: Balban (void) "
                             "has no Skull left for it [HG-9.5-01]", "HG-9.5-01")


def test_hg_9_5_05_a_unit_moved_in_this_march_is_not_picked_up(make_state):
    st = state(make_state, [("legion", "void", LARD), ("lieutenant", "void", ADDICTION, SULLA),
                            ("legion", "void", ADDICTION)])
    why, log = march(st, "LEGION Sea of Lard > Addiction; LT Sulla Addiction +2 > Sugar Hill")
    assert why is None
    assert where(st) == {"u1": ADDICTION, "u2": SUGAR, "u3": SUGAR}
    assert ("Lieutenant Sulla picks up 1 Legion in ADDICTION of 2 ordered: no more of his "
            "Legions there may march", "HG-9.5-06") in said(log)


def test_hg_9_5_06_pick_up_and_drop_along_the_way(make_state):
    st = state(make_state, [("lieutenant", "void", LARD, SULLA), ("legion", "void", LARD),
                            ("legion", "void", LARD), ("legion", "void", ADDICTION)])
    why, log = march(st, "LT Sulla Sea of Lard +2 > Addiction -1 > Exploiters +0 > Thieves")
    assert why is None
    assert where(st) == {"u1": THIEVES, "u2": THIEVES, "u3": ADDICTION, "u4": ADDICTION}
    assert [t for t, _ in said(log)] == [
        "Balban (void) marches Lieutenant Sulla with 2 Legions from SEA OF LARD to ADDICTION",
        "Lieutenant Sulla leaves 1 Legion in ADDICTION",
        "Lieutenant Sulla with 1 Legion marches on from ADDICTION to EXPLOITERS OF LAND AND "
        "SEA to THIEVES"]


def test_hg_9_5_07_a_tamed_hellhound_moves_with_its_minder_free(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", "void", LARD),
                            {"kind": "hellhound", "owner": "void", "location": LARD,
                             "ref": "hellhound.3", "minder": "u2"}])
    why, log = march(st, "LEGION WITH HOUND Sea of Lard > Addiction; LEGION Sea of Lard > "
                         "Snake Eyes Saloon")  # 2 Units for Balban's 2 Skulls: the hound is free
    assert why is None
    assert where(st) == {"u1": SNAKE, "u2": ADDICTION, "u3": ADDICTION}
    assert said(log)[0] == ("Balban (void) marches 1 Legion and 1 Hellhound from SEA OF LARD "
                            "to ADDICTION", "HG-9.5-02")


def test_hg_9_5_07_a_plain_legion_order_leaves_the_minder_home(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", "void", LARD),
                            {"kind": "hellhound", "owner": "void", "location": LARD,
                             "ref": "hellhound.3", "minder": "u1"}])
    march(st, "LEGION Sea of Lard > Addiction")
    assert where(st) == {"u1": LARD, "u2": ADDICTION, "u3": LARD}


def test_hg_9_5_08_no_start_in_liliths_sectio_and_nothing_changes(make_state):
    st = state(make_state, [("legion", "void", LARD), {"kind": "lilith", "owner": None,
                                                        "location": LARD}])
    before = st.to_dict()
    why, log = march(st, "LEGION Sea of Lard > Addiction")
    assert why == ("1 Legion in SEA OF LARD: Lilith is in SEA OF LARD, and no Unit starts a "
                   "move there [HG-9.5-08]")
    assert st.to_dict() == before and log.events == []


def test_hg_9_5_08_a_phenomenon_hook_may_forbid_starting(make_state, monkeypatch):
    monkeypatch.setitem(march_mod.NO_START, "test.frozen",
                        lambda st, data, place: "the ground is frozen" if place == LARD else None)
    st = state(make_state, [("legion", "void", LARD)])
    why, _ = march(st, "LEGION Sea of Lard > Addiction")
    assert why == "1 Legion in SEA OF LARD: the ground is frozen [HG-9.5-08]"


def test_ip_22_a_unit_not_where_the_path_starts(make_state):
    st = state(make_state, [("lieutenant", "void", ADDICTION, SULLA), ("legion", "void", SPIES)])
    before = st.to_dict()
    why, _ = march(st, "LT Sulla Sea of Lard > Addiction")
    assert why == "Lieutenant Sulla: Sulla is in ADDICTION, not in SEA OF LARD [IP-22]"
    assert st.to_dict() == before
    why, log = march(st, "LT Sulla Sea of Lard > Addiction; LEGION Spies > Traitors")
    assert why is None and where(st)["u2"] == "sectio.traitors"
    assert said(log)[0] == ("Balban (void): Lieutenant Sulla does not march: Sulla is in "
                            "ADDICTION, not in SEA OF LARD [IP-22]", "HG-9.5-01")


# -- carrying out: stops -------------------------------------------------------------------------

def test_hg_9_5_09_hg_9_5_2_02_a_lieutenant_rolls_to_leave_and_stops_back_in_antehell(make_state):
    """After re-entering by die (A-39: a step), OUTWARD leads back out: it stops there."""
    st = state(make_state, [("lieutenant", "void", "antehell", SULLA)])
    why, log = march(st, "LT Sulla AnteHell > Hell > Outward > Inward", script=[3])
    assert why is None and where(st) == {"u1": "antehell"}
    assert said(log) == [
        ("Lieutenant Sulla alone rolls 3 to leave AnteHell: Quarter 3, THE FOREST OF SUICIDES",
         "HG-9.5.2-01"),
        ("Balban (void) marches Lieutenant Sulla alone from AnteHell to THE FOREST OF "
         "SUICIDES to AnteHell", "HG-9.5-02"),
        ("Lieutenant Sulla alone must stop in AnteHell: a Unit stops on entering AnteHell",
         "HG-9.5-09")]


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5])
def test_hg_9_5_2_01_a_39_leaving_antehell_enters_circle_1_as_a_step(make_state, roll):
    st = state(make_state, [("legion", "void", "antehell")])
    march(st, "LEGION AnteHell > Hell > Inward", script=[roll])
    entry = DATA.antehell_entry(roll)
    assert DATA.sectio[entry].circle == 1 and DATA.sectio[entry].quarter == roll
    assert where(st) == {"u1": DATA.step(entry, 1)}  # the second step, inward to Circle 2


def test_hg_9_5_2_01_a_six_is_lost_for_this_march(make_state):
    st = state(make_state, [("legion", "void", "antehell")])
    why, log = march(st, "LEGION AnteHell > Hell", script=[6])
    assert why is None and where(st) == {"u1": "antehell"}
    assert said(log) == [("1 Legion rolls 6 to leave AnteHell: lost, it does not enter Hell "
                          "in this March", "HG-9.5.2-01")]


def test_hg_9_5_10_a_rampaging_hellhound_stops_the_march(make_state):
    st = state(make_state, [("legion", "void", LARD),
                            {"kind": "hellhound", "owner": None, "location": ADDICTION,
                             "ref": "hellhound.1"}])
    march(st, "LEGION Sea of Lard > Addiction > Sugar Hill")
    assert where(st)["u1"] == ADDICTION


def test_hg_9_5_11_a_quagmire_hook_stops_the_march(make_state, monkeypatch):
    monkeypatch.setitem(march_mod.STOPS, "test.quagmire",
                        lambda st, data, place: "a Quagmire is there" if place == ADDICTION
                        else None)
    st = state(make_state, [("legion", "void", LARD)])
    _, log = march(st, "LEGION Sea of Lard > Addiction > Sugar Hill")
    assert where(st)["u1"] == ADDICTION
    assert said(log)[-1] == ("1 Legion must stop in ADDICTION: a Quagmire is there",
                             "HG-9.5-11")


def test_hg_9_5_12_units_enter_liliths_sectio_but_do_not_pass(make_state):
    st = state(make_state, [("legion", "void", LARD), {"kind": "lilith", "location": ADDICTION}])
    _, log = march(st, "LEGION Sea of Lard > Addiction > Sugar Hill")
    assert where(st)["u1"] == ADDICTION
    assert said(log)[-1][1] == "HG-9.5-12"


def test_hg_9_5_14_passage_through_named_sectio_only(make_state):
    units = [("legion", "void", LARD), ("legion", "horned", ADDICTION)]
    st = state(make_state, units)
    march(st, "LEGION Sea of Lard > Addiction > Sugar Hill",
          {"horned": "GRANT PASSAGE TO keys\nGRANT PASSAGE TO void THROUGH Liars"})
    assert where(st)["u1"] == ADDICTION
    st = state(make_state, units)
    march(st, "LEGION Sea of Lard > Addiction > Sugar Hill",
          {"horned": "GRANT PASSAGE TO ALL THROUGH Addiction"})
    assert where(st)["u1"] == SUGAR


def test_hg_9_5_13_every_player_with_legions_there_must_grant(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION),
                            ("legion", "keys", ADDICTION)])
    _, log = march(st, "LEGION Sea of Lard > Addiction > Sugar Hill",
                   {"horned": "GRANT PASSAGE TO void"})
    assert where(st)["u1"] == ADDICTION
    assert said(log)[-1] == ("1 Legion must stop in ADDICTION: keys's Legions are there, and "
                             "keys has not granted void passage", "HG-9.5-13")


def test_hg_10_4_04_freebooters_never_grant_passage(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", None, ADDICTION)])
    _, log = march(st, "LEGION Sea of Lard > Addiction > Sugar Hill")
    assert where(st)["u1"] == ADDICTION
    assert said(log)[-1] == ("1 Legion must stop in ADDICTION: Freebooter Legions are there, "
                             "and they never grant passage", "HG-10.4-04")


def test_hg_16_3_01_no_unit_enters_uriels_sectio(make_state):
    st = state(make_state, [("legion", "void", LARD), {"kind": "uriel", "location": ADDICTION}])
    why, log = march(st, "LEGION Sea of Lard > Addiction")
    assert why is None and where(st)["u1"] == LARD
    assert said(log) == [("1 Legion stops in SEA OF LARD before ADDICTION: Uriel is there, and "
                          "no Unit may enter his place", "HG-16.3-01")]


def test_a_21_no_march_into_antehell_while_uriel_waits_there(make_state):
    st = state(make_state, [("legion", "void", FOREST), {"kind": "uriel", "location": "antehell"}])
    _, log = march(st, "LEGION Forest of Suicides > AnteHell")
    assert where(st)["u1"] == FOREST and said(log)[-1][1] == "A-21"


def test_ip_21_on_block_stop_before_halts_short(make_state):
    units = [("legion", "void", LARD), ("legion", "horned", ADDICTION)]
    st = state(make_state, units)
    why, log = march(st, "LEGION Sea of Lard > Addiction > Sugar Hill ON BLOCK STOP BEFORE",
                     {"horned": "FLEE ANYWHERE"})  # no die: nobody entered
    assert where(st)["u1"] == LARD
    assert said(log) == [("1 Legion stops in SEA OF LARD before ADDICTION: horned's Legions "
                          "are there, and horned has not granted void passage (ON BLOCK STOP "
                          "BEFORE)", "HG-9.5-13")]
    st = state(make_state, units)  # for the whole line; a block at the end is no block
    march(st, "LEGION Sea of Lard > Addiction; ON BLOCK STOP BEFORE")
    assert where(st)["u1"] == ADDICTION


# -- solitary Lieutenants (16.2) --------------------------------------------------------------

def test_hg_16_2_01_a_solitary_lieutenant_sneaks_through_without_permission(make_state):
    """No passage, no flight roll (HG-9.5.1-01): he is not stopped and causes nothing."""
    st = state(make_state, [("lieutenant", "void", LARD, SULLA), ("legion", "horned", ADDICTION),
                            {"kind": "hellhound", "location": EXPLOITERS, "ref": "hellhound.1"}])
    why, log = march(st, "LT Sulla Sea of Lard > Addiction > Exploiters > Thieves",
                     {"horned": "FLEE ANYWHERE"})
    assert why is None and where(st)["u1"] == THIEVES
    assert said(log) == [("Balban (void) marches Lieutenant Sulla alone from SEA OF LARD to "
                          "ADDICTION to EXPLOITERS OF LAND AND SEA to THIEVES", "HG-9.5-02")]


def test_hg_16_2_01_a_solitary_lieutenant_may_not_stop_among_other_units(make_state):
    st = state(make_state, [("lieutenant", "void", LARD, SULLA), ("legion", "horned", ADDICTION),
                            ("legion", "keys", EXPLOITERS)])
    _, log = march(st, "LT Sulla Sea of Lard > Addiction > Exploiters")
    assert where(st)["u1"] == LARD
    assert said(log) == [("Balban (void) marches Lieutenant Sulla alone from SEA OF LARD to "
                          "ADDICTION", "HG-9.5-02"),
                         ("Lieutenant Sulla alone stops in ADDICTION before EXPLOITERS OF LAND "
                          "AND SEA: a Lieutenant alone may pass keys's Units but not stop "
                          "among them", "HG-16.2-01"),
                         ("Lieutenant Sulla alone may not stop among horned's Units in "
                          "ADDICTION, so he ends his move in SEA OF LARD", "HG-16.2-01")]


def test_hg_16_2_01_after_dropping_his_legions_he_is_alone(make_state):
    st = state(make_state, [("lieutenant", "void", LARD, SULLA), ("legion", "void", LARD),
                            ("legion", "horned", EXPLOITERS)])
    march(st, "LT Sulla Sea of Lard +1 > Addiction -1 > Exploiters > Thieves")
    assert where(st) == {"u1": THIEVES, "u2": ADDICTION, "u3": EXPLOITERS}


# -- the state -----------------------------------------------------------------------------------

def test_uriel_and_lilith_are_units_and_the_state_round_trips(make_state):
    st = state(make_state, [{"kind": "uriel", "location": "antehell"},
                            {"kind": "lilith", "location": ADDICTION}])
    d = st.to_dict()
    assert HellState.from_dict(d).to_dict() == d
    assert [(u["kind"], u["owner"]) for u in d["units"]] == [("uriel", None), ("lilith", None)]


def test_same_inputs_same_events(make_state):
    def once():
        st = state(make_state, example_units())
        _, log = march(st, EXAMPLE, {"horned": "FLEE ANYWHERE"}, [1, 2])
        return said(log), st.to_dict()
    assert once() == once()


def test_hg_9_5_08_a_phenomenon_hook_keeps_legions_from_joining(make_state, monkeypatch):
    monkeypatch.setitem(march_mod.NO_START, "test.frozen",
                        lambda st, data, place: "the ground is frozen" if place == ADDICTION
                        else None)
    st = state(make_state, [("lieutenant", "void", LARD, SULLA), ("legion", "void", ADDICTION)])
    _, log = march(st, "LT Sulla Sea of Lard > Addiction +1 > Sugar Hill")
    assert where(st) == {"u1": SUGAR, "u2": ADDICTION}
    assert ("Lieutenant Sulla picks up 0 Legions in ADDICTION of 1 ordered: no more of his "
            "Legions there may march", "HG-9.5-06") in said(log)


WORDS = ["LEGION", "LEGIONS", "LT", "LIEUTENANT", "Sulla", "2", "0", "99999999999999", "+1",
         "-2", "(+1)", ">", "->", "TO", ";", "ON", "BLOCK", "STOP", "BEFORE", "ENTER", "WITH",
         "HOUND", "ANTEHELL", "HELL", "INWARD", "ccw", "Spies", "Miracle", "Workers",
         "Falsifiers", "Sea of Lard", "Addiction", "Pentagram", "é", "—", "", "IF"]


@pytest.mark.parametrize("seed", range(3))
def test_the_march_parser_never_crashes(make_state, seed):
    import random

    rng = random.Random(seed)
    st = state(make_state, [("lieutenant", "horned", LARD, SULLA)])
    for _ in range(400):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 12)))
        try:
            canonical, order = parse(st, text)
        except OrderError as e:
            assert e.status in (INVALID, UNKNOWN, AMBIGUOUS, ILLEGAL) and e.message
        else:  # whatever is accepted reads back the same
            assert parse(st, canonical[len("MARCH"):])[1] == order
