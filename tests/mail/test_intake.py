"""Mail intake: stored raw first, routed, authenticated, answered once (issue 3)."""

import json
from datetime import timedelta

import pytest

from pbem import intake
from pbem.admin import current_stage
from pbem.engine import get_game

from .sitekit import START, Kit, parsed


@pytest.fixture
def kit(tmp_path):
    return Kit(tmp_path / "site")


def own_sectio(kit, player):
    stage = current_stage(kit.db, "g1")
    view = get_game("hellgame").player_view(json.loads(stage["state"]), player)
    return view["me"]["sectio"][0]


def take(kit, raw, delivered=START + timedelta(hours=1), now=None):
    mail_id, dup = intake.store_raw(kit.db, raw, "test", intake.deadlines.stamp(delivered))
    handled = intake.handle_pending(kit.site, kit.db, now or delivered)
    return mail_id, dup, handled


def test_a_good_sheet_is_stored_and_confirmed_in_the_same_thread(kit):
    place = own_sectio(kit, "anna")
    raw = kit.mail("Anna <Anna@Example.org>", kit.sheet("anna", f"PLACE {place}"))
    mail_id, dup, [h] = take(kit, raw)
    assert (dup, h.status, h.game, h.player) == (False, "stored", "g1", "anna")
    sub = kit.db["submissions"].get(kit.db["mails"].get(mail_id)["submission"])
    assert sub["player"] == "anna" and sub["mail"] == mail_id
    assert kit.secrets["anna"] not in sub["raw"] and "SECRET [secret]" in sub["raw"]
    [reply] = kit.outbox()
    assert (reply["to_addr"], reply["kind"], reply["in_reply_to"]) == (
        "anna@example.org", "confirmation", "<m1@example.org>")
    assert reply["subject"] == "Re: orders"
    assert f"LINE   4: PLACE {place.upper()}" in reply["body"].upper()
    assert f"Receipt: {sub['receipt']}" in reply["body"]
    assert "Deadline for setup: Thu 26 Nov 2026 09:00 UTC" in reply["body"]
    assert kit.secrets["anna"] not in reply["body"]


def test_the_same_message_twice_is_stored_once_and_answered_once(kit):
    raw = kit.mail("anna@example.org", kit.sheet("anna"))
    first, dup1, _ = take(kit, raw)
    again, dup2, handled = take(kit, raw)
    assert (dup1, dup2, again) == (False, True, first)
    assert handled == []
    # same Message-ID, different bytes (delivered twice through two routes)
    twin = raw.replace(b"Subject: orders", b"Received: by mx2\r\nSubject: orders")
    third, dup3, _ = take(kit, twin)
    assert (dup3, third) == (True, first)
    assert kit.db["mails"].count == 1 and len(kit.outbox()) == 1


def test_wrong_secret_changes_nothing_and_says_so_without_echoing_it(kit):
    raw = kit.mail("anna@example.org", kit.sheet("anna", "REDRAW", secret="guess-1234"))
    _, _, [h] = take(kit, raw)
    assert h.status == "refused" and "SECRET line is wrong" in h.reason
    assert kit.db["submissions"].count == 0
    [reply] = kit.outbox()
    assert reply["kind"] == "refusal" and "guess-1234" not in reply["body"]
    assert "Nothing was stored" in reply["body"]


def test_forged_sender_is_refused_and_the_holder_of_the_seat_is_told(kit):
    raw = kit.mail("mallory@evil.example", kit.sheet("anna"))
    _, _, [h] = take(kit, raw)
    assert h.status == "refused"
    assert kit.db["submissions"].count == 0
    to = sorted(r["to_addr"] for r in kit.outbox())
    assert to == ["anna@example.org", "mallory@evil.example"]
    copy = kit.outbox(to_addr="anna@example.org")[0]
    assert "copy for the address on record" in copy["body"]
    assert kit.secrets["anna"] not in copy["body"]


def test_game_and_player_from_plus_address_subject_tag_or_sender(kit):
    body = f"SECRET {kit.secrets['boris']}\nREDRAW\n"
    _, _, [h] = take(kit, kit.mail("boris@example.org", body, to="orders+g1.boris@example.org"))
    assert (h.status, h.game, h.player) == ("stored", "g1", "boris")
    _, _, [h] = take(kit, kit.mail("boris@example.org", body, subject="[g1 boris] orders"))
    assert (h.status, h.game, h.player) == ("stored", "g1", "boris")
    # neither: the one running game and seat this address holds
    _, _, [h] = take(kit, kit.mail("boris@example.org", body))
    assert (h.status, h.game, h.player) == ("stored", "g1", "boris")


