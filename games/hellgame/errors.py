"""The one exception order parsers raise; it becomes a LineResult, never a crash."""

from __future__ import annotations


class OrderError(Exception):
    def __init__(self, status: str, message: str, rule: str = "", hint: str = ""):
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule
        self.hint = hint
