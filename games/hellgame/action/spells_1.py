"""Major Arcana effects, batch 1 (issue 8): see spells.py for the conventions.

- A Damn Good Day: the caster takes two Actions back to back, right after the card.
- A Minor Change: two Daemons waiting behind the caster swap places on the Rank Track.
- Atrocity: discard 2 Disfavours.
- Blood for Lilith: a Lieutenant of the caster's is sacrificed; Lilith appears there.
- Call for Lilith: 10 Stars of support, the caster's not counted (A-40); Lilith in AnteHell.
- Carnossa: lose 1 Disfavour; the caster is Incapacitated.
- Cats in the Dark: a Daemon beaten in a Duel of Stars takes an Incapacitated Daemon's place.
- Clever Old Woman: Incapacitate a Daemon on Earth, no roll.
- Come On Join Us: the top Daemon of the Daemon deck joins the caster's Triumvirate.
"""

from __future__ import annotations

from pbem.engine import INVALID

from ..errors import OrderError
from ..favours import duel
from ..log import count
from ..names import match
from ..orders.common import place_name
from ..random_moves import bring_lilith
from ..random_moves.common import being
from ..state import ANTEHELL, LIEUTENANT, LILITH, Daemon
from . import conditions
from .magic import DAEMON, RULE, Cast, Support, Target, spell
from .spells import _incapacitate


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


# -- Atrocity -----------------------------------------------------------------------------------

def _atrocity_check(c: Cast) -> str | None:
    if not c.st.players[c.player].disfavours:
        return f"{c.player} has no Disfavour for Atrocity to discard"
    return None


@spell("arcana.atrocity", check=_atrocity_check)
def atrocity(c: Cast) -> None:
    """"Immediately discard 2 Disfavours" (On Earth): the caster's Triumvirate loses up
    to 2 (HG-14.1-01); with one, that one. Cast only while it has one (its check)."""
    p = c.st.players[c.player]
    n = min(2, p.disfavours)
    p.disfavours -= n
    c.log.public("atrocity", f"{c.player} discards {count(n, 'Disfavour')} after {c.who()}'s "
                 "atrocity on Earth", "HG-14.1-01", card=c.card, player=c.player, count=n)


# -- Blood for Lilith ----------------------------------------------------------------------------

def _lieutenant_target(text: str, ctx) -> tuple[str, dict]:
    names = {lid: [lt.name] for lid, lt in sorted(ctx.data.lieutenants.items())}
    lt = match(text, names, "Lieutenant", RULE)
    return ctx.data.lieutenants[lt].name, {"lieutenant": lt}


def _sacrifice(c: Cast):
    found = [u for u in c.st.units if u.kind == LIEUTENANT and u.owner == c.player
             and u.ref == c.target["lieutenant"]]
    return found[0] if found else None


def _lilith_in_play(c: Cast) -> bool:
    return being(c.st, LILITH) is not None


def _blood_check(c: Cast) -> str | None:
    if _sacrifice(c) is None:
        return (f"{c.player} has no Lieutenant {c.data.lieutenants[c.target['lieutenant']].name}"
                " on the map to sacrifice")
    if _lilith_in_play(c):
        return "Lilith is in play already [HG-10.2-01]"
    return None


@spell("arcana.blood-for-lilith", target=Target("<your Lieutenant>", _lieutenant_target),
       check=_blood_check)
def blood_for_lilith(c: Cast) -> None:
    """The caster's Lieutenant named is removed (his Bonus Pay with him) and Lilith
    appears where he stood, aspect undecided, nobody's (A-14: the printed place wins;
    HG-10.2-01). Refused while Lilith is in play: nothing would come of the blood."""
    lt = _sacrifice(c)
    place = lt.location
    c.st.remove_unit(lt.id)
    c.log.public("blood-for-lilith", f"{c.player} sacrifices Lieutenant "
                 f"{c.data.lieutenants[lt.ref].name} in {place_name(place, c.data)} to Lilith",
                 RULE, card=c.card, unit=lt.id, sectio=place)
    bring_lilith(c.st, c.data, c.log, sectio=place)


