"""The Petitions Phase (chapter 12): Sectio change hands (HG-12.0-01).

Three ways (HG-12.0-02): Petition using Favours (HG-12.1-01), Petition using Victor's
Right (HG-12.2-01/02) and Freebooters taking over their Sectio (HG-12.3-01,
HG-10.4-02). A petition needs a Legion of the player in the Sectio and no unfriendly
Units there (HG-12.0-03); Uriel and Lilith are Units (3.3), so they block too.

Order (A-27): Triumvirates petition in the Rank order of their highest-ranked
non-Incapacitated Daemon (players without one come last, in seat order). Each player
first claims by Victor's Right, in Sectio id order, then makes his Favour petitions in
the order written; Freebooters take over last (their Units block every player's
petition, so the order between them and the players changes nothing).

Victor's Right is claimed wherever the player won a combat this turn (IP-47 default: no
order needed). A win means a fight of at least one round (HG-12.2-01); Units fleeing
from a march are no combat at all (HG-12.2-02). The Combat Phase records the wins in
`st.combat_wins` ({sectio: {"winners": [players], "rounds": n}}). A PETITION order for
the same Sectio is the fall-back: it is used only if the Disfavour Roll fails.

Allies (A-28, v1 12.3.3): another player's Units are friendly to a petition only if that
player consents with ALLOW PETITIONS (IP-48, default refuse), and only one ally may
use Victor's Right in a Sectio.
"""

from __future__ import annotations

from . import hooks
from .favours import disfavour_roll, spend_free_favour
from .in_play import freezer_name, ownership_frozen
from .log import Log, count
from .orders import orders_of
from .orders.failures import line_of
from .orders.petitions import allows
from .ownership import Step
from .state import LEGION, LIEUTENANT, HellState

RULE = "HG-12.1-01"
VICTORY_RULE = "HG-12.2-01"
FREEBOOTER_RULE = "HG-12.3-01"


def petition_order(st: HellState, data) -> list[str]:
    """Players in Rank order of their best non-Incapacitated Daemon (A-27)."""
    def best(player: str) -> tuple[int, int]:
        ranks = [data.daemons[d.id].rank for d in st.active_daemons(player)]
        # No active Daemon: after everyone who has one, then by seat.
        return (min(ranks), 0) if ranks else (10**12, st.seats.index(player))

    return sorted(st.seats, key=best)


def victories(st: HellState, player: str) -> list[str]:
    """Sectio where `player` won a combat this turn that lasted at least one round
    (HG-12.2-01), in Sectio id order."""
    return sorted(s for s, w in st.combat_wins.items()
                  if player in w.get("winners", []) and w.get("rounds", 0) >= 1)


def refusal(st: HellState, log: Log | None) -> tuple[str, str] | None:
    """(why, card) when a card makes Lucifer hear no petition at all this turn, or None
    ("petitions-refused": Lucifer - An Impostor?, no supplication is made; a failed
    Walpurgis Night, checked at the end of the Action Phase)."""
    return hooks.first("petitions-refused", st, log)


def refused(st: HellState, log: Log | None) -> str | None:
    """Why Lucifer hears no petition at all this turn, or None (`refusal`)."""
    no = refusal(st, log)
    return no[0] if no else None


def free_here(st: HellState, sectio: str) -> str | None:
    """The card that makes a petition for `sectio` need no Favour this turn, or None
    ("free-petition": the Free Petition Phenomenon's struck area)."""
    return hooks.first("free-petition", st, sectio)


def why_not(st: HellState, player: str, sectio: str, data, sheets=None,
            by_favour: bool = True, log: Log | None = None) -> str | None:
    """Why `player` may not petition for `sectio` now, or None (HG-12.0-03, HG-14.1-01).
    Units of a player whose ALLOW PETITIONS covers him are friendly (A-28). No petition is
    heard under Lucifer - An Impostor? or a failed Walpurgis Night (`refused`), and none
    changes a Sectio The Boss Is Touchy freezes (in_play.ownership_frozen)."""
    name = data.sectio[sectio].name
    if st.owners.get(sectio) == player:
        return f"{name} is already yours"
    no = refused(st, log)
    if no:
        return no
    if ownership_frozen(st, sectio):
        return f"{freezer_name(data)}: no Sectio of the struck area, {name} among them, " \
               "may change ownership this turn"
    if not [u for u in st.units_at(sectio) if u.owner == player and u.kind == LEGION]:
        return f"you have no Legion in {name} (HG-12.0-03)"
    others = [u for u in st.unfriendly_at(sectio, player)
              if u.owner is None or not allows(orders_of((sheets or {}).get(u.owner),
                                                         "ALLOW PETITIONS"), player, sectio)]
    if others:
        return f"{name} holds {count(len(others), 'unfriendly Unit')} (HG-12.0-03)"
    p = st.players[player]
    if by_favour and p.free_favours < 1 and not free_here(st, sectio):
        bound = " (each of your Favours is bound by a Disfavour, HG-14.1-01)" if p.favours else ""
        return f"you have no Favour to spend{bound}"
    return None


