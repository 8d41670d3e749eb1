"""Armies (LH-IV.1.1): power, attack dice, leader, the dominant army, ritual casters."""

from __future__ import annotations

from loh_kit import DATA, build_state

from pbem_games.lords_of_hell.combat import army, casters
from pbem_games.lords_of_hell.state import LohState


def st_with(**given) -> LohState:
    return build_state({"a": given, "b": {}})


def test_lh_iv_1_1_01_army_is_hordes_souls_and_devil_in_hell():
    assert army.has_army(st_with(), "a")  # the Devil alone in Hell
    assert not army.has_army(st_with(status="earth"), "a")
    assert army.has_army(st_with(status="earth", souls=1), "a")
    assert army.has_army(st_with(status="prisoner", hordes=["horde.fiends"]), "a")
    assert not army.has_army(st_with(status="heaven"), "a")


def test_lh_iv_1_1_03_power_souls_count_zero():
    """✎ 6 Souls + 2 Fiends = power 2 (without the Devil, on Earth)."""
    st = st_with(status="earth", souls=6, hordes=["horde.fiends"] * 2)
    assert army.power(st, "a", DATA) == 2
    st = st_with(devil="devil.belial", hordes=["horde.fallen-angels"])
    assert army.power(st, "a", DATA) == 3 + 2


def test_tormented_ones_nth_has_power_n():
    """Tormented Ones (EXTERNAL card): 1 + 2 + 3 for three (digest §3.1 item 3)."""
    st = st_with(status="earth", hordes=["horde.tormented-ones"] * 3 + ["horde.fiends"])
    assert army.power(st, "a", DATA) == 1 + 2 + 3 + 1


def test_lh_iv_1_1_04_attack_dice_table():
    for hordes, dice in ((0, 1), (1, 1), (2, 2), (5, 3), (8, 4), (11, 5), (14, 6), (20, 6)):
        st = st_with(devil="devil.glasya", hordes=["horde.fiends"] * hordes)
        power = 1 + hordes
        assert army.dice_count(st, "a", DATA) == dice == min(6, 1 + power // 3)
    souls_only = st_with(status="earth", souls=4)
    assert army.dice_count(souls_only, "a", DATA) == 1  # power 0: 1 die by the formula


def test_lh_iv_1_5_01_leviathan_army_has_exactly_four_dice():
    st = st_with(devil="devil.glasya", hordes=["horde.leviathan"] + ["horde.fiends"] * 8)
    assert army.power(st, "a", DATA) == 18
    assert army.dice_count(st, "a", DATA) == 4
    st = st_with(status="earth", hordes=["horde.leviathan"])
    assert army.dice_count(st, "a", DATA) == 4  # power 9 would give 4 anyway; 4 exactly


def test_lh_iv_1_1_05_leader():
    assert army.leader(st_with(), "a") == "devil"
    assert army.leader(st_with(status="earth", hordes=["horde.fallen-angels"]), "a") \
        == "fallen-angels"
    assert army.leader(st_with(status="prisoner", hordes=["horde.fiends"]), "a") is None
    assert army.leader(st_with(status="ko", hordes=["horde.fiends"]), "a") is None


def test_lh_iv_1_1_06_dominant_power_then_units():
    st = build_state({"a": {"devil": "devil.belial"},
                      "b": {"devil": "devil.baalzebub", "hordes": ["horde.fiends"] * 2},
                      "c": {"status": "earth", "souls": 5, "hordes": ["horde.fiends"] * 3},
                      "d": {"devil": "devil.glasya", "hordes": ["horde.fiends"] * 3}})
    assert [army.power(st, n, DATA) for n in "abcd"] == [3, 3, 3, 4]
    assert [army.units(st, n) for n in "abc"] == [1, 3, 8]
    assert army.dominant(st, ["a", "b", "c", "d"], DATA, None) == "d"  # most power
    assert army.dominant(st, ["a", "b", "c"], DATA, None) == "c"  # then most units
    assert army.dominant(st, ["a", "b"], DATA, None) == "b"


def test_lh_iv_1_1_06_realm_breaks_a_tie_and_else_none():
    st = build_state({"a": {"devil": "devil.glasya", "hordes": ["horde.fiends"]},
                      "b": {"devil": "devil.mammon", "hordes": ["horde.fiends"]}})
    assert army.dominant(st, ["a", "b"], DATA, None) is None
    assert army.dominant(st, ["a", "b"], DATA, st.players["b"].home) == "b"


def test_lh_i_3_3_03_casters_devil_in_hell_and_diabolic_fiends():
    st = st_with(devil="devil.belial", hordes=["horde.diabolic-fiends"] * 2)
    assert casters(st, "a", DATA) == 3
    st.players["a"].status = "earth"
    assert casters(st, "a", DATA) == 2
    st.players["a"].status = "ko"
    assert casters(st, "a", DATA) == 2  # a knocked-out Devil casts only once back


def test_lh_i_3_3_04_glasya_casts_two():
    assert casters(st_with(devil="devil.glasya"), "a", DATA) == 2


def test_report_pronouns_follow_the_devils_card():
    st = build_state({"a": {"devil": "devil.glasya"}, "b": {"devil": "devil.belial"}})
    assert army.pronouns(st, DATA, "a") == ("her", "she")
    assert army.pronouns(st, DATA, "b") == ("his", "he")
