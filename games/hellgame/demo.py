"""The HellGame's demo (`pbem demo`, the default): four players, the setup and three
turns. anna and chiara play a little, boris makes a typo (so the confirmation shows how
an error is reported), dmitri never sends orders (his defaults apply).
"""

from __future__ import annotations

import json

from pbem.engine import Demo

TURNS = 3


def orders(game, stage: dict, player: str) -> str | None:
    """The sheet a demo player sends for this stage (None: sends nothing)."""
    if player == "dmitri":
        return None  # no moves received: every decision takes its default
    view = game.player_view(json.loads(stage["state"]), player)
    me = view["me"]
    body: list[str] = []
    if stage["number"] == 0:
        if player == "anna":
            weakest = min(me["daemons"], key=lambda d: d["skulls"] + d["stars"] + d["hearts"])
            body.append(f"REDRAW {weakest['name']}    # swap my weakest Daemon for 1 Favour")
        if me["sectio"]:
            body.append(f"PLACE {me['sectio'][-1]}")
    else:
        mine = me["sectio"]
        if player == "anna" and mine:
            body.append(f"LEGION {mine[0]}")
            body.append("BUY ARCANA 1")
        elif player == "boris" and mine:
            body.append(f"LEGIONS {min(2, me['souls'] // 3)}")
            body.append("BUY OF ALL        # a typo, to show how errors are reported")
        elif player == "chiara":
            if stage["number"] == 1:
                body.append("STATUS            # a command: answered, never an order")
            body.append("GIVE anna 1 SOULS")
            if mine:
                body.append(f"LEGION {mine[-1]}")
        body += _demo_actions(me, player, game.order_form(json.loads(stage["state"]), player))
    return "\n".join(body) + "\n"


def _demo_actions(me: dict, player: str, form: str) -> list[str]:
    """A few Action Phase lines (the rest of the Daemons take the default)."""
    daemons = [d for d in me["daemons"] if not d["incapacitated"]]
    if not daemons:
        return []
    first = daemons[0]["name"]
    if player == "anna":
        return [f"{first}: ATONE IF SOULS >= 3"]
    if player == "chiara":
        lines = [f"{d['name']}: EVIL DEEDS" for d in daemons if d["where"] == "earth"]
        if any(c["minor"].startswith("Walk The Earth") for c in me["hand"]):
            lines.append(f"{daemons[-1]['name']}: WALK THE EARTH")
        return lines
    if player == "boris":
        lines = [f"{first}: PASS BEHIND {daemons[-1]['name']} IF {daemons[-1]['name']} HAS "
                 f"NOT ACTED", f"{first}: ATONE"]
        # and the March his order form suggests (towards someone's Legions: a combat)
        march = [ln[1:] for ln in form.splitlines() if ln.startswith("#") and ": MARCH " in ln]
        return march[:1] + lines
    return []


DEMO = Demo(summary="the HellGame: the setup and 3 turns", stages=TURNS + 1, orders=orders,
            rank=0)
