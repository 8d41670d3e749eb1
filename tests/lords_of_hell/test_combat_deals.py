"""Combat transfers agreed by the armies of a place: COMBAT DEAL (LH-IV.2.4-01,
LH-I.1.1-09), with the 004 example of §IV.2.4."""

from __future__ import annotations

from combat_support import accepted, combat_state, events, hordes, play_round, problem
from loh_kit import DATA, build_state, check_sheet, instances

from pbem_games.lords_of_hell.state import LohState

ACHERON, COCYTUS, STYX, DIS = "realm.acheron", "realm.cocytus", "realm.styx", "realm.dis"


def glasya_at_home() -> LohState:
    """Asmodeus (a, with Fiends: the dominant army) and Belial (b) attack Glasya (c), alone
    at her home Styx."""
    return combat_state({"a": {"devil": "devil.asmodeus", "home": ACHERON,
                               "hordes": ["horde.fiends"]},
                         "b": {"devil": "devil.belial", "home": COCYTUS},
                         "c": {"devil": "devil.glasya", "home": STYX}})


# Asmodeus rolls 6, 1 (Glasya knocked out); Belial 1, 1; Glasya 1: one fight round.
ONE_ROUND = [6, 1, 1, 1, 1]
PASS_GLASYA = "COMBAT DEAL Asmodeus GIVES Prisoner Glasya TO Belial"


def test_lh_iv_2_4_01_and_02_example_004_prisoner_passed_and_realm_occupied():
    """004 §IV.2.4: "Belial and Asmodeus have destroyed all forces from Glasya's home realm
    and Asmodeus has taken Glasya as his prisoner. Now Belial and Asmodeus can transfer
    prisoners and either can switch home realm to Glasya's old, if neither objects." """
    st = glasya_at_home()
    orders = {"a": f"TARGET c\nATTACK c\n{PASS_GLASYA}",
              "b": f"TARGET c\nATTACK c\nOCCUPY Styx\n{PASS_GLASYA}"}
    _, log = play_round(st, orders, ONE_ROUND)
    a, b, c = (st.players[n] for n in "abc")
    assert [e.rule for e in events(log, "imprisoned")] == ["LH-IV.2.3-03", "LH-I.1.1-09"]
    assert c.status == "prisoner" and c.captor == "b" and c.home is None
    made = events(log, "combat-deal")
    assert made[0].visible_to is None and made[0].rule == "LH-IV.2.4-01"
    assert made[0].text == "Combat transfer at Styx: a GIVES Prisoner c TO b."
    assert b.home == STYX and st.realms[STYX] == "b"  # LH-IV.2.4-02
    assert st.realms[COCYTUS] is None and a.home == ACHERON
    assert st.deals[-1]["phase"] == "combat" and st.deals[-1]["parties"] == ["a", "b"]
    assert events(log, "not-implemented") == []  # nobody objected: the move is made


def test_unmatched_combat_deal_is_told_to_its_writer_only():
    st = glasya_at_home()
    orders = {"a": f"TARGET c\nATTACK c\n{PASS_GLASYA}", "b": "TARGET c\nATTACK c"}
    _, log = play_round(st, orders, ONE_ROUND)
    assert st.players["c"].captor == "a"
    unmatched = events(log, "combat-deal-unmatched")
    assert unmatched[0].visible_to == ("a",) and "no matching COMBAT DEAL from b" \
        in unmatched[0].text


def test_prisoner_not_held_by_the_giver_nothing_changes_hands():
    """Belial is not the captor (Asmodeus, dominant, captures): the whole transfer fails,
    the Fiends stay too (escrow)."""
    st = glasya_at_home()
    deal = "COMBAT DEAL Belial GIVES Prisoner Glasya TO Asmodeus; Asmodeus GIVES Fiends TO b"
    orders = {"a": f"TARGET c\nATTACK c\n{deal}", "b": f"TARGET c\nATTACK c\n{deal}"}
    _, log = play_round(st, orders, ONE_ROUND)
    assert st.players["c"].captor == "a" and hordes(st, "a") == ["horde.fiends"]
    failed = events(log, "combat-deal-failed")
    assert failed[0].visible_to == ("a", "b") and "c is not b's prisoner" in failed[0].text


def two_attackers(**a) -> LohState:
    """a (Glasya, 2 Fiends) and c (Mammon, 1 Soul) attack Baalzebub (b, 1 Soul) at Styx."""
    return combat_state({"a": {"devil": "devil.glasya", "home": ACHERON,
                               "hordes": ["horde.fiends"] * 2, **a},
                         "b": {"devil": "devil.baalzebub", "home": STYX, "souls": 1},
                         "c": {"devil": "devil.mammon", "home": COCYTUS, "souls": 1}})


# round 1: Glasya 6 (b's Soul), 1; b 1; Mammon 1. Round 2: Glasya 6 (b out), 1; b 1; Mammon 1
TWO_ROUNDS = [6, 1, 1, 1, 6, 1, 1, 1]


