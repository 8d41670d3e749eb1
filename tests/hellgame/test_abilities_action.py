"""The Daemon abilities that act in the Action Phase (action/abilities.py, reroll.py,
queue.py for Paymon, march_orders.py for Naburos; standing orders in
orders/abilities.py): at least one test per ability, with its id in the test name, and
HG-3.3-04 (an Incapacitated Daemon's ability is off)."""

import pytest
from phase_runner import run_phase

from pbem.engine import ACCEPTED, ILLEGAL, INVALID
from pbem_games.hellgame import action, effects
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()
BERSERK, FLY, ATROCITY = "arcana.berserk-rage", "arcana.fly", "arcana.atrocity"


def acts(log) -> list[tuple[str, str]]:
    """(kind, text) of the public events, in order."""
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


def line(st, player, text):
    """The one checked line of a sheet holding `text`."""
    sheet = check_sheet(st, DATA, player, text)
    assert len(sheet.lines) == 1
    return sheet.lines[0]


def outward_ids(start: str, steps: int) -> list[str]:
    """Sectio ids from `start`, one Circle outward a step (Compass 3)."""
    path = [start]
    for _ in range(steps):
        path.append(DATA.step(path[-1], 3))
    return path


def outward(start: str, steps: int) -> list[str]:
    return [DATA.sectio[s].name for s in outward_ids(start, steps)]


# -- the registry ------------------------------------------------------------------------------

def test_the_audit_counts_the_action_phase_abilities():
    covered = effects.coverage(DATA)["daemon_abilities"]
    done = {"ability.ashtaroth", "ability.balban", "ability.beelzebub", "ability.caim",
            "ability.ereshkigal", "ability.gomory", "ability.naburos", "ability.orias",
            "ability.paymon", "ability.thamuz", "ability.ukobach"}
    assert done <= set(effects.ABILITIES)
    assert not done & set(covered["missing"])
    # issue 7 adds Sammael and Xaphan (tests/hellgame/test_abilities_more.py)
    assert {"ability.sammael", "ability.xaphan"} <= set(effects.ABILITIES)
    effects.check(DATA)


@pytest.mark.parametrize("daemon, hook, off", [
    ("ashtaroth", "on_pass_for_good", None), ("beelzebub", "atonement_dice", 2),
    ("ukobach", "evil_deeds_bonus", 0), ("thamuz", "walks_without_card", False)])
def test_hg_3_3_04_an_incapacitated_daemons_ability_is_off(make_state, daemon, hook, off):
    """Called for a Daemon that is Incapacitated (say, by its own Atonement), each hook
    gives what any Daemon gets."""
    from pbem.dice import Dice
    from pbem_games.hellgame.action import abilities
    from pbem_games.hellgame.action.context import ActionCtx, Queue
    from pbem_games.hellgame.log import Log

    st = make_state(players={"void": {"daemons": [f"daemon.{daemon}"]}, "beast": {}},
                    daemons={f"daemon.{daemon}": {"incapacitated": True}})
    actx = ActionCtx(st, DATA, Dice(script=[]), Log(), {}, Queue(), "void", f"daemon.{daemon}")
    assert getattr(abilities, hook)(actx) == off
    assert st.players["void"].favours == 0 and not actx.log.events


# -- Ashtaroth ---------------------------------------------------------------------------------

def test_ability_ashtaroth_a_favour_for_each_pass_for_good(make_state):
    st = make_state(players={"void": {"daemons": ["daemon.ashtaroth", "daemon.baal"]},
                             "beast": {}})
    log = run_phase(action.run, st, DATA, orders={
        "void": "Ashtaroth: PASS FOR GOOD\nBaal: PASS FOR GOOD\n"})
    assert acts(log) == [
        ("pass-for-good", "Ashtaroth (void) Passes for Good"),
        ("ability-favour", "Ashtaroth (void) receives 1 Favour for Passing for Good (her "
                           "ability)"),
        ("pass-for-good", "Baal (void) Passes for Good")]
    assert st.players["void"].favours == 1


def test_ability_ashtaroth_the_default_pass_for_good_earns_the_favour_too(make_state):
    st = make_state(players={"void": {"daemons": ["daemon.ashtaroth"]}, "beast": {}})
    run_phase(action.run, st, DATA)
    assert st.players["void"].favours == 1


