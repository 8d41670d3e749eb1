"""The HellGame (Living Dead Entertainment, rules version II).

Registered with pbem through the `pbem.games` entry point as `GAME`. Loaded lazily so
that importing one module of the package (e.g. `state`) does not load them all.
"""


def __getattr__(name: str):
    if name == "GAME":
        from .game import GAME

        return GAME
    raise AttributeError(name)
