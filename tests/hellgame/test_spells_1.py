"""Major Arcana effects, batch 1 (action/spells_1.py): cast through the real order path."""

import pytest
from phase_runner import run_phase

from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data

DATA = load_data()


def acts(log) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


# -- A Damn Good Day ----------------------------------------------------------------------------

def test_a_damn_good_day_two_actions_back_to_back(make_state):
    """arcana.a-damn-good-day: Baal comes up twice more before Xaphan; no line applies,
    so each is an empty March (A-10: not his first time up)."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.a-damn-good-day"]},
                             "b": {"daemons": ["daemon.xaphan"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST A Damn Good Day\n"})
    assert [k for k, _ in acts(log)] == ["cast", "damn-good-day", "empty-march", "empty-march",
                                         "pass-for-good"]
    assert acts(log)[1] == ("damn-good-day", "Baal (a) has a damn good day: it takes two more "
                                             "Actions now, back to back")
    assert acts(log)[-1][1].startswith("Xaphan (b)")
    assert st.players["a"].favours == 0 and st.players["a"].hand == []


def test_a_damn_good_day_countered(make_state):
    """arcana.a-damn-good-day cancelled by It Did Not Work: no extra Actions."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.a-damn-good-day"]},
                             "b": {"daemons": ["daemon.xaphan"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST A Damn Good Day\n",
        "b": "COUNTER A Damn Good Day WITH It Did Not Work USING Xaphan\n"})
    kinds = [k for k, _ in acts(log)]
    assert ("countered", "A Damn Good Day of Baal (a) does not work") in acts(log)
    assert "damn-good-day" not in kinds and "empty-march" not in kinds
    assert st.players["a"].favours == 0


# -- A Minor Change -------------------------------------------------------------------------------

def _minor_change_state(make_state):
    return make_state(players={"a": {"daemons": ["daemon.baal", "daemon.thamuz"],
                                     "hand": ["arcana.a-minor-change"]},
                               "b": {"daemons": ["daemon.caim", "daemon.xaphan"]}, "c": {}})


def test_a_minor_change_swaps_places_on_the_rank_track(make_state):
    """arcana.a-minor-change: Thamuz (26) and Xaphan (59), both behind Baal (14), swap
    places: Xaphan acts before Caim (29), Thamuz last."""
    st = _minor_change_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST A Minor Change ON Thamuz AND Xaphan\n"})
    assert acts(log)[:2] == [
        ("cast", "Baal (a) casts A Minor Change"),
        ("minor-change", "Thamuz (a) and Xaphan (b) swap places on the Rank Track for this "
                         "Action Phase")]
    assert [t.split(" ")[0] for k, t in acts(log)[2:]] == ["Xaphan", "Caim", "Thamuz"]


@pytest.mark.parametrize("line,reason", [
    ("ON Caim AND Xaphan", "Caim is not another Daemon of a's: A Minor Change swaps one of "
                           "the caster's other Daemons"),
    ("ON Baal AND Xaphan", "Baal is not another Daemon of a's: A Minor Change swaps one of "
                           "the caster's other Daemons"),
])
def test_a_minor_change_prerequisites(make_state, line, reason):
    st = _minor_change_state(make_state)
    log = run_phase(action.run, st, DATA, orders={"a": f"Baal: CAST A Minor Change {line}\n"})
    assert notes(log, "a") == [f"Baal (a): CAST not possible: {reason}"]
    assert st.players["a"].hand == ["arcana.a-minor-change"]


def test_a_minor_change_needs_daemons_that_have_not_acted(make_state):
    """arcana.a-minor-change: Thamuz (26) has acted before Caim (29) casts; an
    Incapacitated Daemon is off the track."""
    st = make_state(players={"a": {"daemons": ["daemon.caim", "daemon.thamuz",
                                               "daemon.xaphan"],
                                   "hand": ["arcana.a-minor-change", "arcana.a-minor-change"]},
                             "b": {"daemons": ["daemon.naburos", "daemon.andras"]}, "c": {}},
                    daemons={"daemon.andras": {"incapacitated": True}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST A Minor Change ON Thamuz AND Naburos\n"
             "Caim: CAST A Minor Change ON Xaphan AND Andras\n"})
    assert notes(log, "a")[:2] == [
        "Caim (a): CAST not possible: Thamuz is not waiting behind Caim on the Rank Track: A "
        "Minor Change needs two Daemons ranked lower than the caster that have not acted",
        "Caim (a): CAST not possible: Andras is Incapacitated"]


# -- Atrocity -------------------------------------------------------------------------------------

