"""The Diplomacy Action Conspire (9.7.3) and Rigging Events (9.7.3.1): action/conspire.py.

Each test builds an ActionCtx by hand, parses the order text as the core would and runs
it; the Hell deck is given explicitly (index 0 is the top).
"""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem.engine import ILLEGAL, INVALID
from pbem_games.hellgame import effects
from pbem_games.hellgame.action.context import ActionCtx, Queue
from pbem_games.hellgame.action.diplomacy import parse_conspire, run_conspire
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.errors import OrderError
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import Ctx
from pbem_games.hellgame.state import HellState

UKOBACH, CAIM = "daemon.ukobach", "daemon.caim"  # 2 and 4 Stars
RED_PERIL, TEMPERS, BEES = "hell.red-peril", "hell.tempers", "hell.the-bees"  # Hell, Hell, Earth
TWELFTH, ORGASMATRON, FAMINE = "hell.twelfth-night", "hell.orgasmatron", "hell.famine"
CRUSADE, TRINITY, NEW_AGE = "hell.crusade", "hell.trinity", "hell.new-age"  # Heaven, Heaven, Earth
REST = ["hell.boredom", "hell.council", "hell.murder"]  # not permanent


@pytest.fixture(scope="module")
def data():
    return load_data()


def state(make_state, deck, permanent=None, daemon=UKOBACH, **kw):
    """Player void's Daemon walks the Earth; the Hell deck is `deck` + REST."""
    return make_state({"void": {"daemons": [daemon]}, "beast": {}, "key": {}},
                      daemons={daemon: {"where": "earth"}}, hell_deck=[*deck, *REST],
                      permanent={"heaven": None, "earth": None, "hell": None,
                                 **(permanent or {})}, **kw)


def conspire(st, data, text, script=(), daemon=UKOBACH):
    """Parse `text` (what follows CONSPIRE) and run it; returns (reason, log)."""
    _, order = parse_conspire(text, Ctx(st, data, "void"))
    dice = Dice(script=list(script))
    actx = ActionCtx(st, data, dice, Log(), {}, Queue(), "void", daemon)
    reason = run_conspire(actx, order)
    dice.finish()
    return reason, actx.log


def public(log):
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


# -- the rulebook's example -----------------------------------------------------------------

EXAMPLE = [TWELFTH, ORGASMATRON, TEMPERS, BEES]


def test_hg_9_7_3_example_conspire_ukobach_replaces_red_peril(make_state, data):
    """000 §9.7.3 "Example: Conspire": Red Peril is in the Hell box; Ukobach (2 Stars)
    draws four cards: Twelfth Night and Orgasmatron (not Permanent), Tempers (Hell) and
    The Bees (Earth). She uses Tempers to replace Red Peril; its effects are imposed at
    once: every Triumvirate takes a Disfavour (its lasting part is not implemented yet)."""
    st = state(make_state, EXAMPLE, {"hell": RED_PERIL})
    reason, log = conspire(st, data, "REPLACE Red Peril")
    assert reason is None
    assert st.permanent == {"heaven": None, "earth": None, "hell": TEMPERS}
    assert st.hell_deck == [*REST, RED_PERIL, TWELFTH, ORGASMATRON, BEES]
    assert public(log) == [
        ("conspire", "Ukobach (void) conspires and draws 4 Hell cards (2 Stars)."),
        ("conspire-place", "void places Tempers in the Permanent Hell box, replacing Red "
                           "Peril, and discards the other 3 cards."),
        ("tempers", "Tempers: every Triumvirate takes 1 Disfavour."),
        ("tempers-lasting", "While Tempers is in play, anyone who plays a Counter takes 1 "
                            "Disfavour.")]
    assert [e.rule for e in log.events] == ["HG-9.7.3-01", "HG-9.7.3-01", "HG-9.7.3-02",
                                            "HG-6.1-01", "HG-6.1.1-01"]


def test_hg_9_7_3_example_conspire_the_bees_could_fill_the_empty_earth_box(make_state, data):
    st = state(make_state, EXAMPLE, {"hell": RED_PERIL})
    conspire(st, data, "The Bees")
    assert st.permanent == {"heaven": None, "earth": BEES, "hell": RED_PERIL}
    assert st.hell_deck == [*REST, TWELFTH, ORGASMATRON, TEMPERS]


# -- 9.7.3 ------------------------------------------------------------------------------

def test_hg_9_7_3_01_draws_twice_the_stars(make_state, data):
    st = state(make_state, EXAMPLE, daemon=CAIM)
    _, log = conspire(st, data, "", daemon=CAIM)
    assert log.events[0].data["count"] == 7  # 8 wanted, 7 in the deck
    assert st.hell_deck == [*EXAMPLE, *REST]


