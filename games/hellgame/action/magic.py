"""The Cast Magic Action (9.8): a Major Arcana played as a Daemon's Action, the Counters
other players answer it with (9.8.2) and the Supporting Actions it may need (9.8.3).

    Balban: CAST Incubus ON Ashtaroth
    Baal: CAST Defection ON void AT Sugar Hill
    Asmodeus: SUPPORT Ereshkigal Love for Lilith
    COUNTER ANY TARGETING MINE WITH It Did Not Work     (orders/counters.py)

A card's effect is a `Spell` registered in effects.ARCANA under the card's id
(spells_*.py, one small function per card): how its `ON ...` part is read, its
prerequisites, the support it needs. A card without one is refused when the sheet
arrives, so no line is accepted that play would ignore.

Casting, in this order (HG-9.8-01). Steps 1-4 change nothing: a line that fails there
costs nothing and the Daemon's next line is tried.
1. The card is in the hand.
2. Place (HG-9.8.1-02/03): a card "On Earth" needs caster and target on Earth; a card
   "In Hell", or one aimed at Units or at a Daemon in Hell, is cast from Hell, and a
   caster Walking the Earth descends to cast it (HG-9.6-03).
3. Support (HG-9.8.3-02/03), then the card's own prerequisites, then the costs: Souls
   and Favours not bound by a Disfavour (HG-9.8.1-04, HG-14.1-01).
4. (With step 5: the descent, the play.) The card leaves the hand for the bottom of the
   Arcana deck (HG-3.3-02); it was used for its Major half only (HG-9.8-02). Souls and
   Favours are paid, a Disfavour is taken at once (HG-9.8.1-04).
5. Counters (HG-9.8.2-01..03, A-12): see countering.py.
6. The plays resolve last played first (A-12(3)); the card's effect happens unless a
   Counter cancelled it. Costs stay paid.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from pbem.engine import ILLEGAL, INVALID

from .. import effects, hooks, macina
from ..errors import OrderError
from ..favours import attribute
from ..log import count
from ..orders import caution
from ..orders.common import card_id, place_id, place_name, player_name
from ..state import IN_HELL, ON_EARTH  # the same words as a card's place: "hell", "earth"
from . import conditions
from .context import ActionCtx, not_held
from .simple import return_to_hell

RULE = "HG-9.8-01"
SUPPORT_RULE = "HG-9.8.3-01"
COUNTER_RULE = "HG-9.8.2-01"
COUNTER = "COUNTER"  # the standing-order keyword read from the sheets (orders/counters.py)
#: Major Arcana timings cast as an Action (HG-9.8.1-01) and played as Counters then.
ACTION_TIMINGS = ("action", "action-or-combat")
COUNTER_TIMINGS = (*ACTION_TIMINGS, "counter")
NOUNS = {"hearts": "Heart", "skulls": "Skull", "stars": "Star"}
#: A Support counting Daemons of higher rank (lower Rank Number) than the caster, one
#: each, instead of an attribute (Stop Me: "two Daemons of higher rank than his").
HIGHER_RANK = "higher-rank"
NOUNS[HIGHER_RANK] = "Daemon of higher rank"
PLURALS = {HIGHER_RANK: "Daemons of higher rank"}


# -- the registry ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    """How a card's `ON ...` part is read: `parse(text, ctx)` -> (canonical, dict).
    `optional`: the card may be cast without ON (a choice with a default, IP-29:
    Landswap's Triumvirates, Legio Infernalis' Sectio)."""

    form: str  # for messages: "<Daemon>", "<player> AT <Sectio>"
    parse: Callable
    optional: bool = False


@dataclass(frozen=True)
class Support:
    """What Supporting Actions add up to (HG-9.8.3-02). `includes_caster`: whether the
    caster's own count towards it (A-40: each card's text decides)."""

    attribute: str  # hearts | skulls | stars | HIGHER_RANK
    amount: int
    includes_caster: bool


@dataclass(frozen=True)
class Spell:
    """A card's Major Arcana effect. `check(cast)` returns why it cannot be cast (its
    prerequisites), before anything is paid; `cancels`: a Counter that cancels the card
    it answers (HG-9.8.2-01). `fight`: the card's effect when it is played in combat
    (an "Action or Combat" card, combat/magic.py: `fight(fight, side, daemon, order)`),
    and `fight_target` reads its ON part there. `known(data, st, caster, target)`: the
    part of its prerequisites that nothing before the cast can change (printed Daemon
    stats): why it cannot work, or None; `check` asks it too, and the sheet check refuses
    a line it answers (issue 20, `known_cast`). `invest`: a card whose text lets the
    caster invest more than its printed cost, in multiples of this many Souls: its CAST
    line may end `PAYING <n>` (the Souls in all; target["paying"], the spell charges
    what is above the printed cost)."""

    card: str
    effect: Callable
    target: Target | None = None
    check: Callable | None = None
    support: Support | None = None
    cancels: bool = False
    fight: Callable | None = None
    fight_target: Callable | None = None
    known: Callable | None = None
    invest: int | None = None

    def __call__(self, cast: Cast) -> None:
        self.effect(cast)

    @property
    def combat(self) -> bool:
        """It can be played in combat with COMBAT CAST (orders/combat.py)."""
        return self.fight is not None


def spell(card: str, *, target: Target | None = None, check: Callable | None = None,
          support: Support | None = None, cancels: bool = False,
          fight: Callable | None = None, fight_target: Callable | None = None,
          known: Callable | None = None, invest: int | None = None):
    """Register the decorated function as the effect of `card` (effects.ARCANA)."""

    def wrap(fn):
        effects.arcana(card)(Spell(card, fn, target, check, support, cancels, fight,
                                   fight_target, known, invest))
        return fn

    return wrap


# -- one play of a card -------------------------------------------------------------------------

@dataclass
class Cast:
    """One card played: by which Daemon, at what, from where; a Counter `answers` the
    play it is aimed at."""

    actx: ActionCtx
    card: str
    daemon: str
    player: str
    target: dict
    where: str  # the caster's locale as the card takes effect
    answers: Cast | None = None
    supporters: list[str] = field(default_factory=list)

    @property
    def st(self):
        return self.actx.st

    @property
    def data(self):
        return self.actx.data

    @property
    def log(self):
        return self.actx.log

    @property
    def dice(self):
        return self.actx.dice

    @property
    def name(self) -> str:
        return self.data.arcana[self.card].name

    def who(self, daemon: str | None = None) -> str:
        """'Balban (keys)': a Daemon in play and its owner; the caster by default."""
        d = daemon or self.daemon
        return f"{self.data.daemons[d].name} ({self.st.daemons[d].owner})"

    def target_daemon(self) -> str | None:
        """The Daemon aimed at; a Counter aims at the Daemon that played its card."""
        return self.answers.daemon if self.answers else self.target.get("daemon")

    def target_player(self) -> str | None:
        """Whose Daemon or Units the card is aimed at (None: nobody's)."""
        d = self.target_daemon()
        if d is not None:
            return self.st.daemons[d].owner if d in self.st.daemons else None
        # "player": his Units at a place; "opponent": the player himself (Thievery!)
        return self.target.get("player") or self.target.get("opponent")

    def aimed_at(self) -> str:
        if self.answers:
            return f"{self.answers.name} of {self.who(self.answers.daemon)}"
        if "daemon" in self.target:
            return self.who(self.target["daemon"])
        if "player" in self.target:
            return f"{self.target['player']}'s Units in " \
                   f"{place_name(self.target['place'], self.data)}"
        if "opponent" in self.target:
            return self.target["opponent"]
        if "daemons" in self.target:  # several Daemons (Look into the Future)
            return " and ".join(self.who(d) for d in self.target["daemons"])
        return ""


# -- reading the orders ------------------------------------------------------------------------

def parse_cast(text: str, ctx) -> tuple[str, dict]:
    """`CAST <card> [ON <target>] [PAYING <n>]`: the card must be castable and
    implemented; PAYING only for a card with `invest` (Spell)."""
    paying = _PAYING.match(text.strip())
    if paying:
        text = paying["rest"]
    words = text.split()
    if not words:
        raise OrderError(INVALID, "CAST needs the name of an Arcana card", RULE,
                         "e.g. Balban: CAST Incubus ON Ashtaroth")
    cid, rest = _card_and_target(words, ctx)
    card = ctx.data.arcana[cid]
    sp = castable(cid, ctx.data, RULE)
    if card.flags.counter:
        raise OrderError(ILLEGAL, f"{card.name} is a Counter: it is played against another "
                         "card, not cast as an Action", COUNTER_RULE,
                         f"write a standing order: COUNTER ANY TARGETING MINE WITH {card.name}")
    if paying:
        return _invested(card, sp, int(paying["n"]), rest)
    if sp.target is None:
        if rest is not None:
            raise OrderError(INVALID, f"{card.name} takes no target, so nothing may follow ON",
                             RULE, f"write CAST {card.name}")
        return f"CAST {card.name}", {"card": cid, "target": {}}
    if rest is None and sp.target.optional:
        return f"CAST {card.name}", {"card": cid, "target": {}}
    if rest is None:
        raise OrderError(INVALID, f"{card.name} needs a target", RULE,
                         f"write CAST {card.name} ON {sp.target.form}")
    canonical, target = sp.target.parse(rest, ctx)
    return f"CAST {card.name} ON {canonical}", {"card": cid, "target": target}


_PAYING = re.compile(r"^(?P<rest>.+?)\s+PAYING\s+(?P<n>\d+)(?:\s+SOULS?)?$", re.I)


def _invested(card, sp: Spell, n: int, rest: str | None) -> tuple[str, dict]:
    """`CAST <card> PAYING <n>`: a card whose text lets the caster invest more (Spell
    `invest`): n Souls in all, a multiple of `invest`, at least the printed cost."""
    least = max(card.major.cost.souls, sp.invest or 0)
    if not sp.invest:
        raise OrderError(INVALID, f"{card.name} costs what it costs: nothing to choose, so "
                         "nothing may follow PAYING", RULE, f"write CAST {card.name}")
    if sp.target is not None or rest is not None:
        raise OrderError(INVALID, f"{card.name} takes no target", RULE,
                         f"write CAST {card.name} PAYING {least}")
    if n < least or n % sp.invest:
        raise OrderError(ILLEGAL, f"{card.name} takes Souls in multiples of {sp.invest}, at "
                         f"least {least}: not {n}", RULE,
                         f"write CAST {card.name} PAYING {max(least, n - n % sp.invest)}")
    return f"CAST {card.name} PAYING {n}", {"card": card.id, "target": {"paying": n}}


def _card_and_target(words: list[str], ctx) -> tuple[str, str | None]:
    """The card and the text after ON. Card names may hold ON ("Riders on the Storm"):
    the whole text is tried as a card first, then each ON from the right."""
    try:
        return card_id(" ".join(words), ctx.data, RULE), None
    except OrderError as e:
        first = e
    cuts = [i for i, w in enumerate(words) if w.upper() == "ON" and 0 < i]
    for i in reversed(cuts):
        try:
            cid = card_id(" ".join(words[:i]), ctx.data, RULE)
        except OrderError as e:
            first = e if i == cuts[-1] else first
            continue
        return cid, " ".join(words[i + 1:])
    raise first


def castable(cid: str, data, rule: str) -> Spell:
    """The card's Spell if its Major half can be played in the Action Phase (HG-9.8.1-01)
    and its effect is implemented; else an OrderError saying why not."""
    card = data.arcana[cid]
    refusal = getattr(effects.ARCANA.get(cid), "refusal", None)
    if refusal is not None:  # a card played by a standing order (reroll_cards.py)
        raise refusal(data, "CAST")
    timing = card.major.timing
    if timing == "combat":
        raise OrderError(ILLEGAL, f"{card.name}'s Major Arcana is marked Combat: it may only "
                         "be played in the Combat Phase", "HG-9.8.1-01",
                         "choose a card marked Action")
    if timing == "play-right-away":
        raise OrderError(ILLEGAL, f"{card.name} is a Play Right Away card: it is shown and "
                         "resolved when drawn, never cast", "HG-6.3.1-01",
                         "choose a card marked Action")
    if timing not in COUNTER_TIMINGS:
        raise OrderError(ILLEGAL, f"{card.name}'s Major Arcana ({timing}) is not played as "
                         "an Action", "HG-9.8.1-01", "choose a card marked Action")
    sp = effects.ARCANA.get(cid)
    if sp is None:
        done = ", ".join(sorted(data.arcana[c].name for c, spec in effects.ARCANA.items()
                                if isinstance(spec, Spell)
                                and data.arcana[c].major.timing in COUNTER_TIMINGS))
        raise OrderError(ILLEGAL, f"the effect of {card.name} is not implemented yet, so it "
                         "cannot be played", rule,
                         f"cards that work so far: {done}; or use {card.name}'s Minor half")
    return sp


def daemon_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <Daemon>`: any Daemon in play."""
    d = conditions.daemon_in_play(text, ctx, RULE)
    return ctx.data.daemons[d].name, {"daemon": d}


def stack_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <player> AT <Sectio or AnteHell>`: another player's Units there."""
    words = text.split()
    upper = [w.upper() for w in words]
    if "AT" not in upper[1:]:
        raise OrderError(INVALID, f"{text.strip()!r} does not name a stack of Units", RULE,
                         "write ON <player> AT <Sectio>, e.g. ON void AT Sugar Hill")
    cut = upper.index("AT", 1)
    who = player_name(" ".join(words[:cut]), ctx, RULE)
    where = place_id(" ".join(words[cut + 1:]), ctx.data, RULE)
    return (f"{who} AT {place_name(where, ctx.data).upper()}",
            {"player": who, "place": where})


DAEMON = Target("<Daemon>", daemon_target)
STACK = Target("<player> AT <Sectio>", stack_target)


# -- Cast Magic --------------------------------------------------------------------------------

def run_cast(actx: ActionCtx, order: dict) -> str | None:
    st, data = actx.st, actx.data
    cid, target = order["card"], order["target"]
    card, sp = data.arcana[cid], effects.ARCANA[cid]
    me = st.daemons[actx.daemon]
    missing = not_held(st, data, actx.player, cid)
    if missing:
        return missing
    named = [v for x in target.values() for v in (x if isinstance(x, list) else [x])]
    for d in named:  # every Daemon the target names (daemon, partner, first, second, ...)
        if isinstance(d, str) and d in data.daemons and d not in st.daemons:  # left play
            return f"{data.daemons[d].name} is no longer in play"
    where, why = _locale(actx, card, target)
    if why:
        return why
    ban = magic_forbidden(st, where)  # Magic Burnout: not on Earth
    if ban:
        return (f"{data.hell_cards[ban].name} is in play: no Magic Action may be taken "
                f"{_place(where)}, where {card.name} would be cast [{ban}]")
    cast = Cast(actx, cid, actx.daemon, actx.player, target, where)
    why = (sp.support and _short_of_support(cast, sp.support)) or (sp.check and sp.check(cast)) \
        or cannot_pay(actx, actx.player, card)
    if why:
        return why
    if me.where == ON_EARTH and where == IN_HELL:
        return_to_hell(actx, f" to cast {card.name}")  # HG-9.8.1-03
    play(cast, "")
    _resolve(answered(cast))
    return None


#: Who answers a card just played: `next_counter(top) -> Cast | None`, the Counter played
#: against `top` (HG-9.8.2-01..03), registered by countering.py with `counter_rule`.
COUNTERING: list[Callable[[Cast], Cast | None]] = []


def counter_rule(fn: Callable[[Cast], Cast | None]):
    """Register the decorated function as the rule of who counters a card (at most one)."""
    if COUNTERING:
        raise ValueError("the Counter rule registered twice")
    COUNTERING.append(fn)
    return fn


def answered(cast: Cast) -> list[Cast]:
    """The card just played and the Counters played against it, and against those in
    turn (HG-9.8.2-01, A-12): the stack `_resolve` plays, last played first."""
    stack = [cast]
    while not cast.data.arcana[stack[-1].card].flags.cannot_be_countered:
        counter = COUNTERING[0](stack[-1])
        if counter is None:
            break
        stack.append(counter)
    return stack


def _locale(actx: ActionCtx, card, target: dict) -> tuple[str, str | None]:
    """Where the caster is as the card takes effect, or why it cannot be cast from where
    it is (HG-9.8.1-02/03, HG-9.6-03)."""
    st = actx.st
    here = st.daemons[actx.daemon].where
    name = actx.data.daemons[actx.daemon].name
    t = target.get("daemon")
    there = st.daemons[t].where if t else None
    t_name = actx.data.daemons[t].name if t else ""
    why = caster_away(card, here, name)
    if why:
        return here, why
    if card.major.place == ON_EARTH:
        if there == IN_HELL:
            return here, (f"{card.name} is cast On Earth, where caster and target must both "
                          f"be, and {t_name} is in Hell [HG-9.8.1-02]")
        return ON_EARTH, None
    affects_hell = card.major.place == IN_HELL or "player" in target or there == IN_HELL
    if card.major.place == IN_HELL and there == ON_EARTH:
        return here, (f"{card.name} is cast In Hell, where caster and target must both be, "
                      f"and {t_name} is on Earth [HG-9.8.1-02]")
    return (IN_HELL if affects_hell else here), None


def caster_away(card, here: str, name: str) -> str | None:
    """Why a caster `here` cannot cast `card` from where he is (HG-9.8.1-02): a card cast
    On Earth needs him on Earth. A card cast In Hell he reaches from Earth by descending
    as he casts (HG-9.8.1-03): no reason."""
    if card.major.place == ON_EARTH and here != ON_EARTH:
        return f"{card.name} is cast On Earth, and {name} is in Hell [HG-9.8.1-02]"
    return None


def known_cast(order: dict, ctx, daemon: str, sheet) -> str | None:
    """The sheet check of CAST (issue 20), from what the player sees now:

    - a card cast On Earth by a Daemon in Hell (`caster_away`): refused when no line of
      the sheet walks that Daemon to Earth (only its own Walk the Earth Action takes it
      there, HG-9.6-01, and a Daemon has one Action a phase, HG-9.0-01); with such a
      line, a warning: it would need another Action after walking (A Damn Good Day),
      and acts on Earth only from its next Action Phase (HG-9.6-02);
    - the card's printed prerequisites (`Spell.known`: Incubus and Sucubus compare
      printed Stars and sex, HG-2.4.1-01): refused, nothing before the cast changes them;
    - the card not in the hand now (`not_held`): a warning, he may draw, buy or be given
      it before the Action Phase (HG-6.3-01, HG-8.3.3-01, HG-7.2.1b-02)."""
    cid, st, data = order["card"], ctx.state, ctx.data
    card, sp = data.arcana[cid], effects.ARCANA[cid]
    name = data.daemons[daemon].name
    away = caster_away(card, st.daemons[daemon].where, name)
    if away:
        if not walks(sheet, daemon):
            raise OrderError(ILLEGAL, f"{away}: it cannot reach Earth this turn without a "
                             "Walk the Earth Action, and this sheet gives it none",
                             "HG-9.8.1-02", f"cast {card.name} with a Daemon on Earth, or "
                             f"walk {name} to Earth this turn and cast it next turn")
        return caution(f"{away}: it walks the Earth first by another line, and would need "
                       "a further Action after that (A Damn Good Day); a Daemon acts on "
                       "Earth from its next Action Phase", "HG-9.6-02",
                       f"cast {card.name} next turn")
    why = sp.known(data, st, daemon, order["target"]) if sp.known else None
    if why:
        raise OrderError(ILLEGAL, f"{why}, so this line cannot work", "HG-9.8-01",
                         f"cast {card.name} on another Daemon, or with another caster")
    if not_held(st, data, ctx.player, cid):
        return caution(f"{card.name} is not in your hand now: {name} casts it only if you "
                       "draw, buy or are given it before it acts", "HG-9.8-01",
                       "cast a card you hold")
    return None


def walks(sheet, daemon: str) -> bool:
    """True if the sheet (orders.Sheet) has a WALK THE EARTH line for `daemon`: the only
    way a Daemon in Hell reaches Earth in the Action Phase (HG-9.6-01)."""
    return any(o["daemon"] == daemon and o["kind"] == "WALK THE EARTH"
               for o in sheet.of("ACTION"))


def magic_forbidden(st, where: str) -> str | None:
    """The Hell card in force that forbids Magic Actions taken `where` (Magic Burnout: on
    Earth), or None (hook point "magic-forbidden")."""
    return hooks.first("magic-forbidden", st, where)


def favours_forbidden(st) -> str | None:
    """The Hell card that forbids using Favours and Disfavours this turn (Lucifer - An
    Impostor?), or None (hook point "favour-use-forbidden")."""
    return hooks.first("favour-use-forbidden", st)


def cannot_pay(actx: ActionCtx, player: str, card) -> str | None:
    """HG-9.8.1-04: Souls and Favours are paid as the card is played; only Favours no
    Disfavour binds may be spent (HG-14.1-01). A card in force may forbid using Favours
    and Disfavours this turn (Lucifer - An Impostor?): then no card that costs a Favour
    or a Disfavour may be played."""
    p, cost = actx.st.players[player], card.major.cost
    ban = (cost.favours or cost.disfavours) and favours_forbidden(actx.st)
    if ban:
        return (f"{card.name} costs a Favour or a Disfavour, and this turn "
                f"{actx.data.hell_cards[ban].name} forbids using either [{ban}]")
    if p.souls < cost.souls:
        return f"{card.name} costs {count(cost.souls, 'Soul')} and {player} has {p.souls}"
    if p.free_favours < cost.favours:
        bound = f", {p.disfavours} bound by Disfavours" if p.disfavours else ""
        return (f"{card.name} costs {count(cost.favours, 'Favour')} and {player} has "
                f"{count(p.favours, 'Favour')}{bound} [HG-14.1-01]")
    return None


def play(cast: Cast, how: str) -> None:
    """The card leaves the hand for the bottom of the deck; its costs are paid and a
    Disfavour it gives is taken at once (HG-9.8.1-04, HG-3.3-02, HG-9.8-02). A Macina
    waits for `_resolve` to place it in front of its player (HG-16.4-01)."""
    st, card = cast.st, cast.data.arcana[cast.card]
    p, cost = st.players[cast.player], card.major.cost
    p.hand.remove(cast.card)
    if not card.flags.macina:
        st.discard(cast.card)
    p.souls -= cost.souls
    p.favours -= cost.favours
    p.disfavours += cost.disfavours
    paid = [count(n, noun) for n, noun in ((cost.souls, "Soul"), (cost.favours, "Favour"))
            if n]
    text = f"{cast.who()} {'counters' if cast.answers else 'casts'} "
    text += (f"{cast.aimed_at()} with {card.name}" if cast.answers else card.name)
    if not cast.answers and cast.aimed_at():
        text += f" on {cast.aimed_at()}"
    if paid:
        text += f", paying {' and '.join(paid)}"
    if cost.disfavours:
        text += f", and {cast.player} takes {count(cost.disfavours, 'Disfavour')} at once"
    cast.log.public("counter" if cast.answers else "cast", text + how,
                    COUNTER_RULE if cast.answers else RULE, daemon=cast.daemon,
                    card=cast.card, target=cast.target_daemon() or cast.target_player())


def _resolve(stack: list[Cast]) -> bool:
    """A-12(3): last played resolves first; a cancelled card has no effect, so a Counter
    that was itself cancelled leaves the card below it working. Whether the first card
    works (reroll_cards.py asks)."""
    works = [True] * len(stack)
    for i in range(len(stack) - 1, 0, -1):
        if works[i] and effects.ARCANA[stack[i].card].cancels:
            works[i - 1] = False
    for i in range(len(stack) - 1, -1, -1):
        c = stack[i]
        if i == 0 and macina.is_macina(c.data, c.card):  # no effect until maintained
            macina.place(c.st, c.data, c.player, c.card, works[0], c.log)
        elif works[i]:
            effects.ARCANA[c.card](c)
    return works[0]


# -- Supporting Actions ----------------------------------------------------------------------------

def parse_support(text: str, ctx, daemon: str | None = None) -> tuple[str, dict]:
    """`SUPPORT <caster Daemon> <card>` (HG-9.8.3-01); `daemon` is the supporter."""
    words = text.split()
    if len(words) < 2:
        raise OrderError(INVALID, "SUPPORT needs the casting Daemon and the card", SUPPORT_RULE,
                         "e.g. Asmodeus: SUPPORT Ereshkigal Love for Lilith")
    first = None
    for k in range(1, len(words)):
        try:
            caster = conditions.daemon_in_play(" ".join(words[:k]), ctx, SUPPORT_RULE)
            cid = card_id(" ".join(words[k:]), ctx.data, SUPPORT_RULE)
        except OrderError as e:
            first = first or e
            continue
        break
    else:
        raise first
    card = ctx.data.arcana[cid]
    if caster == daemon:
        raise OrderError(ILLEGAL, "a Daemon cannot support its own card", SUPPORT_RULE,
                         f"write {ctx.data.daemons[caster].name}: CAST {card.name}")
    sp = castable(cid, ctx.data, SUPPORT_RULE)
    if sp.support is None:
        raise OrderError(ILLEGAL, f"{card.name} needs no Supporting Actions", SUPPORT_RULE,
                         "support a card that asks for Hearts, Skulls or Stars of several "
                         "Daemons, e.g. Love for Lilith")
    return (f"SUPPORT {ctx.data.daemons[caster].name} {card.name}",
            {"caster": caster, "card": cid})


def run_support(actx: ActionCtx, order: dict) -> str | None:
    """HG-9.8.3-01/02: before the caster acts, from the caster's locale; the Action is
    spent whether or not the card is ever cast (HG-9.8.3-03/04)."""
    st, data, q = actx.st, actx.data, actx.queue
    caster, cid = order["caster"], order["card"]
    name = data.daemons[caster].name
    if caster == actx.daemon:
        return "a Daemon cannot support its own card [HG-9.8.3-01]"
    c = st.daemons.get(caster)
    if c is None or c.incapacitated:
        return f"{name} is not in play or is Incapacitated, so it will not cast"
    if caster in q.taken or caster not in q.waiting:
        return f"{name} has acted already; support comes before the caster's Action " \
               "[HG-9.8.3-01]"
    me = st.daemons[actx.daemon]
    ban = magic_forbidden(st, me.where)  # Magic Burnout: not on Earth
    if ban:
        return (f"{data.hell_cards[ban].name} is in play: no Magic Action may be taken "
                f"{_place(me.where)} [{ban}]")
    if me.where != c.where:
        return (f"{name} is {_place(c.where)} and the supporter {_place(me.where)}; they "
                "must be in the same place [HG-9.8.3-02]")
    need = effects.ARCANA[cid].support
    brings = _brings(data, actx.daemon, caster, need)
    actx.log.public("support", f"{data.daemons[actx.daemon].name} ({actx.player}) supports "
                    f"{name}'s {data.arcana[cid].name}, bringing "
                    f"{_count(brings, need)}", SUPPORT_RULE,
                    daemon=actx.daemon, caster=caster, card=cid, brings=brings)
    return None


def supporters(actx: ActionCtx, caster: str, cid: str) -> list[str]:
    """The Daemons that took a Supporting Action for this caster's card in this phase,
    in the order they did (read from their public record, the "support" events)."""
    return [e.data["daemon"] for e in actx.log.events
            if e.kind == "support" and e.phase == actx.log.phase
            and e.data.get("caster") == caster and e.data.get("card") == cid]


def _short_of_support(cast: Cast, need: Support) -> str | None:
    """HG-9.8.3-02/03: supporters still in play and not Incapacitated add up; short,
    the project is scrapped (nothing is played or paid)."""
    st, data = cast.st, cast.data
    helpers = [d for d in supporters(cast.actx, cast.daemon, cast.card)
               if d in st.daemons and not st.daemons[d].incapacitated]
    counted = ([cast.daemon] if need.includes_caster else []) + helpers
    total = sum(_brings(data, d, cast.daemon, need) for d in counted)
    cast.supporters = helpers
    if total >= need.amount:
        return None
    parts = " + ".join(f"{data.daemons[d].name} {_brings(data, d, cast.daemon, need)}"
                       for d in counted) or "nobody"
    return (f"{cast.name} needs {_count(need.amount, need)} and has {_count(total, need)} "
            f"({parts}); the spell is scrapped [HG-9.8.3-03]")


def _brings(data, supporter: str, caster: str, need: Support) -> int:
    """What one Daemon adds to a Support: its attribute, or for HIGHER_RANK 1 if its Rank
    Number is lower than the caster's (HG-9.1-01: lower number, higher rank)."""
    if need.attribute == HIGHER_RANK:
        return int(data.daemons[supporter].rank < data.daemons[caster].rank)
    return attribute(data, supporter, need.attribute)


def _count(n: int, need: Support) -> str:
    return count(n, NOUNS[need.attribute], PLURALS.get(need.attribute, ""))


def _place(where: str) -> str:
    return "on Earth" if where == ON_EARTH else "in Hell"
