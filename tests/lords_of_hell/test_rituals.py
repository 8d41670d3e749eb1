"""Rituals finished in a combat round (cards/rituals.py; LH-I.3.3, LH-IV.2.6): casters,
the casting order, the LH-IV.2.6-06 example, and each ritual's effect (Bury, Chain
Catalysm: the author's texts; Infernal Plague, Furnace of Souls: digest §3.3)."""

from __future__ import annotations

import functools

from combat_support import finish, ritual_state
from loh_kit import DATA, discarded, public, sheet
from loh_kit import instances as ids

from pbem.dice import Dice

DECK = ["horde.fiends", "special.recall", "ritual.bury", "horde.juggernauts"]
DF = "horde.diabolic-fiends"
combat_state = functools.partial(ritual_state, deck=DECK)


def private(log, name):
    return [e.text for e in log.events if e.visible_to == (name,)]


# --- the LH-IV.2.6-06 example --------------------------------------------------------------

def example_state(make_state):
    """Asmodeus (a) has Infernal Plague and Furnace of Souls in his home realm and one
    Diabolic Fiends in Hell (LH-IV.2.6-06); b has two Fiends."""
    return combat_state(make_state, {
        "a": {"devil": "devil.asmodeus", "hordes": [DF, "horde.fiends"],
              "rituals": ["ritual.infernal-plague", "ritual.furnace-of-souls"]},
        "b": {"hordes": ["horde.fiends", "horde.fiends"]}})


def test_lh_iv_2_6_06_fiends_cast_the_plague_then_asmodeus_the_furnace(make_state):
    """LH-IV.2.6-06: the Diabolic Fiends cast Infernal Plague first (by default a Diabolic
    Fiends takes the first ritual: a ritual can destroy it, never the Devil); the Plague
    destroys the Fiends themselves, a's Fiends stay, b loses both; Asmodeus then finishes
    Furnace of Souls with the 3 Souls made: 2 sacrificed for 1 card."""
    st = example_state(make_state)
    log = finish(st, {"a": sheet(st, "a", "FINISH Infernal Plague\nFINISH Furnace of Souls")},
                 script=[1, 4, 1, 1])  # a: DF 1, Fiends 4; b: Fiends 1, Fiends 1
    a = st.players["a"]
    assert ids(st, "a", "hordes") == ["horde.fiends", "horde.fiends"]  # + the card drawn
    assert ids(st, "b", "hordes") == []
    assert a.rituals == [] and a.souls == 1
    assert public(log)[0] == ("a finishes Infernal Plague (cast by the Diabolic Fiends): "
                              "every horde in Hell but Leviathan rolls a die and dies on a 1.")
    assert "a gains 3 Souls from the Infernal Plague." in public(log)
    assert ("a finishes Furnace of Souls (cast by Asmodeus): 2 Souls sacrificed for 1 card."
            in public(log))
    assert discarded(st)[-2:] == ["ritual.infernal-plague", "ritual.furnace-of-souls"]


def test_lh_iv_2_6_06_the_danger_the_fiends_die_before_their_ritual(make_state):
    """LH-IV.2.6-06's warning: with Asmodeus casting the Plague and the Diabolic Fiends
    the Furnace, the Plague destroys the Fiends and the Furnace loses its caster."""
    st = example_state(make_state)
    log = finish(st, {"a": sheet(st, "a", "FINISH Infernal Plague BY Devil\n"
                                       "FINISH Furnace of Souls BY Diabolic Fiends")},
                 script=[1, 4, 1, 1])
    a = st.players["a"]
    assert a.rituals == [] and a.souls == 3 and a.hand == []
    assert ("a's Furnace of Souls lost its caster (the Diabolic Fiends) and is discarded "
            "unfinished." in public(log))


# --- casters ---------------------------------------------------------------------------------

