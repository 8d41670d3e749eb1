"""HTML mail bodies as plain lines of text, for players whose mail program sends only HTML.

Only what a browser would show as separate lines matters: `<br>` and the ends of blocks
(paragraphs, divs, list items, table rows, headings) break lines; `<script>`, `<style>`
and `<head>` are dropped; `<blockquote>` lines get a "> " prefix so that the quoted reply
is removed like any other quote (see `mailtext.strip_quotes`).
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

# Tags whose start or end begins a new line (when the current line has text).
_BLOCKS = frozenset(
    "address article aside blockquote center dd div dl dt fieldset figcaption figure footer "
    "form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table tbody td th thead "
    "tr ul".split())
_HIDDEN = frozenset(("script", "style", "head", "title", "template"))
_SPACES = re.compile(r"\s+")
_TAG = re.compile(r"<[^>]*>")


class _Converter(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line: list[str] = []
        self.hidden = 0  # depth inside <script>, <style>, <head> ...
        self.pre = 0
        self.quote = 0

    def _break(self, always: bool) -> None:
        text = _SPACES.sub(" ", "".join(self.line)).strip() if not self.pre else \
            "".join(self.line).rstrip()
        if text or always:
            self.lines.append("> " * self.quote + text)
        self.line = []

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag == "body":
            self.hidden = 0  # a <head> that was never closed
        elif tag == "br":
            self._break(always=True)
        elif tag in _BLOCKS:
            self._break(always=False)
            if tag == "pre":
                self.pre += 1
            elif tag == "blockquote":
                self.quote += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BLOCKS:
            self._break(always=False)
            if tag == "pre":
                self.pre = max(0, self.pre - 1)
            elif tag == "blockquote":
                self.quote = max(0, self.quote - 1)

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self.pre:
            # Inside <pre> the source's own line breaks are the lines.
            first, *rest = data.replace("\r\n", "\n").split("\n")
            self.line.append(first)
            for part in rest:
                self._break(always=True)
                self.line.append(part)
        else:
            self.line.append(data)


def html_to_text(source: str) -> str:
    """The visible text of the HTML `source`, one line per displayed line; never raises."""
    conv = _Converter()
    try:
        conv.feed(source)
        conv.close()
    except Exception:
        # html.parser is forgiving, but a crash here must not lose the mail: strip tags.
        return "\n".join(_SPACES.sub(" ", html.unescape(_TAG.sub(" ", line))).strip()
                          for line in source.splitlines())
    conv._break(always=False)
    return "\n".join(conv.lines)
