"""Fixtures shared by the framework and mail tests: a site driven through the CLI."""

import pytest
from click.testing import CliRunner

from pbem.cli import main


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
    return cli
