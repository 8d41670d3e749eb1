"""Setting up the HellGame (5.1): the pre-game state, then the setup stage.

`new_state` does the steps before the players' choices (HG-5.1-01..08, -11); the setup
stage (`run`, stage 0) does the two choices — the one-time Daemon redraw (HG-5.1-09,
IP-01) and the first-Legion placement (HG-5.1-12, IP-02) — and then deals the Arcana
(HG-5.1-13), which the board game deals only after both. One email cycle means the
Sectio (step 7) are known when the redraw is chosen; the decks are independent, so
only what a player knows differs, and a second setup stage would cost a whole cycle. The Rank Track
(HG-5.1-10) is implicit: `rank_order` derives it from the printed ranks.

Decks are lists with the top card first; every deal goes round the table in seat
order, one card at a time. Discards go to the bottom of their deck (HG-3.3-02).
"""

from __future__ import annotations

from .log import Log, count
from .orders import orders_of
from .soul import isolated
from .state import LEGION, Daemon, HellState, Player

AREAS = ("heaven", "earth", "hell")


# -- the pre-game state ------------------------------------------------------------------
def check_players(players: list[str], data) -> None:
    """3 to 6 players with distinct, non-empty names (HG-1.0-01)."""
    lo, hi = data.tables["players_min"], data.tables["players_max"]
    if not lo <= len(players) <= hi:
        raise ValueError(f"The HellGame is for {lo} to {hi} players, not {len(players)} "
                         "(HG-1.0-01)")
    if any(not isinstance(p, str) or not p.strip() for p in players):
        raise ValueError(f"every player needs a non-empty name, got {players!r}")
    doubles = sorted({p for p in players if players.count(p) > 1})
    if doubles:
        raise ValueError(f"player names must differ; given twice: {', '.join(doubles)}")


def new_state(players: list[str], variants: dict, dice, data, log: Log | None = None
              ) -> HellState:
    """The state before the setup stage (turn 0); players are seated in the order given."""
    check_players(players, data)
    log = log if log is not None else Log()
    log.phase = log.phase or "setup"
    st = HellState(seats=list(players), turn=0, variants=dict(variants or {}))
    # Step 1 (HG-5.1-01): the three decks, shuffled separately from their sorted ids.
    st.sectio_deck = dice.shuffle(sorted(data.sectio), "HG-5.1-01 shuffle the Sectio deck")
    st.arcana_deck = dice.shuffle(sorted(data.arcana), "HG-5.1-01 shuffle the Arcana deck")
    st.hell_deck = dice.shuffle(sorted(data.hell_cards), "HG-5.1-01 shuffle the Hell deck")
    # Step 2 (HG-5.1-02..04).
    if st.variants.get("no_setup_hell_cards"):
        log.public("setup-hell-cards", "Learning game: no Hell cards are drawn at setup.",
                   "HG-5.1-04")
    else:
        setup_hell_cards(st, dice, data, log)
    # Step 3 (HG-5.1-05/06).
    st.hellhound_box = dice.shuffle(sorted(data.hellhounds), "HG-5.1-05 shuffle Hellhounds")
    place_lieutenants(st, dice, data, log)
    # Step 4 (HG-5.1-07).
    for name in st.seats:
        st.players[name] = Player(name=name, souls=data.tables["starting_souls"],
                                  favours=data.tables["starting_favours"])
    log.public("setup-treasury", "Each Triumvirate starts with "
               f"{count(data.tables['starting_souls'], 'Soul')} and "
               f"{count(data.tables['starting_favours'], 'Favour')}.", "HG-5.1-07")
    # Step 5 (HG-5.1-08): Daemons are dealt face up, so the deal is public.
    st.daemon_deck = dice.shuffle(sorted(data.daemons), "HG-5.1-08 shuffle the Daemon deck")
    for name, d in _deal(st, st.daemon_deck, data.tables["starting_daemons"]):
        st.players[name].daemons.append(d)
        st.daemons[d] = Daemon(d, name)
    for name in st.seats:
        names = ", ".join(data.daemons[d].name for d in st.players[name].daemons)
        log.public("setup-daemons", f"{name} is dealt {names}.", "HG-5.1-08", player=name)
    # Step 7 (HG-5.1-11): Sectio cards and Control Box markers.
    for name, s in _deal(st, st.sectio_deck, data.tables["starting_sectio"]):
        st.set_owner(s, name)
    for name in st.seats:
        names = ", ".join(data.sectio[s].name for s in st.sectio_of(name))
        log.public("setup-sectio", f"{name} controls {names}.", "HG-5.1-11", player=name)
    bring_figures(st, dice, data, log)
    # Step 9 (the Arcana deal) waits for the setup stage's resolution: in the board game
    # players choose their redraw and first Legion before they see any Arcana.
    return st


