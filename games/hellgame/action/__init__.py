"""The Action Phase (chapter 9): every Daemon acts once, in Rank order, from its orders.

At the table this phase is interactive; by email each Daemon's lines on the sheet are
alternatives tried in order when it comes up, with conditions on what has happened so
far (orders/actions.py, conditions.py). An alternative that cannot be carried out is
reported on the player's report with the reason and the next one is tried; the phase
never stops for a bad order. With none left, the default applies (IP-18): Pass for Good
the first time the Daemon comes up, an empty March once it has Passed (A-10).

What cards and Daemon abilities change in the phase, they say through hook points
(games/hellgame/hooks.py, "The Action Phase"): the phase names no card and imports none.
The kinds of Action are registered by action/catalog.py (and ABILITY by
action/abilities.py), which loader.py imports, as every registrant: this package imports
neither, so that importing one of its modules (action.flight ...) pulls in no Action.
"""

from __future__ import annotations

from .. import effects, hooks
from ..orders import orders_of
from ..orders.failures import FAILED, line_of
from . import conditions
from .context import ActionCtx, Queue
from .kinds import EARTH, HELL, KINDS, place_refusal
from .queue import build, choose_pass_card, play_pass
from .simple import pass_for_good_forbidden, return_to_hell

__all__ = ["run", "Queue", "ActionCtx"]

KEYWORD = "ACTION"


def run(st, sheets, dice, data, log) -> Queue:
    """Play the phase; returns its Rank Track queue (what each Daemon took), for tests."""
    queue = build(st, data)
    started = list(queue.waiting)
    hooks.fire("action-phase-begins", st, data, log, started)  # Twelfth Night says so
    for d in sorted(st.daemons.values(), key=lambda d: (data.daemons[d.id].rank, d.id)):
        if d.incapacitated:  # HG-9.0-02
            log.public("incapacitated", f"{data.daemons[d.id].name} ({d.owner}) is "
                       f"Incapacitated and takes no Action", "HG-9.0-02", daemon=d.id)
            _unused(log, sheets, d.owner, d.id, data, "it is Incapacitated and takes no "
                    "Action [HG-9.0-02]")
    turns = 0
    while queue.waiting:
        turns += 1
        if turns > 1000:  # every Pass spends a card: this cannot loop, but never hang
            raise RuntimeError("the Action Phase did not end")
        daemon = queue.waiting[0]
        d = st.daemons.get(daemon)
        if d is None or d.incapacitated:  # killed or Incapacitated earlier in the phase
            queue.waiting.pop(0)
            continue
        # IP-34: a Daemon won with A Small Favour acts for the winner, from his sheet
        player = queue.controller.get(daemon, d.owner)
        actx = ActionCtx(st, data, dice, log, sheets, queue, player, daemon)
        if _up(actx, _alternatives(st, sheets, player, daemon)):
            continue  # it Passed: the queue moved it back
        queue.waiting.pop(0)
    for daemon in started:  # issue 20: lines of Daemons that never came up, to their owners
        if daemon not in queue.seen and daemon not in queue.taken:  # (a Counter takes one)
            d = st.daemons.get(daemon)
            owner = next((p for p in st.seats if any(
                o["daemon"] == daemon and not o.get("borrowed")
                for o in orders_of(sheets.get(p), KEYWORD))), None)
            _unused(log, sheets, owner, daemon, data, "it was destroyed before it came up"
                    if d is None else "it was Incapacitated before it came up [HG-9.0-02]"
                    if d.incapacitated else "the Action Phase ended before it came up")
    # Protocol ends; Play Right Away cards (HG-6.3.1-01); Walpurgis Night, Council, Long
    # Parliament look back on the phase now it is over
    hooks.fire("action-phase-ends", st, data, dice, log, sheets, queue, started)
    return queue


def _alternatives(st, sheets, player: str, daemon: str) -> list[dict]:
    """The Daemon's lines on the sheet of the player acting for it, in sheet order: its
    owner's own lines, or a controller's BORROWED lines (IP-34)."""
    own = st.daemons[daemon].owner == player
    return [o for o in orders_of(sheets.get(player), KEYWORD)
            if o["daemon"] == daemon and bool(o.get("borrowed")) != own]


def _up(actx: ActionCtx, alternatives: list[dict]) -> bool:
    """The Daemon is up: take the first alternative that works. True if it Passed."""
    q, name = actx.queue, _name(actx)
    first_time = actx.daemon not in q.seen
    q.seen.add(actx.daemon)
    if first_time and actx.st.daemons[actx.daemon].pass_for_good:
        # Uriel or Wrath of Angels sent it back from Earth: it must Pass for Good
        # (HG-10.1-03, IP-52); the flag is used up.
        actx.st.daemons[actx.daemon].pass_for_good = False
        q.taken[actx.daemon] = "PASS FOR GOOD"
        actx.log.public("pass-for-good", f"{name} must Pass for Good this turn (recalled "
                        f"from Earth)", "HG-10.1-03", daemon=actx.daemon,
                        forced=True)
        hooks.fire("passed-for-good", actx)  # Ashtaroth's Favour
        _unused(actx.log, actx.sheets, actx.player, actx.daemon, actx.data, "it was "
                "recalled from Earth and must Pass for Good this turn [HG-10.1-03]",
                borrowed=actx.st.daemons[actx.daemon].owner != actx.player)
        return False
    if hooks.first("daemon-up", actx, first_time):  # A Bad Day, Mania ... (HG-6.3.1-01)
        return False
    copy = hooks.first("action-kind-forced", actx)  # Mad Love: the beloved's kind only
    if copy is not None:
        alternatives = [a for a in alternatives if a["kind"] == copy]
    for alt in alternatives:
        label = f"{name}: {alt['kind']}"
        if alt.get("if") is not None and not conditions.holds(alt["if"], actx):
            _note(actx, f"{label} skipped: its condition does not hold")
            continue
        if alt["kind"] == "PASS":
            cid, why = choose_pass_card(actx, alt["action"])
            if cid is None:
                _failed(actx, alt, f"{label} not possible: {why}")
                continue
            play_pass(actx, cid)
            return True
        if alt["kind"] == "PASS FOR GOOD" and not first_time:
            _failed(actx, alt, f"{label} not possible: only when the Daemon first comes up "
                               f"[HG-9.3-01]")
            continue
        why = _take(actx, alt)
        if why is None:
            q.taken[actx.daemon] = alt["kind"]
            return False
        _failed(actx, alt, f"{label} not possible: {why}")
    if copy is not None:
        hooks.fire("action-kind-forced-failed", actx, copy)
        return False
    _default(actx, first_time)
    return False


