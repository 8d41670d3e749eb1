"""Fleeing from marching Units (9.5.1), solitary Lieutenants (16.2), Uriel and Lilith
(16.3): action/flight.py with the FLEE orders (orders/flee.py)."""

from __future__ import annotations

import pytest
from test_march import (
    ADDICTION,
    DATA,
    EXPLOITERS,
    LARD,
    MOLESTERS,
    SNAKE,
    SUGAR,
    SULLA,
    SWAMP,
    THIEVES,
    march,
    private,
    said,
    state,
    where,
)

from pbem.dice import Dice
from pbem.engine import ILLEGAL, INVALID, UNKNOWN
from pbem_games.hellgame import GAME
from pbem_games.hellgame.action import flight
from pbem_games.hellgame.action.context import ActionCtx, Queue
from pbem_games.hellgame.log import Log

GARDEN, ENVIOUS = "sectio.garden-of-unnatural-acts", "sectio.the-envious"
SPIES, TRAITORS = "sectio.spies", "sectio.traitors"
FURNACE = "sectio.furnace-of-bookburners"
MARCH_IN = "LEGION Sea of Lard > Addiction > Sugar Hill"  # void's u1 marches through ADDICTION


def checked(st, player, text):
    sheet = GAME.check_orders(st.to_dict(), player, text)
    return [(line.status, line.canonical or line.message) for line in sheet.lines]


def texts(log) -> list[str]:
    return [t for t, _ in said(log)]


# -- the FLEE and GRANT PASSAGE orders -----------------------------------------------------------

def test_ip_23_flee_orders_canonical(make_state):
    st = state(make_state, [])
    assert checked(st, "horned", "flee from sugar, liars\nFLEE anywhere if outnumbered\n"
                                 "flee never from addiction\nFLEE NEVER") == [
        ("accepted", "FLEE FROM SUGAR HILL, LIARS"),
        ("accepted", "FLEE ANYWHERE IF OUTNUMBERED"),
        ("accepted", "FLEE NEVER FROM ADDICTION"),
        ("accepted", "FLEE NEVER")]
    assert [s for s, _ in checked(st, "horned", "FLEE\nFLEE NEVER IF OUTNUMBERED\n"
                                                "FLEE FROM Nowhere\nFLEE SOMETIMES")] == [
        INVALID, INVALID, UNKNOWN, INVALID]


def test_ip_20_grant_passage_orders_canonical(make_state):
    st = state(make_state, [])
    assert checked(st, "horned", "grant passage to void, keys through sugar, addiction\n"
                                 "GRANT PASSAGE TO all\nGRANT PASSAGE TO horned\n"
                                 "GRANT PASSAGE TO nobody\nGRANT PASSAGE void") == [
        ("accepted", "GRANT PASSAGE TO void, keys THROUGH SUGAR HILL, ADDICTION"),
        ("accepted", "GRANT PASSAGE TO ALL"),
        (ILLEGAL, "'horned' is you"),
        (UNKNOWN, "there is no player called 'nobody'"),
        (INVALID, "GRANT PASSAGE 'void' is not understood")]


# -- who flees, when ----------------------------------------------------------------------------

def test_hg_9_5_1_01_ip_23_the_default_is_to_stand(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION)])
    _, log = march(st, MARCH_IN)
    assert where(st) == {"u1": ADDICTION, "u2": ADDICTION}
    assert ("horned's 1 Unit in ADDICTION stands (no FLEE order applies, so by default)",
            "IP-23") in said(log)


def test_ip_23_the_first_flee_order_that_applies_decides(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION)])
    _, log = march(st, MARCH_IN, {"horned": "FLEE NEVER FROM Addiction\nFLEE ANYWHERE"})
    assert where(st)["u2"] == ADDICTION
    assert ("horned's 1 Unit in ADDICTION stands (by standing order)", "IP-23") in said(log)
    # the order's words (which may name other Sectio) are told to horned only
    assert private(log, "horned") == ["Your order FLEE NEVER FROM ADDICTION decided for your "
                                      "Units in ADDICTION"]
    assert not any("NEVER" in t for t, _ in said(log))


