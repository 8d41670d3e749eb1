"""`pbem status`: per game, the stage, who has ordered, and what needs a human."""

from __future__ import annotations

from .admin import get_game_row, players_of
from .orders import latest_submission


def status_rows(db, game_name: str | None = None) -> list[dict]:
    games = [get_game_row(db, game_name)] if game_name else list(
        db["games"].rows_where(order_by="name"))
    out = []
    for g in games:
        row = {"game": g["name"], "type": g["game_type"], "status": g["status"],
               "stage": "", "players": [], "result": g["result"]}
        if g["status"] != "new":
            stage = db["stages"].get((g["name"], g["stage"]))
            row["stage"] = stage["name"]
            for p in players_of(db, g["name"]):
                sub = latest_submission(db, g["name"], p["name"], stage["number"])
                row["players"].append({
                    "name": p["name"],
                    "ordered": sub is not None,
                    "problems": sub["problems"] if sub else 0,
                })
        else:
            row["players"] = [{"name": p["name"], "ordered": False, "problems": 0}
                              for p in players_of(db, g["name"])]
        out.append(row)
    return out


def status_text(db, game_name: str | None = None) -> str:
    rows = status_rows(db, game_name)
    if not rows:
        return "no games yet: create one with `pbem game new NAME --game hellgame`\n"
    lines = []
    for r in rows:
        head = f"{r['game']} ({r['type']}): {r['status']}"
        if r["stage"]:
            head += f", {r['stage']}"
        if r["result"]:
            head += f" — {r['result']}"
        lines.append(head)
        for p in r["players"]:
            mark = "ordered" if p["ordered"] else "waiting"
            if p["problems"]:
                mark += f" ({p['problems']} problem lines)"
            lines.append(f"  {p['name']:<16} {mark}")
    return "\n".join(lines) + "\n"
