"""Counters in combat (combat/counters.py): HG-9.8.2-01, IP-30, A-12(3), A-13, Tempers;
It Did Not Work..., Double Cross, So, Sue Me.. and Slipped Spell played in a combat."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest
from phase_runner import run_phase

from pbem_games.hellgame import combat, effects
from pbem_games.hellgame.combat.magic import CombatSpell
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()
SH = "sectio.sugar-hill"
FRENZY, IDNW = "arcana.frenzy", "arcana.it-did-not-work"
DIST = "arcana.daemonic-distraction"


def _frenzy(f, side, daemon, order):  # "+2 on all combat rolls for one round" (stand-in)
    f.bonus[side] += 2


def _distraction(f, side, daemon, order):  # the target is out of the fight (stand-in)
    f.out.add(next(d for d in f.st.daemons if DATA.daemons[d].name == order["on"]))


@pytest.fixture
def cards(monkeypatch):
    """Frenzy and Daemonic Distraction are being written by other helpers: stand-ins with
    their printed text keep these tests about the Counters only."""
    monkeypatch.setitem(effects.ARCANA, FRENZY, CombatSpell(FRENZY, _frenzy))
    monkeypatch.setitem(effects.ARCANA, DIST, CombatSpell(
        DIST, _distraction, target=lambda text, ctx: text.strip().title()))


def _state(make_state, a_hand, b_hand, **extra):
    """a: Caim (4 Stars) with 2 Legions, side 0; b: Ukobach (2 Stars, 2 Skulls), 1."""
    return make_state(players={"a": {"daemons": ["daemon.caim"], "hand": a_hand},
                               "b": {"daemons": ["daemon.ukobach"], "hand": b_hand},
                               "c": {}},
                      units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)], **extra)


A_FRENZY = "JOIN Caim IN Sugar Hill BRINGING {}\nCOMBAT CAST Frenzy IN Sugar Hill ROUND 1\n"
B_COUNTER = "JOIN Ukobach IN Sugar Hill BRINGING {}\nCOUNTER ANY TARGETING MINE WITH {}\n"
#: round 1 after the cards: a's Legions 6, 6 (2 hits), b's Legion 1 (a miss), b's
#: Legion fails its first save, 6 (Ukobach's 2 Skulls): destroyed, a wins
ROUND = [6, 6, 1, 6]


def _bonus(log) -> list[int]:
    """The card bonus of a's two attack rolls (2: Frenzy worked)."""
    return [e.data["bonus"] for e in log.events if e.kind == "combat-roll"][:2]


def _texts(log, *kinds) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.kind in kinds]


def test_a_13_it_did_not_work_cancels_a_combat_card(make_state, cards):
    """arcana.it-did-not-work in combat: Ukobach brought it, so b answers Frenzy with it;
    Frenzy does not work (no +2), both cards go to the bottom of the deck (A-13,
    HG-9.8.2-01, HG-3.3-02)."""
    st = _state(make_state, [FRENZY], [IDNW])
    log = run_phase(combat.run, st, DATA, {"a": A_FRENZY.format("Frenzy"),
                                          "b": B_COUNTER.format("It Did Not Work",
                                                                "It Did Not Work")}, ROUND)
    assert _texts(log, "counter", "countered") == [
        ("counter", "Ukobach (b) counters Frenzy of Caim (a) with It Did Not Work... in "
                    "SUGAR HILL; Ukobach brought it into the combat, and no Action is spent "
                    "[A-13]"),
        ("countered", "Frenzy of Caim (a) does not work: It Did Not Work... of Ukobach (b) "
                      "cancels it")]
    assert _bonus(log) == [0, 0]
    assert st.players["a"].hand == [] and st.players["b"].hand == []
    assert st.arcana_deck[-2:] == [FRENZY, IDNW]
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 1}}


def test_a_13_a_counter_not_brought_is_not_played(make_state, cards):
    """A-13: b holds It Did Not Work... but Ukobach did not bring it: Frenzy works."""
    st = _state(make_state, [FRENZY], [IDNW])
    log = run_phase(combat.run, st, DATA, {
        "a": A_FRENZY.format("Frenzy"),
        "b": "JOIN Ukobach IN Sugar Hill\nCOUNTER ANY TARGETING MINE WITH It Did Not Work"},
        ROUND)
    assert _texts(log, "counter", "countered") == []
    assert _bonus(log) == [2, 2]
    assert st.players["b"].hand == [IDNW]


