"""The draw phase (LH-III.1-01..10), the resource deck (LH-I.3.5) and Belial's torture."""

from __future__ import annotations

from loh_kit import DATA, assign, instances

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell import draw
from pbem_games.lords_of_hell.datamodel import HPOH
from pbem_games.lords_of_hell.deck import draw_cards
from pbem_games.lords_of_hell.orders import check_sheet, standing

OATHS5 = [f"oath.asmodeus.{i}" for i in range(1, 6)]


def run(st, script=()):
    log, dice = Log(), Dice(script=list(script))
    draw.run(st, DATA, dice, log)
    dice.finish()
    return log


def full_hands(**extra):
    """Four players holding 21 cards each (they draw 1), plus `extra` per player; c is
    moved from Winds of Chaos (+2 cards) to Cocytus."""
    players = {}
    for n in "abcd":
        players[n] = {"hand": ["special.recall"] * 21}
        if n == "c":
            players[n]["home"] = "realm.cocytus"
        players[n].update(extra.get(n, {}))
    return players


def test_lh_iii_1_01_starter_moves_to_fewest_sp_from_turn_2(make_state):
    st = make_state(full_hands(), turn=2, starter="a", deck=["special.escape"] * 10)
    for n, sp in zip("abcd", (3, 2, 1, 4), strict=True):
        st.players[n].sp = sp
    log = run(st)
    assert st.starter == "c"
    assert [e.data["player"] for e in log.events if e.kind == "draws"] == ["c", "d", "a", "b"]


def test_lh_iii_1_01_tie_goes_clockwise_after_the_previous_starter(make_state):
    # b (previous Starter), c and a tied at 1: c comes first after b
    st = make_state(full_hands(), turn=3, starter="b", deck=["special.escape"] * 10)
    for n, sp in zip("abcd", (1, 1, 1, 2), strict=True):
        st.players[n].sp = sp
    run(st)
    assert st.starter == "c"


def test_lh_iii_1_01_previous_starter_keeps_it_only_when_no_other_tied_comes_first(
        make_state):
    st = make_state(full_hands(), turn=2, starter="b", deck=["special.escape"] * 10)
    for n, sp in zip("abcd", (1, 0, 2, 2), strict=True):
        st.players[n].sp = sp
    run(st)
    assert st.starter == "b"
    st = make_state(full_hands(), turn=2, starter="b", deck=["special.escape"] * 10)
    for n, sp in zip("abcd", (0, 0, 2, 2), strict=True):
        st.players[n].sp = sp
    run(st)
    assert st.starter == "a"  # a comes before b going clockwise from c


def test_lh_iii_1_01_no_starter_move_on_turn_1(make_state):
    st = make_state(full_hands(), turn=1, starter="d", deck=["special.escape"] * 10)
    st.players["d"].sp = 5
    run(st)
    assert st.starter == "d"


def test_lh_iii_1_04_example_14_cards_draws_4(make_state):
    """Belial: 8 cards in hand (5 Oaths + 3 resource cards), 5 tabled hordes and 1
    artifact: 14 cards, he draws 4 (LH-III.1-03/04)."""
    belial = {"devil": "devil.belial", "hand": [f"oath.belial.{i}" for i in range(1, 6)]
              + ["special.recall", "ritual.bury", "special.silence"],
              "hordes": ["horde.fiends"] * 5, "artifacts": ["artifact.wand-of-might"],
              "souls": 7}  # Souls do not count
    st = make_state({"a": {"devil": "devil.asmodeus"}, "b": belial}, starter="b",
                    deck=["special.escape"] * 20)
    assert draw.cards_to_draw(st, "b", DATA)[0] == 4


def test_lh_iii_1_04_the_table(make_state):
    st = make_state(["a", "b"])
    a = st.players["a"]
    for total, n in ((0, 12), (3, 9), (5, 7), (6, 6), (8, 6), (9, 5), (11, 5), (12, 4),
                     (14, 4), (15, 3), (17, 3), (18, 2), (20, 2), (21, 1), (30, 1)):
        a.hand = [f"oath.asmodeus.{i % 6 + 1}" for i in range(total)]
        assert draw.cards_to_draw(st, "a", DATA)[0] == n, total


def test_lh_iii_1_05_modifiers_after_the_table(make_state):
    st = make_state({"a": {"devil": "devil.mammon", "hand": ["special.recall"] * 21},
                     "b": {"hand": ["special.recall"] * 21},
                     "c": {"hand": ["special.recall"] * 21}})
    st.players["b"].home = HPOH
    st.realms[HPOH] = "b"
    st.players["c"].home = "realm.winds-of-chaos"
    assert [draw.cards_to_draw(st, n, DATA)[0] for n in "abc"] == [2, 2, 3]


