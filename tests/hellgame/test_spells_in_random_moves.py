"""Major Arcana of the Random Moves Phase (action/spells_in_random_moves.py): Riot, Uriel
Must Obey, Talk of Lost Love, cast through the real order path, and their later parts in
the Random Moves Phase (random_moves)."""

from phase_runner import run_phase
from random_kit import lilith, uriel

from pbem_games.hellgame import action, random_moves
from pbem_games.hellgame.data import load_data

DATA = load_data()
LIARS, FALSIFIERS = "sectio.liars", "sectio.falsifiers"


def acts(log) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


# -- Riot ----------------------------------------------------------------------------------------

def _riot_state(make_state, **b):
    """Baal (a, rank 14) holds Riot and acts before Caim (b, rank 29), whose 2 Legions
    are in LIARS."""
    return make_state(players={"a": {"daemons": ["daemon.baal"], "hand": ["arcana.riot"]},
                               "b": {"daemons": ["daemon.caim"], **b}, "c": {}},
                      units=[("legion", "b", LIARS), ("legion", "b", LIARS),
                             ("lieutenant", "b", LIARS, "lieutenant.sulla")])


def test_arcana_riot_holds_the_legions_for_the_rest_of_the_action_phase(make_state):
    """arcana.riot: Caim's Legions in LIARS may not march, nor be picked up by his
    Lieutenant, who moves alone; the hold ends with the Action Phase."""
    st = _riot_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST Riot ON Liars\n",
        "b": "Caim: MARCH 1 legion liars to falsifiers\n"
             "Caim: MARCH lt sulla liars (+2) > falsifiers\n"})
    assert ("cast", "Baal (a) casts Riot") in acts(log)
    assert ("riot", "Riot in LIARS: 2 Legions (b) may not move for the rest of the Action "
                    "Phase") in acts(log)
    assert notes(log, "b")[0] == (
        "Caim (b): MARCH not possible: 1 Legion in LIARS: b's 2 Legions in LIARS "
        "riot and may not move for the rest of the Action Phase [arcana.riot]")
    assert [u.location for u in st.units] == [LIARS, LIARS, FALSIFIERS]
    assert st.marks["arcana.riot"] == {"units": ["u1", "u2"], "sectio": [LIARS]}
    log = run_phase(random_moves.run, st, DATA)
    assert acts(log) == [("riot-ends", "The Action Phase is over: the Riot in LIARS ends")]
    assert "arcana.riot" not in st.marks


def test_arcana_riot_needs_legions_there(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.baal"], "hand": ["arcana.riot"]},
                             "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Riot ON Liars\n"})
    assert notes(log, "a") == ["Baal (a): CAST not possible: there is no Legion in LIARS to "
                               "riot"]
    assert st.players["a"].hand == ["arcana.riot"] and not st.marks


def test_arcana_riot_countered_by_it_did_not_work(make_state):
    """arcana.riot is cancelled by It Did Not Work...; Riot is aimed at a Sectio, not at
    b's Units, so Caim's Counter is his Action (HG-9.8.2-03)."""
    st = _riot_state(make_state, hand=["arcana.it-did-not-work"])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST Riot ON Liars\n",
        "b": "COUNTER ANY WITH It Did Not Work USING Caim\n"})
    assert ("countered", "Riot of Baal (a) does not work") in acts(log)
    assert "arcana.riot" not in st.marks and "riot" not in [k for k, _ in acts(log)]


# -- Uriel Must Obey --------------------------------------------------------------------------

def _uriel_state(make_state, **a):
    """Ereshkigal (a, 2 Hearts) holds Uriel Must Obey; Asmodeus (b, 5 Hearts) and
    Sammael (c, 5 Hearts) act before her; Uriel is in FALSIFIERS."""
    return make_state(players={"a": {"daemons": ["daemon.ereshkigal"],
                                     "hand": ["arcana.uriel-must-obey"], **a},
                               "b": {"daemons": ["daemon.asmodeus", "daemon.xaphan"]},
                               "c": {"daemons": ["daemon.sammael"]}},
                      units=[uriel(FALSIFIERS)])


SUPPORTED = {"a": "Ereshkigal: CAST Uriel Must Obey\n",
             "b": "Asmodeus: SUPPORT Ereshkigal Uriel Must Obey\n",
             "c": "Sammael: SUPPORT Ereshkigal Uriel Must Obey\n"}


def test_arcana_uriel_must_obey_removes_uriel_at_the_start_of_random_moves(make_state):
    """arcana.uriel-must-obey: 5 + 5 Hearts, the caster's 2 not counted; Uriel leaves
    play as the Random Moves Phase starts (he takes no step) and a gains 1 Favour."""
    st = _uriel_state(make_state)
    log = run_phase(action.run, st, DATA, orders=SUPPORTED)
    assert [a for a in acts(log) if a[0] == "uriel-must-obey"] == [(
        "uriel-must-obey", "Uriel Must Obey: Ereshkigal (a), supported by Sammael, Asmodeus, "
        "commands Uriel to leave play at the start of the Random Moves Phase")]
    assert st.marks["arcana.uriel-must-obey"] == {"daemon": "daemon.ereshkigal", "player": "a"}
    log = run_phase(random_moves.run, st, DATA)
    assert acts(log) == [
        ("uriel-removed", "Uriel leaves play: he obeys the Daemons' command (Uriel Must "
                          "Obey)"),
        ("uriel-must-obey", "Uriel Must Obey: a gains 1 Favour as Uriel leaves play")]
    assert not any(u.kind == "uriel" for u in st.units)
    assert st.players["a"].favours == 1 and not st.marks


