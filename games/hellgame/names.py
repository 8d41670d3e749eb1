"""Matching names typed by players to ids: exact, known variants, unique prefix.

"sugar", "Sugar Hill", "SUGAR-HILL" all find `sectio.sugar-hill`; "the" may be left
out; an ambiguous prefix is an error listing the candidates, an unknown name an error
with "did you mean" suggestions (STYLE.md: the three precise input errors).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from functools import lru_cache

from pbem.engine import AMBIGUOUS, UNKNOWN

from .errors import OrderError
from .log import count


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


#: Nouns that do not just add an "s" (Sectio is its own plural; Arcana already is one).
_PLURALS = {"Sectio": "Sectio", "Arcana card or Minor Arcana": "Arcana cards or Minor Arcana"}


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


def match(text: str, candidates: dict[str, list[str]], what: str, rule: str = "") -> str:
    """Return the id whose name (or variant, or id slug) `text` names.

    `candidates` maps id -> names (canonical first). Exact forms win over prefixes.
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
            f"{text.strip()!r} matches {count(len(found), what, _PLURALS.get(what, ''))}: {listed}",
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
