"""Rituals finished in the combat phase (LH-I.3.3-01..06, LH-IV.2.6-01..06). Texts: Bury
and Chain Catalysm from the author's Cards page (digest §2.6), Infernal Plague and
Furnace of Souls the digest §3.3 PROPOSAL.

`finish_step(st, sheets, data, dice, log)` is step 6 of every combat round, called by the
combat helper once it has stored `st.combat["still"]` (the players whose army did not
move this round; pursuing counts as moving, LH-IV.2.6-02). Starter first then clockwise
(LH-I.3.3-05, LH-IV.2.6-03), each player in `still` with face-up rituals finishes those his
`FINISH <ritual> [BY <caster>] [ON <target>, ...] [SACRIFICE <n>]` lines name (PB-32;
default: none is finished). For one player:

1. Casters (LH-I.3.3-03/04): each Diabolic Fiends in Hell and the Devil in Hell (Glasya
   for 2 rituals); the count is the combat helper's `casters(st, name, data)`.
2. Casters are assigned to the rituals to be finished, in sheet order: the caster a `BY`
   names if one is free, else a Diabolic Fiends before the Devil (a ritual can destroy
   Diabolic Fiends but never the Devil: the LH-IV.2.6-06 example's advice). Then each
   ritual not being finished keeps a caster; rituals beyond the casters are discarded
   now (LH-IV.2.6-04). Which are kept is the owner's choice: his standing `KEEP RITUALS`
   list first, then the order tabled (PB-16, `combat.intentions.kept_first`).
3. The rituals are cast one by one in sheet order (LH-IV.2.6-05/06). A ritual whose
   Diabolic Fiends caster was destroyed by an earlier one takes a caster not used this
   round (casters change freely, only their number counts: LH-I.3.3-04), or with none
   left is discarded unfinished (the danger the example names). Targets are checked
   again (G8: legal when named and when resolving): a targeted ritual keeps the targets
   still legal; with none left it is not finished and stays tabled. A finished ritual
   is discarded (LH-IV.2.6-05).

A player left with no forces in Hell loses his home (LH-I.2-04, `homes`). A targeted
ritual hitting a Devil who holds the caster's No Targeting promise is reported "against
the promise" (LH-II.3.1-06: promises are recorded, not enforced).
"""

from __future__ import annotations

from pbem.lines import count

from .. import breaches, homes
from ..combat import round_end
from ..combat.army import casters
from ..combat.intentions import kept_first
from ..deck import discard, draw_cards
from ..effects import EFFECTS, effect
from ..state import LohState, card_id, order_from_starter
from .targets import SOUL, available, broken_promise, destroy, destroy_instance, thing_name

RULE = "LH-IV.2.6-02"
DIABOLIC_FIENDS = "horde.diabolic-fiends"
LEVIATHAN = "horde.leviathan"
CHAIN_CATALYSM = "ritual.chain-catalysm"
DEVIL = "devil"
FURNACE_MAX_CARDS = 3  # digest §3.3 PROPOSAL: 1 card per 2 Souls, at most 3


def caster_tokens(st: LohState, name: str, data) -> list[str]:
    """The player's casters: each Diabolic Fiends in Hell (its instance), then "devil"
    once per ritual the Devil can cast (LH-I.3.3-03/04)."""
    fiends = [i for i in st.players[name].hordes if card_id(st, i) == DIABOLIC_FIENDS]
    return fiends + [DEVIL] * max(0, casters(st, name, data) - len(fiends))


def caster_name(st: LohState, name: str, token: str, data) -> str:
    if token == DEVIL:
        return data.devils[st.players[name].devil].name
    return "the Diabolic Fiends"


@round_end
def finish_step(st: LohState, sheets: dict, data, dice, log) -> None:
    from ..orders import orders_of

    still = st.combat.get("still", [])
    for name in order_from_starter(st):
        lines = orders_of(sheets.get(name), "FINISH")
        if not lines:
            continue  # PB-32 default: nothing is finished
        if name not in still:
            log.private(name, "ritual-not-finished", "Your army moved this combat round, so "
                        "it finishes no ritual (your FINISH orders are not carried out).",
                        "LH-IV.2.6-02")
            continue
        if not st.players[name].rituals_up:
            log.private(name, "ritual-not-finished", "You have no face-up ritual to finish.",
                        "LH-III.3-01")
            continue
        finish(st, name, lines, data, dice, log)