def test_mail_that_names_no_game_from_a_stranger_is_refused_helpfully(kit):
    _, _, [h] = take(kit, kit.mail("stranger@example.net", "hello, can I play?"))
    assert h.status == "refused" and "GAME name" in h.reason
    [reply] = kit.outbox()
    assert reply["to_addr"] == "stranger@example.net" and "Your address plays" not in reply["body"]


def test_unknown_game_or_player_lines(kit):
    _, _, [h] = take(kit, kit.mail("anna@example.org", "GAME nope\nPLAYER anna\nSECRET x\n"))
    assert "no game called 'nope'" in h.reason
    _, _, [h] = take(kit, kit.mail("anna@example.org", "GAME g1\nPLAYER zed\nSECRET x\n"))
    assert "'zed' does not play in g1" in h.reason


def test_auto_replies_bounces_and_our_own_mail_are_ignored_without_answer(kit):
    cases = [
        kit.mail("anna@example.org", "I am away", headers={"Auto-Submitted": "auto-replied"}),
        kit.mail("MAILER-DAEMON@example.org", "undeliverable"),
        kit.mail("orders@example.org", "loop"),
        kit.mail("anna@example.org", "x", headers={"X-Loop": "orders@example.org"}),
    ]
    for raw in cases:
        _, _, [h] = take(kit, raw)
        assert h.status == "ignored", raw
    assert kit.outbox() == [] and kit.db["submissions"].count == 0


def test_a_huge_mail_is_kept_but_refused(kit):
    raw = kit.mail("anna@example.org", kit.sheet("anna") + "x" * 1_200_000)
    mail_id, _, [h] = take(kit, raw)
    assert h.status == "refused" and "limit is 1000 KB" in h.reason
    secret = kit.secrets["anna"].encode()  # kept whole, but for its secret (issue 17)
    assert kit.db["mails"].get(mail_id)["raw"] == raw.replace(secret, b"[secret]")
    assert kit.db["submissions"].count == 0


def test_orders_for_a_passed_turn_are_refused_with_the_current_stage(kit):
    raw = kit.mail("anna@example.org", kit.sheet("anna", "REDRAW", turn="7"))
    _, _, [h] = take(kit, raw)
    assert h.status == "refused" and "passed turn" in h.reason
    assert "g1 is at setup; its deadline is Thu 26 Nov 2026 09:00 UTC" in kit.outbox()[0]["body"]


def test_a_sheet_delivered_after_the_deadline_is_late(kit):
    raw = kit.mail("anna@example.org", kit.sheet("anna", "REDRAW"))
    late = START + timedelta(hours=72, minutes=1)
    _, _, [h] = take(kit, raw, delivered=late)
    assert h.status == "refused" and "after the deadline of setup" in h.reason
    # 09:01 + 72 h, rounded up to the next full hour (issue 20)
    assert "the next stage, due about Sun 29 Nov 2026 10:00 UTC" in h.reason
    assert kit.db["submissions"].count == 0


def test_a_sheet_delivered_in_time_but_handled_after_the_deadline_counts(kit):
    raw = kit.mail("anna@example.org", kit.sheet("anna", "REDRAW"))
    _, _, [h] = take(kit, raw, delivered=START + timedelta(hours=71),
                     now=START + timedelta(hours=73))
    assert h.status == "stored"


def test_replies_to_one_address_are_capped_per_hour(kit):
    for i in range(33):  # not authentication failures (they are locked out sooner)
        take(kit, kit.mail("anna@example.org", f"GAME g1\nPLAYER nobody{i}\n"))
    assert len(kit.outbox()) == 30
    assert kit.db["mails"].count_where("status = 'refused'") == 33


def test_an_unexpected_error_marks_the_mail_and_the_rest_go_on(kit, monkeypatch):
    good = kit.mail("anna@example.org", kit.sheet("anna", "REDRAW"))
    bad = kit.mail("boris@example.org", kit.sheet("boris", "REDRAW"))
    intake.store_raw(kit.db, bad, "t", intake.deadlines.stamp(START))
    intake.store_raw(kit.db, good, "t", intake.deadlines.stamp(START))
    real = intake.handle

    def flaky(site, db, row, now):
        if b"boris" in row["raw"]:
            raise RuntimeError("boom")
        return real(site, db, row, now)

    monkeypatch.setattr(intake, "handle", flaky)
    handled = intake.handle_pending(kit.site, kit.db, START)
    assert [h.status for h in handled] == ["retry", "stored"]
    assert kit.db["mails"].count_where("status = 'new' and reason like '%boom%'") == 1


