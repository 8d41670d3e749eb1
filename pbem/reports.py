"""Turn reports: one view-model per player per stage, rendered three ways (DESIGN.md §2).

`model()` builds a plain, JSON-compatible dict from what the player may see and nothing
else (DESIGN.md §7): the game's view for that player, the events visible to him, his
own order sheet, the dice, the deadline in his time zone and his next order form. The
same dict is then rendered as text (the mail body, 72 columns), HTML (the mail's
alternative part, with the game's map) and JSON (attached, for players' own tools).
The public board gets a model of its own, built from the public view.

The order of a report is the order a player needs: what needs his attention first,
then what happened, then where he stands, then the public board and the next form.
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from jinja2 import TemplateNotFound
from markupsafe import Markup

from .engine import Event, OrderSheet
from .eventlog import CARRIED_KIND
from .mapimage import map_span
from .render import render

try:  # Zstandard: in the standard library since Python 3.14, its backport before
    from compression import zstd
except ImportError:  # Python < 3.14
    from backports import zstd

SCHEMA = "pbem-report/1"
FORMATS = ("text", "html", "json")
SUFFIX = {"text": "txt", "html": "html", "json": "json"}


@dataclass
class Stage:
    """What a report says about the stage it reports (the same for every player)."""

    game: str
    game_type: str
    title: str
    name: str
    number: int
    next_name: str
    finished: bool
    result: str = ""

    def to_dict(self) -> dict:
        return {"game": self.game, "type": self.game_type, "title": self.title,
                "name": self.name, "number": self.number, "next": self.next_name,
                "finished": self.finished, "result": self.result}


class StageMemo:
    """What the reports of one stage share, made once (issue 23): an event's dict in
    every report that shows it, each phase of events rendered as HTML and text, and the
    JSON of what models share (the dice, the public parts of the views, the events).
    Found by identity: an entry holds what it was made from, so no id is reused while
    the memo lives; the memo lives as long as the stage's rendering (board_parts makes
    it, `shared["memo"]`)."""

    def __init__(self):
        self.events: dict[int, tuple[Event, dict]] = {}
        self.json: dict[int, tuple[object, str]] = {}
        self.blocks: dict[tuple, tuple[list, str]] = {}

    def event(self, e: Event) -> dict:
        hit = self.events.get(id(e))
        if hit is None or hit[0] is not e:
            hit = self.events[id(e)] = (e, _event_dict(e))
        return hit[1]

    def to_json(self, value) -> str:
        """`value` as to_json writes it (no newline), made once for a dict or list."""
        if type(value) is not dict and type(value) is not list:
            return _ENCODE(value)
        hit = self.json.get(id(value))
        if hit is None or hit[0] is not value:
            hit = self.json[id(value)] = (value, _ENCODE(value))
        return hit[1]

    def block(self, kind: str, ph: dict, make: Callable[[], str], *key) -> str:
        """A phase's rendering `kind` (and `key`), made once for the same events."""
        events = ph["events"]
        k = (kind, ph["phase"], *key, *map(id, events))
        hit = self.blocks.get(k)
        if hit is None:
            hit = self.blocks[k] = (events, make())
        return hit[1]


def _event_dict(e: Event) -> dict:
    return {"kind": e.kind, "text": e.text, "rule": e.rule,
            "private": e.visible_to is not None, "data": e.data}


def phases(events: list[Event], memo: StageMemo | None = None) -> list[dict]:
    """Events grouped by phase, in the order they happened (with a memo: each event's
    dict the same in every report of the stage)."""
    out: list[dict] = []
    for e in events:
        if not out or out[-1]["phase"] != e.phase:
            out.append({"phase": e.phase, "events": []})
        out[-1]["events"].append(memo.event(e) if memo is not None else _event_dict(e))
    return out


#: private events that say an accepted line of the player's failed at the deadline
FAILED_KINDS = ("order-failed", "petition-failed")


