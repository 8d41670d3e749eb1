"""Major Arcana whose effect comes in the Random Moves Phase (issue 8): see magic.py for
the conventions.

- Riot: the Legions in one Sectio may not March for the rest of the Action Phase
  (march.py reads the mark; `riot_ends` clears it as the Random Moves Phase starts).
- Uriel Must Obey: 10 Hearts of support, the caster's not counted; Uriel leaves play at
  the start of the Random Moves Phase and the caster's Triumvirate gains 1 Favour
  (`uriel_obeys`).
- Talk of Lost Love: a Roll against Hearts and one against Stars; both passed, the
  caster's Triumvirate steers Lilith in the coming Random Moves Phase (`lilith_talked`,
  asked by random_moves/lilith.py), one failed, the caster is Incapacitated.

`riot_ends` and `uriel_obeys` are on the hook point random-moves-start (hooks.py), in
that order, before the Hell cards' (hellcards/movement.py); `lilith_talked` answers
lilith-controller.

Their lasting data is in `HellState.marks` under the card's id (RIOT, URIEL_MUST_OBEY,
TALK_OF_LOST_LOVE), cleared by the code that uses it.
"""

from __future__ import annotations

from ..favours import roll_against
from ..hooks import hook
from ..orders.common import place_name, sectio_id
from ..random_moves.common import being
from ..random_moves.uriel import remove_uriel
from ..state import LEGION, URIEL
from .magic import RULE, Cast, Support, Target, spell
from .spells_incapacitation import _incapacitate

RIOT = "arcana.riot"
URIEL_MUST_OBEY = "arcana.uriel-must-obey"
TALK_OF_LOST_LOVE = "arcana.talk-of-lost-love"


# -- Riot -----------------------------------------------------------------------------------