def test_a_mail_that_fails_after_writing_is_undone_alone_in_its_batch(kit, monkeypatch):
    """Mails are answered 50 to a commit (pbem.batch): one that fails after its sheet,
    its confirmation and its mark were written loses all of them, and only them; the
    mails before and after it in the same batch are stored and answered."""
    raws = [kit.mail(f"{p}@example.org", kit.sheet(p, "REDRAW"))
            for p in ("anna", "boris", "chiara")]
    for raw in raws:
        intake.store_raw(kit.db, raw, "t", intake.deadlines.stamp(START))
    real = intake.handle

    def fails_when_done(site, db, row, now):
        done = real(site, db, row, now)
        if b"boris" in row["raw"]:
            assert db["outbox"].count_where("player = 'boris'") == 1  # written, then:
            raise RuntimeError("boom")
        return done

    monkeypatch.setattr(intake, "handle", fails_when_done)
    handled = intake.handle_pending(kit.site, kit.db, START)
    assert [h.status for h in handled] == ["stored", "retry", "stored"]
    assert [r["player"] for r in kit.outbox(kind="confirmation")] == ["anna", "chiara"]
    assert [r["player"] for r in kit.db["submissions"].rows] == ["anna", "chiara"]
    boris = kit.db["mails"].get(2)
    assert (boris["status"], boris["submission"], boris["attempts"]) == ("new", None, 1)
    assert not kit.db.conn.in_transaction  # the batch was committed


def test_answering_commits_a_batch_at_a_time(kit, monkeypatch):
    """Fewer commits than mails (issue 23), each after whole mails."""
    monkeypatch.setattr(intake, "BATCH", 2)
    for p in ("anna", "boris", "chiara"):
        intake.store_raw(kit.db, kit.mail(f"{p}@example.org", kit.sheet(p, "REDRAW")), "t",
                         intake.deadlines.stamp(START))
    commits = []
    kit.db.conn.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT"
                                   else None)
    handled = intake.handle_pending(kit.site, kit.db, START)
    kit.db.conn.set_trace_callback(None)
    assert [h.status for h in handled] == ["stored"] * 3
    assert len(commits) == 2  # anna and boris, then chiara


def test_a_mail_that_failed_is_tried_again_later_then_set_aside_until_retried(kit,
                                                                                monkeypatch):
    """Issue 17 (5): a passing fault (here a full disk) never drops a valid sheet."""
    import errno

    from pbem import faults

    intake.store_raw(kit.db, kit.mail("boris@example.org", kit.sheet("boris", "REDRAW")), "t",
                     intake.deadlines.stamp(START))
    real = intake.handle
    broken = {"on": True}

    def disk_full(site, db, row, now):
        if broken["on"]:
            raise OSError(errno.ENOSPC, "No space left on device", "pbem.db")
        return real(site, db, row, now)

    monkeypatch.setattr(intake, "handle", disk_full)
    statuses = []
    at = START
    for _ in range(intake.MAX_ATTEMPTS):
        statuses += [h.status for h in intake.handle_pending(kit.site, kit.db, at)]
        assert intake.handle_pending(kit.site, kit.db, at) == []  # waits before trying again
        at += timedelta(hours=3)
    assert statuses == ["retry"] * (intake.MAX_ATTEMPTS - 1) + ["error"]
    row = kit.db["mails"].get(1)
    assert row["reason"] == "the disk is full (pbem.db) (attempt 5 of 5)"
    # whose mail waits is known, though its answer (which records it) never ran
    assert row["from_addr"] == "boris@example.org"
    # and he is told, once, as a reply to his mail, that it waits for the moderator
    [told] = kit.outbox(kind="set-aside")
    assert told["to_addr"] == "boris@example.org" and told["subject"] == "Re: orders"
    assert told["in_reply_to"] == "<m1@example.org>"
    assert 'Your mail "orders" (received ' in told["body"]
    assert "The moderator has been told" in told["body"] and "disk" not in told["body"]
    [fault] = faults.open_faults(kit.db, "mail")
    assert (fault["key"], fault["count"]) == ("1", intake.MAX_ATTEMPTS)
    assert intake.handle_pending(kit.site, kit.db, at) == []  # set aside: left alone
    broken["on"] = False
    assert intake.retry(kit.db) == 1
    assert [h.status for h in intake.handle_pending(kit.site, kit.db, at)] == ["stored"]
    assert len(kit.outbox(kind="set-aside")) == 1
    assert faults.open_faults(kit.db, "mail") == []
    assert kit.db["submissions"].count == 1


