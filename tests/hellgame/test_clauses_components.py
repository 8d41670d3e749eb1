"""Components and general conventions no test cited before issue 22 (000 §2.3-2.4,
§3.2-3.3): HG-2.3.2-01, HG-2.3.3-01, HG-2.3.6-01, HG-2.4.3-01, HG-2.4.4-01, HG-3.2-02 and
HG-3.3-01, each checked on the data or on what the engine does with it."""

from __future__ import annotations

import pytest
from phase_runner import run_phase

from pbem.dice import Dice
from pbem_games.hellgame import action, effects, events, petitions, random_moves, soul
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.dataschema import PASS_KINDS
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.state import HellState
from pbem_games.hellgame.views import public_view

DATA = load_data()
LIARS, SPIES, MIRACLE = "sectio.liars", "sectio.spies", "sectio.miracle-workers"
TEMPERS, RED_PERIL, COUNCIL = "hell.tempers", "hell.red-peril", "hell.council"
SEER, BOREDOM = "hell.lilith-seer", "hell.boredom"


def texts(log, kind: str) -> list[str]:
    return [e.text for e in log.events if e.kind == kind]


# -- HG-2.3.2-01: Souls have no limit; the counter mix never restricts making change ---------------

def test_hg_2_3_2_01_souls_have_no_limit(make_state):
    """A Triumvirate holding a million Souls still collects: Andras on Earth sends 4
    Hearts + a Soul Roll of 6 (000 §9.6 example) on top of them, and the count survives
    the stored state unchanged."""
    st = make_state(players={"a": {"souls": 1_000_000, "daemons": ["daemon.andras"]},
                             "b": {}, "c": {}},
                    daemons={"daemon.andras": {"where": "earth",
                                               "walk_card": "arcana.frenzy"}})
    run_phase(soul.run, st, DATA, script=[6])
    assert st.players["a"].souls == 1_000_010
    assert HellState.from_dict(st.to_dict()).players["a"].souls == 1_000_010


def test_hg_2_3_2_01_any_sum_can_be_paid_exactly(make_state):
    """No change to make: a Soul is a number, not a counter. 7 Souls pay a Walk the
    Earth of 3 (Fair Fight's Minor half) and leave exactly 4."""
    st = make_state(players={"a": {"souls": 7, "daemons": ["daemon.sammael"],
                                   "hand": ["arcana.fair-fight"]}, "b": {}, "c": {}})
    run_phase(action.run, st, DATA, orders={"a": "Sammael: WALK THE EARTH\n"})
    assert st.players["a"].souls == 4


# -- HG-2.3.3-01: Favour and Disfavour markers have no limit ---------------------------------------

def test_hg_2_3_3_01_disfavours_have_no_limit(make_state):
    """Tempers gives every Triumvirate a Disfavour, however many it holds already."""
    st = make_state(players={"a": {"disfavours": 30}, "b": {"disfavours": 6}, "c": {}})
    log, dice = Log(), Dice(script=[])
    effects.HELL_CARDS[TEMPERS](st, {}, dice, DATA, log)
    dice.finish()
    assert [p.disfavours for p in st.players.values()] == [31, 7, 1]
    assert HellState.from_dict(st.to_dict()).players["a"].disfavours == 31


def test_hg_2_3_3_01_favours_have_no_limit(make_state):
    """Sammael (5 Hearts) on Earth does Evil Deeds: each 6 earns a Favour (HG-9.7.4-01)
    on top of the 40 his Triumvirate holds."""
    st = make_state(players={"a": {"favours": 40, "daemons": ["daemon.sammael"]},
                             "b": {}, "c": {}},
                    daemons={"daemon.sammael": {"where": "earth",
                                                "walk_card": "arcana.heroism"}})
    run_phase(action.run, st, DATA, orders={"a": "Sammael: EVIL DEEDS\n"},
              script=[6, 2, 6, 1, 6])
    assert st.players["a"].favours == 43


# -- HG-2.3.6-01: Uriel and Lilith are unique and belong to no player ------------------------------

def test_hg_2_3_6_01_uriel_is_unique_and_nobodys(make_state):
    st = make_state(players={"a": {}, "b": {}, "c": {}})
    log = Log()
    assert random_moves.bring_uriel(st, DATA, Dice(script=[]), log)
    assert not random_moves.bring_uriel(st, DATA, Dice(script=[]), log)
    assert [(u.kind, u.owner) for u in st.units] == [("uriel", None)]
    assert texts(log, "uriel-already") == ["Uriel is in play already: nothing more happens"]


