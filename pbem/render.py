"""Jinja rendering of confirmations, reports and board summaries.

Templates only ever receive views (DESIGN.md §7): a player's report gets that player's
view and the events visible to him, the board gets the public view. StrictUndefined
makes a template that asks for something the view does not have fail loudly.
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib.resources import files

import jinja2
from markupsafe import Markup

from . import grammar


class _Environment(jinja2.Environment):
    """Templates read plain dicts (the views and report models): `r.stage.name` looks
    the key up first, rather than after a failed attribute lookup as Jinja does, which
    costs an exception for each of thousands of lookups in a report."""

    def getattr(self, obj, attribute):
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def framework_templates() -> str:
    return str(files("pbem_templates"))


@cache
def environment(game_templates: str | None = None) -> jinja2.Environment:
    paths = ([game_templates] if game_templates else []) + [framework_templates()]
    env = _Environment(
        loader=jinja2.FileSystemLoader(paths),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # every HTML template escapes everything it prints: players write order lines,
        # names and messages that end up in reports (test_report_html.py)
        autoescape=jinja2.select_autoescape(enabled_extensions=("html", "html.j2"),
                                            default_for_string=True),
        # templates ship with the package and do not change while pbem runs: no stat()
        # of the template file before every render
        auto_reload=False,
    )
    # English by pbem/grammar.py: {{ n | plural("Soul") }} is "3 Souls", {{ name |
    # possessive }} "boris's", {{ text | sentence }} ends in one full stop
    env.filters["plural"] = lambda n, word, many=None: grammar.count(n, word, many or "")
    env.filters["possessive"] = grammar.possessive
    env.filters["sentence"] = grammar.sentence
    env.filters["signed"] = lambda n: f"{n:+d}"
    env.filters["wrap"] = wrap
    env.globals["card_caption"] = card_caption
    return env


@lru_cache(maxsize=256)
def card_caption(label: str) -> Markup:
    """k(label) of _cards.html.j2: the caption of a value in a table that becomes cards on
    a phone, hidden inline as well."""
    return Markup('<span class="k" style="display:none">{} </span>').format(label)


def wrap(text: str, first: str = "", rest: str | None = None, width: int = 72) -> str:
    """`text` filled to `width` columns (a report is read on phones and quoted in
    replies), the first line after `first`, the others after `rest` (default: as many
    spaces as `first`). Words longer than a line are broken."""
    return "\n".join(fill(str(text), width, first, " " * len(first) if rest is None else rest))


def fill(text: str, width: int = 72, first: str = "", rest: str = "") -> list[str]:
    """Greedy line filling, like textwrap.wrap with break_on_hyphens=False but for
    spaces only, and several times faster (a turn's reports fill tens of thousands of
    lines): one search a line rather than a step a word. Runs of white space count as
    one space; a word longer than a whole line is broken."""
    if len(first) + len(text) <= width and "  " not in text and text.strip() == text \
            and text.isprintable():  # one line already (most are): nothing to fill
        return [first + text] if text or first else []
    text = " ".join(text.split())
    if not text:
        return [first] if first else []
    lines: list[str] = []
    prefix = first
    while True:
        room = max(1, width - len(prefix))
        if len(text) <= room:
            lines.append(prefix + text)
            return lines
        cut = text.rfind(" ", 0, room + 1)
        if cut > 0:  # the last space that leaves the line within width
            lines.append(prefix + text[:cut])
            text = text[cut + 1:]
        else:  # the first word alone is longer than the line
            lines.append(prefix + text[:room])
            text = text[room:]
        prefix = rest


def render(template: str, context: dict, game_templates: str | None = None) -> str:
    return environment(game_templates).get_template(template).render(**context)
