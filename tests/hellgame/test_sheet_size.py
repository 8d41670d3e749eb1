"""Issue 17: one player's sheet cannot tie up the site. Checking takes work in
proportion to the sheet, counted here (never timed): name look-ups and difflib's
matchers, with patched counters. bench/bench_worst_sheets.py times the worst sheets."""

from __future__ import annotations

import difflib
import random

import pytest

from pbem import lines
from pbem.engine import ACCEPTED, INVALID, UNKNOWN
from pbem.lines import OrderError
from pbem_games.hellgame import GAME
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import Ctx
from pbem_games.hellgame.orders.flight_pref import parse_prefer
from pbem_games.hellgame.state import HellState

REPRO = "FLIGHT PREFER" + " OWN UNOWNED" * 400  # 4.8 kB: 43 s to check before the fix


@pytest.fixture
def st(make_state):
    return make_state({"void": {"daemons": ["daemon.baal", "daemon.paymon", "daemon.caim"]},
                       "beast": {}}, turn=2).to_dict()


@pytest.fixture
def work(monkeypatch):
    """Counts of the work done: difflib matchers made and texts normalised by the name
    matcher (pbem.lines)."""
    counts = {"difflib": 0, "normalise": 0}

    class Counted(difflib.SequenceMatcher):
        def __init__(self, *args, **kwargs):
            counts["difflib"] += 1
            super().__init__(*args, **kwargs)

    real = lines.normalise

    def normalise(text):
        counts["normalise"] += 1
        return real(text)

    monkeypatch.setattr(difflib, "SequenceMatcher", Counted)
    monkeypatch.setattr(lines, "normalise", normalise)
    return counts


def _checked(st, text: str, work: dict) -> tuple[list, dict]:
    for k in work:
        work[k] = 0
    sheet = GAME.check_orders(st, "void", text)
    return sheet.lines, dict(work)


def _prefer(st, rest: str, work: dict) -> tuple[OrderError, dict]:
    """FLIGHT PREFER's parser alone, on a line of any length (a sheet reads at most
    pbem.lines.MAX_LINE characters of a line)."""
    for k in work:
        work[k] = 0
    with pytest.raises(OrderError) as e:
        parse_prefer(rest, Ctx(HellState.from_dict(st), load_data(), "void"))
    assert e.value.hint  # worked out when read
    return e.value, dict(work)


def test_flight_prefer_work_grows_linearly_with_the_line(st, work):
    _, small = _prefer(st, " OWN UNOWNED" * 100, work)
    _, large = _prefer(st, " OWN UNOWNED" * 400, work)
    # four times the words, at most four times the work (before: sixteen times, on
    # every prefix of the line a name look-up and a "did you mean")
    assert large["normalise"] <= 4 * small["normalise"] + 10, (small, large)
    assert large["difflib"] <= 4 * small["difflib"] + 4, (small, large)
    # and on a sheet, as long as a line is read
    _, small = _checked(st, "FLIGHT PREFER" + " OWN UNOWNED" * 20, work)
    _, large = _checked(st, "FLIGHT PREFER" + " OWN UNOWNED" * 80, work)
    assert large["normalise"] <= 4 * small["normalise"] + 10, (small, large)
    assert large["difflib"] <= 4 * small["difflib"] + 4, (small, large)


def test_the_issue_17_line_is_refused_with_bounded_work(st, work):
    error, done = _prefer(st, REPRO[len("FLIGHT PREFER"):], work)
    assert (error.status, error.message) == (INVALID, "FLIGHT PREFER names OWN twice")
    assert done["difflib"] == 0  # no "did you mean" for the readings tried and dropped
    assert done["normalise"] <= 4 * 800 + 10  # a few per word: 800 words
    [line], done = _checked(st, REPRO, work)  # on a sheet: too long to be read
    assert (line.status, line.hint) == (INVALID, "shorten the line: no order needs that "
                                                 "many characters")
    assert done == {"difflib": 0, "normalise": 0}


def test_a_did_you_mean_is_worked_out_once_for_the_line_shown(st, work):
    """The kinds are tried in many readings; only the unknown one shown gets one."""
    [line], done = _checked(st, "FLIGHT PREFER" + " ENEMYS -" * 100, work)
    assert line.status == UNKNOWN
    assert line.message == "there is no destination called 'ENEMYS'"
    assert line.hint == "did you mean ENEMY?"
    assert done["difflib"] == 1  # one get_close_matches (before: one for each reading)


