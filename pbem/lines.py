"""Reading order lines, for every game: the one input error a parser raises
(`OrderError`), name matching (exact, known variants, unique prefix, "did you mean"),
line cleaning and whole numbers (STYLE.md: the three precise input errors).

"sugar", "Sugar Hill", "SUGAR-HILL" all find `sectio.sugar-hill`; "the" may be left
out; an ambiguous prefix is an error listing the candidates, an unknown name an error
with "did you mean" suggestions.

Checking a sheet takes time in proportion to its length, and never long (issue 17): a
sheet is read up to MAX_ORDERS order lines of at most MAX_LINE characters each, MAX_CHARS
characters in all; a name is looked up in an index built once per list of names; a "did
you mean" is worked out only when a player sees the error (OrderError's hint may be a
function), never for the readings a parser tries and drops, never for a name too long to
be close to any, and for at most MAX_SUGGESTIONS errors of a sheet (one_sheet()).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from .engine import ACCEPTED, AMBIGUOUS, ILLEGAL, INVALID, UNKNOWN, LineResult, OrderSheet
from .grammar import count  # here too: the games import it from pbem.lines

#: First words of the header lines the framework reads (pbem/orders.py); games skip them.
HEADER_WORDS = ("game", "player", "secret", "turn", "stage")

#: What is read of one sheet: the most order lines (blank lines, comments and headers do
#: not count), the longest order line and the most characters of order lines in all
#: (after cleaning; as many as pbem.orders.MAX_SHEET lets a player send). Far above any
#: real sheet, they bound the work one sheet can ask for.
MAX_ORDERS = 500
MAX_LINE = 1_000
MAX_CHARS = 64_000
#: The most "did you mean" hints worked out for one sheet (each compares a name with every
#: name it could be); the later unknown names of the sheet are told to check the spelling.
MAX_SUGGESTIONS = 100

#: Messages quote at most this many characters of a name or line (shortened in the middle).
QUOTE = 100


class OrderError(Exception):
    """What a parser raises for a line it cannot accept; it becomes a LineResult.

    `hint` may be a function of no arguments, called once when the hint is first read:
    a "did you mean" is then worked out only for the error the player is shown, not for
    each reading a parser tries and drops."""

    def __init__(self, status: str, message: str, rule: str = "",
                 hint: str | Callable[[], str] = ""):
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule
        self._hint = hint

    @property
    def hint(self) -> str:
        if callable(self._hint):
            self._hint = self._hint()
        return self._hint

    @hint.setter
    def hint(self, value: str | Callable[[], str]) -> None:
        self._hint = value


_SUGGESTIONS_LEFT: ContextVar[list[int] | None] = ContextVar("suggestions_left", default=None)


@contextmanager
def one_sheet():
    """While one sheet is checked: at most MAX_SUGGESTIONS "did you mean" hints."""
    token = _SUGGESTIONS_LEFT.set([MAX_SUGGESTIONS])
    try:
        yield
    finally:
        _SUGGESTIONS_LEFT.reset(token)


def _may_suggest() -> bool:
    """True while the sheet being checked may have one more "did you mean" worked out."""
    left = _SUGGESTIONS_LEFT.get()
    if left is None:
        return True
    left[0] -= 1
    return left[0] >= 0


def quoted(text: str) -> str:
    """The text as a message quotes it: repr of the stripped text, shortened in the
    middle when longer than QUOTE characters (a long text is not copied whole)."""
    if len(text) > 4 * QUOTE:
        text = text[:2 * QUOTE] + text[-2 * QUOTE:]
    text = text.strip()
    if len(text) > QUOTE:
        text = text[:QUOTE - 23] + "..." + text[-20:]
    return repr(text)


_DASHES = str.maketrans({"–": "-", "—": "-", "‐": "-", "−": "-", "“": '"', "”": '"',
                         "‘": "'", "’": "'", "\u00a0": " "})


def clean_line(raw: str) -> str:
    """Phone-keyboard dashes and quotes folded, `#` comments cut, single spaces. (Every
    character _DASHES folds is beyond ASCII: an ASCII line is not translated, which
    costs a dict look-up a character.)"""
    line = raw if raw.isascii() else raw.translate(_DASHES)
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


def order_lines(text: str) -> Iterator[tuple[int, str, str]]:
    """(line number, raw line, cleaned line) for every line of a sheet that may carry an
    order: not blank, not only a comment, not a header line (sheet_lines, clean_line).
    Blank and comment lines are passed over without cleaning."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for no, raw in enumerate(lines, start=1):
        bare = raw.strip()
        if not bare:
            continue
        if bare == "--" or raw.startswith("-- ") or bare.upper() == "END":
            return
        if bare[0] == "#":
            continue
        line = clean_line(raw)
        if line and line.split(" ", 1)[0].lower().rstrip(":") not in HEADER_WORDS:
            yield no, raw, line


