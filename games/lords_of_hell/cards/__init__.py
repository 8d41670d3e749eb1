"""Card effects: every module registers its cards with effects.effect on import (the
game's loader.py imports them all)."""