def test_ability_ashtaroth_a_10_no_favour_for_the_empty_march_after_a_pass(make_state):
    st = make_state(players={"void": {"souls": 1, "daemons": ["daemon.ashtaroth"],
                                      "hand": [BERSERK]},
                             "beast": {"daemons": ["daemon.baal"]}})
    run_phase(action.run, st, DATA, orders={"void": "Ashtaroth: PASS\n"})
    assert st.players["void"].favours == 0


# -- Beelzebub ---------------------------------------------------------------------------------

def test_ability_beelzebub_atones_with_three_dice_keeping_the_best_two(make_state):
    """2 Hearts: 1, 5, 4 keeps 5+4=9, one Disfavour (two dice 1+5=6 would do nothing)."""
    st = make_state(players={"beast": {"disfavours": 2, "daemons": ["daemon.beelzebub"]},
                             "void": {}})
    log = run_phase(action.run, st, DATA, orders={"beast": "Beelzebub: ATONE\n"},
                    script=[1, 5, 4])
    assert acts(log) == [("atone", "Beelzebub (beast) atones (2 Hearts) with three dice, "
                                   "keeping the best two (his ability): 1, 5, 4: 5+4=9, "
                                   "discards 1 Disfavour")]
    assert st.players["beast"].disfavours == 1


def test_hg_9_7_2_01_other_daemons_atone_with_two_dice(make_state):
    st = make_state(players={"beast": {"disfavours": 1, "daemons": ["daemon.baal"]},
                             "void": {}})
    log = run_phase(action.run, st, DATA, orders={"beast": "Baal: ATONE\n"}, script=[4, 4])
    assert acts(log) == [("atone", "Baal (beast) atones (3 Hearts): 4+4=8, discards "
                                   "1 Disfavour")]


# -- Ukobach -----------------------------------------------------------------------------------

def test_ability_ukobach_plus_one_to_every_evil_deeds_die(make_state):
    st = make_state(players={"void": {"daemons": ["daemon.ukobach"]}, "beast": {}},
                    daemons={"daemon.ukobach": {"where": "earth", "walk_card": ATROCITY}})
    log = run_phase(action.run, st, DATA, orders={"void": "Ukobach: EVIL DEEDS\n"},
                    script=[5, 4])
    assert acts(log) == [("evil-deeds", "Ukobach (void) does Evil Deeds on Earth, +1 to every "
                                        "die (her ability): 5+1, 4+1, 1 Favour")]
    assert st.players["void"].favours == 1


# -- Thamuz ------------------------------------------------------------------------------------

def test_ability_thamuz_walks_the_earth_without_a_card_when_ordered(make_state):
    st = make_state(players={"void": {"souls": 5, "daemons": ["daemon.thamuz"],
                                      "hand": [ATROCITY]}, "beast": {}})
    log = run_phase(action.run, st, DATA, orders={
        "void": "Thamuz: WALK THE EARTH WITHOUT CARD\n"})
    assert acts(log) == [("walk-the-earth", "Thamuz (void) Walks the Earth without playing a "
                                            "card (his ability)")]
    d = st.daemons["daemon.thamuz"]
    assert (d.where, d.walk_card) == ("earth", None)
    assert st.players["void"].hand == [ATROCITY] and st.players["void"].souls == 5


def test_ability_thamuz_a_plain_walk_plays_a_card_he_can_pay(make_state):
    st = make_state(players={"void": {"souls": 5, "daemons": ["daemon.thamuz"],
                                      "hand": [ATROCITY]}, "beast": {}})
    run_phase(action.run, st, DATA, orders={"void": "Thamuz: WALK THE EARTH\n"})
    assert st.daemons["daemon.thamuz"].walk_card == ATROCITY
    assert st.players["void"].souls == 3


@pytest.mark.parametrize("souls, hand", [(0, [ATROCITY]), (5, [])])
def test_ability_thamuz_a_plain_walk_without_a_card_he_can_pay_walks_anyway(make_state, souls,
                                                                             hand):
    st = make_state(players={"void": {"souls": souls, "daemons": ["daemon.thamuz"],
                                      "hand": hand}, "beast": {}})
    run_phase(action.run, st, DATA, orders={"void": "Thamuz: WALK THE EARTH\n"})
    d = st.daemons["daemon.thamuz"]
    assert (d.where, d.walk_card) == ("earth", None)
    assert st.players["void"].hand == hand and st.players["void"].souls == souls


