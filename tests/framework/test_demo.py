"""The demo and determinism: same seed and inputs give byte-identical reports."""

from pathlib import Path

import pytest

from pbem.demo import run_demo
from pbem.errors import PbemError


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file() and p.suffix == ".txt"}


@pytest.fixture(scope="module")
def demo_runs(tmp_path_factory):
    a = tmp_path_factory.mktemp("a") / "demo"
    b = tmp_path_factory.mktemp("b") / "demo"
    run_demo(a, echo=lambda s: None)
    run_demo(b, echo=lambda s: None)
    return a, b


def test_demo_plays_setup_and_three_turns_and_writes_reports(demo_runs):
    a, _ = demo_runs
    reports = a / "reports" / "demo"
    stages = sorted(p.name for p in reports.iterdir())
    assert stages == ["00-setup", "01-turn-1", "02-turn-2", "03-turn-3"]
    for stage in stages:
        names = sorted(p.name for p in (reports / stage).iterdir())
        assert names == sorted([f"{p}.{ext}" for p in ("anna", "boris", "chiara", "dmitri")
                                for ext in ("txt", "html")]
                               + ["board.txt", "board.html", "board.svg"])
    text = (reports / "03-turn-3" / "anna.txt").read_text()
    assert "Report for anna" in text and "Your hand" in text


def test_same_seed_and_orders_give_byte_identical_reports(demo_runs):
    a, b = demo_runs
    fa, fb = _files(a), _files(b)
    assert fa.keys() == fb.keys()
    assert len([k for k in fa if k.startswith("reports")]) == 20
    different = [k for k in fa if fa[k] != fb[k]]
    assert different == []


def test_demo_refuses_a_directory_that_is_not_a_demo(tmp_path):
    (tmp_path / "precious.txt").write_text("keep me")
    with pytest.raises(PbemError, match="not empty and not a pbem demo"):
        run_demo(tmp_path, echo=lambda s: None)
    assert (tmp_path / "precious.txt").read_text() == "keep me"


def test_demo_can_run_again_in_its_own_directory(tmp_path):
    run_demo(tmp_path / "d", echo=lambda s: None)
    run_demo(tmp_path / "d", echo=lambda s: None)
    assert (tmp_path / "d" / "reports" / "demo" / "03-turn-3" / "board.txt").exists()
