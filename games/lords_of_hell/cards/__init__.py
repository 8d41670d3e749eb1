"""Card effects: every module registers its cards with effects.effect on import."""

from . import artifacts, hordes, rituals, specials  # noqa: F401
