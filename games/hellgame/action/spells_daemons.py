"""Major Arcana that change who commands a Daemon or a Unit: Daemons and Lieutenants
that change sides, join, are borrowed or Pass for Good (issue 8).

One small function per card, registered in effects.ARCANA under the card's id by
`@spell` (action/magic.py, which checks timing, place and costs, runs Counters and
adds up support before calling it); the printed text, timing, place and costs are
data (data/arcana.yaml).

- Defection: a Lieutenant and the Legions he commands go over to the caster.
- Thanks, But No Thanks: when another Triumvirate's Influence has just made one of the
  player's Units change sides, it stays his, and he keeps the bribes paid for it.
- Come On Join Us: the top Daemon of the Daemon deck joins the caster's Triumvirate.
- Recruit: a Daemon not in play joins the caster's Triumvirate and acts this turn if
  its Rank has not gone by.
- A Small Favour: win a Duel of Hearts against a Daemon that has not acted and give it
  its orders for the rest of the phase (IP-34: BORROWED lines).
- Duel of Sorcery: win a Duel of Stars and the beaten Daemon Passes for Good.
- The Iago Syndrome: a Daemon beaten in a Duel of Hearts turns on its own Triumvirate.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from .. import events
from ..errors import OrderError
from ..favours import duel
from ..hooks import hook
from ..log import count
from ..names import match, normalise
from ..orders.common import place_name
from ..state import IN_HELL, LEGION, LIEUTENANT, Daemon, Unit
from . import conditions, countering, magic
from .abilities import on_pass_for_good
from .context import ActionCtx
from .magic import COUNTER, DAEMON, RULE, Cast, Target, daemon_target, spell, stack_target
from .spells_combat_halves import defection_fight, lieutenant_name
from .spells_incapacitation import _incapacitate

THANKS = "arcana.thanks-but-no-thanks"


# -- Defection ------------------------------------------------------------------------------

def _defection_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <player> AT <Sectio> [LIEUTENANT <name>]`; without a name, his Lieutenant
    with the highest Leadership there defects."""
    words = text.split()
    upper = [w.upper() for w in words]
    lieutenant = None
    if "LIEUTENANT" in upper:
        cut = len(upper) - 1 - upper[::-1].index("LIEUTENANT")
        if cut == len(words) - 1:
            raise OrderError(INVALID, "LIEUTENANT needs a name", RULE,
                             "e.g. CAST Defection ON void AT Sugar Hill LIEUTENANT Sulla")
        names = {lid: [lt.name] for lid, lt in sorted(ctx.data.lieutenants.items())}
        lieutenant = match(" ".join(words[cut + 1:]), names, "Lieutenant", RULE)
        words = words[:cut]
    canonical, target = stack_target(" ".join(words), ctx)
    if lieutenant:
        canonical += f" LIEUTENANT {ctx.data.lieutenants[lieutenant].name}"
    return canonical, {**target, "lieutenant": lieutenant}


def _defector(c: Cast) -> Unit | None:
    st, data, t = c.st, c.data, c.target
    found = [u for u in st.units_at(t["place"]) if u.kind == LIEUTENANT
             and u.owner == t["player"] and (t["lieutenant"] in (None, u.ref))]
    found.sort(key=lambda u: (-data.lieutenants[u.ref].leadership, u.number))
    return found[0] if found else None


def _defection_check(c: Cast) -> str | None:
    if _defector(c) is not None:
        return None
    t = c.target
    who = f"Lieutenant {c.data.lieutenants[t['lieutenant']].name}" if t["lieutenant"] \
        else "no Lieutenant"
    what = f"{who} is not with {t['player']}'s Units" if t["lieutenant"] else \
        f"{t['player']} has {who}"
    return f"{what} in {place_name(t['place'], c.data)}: Defection turns a Lieutenant and " \
           "the Legions he commands"


def _hounds(st, legion: Unit) -> list[Unit]:
    return [h for h in st.units if h.minder == legion.id]