def _take(free: list[str], want: str | None) -> str | None:
    """A free caster: the kind wanted if free, else a Diabolic Fiends, else the Devil."""
    for kind in ([want] if want else []) + [DIABOLIC_FIENDS, DEVIL]:
        token = next((t for t in free if (t == DEVIL) == (kind == DEVIL)), None)
        if token is not None:
            free.remove(token)
            return token
    return None


def finish(st: LohState, name: str, lines: list[dict], data, dice, log) -> None:
    p = st.players[name]
    free = caster_tokens(st, name, data)
    plan: list[tuple[str, dict, str | None]] = []
    for o in lines:
        rname = data.cards[o["ritual"]].name
        inst = next((i for i in p.rituals if card_id(st, i) == o["ritual"]
                     and i not in [x for x, _, _ in plan]), None)
        if inst is None:
            log.private(name, "ritual-not-finished", f"You have no (other) {rname} tabled to "
                        "finish.", "LH-I.3.3-01")
            continue
        caster = _take(free, o.get("by"))
        if caster and o.get("by") and (caster == DEVIL) != (o["by"] == DEVIL):
            log.private(name, "ritual-caster", f"The caster you named for {rname} "
                        f"({caster_name(st, name, o['by'], data)}) is not free: "
                        f"{caster_name(st, name, caster, data)} casts it.", "LH-IV.2.6-04")
        plan.append((inst, o, caster))
    if not plan:
        return  # nothing to finish: no caster is assigned (LH-IV.2.6-04)
    # rituals kept for later hold a caster each, the player's KEEP RITUALS list first
    # (LH-IV.2.6-04, PB-16)
    pending = kept_first(st, name, [i for i in p.rituals if i not in [x for x, _, _ in plan]])
    lost = [x for x, _, c in plan if c is None] + pending[len(free):]
    for inst in lost:
        p.rituals.remove(inst)
        discard(st, [inst], dice, log)
        log.public("ritual-discarded", f"{name}'s {data.cards[card_id(st, inst)].name} has no "
                   "caster left and is discarded (one ritual per caster).", "LH-IV.2.6-04",
                   player=name, card=card_id(st, inst))
    spare = free[len(pending):]  # casters neither finishing nor holding a ritual
    for inst, o, caster in plan:
        if inst in lost:
            continue
        cast(st, name, inst, o, caster, spare, data, dice, log)


def alive(st: LohState, name: str, token: str) -> bool:
    p = st.players[name]
    return p.status == "hell" if token == DEVIL else token in p.hordes


def cast(st: LohState, name: str, inst: str, o: dict, caster: str, spare: list[str], data, dice,
         log) -> None:
    p = st.players[name]
    rname = data.cards[o["ritual"]].name
    if inst not in p.rituals:
        log.private(name, "ritual-not-finished", f"Your {rname} was destroyed before it could "
                    "be finished.", "LH-IV.2.6-05")
        return
    if not alive(st, name, caster):
        gone = caster_name(st, name, caster, data)
        caster = next((t for t in spare if alive(st, name, t)), None)
        if caster is None:
            p.rituals.remove(inst)
            discard(st, [inst], dice, log)
            log.public("ritual-discarded", f"{name}'s {rname} lost its caster ({gone}) and "
                       "is discarded unfinished.", "LH-IV.2.6-06", player=name,
                       card=o["ritual"])
            return
        spare.remove(caster)  # casters change freely: only their number counts (LH-I.3.3-04)
        log.private(name, "ritual-caster", f"Your {rname} lost its caster ({gone}): "
                    f"{caster_name(st, name, caster, data)}, not yet casting, takes it over.",
                    "LH-I.3.3-04")
    by = caster_name(st, name, caster, data)
    if not EFFECTS[o["ritual"]](st, name, o, by, data, dice, log):
        return  # no legal target left: it stays tabled (G8)
    p.rituals.remove(inst)
    discard(st, [inst], dice, log)  # LH-IV.2.6-05


# --- the rituals ----------------------------------------------------------------------------

