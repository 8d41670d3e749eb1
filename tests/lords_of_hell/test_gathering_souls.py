"""The start of the gathering phase: rituals discarded, fresh-prisoner SP and soul
gathering (LH-III.4-02/03, LH-III.4.1), with scripted dice."""

from __future__ import annotations

import pytest
from loh_kit import DATA, instances

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell import gathering
from pbem_games.lords_of_hell.datamodel import HPOH
from pbem_games.lords_of_hell.orders import check_sheet, standing
from pbem_games.lords_of_hell.state import LohState

SOJ = "realm.seat-of-judgement"


def run(st: LohState, script: list[int]) -> tuple[Log, Dice]:
    log, dice = Log(), Dice(script=script)
    gathering.start(st, DATA, dice, log)
    dice.finish()
    return log, dice


def kinds(log: Log, kind: str) -> list:
    return [e for e in log.events if e.kind == kind]


def no_seat(players: dict) -> dict:
    """Players, with b (who would hold the Seat of Judgement by default) elsewhere."""
    players.setdefault("b", {})
    players["b"].setdefault("home", "realm.acheron")
    for n in "acd":
        players.setdefault(n, {})
    return dict(sorted(players.items()))


def set_reroll(st: LohState, name: str, line: str) -> None:
    st.phase = "gathering"
    sheet = check_sheet(st, DATA, name, line)
    assert sheet.lines[0].ok, sheet.lines[0].message
    standing.keep(st, {name: sheet})


def test_lh_iii_4_1_01_soul_table(make_state):
    """5-6: 2 Souls, 3-4: 1 Soul, 2: nothing, for Fiends, Diabolic Fiends and the Devil
    on Earth; the Souls go to the home realm and earn 1 SP (LH-III.4.1-05/06)."""
    st = make_state(players=no_seat({"a": {
        "status": "earth", "souls": 1,
        "earth": ["horde.fiends", "horde.diabolic-fiends", "horde.fiends"]}}))
    log, _ = run(st, [5, 3, 2, 6])
    a = st.players["a"]
    assert [e.data["souls"] for e in kinds(log, "soul-roll")] == [2, 1, 0, 2]
    assert kinds(log, "soul-roll")[3].data["unit"] == "devil"
    assert a.souls == 1 + 5
    assert a.sp == 1
    assert len(a.earth) == 3 and a.status == "earth"


def test_lh_iii_4_1_01_starter_first_then_clockwise(make_state):
    st = make_state(players=no_seat({n: {"earth": ["horde.fiends"]} for n in "abcd"}),
                    starter="c")
    _, dice = run(st, [2, 2, 2, 2])
    assert [r.player for r in dice.log] == ["c", "d", "a", "b"]


def test_lh_iii_4_1_06_sp_once_however_many_souls(make_state):
    st = make_state(players=no_seat({"a": {"earth": ["horde.fiends"] * 3}}))
    run(st, [6, 6, 6])
    assert st.players["a"].souls == 6 and st.players["a"].sp == 1


def test_lh_iii_4_1_06_no_sp_without_a_soul(make_state):
    st = make_state(players=no_seat({"a": {"earth": ["horde.fiends", "horde.fiends"]}}))
    log, _ = run(st, [2, 2])
    assert st.players["a"].souls == 0 and st.players["a"].sp == 0
    assert not kinds(log, "sp")


def test_lh_iii_4_1_02_default_rerolls_a_one_and_the_second_stands(make_state):
    """Default (PB-33): a 1 is re-rolled once; the second result stands, even a 1."""
    st = make_state(players=no_seat({"a": {"earth": ["horde.fiends", "horde.fiends"]}}))
    log, _ = run(st, [1, 4, 1, 1])
    rolls = kinds(log, "soul-roll")
    assert [e.data["faces"] for e in rolls] == [[1, 4], [1, 1]]
    assert [e.data["caught"] for e in rolls] == [False, True]
    assert instances(st, "a", "earth") == ["horde.fiends"]
    assert st.players["a"].souls == 1


def test_lh_iii_4_1_02_no_reroll_of_other_results_by_default(make_state):
    st = make_state(players=no_seat({"a": {"earth": ["horde.fiends"]}}))
    log, _ = run(st, [2])
    assert kinds(log, "soul-roll")[0].data["faces"] == [2]


