"""A sheet checked once: the result of checking a stored sheet, kept with it and used
again at the deadline when nothing it was checked against has changed (issue 23).

At the deadline each player's last sheet is read by the engine again (pbem.turns
.sheets_for), since the engine or the stage's snapshot may have changed since the sheet
came in. A game's `check_orders` reads nothing but the snapshot, the player and the text
(the contract, tests/contract: it is pure), so when the snapshot and the engine are the
very same, checking again gives the very same sheet. The submission therefore keeps its
checked sheet (as JSON) and a stamp of what it was checked against: the snapshot's hash
and a digest of the engine, its code and data files (the game's package and pbem's own)
and the Python and Unicode versions that read them. A sheet whose stamp differs (a
snapshot changed by the moderator, an upgraded pbem, a sheet stored before this) is
checked again, as before.
"""

from __future__ import annotations

import hashlib
import json
import platform
import sys
import unicodedata
from functools import cache
from pathlib import Path

from .engine import OrderSheet, canonical_json

#: files of a package that are not part of what it does
_SKIPPED = ("__pycache__",)


def stamp(game, state_hash: str) -> str:
    """What a sheet of `game` checked against the snapshot of hash `state_hash` was
    checked against; '' when the engine's files cannot be read (then never reused)."""
    digest = engine_digest(type(game))
    return f"{state_hash}:{digest}" if digest and state_hash else ""


@cache
def engine_digest(game_class: type) -> str:
    """A digest of every file of pbem's package and of the package that holds the
    game's class (its code and its data files), once a process."""
    module = sys.modules.get(game_class.__module__)
    package = sys.modules.get(getattr(module, "__package__", None) or "")
    where = getattr(package, "__file__", None) or getattr(module, "__file__", None)
    if not where:
        return ""
    h = hashlib.sha256(f"{game_class.__module__}.{game_class.__qualname__}\0"
                       f"{platform.python_version()}\0{unicodedata.unidata_version}\0".encode())
    try:
        for root in (Path(__file__).parent, Path(where).parent):
            for path in sorted(root.rglob("*")):
                if path.is_file() and not any(p in _SKIPPED for p in path.parts) \
                        and path.suffix != ".pyc":
                    h.update(f"{path.relative_to(root)}\0".encode())
                    h.update(path.read_bytes())
                    h.update(b"\0")
    except OSError:  # a package in a zip file, a file gone meanwhile: no reuse
        return ""
    return h.hexdigest()[:24]


def kept(sheet: OrderSheet) -> str:
    """The checked sheet as the submission keeps it."""
    return canonical_json(sheet.to_dict())


def reused(row: dict, current: str) -> OrderSheet | None:
    """The submission's checked sheet, if it was checked against `current` (a stamp).
    A kept sheet that does not read (a damaged row, an edit by hand) is None: the sheet
    is then checked again, as if it had not been kept."""
    if not current or row.get("checked_with") != current or not row.get("sheet"):
        return None
    try:
        return OrderSheet.from_dict(json.loads(row["sheet"]))
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
