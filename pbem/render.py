"""Jinja rendering of confirmations, reports and board summaries.

Templates only ever receive views (DESIGN.md §7): a player's report gets that player's
view and the events visible to him, the board gets the public view. StrictUndefined
makes a template that asks for something the view does not have fail loudly.
"""

from __future__ import annotations

import textwrap
from functools import cache
from importlib.resources import files

import jinja2


def framework_templates() -> str:
    return str(files("pbem_templates"))


@cache
def environment(game_templates: str | None = None) -> jinja2.Environment:
    paths = ([game_templates] if game_templates else []) + [framework_templates()]
    env = jinja2.Environment(
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
    env.filters["plural"] = lambda n, word, many=None: (
        f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}")
    env.filters["signed"] = lambda n: f"{n:+d}"
    env.filters["wrap"] = wrap
    return env


def wrap(text: str, first: str = "", rest: str | None = None, width: int = 72) -> str:
    """`text` filled to `width` columns (a report is read on phones and quoted in
    replies), the first line after `first`, the others after `rest` (default: as many
    spaces as `first`). Words longer than a line are broken."""
    rest = " " * len(first) if rest is None else rest
    return "\n".join(textwrap.wrap(" ".join(str(text).split()), width, initial_indent=first,
                                   subsequent_indent=rest, break_on_hyphens=False)) or first


def render(template: str, context: dict, game_templates: str | None = None) -> str:
    return environment(game_templates).get_template(template).render(**context)