def test_lh_iii_1_02_06_everybody_draws_starter_first(make_state):
    st = make_state(full_hands(b={"status": "prisoner", "captor": "a"},
                               c={"status": "earth"}, d={"status": "heaven"}),
                    starter="b", deck=["ritual.bury", "special.recall", "special.silence",
                                       "special.escape", "special.world-war"])
    run(st)
    # one card each, Starter b first, then clockwise; everyone, whatever his state
    assert instances(st, "b", "hand")[-1] == "ritual.bury"
    assert instances(st, "c", "hand")[-1] == "special.recall"
    assert instances(st, "d", "hand")[-1] == "special.silence"
    assert instances(st, "a", "hand")[-1] == "special.escape"


def test_lh_iii_1_07_hordes_and_artifacts_tabled_at_once(make_state):
    st = make_state({"a": {"hand": ["special.recall"] * 14},
                     "b": {"hand": ["special.recall"] * 21}},
                    deck=["horde.fiends", "artifact.wand-of-might", "ritual.bury",
                          "special.silence", "special.escape", "special.escape"])
    run(st)
    a = st.players["a"]
    assert instances(st, "a", "hordes") == ["horde.fiends"]
    assert instances(st, "a", "artifacts") == ["artifact.wand-of-might"]
    assert instances(st, "a", "hand")[-2:] == ["ritual.bury", "special.silence"]
    assert len(a.hand) == 16


def test_lh_iii_1_07_homeless_player_gaining_a_horde_takes_a_home(make_state):
    st = make_state({"a": {"hand": ["special.recall"] * 21, "home": None,
                           "status": "prisoner", "captor": "b"},
                     "b": {"hand": ["special.recall"] * 21}},
                    deck=["horde.fiends", "special.escape"])
    st.realms = {HPOH: None, "realm.dis": None, "realm.styx": None,
                    "realm.seat-of-judgement": "b"}
    sheet = check_sheet(st, DATA, "a", "HOME Styx, Dis")
    assert not sheet.problems
    standing.keep(st, {"a": sheet})
    log = run(st)
    assert st.players["a"].home == "realm.styx" and st.realms["realm.styx"] == "a"
    assert any(e.kind == "home-taken" and e.rule == "LH-I.2-05" for e in log.events)


def test_lh_i_3_5_02_deck_reshuffled_the_moment_it_runs_out(make_state):
    st = make_state(full_hands(), deck=["special.escape", "special.escape"],
                    discard=["ritual.bury", "special.silence", "horde.fiends"])
    log = run(st)
    # a, b draw the deck; it is empty: the discard pile is the new deck at once
    drawn = [c for n in "cd" for c in instances(st, n, "hand")[21:]] + \
        [c for n in "cd" for c in instances(st, n, "hordes")]
    assert len(drawn) == 2 and len(st.deck) == 1 and st.discard == []
    assert sum(e.kind == "deck-reshuffled" for e in log.events) == 1


def test_lh_i_3_5_02_reshuffled_even_when_nobody_draws_more(make_state):
    st = make_state(full_hands(), deck=["special.escape"] * 4, discard=["ritual.bury"])
    run(st)
    assert [c for c in instances(st, "a", "hand")][-1] == "special.escape"
    assert len(st.deck) == 1 and st.discard == []


def test_lh_i_3_5_03_both_empty_draws_are_lost(make_state):
    st = make_state(full_hands(), deck=["special.escape"] * 2)
    log = run(st)
    assert [len(st.players[n].hand) for n in "abcd"] == [22, 22, 21, 21]
    lost = [e for e in log.events if e.kind == "draws-lost"]
    assert [e.data["player"] for e in lost] == ["c", "d"]
    assert all(e.rule == "LH-I.3.5-03" for e in lost)


def test_lh_i_3_2_02_artifact_drawn_by_a_prisoner_in_combat_is_discarded(make_state):
    st = make_state(["a", "b"], phase="combat", round=2,
                    deck=["artifact.wand-of-might", "special.escape"])
    assign(st.players["a"], status="prisoner", captor="b")
    draw_cards(st, "a", 1, DATA, Dice(), Log(), "LH-I.1.2-06")
    assert st.players["a"].artifacts == []
    assert [st.cards[c] for c in st.discard] == ["artifact.wand-of-might"]