def test_lh_iii_4_1_02_soul_reroll_off_never_rerolls(make_state):
    st = make_state(players=no_seat({"a": {"earth": ["horde.fiends"]}}))
    set_reroll(st, "a", "SOUL REROLL OFF")
    log, _ = run(st, [1])
    assert kinds(log, "soul-roll")[0].data["caught"] is True
    assert st.players["a"].earth == []


def test_g14_reroll_order_per_fiends_and_devil(make_state):
    """G14: every roll may be re-rolled, the fiends' too; the standing order gives the
    results separately for the fiends and the Devil (PB-33)."""
    st = make_state(players=no_seat({"a": {"status": "earth", "earth": ["horde.fiends"]}}))
    set_reroll(st, "a", "SOUL REROLL FIENDS ON 2 DEVIL ON 1, 2, 3")
    log, _ = run(st, [2, 5, 3, 6])
    assert [e.data["faces"] for e in kinds(log, "soul-roll")] == [[2, 5], [3, 6]]
    assert st.players["a"].souls == 4


def test_lh_iii_4_1_03_caught_fiends_are_destroyed(make_state):
    st = make_state(players=no_seat({"a": {"earth": ["horde.diabolic-fiends",
                                                    "horde.fiends"]}}),
                    deck=["horde.fiends"])  # not empty: discards stay in the pile
    set_reroll(st, "a", "SOUL REROLL OFF")
    fiend = st.players["a"].earth[0]
    log, _ = run(st, [1, 3])
    assert instances(st, "a", "earth") == ["horde.fiends"]
    assert st.discard == [fiend]
    assert kinds(log, "caught")[0].data["unit"] == fiend


def test_lh_iii_4_1_03_caught_devil_goes_to_heaven(make_state):
    st = make_state(players=no_seat({"a": {"status": "earth", "hordes": ["horde.fiends"]}}))
    log, _ = run(st, [1, 1])  # re-rolled by default, and the second 1 stands
    a = st.players["a"]
    assert a.status == "heaven" and a.captor is None
    assert kinds(log, "caught")[0].rule == "LH-III.4.1-03"
    assert all(p.captor is None for p in st.players.values())


def test_lh_iii_4_1_05_homeless_gatherer_takes_a_home(make_state):
    st = make_state(players=no_seat({"a": {"status": "earth", "home": None}}))
    st.realms["realm.styx"] = None
    log, _ = run(st, [3])
    a = st.players["a"]
    assert a.souls == 1
    assert a.home == HPOH and st.realms[HPOH] == "a"  # first free realm (PB-03)
    assert kinds(log, "home-taken")


def test_seat_of_judgement_gives_a_soul_without_sp(make_state):
    """Digest §3.3: the Seat of Judgement's controller gains 1 Soul, which earns no SP
    (LH-III.4.1-06: 'Seat of Judgement does not confer support points')."""
    st = make_state(players=["a", "b", "c", "d"])
    assert st.realms[SOJ] == "b"
    run(st, [])
    assert st.players["b"].souls == 1 and st.players["b"].sp == 0


def test_seat_of_judgement_soul_does_not_make_dice_sp(make_state):
    st = make_state(players={"a": {}, "b": {"earth": ["horde.fiends"]}, "c": {}, "d": {}})
    run(st, [2])
    assert st.players["b"].souls == 1 and st.players["b"].sp == 0


@pytest.mark.parametrize("face,souls,caught", [(1, 0, True), (2, 0, True), (3, 0, False),
                                               (4, 1, False), (5, 1, False), (6, 2, False)])
def test_time_of_virtue_minus_one_and_one_or_less_caught(make_state, face, souls, caught):
    st = make_state(players=no_seat({"a": {"earth": ["horde.fiends"]}}),
                    earth_condition="special.time-of-virtue")
    set_reroll(st, "a", "SOUL REROLL OFF")
    log, _ = run(st, [face])
    roll = kinds(log, "soul-roll")[0]
    assert (roll.data["souls"], roll.data["caught"]) == (souls, caught)


