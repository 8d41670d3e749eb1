"""Standing COUNTER orders: which cards to answer with a Counter when another player
plays an Arcana in the Action Phase (9.8.2; HG-9.0-03, IP-30, A-12).

    COUNTER ANY TARGETING MINE WITH It Did Not Work
    COUNTER Jones' Device WITH It Did Not Work USING Naburos
    COUNTER Defection BY beast WITH It Did Not Work USING Orias, Ukobach
    COUNTER ANY TARGETING Baal WITH It Did Not Work
    COUNTER ANY TARGETING MINE WITH Double Cross REFLECT

    COUNTER <ANY | card> [TARGETING MINE | TARGETING <Daemon>] [BY <player>]
            WITH <Counter card> [REFLECT] [USING <your Daemon>[, ...]]

REFLECT (Double Cross only, its text: "cancel, or reflect"): the card answered is turned
back on its caster instead of only cancelled (action/spells_counters.py `reflected`; in
combat, combat/counters.py); where it cannot be turned back it is cancelled, saying why.

The same lines answer the cards played in a combat you fight in (combat/counters.py,
A-13): there only a Counter one of your joined Daemons brought and still in the fight
is played (USING chooses which), no Action is spent, and a card that names no Daemon is
aimed at every enemy's Units (TARGETING MINE). Slipped Spell is played in combat only.

Each time another player plays a card, your COUNTER lines are read in sheet order; the
first that fits the card, whose Counter you hold and can pay for, and that has a Daemon
to play it, is played (a Counter played against yours is a card too: you may answer
it). TARGETING MINE: the card is aimed at you (Thievery!), one of your Daemons or
Units, or it is a Counter against your card.

Who plays it: the Daemon the card is aimed at may always counter it and spends no
Action (HG-9.8.2-02); for a card aimed at your Units, any of your Daemons (A-12(1)).
Otherwise a Daemon named in USING that has not acted yet plays it, and that is its
Action for the turn (HG-9.8.2-03); USING also chooses among the free ones. Without
USING, no Action is ever spent on a Counter. Default: no Counter.
"""

from __future__ import annotations

from pbem.engine import ILLEGAL, INVALID

from .. import effects
from ..action import conditions
from ..action.magic import castable
from ..action.simple import daemon_of
from ..errors import OrderError
from . import TURN, Ctx, order
from .common import card_id, player_name

RULE = "HG-9.8.2-01"
HINT = "e.g. COUNTER ANY TARGETING MINE WITH It Did Not Work"
KEYS = ("TARGETING", "BY")
#: Reactive cards not labelled Counter that are readied with a COUNTER line too; each
#: answers only what its text names (Thanks, But No Thanks: an Influence that turns one
#: of the player's Units; action/spells_daemons.py).
REACTIVE = ("arcana.thanks-but-no-thanks",)
#: Counters that may turn the card they answer back on its caster: `... WITH <card>
#: REFLECT` (Double Cross: "cancel, or reflect, the effects of any Arcana card").
REFLECTING = ("arcana.double-cross",)
REFLECT = "REFLECT"


@order("COUNTER", stages=(TURN,), rule=RULE,
       example="COUNTER ANY TARGETING MINE WITH It Did Not Work",
       doc="When another player plays an Arcana: answer it with a Counter card (first "
           "line that fits decides)")
def parse_counter(rest: str, ctx: Ctx) -> tuple[str, dict]:
    words = rest.split()
    upper = [w.upper() for w in words]
    if "WITH" not in upper:
        raise OrderError(INVALID, "COUNTER needs WITH and the Counter card to play", RULE, HINT)
    cut = upper.index("WITH")
    o = _what(words[:cut], ctx)
    tail, up = words[cut + 1:], upper[cut + 1:]
    using: list[str] = []
    if "USING" in up:
        u = up.index("USING")
        names = [n.strip() for n in " ".join(tail[u + 1:]).split(",") if n.strip()]
        if not names:
            raise OrderError(INVALID, "USING needs one of your Daemons", RULE,
                             "e.g. ... USING Naburos")
        for n in names:
            d = daemon_of(n, ctx, RULE)
            if d not in using:
                using.append(d)
        tail = tail[:u]
    reflect = bool(tail) and tail[-1].upper() == REFLECT
    if reflect:
        tail = tail[:-1]
    o["card"] = _counter_card(" ".join(tail), ctx)
    o["using"] = using
    if reflect:
        if o["card"] not in REFLECTING:
            names = ", ".join(ctx.data.arcana[c].name for c in REFLECTING)
            raise OrderError(ILLEGAL, f"{ctx.data.arcana[o['card']].name} cannot reflect a "
                             f"card, only cancel it; REFLECT is for {names}", RULE,
                             f"leave out REFLECT, or write ... WITH {names} REFLECT")
        o["reflect"] = True
    return counter_text(o, ctx), o


