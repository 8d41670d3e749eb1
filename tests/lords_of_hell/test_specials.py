"""Special cards played with PLAY (cards/specials.py; LH-I.3.4-01, LH-II.1-01; the card
texts are the digest §3.3 PROPOSAL): Recall, Escape, Time of Virtue, World War, Silence,
their timing, refusals and the order of play."""

from __future__ import annotations

import functools

import loh_kit
from loh_kit import DATA, discarded, play, public, sheet
from loh_kit import instances as ids

from pbem.dice import Dice
from pbem.engine import ILLEGAL, INVALID, UNKNOWN

DECK = ["horde.fiends"]  # a deck that is not empty: discards stay in the discard pile
line = functools.partial(loh_kit.line, alone=True)  # a one-line sheet's result


def texts(log, player=None):
    return [e.text for e in log.events if player is None or e.visible(player)]


# --- Recall ---------------------------------------------------------------------------------

def test_recall_brings_devil_and_creatures_back_and_is_discarded(make_state):
    """special.recall (digest §3.3): the Devil and every creature on Earth return to Hell
    now; back in Hell they are no longer among the Earth units that roll for Souls."""
    st = make_state({"a": {"status": "earth", "earth": ["horde.fiends", "horde.diabolic-fiends"],
                           "hordes": ["horde.juggernauts"], "hand": ["special.recall"]},
                     "b": {}, "c": {}, "d": {}}, phase="combat", round=2, deck=DECK)
    log = play(st, {"a": sheet(st, "a", "PLAY Recall")})
    a = st.players["a"]
    assert a.status == "hell"
    assert a.earth == []
    assert ids(st, "a", "hordes") == ["horde.juggernauts", "horde.fiends", "horde.diabolic-fiends"]
    assert a.hand == [] and discarded(st) == ["special.recall"]
    assert "a plays Recall." in public(log)
    assert any("return from Earth to Hell" in t for t in public(log))


def test_recall_on_devil_leaves_the_creatures_on_earth(make_state):
    """special.recall "Your Devil and/or any of your creatures": ON DEVIL recalls only him."""
    st = make_state({"a": {"status": "earth", "earth": ["horde.fiends"],
                           "hand": ["special.recall"]}, "b": {}, "c": {}, "d": {}},
                    phase="gathering")
    play(st, {"a": sheet(st, "a", "PLAY Recall ON Devil")})
    assert st.players["a"].status == "hell"
    assert ids(st, "a", "earth") == ["horde.fiends"]


def test_recall_on_creatures_leaves_the_devil_on_earth(make_state):
    st = make_state({"a": {"status": "earth", "earth": ["horde.fiends"],
                           "hand": ["special.recall"]}, "b": {}, "c": {}, "d": {}},
                    phase="combat", round=1)
    play(st, {"a": sheet(st, "a", "PLAY Recall ON creatures")})
    assert st.players["a"].status == "earth"
    assert ids(st, "a", "hordes") == ["horde.fiends"]


def test_lh_iv_1_1_01_recalled_homeless_player_takes_a_home(make_state):
    """LH-IV.1.1-01 / LH-I.2-05: a player with no forces in Hell (so no home) who gains
    forces there through Recall takes an uncontrolled realm at once."""
    st = make_state({"a": {"status": "earth", "home": None, "earth": ["horde.fiends"],
                           "hand": ["special.recall"]}, "b": {}, "c": {}, "d": {}},
                    phase="combat", round=1)
    st.realms["realm.styx"] = None
    log = play(st, {"a": sheet(st, "a", "PLAY Recall")})
    home = st.players["a"].home
    assert home is not None and st.realms[home] == "a"
    assert any(e.kind == "home-taken" for e in log.events)


def test_recall_with_nothing_on_earth_is_refused_when_checked(make_state):
    st = make_state({"a": {"hand": ["special.recall"]}, "b": {}, "c": {}, "d": {}})
    r = line(st, "a", "PLAY Recall")
    assert r.status == ILLEGAL
    assert "neither your Devil nor any of your creatures is on Earth" in r.message


def test_recall_refused_at_resolution_stays_in_hand(make_state):
    """A line accepted when the sheet arrived fails later only for a reason of game state,
    told to the player privately; the card is not played (LH-I.3.4-01)."""
    st = make_state({"a": {"status": "earth", "hand": ["special.recall"]},
                     "b": {}, "c": {}, "d": {}}, phase="combat", round=1)
    s = sheet(st, "a", "PLAY Recall")
    st.players["a"].status = "hell"
    log = play(st, {"a": s})
    assert ids(st, "a", "hand") == ["special.recall"] and st.discard == []
    assert public(log) == []
    assert texts(log, "a") == ["Your Recall was not played: neither your Devil nor any of "
                               "your creatures is on Earth. It stays in your hand."]


# --- Escape --------------------------------------------------------------------------------

