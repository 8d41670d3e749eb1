"""Issue 22: Double Cross reflecting a card (`COUNTER ... WITH Double Cross REFLECT`), in
the Action Phase (action/spells_counters.py) and in combat (combat/counters.py), and
Objection! played in combat. HG-9.8.2-01/02, HG-9.8.1-04, HG-3.3-02, HG-11.1-03, A-12,
A-13, A-41."""

from __future__ import annotations

import pytest
from phase_runner import run_phase
from spells_kit import acts

from pbem.engine import ACCEPTED, ILLEGAL
from pbem_games.hellgame import action, combat, effects
from pbem_games.hellgame.combat.magic import CombatSpell
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()
SH = "sectio.sugar-hill"
DC, OBJ, INCUBUS = "arcana.double-cross", "arcana.objection", "arcana.incubus"
FRENZY, IDNW = "arcana.frenzy", "arcana.it-did-not-work"
REFLECT = "COUNTER ANY TARGETING MINE WITH Double Cross REFLECT\n"


# -- the order ------------------------------------------------------------------------------

def test_hg_9_8_2_01_reflect_is_read_and_kept_only_for_double_cross(make_state):
    """REFLECT goes after the Counter card, before USING; the canonical line keeps it;
    another Counter cannot reflect."""
    st = make_state(players={"a": {"daemons": ["daemon.caim", "daemon.baal"]}, "b": {},
                             "c": {}})
    sheet = check_sheet(st, DATA, "a", "counter any targeting mine with double cross "
                        "reflect using baal\nCOUNTER ANY WITH It Did Not Work REFLECT\n"
                        "COUNTER Incubus WITH Double Cross\n")
    got = [(r.status, r.canonical, r.rule) for r in sheet.lines]
    assert got[0][:2] == (ACCEPTED, "COUNTER ANY TARGETING MINE WITH Double Cross REFLECT "
                                    "USING Baal")
    assert got[1][0] == ILLEGAL and got[1][2] == "HG-9.8.2-01"
    assert "It Did Not Work... cannot reflect a card" in sheet.lines[1].message
    assert got[2][:2] == (ACCEPTED, "COUNTER Incubus WITH Double Cross")
    assert sheet.lines[0].order["reflect"] is True and "reflect" not in sheet.lines[2].order


# -- the Action Phase -------------------------------------------------------------------------

