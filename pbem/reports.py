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
import zlib
from dataclasses import dataclass
from pathlib import Path

from jinja2 import TemplateNotFound

from .engine import Event, OrderSheet
from .render import render

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


def phases(events: list[Event]) -> list[dict]:
    """Events grouped by phase, in the order they happened."""
    out: list[dict] = []
    for e in events:
        if not out or out[-1]["phase"] != e.phase:
            out.append({"phase": e.phase, "events": []})
        out[-1]["events"].append({"kind": e.kind, "text": e.text, "rule": e.rule,
                                  "private": e.visible_to is not None, "data": e.data})
    return out


def orders_of(sheet: OrderSheet | None, receipt: str) -> dict | None:
    if sheet is None:
        return None
    return {"receipt": receipt, "lines": [r.to_dict() for r in sheet.lines],
            "defaults": list(sheet.defaults)}


def model(stage: Stage, player: str, view: dict, events: list[Event], rolls: list[dict],
          sheet: OrderSheet | None, receipt: str, deadline: dict | None, order_form: str,
          marks: dict | None, press: list[dict] | None = None) -> dict:
    """One player's report as data. Everything in it is his to see."""
    orders = orders_of(sheet, receipt)
    problems = [line for line in orders["lines"] if line["status"] != "accepted"] \
        if orders else []
    notes = list((view.get("me") or {}).get("attention") or [])
    return {
        "schema": SCHEMA,
        "stage": stage.to_dict(),
        "player": player,
        "attention": {"deadline": deadline, "orders": "missing" if sheet is None else "received",
                      "problems": problems, "notes": notes},
        "orders": orders,
        "phases": phases([e for e in events if e.visible(player)]),
        "dice": rolls,
        "view": view,
        "marks": marks,
        "order_form": order_form,
        "press": press or [],  # what he sent and received (pbem.press.of_stage)
    }


def board_model(stage: Stage, view: dict, events: list[Event], rolls: list[dict],
                ordered: list[str], deadline: dict | None, marks: dict | None) -> dict:
    """The public board summary as data: public events only."""
    return {
        "schema": SCHEMA,
        "stage": stage.to_dict(),
        "player": None,
        "ordered": ordered,
        "deadline": deadline,
        "phases": phases([e for e in events if e.visible(None)]),
        "dice": rolls,
        "view": view,
        "marks": marks,
    }


def to_json(m: dict) -> str:
    """Canonical, compact JSON (sorted keys, no spaces): with an indent, the standard
    library falls back from its C encoder to Python, four times slower."""
    return json.dumps(m, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def board_parts(board: dict, map_svg: str, rolls: list[dict],
                templates: str) -> dict[str, str]:
    """What every report of a stage shows alike, rendered once a stage: the dice
    (`dice_text`, `dice_html`) and the public board as text and HTML (`board_text`,
    `board_html`: the game's _board.txt.j2 and _board.html.j2, from the public view
    only; empty if the game has none)."""
    parts = {"dice_text": render("_dice.txt.j2", {"r": {"dice": rolls}}, templates),
             "dice_html": render("_dice.html.j2", {"r": {"dice": rolls}}, templates)}
    for key, name in (("board_text", "_board.txt.j2"), ("board_html", "_board.html.j2")):
        try:
            parts[key] = render(name, {"view": board, "map_svg": map_svg}, templates)
        except TemplateNotFound:
            parts[key] = ""
    return parts


def render_model(m: dict, templates: str, map_svg: str = "",
                 shared: dict[str, str] | None = None) -> dict[str, str]:
    """The three renderings of one model. `map_svg` is the game's map and `shared` the
    board_parts, both made from the public view only, so the same in every report."""
    name = "report" if m["player"] is not None else "board"
    ctx = {"r": m, "view": m["view"], "map_svg": map_svg,
           "board_text": "", "board_html": "", **(shared or {})}
    return {"text": render(f"{name}.txt.j2", ctx, templates),
            "html": render(f"{name}.html.j2", ctx, templates),
            "json": to_json(m)}


#: Formats stored compressed in the reports table: a stage of a 4-player game has some
#: 700 kB of HTML, JSON and SVG, which zlib's fastest level makes about an eighth.
PACKED = ("html", "json", "svg")


def pack(fmt: str, body: str) -> str | bytes:
    """A report body as stored: text as it is (`pbem report`, status and tests read it
    directly), the other formats zlib-compressed."""
    return zlib.compress(body.encode("utf-8"), 1) if fmt in PACKED else body


def unpack(stored: str | bytes) -> str:
    return zlib.decompress(stored).decode("utf-8") if isinstance(stored, bytes) else stored


#: Formats written to the archive folder, for people to read: the JSON is for programs,
#: which get it attached to the mail or from `pbem report --format json` (a file costs
#: about a millisecond to create, and a stage already writes a dozen).
ARCHIVED = ("text", "html", "svg")


def write_files(folder: Path, reports: dict[str, dict[str, str]]) -> None:
    """reports[player] ('' = the board) -> format -> body, as player.txt and .html, and
    board.txt, .html and .svg."""
    folder.mkdir(parents=True, exist_ok=True)
    for who, formats in sorted(reports.items()):
        for fmt, body in sorted(formats.items()):
            if fmt not in ARCHIVED:
                continue
            path = folder / f"{who or 'board'}.{SUFFIX.get(fmt, fmt)}"
            tmp = folder / f".{path.name}.tmp"
            tmp.write_text(body, encoding="utf-8")
            tmp.replace(path)
