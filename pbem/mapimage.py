"""The map as a PNG image, for the report mail (issue 20).

Many mail programs (Gmail, Outlook) show no inline SVG, so the mailed HTML report
carries the map as a PNG instead: an image part of a multipart/related that the HTML
names by its Content-ID (`<img src="cid:...">`, pbem/outbox.py). The archived HTML shows
the stage's one board.svg file instead (pbem.reports.archive), for browsers. A game's
HTML marks its map between MAP_START and MAP_END (in its board template); `for_mail`
swaps what is between them for the image.

The PNG is drawn by resvg (the resvg-py package: a Rust renderer in a self-contained
wheel, no system library needed), at the map's own size on white, with crisp shape
edges: about half the bytes of smoothed ones, and the labels are still smoothed. Text
is drawn with the machine's fonts; on a machine without any the PNG still comes, without
its labels. The same SVG on the same machine gives the same bytes. A stage's map is the
same in every player's report, so the last few renderings are kept: a run mails each
stage's reports one after another and draws each map once. The cache is bounded by
bytes (CACHE_BYTES), not entries; a run's worker processes draw the maps of the games
they resolve and hand them over (`remember`).
"""

from __future__ import annotations

import hashlib
import re
import struct
from collections import OrderedDict
from dataclasses import dataclass

MAP_START = "<!--pbem:map-->"
MAP_END = "<!--/pbem:map-->"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_WIDTH = 1200  # pixels: a larger map is scaled down to this width
_VIEWBOX = re.compile(r'\bviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')
_LABEL = re.compile(r'\baria-label="([^"<>]*)"')


@dataclass(frozen=True)
class MailMap:
    """The HTML as mailed, and the image it refers to."""

    html: str
    cid: str  # the Content-ID, without its angle brackets
    png: bytes


def for_mail(html: str) -> MailMap | None:
    """`html` with its marked map replaced by an <img> of it as a PNG; None if it has no
    marked map, or the map could not be drawn (the mail then keeps the SVG)."""
    marks = _marks(html)
    span = _svg_between(html, *marks) if marks else None
    if span is None:
        return None
    start, end = marks
    svg = html[span[0]:span[1]]
    try:
        data = png(svg)
    except ValueError:  # resvg's word for an SVG it cannot draw
        return None
    width, height = png_size(data)
    cid = f"map.{hashlib.sha256(data).hexdigest()[:20]}@pbem"
    label = _LABEL.search(svg, 0, svg.find(">"))
    alt = f"The map: {label.group(1)}" if label else "The map"  # already escaped
    img = (f'<figure class="map" id="map"><img src="cid:{cid}" width="{width}" '
           f'height="{height}" alt="{alt}" style="display:block;width:100%;'
           f'max-width:{width}px;height:auto"></figure>')
    return MailMap(html[:start] + img + html[end + len(MAP_END):], cid, data)


def _marks(html: str) -> tuple[int, int] | None:
    """Where MAP_START and MAP_END are in `html`, if both are."""
    start = html.find(MAP_START)
    end = html.find(MAP_END, start + len(MAP_START)) if start >= 0 else -1
    return (start, end) if end >= 0 else None


def map_span(html: str) -> tuple[int, int] | None:
    """Where the map's <svg> element is in `html` (between MAP_START and MAP_END)."""
    marks = _marks(html)
    return _svg_between(html, *marks) if marks else None


def _svg_between(html: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of the first <svg ...>...</svg> element within html[start:end] (str.find,
    not a lazy regex: scanning a 50 kB map character by character cost about 0.5 ms a
    report)."""
    at = html.find("<svg", start, end)
    while at >= 0 and at + 4 < end and (html[at + 4].isalnum() or html[at + 4] == "_"):
        at = html.find("<svg", at + 4, end)  # <svgfoo is not an <svg> element
    close = html.find("</svg>", at + 4, end) if at >= 0 else -1
    return (at, close + 6) if close >= 0 else None


CACHE_BYTES = 8 << 20  # a map's PNG is 50-300 kB: the last few dozen are kept
_cache: OrderedDict[str, bytes] = OrderedDict()  # SVG -> PNG, oldest first
_cached = [0]  # bytes held (SVG and PNG)


def png(svg: str) -> bytes:
    """The map drawn as a PNG (kept a while: see the module's docstring)."""
    data = _cache.get(svg)
    if data is None:
        data = render(svg)
        remember(svg, data)
    else:
        _cache.move_to_end(svg)
    return data


def remember(svg: str, data: bytes) -> None:
    """Keep `data` as the PNG of `svg`, dropping the oldest past CACHE_BYTES."""
    if svg in _cache:
        _cached[0] -= len(svg) + len(_cache.pop(svg))
    _cache[svg] = data
    _cached[0] += len(svg) + len(data)
    while _cached[0] > CACHE_BYTES and len(_cache) > 1:
        old, old_data = _cache.popitem(last=False)
        _cached[0] -= len(old) + len(old_data)


def forget() -> None:
    """Drop every kept PNG."""
    _cache.clear()
    _cached[0] = 0


def map_svg(html: str) -> str | None:
    """The SVG between the map's marks in `html`, if any."""
    span = map_span(html)
    return html[span[0]:span[1]] if span else None


def render(svg: str, *, system_fonts: bool = True, width: int | None = None,
           background: str | None = "#ffffff") -> bytes:
    """`svg` as PNG bytes, at its viewBox's size (at most MAX_WIDTH wide; `width`: that
    many pixels wide instead), on white (`background`: None, transparent; both for
    bench/bench_map_png.py). Raises ValueError for an SVG resvg cannot draw."""
    import resvg_py  # a compiled module: loaded only by a run that mails a map

    if width is None:
        size = _VIEWBOX.search(svg, 0, svg.find(">"))
        width = min(MAX_WIDTH, round(float(size.group(1)))) if size else None
    return resvg_py.svg_to_bytes(svg_string=svg, width=width, background=background,
                                 shape_rendering="crisp_edges",
                                 skip_system_fonts=not system_fonts)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (the first, right after the signature)."""
    if data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    return struct.unpack(">II", data[16:24])
