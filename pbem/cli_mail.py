"""`pbem mail receive|fetch|send` and `pbem run` (the cron job)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import intake, outbox
from . import run as run_mod
from .cli import Group, _site, main, pin_clock
from .errors import EXIT_GAME_FAILED, PbemError
from .safety import site_lock

EX_TEMPFAIL = 75  # sendmail's "try again later": the MTA keeps the message and retries


@main.group(cls=Group)
def mail():
    """Take in mail and send the outbox."""


@mail.command("receive")
@click.argument("source", metavar="[FILE|-]", default="-")
@click.pass_context
def mail_receive(ctx, source):
    """Store one RFC 5322 message (from FILE or stdin) and answer it.

    For a procmail rule or a .forward pipe. The message is stored before anything
    else; if it cannot be stored the exit code is 75 (EX_TEMPFAIL), so the mail
    server keeps it and tries again. If a `pbem run` is busy, the answer is left to it.

    Example: pbem mail receive - < message.eml
    """
    try:
        site = _site(ctx)
    except PbemError as e:  # e.g. pbem.yaml being edited: the mail server keeps the mail
        click.echo(f"error: {e.message}\nThe message was not taken; the mail server will "
                   f"try again", err=True)
        sys.exit(EX_TEMPFAIL)
    try:
        raw = sys.stdin.buffer.read() if source == "-" else Path(source).read_bytes()
    except OSError as e:
        raise PbemError(f"cannot read {source}: {e.strerror}") from None
    try:
        db = site.db()
        mail_id, dup = intake.store_raw(db, raw, "receive " + ("stdin" if source == "-"
                                                                else Path(source).name))
    except Exception as e:  # anything: the mail server must keep the message
        click.echo(f"error: the message could not be stored ({type(e).__name__}: {e}); "
                   f"the mail server will try again", err=True)
        sys.exit(EX_TEMPFAIL)
    if dup:
        click.echo(f"message {mail_id} was stored before; nothing to do")
        return
    with site_lock(site) as held:
        if not held:
            click.echo(f"stored as message {mail_id}; the running pbem run will answer it")
            return
        handled = intake.handle_pending(site, db)
        sent = outbox.flush(site, db)
    for h in handled:
        click.echo(f"message {h.mail}: {h.status}" + (f" ({h.reason})" if h.reason else ""))
    click.echo(f"outbox: {sent.summary()}")


@mail.command("fetch")
@click.pass_context
def mail_fetch(ctx):
    """Fetch new mail from the configured mailbox (mail.fetch in pbem.yaml), store it,
    and queue the answers. Messages are marked (or moved) only once stored.

    Example: pbem mail fetch
    """
    site = _site(ctx)
    with site_lock(site, wait=60) as held:
        if not held:
            raise PbemError("another pbem command holds the site lock; try again later", 1)
        db = site.db()
        got = intake.fetch(site, db)
        handled = intake.handle_pending(site, db)
    click.echo(f"{got.stored} new messages, {got.duplicates} seen before")
    for h in handled:
        click.echo(f"message {h.mail}: {h.status}" + (f" ({h.reason})" if h.reason else ""))
    for e in got.errors:
        click.echo(f"warning: {e}", err=True)


@mail.command("retry")
@click.argument("ids", metavar="[ID...]", nargs=-1, type=int)
@click.pass_context
def mail_retry(ctx, ids):
    """Put incoming mails that were set aside after failing five times (status 'error')
    back in line, all of them or those with these IDs (`pbem status` lists them); the
    next `pbem run` answers them.

    Example: pbem mail retry 42
    """
    site = _site(ctx)
    with site_lock(site, wait=60) as held:
        if not held:
            raise PbemError("another pbem command holds the site lock; try again later", 1)
        n = intake.retry(site.db(), list(ids) or None)
    click.echo(f"{n} mail{'s' * (n != 1)} back in line for the next pbem run")


@mail.command("send")
@click.option("--retry-failed", is_flag=True, help="Queue failed messages again first.")
@click.pass_context
def mail_send(ctx, retry_failed):
    """Send every queued message that is due (SMTP, or files in outbox/).

    Temporary failures are retried later with growing delays; `--retry-failed` puts
    messages that gave up back in the queue once the cause is fixed.

    Example: pbem mail send --retry-failed
    """
    site = _site(ctx)
    with site_lock(site, wait=60) as held:
        if not held:
            raise PbemError("another pbem command holds the site lock; try again later", 1)
        db = site.db()
        if retry_failed:
            click.echo(f"{outbox.retry_failed(db)} failed messages queued again")
        sent = outbox.flush(site, db)
    click.echo(f"outbox: {sent.summary()}")
    for e in sent.errors:
        click.echo(f"warning: {e}", err=True)
    if sent.failed:
        sys.exit(EXIT_GAME_FAILED)


@main.command("run")
@click.option("--no-fetch", is_flag=True, help="Do not fetch mail this time.")
@click.option("--no-send", is_flag=True, help="Queue mail but do not send it.")
@click.option("--now", "now_text", default=None, metavar="TIME",
              help="Run at this UTC time (YYYY-MM-DDTHH:MM:SSZ) instead of the clock's.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Processes resolving due games side by side (default: one for every "
                   "ten due games, up to the machine's cores); --jobs 1 does all in this "
                   "one process. The results are the same either way.")
@click.pass_context
def run_cmd(ctx, no_fetch, no_send, now_text, jobs):
    """The cron job: fetch and answer mail, process every due stage, remind, send.

    Put it in cron: */5 * * * * cd SITE && pbem run. If another run is still busy this
    one does nothing. A game that fails is reported (exit 1) and the others go on.

    With --now the whole run happens at that time: deadlines, reminders, every time
    stored, and the mail it fetches (a mail dated later than TIME counts as delivered at
    TIME). Use it to simulate a site or replay one; `pbem --now TIME COMMAND` does the
    same for any other command.

    Example: pbem run

    \b
    More:
      pbem run --now 2026-11-30T20:00:00Z    # as if it were Monday 20:00 UTC
    """
    if now_text:
        pin_clock(ctx, now_text)
    result = run_mod.run(_site(ctx), fetch=not no_fetch, send=not no_send, jobs=jobs)
    for line in result.lines():
        click.echo(line, err=line.startswith(("error:", "warning:")))
    if result.failed:
        sys.exit(EXIT_GAME_FAILED)
