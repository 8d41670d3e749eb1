"""A moderator's working directory: pbem.yaml, pbem.db, inbox/, outbox/, archive/."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from .errors import PbemError
from .store import open_db

CONFIG = "pbem.yaml"
DATABASE = "pbem.db"
FOLDERS = ("inbox", "outbox", "archive", "reports")

DEFAULT_CONFIG = """\
# pbem site configuration. See README.md.
site_name: My pbem site
moderator_email: moderator@example.org
# The default mail transport is plain files: inbox/ and outbox/.
# IMAP and SMTP settings come with the mail issue.
mail:
  transport: files
reports:
  # Where `pbem turn process` also writes each report as a text file.
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
        return self.root / self.config.get("reports", {}).get("directory", "reports")


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
    return site


def open_site(root: str | Path) -> Site:
    root = Path(root)
    cfg = root / CONFIG
    if not cfg.exists():
        raise PbemError(f"{root.resolve()} is not a pbem site (no {CONFIG}); "
                        f"run `pbem init {root}` first, or pass --site DIR")
    try:
        config = yaml.safe_load(cfg.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as e:
        raise PbemError(f"{cfg}: not valid YAML: {e}") from None
    if not isinstance(config, dict):
        raise PbemError(f"{cfg}: must be a mapping of settings")
    return Site(root, config)