# -- Call for Lilith -----------------------------------------------------------------------------

#: 10 Stars from the supporters, the caster's not counted: the printed text (A-40).
CALL_FOR_LILITH = Support("stars", 10, includes_caster=False)


@spell("arcana.call-for-lilith", support=CALL_FOR_LILITH)
def call_for_lilith(c: Cast) -> None:
    """Lilith appears in AnteHell (A-14, the printed place), her aspect decided in the
    Random Movement Phase (HG-10.2-01). Support per A-40: 10 Stars, the caster's own
    not counted, as printed (000's example counting the caster is Love for Lilith's)."""
    c.log.public("lilith", "Lilith hears the call: she is to appear in AnteHell, her aspect "
                 "not yet decided, controlled by no Triumvirate", RULE, card=c.card)
    bring_lilith(c.st, c.data, c.log, sectio=ANTEHELL)


# -- Carnossa ------------------------------------------------------------------------------------

def _carnossa_check(c: Cast) -> str | None:
    if not c.st.players[c.player].disfavours:
        return f"{c.player} has no Disfavour for Carnossa to remove"
    return None


@spell("arcana.carnossa", check=_carnossa_check)
def carnossa(c: Cast) -> None:
    """Lose 1 Disfavour (HG-14.1-01); the caster is Incapacitated and recovers by the
    printed roll (HG-13.2-01). Cast only while the Triumvirate has a Disfavour."""
    c.st.players[c.player].disfavours -= 1
    gone = _incapacitate(c, c.daemon, None)
    c.log.public("carnossa", f"{c.player} loses 1 Disfavour and {c.who()} is Incapacitated"
                 f"{gone}", "HG-14.1-01", card=c.card, daemon=c.daemon)


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


# -- Clever Old Woman ----------------------------------------------------------------------------

def _clever_check(c: Cast) -> str | None:
    t = c.target["daemon"]
    if t == c.daemon:
        return "the caster cannot trick itself"
    if c.st.daemons[t].incapacitated:
        return f"{c.data.daemons[t].name} is Incapacitated already"
    return None


@spell("arcana.clever-old-woman", target=DAEMON, check=_clever_check)
def clever_old_woman(c: Cast) -> None:
    """A Daemon on Earth (the card's place: caster and target both there, HG-9.8.1-02) is
    Incapacitated with no roll; it recovers by the printed roll (HG-13.2-01)."""
    t = c.target["daemon"]
    gone = _incapacitate(c, t, None)
    c.log.public("clever-old-woman", f"A clever old woman tricks {c.who(t)}"
                 f"{'' if gone.startswith(' but') else ', who is Incapacitated'}{gone}",
                 RULE, card=c.card, daemon=t)


# -- Come On Join Us ----------------------------------------------------------------------------

def _join_check(c: Cast) -> str | None:
    n = len(c.st.daemons_of(c.player))
    if n > 2:
        return f"{c.player} has {count(n, 'Daemon')}; Come On Join Us needs two or fewer"
    if not c.st.daemon_deck:
        return "the Daemon deck is empty"
    return None


@spell("arcana.come-on-join-us", check=_join_check)
def come_on_join_us(c: Cast) -> None:
    """The Daemon on top of the Daemon deck (shuffled at setup, so random: HG-3.3-02)
    joins the caster's Triumvirate in Hell; it is not on this phase's Rank Track, so it
    takes no Action this turn (the card's text)."""
    new = c.st.daemon_deck.pop(0)
    c.st.players[c.player].daemons.append(new)
    c.st.daemons[new] = Daemon(new, c.player)
    c.log.public("come-on-join-us", f"{c.data.daemons[new].name} joins {c.player}'s "
                 "Triumvirate in Hell; it takes no Action this turn", RULE, card=c.card,
                 player=c.player, daemon=new)