def test_hg_2_3_6_01_lilith_is_unique_and_nobodys(make_state):
    st = make_state(players={"a": {}, "b": {}, "c": {}})
    log = Log()
    assert random_moves.bring_lilith(st, DATA, log, LIARS, "crone")
    assert not random_moves.bring_lilith(st, DATA, log, SPIES, "virgin")
    assert [(u.kind, u.owner, u.location) for u in st.units] == [("lilith", None, LIARS)]
    assert st.lilith_aspect == "crone"
    assert texts(log, "lilith-already") == ["Lilith is in play already: nothing more happens"]


@pytest.mark.parametrize("kind", ["uriel", "lilith"])
def test_hg_2_3_6_01_they_are_every_players_enemy(make_state, kind):
    """Belonging to no player, Uriel and Lilith are unfriendly to each Triumvirate."""
    st = make_state(players={"a": {}, "b": {}, "c": {}},
                    units=[{"kind": kind, "owner": None, "location": LIARS}])
    for player in st.seats:
        assert [u.kind for u in st.unfriendly_at(LIARS, player)] == [kind]


# -- HG-2.4.3-01: a Hell card's Event part, Phenomenon part and location line ---------------------

def test_hg_2_4_3_01_every_hell_card_has_event_phenomenon_and_location():
    boxes = ("hell", "heaven", "earth")  # the Permanent boxes of the board
    for card in DATA.hell_cards.values():
        # the Event: a Permanent flag with its area (None: not Permanent), and its effect
        assert card.event.permanent is None or card.event.permanent in boxes, card.id
        assert card.event.text, card.id
        # the Phenomenon in the grey box, with the scope it strikes
        assert card.phenomenon.id.startswith("phenomenon."), card.id
        assert card.phenomenon.scope in ("sectio", "quarter", "circle"), card.id
        assert card.phenomenon.text, card.id
        # the location line at the bottom: a Sectio, with its Quarter and Circle
        where = DATA.sectio[card.bottom.sectio]
        assert (card.bottom.quarter, card.bottom.circle) == (where.quarter, where.circle)
    assert {c.event.permanent for c in DATA.hell_cards.values()} == {None, *boxes}


@pytest.mark.parametrize("event,box,deck_after", [
    # Permanent: it stays in its box; the cards drawn go to the bottom (HG-3.3-02)
    (RED_PERIL, "hell", [SEER, BOREDOM]),
    (COUNCIL, None, [COUNCIL, SEER, BOREDOM])])  # not Permanent: to the bottom as well
def test_hg_2_4_3_01_the_hell_phase_reads_each_part_of_a_card(make_state, event, box,
                                                              deck_after):
    """The Hell Phase uses the three parts (6.0-6.2): the first card's Event part (with
    its Permanent flag and area), the second card's Phenomenon part (grey box: The Boss
    Is Touchy, Quarter) and the third card's location line (BOREDOM: BAD PEOPLE, Quarter
    4)."""
    st = make_state(players={"a": {}, "b": {}, "c": {}}, turn=2,
                    hell_deck=[event, SEER, BOREDOM])
    log, dice = Log(), Dice(script=[])
    events.event_and_phenomena(st, {}, dice, DATA, log)
    dice.finish()
    assert st.permanent == {"heaven": None, "earth": None, "hell": None,
                            **({box: event} if box else {})}
    assert st.hell_deck == deck_after
    assert st.warning_sign == {"card": SEER, "phenomenon": "phenomenon.the-boss-is-touchy",
                               "scope": "quarter",
                               "sectio": list(DATA.quarter_members(4))}
    assert texts(log, "phenomenon") == [
        "The Phenomenon is The Boss Is Touchy (Quarter, from Lilith - Seer); Boredom names "
        "Quarter 4."]


# -- HG-2.4.4-01: an Arcana card's Minor half and Major half ---------------------------------------

def test_hg_2_4_4_01_every_arcana_card_has_a_minor_and_a_major_half():
    minors = (*PASS_KINDS, "walk-the-earth", "recruit-lieutenant", None)
    timings = ("action", "combat", "action-or-combat", "play-right-away", "counter",
               "any-time")
    for c in DATA.arcana.values():
        assert c.minor.kind in minors, c.id
        assert c.minor.cost is None or c.minor.cost >= 0, c.id  # the top-right Soul cost
        assert c.major.timing in timings, c.id
        assert min(c.major.cost.souls, c.major.cost.favours, c.major.cost.disfavours) >= 0
        assert c.major.text, c.id
    assert sorted(c.number for c in DATA.arcana.values() if c.flags.six) == [
        18, 36, 54, 72, 90, 108]  # "A few cards have the number 6" (assumed, HG-4.0-01)


