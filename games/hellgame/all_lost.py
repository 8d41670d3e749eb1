"""It Is All Lost!!! (chapter 15): The Morningstar steps in for a ruined Triumvirate.

- `rescue_last_sectio`: HG-15.2-01/02. "At any point" and "immediately": it is a hook
  on "sectio-owner-changed" (`rescue_on_loss`), so every change of owner made through
  ownership.py triggers it (petitions, Victor's Right, Freebooters, Uriel, Phenomena,
  Events, Arcana, I Want It All, Famine, gifts) as soon as the step that made it ends.
- `revive_or_restart`: HG-15.1-01/02, run by the End Phase after the recovery rolls (A-33).

Reading A-30 (checklist §4): the Units counted are Legions (Freebooters included),
Lieutenants and Hellhounds of every owner; Uriel and Lilith are not counted. Ties are
broken by a die. Every Legion and Lieutenant there becomes the player's, up to his
12-Legion cap (the excess, latest counters first, disbands); tamed hounds follow their
Minders; rampaging hounds stay rampaging. He receives 2 x the printed Souls value, with
no isolation penalty. The Boss Is Touchy ("no Sectio in the area may change ownership",
HG-6.2-01) binds the rescue too: a frozen Sectio is not given.
"""

from __future__ import annotations

from .hooks import hook
from .log import Log, count
from .ownership import Step
from .state import HELLHOUND, LEGION, LIEUTENANT, Daemon, HellState

COUNTED = (LEGION, LIEUTENANT, HELLHOUND)


def unit_count(st: HellState, sectio: str) -> int:
    """Units in a Sectio for HG-15.2-01 (A-30: Uriel and Lilith excluded)."""
    return sum(1 for u in st.units_at(sectio) if u.kind in COUNTED)


def rescue_candidates(st: HellState, player: str, data) -> list[str]:
    """The Sectio holding the most Units, sorted by id (HG-15.2-01).

    Another player's LAST Sectio is left out: giving it away would only pass the
    disaster on (and could go round in a circle); 7.2.1b's note shows the rule is not
    meant to be passed around. The Pentagram and AnteHell are no Sectio.
    """
    def is_someone_elses_last(s: str) -> bool:
        owner = st.owners.get(s)
        return owner is not None and owner != player and len(st.sectio_of(owner)) == 1

    pool = sorted(s for s in data.sectio
                  if not is_someone_elses_last(s) and st.can_change_owner(s))
    if not pool:
        return []
    best = max(unit_count(st, s) for s in pool)
    return [s for s in pool if unit_count(st, s) == best]


def rescue_last_sectio(st: HellState, player: str, dice, data, log: Log) -> str | None:
    """Give a player who has just lost his last Sectio the Sectio with the most Units,
    all its Legions and Lieutenants, and 2 x its Souls value (HG-15.2-01/02).

    Does nothing (returns None) if the player still controls a Sectio. Returns the
    Sectio given.
    """
    if st.sectio_of(player):
        return None
    tied = rescue_candidates(st, player, data)
    if not tied:
        return None
    sectio = dice.pick(tied, f"HG-15.2-01 last-Sectio rescue tie for {player}", player)
    before = st.owners.get(sectio)
    with Step(st, dice, data, log) as step:
        step.set(sectio, player, "HG-15.2-01 last-Sectio rescue")
        _take_units(st, player, sectio, data, log)
        souls = data.tables["last_sectio_souls_multiplier"] * data.sectio[sectio].souls
        st.players[player].souls += souls
        name = data.sectio[sectio].name
        was = f" from {before}" if before else ""
        log.public("last-sectio", f"{player} lost his last Sectio: The First Fallen gives "
                   f"him {name}{was} ({count(unit_count(st, sectio), 'Unit')}) and "
                   f"{count(souls, 'Soul')}.", "HG-15.2-01", player=player, sectio=sectio,
                   souls=souls, previous=before)
    return sectio


@hook("sectio-owner-changed", order=100)
def rescue_on_loss(st: HellState, dice, data, log: Log, sectio: str, old_owner: str | None,
                   new_owner: str | None, why: str) -> None:
    """HG-15.2-01: whatever took it, a Triumvirate left without a Sectio is rescued at
    once. (The rescue's own change never leaves anyone without one: another player's
    last Sectio is not given, `rescue_candidates`.)"""
    if old_owner in st.players and not st.sectio_of(old_owner):
        rescue_last_sectio(st, old_owner, dice, data, log)


def _take_units(st: HellState, player: str, sectio: str, data, log: Log) -> None:
    """All Legions and Lieutenants in the Sectio become the player's, in unit-id order,
    as long as his Legion count stays within the cap (HG-8.2-02); the rest disband."""
    cap = data.tables["legion_cap"]
    legions = len(st.units_of(player, LEGION))
    changed: set[str] = set()
    for u in sorted(st.units_at(sectio), key=lambda x: x.number):
        if u.owner == player or u.kind not in (LEGION, LIEUTENANT):
            continue
        if u.kind == LEGION:
            if legions >= cap:
                st.remove_unit(u.id)
                log.public("disband", f"A Legion in {data.sectio[sectio].name} disbands: "
                           f"{player} already has {count(cap, 'Legion')}.", "HG-8.2-02", unit=u.id)
                continue
            legions += 1
        u.owner = player
        changed.add(u.id)
    for h in st.units_at(sectio):
        if h.kind == HELLHOUND and h.minder in changed:
            h.owner = player  # a tamed hound follows its Minder (HG-3.2-03)


def revive_or_restart(st: HellState, player: str, dice, data, log: Log) -> None:
    """HG-15.1-01/02, checked after the End Phase recovery rolls (A-33).

    All Daemons destroyed: three new ones from the top of the (shuffled, hence random)
    Daemon deck. All Daemons Incapacitated: one of them, picked by a die, recovers.
    """
    mine = st.daemons_of(player)
    p = st.players[player]
    if not mine:
        n = data.tables["starting_daemons"]
        drawn = st.daemon_deck[:n]
        del st.daemon_deck[:n]
        p.daemons = list(drawn)
        for d in drawn:
            st.daemons[d] = Daemon(d, player)
        names = ", ".join(data.daemons[d].name for d in drawn) or "none (the deck is empty)"
        log.public("restart", f"All of {player}'s Daemons are destroyed: The Morningstar "
                   f"restarts the Triumvirate with {names}.", "HG-15.1-02",
                   player=player, daemons=drawn)
        return
    if all(d.incapacitated for d in mine):
        d = dice.pick([d.id for d in mine], f"HG-15.1-01 revive a Daemon of {player}", player)
        st.daemons[d].incapacitated = False
        st.daemons[d].recover_by = None  # e.g. Jones' Device: revived all the same
        log.public("revive", f"All of {player}'s Daemons are Incapacitated: The Morningstar "
                   f"revives {data.daemons[d].name}.", "HG-15.1-01", player=player, daemon=d)