def _take(st: HellState, player: str, sectio: str, dice, data, log: Log, how: str,
          rule: str) -> None:
    before = st.owners.get(sectio)
    # Control Box marker and Sectio card change together (HG-12.0-05, HG-2.4.2-01); a
    # loser left without a Sectio is rescued when the step ends (HG-15.2-01, all_lost).
    with Step(st, dice, data, log) as step:
        step.set(sectio, player, f"{how} ({rule})")
        was = f"from {before}" if before else "unowned until now (HG-12.0-04)"
        log.public("petition", f"{player} {how} and takes control of "
                   f"{data.sectio[sectio].name}, {was}.", rule, player=player, sectio=sectio,
                   previous=before)


def petition_by_favour(st: HellState, player: str, sectio: str, dice, data, log: Log,
                       sheets=None, order: dict | None = None) -> bool:
    """One Petition using Favours (HG-12.1-01). Returns True if control changed.
    `order`: the PETITION order asking it, named to the player if it fails (issue 20)."""
    reason = why_not(st, player, sectio, data, sheets, log=log)
    if reason:
        # private already and naming the petition: it is this order's failure notice, so
        # it carries its line as an "order-failed" event does (issue 20)
        r = line_of((sheets or {}).get(player), order) if order is not None else None
        log.private(player, "petition-failed", f"Your petition for {data.sectio[sectio].name} "
                    f"fails: {reason}.", RULE, sectio=sectio,
                    line=r.line_no if r else None, order=r.canonical if r else "")
        return False
    free = free_here(st, sectio)
    if free:
        _take(st, player, sectio, dice, data, log, f"petitions at no cost ({free})",
              "HG-6.2-01")
        return True
    spend_free_favour(st, player)
    _take(st, player, sectio, dice, data, log, "spends a Favour", RULE)
    return True


def victors_right(st: HellState, player: str, sectio: str, dice, data, log: Log,
                  sheets=None, used: set[str] | None = None) -> bool:
    """One Petition using Victor's Right (HG-12.2-01): no Favour, but a Disfavour Roll.
    `used`: Sectio where an ally already used it this phase (A-28)."""
    name = data.sectio[sectio].name
    reason = why_not(st, player, sectio, data, sheets, by_favour=False, log=log)
    if reason is None and used is not None and sectio in used:
        reason = f"an ally has used Victor's Right in {name} already (A-28)"
    if reason:
        if st.owners.get(sectio) != player:
            log.private(player, "victors-right-failed", f"Your Victor's Right to {name} "
                        f"cannot be used: {reason}.", VICTORY_RULE, sectio=sectio)
        return False
    if used is not None:
        used.add(sectio)
    if not disfavour_roll(st, player, dice, f"{VICTORY_RULE} Disfavour Roll for Victor's "
                          f"Right to {name}"):
        log.public("victors-right-refused", f"{player} claims {name} by Victor's Right but "
                   f"fails the Disfavour Roll.", VICTORY_RULE, player=player, sectio=sectio)
        return False
    _take(st, player, sectio, dice, data, log, "claims Victor's Right", VICTORY_RULE)
    return True


def freebooters_take_over(st: HellState, dice, data, log: Log) -> None:
    """HG-12.3-01, HG-10.4-02: surviving Freebooter Legions or Lieutenants take control
    of their Sectio; a Freebooter marker replaces any Player Marker. They take them all
    in one step: a loser is rescued after (HG-15.2-01), so the rescue never hands him a
    Sectio the Freebooters are about to take."""
    held = sorted({u.location for u in st.units if u.owner is None
                   and u.kind in (LEGION, LIEUTENANT) and u.location in data.sectio})
    with Step(st, dice, data, log) as step:
        for sectio in held:
            if sectio in st.freebooter_sectio:
                continue
            if ownership_frozen(st, sectio):
                log.public("freebooters-frozen", f"Freebooters cannot take control of "
                           f"{data.sectio[sectio].name}: {freezer_name(data)} freezes its "
                           "ownership this turn.", "HG-6.2-01", sectio=sectio)
                continue
            before = st.owners.get(sectio)
            step.set(sectio, None, f"Freebooters ({FREEBOOTER_RULE})")
            st.freebooter_sectio = sorted([*st.freebooter_sectio, sectio])
            was = f", taking it from {before}" if before else ""
            log.public("freebooters-take", f"Freebooters take control of "
                       f"{data.sectio[sectio].name}{was}.", FREEBOOTER_RULE, sectio=sectio,
                       previous=before)


def run(st: HellState, sheets, dice, data, log: Log) -> None:
    """The Petitions Phase (HG-12.0-01..05, HG-12.1-01, HG-12.2-01/02, HG-12.3-01)."""
    used: set[str] = set()
    no = refusal(st, log)
    if no:
        log.public("petitions-refused", f"No petition is heard: {no[0]}.", "HG-6.1-01",
                   card=no[1])
    for player in petition_order(st, data):
        for sectio in victories(st, player):
            victors_right(st, player, sectio, dice, data, log, sheets, used)
        for o in orders_of(sheets.get(player), "PETITION"):
            if st.owners.get(o["sectio"]) == player and o["sectio"] in victories(st, player):
                continue  # taken by Victor's Right: the fall-back is not needed
            petition_by_favour(st, player, o["sectio"], dice, data, log, sheets, order=o)
    freebooters_take_over(st, dice, data, log)