def condensed(events: list[dict]) -> list[dict]:
    """A phase's events for the text report: a run of combat rounds in which no die
    hit (kind "combat-round" followed only by "combat-roll" events with no hits) is one
    line, so nine quiet rounds do not fill a phone's screen; every die stays in the
    dice list, and the HTML and JSON keep each round."""
    out: list[dict] = []
    i = 0
    while i < len(events):
        quiet: list[tuple[dict, int]] = []  # (round header, its rolls)
        j = i
        while j < len(events) and events[j]["kind"] == "combat-round":
            k = j + 1
            while k < len(events) and events[k]["kind"] == "combat-roll" \
                    and not events[k]["data"].get("hits"):
                k += 1
            if k < len(events) and events[k]["kind"] not in ("combat-round", "combat"):
                break  # this round has a hit or something else happens in it
            quiet.append((events[j], k - j - 1))
            j = k
        if len(quiet) >= 2:
            first, last = quiet[0][0]["data"], quiet[-1][0]["data"]
            dice = sum(n for _, n in quiet)
            where = quiet[0][0]["text"].split(" in ", 1)[-1].rstrip(":")
            out.append({"kind": "combat-quiet", "rule": "", "private": False,
                        "data": {"rounds": [first.get("round"), last.get("round")]},
                        "text": f"Rounds {first.get('round')}-{last.get('round')} in "
                                f"{where}: no hits ({dice} dice, in the dice list below)."})
            i = j
            continue
        out.append(events[i])
        i += 1
    return out


def dice_groups(rolls: list[dict]) -> list[dict]:
    """The dice list for the text report: consecutive dice with the same reason once
    unit ids are left out ("combat roll of u4 in THIEVES") make one line with all their
    results, in order (its player named when they all share one)."""
    out: list[dict] = []
    for d in rolls:
        reason = _COUNTED.sub("", _UNIT_ID.sub("a Unit", d["reason"]))
        last = out[-1] if out else None
        if last and last["reason"] == reason:
            last["results"].append(d["result"])
            last["last"] = d["seq"]
            if last["player"] != d.get("player"):
                last["player"] = None
            continue
        out.append({"first": d["seq"], "last": d["seq"], "reason": reason,
                    "player": d.get("player"), "results": [d["result"]]})
    return out


_UNIT_ID = re.compile(r"\bu\d+\b")  # a Unit's id in a reason
_COUNTED = re.compile(r" \d+ of \d+\b")  # "Disfavour Roll for Arcana card 1 of 3"


def orders_of(sheet: OrderSheet | None, receipt: str) -> dict | None:
    if sheet is None:
        return None
    return {"receipt": receipt, "lines": [r.to_dict() for r in sheet.lines],
            "defaults": list(sheet.defaults),
            # each default's head ("IP-03 (KEEP)"): the text report's short list
            "defaults_short": [d.split(": ", 1)[0] for d in sheet.defaults]}


def model(stage: Stage, player: str, view: dict, events: list[Event], rolls: list[dict],
          sheet: OrderSheet | None, receipt: str, deadline: dict | None, order_form: str,
          marks: dict | None, press: list[dict] | None = None,
          changed: list[dict] | None = None, memo: StageMemo | None = None) -> dict:
    """One player's report as data. Everything in it is his to see. `changed` is what
    he gained and lost in the stage, each with its cause (pbem.ledger.summary); `memo`
    the stage's (board_parts), for what the reports share."""
    orders = orders_of(sheet, receipt)
    # refused lines, and accepted lines with a warning (status "warning", the warning as
    # the message), in line order
    problems = [line if line["status"] != "accepted" else
                {**line, "status": "warning", "message": line["warning"]}
                for line in orders["lines"]
                if line["status"] != "accepted" or line.get("warning")] if orders else []
    carried = [e.text for e in events if e.kind == CARRIED_KIND and e.visible_to == (player,)]
    notes = carried + list((view.get("me") or {}).get("attention") or [])
    # "missing": no sheet, defaults only; "carried": no sheet, his standing orders used
    got = "received" if sheet is not None else "carried" if carried else "missing"
    # accepted lines that could not be carried out at the deadline, each saying why
    failed = [{"text": e.text, "rule": e.rule} for e in events
              if e.kind in FAILED_KINDS and e.visible_to == (player,)]
    return {
        "schema": SCHEMA,
        "stage": stage.to_dict(),
        "player": player,
        "attention": {"deadline": deadline, "orders": got,
                      "problems": problems, "failed": failed, "notes": notes},
        "orders": orders,
        "phases": phases([e for e in events if e.visible(player)], memo),
        "dice": rolls,
        "view": view,
        "marks": marks,
        "order_form": order_form,
        "press": press or [],  # what he sent and received (pbem.press.of_stage)
        "summary": changed or [],  # his gains and losses first (pbem.ledger)
    }