def test_hg_9_7_3_03_ip_27_by_default_no_card_is_used(make_state, data):
    st = state(make_state, [TEMPERS, BEES, CRUSADE, FAMINE])
    reason, log = conspire(st, data, "")
    assert reason is None
    assert st.permanent == {"heaven": None, "earth": None, "hell": None}
    assert st.hell_deck == [*REST, TEMPERS, BEES, CRUSADE, FAMINE]
    assert public(log)[-1] == ("conspire-none", "void uses none of them; they go to the "
                               "bottom of the Hell deck.")


def test_hg_9_7_3_04_a_non_permanent_event_can_never_be_placed(make_state, data):
    st = state(make_state, [FAMINE, TWELFTH, ORGASMATRON, TEMPERS])
    with pytest.raises(OrderError) as e:
        parse_conspire("Famine", Ctx(st, data, "void"))
    assert (e.value.status, e.value.rule) == (ILLEGAL, "HG-9.7.3-04")
    assert e.value.message == "Famine is not a Permanent Event: Conspire can never place it"
    conspire(st, data, "ANY")  # ANY passes over the three Events
    assert st.permanent["hell"] == TEMPERS


def test_hg_9_7_3_02_at_most_one_card_is_used(make_state, data):
    st = state(make_state, [CRUSADE, BEES, TEMPERS, FAMINE])
    conspire(st, data, "ANY")
    assert st.permanent == {"heaven": CRUSADE, "earth": None, "hell": None}
    assert st.hell_deck == [*REST, BEES, TEMPERS, FAMINE]


def test_hg_9_7_3_02_ip_27_the_wish_list_is_ranked(make_state, data):
    st = state(make_state, [CRUSADE, BEES, TEMPERS, TRINITY])
    conspire(st, data, "Trinity, ANY EARTH, Crusade")
    assert st.permanent["heaven"] == TRINITY
    st = state(make_state, [CRUSADE, BEES, TEMPERS, TRINITY])
    conspire(st, data, "ANY HELL, ANY")
    assert st.permanent["hell"] == TEMPERS


def test_hg_9_7_3_02_ip_27_never_list(make_state, data):
    st = state(make_state, [CRUSADE, BEES, TEMPERS, TRINITY])
    conspire(st, data, "ANY HEAVEN NEVER Crusade")
    assert st.permanent["heaven"] == TRINITY
    st = state(make_state, [CRUSADE, BEES, TEMPERS, TRINITY])
    conspire(st, data, "ANY NEVER Crusade, The Bees, Tempers, Trinity")
    assert st.permanent == {"heaven": None, "earth": None, "hell": None}


def test_hg_9_7_3_02_ip_27_replace_only_while_that_card_is_in_its_box(make_state, data):
    st = state(make_state, [TEMPERS, BEES], {"hell": "hell.long-parliament"})
    conspire(st, data, "REPLACE Red Peril")
    assert st.permanent["hell"] == "hell.long-parliament"


def test_hg_9_7_3_02_ip_27_empty_fills_only_an_empty_box(make_state, data):
    st = state(make_state, [TEMPERS, BEES], {"hell": RED_PERIL})
    conspire(st, data, "EMPTY")
    assert st.permanent == {"heaven": None, "earth": BEES, "hell": RED_PERIL}


def test_hg_9_7_3_02_a_registered_effect_is_resolved_at_once(make_state, data, monkeypatch):
    calls = []
    monkeypatch.setitem(effects.HELL_CARDS, TEMPERS,
                        lambda st, sheets, dice, data_, log: calls.append(st.permanent["hell"]))
    st = state(make_state, [TEMPERS])
    _, log = conspire(st, data, "Tempers")
    assert calls == [TEMPERS]  # placed before its effect runs
    assert "not-implemented" not in [e.kind for e in log.events]


def test_hg_9_7_3_01_the_drawn_cards_are_told_only_to_the_conspirer(make_state, data):
    st = state(make_state, EXAMPLE)
    _, log = conspire(st, data, "")
    private = [e for e in log.events if e.visible_to is not None]
    assert [(e.visible_to, e.text) for e in private] == [
        (("void",), "You drew: Twelfth Night, Orgasmatron, Tempers, The Bees.")]
    assert not any("Twelfth" in text for _, text in public(log))


def test_hg_3_3_02_an_empty_hell_deck_means_nothing_to_conspire_with(make_state, data):
    st = state(make_state, [])
    st.hell_deck = []
    before = st.to_dict()
    reason, log = conspire(st, data, "ANY")
    assert reason == "the Hell deck is empty, so there is nothing to draw (HG-3.3-02)"
    assert st.to_dict() == before and log.events == []


# -- 9.7.3.1 Rigging Events (optional) -----------------------------------------------------

