"""The Random Moves Phase (chapter 10): random_moves/ with orders/lilith.py.

The rulebook's three narrated examples are replayed with scripted dice, then one test
per clause (HG-10.*, IP-35, IP-36, A-14..A-21)."""

from __future__ import annotations

from random_kit import hound, lilith, run, texts, uriel, where

from pbem.dice import Dice
from pbem_games.hellgame import random_moves
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet
from pbem_games.hellgame.state import ANTEHELL, IN_HELL, URIEL_BOX, HellState

WISE, FOREST = "sectio.the-wise-men", "sectio.the-forest-of-suicides"
UNDER, MOLESTERS = "sectio.underachievers", "sectio.molesters-purgatory"
SADISTIC, ADDICTION = "sectio.sadistic-pleasure-pit", "sectio.addiction"
FALSIFIERS, MIRACLE, SPIES = "sectio.falsifiers", "sectio.miracle-workers", "sectio.spies"
ENVIOUS, THIEVES, EXPLOITERS = "sectio.the-envious", "sectio.thieves", \
    "sectio.exploiters-of-land-and-sea"
SNAKE, FURNACE, SWAMP = "sectio.snake-eyes-saloon", "sectio.furnace-of-bookburners", \
    "sectio.swamp-of-useless-rage"
MEGALO, LIARS, TYRANTS = "sectio.megalomaniacs", "sectio.liars", "sectio.tyrants"


def idle(n):
    return [5] * n


# -- Example: Uriel Attacks (000 §10.1) ------------------------------------------------------

def test_example_uriel_attacks_hg_10_1_02_03_the_earth_is_cleansed(make_state, data):
    st = make_state({"keys": {"daemons": ["daemon.prufflas", "daemon.baal"]},
                     "devourer": {"daemons": ["daemon.gomory"]}},
                    daemons={"daemon.prufflas": {"where": "earth", "walk_card": "arcana.carnossa"},
                             "daemon.gomory": {"where": "earth"}})
    log, dice = Log(), Dice(script=[2, 2])  # Prufflas (Skulls 3), then Gomory (Skulls 1)
    assert random_moves.bring_uriel(st, data, dice, log)
    dice.finish()
    assert where(st, "uriel") == [URIEL_BOX]
    assert "daemon.gomory" not in st.daemons and st.players["devourer"].daemons == []
    prufflas = st.daemons["daemon.prufflas"]
    assert (prufflas.where, prufflas.walk_card, prufflas.pass_for_good) == (IN_HELL, None, True)
    assert st.arcana_deck[-1] == "arcana.carnossa"
    assert st.daemons["daemon.baal"].pass_for_good is False  # he was in Hell
    assert texts(log, "uriel-earth-destroyed") == [
        "Gomory (devourer) fails the Roll against Skulls and is destroyed by Uriel"]
    assert texts(log, "uriel-earth-survived") == [
        "Prufflas (keys) survives Uriel, returns to Hell and must Pass for Good in the "
        "coming Action Phase"]


def test_example_uriel_attacks_hg_10_1_04_he_wipes_out_antehell(make_state, data):
    st = make_state(["keys"], units=[("legion", "keys", ANTEHELL), ("legion", "keys", LIARS)])
    random_moves.bring_uriel(st, data, Dice(script=[]), Log())
    log = run(st, data)
    assert where(st, "uriel") == [ANTEHELL]
    assert [u.location for u in st.units_of("keys")] == [LIARS]
    assert texts(log, "units-destroyed") == [
        "Uriel wipes out everything in AnteHell: keys's Legion in AnteHell destroyed"]