def test_a_13_a_counter_brought_by_a_daemon_out_of_the_fight_is_not_played(make_state,
                                                                           cards):
    """Only a joined Daemon still in the fight plays a Counter: Daemonic Distraction (which
    no Counter answers) puts Ukobach out, so his It Did Not Work... stays in hand."""
    st = _state(make_state, [FRENZY, DIST], [IDNW])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Caim IN Sugar Hill BRINGING Daemonic Distraction, Frenzy\n"
             "COMBAT CAST Daemonic Distraction ON Ukobach IN Sugar Hill ROUND 1\n"
             "COMBAT CAST Frenzy IN Sugar Hill ROUND 1",
        "b": B_COUNTER.format("It Did Not Work", "It Did Not Work")},
        [6, 6, 1, 6])  # b, with no Daemon in the fight, saves on a 1 only: one roll
    assert [e.data["card"] for e in log.events if e.kind == "combat-cast"] == [DIST, FRENZY]
    assert _texts(log, "counter", "countered") == []
    assert _bonus(log) == [2, 2]
    assert st.players["b"].hand == [IDNW]


def test_hg_9_8_2_01_daemonic_distraction_cannot_be_countered(make_state, cards):
    """arcana.daemonic-distraction is flagged cannot_be_countered: b's TARGETING MINE line
    does not fire against it (Xaphan is put out); it does against the Frenzy that
    follows."""
    st = make_state(players={"a": {"daemons": ["daemon.caim", "daemon.naburos"],
                                   "hand": [FRENZY, DIST]},
                             "b": {"daemons": ["daemon.ukobach", "daemon.xaphan"],
                                   "hand": [IDNW]}, "c": {}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Caim IN Sugar Hill BRINGING Frenzy\n"
             "JOIN Naburos IN Sugar Hill BRINGING Daemonic Distraction\n"
             "COMBAT CAST Daemonic Distraction ON Xaphan IN Sugar Hill ROUND 1\n"
             "COMBAT CAST Frenzy IN Sugar Hill ROUND 1",
        "b": B_COUNTER.format("It Did Not Work", "It Did Not Work")
        + "JOIN Xaphan IN Sugar Hill"}, ROUND)
    assert [e.data["card"] for e in log.events if e.kind == "combat-cast"] == [DIST, FRENZY]
    assert [e.data["answers"] for e in log.events if e.kind == "counter"] == [FRENZY]
    assert _bonus(log) == [0, 0]


def test_a_12_3_counter_counter_double_cross_lets_the_card_work(make_state, cards):
    """arcana.double-cross in combat: a answers b's It Did Not Work... with Double Cross
    (TARGETING MINE: a Counter against a's own card); last played resolves first, so It
    Did Not Work... is cancelled and Frenzy works (A-12(3))."""
    st = _state(make_state, [FRENZY, "arcana.double-cross"], [IDNW])
    log = run_phase(combat.run, st, DATA, {
        "a": A_FRENZY.format("Frenzy, Double Cross")
        + "COUNTER ANY TARGETING MINE WITH Double Cross",
        "b": B_COUNTER.format("It Did Not Work", "It Did Not Work")}, ROUND)
    assert _texts(log, "counter", "countered") == [
        ("counter", "Ukobach (b) counters Frenzy of Caim (a) with It Did Not Work... in "
                    "SUGAR HILL; Ukobach brought it into the combat, and no Action is spent "
                    "[A-13]"),
        ("counter", "Caim (a) counters It Did Not Work... of Ukobach (b) with Double Cross in "
                    "SUGAR HILL; Caim brought it into the combat, and no Action is spent "
                    "[A-13]"),
        ("countered", "It Did Not Work... of Ukobach (b) does not work: Double Cross of Caim "
                      "(a) cancels it (cancel, not reflect: the default)")]
    assert _bonus(log) == [2, 2]
    assert st.arcana_deck[-3:] == [FRENZY, IDNW, "arcana.double-cross"]


