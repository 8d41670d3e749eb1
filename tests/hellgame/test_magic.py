"""The Cast Magic Action (9.8): CAST, place and cost rules, Counters (9.8.2) and
Supporting Actions (9.8.3), driven through the real Action Phase. The cards' own
effects are in test_spells_*.py."""

import pytest
from phase_runner import run_phase

from pbem_games.hellgame import action, effects
from pbem_games.hellgame.action.magic import Spell
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()


def acts(log) -> list[tuple[str, str]]:
    """(kind, text) of the public events, in order."""
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


MAGIC = ("cast", "counter", "countered", "incubus", "jones-device", "defection", "support")


def magic(log) -> list[tuple[str, str]]:
    """The public events of Cast Magic only."""
    return [a for a in acts(log) if a[0] in MAGIC]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


def one_line(st, player: str, line: str):
    return check_sheet(st, DATA, player, line + "\n").lines[0]


# -- submission: the card, its timing, its target ----------------------------------------------

def _three(make_state, **kw):
    return make_state(players={"a": {"daemons": ["daemon.balban", "daemon.caim"], **kw},
                               "b": {"daemons": ["daemon.ashtaroth", "daemon.baal"]},
                               "c": {"daemons": ["daemon.naburos"]}})


@pytest.mark.parametrize("line,canonical", [
    ("Balban: cast incubus on ashtaroth", "Balban: CAST Incubus ON Ashtaroth"),
    ("Caim: CAST jones ON Baal IF Baal HAS NOT ACTED",
     "Caim: CAST Jones' Device ON Baal IF Baal HAS NOT ACTED"),
    ("Caim: CAST Defection ON b AT sugar hill", "Caim: CAST Defection ON b AT SUGAR HILL"),
    ("Caim: CAST Defection ON b AT AnteHell LIEUTENANT sulla",
     "Caim: CAST Defection ON b AT ANTEHELL LIEUTENANT Sulla"),
    ("Caim: CAST Love for Lilith", "Caim: CAST Love for Lilith"),
    ("Caim: SUPPORT Balban Love for Lilith", "Caim: SUPPORT Balban Love for Lilith"),
])
def test_hg_9_8_01_cast_and_support_lines_read(make_state, line, canonical):
    r = one_line(_three(make_state), "a", line)
    assert (r.status, r.canonical) == ("accepted", canonical)


@pytest.mark.parametrize("line,status,rule,message", [
    ("Caim: CAST Fair Fight ON Baal", "illegal", "HG-9.8.1-01",
     "Fair Fight's Major Arcana is marked Combat: it may only be played in the Combat Phase"),
    ("Caim: CAST A Bad Day", "illegal", "HG-6.3.1-01",
     "A Bad Day is a Play Right Away card: it is shown and resolved when drawn, never cast"),
    ("Caim: CAST It Did Not Work", "illegal", "HG-9.8.2-01",
     "It Did Not Work... is a Counter: it is played against another card, not cast as an "
     "Action"),
    ("Caim: CAST Love for Uriel", "illegal", "HG-9.8-01",
     "the effect of Love for Uriel is not implemented yet, so it cannot be played"),
    ("Caim: CAST Incubos ON Ashtaroth", "unknown", "HG-9.8-01",
     "there is no Arcana card called 'Incubos'"),
    ("Caim: CAST Incubus", "invalid", "HG-9.8-01", "Incubus needs a target"),
    ("Caim: CAST Love for Lilith ON Baal", "invalid", "HG-9.8-01",
     "Love for Lilith takes no target, so nothing may follow ON"),
    ("Caim: CAST Defection ON b", "invalid", "HG-9.8-01", "'b' does not name a stack of Units"),
    ("Caim: CAST Defection ON a AT Liars", "illegal", "HG-9.8-01", "'a' is you"),
    ("Caim: CAST", "invalid", "HG-9.8-01", "CAST needs the name of an Arcana card"),
    ("Caim: SUPPORT Balban Incubus", "illegal", "HG-9.8.3-01",
     "Incubus needs no Supporting Actions"),
    ("Caim: SUPPORT Balban", "invalid", "HG-9.8.3-01",
     "SUPPORT needs the casting Daemon and the card"),
    ("Caim: SUPPORT Caim Love for Lilith", "illegal", "HG-9.8.3-01",
     "a Daemon cannot support its own card"),
])
def test_hg_9_8_1_01_what_cannot_be_cast_is_refused_on_arrival(make_state, line, status, rule,
                                                               message, monkeypatch):
    # Love for Uriel stands in for a card with no effect (action/spells_marching.py has one)
    monkeypatch.delitem(effects.ARCANA, "arcana.love-for-uriel")
    r = one_line(_three(make_state), "a", line)
    assert (r.status, r.rule, r.message) == (status, rule, message)


