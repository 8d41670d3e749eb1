"""The Combat cards' effects, in batches; each module registers its cards when imported."""

from __future__ import annotations

from . import cards_1, cards_2, cards_3, counters  # noqa: F401  counters: Slipped Spell