@spell("arcana.defection", target=Target("<player> AT <Sectio> [LIEUTENANT <name>]",
                                         _defection_target), check=_defection_check,
       fight=defection_fight, fight_target=lieutenant_name)
def defection(c: Cast) -> None:
    """The Lieutenant and as many of his owner's Legions there as his Leadership Number
    (Minders first: their hounds follow, HG-9.7.1-10) serve the caster; no more Legions
    than the caster has free counters (HG-8.2-02). His Bonus Pay was his old master's
    and is lost, as when Influenced (A-34)."""
    st, data = c.st, c.data
    lt = _defector(c)
    old, place = lt.owner, lt.location
    room = data.tables["legion_cap"] - len(st.units_of(c.player, LEGION))
    most = min(data.lieutenants[lt.ref].leadership, max(room, 0))
    legions = [u for u in st.units_at(place) if u.kind == LEGION and u.owner == old]
    legions.sort(key=lambda u: (not _hounds(st, u), u.number))
    followers = [lt, *legions[:most]]
    hounds = [h for u in followers for h in _hounds(st, u)]
    lt.bonus_pay = 0
    for u in followers + hounds:
        u.owner = c.player
    text = (f"Lieutenant {data.lieutenants[lt.ref].name} of {old} in "
            f"{place_name(place, data)} goes over to {c.player} with "
            f"{count(len(followers) - 1, 'Legion')}")
    if hounds:
        text += f" and {count(len(hounds), 'Hellhound')} they mind"
    if room < data.lieutenants[lt.ref].leadership and len(legions) > most:
        text += f" ({c.player} has no more free Legion counters)"
    c.log.public("defection", text, RULE, card=c.card, units=[u.id for u in followers],
                 owner=old)


# -- Thanks, But No Thanks -------------------------------------------------------------------

def _thanks_check(c: Cast) -> str | None:
    if "unit" not in c.target:  # CAST as an Action, or offered against a card
        return ("Thanks, But No Thanks is played only when another Triumvirate's Influence "
                "has just turned one of your Units: write COUNTER ANY TARGETING MINE WITH "
                "Thanks, But No Thanks")
    return None


@spell(THANKS, check=_thanks_check)
def thanks_but_no_thanks(c: Cast) -> None:
    """The Unit(s) stay their owner's; the bribes the influencer paid go to him."""
    u, bribes = c.st.unit(c.target["unit"]), c.target["bribes"]
    c.st.players[c.player].souls += bribes
    c.target["kept"] = True
    what = f"Lieutenant {c.data.lieutenants[u.ref].name}" if u.ref in c.data.lieutenants \
        else "the Legion"
    kept = f", and {c.player} keeps the {count(bribes, 'Soul')} of bribes" if bribes else ""
    c.log.public("thanks-but-no-thanks", f"Thanks, But No Thanks: {what} of {c.player} in "
                 f"{place_name(u.location, c.data)} stays in {c.player}'s service{kept}",
                 "HG-9.7.1-08", card=c.card, unit=u.id, souls=bribes)


@hook("defection-refused", order=10)
def _keeps_the_unit(actx, unit, bribes: int) -> bool | None:
    return refuse_defection(actx, unit, bribes) or None


