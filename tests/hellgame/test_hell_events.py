"""Hell cards in play (6.1-6.2): games/hellgame/events.py and the Hell Phase draw."""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem_games.hellgame import action, effects, end_phase, events, hell_phase
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

WRATH, TWELFTH, SEER = "hell.wrath-of-angels", "hell.twelfth-night", "hell.lilith-seer"
CRUSADE, BOREDOM, COUNCIL = "hell.crusade", "hell.boredom", "hell.council"
TEMPERS, RED_PERIL, BEES = "hell.tempers", "hell.red-peril", "hell.the-bees"
URIEL_PURE, FORGIVENESS = "hell.uriel-the-pure", "hell.forgiveness"
LIARS, SPIES = "sectio.liars", "sectio.spies"


@pytest.fixture(scope="module")
def data():
    return load_data()


def run(fn, st, data, script=(), sheets=None):
    log, dice = Log(), Dice(script=list(script))
    fn(st, sheets or {}, dice, data, log)
    dice.finish()  # every scripted die was needed, and no more
    return log


def texts(log, kind=None):
    return [e.text for e in log.events if kind is None or e.kind == kind]


def test_hg_6_example_event_and_phenomena_wrath_of_angels_and_cave_in(make_state, data):
    """000 §6 "Example: Event & Phenomena": WRATH OF ANGELS replaces the Heaven card and
    recalls the Daemons on Earth; the next card is CAVE-IN (SECTIO) and the one after it
    says LIARS at the bottom: all beings in LIARS die."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {"daemons": ["daemon.orias"]},
                     "c": {}}, turn=2,
                    daemons={"daemon.baal": {"where": "earth", "walk_card": "arcana.frenzy"},
                             "daemon.orias": {"where": "earth", "incapacitated": True}},
                    hell_deck=[WRATH, TWELFTH, SEER, BOREDOM], permanent={
                        "heaven": CRUSADE, "earth": None, "hell": None},
                    units=[("legion", "a", LIARS), ("hellhound", None, LIARS, "hellhound.1"),
                           {"kind": "lilith", "owner": None, "location": LIARS},
                           ("legion", "b", SPIES)])
    log = run(events.event_and_phenomena, st, data)
    assert st.permanent["heaven"] == WRATH
    assert st.hell_deck == [BOREDOM, CRUSADE, TWELFTH, SEER]  # HG-6.1.1-01, HG-3.3-02
    baal, orias = st.daemons["daemon.baal"], st.daemons["daemon.orias"]
    assert (baal.where, baal.walk_card, baal.pass_for_good) == ("hell", None, True)
    assert st.arcana_deck[-1] == "arcana.frenzy"  # the Walk card is discarded
    assert (orias.where, orias.pass_for_good) == ("earth", False)  # HG-6.1-02
    assert [u.location for u in st.units] == [SPIES]  # cave-in kills Lilith too (6.2.1)
    assert st.hellhound_box[-1] == "hellhound.1"
    assert st.warning_sign == {"card": TWELFTH, "phenomenon": "phenomenon.cave-in",
                               "scope": "sectio", "sectio": [LIARS]}
    assert [(e.kind, e.text, e.rule) for e in log.events] == [
        ("permanent", "The Event is Wrath of Angels, a Permanent Event: it goes into the "
         "Heaven box, replacing Crusade.", "HG-6.1.1-01"),
        ("recalled", "Baal (a) is recalled to Hell by the Wrath of Angels and must Pass for "
         "Good this turn.", "HG-6.1-01"),
        ("phenomenon", "The Phenomenon is Cave-in (Sectio, from Twelfth Night); Lilith - "
         "Seer names LIARS.", "HG-6.2-02"),
        ("cave-in", "Cave-in in LIARS: 3 Units destroyed.", "HG-6.2-01")]


def test_hg_6_0_01_the_hell_phase_draws_three_cards_before_the_arcana(make_state, data):
    st = make_state({"a": {}}, turn=2, hell_deck=[BOREDOM, COUNCIL, TWELFTH, CRUSADE])
    log = run(hell_phase.run, st, data)
    assert st.hell_deck == [CRUSADE, BOREDOM, COUNCIL, TWELFTH]  # drawn ones to the bottom
    kinds = [e.kind for e in log.events]
    # the Event (Boredom) is resolved before the Phenomenon (Lightning) is drawn
    assert kinds[0] == "event" and "phenomenon" in kinds
    event_texts = [e.text for e in log.events[:kinds.index("phenomenon")]]
    assert event_texts[0] == "The Event is Boredom."
    assert texts(log, "not-implemented") == []


def test_hg_6_0_01_too_few_cards_for_the_phenomenon(make_state, data):
    st = make_state({"a": {}}, turn=2, hell_deck=[BOREDOM, COUNCIL])
    log = run(events.event_and_phenomena, st, data)
    assert st.hell_deck == [BOREDOM, COUNCIL]  # both back at the bottom, in drawn order
    assert st.warning_sign is None
    assert texts(log, "hell-deck-empty") == [
        "The Hell deck is empty: no card for the Phenomenon's place."]


@pytest.mark.parametrize("first,second,scope,members", [
    (TWELFTH, SEER, "sectio", "sectio"),
    (TEMPERS, SEER, "quarter", "quarter"),  # Need for Change (Quarter); Seer: Quarter 3
    (COUNCIL, SEER, "circle", "circle"),  # Lightning (Circle); Seer: Circle 8
])
def test_hg_6_2_01_hg_6_2_02_scope_from_the_first_card_place_from_the_second(
        data, first, second, scope, members):
    bottom = data.hell_cards[second].bottom
    want = {"sectio": [LIARS], "quarter": list(data.quarter_members(bottom.quarter)),
            "circle": list(data.circle_members(bottom.circle))}[members]
    assert events.struck_sectio(data, first, second) == (scope, want)


def test_hg_6_2_1_01_uriel_and_lilith_ignore_phenomena_but_cave_ins(make_state, data):
    st = make_state(units=[("legion", "a", LIARS),
                           {"kind": "uriel", "owner": None, "location": LIARS},
                           {"kind": "lilith", "owner": None, "location": LIARS}])
    assert [u.kind for u in events.phenomenon_units(st, LIARS, "phenomenon.quagmire")] == [
        "legion"]
    assert [u.kind for u in events.phenomenon_units(st, LIARS, "phenomenon.cave-in")] == [
        "legion", "uriel", "lilith"]


def test_hg_6_1_1_01_tempers_gives_every_triumvirate_a_disfavour(make_state, data):
    st = make_state({"a": {}, "b": {"disfavours": 2}, "c": {}}, turn=2,
                    hell_deck=[TEMPERS, BOREDOM, COUNCIL])
    log = run(events.event_and_phenomena, st, data)
    assert [p.disfavours for p in st.player_order()] == [1, 3, 1]
    assert st.permanent["hell"] == TEMPERS
    assert "Tempers: every Triumvirate takes 1 Disfavour." in texts(log)
    assert "While Tempers is in play, anyone who plays a Counter takes 1 Disfavour." \
        in texts(log)


def test_hg_6_1_1_01_red_peril_stops_every_lieutenant_march(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}, "c": {}},
                    permanent={"heaven": None, "earth": None, "hell": RED_PERIL},
                    units=[("lieutenant", "a", SPIES, "lieutenant.sulla")])
    assert not events.lieutenants_may_move(st)
    sheet = check_sheet(st, data, "a", "Baal: MARCH LIEUTENANT Sulla Spies > Traitors")
    assert not sheet.problems, [p.message for p in sheet.problems]
    log = run(action.run, st, data, sheets={"a": sheet, "b": None, "c": None})
    assert st.units[0].location == SPIES
    assert any("Red Peril is in play: no Lieutenant may move [HG-6.1.1-01]" in t
               for t in texts(log))


def test_hg_6_1_02_incapacitated_daemons_are_never_affected(make_state):
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.caim"]}},
                    daemons={"daemon.baal": {"where": "earth", "incapacitated": True},
                             "daemon.caim": {"where": "earth"}})
    assert [d.id for d in events.eventful_daemons(st, "earth")] == ["daemon.caim"]


def test_hg_6_1_04_an_event_with_nothing_to_act_on_does_nothing(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}}, turn=2,
                    hell_deck=[WRATH, BOREDOM, COUNCIL])
    log = run(events.event_and_phenomena, st, data)
    assert st.daemons["daemon.baal"].pass_for_good is False
    assert "No active Daemon is Walking the Earth: Wrath of Angels recalls nobody." in \
        texts(log)


def test_hg_10_1_03_a_recalled_daemon_passes_for_good_whatever_its_orders(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}, "c": {}},
                    daemons={"daemon.baal": {"pass_for_good": True}})
    sheet = check_sheet(st, data, "a", "Baal: ATONE")
    log = run(action.run, st, data, sheets={"a": sheet, "b": None, "c": None})
    assert st.daemons["daemon.baal"].pass_for_good is False  # used up
    assert "Baal (a) must Pass for Good this turn (recalled from Earth)" in texts(log)


def test_hg_6_1_1_01_wrath_of_angels_in_the_end_phase(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.caim"]}, "b": {}, "c": {}},
                    permanent={"heaven": WRATH, "earth": None, "hell": None},
                    daemons={"daemon.baal": {"where": "earth"},
                             "daemon.caim": {"where": "earth"}})
    # Roll against Skulls (4 each): Baal rolls 5 and is recalled, Caim rolls 4 and stays.
    log = run(end_phase.run, st, data, script=[5, 4])
    assert [d.where for d in st.daemons_of("a")] == ["hell", "earth"]
    assert st.daemons["daemon.baal"].pass_for_good is False  # the turn is over
    assert texts(log, "recalled") == ["Baal (a) is recalled to Hell by the Wrath of Angels."]


def test_hg_6_1_1_01_the_bees_sting_on_a_one_in_the_end_phase(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.caim"]}, "b": {}, "c": {}},
                    permanent={"heaven": None, "earth": BEES, "hell": None},
                    daemons={"daemon.baal": {"where": "earth"},
                             "daemon.caim": {"where": "earth"}})
    log = run(end_phase.run, st, data, script=[1, 2])
    assert [d.incapacitated for d in st.daemons_of("a")] == [True, False]
    assert texts(log, "stung") == ["Baal (a) is stung by The Bees and Incapacitated."]


def test_hg_6_2_03_the_warning_sign_is_removed_in_the_end_phase(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}, "c": {}},
                    warning_sign={"card": TWELFTH, "phenomenon": "phenomenon.cave-in",
                                  "scope": "sectio", "sectio": [LIARS]})
    log = run(end_phase.run, st, data)
    assert st.warning_sign is None
    assert "The Warning Sign is removed." in texts(log)


def test_hg_10_1_01_a_uriel_card_brings_uriel_and_leaves_with_him(make_state, data):
    st = make_state({"a": {}}, turn=2, hell_deck=[URIEL_PURE, BOREDOM, COUNCIL, FORGIVENESS])
    run(events.event_and_phenomena, st, data)
    assert [u.kind for u in st.units] == ["uriel"]
    st.hell_deck = [FORGIVENESS, BOREDOM, COUNCIL]  # Forgiveness: Permanent Heaven
    log = run(events.event_and_phenomena, st, data)
    assert st.units == []  # HG-10.1-10: his card is replaced
    assert texts(log, "uriel-removed") == [
        "Uriel leaves play: Uriel - The Pure, the card that called for him, is replaced"]
    assert st.permanent["heaven"] == FORGIVENESS


def test_a_14_a_lilith_card_puts_her_in_antehell_with_its_aspect(make_state, data):
    st = make_state({"a": {}}, turn=2, hell_deck=[SEER, BOREDOM, COUNCIL])
    run(events.event_and_phenomena, st, data)
    assert [(u.kind, u.location) for u in st.units] == [("lilith", "antehell")]
    assert st.lilith_aspect == "crone"
    st.hell_deck = [TEMPERS, BOREDOM, COUNCIL]  # replaces her card in the Hell box
    run(events.event_and_phenomena, st, data)
    assert st.units == [] and st.lilith_aspect is None


def test_every_registered_event_and_phenomenon_names_a_card(data):
    effects.check(data)
    assert {WRATH, TEMPERS, RED_PERIL, BEES, URIEL_PURE, SEER} <= set(effects.HELL_CARDS)
    assert "phenomenon.cave-in" in effects.PHENOMENA
    assert "phenomena" in effects.coverage(data)


def test_loading_fails_if_a_hell_card_phenomenon_or_ability_lacks_its_effect(data,
                                                                             monkeypatch):
    """Issue 7's "Done when": all 45 Hell cards, 18 Phenomena and 21 abilities have an
    effect, and effects.check (run when the game's data loads) refuses any gap."""
    covered = effects.coverage(data)
    assert [(covered[k]["implemented"], covered[k]["total"]) for k in
            ("hell_cards", "phenomena", "daemon_abilities")] == [(45, 45), (18, 18), (21, 21)]
    for table, key in ((effects.HELL_CARDS, TEMPERS), (effects.PHENOMENA,
                       "phenomenon.cave-in"), (effects.ABILITIES, "ability.zagam")):
        monkeypatch.delitem(table, key)
        with pytest.raises(ValueError, match=f"without an effect: \\['{key}'\\]"):
            effects.check(data)
        monkeypatch.undo()
    effects.check(data)


@pytest.mark.parametrize("card,kind,place,aspect", [
    ("hell.uriel-the-cleansing-light", "uriel", "uriel-box", None),
    ("hell.uriel-the-pure", "uriel", "uriel-box", None),
    ("hell.lilith-destroyer", "lilith", "antehell", "virgin"),
    ("hell.lilith-mother", "lilith", "antehell", "mother"),
    ("hell.lilith-seer", "lilith", "antehell", "crone")])
def test_each_uriel_and_lilith_card_brings_its_figure(make_state, data, card, kind, place,
                                                      aspect):
    """HG-10.1-01 and A-14: each of the five cards goes into its box and brings Uriel to
    his box, or Lilith to AnteHell in the aspect the card prints."""
    st = make_state({"a": {}}, turn=2, hell_deck=[card, BOREDOM, COUNCIL])
    run(events.event_and_phenomena, st, data)
    assert card in st.permanent.values()
    assert [(u.kind, u.location) for u in st.units] == [(kind, place)]
    assert st.lilith_aspect == aspect
