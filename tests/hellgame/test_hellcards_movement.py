"""Hell cards that move, block or destroy Units: games/hellgame/hellcards/movement.py and
its hooks (march, flight, Random Moves, Combat Phase, set_owner, gifts, destroy_daemon)."""

from __future__ import annotations

import pytest
from random_kit import hound, lilith, uriel

from pbem.dice import Dice
from pbem_games.hellgame import combat, effects, gifts, hooks, random_moves
from pbem_games.hellgame.action import march as march_mod
from pbem_games.hellgame.action.context import ActionCtx, Queue
from pbem_games.hellgame.action.march import parse_march, run_march
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.hellcards import movement
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import Ctx, check_sheet
from pbem_games.hellgame.random_moves.common import destroy_daemon

DATA = load_data()
C1, C2, C3 = DATA.circle_members(1), DATA.circle_members(2), DATA.circle_members(3)
C5, C6 = DATA.circle_members(5), DATA.circle_members(6)
Q1 = DATA.quarter_members(1)
SPIES, MIRACLE = "sectio.spies", "sectio.miracle-workers"


def card_for(ph: str, text: str = "") -> str:
    return next(c for c, h in DATA.hell_cards.items()
                if h.phenomenon.id == ph and text in h.phenomenon.text)


def phenomenon(st, ph, sectio, script=(), text=""):
    """Run a Phenomenon's effect with the Warning Sign set, as events.resolve_phenomenon."""
    card = card_for(ph, text)
    st.warning_sign = {"card": card, "phenomenon": ph, "scope": "x", "sectio": list(sectio)}
    log, dice = Log(), Dice(script=list(script))
    effects.PHENOMENA[ph](st, {p: None for p in st.seats}, dice, DATA, log, card, list(sectio))
    dice.finish()
    return log


def event(st, card, script=()):
    st.event = card
    log, dice = Log(), Dice(script=list(script))
    effects.HELL_CARDS[card](st, {p: None for p in st.seats}, dice, DATA, log)
    dice.finish()
    return log


def call(fn, *args, script=()):
    log, dice = Log(), Dice(script=list(script))
    fn(*args, dice, DATA, log)
    dice.finish()
    return log


def kinds(log):
    return [e.kind for e in log.events]


def texts(log, kind):
    return [e.text for e in log.events if e.kind == kind]


def locs(st):
    return {u.id: u.location for u in st.units}


# -- Quagmire -------------------------------------------------------------------------
def test_phenomenon_quagmire_blocks_march_starts_and_stops_entries(make_state):
    """phenomenon.quagmire (000 §9.5): no Unit in the Sectio may start; entering stops."""
    st = make_state(["a", "b"], units=[("legion", "a", MIRACLE)])
    log = phenomenon(st, "phenomenon.quagmire", [MIRACLE])
    assert kinds(log) == ["quagmire"]
    assert "may move this turn" in march_mod.NO_START["quagmire-orgasmatron"](st, DATA, MIRACLE)
    assert march_mod.STOPS["quagmire"](st, DATA, MIRACLE)
    assert march_mod.NO_START["quagmire-orgasmatron"](st, DATA, SPIES) is None


def test_phenomenon_quagmire_holds_a_march_and_a_rampaging_hound(make_state):
    """phenomenon.quagmire: a MARCH from the Sectio does not start (HG-9.5-08); a hound
    there does not rampage, but Uriel (immune, HG-6.2.1-01) would."""
    st = make_state({"a": {"daemons": ["daemon.agares"]}, "b": {}},
                    units=[("legion", "a", MIRACLE), hound(C1[0], "hellhound.1")])
    phenomenon(st, "phenomenon.quagmire", [MIRACLE, C1[0]])
    _, order = parse_march("1 LEGION MIRACLE WORKERS > SPIES", Ctx(st, DATA, "a"))
    dice, log = Dice(script=[]), Log()
    why = run_march(ActionCtx(st, DATA, dice, log, {"a": None, "b": None}, Queue(), "a",
                              "daemon.agares"), order)
    assert "Quagmire" in why and locs(st)["u1"] == MIRACLE
    log = call(random_moves.run, st, {})
    assert texts(log, "hound-held")[0].endswith("may move this turn")
    assert locs(st)["u2"] == C1[0]
    assert movement.held(st, DATA, st.units[0]) and not movement.held(
        st, DATA, type(st.units[0])("u9", "uriel", None, MIRACLE))


