"""Reading order lines, for every game: the one input error a parser raises
(`OrderError`), name matching (exact, known variants, unique prefix, "did you mean"),
line cleaning and whole numbers (STYLE.md: the three precise input errors).

"sugar", "Sugar Hill", "SUGAR-HILL" all find `sectio.sugar-hill`; "the" may be left
out; an ambiguous prefix is an error listing the candidates, an unknown name an error
with "did you mean" suggestions.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from functools import lru_cache

from .engine import ACCEPTED, AMBIGUOUS, ILLEGAL, INVALID, UNKNOWN, LineResult, OrderSheet

#: First words of the header lines the framework reads (pbem/orders.py); games skip them.
HEADER_WORDS = ("game", "player", "secret", "turn", "stage")


class OrderError(Exception):
    """What a parser raises for a line it cannot accept; it becomes a LineResult."""

    def __init__(self, status: str, message: str, rule: str = "", hint: str = ""):
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule
        self.hint = hint


def count(n: int, noun: str, plural: str = "") -> str:
    """`n` and the noun in the right number: count(1, "Soul") is "1 Soul", count(2,
    "Soul") and count(0, "Soul") are "2 Souls" and "0 Souls". `plural` is for nouns that
    do not just add an "s": count(3, "Sectio", "Sectio") is "3 Sectio"."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


_DASHES = str.maketrans({"–": "-", "—": "-", "‐": "-", "−": "-", "“": '"', "”": '"',
                         "‘": "'", "’": "'", "\u00a0": " "})


def clean_line(raw: str) -> str:
    """Phone-keyboard dashes and quotes folded, `#` comments cut, single spaces."""
    line = raw.translate(_DASHES)
    line = line.split("#", 1)[0]
    return " ".join(line.split())


def sheet_lines(text: str) -> list[tuple[int, str]]:
    """(line number, raw line) up to `END` or a signature marker (`-- `). Only real line
    ends split lines (str.splitlines also splits on U+2028, \\x85 ..., which would shift
    the line numbers quoted back to the player)."""
    out = []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for no, raw in enumerate(lines, start=1):
        if raw.strip() in ("--", "-- ") or raw.startswith("-- ") or raw.strip().upper() == "END":
            break
        out.append((no, raw))
    return out


def order_lines(text: str):
    """(line number, raw line, cleaned line) for every line of a sheet that may carry an
    order: not blank, not only a comment, not a header line (sheet_lines, clean_line)."""
    for no, raw in sheet_lines(text):
        line = clean_line(raw)
        if line and line.split(" ")[0].lower().rstrip(":") not in HEADER_WORDS:
            yield no, raw, line


def find_type(line: str, types: dict):
    """(the order type whose keyword starts the line, the rest of the line), trying the
    longest keyword first ("BUY OFF" before "BUY"); (None, line) for none."""
    words = line.split(" ")
    for n in (3, 2, 1):
        if len(words) >= n:
            key = " ".join(words[:n]).upper()
            if key in types:
                return types[key], " ".join(words[n:])
    return None, line


def not_a_player(no: int, raw: str, player: str, seats: list[str], rule: str) -> LineResult:
    """The answer to each line of a sheet sent for a name that is not seated (parsers may
    look up the player's hand or pieces: never a KeyError)."""
    return LineResult(no, raw.strip(), ILLEGAL, rule=rule,
                      message=f"{player!r} is not a player in this game",
                      hint="send orders as one of the players: " + ", ".join(seats))


def unknown_order(no: int, raw: str, line: str, types: dict, keys: list[str]) -> LineResult:
    """A line no keyword starts, with a "did you mean" built from `keys`, the keywords of
    this stage (whole keywords, so "BUY OF ALL" suggests BUY OFF, not BUY)."""
    if not keys:
        hint = "this stage takes no orders"
    else:
        words = line.upper().split(" ")
        best = [(difflib.SequenceMatcher(None, " ".join(words[:len(k.split(" "))]), k).ratio(),
                 k) for k in sorted(keys)]
        score, key = max(best, key=lambda x: (x[0], -len(x[1])))
        hint = (f"did you mean {key}? e.g. {types[key].example}" if score >= 0.6
                else "orders for this stage: " + ", ".join(sorted(keys)))
    return LineResult(no, raw.strip(), INVALID, message=f"{line!r} is not an order I know",
                      hint=hint)


def orders_of(sheet: OrderSheet | None, keyword: str) -> list[dict]:
    """The accepted orders of one type, in sheet order ([] for no sheet: defaults)."""
    if sheet is None:
        return []
    return [o for o in sheet.orders if o["type"] == keyword]


