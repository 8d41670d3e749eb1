"""Gaining Arcana cards: drawing from the deck, Play Right Away cards, the hand limit.

Every gain of cards goes through here (the Hell Phase draw HG-6.3-01, THE WISE MEN
HG-7.2.2-01, buying HG-8.3.3-01, gifts HG-7.2.1b-02), so the hand limit of 5 (more where
"hand-limit" says so: Asmodeus's Triumvirate, `hand_limit`) is enforced the same way each
time (HG-6.3-03):
after the whole gain, choosing which cards to throw away after seeing the new ones, by
the player's keep-priority (IP-03):

1. the entries of his `KEEP` orders, in order (a card name or a Minor Arcana kind);
2. "6" cards (they win the game, HG-4.0-03);
3. cards the current action wants (`prefer`, e.g. the card a `BUY ARCANA ... UNTIL`
   was looking for);
4. the rest, oldest first: the most recently drawn cards are the ones thrown away.

Which cards a player drew or threw away is private to him; how many is public.

After the Hell Phase draw (`gain_arcana` with rule HG-6.3-01, hell_phase.draw_arcana) the
hook point "hell-phase-drawn" lets an ability swap a card just drawn (Belphegor's redraw,
IP-07, abilities.py). A Play Right Away card is resolved through "play-right-away"
(playright.py).
"""

from __future__ import annotations

from . import hooks, macina
from .data import HellData
from .log import Log, count
from .orders.common import (  # noqa: F401  (card_or_kind_names: for the callers)
    MINOR,
    MINOR_NAMES,
    card_or_kind_names,
)
from .state import HellState

HELL_PHASE_DRAW = "HG-6.3-01"  # the rule gain_arcana is given by the Hell Phase draw

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
        hooks.fire("hell-phase-drawn", st, player, data, log, sheet, reason, drawn, dice)
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
            barred = _forbidden_cost(st, info)
            if barred:
                log.public("play-right-away-impostor", f"{info.name} costs a Favour or a "
                           f"Disfavour, and this turn {data.hell_cards[barred].name} forbids "
                           "using either: it is not resolved.", "HG-6.1-01", player=player,
                           card=card, event=barred)
            elif info.flags.macina:  # on the table, no effect yet (HG-16.4-01/02)
                macina.place(st, data, player, card, True, log)
                continue
            elif hooks.first("play-right-away", st, player, card, dice, data, log, sheet,
                             default=False):
                continue  # it lasts: in play, attached to a Daemon (st.afflictions)
            st.discard(card)
            continue
        st.players[player].hand.append(card)
        drawn.append(card)
    return shown


def _forbidden_cost(st: HellState, info) -> str | None:
    """The card in force ("favour-use-forbidden": Lucifer - An Impostor?, "no Arcana card
    that requires a Triumvirate to pay a Favour or a Disfavour may be used" this turn)
    that bars a Play Right Away card with such a cost: it is shown and put back
    unresolved. A guard: no Play Right Away card in the deck has a Favour or Disfavour
    cost (playright.py), so it never bars one today."""
    cost = info.major.cost if info.major is not None else None
    if not (cost and (cost.favours or cost.disfavours)):
        return None
    return hooks.first("favour-use-forbidden", st)


def hand_limit(st: HellState, data: HellData, player: str) -> int:
    """The player's hand limit: 5 (HG-6.3-03), plus what "hand-limit" adds (6 while he
    has Asmodeus, not Incapacitated: abilities.py). It is checked when he gains cards."""
    return data.tables["hand_limit"] + sum(hooks.collect("hand-limit", st, data, player))


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