def _take(actx: ActionCtx, alt: dict) -> str | None:
    kind = KINDS[alt["kind"]]
    d = actx.st.daemons[actx.daemon]
    if kind.run is None:  # only PASS, played by `_up` before this (kinds.register)
        raise effects.RegistryBroken(f"the {kind.keyword} Action has no run: the Action "
                                     "registry is broken")
    why = place_refusal(kind, d.where)  # the sheet check asks it too (orders/actions.py)
    if why:
        return why
    if kind.place == HELL and d.where == EARTH and kind.keyword != "WALK THE EARTH":
        # HG-9.6-03: an Action affecting Hell brings the Daemon back, then is carried out
        mark = len(actx.log.events)
        d.where = HELL
        why = kind.run(actx, alt["action"])
        if why is not None:
            d.where = EARTH  # nothing happened: it stays on Earth
            return why
        return_to_hell(actx, f" to {kind.keyword.lower()}")
        actx.log.events.insert(mark, actx.log.events.pop())  # said before the Action
        return None
    return kind.run(actx, alt["action"])


def _default(actx: ActionCtx, first_time: bool) -> None:
    """IP-18: Pass for Good at the first turn; after a Pass, or where a card forbids
    Passing for Good (Protocol), an empty March (A-10)."""
    q = actx.queue
    forbidden = first_time and actx.daemon not in q.passed and pass_for_good_forbidden(actx)
    if forbidden:
        q.taken[actx.daemon] = "MARCH"
        actx.log.public("empty-march", f"{_name(actx)} may not Pass for Good ({forbidden}), "
                        "so it takes an empty March (no order applies: default)", "A-10",
                        daemon=actx.daemon, default=True)
    elif first_time and actx.daemon not in q.passed:
        q.taken[actx.daemon] = "PASS FOR GOOD"
        actx.log.public("pass-for-good", f"{_name(actx)} Passes for Good (no order "
                        f"applies: default)", "HG-9.3-01", daemon=actx.daemon, default=True)
        hooks.fire("passed-for-good", actx)  # Ashtaroth's Favour
    else:
        q.taken[actx.daemon] = "MARCH"
        actx.log.public("empty-march", f"{_name(actx)} has Passed and may not Pass for Good, "
                        f"so it takes an empty March (no order applies: default)", "A-10",
                        daemon=actx.daemon, default=True)


def _note(actx: ActionCtx, text: str) -> None:
    """Why an alternative was not tried (its condition does not hold): for the player
    who ordered it."""
    actx.log.private(actx.player, "action-skipped", text, "HG-9.2-01", daemon=actx.daemon)


def _failed(actx: ActionCtx, alt: dict, text: str) -> None:
    """An alternative tried that could not be carried out: for the player who ordered it
    (issue 20: kind "order-failed", with the line it came from)."""
    r = line_of(actx.sheets.get(actx.player), alt)
    actx.log.private(actx.player, FAILED, text, "HG-9.2-01", daemon=actx.daemon,
                     line=r.line_no if r else None, order=r.canonical if r else "",
                     type=KEYWORD)


def _unused(log, sheets, player: str | None, daemon: str, data, why: str,
            borrowed: bool = False) -> None:
    """The Daemon's lines on `player`'s sheet were never tried: one "order-failed" event
    for him naming them (issue 20). BORROWED lines are for a Daemon he may never
    control: not reported unless `borrowed` (he controls it now)."""
    sheet = sheets.get(player) if player is not None else None
    lines = [r for r in (sheet.lines if sheet is not None else []) if r.ok and r.order
             and r.order["type"] == KEYWORD and r.order["daemon"] == daemon
             and bool(r.order.get("borrowed")) == borrowed]
    if not lines:
        return
    nums = ", ".join(str(r.line_no) for r in lines)
    what = f"line {nums} ({lines[0].canonical}) was" if len(lines) == 1 else \
        f"lines {nums} were"
    log.private(player, FAILED, f"{data.daemons[daemon].name}: your {what} not used: {why}.",
                "HG-9.2-01", daemon=daemon, lines=[r.line_no for r in lines],
                line=lines[0].line_no, order=lines[0].canonical, type=KEYWORD)


def _name(actx: ActionCtx) -> str:
    return actx.label()
