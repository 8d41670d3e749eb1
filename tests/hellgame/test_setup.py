"""Setting up the HellGame (5.1): games/hellgame/setup.py and orders/setup.py."""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem.engine import ACCEPTED, ILLEGAL, INVALID, UNKNOWN, LineResult, OrderSheet
from pbem_games.hellgame import setup, soul
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log

FOREST = "sectio.the-forest-of-suicides"  # 6 Souls, Circle 1
SUGAR = "sectio.sugar-hill"  # 4 Souls, Circle 3, borders ADDICTION
ADDICTION = "sectio.addiction"  # 4 Souls
PLAYGROUND = "sectio.playground-of-the-idle"  # 2 Souls, borders THE WEAK FLESH
WEAK = "sectio.the-weak-flesh"  # 2 Souls
LIARS = "sectio.liars"


@pytest.fixture(scope="module")
def data():
    return load_data()


class StackedDice(Dice):
    """Scripted dice with predictable shuffles: a shuffle returns the items in the order
    given (new_state passes sorted ids), except that for a reason containing one of the
    `tops` keys the listed cards are put on top first."""

    def __init__(self, script=(), tops=None):
        super().__init__(script=list(script))
        self.tops = tops or {}
        self.shuffled: list[str] = []

    def shuffle(self, items, reason):
        self.shuffled.append(reason)
        for key, top in self.tops.items():
            if key in reason:
                return list(top) + [x for x in items if x not in top]
        return list(items)


def new(data, players=("a", "b", "c"), variants=None, script=(), tops=None):
    dice = StackedDice(script, tops)
    log = Log()
    st = setup.new_state(list(players), variants or {}, dice, data, log)
    dice.finish()
    return st, dice, log


# -- HG-1.0-01 ------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [0, 1, 2, 7])
def test_hg_1_0_01_the_game_is_for_three_to_six_players(data, n):
    with pytest.raises(ValueError, match=f"3 to 6 players, not {n} "):
        setup.new_state([f"p{i}" for i in range(n)], {}, StackedDice(), data)


@pytest.mark.parametrize("n", [3, 6])
def test_hg_1_0_01_three_and_six_players_are_fine(data, n):
    st, _, _ = new(data, [f"p{i}" for i in range(n)])
    assert st.seats == [f"p{i}" for i in range(n)] and st.turn == 0


def test_hg_1_0_01_player_names_must_differ(data):
    with pytest.raises(ValueError, match="given twice: a"):
        setup.new_state(["a", "b", "a"], {}, StackedDice(), data)


# -- new_state ---------------------------------------------------------------------------------
def test_hg_5_1_01_decks_are_shuffled_separately_with_the_dice(data):
    _, dice, _ = new(data, variants={"no_setup_hell_cards": True})
    assert dice.shuffled == [
        "HG-5.1-01 shuffle the Sectio deck", "HG-5.1-01 shuffle the Arcana deck",
        "HG-5.1-01 shuffle the Hell deck", "HG-5.1-05 shuffle Hellhounds",
        "HG-5.1-06 shuffle the Lieutenants", "HG-5.1-08 shuffle the Daemon deck"]


def test_hg_5_1_01_cards_are_drawn_from_the_top(data):
    sectio = sorted(data.sectio)
    st, _, _ = new(data, variants={"no_setup_hell_cards": True})
    # 3 players x 5 Sectio dealt one at a time from the top: the rest stay in order.
    assert st.sectio_deck == sectio[15:]
    assert st.hell_deck == sorted(data.hell_cards)


def test_hg_5_1_02_permanent_cards_go_to_their_box_the_rest_to_the_bottom(data):
    top = ["hell.holy-war", "hell.a-help-in-hell", "hell.tempers"]  # earth, -, hell
    st, _, log = new(data, tops={"Hell deck": top})
    assert st.permanent == {"heaven": None, "earth": "hell.holy-war", "hell": "hell.tempers"}
    assert len(st.hell_deck) == 43 and st.hell_deck[-1] == "hell.a-help-in-hell"
    assert "hell.holy-war" not in st.hell_deck
    texts = [e.text for e in log.events if e.rule in ("HG-5.1-02", "HG-6.1.1-01", "A-09")]
    assert texts == [
        "Hell cards drawn at setup: Holy War, A Help in Hell, Tempers.",
        "Holy War goes into the Earth box.",
        "Tempers goes into the Hell box.",
        "Holy War acts from now on through its lasting effects only; its one-time effects "
        "do not apply at setup.",
        "Tempers acts from now on through its lasting effects only; its one-time effects "
        "do not apply at setup."]
    # A-09: no one-time effect (Tempers' Disfavour for everyone) at setup
    assert all(p.disfavours == 0 for p in st.players.values())


