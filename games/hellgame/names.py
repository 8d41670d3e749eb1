"""Matching names typed by players to ids (pbem/lines.py, shared by every game), with the
HellGame's irregular plurals: "sugar", "Sugar Hill", "SUGAR-HILL" all find
`sectio.sugar-hill`.
"""

from __future__ import annotations

from pbem import lines
from pbem.lines import named, normalise

__all__ = ["match", "named", "normalise"]

#: Nouns that do not just add an "s" (Sectio is its own plural; Arcana already is one).
_PLURALS = {"Sectio": "Sectio", "Arcana card or Minor Arcana": "Arcana cards or Minor Arcana"}


def match(text: str, candidates: dict[str, list[str]], what: str, rule: str = "") -> str:
    """Return the id whose name (or variant, or id slug) `text` names (pbem.lines.match)."""
    return lines.match(text, candidates, what, rule, _PLURALS.get(what, ""))
