"""The headless-Chromium checker in tests/browser.py: the PNG decoder, and real renders.

The render tests skip without Chromium, or fail with ``PBEM_REQUIRE_BROWSER=1`` (CI).
Each render is one Chromium run of about a second.
"""

from __future__ import annotations

import struct
import zlib

import pytest
from browser import RenderError, check_html, png_stats, require_browser, screenshot

TIMEOUT = 20  # seconds per Chromium run; a healthy one takes ~1 s

SVG_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>map</title></head>
<body style="margin:0;background:#fff;font-family:sans-serif">
<h1>Turn 3</h1>
<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" viewBox="0 0 600 300">
  <defs>
    <pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse">
      <rect width="4" height="8" fill="#b22"/>
    </pattern>
  </defs>
  <rect x="10" y="10" width="200" height="120" fill="url(#hatch)" stroke="#000"/>
  <circle cx="300" cy="80" r="60" fill="#2a6"/>
  <circle cx="450" cy="80" r="40" fill="#36c" stroke="#fc0" stroke-width="6"/>
  <text x="20" y="200" font-size="32" fill="#629">Dis</text>
</svg>
</body></html>
"""


@pytest.fixture(scope="module")
def chromium() -> str:
    return require_browser()


def _png(rows: list[list[tuple[int, ...]]], filters: list[int]) -> bytes:
    """An 8-bit PNG of ``rows`` of RGB or RGBA pixels, row y encoded with ``filters[y]``."""
    bpp = len(rows[0][0])
    prev = bytes(len(rows[0]) * bpp)
    data = b""
    for row, ftype in zip(rows, filters, strict=True):
        raw = bytes(c for pixel in row for c in pixel)
        out = bytearray()
        for i, x in enumerate(raw):
            a = raw[i - bpp] if i >= bpp else 0
            b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
            p = a + b - c
            paeth = min((abs(p - a), 0, a), (abs(p - b), 1, b), (abs(p - c), 2, c))[2]
            predictor = (0, a, b, (a + b) >> 1, paeth)[ftype]
            out.append((x - predictor) & 0xFF)
        data += bytes([ftype]) + bytes(out)
        prev = raw

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    ihdr = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 2 if bpp == 3 else 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(data))
            + chunk(b"IEND", b""))


W, R, G, B = (255, 255, 255), (200, 10, 10), (10, 180, 20), (30, 60, 250)
# 4x5 pixels: 14 white, 3 red, 2 green, 1 blue; one row per PNG filter type (0..4).
PIXELS = [
    [W, W, R, W],
    [W, R, W, G],
    [R, W, W, W],
    [W, G, B, W],
    [W, W, W, W],
]


def test_png_decoder_all_filters_rgb():
    stats = png_stats(_png(PIXELS, [0, 1, 2, 3, 4]))
    assert (stats.width, stats.height) == (4, 5)
    assert stats.colours == 4
    assert stats.background == W
    assert stats.ink == pytest.approx(6 / 20)


def test_png_decoder_rgba_and_reversed_filters():
    rows = [[(*pixel, 255) for pixel in row] for row in PIXELS]
    stats = png_stats(_png(rows, [4, 3, 2, 1, 0]))
    assert (stats.width, stats.height, stats.colours) == (4, 5, 4)
    assert stats.background == (*W, 255)
    # the same image with every row unfiltered decodes to the same stats
    assert png_stats(_png(rows, [0] * 5)) == stats


def test_png_decoder_rejects_bad_input():
    with pytest.raises(RenderError, match="not a PNG"):
        png_stats(b"GIF89a" + bytes(40))
    good = _png(PIXELS, [0] * 5)
    sixteen_bit = good[:24] + b"\x10" + good[25:]  # IHDR bit depth (CRC is not checked)
    with pytest.raises(RenderError, match="unsupported PNG"):
        png_stats(sixteen_bit)


def test_html_with_inline_svg_renders(chromium, tmp_path):
    page = tmp_path / "map.html"
    page.write_text(SVG_PAGE, encoding="utf-8")
    rendered = screenshot(page, tmp_path / "map.png", width=640, height=400, timeout=TIMEOUT)
    stats = rendered.stats
    assert (stats.width, stats.height) == (640, 400)
    assert rendered.png.read_bytes().startswith(b"\x89PNG")
    assert stats.background == (255, 255, 255)
    assert stats.colours >= 8, stats  # hatch, two fills, stroke, text + anti-aliasing
    assert 0.05 < stats.ink < 0.6, stats
    assert "<circle" in rendered.dom and rendered.console == []


def test_broken_standalone_svg_is_a_parse_error(chromium, tmp_path):
    svg = tmp_path / "broken.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
                   '<circle cx="50" cy="50" r="40" fill="red"><rect/></svg>', encoding="utf-8")
    # Only our own wording is checked: the browser's message differs between Chromium
    # versions ("Unexpected closing tag" in 120, "Opening and ending tag mismatch" in 150).
    with pytest.raises(RenderError, match=r"^broken\.svg: XML/SVG parse error: \S"):
        check_html(svg, tmp_path / "broken.png", timeout=TIMEOUT)


def test_blank_page_and_script_error_fail(chromium, tmp_path):
    blank = tmp_path / "blank.html"
    blank.write_text("<!doctype html><body style='background:#fff'></body>", encoding="utf-8")
    with pytest.raises(RenderError, match="rendered blank"):
        check_html(blank, timeout=TIMEOUT)
    assert (tmp_path / "blank.png").is_file()  # check_html's default: next to the page
    script = tmp_path / "script.html"
    script.write_text("<!doctype html><h1>Map</h1><script>drawMap();</script>", encoding="utf-8")
    with pytest.raises(RenderError, match=r"^script\.html: JavaScript error: .*drawMap"):
        check_html(script, timeout=TIMEOUT)
