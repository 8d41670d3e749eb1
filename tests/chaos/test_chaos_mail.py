"""Hostile mail through `pbem run`, among valid sheets (issue 17: the fast slice).

Each case builds a site with a started HellGame 'g1', drops 120 hostile mails from
tests/chaos/hostile.py (seeded) and one valid sheet per player among them into inbox/,
and runs `pbem run` as a subprocess, so that a crash shows as a traceback on stderr.
Then the same mail is delivered once more and `pbem run` runs again. What must hold:
no traceback and exit code 0 or 1, every valid sheet stored and confirmed in a mail that
is ASCII with lines of at most 998 octets, every inbox mail accounted for in `mails`,
and nothing taken or sent twice by the second run. The variant adds players whose
addresses are not ASCII.

Every failure names the hostile mail behind it: its label and its file in inbox/
(e.g. "nonascii-game-line (0023-nonascii-game-line.eml)"). To look at one case's site
after a failure: `python bench/bench_chaos.py SEED --mails 120 --runs 1 --keep DIR`
(with --nonascii for the variant) builds and runs the very same site in DIR.

The long variant (10,500 mails) is bench/bench_chaos.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from . import chaoskit as kit

HOSTILE = 120  # with 3 cases about 15 s; every kind of hostile mail appears in each
CASES = [("ascii", 1), ("ascii", 3), ("nonascii-players", 11)]


@dataclass(repr=False)
class Case:
    root: Path
    players: dict[str, kit.Player]
    refused: dict[str, str]  # players `player add` refused (their address)
    dropped: list[kit.Dropped]
    first: kit.Ran
    after_first: kit.State
    second: kit.Ran
    after_second: kit.State

    def __repr__(self) -> str:
        return f"<chaos site {self.root}>"


@pytest.fixture(scope="module", params=CASES, ids=[f"{v}-seed{s}" for v, s in CASES])
def case(request, tmp_path_factory) -> Case:
    variant, seed = request.param
    root = tmp_path_factory.mktemp(f"chaos-{variant}-{seed}") / "site"
    players, refused = kit.build_site(root, kit.NONASCII_PLAYERS if variant != "ascii"
                                      else None)
    dropped = kit.drop(root, kit.generator(seed, players), HOSTILE, players)
    first = kit.pbem_run(root)
    after_first = kit.snapshot(root, dropped)
    kit.redeliver(root, dropped)
    second = kit.pbem_run(root)
    return Case(root, players, refused, dropped, first, after_first, second,
                kit.snapshot(root, dropped))


def explain(problems: list[str]) -> str:
    return f"{len(problems)} problems:\n" + "\n".join(problems)


def test_players_with_non_ascii_addresses_can_join(case):
    problems = kit.check_joined(case.refused)
    assert not problems, explain(problems)


def test_the_first_run_never_shows_a_traceback(case):
    problems = kit.check_run(case.first, case.root, case.after_first, "first pbem run")
    assert not problems, explain(problems)


def test_every_valid_sheet_is_stored(case):
    problems = kit.check_stored(case.after_first, case.dropped, case.players)
    assert not problems, explain(problems)


def test_every_valid_sheet_is_confirmed_in_ascii_with_short_lines(case):
    problems = kit.check_confirmed(case.after_first, case.dropped, case.players)
    assert not problems, explain(problems)


def test_every_mail_written_is_ascii_with_short_lines(case):
    problems = kit.check_outgoing(case.after_second)
    assert not problems, explain(problems)


def test_every_inbox_mail_is_accounted_for(case):
    problems = kit.check_accounted(case.after_first, case.dropped, case.first)
    assert not problems, explain(problems)


def test_no_mail_is_left_without_an_answer_by_an_exception(case):
    problems = kit.check_no_errors(case.after_first)
    assert not problems, explain(problems)


def test_the_second_run_never_shows_a_traceback(case):
    problems = kit.check_run(case.second, case.root, case.after_second, "second pbem run")
    assert not problems, explain(problems)


def test_the_second_run_takes_and_sends_nothing_twice(case):
    problems = kit.check_nothing_twice(case.after_first, case.after_second)
    problems += kit.check_accounted(case.after_second, case.dropped, case.second)
    assert not problems, explain(problems)
