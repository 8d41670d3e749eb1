"""Major Arcana that move cards (action/spells_cards.py), cast through the real order
path with scripted dice."""

from __future__ import annotations

from phase_runner import run_phase
from spells_kit import DECK, WALKING, acts, notes

from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data

DATA = load_data()


# -- Occult Studies -----------------------------------------------------------------------------

def test_occult_studies_draws_by_the_die(make_state):
    """arcana.occult-studies: a 4 draws 3 cards; only the drawer sees which."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.occult-studies"]}, "b": {}, "c": {}},
                    arcana_deck=list(DECK))
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Occult Studies\n"},
                    script=[4])
    assert acts(log)[-2:] == [
        ("occult-studies", "Caim (a) rolls 4 for Occult Studies: a draws 3 Arcana cards"),
        ("arcana-gain", "a draws 3 Arcana cards (Occult Studies).")]
    assert st.players["a"].hand == DECK[:3]
    assert notes(log, "a")[-1] == "You drew: Frenzy, Rage, Fly."
    assert st.arcana_deck == DECK[3:] + ["arcana.occult-studies"]


def test_occult_studies_a_one_gives_a_disfavour(make_state):
    """arcana.occult-studies: a 1 is a lack of discipline, 1 Disfavour and no card."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.occult-studies"]}, "b": {}, "c": {}},
                    arcana_deck=list(DECK))
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Occult Studies\n"},
                    script=[1])
    assert acts(log)[-1] == ("occult-studies", "Caim (a) rolls 1 for Occult Studies and "
                                               "lacks discipline: a takes 1 Disfavour")
    assert st.players["a"].disfavours == 1 and st.players["a"].hand == []


def test_occult_studies_six_and_the_hand_limit(make_state):
    """arcana.occult-studies: a 6 draws 4; a hand of 3 then holds 7, and 2 are thrown
    away to the hand limit (HG-6.3-03)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.occult-studies", "arcana.incubus",
                                            "arcana.defection", "arcana.released"]},
                             "b": {}, "c": {}},
                    arcana_deck=list(DECK))
    run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Occult Studies\n"}, script=[6])
    assert len(st.players["a"].hand) == 5


def test_occult_studies_countered(make_state):
    """arcana.occult-studies countered by It Did Not Work...: no die, no card."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.occult-studies"]},
                             "b": {"daemons": ["daemon.naburos"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}},
                    arcana_deck=list(DECK))
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Occult Studies\n",
        "b": "Naburos: PASS FOR GOOD\n"
             "COUNTER Occult Studies WITH It Did Not Work USING Naburos\n"})
    assert ("countered", "Occult Studies of Caim (a) does not work") in acts(log)
    assert st.players["a"].hand == [] and st.players["a"].disfavours == 0


# -- The Hand of Evil --------------------------------------------------------------------------

