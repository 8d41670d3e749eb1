"""Helpers the Random Moves tests share: run the phase, read its events, place Uriel,
Lilith and hounds (imported by test_random_moves.py and test_random_moves_clauses.py;
their `data` fixture is in conftest.py)."""

from __future__ import annotations

from phase_runner import run_phase

from pbem_games.hellgame import random_moves


def run(st, data, orders=None, script=()):
    return run_phase(random_moves.run, st, data, orders, script)


def texts(log, kind):
    return [e.text for e in log.events if e.kind == kind]


def where(st, kind):
    return [u.location for u in st.units if u.kind == kind]


def uriel(location):
    return {"kind": "uriel", "owner": None, "location": location}


def lilith(location):
    return {"kind": "lilith", "owner": None, "location": location}


def hound(location, ref, owner=None, minder=None):
    return {"kind": "hellhound", "owner": owner, "location": location, "ref": ref,
            "minder": minder}