def test_lh_i_1_1_08_escape_frees_a_prisoner(make_state):
    """LH-I.1.1-08: besides the captor, only a special card (Escape) frees a prisoner."""
    st = make_state({"a": {"status": "prisoner", "captor": "b", "permits": ["c"],
                           "hand": ["special.escape"]}, "b": {}, "c": {}, "d": {}},
                    deck=DECK)
    log = play(st, {"a": sheet(st, "a", "PLAY Escape")})
    a = st.players["a"]
    assert (a.status, a.captor, a.permits) == ("hell", None, [])
    assert discarded(st) == ["special.escape"]
    assert any("from b's prison" in t for t in public(log))


def test_lh_iii_4_1_03_escape_frees_a_devil_held_in_heaven(make_state):
    """LH-III.4.1-03: a Devil caught on Earth and held in Heaven "can escape normally with
    special card"; with no forces in Hell he then takes a home (LH-I.2-05)."""
    st = make_state({"a": {"status": "heaven", "home": None, "hand": ["special.escape"]},
                     "b": {}, "c": {}, "d": {}}, phase="gathering")
    log = play(st, {"a": sheet(st, "a", "PLAY Escape")})
    assert st.players["a"].status == "hell"
    assert st.players["a"].home == "realm.high-palace-of-hell"  # the only free realm
    assert any("from Heaven" in t for t in public(log))


def test_escape_when_free_is_illegal(make_state):
    st = make_state({"a": {"hand": ["special.escape"]}, "b": {}, "c": {}, "d": {}})
    r = line(st, "a", "PLAY Escape")
    assert r.status == ILLEGAL and "your Devil is not imprisoned" in r.message


# --- Time of Virtue, World War -------------------------------------------------------------

def test_lh_iii_2_05_world_war_replaces_time_of_virtue(make_state):
    """LH-III.2-05 (the 004 §III.2 example): Time of Virtue is played, then Glasya's
    player plays World War, which replaces it. Starter a plays first (LH-I.4.3-01)."""
    st = make_state({"a": {"hand": ["special.time-of-virtue"]},
                     "b": {"devil": "devil.glasya", "hand": ["special.world-war"]},
                     "c": {}, "d": {}}, deck=DECK)
    log = play(st, {"a": sheet(st, "a", "PLAY Time of Virtue"),
                    "b": sheet(st, "b", "PLAY World War")})
    assert st.earth_condition == "special.world-war"
    assert discarded(st) == ["special.time-of-virtue", "special.world-war"]
    assert any("World War is the Earth condition until the end of this turn's gathering, "
               "replacing Time of Virtue" in t for t in public(log))


def test_earth_condition_last_played_wins_in_starter_order(make_state):
    st = make_state({"a": {"hand": ["special.world-war"]},
                     "b": {"hand": ["special.time-of-virtue"]}, "c": {}, "d": {}},
                    starter="b")
    play(st, {"a": sheet(st, "a", "PLAY World War"),
              "b": sheet(st, "b", "PLAY Time of Virtue")})
    assert st.earth_condition == "special.world-war"  # b (Starter) first, then a


def test_plays_go_one_line_per_player_per_pass(make_state):
    """Several PLAY lines: pass 1 takes each player's first line in Starter order, pass 2
    the second ones: a World War, b World War, then a Time of Virtue."""
    st = make_state({"a": {"hand": ["special.world-war", "special.time-of-virtue"]},
                     "b": {"hand": ["special.world-war"]}, "c": {}, "d": {}})
    log = play(st, {"a": sheet(st, "a", "PLAY World War\nPLAY Time of Virtue"),
                    "b": sheet(st, "b", "PLAY World War")})
    assert [t for t in public(log) if t.endswith("plays World War.")
            or t.endswith("plays Time of Virtue.")] == [
        "a plays World War.", "b plays World War.", "a plays Time of Virtue."]
    assert st.earth_condition == "special.time-of-virtue"


def test_time_of_virtue_outside_the_transfer_stage_is_illegal(make_state):
    """A special's timing (data: Time of Virtue "transfer") is checked (LH-I.3.4-01)."""
    st = make_state({"a": {"hand": ["special.time-of-virtue"]}, "b": {}, "c": {}, "d": {}},
                    phase="combat", round=1)
    r = line(st, "a", "PLAY Time of Virtue")
    assert r.status == ILLEGAL
    assert r.message == ("Time of Virtue may be played only in the transfer stage, and this "
                         "is the combat stage")


def test_wrong_timing_at_resolution_is_refused_privately(make_state):
    st = make_state({"a": {"hand": ["special.world-war"]}, "b": {}, "c": {}, "d": {}})
    s = sheet(st, "a", "PLAY World War")
    st.phase, st.round = "combat", 1
    log = play(st, {"a": s})
    assert st.earth_condition is None and ids(st, "a", "hand") == ["special.world-war"]
    assert texts(log, "a") == ["Your World War was not played: World War may be played only "
                               "in the transfer stage, and this is the combat stage. It stays "
                               "in your hand."]
    assert public(log) == []