def read_sheet(text: str) -> Iterator[tuple[int, str, str, LineResult | None]]:
    """order_lines within the limits: (line number, raw line, cleaned line, refusal),
    where refusal is None for a line to check, else the result of a line refused unread:
    one longer than MAX_LINE, or the first past MAX_ORDERS lines or MAX_CHARS characters
    (nothing after it is read)."""
    chars = 0
    for n, (no, raw, line) in enumerate(order_lines(text), start=1):
        if len(line) > MAX_LINE and n <= MAX_ORDERS:
            yield no, raw, line, LineResult(
                no, raw.strip(), INVALID,
                message=f"{quoted(line)} is {len(line):,} characters long: an order line "
                        f"may have at most {MAX_LINE:,}",
                hint="shorten the line: no order needs that many characters")
            continue
        chars += len(line)
        if n > MAX_ORDERS or chars > MAX_CHARS:
            what = f"{MAX_ORDERS:,} order lines" if n > MAX_ORDERS else \
                f"{MAX_CHARS:,} characters of orders"
            yield no, raw, line, LineResult(
                no, raw.strip(), INVALID,
                message=f"this sheet has more than {what}: {quoted(line)} (line {no}) and "
                        "the lines after it were not read",
                hint=f"send at most {what} (blank lines and comments do not count)")
            return
        yield no, raw, line, None


def find_type(line: str, types: dict):
    """(the order type whose keyword starts the line, the rest of the line), trying the
    longest keyword first ("BUY OFF" before "BUY"); (None, line) for none."""
    words = line.split(" ", 3)
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
    elif not _may_suggest():
        hint = "orders for this stage: " + ", ".join(sorted(keys))
    else:
        words = line.upper().split(" ", 3)
        best = [(_ratio(" ".join(words[:len(k.split(" "))]), k), k) for k in sorted(keys)]
        score, key = max(best, key=lambda x: (x[0], -len(x[1])))
        hint = (f"did you mean {key}? e.g. {types[key].example}" if score >= 0.6
                else "orders for this stage: " + ", ".join(sorted(keys)))
    return LineResult(no, raw.strip(), INVALID, message=f"{line!r} is not an order I know",
                      hint=hint)


def _ratio(a: str, b: str) -> float:
    """difflib's ratio, or 0 when it is surely under 0.6, the cutoff of every "did you
    mean" here: when the lengths alone keep it so (2 * min / (len a + len b) < 0.6: a
    long word costs nothing), or difflib's cheap upper bounds do (as get_close_matches
    tries them: a turn re-checks every stored sheet, typos included)."""
    if 3 * len(a) > 7 * len(b) or 3 * len(b) > 7 * len(a):
        return 0.0
    s = difflib.SequenceMatcher(None, a, b)
    if s.quick_ratio() < 0.6:
        return 0.0
    return s.ratio()


def orders_of(sheet: OrderSheet | None, keyword: str) -> list[dict]:
    """The accepted orders of one type, in sheet order ([] for no sheet: defaults)."""
    if sheet is None:
        return []
    return [o for o in sheet.orders if o["type"] == keyword]


_APOSTROPHES = re.compile(r"['’‘`]")
_NOT_ALNUM = re.compile(r"[^a-z0-9]+")
_CACHED = 256  # normalise() keeps the forms of texts up to this long


