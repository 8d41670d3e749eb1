"""Collects the events of a stage for the reports (pbem/eventlog.py, shared by every game)."""

from pbem.eventlog import Log
from pbem.lines import count

__all__ = ["Log", "count"]