def _earth(daemon, card="arcana.frenzy"):
    return {daemon: {"where": "earth", "walk_card": card}}


def test_atrocity_discards_two_disfavours(make_state):
    """arcana.atrocity, cast On Earth: 3 Disfavours become 1."""
    st = make_state(players={"a": {"disfavours": 3, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.atrocity"]}, "b": {}, "c": {}},
                    daemons=_earth("daemon.baal"))
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Atrocity\n"})
    assert acts(log) == [("cast", "Baal (a) casts Atrocity"),
                         ("atrocity", "a discards 2 Disfavours after Baal (a)'s atrocity on "
                                      "Earth")]
    assert st.players["a"].disfavours == 1


def test_atrocity_needs_a_disfavour_and_earth(make_state):
    """arcana.atrocity: refused with no Disfavour, and from Hell (HG-9.8.1-02)."""
    st = make_state(players={"a": {"daemons": ["daemon.baal", "daemon.caim"],
                                   "hand": ["arcana.atrocity"]}, "b": {}, "c": {}},
                    daemons=_earth("daemon.baal"))
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Atrocity\n"
                                                        "Caim: CAST Atrocity\n"})
    assert notes(log, "a") == [
        "Baal (a): CAST not possible: a has no Disfavour for Atrocity to discard",
        "Caim (a): CAST not possible: Atrocity is cast On Earth, and Caim is in Hell "
        "[HG-9.8.1-02]"]


# -- Blood for Lilith -----------------------------------------------------------------------------