def test_a_09_uriel_or_lilith_placed_at_setup_bring_their_figure(data):
    """A-09: Lilith - Mother in the Hell box at setup brings Lilith into AnteHell in her
    Mother aspect once the Daemons are dealt; Uriel's card brings him to his box."""
    st, _, log = new(data, tops={"Hell deck": ["hell.lilith-mother", "hell.a-help-in-hell",
                                               "hell.uriel-the-pure"]})
    assert st.permanent["hell"] == "hell.lilith-mother"
    assert [u.location for u in st.units if u.kind == "lilith"] == ["antehell"]
    assert st.lilith_aspect == "mother"
    assert [u.location for u in st.units if u.kind == "uriel"] == ["uriel-box"]


def test_hg_5_1_03_two_permanents_for_one_area_keep_one_at_random(data):
    top = ["hell.crusade", "hell.a-help-in-hell", "hell.trinity"]  # heaven, -, heaven
    st, dice, _ = new(data, tops={"Hell deck": top}, script=[2])
    assert st.permanent == {"heaven": "hell.trinity", "earth": None, "hell": None}
    assert st.hell_deck[-2:] == ["hell.crusade", "hell.a-help-in-hell"]
    assert [r["reason"] for r in dice.rolls()] == ["HG-5.1-03 keep one Permanent heaven card"]


def test_hg_5_1_03_boxes_may_stay_empty(data):
    top = ["hell.a-help-in-hell", "hell.a-new-recruit", "hell.betrayal"]  # none permanent
    st, _, log = new(data, tops={"Hell deck": top})
    assert st.permanent == {"heaven": None, "earth": None, "hell": None}
    assert st.hell_deck[-3:] == top
    assert "not-implemented" not in [e.kind for e in log.events]


def test_hg_5_1_04_learning_game_skips_the_setup_hell_cards(data):
    top = ["hell.crusade", "hell.holy-war", "hell.tempers"]
    st, _, log = new(data, variants={"no_setup_hell_cards": True}, tops={"Hell deck": top})
    assert st.permanent == {"heaven": None, "earth": None, "hell": None}
    assert st.hell_deck[:3] == top and len(st.hell_deck) == 45
    assert [e.rule for e in log.events][0] == "HG-5.1-04"


def test_hg_5_1_05_all_hellhounds_face_down_in_the_box(data):
    st, _, _ = new(data)
    assert st.hellhound_box == sorted(data.hellhounds) and len(st.hellhound_box) == 12
    assert not [u for u in st.units if u.kind == "hellhound"]


def test_hg_5_1_06_four_lieutenants_face_up_in_each_of_three_boxes(data):
    order = ["lieutenant.sulla", "lieutenant.verin", "lieutenant.alastor",
             "lieutenant.babael", "lieutenant.breschau", "lieutenant.dabriel",
             "lieutenant.fleuretty", "lieutenant.leberecht", "lieutenant.pytho",
             "lieutenant.semiazas", "lieutenant.shalmaneser", "lieutenant.tammerlane"]
    st, _, log = new(data, tops={"Lieutenants": order})
    assert st.lieutenant_boxes == [order[0:4], order[4:8], order[8:12]]
    assert st.lieutenant_return == []  # the data has exactly 12 Lieutenants
    assert [e.text for e in log.events if e.rule == "HG-5.1-06"][0] == (
        "Lieutenants Available box 1: Sulla, Verin, Alastor, Babael (top first).")


def test_hg_5_1_07_five_souls_and_one_favour_each(data):
    st, _, _ = new(data, ["a", "b", "c", "d"])
    assert [(p.souls, p.favours, p.disfavours) for p in st.player_order()] == [(5, 1, 0)] * 4


def test_hg_5_1_08_hg_3_1_01_three_daemons_dealt_face_up_to_each(data):
    top = ["daemon.baal", "daemon.moloch", "daemon.gomory", "daemon.sammael",
           "daemon.caim", "daemon.xaphan", "daemon.zagam", "daemon.agares", "daemon.orias"]
    st, _, log = new(data, tops={"Daemon deck": top})
    # One card at a time round the table in seat order.
    assert st.players["a"].daemons == ["daemon.baal", "daemon.sammael", "daemon.zagam"]
    assert st.players["b"].daemons == ["daemon.moloch", "daemon.caim", "daemon.agares"]
    assert st.players["c"].daemons == ["daemon.gomory", "daemon.xaphan", "daemon.orias"]
    assert len(st.daemon_deck) == 21 - 9
    assert {d.id: (d.owner, d.where, d.incapacitated) for d in st.daemons.values()} == {
        d: (["a", "b", "c"][i % 3], "hell", False) for i, d in enumerate(top)}
    dealt = [e for e in log.events if e.rule == "HG-5.1-08"]
    assert [(e.visible_to, e.text) for e in dealt][0] == (None, "a is dealt Baal, Sammael, Zagam.")


