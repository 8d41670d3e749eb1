"""Major Arcana that change who acts when in the Action Phase: extra Actions, places on
the Rank Track, Passing for Good, the end of the phase (issue 8).

One small function per card, registered in effects.ARCANA under the card's id by
`@spell` (action/magic.py, which checks timing, place and costs, runs Counters and
adds up support before calling it); the printed text, timing, place and costs are
data (data/arcana.yaml).

- A Damn Good Day: the caster takes two Actions back to back, right after the card.
- Foul Fluids: a die; unless a 1, the caster acts once more right away.
- A Minor Change: two Daemons waiting behind the caster swap places on the Rank Track.
- Cats in the Dark: a Daemon beaten in a Duel of Stars takes an Incapacitated Daemon's place.
- Protocol: no Daemon of lower rank than the caster may Pass for Good this turn.
- Stop Me: with two Daemons of higher rank supporting, the Action Phase ends.
- Look into the Future: the caster's player learns which Actions two Daemons that have
  not acted yet are ordered to take.
"""

from __future__ import annotations

from pbem.engine import INVALID

from ..errors import OrderError
from ..favours import duel
from ..hooks import hook
from ..orders import orders_of
from . import conditions
from .context import ActionCtx
from .magic import HIGHER_RANK, RULE, Cast, Support, Target, spell
from .spells_incapacitation import _incapacitate

#: Protocol keeps in st.marks the lowest Rank Number of its casters this turn: no Daemon of
#: lower rank (higher Rank Number) may Pass for Good.
PROTOCOL = "arcana.protocol"


def _two_daemons(word: str):
    """`ON <Daemon> <word> <Daemon>`: two Daemons in play, read as (first, second)."""

    def parse(text: str, ctx) -> tuple[str, dict]:
        words = text.split()
        upper = [w.upper() for w in words]
        if word not in upper[1:-1]:
            raise OrderError(INVALID, f"{text.strip()!r} does not name two Daemons", RULE,
                             f"write ON <Daemon> {word} <Daemon>")
        cut = upper.index(word, 1)
        first = conditions.daemon_in_play(" ".join(words[:cut]), ctx, RULE)
        second = conditions.daemon_in_play(" ".join(words[cut + 1:]), ctx, RULE)
        names = ctx.data.daemons
        return f"{names[first].name} {word} {names[second].name}", {"first": first,
                                                                     "second": second}

    return parse


# -- A Damn Good Day ----------------------------------------------------------------------------

@spell("arcana.a-damn-good-day")
def a_damn_good_day(c: Cast) -> None:
    """"During this Action Phase the caster may take two Actions back to back (playing
    this card does not count as one of them)." Read: the caster comes up twice more on
    the Rank Track right after this Action (HG-9.1-01), before any other Daemon; each
    time its lines are tried again as after a Pass (an empty March if none applies, A-10:
    it is not its first time up, so it may not Pass for Good). A Pass in one of them moves
    that turn back as usual (HG-9.4-01)."""
    q = c.actx.queue
    if c.daemon in q.waiting[:1]:
        q.waiting[1:1] = [c.daemon, c.daemon]
    c.log.public("damn-good-day", f"{c.who()} has a damn good day: it takes two more "
                 "Actions now, back to back", "HG-9.1-01", card=c.card, daemon=c.daemon)


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


# -- A Minor Change ------------------------------------------------------------------------------

def _minor_change_check(c: Cast) -> str | None:
    mine, other = c.target["first"], c.target["second"]
    st, data, q = c.st, c.data, c.actx.queue
    if st.daemons[mine].owner != c.player or mine == c.daemon:
        return (f"{data.daemons[mine].name} is not another Daemon of {c.player}'s: A Minor "
                "Change swaps one of the caster's other Daemons")
    if mine == other:
        return "A Minor Change needs two different Daemons"
    for d in (mine, other):
        if st.daemons[d].incapacitated:
            return f"{data.daemons[d].name} is Incapacitated"
        if d not in q.waiting[1:]:
            return (f"{data.daemons[d].name} is not waiting behind {data.daemons[c.daemon].name}"
                    " on the Rank Track: A Minor Change needs two Daemons ranked lower than "
                    "the caster that have not acted")
    return None


@spell("arcana.a-minor-change", target=Target("<your Daemon> AND <Daemon>",
                                              _two_daemons("AND")), check=_minor_change_check)
def a_minor_change(c: Cast) -> None:
    """"Immediately swap one Daemon of the caster's own Triumvirate (not the caster
    itself) with another Daemon that has not yet acted"; both rank lower than the caster
    and are not Incapacitated. Read (arcana.yaml notes): they swap places on this phase's
    Rank Track (HG-9.1-01); "rank lower" = waiting behind the caster now, which is what
    the Rank Track shows this phase (Passes included). The other Daemon may be anyone's."""
    mine, other = c.target["first"], c.target["second"]
    w = c.actx.queue.waiting
    if mine not in w or other not in w:  # a Counter's side effect could not change this
        c.log.public("minor-change", "A Minor Change finds nothing to swap", RULE,
                     card=c.card)
        return
    i, j = w.index(mine), w.index(other)
    w[i], w[j] = w[j], w[i]
    c.log.public("minor-change", f"{c.who(mine)} and {c.who(other)} swap places on the Rank "
                 "Track for this Action Phase", "HG-9.1-01", card=c.card,
                 daemons=[mine, other])


