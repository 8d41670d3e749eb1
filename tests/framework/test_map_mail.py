"""Issue 20: the report mail shows the map in every mail program. Its HTML part goes in a
multipart/related with the map as a PNG image that the HTML names by Content-ID; the
archived HTML shows it from board.svg beside it (pbem/mapimage.py, pbem/outbox.py,
pbem/reports.py)."""

from __future__ import annotations

import email
import re
import struct
import zlib
from email.policy import default
from pathlib import Path

import pytest

from pbem import mapimage, reports
from pbem.demo import run_demo
from pbem.store import open_db


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("mapmail") / "demo"
    run_demo(root, echo=lambda s: None)
    return root


def _mail(demo: Path, player: str, stage: int = 3) -> email.message.EmailMessage:
    """The player's report mail of a stage (the demo mails one a stage, 0 to 3)."""
    mails = sorted((demo / "outbox").glob(f"*-report-{player}@*.eml"))
    return email.message_from_bytes(mails[stage].read_bytes(), policy=default)


def _png_pixels(data: bytes) -> tuple[int, int, int]:
    """Width, height and colour type from the IHDR; and the image data must inflate to
    exactly one filter byte and one row of 8-bit pixels per line."""
    assert data[:8] == mapimage.PNG_SIGNATURE
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    width, height, depth, ctype = struct.unpack(">IIBB", data[16:26])
    assert depth == 8 and ctype in (2, 6)
    idat, pos = b"", 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    assert len(zlib.decompress(idat)) == height * (1 + width * (3 if ctype == 2 else 4))
    return width, height, ctype


def test_the_report_mail_carries_the_map_as_a_png_the_html_shows(demo):
    msg = _mail(demo, "anna")
    assert msg.get_content_type() == "multipart/mixed"
    alternative, attached = msg.get_payload()
    text, related = alternative.get_payload()
    assert (text.get_content_type(), related.get_content_type()) == \
        ("text/plain", "multipart/related")
    assert related.get_param("type") == "text/html"
    html_part, image = related.get_payload()
    assert (html_part.get_content_type(), image.get_content_type()) == \
        ("text/html", "image/png")
    assert attached.get_content_type() == "application/json"
    # the HTML shows the image by its Content-ID, and has no SVG left
    cid = image["Content-ID"].strip("<>")
    html = html_part.get_content()
    assert re.findall(r'<img src="cid:([^"]+)"', html) == [cid]
    assert "<svg" not in html and mapimage.MAP_START not in html
    assert image.get_content_disposition() == "inline" and image.get_filename() == "map.png"
    # a real PNG, the map's size, of a reasonable weight
    data = image.get_content()
    assert _png_pixels(data)[:2] == (960, 1090)
    assert 20_000 < len(data) < 600_000
    assert 'width="960" height="1090"' in html
    # with the map an image, the HTML goes as it is: no base64 to encode (issue 23)
    assert html_part["Content-Transfer-Encoding"] == "7bit"


def test_the_archived_html_shows_the_map_from_board_svg(demo):
    """Issue 23: the archive holds the map once, in board.svg, shown by board.html (the
    players' pages link to its board); the HTML as rendered (and read back from the
    database) inlines it, and is what the mail swaps for the image."""
    folder = demo / "reports" / "demo" / "03-turn-3"
    archived = (folder / "board.html").read_text()
    assert "<svg" not in archived and "cid:" not in archived
    start, end = archived.index(mapimage.MAP_START), archived.index(mapimage.MAP_END)
    assert start < archived.index('<object class="map-file" data="board.svg"') < end
    assert 'href="board.html#board"' in (folder / "anna.html").read_text()
    db = open_db(demo / "pbem.db")
    board = reports.stored(db, "demo", 3, "", ["html"])["html"]
    html = reports.stored(db, "demo", 3, "anna", ["html"])["html"]
    db.conn.close()
    assert html.count("<svg") == 1 and board.count("<svg") == 1
    assert archived == reports.archived_html(board, (folder / "board.svg").read_text())
    # the mailed HTML is the rendered one with the map swapped for the image
    mailed = _mail(demo, "anna").get_body(("html",)).get_content()
    assert mailed.replace("\r\n", "\n") == mapimage.for_mail(html).html


def test_every_player_gets_the_same_image_of_the_stage(demo):
    images = [_mail(demo, p).get_body(("related",)).get_payload()[1]
              for p in ("anna", "boris", "chiara", "dmitri")]
    assert len({i["Content-ID"] for i in images}) == 1
    assert len({i.get_content() for i in images}) == 1
    # another stage, another map
    assert _mail(demo, "anna", 2).get_body(("related",)).get_payload()[1]["Content-ID"] \
        != images[0]["Content-ID"]


def test_the_png_is_the_same_bytes_each_time_and_comes_without_fonts(demo):
    svg = (demo / "reports" / "demo" / "03-turn-3" / "board.svg").read_text()
    once = mapimage.render(svg)
    assert mapimage.render(svg) == once == mapimage.png(svg)
    # a machine without fonts still mails a map, just without its labels
    bare = mapimage.render(svg, system_fonts=False)
    assert _png_pixels(bare)[:2] == (960, 1090) and bare != once


def test_a_page_without_a_marked_map_or_with_a_broken_one_is_mailed_as_it_is():
    assert mapimage.for_mail("<html><body><svg></svg></body></html>") is None
    broken = f"<p>{mapimage.MAP_START}<svg xmlns='x'><g></svg>{mapimage.MAP_END}</p>"
    assert mapimage.for_mail(broken) is None


def test_a_game_without_a_map_mails_html_and_text_only(tmp_path):
    root = tmp_path / "lh"
    run_demo(root, echo=lambda s: None, game_type="lords-of-hell")
    mail = sorted((root / "outbox").glob("*-report-anna@*.eml"))[0]
    msg = email.message_from_bytes(mail.read_bytes(), policy=default)
    alternative, _ = msg.get_payload()
    assert [p.get_content_type() for p in alternative.get_payload()] == \
        ["text/plain", "text/html"]


def test_the_marked_map_is_the_first_svg_element_between_the_marks():
    start, end = mapimage.MAP_START, mapimage.MAP_END
    svg = "<svg viewBox='0 0 1 1'><svgfoo/><g/></svg>"
    page = f"<svg id='before'></svg><p>{start}<svgfoo>x</svgfoo>{svg}<svg/>{end}</p><svg/>"
    at = page.index("<svg viewBox")
    assert mapimage.map_span(page) == (at, at + len(svg))
    assert mapimage.map_svg(page) == svg
    # an element not closed before the end mark, or no marks, is no map
    assert mapimage.map_span(f"{start}<svg><g>{end}</svg>") is None
    assert mapimage.map_span(f"<svg></svg>{end}") is None
    assert mapimage.map_span(f"{start}<svg>") is None
