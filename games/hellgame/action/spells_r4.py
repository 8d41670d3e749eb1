"""Major Arcana effects, batch r4 (issue 8): see spells.py for the conventions.

- Double Cross: a Counter that cancels the card it answers (its "reflect" half is not
  offered: the default, cancel, always applies).
- Protocol: no Daemon of lower rank than the caster may Pass for Good this turn.
- Foul Fluids: a die; unless a 1, the caster acts once more right away.
- Stop Me: with two Daemons of higher rank supporting, the Action Phase ends.
- Recruit: a Daemon not in play joins the caster's Triumvirate and acts this turn if
  its Rank has not gone by.
- Look into the Future: the caster's player learns which Actions two Daemons that have
  not acted yet are ordered to take.
"""

from __future__ import annotations

from pbem.engine import INVALID

from ..errors import OrderError
from ..log import count
from ..orders import orders_of
from ..state import Daemon
from . import conditions
from .magic import HIGHER_RANK, RULE, Cast, Support, Target, spell
from .simple import PROTOCOL

# -- Double Cross ---------------------------------------------------------------------------


@spell("arcana.double-cross", cancels=True)
def double_cross(c: Cast) -> None:
    """003 l.1727: "cancel or reflect the effects of any Arcana card just played by
    another Daemon". A Counter (its flags), played by a standing COUNTER order. Only the
    cancelling is implemented, as It Did Not Work...: "reflecting" would need a new
    target for the card, which no order gives; cancelling is the default and the log
    says so. The cancelled card's costs stay paid (HG-9.8.1-04)."""
    a = c.answers
    c.log.public("countered", f"{a.name} of {c.who(a.daemon)} is cancelled by a Double Cross "
                 "(cancel, not reflect: the default)", "HG-9.8.2-01", card=a.card, by=c.card)


# -- Protocol -------------------------------------------------------------------------------


@spell("arcana.protocol")
def protocol(c: Cast) -> None:
    """003 l.2057: every Daemon "of lower rank" than the caster (a higher Rank Number,
    HG-9.1-01), the caster's own Triumvirate's too, may not Pass for Good this turn. The
    Action core (simple.protocol_forbids) refuses their PASS FOR GOOD lines, and their
    default becomes an empty March (A-10's fallback). A Daemon recalled from Earth that
    must Pass for Good (HG-10.1-03) still does: that is a penalty, not an Action chosen.
    The mark is cleared when the Action Phase ends."""
    rank = c.data.daemons[c.daemon].rank
    mark = c.st.marks.get(PROTOCOL)
    if not mark or rank < mark["rank"]:
        c.st.marks[PROTOCOL] = {"rank": rank, "daemon": c.daemon}
    lower = sorted((d for d in c.st.daemons if c.data.daemons[d].rank > rank),
                   key=lambda d: c.data.daemons[d].rank)
    who = ", ".join(c.data.daemons[d].name for d in lower) or "none is in play"
    c.log.public("protocol", f"Protocol: no Daemon of lower rank than "
                 f"{c.data.daemons[c.daemon].name} may Pass for Good this turn ({who})",
                 RULE, card=c.card, daemon=c.daemon, rank=rank)


# -- Foul Fluids ----------------------------------------------------------------------------


@spell("arcana.foul-fluids")
def foul_fluids(c: Cast) -> None:
    """003 l.1815: "unless he rolls a 1, the caster may take two Actions in this Action
    Phase; a 1 means he drank too much and is blocked". Read as: the cast is the first
    of the two Actions, and on 2-6 the caster comes up again at once for a second one
    (its lines tried again in sheet order; it has come up before, so it may not Pass
    for Good, HG-9.3-01). On a 1 it is "blocked": it takes no further Action this phase
    (the card does not say Incapacitated, so it is not). A caster acting out of sequence
    (not at the head of the Rank Track) gains nothing."""
    roll = c.dice.roll(f"{RULE} Foul Fluids: {c.who()} drinks", c.player)
    q = c.actx.queue
    name = c.data.daemons[c.daemon].name
    if roll == 1:
        c.log.public("foul-fluids", f"Foul Fluids: {c.who()} rolls 1, drinks too much and is "
                     "blocked: no further Action this phase", RULE, card=c.card,
                     daemon=c.daemon, roll=roll)
        return
    if not q.waiting or q.waiting[0] != c.daemon:
        c.log.public("foul-fluids", f"Foul Fluids: {c.who()} rolls {roll}, but does not "
                     "stand on the Rank Track now, so it gains no Action", RULE, card=c.card,
                     daemon=c.daemon, roll=roll)
        return
    q.waiting.insert(1, c.daemon)
    c.log.public("foul-fluids", f"Foul Fluids: {c.who()} rolls {roll}: {name} takes a "
                 "second Action at once", RULE, card=c.card, daemon=c.daemon, roll=roll)


# -- Stop Me --------------------------------------------------------------------------------

#: "two Daemons of higher rank than his" give magical support (the caster not counted).
STOP_ME = Support(HIGHER_RANK, 2, includes_caster=False)


@spell("arcana.stop-me", support=STOP_ME)
def stop_me(c: Cast) -> None:
    """003 l.2131: with the support of two Daemons of higher rank (a lower Rank Number,
    HG-9.1-01; supporters of lower rank add nothing), the Action Phase ends at once:
    every Daemon still waiting takes no Action this turn. The phase's closing checks
    (Walpurgis Night, Council, ...) still run."""
    q = c.actx.queue
    if q.waiting and q.waiting[0] == c.daemon:
        left, q.waiting[1:] = q.waiting[1:], []
    else:  # cast out of sequence: nobody is "up"
        left, q.waiting[:] = list(q.waiting), []
    left = list(dict.fromkeys(left))
    who = ", ".join(c.who(d) for d in left) or "none was waiting"
    c.log.public("stop-me", f"Stop Me: the Action Phase ends now; no further Action is "
                 f"taken ({who})", RULE, card=c.card, daemons=left)