def _sectio_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <Sectio>`: a Sectio of Hell (AnteHell is no Sectio)."""
    s = sectio_id(text, ctx.data, RULE)
    return ctx.data.sectio[s].name.upper(), {"sectio": s}


SECTIO = Target("<Sectio>", _sectio_target)


def _rioters(c: Cast) -> list[str]:
    return sorted(u.id for u in c.st.units_at(c.target["sectio"]) if u.kind == LEGION)


def _riot_check(c: Cast) -> str | None:
    if not _rioters(c):
        return f"there is no Legion in {place_name(c.target['sectio'], c.data)} to riot"
    return None


@spell(RIOT, target=SECTIO, check=_riot_check)
def riot(c: Cast) -> None:
    """Its text (003 l.2076): the caster "forces all the Legions in a Sectio not to move
    for the rest of the Action Phase". Reading: the Legions there as the card takes
    effect, whoever owns them (the caster's too), are held: no March moves them, nor may
    a Lieutenant pick them up (march.py); a Legion that enters the Sectio later is free.
    Only a March is barred: fleeing is no move, as under Thou Art Not Real, so a rioting
    Legion still flees. Lieutenants are no Legions and move freely. A second Riot adds
    its Legions to the first's. The mark ends with the Action Phase (`riot_ends`)."""
    s = c.target["sectio"]
    held = _rioters(c)
    old = c.st.marks.get(RIOT) or {"units": [], "sectio": []}
    c.st.marks[RIOT] = {"units": sorted({*old["units"], *held}),
                        "sectio": sorted({*old["sectio"], s})}
    owners = sorted({c.st.unit(u).owner or "Freebooters" for u in held})
    c.log.public("riot", f"Riot in {place_name(s, c.data)}: {len(held)} Legion"
                 f"{'' if len(held) == 1 else 's'} ({', '.join(owners)}) may not move for the "
                 "rest of the Action Phase", RULE, card=c.card, sectio=s, units=held)


@hook("legions-held", order=10)
def riot_holds(st) -> tuple[set[str], str] | None:
    """The Legions Riot holds for the rest of this Action Phase: no March moves them, nor
    may a Lieutenant pick them up (action/march.py asks)."""
    mark = st.marks.get(RIOT)
    if not mark:
        return None
    return (set(mark["units"]), "riot and may not move for the rest of the Action Phase "
            f"[{RIOT}]")


@hook("random-moves-start", order=10)
def riot_ends(ctx) -> None:
    """Riot held its Legions for the rest of the Action Phase, now over."""
    mark = ctx.st.marks.pop(RIOT, None)
    if mark:
        where = ", ".join(place_name(s, ctx.data) for s in mark["sectio"])
        ctx.log.public("riot-ends", f"The Action Phase is over: the Riot in {where} ends",
                       "HG-9.8-01", card=RIOT)


# -- Uriel Must Obey ----------------------------------------------------------------------------

#: 10 Hearts "without including himself" (003 l.2291), from Daemons in Hell (the caster's
#: place, HG-9.8.3-02); unlike Love for Lilith (A-40), no rulebook example says otherwise.
URIEL_MUST_OBEY_SUPPORT = Support("hearts", 10, includes_caster=False)


def _uriel_check(c: Cast) -> str | None:
    if not any(u.kind == URIEL for u in c.st.units):
        return "Uriel is not in play"
    if URIEL_MUST_OBEY in c.st.marks:
        return "Uriel Must Obey has been cast already this turn: Uriel will leave play"
    return None


@spell(URIEL_MUST_OBEY, support=URIEL_MUST_OBEY_SUPPORT, check=_uriel_check)
def uriel_must_obey(c: Cast) -> None:
    """Its text: with 10 Hearts of support (not counting the caster's) from Daemons in
    Hell, "at the start of the Random Moves Phase Uriel is removed from play; the moment
    he is, the Daemon that used this card gains 1 Favour". Reading: Favours are the
    Triumvirate's (HG-3.4), so the caster's player gains it, even if the caster has been
    destroyed meanwhile; if Uriel has left play before then, nothing happens and no
    Favour is gained (`uriel_obeys`)."""
    c.st.marks[URIEL_MUST_OBEY] = {"daemon": c.daemon, "player": c.player}
    helpers = ", ".join(c.data.daemons[d].name for d in c.supporters)
    c.log.public("uriel-must-obey", f"Uriel Must Obey: {c.who()}, supported by {helpers}, "
                 "commands Uriel to leave play at the start of the Random Moves Phase",
                 RULE, card=c.card, daemon=c.daemon, supporters=list(c.supporters))


@hook("random-moves-start", order=20)
def uriel_obeys(ctx) -> None:
    """Uriel Must Obey: at the start of the Random Moves Phase Uriel leaves play, and as
    he does the caster's Triumvirate gains 1 Favour."""
    st, log = ctx.st, ctx.log
    mark = st.marks.pop(URIEL_MUST_OBEY, None)
    if not mark:
        return
    if being(st, URIEL) is None:
        log.public("uriel-must-obey", "Uriel Must Obey: Uriel is no longer in play, so "
                   "nothing happens and no Favour is gained", "HG-9.8-01",
                   card=URIEL_MUST_OBEY)
        return
    remove_uriel(st, log, "he obeys the Daemons' command (Uriel Must Obey)", "HG-9.8-01")
    st.players[mark["player"]].favours += 1
    log.public("uriel-must-obey", f"Uriel Must Obey: {mark['player']} gains 1 Favour as Uriel "
               "leaves play", "HG-9.8-01", card=URIEL_MUST_OBEY, player=mark["player"])


# -- Talk of Lost Love ---------------------------------------------------------------------------

@spell(TALK_OF_LOST_LOVE)
def talk_of_lost_love(c: Cast) -> None:
    """Its text: if the caster passes a Roll against Hearts and one against Stars, "in
    the next Random Moves Phase its Triumvirate may control Lilith's movements (but not
    her aspect)"; failing either Incapacitates the caster. Readings: Hearts are rolled
    first, and Stars only if Hearts passed (a failed Hearts roll decides it). Lilith
    need not be in play yet (the card names no prerequisite): if she is not when the
    phase comes, the control lapses. The Triumvirate steers her with its STEER LILITH
    lines (IP-36; without one her steps are rolled, the IP-36 default); nobody courts
    her in that phase, for her movements are already controlled (lilith.move). A second
    success this phase replaces the first (the later card is the one in effect)."""
    hearts = roll_against(c.st, c.data, c.dice, c.daemon, "hearts",
                          f"{RULE} Talk of Lost Love: {c.who()} rolls against Hearts")
    stars = hearts and roll_against(c.st, c.data, c.dice, c.daemon, "stars",
                                    f"{RULE} Talk of Lost Love: {c.who()} rolls against Stars")
    if not stars:
        failed = "Stars" if hearts else "Hearts"
        gone = _incapacitate(c, c.daemon, None)
        c.log.public("talk-of-lost-love", f"Talk of Lost Love: {c.who()} fails the Roll "
                     f"against {failed} and is Incapacitated{gone}", RULE, card=c.card,
                     daemon=c.daemon, won=False)
        return
    c.st.marks[TALK_OF_LOST_LOVE] = {"player": c.player, "daemon": c.daemon}
    c.log.public("talk-of-lost-love", f"Talk of Lost Love: {c.who()} passes the Rolls "
                 f"against Hearts and Stars: {c.player} controls Lilith's movements (not her "
                 "aspect) in the coming Random Moves Phase", RULE, card=c.card,
                 daemon=c.daemon, won=True)


@hook("lilith-controller", order=10)
def lilith_talked(ctx, lilith) -> str | None:
    """The Random Moves Phase after a successful Talk of Lost Love: its player controls
    Lilith's movements, so nobody courts her; if she is not in play, the control lapses."""
    talk = ctx.st.marks.pop(TALK_OF_LOST_LOVE, None)
    if not talk:
        return None
    if lilith is None:
        ctx.log.public("talk-of-lost-love", f"Talk of Lost Love: Lilith is not in play, so "
                       f"{talk['player']} has no movements of hers to control", "HG-9.8-01",
                       card=TALK_OF_LOST_LOVE, player=talk["player"])
        return None
    ctx.log.public("talk-of-lost-love", f"Talk of Lost Love: {talk['player']} controls "
                   "Lilith's movements (not her aspect) this phase, so nobody courts her",
                   "HG-9.8-01", card=TALK_OF_LOST_LOVE, player=talk["player"])
    return talk["player"]