def refuse_defection(actx, unit, bribes: int) -> bool:
    """Called by a successful Influence that turns `unit` (diplomacy.py, HG-9.7.1-08/09),
    before it changes sides: True when its owner played Thanks, But No Thanks and it
    worked (it may be countered, HG-9.8.2-01). His first COUNTER line WITH the card that
    fits (ANY, TARGETING MINE or no TARGETING, BY the influencer or anybody) readies it;
    default: not used. Played by a Daemon of his in Hell, not Incapacitated (its place:
    In Hell), the first in USING or else by rank; a card aimed at his Units, so it costs
    no Action (A-12(1))."""
    st, owner = actx.st, unit.owner
    if owner is None or owner == actx.player or THANKS not in st.players[owner].hand:
        return False
    lines = [o for o in actx.orders(owner, COUNTER) if o["card"] == THANKS
             and o["what"] is None and o["targeting"] in (None, "mine")
             and o["by"] in (None, actx.player)]
    if not lines:
        return False
    mine = sorted((d.id for d in st.active_daemons(owner) if d.where == IN_HELL),
                  key=lambda d: (actx.data.daemons[d].rank, d))
    daemon = next((d for d in lines[0]["using"] or mine if d in mine), None)
    if daemon is None:
        return False
    # aimed at the influencing Daemon, who may counter it at no cost (HG-9.8.2-02)
    cast = Cast(actx, THANKS, daemon, owner, {"daemon": actx.daemon, "unit": unit.id,
                                             "bribes": bribes}, IN_HELL)
    magic.play(cast, f"; the Influence turned {owner}'s Unit, so this costs no Action "
                     "[A-12]")
    stack = [cast]
    while True:
        counter = countering.next_counter(stack[-1])
        if counter is None:
            break
        stack.append(counter)
    magic._resolve(stack)
    return bool(cast.target.get("kept"))


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


# -- A Small Favour ----------------------------------------------------------------------------

def _small_favour_check(c: Cast) -> str | None:
    t = c.target["daemon"]
    q, name = c.actx.queue, c.data.daemons[t].name
    if t not in q.waiting[1:] or t in q.taken:  # its prerequisite (data/arcana.yaml)
        return f"{name} has acted already this Action Phase"
    if c.st.daemons[t].incapacitated:
        return f"{name} is Incapacitated"
    if c.st.daemons[t].owner == c.player or q.controller.get(t) == c.player:
        return f"{c.player} gives {name} its orders already"
    return None


@spell("arcana.a-small-favour", target=DAEMON, check=_small_favour_check)
def a_small_favour(c: Cast) -> None:
    """A Duel of Hearts (HG-3.4-05); the winner's Triumvirate acts for the beaten Daemon
    for the rest of this Action Phase, from its BORROWED lines (IP-34; without one the
    Daemon Passes for Good, the IP-34 default)."""
    t = c.target["daemon"]
    winner = duel(c.st, c.data, c.dice, [c.daemon, t], "hearts",
                  f"A Small Favour: Duel of Hearts, {c.who()} against {c.who(t)}")
    if winner == c.daemon:
        c.actx.queue.controller[t] = c.player
        text = (f"{c.who()} wins the Duel of Hearts: {c.player} gives "
                f"{c.data.daemons[t].name} its orders for the rest of this Action Phase")
    else:
        text = f"{c.who(t)} wins the Duel of Hearts and keeps its own counsel"
    c.log.public("small-favour", text, "HG-3.4-05", card=c.card, daemon=t,
                 winner=winner)


# -- Duel of Sorcery -------------------------------------------------------------------------

def _duel_of_sorcery_check(c: Cast) -> str | None:
    """Pass for Good is taken only when a Daemon first comes up (HG-9.3-01): the target
    must be waiting on the Rank Track and not yet have come up (nor Passed)."""
    t = c.target["daemon"]
    q, name = c.actx.queue, c.data.daemons[t].name
    if t == c.daemon:
        return "a Daemon cannot duel itself"
    if c.st.daemons[t].incapacitated:
        return f"{name} is Incapacitated"
    if t not in q.waiting[1:] or t in q.taken or t in q.seen:
        return (f"{name} has come up already this Action Phase, and Pass for Good is taken "
                "only when a Daemon first comes up [HG-9.3-01]")
    return None


