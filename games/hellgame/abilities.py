"""Daemon abilities that act outside the Action Phase and combat (issue 21): each is
registered under its ability id (effects.ABILITIES) and on the hook point of the phase
it changes (hooks.py), so no phase names a Daemon.

- Asmodeus: "hand-limit" (cards.hand_limit): her Triumvirate holds six Arcana cards.
- Belphegor: "hell-phase-drawn" (cards.gain_arcana): the redraw in the Hell Phase.
- Zagam: "soul-other-income" (soul.run): six Souls on a Roll against Stars.
- Prufflas: "lieutenant-box" (summoning.recruit): picks the Lieutenant freely.

An ability is off while its Daemon is Incapacitated (HG-3.3-04). Those used in the
Action Phase are in action/abilities.py, those used in combat in combat/abilities.py.
"""

from __future__ import annotations

from . import effects
from .cards import _draw, matches
from .data import HellData
from .favours import attribute
from .hooks import hook
from .log import Log
from .orders import orders_of
from .state import HellState

ASMODEUS, BELPHEGOR = "ability.asmodeus", "ability.belphegor"
ZAGAM, PRUFFLAS = "ability.zagam", "ability.prufflas"
REDRAWS = "BELPHEGOR REDRAWS"  # orders/abilities.py
ZAGAM_SOULS = 6


def _working(st: HellState, data: HellData, player: str, ability: str) -> bool:
    """`player` owns the Daemon with this ability and it is not Incapacitated
    (HG-3.3-04)."""
    return any(d.owner == player and not d.incapacitated
               and data.daemons[d.id].ability.id == ability
               for d in st.daemons.values())


# -- Asmodeus and Belphegor: the Arcana cards (cards.py) --------------------------------------
@effects.ability(ASMODEUS)
@hook("hand-limit", order=10)
def asmodeus(st: HellState, data: HellData, player: str) -> int | None:
    """The player's hand limit is 6 while he has Asmodeus, not Incapacitated ("her
    Triumvirate may hold up to six Arcana cards instead of five"; her ability is off
    while she is Incapacitated, HG-3.3-04). It is checked when he gains cards, so a hand
    of 6 kept while she was well is cut when he next gains one while she is
    Incapacitated."""
    return 1 if _working(st, data, player, ASMODEUS) else None


@effects.ability(BELPHEGOR)
@hook("hell-phase-drawn", order=10)
def belphegor_redraw(st: HellState, player: str, data: HellData, log: Log, sheet,
                     reason: str, drawn: list[str], dice) -> str | None:
    """Belphegor "in the Hell Phase may discard any card just drawn and draw a
    replacement; Play Right Away cards cannot be discarded this way" (IP-07).

    Reading: once a Hell Phase, one of the cards his Triumvirate has just drawn in it
    (a Play Right Away card is never in hand, so never chosen); the replacement stands,
    even if it is a Play Right Away card (resolved as any). Used only by the standing
    order BELPHEGOR REDRAWS <card or Minor kind>, ...: the first entry, in its order,
    that fits one of the cards drawn picks the first such card (default: no redraw,
    IP-07). The card goes to the bottom of the deck (HG-3.3-02); `drawn` is updated.
    Returns the card discarded, or None."""
    if not _working(st, data, player, BELPHEGOR):
        return None
    entries = [e for o in (sheet.orders if sheet is not None else ())
               if o["type"] == REDRAWS for e in o["redraw"]]
    card = next((c for e in entries for c in drawn if matches(e, c, data)), None)
    if card is None:
        return None
    st.players[player].hand.remove(card)
    drawn.remove(card)
    st.discard(card)
    log.public("ability-redraw", f"{player} discards one Arcana card just drawn and draws "
               "a replacement (Belphegor's ability).", "IP-07", player=player,
               ability=BELPHEGOR)
    new: list[str] = []
    _draw(st, player, 1, dice, data, log, sheet, f"{reason}, Belphegor's replacement", new)
    drawn += new
    got = f"draw {data.arcana[new[0]].name}" if new else "draw no card in hand"
    log.private(player, "ability-redraw-card", f"Belphegor: you discard "
                f"{data.arcana[card].name} (BELPHEGOR REDRAWS) and {got}.", "IP-07",
                card=card, new=new, ability=BELPHEGOR)
    return card