def test_example_uriel_attacks_hg_10_1_05_to_09_he_enters_hell(make_state, data):
    # each keeps a Sectio far away (LIARS, TYRANTS): no HG-15.2-01 rescue in this example
    st = make_state({"keys": {"daemons": ["daemon.baal"]}, "devourer": {}},
                    owners={FOREST: "keys", ADDICTION: "devourer", LIARS: "keys",
                            TYRANTS: "devourer"},
                    units=[("legion", "keys", FOREST), ("legion", "keys", FOREST),
                           hound(FOREST, "hellhound.3", "keys", "u1"), uriel(ANTEHELL)])
    script = [4,           # enters Quarter 4: THE WISE MEN (step 1)
              2,           # FOREST OF SUICIDES (step 2)
              2, 6, 1,     # flights: Legion to UNDERACHIEVERS, Legion fails, hound MOLESTERS
              3,           # read as 1: MOLESTERS PURGATORY (step 3)
              2,           # the hound flees on to SADISTIC PLEASURE PIT
              1,           # ADDICTION (step 4)
              2,           # keys lost 1 Legion and rolls 2: Baal is safe
              *idle(6)]    # then the loosed hound rampages, idling in SADISTIC
    log = run(st, data, script=script)
    assert where(st, "uriel") == [ADDICTION]
    assert [(u.kind, u.location) for u in st.units if u.kind != "uriel"] == [
        ("legion", UNDER), ("hellhound", SADISTIC)]
    assert st.unit("u3").minder is None and st.unit("u3").owner is None
    assert st.owners == {LIARS: "keys", TYRANTS: "devourer"}  # both revoked (HG-10.1-08)
    assert "daemon.baal" in st.daemons
    assert texts(log, "uriel-enters") == [
        "Uriel rolls 4 for the Quarter and enters THE WISE MEN (step 1)",
        "Uriel rolls 2 and enters THE FOREST OF SUICIDES (step 2)",
        "Uriel rolls 3, read as 1, and enters MOLESTERS PURGATORY (step 3)",
        "Uriel rolls 1 and enters ADDICTION (step 4)"]
    assert texts(log, "uriel-revokes") == [
        "Uriel cleanses THE FOREST OF SUICIDES: keys's ownership is revoked",
        "Uriel cleanses ADDICTION: devourer's ownership is revoked"]
    assert texts(log, "uriel-spares") == [
        "keys lost 1 Legion to Uriel and rolls 2, above 1: Baal (keys) is safe"]


# -- Example: Lilith at Large (000 §10.2) ------------------------------------------------------

def test_example_lilith_at_large_hg_10_2_04_05_06_10(make_state, data):
    st = make_state(["void", "keys"],
                    units=[lilith(FALSIFIERS), hound(MIRACLE, "hellhound.7"),
                           ("legion", "void", SPIES), ("legion", "void", SPIES),
                           ("legion", "keys", SPIES)],
                    hellhound_box=["hellhound.8"])
    script = [4,           # aspect: the Mother
              2, 5, 1, 1,  # MIRACLE WORKERS, stays, SPIES, the Pentagram
              1,           # two hounds of 2 attacks each: the die picks the older first
              5, 5]        # each starts among Units and stays on its 5
    log = run(st, data, script=script)
    assert where(st, "lilith") == []
    assert st.lilith_aspect is None
    assert [u.location for u in st.units if u.kind == "hellhound"] == [MIRACLE, MIRACLE]
    assert [u.ref for u in st.units if u.kind == "hellhound"] == ["hellhound.7", "hellhound.8"]
    assert len(st.units_of("void", "legion")) == 4 and len(st.units_of("keys", "legion")) == 2
    assert st.hellhound_box == []
    assert texts(log, "lilith-aspect") == [
        "Lilith's aspect: a roll of 4 makes her the Mother this turn"]
    assert texts(log, "lilith-mother") == [
        "Lilith the Mother turns a rampaging Hellhound in MIRACLE WORKERS into two; the new "
        "one rampages",
        "Lilith the Mother turns 2 void's Legions in SPIES into 4",
        "Lilith the Mother turns 1 keys's Legion in SPIES into 2"]
    assert texts(log, "lilith-removed") == [
        "Lilith leaves play: she rolls 1 and she enters the Pentagram (step 4)"]


# -- Example: Hellhound Rampage NOW! (000 §10.3) ----------------------------------------------

def test_example_hellhound_rampage_hg_10_3_02_the_minder_is_disbanded(make_state, data):
    """The example says the hound "rolled to Flee"; HG-10.3-02 says this move is no
    flight. The rule wins: nobody flees from it and it is not barred from anywhere."""
    st = make_state(["beast"], units=[("legion", "beast", ENVIOUS),
                                      hound(ENVIOUS, "hellhound.2", "beast", "u1")])
    st.remove_unit("u1")  # the Minder is disbanded
    log, dice = Log(), Dice(script=[3])
    random_moves.lose_minder(st, {}, dice, data, log, "u2")
    dice.finish()
    assert (st.unit("u2").location, st.unit("u2").minder) == (THIEVES, None)
    assert texts(log, "hound-loose") == [
        "Hellhound 2 loses its Minder, goes on a Rampage, rolls 3 and runs from THE ENVIOUS "
        "to THIEVES"]


