"""A moderator's working directory: pbem.yaml, pbem.db, inbox/, outbox/, archive/."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .config import load as load_config
from .errors import PbemError
from .store import open_db

CONFIG = "pbem.yaml"
DATABASE = "pbem.db"
FOLDERS = ("inbox", "outbox", "archive", "reports", "backups")
LOCK = "pbem.lock"

DEFAULT_CONFIG = """\
# pbem site configuration: see docs/moderators.md for every setting.
site_name: My pbem site
moderator_email: moderator@example.org

mail:
  # Players send their orders to this address; every reply comes from it.
  address: orders@example.org
  # Where mail comes from, for `pbem mail fetch` and `pbem run`:
  #   files   - *.eml files dropped into inbox/ (moved to archive/ once stored)
  #   maildir - a Maildir folder:  maildir: {path: ~/Maildir}
  #   mbox    - an mbox file:      mbox: {path: /var/mail/pbem}
  #   imap    - IMAP over TLS:     imap: {host: imap.example.org, user: pbem,
  #                                       password_env: PBEM_IMAP_PASSWORD}
  fetch: files
  # How mail leaves, for `pbem mail send` and `pbem run`:
  #   files - one .eml file per message in outbox/ (nothing is sent)
  #   smtp  - smtp: {host: smtp.example.org, port: 587, tls: starttls, user: pbem,
  #                  password_env: PBEM_SMTP_PASSWORD}
  transport: files
  # true: every outgoing message goes to moderator_email instead (for trying things out)
  dry_run: false
  # Where each stage's public board summary is mailed too (a spectators' list), if anywhere
  boards_to: ""

# Deadlines of new games (change one game's with `pbem game schedule`).
schedule:
  hours: 72            # or every: mon 20:00
  timezone: UTC
  reminders: [24]
  early_minutes: 60
  nmr_limit: 3

backups:
  keep: 20

reports:
  # Where each report is also written as a text file.
  directory: reports
"""


@dataclass
class Site:
    root: Path
    config: dict

    @property
    def db_path(self) -> Path:
        return self.root / DATABASE

    def db(self):
        return open_db(self.db_path)

    @property
    def reports_dir(self) -> Path:
        return self.root / self.section("reports").get("directory", "reports")

    def section(self, name: str) -> dict:
        value = self.config.get(name) or {}
        if not isinstance(value, dict):
            raise PbemError(f"{self.root / CONFIG}: '{name}' must be a mapping of settings")
        return value

    @property
    def mail(self) -> dict:
        return self.section("mail")

    @property
    def address(self) -> str:
        return str(self.mail.get("address") or "orders@example.org").strip().lower()

    @property
    def moderator(self) -> str:
        return str(self.config.get("moderator_email") or "").strip()

    @property
    def name(self) -> str:
        return str(self.config.get("site_name") or "pbem")

    def folder(self, name: str) -> Path:
        path = self.root / name
        path.mkdir(exist_ok=True)
        return path

    @property
    def lock_path(self) -> Path:
        return self.root / LOCK


def init_site(root: str | Path) -> Site:
    """Create a site in `root` (idempotent: an existing pbem.yaml is kept)."""
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    cfg = root / CONFIG
    if not cfg.exists():
        cfg.write_text(DEFAULT_CONFIG, encoding="utf-8")
    for name in FOLDERS:
        (root / name).mkdir(exist_ok=True)
    site = open_site(root)
    site.db().conn.close()
    make_private(root)
    return site


def make_private(root: Path) -> None:
    """The site's folders (0700) and files (0600) are the moderator's alone: they hold
    players' mail, addresses and hands (issue 17). `pbem init` on an old site tightens
    what an earlier version left readable."""
    root.chmod(0o700)
    for path in [root / CONFIG, *root.glob(DATABASE + "*"), *(root / n for n in FOLDERS)]:
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o700)
        elif path.is_file() and not path.is_symlink():
            path.chmod(0o600)


def open_site(root: str | Path) -> Site:
    """The site in `root`, its pbem.yaml read and checked in full (pbem.config): a
    PbemError (exit code 2) listing every problem before anything is touched."""
    root = Path(root)
    cfg = root / CONFIG
    if not cfg.exists():
        raise PbemError(f"{root.resolve()} is not a pbem site (no {CONFIG}); "
                        f"run `pbem init {root}` first, or pass --site DIR")
    return Site(root, load_config(cfg))
