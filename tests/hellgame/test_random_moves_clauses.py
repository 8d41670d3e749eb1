"""Random Moves Phase and Hell-card clauses (checklist 1.2 and 1.6), one test per clause,
with scripted dice and exact outcomes (rulebook 000 chapters 6 and 10).

Not tested here (the engine cannot show them yet): the die that breaks a card's tie
(6.1) and Events destroying Units sparing Uriel and Lilith (6.2.1) — no implemented
Event picks a target or destroys Units; they come with the Hell-card effects.
"""

from __future__ import annotations

from phase_runner import run_phase
from random_kit import hound, lilith, run, texts, uriel, where

from pbem.dice import Dice
from pbem_games.hellgame import end_phase, events, turn
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

WISE, FOREST = "sectio.the-wise-men", "sectio.the-forest-of-suicides"
GARDEN, LARD = "sectio.garden-of-unnatural-acts", "sectio.sea-of-lard"
FALSIFIERS, MIRACLE, SPIES = "sectio.falsifiers", "sectio.miracle-workers", "sectio.spies"
LIARS, TRAITORS, COURT = "sectio.liars", "sectio.traitors", "sectio.court-of-corruption"
ADULTERERS = "sectio.adulterers-in-heat"
SEER, BOREDOM, COUNCIL = "hell.lilith-seer", "hell.boredom", "hell.council"
WRATH, BEES = "hell.wrath-of-angels", "hell.the-bees"


def sheets_for(st, data, orders):
    out = {p: None for p in st.seats}
    for player, text in orders.items():
        out[player] = check_sheet(st, data, player, text)
        assert not out[player].problems, [p.message for p in out[player].problems]
    return out


# -- 10.0 ------------------------------------------------------------------------------------

def test_hg_10_0_01_independent_units_act_after_the_action_phase(make_state, data):
    """The Random Moves Phase comes right after the Action Phase; in it Uriel, Lilith and
    the rampaging hound move, while Freebooters (and a tamed hound) never do. Lilith finds
    the Legion that marched in the Action Phase: she moves after it."""
    phases = list(turn.PHASES)
    assert phases.index("random moves") == phases.index("action") + 1
    st = make_state({"a": {"daemons": ["daemon.baal"]}},
                    units=[("legion", "a", MIRACLE), uriel(WISE), lilith(LIARS),
                           hound(TRAITORS, "hellhound.1"),
                           ("legion", None, COURT),
                           {"kind": "lieutenant", "owner": None, "location": COURT,
                            "ref": "lieutenant.verin"},
                           ("legion", "a", ADULTERERS),
                           hound(ADULTERERS, "hellhound.2", "a", "u7")],
                    lilith_aspect="virgin", lilith_aspect_turn=1)
    sheets = sheets_for(st, data, {"a": "Baal: MARCH LEGION Miracle Workers > Falsifiers"})
    script = [2, 5, 5, 5,        # Uriel: THE FOREST OF SUICIDES, then idles
              2, 5, 5, 5,        # Lilith the Virgin: FALSIFIERS, then idles
              4, 5, 5, 5, 5, 5]  # the rampaging hound: SPIES, then idles
    log, dice = Log(), Dice(script=script)
    turn.run_phases(st, sheets, dice, data, ["action", "random moves"], log)
    dice.finish()
    assert where(st, "uriel") == [FOREST] and where(st, "lilith") == [FALSIFIERS]
    assert st.unit("u4").location == SPIES
    assert [u.location for u in st.units_at(COURT)] == [COURT, COURT]  # Freebooters stay
    assert (st.unit("u7").location, st.unit("u8").location) == (ADULTERERS, ADULTERERS)
    assert "u1" not in [u.id for u in st.units]  # marched in the Action Phase, then slain
    moved = [e.phase for e in log.events
             if e.kind in ("uriel-enters", "lilith-enters", "hound-moves")]
    assert moved == ["random moves"] * 3
    assert [e.phase for e in log.events].index("random moves") > 0
    assert {e.phase for e in log.events[:[e.phase for e in log.events].index(
        "random moves")]} == {"action"}
    assert texts(log, "units-destroyed") == [
        "Lilith the Virgin slays everything: a's Legion in FALSIFIERS destroyed"]