def test_hg_5_1_11_five_sectio_each_with_control_markers(data):
    st, _, _ = new(data)
    ids = sorted(data.sectio)
    assert st.sectio_of("a") == sorted(ids[0:15:3])
    assert st.sectio_of("b") == sorted(ids[1:15:3])
    assert st.sectio_of("c") == sorted(ids[2:15:3])
    assert len(st.owners) == 15


def test_hg_5_1_13_five_arcana_each_play_right_away_discarded_not_replaced(data):
    others = [c for c in sorted(data.arcana) if not data.arcana[c].flags.play_right_away]
    top = ["arcana.a-bad-day", "arcana.frenzy", *others[:13]]
    st, _, log = new(data, tops={"Arcana deck": top})
    # Step 9 comes after the players' choices: the pre-game state has no hands yet.
    assert [p.hand for p in st.player_order()] == [[], [], []]
    setup.deal_arcana(st, data, log)
    assert data.arcana["arcana.a-bad-day"].flags.play_right_away
    assert len(st.players["a"].hand) == 4 and "arcana.a-bad-day" not in st.players["a"].hand
    assert st.players["b"].hand[0] == "arcana.frenzy"
    assert [len(st.players[p].hand) for p in "bc"] == [5, 5]
    assert st.arcana_deck[-1] == "arcana.a-bad-day"  # discarded to the bottom (HG-3.3-02)
    assert len(st.arcana_deck) == 109 - 14
    # The deal is private: only a hears about his card.
    priv = [e for e in log.events if e.rule == "HG-5.1-13"]
    assert {e.visible_to for e in priv} == {("a",), ("b",), ("c",)}
    assert priv[0].text == "A Bad Day is a Play Right Away card: discarded without effect, " \
                           "not replaced."


def test_hg_5_1_cards_are_conserved_with_seeded_dice(data):
    dice = Dice(seed="conserve")
    st = setup.new_state(["a", "b", "c", "d", "e", "f"], {}, dice, data)
    hands = [c for p in st.player_order() for c in p.hand]
    assert sorted(hands + st.arcana_deck) == sorted(data.arcana)
    kept = [c for c in st.permanent.values() if c]
    assert sorted(kept + st.hell_deck) == sorted(data.hell_cards)
    assert sorted(list(st.daemons) + st.daemon_deck) == sorted(data.daemons)
    assert sorted(list(st.owners) + st.sectio_deck) == sorted(data.sectio)
    lts = [x for b in st.lieutenant_boxes for x in b] + st.lieutenant_return
    assert sorted(lts) == sorted(data.lieutenants)


# -- the setup stage ---------------------------------------------------------------------------
def sheet(player, *orders):
    return OrderSheet(player, [LineResult(i, "", ACCEPTED, order=o)
                               for i, o in enumerate(orders, start=1)])


def staged(make_state, owners=None, **players):
    base = {"a": {"favours": 1, "daemons": ["daemon.baal", "daemon.moloch", "daemon.gomory"]},
            "b": {"favours": 1, "daemons": ["daemon.sammael", "daemon.caim", "daemon.zagam"]},
            "c": {"favours": 1, "daemons": ["daemon.agares", "daemon.orias", "daemon.paymon"]}}
    base.update(players)
    own = owners if owners is not None else {FOREST: "a", LIARS: "b", WEAK: "c"}
    return make_state(base, turn=0, owners=own,
                      daemon_deck=["daemon.xaphan", "daemon.thamuz", "daemon.andras"])


def run(st, data, sheets, script):
    log = Log()
    dice = Dice(script=script)
    setup.run(st, sheets, dice, data, log)
    dice.finish()
    return log


def test_hg_5_1_09_hg_3_3_02_redraw_costs_a_favour_and_discards_to_the_bottom(make_state,
                                                                             data):
    st = staged(make_state)
    log = run(st, data, {"a": sheet("a", {"type": "REDRAW", "daemon": "daemon.moloch"})},
              [6, 5, 4])
    a = st.players["a"]
    assert a.daemons == ["daemon.baal", "daemon.xaphan", "daemon.gomory"]
    assert (a.favours, a.redraw_used) == (0, True)
    assert st.daemon_deck == ["daemon.thamuz", "daemon.andras", "daemon.moloch"]
    assert "daemon.moloch" not in st.daemons and st.daemons["daemon.xaphan"].owner == "a"
    assert log.events[0].text == "a pays 1 Favour, discards Moloch and draws Xaphan."


