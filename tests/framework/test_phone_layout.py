"""Issue 20: the HTML reports and boards fit a phone. At 390 px, with every <details>
open (the enlarged map too), no page scrolls sideways and no element runs past the
screen's right edge (tests/browser.py `overflows`). Headless Chromium: skipped without
it, a failure in CI (PBEM_REQUIRE_BROWSER=1). The pages, and the two made to fail, are
measured in one Chromium run of a few seconds.
"""

from __future__ import annotations

import re

import pytest
from browser import overflows, require_browser

from pbem import reports
from pbem.demo import run_demo
from pbem.store import open_db

PHONE = 390  # px: the width of a common phone's screen in CSS pixels
PAGES = ("hellgame report", "hellgame board", "lords of hell report", "lords of hell board")


def mailed(folder, player: str):
    """The player's HTML report of the stage archived in `folder`, as rendered (the map
    inline), written beside it as PLAYER.mailed.html."""
    site = folder.parents[2]
    db = open_db(site / "pbem.db")
    html = reports.stored(db, folder.parent.name, int(folder.name[:2]), player,
                          ["html"])["html"]
    db.conn.close()
    page = folder / f"{player}.mailed.html"
    page.write_text(html, encoding="utf-8")
    return page


@pytest.fixture(scope="module")
def measured(tmp_path_factory) -> dict[str, object]:
    require_browser()
    root = tmp_path_factory.mktemp("phone")
    run_demo(root / "hg", echo=lambda s: None)
    run_demo(root / "lh", echo=lambda s: None, game_type="lords-of-hell")
    hg = root / "hg" / "reports" / "demo" / "03-turn-3"
    lh = sorted((root / "lh" / "reports" / "demo").iterdir())[-1]  # the Overlord's stage
    # a player's report as his mail shows it (read back from the database: the archived
    # copy links to board.html for the board, issue 23); the boards as archived
    pages = dict(zip(PAGES, [mailed(hg, "anna"), hg / "board.html",
                             mailed(lh, "anna"), lh / "board.html"], strict=True))
    # the first screen: chiara loses THIEVES and 3 Legions in the HellGame demo's turn 3;
    # anna is captured in the Lords of Hell demo's first combat round (issue 20)
    pages["chiara turn 3"] = mailed(hg, "chiara")
    pages["anna captured"] = mailed(root / "lh" / "reports" / "demo" /
                                    "01-turn-1-combat-round-1", "anna")
    html = pages["hellgame report"].read_text(encoding="utf-8")
    # the converse: a report with something too wide in it, and one without its styles
    pages["too wide"] = root / "wide.html"
    pages["too wide"].write_text(html.replace(
        '<section id="position">',
        '<section id="position"><div id="too-wide" style="width:600px">x</div>', 1),
        encoding="utf-8")
    pages["unstyled"] = root / "unstyled.html"
    pages["unstyled"].write_text(re.sub(r"<style>.*?</style>", "", html, count=1, flags=re.S),
                                 encoding="utf-8")
    work = root / "measured"
    work.mkdir()
    return dict(zip(pages, overflows(list(pages.values()), work, width=PHONE), strict=True)) \
        | {"html": html}


@pytest.mark.parametrize("page", PAGES)
def test_the_page_fits_a_phone_without_scrolling_sideways(measured, page):
    got = measured[page]
    assert got.inner_width == PHONE
    assert not got.scrolls and got.offenders == [], f"{page} at {PHONE} px: {got}"


def test_a_page_wider_than_the_phone_fails_and_names_what_sticks_out(measured):
    """The converse: the same check does fail, and says where."""
    got = measured["too wide"]
    assert got.scrolls and got.scroll_width >= 600
    assert any(o.startswith("div#too-wide right=") for o in got.offenders), str(got)


def test_without_its_stylesheet_the_report_is_a_plain_wide_table(measured):
    """What a mail program that drops the <style> shows: the tables as tables, their
    captions for the phone hidden inline; and it is the stylesheet that makes it fit."""
    assert measured["html"].count('<span class="k" style="display:none">') > 20
    got = measured["unstyled"]
    assert got.scrolls and any(o.startswith("th") for o in got.offenders), str(got)


SCREEN = 844  # px: the height of a common phone's screen in CSS pixels (390 x 844)


@pytest.mark.parametrize("page", ["chiara turn 3", "anna captured"])
def test_the_losses_are_on_the_first_screen_of_a_phone(measured, page):
    """Issue 20: the deadline and problems, then what he lost, all within the first
    screen at 390 x 844, before the story of the stage."""
    at = measured[page].at
    assert at["#attention"][0] < at["#changed"][0] < at["#happened"][0], at
    assert at["#changed ul.loss"][1] <= SCREEN, f"{page}: the losses end at {at}"
