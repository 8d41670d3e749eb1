"""Issue 17: one player's sheet cannot tie up the site (see tests/hellgame/
test_sheet_size.py). Work is counted here, never timed; bench/bench_worst_sheets.py times
the worst sheets."""

from __future__ import annotations

import random
import re

import pytest
from loh_kit import DATA

from pbem import lines
from pbem.engine import ILLEGAL, INVALID
from pbem_games.lords_of_hell.orders import check_sheet, deal


@pytest.fixture
def st(make_state):
    return make_state({"anna": {"devil": "devil.belial", "rituals": ["ritual.bury"],
                                "hordes": ["horde.fiends"]},
                       "boris": {"devil": "devil.glasya", "hordes": ["horde.fiends"]},
                       "carl": {}, "dora": {}}, phase="combat", round=1)


def test_a_deal_with_many_gives_and_no_to_is_refused(st):
    clause = "anna" + " GIVES x" * 120
    [r] = check_sheet(st, DATA, "anna", f"DEAL {clause}").lines
    assert r.status == INVALID
    assert r.message == (f"{clause!r} is not '<party> GIVES <items> TO <party>' or '<party> "
                         "PROMISES <promise> TO <party>'")


def test_match_gives_reads_as_the_regex():
    """deal.match_gives checks in one pass what deal._GIVES matches, then runs it."""
    rng = random.Random(17)
    bits = ["a", "b c", " ", "  ", "\t", "gives", "GIVE", "give", " gives ", "to", " TO ",
            " to ", "x", ";", '"']
    for _ in range(5000):
        clause = "".join(rng.choice(bits) for _ in range(rng.randint(0, 10)))
        old = deal._GIVES.match(clause)
        new = deal.match_gives(clause)
        assert (old and old.groups()) == (new and new.groups()), repr(clause)


def _old_split_clauses(text: str) -> list[str]:
    """deal.split_clauses before issue 17 (a string grown a character at a time)."""
    out, cur, quoted = [], "", False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        if ch == ";" and not quoted:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return [c.strip() for c in out if c.strip()]


def test_split_clauses_reads_as_before():
    rng = random.Random(17)
    for _ in range(5000):
        text = "".join(rng.choice(['a', ' ', ';', '"', 'b c', ';;']) for _ in range(12))
        assert deal.split_clauses(text) == _old_split_clauses(text), repr(text)


def test_a_ritual_target_owner_is_looked_for_only_in_the_first_words(st, monkeypatch):
    """FINISH ... ON <owner> <thing>: the owner's name has a word or two, so no more
    first words are tried (before: every first run of words of the target)."""
    tried = []
    real = re.sub

    def sub(pattern, *args, **kwargs):
        if pattern == r"'s?$":
            tried.append(args[1])
        return real(pattern, *args, **kwargs)

    monkeypatch.setattr(re, "sub", sub)
    for n in (100, 400):
        tried.clear()
        [r] = check_sheet(st, DATA, "anna", "FINISH Bury ON" + " x" * n + " Fiends").lines
        assert r.status == INVALID and "does not say whose thing it is" in r.message
        assert len(tried) <= 2, n


def test_a_sheet_is_read_up_to_max_orders_lines(st):
    n = lines.MAX_ORDERS
    sheet = check_sheet(st, DATA, "anna", "NO MOVE\n" * (n + 10))
    assert len(sheet.lines) == n + 1
    assert [r.status for r in sheet.lines[1:3]] == [ILLEGAL, ILLEGAL]  # given once only
    assert sheet.lines[-1].status == INVALID
    assert sheet.lines[-1].message == (f"this sheet has more than {n} order lines: 'NO MOVE' "
                                       f"(line {n + 1}) and the lines after it were not read")


def test_a_line_over_max_line_is_refused(st):
    text = "DEAL anna PROMISES \"" + "x" * 1000 + "\" TO boris"
    [r] = check_sheet(st, DATA, "anna", text).lines
    assert r.status == INVALID
    assert r.message.endswith("is 1,030 characters long: an order line may have at most 1,000")