def test_hg_5_1_09_ip_01_without_an_order_the_daemons_are_kept(make_state, data):
    st = staged(make_state)
    run(st, data, {"a": None, "b": None, "c": None}, [6, 5, 4])
    assert st.players["a"].daemons == ["daemon.baal", "daemon.moloch", "daemon.gomory"]
    assert st.players["a"].favours == 1 and st.daemon_deck[0] == "daemon.xaphan"


def test_hg_5_1_09_redraw_without_a_favour_does_nothing(make_state, data):
    st = staged(make_state, a={"favours": 0, "daemons": ["daemon.baal"]})
    log = run(st, data, {"a": sheet("a", {"type": "REDRAW", "daemon": "daemon.baal"})},
              [6, 5, 4])
    assert st.players["a"].daemons == ["daemon.baal"]
    assert (log.events[0].visible_to, log.events[0].text) == (
        ("a",), "No redraw: you have no Favour to pay for it.")


def test_hg_5_1_10_rank_track_orders_every_daemon_by_printed_rank(make_state, data):
    st = staged(make_state)
    assert setup.rank_order(st, data) == [
        "daemon.sammael", "daemon.baal", "daemon.moloch", "daemon.caim", "daemon.agares",
        "daemon.gomory", "daemon.orias", "daemon.paymon", "daemon.zagam"]
    log = run(st, data, {}, [6, 5, 4])
    assert [e.text for e in log.events if e.rule == "HG-5.1-10"] == [
        "Rank Track: Sammael (b), Baal (a), Moloch (a), Caim (b), Agares (c), Gomory (a), "
        "Orias (c), Paymon (c), Zagam (b)."]


def test_hg_5_1_12_highest_roll_places_first_ties_reroll(make_state, data):
    st = staged(make_state)
    # a 3, b 5, c 3: b first; a and c re-roll 2 and 6: c, then a.
    log = run(st, data, {}, [3, 5, 3, 2, 6])
    assert [p.placement_roll for p in st.player_order()] == [3, 5, 3]
    places = [e for e in log.events if e.kind == "place-legion"]
    assert [e.data["player"] for e in places] == ["b", "c", "a"]
    assert [(u.owner, u.location) for u in st.units] == [("b", LIARS), ("c", WEAK),
                                                         ("a", FOREST)]
    assert [e.text for e in log.events if e.text.startswith("Placement order")] == [
        "Placement order: b (5), c (3), a (3)."]


def test_hg_5_1_12_ip_02_default_is_the_best_non_isolated_sectio(make_state, data):
    # FOREST (6) is isolated; SUGAR HILL and ADDICTION (4) border each other, and SUGAR
    # HILL comes first in the Sectio list.
    owners = {FOREST: "a", SUGAR: "a", ADDICTION: "a", PLAYGROUND: "a", WEAK: "a"}
    st = staged(make_state, owners=owners)
    assert setup.default_placement(st, "a", data) == SUGAR
    assert soul.isolated(st, data, FOREST, "a") is True
    log = run(st, data, {}, [6, 1, 2])
    assert [(u.owner, u.location) for u in st.units] == [("a", SUGAR)]
    assert [e.text for e in log.events if e.kind == "place-legion"] == [
        "a places a Legion in SUGAR HILL (default: best non-isolated Sectio, IP-02)."]


def test_hg_5_1_12_ip_02_all_isolated_takes_the_highest_value(make_state, data):
    st = staged(make_state, owners={FOREST: "a", SUGAR: "a", WEAK: "a"})
    assert setup.default_placement(st, "a", data) == FOREST


def test_hg_5_1_12_ip_02_ranked_list_skips_sectio_not_controlled(make_state, data):
    owners = {FOREST: "a", ADDICTION: "a", LIARS: "b", WEAK: "c"}
    st = staged(make_state, owners=owners)
    order = {"type": "PLACE", "sectio": [LIARS, ADDICTION, FOREST]}
    run(st, data, {"a": sheet("a", order)}, [6, 5, 4])
    assert [(u.owner, u.location) for u in st.units_of("a")] == [("a", ADDICTION)]


def test_hg_5_1_12_every_player_places_exactly_one_legion(make_state, data):
    st = staged(make_state)
    run(st, data, {}, [1, 2, 3])
    assert [len(st.units_of(p, "legion")) for p in st.seats] == [1, 1, 1]