def test_hg_10_0_03_a_5_or_6_keeps_the_unit_where_it_is_for_that_step(make_state, data):
    """Each step is one die: 5-6 stays for that step only; the next step moves again.
    Lilith idling in a Sectio with a Legion does not act (she acts on entering)."""
    st = make_state(["a"], units=[uriel(WISE), lilith(LIARS), ("legion", "a", LIARS),
                                  hound(SPIES, "hellhound.1")],
                    lilith_aspect="crone", lilith_aspect_turn=1,
                    arcana_deck=["arcana.carnossa"])
    script = [5, 6, 2, 6,           # Uriel: stays, stays, FOREST, stays
              6, 5, 6, 5,           # Lilith: stays four times
              6, 5, 6, 5, 6, 3]     # hound: stays five times, then MIRACLE WORKERS
    log = run(st, data, script=script)
    assert where(st, "uriel") == [FOREST]
    assert where(st, "lilith") == [LIARS]
    assert where(st, "hellhound") == [MIRACLE]
    assert st.players["a"].hand == []  # the Crone never entered a Sectio
    assert texts(log, "uriel-idles") == [
        "Uriel rolls 5 and stays in THE WISE MEN (step 1)",
        "Uriel rolls 6 and stays in THE WISE MEN (step 2)",
        "Uriel rolls 6 and stays in THE FOREST OF SUICIDES (step 4)"]
    assert texts(log, "lilith-idles") == [
        f"Lilith rolls {f} and stays in LIARS (step {n})" for n, f in enumerate(script[4:8], 1)]
    assert texts(log, "hound-idles") == [
        f"Hellhound 1 rolls {f} and idles in SPIES (step {n})"
        for n, f in enumerate(script[8:13], 1)]
    assert [e.rule for e in log.events if e.kind.endswith("idles")] == ["HG-10.0-03"] * 3 + [
        "HG-10.2-07"] * 4 + ["HG-10.0-03"] * 5


# -- 10.1 Uriel ------------------------------------------------------------------------------

def test_hg_10_1_06_uriel_takes_four_steps_and_reads_3_as_1(make_state, data):
    """From THE WISE MEN a 3 would be AnteHell; read as 1 it is the GARDEN. Exactly four
    dice are rolled (dice.finish in run_phase: no fifth)."""
    assert data.step(WISE, 3) == "antehell" and data.step(WISE, 1) == GARDEN
    st = make_state(["a"], units=[uriel(WISE)])
    log = run(st, data, script=[3, 3, 1, 4])
    path = [data.step(GARDEN, 1)]
    path.append(data.step(path[-1], 1))
    path.append(data.step(path[-1], 4))
    assert path[0] == LARD
    assert where(st, "uriel") == [path[-1]]
    assert [e.data["sectio"] for e in log.events if e.kind == "uriel-enters"] == [GARDEN, *path]
    assert texts(log, "uriel-enters")[:2] == [
        "Uriel rolls 3, read as 1, and enters GARDEN OF UNNATURAL ACTS (step 1)",
        "Uriel rolls 3, read as 1, and enters SEA OF LARD (step 2)"]
    assert [e.rule for e in log.events if e.kind == "uriel-enters"] == ["HG-10.1-06"] * 4


# -- 10.2 Lilith -----------------------------------------------------------------------------

def test_hg_10_2_02_lilith_summoned_in_the_hell_phase_moves_in_random_moves(make_state, data):
    """Her card in the Hell Phase only places her (in AnteHell, A-14): no die is rolled
    for her there; she makes her four steps in the Random Moves Phase of that turn."""
    st = make_state({"a": {}}, turn=2, hell_deck=[SEER, BOREDOM, COUNCIL],
                    units=[("legion", "a", WISE)], arcana_deck=["arcana.carnossa"])
    log, dice = Log(), Dice(script=[])
    turn.run_phases(st, {"a": None}, dice, data, ["hell"], log)
    dice.finish()
    assert where(st, "lilith") == ["antehell"] and st.lilith_aspect == "crone"
    assert texts(log, "lilith-enters") == []
    log = run(st, data, script=[4, 5, 5, 5])  # Quarter 4: THE WISE MEN, then idles
    assert where(st, "lilith") == [WISE]
    assert st.players["a"].hand == ["arcana.carnossa"]  # the Crone met a's Legion
    assert texts(log, "lilith-enters") == ["Lilith enters THE WISE MEN: she rolls 4 (step 1)"]