# -- Zagam: the Soul Phase (soul.py) --------------------------------------------------------
@effects.ability(ZAGAM)
@hook("soul-other-income", order=20)
def zagam(st: HellState, sheets, dice, data: HellData, log: Log) -> None:
    """Zagam "each Soul Phase, may Roll against Stars to gain six Souls; a roll of 6
    gives him a Disfavour at once" (HG-2.4.1-01; off while Incapacitated, HG-3.3-04;
    wherever he is). Used when his player's sheet says ZAGAM TESTS STARS; IP-12's
    default is not to use it. Another source of Souls (HG-7.2-05), after Death Metal's."""
    for name in st.seats:
        for d in st.active_daemons(name):
            if data.daemons[d.id].ability.id != ZAGAM:
                continue
            p = st.players[name]
            if not orders_of((sheets or {}).get(name), "ZAGAM TESTS STARS"):
                log.public("ability-unused", f"Zagam ({name}) does not Roll against Stars "
                           "for Souls (no ZAGAM TESTS STARS order; default IP-12: do not "
                           "use).", "HG-2.4.1-01", player=name, daemon=d.id, ability=ZAGAM)
                continue
            die = dice.roll("HG-2.4.1-01 Zagam rolls against Stars for six Souls", name)
            won = die <= attribute(data, d.id, "stars", st)
            if won:
                p.souls += ZAGAM_SOULS
            if die == 6:
                p.disfavours += 1
            text = f"Zagam ({name}) uses his ability and rolls {die} " \
                   "against Stars: " + (f"{name} gains {ZAGAM_SOULS} Souls" if won else
                                        "no Souls")
            log.public("ability-souls", text + (", and a 6 gives 1 Disfavour." if die == 6
                                                else "."), "HG-2.4.1-01", player=name,
                       daemon=d.id, ability=ZAGAM, roll=die, souls=ZAGAM_SOULS if won else 0)


# -- Prufflas: the Summoning Phase (summoning.py) -------------------------------------------
@effects.ability(PRUFFLAS)
@hook("lieutenant-box", order=10)
def prufflas(st: HellState, player: str, sheet, dice, data: HellData,
             log: Log) -> tuple[int, str, str] | None:
    """Prufflas (ability.prufflas): "When he recruits a Lieutenant, his Triumvirate picks
    one freely (taking a top counter) instead of rolling the die." Read as: whenever his
    owner recruits, while Prufflas is in play and not Incapacitated (HG-3.3-04). Which
    box is the player's choice; default: the box whose top Lieutenant has the highest
    Leadership, a die between equals; his PRUFFLAS PICKS lines name Lieutenants in the
    order wanted, and the first on top of a box is taken. None: the ability does not
    apply (the die is rolled); box 0: every box is empty."""
    mine = [d for d in st.active_daemons(player) if data.daemons[d.id].ability.id == PRUFFLAS]
    if not mine:
        return None
    full = [i + 1 for i, pile in enumerate(st.lieutenant_boxes) if pile]
    if not full:
        return 0, PRUFFLAS, "Prufflas"
    picks = [lt for o in orders_of(sheet, "PRUFFLAS PICKS") for lt in o["lieutenants"]]
    tops = {st.lieutenant_boxes[b - 1][0]: b for b in full}
    wanted = next((lt for lt in picks if lt in tops), None)
    if wanted is not None:
        log.public("prufflas", f"Prufflas ({player}): {player} picks Lieutenant "
                   f"{data.lieutenants[wanted].name} freely instead of rolling, from box "
                   f"{tops[wanted]} (PRUFFLAS PICKS).", "HG-2.4.1-01", player=player,
                   box=tops[wanted], ability=PRUFFLAS, default=False)
        return tops[wanted], PRUFFLAS, "Prufflas"
    best = max(data.lieutenants[st.lieutenant_boxes[b - 1][0]].leadership for b in full)
    top = [b for b in full if data.lieutenants[st.lieutenant_boxes[b - 1][0]].leadership == best]
    box = top[0] if len(top) == 1 else dice.pick(
        top, "HG-6.1-03 Prufflas: boxes tied for the best Leadership", player)
    log.public("prufflas", f"Prufflas ({player}): {player} picks a Lieutenant freely instead "
               f"of rolling, from box {box} (default: the top Lieutenant with the highest "
               f"Leadership{', a die between equals' if len(top) > 1 else ''}).",
               "HG-2.4.1-01", player=player, box=box, ability=PRUFFLAS, default=True)
    return box, PRUFFLAS, "Prufflas"
