"""Gaining Arcana cards: drawing from the deck, Play Right Away cards, the hand limit.

Every gain of cards goes through here (the Hell Phase draw HG-6.3-01, THE WISE MEN
HG-7.2.2-01, buying HG-8.3.3-01, gifts HG-7.2.1b-02), so the hand limit of 5 (6 for
Asmodeus's Triumvirate, `hand_limit`) is enforced the same way each time (HG-6.3-03):
after the whole gain, choosing which cards to throw away after seeing the new ones, by
the player's keep-priority (IP-03):

1. the entries of his `KEEP` orders, in order (a card name or a Minor Arcana kind);
2. "6" cards (they win the game, HG-4.0-03);
3. cards the current action wants (`prefer`, e.g. the card a `BUY ARCANA ... UNTIL`
   was looking for);
4. the rest, oldest first: the most recently drawn cards are the ones thrown away.

Which cards a player drew or threw away is private to him; how many is public.

Belphegor's redraw (ability.belphegor, IP-07) is in the Hell Phase draw: `gain_arcana`
with rule HG-6.3-01 is that draw (hell_phase.draw_arcana), see `belphegor_redraw`.
"""

from __future__ import annotations

from . import effects, playright
from .data import HellData
from .log import Log, count
from .state import HellState

ASMODEUS, BELPHEGOR = "ability.asmodeus", "ability.belphegor"
HELL_PHASE_DRAW = "HG-6.3-01"  # the rule gain_arcana is given by the Hell Phase draw
REDRAWS = "BELPHEGOR REDRAWS"  # orders/abilities.py
IMPOSTOR = "hell.lucifer-an-impostor"

#: Prefix of keep-priority entries naming a Minor Arcana kind rather than a card.
MINOR = "minor."

MINOR_NAMES = {
    "pass": "Pass", "double-pass": "Double Pass", "triple-pass": "Triple Pass",
    "quadruple-pass": "Quadruple Pass", "quinary-pass": "Quinary Pass",
    "senary-pass": "Senary Pass", "septenary-pass": "Septenary Pass",
    "octonary-pass": "Octonary Pass", "nonary-pass": "Nonary Pass",
    "walk-the-earth": "Walk the Earth", "recruit-lieutenant": "Recruit Lieutenant",
}


def card_or_kind_names(data: HellData) -> dict[str, list[str]]:
    """Candidates for `names.match`: every card by name, every Minor kind as `minor.<kind>`."""
    out = {cid: [c.name] for cid, c in sorted(data.arcana.items())}
    out.update({MINOR + k: [v] for k, v in MINOR_NAMES.items()})
    return out


def entry_name(entry: str, data: HellData) -> str:
    """How a keep-priority entry reads in a report or canonical order."""
    if entry.startswith(MINOR):
        return MINOR_NAMES.get(entry[len(MINOR):], entry)
    return data.arcana[entry].name


def matches(entry: str, card: str, data: HellData) -> bool:
    """True if a hand card fits a keep-priority entry (a card id or `minor.<kind>`)."""
    if entry.startswith(MINOR):
        return data.arcana[card].minor.kind == entry[len(MINOR):]
    return card == entry


def keep_list(sheet) -> list[str]:
    """The player's `KEEP` entries, all KEEP lines in sheet order (IP-03)."""
    if sheet is None:
        return []
    return [e for o in sheet.orders if o["type"] == "KEEP" for e in o["keep"]]


def gain_arcana(st: HellState, player: str, n: int, dice, data: HellData, log: Log, sheet,
                reason: str, *, rule: str = "HG-6.3-03", prefer: tuple[str, ...] = (),
                thrown: list[str] | None = None) -> list[str]:
    """Draw `n` cards from the top of the Arcana deck for `player`, then apply the limit.

    A Play Right Away card is shown to everyone and resolved at once (HG-6.3.1-01,
    playright.py); it never counts toward the hand: it goes to the bottom of the deck
    (HG-3.3-02) or, if it lasts, stays in play (st.afflictions). `dice` and `sheet` are
    for those effects. Returns the drawn cards still in his hand afterwards; `thrown`, if
    given, gets the drawn cards the hand limit threw away at once.
    """
    drawn: list[str] = []
    shown = _draw(st, player, n, dice, data, log, sheet, reason, drawn)
    if n:
        log.public("arcana-gain", f"{player} draws {count(len(drawn) + shown, 'Arcana card')} "
                   f"({reason}).", rule, player=player, count=len(drawn) + shown)
    if drawn:
        names = ", ".join(data.arcana[c].name for c in drawn)
        log.private(player, "arcana-gain-cards", f"You drew: {names}.", rule, cards=drawn)
    if rule == HELL_PHASE_DRAW and drawn:
        belphegor_redraw(st, player, data, log, sheet, reason, drawn, dice)
    out = enforce_hand_limit(st, player, data, log, sheet, prefer=prefer)
    if thrown is not None:
        thrown += [c for c in drawn if c in out]
    return [c for c in drawn if c in st.players[player].hand]