def test_unimplemented_card_names_the_cards_that_work(make_state, monkeypatch):
    monkeypatch.delitem(effects.ARCANA, "arcana.love-for-uriel")  # a stand-in: see above
    r = one_line(_three(make_state), "a", "Caim: CAST Love for Uriel")
    assert r.hint.startswith("cards that work so far: A Damn Good Day, A Minor Change, "
                             "A Small Favour, ")
    assert r.hint.endswith("; or use Love for Uriel's Minor half")
    listed = r.hint.split(": ", 1)[1].split("; or use")[0]
    assert "Thievery!" in listed and "Love for Uriel" not in listed


def test_a_card_name_holding_on_is_read_whole(make_state):
    """Card names may contain ON ("Riders on the Storm"): the last ON that leaves a card
    name before it starts the target."""
    from pbem_games.hellgame.action.magic import _card_and_target
    from pbem_games.hellgame.orders import Ctx

    ctx = Ctx(_three(make_state), DATA, "a")
    assert _card_and_target("Riders on the Storm ON Baal".split(), ctx) == (
        "arcana.riders-on-the-storm", "Baal")
    assert _card_and_target("Come On Join Us".split(), ctx) == ("arcana.come-on-join-us", None)


# -- in play: hand, costs, place -----------------------------------------------------------------

