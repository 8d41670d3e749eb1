"""What the tests of the Major Arcana cast as Actions share (test_spells_*.py): reading the
log, and a cast answered with It Did Not Work..."""

from __future__ import annotations

from phase_runner import run_phase

from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data

DATA = load_data()
SH = "sectio.sugar-hill"
DECK = ["arcana.frenzy", "arcana.rage", "arcana.fly", "arcana.riot", "arcana.recruit"]
WALKING = {"where": "earth", "walk_card": "arcana.frenzy"}


def earth(daemon, card="arcana.frenzy") -> dict:
    """`daemons=` of make_state: the Daemon on Earth, walked there with `card`."""
    return {daemon: {"where": "earth", "walk_card": card}}


def acts(log, *kinds) -> list[tuple[str, str]]:
    """The public events (kind, text), of the given kinds only if any are given."""
    return [(e.kind, e.text) for e in log.events
            if e.visible_to is None and (not kinds or e.kind in kinds)]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


def kinds(log) -> list[str]:
    return [k for k, _ in acts(log)]


def from_cast(log) -> list[str]:
    """The kinds of events from the first card cast on."""
    ks = kinds(log)
    return ks[ks.index("cast"):]


def countered(make_state, card, order, a=None, **kw):
    """a casts `card`; b answers with It Did Not Work (b's Naburos)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": [card], **(a or {})},
                             "b": {"daemons": ["daemon.naburos", "daemon.xaphan"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}}, **kw)
    b_orders = "COUNTER ANY WITH It Did Not Work USING Naburos\n"
    log = run_phase(action.run, st, DATA, orders={"a": f"Caim: {order}\n", "b": b_orders})
    return st, log
