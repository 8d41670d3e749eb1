"""Lilith, the Mother of All Daemons (10.2, 10.2.1, 16.3).

`bring_lilith` is for the card that summons her (HG-10.2-01, A-14): the Sectio printed
on the card, else the Sectio at the bottom of the top Hell card (which then goes to the
bottom of the Hell deck, HG-3.3-02); her aspect from the card, if it gives one.

In the Random Moves Phase (second, after Uriel, HG-10.0-02):

1. Courting (HG-10.2.1-01/02, IP-35, A-16): each Triumvirate's first fitting COURT
   LILITH line (orders/lilith.py) names its one courting Daemon; several fight a Duel of
   Hearts. The Daemon that courts pays 1 free Favour and rolls against Hearts.
2. Her aspect (HG-10.2-03/04, A-15): kept if her card fixed it this turn, else rolled:
   1-2 Virgin, 3-4 Mother, 5-6 Crone (the same aspect may come up again).
3. Four steps (HG-10.2-05): steered by the successful courter's STEER LILITH line
   (IP-36), else on the Compass (5-6: she stays). From AnteHell (a card put her there,
   A-14) a step re-enters Hell like any Unit, 6s re-rolled. Entering AnteHell or the
   Pentagram removes her; entering Uriel's Sectio destroys him (HG-10.2-06).
4. Each Sectio she enters (not when she stays, HG-10.2-07) meets her aspect:
   the Crone gives each Legion's owner 1 Arcana card per Legion (HG-10.2-08, A-17);
   the Virgin destroys everything there, no flight (HG-10.2-09, HG-16.3-03);
   the Mother doubles Legions (up to 12 per Triumvirate; Freebooters have no such
   limit in the rules, so none is applied) and Hellhounds (while the box has hounds;
   a new hound of a tamed one takes a new Legion of the same Triumvirate as Minder,
   else it rampages); Lieutenants are unique and not doubled (HG-10.2-10, A-17).
"""

from __future__ import annotations

from .. import hooks
from ..action.flight import being_at
from ..cards import gain_arcana
from ..data import PENTAGRAM
from ..favours import duel, roll_against, spend_free_favour
from ..log import count
from ..orders.common import place_name
from ..orders.lilith import STAY
from ..state import ANTEHELL, HELLHOUND, LEGION, LILITH, URIEL, HellState, Unit
from .common import MoveCtx, being, describe, destroy_units
from .uriel import remove_uriel

COURT = "COURT LILITH"
STEER = "STEER LILITH"
ASPECT_NAMES = {"virgin": "the Virgin", "mother": "the Mother", "crone": "the Crone"}


def bring_lilith(st: HellState, data, log, sectio: str | None = None,
                 aspect: str | None = None) -> bool:
    """HG-10.2-01/03 (A-14): Lilith appears. The summoning card's printed place and aspect
    (events.py passes them: AnteHell and the card's aspect) win; with no `sectio` a Hell
    card is drawn for it, with no `aspect` it is rolled when she moves. Returns False
    (nothing changes) if she is in play already or no Hell card is left to draw."""
    if being(st, LILITH):
        log.public("lilith-already", "Lilith is in play already: nothing more happens",
                   "HG-10.2-01")
        return False
    if sectio is None:
        if not st.hell_deck:
            log.public("lilith-no-card", "The Hell deck is empty: there is no card to show "
                       "where Lilith appears, so she does not come", "HG-10.2-01")
            return False
        card = st.hell_deck.pop(0)
        st.hell_deck.append(card)  # HG-3.3-02: to the bottom
        sectio = data.hell_cards[card].bottom.sectio
        how = f"the Hell card {data.hell_cards[card].name} shows {place_name(sectio, data)}"
    else:
        how = f"the card puts her in {place_name(sectio, data)}"
        if being_at(st, URIEL, sectio):  # HG-10.2-06: she meets him there
            remove_uriel(st, log, f"Lilith appears in {place_name(sectio, data)} and "
                         "destroys him", "HG-10.2-06")
    st.new_unit(LILITH, None, sectio)
    st.lilith_aspect, st.lilith_aspect_turn = aspect, st.turn if aspect else 0
    as_ = f" as {ASPECT_NAMES[aspect]}" if aspect else ""
    log.public("lilith-arrives", f"Lilith comes to visit her children{as_}: {how}",
               "HG-10.2-01", sectio=sectio, aspect=aspect)
    return True


def remove_lilith(st: HellState, log, why: str, rule: str = "HG-10.2-06") -> None:
    """Lilith leaves play (AnteHell, the Pentagram, or her Permanent card leaves play)."""
    lil = being(st, LILITH)
    if lil is not None:
        st.units.remove(lil)
        st.lilith_aspect, st.lilith_aspect_turn = None, 0
        log.public("lilith-removed", f"Lilith leaves play: {why}", rule)