def test_hg_9_8_01_a_card_not_in_hand_falls_to_the_next_line(make_state):
    st = _three(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\nBalban: PASS FOR GOOD\n"})
    assert "Balban (a): CAST not possible: Incubus is not in a's hand" in notes(log, "a")
    assert ("pass-for-good", "Balban (a) Passes for Good") in acts(log)


def test_hg_9_8_02_a_cast_card_is_gone_for_its_minor_half(make_state):
    """HG-9.8-02: each card is used for one half only: once cast, Jones' Device (a
    Recruit Lieutenant Minor) is at the bottom of the deck, not in the hand."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.jones-device"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}},
                    owners={"sectio.orgastica": "a"})
    run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Jones' Device ON Baal\n"})
    assert st.players["a"].hand == [] and st.arcana_deck[-1] == "arcana.jones-device"


def test_hg_9_8_1_04_a_bound_favour_cannot_pay(make_state):
    """Defection costs 1 Favour; a Favour bound by a Disfavour cannot be spent
    (HG-14.1-01): the line fails, nothing is spent, the next line is tried."""
    st = make_state(players={"a": {"favours": 1, "disfavours": 1, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.defection"]},
                             "b": {}, "c": {}},
                    units=[("lieutenant", "b", "sectio.liars", "lieutenant.sulla")])
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Defection ON b AT Liars\n"})
    assert notes(log, "a") == ["Baal (a): CAST not possible: Defection costs 1 Favour and a "
                               "has 1 Favour, 1 bound by Disfavours [HG-14.1-01]"]
    assert st.players["a"].hand == ["arcana.defection"] and st.players["a"].favours == 1
    assert st.units[0].owner == "b"


def _fake(card: str, calls: list):
    return Spell(card, lambda c: calls.append(c.card))


def test_hg_9_8_1_04_souls_paid_and_disfavour_taken_at_once(make_state, monkeypatch):
    """Belladonna's Major half gives its caster a Disfavour: taken as it is played. (Its
    effect is not implemented: a stand-in effect is registered for this test.)"""
    calls: list = []
    monkeypatch.setitem(effects.ARCANA, "arcana.belladonna", _fake("arcana.belladonna", calls))
    st = make_state(players={"a": {"daemons": ["daemon.baal"], "hand": ["arcana.belladonna"]},
                             "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Belladonna\n"})
    assert st.players["a"].disfavours == 1 and calls == ["arcana.belladonna"]
    assert acts(log) == [("cast", "Baal (a) casts Belladonna, and a takes 1 Disfavour at once")]


def test_hg_9_8_1_02_an_earth_card_needs_the_caster_on_earth(make_state, monkeypatch):
    """Death Metal is cast On Earth for 3 Souls (stand-in effect)."""
    calls: list = []
    monkeypatch.setitem(effects.ARCANA, "arcana.death-metal", _fake("arcana.death-metal", calls))
    st = make_state(players={"a": {"souls": 3, "daemons": ["daemon.baal", "daemon.caim"],
                                   "hand": ["arcana.death-metal"]}, "b": {}, "c": {}},
                    daemons={"daemon.caim": {"where": "earth", "walk_card": "arcana.frenzy"}})
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Death Metal\n"
                                                       "Caim: CAST Death Metal\n"})
    assert notes(log, "a")[0] == ("Baal (a): CAST not possible: Death Metal is cast On Earth, "
                                  "and Baal is in Hell [HG-9.8.1-02]")
    assert calls == ["arcana.death-metal"] and st.players["a"].souls == 0
    assert st.daemons["daemon.caim"].where == "earth"  # an Action on Earth: it stays there


def test_hg_9_8_1_02_a_hell_card_needs_its_target_in_hell(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.jones-device"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}},
                    owners={"sectio.orgastica": "a"},
                    daemons={"daemon.baal": {"where": "earth", "walk_card": "arcana.frenzy"}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Jones' Device ON Baal\n"})
    assert notes(log, "a")[0] == ("Caim (a): CAST not possible: Jones' Device is cast In Hell, "
                                  "where caster and target must both be, and Baal is on Earth "
                                  "[HG-9.8.1-02]")
    assert st.players["a"].hand == ["arcana.jones-device"]


def test_hg_9_8_1_03_a_caster_on_earth_descends_to_cast_in_hell(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.jones-device"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}},
                    owners={"sectio.orgastica": "a"},
                    daemons={"daemon.caim": {"where": "earth", "walk_card": "arcana.frenzy"}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Jones' Device ON Baal\n"})
    assert acts(log)[:3] == [
        ("pass-for-good", "Baal (b) Passes for Good (no order applies: default)"),
        ("leave-the-earth", "Caim (a) returns to Hell to cast Jones' Device"),
        ("cast", "Caim (a) casts Jones' Device on Baal (b)")]
    assert (st.daemons["daemon.caim"].where, st.daemons["daemon.caim"].walk_card) == (
        "hell", None)
    assert st.arcana_deck == ["arcana.frenzy", "arcana.jones-device"]


def test_hg_9_8_1_03_a_failed_cast_leaves_the_caster_on_earth(make_state):
    """No Lustful Sectio: Jones' Device cannot be cast, so nothing happened and Caim
    stays on Earth."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.jones-device"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}},
                    daemons={"daemon.caim": {"where": "earth", "walk_card": "arcana.frenzy"}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Jones' Device ON Baal\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: a controls no Sectio in the "
                               "Circle of the Lustful, which Jones' Device needs"]
    assert st.daemons["daemon.caim"].where == "earth"


# -- Counters --------------------------------------------------------------------------------------

def _incubus_state(make_state, **extra):
    """Balban (a, 4 Stars, on Earth) and Ashtaroth (b, 2 Stars, on Earth); c holds Naburos
    and Moloch. Ranks: Ashtaroth 11, Moloch 17, Balban 35, Naburos 61."""
    players = {"a": {"daemons": ["daemon.balban"], "hand": ["arcana.incubus"]},
               "b": {"daemons": ["daemon.ashtaroth"], "hand": ["arcana.it-did-not-work"]},
               "c": {"daemons": ["daemon.naburos", "daemon.moloch"], "hand": []}}
    for p, kw in extra.items():
        players[p].update(kw)
    return make_state(players=players,
                      daemons={"daemon.balban": {"where": "earth", "walk_card": "arcana.frenzy"},
                               "daemon.ashtaroth": {"where": "earth",
                                                    "walk_card": "arcana.rage"}})