RIGGING = {"rigging_events": True}


def test_hg_9_7_3_1_01_rigging_needs_the_variant(make_state, data):
    st = state(make_state, EXAMPLE)
    with pytest.raises(OrderError) as e:
        parse_conspire("RIG Famine", Ctx(st, data, "void"))
    assert (e.value.status, e.value.rule) == (ILLEGAL, "HG-9.7.3.1-01")
    actx = ActionCtx(st, data, Dice(script=[]), Log(), {}, Queue(), "void", UKOBACH)
    before = st.to_dict()
    assert run_conspire(actx, {"rig": True, "wishes": [], "never": []}) == (
        "this game does not use the optional rule Rigging Events (HG-9.7.3.1-01)")
    assert st.to_dict() == before


def test_hg_9_7_3_1_01_ip_28_the_best_ranked_card_goes_face_down_on_top(make_state, data):
    st = state(make_state, [FAMINE, TWELFTH, ORGASMATRON], variants=RIGGING)
    reason, log = conspire(st, data, "RIG Orgasmatron, Twelfth Night")
    assert reason is None
    assert st.hell_deck == [TWELFTH, ORGASMATRON, *REST, FAMINE]  # 2 Stars: 2 cards drawn
    assert [(e.kind, e.text, e.visible_to) for e in log.events] == [
        ("conspire", "Ukobach (void) conspires to rig the Events and draws 2 Hell cards "
                     "(2 Stars).", None),
        ("conspire-cards", "You drew: Famine, Twelfth Night.", ("void",)),
        ("conspire-rig", "void puts one of them face down on top of the Hell deck and "
                         "discards the other 1 card.", None),
        ("conspire-rig-card", "You put Twelfth Night on top of the Hell deck (by your "
                              "list).", ("void",))]


def test_hg_9_7_3_1_01_ip_28_else_a_die_picks_one_not_on_the_never_list(make_state, data):
    st = state(make_state, [FAMINE, TWELFTH, ORGASMATRON, TEMPERS], daemon=CAIM,
               variants=RIGGING)
    _, log = conspire(st, data, "RIG NEVER Famine", script=[6, 2], daemon=CAIM)
    assert st.hell_deck == [ORGASMATRON, *REST, FAMINE, TWELFTH, TEMPERS]
    assert log.events[-1].text == ("You put Orgasmatron on top of the Hell deck (picked by "
                                   "a die).")


# -- the order text -----------------------------------------------------------------------

@pytest.mark.parametrize("text, canonical", [
    ("", "CONSPIRE"),
    ("replace red peril", "CONSPIRE REPLACE Red Peril"),
    ("tempers, any earth, empty never lilith - seer",
     "CONSPIRE Tempers, ANY EARTH, EMPTY NEVER Lilith - Seer"),
    ("rig famine, tempers never orgasmatron", "CONSPIRE RIG Famine, Tempers NEVER Orgasmatron"),
])
def test_ip_27_ip_28_the_order_reads_back_in_canonical_form(make_state, data, text, canonical):
    ctx = Ctx(state(make_state, [], variants=RIGGING), data, "void")
    got, order = parse_conspire(text, ctx)
    assert got == canonical
    assert parse_conspire(canonical.removeprefix("CONSPIRE").strip(), ctx) == (got, order)


@pytest.mark.parametrize("text, status, message", [
    ("never", INVALID, "NEVER needs at least one card"),
    ("any never famine never tempers", INVALID, "NEVER is given twice"),
    ("any heven", INVALID, "'any heven': ANY is followed by HEAVEN, EARTH or HELL"),
    ("replace famine", ILLEGAL, "Famine is not a Permanent Event: Conspire can never place it"),
])
def test_ip_27_bad_orders_say_what_is_wrong(make_state, data, text, status, message):
    with pytest.raises(OrderError) as e:
        parse_conspire(text, Ctx(state(make_state, []), data, "void"))
    assert (e.value.status, e.value.message) == (status, message)


def test_the_state_still_round_trips_after_a_conspire(make_state, data):
    st = state(make_state, EXAMPLE, {"hell": RED_PERIL}, variants=RIGGING)
    conspire(st, data, "REPLACE Red Peril")
    d = st.to_dict()
    assert HellState.from_dict(d).to_dict() == d


def test_the_documented_examples_parse(make_state, data):
    """docs/orders-hellgame.md: every `<Daemon>: CONSPIRE ...` example is accepted."""
    import re
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "orders-hellgame.md").read_text()
    examples = re.findall(r"`\w+: CONSPIRE ([^`]*)`", doc)
    assert len(examples) >= 3
    ctx = Ctx(state(make_state, [], variants=RIGGING), data, "void")
    for text in examples:
        parse_conspire(text, ctx)