def test_ability_thamuz_a_named_card_he_lacks_is_not_replaced_by_the_ability(make_state):
    st = make_state(players={"void": {"souls": 5, "daemons": ["daemon.thamuz"]}, "beast": {}})
    log = run_phase(action.run, st, DATA, orders={
        "void": "Thamuz: WALK THE EARTH WITH Atrocity\n"})
    assert st.daemons["daemon.thamuz"].where == "hell"
    assert "Thamuz (void): WALK THE EARTH not possible: no Walk the Earth card in the hand " \
           "of that name" in notes(log, "void")


def test_ability_thamuz_leaving_the_earth_discards_no_card(make_state):
    st = make_state(players={"void": {"daemons": ["daemon.thamuz"]}, "beast": {}},
                    daemons={"daemon.thamuz": {"where": "earth"}})
    deck = list(st.arcana_deck)
    run_phase(action.run, st, DATA, orders={"void": "Thamuz: LEAVE THE EARTH\n"})
    assert st.daemons["daemon.thamuz"].where == "hell" and st.arcana_deck == deck


def test_ability_thamuz_only_thamuz_walks_without_a_card(make_state):
    st = make_state(players={"void": {"daemons": ["daemon.baal"]}, "beast": {}})
    got = line(st, "void", "Baal: WALK THE EARTH WITHOUT CARD")
    assert got.status == ILLEGAL
    assert got.message == "only Thamuz walks the Earth without a card [ability.thamuz]"


# -- the ABILITY Action: Balban, Ereshkigal, Orias, and those refused --------------------------

def test_ability_balban_sacrifices_eight_souls_on_earth_for_a_favour(make_state):
    st = make_state(players={"void": {"souls": 9, "daemons": ["daemon.balban"]}, "beast": {}},
                    daemons={"daemon.balban": {"where": "earth", "walk_card": ATROCITY}})
    log = run_phase(action.run, st, DATA, orders={"void": "Balban: ABILITY\n"})
    assert acts(log) == [("ability-sacrifice", "Balban (void) sacrifices 8 Souls on Earth and "
                                               "gains 1 Favour (her ability)")]
    assert (st.players["void"].souls, st.players["void"].favours) == (1, 1)
    assert st.daemons["daemon.balban"].where == "earth"  # HG-9.6-04: she stays


@pytest.mark.parametrize("souls, where, why", [
    (9, "hell", "Balban sacrifices Souls for a Favour only on Earth [ability.balban]"),
    (7, "earth", "void has 7 Souls; Balban sacrifices 8 [ability.balban]")])
def test_ability_balban_refused_in_hell_or_short_of_souls(make_state, souls, where, why):
    st = make_state(players={"void": {"souls": souls, "daemons": ["daemon.balban"]},
                             "beast": {}}, daemons={"daemon.balban": {"where": where}})
    log = run_phase(action.run, st, DATA, orders={"void": "Balban: ABILITY\nBalban: "
                                                          "PASS FOR GOOD\n"})
    assert f"Balban (void): ABILITY not possible: {why}" in notes(log, "void")
    assert acts(log) == [("pass-for-good", "Balban (void) Passes for Good")]
    assert (st.players["void"].souls, st.players["void"].favours) == (souls, 0)


def test_ability_ereshkigal_incapacitates_herself_to_lose_a_disfavour(make_state):
    st = make_state(players={"void": {"disfavours": 2, "daemons": ["daemon.ereshkigal"]},
                             "beast": {}})
    log = run_phase(action.run, st, DATA, orders={"void": "Ereshkigal: ABILITY\n"})
    assert acts(log) == [("ability-atone", "Ereshkigal (void) Incapacitates herself, and void "
                                           "loses 1 Disfavour (her ability)")]
    assert st.players["void"].disfavours == 1
    assert st.daemons["daemon.ereshkigal"].incapacitated