def move(ctx: MoveCtx) -> None:
    st, data, log = ctx.st, ctx.data, ctx.log
    lil = being(st, LILITH)
    # a card's control of her movements (Talk of Lost Love), asked even when she is not
    # in play: the card's control then lapses, and it says so
    controller = hooks.first("lilith-controller", ctx, lil)
    if lil is None:
        return
    courter = controller if controller else court(ctx, lil)
    aspect = _aspect(ctx)
    why = hooks.first("random-move-held", st, data, lil)
    if why:  # Orgasmatron (she is immune to Quagmire, a Phenomenon)
        log.public("lilith-held", f"Lilith does not move: {why}", "HG-6.1-01")
        return
    path = _steering(ctx, courter, aspect)
    pos = lil.location
    for step in range(1, data.tables["lilith_steps"] + 1):
        target, how = None, ""
        if path:
            want = path.pop(0)
            if want == STAY:
                log.public("lilith-idles", f"{courter} keeps Lilith in "
                           f"{place_name(pos, data)} (step {step})", "HG-10.2.1-02")
                continue
            nexts = data.circle_members(1) if pos == ANTEHELL else \
                tuple(data.sectio[pos].neighbours.values())
            if want in nexts:
                target, how = want, f"{courter} steers her"
            else:
                log.public("lilith-steer-fails", f"{courter} steers Lilith to "
                           f"{_name(want, data)}, which is not next to "
                           f"{place_name(pos, data)}: her steps from here are rolled",
                           "IP-36")
                path = []
        if target is None:
            if pos == ANTEHELL:
                face = ctx.dice.roll(f"HG-9.5.2-02 Lilith leaves AnteHell (step {step})")
                while face == 6:  # re-enters like a re-entry, 6s re-rolled
                    face = ctx.dice.roll("HG-9.5.2-02 Lilith re-rolls a 6")
                target = data.antehell_entry(face)
            else:
                face = ctx.dice.roll(f"HG-10.2-05 Lilith's step {step}")
                target = data.step(pos, face)
            how = f"she rolls {face}"
            if target is None:
                log.public("lilith-idles", f"Lilith rolls {face} and stays in "
                           f"{place_name(pos, data)} (step {step})", "HG-10.2-07", roll=face)
                continue
        if target in (ANTEHELL, PENTAGRAM):
            remove_lilith(st, log, f"{how} and she enters {_name(target, data)} (step {step})")
            return
        pos = lil.location = target
        log.public("lilith-enters", f"Lilith enters {place_name(pos, data)}: {how} "
                   f"(step {step})", "HG-10.2-05", sectio=pos)
        if being_at(st, URIEL, pos):
            remove_uriel(st, log, f"Lilith finds him in {place_name(pos, data)} and destroys "
                         "him", "HG-10.2-06")
        EFFECTS[aspect](ctx, pos)


# -- courting (10.2.1) ----------------------------------------------------------------------

def court(ctx: MoveCtx, lil: Unit) -> str | None:
    """IP-35, A-16: the Triumvirate that won Lilith for this phase, or None. A card may
    refuse a courting (the hook point lilith-courting-refused: under Lucifer - An
    Impostor? courting, which spends a Favour, is refused, logged for each player whose
    COURT LILITH line would apply)."""
    st, data, log = ctx.st, ctx.data, ctx.log
    suitors: list[str] = []
    for player in st.seats:
        for o in ctx.orders(player, COURT):
            d = st.daemons.get(o["daemon"])
            if d is None or d.owner != player or d.incapacitated:
                continue
            if o["within"] is not None and _distance(data, lil.location, o["near"]) > o["within"]:
                continue
            if hooks.first("lilith-courting-refused", st, data, log, player, o["daemon"]):
                break  # a card refuses it, and has said why
            if st.players[player].free_favours < data.tables["court_lilith_cost_favours"]:
                log.public("court-no-favour", f"{player} would court Lilith but has no free "
                           "Favour", "HG-10.2.1-01", player=player)
            else:
                suitors.append(o["daemon"])
            break
    if not suitors:
        return None
    names = {d: f"{data.daemons[d].name} ({st.daemons[d].owner})" for d in suitors}
    daemon = suitors[0]
    if len(suitors) > 1:
        daemon = duel(st, data, ctx.dice, suitors, "hearts", "HG-10.2.1-01 Duel of Hearts "
                      "to court Lilith")
        log.public("court-duel", f"{', '.join(names.values())} all court Lilith: "
                   f"{names[daemon]} wins the Duel of Hearts", "HG-10.2.1-01",
                   daemons=suitors, winner=daemon)
    player = st.daemons[daemon].owner
    spend_free_favour(st, player)  # paid by the one who courts, won or not
    won = roll_against(st, data, ctx.dice, daemon, "hearts",
                       f"HG-10.2.1-02 {names[daemon]} courts Lilith")
    log.public("court", f"{names[daemon]} spends 1 Favour to court Lilith and "
               f"{'wins her: ' + player + ' moves her this phase' if won else 'fails'}",
               "HG-10.2.1-02", player=player, daemon=daemon, won=won)
    return player if won else None