# -- map shifts -------------------------------------------------------------------------
def test_phenomenon_incomplete_map_moves_the_circle_clockwise(make_state):
    """phenomenon.incomplete-map: every Unit one Sectio clockwise; Uriel is immune."""
    st = make_state(["a", "b"], owners={C5[0]: "a"},
                    units=[("legion", "a", C5[0]), ("legion", "b", C5[4]), uriel(C5[2])])
    log = phenomenon(st, "phenomenon.incomplete-map", C5)
    assert locs(st) == {"u1": DATA.step(C5[0], 4), "u2": DATA.step(C5[4], 4), "u3": C5[2]}
    assert st.owners == {C5[0]: "a"}  # Control markers stay
    assert all(e.rule == "HG-6.2-01" for e in log.events)


def test_phenomenon_ruined_map_two_anticlockwise_and_into_uriel_is_death(make_state):
    """phenomenon.ruined-map: two Sectio anticlockwise; a Unit carried into Uriel's place
    is destroyed (HG-16.3-02)."""
    dest = DATA.step(DATA.step(C2[0], 2), 2)
    st = make_state(["a", "b"], units=[("legion", "a", C2[0]), ("legion", "b", C2[1]),
                                       uriel(dest)])
    log = phenomenon(st, "phenomenon.ruined-map", C2)
    assert locs(st) == {"u2": DATA.step(DATA.step(C2[1], 2), 2), "u3": dest}
    assert texts(log, "units-destroyed") == [
        f"Carried into {DATA.sectio[dest].name} where Uriel is: a's Legion destroyed"]


def test_phenomenon_landslide_two_outward_antehell_and_not_immune(make_state):
    """phenomenon.landslide (HG-6.2.1-01): two spaces outward, Circles 1-2 to AnteHell,
    Lilith too; a rampaging hound in AnteHell goes back to the box."""
    st = make_state(["a", "b"], units=[("legion", "a", Q1[4]), lilith(Q1[1]),
                                       hound(Q1[0], "hellhound.1"), ("legion", "b", Q1[0])])
    log = phenomenon(st, "phenomenon.landslide", Q1)
    assert locs(st) == {"u1": Q1[2], "u2": "antehell", "u4": "antehell"}
    assert st.hellhound_box[-1] == "hellhound.1"
    assert kinds(log)[-1] == "hound-to-box"


def test_phenomenon_wormhole_sends_units_to_antehell(make_state):
    """phenomenon.wormhole: the Sectio's Units to AnteHell, a tamed hound with its Minder;
    Lilith is immune."""
    st = make_state(["a"], units=[("legion", "a", SPIES), lilith(SPIES),
                                  hound(SPIES, "hellhound.2", owner="a", minder="u1")])
    log = phenomenon(st, "phenomenon.wormhole", [SPIES])
    assert locs(st) == {"u1": "antehell", "u2": SPIES, "u3": "antehell"}
    assert texts(log, "carried") == ["Wormhole: swallowed into AnteHell: a's Legion, a's "
                                     "Hellhound to AnteHell"]
    empty = phenomenon(st, "phenomenon.wormhole", [MIRACLE])
    assert kinds(empty) == ["no-effect"]


def test_phenomenon_major_cave_in_destroys_the_quarter_uriel_too(make_state):
    """phenomenon.major-cave-in (HG-6.2.1-01): everything in the Quarter, Uriel too."""
    st = make_state(["a"], units=[("legion", "a", Q1[0]), uriel(Q1[8]),
                                  ("legion", "a", DATA.quarter_members(2)[0])])
    log = phenomenon(st, "phenomenon.major-cave-in", Q1)
    assert locs(st) == {"u3": DATA.quarter_members(2)[0]}
    assert len(texts(log, "cave-in")) == 2