def test_ability_ereshkigal_refused_with_no_disfavour_to_lose(make_state):
    st = make_state(players={"void": {"daemons": ["daemon.ereshkigal"]}, "beast": {}})
    log = run_phase(action.run, st, DATA, orders={"void": "Ereshkigal: ABILITY\n"})
    assert "Ereshkigal (void): ABILITY not possible: void has no Disfavour to lose " \
           "[ability.ereshkigal]" in notes(log, "void")
    assert not st.daemons["daemon.ereshkigal"].incapacitated


def _orias_state(make_state):
    return make_state(players={"void": {"daemons": ["daemon.orias"]},
                               "beast": {"hand": ["arcana.incubus", FLY]}, "keys": {}})


def test_ability_orias_rolls_against_stars_and_sees_the_hand_privately(make_state):
    """3 Stars: a 3 succeeds (HG-3.4-04). Only void is told the cards."""
    st = _orias_state(make_state)
    log = run_phase(action.run, st, DATA, orders={"void": "Orias: ABILITY ON beast\n"},
                    script=[3])
    assert acts(log) == [("ability-look", "Orias (void) Rolls against 3 Stars to look at "
                                          "beast's Arcana hand: 3, a success")]
    seen = [e for e in log.events if e.kind == "ability-hand"]
    assert [(e.visible_to, e.text) for e in seen] == [
        (("void",), "Orias sees beast's Arcana hand: Incubus, Fly")]
    for other in ("keys", "beast"):
        assert all("Incubus" not in e.text for e in log.events if e.visible(other))


def test_ability_orias_a_failed_roll_shows_nothing(make_state):
    st = _orias_state(make_state)
    log = run_phase(action.run, st, DATA, orders={"void": "Orias: ABILITY ON beast\n"},
                    script=[4])
    assert acts(log)[-1][1].endswith("beast's Arcana hand: 4, a failure")
    assert not [e for e in log.events if e.kind == "ability-hand"]


def test_ability_orias_needs_an_opponent(make_state):
    st = _orias_state(make_state)
    assert line(st, "void", "Orias: ABILITY ON beast").canonical == "Orias: ABILITY ON beast"
    assert line(st, "void", "Orias: ABILITY ON void").status == ILLEGAL
    assert line(st, "void", "Orias: ABILITY").status == INVALID


def test_ability_that_is_not_an_action_is_refused_with_how_it_is_used(make_state):
    st = make_state(players={"void": {"daemons": ["daemon.thamuz", "daemon.baal"]},
                             "beast": {}})
    got = line(st, "void", "Thamuz: ABILITY")
    assert got.status == ILLEGAL
    assert got.message.endswith("write Thamuz: WALK THE EARTH WITHOUT CARD")
    assert got.hint == "ABILITY is for Balban, Ereshkigal, Orias, Sammael, Xaphan"
    assert line(st, "void", "Baal: ABILITY").message.endswith(
        "it is not used in the Action Phase")


# -- Paymon ------------------------------------------------------------------------------------

def _paymon_state(make_state, **void):
    return make_state(players={"void": {"daemons": ["daemon.paymon", "daemon.baal"], **void},
                               "beast": {"daemons": ["daemon.caim", "daemon.orias"]}})


def test_ability_paymon_grants_a_double_pass_at_no_cost(make_state):
    """Baal (14) Passes with Paymon's grant behind Caim (29) and Orias (41); once a turn,
    so his second PASS finds nothing and he takes the empty March (A-10)."""
    st = _paymon_state(make_state, souls=3, hand=[BERSERK])
    log = run_phase(action.run, st, DATA, orders={
        "void": "PAYMON GRANTS DOUBLE PASS TO Baal\nBaal: PASS WITH Berserk Rage IF Caim "
                "HAS ACTED\nBaal: PASS\n"})
    assert acts(log)[0] == ("pass", "Baal (void) takes the Double Pass Paymon (void) grants "
                                    "and now acts after Caim, Orias")
    assert acts(log)[3] == ("pass", "Baal (void) plays Berserk Rage (Pass, 1 Soul) and now "
                                    "acts after Paymon")
    assert st.players["void"].souls == 2 and st.players["void"].hand == []


