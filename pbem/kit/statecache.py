"""One typed state object per stored snapshot dict, for reading only.

The framework passes a game the same snapshot dict many times (a batch of mail checks
many sheets against one stage's snapshot, a stage's reports view it once per player) and
never changes a stored state. A game that turns the dict into typed objects
(`from_dict(d, copy=False)`) can therefore build them once per dict and share them for
checking orders, views and the order form, none of which mutates them. The cache holds
the dict itself, so its id is not reused while the entry lives. It is bounded by bytes,
not entries (issue 23): the snapshots' size as `marshal` writes them (about 0.85 of their
JSON, a C call of some 15 us for a 4-player snapshot of 8 kB, whose dict and objects
take about 5 times that in memory); past `max_bytes` the oldest entries are dropped (the
newest is kept whatever its size).
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

#: about 1,000 4-player snapshots of 8 kB marshalled (some 45 MB with their objects)
MAX_BYTES = 8 << 20


def marshalled_size(state: dict) -> int:
    """The bytes of `state` as marshal writes it: a cheap measure of a JSON-like dict."""
    return len(marshal.dumps(state))


class ReadOnlyStates(Generic[T]):
    def __init__(self, build: Callable[[dict], T], max_bytes: int = MAX_BYTES,
                 weigh: Callable[[dict], int] = marshalled_size):
        self._build, self._max, self._weigh = build, max_bytes, weigh
        self._entries: dict[int, tuple[dict, T, int]] = {}
        self.held = 0  # bytes held, as `weigh` measures them

    def get(self, state: dict) -> T:
        hit = self._entries.get(id(state))
        if hit is not None and hit[0] is state:
            return hit[1]
        built = self._build(state)
        size = self._weigh(state)
        while self._entries and self.held + size > self._max:
            self.held -= self._entries.pop(next(iter(self._entries)))[2]
        self._entries[id(state)] = (state, built, size)
        self.held += size
        return built

    def clear(self) -> None:
        self._entries.clear()
        self.held = 0