def test_hg_10_2_05_lilith_takes_four_random_steps(make_state, data):
    st = make_state(["a"], units=[lilith(FALSIFIERS)], lilith_aspect="crone",
                    lilith_aspect_turn=1)
    log = run(st, data, script=[2, 1, 2, 3])  # exactly four dice, all on the Compass
    assert where(st, "lilith") == ["sectio.court-of-corruption"]
    assert texts(log, "lilith-enters") == [
        "Lilith enters MIRACLE WORKERS: she rolls 2 (step 1)",
        "Lilith enters SPIES: she rolls 1 (step 2)",
        "Lilith enters TRAITORS: she rolls 2 (step 3)",
        "Lilith enters COURT OF CORRUPTION: she rolls 3 (step 4)"]


def test_hg_10_2_05_a_courted_lilith_takes_her_four_steps_unrolled(make_state, data):
    st = make_state({"a": {"favours": 1, "daemons": ["daemon.baal"]}},
                    units=[lilith(FALSIFIERS)])
    orders = {"a": "COURT LILITH WITH Baal\n"
                   "STEER LILITH Liars > Falsifiers > Miracle Workers > Spies"}
    log = run(st, data, orders, [1, 5])  # Baal's Roll against Hearts; aspect: the Crone
    assert where(st, "lilith") == [SPIES]
    assert texts(log, "lilith-enters") == [
        "Lilith enters LIARS: a steers her (step 1)",
        "Lilith enters FALSIFIERS: a steers her (step 2)",
        "Lilith enters MIRACLE WORKERS: a steers her (step 3)",
        "Lilith enters SPIES: a steers her (step 4)"]


def test_hg_10_2_09_the_virgin_destroys_everything_with_no_flight(make_state, data):
    """Everything in the Sectio she enters goes, whoever owns it; no flight is rolled
    even for a player whose orders say to flee (only her four steps use dice)."""
    st = make_state(["a", "b"],
                    units=[lilith(FALSIFIERS), ("legion", "a", LIARS),
                           hound(LIARS, "hellhound.3", "a", "u2"),
                           {"kind": "lieutenant", "owner": "a", "location": LIARS,
                            "ref": "lieutenant.verin"},
                           ("legion", "b", LIARS), ("legion", None, LIARS),
                           hound(LIARS, "hellhound.5"), ("legion", "b", SPIES)],
                    lilith_aspect="virgin", lilith_aspect_turn=1)
    log = run(st, data, {"a": "FLEE FROM HOUNDS", "b": "FLEE FROM HOUNDS"},
              script=[4, 5, 5, 5])  # into LIARS, then she idles
    assert [(u.kind, u.location) for u in st.units] == [("lilith", LIARS), ("legion", SPIES)]
    assert st.hellhound_box == ["hellhound.3", "hellhound.5"]
    assert st.lieutenant_return == ["lieutenant.verin"]
    assert texts(log, "flight") == []
    assert texts(log, "units-destroyed") == [
        "Lilith the Virgin slays everything: a's Legion, a's Hellhound, a's Lieutenant Verin, "
        "b's Legion, a Freebooter Legion, a rampaging Hellhound in LIARS destroyed"]


# -- 10.2.1 Courting Lilith ------------------------------------------------------------------

def test_hg_10_2_1_03_courting_lasts_for_this_phase_only(make_state, data):
    st = make_state({"a": {"favours": 2, "daemons": ["daemon.baal"]}},
                    units=[lilith(FALSIFIERS)])
    court = "COURT LILITH WITH Baal\n"
    steer = "STEER LILITH Liars > STAY > STAY > STAY"
    # turn 1: Baal wins her (rolls 1 against Hearts); aspect 5: the Crone
    log = run(st, data, {"a": court + steer}, [1, 5])
    assert where(st, "lilith") == [LIARS] and st.players["a"].favours == 1
    # turn 2: a does not court again: his STEER line is ignored, she rolls her steps
    st.turn = 2
    log = run(st, data, {"a": steer.replace("Liars", "Falsifiers")}, [5, 5, 5, 5, 1])
    assert texts(log, "court") == [] and st.players["a"].favours == 1
    assert where(st, "lilith") == [ADULTERERS]
    assert texts(log, "lilith-enters") == [
        "Lilith enters ADULTERERS IN HEAT: she rolls 1 (step 4)"]
    # turn 3: courting her again costs another Favour and steers her again
    st.turn = 3
    log = run(st, data, {"a": court + "STEER LILITH Liars"}, [1, 5, 5, 5, 5])
    assert st.players["a"].favours == 0
    assert texts(log, "lilith-enters") == ["Lilith enters LIARS: a steers her (step 1)"]
    assert where(st, "lilith") == [LIARS]