def test_lh_iv_2_6_04_rituals_beyond_the_casters_are_discarded(make_state):
    """LH-IV.2.6-04: finishing one ritual, the Devil (one caster) cannot also keep the other
    one: it is discarded at the same time."""
    st = combat_state(make_state, {"a": {"souls": 2, "rituals": ["ritual.bury",
                                                                 "ritual.furnace-of-souls"]}})
    log = finish(st, {"a": sheet(st, "a", "FINISH Furnace of Souls")})
    assert st.players["a"].rituals == []
    assert discarded(st) == ["ritual.bury", "ritual.furnace-of-souls"]
    assert public(log)[0] == ("a's Bury has no caster left and is discarded (one ritual per "
                              "caster).")


def test_lh_i_3_3_04_glasya_keeps_a_second_ritual(make_state):
    """LH-I.3.3-04: one ritual per caster except Glasya (digest §3.3: she casts 2)."""
    st = combat_state(make_state, {"d": {"souls": 2, "rituals": [
        "ritual.bury", "ritual.furnace-of-souls"]}})
    finish(st, {"d": sheet(st, "d", "FINISH Furnace of Souls")})
    assert ids(st, "d", "rituals") == ["ritual.bury"]


def test_lh_i_3_3_04_glasya_finishes_two_rituals_in_one_round(make_state):
    st = combat_state(make_state, {"b": {"hordes": ["horde.fiends"]},
                                   "d": {"souls": 2, "rituals": ["ritual.bury",
                                                                 "ritual.furnace-of-souls"]}})
    finish(st, {"d": sheet(st, "d", "FINISH Bury ON b Fiends\nFINISH Furnace of Souls")})
    assert st.players["d"].rituals == [] and st.players["b"].hordes == []
    assert st.players["d"].souls == 0


def test_lh_i_3_3_03_a_diabolic_fiends_casts_while_the_devil_is_on_earth(make_state):
    """LH-I.3.3-03: Devils and Diabolic Fiends cast; a Devil on Earth cannot
    (LH-I.1.1-03), his Diabolic Fiends in Hell can."""
    st = combat_state(make_state, {"a": {"status": "earth", "hordes": [DF], "souls": 4,
                                         "rituals": ["ritual.furnace-of-souls"]}})
    log = finish(st, {"a": sheet(st, "a", "FINISH Furnace of Souls BY Devil SACRIFICE 2")})
    assert st.players["a"].souls == 2
    assert any("cast by the Diabolic Fiends" in t for t in public(log))
    assert private(log, "a")[0] == ("The caster you named for Furnace of Souls (Asmodeus) "
                                    "is not free: the Diabolic Fiends casts it.")


# --- who finishes, and when ------------------------------------------------------------------

def test_lh_iv_2_6_02_an_army_that_moved_finishes_nothing(make_state):
    """LH-IV.2.6-02: only an army that did not move (pursuing counts as moving) finishes
    rituals; the FINISH line is reported as not carried out."""
    st = combat_state(make_state, {"a": {"souls": 2, "rituals": ["ritual.furnace-of-souls"]}},
                      still=["b", "c", "d"])
    log = finish(st, {"a": sheet(st, "a", "FINISH Furnace of Souls")})
    assert ids(st, "a", "rituals") == ["ritual.furnace-of-souls"]
    assert st.players["a"].souls == 2
    assert private(log, "a") == ["Your army moved this combat round, so it finishes no ritual "
                                 "(your FINISH orders are not carried out)."]


def test_pb_32_default_is_not_to_finish(make_state):
    st = combat_state(make_state, {"a": {"souls": 2, "rituals": ["ritual.furnace-of-souls",
                                                                 "ritual.bury"]}})
    log = finish(st, {})
    assert ids(st, "a", "rituals") == ["ritual.furnace-of-souls", "ritual.bury"]
    assert log.events == []