def test_hg_9_8_2_02_the_targeted_daemon_counters_after_acting_at_no_cost(make_state):
    """000 "Example: Magic and Counters", second paragraph: Ashtaroth, who has acted,
    may still counter the Incubus aimed at her."""
    st = _incubus_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\n",
        "b": "Ashtaroth: PASS FOR GOOD\nCOUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
    assert magic(log) == [
        ("cast", "Balban (a) casts Incubus on Ashtaroth (b)"),
        ("counter", "Ashtaroth (b) counters Incubus of Balban (a) with It Did Not Work...; "
                    "Ashtaroth may always counter a card aimed at it, so this costs no Action "
                    "[HG-9.8.2-02]"),
        ("countered", "Incubus of Balban (a) does not work")]
    assert not st.daemons["daemon.ashtaroth"].incapacitated
    assert st.arcana_deck[-2:] == ["arcana.incubus", "arcana.it-did-not-work"]


def test_hg_9_8_2_02_an_incapacitated_target_cannot_counter(make_state):
    st = _incubus_state(make_state)
    st.daemons["daemon.ashtaroth"].incapacitated = True
    st.players["a"].hand.append("arcana.jones-device")
    st.owners["sectio.orgastica"] = "a"
    st.daemons["daemon.ashtaroth"].where = "hell"
    st.daemons["daemon.balban"].where = "hell"
    run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Jones' Device ON Ashtaroth\n",
        "b": "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
    assert st.players["b"].hand == ["arcana.it-did-not-work"]
    assert st.daemons["daemon.ashtaroth"].recover_by == "skulls"


def test_hg_9_8_2_03_another_player_counters_only_with_a_daemon_yet_to_act(make_state):
    """000 "Example: Magic and Counters": for another Triumvirate to counter, it needs a
    Daemon that has not acted. Moloch (rank 17) has acted before Balban (35); Naburos
    (61) has not: he counters, and that is his Action (HAS CAST holds for him)."""
    st = _incubus_state(make_state, c={"hand": ["arcana.it-did-not-work"]},
                        b={"hand": []})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\n",
        "c": "COUNTER Incubus WITH It Did Not Work USING Moloch, Naburos\n"
             "Naburos: EVIL DEEDS\n"})
    assert magic(log) == [
        ("cast", "Balban (a) casts Incubus on Ashtaroth (b)"),
        ("counter", "Naburos (c) counters Incubus of Balban (a) with It Did Not Work...; this "
                    "is Naburos's Action for the turn, taken out of sequence [HG-9.8.2-03]"),
        ("countered", "Incubus of Balban (a) does not work")]
    assert not any("Naburos" in t for t in notes(log, "c"))  # never up again: no EVIL DEEDS


def test_hg_9_8_2_03_no_counter_without_using_when_it_costs_an_action(make_state):
    st = _incubus_state(make_state, c={"hand": ["arcana.it-did-not-work"]}, b={"hand": []})
    run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\n",
        "c": "COUNTER ANY WITH It Did Not Work\n"})
    assert st.daemons["daemon.ashtaroth"].incapacitated
    assert st.players["c"].hand == ["arcana.it-did-not-work"]


def test_hg_9_0_03_a_counter_is_played_outside_the_rank_order(make_state):
    """The counter comes right after the card, before the Daemons still waiting; the
    countering Daemon leaves the Rank Track and a condition on it sees the CAST."""
    st = _incubus_state(make_state, c={"hand": ["arcana.it-did-not-work"],
                                       "daemons": ["daemon.naburos", "daemon.zagam"]},
                        b={"hand": []})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\n",
        "c": "COUNTER ANY WITH It Did Not Work USING Zagam\n"
             "Naburos: PASS FOR GOOD IF Zagam HAS CAST\n"})
    kinds = [k for k, _ in acts(log)]
    assert kinds[-4:] == ["cast", "counter", "countered", "pass-for-good"]
    assert acts(log)[-1][1] == "Naburos (c) Passes for Good"


