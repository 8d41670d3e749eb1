"""Major Arcana cast as Actions that Incapacitate a Daemon, or end an
Incapacitation (issue 8).

One small function per card, registered in effects.ARCANA under the card's id by
`@spell` (action/magic.py, which checks timing, place and costs, runs Counters and
adds up support before calling it); the printed text, timing, place and costs are
data (data/arcana.yaml).

- Incubus: Incapacitate a female Daemon with no more Stars than the caster, in the
  caster's place (000 §9.8 "Example: Magic and Counters").
- Sucubus: Incapacitate a male Daemon with no more Stars than the caster, in the
  caster's place (the mirror of Incubus; its combat half is in spells_combat_halves.py).
- Jones' Device: Incapacitate a Daemon in Hell until a Roll against Skulls succeeds
  in an End Phase; the caster's Triumvirate controls a Sectio of the Lustful.
- Clever Old Woman: Incapacitate a Daemon on Earth, no roll.
- Sisyphus's Rock: Incapacitate a Daemon in Hell the caster beats in a Duel of Skulls.
- Released: end another Daemon's Incapacitation.

`_incapacitate` is shared by every card that Incapacitates (the ones with their own
recovery roll are in spells_own_recovery.py).
"""

from __future__ import annotations

from ..favours import attribute, duel
from ..log import count
from ..state import ON_EARTH
from .abilities import can_be_incapacitated, daemon_sex
from .magic import DAEMON, RULE, Cast, spell
from .spells_combat_halves import daemon_name, incubus_fight, sucubus_fight

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


# -- Sucubus ----------------------------------------------------------------------------------

#: As for Incubus (000 §9.8 example), the target must be in the caster's place (HG-9.8.1-02).
_sucubus_check = visit_check("male", "Succubi", "Sucubus")


@spell("arcana.sucubus", target=DAEMON, check=_sucubus_check, fight=sucubus_fight,
       fight_target=daemon_name, known=visit_known("male", "Succubi", "Sucubus"))
def sucubus(c: Cast) -> None:
    t = c.target["daemon"]
    gone = _incapacitate(c, t, None)
    c.log.public("sucubus", f"A Succubus visits {c.who(t)}: it succumbs to untold pleasures "
                 f"and is Incapacitated{gone}", RULE, daemon=t, card=c.card)


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


# -- Sisyphus's Rock -----------------------------------------------------------------------------

def _sisyphus_check(c: Cast) -> str | None:
    t = c.target["daemon"]
    name, td = c.data.daemons[t].name, c.st.daemons[t]
    if t == c.daemon:
        return "Sisyphus's Rock is aimed at another Daemon"
    if td.incapacitated:
        return f"{name} is Incapacitated already"
    if not attribute(c.data, c.daemon, "skulls") and not attribute(c.data, t, "skulls"):
        return "neither Daemon has a Skull to duel with"  # duel() could not break the tie
    return None


@spell("arcana.sisyphuss-rock", target=DAEMON, check=_sisyphus_check)
def sisyphuss_rock(c: Cast) -> None:
    """A Duel of Skulls (HG-3.4-05), caster first; if the caster wins, the target, in
    Hell like the caster (the card's place, HG-9.8.1-02), is Incapacitated and, if still
    waiting, takes no Action this phase (HG-9.0-02). It recovers as any Incapacitated
    Daemon does (the card names no other way)."""
    t = c.target["daemon"]
    winner = duel(c.st, c.data, c.dice, [c.daemon, t], "skulls",
                  f"HG-3.4-05 Sisyphus's Rock: Duel of Skulls, {c.who()} against {c.who(t)}")
    if winner == c.daemon:
        gone = _incapacitate(c, t, None)
        text = f"{c.who()} wins the Duel of Skulls: {c.who(t)} is crushed under Sisyphus's " \
               f"Rock and Incapacitated{gone}"
    else:
        text = f"{c.who(t)} wins the Duel of Skulls and shrugs off Sisyphus's Rock"
    c.log.public("sisyphuss-rock", text, "HG-3.4-05", card=c.card, daemon=t, winner=winner)


# -- Released ----------------------------------------------------------------------------------

def _released_check(c: Cast) -> str | None:
    t = c.target["daemon"]
    name, td = c.data.daemons[t].name, c.st.daemons[t]
    if t == c.daemon:
        return "Released frees another Daemon, not the caster"
    if not td.incapacitated:
        return f"{name} is not Incapacitated"
    if td.where != c.where:
        return (f"{name} is {_place(td.where)} and {c.data.daemons[c.daemon].name} "
                f"{_place(c.where)}: Released needs both in Hell or both on Earth")
    return None


def _place(where: str) -> str:
    return "on Earth" if where == ON_EARTH else "in Hell"


@spell("arcana.released", target=DAEMON, check=_released_check)
def released(c: Cast) -> None:
    """The target's Incapacitation ends at once, whatever caused it (a Jones' Device
    roll it was waiting for too). Reading: it takes no Action this phase, for the Rank
    Track holds only the Daemons not Incapacitated when the phase began or when it was
    Incapacitated (HG-9.0-02); it acts again from the next turn. A caster on Earth aiming
    at a Daemon in Hell descends to cast (HG-9.8.1-03), so both are then in Hell."""
    t = c.target["daemon"]
    d = c.st.daemons[t]
    d.incapacitated, d.recover_by = False, None
    c.log.public("released", f"{c.who(t)} is Released: its Incapacitation ends; it takes "
                 "no Action this phase [HG-9.0-02]", RULE, daemon=t, card=c.card)
