"""Imports every order module so that its orders register (one module per phase)."""

from . import (  # noqa: F401
    abilities,
    cards,
    counters,
    end,
    flee,
    flight_pref,
    passage,
    petitions,
    setup,
    soul,
    summoning,
)