def normalise(text: str) -> str:
    """Lower-case, accents, apostrophes and punctuation folded, single spaces."""
    return _normalise_cached(text) if len(text) <= _CACHED else _normalise(text)


@lru_cache(maxsize=4096)
def _normalise_cached(text: str) -> str:
    return _normalise(text)


#: ASCII after lower-casing: apostrophes dropped, what is not a letter or digit a space
_ASCII_FOLD = str.maketrans({**{c: " " for c in map(chr, range(128))
                                if not ("a" <= c <= "z" or "0" <= c <= "9")},
                             "'": None, "`": None})


def _normalise(text: str) -> str:
    if not text.isascii():  # ASCII has no accents: NFKD and the marks are no-ops
        text = unicodedata.normalize("NFKD", text)
        marks = {ord(c): None for c in set(text) if unicodedata.combining(c)}
        if marks:
            text = text.translate(marks)
    text = text.lower()
    if text.isascii():  # the same as the two regexes below, in one pass
        return " ".join(text.translate(_ASCII_FOLD).split())
    text = _APOSTROPHES.sub("", text)
    return _NOT_ALNUM.sub(" ", text).strip()


@lru_cache(maxsize=4096)
def _forms(name: str) -> frozenset[str]:
    n = normalise(name)
    return frozenset({n, n[4:]} if n.startswith("the ") else {n})


