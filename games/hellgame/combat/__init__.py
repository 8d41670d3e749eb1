"""The Combat Phase (chapter 11; 16.5-16.7): `run(st, sheets, dice, data, log)`.

Every Sectio holding hostile parties (parties.py) fights, never AnteHell (HG-11.0-04):
those with Triumvirate Units first, biggest first by Legions at the start of the phase
(die for ties, HG-11.0-02), then those with only rampaging hounds or Freebooters
(HG-11.0-03). Flights may make new combats (HG-11.2.4-03): they join the queue after
the current combat, by their Legions then (A-37). A Sectio already fought over fights
again only if new enemies arrive; allies of a joint win stay at peace (16.6), and so do
the parties of a combat that ended undecided (endless.py: it could never end, or hit
the bound on rounds).

Recorded for the Petitions Phase (Victor's Right, 12.2), cleared at the start of each
Combat Phase: `st.combat_wins[sectio] = {"winners": [players], "rounds": n}`, the
last combat fought there this phase (winners in seat order; [] if no Triumvirate won).
The fight's own result also has "kills" ({player: enemy Legions killed}), which only
Boredom reads (the last one is passed to the hook point combat-phase-end).

What cards do around the combats are hook points (hooks.py): "combat-phase-start"
before any combat (Rebellious Rage's raging Sectio lost leave `st.raging`; Famine,
Orgasmatron's 6s), "combat-fought" after each combat (the rage again), and
"combat-phase-end" after the last (Sleep Late lapses; the rage; Boredom).
"""

from __future__ import annotations

from .. import hooks
from ..state import LEGION
from . import v1
from .fight import Fight
from .parties import HOUND, hostile, is_player, label, parties_at, rank_by
from .rounds import fight
from .v1 import avoids_combat

#: More combats than this in one phase means flights keep ping-ponging: stop, say so.
MAX_COMBATS = 200


def run(st, sheets, dice, data, log) -> None:
    """Every combat of the phase, between the hook points combat-phase-start and
    combat-phase-end (what the cards do before any combat and after the last)."""
    st.combat_wins = {}
    hooks.fire("combat-phase-start", st, sheets, dice, data, log)
    last = _fight_all(st, sheets, dice, data, log)
    hooks.fire("combat-phase-end", st, dice, data, log, last)


def _fight_all(st, sheets, dice, data, log) -> dict | None:
    """Every combat of the phase; returns the last fight's result (None if none)."""
    last = None
    allies: dict[str, list[str]] = {}
    joined: set[str] = set()  # Daemons, and (below) cards, once per turn (HG-11.1-03)
    cards_used: set[str] = set()
    start = {}
    for u in st.units:
        if u.kind == LEGION:
            start[u.location] = start.get(u.location, 0) + 1

    def pending(done: list[str]) -> tuple[list[str], list[str]]:
        places = sorted({u.location for u in st.units} - set(done))
        hot = [s for s in places if hostile(st, s, allies)]
        with_players = [s for s in hot if any(is_player(p) for p in parties_at(st, s))]
        return with_players, [s for s in hot if s not in with_players]

    queue = rank_by(pending([])[0], lambda s: start.get(s, 0), dice, "biggest combat first")
    for _ in range(MAX_COMBATS):
        if not queue:
            players, others = pending([])
            if players:
                queue = rank_by(players, lambda s: sum(1 for u in st.units_at(s)
                                                       if u.kind == LEGION), dice,
                                "biggest new combat first")
            elif others:
                queue = sorted(others)  # HG-11.0-03: hound-only Sectio last, by id
            else:
                return last
        sectio = queue.pop(0)
        if not hostile(st, sectio, allies):
            continue
        if st.variants.get("last_dog_barking") and last_dog_barking(st, data, dice, log,
                                                                    sectio):
            continue  # optional rule HG-16.7-03: settled without a combat
        if avoids_combat(st, sheets, data, log, sectio):  # optional rule HG-V1-11.3.1-01
            allies[sectio] = parties_at(st, sectio)  # at peace unless new enemies come
            continue
        result = fight(Fight(st, data, dice, log, sheets, sectio, joined, cards_used))
        st.combat_wins[sectio] = {"winners": result["winners"], "rounds": result["rounds"]}
        last = result
        hooks.fire("combat-fought", st, data, log, sectio, result)
        if len(result["winners"]) > 1:
            allies[sectio] = list(result["winners"])
        elif result.get("undecided") and hostile(st, sectio, allies):
            allies[sectio] = parties_at(st, sectio)  # endless.py: not again, unless new
            # enemies come (else the queue would refill with it until MAX_COMBATS)
        for s in reversed(result.get("at_once", [])):  # Blitzkrieg: fought next (cards_units)
            if s in queue:
                queue.remove(s)
            queue.insert(0, s)
        new, _ = pending(queue + [sectio])
        queue += [s for s in rank_by(new, lambda s: sum(1 for u in st.units_at(s)
                                                        if u.kind == LEGION), dice,
                                     "biggest new combat first") if s not in queue]
    log.public("combat-stopped", f"More than {MAX_COMBATS} combats this phase: the rest are "
               "not fought", "HG-11.2.4-03")
    return last


def last_dog_barking(st, data, dice, log, sectio: str) -> bool:
    """Optional "Last Dog Barking" (HG-16.7-03): in a Sectio holding only rampaging
    hounds, each rolls as many dice as its attacks and totals them; the highest total
    survives and the others go back to the box. Tied highest totals roll again (as a
    duel, HG-3.4-05), at most MAX_TIES times: then those still tied fight a combat in
    rounds (issue 17). False when the Sectio holds anything but rampaging hounds, or
    when the hounds left must fight it out."""
    parties = parties_at(st, sectio)
    if len(parties) < 2 or any(not p.startswith(HOUND) for p in parties):
        return False
    left = [st.unit(p[len(HOUND):]) for p in parties]
    here = data.sectio[sectio].name
    for _ in range(v1.MAX_TIES):
        if len(left) <= 1:
            return True
        totals = {}
        for u in left:
            attacks = data.hellhounds[u.ref].attacks if u.ref in data.hellhounds else 1
            totals[u.id] = sum(dice.roll(f"Last Dog Barking in {here}: {u.id}")
                               for _ in range(attacks))
        best = max(totals.values())
        log.public("last-dog-barking", f"Last Dog Barking in {here}: " + ", ".join(
            f"{label(HOUND + u.id, data, st)} {totals[u.id]}" for u in left), "HG-16.7-03",
            totals=totals)
        for u in [u for u in left if totals[u.id] < best]:
            st.remove_unit(u.id)  # back to the Hellhound box
        left = [u for u in left if totals[u.id] == best]
    if len(left) <= 1:
        return True
    log.public("last-dog-barking-tied", f"Last Dog Barking in {here}: {v1.MAX_TIES} ties in "
               "a row; the hounds left fight it out in rounds", "HG-16.7-03", ties=v1.MAX_TIES)
    return False
