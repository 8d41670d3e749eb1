"""Combat cards, batch 2 (issue 8): see magic.py and lasting.py for the conventions."""

from __future__ import annotations
