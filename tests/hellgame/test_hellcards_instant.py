"""One-off Hell-card Events resolved at once: games/hellgame/hellcards/instant.py."""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem_games.hellgame import effects, end_phase
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log

SPIES, TRAITORS = "sectio.spies", "sectio.traitors"  # the Treachery Circle
TYRANTS, DOGS = "sectio.tyrants", "sectio.dogs-of-war"  # the Violent Circle
LIARS, LIMBO1 = "sectio.liars", "sectio.playground-of-the-idle"
BOSS = "phenomenon.the-boss-is-touchy"


@pytest.fixture(scope="module")
def data():
    return load_data()


def run(card, st, data, script=()):
    log, dice = Log(), Dice(script=list(script))
    effects.HELL_CARDS[card](st, {}, dice, data, log)
    dice.finish()  # every scripted die was needed, and no more
    return log


def texts(log, kind=None):
    return [e.text for e in log.events if kind is None or e.kind == kind]


def frozen(sectio):
    return {"card": "hell.musical-chairs", "phenomenon": BOSS, "scope": "circle",
            "sectio": sectio}


# -- A Help in Hell, A New Recruit --------------------------------------------------------
@pytest.mark.parametrize("card", ["hell.a-help-in-hell", "hell.a-new-recruit"])
def test_recruit_cards_give_the_top_daemon_to_the_weakest_triumvirate(make_state, data, card):
    """hell.a-help-in-hell and hell.a-new-recruit (same text in 003): fewest Daemons, then
    fewest Sectio; the top of the Daemon deck joins, in Hell and active."""
    st = make_state({"a": {"daemons": ["daemon.baal"]},
                     "b": {"daemons": ["daemon.orias"]},
                     "c": {"daemons": ["daemon.caim", "daemon.zagam"]}},
                    owners={LIARS: "a"}, daemon_deck=["daemon.xaphan", "daemon.agares"])
    log = run(card, st, data)
    assert st.players["b"].daemons == ["daemon.orias", "daemon.xaphan"]
    assert st.daemons["daemon.xaphan"].owner == "b"
    assert st.daemons["daemon.xaphan"].where == "hell"
    assert st.daemon_deck == ["daemon.agares"]
    assert texts(log) == [f"{data.hell_cards[card].name}: Xaphan joins b, the weakest "
                          "Triumvirate (1 Daemon, 0 Sectio)."]


def test_hg_6_1_03_recruit_tie_broken_by_a_die(make_state, data):
    """hell.a-new-recruit: a and b tie on Daemons and Sectio; the die (2) picks b."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {"daemons": ["daemon.orias"]}},
                    daemon_deck=["daemon.xaphan"])
    log = run("hell.a-new-recruit", st, data, [2])
    assert st.players["b"].daemons[-1] == "daemon.xaphan"
    assert "(a die among a, b)" in texts(log)[0]


def test_hg_6_1_04_recruit_with_an_empty_daemon_deck(make_state, data):
    """hell.a-help-in-hell with no Daemon left out of play does nothing."""
    st = make_state({"a": {}}, daemon_deck=[])
    log = run("hell.a-help-in-hell", st, data)
    assert st.players["a"].daemons == []
    assert [e.rule for e in log.events] == ["HG-6.1-04"]


# -- Betrayal ----------------------------------------------------------------------------
def test_betrayal_units_and_sectio_of_treachery_go_to_the_left(make_state, data):
    """hell.betrayal: a's Units and Sectio in the Treachery Circle go to b, b's to c,
    c's to a; Freebooters, other Circles and unowned Sectio are untouched."""
    st = make_state({"a": {}, "b": {}, "c": {}},
                    owners={SPIES: "a", TRAITORS: "c", LIARS: "a", TYRANTS: "b", DOGS: "c"},
                    units=[("legion", "a", SPIES), ("legion", "b", TRAITORS),
                           ("legion", "c", TRAITORS), ("legion", None, SPIES),
                           ("legion", "a", LIARS)])
    log = run("hell.betrayal", st, data)
    assert [u.owner for u in st.units] == ["b", "c", "a", None, "a"]
    assert st.owners == {SPIES: "b", TRAITORS: "a", LIARS: "a", TYRANTS: "b", DOGS: "c"}
    assert texts(log, "betrayal-sectio") == ["Betrayal: SPIES goes from a to b.",
                                             "Betrayal: TRAITORS goes from c to a."]
    assert all(e.rule == "HG-6.1-01" for e in log.events)