def test_a_12_3_so_sue_me_answers_only_a_counter_to_its_users_card(make_state, cards):
    """arcana.so-sue-me in combat (its effect registered in action/spells_counters.py): a's
    line fires against b's Counter to a's Frenzy, not against Frenzy itself; It Did Not
    Work... is cancelled and Frenzy works."""
    if not getattr(effects.ARCANA.get("arcana.so-sue-me"), "cancels", False):
        pytest.skip("So, Sue Me.. is not registered as a cancelling Counter")
    st = _state(make_state, [FRENZY, "arcana.so-sue-me"], [IDNW, "arcana.so-sue-me"])
    log = run_phase(combat.run, st, DATA, {
        "a": A_FRENZY.format("Frenzy, So Sue Me") + "COUNTER ANY WITH So Sue Me",
        "b": "JOIN Ukobach IN Sugar Hill BRINGING So Sue Me, It Did Not Work\n"
             "COUNTER ANY WITH So Sue Me\nCOUNTER ANY WITH It Did Not Work"}, ROUND)
    assert [(e.data["card"], e.data["answers"]) for e in log.events if e.kind == "counter"] \
        == [(IDNW, FRENZY), ("arcana.so-sue-me", IDNW)]
    assert _bonus(log) == [2, 2]
    assert st.players["b"].hand == ["arcana.so-sue-me"]


@pytest.mark.parametrize("die,blocked", [(2, True), (3, False)])
def test_slipped_spell_roll_against_stars(make_state, cards, die, blocked):
    """arcana.slipped-spell: Ukobach (2 Stars) rolls against Stars as it resolves: 2
    passes and blocks Frenzy; 3 fails and Frenzy works; the card is spent either way
    (HG-3.4-04)."""
    st = _state(make_state, [FRENZY], ["arcana.slipped-spell"])
    log = run_phase(combat.run, st, DATA, {
        "a": A_FRENZY.format("Frenzy"),
        "b": B_COUNTER.format("Slipped Spell", "Slipped Spell")}, [die] + ROUND)
    verdict = ("countered", "Slipped Spell: Ukobach (b) rolls 2 against 2 Stars and blocks "
                            "Frenzy of Caim (a)") if blocked else \
        ("counter-failed", "Slipped Spell: Ukobach (b) rolls 3 against 2 Stars and fails: "
                           "Frenzy of Caim (a) is not blocked")
    assert _texts(log, "countered", "counter-failed") == [verdict]
    assert _bonus(log) == ([0, 0] if blocked else [2, 2])
    assert st.players["b"].hand == []
    assert st.arcana_deck[-2:] == [FRENZY, "arcana.slipped-spell"]


def test_tempers_a_counter_in_combat_costs_a_disfavour(make_state, cards):
    """hell.tempers in play: the Counter costs b 1 Disfavour (each side has two Legions
    or fewer, so it may be played)."""
    st = _state(make_state, [FRENZY], [IDNW], event="hell.tempers")
    log = run_phase(combat.run, st, DATA, {"a": A_FRENZY.format("Frenzy"),
                                          "b": B_COUNTER.format("It Did Not Work",
                                                                "It Did Not Work")}, ROUND)
    assert _texts(log, "tempers-counter") == [
        ("tempers-counter", "Tempers: b played a Counter and takes 1 Disfavour.")]
    assert st.players["b"].disfavours == 1
    assert _bonus(log) == [0, 0]


