"""Issue 20: report English by one helper (pbem/grammar.py): possessives, verbs that
agree with their subject, counted nouns, sentence endings."""

from __future__ import annotations

import pytest

from pbem import lines, render
from pbem.dice import Dice
from pbem.engine import get_game
from pbem.grammar import clause, count, noun, possessive, sentence, verb
from pbem.turns import render_reports


@pytest.mark.parametrize(("name", "plural", "want"), [
    ("boris", False, "boris's"),
    ("Asmodeus", False, "Asmodeus's"),        # a singular name ending in s takes 's
    ("Prufflas", False, "Prufflas's"),
    ("the rampaging Cerberus", False, "the rampaging Cerberus's"),
    ("the Freebooters", True, "the Freebooters'"),  # a plural in s: the apostrophe alone
    ("other players", True, "other players'"),
    ("the Children", True, "the Children's"),  # a plural not in s takes 's
    ("Baal", False, "Baal's"),
])
def test_possessive(name, plural, want):
    assert possessive(name, plural) == want


@pytest.mark.parametrize(("plural", "base", "want"), [
    (False, "take", "takes"), (True, "take", "take"),
    (False, "be", "is"), (True, "be", "are"),
    (False, "have", "has"), (True, "have", "have"),
    (False, "pass", "passes"), (False, "reach", "reaches"), (False, "fix", "fixes"),
    (False, "try", "tries"), (False, "stay", "stays"), (False, "go", "goes"),
    (False, "fight on", "fights on"), (True, "fight on", "fight on"),
    (False, "roll", "rolls"),
])
def test_verb_agrees_with_its_subject(plural, base, want):
    assert verb(plural, base) == want


def test_count_and_noun():
    assert [count(n, "Soul") for n in (0, 1, 2)] == ["0 Souls", "1 Soul", "2 Souls"]
    assert count(3, "Sectio", "Sectio") == "3 Sectio"
    assert noun(1, "hit") == "hit" and noun(2, "hit") == "hits"
    assert lines.count is count  # the games import it from pbem.lines as before


def test_sentence_ends_in_one_full_stop():
    assert sentence("Asmodeus (a) wins with 4.5 VP") == "Asmodeus (a) wins with 4.5 VP."
    assert sentence("Asmodeus (a) wins with 4.5 VP.") == "Asmodeus (a) wins with 4.5 VP."
    assert sentence("Ambush! ") == "Ambush!"
    assert sentence("Who wins?") == "Who wins?"
    assert sentence("") == ""


def test_clause_drops_the_final_full_stop_only():
    assert clause("b wins with three \"6\" Arcana.") == "b wins with three \"6\" Arcana"
    assert clause("X is the Overlord of Hell. Y wins with 4.5 VP.") == \
        "X is the Overlord of Hell. Y wins with 4.5 VP"
    assert clause("Hit Hard!") == "Hit Hard!"
    assert clause("So, Sue Me..") == "So, Sue Me.."  # an ellipsis stays
    assert sentence("The game is over: " + clause("Y wins with 4.5 VP.")) == \
        "The game is over: Y wins with 4.5 VP."


def test_jinja_filters_are_the_grammar_functions():
    env = render.environment()
    t = env.from_string("{% autoescape false %}{{ n | plural('Soul') }}; "  # as in .txt.j2
                        "{{ m | plural('Sectio', 'Sectio') }}; {{ who | possessive }}; "
                        "{{ text | sentence }}{% endautoescape %}")
    assert t.render(n=1, m=2, who="boris", text="Done") == "1 Soul; 2 Sectio; boris's; Done."


def test_the_game_over_line_ends_in_one_full_stop():
    """Issue 20: "wins with 4.5 VP.." — a game's result is a clause (turn.py: clause()),
    set inside the framework's "The game is over: ...." sentence."""
    game = get_game("hellgame")
    players = ["anna", "boris", "chiara"]
    state, _, _ = game.new_game(players, {}, Dice("grammar"))
    result = clause('anna wins with three "6" Arcana.')
    out = render_reports(game, {"name": "g", "game_type": "hellgame"},
                         {"name": "turn 9", "number": 9}, state, state, [], [],
                         {p: None for p in players}, {}, players, "game over after turn 9",
                         True, result)
    for who in ("", "anna"):
        text = out[who]["text"]
        assert 'The game is over: anna wins with three "6" Arcana.' in text
        assert '"6" Arcana..' not in text
