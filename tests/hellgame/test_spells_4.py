"""Major Arcana effects, batch 4 (action/spells_4.py): each card cast through the real
order path with scripted dice."""

import pytest
from phase_runner import run_phase

from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data

DATA = load_data()
WALKING = {"where": "earth", "walk_card": "arcana.frenzy"}


def acts(log, *kinds) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events
            if e.visible_to is None and (not kinds or e.kind in kinds)]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


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


# -- The Iago Syndrome -------------------------------------------------------------------------

def _iago_state(make_state, **daemons):
    return make_state(players={"a": {"daemons": ["daemon.ashtaroth"],
                                     "hand": ["arcana.the-iago-syndrome"]},
                               "b": {"daemons": ["daemon.xaphan", "daemon.naburos",
                                                 "daemon.gomory"],
                                     "hand": ["arcana.it-did-not-work"]},
                               "c": {}}, daemons=daemons)


def test_the_iago_syndrome_turns_the_target_on_its_own_triumvirate(make_state):
    """arcana.the-iago-syndrome: Ashtaroth (6 Hearts) beats Xaphan (2) in a Duel of
    Hearts; Xaphan challenges Naburos (Rank 61) then Gomory (38), lowest rank first, and
    beats both in Duels of Skulls: both are Incapacitated and lose their Action
    (HG-9.0-02). b earns 1 Favour, as printed."""
    st = _iago_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan\n"},
        script=[6] * 6 + [1, 1] + [6, 1, 1] + [6, 1])
    assert acts(log, "iago", "iago-duel", "iago-favour") == [
        ("iago", "Ashtaroth (a) wins the Duel of Hearts: Xaphan (b) turns on the other Daemons "
                 "of b's Triumvirate, challenging each to a Duel of Skulls (the default: it "
                 "challenges them all, lowest rank first)"),
        ("iago-duel", "Xaphan (b) beats Naburos (b) in a Duel of Skulls; Naburos is "
                      "Incapacitated and takes no Action this phase [HG-9.0-02]"),
        ("iago-duel", "Xaphan (b) beats Gomory (b) in a Duel of Skulls; Gomory is "
                      "Incapacitated and takes no Action this phase [HG-9.0-02]"),
        ("iago-favour", "b earns 1 Favour from The Iago Syndrome (as printed)")]
    assert [st.daemons[d].incapacitated for d in ("daemon.xaphan", "daemon.naburos",
                                                  "daemon.gomory")] == [False, True, True]
    assert st.players["b"].favours == 1


def test_the_iago_syndrome_skips_the_incapacitated_and_stops_when_the_target_loses(
        make_state):
    """arcana.the-iago-syndrome: Gomory, Incapacitated already, is not challenged
    (HG-6.1-02 by analogy); Xaphan loses to Naburos and, Incapacitated, challenges no
    more."""
    st = _iago_state(make_state, **{"daemon.gomory": {"incapacitated": True}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan\n"},
        script=[6] * 6 + [1, 1] + [1, 6, 6])
    assert acts(log, "iago-duel") == [
        ("iago-duel", "Naburos (b) beats Xaphan (b) in a Duel of Skulls; Xaphan is "
                      "Incapacitated and takes no Action this phase [HG-9.0-02]")]
    assert st.daemons["daemon.xaphan"].incapacitated
    assert not st.daemons["daemon.naburos"].incapacitated


def test_the_iago_syndrome_lost_duel_and_prerequisites(make_state):
    """arcana.the-iago-syndrome: a lost Duel of Hearts does nothing (no Favour); an
    Incapacitated or own Daemon cannot be aimed at."""
    st = _iago_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan\n"},
        script=[1] * 6 + [6, 6])
    assert acts(log, "iago") == [("iago", "Xaphan (b) wins the Duel of Hearts: The Iago "
                                          "Syndrome has no effect")]
    assert st.players["b"].favours == 0
    st = _iago_state(make_state, **{"daemon.xaphan": {"incapacitated": True}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan\n"})
    assert notes(log, "a") == ["Ashtaroth (a): CAST not possible: Xaphan is Incapacitated"]


def test_the_iago_syndrome_can_be_countered(make_state):
    """arcana.the-iago-syndrome answered by It Did Not Work...: no duel is fought."""
    st = _iago_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan\n",
        "b": "COUNTER The Iago Syndrome WITH It Did Not Work\n"})
    assert ("countered", "The Iago Syndrome of Ashtaroth (a) does not work") in acts(log)
    assert not acts(log, "iago") and st.players["b"].favours == 0
    assert not any(d.incapacitated for d in st.daemons.values())


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