def test_betrayal_loser_of_the_last_sectio_is_rescued(make_state, data):
    """hell.betrayal: a's only Sectio is in Treachery and goes to b; a gets none back, so
    The First Fallen rescues him at once (HG-15.2-01)."""
    st = make_state({"a": {}, "b": {}}, owners={SPIES: "a", LIARS: "b"},
                    units=[("legion", "b", LIARS), ("legion", "b", LIARS)])
    log = run("hell.betrayal", st, data)
    assert st.owners[SPIES] == "b"
    assert st.owners[LIARS] == "a"  # the Sectio with most Units
    assert "last-sectio" in [e.kind for e in log.events]


def test_betrayal_respects_the_boss_is_touchy(make_state, data):
    """hell.betrayal: a Sectio frozen by The Boss Is Touchy keeps its owner; Units still
    change sides."""
    st = make_state({"a": {}, "b": {}}, owners={SPIES: "a", LIARS: "a"},
                    units=[("legion", "a", SPIES)], warning_sign=frozen([SPIES]))
    log = run("hell.betrayal", st, data)
    assert st.owners[SPIES] == "a"
    assert st.units[0].owner == "b"
    assert texts(log, "ownership-frozen") == [
        "SPIES cannot change hands this turn (The Boss Is Touchy): Betrayal leaves it to a."]


def test_hg_6_1_04_betrayal_with_nothing_in_treachery(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={LIARS: "a"})
    log = run("hell.betrayal", st, data)
    assert st.owners == {LIARS: "a"}
    assert [e.rule for e in log.events] == ["HG-6.1-04"]


def test_betrayal_over_the_legion_cap_disbands_the_excess(make_state, data):
    """hell.betrayal: b already has 12 Legions; the one he is given disbands (HG-8.2-02)."""
    st = make_state({"a": {}, "b": {}},
                    units=[("legion", "a", SPIES)] + [("legion", "b", LIARS)] * 12)
    log = run("hell.betrayal", st, data)
    assert "u1" not in {u.id for u in st.units}
    assert len(st.units_of("b", "legion")) == 12
    assert [e.rule for e in log.events if e.kind == "disband"] == ["HG-8.2-02"]


# -- Discontent, Musical Chairs ----------------------------------------------------------
def test_discontent_lowest_ranking_daemon_on_earth_goes_left(make_state, data):
    """hell.discontent: a's lowest-ranking Daemon (Naburos, rank 61) is on Earth and goes
    to b with its Walk card; b's (Andras, 56) is in Hell and stays (the reading chosen
    for the garbled sentence)."""
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.naburos"]},
                     "b": {"daemons": ["daemon.caim", "daemon.andras"]}},
                    daemons={"daemon.naburos": {"where": "earth", "walk_card": "arcana.frenzy"}})
    log = run("hell.discontent", st, data)
    assert st.players["a"].daemons == ["daemon.baal"]
    assert st.players["b"].daemons == ["daemon.caim", "daemon.andras", "daemon.naburos"]
    nab = st.daemons["daemon.naburos"]
    assert (nab.owner, nab.where, nab.walk_card) == ("b", "earth", "arcana.frenzy")
    assert texts(log) == [
        "Discontent: Naburos leaves a and joins b for good.",
        "Discontent: Andras (b) is in Hell, and a Daemon changes sides only while on Earth: "
        "it stays."]


def test_hg_6_1_02_discontent_skips_an_incapacitated_daemon(make_state, data):
    """hell.discontent: a's lowest-ranking Daemon is Incapacitated, so the lowest-ranking
    active one (Zagam, on Earth) is the one handed over; the card's 'or Incapacitated'
    gives way to HG-6.1-02."""
    st = make_state({"a": {"daemons": ["daemon.zagam", "daemon.naburos"]}, "b": {}},
                    daemons={"daemon.naburos": {"where": "earth", "incapacitated": True},
                             "daemon.zagam": {"where": "earth"}})
    run("hell.discontent", st, data)
    assert st.daemons["daemon.naburos"].owner == "a"
    assert st.daemons["daemon.zagam"].owner == "b"


def test_musical_chairs_each_player_draws_from_the_left(make_state, data):
    """hell.musical-chairs: a draws from b (die 2: Andras, on Earth, moves), b from a (only
    Baal is active: Naburos is Incapacitated; Baal is in Hell and stays)."""
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.naburos"]},
                     "b": {"daemons": ["daemon.caim", "daemon.andras"]}},
                    daemons={"daemon.andras": {"where": "earth"},
                             "daemon.naburos": {"incapacitated": True}})
    log = run("hell.musical-chairs", st, data, [2])
    assert st.players["a"].daemons == ["daemon.baal", "daemon.naburos", "daemon.andras"]
    assert st.players["b"].daemons == ["daemon.caim"]
    assert texts(log) == [
        "Musical Chairs: Andras leaves b and joins a for good.",
        "Musical Chairs: Baal (a) is in Hell, and a Daemon changes sides only while on "
        "Earth: it stays."]


