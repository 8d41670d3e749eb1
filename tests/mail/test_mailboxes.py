"""Fetching from inbox/ files, a Maildir and an mbox: marked only once stored (issue 3)."""

import mailbox
import os

import pytest

from pbem import intake
from pbem.errors import PbemError
from pbem.mailboxes import FilesInbox, MaildirBox, MboxBox, open_source

from .sitekit import Kit


def raw(n: int) -> bytes:
    return (f"From: anna@example.org\r\nTo: orders@example.org\r\nSubject: s{n}\r\n"
            f"Message-ID: <box{n}@example.org>\r\n\r\nGAME g1\r\n").encode()


@pytest.fixture
def kit(tmp_path):
    return Kit(tmp_path / "site")


def maildir(tmp_path, n: int):
    box = tmp_path / "Maildir"
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir(parents=True)
    for i in range(n):
        path = box / "new" / f"17000000{i:02d}.M1P1.host"
        path.write_bytes(raw(i))
        os.utime(path, (1_795_000_000 + i, 1_795_000_000 + i))
    return box


def test_maildir_messages_are_stored_then_marked_seen(kit, tmp_path):
    box = maildir(tmp_path, 3)
    (box / "cur" / "old.M1P1.host:2,S").write_bytes(raw(99))  # read before: left alone
    got = intake.fetch(kit.site, kit.db, MaildirBox(box))
    assert (got.stored, got.duplicates) == (3, 0)
    assert sorted(p.name for p in (box / "new").iterdir()) == []
    assert sorted(p.name for p in (box / "cur").iterdir()) == [
        "1700000000.M1P1.host:2,S", "1700000001.M1P1.host:2,S", "1700000002.M1P1.host:2,S",
        "old.M1P1.host:2,S"]
    delivered = [r["delivered"] for r in kit.db["mails"].rows_where(order_by="id")]
    assert delivered[0] == "2026-11-18T11:06:40Z"  # the file's time, not the fetch time
    assert intake.fetch(kit.site, kit.db, MaildirBox(box)).stored == 0


def test_a_crash_before_marking_means_a_duplicate_next_time_not_a_loss(kit, tmp_path):
    box = maildir(tmp_path, 2)

    class Crashy(MaildirBox):
        def done(self, key, kept=b""):
            raise KeyboardInterrupt  # killed right after the store

    with pytest.raises(KeyboardInterrupt):
        intake.fetch(kit.site, kit.db, Crashy(box))
    # both were stored by one commit (pbem.batch) before the first was to be marked
    assert kit.db["mails"].count == 2 and len(list((box / "new").iterdir())) == 2
    got = intake.fetch(kit.site, kit.db, MaildirBox(box))
    assert (got.stored, got.duplicates) == (0, 2)
    assert kit.db["mails"].count == 2 and list((box / "new").iterdir()) == []


def test_a_crash_before_the_commit_stores_nothing_and_marks_nothing(kit, tmp_path):
    """Mails are marked as taken only after the commit that stores them (pbem.batch):
    a crash while a batch is open loses nothing, the next fetch takes them all."""
    box = maildir(tmp_path, 3)
    stored = intake.store_kept

    def crash_at_the_third(db, raw, *args):
        if db["mails"].count == 2:  # two stored in the open batch, not committed
            raise KeyboardInterrupt
        return stored(db, raw, *args)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(intake, "store_kept", crash_at_the_third)
        with pytest.raises(KeyboardInterrupt):
            intake.fetch(kit.site, kit.db, MaildirBox(box))
    assert kit.db["mails"].count == 0 and len(list((box / "new").iterdir())) == 3
    got = intake.fetch(kit.site, kit.db, MaildirBox(box))
    assert (got.stored, got.duplicates) == (3, 0)
    assert list((box / "new").iterdir()) == []


def test_mbox_messages_are_stored_then_removed(kit, tmp_path):
    path = tmp_path / "pbem.mbox"
    box = mailbox.mbox(str(path))
    for i in range(3):
        msg = mailbox.mboxMessage(raw(i))
        msg.set_from(f"anna@example.org Sun Nov  1 10:0{i}:00 2026")
        box.add(msg)
    box.close()
    got = intake.fetch(kit.site, kit.db, MboxBox(path))
    assert got.stored == 3
    assert len(mailbox.mbox(str(path))) == 0
    assert [r["delivered"] for r in kit.db["mails"].rows_where(order_by="id")] == [
        "2026-11-01T10:00:00Z", "2026-11-01T10:01:00Z", "2026-11-01T10:02:00Z"]
    assert b"Message-ID: <box0@example.org>" in kit.db["mails"].get(1)["raw"]


def test_inbox_files_are_archived_without_overwriting(kit):
    inbox = kit.site.root / "inbox"
    (inbox / "a.eml").write_bytes(raw(1))
    (kit.site.root / "archive" / "inbox").mkdir(parents=True)
    (kit.site.root / "archive" / "inbox" / "a.eml").write_bytes(b"an older one")
    box = FilesInbox(inbox, kit.site.root / "archive" / "inbox")
    assert intake.fetch(kit.site, kit.db, box).stored == 1
    names = sorted(p.name for p in (kit.site.root / "archive" / "inbox").iterdir())
    assert names == ["a.1.eml", "a.eml"]


def test_bad_mailbox_settings_are_clear(kit, tmp_path):
    cfg = kit.site.root / "pbem.yaml"
    cfg.write_text(cfg.read_text().replace("fetch: files", "fetch: maildir\n  maildir: "
                                           f"{{path: {tmp_path / 'nowhere'}}}"))
    from pbem.site import open_site

    with pytest.raises(PbemError, match="is not a Maildir"):
        open_source(open_site(kit.site.root))
    cfg.write_text(cfg.read_text().replace("fetch: maildir", "fetch: pigeon"))
    with pytest.raises(PbemError, match="'pigeon' is not one of files, maildir, mbox, imap"):
        open_source(open_site(kit.site.root))