class _Names:
    """A dict of names (id -> names, canonical first) made ready for matching: every
    form (name, variant or id slug, normalised; "the" may be left out) with its ids,
    sorted for prefix look-ups."""

    __slots__ = ("table", "exact", "forms", "ids", "reach", "canonical")

    def __init__(self, candidates: dict[str, list[str]]):
        table = []
        for cid, names in candidates.items():
            slug = cid.split(".", 1)[-1].replace("-", " ")
            for name in [*names, slug]:
                for form in _forms(name):
                    table.append((form, cid))
        self.table = table  # in candidates order: "did you mean" lists ids in this order
        exact: dict[str, set[str]] = {}
        for form, cid in table:
            exact.setdefault(form, set()).add(cid)
        self.exact = {form: sorted(ids) for form, ids in exact.items()}
        self.forms = sorted(self.exact)
        self.ids = [self.exact[f] for f in self.forms]
        # a text whose form is longer than this is no form, no prefix of one, and close
        # to none: difflib's ratio is at most 2 * min / (len a + len b), under 0.6 once
        # one length is more than 7/3 of the other
        self.reach = max((7 * len(f) // 3 for f in self.exact), default=0)
        self.canonical = {cid: names[0] for cid, names in candidates.items() if names}

    def lookup(self, want: str) -> list[str]:
        """The ids a normalised text names: one, several (ambiguous) or none. Exact
        forms win over prefixes."""
        exact = self.exact.get(want)
        if exact:
            return list(exact)
        lo = bisect_left(self.forms, want)
        hi = bisect_left(self.forms, want + "\U0010ffff", lo)
        if hi - lo == 1:
            return list(self.ids[lo])
        return sorted({cid for ids in self.ids[lo:hi] for cid in ids})

    def suggest(self, want: str, what: str) -> str:
        """The hint for an unknown name: "did you mean" the closest names."""
        close = difflib.get_close_matches(want, [f for f, _ in self.table], n=3, cutoff=0.6) \
            if len(want) <= self.reach and _may_suggest() else []
        ids: list[str] = []
        for form in close:
            for f, cid in self.table:
                if f == form and cid not in ids:
                    ids.append(cid)
        if ids:
            return "did you mean " + " or ".join(self.canonical[c] for c in ids[:3]) + "?"
        return f"check the spelling of the {what}"


_BY_ID: dict[int, tuple[dict, _Names]] = {}
_BY_CONTENT: dict[tuple, _Names] = {}


def _names(candidates: dict[str, list[str]]) -> _Names:
    """The index of a dict of names. The lists used most (Sectio, cards, the kinds of an
    order) are passed as the same dict each time: found by identity, the most recently
    used kept (the dict is held, so its id cannot be reused by another); a dict built
    afresh by each caller is found by its content."""
    hit = _BY_ID.pop(id(candidates), None)
    if hit is not None and hit[0] is candidates:
        _BY_ID[id(candidates)] = hit
        return hit[1]
    key = tuple((cid, tuple(names)) for cid, names in candidates.items())
    index = _BY_CONTENT.get(key)
    if index is None:
        index = _Names(candidates)
        if len(_BY_CONTENT) >= 256:
            _BY_CONTENT.pop(next(iter(_BY_CONTENT)))
        _BY_CONTENT[key] = index
    if len(_BY_ID) >= 64:
        _BY_ID.pop(next(iter(_BY_ID)))
    _BY_ID[id(candidates)] = (candidates, index)
    return index


def _want(text: str, index: _Names) -> str | None:
    """The normalised text; None when it is longer than any name could be (found from
    its head alone: the form of a text's head is a prefix of the text's form)."""
    if len(text) > 2 * _CACHED and len(normalise(text[:2 * _CACHED])) > index.reach:
        return None
    return normalise(text)


def named(text: str, candidates: dict[str, list[str]]) -> list[str]:
    """The ids `text` may name (see match): one, several when it is ambiguous, none when
    it names nothing. No error and no "did you mean": for trying readings of a line."""
    index = _names(candidates)
    want = _want(text, index)
    return index.lookup(want) if want else []


def match(text: str, candidates: dict[str, list[str]], what: str, rule: str = "",
          plural: str = "") -> str:
    """Return the id whose name (or variant, or id slug) `text` names.

    `candidates` maps id -> names (canonical first). Exact forms win over prefixes.
    `plural` is the plural of `what` when it does not just add an "s". An unknown name's
    "did you mean" is worked out when the error's hint is first read.
    """
    index = _names(candidates)
    want = _want(text, index)
    if want == "":
        article = "an" if what[:1].lower() in "aeiou" else "a"
        raise OrderError(UNKNOWN, f"{article} {what} name is missing", rule,
                         f"name {article} {what}")
    found = index.lookup(want) if want is not None else []
    if len(found) == 1:
        return found[0]
    if found:
        listed = ", ".join(index.canonical[c] for c in found)
        raise OrderError(
            AMBIGUOUS,
            f"{quoted(text)} matches {count(len(found), what, plural)}: {listed}",
            rule,
            f"type more of the name to choose one of: {listed}",
        )
    raise OrderError(UNKNOWN, f"there is no {what} called {quoted(text)}", rule,
                     (lambda: index.suggest(want, what)) if want is not None
                     else f"check the spelling of the {what}")


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


def check_lines(text: str, player: str, plays: bool, seats: list[str], seat_rule: str,
                types: dict, ctx, stage: str, stages_of, hint: str, other=None) -> list:
    """Every line of a sheet checked, for any game: a refused line (too long, too many),
    a sheet of someone who does not play (`plays` false), an unknown order, or the
    LineResult of its
    order type (`stages_of(otype)` the stages it is for). `other(no, raw, line)` may take
    a line no order type names (lines such as `<Daemon>: <Action>`)."""
    keys = [k for k, t in types.items() if stage in stages_of(t)]
    seen: set[str] = set()
    out = []
    with one_sheet():  # at most MAX_SUGGESTIONS "did you mean"s
        for no, raw, line, refused in read_sheet(text):
            if refused is not None:  # too long a line, or too many (MAX_LINE ...)
                out.append(refused)
            elif not plays:
                out.append(not_a_player(no, raw, player, seats, seat_rule))
            else:
                otype, rest = find_type(line, types)
                taken = other(no, raw, line) if otype is None and other else None
                if taken is not None:
                    out.append(taken)
                elif otype is None:
                    out.append(unknown_order(no, raw, line, types, keys))
                else:
                    out.append(checked_line(no, raw, otype, rest, ctx, stage,
                                            stages_of(otype), seen, hint))
    return out
