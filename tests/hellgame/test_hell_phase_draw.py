"""The Hell Phase Arcana draw (6.3) and the hand limit: hell_phase.py and cards.py."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from pbem.dice import Dice
from pbem_games.hellgame import hell_phase
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

DECK = ["arcana.frenzy", "arcana.belladonna", "arcana.black-rainbow", "arcana.entrapment",
        "arcana.atrocity", "arcana.a-small-favour"]
OLD = ["arcana.berserk-rage", "arcana.dont-eat-that", "arcana.carnossa", "arcana.duel-of-sorcery"]


@pytest.fixture(scope="module")
def data():
    return load_data()


def sheet(st, data, player, text):
    s = check_sheet(st, data, player, text)
    assert not s.problems, [p.message for p in s.problems]
    return s


def run(st, data, dice_script=(), sheets=None):
    log, dice = Log(), Dice(script=list(dice_script))
    hell_phase.run(st, sheets or {}, dice, data, log)
    dice.finish()  # every scripted die was needed, and no more
    return log


def kinds(log):
    return [e.kind for e in log.events]


def test_hg_5_2_02_the_first_turn_has_no_hell_phase(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}}, turn=1, arcana_deck=list(DECK))
    log = run(st, data)
    assert st.players["a"].hand == []
    assert st.arcana_deck == DECK
    assert [(e.kind, e.rule) for e in log.events] == [("no-hell-phase", "HG-5.2-02")]


def test_hg_6_0_01_an_empty_hell_deck_means_no_event(make_state, data):
    st = make_state({"a": {}}, turn=2, hell_deck=[])
    log = run(st, data)
    assert [(e.kind, e.text) for e in log.events][:1] == [
        ("hell-deck-empty", "The Hell deck is empty: no card for the Event.")]


def test_hg_6_3_01_one_card_per_non_incapacitated_daemon_in_seats_order(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.orias", "daemon.caim"]},
                     "b": {"daemons": ["daemon.moloch"]}},
                    daemons={"daemon.orias": {"incapacitated": True}},
                    turn=2, arcana_deck=list(DECK))
    run(st, data)
    assert st.players["a"].hand == DECK[:2]
    assert st.players["b"].hand == DECK[2:3]
    assert st.arcana_deck == DECK[3:]


def test_hg_6_3_01_drawn_cards_are_private_and_the_count_public(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.caim"]}}, turn=2,
                    arcana_deck=list(DECK))
    log = run(st, data)
    public = [e for e in log.events if e.kind == "arcana-gain"]
    private = [e for e in log.events if e.kind == "arcana-gain-cards"]
    assert [(e.text, e.visible_to) for e in public] == [
        ("a draws 2 Arcana cards (Hell Phase draw).", None)]
    assert [(e.text, e.visible_to) for e in private] == [
        ("You drew: Frenzy, Belladonna.", ("a",))]


def test_hg_6_3_02_hg_14_1_03_each_card_needs_its_own_disfavour_roll(make_state, data):
    st = make_state({"a": {"disfavours": 2, "daemons": ["daemon.baal", "daemon.orias",
                                                        "daemon.caim"]}},
                    turn=2, arcana_deck=list(DECK))
    # 3 beats 2: card; 2 does not beat 2: lost; 6: card.
    log = run(st, data, [3, 2, 6])
    assert st.players["a"].hand == DECK[:2]  # a lost card is never drawn
    assert st.arcana_deck == DECK[2:]
    lost = [e for e in log.events if e.kind == "arcana-lost"]
    assert [(e.text, e.rule) for e in lost] == [
        ("a fails 1 of 3 Disfavour Rolls and loses that Arcana card.", "HG-6.3-02")]


def test_hg_3_4_02_disfavour_roll_equal_to_disfavours_fails(make_state, data):
    st = make_state({"a": {"disfavours": 1, "daemons": ["daemon.baal"]}}, turn=2,
                    arcana_deck=list(DECK))
    run(st, data, [1])
    assert st.players["a"].hand == []
    assert st.arcana_deck == DECK


def test_hg_6_3_02_without_disfavours_no_die_is_rolled(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.caim"]}}, turn=2,
                    arcana_deck=list(DECK))
    run(st, data, [])  # Dice(script=[]) fails on any roll
    assert len(st.players["a"].hand) == 2


def test_hg_6_3_03_hand_limit_throws_away_the_newest_cards_by_default(make_state, data):
    st = make_state({"a": {"hand": list(OLD), "daemons": ["daemon.baal", "daemon.orias",
                                                          "daemon.caim"]}},
                    turn=2, arcana_deck=list(DECK))
    log = run(st, data)
    assert st.players["a"].hand == OLD + ["arcana.frenzy"]
    # HG-3.3-02: thrown-away cards go to the bottom, in the order they were held.
    assert st.arcana_deck == DECK[3:] + ["arcana.belladonna", "arcana.black-rainbow"]
    limit = [e for e in log.events if e.kind.startswith("hand-limit")]
    assert [(e.text, e.visible_to) for e in limit] == [
        ("a holds more than 5 Arcana cards and throws away 2.", None),
        ("You threw away: Belladonna, Black Rainbow (by default: the newest cards go (IP-03)).",
         ("a",))]


def test_hg_6_3_03_keep_order_chooses_after_seeing_the_new_cards(make_state, data):
    st = make_state({"a": {"hand": list(OLD), "daemons": ["daemon.baal", "daemon.orias",
                                                          "daemon.caim"]}},
                    turn=2, arcana_deck=list(DECK))
    s = sheet(st, data, "a", "KEEP Black Rainbow, Recruit Lieutenant")
    run(st, data, sheets={"a": s})
    # Kept: Black Rainbow (named), Belladonna (a Recruit Lieutenant), then the oldest three.
    assert st.players["a"].hand == ["arcana.berserk-rage", "arcana.dont-eat-that",
                                    "arcana.carnossa", "arcana.belladonna",
                                    "arcana.black-rainbow"]
    assert st.arcana_deck[-2:] == ["arcana.duel-of-sorcery", "arcana.frenzy"]


def test_hg_6_3_03_six_cards_are_kept_by_default(make_state, data):
    six = dataclasses.replace(data.arcana["arcana.black-rainbow"], flags=dataclasses.replace(
        data.arcana["arcana.black-rainbow"].flags, six=True))
    patched = dataclasses.replace(data, arcana=MappingProxyType(
        {**data.arcana, "arcana.black-rainbow": six}))
    st = make_state({"a": {"hand": list(OLD), "daemons": ["daemon.baal", "daemon.orias",
                                                          "daemon.caim"]}},
                    turn=2, arcana_deck=list(DECK))
    run(st, patched)
    assert st.players["a"].hand == OLD + ["arcana.black-rainbow"]


def test_hg_6_3_1_01_play_right_away_card_is_shown_and_goes_to_the_bottom(make_state, data):
    deck = ["arcana.a-bad-day", "arcana.frenzy", "arcana.belladonna"]
    st = make_state({"a": {"daemons": ["daemon.baal"]}}, turn=2, arcana_deck=list(deck))
    log = run(st, data)
    assert st.players["a"].hand == []
    assert st.revealed == ["arcana.a-bad-day"]
    assert st.arcana_deck == ["arcana.frenzy", "arcana.belladonna", "arcana.a-bad-day"]
    shown = [(e.kind, e.text, e.visible_to) for e in log.events
             if e.kind.startswith("play-right-away")]
    assert shown == [
        ("play-right-away", "a draws A Bad Day, a Play Right Away card, and shows it to "
         "everyone.", None),
        ("play-right-away-pass", "A Bad Day: Baal (a) must Pass for Good this turn.", None)]


def test_hg_3_3_02_an_empty_deck_is_reported_and_never_reshuffled(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.caim"]}}, turn=2,
                    arcana_deck=["arcana.frenzy"])
    log = run(st, data)
    assert st.players["a"].hand == ["arcana.frenzy"]
    assert st.arcana_deck == []
    assert "arcana-deck-empty" in kinds(log)


def test_hg_6_3_01_a_player_with_no_active_daemon_draws_nothing(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}}, turn=2, arcana_deck=list(DECK),
                    daemons={"daemon.baal": {"incapacitated": True}})
    log = run(st, data)
    assert st.players["a"].hand == []
    assert "arcana-none-due" in kinds(log)
