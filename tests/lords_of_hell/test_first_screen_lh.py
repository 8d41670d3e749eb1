"""Issue 20: a Lords of Hell report starts with what changed for the Devil, losses
first, each with its cause (pbem.ledger over games/lords_of_hell/holdings.py)."""

from __future__ import annotations

import pytest

from pbem.demo import run_demo

FIRST = 40


def first_lines(text: str) -> str:
    return "\n".join(text.splitlines()[:FIRST])


def lost_part(text: str) -> str:
    part = text.split("WHAT CHANGED FOR YOU", 1)[1].split("\n\n", 1)[0]
    return part.split("Gained:", 1)[0]


@pytest.fixture(scope="module")
def lords_demo(tmp_path_factory):
    site = tmp_path_factory.mktemp("lh") / "demo"
    run_demo(site, echo=lambda s: None, game_type="lords-of-hell")
    return site


def test_lh_a_captured_devil_is_told_first(lords_demo):
    """Lords of Hell demo, turn 1 combat round 1: anna's army is destroyed, she is
    captured and loses her home realm — all on her first screen, with their causes."""
    folder = lords_demo / "reports/demo/01-turn-1-combat-round-1"
    text = (folder / "anna.txt").read_text()
    lost = lost_part(text).replace("\n    ", " ")
    assert lost.replace(" ", "") in first_lines(text).replace("\n    ", " ").replace(" ", "")
    for what in ("horde Juggernauts: Mammon (anna) takes a hit",
                 "now a prisoner: anna is now chiara's prisoner",
                 "realm Winds of Chaos: anna has no forces left in Hell"):
        assert what in lost
    html = (folder / "anna.html").read_text()
    changed = html[html.index('id="changed"'):html.index('id="happened"')]
    assert "now a prisoner" in changed and "horde Juggernauts" in changed
    # the captor sees the prisoner among his gains
    chiara = (folder / "chiara.txt").read_text()
    assert "prisoner anna: anna is now chiara's prisoner" in chiara.replace("\n    ", " ")
