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

from . import events
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
def buy_off_count(favours: int, disfavours: int, sheet) -> int:
    """How many Disfavours to buy off at 2 Favours each (HG-13.1-01).

    Orders: `BUY OFF n|ALL|NONE` caps the number, `KEEP FAVOURS n` keeps at least n
    Favours; with both, the smaller wins. No order: as many as possible (IP-49). Bound
    Favours may be spent here, and only here (HG-14.1-01).
    """
    most = min(disfavours, favours // 2)
    for o in orders_of(sheet, "BUY OFF"):
        if o["count"] is not None:
            most = min(most, o["count"])
    for o in orders_of(sheet, "KEEP FAVOURS"):
        most = min(most, max(0, (favours - o["keep"]) // 2))
    return most


def buy_off(st: HellState, sheets, log: Log) -> None:
    """Lucifer - An Impostor? (hell.lucifer-an-impostor): this turn no Favour or Disfavour
    is used, so none is bought off."""
    from .hellcards import turn_rules

    if turn_rules.impostor(st):
        if any(min(st.players[n].disfavours, st.players[n].favours // 2) for n in st.seats):
            log.public("buy-off-refused", "No Disfavour is bought off this turn: Lucifer - An "
                       "Impostor? forbids using Favours and Disfavours.", "HG-6.1-01",
                       card=turn_rules.IMPOSTOR)
        return
    for name in st.seats:
        p = st.players[name]
        n = buy_off_count(p.favours, p.disfavours, sheets.get(name))
        if n:
            p.favours -= 2 * n
            p.disfavours -= n
            log.public("buy-off", f"{name} returns {count(2 * n, 'Favour')} to remove "
                       f"{count(n, 'Disfavour')}.", "HG-13.1-01", player=name, count=n)


# -- 3. recovery (13.2) ----------------------------------------------------------------
def recovery_rolls(st: HellState, dice, data, log: Log) -> None:
    """Each Incapacitated Daemon rolls; the faces come from its card (HG-13.2-01),
    unless the Incapacitating card says otherwise (`Daemon.recover_by`: Jones' Device
    asks for a Roll against Skulls, HG-3.4-04)."""
    default = data.tables["recovery_roll"]
    for name in st.seats:
        for d in st.daemons_of(name):
            if not d.incapacitated:
                continue
            dn = data.daemons[d.id].name
            if d.recover_by:
                need = attribute(data, d.id, d.recover_by)  # a Roll against (HG-3.4-04)
                roll = dice.roll(f"HG-13.2-01 recovery of {d.id} against {d.recover_by}", name)
                recovered = roll <= need
                how = f" against {count(need, d.recover_by[:-1].title())}"
            else:
                faces = list(getattr(data.daemons[d.id], "recovery", None) or default)
                roll = dice.roll(f"HG-13.2-01 recovery of {d.id}", name)
                recovered, how = roll in faces, ""
            if recovered:
                d.incapacitated, d.recover_by = False, None
                log.public("recover", f"{dn} ({name}) rolls {roll}{how} and recovers.",
                           "HG-13.2-01", daemon=d.id, roll=roll)
            else:
                log.public("still-incapacitated", f"{dn} ({name}) rolls {roll}{how} and stays "
                           "Incapacitated until the next End Phase.", "HG-13.2-01",
                           daemon=d.id, roll=roll)


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
    from .hellcards import turn_rules

    # Long Parliament's Favour comes before the buy-off, so it may be spent there
    turn_rules.long_parliament_favour(st, data, dice, log)
    buy_off(st, sheets, log)
    recovery_rolls(st, dice, data, log)
    # After recovery: a Daemon stung by The Bees stays Incapacitated at least a turn.
    events.end_phase(st, dice, data, log)
    for name in st.seats:
        revive_or_restart(st, name, dice, data, log)
    clean_up(st, data, log)
    events.clean_up(st, log)
    if st.variants.get("cursed_dice"):
        log.not_implemented("Optional rule Cursed Dice (six 1s in a row earn a Favour)",
                            "HG-15.3-01")