def test_a_12_1_a_card_aimed_at_units_is_countered_by_their_owner_at_no_cost(make_state):
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.naburos"],
                                   "hand": ["arcana.defection"]},
                             "b": {"daemons": ["daemon.sammael", "daemon.baal"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}},
                    units=[("lieutenant", "b", "sectio.liars", "lieutenant.sulla")])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Naburos: CAST Defection ON b AT Liars\n",
        "b": "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
    assert acts(log)[-2][1] == ("Sammael (b) counters Defection of Naburos (a) with It Did Not "
                                "Work...; the card is aimed at b's Units, so this costs no "
                                "Action [A-12]")
    assert st.units[0].owner == "b" and st.players["a"].favours == 0  # the cost stays paid


def test_a_12_2_the_targeted_player_first_then_rank_order(make_state):
    """Balban's Incubus is aimed at Xaphan (b, rank 59). b counters first, though c's
    Zagam (47) has the better Rank; with b silent, of c (Zagam, 47) and d (Naburos, 61)
    the better Rank counters."""
    def first_counter(b_counters: bool) -> str:
        st = make_state(players={
            "a": {"daemons": ["daemon.balban"], "hand": ["arcana.incubus"]},
            "b": {"daemons": ["daemon.xaphan"], "hand": ["arcana.it-did-not-work"]},
            "c": {"daemons": ["daemon.zagam"], "hand": ["arcana.it-did-not-work"]},
            "d": {"daemons": ["daemon.naburos"], "hand": ["arcana.it-did-not-work"]}})
        orders = {"a": "Balban: CAST Incubus ON Xaphan\n",
                  "c": "COUNTER ANY WITH It Did Not Work USING Zagam\n",
                  "d": "COUNTER ANY WITH It Did Not Work USING Naburos\n"}
        if b_counters:
            orders["b"] = "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"
        log = run_phase(action.run, st, DATA, orders=orders)
        return next(t for k, t in acts(log) if k == "counter").split(" counters")[0]

    assert first_counter(b_counters=True) == "Xaphan (b)"
    assert first_counter(b_counters=False) == "Zagam (c)"