@spell("arcana.duel-of-sorcery", target=DAEMON, check=_duel_of_sorcery_check)
def duel_of_sorcery(c: Cast) -> None:
    """A Duel of Stars (HG-3.4-05) against the target; if the caster wins, the target
    takes Pass for Good now: it leaves the Rank Track and takes no other Action this
    phase (HG-9.3-01). It is a Pass for Good, so Ashtaroth still gets her Favour (as
    when recalled from Earth, HG-10.1-03). The text's "can force" is always used (a
    Daemon the caster wants stopped). Losing the duel changes nothing."""
    t = c.target["daemon"]
    q = c.actx.queue
    if t not in q.waiting or t in q.taken:  # it spent its Action on a Counter meanwhile
        c.log.public("duel-of-sorcery", f"{c.who(t)} has taken its Action already: Duel of "
                     "Sorcery has nothing to stop", "HG-9.3-01", card=c.card, daemon=t)
        return
    winner = duel(c.st, c.data, c.dice, [c.daemon, t], "stars",
                  f"HG-3.4-05 Duel of Sorcery: Duel of Stars, {c.who()} against {c.who(t)}")
    if winner != c.daemon:
        c.log.public("duel-of-sorcery", f"{c.who(t)} wins the Duel of Stars and acts as it "
                     "pleases", "HG-3.4-05", card=c.card, daemon=t, winner=winner)
        return
    q.waiting.remove(t)
    q.seen.add(t)
    q.taken[t] = "PASS FOR GOOD"
    c.log.public("duel-of-sorcery", f"{c.who()} wins the Duel of Stars", "HG-3.4-05",
                 card=c.card, daemon=t, winner=winner)
    c.log.public("pass-for-good", f"{c.who(t)} is forced to Pass for Good (Duel of "
                 "Sorcery)", "HG-9.3-01", daemon=t, forced=True, card=c.card)
    player = q.controller.get(t, c.st.daemons[t].owner)
    on_pass_for_good(ActionCtx(c.st, c.data, c.dice, c.log, c.actx.sheets, q, player, t))


# -- The Iago Syndrome ------------------------------------------------------------------------

_CHALLENGING = re.compile(r"^(?P<daemon>.+?)\s+CHALLENGING\s+(?P<whom>.+)$", re.I)
IAGO_HINT = "e.g. CAST The Iago Syndrome ON Baal CHALLENGING Naburos, or CHALLENGING NONE"


