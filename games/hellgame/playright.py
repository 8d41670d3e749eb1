"""Play Right Away cards (HG-6.3.1-01): shown and resolved the moment they are drawn.

A card drawn at setup is discarded unresolved (HG-5.1-13, setup.py); at any other time
cards._draw asks the hook point "play-right-away", that is `resolve`, which runs the
card's effect registered here in effects.ARCANA as a `PlayRightAway`. A card that lasts
(Mad Love, Mania, Prove to Me That You Are Real..., Stigmata: playright_lasting.py)
stays in play in `st.afflictions`, attached to a Daemon; the others go to the bottom of
the deck at once (HG-3.3-02).

Readings shared by the cards (see /docs rows for the per-card ones):

- "Pick one Daemon of a Triumvirate at random": a Daemon of the drawer's Triumvirate
  (000 §6.3.1: these cards "spell doom and destruction for the player who draws
  them"; Prove to Me says "the drawer's Daemons" outright). Mad Love's second Daemon
  is another Triumvirate's.
- The pick is among Daemons in play and not Incapacitated (as Events, HG-6.1-02: an
  Incapacitated Daemon takes no Action and is off the Rank Track, HG-9.0-02), in the
  order the player received them, by `dice.pick` (a die, re-rolled on an empty face).
  No candidate: the card has no effect and goes to the bottom of the deck.
- Forced Pass for Good (A Bad Day, A Fit of Goodness, Court Duty, Mania 4-5, Prove to
  Me 1-2) is taken in the Action core like Uriel's recall (IP-52, action.run): the
  first time the Daemon comes up. A Daemon that has come up already may not Pass for
  Good (HG-9.3-01): it takes an empty March instead (A-10). Protocol does not stop a
  forced Pass for Good (a penalty, not a choice: see arcana.protocol).

Choices come from the standing order `PLAY RIGHT AWAY <card> <choice>`
(orders/playright.py), each with a default (IP-04, IP-51).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import effects, hooks
from .data import HellData
from .hooks import hook
from .log import Log, count
from .orders import orders_of
from .state import IN_HELL, HellState

RULE = "HG-6.3.1-01"
ORDER = "PLAY RIGHT AWAY"
BAD_DAY, FIT = "arcana.a-bad-day", "arcana.a-fit-of-goodness"
COURT_DUTY, LOST_LORE = "arcana.court-duty", "arcana.lost-lore"
#: Phases before the Action Phase of the same turn (log.phase; "" outside a turn run).
BEFORE_ACTION = ("", "hell", "soul", "summoning")
PASS_FOR_GOOD = "PASS FOR GOOD"


@dataclass(frozen=True)
class PlayRightAway:
    """A Play Right Away card's effect: `effect(draw) -> bool`, True when the card stays
    in play (st.afflictions) instead of going to the bottom of the deck."""

    card: str
    effect: Callable[[Draw], bool]


@dataclass
class Draw:
    """What a Play Right Away effect may use: the drawer and his sheet (for his
    `PLAY RIGHT AWAY` orders)."""

    st: HellState
    data: HellData
    dice: object
    log: Log
    player: str
    card: str
    sheet: object  # the drawer's OrderSheet or None

    @property
    def name(self) -> str:
        return self.data.arcana[self.card].name

    def choice(self) -> dict | None:
        """The drawer's `PLAY RIGHT AWAY` order for this card, if any (the last given)."""
        return choice(self.sheet, self.card)

    def pick_daemon(self, where: str | None = None) -> str | None:
        """A Daemon of the drawer's at random (see the module docstring), or None."""
        cands = [d.id for d in self.st.daemons_of(self.player)
                 if not d.incapacitated and (where is None or d.where == where)]
        if not cands:
            return None
        return self.dice.pick(cands, f"{RULE} {self.name}: pick one of {self.player}'s "
                              "Daemons at random", self.player)

    def dname(self, daemon: str) -> str:
        return f"{self.data.daemons[daemon].name} ({self.st.daemons[daemon].owner})"

    def no_effect(self, why: str) -> bool:
        self.log.public("play-right-away-none", f"{self.name} has no effect: {why}.", RULE,
                        player=self.player, card=self.card)
        return False


def choice(sheet, card: str) -> dict | None:
    """A player's `PLAY RIGHT AWAY <card> ...` standing order for `card` (last wins)."""
    found = [o for o in orders_of(sheet, ORDER) if o["card"] == card]
    return found[-1] if found else None


def play_right_away(card: str):
    """Register the decorated `effect(draw) -> bool` under the card's id."""

    def wrap(fn):
        effects.arcana(card)(PlayRightAway(card, fn))
        return fn

    return wrap


#: What the cards that stay in play do in the Action Phase, after the cards here
#: (playright_lasting.py registers them with `lasting`): "before-action" `fn(actx, first_time)
#: -> bool` (True: the Daemon's turn is used up), "end-action-phase" `fn(st, data, log,
#: queue)`.
LASTING: dict[str, list[Callable]] = {"before-action": [], "end-action-phase": []}