def _steering(ctx: MoveCtx, courter: str | None, aspect: str) -> list[str]:
    """IP-36: the courter's first STEER LILITH line for this aspect (or any), or []."""
    if courter is None:
        return []
    for o in ctx.orders(courter, STEER):
        if o["aspect"] in (None, aspect):
            return list(o["path"])
    return []


def _distance(data, frm: str, targets: list[str]) -> int:
    """Compass steps from `frm` to the nearest of `targets` (AnteHell is next to Circle 1)."""
    seen, edge, n = {frm}, [frm], 0
    while edge:
        if any(p in targets for p in edge):
            return n
        nxt = []
        for p in edge:
            around = data.circle_members(1) if p == ANTEHELL else data.neighbours_of(p)
            nxt += [q for q in around if q not in seen]
            seen.update(around)
        edge, n = nxt, n + 1
    return 99


# -- her aspect (10.2) ---------------------------------------------------------------------

def _aspect(ctx: MoveCtx) -> str:
    st, log = ctx.st, ctx.log
    if st.lilith_aspect and st.lilith_aspect_turn == st.turn:
        log.public("lilith-aspect", f"Lilith is {ASPECT_NAMES[st.lilith_aspect]} this turn "
                   "(the card that brought her says so)", "HG-10.2-03", aspect=st.lilith_aspect)
        return st.lilith_aspect
    face = ctx.dice.roll("HG-10.2-04 Lilith's aspect")
    st.lilith_aspect, st.lilith_aspect_turn = ctx.data.tables["lilith_aspects"][face], st.turn
    log.public("lilith-aspect", f"Lilith's aspect: a roll of {face} makes her "
               f"{ASPECT_NAMES[st.lilith_aspect]} this turn", "HG-10.2-04", roll=face,
               aspect=st.lilith_aspect)
    return st.lilith_aspect


def _crone(ctx: MoveCtx, sectio: str) -> None:
    """HG-10.2-08 (A-17): 1 Arcana card per Legion, to its owner."""
    for player in ctx.st.seats:
        n = sum(1 for u in ctx.st.units_at(sectio) if u.kind == LEGION and u.owner == player)
        if n:
            gain_arcana(ctx.st, player, n, ctx.dice, ctx.data, ctx.log, ctx.sheets.get(player),
                        f"Lilith the Crone meets {count(n, 'Legion')} of {player}'s",
                        rule="HG-10.2-08")


def _virgin(ctx: MoveCtx, sectio: str) -> None:
    """HG-10.2-09, HG-16.3-03: everything there is slain; nobody may flee."""
    victims = [u for u in ctx.st.units_at(sectio) if u.kind != LILITH]
    destroy_units(ctx, victims, sectio, "Lilith the Virgin slays everything", "HG-10.2-09")


def _mother(ctx: MoveCtx, sectio: str) -> None:
    """HG-10.2-10 (A-17): Legions and Hellhounds doubled, within the counter mix."""
    st, data, log = ctx.st, ctx.data, ctx.log
    here = sorted((u for u in st.units_at(sectio) if u.kind != LILITH), key=lambda u: u.number)
    cap = data.tables["legion_cap"]
    born: dict[str | None, list[Unit]] = {}
    for owner in [*st.seats, None]:
        mine = [u for u in here if u.kind == LEGION and u.owner == owner]
        if not mine:
            continue
        room = len(mine) if owner is None else \
            max(0, min(len(mine), cap - len(st.units_of(owner, LEGION))))
        born[owner] = [st.new_unit(LEGION, owner, sectio) for _ in range(room)]
        whose = f"{owner}'s" if owner else "Freebooter"
        short = "" if room == len(mine) else \
            f" ({owner} has {count(cap, 'Legion')}, all the counters there are)"
        log.public("lilith-mother", f"Lilith the Mother turns {count(len(mine), whose + ' Legion')}"
                   f" in {place_name(sectio, data)} into {len(mine) + room}{short}",
                   "HG-10.2-10", player=owner, sectio=sectio, added=room)
    minders = {u.minder for u in st.units if u.kind == HELLHOUND and u.minder}
    for h in (u for u in here if u.kind == HELLHOUND):
        if not st.hellhound_box:
            log.public("lilith-mother-no-hound", f"Lilith the Mother cannot double "
                       f"{describe(h, data)}: the Hellhound box is empty", "HG-10.2-10")
            continue
        new = st.new_unit(HELLHOUND, None, sectio, st.hellhound_box.pop(0))
        partner = next((g for g in born.get(h.owner, []) if h.minder and g.id not in minders),
                       None)
        if partner is not None:
            new.owner, new.minder = h.owner, partner.id
            minders.add(partner.id)
        log.public("lilith-mother", f"Lilith the Mother turns {describe(h, data)} in "
                   f"{place_name(sectio, data)} into two"
                   + (f"; the new one is minded by a new {h.owner} Legion" if partner
                      else "; the new one rampages"), "HG-10.2-10", unit=new.id)


EFFECTS = {"crone": _crone, "virgin": _virgin, "mother": _mother}


def _name(place: str, data) -> str:
    return "the Pentagram" if place == PENTAGRAM else place_name(place, data)
