"""The confirmation a player gets for every sheet: each line as understood."""

from __future__ import annotations

from .engine import get_game
from .orders import Checked, changes
from .render import render


def confirmation_context(checked: Checked, stored: bool) -> dict:
    sheet = checked.sheet
    return {
        "game_name": checked.game,
        "player": checked.player,
        "stage_name": checked.stage_name,
        "stored": stored,
        "lines": [r.to_dict() for r in sheet.lines],
        "accepted": [r.canonical for r in sheet.lines if r.ok],
        "problems": [r.to_dict() for r in sheet.problems],
        # accepted lines with a warning ("warnings" is the mail's own notes: answering.py)
        "warned": [r.to_dict() for r in sheet.warnings],
        "defaults": list(sheet.defaults),
        "notes": list(sheet.notes),  # what the game says about the sheet as a whole
        "changes": changes(checked.previous, sheet.canonical()),
        "receipt": checked.receipt,
    }


def confirmation_text(checked: Checked, stored: bool) -> str:
    game = get_game(checked.game_type)
    return render("confirmation.txt.j2", confirmation_context(checked, stored), game.templates())