def test_ability_paymon_grants_once_a_turn(make_state):
    st = _paymon_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "void": "PAYMON GRANTS DOUBLE PASS TO Baal\nPAYMON GRANTS DOUBLE PASS TO Caim\n"
                "Baal: PASS\n", "beast": "Caim: PASS\n"})
    assert [t for k, t in acts(log) if k == "pass"] == [
        "Baal (void) takes the Double Pass Paymon (void) grants and now acts after Caim, "
        "Orias"]
    assert "Caim (beast): PASS not possible: no Pass card in the hand that it can pay for" \
        in notes(log, "beast")


def test_ability_paymon_the_condition_is_read_for_paymons_owner(make_state):
    """SOULS >= 3 are void's Souls, although Caim is beast's."""
    st = _paymon_state(make_state, souls=3)
    log = run_phase(action.run, st, DATA, orders={
        "void": "PAYMON GRANTS DOUBLE PASS TO Caim IF SOULS >= 3\n",
        "beast": "Caim: PASS\n"})
    assert ("pass", "Caim (beast) takes the Double Pass Paymon (void) grants and now acts "
                    "after Orias, Paymon") in acts(log)
    st = _paymon_state(make_state, souls=2)
    log = run_phase(action.run, st, DATA, orders={
        "void": "PAYMON GRANTS DOUBLE PASS TO Caim IF SOULS >= 3\n",
        "beast": "Caim: PASS\n"})
    assert not [k for k, _ in acts(log) if k == "pass"]


@pytest.mark.parametrize("order", ["PASS WITH Fly", "PASS 3"])
def test_ability_paymon_a_named_card_or_a_longer_pass_plays_a_card(make_state, order):
    st = _paymon_state(make_state, souls=5, hand=[FLY, "arcana.getaway"])
    log = run_phase(action.run, st, DATA, orders={
        "void": f"PAYMON GRANTS DOUBLE PASS TO Baal\nBaal: {order}\n"})
    assert acts(log)[0][1].startswith("Baal (void) plays ")
    assert "grants" not in acts(log)[0][1]


def test_ability_paymon_hg_3_3_04_no_grant_while_incapacitated(make_state):
    st = _paymon_state(make_state)
    st.daemons["daemon.paymon"].incapacitated = True
    log = run_phase(action.run, st, DATA, orders={
        "void": "PAYMON GRANTS DOUBLE PASS TO Baal\nBaal: PASS\n"})
    assert not [k for k, _ in acts(log) if k == "pass"]


def test_ability_paymon_grant_order_checks(make_state):
    st = _paymon_state(make_state)
    got = line(st, "void", "paymon grants double pass to baal if caim has not acted")
    assert got.canonical == "PAYMON GRANTS DOUBLE PASS TO Baal IF Caim HAS NOT ACTED"
    assert line(st, "void", "PAYMON GRANTS DOUBLE PASS TO Paymon").message == (
        "Paymon may grant a Double Pass to any Daemon except himself [ability.paymon]")
    other = line(st, "beast", "PAYMON GRANTS DOUBLE PASS TO Caim")
    assert other.status == ILLEGAL and other.message.startswith("Paymon is void's Daemon")
    assert line(st, "void", "PAYMON GRANTS A PASS TO Baal").status == INVALID


# -- Naburos -----------------------------------------------------------------------------------

def _naburos_state(make_state, units):
    return make_state(players={"beast": {"daemons": ["daemon.naburos", "daemon.baal"]},
                               "void": {}}, units=units)


def test_ability_naburos_one_legion_marches_double_distance(make_state):
    path = outward("sectio.spies", 4)
    st = _naburos_state(make_state, [("legion", "beast", "sectio.spies")])
    log = run_phase(action.run, st, DATA, orders={
        "beast": f"Naburos: MARCH 1 LEGION {' > '.join(path)} DOUBLE\n"})
    assert st.units[0].location == outward_ids("sectio.spies", 4)[-1]
    assert ("ability-double", "Naburos (beast) moves 1 Legion double distance (his "
                              "ability)") in acts(log)


def test_ability_naburos_a_lieutenant_six_steps_with_his_legions(make_state):
    path = outward("sectio.spies", 6)
    st = _naburos_state(make_state, [("lieutenant", "beast", "sectio.spies",
                                      "lieutenant.sulla"), ("legion", "beast", "sectio.spies")])
    run_phase(action.run, st, DATA, orders={
        "beast": f"Naburos: MARCH LIEUTENANT Sulla {path[0]} +1 > {' > '.join(path[1:])} "
                 "DOUBLE\n"})
    assert {u.location for u in st.units} == {outward_ids("sectio.spies", 6)[-1]}