def _deal(st: HellState, deck: list[str], n: int) -> list[tuple[str, str]]:
    """Deal n cards to each player from the top of `deck`, one at a time in seat order
    (stopping if the deck runs out, which a full deck never does)."""
    dealt = []
    for _ in range(n):
        for name in st.seats:
            if not deck:
                return dealt
            dealt.append((name, deck.pop(0)))
    return dealt


def setup_hell_cards(st: HellState, dice, data, log: Log) -> None:
    """Draw 3 Hell cards; Permanent ones go to their area box, one per area picked by a
    die when several share it; the rest go to the bottom of the deck (HG-5.1-02/03).

    A-09: only lasting effects apply at setup; no Permanent card effect is implemented
    yet, so the cards are placed and their effects reported as not implemented.
    """
    drawn = st.hell_deck[:data.tables["setup_hell_cards"]]
    del st.hell_deck[:len(drawn)]
    names = ", ".join(data.hell_cards[c].name for c in drawn)
    log.public("setup-hell-cards", f"Hell cards drawn at setup: {names}.", "HG-5.1-02")
    kept: list[str] = []
    for area in AREAS:
        cards = [c for c in drawn if data.hell_cards[c].event.permanent == area]
        if not cards:
            continue
        card = dice.pick(cards, f"HG-5.1-03 keep one Permanent {area} card")
        st.permanent[area] = card
        kept.append(card)
        rule = "HG-5.1-03" if len(cards) > 1 else "HG-5.1-02"
        log.public("permanent", f"{data.hell_cards[card].name} goes into the "
                   f"{area.capitalize()} box.", rule, card=card, area=area)
    st.hell_deck.extend(c for c in drawn if c not in kept)
    # cards placed at setup act only through their lasting effects (the hooks ask
    # events.in_force); Uriel's and Lilith's bring their figure in once the deal is done
    # (bring_figures).
    from .events import LILITH_CARDS, URIEL_CARDS

    for card in kept:
        if card not in URIEL_CARDS and card not in LILITH_CARDS:
            log.public("permanent-setup", f"{data.hell_cards[card].name} acts from now on "
                       "through its lasting effects only; its one-time effects do not apply "
                       "at setup.", "A-09", card=card)


def bring_figures(st: HellState, dice, data, log: Log) -> None:
    """A-09: an Uriel or Lilith card placed at setup brings its figure in (Uriel to his
    box, Lilith to AnteHell in the card's aspect), after the Daemons are dealt."""
    from .events import LILITH_CARDS, URIEL_CARDS, run_event_effect

    for area in ("heaven", "earth", "hell"):
        card = st.permanent.get(area)
        if card in URIEL_CARDS or card in LILITH_CARDS:
            run_event_effect(st, {}, dice, data, log, card, "A-09")


def place_lieutenants(st: HellState, dice, data, log: Log) -> None:
    """Shuffle the Lieutenants; 4 face up into each of the 3 boxes, top first (HG-5.1-06).

    The rules put Lieutenants nowhere else, so any counters beyond 12 wait in the Return
    box (they refill the first emptied box, HG-8.3.1-05). The data has exactly 12.
    """
    pile = dice.shuffle(sorted(data.lieutenants), "HG-5.1-06 shuffle the Lieutenants")
    per, boxes = data.tables["lieutenants_per_box"], data.tables["lieutenant_boxes"]
    st.lieutenant_boxes = [pile[i * per:(i + 1) * per] for i in range(boxes)]
    st.lieutenant_return = pile[boxes * per:]
    for i, box in enumerate(st.lieutenant_boxes, start=1):
        log.public("lieutenants", f"Lieutenants Available box {i}: "
                   + ", ".join(data.lieutenants[x].name for x in box) + " (top first).",
                   "HG-5.1-06", box=i)


def deal_arcana(st: HellState, data, log: Log) -> None:
    """Deal 5 Arcana each; a Play-Right-Away card goes to the bottom of the deck without
    effect and is not replaced (HG-5.1-13). The deal is private to each player."""
    for name, card in _deal(st, st.arcana_deck, data.tables["starting_arcana"]):
        if data.arcana[card].flags.play_right_away:
            st.discard(card)
            log.private(name, "setup-arcana-discard", f"{data.arcana[card].name} is a Play "
                        "Right Away card: discarded without effect, not replaced.",
                        "HG-5.1-13", card=card)
        else:
            st.players[name].hand.append(card)
    for name in st.seats:
        hand = ", ".join(data.arcana[c].name for c in st.players[name].hand) or "no cards"
        log.private(name, "setup-arcana", f"Your Arcana: {hand}.", "HG-5.1-13",
                    cards=list(st.players[name].hand))


# -- queries -------------------------------------------------------------------------------
def rank_order(st: HellState, data) -> list[str]:
    """Every Daemon in play, highest rank (lowest Rank Number) first (HG-5.1-10, HG-13.3-01).

    Incapacitated Daemons are included: leaving them out for the Action Phase
    (HG-9.0-02) is the caller's business.
    """
    return sorted(st.daemons, key=lambda d: (data.daemons[d].rank, d))