def board_model(stage: Stage, view: dict, events: list[Event], rolls: list[dict],
                ordered: list[str], deadline: dict | None, marks: dict | None,
                memo: StageMemo | None = None) -> dict:
    """The public board summary as data: public events only."""
    return {
        "schema": SCHEMA,
        "stage": stage.to_dict(),
        "player": None,
        "ordered": ordered,
        "deadline": deadline,
        "phases": phases([e for e in events if e.visible(None)], memo),
        "dice": rolls,
        "view": view,
        "marks": marks,
    }


#: json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")), its C
#: encoder made once
_ENCODE = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode
_KEY = json.encoder.encode_basestring  # a key as that encoder writes it


def to_json(m: dict, memo: StageMemo | None = None) -> str:
    """Canonical, compact JSON (sorted keys, no spaces): with an indent, the standard
    library falls back from its C encoder to Python, four times slower. With the stage's
    memo, what the stage's models share (the dice, the public view's parts, the events)
    is encoded once and spliced in: the very same bytes."""
    if memo is None or not all(type(k) is str for k in m):
        return _ENCODE(m) + "\n"
    parts = []
    for k in sorted(m):
        v = m[k]
        if k == "view" and type(v) is dict and all(type(x) is str for x in v):
            s = "{" + ",".join(f"{_KEY(x)}:{memo.to_json(v[x])}" for x in sorted(v)) + "}"
        elif k == "phases" and type(v) is list:
            s = "[" + ",".join(_phase_json(ph, memo) for ph in v) + "]"
        else:
            s = memo.to_json(v)
        parts.append(f"{_KEY(k)}:{s}")
    return "{" + ",".join(parts) + "}\n"


def _phase_json(ph, memo: StageMemo) -> str:
    if type(ph) is not dict or ph.keys() != {"events", "phase"} or type(ph["events"]) is not list:
        return memo.to_json(ph)
    return ('{"events":[' + ",".join(memo.to_json(e) for e in ph["events"]) + '],"phase":'
            + _ENCODE(ph["phase"]) + "}")


def board_parts(board: dict, map_svg: str, rolls: list[dict],
                templates: str) -> dict:
    """What every report of a stage shows alike, rendered once a stage: the dice
    (`dice_text`, `dice_html`) and the public board as text and HTML (`board_text`,
    `board_html`: the game's _board.txt.j2 and _board.html.j2, from the public view
    only; empty if the game has none). The players' text reports show the board
    `compact`; the public board's text (`board_text_full`) shows all of it. `memo`
    is the stage's StageMemo, for the models and renderings of its reports."""
    parts = {"memo": StageMemo(), "dice_text": render("_dice.txt.j2", {"r": {"dice": rolls},
                                                  "groups": dice_groups(rolls)}, templates),
             "dice_html": render("_dice.html.j2", {"r": {"dice": rolls}}, templates)}
    for key, name, compact in (("board_text", "_board.txt.j2", True),
                               ("board_text_full", "_board.txt.j2", False),
                               ("board_html", "_board.html.j2", False)):
        try:
            parts[key] = render(name, {"view": board, "map_svg": map_svg,
                                       "compact": compact}, templates)
        except TemplateNotFound:
            parts[key] = ""
    return parts


def render_model(m: dict, templates: str, map_svg: str = "",
                 shared: dict | None = None) -> dict[str, str]:
    """The three renderings of one model. `map_svg` is the game's map and `shared` the
    board_parts, both made from the public view only, so the same in every report.
    A phase of events is rendered once a stage (_phase.html.j2, _phase.txt.j2), for
    every report that shows the same events."""
    name = "report" if m["player"] is not None else "board"
    memo = (shared or {}).get("memo") or StageMemo()

    def phase_html(ph: dict) -> Markup:
        return Markup(memo.block("html", ph, lambda: render(
            "_phase.html.j2", {"ph": ph}, templates)))

    def phase_text(ph: dict, board: bool) -> str:
        return memo.block("text", ph, lambda: render(
            "_phase.txt.j2", {"ph": ph, "board": board, "condensed": condensed},
            templates), board)

    ctx = {"r": m, "view": m["view"], "map_svg": map_svg, "condensed": condensed,
           "board_text": "", "board_html": "", **(shared or {}),
           "phase_html": phase_html, "phase_text": phase_text}
    if name == "board" and shared:
        ctx["board_text"] = shared.get("board_text_full", ctx["board_text"])
    return {"text": render(f"{name}.txt.j2", ctx, templates),
            "html": render(f"{name}.html.j2", ctx, templates),
            "json": to_json(m, memo)}