def test_ability_naburos_double_order_checks(make_state):
    st = _naburos_state(make_state, [])
    four = " > ".join(outward("sectio.spies", 4))
    five = " > ".join(outward("sectio.spies", 5))
    got = line(st, "beast", f"Naburos: MARCH 1 LEGION {four} ON BLOCK STOP BEFORE DOUBLE")
    assert got.canonical == f"Naburos: MARCH 1 LEGION {four.upper()} DOUBLE ON BLOCK STOP BEFORE"
    assert line(st, "beast", got.canonical).canonical == got.canonical  # it round-trips
    assert line(st, "beast", f"Naburos: MARCH 1 LEGION {four}").status == ILLEGAL
    too_far = line(st, "beast", f"Naburos: MARCH 1 LEGION {five} DOUBLE")
    assert too_far.status == ILLEGAL and "at most 4 with DOUBLE" in too_far.message
    baal = line(st, "beast", f"Baal: MARCH 1 LEGION {four} DOUBLE")
    assert baal.message == "only Naburos moves a Unit double distance, not Baal"
    twice = line(st, "beast", "Naburos: MARCH 1 LEGION Spies > Traitors DOUBLE; 1 LEGION "
                              "Liars > Falsifiers DOUBLE")
    assert twice.status == ILLEGAL and "keep one DOUBLE" == twice.hint


# -- Caim --------------------------------------------------------------------------------------

def _caim_state(make_state, units=(), **keys):
    return make_state(players={"keys": {"daemons": ["daemon.caim", "daemon.baal"], **keys},
                               "beast": {"daemons": ["daemon.thamuz"]}}, units=list(units))


def test_ability_caim_rerolls_the_first_failed_atonement(make_state):
    """Baal (3 Hearts): 2+3=5 achieves nothing; Caim re-rolls the 2: 6+3=9."""
    st = _caim_state(make_state, disfavours=1)
    log = run_phase(action.run, st, DATA, orders={
        "keys": "CAIM REROLLS FIRST FAILED ATONEMENT\nBaal: ATONE\n"}, script=[2, 3, 6])
    assert acts(log)[:2] == [
        ("ability-reroll", "Caim (keys) re-rolls the 2 of Baal (keys)'s Atonement: 6"),
        ("atone", "Baal (keys) atones (3 Hearts): 2+3=5, re-rolled 6+3=9, discards "
                  "1 Disfavour")]
    assert st.players["keys"].disfavours == 0


def test_ability_caim_once_a_turn_and_the_new_face_stands(make_state):
    """Baal's 2+3 fails and Caim re-rolls the 2: a 1, so 1+3=4 and he is Incapacitated.
    Thamuz's 2+2 fails too, and is not re-rolled: Caim has used her die this turn."""
    st = make_state(players={"keys": {"daemons": ["daemon.caim", "daemon.baal",
                                                  "daemon.thamuz"]}, "beast": {}})
    log = run_phase(action.run, st, DATA, orders={
        "keys": "CAIM REROLLS FIRST FAILED ANY\nBaal: ATONE\nThamuz: ATONE\n"},
        script=[2, 3, 1, 2, 2])
    assert [k for k, _ in acts(log)] == ["ability-reroll", "atone", "atone",
                                         "pass-for-good"]
    assert st.daemons["daemon.baal"].incapacitated
    assert st.daemons["daemon.thamuz"].incapacitated  # 2+2: no second re-roll


def test_ability_caim_rerolls_only_her_triumvirates_dice(make_state):
    st = _caim_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "keys": "CAIM REROLLS FIRST FAILED ATONEMENT\n", "beast": "Thamuz: ATONE\n"},
        script=[3, 3])
    assert "ability-reroll" not in [k for k, _ in acts(log)]


def test_ability_caim_rerolls_a_failed_evil_deeds_die(make_state):
    st = _caim_state(make_state)
    st.daemons["daemon.baal"].where = "earth"
    log = run_phase(action.run, st, DATA, orders={
        "keys": "CAIM REROLLS FIRST FAILED EVIL DEEDS\nBaal: EVIL DEEDS\n"},
        script=[6, 2, 4, 6])
    assert acts(log)[1] == ("evil-deeds", "Baal (keys) does Evil Deeds on Earth: 6, 6, 4, "
                                          "2 Favours")


