"""What changed for each player in a stage, and why: the first screen of his report.

A game tells the framework what each player owns and holds: the kinds, as `Holding`s
(counts such as Souls, collections such as Sectio or cards), and a function that
reads their values from the state; the stage's event log takes a snapshot of them at
every event (`pbem.eventlog.Log.watch`) and keeps each difference with the event that
caused it. Nothing is written by hand per report, so no path that
changes a holding can be left out of the summary: a Sectio lost to a Phenomenon shows
exactly as one lost in combat.

Which event caused a difference: the one whose logging ended the span in which the
holding changed (the usual order, "change, then say so"), unless it does not mention
what changed and the event before it does ("say so, then change"). Only events the
player may see are named; otherwise the cause is the phase.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from .engine import Event

#: how long a cause may be in a summary line before it is cut (two wrapped lines)
CAUSE_CHARS = 130


@dataclass(frozen=True)
class Holding:
    """One kind of thing a player has: a count, or a collection (ids, repeats allowed).
    `better` is +1 when more is good for him (Souls), -1 when worse (Disfavours).
    `words` are how events mention it ("soul", "legion"); `name` turns a collection's
    id into what the player reads."""

    label: str
    better: int = 1
    words: tuple[str, ...] = ()
    #: how a collection's losses and gains read, each with the names joined in {}
    #: (the report lists them under "Lost" and "Gained")
    says: tuple[str, str] = ("{}", "{}")
    #: a count's label for one (Souls -> Soul)
    one: str = ""
    name: Callable[[str], str] | None = None


#: player -> his values, one per Holding of the game, in the same order: an int for a
#: count, a tuple of ids for a collection. Plain tuples, so a snapshot is cheap to take
#: and to compare at every event.
Snapshot = dict[str, tuple]


@dataclass
class Change:
    player: str
    label: str
    better: int
    delta: int = 0  # for a count
    lost: list[str] = field(default_factory=list)  # for a collection
    gained: list[str] = field(default_factory=list)
    says: tuple[str, str] = ("{}", "{}")
    one: str = ""
    words: tuple[str, ...] = ()
    at: int = 0  # index of the event whose logging ended the span


def diff(kinds: tuple[Holding, ...], before: Snapshot, after: Snapshot,
         at: int) -> list[Change]:
    out: list[Change] = []
    for player in sorted(set(before) | set(after)):
        old, new = before.get(player), after.get(player)
        if old == new:
            continue
        for i, h in enumerate(kinds):
            a = old[i] if old is not None else None
            b = new[i] if new is not None else None
            if a == b:
                continue
            if isinstance(a if a is not None else b, int):
                out.append(Change(player, h.label, h.better, delta=(b or 0) - (a or 0),
                                  words=h.words, one=h.one, at=at))
                continue
            ca, cb = Counter(a or ()), Counter(b or ())
            name = h.name or str
            lost = sorted(name(x) for x in (ca - cb).elements())
            gained = sorted(name(x) for x in (cb - ca).elements())
            if lost or gained:  # not a mere change of order
                out.append(Change(player, h.label, h.better, lost=lost, gained=gained,
                                  says=h.says, words=h.words + tuple(lost) + tuple(gained),
                                  at=at))
    return out


class Watcher:
    """Snapshots around each event of a log; `found` then says who gained and lost
    what, at which event."""

    def __init__(self, kinds: tuple[Holding, ...], snapshot: Callable[[], Snapshot]):
        self.kinds = kinds
        self.snapshot = snapshot
        self.last = snapshot()
        self.found: list[Change] = []

    def before_event(self, index: int) -> None:
        now = self.snapshot()
        if now != self.last:
            self.found += diff(self.kinds, self.last, now, index)
            self.last = now


def _mentions(event: Event, words: tuple[str, ...]) -> bool:
    text = event.text.lower()
    return any(w.lower() in text for w in words if w)


def cause_of(change: Change, events: list[Event]) -> Event | None:
    """The event that explains `change`, among those its player may see (module doc)."""
    after = events[change.at] if change.at < len(events) else None
    before = events[change.at - 1] if change.at > 0 else None
    seen = [e for e in (after, before) if e is not None and e.visible(change.player)]
    for e in seen:
        if _mentions(e, change.words):
            return e
    return seen[0] if seen else None


def _short(text: str) -> str:
    # "..." rather than "…": the reports stay ASCII, one byte a character (issue 23)
    return text if len(text) <= CAUSE_CHARS else text[:CAUSE_CHARS - 3].rstrip() + "..."


def _names(items: list[str]) -> str:
    """'a, b, b' as 'a, b (2)', in first-seen order."""
    counts = Counter(items)
    return ", ".join(f"{x} ({n})" if n > 1 else x for x, n in counts.items())


def summary(changes: list[Change], events: list[Event], player: str) -> list[dict]:
    """The player's changes as report lines, losses first, each with its cause:
    [{"kind": "loss" | "gain", "what": "2 Souls" / "Sectio THIEVES", "cause", "rule",
    "phase"}] in the order they happened within each kind. A count that goes up is a
    loss when less is better (a Disfavour gained)."""
    losses: list[dict] = []
    gains: list[dict] = []
    for c in changes:
        if c.player != player:
            continue
        e = cause_of(c, events)
        phase = e.phase if e is not None else (events[min(c.at, len(events) - 1)].phase
                                               if events else "")
        why = {"cause": _short(e.text) if e is not None else f"in the {phase} phase",
               "rule": e.rule if e is not None else "", "phase": phase}
        if c.delta:
            n = abs(c.delta)
            good = (c.delta > 0) == (c.better > 0)
            what = f"{n} {(c.one or c.label) if n == 1 else c.label}"
            if c.better < 0:  # a count he would rather not have: say which way it went
                what += " taken" if c.delta > 0 else " removed"
            (gains if good else losses).append({"kind": "gain" if good else "loss",
                                                "what": what, **why})
            continue
        for items, up in ((c.lost, False), (c.gained, True)):
            if not items:
                continue
            good = up == (c.better > 0)
            entry = {"kind": "gain" if good else "loss",
                     "what": c.says[up].format(_names(items)), **why}
            (gains if good else losses).append(entry)
    return losses + gains
