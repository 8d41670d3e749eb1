"""Event texts: `count` puts a number and its noun in the right number (log.py)."""

from __future__ import annotations

import pytest

from pbem.engine import AMBIGUOUS
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.errors import OrderError
from pbem_games.hellgame.log import count
from pbem_games.hellgame.orders.common import card_or_kind


@pytest.mark.parametrize(("n", "noun", "plural", "text"), [
    (1, "Soul", "", "1 Soul"),
    (2, "Soul", "", "2 Souls"),
    (0, "Soul", "", "0 Souls"),
    (1, "Arcana card", "", "1 Arcana card"),
    (5, "Arcana card", "", "5 Arcana cards"),
    (1, "Sectio", "Sectio", "1 Sectio"),
    (3, "Sectio", "Sectio", "3 Sectio"),
    (0, "Sectio", "Sectio", "0 Sectio"),
    (1, "Legion or Lieutenant", "Legions and Lieutenants", "1 Legion or Lieutenant"),
    (4, "Legion or Lieutenant", "Legions and Lieutenants", "4 Legions and Lieutenants"),
])
def test_count_one_is_singular_every_other_number_plural(n, noun, plural, text):
    assert count(n, noun, plural) == text


def test_an_ambiguous_card_or_kind_names_the_plural_of_the_whole_phrase():
    with pytest.raises(OrderError) as e:
        card_or_kind("Pa", load_data(), "HG-6.3-03")
    assert e.value.status == AMBIGUOUS
    assert e.value.message == ("'Pa' matches 2 Arcana cards or Minor Arcana: "
                               "Panic and Disruption, Pass")


def test_missing_name_message_uses_the_right_article():
    import pytest

    from pbem_games.hellgame.errors import OrderError
    from pbem_games.hellgame.names import match

    with pytest.raises(OrderError, match="^an Arcana card name is missing$"):
        match("  ", {"arcana.x": ["X"]}, "Arcana card")
    with pytest.raises(OrderError, match="^a Sectio name is missing$"):
        match("", {"sectio.x": ["X"]}, "Sectio")
