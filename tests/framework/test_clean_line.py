"""pbem.lines.clean_line: what a phone keyboard puts in a line (curly quotes, long
dashes, a no-break space) is folded, a comment cut and the spaces made single; an ASCII
line skips the fold (issue 23: a line is cleaned each time it is checked, some 40 lines
a player's order form), with the same result as folding it."""

from __future__ import annotations

import random

import pytest

from pbem.lines import _DASHES, clean_line


@pytest.mark.parametrize(("raw", "clean"), [
    ("Baal:  MARCH 1 LEGION Liars > Thieves  # first", "Baal: MARCH 1 LEGION Liars > Thieves"),
    ("GIVE boris 2 SOULS", "GIVE boris 2 SOULS"),
    ("Baal: MARCH 1 LEGION Liars – Thieves", "Baal: MARCH 1 LEGION Liars - Thieves"),
    ("KEEP “Belladonna”, Moloch’s\u00a0Blade", 'KEEP "Belladonna", Moloch\'s Blade'),
    ("PETITION—Sugar Hill ‐ −2", "PETITION-Sugar Hill - -2"),
    ("  # only a comment", ""),
    ("\tLEGIONS\t2\r", "LEGIONS 2"),
])
def test_a_line_is_folded_cut_and_spaced(raw, clean):
    assert clean_line(raw) == clean


def test_the_ascii_short_cut_gives_what_folding_gives():
    """Every character _DASHES folds is beyond ASCII, so an ASCII line is its own fold:
    seeded random lines of ASCII and of the folded characters agree with the fold."""
    assert all(code > 127 for code in _DASHES)
    rng = random.Random(23)
    alphabet = "aZ09 :#>-,'\"\t" + "".join(map(chr, _DASHES))
    for _ in range(2000):
        raw = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        folded = raw.translate(_DASHES).split("#", 1)[0]
        assert clean_line(raw) == " ".join(folded.split()), raw
