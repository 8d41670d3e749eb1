"""The command line: every command, its help, its errors and exit codes."""

import json

import click
from click.testing import CliRunner

import pbem.cli_mail  # noqa: F401  the commands register on import
import pbem.cli_manage  # noqa: F401
from pbem.cli import main
from pbem.store import open_db


def _commands(group: click.Group, path: list[str]) -> list[list[str]]:
    out = []
    for name, cmd in sorted(group.commands.items()):
        if isinstance(cmd, click.Group):
            out += _commands(cmd, [*path, name])
        else:
            out.append([*path, name])
    return out


# every command the CLI has, found in its click tree (a new command is checked at once)
COMMANDS = _commands(main, [])


def test_every_command_has_help_with_an_example():
    runner = CliRunner()
    for cmd in COMMANDS:
        result = runner.invoke(main, [*cmd, "--help"])
        assert result.exit_code == 0, cmd
        assert "Example: pbem " in result.output, cmd


def test_readme_lists_every_command():
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text()
    for cmd in COMMANDS:
        if cmd != ["demo"]:
            assert f"pbem {' '.join(cmd)}" in readme, cmd


def test_usage_errors_exit_2_with_a_clear_message(cli):
    code, out = cli("game", "new", "g1", "--game", "chess")
    assert code == 2
    assert "unknown game 'chess'; installed games: hellgame" in out
    code, out = cli("game", "new", "Bad Name", "--game", "hellgame")
    assert code == 2 and "is not allowed" in out
    code, out = cli("report", "nogame")
    assert code == 2 and "no game called 'nogame'" in out


def test_command_outside_a_site_says_how_to_make_one(tmp_path):
    result = CliRunner().invoke(main, ["--site", str(tmp_path / "nowhere"), "status"])
    assert result.exit_code == 2
    assert "is not a pbem site" in result.output and "pbem init" in result.output


def test_player_secret_is_printed_once_and_stored_hashed(started):
    db = open_db(started.site / "pbem.db")
    for name, secret in started.secrets.items():
        row = db["players"].get(("g1", name))
        assert secret not in json.dumps(row)


def test_game_needs_three_players(cli):
    cli("game", "new", "g2", "--game", "hellgame")
    cli("player", "add", "g2", "anna", "anna@example.org")
    code, out = cli("game", "start", "g2")
    assert code == 2
    assert "needs 3-6 players; 'g2' has 1" in out


def test_orders_check_stores_nothing_and_submit_stores(started, tmp_path):
    sheet = tmp_path / "o.txt"
    sheet.write_text("GAME g1\nPLAYER anna\nPLACE nowhere-at-all\n")
    code, out = started("orders", "check", "g1", "anna", str(sheet))
    assert code == 0
    assert "NOT stored" in out
    assert "line   3: PLACE nowhere-at-all" in out
    db = open_db(started.site / "pbem.db")
    assert db["submissions"].count == 0
    code, out = started("orders", "submit", "g1", "anna", str(sheet))
    assert code == 0 and "Orders received" in out
    assert db["submissions"].count == 1
    assert db["order_lines"].count == 1


def test_sheet_for_another_game_or_player_is_refused(started, tmp_path):
    sheet = tmp_path / "o.txt"
    sheet.write_text("GAME other\nPLAYER anna\n")
    code, out = started("orders", "submit", "g1", "anna", str(sheet))
    assert code == 2 and "the sheet says GAME other" in out
    sheet.write_text("GAME g1\nPLAYER boris\n")
    code, out = started("orders", "submit", "g1", "anna", str(sheet))
    assert code == 2 and "the sheet says PLAYER boris" in out
    assert open_db(started.site / "pbem.db")["submissions"].count == 0


def test_orders_from_stdin(started):
    code, out = started("orders", "check", "g1", "anna", "-", input="# nothing\n")
    assert code == 0 and "No order was understood" in out


def test_turn_process_report_and_status(started):
    code, out = started("status")
    assert code == 0 and "g1 (hellgame): running, setup" in out
    code, out = started("turn", "process", "g1")
    assert code == 0, out
    assert "g1: setup processed, 4 reports; turn 1 is open" in out
    code, out = started("report", "g1", "anna")
    assert code == 0 and "Report for anna" in out
    code, out = started("report", "g1")
    assert code == 0 and "public board" in out
    code, out = started("status", "g1")
    assert "turn 1" in out and "waiting" in out


def test_one_failing_game_does_not_stop_the_others(started):
    code, out = started("turn", "process", "nosuch", "g1")
    assert code == 1
    assert "no game called 'nosuch'" in out
    assert "g1: setup processed" in out


def test_a_processed_stage_is_never_processed_twice(started):
    db = open_db(started.site / "pbem.db")
    started("turn", "process", "g1")
    stage1 = db["stages"].get(("g1", 1))
    assert stage1["status"] == "open"
    # processing again processes turn 1, not the setup a second time
    started("turn", "process", "g1")
    assert db["stages"].count_where("game = 'g1' and number = 0") == 1
    # 4 players' text, HTML and JSON, and the board's with its map
    assert db["reports"].count_where("game = 'g1' and stage = 0") == 4 * 3 + 4


def test_a_stored_sheet_never_keeps_a_secret_line(started, tmp_path):
    sheet = tmp_path / "o.txt"
    sheet.write_text(f"GAME g1\nPLAYER anna\nSECRET {started.secrets['anna']}\n")
    assert started("orders", "submit", "g1", "anna", str(sheet))[0] == 0
    db = open_db(started.site / "pbem.db")
    [row] = db["submissions"].rows
    assert row["raw"] == "GAME g1\nPLAYER anna\nSECRET [secret]\n"


def test_output_cut_short_by_a_pipe_is_no_error(tmp_path):
    """`pbem game types | head -1`: the reader goes away; pbem says nothing and exits 0
    (it printed "this is a bug in pbem"). The pipe is closed before pbem writes."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "pbem", "game", "types"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # nobody reads: its first write fails with EPIPE
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0, err
    assert err == ""
