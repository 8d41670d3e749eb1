"""Counters in combat (HG-9.8.2-01, IP-30, A-12, A-13; hell.tempers).

A card played in a combat (`Fight.cast`) may be answered before it takes effect:
`answered(fight, side, daemon, order)` is True when a Counter cancelled it (registered
on the hook point combat-cast-answered, which `Fight.cast` asks).

Whose lines: the players on the other side from the card's player read their standing
COUNTER lines (orders/counters.py) in sheet order, as in the Action Phase
(action/countering.py). The first line that fits the card, whose Counter one of their
joined Daemons still in the fight brought (A-13: in combat only brought cards are
played, Counters included), in hand and payable, is that player's offer; USING chooses
among the Daemons that brought it (default: the first to join). The player the card is
aimed at goes first, then the others in Rank order of the Daemon each would use
(A-12(2)). No Action is spent: the Action sequence (HG-9.8.2-03) is over. A Counter is
a card too, so the card's side may answer it, and so on; the plays resolve last played
first (A-12(3)): a cancelled Counter leaves the card below it working. A card flagged
cannot_be_countered (Daemonic Distraction) is never answered. A Counter played goes
to the bottom of the deck, its costs paid, like any card played in combat (fight.take).

TARGETING in combat: a card aims at the Daemon its ON part names; a Counter at the
Daemon whose card it answers. A card that names no Daemon works on the whole combat, so
it is aimed at the Units of every player on the other side (TARGETING MINE fits it).

Which Counters work in combat: Slipped Spell (a Combat Counter, registered here) and the
cancelling Counters of the Action Phase (a Spell with cancels=True): It Did Not Work...,
Double Cross, Objection! and So, Sue Me.. (only against a Counter to its user's own
card: its text). Objection! (`objection`): the card it answers goes back to its
player's hand, not to the Daemon that brought it: "at another time", not in this
combat, and not in another combat this turn (HG-11.1-03). Double Cross cancels, or
with REFLECT turns the card back on its caster (`reflect`).

Tempers (hell.tempers) while in play: a Counter costs its player 1 Disfavour
(events.counter_costs), and, reading its last sentence ("they may be used in any combat
in which each side has two or fewer Legions"), in combat a Counter may be played only
where each side has two Legions or fewer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import effects, hooks
from ..favours import attribute, roll_against
from ..hooks import hook
from ..in_play import in_force
from ..log import count
from ..state import ON_EARTH
from .parties import legions

RULE = "HG-9.8.2-01"
COUNTER = "COUNTER"  # the standing order's keyword (action/magic.COUNTER)
TEMPERS = "hell.tempers"
#: Cancelling Counters of the Action Phase that are not played in combat, and why (none
#: now: Objection! is played in combat since issue 22).
NOT_IN_COMBAT: dict[str, str] = {}
OBJECTION = "arcana.objection"
DOUBLE_CROSS = "arcana.double-cross"
#: Counters that answer only a Counter played against their user's own card.
AGAINST_MY_CARDS = ("arcana.so-sue-me",)
NOTES = {"arcana.double-cross": " (cancel, not reflect: the default)"}


@dataclass(frozen=True)
class CombatCounter:
    """A Counter played only in combat: `blocks(play) -> bool` resolves it and says
    whether the card it answers is blocked. Not played with COMBAT CAST (`combat` is
    False), only by a standing COUNTER order."""

    card: str
    blocks: Callable
    combat: bool = False


@dataclass
class Play:
    """One card played in a combat, as the counter stack holds it: by which Daemon of
    which side, aimed at what (`on`: the order's ON part), answering which play."""

    f: object
    card: str
    player: str
    daemon: str
    side: int
    on: str = ""
    answers: Play | None = None
    order: dict | None = None  # the COMBAT CAST or COUNTER order it was played by

    @property
    def st(self):
        return self.f.st

    @property
    def data(self):
        return self.f.data

    @property
    def log(self):
        return self.f.log

    @property
    def name(self) -> str:
        return self.data.arcana[self.card].name

    def who(self) -> str:
        return f"{self.data.daemons[self.daemon].name} ({self.player})"

    def target_daemon(self) -> str | None:
        if self.answers:
            return self.answers.daemon
        on = self.on.strip().lower()
        return next((d for d in sorted(self.st.daemons) if d == on
                     or self.data.daemons[d].name.lower() == on), None) if on else None

    def target_player(self) -> str | None:
        """Whose Daemon the card aims at; None: no one Daemon (the whole combat)."""
        d = self.target_daemon()
        return self.st.daemons[d].owner if d in self.st.daemons else None


@hook("combat-cast-answered", order=10)
def cancelled(f, i: int, daemon: str, order: dict) -> bool | None:
    """`Fight.cast` asks: True when a Counter cancelled the card just played, else None."""
    return answered(f, i, daemon, order) or None


def answered(f, i: int, daemon: str, order: dict) -> bool:
    """Counters against the card `daemon` (side i) just played with `order`, and theirs
    in turn; True when the card is cancelled."""
    stack = [Play(f, order["card"], f.st.daemons[daemon].owner, daemon, i,
                  order.get("on") or "", order=order)]
    # bounded: each Counter played leaves its player's hand (fight.take)
    while not f.data.arcana[stack[-1].card].flags.cannot_be_countered:
        counter = next_counter(f, stack[-1])
        if counter is None:
            break
        stack.append(counter)
    works = [True] * len(stack)
    for j in range(len(stack) - 1, 0, -1):  # A-12(3): last played resolves first
        if works[j] and _blocks(stack[j]):
            works[j - 1] = False
    return not works[0]


def next_counter(f, top: Play) -> Play | None:
    """The Counter played against `top`, if any (A-12(2) for several offers)."""
    offers = []
    for seat, player in enumerate(f.st.seats):
        if player == top.player or player not in f.sides[1 - top.side]:
            continue
        offer = _offer(f, top, player)
        if offer is not None:
            first = (player != top.target_player(), f.data.daemons[offer[0]].rank, seat)
            offers.append((first, player, offer))
    if not offers:
        return None
    _, player, (daemon, order) = min(offers, key=lambda o: o[0])
    counter = Play(f, order["card"], player, daemon, 1 - top.side, answers=top, order=order)
    _play(counter)
    hooks.fire("counter-played", counter)  # Tempers: a Disfavour (events.counter_costs)
    return counter


def _offer(f, top: Play, player: str) -> tuple[str, dict] | None:
    """(countering Daemon, COUNTER order) of the player's first line that can answer
    `top`, or None."""
    from ..action.magic import cannot_pay

    for order in f.orders(player, COUNTER):
        cid = order["card"]
        if not _fits(order, top, player) or not _answers(cid, top, player) \
                or cid not in f.st.players[player].hand \
                or cannot_pay(f, player, f.data.arcana[cid]):
            continue
        daemon = _bringer(f, player, order["using"], cid)
        if daemon is not None:
            return None if _tempers_bars(f, player, cid) else (daemon, order)
    return None


def _fits(order: dict, top: Play, player: str) -> bool:
    if order["what"] is not None and order["what"] != top.card:
        return False
    if order["by"] is not None and order["by"] != top.player:
        return False
    if order["targeting"] == "mine":
        return top.target_player() in (player, None)
    return order["targeting"] is None or order["targeting"] == top.target_daemon()


def _answers(cid: str, top: Play, player: str) -> bool:
    """Whether Counter `cid` is played in combat, and against `top`."""
    spec = effects.ARCANA.get(cid)
    if isinstance(spec, CombatCounter):
        return True
    if not getattr(spec, "cancels", False) or cid in NOT_IN_COMBAT:
        return False
    return cid not in AGAINST_MY_CARDS or (top.answers is not None
                                           and top.answers.player == player)


def _bringer(f, player: str, using: list[str], cid: str) -> str | None:
    """The first Daemon named in USING (default: of the player's, in the order they
    joined) still in the fight that brought the card (A-13). Combat is in Hell: a card
    cast On Earth is not played there (HG-9.8.2-01, HG-9.8.1-02)."""
    if f.data.arcana[cid].major.place == ON_EARTH:
        return None
    fighting = f.fighting(player)
    for d in using or fighting:
        if d in fighting and cid in f.brought.get(d, []):
            return d
    return None


def _tempers_bars(f, player: str, cid: str) -> bool:
    """Tempers in play: no Counter in a combat where a side has more than two Legions;
    and a Counter costs a Disfavour, which Lucifer - An Impostor? forbids this turn."""
    from ..hellcards.turn_rules import IMPOSTOR, impostor

    if not in_force(f.st, TEMPERS):
        return False
    name = f.data.arcana[cid].name
    big = [sum(legions(f.st, f.sectio, p) for p in side) for side in f.sides]
    if max(big) > 2:
        f.log.private(player, "counter-refused", f"You play no {name} in {f.here}: while "
                      "Tempers is in play, Counters may be used only in a combat where each "
                      f"side has two Legions or fewer, and here the sides have {big[0]} and "
                      f"{big[1]}.", TEMPERS, card=cid)
        return True
    if impostor(f.st):
        f.log.private(player, "counter-refused", f"You play no {name} in {f.here}: under "
                      "Tempers it costs a Disfavour, and this turn Lucifer - An Impostor? "
                      "forbids using one.", IMPOSTOR, card=cid)
        return True
    return False


def _play(c: Play) -> None:
    """The Counter leaves hand and Daemon for the bottom of the deck; its costs are
    paid, a Disfavour it gives taken at once (HG-9.8.1-04, HG-3.3-02)."""
    from .fight import take

    f, a = c.f, c.answers
    paid = take(f, c.player, c.daemon, c.card)
    c.log.public("counter", f"{c.who()} counters {a.name} of {a.who()} with {c.name} in "
                 f"{f.here}" + (f", paying {paid}" if paid else "") + f"; "
                 f"{c.data.daemons[c.daemon].name} brought it into the combat, and no Action "
                 "is spent [A-13]", RULE, daemon=c.daemon, card=c.card, answers=a.card,
                 target=a.daemon, sectio=f.sectio)


def _blocks(c: Play) -> bool:
    """Resolve Counter `c`: whether the play it answers is cancelled."""
    spec = effects.ARCANA[c.card]
    if isinstance(spec, CombatCounter):
        return spec.blocks(c)
    if c.card == OBJECTION:
        return objection(c)
    if c.card == DOUBLE_CROSS and (c.order or {}).get("reflect"):
        return reflect(c)
    a = c.answers
    c.log.public("countered", f"{a.name} of {a.who()} does not work: {c.name} of {c.who()} "
                 f"cancels it{NOTES.get(c.card, '')}", RULE, card=a.card, by=c.card,
                 sectio=c.f.sectio)
    return True


def objection(c: Play) -> bool:
    """arcana.objection in combat (its text: "play when another Triumvirate uses an
    Arcana card: that card has no effect, but its owner takes it back into hand and may
    use it at another time"). The card leaves the bottom of the deck for its player's
    hand, its costs paid (HG-9.8.1-04); it is not brought again: "at another time" is not
    this combat, and a card brought to one combat goes to no other that turn
    (HG-11.1-03, A-41)."""
    from ..action.spells_counters import take_back

    f, a = c.f, c.answers
    if take_back(c.st, a.player, a.card):
        back = (f"; {a.player} takes {a.name} back into hand, to use at another time, not "
                "in this combat")
    else:
        back = f"; {a.name} is no longer at the bottom of the deck, so nothing comes back"
    c.log.public("objection", f"Objection! {a.name} of {a.who()} has no effect in "
                 f"{f.here}{back}", RULE, card=a.card, by=c.card, player=a.player,
                 sectio=f.sectio)
    return True


def reflect(c: Play) -> bool:
    """arcana.double-cross with REFLECT in combat (its text: "cancel, or reflect, the
    effects of any Arcana card just played"; the reading of action/spells_counters.py
    `reflected`): the card works for the Double Cross's side, played by its Daemon: a card
    on a Daemon (its ON part) hits the Daemon that played it; a card with no ON part
    (the whole combat) works for the other side. Nothing more is paid, and the turned
    play is no new card, so nobody counters it. A card on a Lieutenant, a Legion or a
    Sectio, a Counter, or a card whose own condition fails the other way, is only
    cancelled, saying why. Always True: the card as played has no effect."""
    from . import magic

    f, a = c.f, c.answers
    o, why = dict(a.order or {"card": a.card}), None
    if a.answers is not None:
        why = "a Counter turned back on its player only cancels his own play"
    elif a.target_daemon() is not None:
        o["on"] = c.data.daemons[a.daemon].name
    elif a.on:
        why = f"it is aimed at {a.on}, which cannot be turned back"
    check = magic.fight_check(a.card)
    if why is None and check is not None:
        why = check(f, c.player, o)
    if why:
        c.log.public("countered", f"{a.name} of {a.who()} does not work: {c.name} of "
                     f"{c.who()} cancels it; it is not reflected: {why}", RULE, card=a.card,
                     by=c.card, sectio=f.sectio)
        return True
    on = f" on {o['on']}" if o.get("on") else ""
    c.log.public("reflected", f"Double Cross: {a.name} of {a.who()} is reflected in "
                 f"{f.here}; it works for {c.who()}{on}, its costs paid by {a.player} as it "
                 "was played", RULE, card=a.card, by=c.card, daemon=c.daemon,
                 sectio=f.sectio)
    magic.fight_effect(a.card)(f, c.side, c.daemon, o)
    return True


def slipped_spell(c: Play) -> bool:
    """arcana.slipped-spell (003 l.2111, "Combat: Counter"): "if the caster passes a Roll
    against Stars, it blocks another Arcana card". Read as: a Counter in combat against
    the card it answers (any Arcana, a Counter too); the Daemon that played it rolls
    against its Stars as it resolves (HG-3.4-04: die <= Stars); passed, the card is
    cancelled; failed, the card works, and Slipped Spell is spent all the same."""
    f, a = c.f, c.answers
    stars = attribute(c.data, c.daemon, "stars", c.st)
    ok = roll_against(c.st, c.data, f.dice, c.daemon, "stars",
                      f"Slipped Spell: {c.who()} rolls against Stars in {f.here}")
    die = f.dice.log[-1].result
    head = f"Slipped Spell: {c.who()} rolls {die} against {count(stars, 'Star')}"
    if ok:
        c.log.public("countered", f"{head} and blocks {a.name} of {a.who()}", "HG-3.4-04",
                     card=a.card, by=c.card, die=die, sectio=f.sectio)
    else:
        c.log.public("counter-failed", f"{head} and fails: {a.name} of {a.who()} is not "
                     "blocked", "HG-3.4-04", card=a.card, by=c.card, die=die,
                     sectio=f.sectio)
    return ok


effects.arcana("arcana.slipped-spell")(CombatCounter("arcana.slipped-spell", slipped_spell))
