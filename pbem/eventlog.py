"""Collects the events of a stage for the reports (public or private to players); every
game's resolution writes through one of these."""

from __future__ import annotations

from . import budget
from .engine import Event


class Log:
    def __init__(self) -> None:
        self.events: list[Event] = []
        self.phase = ""

    def public(self, kind: str, text: str, rule: str = "", **data) -> None:
        self._add(Event(self.phase, kind, text, rule, None, data))

    def private(self, player: str, kind: str, text: str, rule: str = "", **data) -> None:
        """Seen only by `player` (e.g. which cards he drew)."""
        self._add(Event(self.phase, kind, text, rule, (player,), data))

    def some(self, players, kind: str, text: str, rule: str = "", **data) -> None:
        """Seen only by `players` (e.g. the parties to a deal)."""
        self._add(Event(self.phase, kind, text, rule, tuple(players), data))

    def _add(self, event: Event) -> None:
        budget.charge_event()  # a stage that logs without end is stopped (pbem.budget)
        self.events.append(event)

    def not_implemented(self, what: str, rule: str) -> None:
        """A phase or effect that a later issue implements: said, never silently skipped."""
        self.public("not-implemented", f"{what}: not yet implemented, skipped.", rule)
