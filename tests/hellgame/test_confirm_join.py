"""Issue 20: a JOIN line that cannot be carried out no longer cancels the default joining
of the player's other Daemons (IP-38, A-36), and the player is told why it failed and
what happened instead (combat/fight.py `join`, an "order-failed" event for him alone).
The confirmation warns of a JOIN line whose Daemon is Incapacitated (HG-11.1-04)."""

from __future__ import annotations

from pbem.dice import Dice
from pbem_games.hellgame import GAME, combat
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log

DATA = load_data()
SH, ADD = "sectio.sugar-hill", "sectio.addiction"
#: a's Legions roll 6 and 1, b's 6; b's save 4 fails, a's hit Legion saves on a 2 with
#: Ukobach's 2 Skulls (HG-11.2.3-05): a wins in one round
DICE = [6, 1, 6, 4, 2]


def state(make_state, incapacitated=True, **kw):
    return make_state(players={"a": {"daemons": ["daemon.caim", "daemon.ukobach"],
                                     "hand": kw.pop("hand", [])}, "b": {}, "c": {}},
                      daemons={"daemon.caim": {"incapacitated": incapacitated}}, turn=2,
                      units=kw.pop("units", [("legion", "a", SH)] * 2 + [("legion", "b", SH)]),
                      **kw)


def fight(st, text: str, script=DICE):
    """The Combat Phase on a's sheet as checked at the deadline (check_orders)."""
    sheets = {p: None for p in st.seats}
    sheets["a"] = GAME.check_orders(st.to_dict(), "a", text)
    log, dice = Log(), Dice(script=list(script))
    combat.run(st, sheets, dice, DATA, log)
    dice.finish()
    return log, sheets["a"]


def joins(log) -> list[tuple[str, str]]:
    return [(e.text, e.rule) for e in log.events if e.kind == "combat-join"]


def failed(log) -> list[tuple[str, str]]:
    return [(e.text, e.rule) for e in log.events
            if e.kind == "order-failed" and e.visible_to == ("a",)]


def test_hg_11_1_04_a_failed_join_falls_back_to_the_default_ip_38(make_state):
    log, sheet = fight(state(make_state), "JOIN Caim IN Sugar Hill")
    assert sheet.lines[0].warning == (
        "Caim is Incapacitated now: unless freed before the Combat Phase it joins no combat "
        "this turn, and where no other JOIN line sends a Daemon, your free Daemon in Hell "
        "with most Skulls joins instead, by default (IP-38) [HG-11.1-04]; name another "
        "Daemon in this line")
    assert joins(log) == [("Ukobach (a) joins the combat in SUGAR HILL, bringing 0 Arcana "
                           "cards", "IP-38")]
    assert failed(log) == [(
        "Line 1, JOIN Caim IN SUGAR HILL, was not carried out: in the combat in SUGAR HILL, "
        "Caim is Incapacitated [HG-11.1-04]; Ukobach joins instead, by default (IP-38).",
        "HG-11.1-04")]


def test_hg_11_1_04_a_daemon_on_earth_fails_its_line_the_same_way(make_state):
    st = state(make_state, incapacitated=False)
    st.daemons["daemon.caim"].where = "earth"
    st.daemons["daemon.caim"].walk_card = "arcana.frenzy"
    log, sheet = fight(st, "JOIN Caim IN Sugar Hill")
    assert not sheet.lines[0].warning  # it may come back to Hell before the Combat Phase
    assert [r for _, r in joins(log)] == ["IP-38"]
    assert failed(log) == [(
        "Line 1, JOIN Caim IN SUGAR HILL, was not carried out: in the combat in SUGAR HILL, "
        "Caim is on Earth [HG-11.1-04]; Ukobach joins instead, by default (IP-38).",
        "HG-11.1-04")]


def test_hg_11_1_01_join_nobody_stands_no_fallback(make_state):
    log, sheet = fight(state(make_state), "JOIN Caim IN Sugar Hill\nJOIN NOBODY",
                       script=[6, 1, 6, 4, 1])  # no Daemon: a's Legion saves on a 1 only
    assert "your JOIN NOBODY" in sheet.lines[0].warning
    assert joins(log) == []
    assert failed(log) == [(
        "Line 1, JOIN Caim IN SUGAR HILL, was not carried out: in the combat in SUGAR HILL, "
        "Caim is Incapacitated [HG-11.1-04]; no other Daemon of yours joins (your JOIN "
        "NOBODY).", "HG-11.1-04")]


def test_hg_11_1_01_another_line_that_sends_a_daemon_stands(make_state):
    log, _ = fight(state(make_state), "JOIN Caim IN Sugar Hill\nJOIN Ukobach IN Sugar Hill")
    assert joins(log) == [("Ukobach (a) joins the combat in SUGAR HILL, bringing 0 Arcana "
                           "cards", "HG-11.1-01")]
    assert failed(log) == [(
        "Line 1, JOIN Caim IN SUGAR HILL, was not carried out: in the combat in SUGAR HILL, "
        "Caim is Incapacitated [HG-11.1-04]; Ukobach joins by another of your JOIN lines.",
        "HG-11.1-04")]


def test_hg_11_1_03_a_line_used_up_in_an_earlier_combat_is_no_failure(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.ukobach"]}, "b": {}, "c": {}}, turn=2,
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)]
                    + [("legion", "a", ADD)] * 2 + [("legion", "b", ADD)])
    log, _ = fight(st, "JOIN Ukobach ANYWHERE", script=[1, 2, 6, 6, 1, 3, 6, 6, 1, 3])
    assert [t for t, _ in joins(log)] == [
        "Ukobach (a) joins the combat in SUGAR HILL, bringing 0 Arcana cards"]
    assert failed(log) == []


def test_hg_11_1_03_a_daemon_joining_without_a_card_it_was_to_bring(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.ukobach", "daemon.caim"],
                                   "hand": ["arcana.frenzy"]}, "b": {}, "c": {}}, turn=2,
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)]
                    + [("legion", "a", ADD)] * 2 + [("legion", "b", ADD)])
    log, _ = fight(st, "JOIN Ukobach IN Sugar Hill BRINGING Frenzy\n"
                       "JOIN Caim IN Addiction BRINGING Frenzy",
                   script=[2, 5, 6, 6, 1, 3, 6, 6, 1, 3])
    assert failed(log) == [(
        "Line 2, JOIN Caim IN ADDICTION BRINGING Frenzy, was carried out only in part: Caim "
        "joins the combat in ADDICTION without Frenzy: no longer in your hand, or brought to "
        "an earlier combat this turn.", "HG-11.1-03")]


def test_ip_38_without_a_join_line_nothing_changes(make_state):
    log, _ = fight(state(make_state), "")
    assert [r for _, r in joins(log)] == ["IP-38"] and failed(log) == []
