"""The instruction budget `.ci/run` holds the 6-player turn to (bench/instructions.py,
bench/budget.json; issue 23): what it passes, fails and leaves uncompared. The count
itself needs Valgrind and takes minutes, so it runs in CI, not here; here `check` gets
the figures."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _instructions():
    spec = importlib.util.spec_from_file_location("bench_instructions",
                                                  ROOT / "bench" / "instructions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ins = _instructions()
ENV = {"python": "CPython 3.11.7", "machine": "x86_64", "zlib": "1.2.13",
       "sqlite": "3.40.1", "jinja2": "3.1.6", "markupsafe": "3.0.4"}
KEY = "bench_turn6.py 3"


@pytest.fixture
def budget(tmp_path):
    path = tmp_path / "budget.json"
    path.write_text(json.dumps({KEY: {"instructions_per_unit": 280_000_000,
                                      "environment": ENV}}))
    return path


@pytest.mark.parametrize("per_unit, code", [
    (280_000_000, 0),
    (305_000_000, 0),   # +8.9%: within MAX_RISE
    (310_000_000, 1),   # +10.7%: slower than the budget allows
    (364_000_000, 1),   # stop 29's +30%
    (245_000_000, 0),   # -12.5%: within MAX_FALL
    (230_000_000, 1),   # -17.9%: faster, to be recorded (or the bench lost its work)
])
def test_a_count_is_held_to_its_budget(budget, capsys, per_unit, code):
    assert ins.check(budget, KEY, per_unit, env=ENV) == code
    out = capsys.readouterr()
    said = out.out if code == 0 else out.err
    assert f"{per_unit / 1e6:.1f} M a unit" in said and "280.0 M" in said
    if code:
        assert "--record" in said


def test_another_environment_is_reported_not_compared(budget, capsys):
    assert ins.check(budget, KEY, 999_000_000, env={**ENV, "jinja2": "3.2.0"}) == 0
    out = capsys.readouterr().out
    assert "jinja2 3.1.6 here 3.2.0" in out and "not compared" in out


def test_nothing_recorded_for_the_command_fails(budget, capsys):
    assert ins.check(budget, "bench_turn6.py 4", 280_000_000, env=ENV) == 1
    assert "nothing recorded for 'bench_turn6.py 4'" in capsys.readouterr().err


def test_record_writes_the_count_and_the_environment(budget):
    assert ins.check(budget, "bench_turn6.py 4", 267_700_000.4, record=True, env=ENV) == 0
    saved = json.loads(budget.read_text())
    assert saved["bench_turn6.py 4"] == {"instructions_per_unit": 267_700_000,
                                         "environment": ENV}
    assert saved[KEY]["instructions_per_unit"] == 280_000_000  # the others kept
    assert ins.check(budget, "bench_turn6.py 4", 267_700_000, env=ENV) == 0


def test_an_unreadable_budget_is_said(tmp_path, capsys):
    path = tmp_path / "budget.json"
    path.write_text("{not json")
    assert ins.check(path, KEY, 1.0, env=ENV) == 2
    assert "cannot be read" in capsys.readouterr().err


@pytest.mark.parametrize("entry", [{}, {"instructions_per_unit": "many", "environment": ENV},
                                   {"instructions_per_unit": 0, "environment": ENV},
                                   {"instructions_per_unit": 280_000_000}, [1, 2]])
def test_a_malformed_entry_is_said(tmp_path, capsys, entry):
    path = tmp_path / "budget.json"
    path.write_text(json.dumps({KEY: entry}))
    assert ins.check(path, KEY, 280_000_000, env=ENV) == 2
    assert "is not a count and an environment" in capsys.readouterr().err


def test_budget_options_are_kept_from_the_counted_run():
    args, budget, record = ins._budget_options(
        ["3", "--instructions", "--budget", "bench/budget.json", "--record"])
    assert (args, budget, record) == (["3"], Path("bench/budget.json"), True)
    assert ins._budget_options(["3", "--budget"])[1] is False
    assert ins._budget_options(["3", "--budget", "--record"])[1] is False


@pytest.mark.parametrize(("key", "extra"), [(KEY, set()), ("bench_mail.py 150 4", set()),
                                          ("bench_map_png.py", {"resvg-py", "fonts"})])
def test_the_repository_budget_covers_what_ci_runs(key, extra):
    """.ci/run checks the turn, the intake and the map's PNG against bench/budget.json:
    each must be there, with an environment to compare against (the PNG's also names
    the renderer's version and the machine's fonts)."""
    ci = (ROOT / ".ci" / "run").read_text()
    assert f"bench/{key} --instructions --budget bench/budget.json" in ci
    entry = json.loads((ROOT / "bench" / "budget.json").read_text())[key]
    assert entry["instructions_per_unit"] > 0
    assert set(entry["environment"]) == set(ins.environment()) | extra


def test_the_fonts_are_part_of_the_maps_environment(budget, capsys):
    """Another machine's fonts draw other glyphs: the map's count is then not compared."""
    here = {**ENV, "resvg-py": "0.5.0", "fonts": "f2bf49dbccf534b1"}
    budget.write_text(json.dumps({"bench_map_png.py": {"instructions_per_unit": 2_000_000_000,
                                                       "environment": here}}))
    other = {**here, "fonts": "0000000000000000"}
    assert ins.check(budget, "bench_map_png.py", 4_000_000_000, env=other) == 0
    assert "fonts f2bf49dbccf534b1 here 0000000000000000" in capsys.readouterr().out
    assert ins.check(budget, "bench_map_png.py", 4_000_000_000, env=here) == 1