def test_a_sheet_gets_at_most_max_suggestions_did_you_means(st, work):
    n = lines.MAX_SUGGESTIONS + 50
    sheet, done = _checked(st, "".join(f"KEEP Belladona{i}\n" for i in range(n)), work)
    assert [r.status for r in sheet] == [UNKNOWN] * n
    assert sheet[0].hint == "did you mean Belladonna?"
    assert sheet[lines.MAX_SUGGESTIONS - 1].hint == "did you mean Belladonna?"
    assert sheet[lines.MAX_SUGGESTIONS].hint == "check the spelling of the Arcana card or " \
                                                "Minor Arcana"
    assert done["difflib"] <= 200 * lines.MAX_SUGGESTIONS  # one matcher a name compared


def test_unknown_orders_share_the_same_budget(st, work):
    n = lines.MAX_SUGGESTIONS + 5
    sheet, done = _checked(st, "FLEEE ANYWHERE\n" * n, work)
    assert sheet[0].hint.startswith("did you mean FLEE?")
    assert sheet[-1].hint.startswith("orders for this stage: ")
    assert done["difflib"] <= 100 * lines.MAX_SUGGESTIONS


def test_a_sheet_is_read_up_to_max_orders_lines(st):
    n = lines.MAX_ORDERS
    sheet = GAME.check_orders(st, "void", "# orders\n\nBUY OFF ALL\n" + "TAME\n" * n)
    assert len(sheet.lines) == n + 1
    assert [r.status for r in sheet.lines[:2]] == [ACCEPTED, ACCEPTED]
    last = sheet.lines[-1]
    assert (last.line_no, last.status) == (n + 3, INVALID)
    assert last.message == (f"this sheet has more than {n} order lines: 'TAME' (line {n + 3}) "
                            "and the lines after it were not read")
    assert last.hint == f"send at most {n} order lines (blank lines and comments do not count)"


def test_a_sheet_is_read_up_to_max_chars_characters(st):
    line = "KEEP " + ", ".join(["Belladonna"] * 80)  # 963 characters
    n = lines.MAX_CHARS // len(line)
    sheet = GAME.check_orders(st, "void", (line + "\n") * (n + 5))
    assert [r.status for r in sheet.lines] == [ACCEPTED] * n + [INVALID]
    assert sheet.lines[-1].message.startswith("this sheet has more than 64,000 characters of "
                                              "orders: 'KEEP Belladonna, Bella")
    assert sheet.lines[-1].message.endswith(f"(line {n + 1}) and the lines after it were not "
                                            "read")


def test_a_line_over_max_line_is_refused_and_the_next_read(st):
    line = "KEEP " + ", ".join(["Belladonna"] * 100)
    sheet = GAME.check_orders(st, "void", line + "\nTAME")
    assert [r.status for r in sheet.lines] == [INVALID, ACCEPTED]
    assert sheet.lines[0].message == (f"{lines.quoted(line)} is 1,203 characters long: an "
                                      "order line may have at most 1,000")


@pytest.mark.parametrize("joiners,status", [(4, ACCEPTED), (5, INVALID)])
def test_a_condition_has_at_most_max_joiners_ands_and_ors(st, joiners, status):
    """action/conditions.py tries every way of grouping the ANDs and ORs."""
    cond = " OR ".join(["Caim HAS NOT ACTED"] * (joiners + 1))
    for line in (f"PAYMON GRANTS DOUBLE PASS TO Baal IF {cond}", f"Baal: ATONE IF {cond}"):
        [r] = GAME.check_orders(st, "void", line).lines
        assert r.status == status, r
    if status == INVALID:
        assert r.message == (f"IF {lines.quoted(cond)} has 5 ANDs and ORs: a condition may "
                             "have at most 4")
        assert r.hint == "shorten the condition; alternatives joined by OR may go on lines " \
                         "of their own"


def test_combat_cast_with_many_ons_and_no_in(st):
    """Without IN the line is not understood, found in one pass (each ON sent the regex
    over the rest of the line)."""
    [r] = GAME.check_orders(st, "void", "COMBAT CAST Frenzy" + " ON x" * 190).lines
    assert r.status == INVALID and r.message.startswith("COMBAT CAST 'Frenzy ON x ON x")


def _old_normalise(text: str) -> str:
    """pbem.lines.normalise before issue 17 (two regexes over every character)."""
    import re
    import unicodedata

    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = re.sub(r"['’‘`]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", " ", text).strip()


def test_normalise_reads_as_before():
    rng = random.Random(17)
    chars = [chr(c) for c in range(128)] + list("éÉçñøßİıŁæœ’‘“”–—\u00a0\u0301\u0308ﬁ²½ΣσςǄ日")
    for _ in range(3000):
        text = "".join(rng.choice(chars) for _ in range(rng.randint(0, 12)))
        assert lines.normalise(text) == _old_normalise(text), repr(text)
    long = "Sugar-Hill's " * 100
    assert lines.normalise(long) == _old_normalise(long)
