"""The `pbem` command line: thin click commands over the library (STYLE.md).

Exit codes: 0 ok, 1 some game failed (the others were still processed), 2 usage error.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from . import admin, audit, clock, demo, engine, faults, notices, orders, scenario, status, turns
from .budget import OverBudget
from .confirm import confirmation_text
from .engine import get_game
from .errors import EXIT_GAME_FAILED, PbemError
from .notify import Notifier
from .reports import latest as latest_report
from .site import init_site, open_site


def _site(ctx: click.Context):
    return open_site(ctx.obj["site"])


def _fail(e: PbemError):
    click.echo(f"error: {e.message}", err=True)
    sys.exit(e.exit_code)


def _read(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    path = Path(source)
    if not path.is_file():
        raise PbemError(f"no such order file: {source}")
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


class Group(click.Group):
    """Turns PbemError into `error: ...` and its exit code, for every command; any other
    failure (a full disk, a read-only database, a bug) into one clear line and exit 1,
    never a traceback in the moderator's cron mail (the traceback is kept: set
    PBEM_DEBUG=1 to see it)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except PbemError as e:
            _fail(e)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except BrokenPipeError:
            # the reader went away (`pbem status | head`): not a failure of pbem; point
            # stdout at /dev/null so flushing it at exit does not fail again
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(0)
        except (Exception, OverBudget) as e:
            if os.environ.get("PBEM_DEBUG") == "1":
                raise
            message, passing = faults.describe(e)
            hint = ("nothing was lost: run the command again once that is fixed" if passing
                    else "nothing was changed; this is a bug in pbem: please report it "
                         "(PBEM_DEBUG=1 shows the traceback)")
            click.echo(f"error: {message}; {hint}", err=True)
            sys.exit(EXIT_GAME_FAILED)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--site", "site", default=".", envvar="PBEM_SITE", show_default=True,
              type=click.Path(file_okay=False), help="The site directory (or $PBEM_SITE).")
@click.option("--now", "now_text", default=None, metavar="TIME",
              help="Run the command at this UTC time, YYYY-MM-DDTHH:MM:SSZ, instead of the "
                   "clock's: to simulate or replay a site (see `pbem run --help`).")
@click.version_option(package_name="pbem")
@click.pass_context
def main(ctx, site, now_text):
    """pbem: run long board and card games by email.

    \b
    Quick start:
      pbem demo                 # a 4-player game by email, reports written
      pbem init mysite && cd mysite
      pbem game types           # the installed games: GAME below
      pbem player add game1 anna anna@example.org
    """
    ctx.ensure_object(dict)
    ctx.obj["site"] = site
    # everything pbem writes — the database, backups, archived mail, reports, outgoing
    # mail — is private to the moderator's user (issue 17)
    os.umask(0o077)
    if now_text:
        pin_clock(ctx, now_text)


def pin_clock(ctx: click.Context, text: str) -> None:
    """Every time the command uses is `text` (pbem.clock), until the command ends."""
    try:
        at = clock.parse(text)
    except ValueError:
        raise click.BadParameter(f"{text!r}: use YYYY-MM-DDTHH:MM:SSZ (UTC), "
                                 "e.g. 2026-11-30T20:00:00Z", param_hint="'--now'") from None
    ctx.with_resource(clock.pinned(at))


@main.command("init")
@click.argument("directory", default=".", type=click.Path(file_okay=False))
def init_cmd(directory):
    """Create a site: pbem.yaml, pbem.db, inbox/, outbox/, archive/, reports/.

    Safe to run again: existing files are kept and the database is migrated.

    Example: pbem init ~/games
    """
    site = init_site(directory)
    click.echo(f"site ready in {site.root.resolve()}")


@main.group(cls=Group)
def game():
    """Create and start games."""


@game.command("types")
def game_types():
    """List the installed games: the id `pbem game new --game` takes, players, variants
    and demo.

    Example: pbem game types
    """
    for gid in engine.game_ids():
        g = engine.get_game(gid)
        click.echo(f"{gid}: {g.title}, {g.min_players}-{g.max_players} players")
        for name, text in g.variants.items():
            click.echo(f"  variant {name}: {text}")
        if engine.provides(g, "demo"):
            click.echo(f"  demo: pbem demo --game {gid} ({g.demo().summary})")


@game.command("new")
@click.argument("name")
@click.option("--game", "game_type", required=True,
              help="Which game: an installed game's id (`pbem game types`).")
@click.option("--seed", default=None, help="Seed for all dice (default: random, stored).")
@click.option("--variant", "variants", multiple=True, help="Switch on a variant (repeatable).")
@click.pass_context
def game_new(ctx, name, game_type, seed, variants):
    """Create a game called NAME, waiting for players.

    Example: pbem game new game1 --game GAME --seed 42
    """
    site = _site(ctx)
    db = site.db()
    row = admin.create_game(db, name, game_type, seed, list(variants),
                            settings=site.section("schedule"))
    click.echo(f"created {row['game_type']} game {name!r}; add players with "
               f"`pbem player add {name} NAME EMAIL`, then `pbem game start {name}`")