def test_lh_iii_1_08_everything_on_earth_returns_and_takes_a_home(make_state):
    st = make_state(full_hands(a={"status": "earth", "earth": ["horde.fiends"] * 2,
                                  "home": None},
                               b={"earth": ["horde.diabolic-fiends"]}),
                    deck=["special.escape"] * 4, earth_condition="special.world-war")
    log = run(st)
    a = st.players["a"]
    assert a.status == "hell" and a.earth == [] and \
        instances(st, "a", "hordes") == ["horde.fiends"] * 2
    assert instances(st, "b", "hordes") == ["horde.diabolic-fiends"]
    # G27: the Devil returns too; LH-I.2-05: the first free realm (PB-03 default)
    assert a.home == HPOH and st.realms[HPOH] == "a"
    assert st.earth_condition is None
    assert any(e.kind == "earth-return" and e.rule == "LH-III.1-08" for e in log.events)


def belial_holds(make_state, **belial):
    return make_state({"a": {"devil": "devil.asmodeus", "status": "prisoner", "captor": "c",
                             "hand": ["special.recall"] * 15 + OATHS5 + ["oath.belial.6"]},
                       "b": {"devil": "devil.baalzebub", "status": "prisoner", "captor": "c",
                             "hand": ["special.recall"] * 21},
                       "c": {"devil": "devil.belial", "hand": ["special.recall"] * 21,
                             **belial},
                       "d": {"devil": "devil.glasya", "status": "prisoner", "captor": "c",
                             "hand": ["special.recall"] * 20 + ["oath.glasya.1"]}},
                      deck=["special.escape"] * 4)


def test_lh_iii_1_09_belial_tortures_each_prisoner_for_a_random_oath(make_state):
    st = belial_holds(make_state)
    # a holds 6 Oaths: a die picks the 3rd of them in id order (oath.asmodeus.3);
    # d holds one: no roll
    log = run(st, script=[3])
    c = st.players["c"].hand
    assert "oath.asmodeus.3" in c and "oath.glasya.1" in c
    assert "oath.asmodeus.3" not in st.players["a"].hand
    public = [e for e in log.events if e.kind == "torture"]
    assert [e.data["prisoner"] for e in public] == ["a", "d"]
    assert all("Asmodeus" not in e.text for e in public)  # which Oath: private
    assert [e.visible_to for e in log.events if e.kind == "torture-oath"] == \
        [("c", "a"), ("c", "d")]
    assert any(e.kind == "torture-nothing" and e.data["prisoner"] == "b" for e in log.events)


def test_lh_iii_1_09_torture_off_and_limited(make_state):
    st = belial_holds(make_state)
    sheet = check_sheet(st, DATA, "c", "TORTURE OFF")
    standing.keep(st, {"c": sheet})
    run(st)
    assert not any(c.startswith("oath.") for c in st.players["c"].hand)
    st = belial_holds(make_state)
    standing.keep(st, {"c": check_sheet(st, DATA, "c", "TORTURE Glasya")})
    run(st)
    assert [c for c in st.players["c"].hand if c.startswith("oath.")] == \
        ["oath.glasya.1"]
    standing.keep(st, {"c": check_sheet(st, DATA, "c", "TORTURE ALL")})
    assert standing.standing(st, "c", "TORTURE") is None  # back to the default


def test_torture_order_is_belials_only(make_state):
    st = belial_holds(make_state)
    r = check_sheet(st, DATA, "a", "TORTURE OFF").lines[0]
    assert r.status == "illegal" and "only Belial" in r.message


def test_lh_ii_3_01_promises_expire_after_their_last_turn(make_state):
    st = make_state(full_hands(), turn=3, deck=["special.escape"] * 4)
    st.promises = [
        {"id": "d1.1", "from": "a", "to": ["b"], "kind": "NAP", "text": "old", "turn": 2,
         "until": 2},
        {"id": "d2.1", "from": "a", "to": ["b"], "kind": "NAP", "text": "new", "turn": 2,
         "until": 3}]
    log = run(st)
    assert [p["id"] for p in st.promises] == ["d2.1"]
    assert [e.visible_to for e in log.events if e.kind == "promise-expired"] == [("a", "b")]


def test_draw_phase_clears_the_per_phase_trading_flags(make_state):
    st = make_state(full_hands(a={"used_oph": True, "protected": ["c001"]}),
                    deck=["special.escape"] * 4)
    run(st)
    assert st.players["a"].used_oph is False and st.players["a"].protected == []
