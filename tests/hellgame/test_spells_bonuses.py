"""Major Arcana that give lasting bonuses (action/spells_bonuses.py and their Soul Phase
in soul.py)."""

from phase_runner import run_phase

from pbem_games.hellgame import action, soul
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.favours import attribute

DATA = load_data()


def acts(log) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def _cult_state(make_state, card, **daemon):
    return make_state(players={"a": {"daemons": ["daemon.orias"], "hand": [card]},
                               "b": {"daemons": ["daemon.naburos"],
                                     "hand": ["arcana.it-did-not-work"]}, "c": {}},
                      daemons={"daemon.orias": {"where": "earth", "walk_card": "arcana.frenzy",
                                                **daemon}})


def test_backwoods_cult_doubles_souls_and_gives_two_favours(make_state):
    """arcana.backwoods-cult: cast in the Action Phase, acts in the next Soul Phase."""
    st = _cult_state(make_state, "arcana.backwoods-cult")
    log = run_phase(action.run, st, DATA, orders={"a": "Orias: CAST Backwoods Cult\n"})
    assert "cult-founded" in [k for k, _ in acts(log)]
    assert st.marks["arcana.backwoods-cult"] == [{"daemon": "daemon.orias", "player": "a"}]
    hearts = DATA.daemons["daemon.orias"].hearts
    log = run_phase(soul.run, st, DATA, script=[3])
    assert st.players["a"].favours == 1 + 2
    assert st.players["a"].souls == (hearts + 3) * 2
    assert "arcana.backwoods-cult" not in st.marks
    assert any(k == "cult" and "2 extra Favours" in t for k, t in acts(log))


def test_comet_cult_fails_for_an_incapacitated_caster(make_state):
    """arcana.comet-cult: the caster Incapacitated at the Soul Phase gets nothing."""
    st = _cult_state(make_state, "arcana.comet-cult")
    run_phase(action.run, st, DATA, orders={"a": "Orias: CAST Comet Cult\n"})
    st.daemons["daemon.orias"].incapacitated = True
    log = run_phase(soul.run, st, DATA)
    assert st.players["a"].favours == 0 and st.players["a"].souls == 0
    assert [k for k, _ in acts(log)] == ["cult-fails"]
    assert st.marks == {}


def test_comet_cult_doubles_souls_and_gives_one_favour(make_state):
    """arcana.comet-cult"""
    st = _cult_state(make_state, "arcana.comet-cult")
    run_phase(action.run, st, DATA, orders={"a": "Orias: CAST Comet Cult\n"})
    hearts = DATA.daemons["daemon.orias"].hearts
    run_phase(soul.run, st, DATA, script=[2])
    assert (st.players["a"].favours, st.players["a"].souls) == (2, (hearts + 2) * 2)


def test_death_metal_pays_3_souls_for_two_extra_soul_rolls(make_state):
    """arcana.death-metal: the minimum investment by default."""
    st = _cult_state(make_state, "arcana.death-metal")
    st.players["a"].souls = 3
    log = run_phase(action.run, st, DATA, orders={"a": "Orias: CAST Death Metal\n"})
    assert st.players["a"].souls == 0 and "death-metal" in [k for k, _ in acts(log)]
    st.daemons["daemon.orias"].where = "hell"
    log = run_phase(soul.run, st, DATA, script=[4, 5])
    assert st.players["a"].souls == 9
    assert acts(log)[-1] == ("death-metal-souls", "Death Metal: Orias (a) makes 2 extra "
                             "Soul Rolls (4, 5): 9 Souls to a.")
    assert st.marks == {}


def test_hg_3_4_01_death_metal_paying_6_buys_four_extra_soul_rolls(make_state):
    """arcana.death-metal, "for every 3 Souls invested ... two extra Soul Rolls" (003
    l.1703): CAST Death Metal PAYING 6 invests 6 Souls (3 as the card is played, 3 more
    as it works) for 4 extra Soul Rolls (HG-3.4-01)."""
    st = _cult_state(make_state, "arcana.death-metal")
    st.players["a"].souls = 7
    log = run_phase(action.run, st, DATA, orders={"a": "Orias: CAST Death Metal PAYING 6\n"})
    assert st.players["a"].souls == 1
    assert ("death-metal", "Orias (a) invests 6 Souls in Death Metal (by its order): 4 extra "
            "Soul Rolls in the next Soul Phase if it is not Incapacitated then.") in acts(log)
    st.daemons["daemon.orias"].where = "hell"
    log = run_phase(soul.run, st, DATA, script=[4, 5, 1, 2])
    assert acts(log)[-1] == ("death-metal-souls", "Death Metal: Orias (a) makes 4 extra "
                             "Soul Rolls (4, 5, 1, 2): 12 Souls to a.")


