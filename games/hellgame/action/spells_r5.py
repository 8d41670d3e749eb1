"""Major Arcana effects, batch r5 (issue 8): see spells.py for the conventions.

- Sucubus: Incapacitate a male Daemon with no more Stars than the caster, in the
  caster's place (the mirror of Incubus; its combat half is in spells_r6.py).
- So, Sue Me..: a Counter that cancels a Counter played against the user's own card.
- Flagellation: the caster names the two Daemons it persuades to Pass for Good; if both
  do in this Action Phase, the three share 2 Favours in the End Phase.
- Thanks, But No Thanks: when another Triumvirate's Influence has just made one of the
  player's Units change sides, it stays his, and he keeps the bribes paid for it.
- Loudun: 15 Hearts of support from Daemons on Earth, the caster's not counted; in the
  End Phase the caster and its supporters share Favours equal to a roll of 2 dice.

Sharing Favours (Flagellation, Loudun; their "may share among themselves" is left to
negotiation, data/arcana.yaml notes): one share per Daemon, evenly, the odd Favours one
each to the caster first, then to the others in the order named (Flagellation's ON
list) or in the order they supported (Loudun). A Daemon's share goes to the
Triumvirate that owns it in the End Phase; the share of a Daemon no longer in play is
lost. A Favour is never refused (as for Ashtaroth, IP-33). The casts wait in
`st.marks` under the card's id and are cleared in that End Phase.
"""

from __future__ import annotations

from pbem.engine import ILLEGAL, INVALID

from ..errors import OrderError
from ..log import count
from ..orders.common import place_name
from ..state import IN_HELL
from . import conditions, countering, magic
from .magic import COUNTER, DAEMON, RULE, Cast, Support, Target, spell
from .spells import _incapacitate, visit_check, visit_known
from .spells_r6 import daemon_name, sucubus_fight

FLAGELLATION, LOUDUN = "arcana.flagellation", "arcana.loudun"
THANKS = "arcana.thanks-but-no-thanks"


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


# -- So, Sue Me.. -------------------------------------------------------------------------------

def _so_sue_me_check(c: Cast) -> str | None:
    """Its text: only "a Counter just played against an Arcana card that the user of
    this card played" (countering.py asks this before offering it)."""
    a = c.answers
    if a is None or a.answers is None:
        return "So, Sue Me.. answers only a Counter"
    if a.answers.player != c.player:
        return "So, Sue Me.. answers only a Counter played against its user's own card"
    return None


@spell("arcana.so-sue-me", check=_so_sue_me_check, cancels=True)
def so_sue_me(c: Cast) -> None:
    """Cancels the Counter it answers, so the user's card below it works (A-12(3))."""
    a = c.answers
    c.log.public("countered", f"So, Sue Me..: {a.name} of {c.who(a.daemon)} is cancelled, "
                 f"and {a.answers.name} of {c.who(a.answers.daemon)} stands",
                 "HG-9.8.2-01", card=a.card, by=c.card)


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


# -- Flagellation -------------------------------------------------------------------------------

def _two_daemons(text: str, ctx) -> tuple[str, dict]:
    """`ON <Daemon>, <Daemon>`: the two other Daemons the caster persuades."""
    names = [n.strip() for n in text.split(",")]
    if len(names) != 2 or not all(names):
        raise OrderError(INVALID, f"{text.strip()!r} does not name two Daemons", RULE,
                         "write CAST Flagellation ON <Daemon>, <Daemon>, e.g. ON Baal, Moloch")
    ids = [conditions.daemon_in_play(n, ctx, RULE) for n in names]
    if ids[0] == ids[1]:
        raise OrderError(ILLEGAL, f"{ctx.data.daemons[ids[0]].name} is named twice: "
                         "Flagellation needs two Daemons", RULE, "name two different Daemons")
    return ", ".join(ctx.data.daemons[d].name for d in ids), {"daemons": ids}


