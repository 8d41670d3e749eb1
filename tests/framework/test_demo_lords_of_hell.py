"""`pbem demo --game lords-of-hell`: a 4-player Lords of Hell game played by email from
the order files shipped with the game, to an Overlord (issue 9), the same bytes twice."""

from pathlib import Path

import pytest

from pbem.demo import run_demo
from pbem.site import open_site


def _reports(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes()
            for p in sorted((root / "reports").rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def demo_runs(tmp_path_factory):
    a = tmp_path_factory.mktemp("a") / "demo"
    b = tmp_path_factory.mktemp("b") / "demo"
    run_demo(a, echo=lambda s: None, game_type="lords-of-hell")
    run_demo(b, echo=lambda s: None, game_type="lords-of-hell")
    return a, b


def test_the_demo_plays_stages_to_an_overlord(demo_runs):
    a, _ = demo_runs
    stages = sorted(p.name for p in (a / "reports" / "demo").iterdir())
    assert stages[0] == "00-turn-1-transfer"
    assert "01-turn-1-combat-round-1" in stages and stages[-1].endswith("-gathering")
    game = open_site(a).db()["games"].get("demo")
    assert game["status"] == "finished"
    assert game["game_type"] == "lords-of-hell"
    board = (a / "reports" / "demo" / stages[-1] / "board.txt").read_text()
    assert "is the new Overlord of Hell, and the game ends" in board
    assert "VP" in board


def test_the_demo_sheets_are_read_and_checked(demo_runs):
    """Every shipped sheet is a real order sheet: the typo is refused with a hint, the
    rest accepted (the confirmations are kept next to the sheets)."""
    a, _ = demo_runs
    confirmations = sorted((a / "orders").rglob("*.confirmation.txt"))
    assert len(confirmations) >= 8
    problems = [c.name for c in confirmations if "Problems (" in c.read_text()]
    assert problems == ["chiara.confirmation.txt"]
    text = (a / "orders" / "00-turn-1-transfer" / "chiara.confirmation.txt").read_text()
    assert "did you mean EARTH?" in text


def test_the_same_seed_and_sheets_give_the_same_reports(demo_runs):
    a, b = demo_runs
    ra, rb = _reports(a), _reports(b)
    assert ra and ra.keys() == rb.keys()
    assert [k for k in ra if ra[k] != rb[k]] == []


def test_the_cli_demo_takes_the_game(tmp_path):
    from click.testing import CliRunner

    from pbem.cli import main

    out = CliRunner().invoke(main, ["demo", str(tmp_path / "d"), "--game", "lords-of-hell"])
    assert out.exit_code == 0, out.output
    assert "turn 2 gathering" in out.output
    bad = CliRunner().invoke(main, ["demo", str(tmp_path / "e"), "--game", "chess"])
    assert bad.exit_code == 2, bad.output
    assert "no demo for 'chess'; games with a demo: hellgame, lords-of-hell" in bad.output