def test_lh_i_3_3_05_rituals_resolve_starter_first(make_state):
    """LH-I.3.3-05 / LH-IV.2.6-03: rituals at the same time go Starter first, clockwise.
    Starter b's Chain Catalysm destroys a's Bury before a can finish it."""
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"]},
                                   "b": {"rituals": ["ritual.chain-catalysm"],
                                         "hordes": ["horde.fiends"]}}, starter="b")
    log = finish(st, {"a": sheet(st, "a", "FINISH Bury ON b Fiends"),
                      "b": sheet(st, "b", "FINISH Chain Catalysm ON a Bury")})
    assert ids(st, "b", "hordes") == ["horde.fiends"]
    assert st.players["a"].rituals == []
    assert private(log, "a") == ["You have no (other) Bury tabled to finish."]


def test_same_rituals_with_a_as_starter_bury_first(make_state):
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"]},
                                   "b": {"rituals": ["ritual.chain-catalysm"],
                                         "hordes": ["horde.fiends"]}})
    finish(st, {"a": sheet(st, "a", "FINISH Bury ON b Fiends"),
                "b": sheet(st, "b", "FINISH Chain Catalysm ON a Bury")})
    assert st.players["b"].hordes == []
    # a's Bury was finished and discarded: b's Chain Catalysm has no target left (G8)
    assert ids(st, "b", "rituals") == ["ritual.chain-catalysm"]


def test_lh_iv_2_6_04_no_ritual_to_finish_discards_nothing(make_state):
    """LH-IV.2.6-04 assigns casters only when a ritual is finished: a FINISH naming a
    ritual no longer tabled (destroyed earlier) leaves the player's other ritual alone."""
    st = combat_state(make_state, {"a": {"rituals": ["ritual.chain-catalysm", "ritual.bury"]},
                                   "b": {"souls": 1}})
    s = sheet(st, "a", "FINISH Chain Catalysm ON b Soul")
    st.players["a"].rituals.pop(0)
    log = finish(st, {"a": s})
    assert ids(st, "a", "rituals") == ["ritual.bury"] and st.players["b"].souls == 1
    assert public(log) == []
    assert private(log, "a") == ["You have no (other) Chain Catalysm tabled to finish."]


def test_finish_through_the_turn(make_state):
    """Integration (turn.resolve): a ritual started face-down is turned up at the combat
    start (LH-III.3-01) and finished at step 6 of combat round 1 by the army that did not
    move (LH-IV.2-01, LH-IV.2.6-02)."""
    from pbem_games.lords_of_hell import turn

    st = make_state({"a": {"souls": 2, "rituals": ["ritual.furnace-of-souls"]},
                     "b": {}, "c": {}, "d": {}}, deck=["horde.fiends"] * 5)
    st = turn.resolve(st, {n: None for n in st.seats}, Dice(seed="x"), DATA).state
    assert (st.phase, st.round, st.players["a"].rituals_up) == ("combat", 1, True)
    sheets = {n: None for n in st.seats}
    sheets["a"] = sheet(st, "a", "NO MOVE\nFINISH Furnace of Souls")
    st = turn.resolve(st, sheets, Dice(seed="y"), DATA).state
    a = st.players["a"]
    assert (a.souls, a.rituals) == (0, [])
    assert ids(st, "a", "hordes") == ["horde.fiends"]


def test_lh_i_3_3_04_a_spare_caster_takes_over(make_state):
    """LH-I.3.3-04: casters change freely, only their number counts. Asmodeus and two
    Diabolic Fiends finish two rituals, the Fiends casting; the second Fiends dies in the
    Plague: Asmodeus, not yet casting, finishes the Furnace."""
    st = combat_state(make_state, {"a": {"hordes": [DF, DF], "rituals": [
        "ritual.infernal-plague", "ritual.furnace-of-souls"]}})
    log = finish(st, {"a": sheet(st, "a", "FINISH Infernal Plague\nFINISH Furnace of Souls")},
                 script=[6, 1])
    assert st.players["a"].rituals == [] and st.players["a"].souls == 1
    assert any(t.startswith("a finishes Furnace of Souls (cast by Asmodeus)")
               for t in public(log))
    assert private(log, "a") == ["Your Furnace of Souls lost its caster (the Diabolic Fiends):"
                                 " Asmodeus, not yet casting, takes it over."]
