"""Each ritual's effect and the FINISH order's targets (cards/rituals.py, orders/cards.py;
ritual texts: Bury and Chain Catalysm from the author's Cards page, digest §2.6;
Infernal Plague and Furnace of Souls the digest §3.3 PROPOSAL; targets: digest G8)."""

from __future__ import annotations

import functools

from combat_support import finish, ritual_state
from loh_kit import discarded, line, public, sheet
from loh_kit import instances as ids

from pbem.engine import ACCEPTED, ILLEGAL, INVALID, UNKNOWN

DECK = ["special.silence", "horde.metal-beasts", "artifact.wand-of-might", "horde.fiends"]
combat_state = functools.partial(ritual_state, deck=DECK)


# --- Bury ----------------------------------------------------------------------------------

def test_ritual_bury_destroys_up_to_3_hordes_or_souls(make_state):
    """ritual.bury: destroy up to 3 target hordes or Souls in Hell; destroyed hordes and
    the finished ritual go to the discard pile (LH-IV.2.6-05, LH-I.3.6-01)."""
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"]},
                                   "b": {"hordes": ["horde.fiends", "horde.fiends"], "souls": 3},
                                   "c": {"hordes": ["horde.leviathan"]}})
    log = finish(st, {"a": sheet(st, "a", "FINISH Bury ON b Fiends, 1 b Souls and c Leviathan")})
    assert ids(st, "b", "hordes") == ["horde.fiends"] and st.players["b"].souls == 2
    assert ids(st, "c", "hordes") == []
    assert discarded(st) == ["horde.fiends", "horde.leviathan", "ritual.bury"]
    assert public(log) == ["a finishes Bury (cast by Asmodeus): it destroys b's Fiends; "
                           "1 Soul of b; c's Leviathan."]


def test_bury_more_than_3_targets_is_illegal(make_state):
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"]}, "b": {"souls": 5}})
    r = line(st, "a", "FINISH Bury ON 2 b Souls, 2 b Souls")
    assert r.status == ILLEGAL and r.message == "Bury has at most 3 target(s), not 4"


def test_g8_hordes_on_earth_cannot_be_targeted(make_state):
    """G8: an "in Hell" effect cannot touch Earth: b's Fiends on Earth are no target."""
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"]},
                                   "b": {"earth": ["horde.fiends"]}})
    r = line(st, "a", "FINISH Bury ON b Fiends")
    assert r.status == ILLEGAL and r.message == "b has 0 Fiends in Hell, not 1"


def test_g8_targets_checked_again_when_the_ritual_resolves(make_state):
    """G8: legal when named and when resolving: only the Fiends still in Hell die."""
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"]},
                                   "b": {"hordes": ["horde.fiends", "horde.fiends"]}})
    s = sheet(st, "a", "FINISH Bury ON 2 b Fiends")
    st.players["b"].hordes.pop()  # lost in this round's fight
    log = finish(st, {"a": s})
    assert st.players["b"].hordes == []
    assert public(log) == ["a finishes Bury (cast by Asmodeus): it destroys b's Fiends (only "
                           "1 of the 2 named were still in Hell)."]


def test_g8_no_legal_target_left_the_ritual_stays_tabled(make_state):
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"]},
                                   "b": {"hordes": ["horde.fiends"]}})
    s = sheet(st, "a", "FINISH Bury ON b Fiends")
    st.players["b"].hordes = []
    log = finish(st, {"a": s})
    assert ids(st, "a", "rituals") == ["ritual.bury"] and st.discard == []
    assert public(log) == []
    assert [e.text for e in log.events if e.visible_to == ("a",)] == [
        "None of the targets of your Bury is in Hell any more, so it is not finished and "
        "stays tabled (change its targets next round)."]


def test_lh_i_2_04_a_player_left_without_forces_loses_his_home(make_state):
    """LH-I.2-04: b's Devil is on Earth; Bury destroys his last horde in Hell: his realm
    goes to the centre, uncontrolled."""
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"]},
                                   "b": {"status": "earth", "hordes": ["horde.juggernauts"]}})
    home = st.players["b"].home
    finish(st, {"a": sheet(st, "a", "FINISH Bury ON b Juggernauts")})
    assert st.players["b"].home is None and st.realms[home] is None


def test_lh_ii_3_1_06_bury_against_a_no_targeting_promise_is_reported(make_state):
    """LH-II.3.1-06: promises are recorded, not enforced; the report says so."""
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"]}, "b": {"souls": 1}},
                      promises=[{"id": "p1", "from": "a", "to": ["b"], "kind": "NO TARGETING",
                                 "text": "", "turn": 1, "until": 1}])
    log = finish(st, {"a": sheet(st, "a", "FINISH Bury ON b Soul")})
    assert public(log) == ["a finishes Bury (cast by Asmodeus): it destroys 1 Soul of b, "
                           "against a's No Targeting promise to b."]