@pytest.mark.parametrize("card,souls_left", [("arcana.fair-fight", 2),
                                             ("arcana.hellhounds", 5)])
def test_hg_2_4_4_01_a_minor_use_ignores_the_major_half(make_state, card, souls_left):
    """000 §2.4.4: "when one of these is referred to, the other one is for all purposes
    ignored". Fair Fight walks for 3 Souls and takes no Disfavour (its Major cost);
    Hellhounds walks for 0 Souls, not the 2 its Major half costs."""
    st = make_state(players={"a": {"souls": 5, "daemons": ["daemon.sammael"],
                                   "hand": [card]}, "b": {}, "c": {}})
    run_phase(action.run, st, DATA, orders={"a": "Sammael: WALK THE EARTH\n"})
    p = st.players["a"]
    assert (p.souls, p.favours, p.disfavours) == (souls_left, 0, 0)
    assert st.daemons["daemon.sammael"].walk_card == card


# -- HG-3.2-02: any number of Units share a Sectio, one stack per Triumvirate ----------------------

def test_hg_3_2_02_any_number_of_units_one_stack_per_triumvirate(make_state):
    units = ([("legion", "a", LIARS)] * 5 + [("legion", "b", LIARS)] * 4
             + [("lieutenant", "a", LIARS, "lieutenant.sulla")]
             + [("legion", "c", LIARS)] * 3 + [("legion", "a", LIARS)] * 7
             + [("hellhound", None, LIARS, "hellhound.1")])
    st = make_state(players={"a": {}, "b": {}, "c": {}}, units=units)
    assert len(st.units_at(LIARS)) == 21
    shown = next(s for s in public_view(st, DATA)["sectio"] if s["id"] == LIARS)
    assert shown["units_text"] == ("a: 12 Legions, Lieutenant Sulla; b: 4 Legions; "
                                   "c: 3 Legions; Hellhound (rampaging)")


def test_hg_3_2_02_a_march_joins_a_crowded_sectio(make_state):
    """No stacking limit stops a move: void's Legion marches from SPIES into MIRACLE
    WORKERS, where void has 10 Legions and keys 3 (the march ends there; keys's Legions
    stand by default, IP-23), and joins void's one stack there."""
    from test_march import march, state

    st = state(make_state, [("legion", "void", SPIES)] + [("legion", "void", MIRACLE)] * 10
               + [("legion", "keys", MIRACLE)] * 3)
    why, _ = march(st, "1 LEGION SPIES > MIRACLE WORKERS")
    assert why is None
    assert len(st.units_at(MIRACLE)) == 14 and st.units_at(SPIES) == []
    shown = next(s for s in public_view(st, DATA)["sectio"] if s["id"] == MIRACLE)
    assert shown["units_text"] == "void: 11 Legions; keys: 3 Legions"


# -- HG-3.3-01: what "Units" are ------------------------------------------------------------

@pytest.mark.parametrize("unit", [
    ("legion", "b", LIARS), ("lieutenant", "b", LIARS, "lieutenant.sulla"),
    ("legion", None, LIARS),  # a Freebooter Legion
    ("hellhound", None, LIARS, "hellhound.1"),
    {"kind": "uriel", "owner": None, "location": LIARS},
    {"kind": "lilith", "owner": None, "location": LIARS}],
    ids=["legion", "lieutenant", "freebooter", "hellhound", "uriel", "lilith"])
def test_hg_3_3_01_each_kind_of_unit_blocks_a_petition(make_state, unit):
    """"Units" are Lieutenants, Legions (Freebooters too), Hellhounds, Uriel and Lilith:
    any of them, not a's, keeps a from petitioning where his Legion is (HG-12.0-03)."""
    st = make_state(players={"a": {"favours": 1}, "b": {}, "c": {}},
                    units=[("legion", "a", LIARS), unit])
    assert petitions.why_not(st, "a", LIARS, DATA) == \
        "LIARS holds 1 unfriendly Unit (HG-12.0-03)"


def test_hg_3_3_01_daemons_are_not_units(make_state):
    """A Daemon is a card, not a Unit: b's Daemons in play put nothing on the map, and
    a's petition for LIARS goes through."""
    st = make_state(players={"a": {"favours": 1}, "b": {"daemons": ["daemon.baal"]},
                             "c": {}}, units=[("legion", "a", LIARS)])
    assert [u.kind for u in st.units] == ["legion"]
    assert petitions.why_not(st, "a", LIARS, DATA) is None