# -- hounds ---------------------------------------------------------------------------
def test_phenomenon_lightning_panic_variant_frees_tamed_hounds(make_state):
    """phenomenon.lightning (panic, e.g. Council's card): a tamed hound loses its Minder and
    makes its Compass move at once (HG-10.3-02)."""
    st = make_state(["a"], units=[("legion", "a", C6[0]),
                                  hound(C6[0], "hellhound.2", owner="a", minder="u1"),
                                  hound(C6[1], "hellhound.3")])
    log = phenomenon(st, "phenomenon.lightning", C6, script=[4], text="panic")
    h = st.unit("u2")
    assert (h.minder, h.owner, h.location) == (None, None, DATA.step(C6[0], 4))
    assert kinds(log) == ["lightning-panic", "hound-loose", "lightning-panic"]


def test_phenomenon_lightning_flee_variant_hounds_flee_alone(make_state):
    """phenomenon.lightning (flee, The Bees' card): each hound flees with one die; a tamed
    one that gets away leaves its Minder, one that fails stays with it."""
    st = make_state(["a"], units=[("legion", "a", C6[0]),
                                  hound(C6[0], "hellhound.2", owner="a", minder="u1"),
                                  ("legion", "a", C6[1]),
                                  hound(C6[1], "hellhound.3", owner="a", minder="u3")])
    phenomenon(st, "phenomenon.lightning", C6, script=[2, 5], text="flee")
    assert (st.unit("u2").location, st.unit("u2").minder) == (DATA.step(C6[0], 2), None)
    assert (st.unit("u4").location, st.unit("u4").minder) == (C6[1], "u3")


def test_phenomenon_hellhounds_appears_or_box_empty(make_state):
    """phenomenon.hellhounds: a hound with no Minder; an empty box is said."""
    st = make_state(["a"], hellhound_box=["hellhound.5"])
    log = phenomenon(st, "phenomenon.hellhounds", [SPIES])
    assert [(u.kind, u.ref, u.location, u.minder) for u in st.units] == [
        ("hellhound", "hellhound.5", SPIES, None)]
    log = phenomenon(st, "phenomenon.hellhounds", [SPIES])
    assert kinds(log) == ["no-hellhound"] and len(st.units) == 1


# -- The Boss Is Touchy -------------------------------------------------------------
def test_phenomenon_the_boss_is_touchy_freezes_set_owner_and_gifts(make_state):
    """phenomenon.the-boss-is-touchy: set_owner refuses in the area; a gift of such a
    Sectio is refused (HG-7.2.1b-02); elsewhere ownership changes."""
    st = make_state(["a", "b"], owners={SPIES: "a", MIRACLE: "a", C1[0]: "a"})
    log = phenomenon(st, "phenomenon.the-boss-is-touchy", [SPIES])
    assert kinds(log) == ["boss-touchy"]
    assert st.set_owner(SPIES, "b") is False and st.owners[SPIES] == "a"
    assert st.set_owner(SPIES, "a") is True  # no change
    assert st.set_owner(C1[0], "b") is True and st.owners[C1[0]] == "b"
    sheet = check_sheet(st, DATA, "a", "GIVE b SECTIO Spies")
    log = Log()
    gifts.run(st, {"a": sheet, "b": None}, DATA, log)
    assert st.owners[SPIES] == "a" and "The Boss Is Touchy" in texts(log, "gift-refused")[0]