# -- Freebooters -------------------------------------------------------------------------
def test_freebooters_largest_group_takes_over_its_sectio(make_state, data):
    """hell.freebooters: b's 3 Units in LIARS (Legions, a Lieutenant with Bonus Pay, a
    tamed hound) are the largest group; they lose their owner and take LIARS."""
    st = make_state({"a": {}, "b": {}}, owners={LIARS: "b", SPIES: "b"},
                    units=[("legion", "a", SPIES), ("legion", "a", SPIES),
                           ("legion", "b", LIARS),
                           {"kind": "lieutenant", "owner": "b", "location": LIARS,
                            "ref": "lieutenant.sulla", "bonus_pay": 2},
                           {"kind": "hellhound", "owner": "b", "location": LIARS,
                            "ref": "hellhound.1", "minder": "u3"},
                           ("legion", "b", "antehell"), ("legion", "b", "antehell"),
                           ("legion", "b", "antehell")])
    log = run("hell.freebooters", st, data)
    assert [u.owner for u in st.units_at(LIARS)] == [None, None, None]
    assert st.unit("u4").bonus_pay == 0
    assert st.unit("u5").minder == "u3"  # still minded: not rampaging
    assert LIARS not in st.owners and st.freebooter_sectio == [LIARS]
    assert texts(log) == ["Freebooters: b's 3 Units in LIARS, the largest group on the "
                          "map, declare independence.",
                          "Freebooters take control of LIARS, taking it from b."]


def test_hg_6_1_03_freebooters_tie_and_frozen_sectio(make_state, data):
    """hell.freebooters: two groups of 2 tie (die 2: b's in SPIES); SPIES is frozen by The
    Boss Is Touchy, so the Units turn Freebooter but the Sectio stays b's for now."""
    st = make_state({"a": {}, "b": {}}, owners={SPIES: "b"},
                    units=[("legion", "a", LIARS), ("legion", "a", LIARS),
                           ("legion", "b", SPIES), ("legion", "b", SPIES)],
                    warning_sign=frozen([SPIES]))
    log = run("hell.freebooters", st, data, [2])
    assert [u.owner for u in st.units] == ["a", "a", None, None]
    assert st.owners[SPIES] == "b" and st.freebooter_sectio == []
    assert [e.kind for e in log.events] == ["freebooters", "ownership-frozen"]


def test_freebooters_take_a_last_sectio_and_the_loser_is_rescued(make_state, data):
    """hell.freebooters: a's 2 Legions tie with b's 2 in TYRANTS (die 1: LIARS); a loses
    his only Sectio to the Freebooters and is rescued with TYRANTS, the Sectio with most
    Units (HG-15.2-01)."""
    st = make_state({"a": {}, "b": {}}, owners={LIARS: "a", SPIES: "b", TYRANTS: "b"},
                    units=[("legion", "a", LIARS), ("legion", "a", LIARS),
                           ("legion", "b", TYRANTS), ("legion", "b", TYRANTS),
                           ("hellhound", None, TYRANTS, "hellhound.1")])
    log = run("hell.freebooters", st, data, [1])
    assert st.freebooter_sectio == [LIARS]
    assert st.sectio_of("a") == [TYRANTS]
    assert log.events[-1].kind == "last-sectio"


def test_hg_6_1_04_freebooters_with_no_units_on_the_map(make_state, data):
    st = make_state({"a": {}}, units=[("legion", "a", "antehell")])
    log = run("hell.freebooters", st, data)
    assert st.units[0].owner == "a"
    assert [e.rule for e in log.events] == ["HG-6.1-04"]


