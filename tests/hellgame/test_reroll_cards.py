"""The re-roll Arcana, Try Again (arcana.try-again) and Re-roll (arcana.re-roll), played
by the standing order REROLL WITH (orders/rerolls.py, action/reroll_cards.py; IP-33:
default not used)."""

from phase_runner import run_phase

from pbem.engine import ILLEGAL, INVALID
from pbem_games.hellgame import action, combat, effects
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()
TRY, REROLL, IDNW = "arcana.try-again", "arcana.re-roll", "arcana.it-did-not-work"
SH = "sectio.sugar-hill"


def acts(log) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def line(st, player, text):
    sheet = check_sheet(st, DATA, player, text)
    assert len(sheet.lines) == 1
    return sheet.lines[0]


def _state(make_state, hand, units=(), **keys):
    return make_state(players={"keys": {"daemons": ["daemon.baal"], "hand": list(hand), **keys},
                               "beast": {"daemons": ["daemon.xaphan"],
                                         "hand": [IDNW]}}, units=list(units))


def test_both_cards_are_registered_and_not_spells():
    assert {TRY, REROLL} <= set(effects.ARCANA)
    effects.check(DATA)


def test_try_again_rerolls_the_failed_atonement_die(make_state):
    """arcana.try-again (IP-33): Baal (3 Hearts) 2+3=5 achieves nothing; Try Again
    re-rolls the 2: 6+3=9 discards 1 Disfavour. The card goes to the bottom of the deck."""
    st = _state(make_state, [TRY], disfavours=1)
    log = run_phase(action.run, st, DATA, orders={
        "keys": "REROLL WITH Try Again FIRST FAILED ATONEMENT\nBaal: ATONE\n"},
        script=[2, 3, 6])
    assert acts(log)[:3] == [
        ("cast", "Baal (keys) casts Try Again to re-roll a failed die"),
        ("card-reroll", "keys re-rolls the 2 of Baal (keys)'s Atonement with Try Again: 6."),
        ("atone", "Baal (keys) atones (3 Hearts): 2+3=5, re-rolled 6+3=9, discards "
                  "1 Disfavour")]
    assert st.players["keys"].disfavours == 0
    assert st.players["keys"].hand == [] and st.arcana_deck[-1] == TRY


def test_try_again_without_the_order_is_not_used_ip_33(make_state):
    st = _state(make_state, [TRY], disfavours=1)
    log = run_phase(action.run, st, DATA, orders={"keys": "Baal: ATONE\n"}, script=[2, 3])
    assert not any(k in ("cast", "card-reroll") for k, _ in acts(log))
    assert st.players["keys"].hand == [TRY]


def test_try_again_countered_by_it_did_not_work_rerolls_nothing(make_state):
    """arcana.try-again is a played Arcana: It Did Not Work cancels it (HG-9.8.2-01);
    the card is spent, the die stands."""
    st = _state(make_state, [TRY], disfavours=1)
    log = run_phase(action.run, st, DATA, orders={
        "keys": "REROLL WITH Try Again FIRST FAILED ANY\nBaal: ATONE\n",
        "beast": "COUNTER Try Again WITH It Did Not Work USING Xaphan\n"}, script=[2, 3])
    kinds = [k for k, _ in acts(log)]
    assert kinds[:4] == ["cast", "counter", "countered", "reroll-card-cancelled"]
    assert ("reroll-card-cancelled", "Try Again of Baal (keys) is cancelled: no die is "
                                     "re-rolled.") in acts(log)
    assert "card-reroll" not in kinds
    assert st.players["keys"].hand == [] and st.players["beast"].hand == []
    assert st.players["keys"].disfavours == 1


def test_re_roll_rerolls_every_failed_evil_deeds_die(make_state):
    """arcana.re-roll, "one or more dice": Baal's 6, 2, 4 on Earth; Re-roll re-rolls
    the 2 and the 4 (6, 6): 3 Favours."""
    st = _state(make_state, [REROLL])
    st.daemons["daemon.baal"].where = "earth"
    log = run_phase(action.run, st, DATA, orders={
        "keys": "REROLL WITH Re-roll FIRST FAILED EVIL DEEDS\nBaal: EVIL DEEDS\n"},
        script=[6, 2, 4, 6, 6])
    rerolls = [t for k, t in acts(log) if k == "card-reroll"]
    assert rerolls == ["keys re-rolls the 2 of Baal (keys)'s Evil Deeds with Re-roll: 6.",
                       "keys re-rolls the 4 of Baal (keys)'s Evil Deeds with Re-roll: 6."]
    assert ("evil-deeds", "Baal (keys) does Evil Deeds on Earth: 6, 6, 6, 3 Favours") in \
        acts(log)
    assert st.players["keys"].favours == 3 and st.players["keys"].hand == []


