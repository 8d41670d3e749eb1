"""The §15.2 rescue as a hook (issue 21): hooks.py, ownership.py, all_lost.rescue_on_loss.

000 §15.2: "Should a Triumvirate lose its last Sectio at any point during the game, The
First Fallen will immediately step in" (HG-15.2-01/02). Every path that changes a
Sectio's owner goes through ownership.py, which fires "sectio-owner-changed" when the
step that made the change ends; the rescue is registered there, so Uriel, Phenomena,
Victor's Right and Events all trigger it without calling it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from phase_runner import run_phase
from random_kit import run as run_random_moves
from random_kit import uriel

from pbem.dice import Dice
from pbem_games.hellgame import effects, hooks, ownership, petitions
from pbem_games.hellgame.hellcards import income
from pbem_games.hellgame.log import Log

FOREST = "sectio.the-forest-of-suicides"  # 6 Souls
LIARS = "sectio.liars"  # 4 Souls
ADDICTION = "sectio.addiction"
THIEVES, BANKERS = "sectio.thieves", "sectio.bankers-and-brokers"  # Greedy, 3 and 2 Souls
SUGAR, UNDER = "sectio.sugar-hill", "sectio.underachievers"
FALSIFIERS = "sectio.falsifiers"
TOUCHY = "phenomenon.the-boss-is-touchy"


def rules(log):
    return [e.rule for e in log.events]


def texts(log, kind):
    return [e.text for e in log.events if e.kind == kind]


def revoke(st, data, area, script=()):
    """The Revoke Sectio Phenomenon striking `area`, with the Warning Sign set."""
    log, dice = Log(), Dice(script=list(script))
    st.warning_sign = {"card": "hell.christmas", "phenomenon": "phenomenon.revoke-sectio",
                       "scope": "x", "sectio": area}
    effects.PHENOMENA["phenomenon.revoke-sectio"](st, {}, dice, data, log, "hell.christmas",
                                                  area)
    dice.finish()
    return log


# -- every path triggers the rescue ----------------------------------------------------------
def test_hg_15_2_01_02_uriel_takes_the_last_sectio_and_the_loser_is_rescued_at_once(
        make_state, data):
    """Uriel enters THE WISE MEN (die 4), then FOREST (die 2), keys's only Sectio, and
    revokes it (HG-10.1-08). keys is rescued before Uriel moves on: LIARS, with devourer's
    3 Legions, the most Units (devourer keeps ADDICTION), and 2 x 4 Souls."""
    st = make_state({"keys": {}, "devourer": {}},
                    owners={FOREST: "keys", LIARS: "devourer", ADDICTION: "devourer"},
                    units=[("legion", "devourer", LIARS)] * 3 + [uriel("antehell")])
    log = run_random_moves(st, data, script=[4, 2, 5, 5])  # 5, 5: he stays (steps 3, 4)
    assert st.owners == {LIARS: "keys", ADDICTION: "devourer"}
    assert [u.owner for u in st.units_at(LIARS)] == ["keys"] * 3
    assert st.players["keys"].souls == 8
    assert [e.kind for e in log.events] == ["uriel-enters", "uriel-enters", "uriel-revokes",
                                            "last-sectio", "uriel-idles", "uriel-idles"]
    assert texts(log, "last-sectio") == [
        "keys lost his last Sectio: The First Fallen gives him LIARS from devourer (3 Units) "
        "and 8 Souls."]


def test_hg_15_2_01_02_revoke_sectio_phenomenon_takes_the_last_sectio(make_state, data):
    """Lucifer revokes THIEVES, a's only Sectio; b's LIARS holds the most Units (b keeps
    SUGAR), so a gets LIARS, b's 2 Legions and 2 x 4 Souls."""
    st = make_state(["a", "b"], owners={THIEVES: "a", LIARS: "b", SUGAR: "b"},
                    units=[("legion", "b", LIARS), ("legion", "b", LIARS)])
    log = revoke(st, data, [THIEVES])
    assert st.owners == {LIARS: "a", SUGAR: "b"}
    assert [u.owner for u in st.units] == ["a", "a"]
    assert st.players["a"].souls == 8
    assert rules(log) == ["HG-6.2-01", "HG-15.2-01"]