# -- Cats in the Dark ----------------------------------------------------------------------------

def _cats_target(text: str, ctx) -> tuple[str, dict]:
    canonical, t = _two_daemons("FOR")(text, ctx)
    return canonical, {"daemon": t["first"], "freed": t["second"]}


def _cats_check(c: Cast) -> str | None:
    t, freed = c.target["daemon"], c.target["freed"]
    st, data = c.st, c.data
    if t == c.daemon:
        return "the caster cannot duel itself"
    if st.daemons[t].incapacitated:
        return f"{data.daemons[t].name} is Incapacitated already"
    if not st.daemons[freed].incapacitated:
        return f"{data.daemons[freed].name} is not Incapacitated"
    if st.daemons[t].where != st.daemons[freed].where:
        return (f"{data.daemons[t].name} and {data.daemons[freed].name} are not both in Hell "
                "or both on Earth")
    return None


@spell("arcana.cats-in-the-dark", target=Target("<Daemon> FOR <Incapacitated Daemon>",
                                                _cats_target), check=_cats_check)
def cats_in_the_dark(c: Cast) -> None:
    """A Duel of Stars with the target (HG-3.4-05); if the caster wins, the beaten Daemon
    is Incapacitated (printed recovery) and the Incapacitated one named recovers (the
    arcana.yaml reading of "takes the place of"). The one freed is off this phase's Rank
    Track and acts next turn (HG-9.0-02: the queue was built without it)."""
    t, freed = c.target["daemon"], c.target["freed"]
    winner = duel(c.st, c.data, c.dice, [c.daemon, t], "stars",
                  f"HG-3.4-05 Cats in the Dark: Duel of Stars, {c.who()} against {c.who(t)}")
    if winner != c.daemon:
        c.log.public("cats-in-the-dark", f"{c.who(t)} wins the Duel of Stars: nothing changes",
                     "HG-3.4-05", card=c.card, daemon=t, winner=winner)
        return
    if not c.st.daemons[freed].incapacitated or c.st.daemons[t].incapacitated:
        c.log.public("cats-in-the-dark", f"{c.who()} wins the Duel of Stars, but there is "
                     "no place left to take", "HG-3.4-05", card=c.card, daemon=t)
        return
    gone = _incapacitate(c, t, None)
    if not c.st.daemons[t].incapacitated:  # Agares on Earth cannot be
        c.log.public("cats-in-the-dark", f"{c.who()} wins the Duel of Stars{gone}",
                     "HG-3.4-05", card=c.card, daemon=t)
        return
    f = c.st.daemons[freed]
    f.incapacitated, f.recover_by = False, None
    c.log.public("cats-in-the-dark", f"{c.who()} wins the Duel of Stars: {c.who(t)} takes "
                 f"the place of {c.who(freed)}, who recovers; {c.data.daemons[t].name} is "
                 f"Incapacitated{gone}", "HG-3.4-05", card=c.card, daemon=t, freed=freed)


# -- Protocol -------------------------------------------------------------------------------


@spell(PROTOCOL)
def protocol(c: Cast) -> None:
    """003 l.2057: every Daemon "of lower rank" than the caster (a higher Rank Number,
    HG-9.1-01), the caster's own Triumvirate's too, may not Pass for Good this turn. The
    Action core asks `protocol_forbids` (hook point "pass-for-good-forbidden"): it refuses
    their PASS FOR GOOD lines, and their
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


@hook("pass-for-good-forbidden", order=10)
def protocol_forbids(actx: ActionCtx) -> str | None:
    """Why Protocol forbids the acting Daemon to Pass for Good this turn, or None."""
    mark = actx.st.marks.get(PROTOCOL)
    if not mark or actx.data.daemons[actx.daemon].rank <= mark["rank"]:
        return None
    caster = actx.data.daemons[mark["daemon"]].name
    return (f"Protocol, cast by {caster}, forbids Daemons of lower rank to Pass for Good "
            f"this turn [{PROTOCOL}]")


@hook("action-phase-ends", order=10)
def protocol_ends(st, data, dice, log, sheets, queue, started) -> None:
    """"This turn": once the Action Phase is over, the only Pass for Good of the turn is
    past."""
    st.marks.pop(PROTOCOL, None)


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


# -- Look into the Future -------------------------------------------------------------------


def _future_daemons(text: str, ctx) -> tuple[str, dict]:
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


@spell("arcana.look-into-the-future", target=Target("<Daemon> AND <Daemon>", _future_daemons),
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
