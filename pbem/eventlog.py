"""Collects the events of a stage for the reports (public or private to players); every
game's resolution writes through one of these."""

from __future__ import annotations

from collections.abc import Callable

from . import budget
from .engine import Event
from .ledger import Change, Holding, Snapshot, Watcher

#: The kind of an event for the moderator alone (visible to no player): after the stage
#: is stored the framework mails its text to the moderator, with one line per decision in
#: its data's "decisions" ("pbem game decide GAME <decision>", the game's `moderate`).
MODERATOR_KIND = "moderator-notice"


#: The kind of a private event by which a game says it played a player who sent no
#: orders on his standing orders (which lines, which it dropped): his report's attention
#: part shows them instead of "every decision took its default" (pbem/reports.py).
CARRIED_KIND = "orders-carried"


class Log:
    def __init__(self) -> None:
        self.events: list[Event] = []
        self.phase = ""
        self._watcher: Watcher | None = None

    def watch(self, kinds: tuple[Holding, ...], snapshot: Callable[[], Snapshot]) -> None:
        """Keep what each player holds (`snapshot()`: his values of `kinds`, see
        pbem.ledger) around every event from now on, so `changes()` can tell who gained
        and lost what, and at which event."""
        self._watcher = Watcher(kinds, snapshot)

    def changes(self) -> list[Change]:
        """Every change to what a player holds since `watch`, each with the index of
        the event that ended its span (pbem.ledger.cause_of picks the cause)."""
        if self._watcher is None:
            return []
        self._watcher.before_event(len(self.events))  # what changed after the last event
        return list(self._watcher.found)

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
        if self._watcher is not None:
            self._watcher.before_event(len(self.events))
        self.events.append(event)

    def moderator(self, text: str, rule: str = "", decisions: list[str] | None = None,
                  **data) -> None:
        """For the moderator only (MODERATOR_KIND): mailed to him once the stage is
        stored; `decisions` are what he may answer with `pbem game decide`."""
        self._add(Event(self.phase, MODERATOR_KIND, text, rule, (),
                        {**data, "decisions": list(decisions or [])}))

    def not_implemented(self, what: str, rule: str) -> None:
        """A phase or effect that a later issue implements: said, never silently skipped."""
        self.public("not-implemented", f"{what}: not yet implemented, skipped.", rule)