def test_example_hellhound_rampage_hg_10_3_03_04_ip_24(make_state, data):
    st = make_state(["beast"], units=[hound(THIEVES, "hellhound.2"),
                                      ("legion", "beast", FURNACE),
                                      hound(MEGALO, "hellhound.1")])
    script = [4, 4, 1,  # EXPLOITERS, SNAKE EYES SALOON, FURNACE OF BOOKBURNERS
              2,        # the Legion flees to SWAMP OF USELESS RAGE
              5, 1,     # idles; MEGALOMANIACS, where the other hound is: stop
              5]        # Hellhound 1 (3 attacks) starts among Units and stays on its 5
    log = run(st, data, {"beast": "FLEE FROM HOUNDS"}, script)
    assert st.unit("u1").location == MEGALO and st.unit("u3").location == MEGALO
    assert st.unit("u2").location == SWAMP
    assert texts(log, "hound-moves") == [
        "Hellhound 2 rolls 4 and rampages into EXPLOITERS OF LAND AND SEA (step 1)",
        "Hellhound 2 rolls 4 and rampages into SNAKE EYES SALOON (step 2)",
        "Hellhound 2 rolls 1 and rampages into FURNACE OF BOOKBURNERS (step 3)",
        "Hellhound 2 rolls 1 and rampages into MEGALOMANIACS (step 5)"]
    assert texts(log, "hound-flight-decision") == [
        "beast's 1 Unit in FURNACE OF BOOKBURNERS try to flee (by standing order)"]
    assert texts(log, "hound-stops") == [
        "Hellhound 2 stops in MEGALOMANIACS: 1 Unit there did not flee"]
    assert texts(log, "hound-stays") == [
        "Hellhound 1 rolls 5 and stays among the Units in MEGALOMANIACS: its move is over"]


# -- 10.1 Uriel ------------------------------------------------------------------------------

def test_hg_10_1_01_a_second_uriel_does_not_come(make_state, data):
    st = make_state(["a"], units=[uriel(LIARS)])
    log = Log()
    assert not random_moves.bring_uriel(st, data, Dice(script=[]), log)
    assert where(st, "uriel") == [LIARS]


def test_hg_10_1_02_incapacitated_daemons_on_earth_are_spared(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.gomory"]}},
                    daemons={"daemon.gomory": {"where": "earth", "incapacitated": True}})
    random_moves.bring_uriel(st, data, Dice(script=[]), Log())
    assert st.daemons["daemon.gomory"].where == "earth"


def test_hg_10_1_05_a_six_is_rolled_again_on_entering_hell(make_state, data):
    st = make_state(["a"], units=[uriel(ANTEHELL)])
    run(st, data, script=[6, 3, *idle(3)])
    assert where(st, "uriel") == [data.antehell_entry(3)]


def test_hg_10_1_07_lieutenants_flee_without_their_legions(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}},
                    units=[{"kind": "lieutenant", "owner": "a", "location": FOREST,
                            "ref": "lieutenant.verin"},
                           ("legion", "a", FOREST), uriel(WISE)])
    # step 1 into FOREST; the Lieutenant rolls 2 dice: 2 (UNDERACHIEVERS) and 5; the
    # Legion rolls 4 (back to THE WISE MEN, where Uriel came from: fails)
    log = run(st, data, script=[2, 2, 5, 4, *idle(3), 6])  # then keys rolls 6 for Baal
    assert [(u.kind, u.location) for u in st.units if u.kind != "uriel"] == [
        ("lieutenant", UNDER)]
    assert texts(log, "flight") == [
        "a's Lieutenant Verin alone in THE FOREST OF SUICIDES rolls 2 and 5 and takes the 2 "
        "and flees to UNDERACHIEVERS"]
    assert "daemon.baal" in st.daemons


def test_hg_10_1_09_the_roll_spares_above_and_kills_at_or_below(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.gomory"]}},
                    units=[("legion", "a", FOREST), uriel(WISE)])
    log = run(st, data, script=[2, 6, *idle(3), 1])  # the Legion fails; a roll of 1 <= 1
    # Gomory is rank 38, Baal rank 14: Gomory is the lower-ranking Daemon
    assert list(st.daemons) == ["daemon.baal"]
    assert texts(log, "uriel-kills") == [
        "a lost 1 Legion to Uriel and rolls 1: Gomory (a) is destroyed"]


def test_hg_10_1_09_six_legions_lost_kill_without_a_roll(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}},
                    units=[*[("legion", "a", FOREST)] * 6, uriel(WISE)])
    log = run(st, data, script=[2, *[6] * 6, *idle(3)])
    assert st.daemons == {} and st.units_of("a") == []
    assert texts(log, "uriel-kills") == ["a lost 6 Legions to Uriel: Baal (a) is destroyed"]