def test_tempers_no_counter_where_a_side_has_more_than_two_legions(make_state, cards):
    """hell.tempers' last sentence (a reading): Counters only in a combat where each side
    has two Legions or fewer; a has three here, so b keeps his card and is told why."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": [FRENZY]},
                             "b": {"daemons": ["daemon.ukobach"], "hand": [IDNW]}, "c": {}},
                    units=[("legion", "a", SH)] * 3 + [("legion", "b", SH)],
                    event="hell.tempers")
    log = run_phase(combat.run, st, DATA, {"a": A_FRENZY.format("Frenzy"),
                                          "b": B_COUNTER.format("It Did Not Work",
                                                                "It Did Not Work")},
                    [6, 6, 6, 1, 6])
    assert _texts(log, "counter") == []
    refused = [e for e in log.events if e.kind == "counter-refused"]
    assert [(e.text, e.visible_to) for e in refused] == [
        ("You play no It Did Not Work... in SUGAR HILL: while Tempers is in play, Counters "
         "may be used only in a combat where each side has two Legions or fewer, and here "
         "the sides have 3 and 1.", ("b",))]
    assert st.players["b"].hand == [IDNW] and st.players["b"].disfavours == 0


def test_hg_9_8_1_04_a_counter_that_cannot_be_paid_is_not_played(make_state, cards):
    """Costs as in Fight.cast (HG-9.8.1-04): a Counter its player cannot pay for is not
    played; one he can pay for is paid as it is played (the Counters print no cost: the
    data given to this test prints 2 Souls on It Did Not Work...)."""
    card = DATA.arcana[IDNW]
    data = replace(DATA, arcana=MappingProxyType({**DATA.arcana, IDNW: replace(
        card, major=replace(card.major, cost=replace(card.major.cost, souls=2)))}))
    orders = {"a": A_FRENZY.format("Frenzy"),
              "b": B_COUNTER.format("It Did Not Work", "It Did Not Work")}
    st = _state(make_state, [FRENZY], [IDNW])
    st.players["b"].souls = 1
    log = run_phase(combat.run, st, data, orders, ROUND)
    assert _texts(log, "counter") == [] and _bonus(log) == [2, 2]
    assert st.players["b"].hand == [IDNW]
    st = _state(make_state, [FRENZY], [IDNW])
    st.players["b"].souls = 3
    log = run_phase(combat.run, st, data, orders, ROUND)
    assert _texts(log, "counter")[0][1].startswith(
        "Ukobach (b) counters Frenzy of Caim (a) with It Did Not Work... in SUGAR HILL, "
        "paying 2 Souls;")
    assert st.players["b"].souls == 1 and _bonus(log) == [0, 0]


def test_hg_9_8_2_01_using_names_the_daemon_that_brought_it(make_state, cards):
    """USING: b's Xaphan and Ukobach both joined; only Xaphan brought the Counter, so the
    line USING Ukobach, Xaphan is played by Xaphan."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": [FRENZY]},
                             "b": {"daemons": ["daemon.ukobach", "daemon.xaphan"],
                                   "hand": [IDNW]}, "c": {}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": A_FRENZY.format("Frenzy"),
        "b": "JOIN Ukobach IN Sugar Hill\nJOIN Xaphan IN Sugar Hill BRINGING It Did Not Work\n"
             "COUNTER Frenzy WITH It Did Not Work USING Ukobach, Xaphan"}, ROUND)
    assert [e.data["daemon"] for e in log.events if e.kind == "counter"] == ["daemon.xaphan"]
    assert _bonus(log) == [0, 0]


def test_orders_counters_in_combat_are_standing_counter_lines(make_state, cards):
    """COUNTER ... WITH Slipped Spell and COUNTER <Combat card> are accepted; COMBAT CAST
    of a Counter is refused, saying how to play it."""
    st = _state(make_state, [IDNW, "arcana.slipped-spell"], [])
    sheet = check_sheet(st, DATA, "a", "COUNTER ANY WITH Slipped Spell\n"
                                       "COUNTER Frenzy WITH It Did Not Work\n"
                                       "COMBAT CAST It Did Not Work IN Sugar Hill\n"
                                       "COMBAT CAST Slipped Spell IN Sugar Hill")
    assert [ln.canonical for ln in sheet.lines[:2]] == [
        "COUNTER ANY WITH Slipped Spell", "COUNTER Frenzy WITH It Did Not Work..."]
    assert [p.message for p in sheet.problems] == [
        "It Did Not Work... is a Counter: in combat it answers another card by a standing "
        "COUNTER line, not COMBAT CAST",
        "Slipped Spell is a Counter: in combat it answers another card by a standing COUNTER "
        "line, not COMBAT CAST"]


def test_slipped_spell_is_never_played_in_the_action_phase(make_state):
    """arcana.slipped-spell is a Combat Counter: in the Action Phase its COUNTER line is
    passed over and the next line (It Did Not Work...) answers the Incubus."""
    from pbem_games.hellgame import action

    st = make_state(players={"a": {"daemons": ["daemon.balban"], "hand": ["arcana.incubus"]},
                             "b": {"daemons": ["daemon.ashtaroth"],
                                   "hand": ["arcana.slipped-spell", IDNW]}, "c": {}},
                    daemons={"daemon.balban": {"where": "earth", "walk_card": FRENZY},
                             "daemon.ashtaroth": {"where": "earth",
                                                  "walk_card": "arcana.rage"}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\n",
        "b": "Ashtaroth: PASS FOR GOOD\nCOUNTER ANY TARGETING MINE WITH Slipped Spell\n"
             "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
    assert [e.data["card"] for e in log.events if e.kind == "counter"] == [IDNW]
    assert st.players["b"].hand == ["arcana.slipped-spell"]
    assert not st.daemons["daemon.ashtaroth"].incapacitated
