"""Setting up a game (LH-II.4-01..09) and the first draw phase it runs."""

from __future__ import annotations

import pytest
from loh_kit import DATA

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell import draw, setup
from pbem_games.lords_of_hell.datamodel import HPOH
from pbem_games.lords_of_hell.state import card_id, is_oath, total_cards

PLAYERS = ["anna", "boris", "carl", "dora"]


def new(seed="s1", players=PLAYERS, no_draw=False, monkeypatch=None):
    if no_draw:
        monkeypatch.setattr(draw, "run", lambda st, data, dice, log: None)
    log = Log()
    st = setup.new_state(list(players), {"private_diplomacy": True}, Dice(seed), DATA, log)
    return st, log


def places(st):
    """Every card instance and Oath with where it is."""
    out = [("deck", c) for c in st.deck] + [("discard", c) for c in st.discard]
    for n, p in st.players.items():
        for key in ("hand", "hordes", "earth", "artifacts", "rituals"):
            out += [(f"{n}.{key}", c) for c in getattr(p, key)]
    return out


def test_lh_ii_4_02_one_random_devil_each():
    st, _ = new()
    devils = [st.players[n].devil for n in PLAYERS]
    assert len(set(devils)) == 4 and set(devils) <= set(DATA.devils)
    seen = {new(f"seed{i}")[0].players["anna"].devil for i in range(12)}
    assert len(seen) > 1  # random, not seat order


def test_lh_ii_4_03_five_own_oaths_and_a_sixth_face_down(monkeypatch):
    st, log = new(no_draw=True, monkeypatch=monkeypatch)
    slugs = {st.players[n].devil.split(".")[1] for n in PLAYERS}
    sixths = []
    for n in PLAYERS:
        p = st.players[n]
        slug = p.devil.split(".")[1]
        assert p.hand[:5] == [f"oath.{slug}.{i}" for i in range(1, 6)]
        assert len(p.hand) == 6 and p.hand[5].endswith(".6")
        sixths.append(p.hand[5])
    # the sixths of the Devils in play, one each (a player may get his own)
    assert sorted(s.split(".")[1] for s in sixths) == sorted(slugs)
    # G26: Oaths of Devils not in play are not in the game at all
    assert all(c.split(".")[1] in slugs for _, c in places(st) if is_oath(c))
    # the sixth is told to its holder only
    for n in PLAYERS:
        own = [e for e in log.events if e.kind == "setup-hand" and e.visible_to == (n,)]
        assert len(own) == 1 and own[0].data["oath"] == st.players[n].hand[5]
    assert not any(e.visible_to is None and "oath" in e.data for e in log.events)


def test_lh_ii_4_04_hpoh_uncontrolled_one_realm_each_rest_removed():
    st, _ = new()
    assert list(st.realms)[0] == HPOH and st.realms[HPOH] is None
    assert len(st.realms) == len(PLAYERS) + 1
    for n in PLAYERS:
        home = st.players[n].home
        assert home != HPOH and st.realms[home] == n
    removed = set(DATA.realms) - set(st.realms)
    assert len(removed) == len(DATA.realms) - 5


def test_lh_ii_4_05_four_random_hordes_never_leviathan(monkeypatch):
    for i in range(25):
        st, _ = new(f"h{i}", no_draw=True, monkeypatch=monkeypatch)
        for n in PLAYERS:
            hordes = [card_id(st, c) for c in st.players[n].hordes]
            assert len(hordes) == 4
            assert all(DATA.cards[h].kind == "horde" for h in hordes)
            assert "horde.leviathan" not in hordes
        # LH-II.4-07: everything else (Leviathan too) reshuffled into the deck
        assert "horde.leviathan" in [card_id(st, c) for c in st.deck]
        assert len(st.deck) == 100 - 16


def test_lh_ii_4_06_random_starter():
    starters = {new(f"st{i}")[0].starter for i in range(12)}
    assert starters <= set(PLAYERS) and len(starters) > 1


def test_lh_ii_4_07_instances_in_data_order_and_conserved():
    st, _ = new()
    expected = [cid for cid, c in DATA.cards.items() for _ in range(c.count)]
    assert [st.cards[f"c{i:03d}"] for i in range(1, 101)] == expected
    where = places(st)
    assert len(where) == len({c for _, c in where})  # each card in one place only
    assert sorted(c for _, c in where if not is_oath(c)) == sorted(st.cards)
    assert sum(is_oath(c) for _, c in where) == 6 * 4


def test_lh_ii_4_07_the_first_turn_starts_with_the_draw_phase():
    st, log = new()
    assert (st.turn, st.phase, st.round) == (1, "transfer", 0)
    for n in PLAYERS:
        # 6 Oaths + 4 hordes = 10 cards: 9-11 draws 5 (LH-III.1-04), Mammon +1 and
        # Winds of Chaos +2 (LH-III.1-05)
        p = st.players[n]
        extra = (p.devil == "devil.mammon") + 2 * (p.home == "realm.winds-of-chaos")
        assert total_cards(st, n) == 10 + 5 + extra
    assert [e.data["player"] for e in log.events if e.kind == "draws"] == \
        st.seats[st.seats.index(st.starter):] + \
        st.seats[:st.seats.index(st.starter)]


def test_lh_ii_4_09_more_players_than_devils_is_refused():
    with pytest.raises(ValueError, match="Devils"):
        new(players=[f"p{i}" for i in range(7)])


def test_setup_is_deterministic_for_a_seed():
    assert new("same")[0] == new("same")[0]
    assert new("same")[0] != new("other")[0]