def test_ability_caim_rerolls_a_six_leaving_antehell(make_state):
    st = _caim_state(make_state, units=[("legion", "keys", "antehell")])
    log = run_phase(action.run, st, DATA, orders={
        "keys": "CAIM REROLLS FIRST FAILED ANTEHELL\nBaal: MARCH LEGION AnteHell > Hell\n"},
        script=[6, 3])
    assert st.units[0].location == DATA.antehell_entry(3)
    assert acts(log)[0] == ("ability-reroll", "Caim (keys) re-rolls the 6 of 1 Legion "
                                              "leaving AnteHell: 3")


def test_ability_caim_hg_3_3_04_no_reroll_while_incapacitated(make_state):
    st = _caim_state(make_state)
    st.daemons["daemon.caim"].incapacitated = True
    log = run_phase(action.run, st, DATA, orders={
        "keys": "CAIM REROLLS FIRST FAILED ATONEMENT\nBaal: ATONE\n"}, script=[2, 3])
    assert "ability-reroll" not in [k for k, _ in acts(log)]


def test_ability_caim_reroll_order_checks(make_state):
    st = _caim_state(make_state)
    assert line(st, "keys", "caim rerolls atonement, evil deeds").canonical == \
        "CAIM REROLLS FIRST FAILED ATONEMENT, EVIL DEEDS"
    assert line(st, "keys", "CAIM REROLLS FIRST FAILED ATONEMENT, ANY").canonical == \
        "CAIM REROLLS FIRST FAILED ANY"
    assert line(st, "keys", "CAIM REROLLS FIRST FAILED FLIGHT").canonical == \
        "CAIM REROLLS FIRST FAILED FLIGHT"  # test_reroll_flight.py
    assert line(st, "keys", "CAIM REROLLS INFLUENCE").canonical == \
        "CAIM REROLLS FIRST FAILED INFLUENCE"
    assert line(st, "keys", "CAIM REROLLS FIRST FAILED COMBAT").status == INVALID
    assert line(st, "beast", "CAIM REROLLS FIRST FAILED ANY").status == ILLEGAL
    twice = check_sheet(st, DATA, "keys", "CAIM REROLLS ANY\nCAIM REROLLS ATONEMENT\n")
    assert [x.status for x in twice.lines] == [ACCEPTED, ILLEGAL]


def test_ability_caim_rerolls_a_failed_influence_die(make_state):
    """Baal (3 Hearts) tries to disband a Legion not at home: a 5 fails; Caim re-rolls
    it (IP-33): a 2 disbands it."""
    st = _caim_state(make_state, units=[("legion", "beast", "sectio.liars")])
    log = run_phase(action.run, st, DATA, orders={
        "keys": "CAIM REROLLS INFLUENCE\nBaal: INFLUENCE LEGION AT Liars\n"}, script=[5, 2])
    assert ("ability-reroll", "Caim (keys) re-rolls Influence die 1 of Baal (keys): 2") in \
        acts(log)
    assert [u for u in st.units if u.owner == "beast"] == []


# -- Gomory ------------------------------------------------------------------------------------

def test_ability_gomory_is_the_influence_reroll():
    """Gomory's ability is INFLUENCE ... REROLL (tests in test_influence.py); registered."""
    from pbem_games.hellgame.action import diplomacy

    assert effects.ABILITIES["ability.gomory"] is diplomacy.run_influence


@pytest.mark.parametrize("text", ["CAIM REROLLS", "CAIM REROLLS ,", "CAIM REROLLS FIRST FAILED",
                                  "PAYMON GRANTS", "PAYMON GRANTS DOUBLE PASS TO",
                                  "PAYMON GRANTS DOUBLE PASS TO Caim IF"])
def test_ability_standing_orders_without_their_object_are_invalid(make_state, text):
    st = make_state(players={"keys": {"daemons": ["daemon.caim", "daemon.paymon"]},
                             "beast": {}})
    got = line(st, "keys", text)
    assert got.status == INVALID and got.message