# -- the setup orders ---------------------------------------------------------------------------
def check(st, data, player, text):
    from pbem_games.hellgame.orders import check_sheet

    return check_sheet(st, data, player, text).lines


def test_hg_5_1_09_redraw_order(make_state, data):
    st = staged(make_state)
    [r] = check(st, data, "a", "redraw moloch")
    assert (r.status, r.canonical, r.order) == (
        ACCEPTED, "REDRAW Moloch", {"type": "REDRAW", "daemon": "daemon.moloch"})


@pytest.mark.parametrize("text, status, message", [
    ("REDRAW Sammael", ILLEGAL, "Sammael is not one of your Daemons"),
    ("REDRAW Nobody", UNKNOWN, "there is no Daemon called 'Nobody'"),
])
def test_hg_5_1_09_redraw_only_a_daemon_you_hold(make_state, data, text, status, message):
    st = staged(make_state)
    [r] = check(st, data, "a", text)
    assert (r.status, r.message) == (status, message)


def test_hg_5_1_09_redraw_needs_a_favour_and_only_once(make_state, data):
    st = staged(make_state, a={"favours": 0, "daemons": ["daemon.baal"]})
    [r] = check(st, data, "a", "REDRAW Baal")
    assert (r.status, r.rule) == (ILLEGAL, "HG-5.1-09")
    st = staged(make_state)
    lines = check(st, data, "a", "REDRAW Baal\nREDRAW Moloch")
    assert [r.status for r in lines] == [ACCEPTED, ILLEGAL]


def test_hg_5_1_12_place_order(make_state, data):
    st = staged(make_state, owners={SUGAR: "a", ADDICTION: "a"})
    [r] = check(st, data, "a", "place sugar hill, Addiction, sugar")
    assert (r.status, r.canonical, r.order) == (
        ACCEPTED, "PLACE SUGAR HILL, ADDICTION",
        {"type": "PLACE", "sectio": [SUGAR, ADDICTION]})


@pytest.mark.parametrize("text, status", [
    ("PLACE LIARS", ILLEGAL),       # b's Sectio
    ("PLACE Sugar Hil, Nowhere", UNKNOWN),
    ("PLACE", INVALID),
    ("PLACE SUGAR HILL,, ADDICTION", INVALID),
])
def test_hg_5_1_12_place_only_own_sectio(make_state, data, text, status):
    st = staged(make_state, owners={SUGAR: "a", ADDICTION: "a", LIARS: "b"})
    [r] = check(st, data, "a", text)
    assert r.status == status


def test_hg_5_1_12_setup_orders_are_refused_in_a_turn(make_state, data):
    st = staged(make_state)
    st.turn = 1
    [r] = check(st, data, "a", "PLACE THE FOREST OF SUICIDES")
    assert r.status == ILLEGAL


# -- the setup stage in the pipeline ---------------------------------------------------------
def test_hg_5_2_02_setup_leads_to_a_first_turn_without_hell_phase(data):
    from pbem_games.hellgame import turn
    from pbem_games.hellgame.state import HellState

    st, _, _ = new(data)
    dice = Dice(script=[6, 5, 4])  # placement rolls: a, b, c
    res = turn.resolve(st.to_dict(), {p: None for p in st.seats}, dice, data)
    dice.finish()
    assert res.stage_name == "turn 1"
    first = HellState.from_dict(res.state)
    assert first.turn == 1
    assert [len(first.units_of(p, "legion")) for p in first.seats] == [1, 1, 1]
    before = first.to_dict()
    log = Log()
    turn.run_phases(first, {p: None for p in first.seats}, Dice(script=[]), data, ["hell"],
                    log)
    assert first.to_dict() == before  # no Hell cards, no Arcana drawn
    assert [e.rule for e in log.events] == ["HG-5.2-02"]


def test_hg_5_1_13_arcana_are_dealt_after_the_redraw_and_the_first_legions(data):
    """Step 9 follows steps 5 and 8: nobody sees an Arcana card before choosing."""
    from pbem_games.hellgame import GAME

    state, _, _ = GAME.new_game(["a", "b", "c"], {}, Dice("order"))
    assert all(p["hand"] == [] for p in state["players"].values())
    res = GAME.resolve(state, {"a": None, "b": None, "c": None}, Dice("order-0"))
    kinds = [e.kind for e in res.events]
    assert kinds.index("setup-arcana") > max(i for i, k in enumerate(kinds)
                                              if k == "place-legion")
    assert all(len(p["hand"]) >= 4 for p in res.state["players"].values())