def test_hg_9_8_2_02_double_cross_reflects_incubus_on_its_caster(make_state):
    """a's Balban (4 Stars) casts Incubus on b's Caim (female, 4 Stars); Caim, the target,
    answers free (HG-9.8.2-02) with Double Cross REFLECT: the Incubus works as if Caim had
    cast it on Balban (female, 4 Stars: it qualifies), a's costs stay paid, Caim stands."""
    st = make_state(players={"a": {"daemons": ["daemon.balban"], "hand": [INCUBUS]},
                             "b": {"daemons": ["daemon.caim"], "hand": [DC]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Caim\n", "b": "Caim: PASS FOR GOOD\n" + REFLECT})
    assert acts(log, "counter", "reflected", "incubus") == [
        ("counter", "Caim (b) counters Incubus of Balban (a) with Double Cross; Caim may "
                    "always counter a card aimed at it, so this costs no Action "
                    "[HG-9.8.2-02]"),
        ("reflected", "Double Cross: Incubus of Balban (a) is reflected; it works for Caim "
                      "(b) on Balban (a), its costs paid by a as it was played"),
        ("incubus", "Balban (a) succumbs to untold pleasures and is Incapacitated")]
    assert st.daemons["daemon.balban"].incapacitated
    assert not st.daemons["daemon.caim"].incapacitated
    assert st.players["a"].hand == [] and st.players["b"].hand == []
    assert st.arcana_deck[-2:] == [INCUBUS, DC]  # HG-3.3-02


def test_hg_9_8_2_01_a_card_that_cannot_be_turned_back_is_only_cancelled(make_state):
    """Reflected, Ashtaroth (2 Stars) would cast Incubus on Balban (4 Stars), which its
    text forbids: Double Cross cancels it, saying why; nobody is Incapacitated."""
    st = make_state(players={"a": {"daemons": ["daemon.balban"], "hand": [INCUBUS]},
                             "b": {"daemons": ["daemon.ashtaroth"], "hand": [DC]},
                             "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\n",
        "b": "Ashtaroth: PASS FOR GOOD\n" + REFLECT})
    assert ("countered", "Incubus of Balban (a) is cancelled by a Double Cross; it is not "
            "reflected: Balban has 4 Stars and Ashtaroth 2 Stars: Incubus works only on a "
            "Daemon with as many Stars as the caster or fewer") in acts(log)
    assert not any(d.incapacitated for d in st.daemons.values())


def test_hg_9_8_1_04_reflected_defection_takes_the_casters_lieutenant(make_state):
    """a's Defection on b's Units in Liars, reflected: b's Naburos takes a's Lieutenant
    there instead (the Lieutenant a named is b's, so the turned card takes a's best);
    a's Favour stays paid (HG-9.8.1-04), b pays nothing more."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.defection"]},
                             "b": {"daemons": ["daemon.naburos"], "hand": [DC]}, "c": {}},
                    units=[("lieutenant", "b", "sectio.liars", "lieutenant.sulla"),
                           ("lieutenant", "a", "sectio.liars", "lieutenant.alastor")])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST Defection ON b AT Liars LIEUTENANT Sulla\n",
        "b": "COUNTER Defection WITH Double Cross REFLECT\n"})
    assert ("reflected", "Double Cross: Defection of Baal (a) is reflected; it works for "
            "Naburos (b) on a's Units in LIARS, its costs paid by a as it was played"
            ) in acts(log)
    assert {u.ref: u.owner for u in st.units} == {"lieutenant.sulla": "b",
                                                  "lieutenant.alastor": "b"}
    assert st.players["a"].favours == 0 and st.players["b"].favours == 0


def test_hg_9_8_2_03_a_card_on_a_sectio_is_only_cancelled_and_costs_the_action(make_state):
    """Riot names a Sectio, which has no "back": Double Cross cancels it, saying so. The
    card is aimed at nobody's Daemon or Units, so Orias spends its Action (HG-9.8.2-03)."""
    st = make_state(players={"a": {"daemons": ["daemon.baal"], "hand": ["arcana.riot"]},
                             "b": {"daemons": ["daemon.orias"], "hand": [DC]}, "c": {}},
                    units=[("legion", "c", SH)])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST Riot ON Sugar Hill\n",
        "b": "COUNTER Riot WITH Double Cross REFLECT USING Orias\n"})
    assert ("countered", "Riot of Baal (a) is cancelled by a Double Cross; it is not "
            "reflected: Riot is aimed at a place or a path, which cannot be turned back"
            ) in acts(log)
    assert "riot" not in [k for k, _ in acts(log)] and "arcana.riot" not in st.marks
    assert acts(log, "counter")[0][1].endswith(
        "this is Orias's Action for the turn, taken out of sequence [HG-9.8.2-03]")


def test_a_12_3_double_cross_reflecting_a_counter_only_cancels_it(make_state):
    """A Counter turned back on its player only cancels his own play: Double Cross REFLECT
    against It Did Not Work... cancels it, so the card below it (Protocol) works."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.protocol", DC]},
                             "b": {"daemons": ["daemon.xaphan"], "hand": [IDNW]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Protocol\n" + REFLECT,
        "b": "COUNTER Protocol WITH It Did Not Work USING Xaphan\n"})
    assert ("countered", "It Did Not Work... of Xaphan (b) is cancelled by a Double Cross; "
            "it is not reflected: a Counter turned back on its player only cancels his own "
            "play") in acts(log)
    assert "protocol" in [k for k, _ in acts(log)]


# -- in combat ---------------------------------------------------------------------------------

def _frenzy(f, side, daemon, order):  # "+2 on all combat rolls for one round" (stand-in)
    f.bonus[side] += 2


@pytest.fixture
def frenzy(monkeypatch):
    """Frenzy is another helper's card: a stand-in with its printed effect keeps these
    tests about the Counters only (as test_combat_counters.py)."""
    monkeypatch.setitem(effects.ARCANA, FRENZY, CombatSpell(FRENZY, _frenzy))


def _fight(make_state, a, a_hand, b, b_hand):
    return make_state(players={"a": {"daemons": [a], "hand": a_hand},
                               "b": {"daemons": [b], "hand": b_hand}, "c": {}},
                      units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])


#: round 1 after the cards: a's Legions 6, 6 (2 hits), b's Legion 1 (a miss, even with
#: +2), b's Legion fails its first save, 6: destroyed, a wins
ROUND = [6, 6, 1, 6]


def _bonuses(log) -> list[int]:
    return [e.data["bonus"] for e in log.events if e.kind == "combat-roll"]


def test_a_13_objection_in_combat_sends_the_card_back_to_hand(make_state, frenzy):
    """arcana.objection in combat (A-13: Ukobach brought it): Frenzy has no effect and goes
    back to a's hand (not the deck), not to be played again in this combat
    (HG-11.1-03, A-41); Objection! goes to the bottom of the deck (HG-3.3-02)."""
    st = _fight(make_state, "daemon.caim", [FRENZY], "daemon.ukobach", [OBJ])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Caim IN Sugar Hill BRINGING Frenzy\n"
             "COMBAT CAST Frenzy IN Sugar Hill ROUND 1\n",
        "b": "JOIN Ukobach IN Sugar Hill BRINGING Objection!\n"
             "COUNTER ANY TARGETING MINE WITH Objection!\n"}, ROUND)
    assert [(e.kind, e.text) for e in log.events if e.kind in ("counter", "objection")] == [
        ("counter", "Ukobach (b) counters Frenzy of Caim (a) with Objection! in SUGAR HILL; "
                    "Ukobach brought it into the combat, and no Action is spent [A-13]"),
        ("objection", "Objection! Frenzy of Caim (a) has no effect in SUGAR HILL; a takes "
                      "Frenzy back into hand, to use at another time, not in this combat")]
    assert _bonuses(log)[:2] == [0, 0]
    assert st.players["a"].hand == [FRENZY] and st.players["b"].hand == []
    assert st.arcana_deck[-1] == OBJ and FRENZY not in st.arcana_deck
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 1}}


def test_hg_9_8_2_01_double_cross_reflects_frenzy_to_the_other_side(make_state, frenzy):
    """A card with no ON part works on the whole combat; reflected, it works for the
    Double Cross's side: b gets Frenzy's +2, a gets nothing."""
    st = _fight(make_state, "daemon.caim", [FRENZY], "daemon.ukobach", [DC])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Caim IN Sugar Hill BRINGING Frenzy\n"
             "COMBAT CAST Frenzy IN Sugar Hill ROUND 1\n",
        "b": "JOIN Ukobach IN Sugar Hill BRINGING Double Cross\n" + REFLECT}, ROUND)
    assert ("reflected", "Double Cross: Frenzy of Caim (a) is reflected in SUGAR HILL; it "
            "works for Ukobach (b), its costs paid by a as it was played") in acts(log)
    assert _bonuses(log)[:3] == [0, 0, 2]
    assert st.arcana_deck[-2:] == [FRENZY, DC]


def test_hg_9_8_2_01_double_cross_reflects_incubus_on_its_caster_in_combat(make_state):
    """Incubus ON Asmodeus, reflected: Asmodeus plays it on Xaphan, who played it (female,
    2 Stars, no more than Asmodeus's 3): Xaphan is Incapacitated and out of the fight."""
    st = _fight(make_state, "daemon.xaphan", [INCUBUS], "daemon.asmodeus", [DC])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Xaphan IN Sugar Hill BRINGING Incubus\n"
             "COMBAT CAST Incubus ON Asmodeus IN Sugar Hill ROUND 1\n",
        "b": "JOIN Asmodeus IN Sugar Hill BRINGING Double Cross\n" + REFLECT},
        [6, 6, 1, 1, 6])  # a's Legions hit twice; b's misses; b saves once, then fails
    assert ("reflected", "Double Cross: Incubus of Xaphan (a) is reflected in SUGAR HILL; "
            "it works for Asmodeus (b) on Xaphan, its costs paid by a as it was played"
            ) in acts(log)
    assert st.daemons["daemon.xaphan"].incapacitated
    assert not st.daemons["daemon.asmodeus"].incapacitated


def test_a_13_reflect_without_the_card_brought_plays_nothing(make_state, frenzy):
    """A-13: Double Cross not brought into the combat is not played, REFLECT or not."""
    st = _fight(make_state, "daemon.caim", [FRENZY], "daemon.ukobach", [DC])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Caim IN Sugar Hill BRINGING Frenzy\n"
             "COMBAT CAST Frenzy IN Sugar Hill ROUND 1\n",
        "b": "JOIN Ukobach IN Sugar Hill\n" + REFLECT}, ROUND)
    assert not [e for e in log.events if e.kind in ("counter", "reflected")]
    assert _bonuses(log)[:2] == [2, 2] and st.players["b"].hand == [DC]

