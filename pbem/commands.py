"""Commands by mail (issue 18, DESIGN.md §9): what a player — or a stranger — asks for
that is not an order. A command never touches the stored orders.

The framework owns every command; a game supplies only texts (its title, its order
form, its reports). `split` takes the command lines out of a mail's text (leaving blank
lines in their place, so the orders keep their line numbers); `pbem.service` carries
them out.
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass


@dataclass(frozen=True)
class Spec:
    usage: str
    example: str
    says: str
    seat: bool  # needs an authenticated seat (GAME, PLAYER, SECRET)


# In the order HELP lists them. Each is documented in docs/players.md, whose "Commands"
# block is this text (tests/mail/test_service.py keeps the two the same).
COMMANDS: dict[str, Spec] = {
    "HELP": Spec("HELP [ORDERS]", "HELP ORDERS",
                 "these commands; ORDERS: every order and its default", False),
    "REPORT": Spec("REPORT [stage]", "REPORT 3",
                   "your latest report again (or that of a stage)", True),
    "FORM": Spec("FORM", "FORM", "the open stage's order form, with your orders", True),
    "STATUS": Spec("STATUS", "STATUS", "stage, deadline, who has ordered (not what)", True),
    "TIMEZONE": Spec("TIMEZONE zone", "TIMEZONE Europe/Rome",
                     "deadlines in your zone ('game': the game's)", True),
    "ADDRESS": Spec("ADDRESS new-address", "ADDRESS anna@new.example.org",
                    "play from a new address, confirmed from it", True),
    "NEWSECRET": Spec("NEWSECRET", "NEWSECRET",
                      "a new secret by mail; the old one stops working", True),
    "VACATION": Spec("VACATION from to", "VACATION 2026-12-20 2027-01-03",
                     "away those days (YYYY-MM-DD), told to all", True),
    "BACK": Spec("BACK", "BACK", "back from vacation early", True),
    "RESIGN": Spec("RESIGN", "RESIGN", "leave; your seat then plays as if you sent nothing",
                   True),
    "PRESS": Spec("PRESS TO who [GREY]", "PRESS TO boris",
                  "a message to players (ALL, or names), to END PRESS", True),
    "LIST": Spec("LIST", "LIST", "the games here you may join or follow", False),
    "JOIN": Spec("JOIN game [AS name]", "JOIN hell2 AS zoe", "ask for a seat in a game", False),
    "OBSERVE": Spec("OBSERVE game", "OBSERVE hell1",
                    "the public board of each stage, by mail", False),
    "UNOBSERVE": Spec("UNOBSERVE [game]", "UNOBSERVE hell1",
                      "no more boards (of that game, or of any)", False),
    "CONFIRM": Spec("CONFIRM code", "CONFIRM 7QK2MD",
                    "confirm a new address (or CONFIRM REPLACE)", False),
}
_WORD = re.compile(r"^\s*([A-Za-z]+)(?:\s+(.*?))?\s*$")
_JOIN = re.compile(r"^(?:game\s+)?([a-z][a-z0-9_-]{0,31})(?:\s+as\s+(\S+))?$", re.I)


@dataclass(frozen=True)
class Command:
    word: str  # as in COMMANDS
    args: str
    line_no: int
    text: str  # the line as written

    @property
    def spec(self) -> Spec:
        return COMMANDS[self.word]


def split(text: str, games: Container[str]) -> tuple[list[Command], str]:
    """The command lines of `text`, and the text without them (blank lines in their
    place). `games` are the site's game names: `JOIN x` is a command only when x is one
    (a game's sheet may have JOIN orders of its own, such as `JOIN Caim`), or written
    `JOIN GAME x`."""
    commands: list[Command] = []
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = _WORD.match(line.split("#", 1)[0]) if len(line) < 300 else None
        if not m or m.group(1).upper() not in COMMANDS or m.group(1).upper() == "PRESS":
            continue  # press blocks are taken out first (pbem.press.split)
        word, args = m.group(1).upper(), (m.group(2) or "").strip()
        if word == "JOIN":
            j = _JOIN.match(args)
            if not j or (j.group(1).lower() not in games
                         and not args.lower().startswith("game ")):
                continue
        commands.append(Command(word, args, i + 1, line.split("#", 1)[0].strip()))
        lines[i] = ""
    return commands, "\n".join(lines)


def join_args(args: str) -> tuple[str, str]:
    """(game, wanted name) of a JOIN command's arguments."""
    m = _JOIN.match(args)
    return (m.group(1).lower(), (m.group(2) or "").lower()) if m else ("", "")


def help_text() -> str:
    """The commands as HELP answers them and docs/players.md shows them."""
    width = max(len(s.usage) for s in COMMANDS.values())
    out = []
    for spec in COMMANDS.values():
        out.append(f"{spec.usage:<{width}}  {spec.says}")
    return "\n".join(out) + "\n"


# -- chat: what a person writes around his orders ----------------------------------------

_CHAT = re.compile(
    r"^(?:hi|hello|hey|dear\b.*|thanks?(?: you)?(?: (?:so|very) much)?|thx|ty|cheers|"
    r"regards|best(?: regards| wishes)?|kind regards|greetings|bye|see you|good luck|"
    r"have fun|that'?s (?:all|it)|all done|done|ok(?:ay)?|"
    r"ciao|salve|grazie(?: mille)?|saluti|buongiorno|buonasera|(?:ciao,? )?[eè] tutto|a presto|"
    r"hallo|danke(?: sch[oö]n)?|gr[uü](?:ß|ss)e?|tsch[uü]ss|"
    r"merci(?: beaucoup)?|salut|bonjour|bonsoir|cordialement|amiti[eé]s|"
    r"hola|gracias|saludos|adi[oó]s|obrigad[oa]|ol[aá])"
    r"(?:[ ,]+[a-z]+)?[\s!.,;:)(-]*$", re.I)
_NAME = re.compile(r"^[A-Z][a-zà-ÿ'-]+(?: [A-Z][a-zà-ÿ'-]+)?[.!]?$")


def is_chat(text: str, near_end: bool) -> bool:
    """A greeting, a thank-you or a sign-off (in a few languages), or, among the last
    lines, a signed name: said, never read as an order."""
    s = text.strip()
    if not s or len(s) > 60:
        return False
    if _CHAT.match(s):
        return True
    return near_end and bool(_NAME.match(s))