def test_blood_for_lilith_sacrifices_a_lieutenant(make_state):
    """arcana.blood-for-lilith: Sulla is removed and Lilith appears in Liars (A-14)."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.blood-for-lilith"]}, "b": {}, "c": {}},
                    units=[("lieutenant", "a", "sectio.liars", "lieutenant.sulla"),
                           ("legion", "a", "sectio.liars")])
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Blood for Lilith ON Sulla\n"})
    assert acts(log)[-2:] == [
        ("blood-for-lilith", "a sacrifices Lieutenant Sulla in LIARS to Lilith"),
        ("lilith-arrives", "Lilith comes to visit her children: the card puts her in LIARS")]
    assert [(u.kind, u.location) for u in st.units] == [("legion", "sectio.liars"),
                                                        ("lilith", "sectio.liars")]
    assert st.players["a"].favours == 0


def test_blood_for_lilith_needs_the_casters_lieutenant(make_state):
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.blood-for-lilith"]}, "b": {}, "c": {}},
                    units=[("lieutenant", "b", "sectio.liars", "lieutenant.sulla")])
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Blood for Lilith ON Sulla\n"})
    assert notes(log, "a") == ["Baal (a): CAST not possible: a has no Lieutenant Sulla on the "
                               "map to sacrifice"]
    assert st.players["a"].favours == 1 and len(st.units) == 1


# -- Call for Lilith ------------------------------------------------------------------------------

def _call_state(make_state):
    return make_state(players={"e": {"favours": 1, "daemons": ["daemon.ereshkigal"],
                                     "hand": ["arcana.call-for-lilith"]},
                               "x": {"daemons": ["daemon.beelzebub", "daemon.sammael"]},
                               "y": {"daemons": ["daemon.moloch"]}})


CALL = {"e": "Ereshkigal: CAST Call for Lilith\n",
        "x": "Beelzebub: SUPPORT Ereshkigal Call for Lilith\n"
             "Sammael: SUPPORT Ereshkigal Call for Lilith\n"}


def test_call_for_lilith_ten_stars_without_the_casters(make_state):
    """arcana.call-for-lilith: 5 + 4 + 4 Stars of support; Lilith comes to AnteHell."""
    st = _call_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        **CALL, "y": "Moloch: SUPPORT Ereshkigal Call for Lilith\n"})
    assert acts(log)[-3:] == [
        ("cast", "Ereshkigal (e) casts Call for Lilith, paying 1 Favour"),
        ("lilith", "Lilith hears the call: she is to appear in AnteHell, her aspect not yet "
                   "decided, controlled by no Triumvirate"),
        ("lilith-arrives", "Lilith comes to visit her children: the card puts her in AnteHell")]
    assert [u.location for u in st.units if u.kind == "lilith"] == ["antehell"]


def test_call_for_lilith_does_not_count_the_casters_stars(make_state):
    """A-40: the printed text excludes the caster: 9 Stars (13 with Ereshkigal's 4)
    scraps the spell; nothing is paid."""
    st = _call_state(make_state)
    log = run_phase(action.run, st, DATA, orders=CALL)
    assert notes(log, "e") == ["Ereshkigal (e): CAST not possible: Call for Lilith needs 10 "
                               "Stars and has 9 Stars (Sammael 4 + Beelzebub 5); the spell "
                               "is scrapped [HG-9.8.3-03]"]
    assert st.players["e"].favours == 1 and not st.units


# -- Carnossa -------------------------------------------------------------------------------------

def test_carnossa_loses_a_disfavour_and_incapacitates_the_caster(make_state):
    """arcana.carnossa."""
    st = make_state(players={"a": {"disfavours": 2, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.carnossa"]}, "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Carnossa\n"})
    assert acts(log) == [("cast", "Baal (a) casts Carnossa"),
                         ("carnossa", "a loses 1 Disfavour and Baal (a) is Incapacitated")]
    assert st.players["a"].disfavours == 1
    assert (st.daemons["daemon.baal"].incapacitated, st.daemons["daemon.baal"].recover_by) == \
        (True, None)


# -- Cats in the Dark -----------------------------------------------------------------------------

def _cats_state(make_state):
    return make_state(players={"a": {"daemons": ["daemon.caim", "daemon.thamuz"],
                                     "hand": ["arcana.cats-in-the-dark"]},
                               "b": {"daemons": ["daemon.baal"]}, "c": {}},
                      daemons={"daemon.thamuz": {"incapacitated": True,
                                                 "recover_by": "skulls"}})


def test_cats_in_the_dark_the_beaten_daemon_takes_the_place(make_state):
    """arcana.cats-in-the-dark: Caim (4 Stars) beats Baal (2) in a Duel of Stars; Baal is
    Incapacitated and Thamuz recovers."""
    st = _cats_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Cats in the Dark ON Baal FOR Thamuz\n"}, script=[6, 6, 6, 6, 1, 1])
    assert acts(log)[-1] == ("cats-in-the-dark", "Caim (a) wins the Duel of Stars: Baal (b) "
                                                 "takes the place of Thamuz (a), who recovers; "
                                                 "Baal is Incapacitated")
    assert st.daemons["daemon.baal"].incapacitated
    t = st.daemons["daemon.thamuz"]
    assert (t.incapacitated, t.recover_by) == (False, None)


def test_cats_in_the_dark_lost_duel(make_state):
    st = _cats_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Cats in the Dark ON Baal FOR Thamuz\n"}, script=[1, 1, 1, 1, 6, 6])
    assert acts(log)[-1] == ("cats-in-the-dark", "Baal (b) wins the Duel of Stars: nothing "
                                                 "changes")
    assert st.daemons["daemon.thamuz"].incapacitated
    assert not st.daemons["daemon.baal"].incapacitated


def test_cats_in_the_dark_needs_an_incapacitated_daemon_and_an_active_target(make_state):
    """arcana.cats-in-the-dark: the target may not be Incapacitated, the one freed must."""
    st = _cats_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Cats in the Dark ON Thamuz FOR Baal\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: Thamuz is Incapacitated already"]


# -- Clever Old Woman -----------------------------------------------------------------------------

def test_clever_old_woman_incapacitates_a_daemon_on_earth(make_state):
    """arcana.clever-old-woman: no roll; Ashtaroth is waiting, so she takes no Action."""
    st = make_state(players={"a": {"daemons": ["daemon.asmodeus"],
                                   "hand": ["arcana.clever-old-woman"]},
                             "b": {"daemons": ["daemon.ashtaroth"]}, "c": {}},
                    daemons={**_earth("daemon.asmodeus"),
                             **_earth("daemon.ashtaroth", "arcana.rage")})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Asmodeus: CAST Clever Old Woman ON Ashtaroth\n"})
    assert acts(log) == [
        ("cast", "Asmodeus (a) casts Clever Old Woman on Ashtaroth (b)"),
        ("clever-old-woman", "A clever old woman tricks Ashtaroth (b), who is Incapacitated and "
                             "takes no Action this phase [HG-9.0-02]")]
    assert st.daemons["daemon.ashtaroth"].incapacitated


def test_clever_old_woman_not_on_an_incapacitated_daemon_nor_in_hell(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.asmodeus"],
                                   "hand": ["arcana.clever-old-woman"]},
                             "b": {"daemons": ["daemon.ashtaroth", "daemon.baal"]}, "c": {}},
                    daemons={**_earth("daemon.asmodeus"),
                             "daemon.ashtaroth": {"where": "earth", "walk_card": "arcana.rage",
                                                  "incapacitated": True}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Asmodeus: CAST Clever Old Woman ON Ashtaroth\n"
             "Asmodeus: CAST Clever Old Woman ON Baal\n"})
    assert notes(log, "a") == [
        "Asmodeus (a): CAST not possible: Ashtaroth is Incapacitated already",
        "Asmodeus (a): CAST not possible: Clever Old Woman is cast On Earth, where caster and "
        "target must both be, and Baal is in Hell [HG-9.8.1-02]"]


def test_clever_old_woman_countered(make_state):
    """arcana.clever-old-woman cancelled by It Did Not Work."""
    st = make_state(players={"a": {"daemons": ["daemon.asmodeus"],
                                   "hand": ["arcana.clever-old-woman"]},
                             "b": {"daemons": ["daemon.ashtaroth"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}},
                    daemons={**_earth("daemon.asmodeus"),
                             **_earth("daemon.ashtaroth", "arcana.rage")})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Asmodeus: CAST Clever Old Woman ON Ashtaroth\n",
        "b": "COUNTER Clever Old Woman WITH It Did Not Work\n"})
    assert ("countered", "Clever Old Woman of Asmodeus (a) does not work") in acts(log)
    assert not st.daemons["daemon.ashtaroth"].incapacitated


# -- Come On Join Us -----------------------------------------------------------------------------

def test_come_on_join_us_draws_a_daemon_that_does_not_act(make_state):
    """arcana.come-on-join-us: Zagam, top of the Daemon deck, joins a; not on the track."""
    st = make_state(players={"a": {"daemons": ["daemon.baal"],
                                   "hand": ["arcana.come-on-join-us"]}, "b": {}, "c": {}},
                    daemon_deck=["daemon.zagam", "daemon.orias"])
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Come On Join Us\n"})
    assert acts(log) == [("cast", "Baal (a) casts Come On Join Us"),
                         ("come-on-join-us", "Zagam joins a's Triumvirate in Hell; it takes "
                                             "no Action this turn")]
    assert st.players["a"].daemons == ["daemon.baal", "daemon.zagam"]
    assert st.daemons["daemon.zagam"].owner == "a" and st.daemon_deck == ["daemon.orias"]


def test_come_on_join_us_needs_two_daemons_or_fewer(make_state):
    """arcana.come-on-join-us: Incapacitated Daemons count."""
    st = make_state(players={"a": {"daemons": ["daemon.baal", "daemon.caim", "daemon.xaphan"],
                                   "hand": ["arcana.come-on-join-us"]}, "b": {}, "c": {}},
                    daemons={"daemon.xaphan": {"incapacitated": True}},
                    daemon_deck=["daemon.zagam"])
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Come On Join Us\n"})
    assert notes(log, "a")[0] == ("Baal (a): CAST not possible: a has 3 Daemons; Come On Join "
                                  "Us needs two or fewer")


# -- Counters --------------------------------------------------------------------------------------

@pytest.mark.parametrize("card,line,given", [
    ("arcana.atrocity", "CAST Atrocity", {"disfavours": 2}),
    ("arcana.carnossa", "CAST Carnossa", {"disfavours": 2}),
    ("arcana.come-on-join-us", "CAST Come On Join Us", {}),
    ("arcana.blood-for-lilith", "CAST Blood for Lilith ON Sulla", {"favours": 1}),
])
def test_batch_1_cards_can_be_countered(make_state, card, line, given):
    """arcana.atrocity, arcana.carnossa, arcana.come-on-join-us, arcana.blood-for-lilith:
    It Did Not Work cancels each; its costs stay paid and nothing else changes."""
    st = make_state(players={"a": {"daemons": ["daemon.baal"], "hand": [card], **given},
                             "b": {"daemons": ["daemon.xaphan"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}},
                    daemons=_earth("daemon.baal") if card == "arcana.atrocity" else {},
                    units=[("lieutenant", "a", "sectio.liars", "lieutenant.sulla")],
                    daemon_deck=["daemon.zagam"])
    before = st.to_dict()
    name = DATA.arcana[card].name
    log = run_phase(action.run, st, DATA, orders={
        "a": f"Baal: {line}\n", "b": f"COUNTER {name} WITH It Did Not Work USING Xaphan\n"})
    assert ("countered", f"{name} of Baal (a) does not work") in acts(log)
    a = st.players["a"]
    assert (a.disfavours, len(st.units), list(st.daemons)) == (
        before["players"]["a"]["disfavours"], 1, ["daemon.baal", "daemon.xaphan"])
    assert not st.daemons["daemon.baal"].incapacitated and a.favours == 0
