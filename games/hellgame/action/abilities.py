"""The Daemon abilities that act in the Action Phase (ability text: data/daemons.yaml;
HG-2.4.1-01). Each is one small function registered in effects.ABILITIES under the
ability's id (STYLE.md: fireplace/Forge), so `pbem data audit` counts it; the abilities
not registered anywhere are reported there as not implemented.

Every ability is off while its Daemon is Incapacitated (HG-3.3-04): `working` and
`acting_with` say whether it may be used now. The player who gains or pays is the one
acting for the Daemon: its owner, or the player who borrowed it (IP-34).

Abilities that work by themselves, because using them can never hurt (IP-33's "do not
use" is for choices that can cost something):
- Ashtaroth: 1 Favour each time she Passes for Good (`on_pass_for_good`; the empty March
  of A-10 is no Pass for Good and earns nothing).
- Beelzebub: Atonement with three dice keeping the best two (`atonement_dice`): every
  row of the Atonement table is at least as good for a higher total, so the best two of
  three are never worse than two dice.
- Ukobach: +1 to every Evil Deeds die (`evil_deeds_bonus`), not a "may".

Abilities used only when ordered (IP-33):
- Thamuz walks the Earth without a card (`walks_without_card`): `WALK THE EARTH WITHOUT
  CARD`; a plain `WALK THE EARTH` plays a card as for any Daemon, and only when he has
  none he can pay does he walk without one (the line would fail otherwise).
- The ability Actions, `<Daemon>: ABILITY [ON <player>]` (`parse_ability`,
  `run_ability`): Balban, Ereshkigal, Orias, Sammael (Lilith in AnteHell), Xaphan (a
  Phenomenon; which of the two cards by the standing order XAPHAN CHOOSES).
- Caim's re-roll (`offer`, on the hook point "roll-failed" that reroll.py fires) and
  Paymon's Double Pass (`granted_by`, on "double-pass-granted", asked by queue.py) are
  here. Naburos's double distance (march_orders.py) and Gomory's Influence re-roll
  (diplomacy.py) live with the moves and rolls they change, which ask "ability-for"
  which ability gives them; they are registered here. Asmodeus's hand limit,
  Belphegor's redraw (standing order BELPHEGOR REDRAWS), Zagam's Souls and Prufflas's
  pick act outside the Action Phase: they are in abilities.py (the game's top level).

Helpers other rules ask (a Daemon's nature, not a choice):
- `can_be_incapacitated`: Agares on Earth cannot be Incapacitated (ability.agares).
- `immune_to`: Agares is immune to Incubi (the Arcana Incubus).
- `daemon_sex`: Belphegor is male in Hell, female on Earth (ability.belphegor).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from pbem.engine import ILLEGAL, INVALID

from .. import effects, hooks
from ..errors import OrderError
from ..hooks import hook
from ..log import count
from ..orders.common import player_name
from ..orders.keywords import ANY, CAIM_REROLLS, PAYMON_GRANTS, XAPHAN_CHOOSES
from ..state import ANTEHELL, ON_EARTH
from . import conditions, diplomacy, march_orders
from .context import ActionCtx
from .kinds import register
from .queue import Grant
from .reroll import ATONEMENT, EVIL_DEEDS

RULE = "HG-2.4.1-01"  # a Daemon card's special ability
OFF = "HG-3.3-04"  # an Incapacitated Daemon's ability is off

ASHTAROTH, BALBAN, BEELZEBUB = "ability.ashtaroth", "ability.balban", "ability.beelzebub"
CAIM, ERESHKIGAL, GOMORY = "ability.caim", "ability.ereshkigal", "ability.gomory"
NABUROS, ORIAS, PAYMON = "ability.naburos", "ability.orias", "ability.paymon"
SAMMAEL, THAMUZ, UKOBACH = "ability.sammael", "ability.thamuz", "ability.ukobach"
XAPHAN = "ability.xaphan"
AGARES, ASMODEUS, BELPHEGOR = "ability.agares", "ability.asmodeus", "ability.belphegor"
INCUBUS = "arcana.incubus"

BALBAN_SOULS = 8  # "sacrifice eight Souls to gain a Favour"


# -- whether an ability works now --------------------------------------------------------------

def ability_of(data, daemon: str) -> str:
    return data.daemons[daemon].ability.id


def working(st, data, ability: str):
    """The Daemon in play with this ability, if it is not Incapacitated (HG-3.3-04)."""
    for d in sorted(st.daemons):
        if ability_of(data, d) == ability and not st.daemons[d].incapacitated:
            return st.daemons[d]
    return None


def acting_with(actx: ActionCtx, ability: str) -> bool:
    """The Daemon acting now has this ability, and it works (HG-3.3-04)."""
    return (ability_of(actx.data, actx.daemon) == ability
            and not actx.st.daemons[actx.daemon].incapacitated)


def used_this_turn(log, ability: str) -> bool:
    """A once-a-turn ability (Caim, Paymon) was used: this turn's log says so. The log of
    a stage is the record of its turn, and every use is logged with `ability=<id>`."""
    return any(e.data.get("ability") == ability for e in log.events)


# -- what a Daemon is: asked by other rules -----------------------------------------------------

@effects.ability(AGARES)
def can_be_incapacitated(st, data, daemon_id: str) -> bool:
    """False for Agares on Earth: "while on Earth, nothing can Incapacitate it". Every
    rule that Incapacitates a Daemon asks this first; then nothing happens to him and
    the caller says so. Not an ability that can be off: an Incapacitated Agares is
    Incapacitated already."""
    return not (ability_of(data, daemon_id) == AGARES
                and st.daemons[daemon_id].where == ON_EARTH)


def immune_to(data, card_id: str, daemon_id: str) -> bool:
    """Agares is "immune to Incubi, for obvious reasons" (it is sexless): the Arcana
    Incubus does nothing to him. The Incubus card asks this (not in the game yet)."""
    return card_id == INCUBUS and ability_of(data, daemon_id) == AGARES


def daemon_sex(st, data, daemon_id: str) -> str:
    """"male", "female" or "sexless" (data/daemons.yaml `sex`). Belphegor (`dual`) is
    male while in Hell, female while on Earth (ability.belphegor); his sex is what he
    is, not an ability, so it holds while he is Incapacitated too."""
    sex = data.daemons[daemon_id].sex
    if sex == "dual":
        return "female" if st.daemons[daemon_id].where == ON_EARTH else "male"
    return sex


# -- abilities that change a core Action -----------------------------------------------------

@hook("passed-for-good", order=10)
@effects.ability(ASHTAROTH)
def on_pass_for_good(actx: ActionCtx) -> None:
    """Ashtaroth "may receive a Favour each time she takes the Pass for Good Action":
    taken every time, as a Favour is never bad (IP-33). Called by Pass for Good, ordered
    or the default (HG-9.3-01); an empty March after a Pass is none (A-10)."""
    if not acting_with(actx, ASHTAROTH):
        return
    actx.st.players[actx.player].favours += 1
    actx.log.public("ability-favour", f"{actx.label()} receives 1 Favour for Passing for "
                    f"Good (her ability)", RULE, daemon=actx.daemon, player=actx.player,
                    ability=ASHTAROTH)


@effects.ability(BEELZEBUB)
def atonement_dice(actx: ActionCtx) -> int:
    """Dice rolled for Atonement (HG-9.7.2-01: 2). Beelzebub "may roll three dice and keep
    the best two": always, as it cannot make the result worse (the table never gets
    worse for a higher total)."""
    return 3 if acting_with(actx, BEELZEBUB) else 2


@effects.ability(UKOBACH)
def evil_deeds_bonus(actx: ActionCtx) -> int:
    """Added to every Evil Deeds die (HG-9.7.4-01): Ukobach +1, so a 5 scores too."""
    return 1 if acting_with(actx, UKOBACH) else 0


@effects.ability(THAMUZ)
def walks_without_card(actx: ActionCtx) -> bool:
    """Thamuz "may take the Walk the Earth Action without playing a Walk the Earth card"
    (simple.run_walk decides when: WITHOUT CARD, or no card he can pay)."""
    return acting_with(actx, THAMUZ)


@hook("action-roll-ability", order=10)
def changes_roll(actx: ActionCtx, roll: str) -> tuple[int, str] | None:
    """(value, ability) when the acting Daemon's ability changes a roll of `roll`:
    Beelzebub's three Atonement dice, Ukobach's +1 to every Evil Deeds die."""
    if roll == ATONEMENT and acting_with(actx, BEELZEBUB):
        return atonement_dice(actx), BEELZEBUB
    if roll == EVIL_DEEDS and acting_with(actx, UKOBACH):
        return evil_deeds_bonus(actx), UKOBACH
    return None


#: What an Action asks an ability for (the hook point "ability-for"): the feature, and
#: the ability that gives it.
FEATURES = {"walk-without-card": THAMUZ, "march-double": NABUROS, "influence-reroll": GOMORY}


@hook("ability-for", order=10)
def ability_for(feature: str) -> str | None:
    """The ability that gives a Daemon `feature`: Thamuz walks the Earth without a card
    (simple.run_walk), Naburos moves a Unit double distance (march_orders.py), Gomory
    re-rolls an Influence die (diplomacy._roll)."""
    return FEATURES.get(feature)


# Abilities carried out inside another Action's code, registered under the function that
# does it so the audit counts them.
effects.ability(GOMORY)(diplomacy.run_influence)  # INFLUENCE ... REROLL (diplomacy._roll)
effects.ability(NABUROS)(march_orders.max_steps)  # MARCH ... DOUBLE


# -- Paymon's Double Pass, Caim's re-roll (IP-33: by standing orders) -------------------------

@hook("double-pass-granted", order=10)
def paymon_grants(actx: ActionCtx) -> Grant | None:
    """Paymon "each turn, may grant any Daemon except himself a Double Pass" (IP-33):
    the grant queue.py takes for the Daemon up, or None (`granted_by`)."""
    grantor = granted_by(actx)
    if grantor is None:
        return None
    return Grant(f"the Double Pass Paymon ({grantor}) grants",
                 {"granted_by": grantor, "ability": PAYMON})


@effects.ability(PAYMON)
def granted_by(actx: ActionCtx) -> str | None:
    """The player whose Paymon grants the Daemon up now a Double Pass, or None: Paymon is
    in play and not Incapacitated (HG-3.3-04), has granted none this turn, is not the
    Daemon up, and his owner's first PAYMON GRANTS line naming it has a condition that
    holds, read for that owner (MY, I, SOULS are his)."""
    paymon = working(actx.st, actx.data, PAYMON)
    if paymon is None or paymon.id == actx.daemon or used_this_turn(actx.log, PAYMON):
        return None
    owner = paymon.owner
    for grant in actx.orders(owner, PAYMON_GRANTS):
        if grant["daemon"] != actx.daemon:
            continue
        if grant["if"] is None or conditions.holds(grant["if"], replace(actx, player=owner)):
            return owner
    return None


@hook("roll-failed", order=10)
def caim_rerolls(actx: ActionCtx, player: str, kind: str, faces: list[int],
                 failed: Callable[[list[int]], list[int]],
                 what: Callable[[list[int], int], str]) -> None:
    """Caim re-rolls the first failed die (`failed(faces)[0]`) of a roll (reroll.py), in
    place, before the re-roll cards."""
    bad = failed(faces)
    if not bad:
        return
    new = offer(actx, player, kind, faces[bad[0]], what(faces, bad[0]))
    if new is not None:
        faces[bad[0]] = new


@effects.ability(CAIM)
def offer(actx: ActionCtx, player: str, kind: str, die: int, what: str) -> int | None:
    """Caim re-rolls `die`, a failed die `player` rolled in a roll of `kind`: the new face,
    or None when she does not. `what` names the die for the report ("the 2 of Baal's
    Atonement"). "Each turn, may re-roll one die rolled by her Triumvirate"
    (ability.caim), by the standing order CAIM REROLLS: she is in play, not Incapacitated
    (HG-3.3-04), her player rolled the die, his order lists this kind of roll and she has
    not re-rolled a die this turn. The new face stands, better or worse."""
    caim = working(actx.st, actx.data, CAIM)
    if caim is None or caim.owner != player or used_this_turn(actx.log, CAIM):
        return None
    orders = actx.orders(player, CAIM_REROLLS)
    if not orders or not ({kind, ANY} & set(orders[0]["kinds"])):
        return None
    new = actx.dice.roll(f"Caim's re-roll of {what}", player)
    actx.log.public("ability-reroll", f"Caim ({player}) re-rolls {what}: {new}", "IP-33",
                    player=player, roll=kind, old=die, new=new, ability=CAIM)
    return new


# -- abilities taken as an Action: <Daemon>: ABILITY [args] -------------------------------------

@dataclass(frozen=True)
class AbilityAction:
    """An ability taken as the Daemon's Action (HG-9.2-01). `parse(text, ctx)` reads what
    follows ABILITY -> (canonical, dict), None if nothing may follow; `run(actx, order)`
    returns None, or a reason with nothing changed (the Daemon's next line is tried)."""

    ability: str
    run: Callable
    parse: Callable | None = None


ACTIONS: dict[str, AbilityAction] = {}

#: Ability Actions refused when the sheet arrives: what they need is not in the game yet.
NOT_YET: dict[str, str] = {}

#: How the abilities that are not Actions are used, for the message refusing ABILITY.
USED_BY = {
    ASHTAROTH: "it works by itself each time she Passes for Good",
    BEELZEBUB: "it works by itself when he atones (ATONE)",
    UKOBACH: "it works by itself when she does EVIL DEEDS",
    THAMUZ: "write Thamuz: WALK THE EARTH WITHOUT CARD",
    GOMORY: "write REROLL at the end of her INFLUENCE line",
    NABUROS: "write DOUBLE after one move of his MARCH",
    PAYMON: "write PAYMON GRANTS DOUBLE PASS TO <Daemon> (a standing order)",
    CAIM: "write CAIM REROLLS FIRST FAILED <roll> (a standing order)",
    AGARES: "it works by itself: Incubi do not touch it, and nothing Incapacitates it on "
            "Earth",
    ASMODEUS: "it works by itself: your hand limit is 6",
    BELPHEGOR: "write BELPHEGOR REDRAWS <card or Minor kind> (a standing order, used in "
               "the Hell Phase draw)",
}


def action_ability(ability: str, parse: Callable | None = None):
    """Register the decorated `run(actx, order)` as an ability taken as an Action."""

    def wrap(fn):
        effects.ability(ability)(fn)
        ACTIONS[ability] = AbilityAction(ability, fn, parse)
        return fn

    return wrap


def parse_ability(text: str, ctx, daemon: str | None = None) -> tuple[str, dict]:
    """What follows ABILITY on `daemon`'s line (the Daemon decides which ability)."""
    if daemon is None:
        raise OrderError(INVALID, "ABILITY is written on a Daemon's line", RULE,
                         "e.g. Orias: ABILITY ON boris")
    info = ctx.data.daemons[daemon]
    aid = info.ability.id
    if aid in NOT_YET:
        raise OrderError(ILLEGAL, f"{info.name}'s ability ({info.ability.text}) is not "
                         f"implemented yet: {NOT_YET[aid]}", RULE,
                         f"give {info.name} another Action")
    spec = ACTIONS.get(aid)
    if spec is None:
        how = USED_BY.get(aid, "it is not used in the Action Phase")
        takers = ", ".join(sorted(ctx.data.daemons[d].name for d in ctx.data.daemons
                                  if ability_of(ctx.data, d) in ACTIONS))
        raise OrderError(ILLEGAL, f"{info.name}'s ability is not an Action "
                         f"({info.ability.text}): {how}", RULE,
                         f"ABILITY is for {takers}")
    if spec.parse is None:
        if text.strip():
            raise OrderError(INVALID, f"{info.name}: ABILITY takes nothing after it, not "
                             f"{text.strip()!r}", RULE, f"write {info.name}: ABILITY")
        return "ABILITY", {}
    canonical, out = spec.parse(text, ctx)
    return f"ABILITY {canonical}", out


def run_ability(actx: ActionCtx, order: dict) -> str | None:
    aid = ability_of(actx.data, actx.daemon)
    if aid not in ACTIONS:  # parse_ability accepts no such line; a guard, not a path
        return f"{actx.data.daemons[actx.daemon].name}'s ability is not an Action [{RULE}]"
    return ACTIONS[aid].run(actx, order)


# Each Daemon's own ability taken as an Action (abilities.py checks its place and cost);
# the last kind registered (loader.py imports this module after action/catalog.py).
register("ABILITY", parse=parse_ability, run=run_ability,
         rule="HG-2.4.1-01", example="Orias: ABILITY ON boris",
         doc="the Daemon's special ability taken as its Action: Balban (on Earth, 8 Souls for "
             "1 Favour), Ereshkigal (Incapacitated, 1 Disfavour less), Orias (ON <player>: "
             "Roll against Stars to see the hand)")


@action_ability(BALBAN)
def balban(actx: ActionCtx, order: dict) -> str | None:
    """"On Earth, may take an Action and sacrifice eight Souls to gain a Favour." She
    stays on Earth (an Action affecting Earth, HG-9.6-04)."""
    p = actx.st.players[actx.player]
    if actx.st.daemons[actx.daemon].where != ON_EARTH:
        return f"Balban sacrifices Souls for a Favour only on Earth [{BALBAN}]"
    if p.souls < BALBAN_SOULS:
        return f"{actx.player} has {count(p.souls, 'Soul')}; Balban sacrifices " \
               f"{BALBAN_SOULS} [{BALBAN}]"
    p.souls -= BALBAN_SOULS
    p.favours += 1
    actx.log.public("ability-sacrifice", f"{actx.label()} sacrifices {BALBAN_SOULS} Souls on "
                    f"Earth and gains 1 Favour (her ability)", RULE, daemon=actx.daemon,
                    player=actx.player, ability=BALBAN)
    return None


@action_ability(ERESHKIGAL)
def ereshkigal(actx: ActionCtx, order: dict) -> str | None:
    """"May take an Action to Incapacitate herself; her Triumvirate then loses one
    Disfavour." Refused with no Disfavour to lose: she would be Incapacitated for
    nothing. She recovers as any Incapacitated Daemon does (HG-13.2-01). Refused under
    Lucifer - An Impostor? (hell.lucifer-an-impostor): no Disfavour is used this turn,
    and she would be Incapacitated for nothing."""
    impostor = hooks.first("favour-use-forbidden", actx.st)  # Lucifer - An Impostor?
    if impostor is not None:
        return ("Ereshkigal's ability discards a Disfavour, and this turn Lucifer - An "
                f"Impostor? forbids using one [{impostor}]")
    p = actx.st.players[actx.player]
    if p.disfavours == 0:
        return f"{actx.player} has no Disfavour to lose [{ERESHKIGAL}]"
    d = actx.st.daemons[actx.daemon]
    d.incapacitated, d.recover_by = True, None  # she is acting: the phase moves on
    p.disfavours -= 1
    actx.log.public("ability-atone", f"{actx.label()} Incapacitates herself, and "
                    f"{actx.player} loses 1 Disfavour (her ability)", RULE,
                    daemon=actx.daemon, player=actx.player, ability=ERESHKIGAL)
    return None


_ON = re.compile(r"^ON\s+(?P<who>\S.*)$", re.I)


def _parse_orias(text: str, ctx) -> tuple[str, dict]:
    m = _ON.match(text.strip())
    if not m:
        raise OrderError(INVALID, f"Orias: ABILITY needs the opponent whose hand he looks "
                         f"at, not {text.strip()!r}", RULE, "write Orias: ABILITY ON <player>")
    who = player_name(m["who"], ctx, RULE)
    return f"ON {who}", {"player": who}


@action_ability(ORIAS, parse=_parse_orias)
def orias(actx: ActionCtx, order: dict) -> str | None:
    """"May take an Action to Roll against Stars; on a success he may look at an
    opponent's Arcana hand" (HG-3.4-04). Only his player is told the cards."""
    who = order["player"]
    if who == actx.player or who not in actx.st.players:
        return f"{who} is not an opponent of {actx.player} [{ORIAS}]"
    stars = actx.data.daemons[actx.daemon].stars
    die = actx.dice.roll(f"{actx.label()} Rolls against Stars to see {who}'s hand",
                         actx.player)
    ok = die <= stars
    actx.log.public("ability-look", f"{actx.label()} Rolls against {count(stars, 'Star')} to "
                    f"look at {who}'s Arcana hand: {die}, "
                    f"{'a success' if ok else 'a failure'}", "HG-3.4-04", daemon=actx.daemon,
                    player=actx.player, target=who, roll=die, ability=ORIAS)
    if ok:
        hand = [actx.data.arcana[c].name for c in actx.st.players[who].hand]
        actx.log.private(actx.player, "ability-hand", f"Orias sees {who}'s Arcana hand: "
                         + (", ".join(hand) if hand else "no cards"), RULE,
                         daemon=actx.daemon, target=who, cards=list(actx.st.players[who].hand))
    return None


@action_ability(SAMMAEL)
def sammael(actx: ActionCtx, order: dict) -> str | None:
    """"In Hell, may take an Action to Incapacitate himself and make Lilith appear in
    AnteHell." Refused while Lilith is in play (he would be Incapacitated for nothing).
    She comes with no aspect: it is rolled when she moves (bring_lilith, HG-10.2-01).
    He recovers as any Incapacitated Daemon does (HG-13.2-01)."""
    from ..random_moves.common import being
    from ..random_moves.lilith import bring_lilith
    from ..state import LILITH

    if actx.st.daemons[actx.daemon].where == ON_EARTH:
        return f"Sammael calls Lilith only from Hell [{SAMMAEL}]"
    if being(actx.st, LILITH) is not None:
        return f"Lilith is in play already [{SAMMAEL}]"
    d = actx.st.daemons[actx.daemon]
    d.incapacitated, d.recover_by = True, None  # he is acting: the phase moves on
    actx.log.public("ability-lilith", f"{actx.label()} Incapacitates himself to call Lilith "
                    "into AnteHell (his ability)", RULE, daemon=actx.daemon,
                    player=actx.player, ability=SAMMAEL)
    bring_lilith(actx.st, actx.data, actx.log, sectio=ANTEHELL)
    return None


@action_ability(XAPHAN)
def xaphan(actx: ActionCtx, order: dict) -> str | None:
    """"In Hell, may take an Action to trigger a Phenomenon at once: draw two Hell cards
    and choose one" (003: "un Fenomeno a caso").

    Readings: the two cards are the top two of the Hell deck; the grey box of the one
    chosen is the Phenomenon, and a third card's bottom line names where it strikes,
    as in the Hell Phase (HG-6.2-02, events.resolve_phenomenon). The choice is the
    standing order XAPHAN CHOOSES (the first Phenomenon listed that one of the two
    holds), else the first card drawn (IP-33's "do not use" cannot apply once she
    acts). Refused, nothing changed, with fewer than three Hell cards in the deck. The
    three cards go to the bottom of the Hell deck in the order drawn (HG-3.3-02). The
    Warning Sign moves to her Phenomenon for the rest of the turn (there is one sign,
    HG-6.2-03): a lasting Phenomenon of the Hell Phase ends then. The Phenomenon is
    resolved by the hook point "trigger-phenomenon" (events.resolve_phenomenon)."""
    st, data = actx.st, actx.data
    if st.daemons[actx.daemon].where == ON_EARTH:
        return f"Xaphan triggers a Phenomenon only from Hell [{XAPHAN}]"
    if len(st.hell_deck) < 3:
        return f"the Hell deck holds {count(len(st.hell_deck), 'card')}: Xaphan needs two " \
               f"to choose from and one for the place [{XAPHAN}]"
    two = [st.hell_deck.pop(0), st.hell_deck.pop(0)]
    place = st.hell_deck.pop(0)
    orders = actx.orders(actx.player, XAPHAN_CHOOSES)
    prefer = orders[0]["prefer"] if orders else []
    ranked = [c for p in prefer for c in two if data.hell_cards[c].phenomenon.id == p]
    chosen = ranked[0] if ranked else two[0]
    names = [f"{data.hell_cards[c].name} ({data.hell_cards[c].phenomenon.name})"
             for c in two]
    how = "by your XAPHAN CHOOSES order" if ranked else \
        "the first card drawn (no XAPHAN CHOOSES entry fits)"
    actx.log.public("ability-phenomenon", f"{actx.label()} triggers a Phenomenon (her "
                    f"ability): she draws {names[0]} and {names[1]} and chooses "
                    f"{data.hell_cards[chosen].phenomenon.name}", RULE, daemon=actx.daemon,
                    player=actx.player, cards=two, chosen=chosen, ability=XAPHAN)
    actx.log.private(actx.player, "ability-phenomenon-choice", f"Xaphan's choice: {how}.",
                     "IP-33", ability=XAPHAN)
    if st.warning_sign:
        actx.log.public("warning-sign-moves", "The Warning Sign moves to Xaphan's "
                        "Phenomenon: this turn's earlier Phenomenon no longer lasts",
                        "HG-6.2-03", ability=XAPHAN)
    hooks.fire("trigger-phenomenon", st, actx.sheets, actx.dice, data, actx.log, chosen,
               place)
    st.hell_deck.extend([*two, place])
    return None
