"""Special cards (LH-I.3.4-01/02, LH-II.1-01; the texts are the digest §3.3 PROPOSAL):
played from hand with `PLAY <special> [ON <target>]` in any stage's trading window.

`play_step(st, sheets, data, dice, log)` is step 4 of every stage's trading (digest
§4.3), called by `trading.apply`:

1. A Silence played in an earlier stage ends (it has covered this stage's trading).
2. Each sheet's `DOUBLE CROSS` lines replace that player's triggers (double_cross.py).
3. The `PLAY` lines, in passes: one line per player per pass, Starter first then
   clockwise (LH-I.4.3-01), each player's lines in sheet order. Each card is checked
   (still in hand, its timing, something for it to do; a refusal is told to the player
   privately and the card stays in hand), announced publicly, checked against the
   Double Cross triggers (unless unstoppable), then — unless cancelled — its effect
   happens at once (LH-II.1-01) and the card goes to the discard (LH-I.3.6-01).

Timing (`data.cards[id].timing`): "any" = whenever trading is allowed, i.e. in every
stage (every stage is a trading window); "transfer" / "combat" / "gathering" = in that
phase's stages; "reaction" = only through a Double Cross trigger.

Silence (LH-II.2.4-03; digest §3.3: "until the current phase or segment ends, nobody may
talk, trade or make promises"). In a stage a special resolves after the stage's deals
and forced trades (§4.3 step 4), so the segment it silences is the next trading window:
**Silence played in a stage is in force during the next stage's trading** (no deal,
promise or forced trade is carried out there: trading.py reads `st.silence`) and ends
at that stage's specials step. Quiet combat rounds that resolve without a stage have no
trading window and do not count. Talk outside the processor is on the players' honour
(PB-39).

State this module keeps (state.py):

    st.silence   ABSENT until the first Silence, then None, or {"by": name, "turn",
                 "phase", "round"}: the Silence in force and the stage it was played in
    P.standing["DOUBLE CROSS"]   the player's Double Cross triggers (double_cross.py)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import homes
from ..deck import discard
from ..effects import EFFECTS, effect
from ..state import LohState, card_id, order_from_starter
from . import double_cross

RULE = "LH-I.3.4-01"
SILENCE = "special.silence"
EARTH_CONDITIONS = ("special.time-of-virtue", "special.world-war")
RECALL_WHAT = ("all", "devil", "creatures")


@dataclass(frozen=True)
class Special:
    """A special card's effect: `check(st, name, order, data)` says why it cannot be
    played now (None: it can), `apply(st, name, order, data, dice, log)` does it."""

    check: Callable[[dict, str, dict, object], str | None]
    apply: Callable[..., None]
    rule: str


def special(card_id_: str, rule: str, check: Callable | None = None):
    def wrap(fn):
        effect(card_id_)(Special(check or (lambda st, name, o, data: None), fn, rule))
        return fn

    return wrap


# --- the step ------------------------------------------------------------------------------

def stage_key(st: LohState) -> list:
    return [st.turn, st.phase, st.round]


def play_step(st: LohState, sheets: dict, data, dice, log) -> None:
    from ..orders import orders_of

    silence_ends(st, log)
    double_cross.keep_triggers(st, sheets)
    queues = {n: orders_of(sheets.get(n), "PLAY") for n in order_from_starter(st)}
    while any(queues.values()):
        for name in order_from_starter(st):
            if queues[name]:
                play(st, name, queues[name].pop(0), data, dice, log)


def silence_ends(st: LohState, log) -> None:
    s = st.silence
    if s and [s["turn"], s["phase"], s["round"]] != stage_key(st):
        st.silence = None
        log.public("silence-ends", f"The Silence played by {s['by']} is over: deals, promises "
                   "and forced trades are carried out again from the next stage on.",
                   "LH-II.2.4-03", player=s["by"])


def timing_ok(card, phase: str) -> bool:
    return "any" in card.timing or phase in card.timing


def timing_text(card) -> str:
    if card.timing == ("reaction",):
        return (f"{card.name} is played only in answer to another player's special card "
                "(write DOUBLE CROSS IF <card name | ANY | TARGETING ME>)")
    stages = [t for t in card.timing if t != "reaction"]
    return f"{card.name} may be played only in the {' or '.join(stages)} stage"


def refusal(st: LohState, name: str, o: dict, data) -> str | None:
    """Why `name` cannot play the special of order `o` now (None: he can)."""
    card = data.cards[o["card"]]
    if not timing_ok(card, st.phase):
        return timing_text(card) + f", and this is the {st.phase} stage"
    if in_hand(st, name, o["card"]) is None:
        return f"you do not hold a {card.name}"
    return EFFECTS[o["card"]].check(st, name, o, data)


def in_hand(st: LohState, name: str, cid: str) -> str | None:
    return next((i for i in st.players[name].hand if card_id(st, i) == cid), None)


def play(st: LohState, name: str, o: dict, data, dice, log) -> None:
    """One PLAY order (LH-II.1-01: it happens at once; only Double Cross interrupts)."""
    cid = o["card"]
    card = data.cards[cid]
    why = refusal(st, name, o, data)
    if why:
        log.private(name, "special-refused", f"Your {card.name} was not played: {why}. "
                    "It stays in your hand.", RULE, card=cid)
        return
    inst = in_hand(st, name, cid)
    st.players[name].hand.remove(inst)
    on = f" on {o['what']}" if o.get("what") and o["what"] != "all" else ""
    log.public("special-played", f"{name} plays {card.name}{on}.", RULE, player=name,
               card=cid)
    if double_cross.cancelled(st, name, cid, None, data, dice, log):
        discard(st, [inst], dice, log)
        log.public("special-cancelled", f"{name}'s {card.name} is cancelled and discarded "
                   "with no effect.", "LH-I.3.4-02", player=name, card=cid)
        return
    fx = EFFECTS[cid]
    fx.apply(st, name, o, data, dice, log)
    discard(st, [inst], dice, log)


# --- the cards -----------------------------------------------------------------------------

def _recall_check(st: LohState, name: str, o: dict, data) -> str | None:
    p = st.players[name]
    what = o.get("what", "all")
    if what == "devil" and p.status != "earth":
        return "your Devil is not on Earth"
    if what == "creatures" and not p.earth:
        return "none of your creatures is on Earth"
    if what == "all" and p.status != "earth" and not p.earth:
        return "neither your Devil nor any of your creatures is on Earth"
    return None


@special("special.recall", "LH-IV.1.1-01", _recall_check)
def recall(st: LohState, name: str, o: dict, data, dice, log) -> None:
    """Your Devil and/or creatures on Earth return to Hell now; back in Hell they do not
    roll for Souls this turn (digest §3.3). A homeless player gaining forces in Hell takes
    a home at once and joins the remaining combat rounds (LH-IV.1.1-01, LH-I.2-05)."""
    from pbem.lines import count

    p = st.players[name]
    what = o.get("what", "all")
    back = []
    if what in ("all", "devil") and p.status == "earth":
        p.status = "hell"
        back.append(f"the Devil {data.devils[p.devil].name}")
    if what in ("all", "creatures") and p.earth:
        back.append(count(len(p.earth), "horde") + " ("
                    + ", ".join(data.cards[card_id(st, i)].name for i in p.earth) + ")")
        p.hordes += p.earth
        p.earth = []
    log.public("recalled", f"Recall: {name}'s {' and '.join(back)} return from Earth to Hell "
               "and will not roll for Souls this turn.", "LH-IV.1.1-01", player=name)
    homes.take_home(st, name, data, log, "LH-IV.1.1-01")


def _escape_check(st: LohState, name: str, o: dict, data) -> str | None:
    if st.players[name].status not in ("prisoner", "heaven"):
        return "your Devil is not imprisoned"
    return None


@special("special.escape", "LH-I.1.1-08", _escape_check)
def escape(st: LohState, name: str, o: dict, data, dice, log) -> None:
    """Your imprisoned Devil, held by a Devil or in Heaven, is freed and returns to Hell
    (LH-I.1.1-08, LH-III.4.1-03; digest §3.3); with no home it takes one (LH-I.2-05)."""
    p = st.players[name]
    where = f"{p.captor}'s prison" if p.status == "prisoner" else "Heaven"
    homes.free(st, name, log, "LH-I.1.1-08",
               why=f"Escape frees {data.devils[p.devil].name} from {where}")
    homes.take_home(st, name, data, log)


def _earth_condition(st: LohState, name: str, o: dict, data, dice, log) -> None:
    """Time of Virtue / World War: the Earth condition until the end of this turn's
    gathering (G28), replacing any other (LH-III.2-05)."""
    old = st.earth_condition
    st.earth_condition = o["card"]
    card = data.cards[o["card"]]
    was = f", replacing {data.cards[old].name}" if old and old != o["card"] else ""
    effect = card.text.split(": ", 1)[-1]  # the card text after "Earth condition ...:"
    log.public("earth-condition", f"{card.name} is the Earth condition until the end of "
               f"this turn's gathering{was}: {effect}", "LH-III.2-05", player=name,
               card=o["card"])


for _cid in EARTH_CONDITIONS:
    special(_cid, "LH-III.2-05")(_earth_condition)


@special(SILENCE, "LH-II.2.4-03")
def silence(st: LohState, name: str, o: dict, data, dice, log) -> None:
    """Silence: in force during the next stage's trading window (module docstring)."""
    st.silence = {"by": name, "turn": st.turn, "phase": st.phase,
                     "round": st.round}
    log.public("silence", "Silence: no deal, promise or forced trade will be carried out "
               "in the next stage's trading; it ends when that stage's special cards are "
               "played.", "LH-II.2.4-03", player=name)


def _double_cross_check(st: LohState, name: str, o: dict, data) -> str | None:
    return timing_text(data.cards[double_cross.DOUBLE_CROSS])


effect(double_cross.DOUBLE_CROSS)(Special(_double_cross_check, lambda *a: None,
                                          "LH-I.3.4-02"))