def test_the_boss_is_touchy_keeps_uriels_revoke_off(make_state):
    """phenomenon.the-boss-is-touchy stops Uriel's revoking (HG-10.1-08) in the area."""
    from pbem_games.hellgame.random_moves.common import MoveCtx
    from pbem_games.hellgame.random_moves.uriel import cleanse

    st = make_state(["a"], owners={SPIES: "a"}, units=[uriel(SPIES)])
    st.warning_sign = {"phenomenon": "phenomenon.the-boss-is-touchy", "sectio": [SPIES]}
    log = Log()
    cleanse(MoveCtx(st, DATA, Dice(script=[]), log, {}), SPIES, MIRACLE, {})
    assert st.owners == {SPIES: "a"} and kinds(log) == ["ownership-frozen"]


# -- Events ---------------------------------------------------------------------------
def test_hell_famine_eats_half_before_combat(make_state):
    """hell.famine: per Sectio, half of each type rounded up (a die picks); an owned
    empty Sectio is lost; nothing happens in a turn without Famine."""
    # b keeps C1[0] (no HG-15.2-01 rescue here)
    st = make_state(["a", "b"], owners={C3[0]: "a", C3[1]: "b", C1[0]: "b"},
                    units=[("legion", "a", C3[0]), ("legion", "a", C3[0]),
                           ("legion", "b", C3[0]), ("lieutenant", "a", C3[0], "lieutenant.sulla")])
    log = event(st, "hell.famine")
    assert kinds(log) == ["famine"]
    log = call(movement.before_combat, st, {}, script=[2, 1])
    assert sorted(u.id for u in st.units) == ["u3"]
    assert st.owners == {C3[0]: "a", C1[0]: "b"}
    assert kinds(log) == ["units-destroyed", "famine-lost"]
    st.event = None
    assert call(movement.before_combat, st, {}).events == []


def test_hell_orgasmatron_blocks_pulls_and_sixes(make_state):
    """hell.orgasmatron: Lustful Units may not start a March; the Random Moves Phase pulls
    Limbo and Gluttonous Units in; before combat a 6 destroys."""
    st = make_state(["a"], units=[("legion", "a", C1[0]), ("legion", "a", C3[0]),
                                  ("legion", "a", C2[4]), uriel(C1[3])])
    assert kinds(event(st, "hell.orgasmatron")) == ["orgasmatron"]
    assert "Orgasmatron" in march_mod.NO_START["quagmire-orgasmatron"](st, DATA, C2[4])
    from pbem_games.hellgame.random_moves.common import MoveCtx

    log = Log()
    hooks.fire("random-moves-start", MoveCtx(st, DATA, Dice(script=[]), log, {}))
    assert locs(st) == {"u1": C2[0], "u2": C2[0], "u3": C2[4], "u4": C1[3]}
    log = call(movement.before_combat, st, {}, script=[6, 1, 3])
    assert locs(st) == {"u2": C2[0], "u3": C2[4], "u4": C1[3]}


def test_hell_thou_art_not_real_disperses_heretics_but_hounds(make_state):
    """hell.thou-art-not-real: Units but Hellhounds in the Heretics Circle are removed; a
    Minder's hound goes on a Rampage at once (HG-10.3-02); Lilith is never harmed."""
    st = make_state(["a"], units=[("legion", "a", C6[0]),
                                  hound(C6[0], "hellhound.2", owner="a", minder="u1"),
                                  lilith(C6[2]), ("legion", "a", SPIES)])
    log = event(st, "hell.thou-art-not-real", script=[5])
    assert locs(st) == {"u2": C6[0], "u3": C6[2], "u4": SPIES}
    assert st.unit("u2").minder is None
    assert kinds(log) == ["not-real", "units-destroyed", "hound-loose"]


def test_hell_thou_art_not_real_march_rolls_against_hearts(make_state):
    """hell.thou-art-not-real: a Roll against Hearts per marching Unit; a failure keeps
    that Unit and costs no Skull (Agares, 2 Hearts)."""
    st = make_state({"a": {"daemons": ["daemon.agares"]}, "b": {}},
                    units=[("legion", "a", MIRACLE), ("legion", "a", MIRACLE)])
    st.event = "hell.thou-art-not-real"
    _, order = parse_march("2 LEGIONS MIRACLE WORKERS > SPIES", Ctx(st, DATA, "a"))
    dice, log = Dice(script=[1, 6]), Log()
    run_march(ActionCtx(st, DATA, dice, log, {"a": None, "b": None}, Queue(), "a",
                        "daemon.agares"), order)
    dice.finish()
    assert locs(st) == {"u1": SPIES, "u2": MIRACLE}
    assert len(texts(log, "not-real-held")) == 1