# --- Silence ---------------------------------------------------------------------------------

def test_lh_ii_2_4_03_silence_covers_the_next_stage_then_ends(make_state):
    """LH-II.2.4-03 / Silence (digest §3.3, PB-39): played in a stage (after that stage's
    trades, digest §4.3 step 4) it is in force for the next stage's trading, and ends at
    that stage's specials step."""
    st = make_state({"a": {"hand": ["special.silence"]}, "b": {}, "c": {}, "d": {}},
                    deck=DECK)
    log = play(st, {"a": sheet(st, "a", "PLAY Silence")})
    assert st.silence == {"by": "a", "turn": 1, "phase": "transfer", "round": 0}
    assert discarded(st) == ["special.silence"]
    assert any(e.kind == "silence" for e in log.events)
    st.phase, st.round = "combat", 1  # the next stage: trading.apply reads it first
    assert st.silence
    log = play(st, {})
    assert st.silence is None
    assert [e.kind for e in log.events] == ["silence-ends"]


def test_silence_played_again_in_the_next_stage_starts_anew(make_state):
    st = make_state({"a": {"hand": ["special.silence"]},
                     "b": {"hand": ["special.silence"]}, "c": {}, "d": {}})
    play(st, {"a": sheet(st, "a", "PLAY Silence")})
    st.phase, st.round = "combat", 1
    play(st, {"b": sheet(st, "b", "PLAY Silence")})
    assert st.silence == {"by": "b", "turn": 1, "phase": "combat", "round": 1}


# --- order checking ----------------------------------------------------------------------------

def test_play_a_card_not_in_hand_is_illegal(make_state):
    st = make_state({"a": {"hand": ["special.recall"]}, "b": {}, "c": {}, "d": {}})
    r = line(st, "a", "PLAY Silence")
    assert r.status == ILLEGAL and "you do not hold a Silence" in r.message


def test_play_unknown_card_suggests_a_name(make_state):
    st = make_state(["a", "b", "c", "d"])
    r = line(st, "a", "PLAY Silense")
    assert r.status == UNKNOWN and "did you mean Silence?" in r.hint


def test_play_double_cross_is_illegal_with_a_hint(make_state):
    """special.double-cross (timing "reaction") is played only through its trigger."""
    st = make_state({"a": {"hand": ["special.double-cross"]}, "b": {}, "c": {}, "d": {}})
    r = line(st, "a", "PLAY Double Cross")
    assert r.status == ILLEGAL and "DOUBLE CROSS IF" in r.hint


def test_play_with_a_target_the_card_does_not_take_is_invalid(make_state):
    st = make_state({"a": {"hand": ["special.silence"]}, "b": {}, "c": {}, "d": {}})
    r = line(st, "a", "PLAY Silence ON b")
    assert r.status == INVALID and r.message == "Silence takes no target (ON b)"


def test_play_canonical_forms(make_state):
    st = make_state({"a": {"status": "earth", "earth": ["horde.fiends"],
                           "hand": ["special.recall"]}, "b": {}, "c": {}, "d": {}},
                    phase="combat", round=1)
    assert line(st, "a", "play recall on devil").canonical == "PLAY Recall ON DEVIL"
    assert line(st, "a", "PLAY rec").canonical == "PLAY Recall"
    assert line(st, "a", "PLAY Recall ON hordes").order == {
        "type": "PLAY", "card": "special.recall", "what": "creatures"}


def test_silence_through_the_turn_blocks_the_next_stage_deal(make_state):
    """Integration (turn.resolve): Silence played in the transfer stage; in combat round 1
    the matched deal of a hand card is not made (trading.py reads `st.silence`), and
    Silence then ends; without Silence the same deal is made."""
    from pbem_games.lords_of_hell import turn

    for silence in (True, False):
        st = make_state({"a": {"hand": ["special.silence", "special.recall"]},
                         "b": {}, "c": {}, "d": {}}, deck=["horde.fiends"] * 5)
        sheets = {n: None for n in st.seats}
        if silence:
            sheets["a"] = sheet(st, "a", "PLAY Silence")
        st = turn.resolve(st, sheets, Dice(seed="x"), DATA).state
        assert (st.phase, bool(st.silence)) == ("combat", silence)
        sheets = {n: None for n in st.seats}
        sheets["a"] = sheet(st, "a", "DEAL a GIVES Recall TO b")
        sheets["b"] = sheet(st, "b", "DEAL a GIVES Recall TO b")
        st = turn.resolve(st, sheets, Dice(seed="y"), DATA).state
        assert not st.silence  # ended (None), or never played (ABSENT)
        assert ids(st, "b", "hand") == ([] if silence else ["special.recall"])
