"""The End Phase (chapter 13) and Winning the HellGame (chapter 4).

Steps, in order:
1. Winner check (HG-13.0-01): a Circle winner (HG-4.0-01/02), else three "6" Arcana
   (HG-4.0-03, IP-50: always revealed, A-32: only when nobody wins by a Circle). A
   winner ends the game at once; otherwise play goes on (HG-4.0-04).
2. Buying off Disfavours at 2 Favours each (HG-13.1-01, IP-49).
3. Recovery rolls for Incapacitated Daemons (HG-13.2-01).
4. It Is All Lost (HG-15.1-01/02), after the recovery rolls (A-33).
5. Clean up: the Rank Track is reset (HG-13.3-01; implicit: the order is always derived
   from printed ranks), Bonus Pay and turn-only markers are removed (HG-13.3-02),
   among them Thou Art Not Real's hold on Units (`HellState.not_real_held`), the
   Warning Sign and this turn's Event (HG-6.2-03).
Players are handled in seat order throughout. What cards do in this phase is registered
on hook points (hooks.py): "end-phase-favours" before the buy-off, "buy-off-price",
"recovery-roll", "recovery-rolled" and "recovery-over" in the recovery rolls,
"end-phase-lasting" after them.
"""

from __future__ import annotations

from . import hooks
from .all_lost import revive_or_restart
from .favours import attribute
from .log import Log, count
from .orders import orders_of
from .state import ANTEHELL, LEGION, LIEUTENANT, HellState


# -- 1. winning (chapter 4) ------------------------------------------------------------
def complete_circles(st: HellState, player: str, data) -> list[int]:
    """Circles all of whose five Sectio the player controls (HG-4.0-01), ascending."""
    return [n for n in range(1, 10)
            if all(st.owners.get(s) == player for s in data.circle_members(n))]


def circle_winners(st: HellState, data) -> list[str]:
    """The Circle winner(s) after the tie-breaks of HG-4.0-02, or [].

    Tie-breaks: most Favours (every Favour marker counts, bound or not: A-32), then
    fewest Disfavours (HG-14.1-05), then the innermost complete Circle (Circle 9 is the
    innermost). As each Circle has one owner, the last break always separates two
    claimants; a list is returned anyway so the caller never has to assume that.
    """
    claims = {p: complete_circles(st, p, data) for p in st.seats}
    claimants = [p for p in st.seats if claims[p]]
    if not claimants:
        return []

    def key(p: str) -> tuple[int, int, int]:
        pl = st.players[p]
        return (-pl.favours, pl.disfavours, -max(claims[p]))

    best = min(key(p) for p in claimants)
    return [p for p in claimants if key(p) == best]


def sixes(st: HellState, player: str, data) -> list[str]:
    """The "6" Arcana in the player's hand (HG-2.4.4, HG-4.0-03)."""
    return [c for c in st.players[player].hand if data.arcana[c].flags.six]


def check_winner(st: HellState, data, log: Log) -> bool:
    """HG-13.0-01: sets `st.winner` and returns True if the game is won."""
    winners = circle_winners(st, data)
    if winners:
        circles = {p: max(complete_circles(st, p, data)) for p in winners}
        text = " and ".join(f"{p} (all five Sectio of Circle {circles[p]})" for p in winners)
        claimants = [p for p in st.seats if complete_circles(st, p, data)]
        how = "wins" if len(winners) == 1 else "share the win"
        if len(claimants) > len(winners):
            how += " on the tie-break: most Favours, fewest Disfavours, innermost Circle"
        _win(st, log, winners, "circle", f"{text} {how}.", "HG-4.0-01")
        return True
    # The sixes are checked only when nobody won by a Circle. Several holders in
    # the same End Phase: the rules give no tie-break for this, so they share the win.
    holders = [p for p in st.seats if len(sixes(st, p, data)) >= 3]
    if holders:
        for p in holders:
            cards = ", ".join(data.arcana[c].name for c in sixes(st, p, data))
            log.public("reveal-sixes", f"{p} reveals three \"6\" Arcana: {cards}.",
                       "HG-4.0-03", player=p)
        verb = "wins" if len(holders) == 1 else "share the win"
        _win(st, log, holders, "sixes",
             f"{' and '.join(holders)} {verb} with three \"6\" Arcana.", "HG-4.0-03")
        return True
    log.public("no-winner", "Nobody controls a whole Circle: play goes on.", "HG-4.0-04")
    return False