def test_hell_rebellious_rage_units_turn_neutral(make_state):
    """hell.rebellious-rage: the Wrathful Circle's Units desert (owner None) and their
    Sectio rages (+2 in combat, tests/hellgame/test_hellcards_combat.py)."""
    st = make_state(["a"], units=[("legion", "a", C5[0]), ("legion", "a", SPIES)])
    log = event(st, "hell.rebellious-rage")
    assert [u.owner for u in st.units] == [None, "a"]
    assert kinds(log) == ["rebellious-rage"]
    assert st.raging == [C5[0]]
    st2 = make_state(["a"])
    assert kinds(event(st2, "hell.rebellious-rage")) == ["event-no-effect"]


def test_hell_boredom_favours_the_last_battles_winner(make_state):
    """hell.boredom: after the Combat Phase, 1 Favour to the last battle's winner."""
    st = make_state(["a", "b"])
    assert kinds(event(st, "hell.boredom")) == ["boredom"]
    log = call(lambda *a: movement.after_combat(*a, {"winners": ["b"], "rounds": 1}), st)
    assert (st.players["b"].favours, kinds(log)) == (1, ["boredom-favour"])
    log = call(lambda *a: movement.after_combat(*a, None), st)
    assert kinds(log) == ["event-no-effect"]


def test_combat_phase_runs_the_hooks_with_no_combat(make_state):
    """hell.boredom and hell.famine through combat.run (no combat: nobody wins)."""
    st = make_state(["a"], event="hell.boredom")
    log = call(combat.run, st, {})
    assert kinds(log) == ["event-no-effect"]


# -- Vortex, Trinity ------------------------------------------------------------------
def test_hell_vortex_limbo_hounds_read_3_as_1(make_state):
    """hell.vortex (Random Moves part): a hound in each Limbo Sectio while the box lasts;
    in their first move a 3 is read as a 1 and they ignore one another."""
    st = make_state(["a"], event="hell.vortex", hellhound_box=["hellhound.1"])
    log = call(random_moves.run, st, {}, script=[3, 5, 5, 5, 5, 5])
    assert len(texts(log, "no-hellhound")) == 4
    assert locs(st) == {"u1": DATA.step(C1[0], 1)}  # a 3 (outward: AnteHell) read as 1


def test_hell_trinity_no_one_destroys_a_daemon_on_earth(make_state):
    """hell.trinity: destroy_daemon refuses a Daemon on Earth (and an Incapacitated one
    too), not one in Hell."""
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.agares", "daemon.orias"]}},
                    daemons={"daemon.baal": {"where": "earth"},
                             "daemon.orias": {"where": "earth", "incapacitated": True}},
                    permanent={"heaven": "hell.trinity", "earth": None, "hell": None})
    assert destroy_daemon(st, "daemon.baal") is False
    assert destroy_daemon(st, "daemon.orias") is False
    assert destroy_daemon(st, "daemon.agares") is True
    assert sorted(st.daemons) == ["daemon.baal", "daemon.orias"]
    st.permanent["heaven"] = "hell.crusade"  # replaced: its lasting effect ends
    assert destroy_daemon(st, "daemon.baal") is True


@pytest.mark.parametrize("ph", ["phenomenon.quagmire", "phenomenon.incomplete-map",
                                "phenomenon.ruined-map", "phenomenon.landslide",
                                "phenomenon.wormhole", "phenomenon.major-cave-in",
                                "phenomenon.lightning", "phenomenon.hellhounds",
                                "phenomenon.the-boss-is-touchy"])
def test_the_movement_phenomena_are_registered(ph):
    assert ph in effects.PHENOMENA
