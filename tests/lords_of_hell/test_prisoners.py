"""Prisoner orders: FREE, PERMIT, SURRENDER TO / ACCEPT SURRENDER, HEAVEN DEAL
(LH-I.1.1-05/08/12, LH-III.4.1-04; PB-14), and discards (LH-III.4.6-01)."""

from __future__ import annotations

from loh_kit import assign, instances, line, trade

from pbem_games.lords_of_hell import homes
from pbem_games.lords_of_hell.datamodel import HPOH

# default Devils: a Asmodeus, b Baalzebub, c Belial, d Glasya


def table(make_state, **fields):
    st = make_state({"a": {"hordes": ["horde.fiends"], "souls": 2},
                     "b": {"hordes": ["horde.fiends"], "hand": ["special.recall"]},
                     "c": {"hordes": ["horde.fiends"]},
                     "d": {"hordes": ["horde.fiends"]}}, **fields)
    assign(st.players["c"], status="prisoner", captor="a")
    return st


def test_lh_i_1_1_08_captor_frees_his_prisoner(make_state):
    st = table(make_state)
    log = trade(st, a="FREE Belial")
    c = st.players["c"]
    assert (c.status, c.captor) == ("hell", None)
    assert any(e.kind == "freed" and e.rule == "LH-I.1.1-08" for e in log.events)


def test_lh_i_1_1_11_freed_during_combat_returns_to_action(make_state):
    st = table(make_state, phase="combat", round=2)
    trade(st, a="FREE c")
    assert st.players["c"].status == "hell"


def test_lh_i_1_1_08_only_the_captor_and_not_knocked_out(make_state):
    st = table(make_state)
    r = line(st, "b", "FREE c")
    assert r.status == "illegal" and "not your prisoner" in r.message
    st.phase, st.round = "combat", 1
    st.players["a"].status = "ko"
    r = line(st, "a", "FREE c")
    assert r.status == "illegal" and "knocked-out" in r.message


def test_lh_i_1_1_05_permit_lets_the_prisoner_trade(make_state):
    st = table(make_state)
    assert not homes.can_trade(st, "c", "b")
    r = line(st, "a", "PERMIT c TO TRADE WITH Baalzebub, d")
    assert r.canonical == "PERMIT c b, d"
    trade(st, a="PERMIT c b")
    assert st.players["c"].permits == ["b"]
    assert homes.can_trade(st, "c", "b") and not homes.can_trade(st, "c", "d")
    # and the deal in the same stage comes after the permit (digest §4.3)
    st2 = table(make_state)
    terms = "DEAL b GIVES Recall TO c"
    trade(st2, a="PERMIT c b", b=terms, c=terms)
    assert instances(st2, "c", "hand") == ["special.recall"]


def test_lh_i_1_1_12_surrender_needs_acceptance(make_state):
    st = table(make_state)
    log = trade(st, d="SURRENDER TO Asmodeus")
    assert st.players["d"].status == "hell"
    assert any("no ACCEPT SURRENDER d from a" in e.text for e in log.events)
    log = trade(st, b="ACCEPT SURRENDER d")
    assert any(e.kind == "surrender-unmatched" and e.visible_to == ("b",) for e in log.events)
    log = trade(st, d="SURRENDER TO Asmodeus", a="ACCEPT SURRENDER Glasya")
    d = st.players["d"]
    assert (d.status, d.captor) == ("prisoner", "a")
    assert [e.rule for e in log.events if e.kind == "imprisoned"] == ["LH-I.1.1-12"]
    assert homes.prisoners_of(st, "a") == ["c", "d"]


def test_lh_i_1_1_12_surrender_checker(make_state):
    st = table(make_state)
    r = line(st, "c", "SURRENDER TO b")
    assert r.status == "illegal" and "only a Devil in Hell" in r.message
    r = line(st, "d", "SURRENDER TO d")
    assert r.status == "invalid"
    st.realms[st.players["b"].home] = None
    st.players["b"].home = None
    r = line(st, "d", "SURRENDER TO b")
    assert r.status == "illegal" and r.rule == "LH-I.1.1-10"
    r = line(st, "b", "ACCEPT SURRENDER d")
    assert r.status == "illegal" and r.rule == "LH-I.1.1-10"


