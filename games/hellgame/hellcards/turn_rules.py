"""Hell-card effects: see hellcards/__init__.py."""

from __future__ import annotations
