"""Proclaiming, when the gathering found no Overlord (LH-III.4.5): the secret votes,
revealed together, and the proclaim markers that make next turn's candidates.

- Every Devil in Hell (status "hell") may vote (`VOTE <devil>`), for any Devil in the
  game, itself included (LH-III.4.5-01, digest G24); no vote is the default.
- A VOTE promise is binding (LH-III.4.5-04): a promise in `st.promises` of kind
  "VOTE" from the voter, still in force, whose `target` (a player name or a Devil id)
  differs from the vote given, or no vote at all, corrects the vote to the target; of
  several such promises the earliest made stands.
- Markers (LH-III.4.5-02/03/05/06): 1 per vote; +1 to the HPoH controller; +1 to every
  Devil with 6+ SP (`data.tables["extra_marker_sp"]`); then, in a 4-player game, -1 on
  every Devil (not below 0), in a 6-player game +1 on every Devil with at least 1. The
  new markers replace the old ones (LH-III.4.5-07; digest G24).
"""

from __future__ import annotations

from pbem.lines import count

from .datamodel import HPOH
from .orders import orders_of
from .overlord import promise_in_force
from .souls import devil_name
from .state import LohState, order_from_starter, player_of_devil


def promised_vote(st: LohState, voter: str) -> str | None:
    """The player the voter promised to vote for (the earliest VOTE promise in force)."""
    for pr in st.promises:
        if pr.get("kind", "").upper() != "VOTE" or pr.get("from") != voter:
            continue
        if not promise_in_force(st, pr):
            continue
        target = pr.get("target")
        if target in st.players:
            return target
        if isinstance(target, str) and player_of_devil(st, target):
            return player_of_devil(st, target)
    return None


def votes(st: LohState, sheets: dict, data, log) -> dict[str, str]:
    """{voter: the player voted for}, Starter first, promises applied (LH-III.4.5-01/04)."""
    out: dict[str, str] = {}
    for name in order_from_starter(st):
        p = st.players[name]
        given = orders_of(sheets.get(name), "VOTE")
        target = given[-1]["target"] if given else None
        if p.status != "hell":
            if target:
                log.private(name, "vote-void", f"Your vote does not count: "
                            f"{devil_name(st, data, name)} is not in Hell and cannot attend "
                            "the gathering.", "LH-III.4.2-04")
            continue
        bound = promised_vote(st, name)
        if bound and bound != target:
            was = devil_name(st, data, target) if target else "no vote"
            log.public("vote-corrected", f"{devil_name(st, data, name)} promised to vote for "
                       f"{devil_name(st, data, bound)}: the vote ({was}) is corrected.",
                       "LH-III.4.5-04", player=name, target=bound, given=target)
            target = bound
        if target:
            out[name] = target
    return out


def markers(st: LohState, cast: dict[str, str], data, log) -> dict[str, int]:
    """The new proclaim markers of every player (LH-III.4.5-02/03/05/06)."""
    got = {n: 0 for n in st.seats}
    for target in cast.values():
        got[target] += 1
    holder = st.realms.get(HPOH)
    if holder is not None:
        got[holder] += 1
        log.public("proclaim-extra", f"{devil_name(st, data, holder)} controls the High "
                   "Palace of Hell: +1 proclaim marker.", "LH-III.4.5-03", player=holder)
    extra_sp = data.tables["extra_marker_sp"]
    for name in order_from_starter(st):
        if st.players[name].sp >= extra_sp:
            got[name] += 1
            log.public("proclaim-extra", f"{devil_name(st, data, name)} has "
                       f"{st.players[name].sp} SP: +1 proclaim marker (minor Devils "
                       "proclaim).", "LH-III.4.5-03", player=name)
    players = len(st.seats)
    if players == 4:
        got = {n: max(0, m - 1) for n, m in got.items()}
        log.public("proclaim-adjust", "Four-player game: 1 proclaim marker fewer on every "
                   "Devil.", "LH-III.4.5-05")
    elif players == 6:
        got = {n: m + 1 if m >= 1 else 0 for n, m in got.items()}
        log.public("proclaim-adjust", "Six-player game: 1 more proclaim marker on every "
                   "Devil that has any.", "LH-III.4.5-06")
    return got


def proclaim(st: LohState, sheets: dict, data, log) -> None:
    """Votes revealed together, then the markers replace the old ones (LH-III.4.5)."""
    cast = votes(st, sheets, data, log)
    if cast:
        said = "; ".join(f"{devil_name(st, data, v)} for {devil_name(st, data, t)}"
                         for v, t in cast.items())
        log.public("votes", f"The votes are revealed: {said}.", "LH-III.4.5-02",
                   votes=dict(cast))
    else:
        log.public("votes", "No Devil votes.", "LH-III.4.5-01", votes={})
    new = markers(st, cast, data, log)
    for name in st.seats:
        st.players[name].proclaimed = new[name]
    shown = [f"{devil_name(st, data, n)} ({count(new[n], 'proclaim marker')})"
             for n in order_from_starter(st) if new[n]]
    log.public("proclaimed", ("Candidates at the next gathering: " + ", ".join(shown) + ".")
               if shown else
               "No Devil is proclaimed: there are no candidates at the next gathering.",
               "LH-III.4.5-07", markers=dict(new))