def iago_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <Daemon> [CHALLENGING <Daemon>[, <Daemon>...] | CHALLENGING NONE]`: "it may
    challenge each of them" (003 l.2197): whom it challenges is the caster's choice
    (IP-29: card-specific choices are the caster's); without CHALLENGING, all of them."""
    m = _CHALLENGING.match(text.strip())
    if not m:
        return daemon_target(text, ctx)
    name, target = daemon_target(m["daemon"], ctx)
    whom = m["whom"].strip()
    if normalise(whom) == "none":
        return f"{name} CHALLENGING NONE", {**target, "challenging": []}
    named: list[str] = []
    for part in (p for p in re.split(r"\s*,\s*|\s+AND\s+", whom, flags=re.I) if p):
        d = conditions.daemon_in_play(part, ctx, RULE)
        if d == target["daemon"]:
            raise OrderError(ILLEGAL, f"{name} cannot challenge itself", RULE, IAGO_HINT)
        if d not in named:
            named.append(d)
    if not named:
        raise OrderError(INVALID, "CHALLENGING needs the Daemons challenged, or NONE", RULE,
                         IAGO_HINT)
    names = ", ".join(ctx.data.daemons[d].name for d in named)
    return f"{name} CHALLENGING {names}", {**target, "challenging": named}


def _iago_check(c: Cast) -> str | None:
    t = c.target["daemon"]
    name = c.data.daemons[t].name
    if t == c.daemon:
        return "a Daemon cannot cast The Iago Syndrome on itself"
    if c.st.daemons[t].owner == c.player:
        return f"{name} is {c.player}'s own Daemon"
    if c.st.daemons[t].incapacitated:
        return f"{name} is Incapacitated"
    for d in c.target.get("challenging", []):
        if d not in c.st.daemons or c.st.daemons[d].owner != c.st.daemons[t].owner:
            return (f"{c.data.daemons[d].name} is not a Daemon of {name}'s Triumvirate: "
                    "it cannot be challenged")
    return None


@spell("arcana.the-iago-syndrome", target=Target("<Daemon> [CHALLENGING <Daemon>, ...]",
                                                 iago_target),
       check=_iago_check)
def the_iago_syndrome(c: Cast) -> None:
    """003 l.2197. The caster and the target fight a Duel of Hearts (HG-3.4-05); if the
    caster wins, the target turns on the other Daemons of its own Triumvirate, lowest
    rank first: read as the highest Rank Number first (Rank Number 1 is the highest
    rank, HG-9.1-01). Each is challenged to a Duel of Skulls and the loser is
    Incapacitated (HG-9.0-02 if it has yet to act). Incapacitated Daemons are not
    challenged; once the target itself loses it is Incapacitated and challenges no more.
    "May challenge": whom it challenges is the caster's choice (IP-29): `CHALLENGING
    <Daemon>, ...` (those named, still lowest rank first) or `CHALLENGING NONE`; without
    it, every one (the default). The target's owner is not asked.
    Its place does not change ("goes back among" them is read as the story, not a move).
    As printed, the affected Triumvirate (the target's) earns 1 Favour, once, whenever
    the caster wins the first duel; nothing happens if the caster loses it."""
    st, data, t = c.st, c.data, c.target["daemon"]
    winner = duel(st, data, c.dice, [c.daemon, t], "hearts",
                  f"HG-3.4-05 The Iago Syndrome: Duel of Hearts, {c.who()} against {c.who(t)}")
    if winner != c.daemon:
        c.log.public("iago", f"{c.who(t)} wins the Duel of Hearts: The Iago Syndrome has no "
                     "effect", "HG-3.4-05", card=c.card, daemon=t, winner=winner)
        return
    owner = st.daemons[t].owner
    chosen = c.target.get("challenging")
    how = "(the default: it challenges them all, lowest rank first)" if chosen is None \
        else "(those the caster named, lowest rank first)" if chosen else \
        "(the caster names none: it challenges nobody)"
    c.log.public("iago", f"{c.who()} wins the Duel of Hearts: {c.who(t)} turns on the other "
                 f"Daemons of {owner}'s Triumvirate, challenging each to a Duel of Skulls "
                 f"{how}", "HG-3.4-05", card=c.card, daemon=t, winner=winner)
    others = [d for d in st.daemons.values()
              if d.owner == owner and d.id != t and not d.incapacitated
              and (chosen is None or d.id in chosen)]
    others.sort(key=lambda d: (-data.daemons[d.id].rank, d.id))
    for other in others:
        if st.daemons[t].incapacitated:
            break
        o = other.id
        won = duel(st, data, c.dice, [t, o], "skulls",
                   f"HG-3.4-05 The Iago Syndrome: Duel of Skulls, {c.who(t)} against {c.who(o)}")
        loser = o if won == t else t
        gone = _incapacitate(c, loser, None)
        state = "is Incapacitated" if st.daemons[loser].incapacitated else "stands"
        c.log.public("iago-duel", f"{c.who(won)} beats {c.who(loser)} in a Duel of Skulls; "
                     f"{data.daemons[loser].name} {state}{gone}", "HG-3.4-05", card=c.card,
                     winner=won, loser=loser)
    if not others and chosen == []:
        c.log.public("iago-duel", f"{c.who(t)} challenges nobody", RULE, card=c.card)
    elif not others:
        c.log.public("iago-duel", f"{owner} has no other Daemon able to answer the challenge",
                     "HG-6.1-04", card=c.card)
    st.players[owner].favours += 1
    c.log.public("iago-favour", f"{owner} earns 1 Favour from The Iago Syndrome (as "
                 "printed)", RULE, card=c.card, player=owner)
