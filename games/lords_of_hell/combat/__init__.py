"""The combat phase (LH-III.3, LH-IV): the phase start, one combat round per stage, the
phase end; and the open fight of the gathering (openfight.py).

A combat round (LH-IV.2-01), resolved from that round stage's sheets:
1. Intentions (intentions.py): rituals without casters discarded, then every army's
   TARGET / NO MOVE / OTHER MOVE revealed. Every army staying put and no unfinished ritual:
   the phase ends at once (LH-III.3-03; `run_round` returns False).
2. Movement and fights (movement.py, fight.py, retreat.py, rolls.py, hits.py).
3. Capture (capture.py). 4. Combat transfers and 5. the support point (aftermath.py).
   An objection to an occupation or swap that an army fights on over: that fight goes on
   (fight.py), then its captures and transfers again (LH-IV.2.4-02).
6. The armies return home (a homeless player with forces takes a realm, LH-I.2-05), and
   the armies that did not move finish rituals (`st.combat["still"]`, then
   cards.rituals.finish_step).

`st.combat` (JSON-compatible, {} outside the phase):
    free_at_start   players not imprisoned when the phase started (LH-III.4-03)
    fights          this round's fights (context.py), for the report and views
    intents         this round's revealed intentions {player: intention}
    still           players whose army did not move this round (LH-IV.2.6-02)
    next_fight      fight id counter
Players: `fresh` (the prisoners held who were free at the phase start and captured in
it, homes.mark_fresh) and `sp_from` (combat SP this turn, LH-IV.2.5-02) are set here;
both are reset when the phase starts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from .. import deck, homes
from ..state import LohState, order_from_starter
from . import aftermath, army, capture, fight, intentions, movement
from .army import casters
from .context import Rt
from .openfight import open_fight

__all__ = ["casters", "end_phase", "has_decisions", "open_fight", "run_round", "start_phase"]


def start_phase(st: LohState, data, dice, log) -> None:
    """LH-III.3-01: rituals face-up, those without casters discarded, imprisoned Devils'
    artifacts discarded; who is free now is recorded."""
    st.combat = {"free_at_start": [n for n in st.seats if st.players[n].status
                                      not in ("prisoner", "heaven")],
                    "fights": [], "intents": {}, "still": [], "next_fight": 0}
    order = order_from_starter(st)
    for name in order:
        p = st.players[name]
        p.fresh, p.sp_from = False, []
        if p.rituals and not p.rituals_up:
            names = ", ".join(data.cards[st.cards[i]].name for i in p.rituals)
            log.public("rituals-revealed", f"{army.label(st, data, name)} turns its rituals "
                       f"face-up: {names}.", "LH-III.3-01", player=name,
                       rituals=[st.cards[i] for i in p.rituals])
        p.rituals_up = True
    intentions.discard_casterless(st, data, dice, log, "LH-III.3-01", order)
    for name in order:
        p = st.players[name]
        if p.status in ("prisoner", "heaven") and p.artifacts:
            names = ", ".join(data.cards[st.cards[i]].name for i in p.artifacts)
            deck.discard(st, list(p.artifacts), dice, log)
            p.artifacts = []
            log.public("artifacts-discarded", f"{army.label(st, data, name)} is imprisoned: "
                       f"its artifacts are discarded ({names}).", "LH-III.3-01", player=name)
        if not army.has_army(st, name):
            log.public("no-army", f"{army.label(st, data, name)} has no army and sits out the "
                       "combat phase.", "LH-IV.1.1-01", player=name)


def has_decisions(st: LohState, data) -> bool:
    """False when no player has an army: the round needs nobody's orders."""
    return bool(army.armies(st))


def run_round(st: LohState, sheets: dict, data, dice, log) -> bool:
    """One combat round (LH-IV.2-01); False when the combat phase ends (LH-III.3-03)."""
    rt = Rt(st, data, dice, log, sheets)
    c = st.combat
    c["fights"], c["still"] = [], []
    log.public("combat-round", f"Combat round {st.round} begins.", "LH-IV.2-01",
               round=st.round)
    intentions.discard_casterless(st, data, dice, log, "LH-IV.2.1-01", rt.order)
    intents = intentions.collect(rt)
    c["intents"] = intents
    rituals_left = any(st.players[n].rituals for n in st.seats)
    if all(i["kind"] == "none" for i in intents.values()) and not rituals_left:
        log.public("combat-over", "Every army stays put and no ritual waits to be finished: "
                   "the combat phase ends.", "LH-III.3-03")
        return False
    fights = movement.plan(rt, intents)
    queue = list(fights)
    done: list[dict] = []
    while queue:
        f = queue.pop(0)
        fight.run(rt, f, queue)
        done.append(f)
    capture.capture_all(rt, done)
    again = aftermath.transfers(rt, done)
    while again:  # LH-IV.2.4-02: a fight goes on over an objection (once a round)
        queue, more = list(again), []
        while queue:
            f = queue.pop(0)
            fight.run(rt, f, queue)
            more.append(f)
        done += [f for f in more if f not in done]
        capture.capture_all(rt, more)
        again = aftermath.transfers(rt, more, again=True)
    aftermath.award_sp(rt, done)
    c["fights"] = done
    _home_and_rituals(rt, intents)
    return True


def _home_and_rituals(rt: Rt, intents: dict[str, dict]) -> None:
    """LH-IV.2.6-01: the armies return home; then the armies that did not move (pursuing
    and retreating are moving) finish rituals, Starter first (cards/rituals.py)."""
    st = rt.st
    homes.homes_for_all(st, rt.data, rt.log)
    still = [n for n in rt.order if n in intents and n not in rt.moved and army.has_army(st, n)]
    st.combat["still"] = still
    for step in round_end_steps():
        step(st, rt.sheets, rt.data, rt.dice, rt.log)


#: What the cards do when a combat round ends, once the armies are home
#: (LH-IV.2.6-01): `step(st, sheets, data, dice, log)`, registered with `@round_end` by
#: the card modules (cards/rituals.py: the rituals finish), run in registration order.
#: This package never imports the cards (they import it); the game's loader.py does.
_ROUND_END: list[Callable] = []


def round_end(step: Callable) -> Callable:
    _ROUND_END.append(step)
    return step


def round_end_steps() -> list[Callable]:
    """The registered steps, once the game's loader has imported every card module."""
    importlib.import_module(f"{__package__.rpartition('.')[0]}.loader")  # by name
    return list(_ROUND_END)


def end_phase(st: LohState, data, dice, log) -> None:
    """Unfinished rituals stay for the gathering to discard (LH-I.3.3-06)."""
    st.combat = {}