def test_hg_15_2_01_revoke_sectio_strikes_the_whole_area_before_the_rescue(make_state, data):
    """The area (THIEVES, a's; BANKERS, b's, with b's 3 Legions) is revoked in one step,
    then a is rescued once: BANKERS, now nobody's, holds the most Units. Had a been rescued
    after THIEVES alone, he would have been given BANKERS and then lost it again."""
    st = make_state(["a", "b"], owners={THIEVES: "a", BANKERS: "b", LIARS: "b"},
                    units=[("legion", "b", BANKERS)] * 3)
    log = revoke(st, data, [THIEVES, BANKERS])
    assert st.owners == {BANKERS: "a", LIARS: "b"}
    assert [u.owner for u in st.units] == ["a"] * 3
    assert st.players["a"].souls == 4
    assert [e.kind for e in log.events] == ["sectio-revoked", "sectio-revoked", "last-sectio"]


def test_hg_15_2_01_02_victors_right_after_combat_takes_the_last_sectio(make_state, data):
    """a won a combat in FALSIFIERS, b's only Sectio, and claims it by Victor's Right
    (HG-12.2-01, no Disfavour so no roll). b is rescued with FOREST (c's 2 Legions, the
    most Units; c keeps UNDER) and 2 x 6 Souls."""
    st = make_state(["a", "b", "c"], owners={FALSIFIERS: "b", FOREST: "c", UNDER: "c"},
                    units=[("legion", "a", FALSIFIERS), ("legion", "c", FOREST),
                           ("legion", "c", FOREST)],
                    combat_wins={FALSIFIERS: {"winners": ["a"], "rounds": 2}})
    log = run_phase(petitions.run, st, data)
    assert st.owners == {FALSIFIERS: "a", FOREST: "b", UNDER: "c"}
    assert [u.owner for u in st.units_at(FOREST)] == ["b", "b"]
    assert st.players["b"].souls == 12
    assert rules(log) == ["HG-12.2-01", "HG-15.2-01"]


def test_hg_15_2_01_freebooters_take_over_all_their_sectio_before_the_rescue(
        make_state, data):
    """HG-12.3-01: Freebooters take LIARS, a's only Sectio, and THIEVES, b's (b keeps
    SUGAR), in one step; then a is rescued with THIEVES, its 3 Freebooter Legions the most
    Units (A-30: they become his) and 2 x 3 Souls. Rescued after LIARS alone, he would
    have been given THIEVES only to lose it to the same Freebooters."""
    st = make_state(["a", "b"], owners={LIARS: "a", THIEVES: "b", SUGAR: "b"},
                    units=[("legion", None, LIARS)] + [("legion", None, THIEVES)] * 3)
    log, dice = Log(), Dice(script=[])
    petitions.freebooters_take_over(st, dice, data, log)
    dice.finish()
    assert st.owners == {THIEVES: "a", SUGAR: "b"} and st.freebooter_sectio == [LIARS]
    assert [u.owner for u in st.units_at(THIEVES)] == ["a"] * 3
    assert st.players["a"].souls == 6
    assert rules(log) == ["HG-12.3-01", "HG-12.3-01", "HG-15.2-01"]


def test_hg_15_2_01_i_want_it_all_unpaid_last_sectio_is_rescued(make_state, data):
    """I Want It All: a cannot pay 3 Souls for THIEVES, his only Sectio, and loses it; he is
    rescued with LIARS (b's Legion, the most Units; b keeps SUGAR)."""
    st = make_state(["a", "b"], owners={THIEVES: "a", LIARS: "b", SUGAR: "b"},
                    units=[("legion", "b", LIARS)], event="hell.i-want-it-all")
    log, dice = Log(), Dice(script=[])
    income.i_want_it_all(st, data, log, dice)
    dice.finish()
    assert st.owners == {LIARS: "a", SUGAR: "b"}
    assert [e.kind for e in log.events] == ["greedy-lost", "last-sectio"]


# -- what one step means -----------------------------------------------------------------------
def test_hg_15_2_01_a_swap_made_in_one_step_rescues_nobody(make_state, data):
    """Landswap or a trade gives each side a Sectio for his only one: nobody is ever left
    without, so nothing is rescued."""
    st = make_state(["a", "b"], owners={THIEVES: "a", LIARS: "b"},
                    units=[("legion", "b", FOREST)])
    log = Log()
    with ownership.Step(st, Dice(script=[]), data, log) as step:
        assert step.set(THIEVES, "b", "test swap") and step.set(LIARS, "a", "test swap")
    assert st.owners == {THIEVES: "b", LIARS: "a"}
    assert log.events == []