#: Formats stored compressed in the reports table: all of them since issue 23 (text rows
#: stored before are plain text, and are read as they are).
PACKED = ("text", "html", "json", "svg")
#: What a stored HTML report holds instead of the stage's map, the one SVG stored once a
#: stage in the board's 'svg' row (issue 23).
MAP_REF = "<!--pbem:map-ref board.svg-->"
#: The formats a player's row is compressed in with the board's row of the same format as
#: preset dictionary: the board section, the dice and the public events are in both, and
#: are then stored about once (a 4-player stage's rows: a fifth smaller).
DICT_FORMATS = ("text", "html", "json")
#: The first byte of a body stored since issue 23: b"@", then "z" if it is Zstandard (a
#: zlib stream stored before without it), "d" if compressed with the board's row as
#: dictionary, the offset of MAP_REF if the map was cut out, ":", then the compressed
#: bytes. Not "x" (0x78), the first byte of every zlib stream stored before.
_MARK = b"@"
_ZSTD = b"z"
#: Zstandard takes no dictionary under 8 bytes (nor would one save anything)
_SHORTEST_DICT = 8
#: Zstandard's level: its fastest positive one, three times as fast as zlib's fastest on
#: the reports and a third smaller (bench/bench_turn6.py, issue 23)
LEVEL = 1


def pack(fmt: str, body: str, zdict: bytes | None = None, primed=None) -> str | bytes:
    """A report body Zstandard-compressed (`zdict`: the bytes of a dictionary, raw
    content; `primed`: `primer(zdict)`, made once for all the rows it serves)."""
    if fmt not in PACKED:
        return body
    data = body.encode("utf-8")
    if zdict is None:
        return zstd.compress(data, LEVEL)
    return zstd.compress(data, LEVEL, zstd_dict=primed if primed is not None else primer(zdict))


def primer(zdict: bytes):
    """The dictionary `pack` and `_open` use: `zdict`'s bytes as a raw-content prefix."""
    return zstd.ZstdDict(zdict, is_raw=True).as_prefix


def unpack(stored: str | bytes) -> str:
    """A stored body without its references resolved: a board's row (an HTML's map left
    as MAP_REF) or a row stored before issue 23. A player's row stored since needs the
    board's rows: read it with `stored`."""
    return _open(stored, _no_dictionary)[0]


def _no_dictionary() -> bytes:
    raise ValueError("this stored report is compressed with its board's as dictionary: "
                     "read it with pbem.reports.stored")


def _open(stored: str | bytes, zdict: Callable[[], bytes]) -> tuple[str, int | None]:
    """(the stored text, the offset of its MAP_REF or None). Every way a row has been
    stored reads: plain text and bare zlib (before issue 23), "@" with zlib (issue 23's
    first stores), "@z" with Zstandard."""
    if isinstance(stored, str):
        return stored, None  # text stored before issue 23
    if stored[:1] != _MARK:
        return zlib.decompress(stored).decode("utf-8"), None
    head, _, data = stored[1:].partition(b":")
    packed_zstd = head[:1] == _ZSTD
    if packed_zstd:
        head = head[1:]
    with_dict = head[:1] == b"d"
    if with_dict:
        head = head[1:]
    if packed_zstd:
        raw = zstd.decompress(data, zstd_dict=primer(zdict()) if with_dict else None)
    elif with_dict:
        z = zlib.decompressobj(zdict=zdict())
        raw = z.decompress(data) + z.flush()
    else:
        raw = zlib.decompress(data)
    return raw.decode("utf-8"), int(head) if head else None


def _map_of(svg_row: str) -> str:
    """The map as an HTML report inlines it: the board's 'svg' row less its newline."""
    return svg_row[:-1] if svg_row.endswith("\n") else svg_row


def _cut(fmt: str, body: str, svg_row: str | None) -> tuple[str, int | None]:
    """An HTML's map, when it is the stage's (`svg_row`), replaced by MAP_REF: (the
    text, MAP_REF's offset); any other body as it is, None."""
    span = map_span(body) if fmt == "html" and svg_row else None
    if span is None or body[span[0]:span[1]] != _map_of(svg_row):
        return body, None
    return body[:span[0]] + MAP_REF + body[span[1]:], span[0]