def test_caim_first_then_the_card_while_the_roll_still_fails(make_state):
    """arcana.try-again after Caim (IP-33): Caim re-rolls the 6 of a Legion leaving
    AnteHell (free), another 6; Try Again re-rolls it: 3, Quarter 3."""
    st = make_state(players={"keys": {"daemons": ["daemon.caim", "daemon.baal"],
                                      "hand": [TRY]}, "beast": {}},
                    units=[("legion", "keys", "antehell")])
    log = run_phase(action.run, st, DATA, orders={
        "keys": "CAIM REROLLS ANTEHELL\nREROLL WITH Try Again FIRST FAILED ANTEHELL\n"
                "Baal: MARCH LEGION AnteHell > Hell\n"}, script=[6, 6, 3])
    kinds = [k for k, _ in acts(log)]
    assert kinds[:3] == ["ability-reroll", "cast", "card-reroll"]
    assert st.units[0].location == DATA.antehell_entry(3)


def test_re_roll_rerolls_a_failed_influence_die(make_state):
    """arcana.re-roll: Baal (3 Hearts) fails to disband a Legion with a 5; Re-roll: 2."""
    st = _state(make_state, [REROLL], units=[("legion", "beast", "sectio.liars")])
    log = run_phase(action.run, st, DATA, orders={
        "keys": "REROLL WITH Re-roll FIRST FAILED INFLUENCE\nBaal: INFLUENCE LEGION AT "
                "Liars\n"}, script=[5, 2])
    assert ("card-reroll", "keys re-rolls Influence die 1 of Baal (keys) with Re-roll: 2.") \
        in acts(log)
    assert [u for u in st.units if u.owner == "beast"] == []


def test_re_roll_saves_a_unit_in_combat(make_state):
    """arcana.re-roll, "Combat Phase": a's Legion fails its save against Ukobach's 2
    Skulls with a 5; Ukobach brought Re-roll: the re-roll, 1, saves it."""
    st = make_state(players={"a": {"daemons": ["daemon.ukobach"], "hand": [REROLL]},
                             "b": {}, "c": {}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Ukobach IN Sugar Hill BRINGING Re-roll\n"
             "REROLL WITH Re-roll FIRST FAILED COMBAT SAVES\n"}, script=[6, 1, 6, 4, 5, 1])
    assert ("card-played", "Ukobach (a) plays Re-roll to re-roll the save of legion u1 (5)."
            ) in acts(log)
    assert ("card-reroll", "a re-rolls the save of legion u1 (5) with Re-roll: 1.") in acts(log)
    saves = [(e.data["unit"], e.data["faces"], e.data["saved"]) for e in log.events
             if e.kind == "combat-save"]
    assert saves == [("u3", [4], False), ("u1", [1], True)]
    assert len(st.units_of("a")) == 2 and st.players["a"].hand == []


def test_re_roll_in_combat_only_if_brought(make_state):
    """HG-11.1-03: a card not brought to the combat is not played there."""
    st = make_state(players={"a": {"daemons": ["daemon.ukobach"], "hand": [REROLL]},
                             "b": {}, "c": {}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Ukobach IN Sugar Hill\nREROLL WITH Re-roll FIRST FAILED ANY\n"},
        script=[6, 1, 6, 4, 5])
    assert not any(k == "card-reroll" for k, _ in acts(log))
    assert st.players["a"].hand == [REROLL] and len(st.units_of("a")) == 1


def test_reroll_with_order_checks(make_state):
    st = _state(make_state, [TRY, REROLL])
    assert line(st, "keys", "reroll with try again first failed atonement, evil deeds"
                ).canonical == "REROLL WITH Try Again FIRST FAILED ATONEMENT, EVIL DEEDS"
    assert line(st, "keys", "REROLL WITH Re-roll FIRST FAILED COMBAT SAVES, ANY").canonical \
        == "REROLL WITH Re-roll FIRST FAILED ANY"
    got = line(st, "keys", "REROLL WITH Try Again FIRST FAILED COMBAT SAVES")
    assert got.status == ILLEGAL and "Action card" in got.message
    assert line(st, "keys", "REROLL WITH Frenzy FIRST FAILED ANY").status == ILLEGAL
    assert line(st, "keys", "REROLL WITH Re-roll FIRST FAILED FLIGHT").canonical == \
        "REROLL WITH Re-roll FIRST FAILED FLIGHT"  # test_reroll_flight.py
    assert line(st, "keys", "REROLL WITH Re-roll ATONEMENT").status == INVALID
    assert line(st, "keys", "REROLL WITH Re-roll FIRST FAILED").status == INVALID


def test_cast_and_combat_cast_of_the_cards_point_to_reroll_with(make_state):
    """arcana.try-again, arcana.re-roll are never cast: the refusal names REROLL WITH."""
    st = _state(make_state, [TRY, REROLL])
    for text in ("Baal: CAST Try Again", "Baal: CAST Re-roll",
                 "COMBAT CAST Re-roll IN Sugar Hill", "COMBAT CAST Try Again IN Sugar Hill"):
        got = line(st, "keys", text)
        assert got.status == ILLEGAL, text
        assert "played by a standing order" in got.message, text
        assert "REROLL WITH" in got.hint, text