# -- Lands Reclaimed ---------------------------------------------------------------------
def test_lands_reclaimed_each_triumvirate_loses_a_random_sectio(make_state, data):
    """hell.lands-reclaimed: a's die (1) takes LIARS (first by id); b's only Sectio goes
    and b is rescued; c has none."""
    st = make_state({"a": {}, "b": {}, "c": {}},
                    owners={SPIES: "a", LIARS: "a", TYRANTS: "b"},
                    units=[("legion", "c", DOGS), ("legion", "c", DOGS)])
    log = run("hell.lands-reclaimed", st, data, [1])
    assert st.owners.get(LIARS) is None and st.owners[SPIES] == "a"
    assert st.owners.get(TYRANTS) is None
    assert st.owners[DOGS] == "b"  # the rescue: the Sectio with most Units
    assert texts(log, "sectio-revoked") == [
        "Lands Reclaimed: LIARS is taken from a and goes back to the Ruler of Hell.",
        "Lands Reclaimed: TYRANTS is taken from b and goes back to the Ruler of Hell."]
    assert "Lands Reclaimed: c controls no Sectio." in texts(log)


def test_lands_reclaimed_respects_the_boss_is_touchy(make_state, data):
    """hell.lands-reclaimed: a's frozen SPIES cannot go, so LIARS (no die) does."""
    st = make_state({"a": {}}, owners={SPIES: "a", LIARS: "a"},
                    warning_sign=frozen([SPIES]))
    run("hell.lands-reclaimed", st, data)
    assert st.owners == {SPIES: "a"}


# -- Master Witchfinder, The Exorcist ----------------------------------------------------
def test_master_witchfinder_destroys_a_male_daemon_on_earth(make_state, data):
    """hell.master-witchfinder: on Earth are Belphegor (female there), Caim (female),
    Agares (sexless) and Baal (male): Baal is the only candidate, so no die. His card
    goes to the bottom of the Daemon deck (HG-3.3-02)."""
    st = make_state({"a": {"daemons": ["daemon.belphegor", "daemon.caim", "daemon.baal"]},
                     "b": {"daemons": ["daemon.agares", "daemon.zagam"]}},
                    daemons={d: {"where": "earth"} for d in
                             ("daemon.belphegor", "daemon.caim", "daemon.baal",
                              "daemon.agares")},
                    daemon_deck=["daemon.xaphan"])
    log = run("hell.master-witchfinder", st, data)
    assert "daemon.baal" not in st.daemons
    assert st.players["a"].daemons == ["daemon.belphegor", "daemon.caim"]
    assert st.daemon_deck == ["daemon.xaphan", "daemon.baal"]
    assert texts(log) == ["Master Witchfinder: Baal (a), on Earth, is destroyed; its card "
                          "goes to the bottom of the Daemon deck."]


def test_hg_6_1_02_master_witchfinder_spares_incapacitated_and_hell(make_state, data):
    """hell.master-witchfinder: Baal on Earth is Incapacitated, Zagam (male) is in Hell,
    Belphegor on Earth is female: nobody to destroy (HG-6.1-04)."""
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.zagam", "daemon.belphegor"]}},
                    daemons={"daemon.baal": {"where": "earth", "incapacitated": True},
                             "daemon.belphegor": {"where": "earth"}})
    log = run("hell.master-witchfinder", st, data)
    assert len(st.daemons) == 3
    assert [e.rule for e in log.events] == ["HG-6.1-04"]


def test_the_exorcist_destroys_a_random_daemon_on_earth(make_state, data):
    """hell.the-exorcist: the die (2) picks the second active Daemon on Earth (Caim);
    the Incapacitated Orias is never a candidate (HG-6.1-02)."""
    st = make_state({"a": {"daemons": ["daemon.baal"]},
                     "b": {"daemons": ["daemon.orias", "daemon.caim"]}},
                    daemons={"daemon.baal": {"where": "earth"},
                             "daemon.orias": {"where": "earth", "incapacitated": True},
                             "daemon.caim": {"where": "earth", "walk_card": "arcana.frenzy"}})
    log = run("hell.the-exorcist", st, data, [2])
    assert set(st.daemons) == {"daemon.baal", "daemon.orias"}
    assert st.arcana_deck[-1] == "arcana.frenzy"
    assert st.daemon_deck == ["daemon.caim"]
    assert texts(log, "daemon-destroyed") == [
        "The Exorcist: Caim (b), on Earth, is destroyed; its card goes to the bottom of the "
        "Daemon deck."]


