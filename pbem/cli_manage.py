"""Running games by hand: schedules, pause / resume / extend, rollback, replacing a player."""

from __future__ import annotations

import json
from datetime import datetime

import click

from . import admin, clock, deadlines, notices, schedule, service
from . import press as press_mod
from .cli import _site, game, player, turn
from .errors import PbemError
from .rollback import rollback
from .safety import backup, site_lock


def _now() -> datetime:
    return clock.now()


@game.command("schedule")
@click.argument("name")
@click.option("--every", default=None, help="Weekly or daily slot: 'mon 20:00', "
              "'mon,thu 20:00', 'daily 20:00'.")
@click.option("--hours", type=float, default=None, help="Deadline N hours after a stage opens.")
@click.option("--timezone", "tz", default=None, help="IANA time zone, e.g. Europe/Rome.")
@click.option("--min-hours", type=float, default=None, help="Shortest time a stage is open.")
@click.option("--grace-hours", type=float, default=None,
              help="After the deadline, wait this long for missing players.")
@click.option("--early-minutes", default=None,
              help="When all are ready, process after N minutes ('off': never early).")
@click.option("--reminders", default=None, help="Hours before the deadline, e.g. '24,2'.")
@click.option("--nmr-limit", type=int, default=None,
              help="Tell the moderator after N missed turns in a row.")
@click.option("--stage", "stage_pattern", default=None,
              help="Apply the options only to stages matching this pattern, e.g. 'Setup'.")
@click.pass_context
def game_schedule(ctx, name, every, hours, tz, min_hours, grace_hours, early_minutes,
                  reminders, nmr_limit, stage_pattern):
    """Show or change GAME's deadlines; the open stage keeps its current deadline
    (use `pbem game extend` for that).

    Example: pbem game schedule hell1 --every "mon 20:00" --timezone Europe/Rome
    """
    db = _site(ctx).db()
    g = admin.get_game_row(db, name)
    changes: dict = {}
    for key, value in (("every", every), ("hours", hours), ("timezone", tz),
                       ("min_hours", min_hours), ("grace_hours", grace_hours),
                       ("nmr_limit", nmr_limit)):
        if value is not None:
            changes[key] = value
    if every is not None and hours is None:
        changes.setdefault("hours", None)
    if hours is not None and every is None:
        changes["every"] = None
    if early_minutes is not None:
        changes["early_minutes"] = (None if early_minutes.lower() in ("off", "never", "none")
                                    else _number(early_minutes, "--early-minutes"))
    if reminders is not None:
        changes["reminders"] = [_number(h, "--reminders") for h in reminders.split(",")
                                if h.strip()]
    settings = deadlines.settings_of(g)
    if changes:
        if stage_pattern:
            settings = schedule.merge(settings, {"stages": {stage_pattern: changes}})
        else:
            settings = schedule.merge(settings, changes)
        db["games"].update(name, {"settings": json.dumps(settings, sort_keys=True)})
        g = admin.get_game_row(db, name)
    click.echo(f"{name}: {schedule.for_stage(settings, '').describe()}")
    for pattern in settings.get("stages") or {}:
        click.echo(f"  stages {pattern!r}: {schedule.for_stage(settings, pattern).describe()}")
    if g["status"] == "running":
        stage = admin.current_stage(db, name)
        if stage["deadline"]:
            click.echo(f"  {stage['name']} deadline: {deadlines.describe(g, stage)}")


