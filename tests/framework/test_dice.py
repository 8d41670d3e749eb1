import pytest

from pbem.dice import Dice, DiceError, stage_seed


def test_seeded_dice_repeat_exactly():
    a = Dice("seed-1")
    b = Dice("seed-1")
    assert [a.roll("x") for _ in range(50)] == [b.roll("x") for _ in range(50)]



def test_every_roll_is_logged_with_reason_and_player():
    d = Dice(script=[3, 6])
    assert d.roll("tame", "anna") == 3
    assert d.roll("soul roll") == 6
    assert d.rolls() == [
        {"seq": 1, "reason": "tame", "sides": 6, "result": 3, "player": "anna"},
        {"seq": 2, "reason": "soul roll", "sides": 6, "result": 6, "player": None},
    ]


def test_a_rolls_dict_is_its_fields_in_order():
    """Roll.to_dict is written out (issue 23: asdict cost several times more); a field
    added to Roll must be added there too."""
    from dataclasses import asdict, fields

    from pbem.dice import Roll

    roll = Roll(7, "combat", 6, 4, "boris")
    assert list(roll.to_dict().items()) == list(asdict(roll).items())
    assert list(roll.to_dict()) == [f.name for f in fields(Roll)]


def test_scripted_dice_fail_when_exhausted():
    d = Dice(script=[4])
    d.roll("first")
    with pytest.raises(DiceError, match="roll 2 \\(second\\) was not scripted"):
        d.roll("second")


def test_scripted_dice_fail_when_left_unused():
    d = Dice(script=[4, 5])
    d.roll("only one")
    with pytest.raises(DiceError, match=r"1 scripted roll\(s\) left unused: \[5\]"):
        d.finish()


def test_scripted_result_out_of_range_is_refused():
    with pytest.raises(DiceError, match="is 7, not 1..6"):
        Dice(script=[7]).roll("bad")


def test_pick_rerolls_faces_that_name_no_candidate():
    d = Dice(script=[6, 5, 2])
    assert d.pick(["a", "b", "c"], "tie") == "b"
    assert [r["result"] for r in d.rolls()] == [6, 5, 2]


def test_stage_seed_is_stable_and_per_stage():
    assert stage_seed("g", 1) == stage_seed("g", 1)
    assert stage_seed("g", 1) != stage_seed("g", 2)
    assert len(stage_seed("g", 0)) == 16


def test_different_seeds_differ():
    d1, d2 = Dice("s1"), Dice("s2")
    assert [d1.roll("x") for _ in range(30)] != [d2.roll("x") for _ in range(30)]


def test_watch_sees_every_die_until_stopped():
    """A game rule that counts dice (the HellGame's Cursed Dice) watches the dice path:
    each roll, with its roller, and whether `pick` rolled it; watching changes nothing."""
    d, seen = Dice(script=[1, 6, 2, 4]), []
    stop = d.watch(lambda roll, picking: seen.append((roll.result, roll.player, picking)))
    d.roll("mine", "anna")
    assert d.pick(["x", "y"], "draw", "anna") == "y"  # a 6 names nobody: rolled again
    stop()
    d.roll("unwatched")
    d.finish()
    assert seen == [(1, "anna", False), (6, "anna", True), (2, "anna", True)]
    assert [r["result"] for r in d.rolls()] == [1, 6, 2, 4]