def test_time_of_virtue_reroll_reads_the_modified_result(make_state):
    """A natural 2 under Time of Virtue is a 1 (caught), so the default re-rolls it."""
    st = make_state(players=no_seat({"a": {"earth": ["horde.fiends"]}}),
                    earth_condition="special.time-of-virtue")
    log, _ = run(st, [2, 6])
    assert kinds(log, "soul-roll")[0].data["faces"] == [2, 6]
    assert st.players["a"].souls == 2


@pytest.mark.parametrize("face,souls", [(1, 0), (2, 1), (4, 2), (6, 2)])
def test_world_war_plus_one_at_most_six(make_state, face, souls):
    st = make_state(players=no_seat({"a": {"earth": ["horde.fiends"]}}),
                    earth_condition="special.world-war")
    log, _ = run(st, [face])  # a natural 1 reads 2: not caught, so not re-rolled
    roll = kinds(log, "soul-roll")[0]
    assert roll.data["souls"] == souls and not roll.data["caught"]
    assert roll.data["faces"] == [face]


def test_mephistopheles_creatures_gather_one_more(make_state):
    """Digest §3.3: each of his rolls that gathers >= 1 Soul gathers 1 more."""
    st = make_state(players=no_seat({"a": {"devil": "devil.mephistopheles", "status": "earth",
                                           "earth": ["horde.fiends", "horde.fiends"]}}))
    log, _ = run(st, [3, 2, 6])
    assert [e.data["souls"] for e in kinds(log, "soul-roll")] == [2, 0, 3]
    assert st.players["a"].souls == 5


def test_example_iii_2_asmodeus_and_three_fiends_under_world_war(make_state):
    """004 §III.2 example: Asmodeus goes to Earth with 3 Fiends and World War replaces
    Time of Virtue. Their soul gathering, dice scripted: 1 reads 2 (nothing), 3 reads 4
    (1 Soul), 5 reads 6 (2 Souls); Asmodeus 4 reads 5 (2 Souls): 5 Souls and 1 SP."""
    st = make_state(players=no_seat({"a": {"devil": "devil.asmodeus", "status": "earth",
                                           "earth": ["horde.fiends"] * 3}}),
                    earth_condition="special.world-war")
    log, _ = run(st, [1, 3, 5, 4])
    a = st.players["a"]
    assert a.souls == 5 and a.sp == 1 and len(a.earth) == 3
    assert a.status == "earth"


def test_lh_iii_4_02_rituals_discarded_without_effect(make_state):
    st = make_state(players=no_seat({"a": {"rituals": ["ritual.bury", "ritual.bury"]},
                                     "c": {"rituals": ["ritual.furnace-of-souls"],
                                           "rituals_up": True}}),
                    deck=["horde.fiends"])  # not empty: discards stay in the pile
    a_rituals = list(st.players["a"].rituals)
    log, _ = run(st, [])
    assert st.players["a"].rituals == [] and st.players["c"].rituals == []
    assert st.discard[:2] == a_rituals and len(st.discard) == 3
    public = [e for e in kinds(log, "rituals-discarded") if e.visible_to is None]
    assert "Bury" not in public[0].text  # face-down: counted, not named (digest §4.1)
    assert "Furnace of Souls" in public[1].text
    private = [e for e in kinds(log, "rituals-discarded") if e.visible_to == ("a",)]
    assert "Bury, Bury" in private[0].text


def test_lh_iii_4_03_fresh_prisoner_sp_at_most_one(make_state):
    st = make_state(players=no_seat({"a": {"fresh": True},
                                     "c": {"status": "prisoner", "captor": "a"},
                                     "d": {"status": "prisoner", "captor": "a"}}))
    log, _ = run(st, [])
    assert st.players["a"].sp == 1 and st.players["a"].fresh is False
    assert kinds(log, "sp")[0].rule == "LH-III.4-03"


def test_lh_iii_4_03_no_sp_when_the_prisoner_is_gone(make_state):
    st = make_state(players=no_seat({"a": {"fresh": True}}))
    run(st, [])
    assert st.players["a"].sp == 0 and st.players["a"].fresh is False


def test_lh_iii_4_03_fresh_as_a_list_needs_one_still_held(make_state):
    st = make_state(players=no_seat({"a": {"fresh": ["c"]}, "b": {"fresh": ["d"]},
                                     "c": {"status": "prisoner", "captor": "a"}}))
    run(st, [])
    assert st.players["a"].sp == 1 and st.players["b"].sp == 0