def test_warriors_of_darkness_buried_give_their_soul(make_state):
    """Warriors of Darkness (digest §2.6: "when destroyed, their owner gains a Soul"):
    the hordes module's hook runs for a horde a ritual destroys."""
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"]},
                                   "b": {"hordes": ["horde.warriors-of-darkness"]}})
    finish(st, {"a": sheet(st, "a", "FINISH Bury ON b Warriors of Darkness")})
    assert st.players["b"].hordes == [] and st.players["b"].souls == 1


# --- Chain Catalysm --------------------------------------------------------------------------

def test_ritual_chain_catalysm_destroys_a_ritual(make_state):
    """ritual.chain-catalysm: 1 target Soul, horde, ritual or artifact in Hell."""
    st = combat_state(make_state, {"a": {"rituals": ["ritual.chain-catalysm"]},
                                   "b": {"rituals": ["ritual.infernal-plague"]}})
    log = finish(st, {"a": sheet(st, "a", "FINISH Chain Catalysm ON Infernal Plague of b")})
    assert st.players["b"].rituals == []
    assert discarded(st) == ["ritual.infernal-plague", "ritual.chain-catalysm"]
    assert public(log)[0] == ("a finishes Chain Catalysm (cast by Asmodeus): it destroys b's "
                              "Infernal Plague.")
    assert [e.kind for e in log.events][1:] == ["not-implemented"]  # the cut-off clause


def test_ritual_chain_catalysm_destroys_an_artifact(make_state):
    st = combat_state(make_state, {"a": {"rituals": ["ritual.chain-catalysm"]},
                                   "c": {"artifacts": ["artifact.wand-of-might"]}})
    finish(st, {"a": sheet(st, "a", "FINISH Chain Catalysm ON Belial's Wand of Might")})
    assert st.players["c"].artifacts == []


def test_g8_artifact_of_a_devil_on_earth_is_not_in_hell(make_state):
    """G8 / LH-I.3.2-01: artifacts go with their Devil; on Earth they are out of reach."""
    st = combat_state(make_state, {"a": {"rituals": ["ritual.chain-catalysm"]},
                                   "c": {"status": "earth",
                                         "artifacts": ["artifact.wand-of-might"]}})
    r = line(st, "a", "FINISH Chain Catalysm ON c Wand of Might")
    assert r.status == ILLEGAL and r.message == "c has 0 Wand of Might in Hell, not 1"


def test_chain_catalysm_has_one_target(make_state):
    st = combat_state(make_state, {"a": {"rituals": ["ritual.chain-catalysm"]},
                                   "b": {"souls": 3}})
    r = line(st, "a", "FINISH Chain Catalysm ON 2 b Souls")
    assert r.status == ILLEGAL and r.message == "Chain Catalysm has at most 1 target(s), not 2"


def test_bury_cannot_target_an_artifact(make_state):
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"]},
                                   "c": {"artifacts": ["artifact.wand-of-might"]}})
    r = line(st, "a", "FINISH Bury ON c Wand of Might")
    assert r.status == UNKNOWN and "no target called 'Wand of Might'" in r.message


# --- Infernal Plague -------------------------------------------------------------------------

def test_ritual_infernal_plague_rolls_for_every_horde_in_hell(make_state):
    """ritual.infernal-plague: a d6 for every horde in Hell, Starter first, Leviathan and
    hordes on Earth excepted; each 1 destroys; the caster gains a Soul per horde."""
    st = combat_state(make_state, {
        "a": {"rituals": ["ritual.infernal-plague"], "hordes": ["horde.fiends"]},
        "b": {"hordes": ["horde.leviathan", "horde.juggernauts"], "earth": ["horde.fiends"]},
        "c": {"hordes": ["horde.metal-beasts", "horde.warriors-of-darkness"]}}, starter="b")
    log = finish(st, {"a": sheet(st, "a", "FINISH Infernal Plague")},
                 script=[1, 2, 1, 6])  # b: Juggernauts 1; c: Metal Beasts 2, WoD 1; a: 6
    assert ids(st, "b", "hordes") == ["horde.leviathan"]
    assert ids(st, "b", "earth") == ["horde.fiends"]
    assert ids(st, "c", "hordes") == ["horde.metal-beasts"]
    assert st.players["c"].souls == 1  # Warriors of Darkness' Soul
    assert st.players["a"].souls == 2 and ids(st, "a", "hordes") == ["horde.fiends"]
    assert "b rolls 1 (Juggernauts); destroyed: Juggernauts." in " ".join(public(log))
    assert "a gains 2 Souls from the Infernal Plague." in public(log)