@pytest.mark.parametrize("void_legions,flees", [(1, False), (2, True)])
def test_ip_23_flee_if_outnumbered(make_state, void_legions, flees):
    units = [("lieutenant", "void", LARD, SULLA)] + [("legion", "void", LARD)] * void_legions
    st = state(make_state, units + [("legion", "horned", ADDICTION), ("legion", "horned",
                                                                       ADDICTION)])
    # Sulla with n Legions is n+1 Units against horned's 2
    n = len(units)
    march(st, f"LT Sulla Sea of Lard +{void_legions} > Addiction",
          {"horned": "FLEE FROM Addiction IF OUTNUMBERED"}, [2, 2] if flees else [])
    assert [where(st)[f"u{n + 1}"], where(st)[f"u{n + 2}"]] == (
        [SUGAR, SUGAR] if flees else [ADDICTION, ADDICTION])


def test_hg_9_5_1_02_units_may_flee_each_time_new_units_enter(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", "void", LARD),
                            ("legion", "horned", ADDICTION)])
    _, log = march(st, "LEGION Sea of Lard > Addiction; LEGION Sea of Lard > Addiction",
                   {"horned": "FLEE ANYWHERE"}, [5, 2])
    assert where(st) == {"u1": ADDICTION, "u2": ADDICTION, "u3": SUGAR}
    assert texts(log).count("horned's 1 Unit in ADDICTION tries to flee (by standing "
                            "order)") == 2


def test_hg_9_5_1_04_a_22_the_march_goes_on_only_if_every_unit_left(make_state):
    """Two players in the Sectio decide each for himself; one Legion failing stops it."""
    units = [("legion", "void", LARD), ("legion", "horned", ADDICTION),
             ("legion", "horned", ADDICTION), ("legion", "keys", ADDICTION)]
    st = state(make_state, units)
    orders = {"horned": "FLEE ANYWHERE", "keys": "FLEE ANYWHERE"}
    march(st, MARCH_IN, orders, [1, 6, 2])
    assert where(st) == {"u1": ADDICTION, "u2": EXPLOITERS, "u3": ADDICTION, "u4": SUGAR}
    st = state(make_state, units)
    march(st, MARCH_IN, orders, [1, 1, 2, 5])  # all away; at SUGAR HILL keys's flees on: 5
    assert where(st) == {"u1": SUGAR, "u2": EXPLOITERS, "u3": EXPLOITERS, "u4": SUGAR}


def test_a_22_a_player_who_grants_passage_and_stands_does_not_stop_the_march(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION),
                            ("legion", "keys", ADDICTION)])
    march(st, MARCH_IN, {"horned": "GRANT PASSAGE TO void", "keys": "FLEE FROM Addiction"},
          [2])
    assert where(st) == {"u1": SUGAR, "u2": ADDICTION, "u3": SUGAR}


def test_hg_9_5_1_05_one_die_per_legion(make_state):
    st = state(make_state, [("legion", "void", LARD)] + [("legion", "horned", ADDICTION)] * 3)
    _, log = march(st, MARCH_IN, {"horned": "FLEE ANYWHERE"}, [1, 2, 5])
    assert where(st) == {"u1": ADDICTION, "u2": EXPLOITERS, "u3": SUGAR, "u4": ADDICTION}
    assert said(log)[2:5] == [
        ("horned's 1 Legion in ADDICTION rolls 1 and flees to EXPLOITERS OF LAND AND SEA",
         "HG-9.5.1-05"),
        ("horned's 1 Legion in ADDICTION rolls 2 and flees to SUGAR HILL", "HG-9.5.1-05"),
        ("horned's 1 Legion in ADDICTION rolls 5: no move, so it does not get away",
         "HG-9.5.1-05")]


def test_hg_9_5_1_06_never_into_the_pentagram_flight_to_antehell_allowed(make_state):
    st = state(make_state, [("lieutenant", "void", TRAITORS, SULLA), ("legion", "void", TRAITORS),
                            ("legion", "horned", SPIES)])
    _, log = march(st, "LT Sulla Traitors +1 > Spies", {"horned": "FLEE ANYWHERE"}, [1])
    assert where(st)["u3"] == SPIES
    assert said(log)[-1] == ("horned's 1 Legion in SPIES rolls 1: that way lies the Pentagram, "
                             "so it does not get away", "HG-9.5.1-06")
    forest = "sectio.the-forest-of-suicides"
    st = state(make_state, [("legion", "void", MOLESTERS), ("legion", "horned", forest)])
    march(st, "LEGION Molesters > Forest of Suicides", {"horned": "FLEE ANYWHERE"}, [3])
    assert where(st)["u2"] == "antehell"


