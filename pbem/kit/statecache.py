"""One typed state object per stored snapshot dict, for reading only.

The framework passes a game the same snapshot dict many times (a batch of mail checks
many sheets against one stage's snapshot, a stage's reports view it once per player) and
never changes a stored state. A game that turns the dict into typed objects
(`from_dict(d, copy=False)`) can therefore build them once per dict and share them for
checking orders, views and the order form, none of which mutates them. The cache holds
the dict itself, so its id is not reused while the entry lives; it keeps at most `size`
entries (as many as pbem.orders.STATE_CACHE), dropping the oldest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class ReadOnlyStates(Generic[T]):
    def __init__(self, build: Callable[[dict], T], size: int = 1024):
        self._build, self._size = build, size
        self._entries: dict[int, tuple[dict, T]] = {}

    def get(self, state: dict) -> T:
        hit = self._entries.get(id(state))
        if hit is not None and hit[0] is state:
            return hit[1]
        built = self._build(state)
        if len(self._entries) >= self._size:
            self._entries.pop(next(iter(self._entries)))
        self._entries[id(state)] = (state, built)
        return built

    def clear(self) -> None:
        self._entries.clear()
