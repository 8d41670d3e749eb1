"""The special die rolls of 3.4 and the Favour bookkeeping of chapter 14.

Everyone rolls through these helpers so that each roll is made the same way
everywhere, with the reason and the player recorded by the dice object:

- `disfavour_roll`: HG-3.4-02 (used by HG-7.1-01, HG-6.3-02, HG-12.2-01, HG-14.1-02..04)
- `soul_roll`: HG-3.4-01
- `roll_against`: HG-3.4-04 (Hearts, Skulls or Stars)
- `duel`: HG-3.4-05 (two Daemons, or several per A-16)
- `spend_free_favour`: HG-14.1-01 (a Favour bound by a Disfavour cannot be spent)
"""

from __future__ import annotations

from . import hooks
from .state import HellState

ATTRIBUTES = ("hearts", "skulls", "stars")

#: With this many Disfavours no die can roll higher (HG-3.4-02).
HOPELESS_DISFAVOURS = 6


def disfavour_roll(st: HellState, player: str, dice, reason: str) -> bool:
    """Roll one die; succeed if it is higher than the player's Disfavours (HG-3.4-02).

    With 0 Disfavours the roll is automatic and NO die is rolled (7.1: "it will get
    its Favours automatically"). With 6 or more no face can succeed, so again no die
    is rolled: a roll whose outcome is already fixed would only consume a scripted
    die and show a meaningless number in the report.
    """
    n = st.players[player].disfavours
    if n <= 0:
        return True
    if n >= HOPELESS_DISFAVOURS:
        return False
    return dice.roll(reason, player) > n


def soul_roll_souls(st: HellState, player: str, dice, reason: str) -> tuple[int, int]:
    """(die, Souls) of one Soul Roll (HG-3.4-01), without collecting them: the Souls are
    the die, times what the cards in play multiply it by ("soul-roll-multiplier": Holy
    War, in its Permanent Earth box, doubles it)."""
    die = dice.roll(reason, player)
    souls = die
    for factor, _ in hooks.collect("soul-roll-multiplier", st):
        souls *= factor
    return die, souls


def soul_roll_changes(st: HellState) -> list[str]:
    """What multiplies every Soul Roll now, for the report ("doubled by Holy War")."""
    return [why for _, why in hooks.collect("soul-roll-multiplier", st)]


def soul_roll(st: HellState, player: str, dice, reason: str) -> int:
    """Roll one die and collect that many Souls at once (HG-3.4-01), doubled while Holy
    War is in play. Returns the Souls collected."""
    _, n = soul_roll_souls(st, player, dice, reason)
    st.players[player].souls += n
    return n


def attribute(data, daemon_id: str, name: str, st: HellState | None = None) -> int:
    """A Daemon's Hearts, Skulls or Stars: printed (HG-2.4.1), plus, when `st` is given,
    what the card under it adds ("card-under-bonus": Foci, The Sword of the Guardian,
    Salome's Oil, +1 each; never while Incapacitated, when the card should already be
    gone)."""
    if name not in ATTRIBUTES:
        raise ValueError(f"a Daemon attribute is one of {ATTRIBUTES}, not {name!r}")
    value = int(getattr(data.daemons[daemon_id], name))
    d = st.daemons.get(daemon_id) if st is not None else None
    if d is not None and d.under and not d.incapacitated:
        value += sum(hooks.collect("card-under-bonus", st, d, name))
    return value


def release_under(st: HellState, daemon_id: str) -> str | None:
    """The card under a Daemon goes to the bottom of the Arcana deck (HG-3.3-02) when its
    effect ends (Incapacitated, destroyed). Call it before a destroyed Daemon leaves
    st.daemons. Returns the card released, None if there was none."""
    d = st.daemons.get(daemon_id)
    if d is None or not d.under:
        return None
    card, d.under = d.under, None
    st.discard(card)
    return card


def roll_against(st: HellState, data, dice, daemon_id: str, name: str, reason: str,
                 modifier: int = 0) -> bool:
    """Roll against Hearts, Skulls or Stars: succeed if die + modifier <= the printed
    number (HG-3.4-04). A die is always rolled: modifiers (bribes, 9.7.1) can turn a
    hopeless roll into a possible one, and the report shows the attempt."""
    owner = st.daemons[daemon_id].owner if daemon_id in st.daemons else None
    die = dice.roll(reason, owner)
    return die + modifier <= attribute(data, daemon_id, name, st)


def duel(st: HellState, data, dice, daemon_ids: list[str], name: str, reason: str) -> str:
    """Duel of Hearts, Skulls or Stars (HG-3.4-05); returns the winning Daemon id.

    Each Daemon rolls as many dice as its attribute and totals them; the highest total
    wins. On a tie the tied Daemons roll again (two Daemons: "re-roll all dice"; more
    than two, A-16: only those tied for the highest). Daemons roll in the order given.
    A Daemon with 0 in the attribute totals 0; if every remaining Daemon has 0 dice
    nothing can break the tie, so the first one given wins and the caller should avoid
    that case.
    """
    if len(daemon_ids) < 2:
        raise ValueError("a duel needs at least two Daemons")
    left = list(daemon_ids)
    while True:
        totals: dict[str, int] = {}
        for d in left:
            owner = st.daemons[d].owner if d in st.daemons else None
            totals[d] = sum(dice.roll(f"{reason}: {d}", owner)
                            for _ in range(attribute(data, d, name, st)))
        best = max(totals.values())
        top = [d for d in left if totals[d] == best]
        if len(top) == 1 or best == 0:
            return top[0]
        left = top


def spend_free_favour(st: HellState, player: str) -> bool:
    """Spend 1 Favour that no Disfavour binds (HG-14.1-01); False if he has none."""
    p = st.players[player]
    if p.free_favours < 1:
        return False
    p.favours -= 1
    return True


def buy_off_cost(disfavours: int) -> int:
    """Favours needed to remove `disfavours` Disfavours: 2 each (HG-13.1-01)."""
    return 2 * disfavours