def test_death_metal_paying_more_than_the_player_has_is_not_cast(make_state):
    st = _cult_state(make_state, "arcana.death-metal")
    st.players["a"].souls = 5
    run_phase(action.run, st, DATA, orders={"a": "Orias: CAST Death Metal PAYING 6\n"})
    assert st.players["a"].souls == 5 and st.players["a"].hand == ["arcana.death-metal"]


def test_cast_paying_order_checks(make_state):
    from pbem.engine import ILLEGAL, INVALID
    from pbem_games.hellgame.orders import check_sheet

    st = _cult_state(make_state, "arcana.death-metal")
    got = [(x.status, x.canonical or x.message) for x in check_sheet(
        st, DATA, "a", "Orias: cast death metal paying 9 souls\n"
                       "Orias: CAST Death Metal PAYING 4\n"
                       "Orias: CAST Death Metal PAYING 0\n"
                       "Orias: CAST Backwoods Cult PAYING 6\n").lines]
    assert got[0] == ("accepted", "Orias: CAST Death Metal PAYING 9")
    assert [s for s, _ in got[1:]] == [ILLEGAL, ILLEGAL, INVALID]


def test_silver_dawn_favour_each_soul_phase_until_it_leaves_earth(make_state):
    """arcana.the-order-of-the-silver-dawn"""
    st = _cult_state(make_state, "arcana.the-order-of-the-silver-dawn")
    run_phase(action.run, st, DATA,
              orders={"a": "Orias: CAST The Order of the Silver Dawn\n"})
    run_phase(soul.run, st, DATA, script=[1])
    assert st.players["a"].favours == 2  # Walk the Earth + the Order
    run_phase(soul.run, st, DATA, script=[1])
    assert st.players["a"].favours == 4
    st.daemons["daemon.orias"].where, st.daemons["daemon.orias"].walk_card = "hell", None
    log = run_phase(soul.run, st, DATA)
    assert st.players["a"].favours == 4 and st.marks == {}
    assert [k for k, _ in acts(log)] == ["silver-dawn-ends"]


def test_foci_sword_and_oil_lie_under_the_daemon(make_state):
    """arcana.foci, arcana.the-sword-of-the-guardian, arcana.salomes-oil: +1 to an
    attribute while not Incapacitated; the card leaves the deck to lie under it."""
    for card, name, attr, where in (("arcana.foci", "Foci", "stars", "earth"),
                                    ("arcana.the-sword-of-the-guardian",
                                     "The Sword of the Guardian", "skulls", "hell"),
                                    ("arcana.salomes-oil", "Salome's Oil", "hearts", "hell")):
        st = _cult_state(make_state, card, where=where)
        printed = attribute(DATA, "daemon.orias", attr)
        log = run_phase(action.run, st, DATA, orders={"a": f"Orias: CAST {name}\n"})
        assert "under-daemon" in [k for k, _ in acts(log)], card
        assert st.daemons["daemon.orias"].under == card and card not in st.arcana_deck
        assert attribute(DATA, "daemon.orias", attr, st) == printed + 1
        st.daemons["daemon.orias"].incapacitated = True
        assert attribute(DATA, "daemon.orias", attr, st) == printed


def test_foci_refused_when_a_card_is_already_under(make_state):
    """arcana.foci: one card under a Daemon; the second is refused and costs nothing."""
    st = _cult_state(make_state, "arcana.foci", under="arcana.salomes-oil")
    log = run_phase(action.run, st, DATA, orders={"a": "Orias: CAST Foci\n"})
    assert st.players["a"].hand == ["arcana.foci"]
    assert not [k for k, _ in acts(log) if k == "under-daemon"]


def test_a_card_under_a_daemon_ends_when_it_is_incapacitated_or_destroyed(make_state):
    """arcana.foci lies under Orias until he is Incapacitated (then, at the end of that
    phase, it goes to the bottom of the Arcana deck, HG-3.3-02); arcana.the-sword-of-the-
    guardian goes there too when he is destroyed."""
    from pbem_games.hellgame.log import Log
    from pbem_games.hellgame.random_moves.common import destroy_daemon
    from pbem_games.hellgame.turn import release_cards_under_incapacitated

    st = _cult_state(make_state, "arcana.foci", where="earth")
    run_phase(action.run, st, DATA, orders={"a": "Orias: CAST Foci\n"})
    st.daemons["daemon.orias"].incapacitated = True
    log = Log()
    release_cards_under_incapacitated(st, DATA, log)
    assert st.daemons["daemon.orias"].under is None and st.arcana_deck[-1] == "arcana.foci"
    assert [e.kind for e in log.events] == ["under-released"]
    st = _cult_state(make_state, "arcana.the-sword-of-the-guardian", where="hell")
    run_phase(action.run, st, DATA, orders={"a": "Orias: CAST The Sword of the Guardian\n"})
    assert destroy_daemon(st, "daemon.orias")
    assert st.arcana_deck[-1] == "arcana.the-sword-of-the-guardian"
