"""The SVG map of Hell in the turn reports (inlined in HTML and saved alone as map.svg).

`map_svg(board, marks, title=...)` draws `public_view()`: the nine Circles as rings
(Circle 1 outermost), the five Quarters as wedges (Quarter 1 at the top, at the shaded
point of the Pentagram, then clockwise), AnteHell as the outer band, each Sectio coloured
AND patterned by its owner's seat (legible printed in black and white) with its name,
Souls, owner tag and Units, the turn's moves as arrows and its combats, and a legend.
Pure and deterministic: the same board gives the same bytes.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from xml.sax.saxutils import escape, quoteattr

from . import mapgeom as g
from .log import count
from .mapgeom import CX, CY, RING, num, pt

# seat -> light fill, dark ink, hatch drawn in an 8x8 tile
PALETTE = [
    ("#f6b3b3", "#a32020", '<path d="M-2 2L2-2M0 8L8 0M6 10L10 6"/>'),
    ("#b3cdf6", "#1f4f9e", '<path d="M-2 6L2 10M0 0L8 8M6-2L10 2"/>'),
    ("#bfe6b0", "#2e7a1f", '<path d="M0 4H8"/>'),
    ("#f8e08e", "#8a6a00", '<circle cx="2" cy="2" r="1.2"/><circle cx="6" cy="6" r="1.2"/>'),
    ("#d9bff0", "#6a2c9e", '<path d="M0 0L8 8M8 0L0 8"/>'),
    ("#a8e3df", "#127a72", '<path d="M4 0V8"/>'),
]
INK, PLAIN, BAND = "#222", "#fdfbf6", "#e9e5dc"
R_BAND = (g.R_HELL + g.R_ANTE) / 2
UNIT_ABBR = (("legion", "L"), ("lieutenant", "Lt"), ("hellhound", "H"))
SYMBOLS = {
    "uriel": '<circle r="6" fill="#fff" stroke="#000"/><text y="3" class="hm-sym">U</text>',
    "lilith": '<circle r="6" fill="#000"/><text y="3" class="hm-sym hm-inv">L</text>',
    "freebooters": '<path d="M-4 6.5V-6.5" stroke="#000" stroke-width="1.4"/>'
                   '<path d="M-4-6.5L6-3L-4 .5Z" fill="#000"/>',
    "warning": '<path d="M0-6.5L7 5.5H-7Z" fill="#ffd400" stroke="#000"/>'
               '<text y="4.5" class="hm-sym">!</text>',
    "combat": f'<polygon points="{g.burst(8, 7.5, 3.5)}" fill="#e02020" stroke="#000" '
              'stroke-width=".8"/>',
}
SYMBOL_NAMES = {"uriel": "Uriel", "lilith": "Lilith", "freebooters": "Freebooters",
                "warning": "Warning Sign", "combat": "Combat"}
#: the map's CSS, a rule group a line (no line of the SVG is long: the HTML report that
#: inlines it goes by mail as it is, not in base64)
STYLE = "\n".join([
    ".hm-map{font-family:sans-serif}.hm-map text{fill:#111}",
    ".hm-name,.hm-units{text-anchor:middle}.hm-units{font-weight:600}",
    ".hm-name{font-size:9.5px;font-weight:bold}",
    ".hm-halo{paint-order:stroke;stroke:#fff;stroke-width:2.6px;stroke-linejoin:round}",
    ".hm-tag{font-weight:bold}.hm-cell{stroke:#333;stroke-width:.8}",
    ".hm-fight{fill:none;stroke:#d00;stroke-width:3;stroke-dasharray:7 3}",
    ".hm-sym{font-size:8px;font-weight:bold;text-anchor:middle}.hm-map .hm-inv{fill:#fff}",
    ".hm-band{font-size:8.5px;letter-spacing:1px;text-anchor:middle}",
    ".hm-map .hm-band{fill:#555}",
    ".hm-move path{fill:none;stroke-width:2;stroke-opacity:.85}",
    ".hm-count{font-size:9.5px;font-weight:bold;text-anchor:middle}",
    ".hm-q{font-size:10px;font-weight:bold;text-anchor:middle}",
    ".hm-legend{font-size:11px}.hm-title{font-size:15px;font-weight:bold}",
])
_BAD_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _esc(s: object) -> str:
    return escape(_BAD_XML.sub("", str(s)))


def _attr(s: object) -> str:
    return quoteattr(_BAD_XML.sub("", str(s)))


def _slug(sid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", sid.removeprefix("sectio."))


def _badge(kind: str, x: float, y: float) -> str:
    return (f'<g class="hm-badge hm-{kind}" transform="translate({num(x)} {num(y)})">'
            f"<title>{SYMBOL_NAMES[kind]}</title>{SYMBOLS[kind]}</g>")


def _text_on_arc(pid: str, r: float, a0: float, a1: float, flip: bool, body: str, cls: str,
                 defs: list[str], style: str = "") -> str:
    defs.append(f'<path id="{pid}" d="{g.arc(r, a0, a1, flip)}"/>')
    return (f'<text class="{cls} hm-halo"{style}><textPath href="#{pid}" xlink:href="#{pid}" '
            f'startOffset="50%">{body}</textPath></text>')


class _Players:
    def __init__(self, players: list[dict]):
        self.by_name = {p["name"]: p for p in players}

    def seat(self, name: str) -> int:
        p = self.by_name.get(name)
        return p["seat"] if p else 0

    def tag(self, name: str) -> str:
        p = self.by_name.get(name)
        return p["tag"] if p else name[:2].upper()

    def stacks(self, units: list[dict]) -> str:
        """ "A 3L 1Lt · B 2L · free 2L · wild 1H": per player in seat order, then the
        Freebooter Legions and rampaging Hellhounds (owner "")."""
        counts: dict[tuple, Counter] = {}
        for u in units:
            if u["kind"] not in dict(UNIT_ABBR):
                continue
            who = u["owner"]
            key = (0, self.seat(who), who) if who else \
                (1, 1, "wild") if u["kind"] == "hellhound" else (1, 0, "free")
            counts.setdefault(key, Counter())[u["kind"]] += 1
        return " · ".join(
            (self.tag(k[2]) if k[0] == 0 else k[2]) + " "
            + " ".join(f"{c[kind]}{ab}" for kind, ab in UNIT_ABBR if c[kind])
            for k, c in sorted(counts.items()))


def _tip(s: dict, combat: bool) -> str:
    yield_ = "cards (THE WISE MEN)" if s.get("wise_men") else count(s.get("souls", 0), "Soul")
    parts = [f"{s['name']}: Circle {s['circle']} {s.get('circle_name', '')}".rstrip()
             + f", Quarter {s['quarter']}; {yield_}",
             f"owner {s['owner']}" if s.get("owner") else "unowned"]
    parts += [t for t, on in (("Freebooters", s.get("freebooters")),
                              ("Warning Sign", s.get("warning_sign")),
                              ("combat this turn", combat)) if on]
    units = Counter((u["owner"], u["name"]) for u in s.get("units", []))
    parts += [f"{n} × {name}" + (f" ({who})" if who else "") for (who, name), n in units.items()]
    return "; ".join(parts)


def _cell(s: dict, players: _Players, combat: bool, defs: list[str]) -> str:
    r_in, r_out = g.ring(s["circle"])
    a0, a1 = g.wedge(s["quarter"])
    slug, owner, flip = _slug(s["id"]), s.get("owner") or "", g.flipped(a0, a1)
    marks = [k for k, on in (("combat", combat), ("warning", s.get("warning_sign")),
                             ("freebooters", s.get("freebooters"))) if on]
    marks += list(dict.fromkeys(u["kind"] for u in s.get("units", [])
                                if u["kind"] in ("uriel", "lilith")))
    seat = players.seat(owner)
    fill = f"url(#hm-pat-{(seat - 1) % len(PALETTE) + 1})" if owner and seat else PLAIN
    path = g.cell_path(r_in, r_out, a0, a1)
    out = [f'<g id="sectio-{slug}" class="hm-sectio" data-sectio={_attr(s["id"])} '
           f'data-circle="{s["circle"]}" data-quarter="{s["quarter"]}" data-owner={_attr(owner)}>',
           f"<title>{_esc(_tip(s, combat))}</title>",
           f'<path class="hm-cell" d="{path}" fill="{fill}"/>']
    if combat:
        out.append(f'<path class="hm-fight" d="{path}"/>')
    room_px = 4 + (14 * ((len(marks) + 1) // 2) + 2 if marks else 0)
    lines = [(0.6, "hm-name"), (0.2, "hm-units")]
    for frac, cls in lines:
        r = r_out - frac * RING if flip else r_in + frac * RING
        t0, t1 = a0 + math.degrees(4 / r), a1 - math.degrees(room_px / r)
        room = math.radians(t1 - t0) * r
        if cls == "hm-name":
            souls = " (cards)" if s.get("wise_men") else f" ({s.get('souls', 0)})"
            body, style = _esc(g.fit(s["name"], souls, room, 9.5)), ""
        else:
            tag = f"[{players.tag(owner)}] " if owner else ""
            stacks = players.stacks(s.get("units", []))
            if not tag + stacks:
                continue
            size = max(6.5, min(8.5, 8.5 * room / g.text_width(tag + stacks, 8.5)))
            stacks = g.fit(stacks, "", room - g.text_width(tag, size), size) if stacks else ""
            body = (f'<tspan class="hm-tag">{_esc(tag)}</tspan>' if tag else "") + _esc(stacks)
            style = f' font-size="{num(size)}"'
        out.append(_text_on_arc(f"tp-{slug}-{cls[3]}", r, t0, t1, flip, body, cls, defs, style))
    for k, kind in enumerate(marks):
        r = r_in + (0.72 if k % 2 == 0 else 0.28) * RING
        out.append(_badge(kind, *pt(r, a1 - math.degrees((4 + 7 + 14 * (k // 2)) / r))))
    out.append("</g>")
    return "\n".join(out)


def _antehell(board: dict, players: _Players, defs: list[str]) -> str:
    units = board.get("antehell") or []
    listing = _antehell_text(units, players)
    out = [f'<g id="antehell" class="hm-antehell"><title>{_esc(listing)}</title>',
           f'<path d="{g.ring_path(g.R_HELL, g.R_ANTE)}" fill="{BAND}" fill-rule="evenodd" '
           'stroke="#333"/>']
    for q in range(1, 6):
        a0, a1 = g.wedge(q)
        for mid, label in ((a0 + 18, f"QUARTER {q}"), (a1, "ANTEHELL")):
            flip = g.flipped(mid - 1, mid + 1)
            r = g.R_ANTE - 10 if flip else g.R_HELL + 10
            out.append(_text_on_arc(f"tp-ante-{q}-{label[0].lower()}", r, mid - 20, mid + 20,
                                    flip, label, "hm-band", defs))
    kinds = list(dict.fromkeys(u["kind"] for u in units if u["kind"] in ("uriel", "lilith")))
    out += [_badge(k, *pt(R_BAND, -76 + 5 * i)) for i, k in enumerate(kinds)]
    return "\n".join(out) + "\n</g>"


def _antehell_text(units: list[dict], players: _Players) -> str:
    extra = list(dict.fromkeys(SYMBOL_NAMES[u["kind"]] for u in units
                               if u["kind"] in ("uriel", "lilith")))
    return "AnteHell: " + (" · ".join(filter(None, [players.stacks(units)] + extra)) or "empty")


def _moves(marks: dict | None, board: dict, players: _Players) -> str:
    cells = {s["id"]: s for s in board.get("sectio", [])}

    def where(x: str, other: str) -> tuple[float, float] | None:
        if x in cells:
            r_in, r_out = g.ring(cells[x]["circle"])
            return pt((r_in + r_out) / 2, sum(g.wedge(cells[x]["quarter"])) / 2)
        if x == "pentagram":
            return CX, CY
        if x == "antehell" and other != x:
            return pt(R_BAND, sum(g.wedge(cells[other]["quarter"])) / 2 if other in cells else -90)
        return None

    groups: dict[tuple[str, str], list[dict]] = {}
    for m in (marks or {}).get("moves") or []:
        a, b = str(m.get("from", "")), str(m.get("to", ""))
        if a != b and where(a, b) and where(b, a):
            groups.setdefault((a, b), []).append(m)
    names = {**{k: s["name"] for k, s in cells.items()}, "antehell": "AnteHell",
             "pentagram": "the Pentagram"}
    out = ['<g id="moves">']
    for (a, b), ms in groups.items():
        (x0, y0), (x1, y1) = where(a, b), where(b, a)
        dx, dy = x1 - x0, y1 - y0
        cx, cy = (x0 + x1) / 2 - dy * 0.15, (y0 + y1) / 2 + dx * 0.15
        seat = players.seat(ms[0].get("owner") or "")
        ink = PALETTE[(seat - 1) % len(PALETTE)][1] if seat else INK
        who = list(dict.fromkeys(
            players.tag(m["owner"]) if m.get("owner") else
            {"uriel": "U", "lilith": "Li", "hellhound": "wild"}.get(m.get("kind"), "free")
            for m in ms))
        label = "+".join(who) + (f"×{len(ms)}" if len(ms) > 1 else "")
        tip = f"{len(ms)} × {', '.join(who)}: {names[a]} → {names[b]}"
        lx, ly = (x0 + x1) / 4 + cx / 2, (y0 + y1) / 4 + cy / 2
        out.append(f'<g class="hm-move" data-from={_attr(a)} data-to={_attr(b)} '
                   f'data-count="{len(ms)}"><title>{_esc(tip)}</title>'
                   f'<path d="M{num(x0)} {num(y0)}Q{num(cx)} {num(cy)} {num(x1)} {num(y1)}" '
                   f'stroke="{ink}" marker-end="url(#hm-arrow-{seat and (seat - 1) % 6 + 1})"/>'
                   f'<text class="hm-count hm-halo" x="{num(lx)}" y="{num(ly + 3)}">'
                   f"{_esc(label)}</text></g>")
    return "\n".join(out) + "\n</g>"


def _legend(board: dict, players: _Players) -> str:
    y0 = g.CY + g.R_ANTE + 22
    out = [f'<g id="legend" class="hm-legend" transform="translate(0 {num(y0)})">']
    for i, p in enumerate(board.get("players", [])):
        x, y = 20 + (i % 3) * 310, (i // 3) * 24
        souls = f" · {count(p.get('souls', 0), 'Soul')}"
        name = g.fit(p["name"], "", 262 - g.text_width(f"{p['tag']} {souls}", 11), 11)
        out.append(f'<g class="hm-player" data-player={_attr(p["name"])}>'
                   f'<rect x="{x}" y="{y}" width="28" height="16" stroke="#000" '
                   f'fill="url(#hm-pat-{(p["seat"] - 1) % len(PALETTE) + 1})"/>'
                   f'<text x="{x + 34}" y="{y + 12}"><tspan class="hm-tag">{_esc(p["tag"])}'
                   f"</tspan> {_esc(name + souls)}</text></g>")
    x, y = 20.0, 58
    for kind in SYMBOLS:
        out.append(_badge(kind, x + 6, y - 4) + f'<text x="{num(x + 16)}" y="{y}">'
                   f"{SYMBOL_NAMES[kind]}</text>")
        x += 30 + g.text_width(SYMBOL_NAMES[kind], 11)
    out.append(f'<path d="M{num(x)} {y - 4}h30" stroke="{INK}" stroke-width="2" '
               f'marker-end="url(#hm-arrow-0)"/><text x="{num(x + 36)}" y="{y}">'
               "Move (A×2: two Units of A)</text>")
    rows = ["(n) Souls yield · [A] owner · L Legion · Lt Lieutenant · H Hellhound · "
            "free Freebooter Legions · wild rampaging Hellhounds",
            _antehell_text(board.get("antehell") or [], players)]
    w = board.get("warning_sign")
    if w:
        rows.append(f"Warning Sign: {w.get('card', '')} — {w.get('phenomenon', '')} "
                    f"({w.get('scope', '')}): {', '.join(w.get('sectio') or [])}")
    for i, row in enumerate(rows):
        out.append(f'<text x="20" y="{82 + 22 * i}">{_esc(g.fit(row, "", 920, 11))}</text>')
    return "\n".join(out) + "\n</g>"


def _defs() -> str:
    out = ["<defs>"]
    for i, (light, dark, hatch) in enumerate(PALETTE, 1):
        out.append(f'<pattern id="hm-pat-{i}" width="8" height="8" patternUnits="userSpaceOnUse">'
                   f'<rect width="8" height="8" fill="{light}"/><g stroke="{dark}" '
                   f'fill="{dark}" stroke-width="1.1" opacity=".65">{hatch}</g></pattern>')
    for i, ink in enumerate([INK] + [p[1] for p in PALETTE]):
        out.append(f'<marker id="hm-arrow-{i}" viewBox="0 0 10 10" refX="9" refY="5" '
                   'markerWidth="10" markerHeight="10" markerUnits="userSpaceOnUse" '
                   f'orient="auto"><path d="M0 0L10 5L0 10Z" fill="{ink}"/></marker>')
    return "\n".join(out)


def map_svg(board: dict, marks: dict | None = None, *, title: str = "") -> str:
    """The map as one `<svg>` element (no XML declaration), for `public_view()`'s board
    and this turn's `marks` ({"moves": [...], "combats": [sectio ids]}) or None.
    An element a line, between elements only (never inside a <text>), so no line is
    long: the HTML report that inlines the map then goes by mail as it is (7bit), not
    in base64, a quarter bigger (pbem.outbox._part; issue 23)."""
    players = _Players(board.get("players", []))
    title = title or f"Hell, turn {board.get('turn', 0)}"
    fights = set((marks or {}).get("combats") or [])
    defs: list[str] = []
    band = _antehell(board, players, defs)
    cells = [_cell(s, players, s["id"] in fights, defs) for s in board.get("sectio", [])]
    star, top = g.pentagram(g.R_CORE - 20)
    core = "\n".join([
        f'<g id="pentagram"><circle cx="{num(CX)}" cy="{num(CY)}" r="{num(g.R_CORE)}" '
        'fill="#f3ebe0" stroke="#333"/>', f'<polygon points="{top}" fill="#5a0d0d"/>',
        f'<polygon points="{star}" fill="none" stroke="#5a0d0d" stroke-width="2" '
        'stroke-linejoin="round"/>',
        *(f'<text class="hm-q" x="{num(x)}" y="{num(y + 3.5)}">{q}</text>'
          for q in range(1, 6) for x, y in [pt(g.R_CORE - 10, sum(g.wedge(q)) / 2)]),
        "</g>"])
    return "\n".join([
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'class="hm-map" viewBox="0 0 {g.WIDTH} {g.HEIGHT}" width="100%" '
        f'style="max-width:{g.WIDTH}px;height:auto" font-family="sans-serif" role="img" '
        f"aria-label={_attr(title)}>", f"<title>{_esc(title)}</title>",
        f"<style>\n{STYLE}\n</style>",
        _defs(), *defs, "</defs>",
        f'<text class="hm-title" x="14" y="30">{_esc(g.fit(title, "", 320, 15))}</text>',
        band, '<g id="sectio">', *cells, "</g>", core, _moves(marks, board, players),
        _legend(board, players), "</svg>"]).encode("ascii", "xmlcharrefreplace").decode()
    # ASCII, every other character as a character reference (the "·", "×", "→" and "…"
    # of its labels): inlined in each HTML report, the map keeps the whole page one byte
    # a character in Python and its UTF-8 a plain copy (issue 23: 5 % of a stage)
