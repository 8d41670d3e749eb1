"""The mail and cron commands as a moderator (and procmail) runs them."""

from pbem.store import open_db


def test_mail_receive_stores_answers_and_exits_0(started, tmp_path):
    raw = ("From: anna@example.org\nTo: orders@example.org\nSubject: o\n"
           "Message-ID: <r1@example.org>\n\n"
           f"GAME g1\nPLAYER anna\nSECRET {started.secrets['anna']}\nREDRAW\n")
    code, out = started("mail", "receive", "-", input=raw)
    assert code == 0, out
    assert "message 1: stored" in out and "outbox: 1 sent" in out
    code, out = started("mail", "receive", "-", input=raw)
    assert (code, out.strip()) == (0, "message 1 was stored before; nothing to do")
    [eml] = (started.site / "outbox").glob("*-confirmation-*.eml")
    assert started.secrets["anna"] not in eml.read_text()


def test_mail_receive_that_cannot_store_asks_the_mail_server_to_retry(started):
    (started.site / "pbem.db").unlink()
    (started.site / "pbem.db").mkdir()  # the database cannot be opened
    code, out = started("mail", "receive", "-", input="From: a@b\n\nx\n")
    assert code == 75 and "the mail server will try again" in out


def test_run_takes_inbox_files_and_archives_them(started):
    inbox = started.site / "inbox"
    (inbox / "a.eml").write_text("From: boris@example.org\nSubject: x\n\n"
                                 f"GAME g1\nPLAYER boris\nSECRET {started.secrets['boris']}\n")
    code, out = started("run")
    assert code == 0, out
    assert "mail: 1 new, 0 seen before; 1 stored" in out
    assert not (inbox / "a.eml").exists()
    assert (started.site / "archive" / "inbox" / "a.eml").exists()
    code, out = started("status")
    assert "boris            ordered" in out and "last pbem run:" in out


def test_run_with_a_mailbox_that_cannot_be_read_still_runs_games_and_exits_1(started):
    cfg = started.site / "pbem.yaml"
    cfg.write_text(cfg.read_text().replace(
        "fetch: files", f"fetch: maildir\n  maildir: {{path: {started.site / 'nowhere'}}}"))
    code, out = started("run")
    assert code == 1
    assert "error: fetching mail: " in out and "nowhere" in out


def test_a_config_missing_a_setting_stops_every_command_before_anything_is_touched(started):
    cfg = started.site / "pbem.yaml"
    cfg.write_text(cfg.read_text().replace("fetch: files", "fetch: maildir"))
    code, out = started("run")
    assert code == 2 and "mail.maildir" in out and "path" in out


def test_schedule_show_and_change(started):
    code, out = started("game", "schedule", "g1", "--every", "mon,thu 20:00", "--timezone",
                        "Europe/Rome", "--reminders", "24,2")
    assert code == 0, out
    assert "every Mon, Thu 20:00" in out or "every Mon,Thu 20:00" in out
    code, out = started("game", "schedule", "g1", "--every", "mnday 20:00")
    assert code == 2 and "'mnday 20:00'" in out
    code, out = started("game", "schedule", "g1", "--stage", "Setup", "--hours", "24")
    assert code == 0 and "stages 'Setup'" in out


def test_extend_pause_resume(started):
    code, out = started("game", "extend", "g1", "2d")
    assert code == 0 and "deadline now" in out
    code, out = started("game", "extend", "g1")
    assert code == 2 and "either a DURATION" in out
    assert started("game", "pause", "g1")[0] == 0
    code, out = started("game", "pause", "g1")
    assert code == 2 and "paused already" in out
    code, out = started("game", "resume", "g1")
    assert code == 0 and "g1 resumed" in out


def test_rollback_and_replace_from_the_command_line(started):
    assert started("turn", "process", "g1")[0] == 0
    code, out = started("turn", "rollback", "g1", "0")
    assert code == 0 and "g1 is back at setup (stage 0), paused, the players told" in out
    assert list((started.site / "backups").glob("pbem-*rollback-g1-0.db"))
    code, out = started("player", "replace", "g1", "dmitri", "new@example.org")
    assert code == 0 and "a welcome mail with a new secret is queued" in out
    db = open_db(started.site / "pbem.db")
    assert db["players"].get(("g1", "dmitri"))["email"] == "new@example.org"
    kinds = [(r["kind"], r["to_addr"]) for r in db["outbox"].rows_where("status = 'queued'")]
    assert ("welcome", "new@example.org") in kinds and ("service", "dmitri@example.org") in kinds
    assert sum(k == "notice" for k, _ in kinds) == 4 + 3  # the rollback, then the new player


def test_turn_process_queues_the_report_mails(started):
    assert started("turn", "process", "g1")[0] == 0
    db = open_db(started.site / "pbem.db")
    assert db["outbox"].count_where("kind = 'report'") == 4
    code, out = started("mail", "send")
    assert code == 0 and "outbox: 4 sent" in out  # the reports (boards go nowhere by default)


def test_mail_receive_while_a_run_is_busy_stores_and_leaves_the_answer(started):
    from pbem.safety import site_lock
    from pbem.site import open_site

    raw = "From: anna@example.org\nMessage-ID: <busy@x>\n\nGAME g1\n"
    with site_lock(open_site(started.site)) as held:
        assert held
        code, out = started("mail", "receive", "-", input=raw)
    assert code == 0 and "stored as message 1; the running pbem run will answer it" in out
    db = open_db(started.site / "pbem.db")
    assert db["mails"].get(1)["status"] == "new"
    assert "message 1: refused" in started("mail", "fetch")[1]


def test_mail_receive_with_a_broken_config_asks_the_mail_server_to_retry(started):
    cfg = started.site / "pbem.yaml"
    cfg.write_text(cfg.read_text().replace("dry_run: false", 'dry_run: "false"'))
    code, out = started("mail", "receive", "-", input="From: anna@example.org\n\nGAME g1\n")
    assert code == 75 and "mail.dry_run" in out and "will try again" in out


def test_status_lists_faults_and_mail_retry_puts_set_aside_mail_back(started):
    from pbem.store import open_db

    db = open_db(started.site / "pbem.db")
    db["stages"].update(("g1", 0), {"state": "{broken"})
    code, out = started("run", "--now", "2030-01-01T00:00:00Z")
    assert code == 1 and "JSONDecodeError" in out and "Traceback" not in out
    code, out = started("status")
    # the game's message names its stage and step; the list does not repeat the game
    assert "open faults: 1" in out and "game g1: g1" not in out
    assert "  game g1 setup: reading the stage's stored state failed, nothing was " in out
    code, out = started("status", "--faults")
    assert code == 0 and out.startswith("game g1 setup: ") and "Traceback (most recent" in out
    db.execute("INSERT INTO mails (message_id, sha256, raw, status, reason, attempts) "
               "VALUES ('<x@y>', 'abc', x'00', 'error', 'the disk is full', 5)")
    db.conn.commit()
    code, out = started("status")
    assert "set aside: the disk is full (pbem mail retry" in out
    code, out = started("mail", "retry")
    assert code == 0 and "1 mail back in line" in out