# -- 10.3 Hellhounds -------------------------------------------------------------------------

def test_hg_10_3_01_a_tamed_hound_stays_with_its_minder_an_unminded_one_rampages(
        make_state, data):
    st = make_state(["a"], units=[("legion", "a", SPIES), hound(SPIES, "hellhound.3", "a", "u1"),
                                  hound(LIARS, "hellhound.5")])
    log = run(st, data, script=[1, 5, 5, 5, 5, 5])  # only the unminded hound rolls
    assert (st.unit("u2").location, st.unit("u3").location) == (SPIES, ADULTERERS)
    assert texts(log, "hound-moves") == [
        "Hellhound 5 rolls 1 and rampages into ADULTERERS IN HEAT (step 1)"]
    # once its Minder is gone, the tamed hound rampages too
    st.remove_unit("u1")
    assert (st.unit("u2").owner, st.unit("u2").minder) == (None, None)
    run(st, data, script=[2, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5])  # u2 (3 attacks) first
    assert st.unit("u2").location == TRAITORS


def test_hg_10_3_01_a_tamed_hound_marches_with_its_minder(make_state, data):
    from pbem_games.hellgame import action

    st = make_state({"a": {"daemons": ["daemon.baal"]}},
                    units=[("legion", "a", SPIES), hound(SPIES, "hellhound.3", "a", "u1")])
    run_phase(action.run, st, data, {"a": "Baal: MARCH LEGION WITH HOUND Spies > Traitors"})
    assert (st.unit("u1").location, st.unit("u2").location) == (TRAITORS, TRAITORS)
    assert st.unit("u2").minder == "u1"


# -- 6.1.2 Contradicting Events --------------------------------------------------------------

def test_hg_6_1_2_01_heaven_before_earth_in_the_end_phase(make_state, data):
    """Wrath of Angels (Heaven) recalls a Daemon that fails against Skulls before The
    Bees (Earth) roll: the recalled Daemon is no longer on Earth to be stung; the one
    that stays on Earth is."""
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.caim"]}, "b": {}, "c": {}},
                    permanent={"heaven": WRATH, "earth": BEES, "hell": None},
                    daemons={"daemon.baal": {"where": "earth"},
                             "daemon.caim": {"where": "earth"}})
    log, dice = Log(), Dice(script=[5, 4, 1])  # Baal fails (Skulls 4), Caim passes; Bees: 1
    end_phase.run(st, {}, dice, data, log)
    dice.finish()
    baal, caim = st.daemons["daemon.baal"], st.daemons["daemon.caim"]
    assert (baal.where, baal.incapacitated) == ("hell", False)
    assert (caim.where, caim.incapacitated) == ("earth", True)
    assert [e.kind for e in log.events if e.kind in ("recalled", "wrath-passed", "stung")] == [
        "recalled", "wrath-passed", "stung"]
    assert [r.reason for r in dice.log] == [
        "Wrath of Angels: Baal rolls against Skulls", "Wrath of Angels: Caim rolls against "
        "Skulls", "The Bees: Caim"]
    assert events.AREAS == ("heaven", "earth", "hell")


def test_hg_10_4_03_freebooters_save_under_their_lieutenants_bonus(make_state):
    """000 §10.4: "a Lieutenant with +3 will save his Units with a roll of 3 or less";
    without a Lieutenant, a 1 (HG-11.2.3-04)."""
    from types import SimpleNamespace

    from pbem_games.hellgame.combat import saves
    from pbem_games.hellgame.combat.parties import FREEBOOTERS

    data = load_data()
    tammerlane = next(k for k, lt in data.lieutenants.items() if lt.bonus == 3)
    for units, faces, expected in (
            ([("lieutenant", None, "sectio.liars", tammerlane), ("legion", None,
                                                                  "sectio.liars")],
             [3, 4], [True, False]),
            ([("legion", None, "sectio.liars")], [1, 2], [True, False])):
        st = make_state(players={"a": {}, "b": {}, "c": {}}, units=units)
        legion = next(u for u in st.units if u.kind == "legion")
        f = SimpleNamespace(st=st, data=data, dice=Dice(script=faces), daemons={}, out=set(),
                            sectio="sectio.liars", here="LIARS", fighting=lambda p: [])
        got = [saves.save_one(f, FREEBOOTERS, legion)[0] for _ in faces]
        assert got == expected
