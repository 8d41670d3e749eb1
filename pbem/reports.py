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
from dataclasses import dataclass
from pathlib import Path

from jinja2 import TemplateNotFound

from .engine import Event, OrderSheet
from .eventlog import CARRIED_KIND
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
          changed: list[dict] | None = None) -> dict:
    """One player's report as data. Everything in it is his to see. `changed` is what
    he gained and lost in the stage, each with its cause (pbem.ledger.summary)."""
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
        "phases": phases([e for e in events if e.visible(player)]),
        "dice": rolls,
        "view": view,
        "marks": marks,
        "order_form": order_form,
        "press": press or [],  # what he sent and received (pbem.press.of_stage)
        "summary": changed or [],  # his gains and losses first (pbem.ledger)
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
    only; empty if the game has none). The players' text reports show the board
    `compact`; the public board's text (`board_text_full`) shows all of it."""
    parts = {"dice_text": render("_dice.txt.j2", {"r": {"dice": rolls},
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
                 shared: dict[str, str] | None = None) -> dict[str, str]:
    """The three renderings of one model. `map_svg` is the game's map and `shared` the
    board_parts, both made from the public view only, so the same in every report."""
    name = "report" if m["player"] is not None else "board"
    ctx = {"r": m, "view": m["view"], "map_svg": map_svg, "condensed": condensed,
           "board_text": "", "board_html": "", **(shared or {})}
    if name == "board" and shared:
        ctx["board_text"] = shared.get("board_text_full", ctx["board_text"])
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
