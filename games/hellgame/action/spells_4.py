"""Major Arcana effects, batch 4 (issue 8): see spells.py for the conventions."""

from __future__ import annotations
