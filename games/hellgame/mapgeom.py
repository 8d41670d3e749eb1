"""Geometry for the SVG map of Hell (mapsvg.py): polar layout, arcs, text fitting.

Angles are in degrees as SVG draws them: 0 points right (east) and angles grow
CLOCKWISE on screen (y grows downwards), so -90 is the top. Quarter 1 is centred at the
top and Quarters 2..5 follow clockwise, 72 degrees each; Circle 1 is the outermost ring.
"""

from __future__ import annotations

import math
from functools import lru_cache

WIDTH, HEIGHT = 960, 1090
CX, CY = 480.0, 478.0
R_CORE = 115.0  # the Pentagram
R_HELL = 420.0  # outer edge of Circle 1
R_ANTE = 450.0  # outer edge of the AnteHell band
RING = (R_HELL - R_CORE) / 9
SPAN = 72.0


def num(v: float) -> str:
    """A coordinate with one decimal, never "-0.0" (byte-identical output)."""
    return f"{round(v, 1) + 0.0:.1f}"


def pt(r: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return CX + r * math.cos(a), CY + r * math.sin(a)


def xy(p: tuple[float, float]) -> str:
    return f"{num(p[0])} {num(p[1])}"


def ring(circle: int) -> tuple[float, float]:
    """Inner and outer radius of a Circle (1 outermost .. 9 innermost)."""
    r_in = R_CORE + (9 - circle) * RING
    return r_in, r_in + RING


def wedge(quarter: int) -> tuple[float, float]:
    """Start and end angle of a Quarter, clockwise."""
    mid = -90.0 + SPAN * (quarter - 1)
    return mid - SPAN / 2, mid + SPAN / 2


def flipped(a0: float, a1: float) -> bool:
    """Text in the lower half runs the other way so it never reads upside down."""
    return math.sin(math.radians((a0 + a1) / 2)) > 0.05


# Pure functions of the board's fixed geometry and of short labels, asked again for every
# map a stage draws (issue 23): kept in small caches, bounded by entries of a few hundred
# bytes each.

@lru_cache(maxsize=1024)
def cell_path(r_in: float, r_out: float, a0: float, a1: float) -> str:
    big = 1 if a1 - a0 > 180 else 0
    return (f"M{xy(pt(r_out, a0))}A{num(r_out)} {num(r_out)} 0 {big} 1 {xy(pt(r_out, a1))}"
            f"L{xy(pt(r_in, a1))}A{num(r_in)} {num(r_in)} 0 {big} 0 {xy(pt(r_in, a0))}Z")


def ring_path(r_in: float, r_out: float) -> str:
    """A full annulus (even-odd fill)."""
    out = []
    for r in (r_out, r_in):
        out.append(f"M{xy(pt(r, -90))}A{num(r)} {num(r)} 0 1 1 {xy(pt(r, 90))}"
                   f"A{num(r)} {num(r)} 0 1 1 {xy(pt(r, -90))}Z")
    return "".join(out)


@lru_cache(maxsize=1024)
def arc(r: float, a0: float, a1: float, flip: bool) -> str:
    """An arc for a textPath: clockwise from a0 to a1, or back from a1 to a0 if flip."""
    big = 1 if a1 - a0 > 180 else 0
    if flip:
        return f"M{xy(pt(r, a1))}A{num(r)} {num(r)} 0 {big} 0 {xy(pt(r, a0))}"
    return f"M{xy(pt(r, a0))}A{num(r)} {num(r)} 0 {big} 1 {xy(pt(r, a1))}"


def points(pts: list[tuple[float, float]]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


def pentagram(r: float) -> tuple[str, str]:
    """The star's outline and its top point (the shaded point: Quarter 1)."""
    outer = [pt(r, -90 + 72 * k) for k in range(5)]
    star = [outer[(2 * k) % 5] for k in range(5)]
    inner = r * math.cos(math.radians(72)) / math.cos(math.radians(36))
    top = [outer[0], pt(inner, -54), pt(inner, -126)]
    return points(star), points(top)


def burst(n: int, r1: float, r2: float) -> str:
    """A star burst centred on 0,0 (the combat symbol)."""
    return points([(r * math.cos(math.pi * k / n - math.pi / 2),
                    r * math.sin(math.pi * k / n - math.pi / 2))
                   for k, r in ((k, r1 if k % 2 == 0 else r2) for k in range(2 * n))])


_NARROW, _WIDE = set(" .,:;'!|ilI·()[]-"), set("MWmw@%")


@lru_cache(maxsize=4096)
def text_width(s: str, size: float) -> float:
    """A safe estimate of a sans-serif line's width, without fonts at hand."""
    w = 0.0
    for c in s:
        if c in _NARROW:
            w += 0.32
        elif c in _WIDE:
            w += 0.9
        elif c.isupper():
            w += 0.7
        elif c.isdigit():
            w += 0.58
        else:
            w += 0.55
    return w * size


@lru_cache(maxsize=4096)
def fit(text: str, suffix: str, room: float, size: float) -> str:
    """`text + suffix` if it fits in `room` px, else without a leading "THE ", else
    truncated with an ellipsis; the suffix (Souls) always stays."""
    if text_width(text + suffix, size) <= room:
        return text + suffix
    if text.startswith("THE "):
        text = text[4:]
    for n in range(len(text), 0, -1):
        short = text if n == len(text) else text[:n].rstrip() + "…"
        if text_width(short + suffix, size) <= room:
            return short + suffix
    return "…" + suffix