# -- Recruit --------------------------------------------------------------------------------


def _recruit_check(c: Cast) -> str | None:
    n = len(c.st.daemons_of(c.player))
    if n > 2:
        return f"{c.player} has {count(n, 'Daemon')}; Recruit needs two or fewer " \
               "(Incapacitated ones count)"
    if not c.st.daemon_deck:
        return "the Daemon deck is empty"
    return None


@spell("arcana.recruit", check=_recruit_check)
def recruit(c: Cast) -> None:
    """003 l.2070: a Daemon not in play, at random (the top of the Daemon deck, shuffled at
    setup: HG-3.3-02, as Come On Join Us), joins the caster's Triumvirate in Hell at once.
    It acts this turn "unless its rank has already gone by": if the Daemon acting now
    comes before it in Rank order (HG-9.1-01; reversed under Twelfth Night), it joins
    the Rank Track before the first waiting Daemon that comes after it; else it takes no
    Action this turn."""
    from .. import events
    from ..hellcards.turn_rules import TWELFTH_NIGHT

    st, data, q = c.st, c.data, c.actx.queue
    new = st.daemon_deck.pop(0)
    st.players[c.player].daemons.append(new)
    st.daemons[new] = Daemon(new, c.player)
    sign = -1 if events.in_force(st, TWELFTH_NIGHT) else 1

    def key(d: str) -> tuple[int, str]:
        return (sign * data.daemons[d].rank, d)

    now = q.waiting[0] if q.waiting else c.daemon
    if key(new) > key(now):
        after = [i for i, d in enumerate(q.waiting) if i > 0 and key(d) > key(new)]
        q.waiting.insert(after[0] if after else len(q.waiting), new)
        acts = "it acts this turn in its Rank order"
    else:
        acts = "its Rank has gone by, so it takes no Action this turn"
    c.log.public("recruit", f"Recruit: {data.daemons[new].name} joins {c.player}'s "
                 f"Triumvirate in Hell; {acts}", RULE, card=c.card, player=c.player,
                 daemon=new)


# -- Look into the Future -------------------------------------------------------------------


def _two_daemons(text: str, ctx) -> tuple[str, dict]:
    """`ON <Daemon> AND <Daemon>`: two different Daemons in play."""
    words = text.split()
    cuts = [i for i, w in enumerate(words) if w.upper() == "AND" and 0 < i < len(words) - 1]
    first = None
    for i in cuts:
        try:
            a = conditions.daemon_in_play(" ".join(words[:i]), ctx, RULE)
            b = conditions.daemon_in_play(" ".join(words[i + 1:]), ctx, RULE)
        except OrderError as e:
            first = first or e
            continue
        if a == b:
            raise OrderError(INVALID, "Look into the Future needs two different Daemons",
                             RULE, "write ON <Daemon> AND <Daemon>")
        names = ctx.data.daemons
        return f"{names[a].name} AND {names[b].name}", {"daemons": [a, b]}
    raise first or OrderError(INVALID, f"{text.strip()!r} does not name two Daemons", RULE,
                              "write ON <Daemon> AND <Daemon>, e.g. ON Baal AND Caim")


def _future_check(c: Cast) -> str | None:
    q = c.actx.queue
    for d in c.target["daemons"]:
        name = c.data.daemons[d].name
        if d not in c.st.daemons:
            return f"{name} is no longer in play"
        if c.st.daemons[d].incapacitated:
            return f"{name} is Incapacitated and takes no Action this phase [HG-9.0-02]"
        if d not in q.waiting[1:] or d in q.taken:
            return f"{name} has acted already this Action Phase; Look into the Future asks " \
                   "two Daemons that have not"
    return None


@spell("arcana.look-into-the-future", target=Target("<Daemon> AND <Daemon>", _two_daemons),
       check=_future_check)
def look_into_the_future(c: Cast) -> None:
    """003 l.1968: two Daemons that have not acted yet say what Actions they will take;
    they may not lie, need not give every detail, and must do what they said. By mail
    their Action lines are written already and bind them, so the caster's player is told
    privately, for each, the kinds of its Action lines in sheet order (the Action it will
    take is the first of them that can be carried out; conditions and details are not
    told), or that it has none (IP-18: it will Pass for Good)."""
    for d in c.target["daemons"]:
        player = c.actx.queue.controller.get(d, c.st.daemons[d].owner)
        own = c.st.daemons[d].owner == player
        kinds = [o["kind"] for o in orders_of(c.actx.sheets.get(player), "ACTION")
                 if o["daemon"] == d and bool(o.get("borrowed")) != own]
        said = ", then ".join(kinds) if kinds else "no Action line (the default applies)"
        c.log.private(c.player, "look-into-the-future", f"Look into the Future: {c.who(d)} "
                      f"will take: {said}", RULE, card=c.card, daemon=d, kinds=kinds)
    names = " and ".join(c.who(d) for d in c.target["daemons"])
    c.log.public("look-into-the-future", f"Look into the Future: {names} tell "
                 f"{c.player} which Actions they will take", RULE, card=c.card,
                 daemons=c.target["daemons"])