# -- Lieutenants ----------------------------------------------------------------------------------

def test_hg_9_5_1_07_ip_25_a_lieutenant_picks_the_better_die_and_takes_legions(make_state):
    """Die 1 leads to an unowned empty Sectio, die 2 to his own: he takes the 2, with up to
    his Leadership (Sulla: 3) of Legions, Minders first; the 4th Legion rolls alone."""
    st = state(make_state, [("legion", "void", LARD), ("lieutenant", "horned", ADDICTION, SULLA)]
               + [("legion", "horned", ADDICTION)] * 4
               + [{"kind": "hellhound", "owner": "horned", "location": ADDICTION,
                   "ref": "hellhound.2", "minder": "u6"}],
               owners={SUGAR: "horned"})
    _, log = march(st, MARCH_IN, {"horned": "FLEE ANYWHERE"}, [1, 2, 5])
    assert where(st) == {"u1": ADDICTION, "u2": SUGAR, "u3": SUGAR, "u4": SUGAR, "u5": ADDICTION,
                         "u6": SUGAR, "u7": SUGAR}
    assert said(log)[2:4] == [
        ("horned's Lieutenant Sulla with 3 Legions and 1 Hellhound in ADDICTION rolls 1 and 2 "
         "and takes the 2 and flees to SUGAR HILL", "HG-9.5.1-07"),
        ("horned's 1 Legion in ADDICTION rolls 5: no move, so it does not get away",
         "HG-9.5.1-05")]


def test_hg_9_5_1_07_if_both_dice_fail_the_legions_stay_with_him(make_state):
    st = state(make_state, [("legion", "void", LARD), ("lieutenant", "horned", ADDICTION, SULLA),
                            ("legion", "horned", ADDICTION)])
    _, log = march(st, MARCH_IN, {"horned": "FLEE ANYWHERE"}, [4, 6])  # 4: back to SEA OF LARD
    assert where(st) == {"u1": ADDICTION, "u2": ADDICTION, "u3": ADDICTION}
    assert said(log)[-2][1] == "HG-9.5.1-06"


def test_hg_16_2_02_a_solitary_lieutenant_must_flee_and_cannot_block(make_state):
    st = state(make_state, [("legion", "void", LARD), ("lieutenant", "horned", ADDICTION, SULLA)])
    _, log = march(st, "LEGION Sea of Lard > Addiction > Exploiters", {"horned": "FLEE NEVER"},
                   [5, 2])
    assert where(st) == {"u1": EXPLOITERS, "u2": SUGAR}  # he fled; void marches on
    assert said(log)[1] == ("horned's Lieutenant Sulla is alone in ADDICTION and must flee",
                            "HG-16.2-02")


def test_hg_16_2_03_a_solitary_lieutenant_who_fails_is_captured(make_state):
    st = state(make_state, [("legion", "void", LARD), ("lieutenant", "horned", ADDICTION, SULLA)])
    _, log = march(st, MARCH_IN, script=[5, 6])
    assert where(st) == {"u1": SUGAR}
    assert st.lieutenant_return == [SULLA]
    assert said(log)[2] == ("horned's Lieutenant Sulla alone in ADDICTION rolls 5 and 6: no "
                            "move, so he fails to flee and is captured; he goes to the Return "
                            "box", "HG-16.2-03")


def test_hg_16_2_02_a_fleeing_unit_makes_a_solitary_lieutenant_flee(make_state):
    """horned's Legion flees into SUGAR HILL, where keys's Sulla is alone: Sulla must flee,
    not back to ADDICTION where the Legion came from (his 1 is THIEVES, his 4 ADDICTION)."""
    st = state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION),
                            ("lieutenant", "keys", SUGAR, SULLA)])
    _, log = march(st, "LEGION Sea of Lard > Addiction", {"horned": "FLEE ANYWHERE"},
                   [2, 4, 1])
    assert where(st) == {"u1": ADDICTION, "u2": SUGAR, "u3": THIEVES}
    assert "keys's Lieutenant Sulla is alone in SUGAR HILL and must flee" in texts(log)