def test_arcana_uriel_must_obey_the_casters_hearts_do_not_count(make_state):
    st = _uriel_state(make_state)
    log = run_phase(action.run, st, DATA, orders={k: v for k, v in SUPPORTED.items()
                                                  if k != "c"})
    assert notes(log, "a") == [
        "Ereshkigal (a): CAST not possible: Uriel Must Obey needs 10 Hearts and has 5 Hearts "
        "(Asmodeus 5); the spell is scrapped [HG-9.8.3-03]"]
    assert not st.marks


def test_arcana_uriel_must_obey_needs_uriel_and_lapses_if_he_is_gone(make_state):
    st = _uriel_state(make_state)
    st.units.clear()
    log = run_phase(action.run, st, DATA, orders=SUPPORTED)
    assert notes(log, "a") == ["Ereshkigal (a): CAST not possible: Uriel is not in play"]
    st.marks["arcana.uriel-must-obey"] = {"daemon": "daemon.ereshkigal", "player": "a"}
    log = run_phase(random_moves.run, st, DATA)
    assert acts(log) == [("uriel-must-obey", "Uriel Must Obey: Uriel is no longer in play, "
                                             "so nothing happens and no Favour is gained")]
    assert st.players["a"].favours == 0 and not st.marks


def test_arcana_uriel_must_obey_countered_by_it_did_not_work(make_state):
    """Xaphan (b), yet to act, counters: Uriel stays, the supports are spent."""
    st = _uriel_state(make_state)
    st.players["b"].hand = ["arcana.it-did-not-work"]
    log = run_phase(action.run, st, DATA, orders={
        **SUPPORTED, "b": SUPPORTED["b"] + "COUNTER ANY WITH It Did Not Work USING Xaphan\n"})
    assert ("countered", "Uriel Must Obey of Ereshkigal (a) does not work") in acts(log)
    assert not st.marks


# -- Talk of Lost Love ---------------------------------------------------------------------------

def _talk_state(make_state, units=()):
    """Baal (a): 3 Hearts, 2 Stars."""
    return make_state(players={"a": {"daemons": ["daemon.baal"],
                                     "hand": ["arcana.talk-of-lost-love"]},
                               "b": {"favours": 1, "daemons": ["daemon.gomory"]}, "c": {}},
                      units=list(units))


def test_arcana_talk_of_lost_love_a_steers_lilith_and_nobody_courts(make_state):
    """arcana.talk-of-lost-love: Baal rolls 3 against Hearts and 2 against Stars; in the
    Random Moves Phase a steers Lilith by its STEER LILITH line, b's COURT LILITH is not
    tried (its Favour kept), and her aspect is still rolled."""
    st = _talk_state(make_state, [lilith(FALSIFIERS)])
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Talk of Lost Love\n"},
                    script=[3, 2])
    assert [a for a in acts(log) if a[0] == "talk-of-lost-love"] == [(
        "talk-of-lost-love", "Talk of Lost Love: Baal (a) passes the Rolls against Hearts "
        "and Stars: a controls Lilith's movements (not her aspect) in the coming Random "
        "Moves Phase")]
    log = run_phase(random_moves.run, st, DATA, orders={
        "a": "STEER LILITH Liars > STAY > Falsifiers\n", "b": "COURT LILITH WITH Gomory\n"},
        script=[1, 5])  # aspect: the Virgin; her 4th step is rolled: 5, she stays
    assert acts(log)[0] == ("talk-of-lost-love", "Talk of Lost Love: a controls Lilith's "
                            "movements (not her aspect) this phase, so nobody courts her")
    assert [t for k, t in acts(log) if k == "lilith-enters"] == [
        "Lilith enters LIARS: a steers her (step 1)",
        "Lilith enters FALSIFIERS: a steers her (step 3)"]
    assert st.players["b"].favours == 1 and not st.marks


def test_arcana_talk_of_lost_love_a_failed_roll_incapacitates_the_caster(make_state):
    """Hearts passed (3), Stars failed (3 against 2): Baal is Incapacitated, no control."""
    st = _talk_state(make_state)
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Talk of Lost Love\n"},
                    script=[3, 3])
    assert [a for a in acts(log) if a[0] == "talk-of-lost-love"] == [(
        "talk-of-lost-love", "Talk of Lost Love: Baal (a) fails the Roll against Stars and "
        "is Incapacitated")]
    assert st.daemons["daemon.baal"].incapacitated and not st.marks


def test_arcana_talk_of_lost_love_lapses_without_lilith(make_state):
    st = _talk_state(make_state)
    run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Talk of Lost Love\n"},
              script=[1, 1])
    log = run_phase(random_moves.run, st, DATA)
    assert acts(log) == [("talk-of-lost-love", "Talk of Lost Love: Lilith is not in play, so "
                                               "a has no movements of hers to control")]
    assert not st.marks


def test_arcana_talk_of_lost_love_countered_by_it_did_not_work(make_state):
    """Gomory (b), yet to act, counters: no roll is made."""
    st = _talk_state(make_state)
    st.players["b"].hand = ["arcana.it-did-not-work"]
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST Talk of Lost Love\n",
        "b": "COUNTER ANY WITH It Did Not Work USING Gomory\n"})
    assert ("countered", "Talk of Lost Love of Baal (a) does not work") in acts(log)
    assert not st.marks and not st.daemons["daemon.baal"].incapacitated
