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
   among them Thou Art Not Real's hold on Units (`HellState.not_real_held`).
Players are handled in seat order throughout.
"""

from __future__ import annotations

from . import events, playright_lasting
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
    """How many Disfavours to buy off at `price` Favours each (HG-13.1-01: 2; 1 after
    Don't Eat That!).

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


DONT_EAT_THAT = "arcana.dont-eat-that"


def buy_off(st: HellState, sheets, log: Log) -> None:
    """Lucifer - An Impostor? (hell.lucifer-an-impostor): this turn no Favour or Disfavour
    is used, so none is bought off. Don't Eat That! (`st.marks`, this turn's casters'
    players): 1 Favour a Disfavour instead of 2, then the mark is cleared."""
    from .hellcards import turn_rules

    cheap = set(st.marks.pop(DONT_EAT_THAT, None) or [])

    def price(name: str) -> int:
        return 1 if name in cheap else 2

    if turn_rules.impostor(st):
        if any(min(st.players[n].disfavours, st.players[n].favours // price(n))
               for n in st.seats):
            log.public("buy-off-refused", "No Disfavour is bought off this turn: Lucifer - An "
                       "Impostor? forbids using Favours and Disfavours.", "HG-6.1-01",
                       card=turn_rules.IMPOSTOR)
        return
    for name in st.seats:
        p = st.players[name]
        n = buy_off_count(p.favours, p.disfavours, sheets.get(name), price(name))
        if n:
            p.favours -= price(name) * n
            p.disfavours -= n
            how = " (Don't Eat That!: 1 Favour each)" if name in cheap else ""
            log.public("buy-off", f"{name} returns {count(price(name) * n, 'Favour')} to "
                       f"remove {count(n, 'Disfavour')}{how}.", "HG-13.1-01", player=name,
                       count=n, **({"card": DONT_EAT_THAT} if name in cheap else {}))


# -- 3. recovery (13.2) ----------------------------------------------------------------
ROLLS_AGAINST = ("hearts", "skulls", "stars")
LOVERS = "arcana.the-lovers"
RELIC_BOX = "arcana.the-armenian-relic-box"
#: Black Rainbow's End Phase die (its text): 1-2 stays away, 3 back empty-handed,
#: 4-6 back with 3 Favours and 3 Arcana.
BLACK_RAINBOW_GIFT = 3


def recovery_rolls(st: HellState, dice, data, log: Log, sheets=None) -> None:
    """Each Incapacitated Daemon rolls; the faces come from its card (HG-13.2-01),
    unless the Incapacitating card says otherwise (`Daemon.recover_by`):
    - "hearts"/"skulls"/"stars": a Roll against (HG-3.4-04; Jones' Device: Skulls);
    - "black-rainbow": the card's own die (1-2 stays, 3 back, 4-6 back with 3 Favours
      and 3 Arcana);
    - "lovers": the pair in `st.marks["arcana.the-lovers"]` each roll; both recover
      only if both roll 5 or 6 (a lover whose partner is gone or no longer bound rolls
      alone, 5 or 6);
    - "belladonna": the printed roll; on recovery its Triumvirate draws 1 Arcana;
    - "relic-box": the printed roll; a 6 gives its player The Armenian Relic-Box from
      the Arcana deck (his choice, default: he keeps it).
    `sheets` is for the hand limit after cards are drawn (HG-6.3-03)."""
    sheets = sheets or {}
    done: set[str] = set()
    for name in st.seats:
        for d in st.daemons_of(name):
            if not d.incapacitated or d.id in done:
                continue
            if d.recover_by == "lovers":
                _lovers_roll(st, d, dice, data, log, done)
                continue
            _recovery_roll(st, name, d, dice, data, log, sheets)
    pairs = [p for p in st.marks.get(LOVERS) or []
             if all(x in st.daemons and st.daemons[x].recover_by == "lovers" for x in p)]
    if pairs:
        st.marks[LOVERS] = pairs
    else:
        st.marks.pop(LOVERS, None)


def _recovery_roll(st: HellState, name: str, d, dice, data, log: Log, sheets) -> None:
    dn = data.daemons[d.id].name
    faces = list(getattr(data.daemons[d.id], "recovery", None) or data.tables["recovery_roll"])
    by, how, extra = d.recover_by, "", ""
    if by in ROLLS_AGAINST:
        need = attribute(data, d.id, by)  # a Roll against (HG-3.4-04)
        roll = dice.roll(f"HG-13.2-01 recovery of {d.id} against {by}", name)
        recovered = roll <= need
        how = f" against {count(need, by[:-1].title())}"
    elif by == "black-rainbow":
        roll = dice.roll(f"HG-13.2-01 Black Rainbow: {d.id} on its spiritual quest", name)
        recovered, how = roll >= 3, " on its spiritual quest (Black Rainbow)"
        if roll == 3:
            extra = " empty-handed"
        elif roll >= 4:
            extra = (f" with {count(BLACK_RAINBOW_GIFT, 'Favour')} and "
                     f"{count(BLACK_RAINBOW_GIFT, 'Arcana card')} for {name}")
    else:
        roll = dice.roll(f"HG-13.2-01 recovery of {d.id}", name)
        recovered = roll in faces
    if not recovered:
        log.public("still-incapacitated", f"{dn} ({name}) rolls {roll}{how} and stays "
                   "Incapacitated until the next End Phase.", "HG-13.2-01",
                   daemon=d.id, roll=roll)
        if by == "relic-box" and roll == 6:
            _keep_relic_box(st, name, dn, data, log, sheets)
        return
    d.incapacitated, d.recover_by = False, None
    log.public("recover", f"{dn} ({name}) rolls {roll}{how} and recovers{extra}.",
               "HG-13.2-01", daemon=d.id, roll=roll)
    from .cards import gain_arcana

    if by == "black-rainbow" and roll >= 4:
        st.players[name].favours += BLACK_RAINBOW_GIFT
        gain_arcana(st, name, BLACK_RAINBOW_GIFT, dice, data, log, sheets.get(name),
                    "Black Rainbow", rule="HG-13.2-01")
    elif by == "belladonna":
        gain_arcana(st, name, 1, dice, data, log, sheets.get(name),
                    f"Belladonna: {dn} recovers", rule="HG-13.2-01")
    elif by == "relic-box" and roll == 6:
        _keep_relic_box(st, name, dn, data, log, sheets)


def _keep_relic_box(st: HellState, name: str, dn: str, data, log: Log, sheets) -> None:
    """A 6 on the trapped Daemon's recovery roll: its player may keep the card (its
    text); the default is that he does. The played card lies in the Arcana deck
    (HG-3.3-02); the last copy from the bottom is taken."""
    from .cards import enforce_hand_limit

    deck = st.arcana_deck
    if RELIC_BOX not in deck:
        log.public("relic-box-gone", f"{dn} ({name}) rolled a 6, but The Armenian Relic-Box "
                   "is no longer in the Arcana deck to keep.", "HG-13.2-01", card=RELIC_BOX)
        return
    del deck[len(deck) - 1 - deck[::-1].index(RELIC_BOX)]
    st.players[name].hand.append(RELIC_BOX)
    log.public("relic-box-kept", f"{dn} ({name}) rolled a 6 in the Relic-Box: {name} keeps "
               "The Armenian Relic-Box for revenge (default: the card is kept).", "HG-13.2-01",
               player=name, card=RELIC_BOX)
    enforce_hand_limit(st, name, data, log, sheets.get(name))


def _lovers_roll(st: HellState, d, dice, data, log: Log, done: set[str]) -> None:
    """The Lovers: both roll; both 5 or 6 and they recover together (the card's text)."""
    partner = next((x for p in st.marks.get(LOVERS) or [] if d.id in p for x in p
                    if x != d.id), None)
    pd = st.daemons.get(partner) if partner else None
    pair = [d] if pd is None or not pd.incapacitated or pd.recover_by != "lovers" else [d, pd]
    rolls = [dice.roll(f"HG-13.2-01 The Lovers: recovery of {x.id}", x.owner) for x in pair]
    done.update(x.id for x in pair)
    names = " and ".join(f"{data.daemons[x.id].name} ({x.owner}) rolls {r}"
                         for x, r in zip(pair, rolls, strict=True))
    ids = [x.id for x in pair]
    if all(r >= 5 for r in rolls):
        for x in pair:
            x.incapacitated, x.recover_by = False, None
        who = "they recover together" if len(pair) == 2 else "it recovers"
        log.public("recover", f"{names}: {who} (The Lovers).", "HG-13.2-01", daemons=ids,
                   rolls=rolls)
    else:
        who = "both stay" if len(pair) == 2 else "it stays"
        log.public("still-incapacitated", f"{names}: {who} Incapacitated until the next End "
                   "Phase (The Lovers: both must roll 5 or 6).", "HG-13.2-01", daemons=ids,
                   rolls=rolls)


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
    if st.not_real_held:  # hell.thou-art-not-real holds a Unit for this turn only
        log.public("not-real-ends", f"Thou Art Not Real's hold ends: "
                   f"{count(len(st.not_real_held), 'Unit')} that failed a Roll against Hearts "
                   "this turn may move again.", "HG-13.3-02", units=list(st.not_real_held))
        st.not_real_held = []
    # a forced Pass for Good lasts one Action Phase; a Daemon that had acted when
    # Uriel arrived (say, by a Conspire) is not bound into the next turn
    for d in st.daemons.values():
        d.pass_for_good = False


def run(st: HellState, sheets, dice, data, log: Log) -> None:
    """The End Phase (HG-13.0-01 .. HG-13.3-02, HG-15.1-01/02)."""
    if check_winner(st, data, log):
        return
    from .action import spells_favours
    from .hellcards import turn_rules

    # Long Parliament's Favour comes before the buy-off, so it may be spent there
    turn_rules.long_parliament_favour(st, data, dice, log)
    spells_favours.share_favours(st, data, dice, log)  # Flagellation, Loudun
    buy_off(st, sheets, log)
    recovery_rolls(st, dice, data, log, sheets)
    playright_lasting.end_phase(st, sheets, dice, data, log)  # Stigmata, Mad Love's end
    # After recovery: a Daemon stung by The Bees stays Incapacitated at least a turn.
    events.end_phase(st, dice, data, log)
    for name in st.seats:
        revive_or_restart(st, name, dice, data, log)
    clean_up(st, data, log)
    events.clean_up(st, log)
    if st.variants.get("cursed_dice"):
        log.not_implemented("Optional rule Cursed Dice (six 1s in a row earn a Favour)",
                            "HG-15.3-01")