def stored_rows(rendered: dict[str, dict[str, str]]) -> list[tuple[str, str, str | bytes]]:
    """(player, format, body as stored) for each report of a stage, rendered[player]
    ('' = the board) -> format -> body: the map is stored once, in the board's 'svg'
    row, each HTML referring to it; a player's text, HTML and JSON are compressed with
    the board's as dictionary (DICT_FORMATS). `stored` reads them back as rendered."""
    board = rendered.get("", {})
    svg_row = board.get("svg")
    cut = {who: {fmt: _cut(fmt, body, svg_row) for fmt, body in formats.items()}
           for who, formats in rendered.items()}
    dicts = {fmt: cut[""][fmt][0].encode("utf-8") for fmt in DICT_FORMATS if fmt in board}
    dicts = {fmt: zdict for fmt, zdict in dicts.items() if len(zdict) >= _SHORTEST_DICT}
    primed = {fmt: primer(zdict) for fmt, zdict in dicts.items()}
    out: list[tuple[str, str, str | bytes]] = []
    for who, formats in sorted(cut.items()):
        for fmt, (text, at) in sorted(formats.items()):
            zdict = dicts.get(fmt) if who else None
            if fmt not in PACKED:
                out.append((who, fmt, text))
                continue
            head = _MARK + _ZSTD + (b"d" if zdict else b"") + (b"" if at is None else b"%d" % at)
            out.append((who, fmt, head + b":" + pack(fmt, text, zdict,
                                                      primed.get(fmt) if zdict else None)))
    return out


def stored(db, game: str, stage: int, who: str,
           formats: Iterable[str] = FORMATS) -> dict[str, str]:
    """The stored reports of `who` ('' = the board) for a stage: format -> body as it was
    rendered (each map expanded from the board's 'svg' row, each player's row inflated
    with the board's as dictionary), for those of `formats` that are stored. Every reader
    of the reports table goes through here (or `latest`); rows stored before issue 23
    are read as they are."""
    formats = list(formats)
    if not formats:
        return {}
    got = dict(db.execute(
        "SELECT format, body FROM reports WHERE game = ? AND stage = ? AND player = ? "
        f"AND format IN ({', '.join('?' * len(formats))})", [game, stage, who, *formats]))
    board: dict[str, str] = {}  # the board's rows as stored (maps left as MAP_REF)

    def board_row(fmt: str) -> str:
        if fmt not in board:
            body = got.get(fmt) if who == "" else None
            if body is None:
                row = db.execute("SELECT body FROM reports WHERE game = ? AND stage = ? AND "
                                 "player = '' AND format = ?", [game, stage, fmt]).fetchone()
                if row is None:
                    raise ValueError(f"{game} stage {stage}: a stored report refers to the "
                                     f"board's {fmt}, which is not stored")
                body = row[0]
            board[fmt] = unpack(body)
        return board[fmt]

    out = {}
    for fmt, body in got.items():
        text, at = _open(body, lambda fmt=fmt: board_row(fmt).encode("utf-8"))
        if at is not None:
            if not text.startswith(MAP_REF, at):
                raise ValueError(f"{game} stage {stage}: a stored report's map reference "
                                 "is not where it says")
            text = text[:at] + _map_of(board_row("svg")) + text[at + len(MAP_REF):]
        out[fmt] = text
    return out


def latest(db, game: str, who: str, fmt: str,
           stage: int | None = None) -> tuple[int, str] | None:
    """(stage, body) of the last stored report of `who` ('' = the board) in `fmt`, or of
    stage `stage`; None if there is none."""
    where, args = "game = ? AND player = ? AND format = ?", [game, who, fmt]
    if stage is not None:
        where += " AND stage = ?"
        args.append(stage)
    row = db.execute(f"SELECT stage FROM reports WHERE {where} ORDER BY stage DESC LIMIT 1",
                     args).fetchone()
    if row is None:
        return None
    return row[0], stored(db, game, row[0], who, [fmt])[fmt]


#: Formats written to the archive folder, for people to read: the JSON is for programs,
#: which get it attached to the mail or from `pbem report --format json` (a file costs
#: about a millisecond to create, and a stage already writes a dozen).
ARCHIVED = ("text", "html", "svg")


