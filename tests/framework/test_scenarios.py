"""Every scenario file in tests/scenarios/ runs and meets its expectations."""

from pathlib import Path

import pytest

from pbem.scenario import run, run_file

FILES = sorted((Path(__file__).parents[1] / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    result = run_file(path)
    assert result.ok, result.summary()


def test_there_are_scenarios():
    assert len(FILES) >= 2


def test_a_failed_expectation_is_reported_with_what_differed():
    doc = {"title": "wrong on purpose", "game": "hellgame", "phases": ["end"],
           "given": {"turn": 2, "players": {"a": {"favours": 2, "disfavours": 1},
                                            "b": {}, "c": {}}},
           "expect": {"players.a.disfavours": 1}}
    result = run(doc)
    assert not result.ok
    assert result.differences == ["players.a.disfavours: expected 1, got 0"]


def test_unused_scripted_dice_fail_the_scenario():
    doc = {"title": "extra dice", "game": "hellgame", "phases": ["end"],
           "given": {"turn": 2, "players": ["a", "b", "c"]}, "dice": [3]}
    result = run(doc)
    assert not result.ok
    assert "left unused: [3]" in result.error