def test_infernal_plague_takes_no_target(make_state):
    st = combat_state(make_state, {"a": {"rituals": ["ritual.infernal-plague"]}})
    r = line(st, "a", "FINISH Infernal Plague ON b Fiends")
    assert r.status == INVALID and r.message == "Infernal Plague takes no target: it is not aimed"


# --- Furnace of Souls ------------------------------------------------------------------------

def test_ritual_furnace_of_souls_draws_a_card_per_2_souls(make_state):
    """ritual.furnace-of-souls: 7 Souls: 6 sacrificed (at most 3 cards); drawn hordes and
    artifacts are tabled at once (LH-I.3-02), the rest go to hand."""
    st = combat_state(make_state, {"a": {"rituals": ["ritual.furnace-of-souls"], "souls": 7}})
    finish(st, {"a": sheet(st, "a", "FINISH Furnace of Souls")})
    a = st.players["a"]
    assert a.souls == 1
    assert ids(st, "a", "hand") == ["special.silence"]
    assert ids(st, "a", "hordes") == ["horde.metal-beasts"]
    assert ids(st, "a", "artifacts") == ["artifact.wand-of-might"]


def test_furnace_of_souls_sacrifice_limit(make_state):
    """SACRIFICE n caps the Souls burnt; an odd cap burns the even number below it."""
    st = combat_state(make_state, {"a": {"rituals": ["ritual.furnace-of-souls"], "souls": 7}})
    finish(st, {"a": sheet(st, "a", "FINISH Furnace of Souls SACRIFICE 3")})
    assert st.players["a"].souls == 5 and ids(st, "a", "hand") == ["special.silence"]


def test_furnace_of_souls_with_no_souls_is_finished_for_nothing(make_state):
    st = combat_state(make_state, {"a": {"rituals": ["ritual.furnace-of-souls"], "souls": 1}})
    log = finish(st, {"a": sheet(st, "a", "FINISH Furnace of Souls")})
    assert st.players["a"].souls == 1 and st.players["a"].rituals == []
    assert "no card is drawn" in public(log)[0]


# --- FINISH order checking -----------------------------------------------------------------

def test_finish_target_forms(make_state):
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"]},
                                   "b": {"hordes": ["horde.fiends"], "souls": 2}})
    for text in ("FINISH Bury ON b Fiends, 2 b Souls", "finish bury on Baalzebub's fiend, "
                 "2 souls of b", "FINISH Bury ON Fiends of Baalzebub and 2 b Soul"):
        r = line(st, "a", text)
        assert r.status == ACCEPTED, r.message
        assert r.canonical == "FINISH Bury ON b Fiends, 2 b Souls"
        assert r.order["targets"] == [["b", "horde.fiends", 1], ["b", "soul", 2]]


def test_finish_parts_in_any_order(make_state):
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury"], "hordes": [
        "horde.diabolic-fiends"]}, "b": {"souls": 1}})
    r = line(st, "a", "FINISH Bury ON b Souls BY Diabolic Fiends")
    assert r.canonical == "FINISH Bury BY DIABOLIC FIENDS ON 1 b Souls"


def test_finish_errors(make_state):
    st = combat_state(make_state, {"a": {"rituals": ["ritual.bury",
                                                     "ritual.furnace-of-souls"]}})
    cases = {
        "FINISH Chain Catalysm ON b Souls": (ILLEGAL, "you have no Chain Catalysm tabled"),
        "FINISH Bury": (INVALID, "Bury needs its target(s): ON <owner> <horde or Souls>"),
        "FINISH Bury ON Fiends": (INVALID, "'Fiends' does not say whose thing it is"),
        "FINISH Bury ON zed Fiends": (INVALID, "'zed Fiends' does not say whose thing it is"),
        "FINISH Furnace of Souls SACRIFICE lots": (
            INVALID, "the Souls to sacrifice must be a whole number, not 'lots'"),
        "FINISH Bury SACRIFICE 2": (INVALID, "SACRIFICE is for Furnace of Souls, not Bury"),
        "FINISH Furnace of Souls BY Devil BY Devil": (INVALID, "FINISH takes BY once"),
        "FINISH Bury BY the cat ON b Souls": (UNKNOWN, "there is no caster called 'the cat'"),
    }
    for text, (status, message) in cases.items():
        r = line(st, "a", text)
        assert (r.status, r.message) == (status, message), text


def test_finish_is_an_order_for_combat_rounds(make_state):
    st = make_state({"a": {"rituals": ["ritual.bury"]}, "b": {}, "c": {}, "d": {}})
    r = line(st, "a", "FINISH Bury ON b Souls")
    assert r.status == ILLEGAL and "combat stage" in r.message