def _flagellation_check(c: Cast) -> str | None:
    if c.daemon in c.target["daemons"]:
        return "Flagellation needs two Daemons other than the caster"
    return None


@spell("arcana.flagellation", target=Target("<Daemon>, <Daemon>", _two_daemons),
       check=_flagellation_check)
def flagellation(c: Cast) -> None:
    _mark(c, c.target["daemons"], 2)
    c.log.public("flagellation", f"{c.who()} urges {c.aimed_at()} to Pass for Good this "
                 "Action Phase: if both do, the three share 2 Favours in the End Phase",
                 RULE, card=c.card, daemons=c.target["daemons"])


# -- Loudun -------------------------------------------------------------------------------------

#: 15 Hearts from Daemons on Earth "not counting the caster's own" (its prerequisites).
LOUDUN_SUPPORT = Support("hearts", 15, includes_caster=False)


@spell("arcana.loudun", support=LOUDUN_SUPPORT)
def loudun(c: Cast) -> None:
    _mark(c, c.supporters, None)
    names = " and ".join(c.who(d) for d in c.supporters)
    c.log.public("loudun", f"{c.who()} and its supporters {names} will share Favours equal "
                 "to a roll of 2 dice in the End Phase", RULE, card=c.card,
                 daemons=c.supporters)


def _mark(c: Cast, others: list[str], favours: int | None) -> None:
    entries = list(c.st.marks.get(c.card) or [])
    entries.append({"daemon": c.daemon, "player": c.player, "others": list(others),
                    "favours": favours})
    c.st.marks[c.card] = entries


# -- the End Phase (end_phase.run) ----------------------------------------------------------------

def share_favours(st, data, dice, log) -> None:
    """Flagellation's and Loudun's Favours, cast by cast in the order cast; the marks are
    cleared. Flagellation needs both named Daemons to have Passed for Good this turn
    (the "pass-for-good" events of this turn's log, ordered or default or forced)."""
    passed = {e.data.get("daemon") for e in log.events if e.kind == "pass-for-good"}
    for e in st.marks.pop(FLAGELLATION, None) or []:
        missing = [data.daemons[d].name for d in e["others"] if d not in passed]
        caster = data.daemons[e["daemon"]].name
        if missing:
            log.public("flagellation-fails", f"Flagellation of {caster} ({e['player']}): "
                       f"{' and '.join(missing)} did not Pass for Good this Action Phase, so "
                       "no Favours are shared.", RULE, card=FLAGELLATION, daemon=e["daemon"])
            continue
        _share(st, data, log, FLAGELLATION, e, 2, "")
    for e in st.marks.pop(LOUDUN, None) or []:
        a, b = (dice.roll(f"Loudun: die {i} of {data.daemons[e['daemon']].name}",
                          e["player"]) for i in (1, 2))
        _share(st, data, log, LOUDUN, e, a + b, f" (rolled {a} + {b})")


def _share(st, data, log, card: str, e: dict, favours: int, how: str) -> None:
    daemons = [e["daemon"], *e["others"]]
    shares = [favours // len(daemons) + (1 if i < favours % len(daemons) else 0)
              for i in range(len(daemons))]
    parts = []
    for d, n in zip(daemons, shares, strict=True):
        dd = st.daemons.get(d)
        if dd is None:
            parts.append(f"{data.daemons[d].name} is no longer in play and its "
                         f"{count(n, 'Favour')} {'is' if n == 1 else 'are'} lost")
            continue
        st.players[dd.owner].favours += n
        parts.append(f"{data.daemons[d].name} ({dd.owner}) {count(n, 'Favour')}")
    log.public("share-favours", f"{data.arcana[card].name} of {data.daemons[e['daemon']].name}: "
               f"{count(favours, 'Favour')}{how} shared: {'; '.join(parts)}.", RULE,
               card=card, daemon=e["daemon"], favours=favours, shares=shares)