def test_hg_16_2_03_a_solitary_lieutenant_failing_to_flee_on_is_captured(make_state):
    st = state(make_state, [("legion", "void", LARD), ("lieutenant", "horned", ADDICTION, SULLA),
                            ("legion", "keys", SUGAR)])
    _, log = march(st, "LEGION Sea of Lard > Addiction", script=[2, 6, 5, 6])
    assert where(st) == {"u1": ADDICTION, "u3": SUGAR}
    assert st.lieutenant_return == [SULLA]
    assert ("SUGAR HILL holds Units unfriendly to horned: Lieutenant Sulla alone must flee "
            "again", "HG-9.5.1-08") in said(log)


# -- chained flights -------------------------------------------------------------------------

def test_hg_9_5_1_08_example_fleeing(make_state):
    """000 §11.2.4 "Example: Fleeing" (a flight from combat, so any direction): Mu's three
    Legions in ADDICTION roll 1, 4 and 5: one to EXPLOITERS, one to SEA OF LARD, one stays;
    a rampaging Hellhound is in SEA OF LARD, so that Legion must flee again: it rolls 5."""
    st = state(make_state, [("legion", "horned", ADDICTION)] * 3
               + [{"kind": "hellhound", "location": LARD, "ref": "hellhound.4"}])
    dice, log = Dice(script=[1, 4, 5, 5]), Log()
    actx = ActionCtx(st, DATA, dice, log, {p: None for p in st.seats}, Queue(), "void",
                     "daemon.balban")
    flight.flee_all(actx, "horned", ADDICTION, barred=None)
    dice.finish()
    assert where(st) == {"u1": EXPLOITERS, "u2": LARD, "u3": ADDICTION, "u4": LARD}
    assert texts(log)[1:] == [
        "horned's 1 Legion in ADDICTION rolls 4 and flees to SEA OF LARD",
        "SEA OF LARD holds Units unfriendly to horned: 1 Legion must flee again",
        "horned's 1 Legion in SEA OF LARD rolls 5: no move, so it does not get away",
        "horned's 1 Legion in ADDICTION rolls 5: no move, so it does not get away"]


def test_hg_9_5_1_08_03_a_chained_flight_may_go_back_and_makes_nobody_flee(make_state):
    """From EXPLOITERS (keys there) horned's Legion flees on with 3, back to ADDICTION where
    void's Legion now is, then flees once more; chained flights are not barred."""
    st = state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION),
                            ("legion", "keys", EXPLOITERS)])
    _, log = march(st, "LEGION Sea of Lard > Addiction",
                   {"horned": "FLEE ANYWHERE", "keys": "FLEE ANYWHERE"}, [1, 3, 3])
    assert where(st) == {"u1": ADDICTION, "u2": MOLESTERS, "u3": EXPLOITERS}
    # HG-9.5.1-03: keys's Legion did not roll when the fleeing Legion came in
    assert not any("keys's" in t and "tries to flee" in t for t in texts(log))


def test_hg_9_5_07_a_hellhound_flees_with_its_minder(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION),
                            {"kind": "hellhound", "owner": "horned", "location": ADDICTION,
                             "ref": "hellhound.5", "minder": "u2"}])
    march(st, MARCH_IN, {"horned": "FLEE ANYWHERE"}, [1])
    assert where(st) == {"u1": SUGAR, "u2": EXPLOITERS, "u3": EXPLOITERS}


# -- Uriel, Lilith, Freebooters --------------------------------------------------------------

def test_hg_16_3_02_fleeing_into_uriels_sectio_destroys(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION),
                            {"kind": "hellhound", "owner": "horned", "location": ADDICTION,
                             "ref": "hellhound.5", "minder": "u2"},
                            {"kind": "uriel", "location": EXPLOITERS}])
    _, log = march(st, MARCH_IN, {"horned": "FLEE ANYWHERE"}, [1])
    assert where(st) == {"u1": SUGAR, "u4": EXPLOITERS}
    assert st.hellhound_box == ["hellhound.5"]
    assert said(log)[2] == ("horned's 1 Legion and 1 Hellhound in ADDICTION rolls 1 and flees "
                            "into EXPLOITERS OF LAND AND SEA, where Uriel is: destroyed",
                            "HG-16.3-02")


