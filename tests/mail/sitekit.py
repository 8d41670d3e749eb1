"""A site with a started 4-player HellGame, and a way to write mail to it."""

from __future__ import annotations

import email
from datetime import UTC, datetime
from email.policy import default

from pbem import admin
from pbem.site import init_site

PLAYERS = ("anna", "boris", "chiara", "dmitri")
START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)  # a Monday


class Kit:
    def __init__(self, root, schedule=None, config_extra: str = ""):
        self.site = init_site(root)
        if config_extra:
            cfg = self.site.root / "pbem.yaml"
            cfg.write_text(cfg.read_text() + config_extra)
            from pbem.site import open_site

            self.site = open_site(root)
        self.db = self.site.db()
        admin.create_game(self.db, "g1", "hellgame", seed="42",
                          settings=schedule if schedule is not None else {"hours": 72})
        self.secrets = {p: admin.add_player(self.db, "g1", p, f"{p}@example.org")
                        for p in PLAYERS}
        admin.start_game(self.db, "g1", now=START)
        self.n = 0

    def mail(self, sender: str, body: str, *, subject: str = "orders",
             to: str = "orders@example.org", headers: dict | None = None) -> bytes:
        self.n += 1
        lines = [f"From: {sender}", f"To: {to}", f"Subject: {subject}",
                 f"Message-ID: <m{self.n}@example.org>",
                 "Date: Mon, 23 Nov 2026 10:00:00 +0000"]
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        lines += ["Content-Type: text/plain; charset=utf-8", "", body]
        return "\r\n".join(lines).encode()

    def sheet(self, player: str, *orders: str, secret: str | None = None,
              turn: str | None = None) -> str:
        head = ["GAME g1", f"PLAYER {player}",
                f"SECRET {self.secrets[player] if secret is None else secret}"]
        if turn:
            head.append(f"TURN {turn}")
        return "\n".join(head + list(orders)) + "\n"

    def outbox(self, **where) -> list[dict]:
        rows = list(self.db["outbox"].rows_where(order_by="id"))
        return [r for r in rows if all(r[k] == v for k, v in where.items())]


def parsed(raw: bytes):
    return email.message_from_bytes(raw, policy=default)
