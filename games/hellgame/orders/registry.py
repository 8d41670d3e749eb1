"""Imports every order module so that its orders register (one module per phase)."""

from . import (  # noqa: F401
    abilities,
    cards,
    combat,
    counters,
    end,
    flee,
    flight_pref,
    lilith,
    passage,
    petitions,
    playright,
    rerolls,
    setup,
    soul,
    summoning,
    v1,
)