def lasting(point: str):
    """Register the decorated function on `point` of LASTING, run in registration order."""

    def wrap(fn):
        LASTING[point].append(fn)
        return fn

    return wrap


@hook("play-right-away", order=10)
def resolve(st: HellState, player: str, card: str, dice, data: HellData, log: Log,
            sheet) -> bool:
    """Resolve a Play Right Away card just drawn and shown (HG-6.3.1-01). True if it
    stays in play (st.afflictions); otherwise the caller discards it."""
    spec = effects.effect_of(effects.ARCANA, card)
    if not isinstance(spec, PlayRightAway):  # refused at load (`_play_right_away_kinds`)
        raise effects.RegistryBroken(f"{card} is a Play Right Away card and its effect "
                                     "is not registered with @play_right_away")
    return spec.effect(Draw(st, data, dice, log, player, card, sheet))


@effects.load_check
def _play_right_away_kinds(data: HellData) -> list[str]:
    """Every Play Right Away card (flags.play_right_away) has its effect registered with
    `@play_right_away`, checked when the game loads (effects.check)."""
    return [f"{c}: a Play Right Away card whose effect is not registered with "
            "@play_right_away" for c in sorted(data.arcana)
            if data.arcana[c].flags.play_right_away and c in effects.ARCANA
            and not isinstance(effects.ARCANA[c], PlayRightAway)]


# -- A Bad Day, A Fit of Goodness, Court Duty: a Pass for Good to come ---------------------

def _mark_pass_for_good(dr: Draw, next_phase: bool) -> bool:
    """Mark the Daemon picked to Pass for Good: in this turn's Action Phase ("this
    turn"), or with `next_phase` in the next Action Phase to come (Court Duty)."""
    log_phase = dr.log.phase
    if log_phase in BEFORE_ACTION or (log_phase == "action" and not next_phase):
        turn = dr.st.turn
    elif next_phase:
        turn = dr.st.turn + 1
    else:
        return dr.no_effect("this turn's Action Phase is over")
    daemon = dr.pick_daemon(IN_HELL if dr.card == COURT_DUTY else None)
    if daemon is None:
        where = " in Hell" if dr.card == COURT_DUTY else ""
        return dr.no_effect(f"{dr.player} has no Daemon{where} that is not Incapacitated")
    dr.st.marks[dr.card] = {"daemon": daemon, "turn": turn}
    when = "this turn" if turn == dr.st.turn else "in the next Action Phase"
    extra = {FIT: ", and its Triumvirate receives 1 Disfavour when it does",
             COURT_DUTY: ": it is summoned to Lucifer's court, and gains 1 Favour or loses "
                         "1 Disfavour when it does"}.get(dr.card, "")
    dr.log.public("play-right-away-pass", f"{dr.name}: {dr.dname(daemon)} must Pass for Good "
                  f"{when}{extra}.", RULE, player=dr.player, card=dr.card, daemon=daemon,
                  turn=turn)
    return False


@play_right_away(BAD_DAY)
def a_bad_day(dr: Draw) -> bool:
    """003 l.1568: "Pick one Daemon of a Triumvirate at random. This turn that Daemon
    must take the Pass for Good action." Drawn after this turn's Action Phase: no
    effect."""
    return _mark_pass_for_good(dr, next_phase=False)


@play_right_away(FIT)
def a_fit_of_goodness(dr: Draw) -> bool:
    """003 l.1598: as A Bad Day, and "its Triumvirate receives 1 Disfavour at the moment
    it does so": only if the Pass for Good is taken (not when an empty March replaces
    it, HG-9.3-01)."""
    return _mark_pass_for_good(dr, next_phase=False)


@play_right_away(COURT_DUTY)
def court_duty(dr: Draw) -> bool:
    """003 l.1699: a Daemon of the drawer's in Hell "must take Pass for Good in the next
    Action Phase" (this turn's if drawn before it, else next turn's). When it does it
    gains 1 Favour or loses 1 Disfavour: `PLAY RIGHT AWAY Court Duty GAIN FAVOUR` or
    `LOSE DISFAVOUR`; default: lose a Disfavour if the Triumvirate has one, else gain a
    Favour (a Disfavour binds a Favour, HG-14.1-01, and costs die rolls)."""
    return _mark_pass_for_good(dr, next_phase=True)


def _court_duty_reward(actx) -> None:
    p = actx.st.players[actx.player]
    order = choice(actx.sheets.get(actx.player), COURT_DUTY)
    want = order["choice"] if order else ("lose" if p.disfavours else "gain")
    how = "by his order" if order else "by default"
    if want == "lose" and p.disfavours:
        p.disfavours -= 1
        text = f"{actx.player} loses 1 Disfavour"
    else:
        p.favours += 1
        text = f"{actx.player} gains 1 Favour"
    actx.log.public("court-duty", f"Court Duty: {text} at Lucifer's court ({how}).", RULE,
                    player=actx.player, card=COURT_DUTY, daemon=actx.daemon)


def _due(st: HellState, card: str, daemon: str) -> bool:
    mark = st.marks.get(card)
    return bool(mark) and mark["daemon"] == daemon and mark["turn"] == st.turn