def test_a_19_no_daemon_in_hell_nothing_happens(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}},
                    daemons={"daemon.baal": {"where": "earth"}},
                    units=[("legion", "a", FOREST), uriel(WISE)])
    log = run(st, data, script=[2, 6, *idle(3)])
    assert "daemon.baal" in st.daemons
    assert [e.rule for e in log.events if e.kind == "uriel-no-victim"] == ["A-19"]


def test_hg_10_1_07_hg_10_4_01_freebooters_flee_from_uriel(make_state, data):
    st = make_state(["a"], units=[("legion", None, FOREST), uriel(WISE)])
    log = run(st, data, script=[2, 2, *idle(3)])
    assert where(st, "legion") == [UNDER]
    assert texts(log, "flight") == [
        "1 Freebooter Legion in THE FOREST OF SUICIDES rolls 2 and flees to UNDERACHIEVERS"]


def test_hg_10_1_10_uriel_leaves_play_in_the_pentagram(make_state, data):
    st = make_state(["a"], units=[uriel(SPIES)])
    log = run(st, data, script=[1])
    assert where(st, "uriel") == []
    assert texts(log, "uriel-removed") == [
        "Uriel leaves play: he rolls 1 on step 1 and enters the Pentagram"]


def test_hg_10_1_10_uriel_leaves_play_meeting_lilith(make_state, data):
    st = make_state(["a"], units=[uriel(WISE), lilith(FOREST)], lilith_aspect="crone",
                    lilith_aspect_turn=1)
    run(st, data, script=[2, *idle(4)])  # Uriel into FOREST; then Lilith idles 4 steps
    assert where(st, "uriel") == [] and where(st, "lilith") == [FOREST]


# -- 10.2 Lilith -----------------------------------------------------------------------------

def test_hg_10_2_01_a_hell_card_shows_where_she_appears(make_state, data):
    st = make_state(["a"], hell_deck=["hell.a-help-in-hell", "hell.uriel-the-pure"])
    log = Log()
    assert random_moves.bring_lilith(st, data, log)
    assert where(st, "lilith") == ["sectio.a-room-full-of-narcissists"]
    assert st.hell_deck == ["hell.uriel-the-pure", "hell.a-help-in-hell"]
    assert st.lilith_aspect is None


def test_hg_10_2_03_a_14_the_cards_aspect_holds_and_she_leaves_antehell(make_state, data):
    st = make_state(["a"], units=[("legion", "a", WISE)])
    random_moves.bring_lilith(st, data, Log(), sectio=ANTEHELL, aspect="virgin")
    log = run(st, data, script=[6, 4, *idle(3)])  # 6 re-rolled; Quarter 4: THE WISE MEN
    assert where(st, "lilith") == [WISE] and st.units_of("a") == []
    assert texts(log, "lilith-aspect") == [
        "Lilith is the Virgin this turn (the card that brought her says so)"]


def test_hg_10_2_04_a_15_the_aspect_is_rolled_again_next_turn(make_state, data):
    st = make_state(["a"], units=[lilith(LIARS)], lilith_aspect="virgin", lilith_aspect_turn=1,
                    turn=2)
    run(st, data, script=[1, *idle(4)])
    assert (st.lilith_aspect, st.lilith_aspect_turn) == ("virgin", 2)


def test_hg_10_2_06_lilith_in_antehell_leaves_play_and_destroys_uriel(make_state, data):
    st = make_state(["a"], units=[lilith(WISE), uriel(FOREST)])
    # Uriel first: 5s all four steps; Lilith: Crone, into FOREST (Uriel destroyed), then 3
    run(st, data, script=[*idle(4), 5, 2, 3])
    assert where(st, "uriel") == [] and where(st, "lilith") == []


def test_hg_10_2_07_09_the_virgin_slays_on_entering_not_when_idling(make_state, data):
    st = make_state(["a", "b"], units=[lilith(FOREST), ("legion", "a", FOREST),
                                       ("legion", "b", WISE), hound(WISE, "hellhound.1")])
    log = run(st, data, script=[1, 5, 4, 5, 5])  # Virgin; stays; THE WISE MEN; stays twice
    assert [u.kind for u in st.units] == ["lilith", "legion"]
    assert st.hellhound_box == ["hellhound.1"]  # HG-10.3-08
    assert texts(log, "units-destroyed") == [
        "Lilith the Virgin slays everything: b's Legion, a rampaging Hellhound in THE WISE MEN "
        "destroyed"]