def _number(text: str, what: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise PbemError(f"{what}: {text!r} is not a number") from None


@game.command("pause")
@click.argument("name")
@click.pass_context
def game_pause(ctx, name):
    """Pause GAME: no processing, no reminders; orders are still taken and confirmed.

    Example: pbem game pause hell1
    """
    site = _site(ctx)
    db = site.db()
    deadlines.pause(db, admin.get_game_row(db, name), _now())
    notices.announce(site, db, name, "the game is paused", f"The moderator has paused "
                     f"{name}: no stage is processed until it resumes. Your orders are still "
                     f"taken, and the deadline moves on by the time paused.", _now())
    click.echo(f"{name} paused, the players told; `pbem game resume {name}` moves the "
               f"deadline by the pause")


@game.command("resume")
@click.argument("name")
@click.pass_context
def game_resume(ctx, name):
    """Resume a paused GAME; the open stage's deadline moves on by the time paused.

    Example: pbem game resume hell1
    """
    site = _site(ctx)
    db = site.db()
    g = admin.get_game_row(db, name)
    deadlines.resume(db, g, _now())
    g = admin.get_game_row(db, name)
    stage = admin.current_stage(db, name)
    said = deadlines.describe(g, stage) or "none"
    notices.announce(site, db, name, "the game goes on", f"The moderator has resumed {name}. "
                     f"{stage['name']} is due {said}.", _now())
    click.echo(f"{name} resumed, the players told; {stage['name']} deadline: {said}")


@game.command("extend")
@click.argument("name")
@click.argument("by", metavar="DURATION", required=False)
@click.option("--until", default=None, help="New deadline, e.g. '2026-11-30 20:00' "
              "(in the game's time zone).")
@click.pass_context
def game_extend(ctx, name, by, until):
    """Move the open stage's deadline: later by DURATION (36h, 2d, 90m), or to --until.

    Example: pbem game extend hell1 2d
    """
    if (by is None) == (until is None):
        raise PbemError("give either a DURATION (e.g. 2d) or --until, not both")
    db = _site(ctx).db()
    g = admin.get_game_row(db, name)
    stage = admin.current_stage(db, name)
    tz = deadlines.schedule_of(g, stage["name"]).timezone
    if until is not None:
        when = schedule.parse_when(until, tz, _now())
    else:
        base = deadlines.parse(stage["deadline"]) or _now()
        when = base + schedule.parse_duration(by)
    if when <= _now():
        raise PbemError(f"{schedule.format_deadline(when, tz)} is in the past")
    deadlines.set_deadline(db, g, when)
    said = schedule.format_deadline(when, tz)
    notices.announce(_site(ctx), db, name, f"{stage['name']}: deadline extended",
                     f"The moderator has moved the deadline of {stage['name']} in {name} to "
                     f"{said}.", _now())
    click.echo(f"{name} {stage['name']}: deadline now {said}; the players told")


@game.command("decide")
@click.argument("name")
@click.argument("words", nargs=-1, required=True)
@click.pass_context
def game_decide(ctx, name, words):
    """Record a moderator decision on GAME's open stage, as the game's report or the
    moderator's mail explains it (e.g. on a possible broken promise: `penalty b1` or
    `dismiss b1`). The game changes the stage's state; the players told see it in their
    next report, and a notice goes to all now.

    Example: pbem game decide loh1 penalty b1
    """
    site = _site(ctx)
    with site_lock(site, wait=60) as held:
        if not held:
            raise PbemError("a pbem run is busy with this site; try again in a minute")
        db = site.db()
        backup(site, db, f"decide-{name}")
        said, events = admin.moderate(db, name, list(words))
        public = [e.text for e in events if e.visible_to is None]
        notices.announce(site, db, name, "a moderator decision",
                         "The moderator has decided: " + " ".join(words) + ".\n\n"
                         + ("\n".join(public) + "\n\n" if public else "")
                         + "Your next report says what it changes for you.", _now())
    click.echo(f"{name}: {said}; the players told")


@turn.command("rollback")
@click.argument("name", metavar="GAME")
@click.argument("number", metavar="N", type=int)
@click.pass_context
def turn_rollback(ctx, name, number):
    """Put GAME back to when its stage N opened (stage numbers: `pbem status`), after a
    backup. Later stages are removed; every order sheet is kept, so processing again
    replays exactly. The game is paused until `pbem game resume` (or `pbem turn process`).

    Example: pbem turn rollback hell1 3
    """
    site = _site(ctx)
    with site_lock(site, wait=60) as held:
        if not held:
            raise PbemError("a pbem run is busy with this site; try again in a minute")
        db = site.db()
        path = backup(site, db, f"rollback-{name}-{number}")
        done = rollback(db, name, number)
        notices.announce(site, db, name, f"back to {done['stage']}",
                         f"The moderator has put {name} back to when {done['stage']} "
                         f"opened, and paused it. What happened after that is undone; the "
                         f"orders you sent are kept and count again unless you send new "
                         f"ones. You hear when the game goes on.", _now())
    click.echo(f"{name} is back at {done['stage']} (stage {number}), paused, the players "
               f"told; backup: {path.name}")
    if done["later_sheets"]:
        click.echo(f"{done['later_sheets']} order sheets for later stages are kept and count "
                   f"again unless their players send new ones")


@player.command("replace")
@click.argument("game_name", metavar="GAME")
@click.argument("name")
@click.argument("email")
@click.pass_context
def player_replace(ctx, game_name, name, email):
    """Give player NAME's seat in GAME to a new person at EMAIL: a new secret (printed
    once), missed-turn count reset. The seat keeps its name in the game.

    Example: pbem player replace hell1 dmitri newcomer@example.org
    """
    site = _site(ctx)
    db = site.db()
    old = admin.get_player_row(db, game_name, name)["email"]
    secret = admin.replace_player(db, game_name, name, email)
    now = _now()
    if admin.get_game_row(db, game_name)["status"] == "running":
        notices.queue_secret(site, db, game_name, name, now, welcome=True)
    notices.announce(site, db, game_name, f"{name} has a new player",
                     f"The seat {name} in {game_name} is now played by someone new.", now,
                     but=name)
    if old.lower() != email.lower():
        notices.tell(site, db, old, f"[{game_name}] your seat",
                     f"The moderator has given the seat {name} in {game_name} to someone "
                     f"else; mail from this address is no longer taken for it. Thank you "
                     f"for playing.", now, game=game_name)
    click.echo(f"{name} in {game_name} is now played from {email}; a welcome mail with a new "
               f"secret is queued (this one works until it is sent: {secret}); the other "
               f"players and the old address are told")


@player.command("timezone")
@click.argument("game_name", metavar="GAME")
@click.argument("name")
@click.argument("zone", required=False)
@click.pass_context
def player_timezone(ctx, game_name, name, zone):
    """Show player NAME's time zone in GAME, or set it to ZONE ('game' goes back to the
    game's own). Reports give the deadline in the player's time zone, with UTC beside.

    Example: pbem player timezone hell1 anna America/New_York
    """
    db = _site(ctx).db()
    row = admin.get_player_row(db, game_name, name)
    if zone is None:
        click.echo(f"{name} in {game_name}: {row['timezone'] or 'the game’s time zone'}")
        return
    value = "" if zone.strip().lower() == "game" else schedule.zone_name(zone)
    db["players"].update((game_name, name), {"timezone": value})
    click.echo(f"{name} in {game_name} now gets deadlines in {value or 'the game’s time zone'}")


@game.command("settings")
@click.argument("name")
@click.option("--visibility", type=click.Choice(["listed", "hidden"]), default=None,
              help="listed: LIST shows the game to anyone who asks, and anyone may OBSERVE "
                   "it; hidden: neither.")
@click.option("--joining", type=click.Choice(["closed", "approve", "open"]), default=None,
              help="How JOIN by mail works while the game waits for players: closed (only "
                   "`pbem player add`), approve (you approve each request), open.")
@click.option("--autostart", type=click.IntRange(0, 99), default=None, metavar="N",
              help="Start the game (and welcome its players) as soon as N players have a "
                   "seat; 0: you start it with `pbem game start`.")
@click.option("--press", type=click.Choice(["none", "public", "private", "grey"]),
              default=None, help="What players may say to each other through the game: "
                                 "nothing, to everyone only, to chosen players too, or also "
                                 "grey (the sender hidden from the recipients, never from you).")
@click.option("--press-after-end/--no-press-after-end", default=None,
              help="Whether press goes on once the game is over.")
@click.pass_context
def game_settings(ctx, name, visibility, joining, autostart, press, press_after_end):
    """Show or change how strangers see and join GAME by mail (LIST, JOIN, OBSERVE), and
    what press (messages between players, relayed by the game) it allows.

    Example: pbem game settings hell2 --joining open --autostart 4
    """
    db = _site(ctx).db()
    g = admin.get_game_row(db, name)
    values = {k: v for k, v in (("visibility", visibility), ("joining", joining),
                                ("autostart", autostart), ("press", press),
                                ("press_after_end", None if press_after_end is None
                                 else int(press_after_end))) if v is not None}
    if values:
        db["games"].update(name, values)
        g = admin.get_game_row(db, name)
    rules = press_mod.rules_of(db, name)
    click.echo(f"{name}: {g['visibility']}, joining {g['joining']}"
               + (f", starts with {g['autostart']} players" if g["autostart"] else "")
               + f"; press: {rules} ({press_mod.describe_rules(rules)})"
               + (", also after the end" if g["press_after_end"] else ""))


@player.command("approve")
@click.argument("game_name", metavar="GAME")
@click.argument("request", metavar="REQUEST", type=int)
@click.option("--refuse", is_flag=True, help="Say no instead.")
@click.pass_context
def player_approve(ctx, game_name, request, refuse):
    """Let in (or, with --refuse, turn away) someone who asked by mail to JOIN GAME; the
    moderator's mail about the request gives its number. He is told either way.

    Example: pbem player approve hell2 4
    """
    site = _site(ctx)
    click.echo(service.approve(site, site.db(), game_name, request, refuse, _now()))


@game.command("press")
@click.argument("name")
@click.option("--stage", type=int, default=None, help="Only the press of stage N.")
@click.pass_context
def game_press(ctx, name, stage):
    """Read all of GAME's press, with the true senders (grey press included): what the
    players said to each other through the game, stage by stage.

    Example: pbem game press hell1 --stage 3
    """
    db = _site(ctx).db()
    admin.get_game_row(db, name)
    click.echo(press_mod.listing(db, name, stage), nl=False)
