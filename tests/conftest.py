"""Fixtures shared by every test: the run's clock; a site driven through the CLI."""

import sqlite3
from datetime import UTC, datetime

import pytest
from click.testing import CliRunner

from pbem import clock
from pbem.cli import main

# Every test runs at this time unless it pins its own (issue 16: a test that passes today
# passes in two years). It is the Monday the mail tests' sites start on, an hour in.
TEST_NOW = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def run_clock():
    """The run's clock (pbem.clock) pinned to TEST_NOW for the whole test."""
    with clock.pinned(TEST_NOW) as at:
        yield at


@pytest.fixture
def wall_clock(run_clock):
    """The one way a test reads the wall clock: pbem's clock unpinned, live."""
    with clock.unpinned():
        yield clock.now


@pytest.fixture
def cli(tmp_path):
    """Run `pbem --site <tmp site> ...`; returns (exit code, output)."""
    runner = CliRunner()
    site = tmp_path / "site"

    def run(*args, input=None):
        result = runner.invoke(main, ["--site", str(site), *args], input=input,
                               catch_exceptions=False)
        return result.exit_code, result.output

    run.site = site
    code, _ = run("init", str(site))
    assert code == 0
    return run


@pytest.fixture
def started(cli):
    """A started 4-player HellGame 'g1' with a fixed seed; secrets in cli.secrets."""
    assert cli("game", "new", "g1", "--game", "hellgame", "--seed", "42")[0] == 0
    cli.secrets = {}
    for name in ("anna", "boris", "chiara", "dmitri"):
        code, out = cli("player", "add", "g1", name, f"{name}@example.org")
        assert code == 0, out
        cli.secrets[name] = out.rsplit(": ", 1)[1].strip()
    assert cli("game", "start", "g1")[0] == 0
    # the welcome mails carry each player's own secret, made as they are sent (issue 18)
    assert cli("mail", "send")[0] == 0
    cli.secrets = welcome_secrets(cli.site)
    return cli


def welcome_secrets(site) -> dict[str, str]:
    """Each player's secret, read from the welcome mails in the site's outbox/."""
    import email
    import re
    from email.policy import default

    found = {}
    for path in sorted((site / "outbox").glob("*-welcome-*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=default)
        text = msg.get_body(("plain",)).get_content()
        player = re.search(r'You play the seat "([^"]+)"', text).group(1)
        found[player] = re.search(r"Your secret is: (\S+)", text).group(1)
    return found


@pytest.fixture(autouse=True)
def nothing_left_uncommitted():
    """No test ends with a site database holding work it never committed: pbem would
    lose it when the connection goes (as `pbem player approve` did, issue 23)."""
    yield
    from pbem.store import OPENED

    def open_work(db) -> bool:
        try:
            return db.conn.in_transaction
        except sqlite3.ProgrammingError:  # closed by the test
            return False

    left = [db for db in list(OPENED) if open_work(db)]
    for db in left:
        db.conn.rollback()
    OPENED.clear()
    assert not left, "a site database was left with uncommitted work (lost on close)"
