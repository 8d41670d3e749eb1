"""Major Arcana effects, batch r5 (issue 8): see spells.py for the conventions."""

from __future__ import annotations