_VIEWBOX = re.compile(r'\bviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')
_LABEL = re.compile(r'\baria-label="([^"<>]*)"')


def archived_html(html: str, svg_row: str | None) -> str:
    """A report's HTML as archived: its map, when it is the stage's, shown from board.svg
    beside it (an <object>, so its regions keep their tooltips) instead of inlined. The
    <object> is sized from the map's viewBox and styled like the inline map (the page's
    width, at most 960 px; 1200 px under "Enlarge the map")."""
    span = map_span(html) if svg_row else None
    if span is None or html[span[0]:span[1]] != _map_of(svg_row):
        return html
    svg = html[span[0]:html.find(">", span[0]) + 1]
    size = _VIEWBOX.search(svg)
    if size is None:
        return html
    width, height = size.group(1), size.group(2)
    label = _LABEL.search(svg)
    name = label.group(1) if label else "The map"  # already escaped
    css = (f".map-frame>object.map-file{{display:block;width:100%;max-width:{width}px;"
           f"height:auto;aspect-ratio:{width}/{height}}}.zoom[open]+.map-frame>"
           "object.map-file{width:1200px;max-width:none}\n")
    obj = (f'<object class="map-file" data="board.svg" type="image/svg+xml" width="{width}" '
           f'height="{height}" aria-label="{name}"><a href="board.svg">The map: {name}</a>'
           "</object>")
    style = html.find("</style>", 0, span[0])  # the page's stylesheet, in its head
    if style < 0:
        return html[:span[0]] + f"<style>{css}</style>" + obj + html[span[1]:]
    return html[:style] + css + html[style:span[0]] + obj + html[span[1]:]


def archive(reports: dict[str, dict[str, str]]) -> dict[str, bytes]:
    """The archive folder's files for reports[player] ('' = the board) -> format -> body:
    name -> bytes, player.txt and .html, and board.txt, .html and .svg. The map is in
    board.svg alone: each HTML shows it from there (`archived_html`); the public board,
    the same in every player's HTML, is in board.html alone: each player's HTML links to
    it (`_board_linked`)."""
    svg_row = reports.get("", {}).get("svg") if "svg" in ARCHIVED else None
    board = archived_html(reports.get("", {}).get("html", ""), svg_row)
    section = _board_section(board)
    out: dict[str, bytes] = {}
    for who, formats in sorted(reports.items()):
        for fmt, body in sorted(formats.items()):
            if fmt not in ARCHIVED:
                continue
            if fmt == "html":
                body = board if who == "" else _board_linked(archived_html(body, svg_row),
                                                             section)
            out[f"{who or 'board'}.{SUFFIX.get(fmt, fmt)}"] = body.encode("utf-8")
    return out


#: Where a game's HTML shows the public board (its _board.html.j2).
BOARD_SECTION = '<section id="board">'
#: What a player's archived HTML shows instead of the board section it shares with
#: board.html beside it.
BOARD_LINK = ('<section id="board">\n<h2>The board</h2>\n<p>The same for every player: '
              '<a href="board.html#board">the board of this stage</a> (board.html, beside '
              'this page).</p>\n</section>')


def _board_section(html: str) -> str:
    """The board's HTML's public-board section, nested sections and all ("" if none)."""
    start = html.find(BOARD_SECTION)
    if start < 0:
        return ""
    depth, at = 0, start
    while True:
        opening = html.find("<section", at)
        closing = html.find("</section>", at)
        if closing < 0:
            return ""
        if 0 <= opening < closing:
            depth, at = depth + 1, opening + len("<section")
            continue
        depth, at = depth - 1, closing + len("</section>")
        if depth == 0:
            return html[start:at]


def _board_linked(html: str, section: str) -> str:
    """A player's archived HTML, its board section replaced by BOARD_LINK when it is
    the board's own, to the byte (issue 23: stored once a stage, like the map)."""
    at = html.find(section) if section else -1
    return html if at < 0 else html[:at] + BOARD_LINK + html[at + len(section):]


def write_archive(folder: Path, files: dict[str, bytes]) -> None:
    """`archive`'s files written into `folder`, each replaced whole (a temporary file
    renamed)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        tmp = folder / f".{name}.tmp"
        tmp.write_bytes(data)
        tmp.replace(folder / name)
