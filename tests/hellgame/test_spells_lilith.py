"""Major Arcana that bring Lilith into play (action/spells_lilith.py), and the rulebook
example "Supporting Actions" (000 §9.8.3)."""

from __future__ import annotations

from phase_runner import run_phase
from spells_kit import acts, notes

from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data

DATA = load_data()


# -- Love for Lilith ----------------------------------------------------------------------------

def test_hg_9_8_3_supporting_actions_example_love_for_lilith(make_state):
    """000 "Example: Supporting Actions": Asmodeus (5 Hearts) and Belphegor (3) support
    Ereshkigal's Love for Lilith; with her own 2 Hearts that is the 10 needed (A-40: the
    caster counts, per this example). Her Triumvirate pays the Favour. Lilith has no
    place in the game state yet: her arrival is reported as not implemented."""
    st = make_state(players={"eresh": {"favours": 1, "daemons": ["daemon.ereshkigal"],
                                       "hand": ["arcana.love-for-lilith"]},
                             "asmo": {"daemons": ["daemon.asmodeus"]},
                             "belph": {"daemons": ["daemon.belphegor"]}})
    log = run_phase(action.run, st, DATA, orders={
        "eresh": "Ereshkigal: CAST Love for Lilith\n",
        "asmo": "Asmodeus: SUPPORT Ereshkigal Love for Lilith\n",
        "belph": "Belphegor: SUPPORT Ereshkigal Love for Lilith\n"})
    assert acts(log) == [
        ("support", "Asmodeus (asmo) supports Ereshkigal's Love for Lilith, bringing 5 Hearts"),
        ("support", "Belphegor (belph) supports Ereshkigal's Love for Lilith, bringing 3 "
                    "Hearts"),
        ("cast", "Ereshkigal (eresh) casts Love for Lilith, paying 1 Favour"),
        ("lilith", "Lilith answers the call: she is to appear in AnteHell, her aspect not yet "
                   "decided, controlled by no Triumvirate"),
        ("lilith-arrives", "Lilith comes to visit her children: the card puts her in AnteHell")]
    assert st.players["eresh"].favours == 0 and st.players["eresh"].hand == []
    assert [u.location for u in st.units if u.kind == "lilith"] == ["antehell"]


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