def _draw(st: HellState, player: str, n: int, dice, data: HellData, log: Log, sheet,
          reason: str, drawn: list[str]) -> int:
    """Draw `n` cards into `player`'s hand, appending them to `drawn`; returns how many
    were Play Right Away cards (shown and resolved, HG-6.3.1-01). The hand is looked up
    for each card: Lost Lore swaps whole hands in the middle of a draw."""
    shown = 0
    for _ in range(n):
        if not st.arcana_deck:
            log.public("arcana-deck-empty", f"The Arcana deck is empty: {player} gets no "
                       f"more cards ({reason}). Decks are never reshuffled.", "HG-3.3-02")
            break
        card = st.arcana_deck.pop(0)
        info = data.arcana[card]
        if info.flags.play_right_away:
            shown += 1
            st.revealed.append(card)
            log.public("play-right-away", f"{player} draws {info.name}, a Play Right Away "
                       "card, and shows it to everyone.", "HG-6.3.1-01", player=player, card=card)
            if _impostor_bars(st, info):
                log.public("play-right-away-impostor", f"{info.name} costs a Favour or a "
                           "Disfavour, and this turn Lucifer - An Impostor? forbids using "
                           "either: it is not resolved.", "HG-6.1-01", player=player,
                           card=card, event=IMPOSTOR)
            elif playright.resolve(st, player, card, dice, data, log, sheet):
                continue  # it lasts: in play, attached to a Daemon (st.afflictions)
            st.discard(card)
            continue
        st.players[player].hand.append(card)
        drawn.append(card)
    return shown


def _impostor_bars(st: HellState, info) -> bool:
    """hell.lucifer-an-impostor: "no Arcana card that requires a Triumvirate to pay a
    Favour or a Disfavour may be used" this turn. A Play Right Away card with such a cost
    is shown and put back unresolved. A guard: no Play Right Away card in the deck has a
    Favour or Disfavour cost (playright.py), so it never bars one today."""
    from .hellcards import turn_rules  # late: the Hell-card modules import this one

    cost = info.major.cost if info.major is not None else None
    return bool(cost and (cost.favours or cost.disfavours)) and turn_rules.impostor(st)


def _working(st: HellState, data: HellData, player: str, ability: str) -> bool:
    """`player` owns the Daemon with this ability and it is not Incapacitated
    (HG-3.3-04)."""
    return any(d.owner == player and not d.incapacitated
               and data.daemons[d.id].ability.id == ability
               for d in st.daemons.values())


@effects.ability(ASMODEUS)
def hand_limit(st: HellState, data: HellData, player: str) -> int:
    """The player's hand limit: 5 (HG-6.3-03), 6 while he has Asmodeus, not
    Incapacitated ("her Triumvirate may hold up to six Arcana cards instead of five";
    her ability is off while she is Incapacitated, HG-3.3-04). It is checked when he
    gains cards, so a hand of 6 kept while she was well is cut when he next gains one
    while she is Incapacitated."""
    limit = data.tables["hand_limit"]
    return limit + 1 if _working(st, data, player, ASMODEUS) else limit


@effects.ability(BELPHEGOR)
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


def held_of(st: HellState, data: HellData, player: str) -> tuple[int, int]:
    """(Arcana cards in the player's hand, his hand limit): the hand is full when the
    first is at least the second, and a card gained is then thrown away at once unless
    `enforce_hand_limit` keeps it before an older one."""
    return len(st.players[player].hand), hand_limit(st, data, player)


def keeps_new(entries: list[str], card: str | None, hand: list[str], data: HellData) -> bool:
    """Whether `enforce_hand_limit` may keep a new card over the old ones of `hand` by
    the KEEP `entries` or as a "6" card (its first two ranks): `card` known (a card he is
    to be given), or None (a card still to be drawn: then any entry that may fit a card
    not in the hand now, a Minor kind or a card he does not hold, may keep it)."""
    if card is not None:
        return data.arcana[card].flags.six or any(matches(e, card, data) for e in entries)
    return any(e.startswith(MINOR) or e not in hand for e in entries)


def enforce_hand_limit(st: HellState, player: str, data: HellData, log: Log, sheet, *,
                       prefer: tuple[str, ...] = ()) -> list[str]:
    """Throw away cards above the hand limit by keep-priority (HG-6.3-03, IP-03).

    Thrown-away cards go to the bottom of the deck in the order they were held
    (HG-3.3-02). Returns them.
    """
    p = st.players[player]
    limit = hand_limit(st, data, player)
    if len(p.hand) <= limit:
        return []
    entries = keep_list(sheet)

    def rank(item: tuple[int, str]) -> tuple[int, int, int]:
        pos, card = item
        for k, entry in enumerate(entries):
            if matches(entry, card, data):
                return (0, k, pos)
        if data.arcana[card].flags.six:
            return (1, 0, pos)
        for k, entry in enumerate(prefer):
            if matches(entry, card, data):
                return (2, k, pos)
        return (3, 0, pos)  # oldest first: the newest cards are thrown away

    kept = {pos for pos, _ in sorted(enumerate(p.hand), key=rank)[:limit]}
    thrown = [c for pos, c in enumerate(p.hand) if pos not in kept]
    p.hand = [c for pos, c in enumerate(p.hand) if pos in kept]
    for card in thrown:
        st.discard(card)
    how = ("by your KEEP order" if entries else
           "keeping the card you are after, then the oldest" if any(
               matches(e, c, data) for e in prefer for c in p.hand) else
           "by default: the newest cards go (IP-03)")
    log.public("hand-limit", f"{player} holds more than {count(limit, 'Arcana card')} and throws "
               f"away {len(thrown)}.", "HG-6.3-03", player=player, count=len(thrown))
    # Why these cards went tells something about his hand: only he is told.
    log.private(player, "hand-limit-cards", "You threw away: "
                + ", ".join(data.arcana[c].name for c in thrown) + f" ({how}).", "HG-6.3-03",
                cards=thrown)
    return thrown