# -- Wicked Pope -------------------------------------------------------------------------------

@pytest.mark.parametrize("before,after,said", [
    ((1, 3), (1, 1), "a loses 2 Disfavours"),
    ((0, 1), (0, 0), "a loses 1 Disfavour"),
    ((1, 0), (3, 0), "a gains 2 Favours"),
])
def test_wicked_pope_default(make_state, before, after, said):
    """arcana.wicked-pope: the default for the caster's choice loses Disfavours when it
    has any, else gains 2 Favours."""
    st = make_state(players={"a": {"favours": before[0], "disfavours": before[1],
                                   "daemons": ["daemon.caim"], "hand": ["arcana.wicked-pope"]},
                             "b": {}, "c": {}}, daemons={"daemon.caim": WALKING})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Wicked Pope\n"})
    assert acts(log, "wicked-pope") == [
        ("wicked-pope", f"Caim (a) helps elect a Wicked Pope: {said} (default: lose "
                        "Disfavours if it has any, else gain Favours)")]
    assert (st.players["a"].favours, st.players["a"].disfavours) == after


# -- Wicked Whispers ---------------------------------------------------------------------------

def test_wicked_whispers_one_disfavour_per_4_to_6(make_state):
    """arcana.wicked-whispers: Ashtaroth's 6 Hearts roll 1 4 6 2 5 3: b takes 3
    Disfavours."""
    st = make_state(players={"a": {"daemons": ["daemon.ashtaroth"],
                                   "hand": ["arcana.wicked-whispers"]}, "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Ashtaroth: CAST Wicked Whispers ON b\n"},
                    script=[1, 4, 6, 2, 5, 3])
    assert acts(log, "wicked-whispers") == [
        ("wicked-whispers", "Ashtaroth (a) whispers against b, rolling 1, 4, 6, 2, 5, 3: b "
                            "takes 3 Disfavours")]
    assert (st.players["a"].disfavours, st.players["b"].disfavours) == (0, 3)


def test_wicked_whispers_backfires_without_a_4_to_6(make_state):
    """arcana.wicked-whispers: Caim's single Heart rolls 3: Caim's a takes 2 Disfavours."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.wicked-whispers"]}, "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Wicked Whispers ON b\n"},
                    script=[3])
    assert acts(log, "wicked-whispers") == [
        ("wicked-whispers", "Caim (a) whispers against b, rolling 3: no 4-6: a takes 2 "
                            "Disfavours")]
    assert (st.players["a"].disfavours, st.players["b"].disfavours) == (2, 0)


def test_wicked_whispers_can_be_countered(make_state):
    """arcana.wicked-whispers answered by It Did Not Work...: no die is rolled. Aimed at
    a player, not at his Daemons or Units, it is countered only at the cost of an Action
    (HG-9.8.2-03)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.wicked-whispers"]},
                             "b": {"daemons": ["daemon.naburos"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Wicked Whispers ON b\n",
        "b": "COUNTER Wicked Whispers WITH It Did Not Work USING Naburos\n"})
    assert ("countered", "Wicked Whispers of Caim (a) does not work") in acts(log)
    assert (st.players["a"].disfavours, st.players["b"].disfavours) == (0, 0)