def test_hg_10_2_08_the_crone_gives_a_card_per_legion(make_state, data):
    st = make_state(["a", "b"], units=[lilith(FOREST), ("legion", "a", WISE),
                                       ("legion", "a", WISE), ("legion", None, WISE)],
                    arcana_deck=["arcana.carnossa", "arcana.belladonna", "arcana.entrapment"])
    run(st, data, script=[6, 4, *idle(3)])
    assert st.players["a"].hand == ["arcana.carnossa", "arcana.belladonna"]
    assert st.players["b"].hand == []


def test_hg_10_2_10_a_17_the_mother_stops_at_twelve_and_pairs_new_hounds(make_state, data):
    st = make_state(["a"], units=[lilith(FOREST), *[("legion", "a", LIARS)] * 10,
                                  ("legion", "a", WISE), ("legion", "a", WISE),
                                  hound(WISE, "hellhound.3", "a", "u12")],
                    hellhound_box=["hellhound.9"])
    # units: u1 Lilith, u2..u11 in LIARS, u12 u13 in WISE, u14 the hound minded by u12
    # Mother; into THE WISE MEN; stays 3 steps; the new hound rampages: 5, it stays
    log = run(st, data, script=[3, 4, *idle(3), 5])
    assert len(st.units_of("a", "legion")) == 12
    new = st.units[-1]
    assert (new.ref, new.owner, new.minder) == ("hellhound.9", None, None)
    assert texts(log, "lilith-mother")[0] == (
        "Lilith the Mother turns 2 a's Legions in THE WISE MEN into 2 (a has 12 Legions, all "
        "the counters there are)")


def test_hg_10_2_10_a_new_hound_takes_a_new_minder(make_state, data):
    st = make_state(["a"], units=[lilith(FOREST), ("legion", "a", WISE),
                                  hound(WISE, "hellhound.3", "a", "u2")],
                    hellhound_box=["hellhound.9"])
    run(st, data, script=[3, 4, *idle(3)])
    new_legion, new_hound = st.units[-2], st.units[-1]
    assert (new_hound.owner, new_hound.minder) == ("a", new_legion.id)


# -- 10.2.1 Courting Lilith ------------------------------------------------------------------

def test_hg_10_2_1_01_02_ip_35_36_the_courter_steers_her(make_state, data):
    """HG-10.2.1-01 (courting), HG-10.2.1-02 (on a successful Roll against Hearts the
    courter moves Lilith's steps as it likes), IP-35/36 (the orders)."""
    st = make_state({"a": {"favours": 2, "daemons": ["daemon.baal"]}, "b": {}},
                    units=[lilith(FALSIFIERS), ("legion", "b", LIARS)])
    orders = {"a": "COURT LILITH WITH Baal\nSTEER LILITH IF CRONE Miracle Workers\n"
                   "STEER LILITH Liars > STAY > Falsifiers"}
    # Baal rolls 1 against Hearts; aspect 1: the Virgin; her 4th step is rolled: 5
    log = run(st, data, orders, [1, 1, 5])
    assert st.players["a"].favours == 1
    assert st.units_of("b") == [] and where(st, "lilith") == [FALSIFIERS]
    assert texts(log, "court") == [
        "Baal (a) spends 1 Favour to court Lilith and wins her: a moves her this phase"]
    assert [e.text for e in log.events if e.kind == "lilith-enters"] == [
        "Lilith enters LIARS: a steers her (step 1)",
        "Lilith enters FALSIFIERS: a steers her (step 3)"]


def test_hg_10_2_1_01_a_16_a_duel_of_hearts_and_only_the_winner_pays(make_state, data):
    st = make_state({"a": {"favours": 1, "daemons": ["daemon.baal"]},
                     "b": {"favours": 1, "daemons": ["daemon.gomory"]}},
                    units=[lilith(FALSIFIERS)])
    hearts = data.daemons["daemon.baal"].hearts, data.daemons["daemon.gomory"].hearts
    script = [1] * hearts[0] + [6] * hearts[1] + [6, 5, *idle(4)]  # Gomory wins, fails
    log = run(st, data, {"a": "COURT LILITH WITH Baal", "b": "COURT LILITH WITH Gomory"},
              script)
    assert (st.players["a"].favours, st.players["b"].favours) == (1, 0)
    assert texts(log, "court") == ["Gomory (b) spends 1 Favour to court Lilith and fails"]


