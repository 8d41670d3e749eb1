"""Major Arcana that give Favours or take Disfavours away (HG-14.2-01), or make them
shared (issue 8).

One small function per card, registered in effects.ARCANA under the card's id by
`@spell` (action/magic.py, which checks timing, place and costs, runs Counters and
adds up support before calling it); the printed text, timing, place and costs are
data (data/arcana.yaml).

- Flattering the Boss (In Hell), He Can't Be All Good (On Earth): lose 1 Disfavour
  (HG-14.2-01: Arcana cards remove Disfavours).
- Atrocity: discard 2 Disfavours.
- Carnossa: lose 1 Disfavour; the caster is Incapacitated.
- Fast Cash: 3 dice of counterfeit Souls, 1 Disfavour for each 1 rolled; needs a Sectio
  of Fraud.
- Wicked Pope: gain 2 Favours or lose 2 Disfavours.
- Wicked Whispers: a die per Heart; each 4-6 gives a Triumvirate 1 Disfavour.
- Flagellation: the caster names the two Daemons it persuades to Pass for Good; if both
  do in this Action Phase, the three share 2 Favours in the End Phase.
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
from ..favours import attribute
from ..hooks import hook
from ..log import count
from . import conditions
from .magic import RULE, Cast, Support, Target, spell
from .spells_cards import OPPONENT
from .spells_incapacitation import _incapacitate

DISFAVOUR_RULE = "HG-14.2-01"
FRAUD = "FRAUD"
FLAGELLATION, LOUDUN = "arcana.flagellation", "arcana.loudun"


# -- Flattering the Boss, He Can't Be All Good -----------------------------------------------

def _has_disfavour(c: Cast) -> str | None:
    """Refused, costing nothing, when there is no Disfavour to lose: the card's only
    effect would be wasted (as HG-6.1-04: nothing to act on)."""
    if c.st.players[c.player].disfavours < 1:
        return f"{c.player} has no Disfavour for {c.name} to take away"
    return None


def _lose_disfavour(c: Cast) -> None:
    p = c.st.players[c.player]
    p.disfavours -= 1
    c.log.public("lose-disfavour", f"{c.player} loses 1 Disfavour ({c.name}); "
                 f"{count(p.disfavours, 'Disfavour')} left", DISFAVOUR_RULE, card=c.card,
                 player=c.player)


@spell("arcana.flattering-the-boss", check=_has_disfavour)
def flattering_the_boss(c: Cast) -> None:
    """"Immediately lose 1 Disfavour" (003 l.1777); cast In Hell (data)."""
    _lose_disfavour(c)


@spell("arcana.he-cant-be-all-good", check=_has_disfavour)
def he_cant_be_all_good(c: Cast) -> None:
    """"Immediately lose 1 Disfavour" (003 l.1847); cast On Earth (data)."""
    _lose_disfavour(c)


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


# -- Fast Cash -------------------------------------------------------------------------------

def _fast_cash_check(c: Cast) -> str | None:
    fraud = [s for s in sorted(c.data.sectio) if c.data.sectio[s].circle_name == FRAUD]
    if not any(c.st.owners.get(s) == c.player for s in fraud):
        return f"{c.player} controls no Sectio in the Circle of Fraud, which Fast Cash needs"
    return None


@spell("arcana.fast-cash", check=_fast_cash_check)
def fast_cash(c: Cast) -> None:
    """The caster's Triumvirate gains Souls equal to 3 dice (counterfeit but fully
    usable) and takes 1 Disfavour for each die showing 1 (003 l.1759)."""
    faces = [c.dice.roll(f"{RULE} Fast Cash: die {i + 1} of 3", c.player) for i in range(3)]
    ones = faces.count(1)
    p = c.st.players[c.player]
    p.souls += sum(faces)
    p.disfavours += ones
    text = (f"{c.player} rolls {', '.join(map(str, faces))} and gains "
            f"{count(sum(faces), 'Soul')} of counterfeit money")
    if ones:
        text += f", and takes {count(ones, 'Disfavour')} for the {count(ones, 'one')} rolled"
    c.log.public("fast-cash", text, RULE, card=c.card, player=c.player, faces=faces,
                 souls=sum(faces), disfavours=ones)


# -- Wicked Pope ------------------------------------------------------------------------------

@spell("arcana.wicked-pope")
def wicked_pope(c: Cast) -> None:
    """003 l.2301: gain 2 Favours or lose 2 Disfavours: the caster's choice, with no order
    to make it. Default: a Triumvirate with a Disfavour loses up to 2 of them (a
    Disfavour binds a Favour and threatens a Disfavour Roll, HG-14.1-01); one with none
    gains 2 Favours."""
    p = c.st.players[c.player]
    if p.disfavours:
        lost = min(2, p.disfavours)
        p.disfavours -= lost
        text = f"{c.player} loses {count(lost, 'Disfavour')}"
    else:
        p.favours += 2
        text = f"{c.player} gains 2 Favours"
    c.log.public("wicked-pope", f"{c.who()} helps elect a Wicked Pope: {text} (default: lose "
                 "Disfavours if it has any, else gain Favours)", "HG-14.1-01", card=c.card,
                 player=c.player)


# -- Wicked Whispers --------------------------------------------------------------------------

@spell("arcana.wicked-whispers", target=OPPONENT)
def wicked_whispers(c: Cast) -> None:
    """003 l.2309: a die per Heart of the caster; each 4, 5 or 6 lets the caster force
    "any Triumvirate" to take 1 Disfavour; with none, the caster takes 2. The printed
    cost "3 Actions" makes no sense in the rules and is ignored (data: no cost). The
    choice of Triumvirate is made in the order: every Disfavour goes to the player named
    by ON (the caster "may" force: it always does, the default)."""
    victim = c.target["opponent"]
    hearts = attribute(c.data, c.daemon, "hearts")
    rolls = [c.dice.roll(f"{RULE} Wicked Whispers: die {i + 1} of {hearts}", c.player)
             for i in range(hearts)]
    hits = sum(1 for r in rolls if r >= 4)
    shown = ", ".join(str(r) for r in rolls) or "no dice"
    if hits:
        c.st.players[victim].disfavours += hits
        text = f"{victim} takes {count(hits, 'Disfavour')}"
    else:
        c.st.players[c.player].disfavours += 2
        text = f"no 4-6: {c.player} takes 2 Disfavours"
    c.log.public("wicked-whispers", f"{c.who()} whispers against {victim}, rolling {shown}: "
                 f"{text}", RULE, card=c.card, rolls=rolls, victim=victim)


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

@hook("end-phase-favours", order=20)
def _share_favours(st, sheets, dice, data, log) -> None:
    share_favours(st, data, dice, log)  # Flagellation, Loudun: before the buy-off


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
