"""Which game and player a mail is for, and whether it may speak for that player.

The game comes from the sheet's GAME line, else a plus-address (orders+hell1@…, or
orders+hell1.anna@…), else a subject tag ([hell1] or [hell1 anna]), else the one
running game in which the sender's address plays. The player likewise comes from the
PLAYER line, the plus-address or subject tag, else the one seat that address holds in
the game. The secret on the SECRET line authenticates; the sender must also be the
address on record (DESIGN.md §5).
"""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass, field

from .store import check_secret, rows

TAG = re.compile(r"\[\s*([a-z][a-z0-9_-]{0,31})(?:[\s/.:]+([a-z][a-z0-9_-]{0,31}))?\s*\]",
                 re.I)


@dataclass
class Route:
    game: str = ""
    player: str = ""
    how: str = ""
    problem: str = ""  # player-facing, when the mail cannot be taken
    record: str = ""  # the player's address on record (gets a copy of a refusal)
    seats: list = field(default_factory=list)  # the game's player rows


def _plus_tag(to_addrs: list[str], address: str) -> tuple[str, str]:
    local, _, domain = address.partition("@")
    for to in to_addrs:
        tl, _, td = to.partition("@")
        if td == domain and tl.startswith(local + "+"):
            game, _, player = tl[len(local) + 1:].partition(".")
            return game.lower(), player.lower()
    return "", ""


def route(db, sender: str, to_addrs: list[str], subject: str, headers: dict,
          address: str) -> Route:
    game = (headers.get("game") or "").strip().lower()
    player = (headers.get("player") or "").strip().lower()
    how = "sheet"
    if not game:
        game, tagged_player = _plus_tag(to_addrs, address)
        how = "address"
        if not game:
            m = TAG.search(subject or "")
            if m and is_game(db, m.group(1).lower()):
                game, tagged_player = m.group(1).lower(), (m.group(2) or "").lower()
                how = "subject"
        player = player or tagged_player
    if not game:
        games = [r[0] for r in db.execute(
            "SELECT DISTINCT p.game AS game FROM players p JOIN games g ON g.name = p.game "
            "WHERE lower(p.email) = ? AND g.status = 'running' ORDER BY p.game",
            [sender]).fetchall()]
        if len(games) == 1:
            game, how = games[0], "sender"
        else:
            mine = (" Your address plays in: " + ", ".join(games) + ".") if games else ""
            return Route(problem="I could not tell which game these orders are for. Put a "
                                 "line 'GAME name' at the top of the sheet (the order form in "
                                 "your last report has it)." + mine)
    if not is_game(db, game):
        return Route(game=game, problem=f"there is no game called {game!r} here; check the "
                                        f"GAME line against your last report")
    seats = rows(db, "SELECT * FROM players WHERE game = ? ORDER BY seat", [game])
    if not player:
        own = [p["name"] for p in seats if p["email"].lower() == sender]
        if len(own) == 1:
            player = own[0]
        else:
            return Route(game=game, problem="I could not tell which player these orders are "
                                            "for: add a line 'PLAYER name' at the top")
    row = next((p for p in seats if p["name"] == player), None)
    if row is None:
        return Route(game=game, problem=f"{player!r} does not play in {game}; check the "
                                        f"PLAYER line against your last report")
    return Route(game, player, how, record=row["email"].lower(), seats=seats)


def is_game(db, name: str) -> bool:
    return db.conn.execute("SELECT 1 FROM games WHERE name = ?", [name]).fetchone() is not None


def authenticate(db, r: Route, sender: str, tags: list[str], secret: str = "") -> str:
    """'' when the mail may speak for the player, else the player-facing reason.

    `tags` are those of the secrets the mail carried (pbem.store.secret_tag: the mail
    is stored without them); `secret` is a SECRET line still in clear (a mail stored
    before secrets were cut out)."""
    row = next(p for p in r.seats if p["name"] == r.player)
    if sender != r.record:
        return (f"orders for {r.player} in {r.game} are taken only from the address on "
                f"record for that player, and this mail came from {sender}; a copy of this "
                f"answer goes to the address on record. If your address has changed, ask "
                f"the moderator")
    if not tags and not secret:
        return ("the sheet has no SECRET line: add the line 'SECRET your-secret' at the top "
                "(the moderator gave you the secret)")
    tag = row.get("secret_tag") or ""
    known = bool(tag) and any(hmac.compare_digest(tag, t) for t in tags)
    if not known and not (secret and check_secret(row, secret)):
        return ("the SECRET line is wrong: copy the secret exactly as the moderator gave it "
                "to you")
    return ""