# -- Lost Lore -----------------------------------------------------------------------------

@play_right_away(LOST_LORE)
def lost_lore(dr: Draw) -> bool:
    """003 l.1976: the drawer swaps his whole hand with another Triumvirate's, which
    cannot refuse, before anyone discards down to the hand limit. Which one: the first
    player of `PLAY RIGHT AWAY Lost Lore WITH <player>, ...` still in the game, else
    one of the others at random (IP-04), by a die. The drawer's hand limit is applied
    after his whole draw (cards.gain_arcana); the other's at once, by his default keep
    priority (IP-03: his sheet is not at hand during another player's draw)."""
    from .cards import enforce_hand_limit  # cards imports this module

    others = [p for p in dr.st.seats if p != dr.player]
    if not others:
        return dr.no_effect("there is no other Triumvirate")
    order = dr.choice()
    listed = [p for p in (order["with"] if order else []) if p in others]
    if listed:
        other, how = listed[0], "his order"
    else:
        other = dr.dice.pick(others, f"{RULE} Lost Lore: the Triumvirate {dr.player} swaps "
                             "hands with, at random", dr.player)
        how = "at random: default, IP-04"
    me, them = dr.st.players[dr.player], dr.st.players[other]
    me.hand, them.hand = them.hand, me.hand
    dr.log.public("lost-lore", f"Lost Lore: {dr.player} and {other} swap their whole Arcana "
                  f"hands ({dr.player} chose {other}, {how}); {dr.player} now holds "
                  f"{count(len(me.hand), 'card')}, {other} {len(them.hand)}.", "IP-04",
                  player=dr.player, other=other, card=dr.card)
    for who, hand in ((dr.player, me.hand), (other, them.hand)):
        names = ", ".join(dr.data.arcana[c].name for c in hand) or "no card"
        dr.log.private(who, "lost-lore-hand", f"Lost Lore: your new hand is {names}.",
                       "IP-04", cards=list(hand))
    enforce_hand_limit(dr.st, other, dr.data, dr.log, None)
    return False


# -- the Action Phase hooks (action.run) ----------------------------------------------------

@hook("daemon-up", order=10)
def before_action(actx, first_time: bool) -> bool:
    """Called when a Daemon comes up (after Uriel's recall). Runs the cards that act
    before its Action; True when they used its turn up (a forced Pass for Good, an
    empty March instead of one, or the Daemon destroyed)."""
    st, daemon = actx.st, actx.daemon
    for card in (BAD_DAY, FIT, COURT_DUTY):
        if _due(st, card, daemon):
            del st.marks[card]
            force_pass_for_good(actx, first_time, card)
            return True
    return any(fn(actx, first_time) for fn in LASTING["before-action"])


def force_pass_for_good(actx, first_time: bool, card: str, *, disfavour: bool = False
                        ) -> None:
    """The Daemon must Pass for Good because of `card`; after its first time up it may
    not (HG-9.3-01, HG-9.3-02) and takes an empty March (A-10) instead."""
    name, q = actx.data.arcana[card].name, actx.queue
    if not first_time or actx.daemon in q.passed:
        q.taken[actx.daemon] = "MARCH"
        actx.log.public("empty-march", f"{actx.label()} must Pass for Good ({name}), but it has "
                        "come up before in this phase and may not, so it takes an empty "
                        "March", "A-10", daemon=actx.daemon, card=card, forced=True)
        return
    q.taken[actx.daemon] = PASS_FOR_GOOD
    actx.log.public("pass-for-good", f"{actx.label()} must Pass for Good this turn ({name})",
                    RULE, daemon=actx.daemon, card=card, forced=True)
    hooks.fire("passed-for-good", actx)  # Ashtaroth's Favour
    if card == FIT or disfavour:
        actx.st.players[actx.player].disfavours += 1
        actx.log.public("play-right-away-disfavour", f"{name}: {actx.player} receives 1 "
                        "Disfavour as it does so.", RULE, player=actx.player, card=card)
    if card == COURT_DUTY:
        _court_duty_reward(actx)


@hook("action-phase-ends", order=20)
def _action_phase_ends(st: HellState, data: HellData, dice, log: Log, sheets, queue,
                       started) -> None:
    end_action_phase(st, data, log, queue)


def end_action_phase(st: HellState, data: HellData, log: Log, queue) -> None:
    """This turn's forced Passes for Good that never came (the Daemon never came up: it
    was Incapacitated or destroyed) lapse; then the lasting cards' bookkeeping."""
    for card in (BAD_DAY, FIT, COURT_DUTY):
        mark = st.marks.get(card)
        if mark and mark["turn"] <= st.turn:
            del st.marks[card]
            who = data.daemons[mark["daemon"]].name
            log.public("play-right-away-lapsed", f"{data.arcana[card].name} lapses: "
                       f"{who} did not come up for the first time after it was drawn in this "
                       "Action Phase.", RULE, card=card,
                       daemon=mark["daemon"])
    for fn in LASTING["end-action-phase"]:
        fn(st, data, log, queue)
