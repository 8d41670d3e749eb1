"""Lords of Hell (Kalle Marjola, 2001-2002), a negotiation card game, as a pbem game.

Registered with pbem through the `pbem.games` entry point as `GAME` (loaded lazily).
"""


def __getattr__(name: str):
    if name == "GAME":
        from .game import GAME

        return GAME
    raise AttributeError(name)