def test_lh_iii_4_1_04_heaven_deal_releases_with_a_promise(make_state):
    st = table(make_state, turn=3)
    st.realms[st.players["d"].home] = None
    assign(st.players["d"], status="heaven", home=None, hordes=[])
    log = trade(st, d="HEAVEN DEAL")
    d = st.players["d"]
    assert d.status == "hell" and d.home is not None  # a Devil in Hell is a force
    pr = st.promises[0]
    assert (pr["kind"], pr["from"], pr["until"]) == ("NO EARTH", "d", 4)
    assert any(e.kind == "heaven-deal" and e.visible_to is None for e in log.events)


def test_lh_iii_4_1_04_heaven_deal_checker(make_state):
    st = table(make_state)
    r = line(st, "d", "HEAVEN DEAL")
    assert r.status == "illegal" and "not held in Heaven" in r.message
    st.players["d"].status = "heaven"
    st.phase = "gathering"
    r = line(st, "d", "HEAVEN DEAL")
    assert r.status == "illegal" and "transfer" in r.message
    # Heaven's prisoners trade with nobody (LH-III.4.1-04)
    assert not homes.can_trade(st, "d", "a")


def test_lh_ii_2_4_02_silence_stops_prisoner_orders(make_state):
    st = table(make_state)
    st.silence = {"by": "b", "turn": 1, "phase": "transfer", "round": 0}
    log = trade(st, a="FREE c")
    assert st.players["c"].status == "prisoner"
    assert any("Silence is in force" in e.text for e in log.events)


def test_lh_i_3_5_03_discards_onto_an_empty_deck_become_the_deck(make_state):
    st = table(make_state, phase="gathering")
    log = trade(st, b="DISCARD Recall")
    assert [st.cards[c] for c in st.deck] == ["special.recall"] and st.discard == []
    assert any(e.kind == "deck-reshuffled" for e in log.events)


def test_lh_iii_4_6_01_discard_cards_and_souls(make_state):
    st = table(make_state, phase="gathering", deck=["special.escape"])
    log = trade(st, a="DISCARD 1 Soul, Fiends", b="DISCARD Recall")
    a = st.players["a"]
    assert a.souls == 1 and a.hordes == []
    assert sorted(st.cards[c] for c in st.discard) == ["horde.fiends", "special.recall"]
    texts = [e.text for e in log.events if e.kind == "discard"]
    assert texts == ["a discards 1 Soul, Fiends.", "b discards 1 card from hand."]


def test_lh_i_2_04_discarding_the_last_forces_loses_the_home(make_state):
    st = table(make_state)
    st.players["a"].status = "earth"
    home = st.players["a"].home
    trade(st, a="DISCARD 2 Souls, Fiends")
    assert st.players["a"].home is None and st.realms[home] is None
    assert st.players["c"].status == "hell"  # LH-I.2-07: his prisoner goes free


def test_discard_checker(make_state):
    st = table(make_state)
    st.players["a"].hand = ["oath.belial.1"]
    r = line(st, "a", "DISCARD Oath of Belial")
    assert r.status == "illegal" and r.rule == "LH-I.1.2-03"
    r = line(st, "a", "DISCARD Realm")
    assert r.status == "illegal" and r.rule == "LH-I.2-06"
    r = line(st, "a", "DISCARD 3 Souls")
    assert r.status == "illegal" and "a has 2 and not 3 Souls" in r.message
    st.phase, st.round = "combat", 1
    r = line(st, "a", "DISCARD 1 Soul")
    assert r.status == "illegal" and "transfer or gathering" in r.message


def test_lh_i_2_05_home_standing_order(make_state):
    st = table(make_state)
    r = line(st, "a", "HOME High Palace, Dis")
    assert r.canonical == "HOME High Palace of Hell, Dis" and r.order["realms"][0] == HPOH
    assert line(st, "a", "HOME OFF").order["off"] is True
    r = line(st, "a", "HOME Styx")  # not in this game
    assert r.status == "unknown"
