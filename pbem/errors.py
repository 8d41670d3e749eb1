"""Errors the CLI turns into a clear message and an exit code (DESIGN.md §4)."""

from __future__ import annotations

EXIT_OK = 0
EXIT_GAME_FAILED = 1
EXIT_USAGE = 2


class PbemError(Exception):
    """A problem the user can fix; `exit_code` 2 (usage) unless said otherwise."""

    def __init__(self, message: str, exit_code: int = EXIT_USAGE):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code

    def __reduce__(self):  # pickled whole (pbem.workers sends errors between processes)
        return self.__class__, (self.message, self.exit_code)