def _targeted(st: LohState, name: str, o: dict, by: str, data, dice, log) -> bool:
    """Bury and Chain Catalysm: destroy the named targets still in Hell (G8)."""
    rname = data.cards[o["ritual"]].name
    hits, touched = [], []
    for owner, thing, n in (tuple(t) for t in o["targets"]):
        k = min(n, available(st, owner, thing))
        if k == 0:
            continue
        k = destroy(st, owner, thing, k, data, dice, log, RULE)
        if thing == SOUL:
            text = f"{count(k, 'Soul')} of {owner}"
        else:
            text = (f"{k} of " if k > 1 else "") + f"{owner}'s {thing_name(thing, data)}"
        if k < n:
            text += f" (only {k} of the {n} named were still in Hell)"
        pr = broken_promise(st, name, owner)
        if pr:
            text += f", against {name}'s No Targeting promise to {owner}"
            if pr.get("id"):  # LH-II.3.1-06: told to the parties and the moderator
                breaches.record(st, log, name, pr["to"], f"promise {pr['id']}",
                                f"{name}'s {rname} targets {owner}'s {thing_name(thing, data)} "
                                f"against No Targeting promise {pr['id']}", "LH-II.3.1-06")
        hits.append(text)
        touched.append(owner)
    if not hits:
        log.private(name, "ritual-not-finished", f"None of the targets of your {rname} is in "
                    "Hell any more, so it is not finished and stays tabled (change its "
                    "targets next round).", "G8")
        return False
    log.public("ritual-finished", f"{name} finishes {rname} (cast by {by}): it destroys "
               + "; ".join(hits) + ".", RULE, player=name, card=o["ritual"],
               targets=o["targets"])
    if o["ritual"] == CHAIN_CATALYSM:
        log.not_implemented("Chain Catalysm's further clause about 'the owner...' (cut off in "
                            "the only copy of the card text, digest §2.6)", "G4")
    for owner in dict.fromkeys(touched):
        homes.lose_home_if_no_forces(st, owner, data, log)
    return True


effect("ritual.bury")(_targeted)
effect(CHAIN_CATALYSM)(_targeted)


@effect("ritual.infernal-plague")
def infernal_plague(st: LohState, name: str, o: dict, by: str, data, dice, log) -> bool:
    """Every player, Starter first, rolls a d6 for each of his hordes in Hell, Leviathan
    excepted; each 1 destroys that horde; the caster gains 1 Soul per horde destroyed,
    his own included (digest §3.3, shaped by LH-IV.2.6-06)."""
    log.public("ritual-finished", f"{name} finishes Infernal Plague (cast by {by}): every "
               "horde in Hell but Leviathan rolls a die and dies on a 1.", RULE, player=name,
               card=o["ritual"])
    killed, touched = 0, []
    for q in order_from_starter(st):
        rolls, dead = [], []
        for inst in list(st.players[q].hordes):
            cid = card_id(st, inst)
            if cid == LEVIATHAN:
                continue
            r = dice.roll(f"Infernal Plague: {q}'s {data.cards[cid].name}", q)
            rolls.append(f"{r} ({data.cards[cid].name})")
            if r == 1:
                destroy_instance(st, q, inst, data, dice, log, RULE)
                dead.append(data.cards[cid].name)
        if rolls:
            result = ("destroyed: " + ", ".join(dead)) if dead else "none destroyed"
            log.public("infernal-plague", f"Infernal Plague: {q} rolls {', '.join(rolls)}; "
                       f"{result}.", RULE, player=q, destroyed=len(dead))
            killed += len(dead)
            touched.append(q)
    if killed:
        st.players[name].souls += killed
        log.public("souls-gained", f"{name} gains {count(killed, 'Soul')} from the Infernal "
                   "Plague.", RULE, player=name, souls=killed)
        homes.take_home(st, name, data, log)
    for q in touched:
        homes.lose_home_if_no_forces(st, q, data, log)
    return True


@effect("ritual.furnace-of-souls")
def furnace_of_souls(st: LohState, name: str, o: dict, by: str, data, dice, log) -> bool:
    """Sacrifice your own Souls, 1 card drawn per 2, at most 3 cards (digest §3.3). The
    number sacrificed: the most useful even number, at most `SACRIFICE n` if given."""
    p = st.players[name]
    most = 2 * FURNACE_MAX_CARDS
    n = min(p.souls, most if o.get("sacrifice") is None else min(o["sacrifice"], most))
    n -= n % 2
    if n == 0:
        log.public("ritual-finished", f"{name} finishes Furnace of Souls (cast by {by}) but "
                   f"sacrifices no Souls ({name} has {count(p.souls, 'Soul')}): no card "
                   "is drawn.", RULE, player=name, card=o["ritual"])
        return True
    p.souls -= n
    log.public("ritual-finished", f"{name} finishes Furnace of Souls (cast by {by}): "
               f"{count(n, 'Soul')} sacrificed for {count(n // 2, 'card')}.", RULE,
               player=name, card=o["ritual"], souls=n)
    draw_cards(st, name, n // 2, data, dice, log, RULE, why="Furnace of Souls")
    homes.lose_home_if_no_forces(st, name, data, log)
    return True
