"""Sleep Late (issue 8): an Action card whose effect is in the Combat Phase.

Cast in the Action Phase ON an enemy Daemon; the Combat Phase's join step
(combat/fight.py) asks `asleep` (hook point combat-join-missed), and the phase's end
fires `wake` (hook point combat-phase-end).
"""

from __future__ import annotations

from pbem.engine import ILLEGAL

from ..errors import OrderError
from ..hooks import hook
from . import conditions
from .magic import RULE as CAST_RULE
from .magic import Cast, Target, spell

SLEEP_LATE = "arcana.sleep-late"


def _enemy_daemon(text: str, ctx) -> tuple[str, dict]:
    d = conditions.daemon_in_play(text, ctx, CAST_RULE)
    if ctx.state.daemons[d].owner == ctx.player:
        raise OrderError(ILLEGAL, f"{ctx.data.daemons[d].name} is your own Daemon",
                         CAST_RULE, "Sleep Late is cast on an enemy Daemon")
    return ctx.data.daemons[d].name, {"daemon": d}


@spell(SLEEP_LATE, target=Target("<enemy Daemon>", _enemy_daemon))
def sleep_late(c: Cast) -> None:
    """003 l.2103: "one enemy Daemon misses its first combat". Read: the first combat of
    this turn's Combat Phase in which it could join (one holding its Triumvirate's
    Legions, or one its JOIN names); it may join a later one. The mark
    (`marks[arcana.sleep-late]`) ends with the Combat Phase."""
    d = c.target_daemon()
    c.st.marks[SLEEP_LATE] = sorted({*(c.st.marks.get(SLEEP_LATE) or []), d})
    c.log.public("sleep-late", f"Sleep Late: {c.who(d)} will miss its first combat this turn",
                 CAST_RULE, card=c.card, daemon=d)


#: Why a sleeping Daemon's JOIN line fails (after its name).
MISSES = "sleeps late and misses this combat (Sleep Late)"


@hook("combat-join-missed", order=10)
def asleep(f, player: str, free: list[str], wants: list[str]) -> dict[str, str]:
    """fight.join: the player's free Daemons that sleep through this combat (Sleep Late),
    each with why; called when the player may join, it wakes them for the next one."""
    from ..combat.cards_casualties import who
    from ..combat.parties import legions

    mark = f.st.marks.get(SLEEP_LATE) or []
    out = {d for d in free if d in mark and (d in wants or legions(f.st, f.sectio, player))}
    for d in sorted(out):
        mark.remove(d)
        f.log.public("sleep-late", f"{who(f, d)} sleeps late and misses the combat in "
                     f"{f.here} (Sleep Late)", CAST_RULE, card=SLEEP_LATE, daemon=d)
    if SLEEP_LATE in f.st.marks and not mark:
        f.st.marks.pop(SLEEP_LATE)
    return {d: MISSES for d in sorted(out)}


@hook("combat-phase-end", order=10)
def wake(st, dice, data, log, last) -> None:
    """The end of the Combat Phase: an unused Sleep Late lapses."""
    st.marks.pop(SLEEP_LATE, None)