def test_hg_15_2_01_the_rescue_gives_no_sectio_the_boss_is_touchy_freezes(make_state, data):
    """LIARS holds the most Units but The Boss Is Touchy freezes it (HG-6.2-01): the
    rescue gives FOREST, the next best, instead of Souls and Units without the Sectio."""
    st = make_state(["a", "b"], owners={THIEVES: "a", SUGAR: "b"},
                    units=[("legion", "b", LIARS)] * 2 + [("legion", "b", FOREST)],
                    warning_sign={"card": "hell.crusade", "phenomenon": TOUCHY,
                                  "scope": "quarter", "sectio": [LIARS]})
    log = Log()
    ownership.set_owner(st, Dice(script=[]), data, log, THIEVES, None, "test")
    assert st.owners == {FOREST: "a", SUGAR: "b"}
    assert st.players["a"].souls == 12


def test_set_owner_refused_by_the_boss_is_touchy_fires_nothing(make_state, data):
    st = make_state(["a", "b"], owners={THIEVES: "a"},
                    warning_sign={"card": "hell.crusade", "phenomenon": TOUCHY,
                                  "scope": "quarter", "sectio": [THIEVES]})
    log = Log()
    assert not ownership.set_owner(st, Dice(script=[]), data, log, THIEVES, None, "test")
    assert st.owners == {THIEVES: "a"} and log.events == []


# -- the hooks themselves ----------------------------------------------------------------------
def test_the_rescue_is_registered_on_sectio_owner_changed():
    assert "pbem_games.hellgame.all_lost.rescue_on_loss" in hooks.registrants(
        "sectio-owner-changed")


def test_hooks_run_by_order_then_name_and_refuse_mistakes(monkeypatch):
    monkeypatch.setitem(hooks.POINTS, "test-point", "(calls)")
    monkeypatch.setitem(hooks._HOOKS, "test-point", [])

    @hooks.hook("test-point", order=20)
    def late(calls):
        calls.append("late")

    @hooks.hook("test-point", order=10)
    def zeta(calls):
        calls.append("zeta")

    @hooks.hook("test-point", order=10)
    def alpha(calls):
        calls.append("alpha")

    calls: list[str] = []
    hooks.fire("test-point", calls)
    assert calls == ["alpha", "zeta", "late"]
    with pytest.raises(ValueError, match="registered twice"):
        hooks.hook("test-point", order=1)(alpha)
    with pytest.raises(ValueError, match="unknown hook point"):
        hooks.hook("no-such-point", order=1)
    with pytest.raises(ValueError, match="unknown hook point"):
        hooks.fire("no-such-point")


def test_collect_keeps_every_answer_and_first_stops_at_the_first(monkeypatch):
    monkeypatch.setitem(hooks.POINTS, "test-ask", "(asked)")
    monkeypatch.setitem(hooks._HOOKS, "test-ask", [])

    @hooks.hook("test-ask", order=1)
    def silent(asked):
        asked.append("silent")  # answers None: not collected, and first goes on

    @hooks.hook("test-ask", order=2)
    def two(asked):
        asked.append("two")
        return 2

    @hooks.hook("test-ask", order=3)
    def three(asked):
        asked.append("three")
        return 3

    asked: list[str] = []
    assert hooks.collect("test-ask", asked) == [2, 3]
    assert asked == ["silent", "two", "three"]
    asked.clear()
    assert hooks.first("test-ask", asked) == 2
    assert asked == ["silent", "two"]  # three was not asked
    monkeypatch.setitem(hooks._HOOKS, "test-ask", [hooks._HOOKS["test-ask"][0]])
    assert hooks.first("test-ask", [], default="none") == "none"
    assert hooks.collect("test-ask", []) == []


def test_every_module_that_registers_a_hook_is_imported_by_the_loader():
    """hooks.fire imports the game's loader.py: a module with `@hook(` that the loader
    does not import would register only if someone happened to import it first. Checked
    in a fresh interpreter that imports the loader alone."""
    root = Path(hooks.__file__).parent
    using = sorted(f"pbem_games.hellgame.{p.relative_to(root).with_suffix('').as_posix()}"
                   .replace("/", ".") for p in root.rglob("*.py")
                   if p.name != "hooks.py" and "@hook(" in p.read_text())
    assert using
    code = ("import sys, pbem_games.hellgame.loader; "
            f"print([m for m in {using!r} if m not in sys.modules])")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_every_hook_point_has_a_registrant():
    assert all(hooks.registrants(point) for point in hooks.POINTS)