def test_ip_35_if_within_and_no_free_favour(make_state, data):
    st = make_state({"a": {"favours": 1, "disfavours": 1, "daemons": ["daemon.baal"]},
                     "b": {"favours": 1, "daemons": ["daemon.gomory"]}},
                    units=[lilith(FALSIFIERS)])
    orders = {"a": "COURT LILITH WITH Baal",
              "b": "COURT LILITH WITH Gomory IF WITHIN 1 OF Spies"}  # SPIES is 2 away
    log = run(st, data, orders, [5, *idle(4)])
    assert texts(log, "court-no-favour") == ["a would court Lilith but has no free Favour"]
    assert texts(log, "court") == [] and st.players["b"].favours == 1


def test_ip_36_a_step_not_next_to_her_leaves_the_rest_to_the_dice(make_state, data):
    st = make_state({"a": {"favours": 1, "daemons": ["daemon.baal"]}},
                    units=[lilith(FALSIFIERS)])
    log = run(st, data, {"a": "COURT LILITH WITH Baal\nSTEER LILITH Spies"}, [1, 5, *idle(4)])
    assert where(st, "lilith") == [FALSIFIERS]
    assert [e.rule for e in log.events if e.kind == "lilith-steer-fails"] == ["IP-36"]


def test_ip_35_36_orders_read_back_canonically(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}})
    sheet = check_sheet(st, data, "a", "court lilith with baal if within 2 of liars, spies\n"
                                       "steer lilith if mother spies > traitors > stay\n"
                                       "STEER LILITH Liars > Liars > Liars > Liars > Liars")
    assert [line.canonical for line in sheet.lines[:2]] == [
        "COURT LILITH WITH Baal IF WITHIN 2 OF LIARS, SPIES",
        "STEER LILITH IF MOTHER SPIES > TRAITORS > STAY"]
    assert sheet.lines[2].status == "invalid" and "4 steps" in sheet.lines[2].message


# -- 10.3 Hellhounds -------------------------------------------------------------------------

def test_hg_10_3_05_a_crowded_hound_leaves_on_1_to_4(make_state, data):
    st = make_state(["a"], units=[hound(FOREST, "hellhound.1"), ("legion", "a", FOREST)])
    run(st, data, script=[2, *idle(5)])
    assert st.unit("u1").location == UNDER


def test_hg_10_3_04_ip_24_units_stand_by_default_and_stop_the_hound(make_state, data):
    st = make_state(["a"], units=[hound(WISE, "hellhound.1"), ("legion", "a", FOREST)])
    log = run(st, data, script=[2])
    assert st.unit("u1").location == FOREST
    assert texts(log, "hound-flight-decision") == [
        "a's 1 Unit in THE FOREST OF SUICIDES stand (no FLEE ... HOUNDS order applies, so "
        "by default)"]


def test_hg_10_3_06_08_a_hound_in_antehell_is_destroyed(make_state, data):
    st = make_state(["a"], units=[hound(WISE, "hellhound.4")])
    run(st, data, script=[3])
    assert st.units == [] and st.hellhound_box == ["hellhound.4"]


def test_hg_10_3_07_a_hound_rerolls_into_lilith(make_state, data):
    st = make_state(["a"], units=[hound(WISE, "hellhound.4"), lilith(FOREST)],
                    lilith_aspect="crone", lilith_aspect_turn=1)
    log = run(st, data, script=[*idle(4), 2, 4, *idle(5)])  # Lilith idles; hound 2, re-rolls
    assert st.unit("u1").location == "sectio.a-room-full-of-narcissists"
    assert [e.rule for e in log.events if e.kind == "hound-reroll"] == ["HG-10.3-07"]


def test_hg_10_0_02_strongest_hound_moves_first(make_state, data):
    st = make_state(["a"], units=[hound(WISE, "hellhound.12"), hound(LIARS, "hellhound.2")])
    log = run(st, data, script=idle(12))
    assert [e.text for e in log.events][0] == "Hellhound 2 rolls 5 and idles in LIARS (step 1)"


def test_hg_10_4_01_freebooters_never_move(make_state, data):
    st = make_state(["a"], units=[("legion", None, LIARS)])
    log = run(st, data)
    assert where(st, "legion") == [LIARS] and log.events == []


def test_state_round_trips_with_the_new_fields(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}}, lilith_aspect="mother",
                    lilith_aspect_turn=3, daemons={"daemon.baal": {"pass_for_good": True}})
    d = st.to_dict()
    assert HellState.from_dict(d).to_dict() == d