def _what(words: list[str], ctx: Ctx) -> dict:
    """`<ANY | card> [TARGETING ...] [BY <player>]`."""
    parts: dict[str, list[str]] = {"": []}
    key = ""
    for w in words:
        if w.upper() in KEYS:
            key = w.upper()
            if key in parts:
                raise OrderError(INVALID, f"{key} is given twice", RULE, HINT)
            parts[key] = []
        else:
            parts[key].append(w)
    for key, got in parts.items():
        if not got:
            raise OrderError(INVALID, f"{key or 'COUNTER'} needs a name after it", RULE, HINT)
    what = " ".join(parts[""])
    o: dict = {"what": None, "targeting": None, "by": None}
    if what.upper() != "ANY":
        o["what"] = card_id(what, ctx.data, RULE)
        card = ctx.data.arcana[o["what"]]
        if card.flags.cannot_be_countered:
            raise OrderError(ILLEGAL, f"{card.name} cannot be countered", RULE,
                             "name another card, or ANY")
        if card.major.timing == "play-right-away":
            raise OrderError(ILLEGAL, f"{card.name} is a Play Right Away card: it is "
                             "resolved when drawn, never played, so there is nothing to "
                             "counter", "HG-6.3.1-01", "name a card marked Action or Combat, "
                             "or ANY")
    if "TARGETING" in parts:
        aim = " ".join(parts["TARGETING"])
        o["targeting"] = "mine" if aim.upper() == "MINE" else \
            conditions.daemon_in_play(aim, ctx, RULE)
    if "BY" in parts:
        o["by"] = player_name(" ".join(parts["BY"]), ctx, RULE)
    return o


def counters_with(cid: str, data) -> bool:
    """Whether a COUNTER line may play the card `cid` (a card marked Counter, or one of
    REACTIVE): `_counter_card` refuses any other whatever the game's state, so the order
    form offers no line for it (issue 23)."""
    return data.arcana[cid].flags.counter or cid in REACTIVE


def _counter_card(text: str, ctx: Ctx) -> str:
    if not text.strip():
        raise OrderError(INVALID, "WITH needs the Counter card to play", RULE, HINT)
    cid = card_id(text, ctx.data, RULE)
    card = ctx.data.arcana[cid]
    if not counters_with(cid, ctx.data):
        raise OrderError(ILLEGAL, f"{card.name} is not a Counter", RULE,
                         "name a card marked Counter, e.g. It Did Not Work")
    if card.major.timing == "combat" and cid in effects.ARCANA:
        return cid  # a Combat Counter (Slipped Spell), played in combat only
    castable(cid, ctx.data, RULE)  # playable in the Action Phase, and implemented
    return cid


def counter_text(o: dict, ctx: Ctx) -> str:
    """The canonical line (parse_counter(counter_text(o)) gives o back)."""
    data = ctx.data
    words = ["COUNTER", data.arcana[o["what"]].name if o["what"] else "ANY"]
    if o["targeting"]:
        words.append("TARGETING " + ("MINE" if o["targeting"] == "mine"
                                     else data.daemons[o["targeting"]].name))
    if o["by"]:
        words.append(f"BY {o['by']}")
    words.append(f"WITH {data.arcana[o['card']].name}")
    if o.get("reflect"):
        words.append(REFLECT)
    if o["using"]:
        words.append("USING " + ", ".join(data.daemons[d].name for d in o["using"]))
    return " ".join(words)
