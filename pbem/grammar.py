"""English for report text, in one place for every game (issue 20): possessives, verbs
that agree with their subject, nouns counted, and sentence endings.

Conventions:
- Possessive: a singular noun takes "'s", whatever its last letter ("boris's Legion",
  "Asmodeus's Triumvirate", "Prufflas's ability"); a plural noun ending in s takes a bare
  apostrophe ("the Freebooters' Legion", "other players' petitions"). A name does not
  say whether it is plural, so the caller says so (`plural=True`): the games know
  which of their parties are groups (a band of Freebooters is, a player or a rampaging
  Hellhound is not).
- A verb is given in its plain form ("take") and agrees with its subject: "Asmodeus
  (anna) takes", "Asmodeus (anna), Belial (boris) take".
- Counts: `count(1, "Soul")` is "1 Soul", any other number takes the plural.
- Sentences end in one full stop; `clause` takes a sentence's final full stop away, for
  text that is set inside another sentence ("The game is over: {clause}.").
"""

from __future__ import annotations

#: Verbs whose third person singular is not the plain form + "s" / "es".
_IRREGULAR = {"be": ("is", "are"), "have": ("has", "have"), "do": ("does", "do"),
              "go": ("goes", "go")}
_ENDS = (".", "!", "?")


def possessive(noun: str, plural: bool = False) -> str:
    """"boris" -> "boris's", "Asmodeus" -> "Asmodeus's"; with `plural`, a noun ending in
    s takes only the apostrophe: "the Freebooters" -> "the Freebooters'"."""
    if plural and noun.endswith(("s", "S")):
        return noun + "'"
    return noun + "'s"


def verb(plural: bool, base: str) -> str:
    """`base` ("take", "be", "fight on") agreeing with a singular or plural subject: the
    first word changes, "take" -> "takes", "be" -> "is", "pass" -> "passes", "try" ->
    "tries"; a plural subject keeps the plain form ("are" for "be")."""
    first, sep, rest = base.partition(" ")
    if first in _IRREGULAR:
        word = _IRREGULAR[first][1 if plural else 0]
    elif plural:
        word = first
    elif first.endswith(("s", "sh", "ch", "x", "z")):
        word = first + "es"
    elif first.endswith("y") and first[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        word = first[:-1] + "ies"
    else:
        word = first + "s"
    return word + sep + rest


def noun(n: int, word: str, plural: str = "") -> str:
    """`word` in the number `n` asks for, without the number: noun(2, "Soul") is
    "Souls"; `plural` is for nouns that do not just add an "s"."""
    return word if n == 1 else (plural or word + "s")


def count(n: int, word: str, plural: str = "") -> str:
    """`n` and the noun in the right number: count(1, "Soul") is "1 Soul", count(2,
    "Soul") and count(0, "Soul") are "2 Souls" and "0 Souls". `plural` is for nouns that
    do not just add an "s": count(3, "Sectio", "Sectio") is "3 Sectio". (The Jinja filter
    `plural` is this function: `{{ n | plural("Soul") }}`.)"""
    return f"{n} {noun(n, word, plural)}"


def sentence(text: str) -> str:
    """`text` ending in one full stop: one is added unless it already ends in . ! or ?
    ("wins with 4.5 VP." stays as it is; trailing spaces are dropped)."""
    text = text.rstrip()
    return text if not text or text.endswith(_ENDS) else text + "."


def clause(text: str) -> str:
    """`text` without its final full stop (a "!" or "?" stays, and so does an ellipsis
    "..."), for setting it inside another sentence: "The game is over: " + clause(t) +
    "." never ends in "..". """
    text = text.rstrip()
    if text.endswith(".") and not text.endswith(".."):
        return text[:-1]
    return text