def test_the_confirmation_mail_is_a_threaded_reply(kit, tmp_path):
    from pbem import outbox

    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "REDRAW")))
    outbox.flush(kit.site, kit.db, START + timedelta(hours=2))
    [path] = sorted((kit.site.root / "outbox").glob("*.eml"))
    msg = parsed(path.read_bytes())
    assert msg["In-Reply-To"] == "<m1@example.org>"
    assert msg["References"] == "<m1@example.org>"
    assert msg["Auto-Submitted"] == "auto-replied"
    assert msg["From"].addresses[0].addr_spec == "orders@example.org"


def test_answering_a_mail_scans_no_table_that_grows_with_the_site(kit):
    """Issue 23: 10,000 mails at 1,000 seats are taken in time only if each mail's
    lookups go by an index: every SELECT that storing and answering makes (a good sheet,
    a wrong secret, so the lockout counts too) is planned without a full scan of mails,
    players, submissions or outbox."""
    seen: list[str] = []
    kit.db.conn.set_trace_callback(seen.append)
    kit.db.execute("UPDATE players SET secret_tag = 'x' WHERE name = 'dmitri'")
    take(kit, kit.mail("anna@example.org", kit.sheet("anna")))
    take(kit, kit.mail("boris@example.org", kit.sheet("boris", secret="guess-1234")))
    kit.db.conn.set_trace_callback(None)
    selects = {s for s in seen if s.lstrip().upper().startswith("SELECT")}
    assert any("secret_tag = ''" in s for s in selects)  # the untagged seat lookup ran
    assert any("status = 'refused'" in s for s in selects)  # so did the lockout counts
    scans = {}
    for sql in selects:
        for row in kit.db.execute("EXPLAIN QUERY PLAN " + sql).fetchall():
            detail = row[-1]
            if any(detail == f"SCAN {t}" for t in ("mails", "players", "submissions",
                                                    "outbox")):
                scans[sql] = detail
    assert scans == {}


def test_a_machines_mail_set_aside_is_not_answered(kit, monkeypatch):
    """A bounce or an auto-reply that keeps failing is set aside without a word back
    (RFC 3834: no mail loop), and so is one whose headers cannot be read at all."""
    def broken(site, db, row, now):
        raise RuntimeError("boom")

    monkeypatch.setattr(intake, "handle", broken)
    intake.store_raw(kit.db, kit.mail("boris@example.org", "x",
                                      headers={"Auto-Submitted": "auto-replied"}), "t",
                     intake.deadlines.stamp(START))
    intake.store_raw(kit.db, b"\x00\xff no headers at all", "t", intake.deadlines.stamp(START))
    at = START
    for _ in range(intake.MAX_ATTEMPTS):
        intake.handle_pending(kit.site, kit.db, at)
        at += timedelta(hours=3)
    assert [r["status"] for r in kit.db["mails"].rows] == ["error", "error"]
    assert kit.outbox(kind="set-aside") == []


def test_set_aside_replies_keep_to_the_answers_budget_of_an_address(kit, monkeypatch):
    """31 mails that a bug fails, all from one (perhaps forged) sender: he gets
    mail.replies_per_hour (30) replies in the hour, not 31."""
    def broken(site, db, row, now):
        raise RuntimeError("boom")

    monkeypatch.setattr(intake, "handle", broken)
    for n in range(31):  # a reply's subject keeps one "Re:"
        intake.store_raw(kit.db, kit.mail("victim@example.org", f"x{n}",
                                          subject="orders" if n % 2 else "Re: orders"), "t",
                         intake.deadlines.stamp(START))
    at = START
    for _ in range(intake.MAX_ATTEMPTS):
        intake.handle_pending(kit.site, kit.db, at)
        at += timedelta(hours=3)
    assert kit.db["mails"].count_where("status = 'error'") == 31
    told = kit.outbox(kind="set-aside", to_addr="victim@example.org")
    assert len(told) == 30
    assert {t["subject"] for t in told} == {"Re: orders"}