@lru_cache(maxsize=4096)
def normalise(text: str) -> str:
    """Lower-case, accents, apostrophes and punctuation folded, single spaces."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = re.sub(r"['’‘`]", "", text.lower())
    text = re.sub(r"[^a-z0-9]+", " ", text)
    return text.strip()


@lru_cache(maxsize=4096)
def _forms(name: str) -> frozenset[str]:
    n = normalise(name)
    return frozenset({n, n[4:]} if n.startswith("the ") else {n})


_TABLES: dict[int, tuple[dict, list[tuple[str, str]]]] = {}


def _table(candidates: dict[str, list[str]]) -> list[tuple[str, str]]:
    """(form, id) for every name, variant and id slug. The big name lists (Sectio, cards)
    are built once per data object and passed as the same dict each time, so their
    table is kept; the dict is held, so its id cannot be reused by another."""
    hit = _TABLES.get(id(candidates))
    if hit is not None and hit[0] is candidates:
        return hit[1]
    table = []
    for cid, names in candidates.items():
        slug = cid.split(".", 1)[-1].replace("-", " ")
        for name in [*names, slug]:
            for form in _forms(name):
                table.append((form, cid))
    if len(candidates) > 8:  # small ones (the players) are built fresh by each caller
        if len(_TABLES) >= 32:
            _TABLES.pop(next(iter(_TABLES)))
        _TABLES[id(candidates)] = (candidates, table)
    return table


def match(text: str, candidates: dict[str, list[str]], what: str, rule: str = "",
          plural: str = "") -> str:
    """Return the id whose name (or variant, or id slug) `text` names.

    `candidates` maps id -> names (canonical first). Exact forms win over prefixes.
    `plural` is the plural of `what` when it does not just add an "s".
    """
    want = normalise(text)
    if not want:
        article = "an" if what[:1].lower() in "aeiou" else "a"
        raise OrderError(UNKNOWN, f"{article} {what} name is missing", rule,
                         f"name {article} {what}")
    table = _table(candidates)
    exact = sorted({cid for form, cid in table if form == want})
    if len(exact) == 1:
        return exact[0]
    found = exact or sorted({cid for form, cid in table if form.startswith(want)})
    if len(found) == 1:
        return found[0]
    canonical = {cid: names[0] for cid, names in candidates.items()}
    if found:
        listed = ", ".join(canonical[c] for c in found)
        raise OrderError(
            AMBIGUOUS,
            f"{text.strip()!r} matches {count(len(found), what, plural)}: {listed}",
            rule,
            f"type more of the name to choose one of: {listed}",
        )
    close = difflib.get_close_matches(want, [f for f, _ in table], n=3, cutoff=0.6)
    ids = []
    for form in close:
        for f, cid in table:
            if f == form and cid not in ids:
                ids.append(cid)
    hint = ("did you mean " + " or ".join(canonical[c] for c in ids[:3]) + "?") if ids else (
        f"check the spelling of the {what}"
    )
    raise OrderError(UNKNOWN, f"there is no {what} called {text.strip()!r}", rule, hint)


_INT = re.compile(r"^\d+$")

#: More digits than any order's bound needs: longer numbers are out of range without
#: being converted (int() refuses strings of over 4300 digits, and the parser must
#: never raise).
_MAX_DIGITS = 9


def parse_int(text: str, what: str, rule: str = "", lo: int = 0, hi: int = 10_000) -> int:
    text = text.strip()
    if not _INT.match(text):
        raise OrderError(INVALID, f"{what} must be a whole number, not {text!r}", rule,
                         f"write {what} as digits, e.g. 3")
    digits = text.lstrip("0") or "0"
    n = int(digits) if len(digits) <= _MAX_DIGITS else None
    if n is None or not lo <= n <= hi:
        shown = text if len(text) <= 12 else text[:6] + "..." + text[-3:]
        raise OrderError(INVALID, f"{what} must be between {lo} and {hi}, not {shown}", rule,
                         f"write a number from {lo} to {hi}")
    return n


def checked_line(no: int, raw: str, otype, rest: str, ctx, stage: str, stages: tuple,
                 seen: set[str], hint: str):
    """The LineResult of one line whose keyword was found: refused when its order is for
    other stages or may be given once and was, else whatever its parser makes of `rest`
    (`otype` has keyword, rule, repeatable and parse(rest, ctx); `hint` says where this
    stage's orders are listed). An accepted keyword is added to `seen`."""
    if stage not in stages:
        return LineResult(no, raw.strip(), ILLEGAL, rule=otype.rule,
                          message=f"{otype.keyword} is an order for the "
                                  f"{' or '.join(stages)} stage, and this is the {stage} stage",
                          hint=hint)
    if not otype.repeatable and otype.keyword in seen:
        return LineResult(no, raw.strip(), ILLEGAL, rule=otype.rule,
                          message=f"{otype.keyword} may be given only once",
                          hint="keep one of these lines")
    try:
        canonical, data = otype.parse(rest, ctx)
    except OrderError as e:
        return LineResult(no, raw.strip(), e.status, message=e.message,
                          rule=e.rule or otype.rule, hint=e.hint)
    seen.add(otype.keyword)
    return LineResult(no, raw.strip(), ACCEPTED, canonical=canonical, rule=otype.rule,
                      order={"type": otype.keyword, **data})
