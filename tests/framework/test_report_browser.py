"""Issue 6: the demo's HTML report and its map render in a real browser (headless
Chromium, tests/browser.py). Skipped without Chromium, a failure in CI
(PBEM_REQUIRE_BROWSER=1). docs/report.png and docs/map.png are made the same way:

    PYTHONPATH=tests python tests/framework/test_report_browser.py
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from browser import RenderError, check_html, require_browser, screenshot

from pbem.demo import run_demo

DOCS = Path(__file__).parents[2] / "docs"


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    root = tmp_path_factory.mktemp("browser")
    run_demo(root / "demo", echo=lambda s: None)
    return root / "demo" / "reports" / "demo" / "03-turn-3"


@pytest.fixture
def chromium():
    return require_browser()


def test_the_demo_report_renders_with_its_map(chromium, demo, tmp_path):
    for name in ("anna.html", "board.html", "board.svg"):  # the map beside them (issue 23)
        shutil.copy(demo / name, tmp_path / name)
    page = tmp_path / "anna.html"
    got = check_html(page, tmp_path / "anna.png", width=900, height=2400, timeout=60)
    assert (got.stats.width, got.stats.height) == (900, 2400)
    assert got.stats.colours > 50 and got.stats.ink > 0.05
    # the DOM Chromium built holds every section; the board's is a link to board.html,
    # which shows the map from board.svg
    for section in ("attention", "happened", "position", "board", "form"):
        assert f'id="{section}"' in got.dom, section
    assert 'href="board.html#board"' in got.dom and "<svg" not in got.dom
    page = tmp_path / "board.html"
    got = check_html(page, tmp_path / "board.png", width=900, height=2400, timeout=60)
    assert got.dom.count('data="board.svg"') == 1 and "<svg" not in got.dom
    html = page.read_text(encoding="utf-8")
    board = html[html.index('<section id="board">'):]
    board = html[:html.index("<body")] + "<body>" + board[:board.index("</section>")] \
        + "</section></body></html>"
    (tmp_path / "alone").mkdir()
    for folder in (tmp_path, tmp_path / "alone"):
        (folder / "map.html").write_text(board, encoding="utf-8")
    shown = check_html(tmp_path / "map.html", tmp_path / "map.png", width=700, height=900,
                       timeout=60)
    missing = check_html(tmp_path / "alone" / "map.html", tmp_path / "alone" / "map.png",
                         width=700, height=900, timeout=60)
    assert shown.stats.ink > 0.3 and shown.stats.colours > 1000
    assert missing.stats.ink < 0.1 and "The map: demo: Hell after turn 3" in missing.dom


def test_the_board_map_alone_is_a_well_formed_svg_in_the_browser(chromium, demo, tmp_path):
    svg = tmp_path / "board.svg"
    shutil.copy(demo / "board.svg", svg)
    got = screenshot(svg, tmp_path / "board.png", width=960, height=1090, timeout=60)
    assert got.stats.colours > 50 and got.stats.ink > 0.2
    assert got.dom.count('class="hm-sectio"') == 45  # every Sectio of the map
    broken = tmp_path / "broken.svg"
    broken.write_text(svg.read_text().replace("</g>", "", 1))
    with pytest.raises(RenderError, match="parse error"):
        screenshot(broken, tmp_path / "broken.png", width=960, height=1090, timeout=60)


def main() -> int:
    """Regenerate the screenshots in docs/ from a fresh demo."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        run_demo(Path(tmp) / "demo", echo=lambda s: None)
        turn = Path(tmp) / "demo" / "reports" / "demo" / "03-turn-3"
        # as a phone shows it (issue 20): 390 px wide
        check_html(turn / "anna.html", DOCS / "report.png", width=390, height=1700)
        screenshot(turn / "board.svg", DOCS / "map.png", width=960, height=1090)
    print(f"wrote {DOCS / 'report.png'} and {DOCS / 'map.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
