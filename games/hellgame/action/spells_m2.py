"""Major Arcana effects, batch m2 (issue 8): see spells.py for the conventions."""

from __future__ import annotations