def test_the_hand_of_evil_removes_the_permanent_earth_card(make_state):
    """arcana.the-hand-of-evil: Caim, on Earth, pays 3 Souls; Holy War leaves the Earth
    box for the bottom of the Hell deck, and stops being this turn's Event."""
    st = make_state(players={"a": {"souls": 3, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.the-hand-of-evil"]}, "b": {}, "c": {}},
                    daemons={"daemon.caim": WALKING}, hell_deck=["hell.inquisition"],
                    event="hell.holy-war")
    st.permanent["earth"] = "hell.holy-war"
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST The Hand of Evil\n"})
    assert acts(log, "cast", "hand-of-evil") == [
        ("cast", "Caim (a) casts The Hand of Evil, paying 3 Souls"),
        ("hand-of-evil", "Caim (a) removes Holy War from the Earth box: the Permanent Event "
                         "leaves play")]
    assert st.permanent["earth"] is None and st.event is None
    assert st.hell_deck == ["hell.inquisition", "hell.holy-war"]
    assert st.players["a"].souls == 0 and st.players["a"].hand == []


def test_the_hand_of_evil_needs_a_permanent_earth_card(make_state):
    """arcana.the-hand-of-evil with an empty Earth box (a Hell Permanent is not on
    Earth): not cast, nothing paid."""
    st = make_state(players={"a": {"souls": 3, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.the-hand-of-evil"]}, "b": {}, "c": {}},
                    daemons={"daemon.caim": WALKING})
    st.permanent["hell"] = "hell.holy-war"
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST The Hand of Evil\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: no Permanent Event is in the "
                               "Earth box: The Hand of Evil has nothing to remove"]
    assert st.players["a"].souls == 3 and st.permanent["hell"] == "hell.holy-war"


# -- Thievery! ---------------------------------------------------------------------------------

def test_thievery_steals_as_many_cards_as_the_casters_stars(make_state):
    """arcana.thievery: Caim (4 Stars) takes 4 of b's 5 cards, picked blind by dice; the
    cards are named only to the two players."""
    hand = ["arcana.incubus", "arcana.defection", "arcana.jones-device", "arcana.rage",
            "arcana.frenzy"]
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.thievery"]},
                             "b": {"hand": list(hand)}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Thievery! ON b\n"},
                    script=[1, 1, 1, 1])
    assert acts(log, "thievery") == [("thievery", "Caim (a) steals 4 Arcana cards from b")]
    stolen = sorted(hand)[:4]
    assert sorted(st.players["a"].hand) == stolen
    assert st.players["b"].hand == [sorted(hand)[4]]
    assert st.players["a"].disfavours == 0
    names = ", ".join(DATA.arcana[c].name for c in stolen)
    assert f"{'a'} stole from you: {names}." in notes(log, "b")
    assert f"You stole from b: {names}." in notes(log, "a")


def test_thievery_taking_every_card_gives_a_disfavour(make_state):
    """arcana.thievery: Baal (2 Stars) takes both of b's cards: 1 Disfavour for greed."""
    st = make_state(players={"a": {"daemons": ["daemon.baal"], "hand": ["arcana.thievery"]},
                             "b": {"hand": ["arcana.incubus", "arcana.rage"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Thievery! ON b\n"},
                    script=[2])
    assert acts(log, "thievery") == [("thievery", "Baal (a) steals 2 Arcana cards from b, all "
                                                  "he had: a takes 1 Disfavour for greed")]
    assert st.players["a"].hand == ["arcana.rage", "arcana.incubus"]
    assert st.players["b"].hand == [] and st.players["a"].disfavours == 1


def test_thievery_needs_a_victim_with_cards(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.baal"], "hand": ["arcana.thievery"]},
                             "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Thievery! ON b\n"})
    assert notes(log, "a") == ["Baal (a): CAST not possible: b has no Arcana card to steal"]
    assert st.players["a"].hand == ["arcana.thievery"]


# -- Tome of the Templars ---------------------------------------------------------------------

def test_tome_of_the_templars_draws_three_cards(make_state):
    """arcana.tome-of-the-templars: three cards from the top of the Arcana deck, named
    only to their owner."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.tome-of-the-templars"]}, "b": {}, "c": {}},
                    daemons={"daemon.caim": WALKING},
                    arcana_deck=["arcana.incubus", "arcana.defection", "arcana.rage",
                                 "arcana.frenzy"])
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Tome of the Templars\n"})
    assert acts(log, "cast", "templars", "arcana-gain") == [
        ("cast", "Caim (a) casts Tome of the Templars"),
        ("templars", "Caim (a) opens the Tome of the Templars"),
        ("arcana-gain", "a draws 3 Arcana cards (Tome of the Templars).")]
    assert st.players["a"].hand == ["arcana.incubus", "arcana.defection", "arcana.rage"]
    assert st.arcana_deck[0] == "arcana.frenzy"
    assert "You drew: Incubus, Defection, Rage." in notes(log, "a")


def test_tome_of_the_templars_is_cast_on_earth(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.tome-of-the-templars"]}, "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Tome of the Templars\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: Tome of the Templars is cast On "
                               "Earth, and Caim is in Hell [HG-9.8.1-02]"]