@game.command("start")
@click.argument("name")
@click.pass_context
def game_start(ctx, name):
    """Deal the game out and open its first stage (needs enough players), and queue a
    welcome mail to each player: the game, the schedule, the first deadline, a fresh
    secret (made as the mail is sent), how to order and the first order form.

    Example: pbem game start hell1
    """
    site = _site(ctx)
    db = site.db()
    g = admin.start_game(db, name)
    stage = admin.current_stage(db, name)
    welcomed = notices.welcome_all(site, db, name, clock.now()) if g["status"] == "running" \
        else []
    click.echo(f"{name} started: {stage['name']} is open for orders; {len(welcomed)} welcome "
               f"mails queued (each with the player's secret; the first deadline counts from "
               f"when they go out)")


@main.group(cls=Group)
def player():
    """Manage players."""


@player.command("add")
@click.argument("game_name", metavar="GAME")
@click.argument("name")
@click.argument("email")
@click.pass_context
def player_add(ctx, game_name, name, email):
    """Add player NAME with EMAIL to GAME; prints the player's secret once.

    Example: pbem player add hell1 anna anna@example.org
    """
    secret = admin.add_player(_site(ctx).db(), game_name, name, email)
    click.echo(f"added {name} to {game_name}. Secret (shown only now; it goes on the SECRET "
               f"line of every order sheet): {secret}")


@main.group(cls=Group, name="orders")
def orders_group():
    """Submit or check order sheets."""


def _orders(ctx, game_name, player_name, source, store: bool):
    db = _site(ctx).db()
    text = _read(source)
    checked = orders.check(db, game_name, player_name, text)
    if store:
        orders.store(db, checked, text, source="file" if source != "-" else "stdin")
    click.echo(confirmation_text(checked, stored=store), nl=False)


@orders_group.command("submit")
@click.argument("game_name", metavar="GAME")
@click.argument("player_name", metavar="PLAYER")
@click.argument("source", metavar="FILE|-")
@click.pass_context
def orders_submit(ctx, game_name, player_name, source):
    """Store PLAYER's order sheet for GAME's open stage and print the confirmation.

    The last sheet submitted before the turn is processed wins.

    Example: pbem orders submit hell1 anna orders.txt
    """
    _orders(ctx, game_name, player_name, source, store=True)


@orders_group.command("check")
@click.argument("game_name", metavar="GAME")
@click.argument("player_name", metavar="PLAYER")
@click.argument("source", metavar="FILE|-")
@click.pass_context
def orders_check(ctx, game_name, player_name, source):
    """Check an order sheet without storing it; prints how every line was understood.

    Example: pbem orders check hell1 anna - < orders.txt
    """
    _orders(ctx, game_name, player_name, source, store=False)


@main.group(cls=Group)
def turn():
    """Process turns."""


@turn.command("process")
@click.argument("games", metavar="GAME...", nargs=-1, required=True)
@click.pass_context
def turn_process(ctx, games):
    """Resolve the open stage of each GAME now, write the reports and queue their mail.

    Deadlines do not matter here: the moderator decides. A game that fails is rolled
    back and reported; the others still run (exit 1). `pbem mail send` (or the next
    `pbem run`) sends the reports.

    Example: pbem turn process hell1
    """
    site = _site(ctx)
    failed = 0
    now = clock.now()
    limits = site.section("limits")
    for name in games:
        db = site.db()
        done = []
        with faults.guard(db, "game", name) as fault:  # one game's failure stops no other
            done.append(turns.process(db, name, site.reports_dir, now=now,
                                      on_stored=Notifier(site, now),
                                      seconds=limits.get("stage_seconds"),
                                      events=limits.get("stage_events")))
        if fault:
            failed += 1
            click.echo(f"error: {fault[0].message}", err=True)
            continue
        p = done[0]
        after = "game over" if p.finished else f"{p.next_name} is open"
        click.echo(f"{name}: {p.stage_name} processed, {len(p.reports) - 1} reports; {after}")
    if failed:
        sys.exit(EXIT_GAME_FAILED)


@main.command("report")
@click.argument("game_name", metavar="GAME")
@click.argument("player_name", metavar="[PLAYER]", required=False)
@click.option("--stage", type=int, default=None, help="Stage number (default: the latest).")
@click.option("--format", "fmt", type=click.Choice(["text", "html", "json"]), default="text",
              show_default=True, help="Which rendering of the report to print.")
@click.option("--map", "map_file", type=click.Path(dir_okay=False, writable=True),
              default=None, help="Write the map of Hell (SVG) to this file instead; "
                                 "'-' prints it.")