def _win(st: HellState, log: Log, players: list[str], how: str, text: str, rule: str) -> None:
    st.winner = {"players": list(players), "how": how, "text": text}
    log.public("winner", text, rule, players=list(players), how=how)


# -- 2. buying off Disfavours (13.1) ---------------------------------------------------
def buy_off_count(favours: int, disfavours: int, sheet, price: int = 2) -> int:
    """How many Disfavours to buy off at `price` Favours each (HG-13.1-01: 2; a card may
    set another, "buy-off-price").

    Orders: `BUY OFF n|ALL|NONE` caps the number, `KEEP FAVOURS n` keeps at least n
    Favours; with both, the smaller wins. No order: as many as possible (IP-49). Bound
    Favours may be spent here, and only here (HG-14.1-01).
    """
    most = min(disfavours, favours // price)
    for o in orders_of(sheet, "BUY OFF"):
        if o["count"] is not None:
            most = min(most, o["count"])
    for o in orders_of(sheet, "KEEP FAVOURS"):
        most = min(most, max(0, (favours - o["keep"]) // price))
    return most


def buy_off(st: HellState, sheets, log: Log, data=None) -> None:
    """Each player buys off Disfavours (HG-13.1-01) at 2 Favours each, or at the price a
    card sets for him this turn ("buy-off-price": Don't Eat That!, 1 Favour each; the
    card clears its mark). A card that forbids using Favours and Disfavours this turn
    ("favour-use-forbidden": Lucifer - An Impostor?) stops every buy-off. `data`: for
    that card's name (the game's data when not given)."""
    cheap: dict[str, tuple[int, str, str]] = {}
    for players, cost, note, card in hooks.collect("buy-off-price", st):
        for name in players:
            cheap[name] = (cost, note, card)

    def price(name: str) -> int:
        return cheap[name][0] if name in cheap else 2

    forbidden = hooks.first("favour-use-forbidden", st)
    if forbidden:
        if any(min(st.players[n].disfavours, st.players[n].favours // price(n))
               for n in st.seats):
            if data is None:
                from .data import load_data

                data = load_data()
            log.public("buy-off-refused", "No Disfavour is bought off this turn: "
                       f"{data.hell_cards[forbidden].name} forbids using Favours and "
                       "Disfavours.", "HG-6.1-01", card=forbidden)
        return
    for name in st.seats:
        p = st.players[name]
        n = buy_off_count(p.favours, p.disfavours, sheets.get(name), price(name))
        if n:
            p.favours -= price(name) * n
            p.disfavours -= n
            how = f" ({cheap[name][1]})" if name in cheap else ""
            log.public("buy-off", f"{name} returns {count(price(name) * n, 'Favour')} to "
                       f"remove {count(n, 'Disfavour')}{how}.", "HG-13.1-01", player=name,
                       count=n, **({"card": cheap[name][2]} if name in cheap else {}))


# -- 3. recovery (13.2) ----------------------------------------------------------------
ROLLS_AGAINST = ("hearts", "skulls", "stars")


def recovery_rolls(st: HellState, dice, data, log: Log, sheets=None) -> None:
    """Each Incapacitated Daemon rolls; the faces come from its card (HG-13.2-01),
    unless the Incapacitating card says otherwise (`Daemon.recover_by`):
    - "hearts"/"skulls"/"stars": a Roll against (HG-3.4-04; Jones' Device: Skulls);
    - a card's own die ("recovery-die": Black Rainbow);
    - a card that makes the roll itself ("recovery-roll": The Lovers, the pair roll
      together);
    - otherwise the printed roll.
    What follows from the roll is the cards' ("recovery-rolled": Black Rainbow's gifts,
    Belladonna's Arcana, The Armenian Relic-Box's 6); they tidy up once all have rolled
    ("recovery-over").
    `sheets` is for the hand limit after cards are drawn (HG-6.3-03)."""
    sheets = sheets or {}
    done: set[str] = set()
    for name in st.seats:
        for d in st.daemons_of(name):
            if not d.incapacitated or d.id in done:
                continue
            if hooks.first("recovery-roll", st, name, d, dice, data, log, sheets, done):
                continue
            _recovery_roll(st, name, d, dice, data, log, sheets)
    hooks.fire("recovery-over", st)


def _recovery_roll(st: HellState, name: str, d, dice, data, log: Log, sheets) -> None:
    dn = data.daemons[d.id].name
    faces = list(getattr(data.daemons[d.id], "recovery", None) or data.tables["recovery_roll"])
    by, how, extra = d.recover_by, "", ""
    own = None if by in ROLLS_AGAINST else hooks.first("recovery-die", st, name, d, dice)
    if by in ROLLS_AGAINST:
        need = attribute(data, d.id, by)  # a Roll against (HG-3.4-04)
        roll = dice.roll(f"HG-13.2-01 recovery of {d.id} against {by}", name)
        recovered = roll <= need
        how = f" against {count(need, by[:-1].title())}"
    elif own is not None:
        roll, recovered, how, extra = own
    else:
        roll = dice.roll(f"HG-13.2-01 recovery of {d.id}", name)
        recovered = roll in faces
    if not recovered:
        log.public("still-incapacitated", f"{dn} ({name}) rolls {roll}{how} and stays "
                   "Incapacitated until the next End Phase.", "HG-13.2-01",
                   daemon=d.id, roll=roll)
        hooks.fire("recovery-rolled", st, name, d, by, roll, False, dice, data, log, sheets)
        return
    d.incapacitated, d.recover_by = False, None
    log.public("recover", f"{dn} ({name}) rolls {roll}{how} and recovers{extra}.",
               "HG-13.2-01", daemon=d.id, roll=roll)
    hooks.fire("recovery-rolled", st, name, d, by, roll, True, dice, data, log, sheets)


# -- 5. clean up (13.3) ----------------------------------------------------------------
def clean_up(st: HellState, data, log: Log) -> None:
    log.public("rank-track", "The Rank Track is reset to the printed ranks.", "HG-13.3-01")
    for u in sorted(st.units, key=lambda x: x.number):
        if u.kind == LIEUTENANT and u.bonus_pay:
            who = data.lieutenants[u.ref].name if u.ref in data.lieutenants else u.id
            are = "is" if u.bonus_pay == 1 else "are"
            log.public("bonus-pay", f"The {count(u.bonus_pay, 'Bonus Pay Soul')} on {who} "
                       f"({u.owner}) {are} removed and lost.", "HG-13.3-02", unit=u.id)
        u.bonus_pay = 0
        # One hound per Legion per visit to AnteHell (HG-8.3.2-03): a Legion still in
        # AnteHell is still on the same visit, so its mark stays.
        if u.kind == LEGION and u.location != ANTEHELL:
            u.tamed_this_visit = False
    st.revealed.clear()
    if st.not_real_held:  # a card held these Units for this turn only (march.py)
        card, aspect, _ = hooks.first("march-rolls-to-move", st, data) or ("A card", "hearts", "")
        log.public("not-real-ends", f"{card}'s hold ends: "
                   f"{count(len(st.not_real_held), 'Unit')} that failed a Roll against "
                   f"{aspect.title()} this turn may move again.", "HG-13.3-02",
                   units=list(st.not_real_held))
        st.not_real_held = []
    # a forced Pass for Good lasts one Action Phase; a Daemon that had acted when
    # Uriel arrived (say, by a Conspire) is not bound into the next turn
    for d in st.daemons.values():
        d.pass_for_good = False


def hell_cards_over(st: HellState, log: Log) -> None:
    """HG-6.2-03, HG-13.3-01: the Warning Sign is removed; this turn's Event is over."""
    if st.warning_sign:
        log.public("warning-sign", "The Warning Sign is removed.", "HG-6.2-03")
    st.warning_sign = None
    st.event = None


def run(st: HellState, sheets, dice, data, log: Log) -> None:
    """The End Phase (HG-13.0-01 .. HG-13.3-02, HG-15.1-01/02)."""
    if check_winner(st, data, log):
        return
    # Favours the cards give now come before the buy-off, so they may be spent there
    # (Long Parliament; Flagellation, Loudun)
    hooks.fire("end-phase-favours", st, sheets, dice, data, log)
    buy_off(st, sheets, log, data)
    recovery_rolls(st, dice, data, log, sheets)
    # After recovery (Stigmata, Mad Love's end; Wrath of Angels, The Bees): a Daemon
    # stung by The Bees stays Incapacitated at least a turn.
    hooks.fire("end-phase-lasting", st, sheets, dice, data, log)
    for name in st.seats:
        revive_or_restart(st, name, dice, data, log)
    clean_up(st, data, log)
    hell_cards_over(st, log)
