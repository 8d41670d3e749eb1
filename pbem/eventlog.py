"""Collects the events of a stage for the reports (public or private to players); every
game's resolution writes through one of these."""

from __future__ import annotations

from .engine import Event


class Log:
    def __init__(self) -> None:
        self.events: list[Event] = []
        self.phase = ""

    def public(self, kind: str, text: str, rule: str = "", **data) -> None:
        self.events.append(Event(self.phase, kind, text, rule, None, data))

    def private(self, player: str, kind: str, text: str, rule: str = "", **data) -> None:
        """Seen only by `player` (e.g. which cards he drew)."""
        self.events.append(Event(self.phase, kind, text, rule, (player,), data))

    def some(self, players, kind: str, text: str, rule: str = "", **data) -> None:
        """Seen only by `players` (e.g. the parties to a deal)."""
        self.events.append(Event(self.phase, kind, text, rule, tuple(players), data))

    def not_implemented(self, what: str, rule: str) -> None:
        """A phase or effect that a later issue implements: said, never silently skipped."""
        self.public("not-implemented", f"{what}: not yet implemented, skipped.", rule)