@pytest.mark.parametrize("card", ["hell.the-exorcist", "hell.master-witchfinder"])
def test_trinity_protects_daemons_on_earth(make_state, data, card):
    """hell.the-exorcist / hell.master-witchfinder with Trinity in the Heaven box: nobody
    is chosen or destroyed, and the log says why."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}},
                    daemons={"daemon.baal": {"where": "earth"}},
                    permanent={"heaven": "hell.trinity", "earth": None, "hell": None})
    log = run(card, st, data)
    assert "daemon.baal" in st.daemons
    assert "no one and nothing can destroy a Daemon on Earth" in texts(log)[0]


def test_hg_15_1_02_exorcist_kills_the_last_daemon_and_the_end_phase_restarts(make_state,
                                                                              data):
    """hell.the-exorcist kills a's only Daemon; the End Phase restarts a with three new
    Daemons from the top of the deck."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {"daemons": ["daemon.caim"]}},
                    turn=2, daemons={"daemon.baal": {"where": "earth"}},
                    daemon_deck=["daemon.xaphan", "daemon.zagam", "daemon.agares"])
    log = run("hell.the-exorcist", st, data)
    assert st.players["a"].daemons == []
    assert texts(log, "no-daemons-left") == [
        "a has no Daemon left: The Morningstar restarts the Triumvirate in the End Phase."]
    log, dice = Log(), Dice(script=[])
    end_phase.run(st, {}, dice, data, log)
    assert st.players["a"].daemons == ["daemon.xaphan", "daemon.zagam", "daemon.agares"]
    assert st.daemon_deck == ["daemon.baal"]
    assert "restart" in [e.kind for e in log.events]


# -- Murder ------------------------------------------------------------------------------
def test_murder_each_player_must_beat_his_violent_legions(make_state, data):
    """hell.murder: a has 2 Legions in the Violent Circle and rolls 2 (not above): his
    lowest-ranking Daemon in Hell (Zagam; Naburos is on Earth) dies. b has 1 and rolls 4:
    safe. c has none there: no die."""
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.zagam", "daemon.naburos"]},
                     "b": {"daemons": ["daemon.caim"]}, "c": {"daemons": ["daemon.orias"]}},
                    daemons={"daemon.naburos": {"where": "earth"}},
                    units=[("legion", "a", TYRANTS), ("legion", "a", DOGS),
                           ("legion", "b", DOGS), ("legion", "c", LIARS)])
    log = run("hell.murder", st, data, [2, 4])
    assert set(st.players["a"].daemons) == {"daemon.baal", "daemon.naburos"}
    assert st.daemon_deck == ["daemon.zagam"]
    assert len(st.daemons) == 4
    assert texts(log) == [
        "Murder: a has 2 Legions in the Violent Circle and rolls 2.",
        "Murder: Zagam (a), in Hell, is destroyed; its card goes to the bottom of the Daemon "
        "deck.",
        "Murder: b has 1 Legion in the Violent Circle and rolls 4: Caim is safe.",
        "Murder: c has 0 Legions in the Violent Circle: Orias is safe."]


def test_hg_6_1_02_murder_spares_incapacitated_daemons(make_state, data):
    """hell.murder: 6 Legions cannot be beaten, but a's only Daemon in Hell is
    Incapacitated: no die, nobody dies."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}},
                    daemons={"daemon.baal": {"incapacitated": True}},
                    units=[("legion", "a", TYRANTS)] * 6)
    log = run("hell.murder", st, data)
    assert "daemon.baal" in st.daemons
    assert [e.rule for e in log.events] == ["HG-6.1-04"]


def test_murder_six_legions_kill_without_a_die(make_state, data):
    """hell.murder: with 6 Legions in the Violent Circle no roll can beat them."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}}, units=[("legion", "a", DOGS)] * 6)
    run("hell.murder", st, data)
    assert st.players["a"].daemons == []


# -- Plot of the Year --------------------------------------------------------------------
def test_plot_of_the_year_gives_two_favours(make_state, data):
    """hell.plot-of-the-year: the die (1) picks Baal on Earth; a gains 2 Favours. The
    Incapacitated Orias on Earth is not a candidate (HG-6.1-02)."""
    st = make_state({"a": {"daemons": ["daemon.baal"], "favours": 1},
                     "b": {"daemons": ["daemon.orias", "daemon.caim"]}},
                    daemons={"daemon.baal": {"where": "earth"},
                             "daemon.orias": {"where": "earth", "incapacitated": True},
                             "daemon.caim": {"where": "earth"}})
    log = run("hell.plot-of-the-year", st, data, [1])
    assert st.players["a"].favours == 3 and st.players["b"].favours == 0
    assert texts(log) == ["Plot of the Year: Baal's splendid work on Earth earns a 2 "
                          "Favours."]


def test_hg_6_1_04_plot_of_the_year_with_nobody_on_earth(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}})
    log = run("hell.plot-of-the-year", st, data)
    assert st.players["a"].favours == 0
    assert [e.rule for e in log.events] == ["HG-6.1-04"]