def default_placement(st: HellState, player: str, data) -> str | None:
    """IP-02 default: the own Sectio with the highest Souls value that is not isolated
    (any own Sectio if all are isolated); ties go to the earlier Sectio in the data
    file's list (Circle 1 outward-in, then by Quarter)."""
    own = st.sectio_of(player)
    pool = [s for s in own if not isolated(st, data, s, player)] or own
    if not pool:
        return None
    order = {s: i for i, s in enumerate(data.sectio)}
    return min(pool, key=lambda s: (-data.sectio[s].souls, order[s]))


# -- the setup stage -----------------------------------------------------------------------
def redraw(st: HellState, player: str, daemon: str, data, log: Log) -> bool:
    """The one-time Daemon redraw for 1 Favour (HG-5.1-09). The new Daemon is drawn
    before the old one goes to the bottom of the deck (HG-3.3-02), so it is always a
    different one."""
    p = st.players[player]
    cost = data.tables["daemon_redraw_cost_favours"]
    problem = ("you have used your redraw" if p.redraw_used
               else f"you do not hold {data.daemons[daemon].name}" if daemon not in p.daemons
               else "you have no Favour to pay for it" if p.free_favours < cost
               else "the Daemon deck is empty" if not st.daemon_deck else "")
    if problem:
        log.private(player, "redraw-failed", f"No redraw: {problem}.", "HG-5.1-09")
        return False
    new = st.daemon_deck.pop(0)
    p.daemons[p.daemons.index(daemon)] = new
    del st.daemons[daemon]
    st.daemons[new] = Daemon(new, player)
    st.daemon_deck.append(daemon)
    p.favours -= cost
    p.redraw_used = True
    log.public("redraw", f"{player} pays {count(cost, 'Favour')}, discards "
               f"{data.daemons[daemon].name} and draws {data.daemons[new].name}.", "HG-5.1-09",
               player=player, discarded=daemon, drawn=new)
    return True


def roll_off(players: list[str], dice, reason: str, rolls: dict[str, int] | None = None
             ) -> list[str]:
    """Each player rolls one die (or `rolls` gives the first round); highest first; tied
    players re-roll among themselves to settle their order (HG-5.1-12)."""
    if rolls is None:
        rolls = {p: dice.roll(reason, p) for p in players}
    order: list[str] = []
    for face in sorted(set(rolls.values()), reverse=True):
        tied = [p for p in players if rolls[p] == face]
        order += tied if len(tied) == 1 else roll_off(tied, dice, f"{reason} (tie re-roll)")
    return order


def place_first_legions(st: HellState, sheets, dice, data, log: Log) -> None:
    """HG-5.1-12: roll for order, then each places 1 Legion in a Sectio he controls.

    IP-02: the player's PLACE list is tried in order, skipping Sectio he does not
    control; without a usable list the default (`default_placement`) applies.
    """
    reason = "HG-5.1-12 first-Legion placement order"
    first = {name: dice.roll(reason, name) for name in st.seats}
    for name in st.seats:
        st.players[name].placement_roll = first[name]
    order = roll_off(st.seats, dice, reason, first)
    log.public("placement-order", "Placement order: " + ", ".join(
        f"{p} ({first[p]})" for p in order) + ".", "HG-5.1-12", order=order)
    for name in order:
        wanted = [s for o in orders_of(sheets.get(name), "PLACE") for s in o["sectio"]]
        usable = [s for s in wanted if st.owners.get(s) == name]
        sectio = usable[0] if usable else default_placement(st, name, data)
        if sectio is None:
            continue
        st.new_unit(LEGION, name, sectio)
        how = "" if usable else " (default: best non-isolated Sectio, IP-02)"
        log.public("place-legion", f"{name} places a Legion in {data.sectio[sectio].name}"
                   f"{how}.", "HG-5.1-12", player=name, sectio=sectio)


def run(st: HellState, sheets, dice, data, log: Log) -> None:
    """The setup stage: redraws (HG-5.1-09), the Rank Track (HG-5.1-10), first Legions
    (HG-5.1-12). Players without a REDRAW order keep their Daemons (IP-01)."""
    # Redraws one after another in seat order: with 6 players only 3 cards are left in
    # the deck, so a later redraw may draw a Daemon an earlier player discarded.
    for name in st.seats:
        for o in orders_of(sheets.get(name), "REDRAW"):
            redraw(st, name, o["daemon"], data, log)
    ranks = ", ".join(f"{data.daemons[d].name} ({st.daemons[d].owner})"
                      for d in rank_order(st, data))
    log.public("rank-track", f"Rank Track: {ranks}.", "HG-5.1-10")
    place_first_legions(st, sheets, dice, data, log)
    deal_arcana(st, data, log)  # step 9 (HG-5.1-13), after the choices of steps 5 and 8