def test_a_21_fleeing_into_antehell_while_uriel_waits_there_destroys(make_state):
    forest = "sectio.the-forest-of-suicides"
    st = state(make_state, [("legion", "void", MOLESTERS), ("legion", "horned", forest),
                            {"kind": "uriel", "location": "antehell"}])
    march(st, "LEGION Molesters > Forest of Suicides", {"horned": "FLEE ANYWHERE"}, [3])
    assert where(st) == {"u1": forest, "u3": "antehell"}


def test_hg_16_3_03_no_flight_from_liliths_sectio(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION),
                            {"kind": "lilith", "location": ADDICTION}])
    _, log = march(st, MARCH_IN, {"horned": "FLEE ANYWHERE"})
    assert where(st)["u2"] == ADDICTION
    assert said(log)[1] == ("horned's Units in ADDICTION may not flee: Lilith is there, and no "
                            "Unit starts a move in her Sectio", "HG-9.5-08")


def test_hg_16_3_03_a_flight_ends_in_liliths_sectio(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", "horned", ADDICTION),
                            ("legion", "keys", EXPLOITERS), {"kind": "lilith",
                                                             "location": EXPLOITERS}])
    march(st, "LEGION Sea of Lard > Addiction", {"horned": "FLEE ANYWHERE"}, [1])
    assert where(st)["u2"] == EXPLOITERS


def test_hg_10_4_01_freebooters_never_flee(make_state):
    st = state(make_state, [("legion", "void", LARD), ("legion", None, ADDICTION),
                            ("lieutenant", None, ADDICTION, SULLA)])
    _, log = march(st, MARCH_IN)  # no dice: nobody rolls
    assert where(st) == {"u1": ADDICTION, "u2": ADDICTION, "u3": ADDICTION}


def test_ip_25_lieutenant_preference_order(make_state):
    """Own empty Sectio > unowned empty > another player's empty > AnteHell > occupied >
    failure > Uriel's place."""
    st = state(make_state, [("legion", "keys", THIEVES), {"kind": "uriel", "location": SWAMP}],
               owners={SNAKE: "keys", SUGAR: "horned"})
    rank = {t: flight._outcome(st, DATA, EXPLOITERS, f, ADDICTION, "horned")[0]
            for f, t in DATA.sectio[EXPLOITERS].neighbours.items()}
    assert rank == {SWAMP: flight._URIEL, THIEVES: flight._OCCUPIED, ADDICTION: flight._FAIL,
                    SNAKE: flight._FOREIGN}
    assert flight._outcome(st, DATA, ADDICTION, 2, None, "horned")[0] == flight._OWN
    assert flight._outcome(st, DATA, "sectio.the-forest-of-suicides", 3, None, "horned")[0] \
        == flight._ANTEHELL
    assert flight._outcome(st, DATA, ADDICTION, 3, None, "horned")[0] == flight._FREE


def test_no_flight_is_caused_in_antehell(make_state):
    forest = "sectio.the-forest-of-suicides"
    st = state(make_state, [("legion", "void", forest), ("legion", "horned", "antehell")])
    _, log = march(st, "LEGION Forest of Suicides > AnteHell", {"horned": "FLEE ANYWHERE"})
    assert where(st) == {"u1": "antehell", "u2": "antehell"}
    assert len(log.events) == 1


def test_a_03_the_compass_faces_these_tests_rely_on():
    """The Sectio named in these tests exist with the Compass faces the tests assume."""
    assert DATA.step(ADDICTION, 1) == EXPLOITERS and DATA.step(ADDICTION, 2) == SUGAR
    assert DATA.step(SUGAR, 1) == THIEVES and DATA.step(SUGAR, 4) == ADDICTION
    assert DATA.step(EXPLOITERS, 1) == SWAMP and DATA.step(SWAMP, 2) == ENVIOUS
    assert DATA.step(GARDEN, 1) == LARD and DATA.step(SNAKE, 1) == FURNACE
