"""The one exception order parsers raise; it becomes a LineResult, never a crash
(shared by every game: pbem/lines.py)."""

from pbem.lines import OrderError

__all__ = ["OrderError"]