def test_a_12_3_counter_counters_resolve_last_played_first(make_state):
    """b counters Balban's Incubus; Balban, aimed at by that Counter, counters it back
    at no cost; b has no third card: the Incubus works. With a third card, b's last
    Counter cancels Balban's, which leaves b's first one cancelling the Incubus."""
    def game(b_cards: int):
        st = _incubus_state(make_state, a={"hand": ["arcana.incubus", "arcana.it-did-not-work"]},
                            b={"hand": ["arcana.it-did-not-work"] * b_cards})
        log = run_phase(action.run, st, DATA, orders={
            "a": "Balban: CAST Incubus ON Ashtaroth\n"
                 "COUNTER ANY TARGETING MINE WITH It Did Not Work\n",
            "b": "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
        return st, [(k, t) for k, t in acts(log) if k in ("cast", "counter", "countered",
                                                           "incubus")]

    st, seen = game(1)
    assert seen == [
        ("cast", "Balban (a) casts Incubus on Ashtaroth (b)"),
        ("counter", "Ashtaroth (b) counters Incubus of Balban (a) with It Did Not Work...; "
                    "Ashtaroth may always counter a card aimed at it, so this costs no Action "
                    "[HG-9.8.2-02]"),
        ("counter", "Balban (a) counters It Did Not Work... of Ashtaroth (b) with It Did Not "
                    "Work...; Balban may always counter a card aimed at it, so this costs no "
                    "Action [HG-9.8.2-02]"),
        ("countered", "It Did Not Work... of Ashtaroth (b) does not work"),
        ("incubus", "Ashtaroth (b) succumbs to untold pleasures and is Incapacitated")]
    assert st.daemons["daemon.ashtaroth"].incapacitated
    st, seen = game(2)
    assert [k for k, _ in seen] == ["cast", "counter", "counter", "counter", "countered",
                                    "countered"]
    assert seen[-2:] == [("countered", "It Did Not Work... of Balban (a) does not work"),
                         ("countered", "Incubus of Balban (a) does not work")]
    assert not st.daemons["daemon.ashtaroth"].incapacitated


@pytest.mark.parametrize("line,canonical,order", [
    ("COUNTER any targeting mine with it did not work",
     "COUNTER ANY TARGETING MINE WITH It Did Not Work...",
     {"what": None, "targeting": "mine", "by": None, "card": "arcana.it-did-not-work",
      "using": []}),
    ("COUNTER Jones WITH It Did Not Work USING Naburos",
     "COUNTER Jones' Device WITH It Did Not Work... USING Naburos",
     {"what": "arcana.jones-device", "targeting": None, "by": None,
      "card": "arcana.it-did-not-work", "using": ["daemon.naburos"]}),
    ("COUNTER Defection BY b TARGETING Baal WITH It Did Not Work USING Naburos, Caim",
     "COUNTER Defection TARGETING Baal BY b WITH It Did Not Work... USING Naburos, Caim",
     {"what": "arcana.defection", "targeting": "daemon.baal", "by": "b",
      "card": "arcana.it-did-not-work", "using": ["daemon.naburos", "daemon.caim"]}),
])
def test_hg_9_8_2_01_counter_orders_read(make_state, line, canonical, order):
    st = make_state(players={"a": {"daemons": ["daemon.naburos", "daemon.caim"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}})
    r = one_line(st, "a", line)
    assert (r.status, r.canonical) == ("accepted", canonical)
    assert r.order == {"type": "COUNTER", **order}
    assert one_line(st, "a", canonical).order == r.order  # the canonical form reads back


@pytest.mark.parametrize("line,status,message", [
    ("COUNTER ANY", "invalid", "COUNTER needs WITH and the Counter card to play"),
    ("COUNTER WITH It Did Not Work", "invalid", "COUNTER needs a name after it"),
    ("COUNTER ANY WITH Incubus", "illegal", "Incubus is not a Counter"),
    ("COUNTER ANY WITH Frenzy", "illegal", "Frenzy is not a Counter"),
    ("COUNTER Daemonic Distraction WITH It Did Not Work", "illegal",
     "Daemonic Distraction cannot be countered"),
    ("COUNTER A Bad Day WITH It Did Not Work", "illegal",
     "A Bad Day is a Play Right Away card: it is resolved when drawn, never played, so there "
     "is nothing to counter"),
    ("COUNTER ANY BY a WITH It Did Not Work", "illegal", "'a' is you"),
    ("COUNTER ANY WITH It Did Not Work USING Baal", "unknown",
     "there is no Daemon of yours called 'Baal'"),
    ("COUNTER ANY WITH It Did Not Work USING", "invalid", "USING needs one of your Daemons"),
    ("COUNTER ANY BY b BY b WITH It Did Not Work", "invalid", "BY is given twice"),
])
def test_hg_9_8_2_01_bad_counter_orders(make_state, line, status, message):
    st = make_state(players={"a": {"daemons": ["daemon.naburos"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}})
    r = one_line(st, "a", line)
    assert (r.status, r.message) == (status, message)


# -- Supporting Actions ----------------------------------------------------------------------------

def _lilith_state(make_state, **extra):
    """Ereshkigal (a, 2 Hearts) holds Love for Lilith and 1 Favour; Asmodeus (b, 5
    Hearts) and Belphegor (c, 3 Hearts) act before her (ranks 5, 20, 40)."""
    players = {"a": {"favours": 1, "daemons": ["daemon.ereshkigal"],
                     "hand": ["arcana.love-for-lilith"]},
               "b": {"daemons": ["daemon.asmodeus"]}, "c": {"daemons": ["daemon.belphegor"]}}
    for p, kw in extra.items():
        players[p].update(kw)
    return make_state(players=players)


def test_hg_9_8_3_03_short_of_support_the_spell_is_scrapped(make_state):
    """Only Asmodeus supports: 2 + 5 = 7 of 10 Hearts. Nothing is played or paid and
    Ereshkigal takes her next line; Asmodeus's Action is spent all the same."""
    st = _lilith_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ereshkigal: CAST Love for Lilith\nEreshkigal: ATONE\n",
        "b": "Asmodeus: SUPPORT Ereshkigal Love for Lilith\n"}, script=[4, 4])
    assert notes(log, "a")[0] == (
        "Ereshkigal (a): CAST not possible: Love for Lilith needs 10 Hearts and has 7 Hearts "
        "(Ereshkigal 2 + Asmodeus 5); the spell is scrapped [HG-9.8.3-03]")
    assert acts(log)[0] == ("support", "Asmodeus (b) supports Ereshkigal's Love for Lilith, "
                                       "bringing 5 Hearts")
    assert acts(log)[-1][0] == "atone"
    assert st.players["a"].hand == ["arcana.love-for-lilith"] and st.players["a"].favours == 1


def test_hg_9_8_3_01_support_must_come_before_the_caster_acts(make_state):
    """Zagam (rank 47) comes up after Ereshkigal (40) has acted: his SUPPORT fails and his
    next line is taken."""
    st = _lilith_state(make_state, c={"daemons": ["daemon.zagam"]})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ereshkigal: PASS FOR GOOD\n",
        "c": "Zagam: SUPPORT Ereshkigal Love for Lilith\nZagam: PASS FOR GOOD\n"})
    assert notes(log, "c") == ["Zagam (c): SUPPORT not possible: Ereshkigal has acted already; "
                               "support comes before the caster's Action [HG-9.8.3-01]"]
    assert acts(log)[-1] == ("pass-for-good", "Zagam (c) Passes for Good")