@click.pass_context
def report_cmd(ctx, game_name, player_name, stage, fmt, map_file):
    """Print PLAYER's latest report for GAME, or the public board without PLAYER.

    Example: pbem report hell1 anna

    \b
    More:
      pbem report hell1 anna --format html > anna.html
      pbem report hell1 --map map.svg
    """
    db = _site(ctx).db()
    g = admin.get_game_row(db, game_name)
    if map_file is not None:
        if player_name:
            raise PbemError("the map is public: give GAME only, e.g. "
                            f"pbem report {game_name} --map map.svg")
        svg = _map_svg(db, g, stage)
        if map_file == "-":
            click.echo(svg, nl=False)
        else:
            Path(map_file).write_text(svg, encoding="utf-8")
            click.echo(f"map of {game_name} written to {map_file}")
        return
    who = player_name or ""
    if who:
        admin.get_player_row(db, game_name, who)
    found = latest_report(db, game_name, who, fmt, stage)
    if found is None:
        raise PbemError(f"no {fmt} report for {who or 'the board'} in {game_name!r}"
                        f"{'' if stage is None else f' stage {stage}'} yet: reports are "
                        "written when a stage is processed")
    click.echo(found[1], nl=False)


def _map_svg(db, g: dict, stage: int | None) -> str:
    """The stored map of a processed stage (with its moves and combats marked), or,
    before any stage is processed, the board as it stands."""
    found = latest_report(db, g["name"], "", "svg", stage)
    if found is not None:
        return found[1]
    game = get_game(g["game_type"])
    if stage is not None or not engine.provides(game, "map_svg") or g["status"] == "new":
        raise PbemError(f"no map for {g['name']!r}"
                        f"{'' if stage is None else f' stage {stage}'}: "
                        + ("the game has not started" if g["status"] == "new"
                           else "none was stored for that stage"))
    current = admin.current_stage(db, g["name"])
    board = game.public_view(json.loads(current["state"]))
    return game.map_svg(board, None, title=f"{g['name']}: Hell, {current['name']}") + "\n"


@main.command("status")
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("--faults", "show_faults", is_flag=True,
              help="List every open fault in full, with its traceback if it was a bug.")
@click.pass_context
def status_cmd(ctx, game_name, show_faults):
    """Show each game's stage, deadline, who has ordered, missed turns, queued mail and
    errors; without GAME also the site's inbound mail, outbox, open faults and last run.

    Example: pbem status hell1

    \b
    More:
      pbem status --faults      # what failed, since when, how often, and why
    """
    db = _site(ctx).db()
    if show_faults:
        click.echo(status.faults_text(db), nl=False)
        return
    click.echo(status.status_text(db, game_name), nl=False)


@main.group(cls=Group)
def scenario_group():
    """Run scenario files."""


main.add_command(scenario_group, "scenario")


@scenario_group.command("run")
@click.argument("files", metavar="FILE...", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False))
def scenario_run(files):
    """Run scenario FILEs (given state, orders, dice, expectations); exit 1 on a failure.

    Example: pbem scenario run tests/scenarios/*.yaml
    """
    failed = 0
    for f in files:
        result = scenario.run_file(f)
        click.echo(result.summary())
        failed += not result.ok
    click.echo(f"{len(files) - failed} passed, {failed} failed")
    if failed:
        sys.exit(EXIT_GAME_FAILED)


@main.group(cls=Group)
def data():
    """Inspect game data."""


@data.command("audit")
@click.argument("game_type", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@click.option("--where", "where", is_flag=True,
              help="Print where each card's and Daemon ability's effect is implemented "
                   "(file:line) instead.")
def data_audit(game_type, as_json, where):
    """Show where GAME's component values come from and which cards have code.

    Every value is `rulebook`, `external` or `assumed`; assumed ones are listed so a
    moderator who owns the physical game can correct them in YAML. With --where: the
    file and line of the function that implements each card's effect (it is
    docs/where-<game>.md for a game that has one).

    Example: pbem data audit GAME --json   (GAME: see `pbem game types`)
    """
    if where:
        rows = audit.where(game_type)
        if as_json:
            click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        else:
            click.echo(audit.where_text(game_type, rows), nl=False)
        return
    report = audit.audit(game_type)
    if as_json:
        click.echo(json.dumps(report, indent=2, sort_keys=False, ensure_ascii=False))
    else:
        click.echo(audit.audit_text(report), nl=False)


@main.command("demo")
@click.argument("directory", default="pbem-demo", type=click.Path(file_okay=False))
@click.option("--game", "game_type", default=None,
              help="Which game's demo (default: the first installed game's; an unknown "
                   "one lists the choices).")
def demo_cmd(directory, game_type):
    """Create a demo site in DIRECTORY and play a 4-player game by email, on a
    simulated clock: sheets mailed, confirmations, reminders, reports.

    Example: pbem demo /tmp/pbem-demo
    """
    out = demo.run_demo(Path(directory), echo=click.echo, game_type=game_type)
    click.echo(f"\nreports are in {out.resolve()}")



# the mail, cron and game-management commands live in their own modules
from . import cli_mail, cli_manage  # noqa: E402,F401