def test_lh_iv_2_4_01_hordes_and_souls_pass_both_ways():
    st = two_attackers()
    deal = "COMBAT DEAL Glasya GIVES Fiends TO Mammon; Mammon GIVES 1 Soul TO Glasya"
    play_round(st, {"a": f"TARGET b\nATTACK b\n{deal}", "c": f"TARGET b\nATTACK b\n{deal}"},
               TWO_ROUNDS)
    assert hordes(st, "a") == ["horde.fiends"] and hordes(st, "c") == ["horde.fiends"]
    assert st.players["a"].souls == 1 and st.players["c"].souls == 0


def test_lh_iv_2_4_01_artifacts_pass_between_devils_present():
    st = two_attackers(artifacts=["artifact.wand-of-might"])
    deal = "COMBAT DEAL Glasya GIVES Wand of Might TO Mammon"
    play_round(st, {"a": f"TARGET b\nATTACK b\n{deal}", "c": f"TARGET b\nATTACK b\n{deal}"},
               TWO_ROUNDS)
    assert instances(st, "c", "artifacts") == ["artifact.wand-of-might"]
    assert st.players["a"].artifacts == []


def test_lh_iv_2_4_01_no_artifact_without_the_devil_all_or_nothing():
    """Glasya is on Earth (her Fallen Angels lead her army): her artifact cannot pass, so
    the Soul of the same deal does not either."""
    st = two_attackers(artifacts=["artifact.wand-of-might"], status="earth",
                       hordes=["horde.fallen-angels", "horde.fiends", "horde.fiends"])
    deal = "COMBAT DEAL Glasya GIVES Wand of Might TO Mammon; Mammon GIVES 1 Soul TO Glasya"
    # Glasya's army rolls 2 dice, as in TWO_ROUNDS
    _, log = play_round(st, {"a": f"TARGET b\nATTACK b\n{deal}",
                             "c": f"TARGET b\nATTACK b\n{deal}"},
                        TWO_ROUNDS)
    assert instances(st, "a", "artifacts") == ["artifact.wand-of-might"]
    assert st.players["c"].souls == 1 and st.players["a"].souls == 0
    failed = events(log, "combat-deal-failed")
    assert failed[0].visible_to == ("a", "c") and "a's Devil is not" in failed[0].text


def test_parties_must_end_a_fight_at_the_same_place():
    """Two fights: a against b at Styx, c against d at Dis."""
    st = combat_state({"a": {"devil": "devil.asmodeus", "home": ACHERON, "souls": 1},
                       "b": {"devil": "devil.baalzebub", "home": STYX},
                       "c": {"devil": "devil.mammon", "home": COCYTUS},
                       "d": {"devil": "devil.glasya", "home": DIS}})
    deal = "COMBAT DEAL a GIVES 1 Soul TO c"
    # Styx: Asmodeus 6 (Baalzebub out), b 1. Dis: Mammon 6 (Glasya out), Glasya 1
    _, log = play_round(st, {"a": f"TARGET b\nATTACK b\n{deal}",
                             "c": f"TARGET d\nATTACK d\n{deal}"}, [6, 1, 6, 1])
    assert st.players["a"].souls == 1 and st.players["c"].souls == 0
    failed = events(log, "combat-deal-failed")
    assert "not every party's army ended a fight at the same place" in failed[0].text


def transfer_check(line: str, phase: str = "combat") -> object:
    st = build_state({"a": {"hand": ["ritual.bury"]}, "b": {}},
                     phase=phase, round=1 if phase == "combat" else 0)
    return problem(st, "a", line)


def test_combat_deal_refuses_what_an_army_does_not_carry():
    for line, words in [("COMBAT DEAL a GIVES Bury TO b", "ritual card from hand"),
                        ("COMBAT DEAL a GIVES Oath of Baalzebub TO b", "Oaths are hand cards"),
                        ("COMBAT DEAL a GIVES Realm TO b; b GIVES Realm TO a", "OCCUPY"),
                        ("COMBAT DEAL a GIVES Surrender TO b", "Surrender"),
                        ("COMBAT DEAL a PROMISES NAP TO b", "no promises"),
                        ("COMBAT DEAL b GIVES 1 Soul TO a; a RELEASES d1.1", "releases"),
                        ("COMBAT DEAL a GIVES Prisoner b TO b", "by or to himself")]:
        p = transfer_check(line)
        assert words in p.message + p.hint, (line, p.message)


def test_combat_deal_only_in_combat_stages_and_canonical():
    assert transfer_check("COMBAT DEAL a GIVES 1 Soul TO b", phase="transfer")
    st = build_state({"a": {}, "b": {}, "c": {}}, phase="combat", round=1)
    got = accepted(st, "a", "combat deal Baalzebub gives 2 souls, fiends to Asmodeus")
    assert got["canonical"] == "COMBAT DEAL b GIVES 2 Souls, Fiends TO a"
    assert got["parties"] == ["a", "b"]
    assert check_sheet(st, DATA, "c", "COMBAT DEAL a GIVES 1 Soul TO b").problems
