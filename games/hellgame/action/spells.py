"""The Major Arcana effects implemented so far, one small function per card, registered
in effects.ARCANA under the card's id (STYLE.md: fireplace/Forge). The printed text,
timing, place and costs are data (data/arcana.yaml); the framework (magic.py) checks
timing, place and costs, runs Counters and adds up support before calling these.

- Incubus: Incapacitate a female Daemon with no more Stars than the caster, in the
  caster's place (000 §9.8 "Example: Magic and Counters").
- Jones' Device: Incapacitate a Daemon in Hell until a Roll against Skulls succeeds
  in an End Phase; the caster's Triumvirate controls a Sectio of the Lustful.
- Defection: a Lieutenant and the Legions he commands go over to the caster.
- Love for Lilith: 10 Hearts of support, the caster's counted (A-40, 000 §9.8.3 example).
- It Did Not Work...: the Counter that cancels the card it answers.
- A Small Favour: win a Duel of Hearts against a Daemon that has not acted and give it
  its orders for the rest of the phase (IP-34: BORROWED lines).
"""

from __future__ import annotations

from pbem.engine import INVALID

from ..errors import OrderError
from ..favours import duel
from ..log import count
from ..names import match
from ..orders.common import place_name
from ..random_moves import bring_lilith
from ..state import ANTEHELL, LEGION, LIEUTENANT, ON_EARTH, Unit
from .abilities import can_be_incapacitated, daemon_sex
from .magic import DAEMON, RULE, Cast, Support, Target, spell, stack_target
from .spells_r6 import daemon_name, defection_fight, incubus_fight, lieutenant_name

LUSTFUL = "THE LUSTFUL"


def _incapacitate(c: Cast, daemon: str, recover_by: str | None) -> str:
    """Incapacitate a Daemon; one still waiting to act leaves the Rank Track
    (HG-9.0-02). Returns what to add to the report."""
    d = c.st.daemons[daemon]
    if not can_be_incapacitated(c.st, c.data, daemon):
        return " but nothing can Incapacitate Agares on Earth [ability.agares]"
    d.incapacitated, d.recover_by = True, recover_by
    q = c.actx.queue
    if daemon in q.waiting[1:]:  # [0] is the Daemon acting now: the phase moves it on
        q.waiting.remove(daemon)
        return " and takes no Action this phase [HG-9.0-02]"
    return ""


# -- Incubus --------------------------------------------------------------------------------

def visit_check(sex: str, visitor: str, card: str):
    """The prerequisites of Incubus (female) and Sucubus (male): the target's sex here
    (daemon_sex: Belphegor is female only on Earth; Agares, sexless, never either),
    no more Stars than the caster, in the caster's place (HG-9.8.1-02), not
    Incapacitated already."""

    def check(c: Cast) -> str | None:
        return _visit(sex, visitor, card, c.st, c.data, c.daemon, c.target["daemon"], c.where)

    return check


def visit_known(sex: str, visitor: str, card: str):
    """The part of `visit_check` nothing before the cast changes (Spell.known, issue 20):
    a target that is always of the wrong sex (every Daemon but Belphegor, whose sex
    goes with his place) and the printed Stars (HG-2.4.1-01)."""

    def known(data, st, caster: str, target: dict) -> str | None:
        return _visit(sex, visitor, card, st, data, caster, target["daemon"], None)

    return known


def _visit(sex: str, visitor: str, card: str, st, data, caster: str, t: str,
           where: str | None) -> str | None:
    """Why the visit fails; `where` is the caster's place as the card takes effect, None
    when the sheet is checked (then only what is printed is asked)."""
    info, mine = data.daemons[t], data.daemons[caster]
    if (where is not None or info.sex != "dual") and daemon_sex(st, data, t) != sex:
        return f"{info.name} is not {sex} here, and {visitor} visit only {sex} Daemons"
    if info.stars > mine.stars:
        return (f"{info.name} has {count(info.stars, 'Star')} and {mine.name} "
                f"{count(mine.stars, 'Star')}: {card} works only on a Daemon with as "
                "many Stars as the caster or fewer")
    if where is None:
        return None
    td = st.daemons[t]
    if td.where != where:
        return (f"{info.name} is {'on Earth' if td.where == ON_EARTH else 'in Hell'}: "
                f"{card} needs caster and target in the same place [HG-9.8.1-02]")
    if td.incapacitated:
        return f"{info.name} is Incapacitated already"
    return None


_incubus_check = visit_check("female", "Incubi", "Incubus")


@spell("arcana.incubus", target=DAEMON, check=_incubus_check, fight=incubus_fight,
       fight_target=daemon_name, known=visit_known("female", "Incubi", "Incubus"))
def incubus(c: Cast) -> None:
    t = c.target["daemon"]
    gone = _incapacitate(c, t, None)
    c.log.public("incubus", f"{c.who(t)} succumbs to untold pleasures and is Incapacitated"
                 f"{gone}", RULE, daemon=t, card=c.card)


# -- Jones' Device --------------------------------------------------------------------------

def _jones_check(c: Cast) -> str | None:
    lustful = [s for s in sorted(c.data.sectio) if c.data.sectio[s].circle_name == LUSTFUL]
    if not any(c.st.owners.get(s) == c.player for s in lustful):
        return f"{c.player} controls no Sectio in the Circle of the Lustful, which Jones' " \
               "Device needs"
    return None


@spell("arcana.jones-device", target=DAEMON, check=_jones_check)
def jones_device(c: Cast) -> None:
    t = c.target["daemon"]
    gone = _incapacitate(c, t, "skulls")
    c.log.public("jones-device", f"{c.who(t)} is given Jones' Device: Incapacitated until it "
                 f"succeeds in a Roll against Skulls in an End Phase{gone}", "HG-13.2-01",
                 daemon=t, card=c.card)


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


# -- Love for Lilith -------------------------------------------------------------------------

#: 10 Hearts, the caster's counted: the card's prerequisites in arcana.yaml, following the
#: 000 §9.8.3 example over 003's printed "without himself" (A-40; the rulebook wins).
LOVE_FOR_LILITH = Support("hearts", 10, includes_caster=True)


@spell("arcana.love-for-lilith", support=LOVE_FOR_LILITH)
def love_for_lilith(c: Cast) -> None:
    c.log.public("lilith", "Lilith answers the call: she is to appear in AnteHell, her "
                 "aspect not yet decided, controlled by no Triumvirate", RULE, card=c.card)
    bring_lilith(c.st, c.data, c.log, sectio=ANTEHELL)  # the card's printed place


# -- It Did Not Work... -----------------------------------------------------------------------

@spell("arcana.it-did-not-work", cancels=True)
def it_did_not_work(c: Cast) -> None:
    """Cancels the card it answers, even a Counter (its text); that card's costs stay
    paid (HG-9.8.1-04: paid as it was played)."""
    a = c.answers
    c.log.public("countered", f"{a.name} of {c.who(a.daemon)} does not work", "HG-9.8.2-01",
                 card=a.card, by=c.card)


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
