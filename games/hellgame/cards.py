"""Gaining Arcana cards: drawing from the deck, Play Right Away cards, the hand limit.

Every gain of cards goes through here (the Hell Phase draw HG-6.3-01, THE WISE MEN
HG-7.2.2-01, buying HG-8.3.3-01, gifts HG-7.2.1b-02), so the hand limit of 5 is
enforced the same way each time (HG-6.3-03): after the whole gain, choosing which
cards to throw away after seeing the new ones, by the player's keep-priority (IP-03):

1. the entries of his `KEEP` orders, in order (a card name or a Minor Arcana kind);
2. "6" cards (they win the game, HG-4.0-03);
3. cards the current action wants (`prefer`, e.g. the card a `BUY ARCANA ... UNTIL`
   was looking for);
4. the rest, oldest first: the most recently drawn cards are the ones thrown away.

Which cards a player drew or threw away is private to him; how many is public.
"""

from __future__ import annotations

from .data import HellData
from .log import Log, count
from .state import HellState

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
                reason: str, *, rule: str = "HG-6.3-03", prefer: tuple[str, ...] = ()
                ) -> list[str]:
    """Draw `n` cards from the top of the Arcana deck for `player`, then apply the limit.

    A Play Right Away card is shown to everyone and resolved at once (HG-6.3.1-01); its
    effect comes with a later issue, so it goes straight to the bottom of the deck
    (HG-3.3-02) and does not count toward the hand. `dice` is for those effects.
    Returns the drawn cards still in his hand afterwards.
    """
    hand = st.players[player].hand
    drawn: list[str] = []
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
            log.not_implemented(f"Play Right Away card {info.name}", "HG-6.3.1-01")
            st.discard(card)
            continue
        hand.append(card)
        drawn.append(card)
    if n:
        log.public("arcana-gain", f"{player} draws {count(len(drawn) + shown, 'Arcana card')} "
                   f"({reason}).", rule, player=player, count=len(drawn) + shown)
    if drawn:
        names = ", ".join(data.arcana[c].name for c in drawn)
        log.private(player, "arcana-gain-cards", f"You drew: {names}.", rule, cards=drawn)
    enforce_hand_limit(st, player, data, log, sheet, prefer=prefer)
    return [c for c in drawn if c in st.players[player].hand]


def enforce_hand_limit(st: HellState, player: str, data: HellData, log: Log, sheet, *,
                       prefer: tuple[str, ...] = ()) -> list[str]:
    """Throw away cards above the hand limit by keep-priority (HG-6.3-03, IP-03).

    Thrown-away cards go to the bottom of the deck in the order they were held
    (HG-3.3-02). Returns them.
    """
    p = st.players[player]
    limit = data.tables["hand_limit"]
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