def test_hg_9_8_3_02_a_supporter_must_share_the_casters_place(make_state):
    st = _lilith_state(make_state)
    st.daemons["daemon.asmodeus"].where = "earth"
    log = run_phase(action.run, st, DATA, orders={
        "b": "Asmodeus: SUPPORT Ereshkigal Love for Lilith\n"})
    assert notes(log, "b") == ["Asmodeus (b): SUPPORT not possible: Ereshkigal is in Hell and "
                               "the supporter on Earth; they must be in the same place "
                               "[HG-9.8.3-02]"]


def test_hg_9_8_3_04_no_penalty_for_not_casting(make_state):
    """The caster never casts: the supporters' Actions are spent, nothing else happens."""
    st = _lilith_state(make_state)
    run_phase(action.run, st, DATA, orders={
        "a": "Ereshkigal: PASS FOR GOOD\n",
        "b": "Asmodeus: SUPPORT Ereshkigal Love for Lilith\n",
        "c": "Belphegor: SUPPORT Ereshkigal Love for Lilith\n"})
    p = st.players["a"]
    assert (p.favours, p.disfavours, p.hand) == (1, 0, ["arcana.love-for-lilith"])


def test_hg_9_8_3_03_an_incapacitated_supporter_no_longer_counts(make_state):
    """Asmodeus supports, then is Incapacitated by an Incubus before Ereshkigal casts:
    the 5 Hearts are gone and the spell is scrapped."""
    st = _lilith_state(make_state, c={"daemons": ["daemon.belphegor", "daemon.caim"],
                                      "hand": ["arcana.incubus"]})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ereshkigal: CAST Love for Lilith\n",
        "b": "Asmodeus: SUPPORT Ereshkigal Love for Lilith\n",
        "c": "Belphegor: SUPPORT Ereshkigal Love for Lilith\nCaim: CAST Incubus ON Asmodeus\n"})
    assert st.daemons["daemon.asmodeus"].incapacitated
    assert notes(log, "a")[0] == (
        "Ereshkigal (a): CAST not possible: Love for Lilith needs 10 Hearts and has 5 Hearts "
        "(Ereshkigal 2 + Belphegor 3); the spell is scrapped [HG-9.8.3-03]")
