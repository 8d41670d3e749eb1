"""Combat cards that move, make, bring back and
devour Units (helpers in cards_casualties.py):

- Blitzkrieg: after winning, the caster's Units (all, or some) advance into an
  adjacent Sectio.
- Getaway: the caster's Units leave for an adjacent empty Sectio; he has lost.
- Flesh of the Innocent: a die gives the caster 1 or 2 Hellhounds, or the enemy one.
- Hounds Stampede!: every hound of the combat goes on a Rampage.
- Panic and Disruption: every enemy Triumvirate's Units try to flee.
- Reincarnation: up to the caster's Stars of his Units destroyed here come back.
- Reinforcements: one of his Lieutenants, or one another player lends him (REINFORCEMENTS
  ALLOW), with his Legions comes from next door.
- The Frenzied Feeder: 2 dice of Units devoured, the caster's enemies first.
- The Real Hell's Angels: a Freebooter Legion fights for the caster for this combat.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..errors import OrderError
from ..log import count
from ..orders.combat_consent import ALLOW as ALLOW_ORDER
from ..orders.combat_consent import allows
from ..orders.common import place_name, sectio_id
from ..state import HELLHOUND, LEGION, LIEUTENANT, LILITH
from . import lasting
from .cards_casualties import RULE, enemies, lieutenant_text, player_of, resides, say, who
from .magic import combat_spell
from .parties import is_player, parties_at, units_of, whose

DESTINATION = "IP-46"
GLUTTONOUS = 3  # the Circle of the Gluttonous (The Frenzied Feeder's prerequisite)


def sectio_text(text: str, ctx) -> str:
    """`ON <Sectio>` in COMBAT CAST, written back by name."""
    return ctx.data.sectio[sectio_id(text, ctx.data, DESTINATION)].name


def neighbours(f) -> list[str]:
    """The Sectio next to the combat, by Compass number (HG-2.2.3)."""
    nb = f.data.sectio[f.sectio].neighbours
    return [nb[k] for k in sorted(nb) if nb[k] in f.data.sectio]


def named_sectio(f, o: dict) -> str | None:
    if not o.get("on"):
        return None
    return sectio_id(o["on"], f.data, DESTINATION)


def move_all(f, player: str, dest: str) -> list:
    """All the player's Units here (hounds with their Minders) go to `dest`."""
    moved = units_of(f.st, f.sectio, player)
    for u in moved:
        u.location = dest
    return moved


# -- Blitzkrieg ---------------------------------------------------------------------------

_BLITZ = re.compile(r"^(?P<dest>.*?)\s*(?:(?<![^\s])(?P<how>MOVING|LEAVING)\s+(?P<what>.+))?$",
                    re.I)
_UNIT_ID = re.compile(r"^u\d+$", re.I)


def blitz_parts(text: str) -> tuple[str, str | None, str]:
    """`ON [<Sectio>] [MOVING <unit ids> | LEAVING <n>]` split: (Sectio text, "MOVING" or
    "LEAVING" or None, what follows)."""
    m = _BLITZ.match((text or "").strip())
    how = m["how"].upper() if m and m["how"] else None
    return (m["dest"].strip() if m else (text or "").strip()), how, (m["what"] or "").strip() \
        if m else ""


def blitz_text(text: str, ctx) -> str:
    """`ON <Sectio>`, `ON <Sectio> MOVING u3, u5`, `ON <Sectio> LEAVING 2` (the Sectio may
    be left out: `ON LEAVING 2`), written back with the Sectio by name (IP-46)."""
    dest, how, what = blitz_parts(text)
    out = [sectio_text(dest, ctx)] if dest else []
    if how == "LEAVING":
        if not what.isdigit() or int(what) < 1:
            raise OrderError(INVALID, f"LEAVING {what!r}: say how many Legions stay behind",
                             DESTINATION, "e.g. COMBAT CAST Blitzkrieg ON Addiction LEAVING 2 "
                             "IN Sugar Hill")
        out.append(f"LEAVING {int(what)}")
    elif how == "MOVING":
        ids = [x.strip().lower() for x in what.split(",") if x.strip()]
        bad = [x for x in ids if not _UNIT_ID.match(x)]
        if bad or not ids:
            raise OrderError(INVALID, f"MOVING {what!r}: name your Units by their unit ids",
                             DESTINATION, "e.g. COMBAT CAST Blitzkrieg ON Addiction MOVING u3, "
                             "u5 IN Sugar Hill")
        mine = {u.id for u in ctx.state.units_of(ctx.player)}
        other = [x for x in ids if x not in mine]
        if other:
            raise OrderError(ILLEGAL, f"{', '.join(other)} {'is' if len(other) == 1 else 'are'}"
                             " not your Units", DESTINATION, "name Units of yours by unit id")
        out.append("MOVING " + ", ".join(dict.fromkeys(ids)))
    return " ".join(out)


def _movers(f, p: str, how: str | None, what: str) -> list:
    """IP-46, which Units advance: all (default); MOVING: the Units named that are still
    his here, each Minder with its hound (a hound goes only with its Minder); LEAVING n:
    all but n Legions, which stay: plain Legions first, then Minders (with their
    hounds), the highest unit numbers first."""
    here = units_of(f.st, f.sectio, p)
    if how == "MOVING":
        named = set(what.replace(" ", "").lower().split(","))
        legs = {u.id for u in here if u.kind != HELLHOUND and u.id in named}
        return [u for u in here if u.id in legs or (u.kind == HELLHOUND and u.minder in legs)]
    if how == "LEAVING":
        minders = {u.minder for u in here if u.kind == HELLHOUND}
        legions = sorted((u for u in here if u.kind == LEGION),
                         key=lambda u: (u.id in minders, -u.number))
        stay = {u.id for u in legions[:int(what)]}
        return [u for u in here if u.id not in stay
                and not (u.kind == HELLHOUND and u.minder in stay)]
    return here


def _advance(f, x, result) -> None:
    p = x.player
    if p not in result.get("winners", []):
        say(f, x.card, f"Blitzkrieg: {p} did not win in {f.here}, so there is no advance",
            DESTINATION, player=p)
        return
    dest = x.state["dest"]
    if dest not in neighbours(f):  # IP-46 default: the first empty neighbour
        dest = next((s for s in neighbours(f) if not f.st.units_at(s)), None)
    if dest is None:
        say(f, x.card, f"Blitzkrieg: {p} has no Sectio to advance into from {f.here}",
            DESTINATION, player=p)
        return
    how, what = x.state.get("how"), x.state.get("what", "")
    moved = _movers(f, p, how, what)
    if not moved:
        say(f, x.card, f"Blitzkrieg: none of the Units {p} named ({what}) is left in "
            f"{f.here}, so there is no advance", DESTINATION, player=p)
        return
    stay = len(units_of(f.st, f.sectio, p)) - len(moved)
    for u in moved:
        u.location = dest
    enemy = [q for q in parties_at(f.st, dest) if q != p]
    left = f" ({count(stay, 'Unit')} {'stays' if stay == 1 else 'stay'} behind, by its " \
        "order)" if how else ""
    say(f, x.card, f"Blitzkrieg: {p}'s {count(len(moved), 'Unit')} advance from {f.here} into "
        f"{place_name(dest, f.data)}{left}" + (": a new combat is fought there at once"
                                               if enemy else ""), DESTINATION, player=p, to=dest)
    if enemy:
        result["at_once"] = [dest]


@combat_spell("arcana.blitzkrieg", target=blitz_text)
def blitzkrieg(f, side: int, daemon: str, o: dict) -> None:
    """003 l.1671: "after winning a combat the caster may move some or all of his Units
    into an adjacent Sectio; if it is occupied, a new combat is fought there at once".
    Played during the combat (any round); it acts when the combat ends (`over`), only if
    the caster's Triumvirate won. ON <Sectio> (IP-46): an adjacent Sectio; default the
    first empty neighbour by Compass number. Which Units (IP-46, "some or all"): all of
    his Units there by default (hounds with their Minders); `MOVING u3, u5` only those,
    `LEAVING n` all but n Legions (`_movers`). The move is one step, into one Sectio (the
    card's "an adjacent Sectio"): there is no part-way to stop at. An occupied Sectio is
    fought over next, before the rest of the queue (combat/__init__.py reads
    result["at_once"])."""
    x = lasting.add(f, o["card"], side, player_of(f, daemon), daemon, over=_advance)
    dest, how, what = blitz_parts(o.get("on") or "")
    x.state["dest"] = sectio_id(dest, f.data, DESTINATION) if dest else None
    x.state["how"], x.state["what"] = how, what
    say(f, o["card"], f"Blitzkrieg: {who(f, daemon)} is ready to advance from {f.here} after "
        "a victory", DESTINATION, player=x.player)


# -- Getaway ------------------------------------------------------------------------------

def _lost(f, x, result) -> None:
    if x.player in result.get("winners", []):
        result["winners"] = [p for p in result["winners"] if p != x.player]


@combat_spell("arcana.getaway", target=sectio_text)
def getaway(f, side: int, daemon: str, o: dict) -> None:
    """003 l.1831: all the caster's Units leave the combat for an adjacent EMPTY Sectio;
    his side counts as having lost (he is never among the winners: no Victor's Right).
    ON <Sectio> (IP-46); default: the first empty neighbour by Compass number. With no
    empty neighbour (or Lilith here, HG-9.5-08) nothing happens."""
    from ..action import flight

    p = player_of(f, daemon)
    empty = [s for s in neighbours(f) if not f.st.units_at(s)]
    dest = named_sectio(f, o)
    if dest not in empty:
        if dest is not None:
            say(f, o["card"], f"Getaway: {place_name(dest, f.data)} is not an empty Sectio "
                f"next to {f.here}", DESTINATION, player=p)
        dest = empty[0] if empty else None
    if dest is None or flight.being_at(f.st, LILITH, f.sectio):
        say(f, o["card"], f"Getaway: {p}'s Units cannot get away from {f.here}: "
            + ("Lilith is there" if dest else "no adjacent Sectio is empty"), DESTINATION,
            player=p)
        return
    moved = move_all(f, p, dest)
    lasting.add(f, o["card"], side, p, daemon, over=_lost)
    say(f, o["card"], f"Getaway: {p}'s {count(len(moved), 'Unit')} pull out of {f.here} into "
        f"{place_name(dest, f.data)}; {p} counts as having lost the combat", DESTINATION,
        player=p, to=dest)
    resides(f)


# -- Flesh of the Innocent ----------------------------------------------------------------

def gain_hound(f, party: str | None, why: str) -> str:
    """One hound from the Hellhound box: minded by a free Legion of `party` here (the
    lowest number, HG-3.2-03), else it rampages (16.7). Returns how it went."""
    from .fight import minds

    ref = f.st.hellhound_box.pop(0)
    name = f.data.hellhounds[ref].name if ref in f.data.hellhounds else ref
    free = [u for u in units_of(f.st, f.sectio, party) if u.kind == LEGION
            and not minds(f, u)] if party and is_player(party) else []
    h = f.st.new_unit(HELLHOUND, party if free else None, f.sectio, ref=ref)
    if free:
        h.minder = free[0].id
        return f"{name} ({h.id}) joins {party}, minded by Legion {free[0].id}"
    return f"{name} ({h.id}) goes on a Rampage: {why}"


@combat_spell("arcana.flesh-of-the-innocent")
def flesh_of_the_innocent(f, side: int, daemon: str, o: dict) -> None:
    """003 l.1785: a die: 1-3 the caster gains a Hellhound, 4-5 two, 6 "the opponent"
    one. Read: hounds from the Hellhound box, here in this combat, each minded by a free
    Legion of the gainer (HG-3.2-03), else rampaging (16.7); the opponent is the enemy
    Triumvirate with most Units here (none: the hound rampages)."""
    p = player_of(f, daemon)
    face = f.dice.roll(f"Flesh of the Innocent in {f.here}", p)
    foes = [q for q in enemies(f, side) if is_player(q)]
    gainer = p if face <= 5 else max(foes, key=lambda q: len(units_of(f.st, f.sectio, q)),
                                     default=None)
    n = 1 if face <= 3 or face == 6 else 2
    got = [gain_hound(f, gainer, "no free Legion of the gainer to mind it")
           for _ in range(min(n, len(f.st.hellhound_box)))]
    say(f, o["card"], f"Flesh of the Innocent: {who(f, daemon)} rolls {face} in {f.here}: "
        + ("; ".join(got) if got else "the Hellhounds box is empty, no hound comes"), RULE,
        player=p, face=face, gainer=gainer)
    resides(f)


# -- Hounds Stampede! ---------------------------------------------------------------------

@combat_spell("arcana.hounds-stampede")
def hounds_stampede(f, side: int, daemon: str, o: dict) -> None:
    """003 l.1904: every Hellhound in the combat panics and goes on a Rampage: a minded
    hound loses its Minder and makes its one Compass move (HG-10.3-02, as lost Minders
    do); a hound already rampaging "tests whether it flees": the same Compass roll."""
    from ..random_moves import lose_minder

    hounds = [u for u in sorted(f.st.units_at(f.sectio), key=lambda u: u.number)
              if u.kind == HELLHOUND]
    say(f, o["card"], f"Hounds Stampede! {count(len(hounds), 'Hellhound')} in {f.here} panic "
        "and go on a Rampage", RULE, player=player_of(f, daemon), units=[h.id for h in hounds])
    for h in hounds:
        lose_minder(f.st, f.sheets, f.dice, f.data, f.log, h.id)
    resides(f)


# -- Panic and Disruption -----------------------------------------------------------------

@combat_spell("arcana.panic-and-disruption")
def panic_and_disruption(f, side: int, daemon: str, o: dict) -> None:
    """003 l.2049: "before this round starts, all enemy Units must try to flee": each
    enemy Triumvirate's Units flee as in combat flight (11.2.4, A-22), in side order.
    Freebooters and rampaging hounds have no flight in combat and stay; Lilith in the
    Sectio bars all flight (HG-9.5-08)."""
    from ..action import flight
    from .rounds import FleeCtx

    p = player_of(f, daemon)
    if flight.being_at(f.st, LILITH, f.sectio):
        say(f, o["card"], f"Panic and Disruption in {f.here}: Lilith is there, and no Unit "
            "may flee", "HG-9.5-08", player=p)
        return
    foes = [q for q in enemies(f, side) if is_player(q) and units_of(f.st, f.sectio, q)]
    say(f, o["card"], f"Panic and Disruption: the Units of {' and '.join(foes) or 'nobody'} "
        f"in {f.here} must try to flee", "HG-11.2.4-01", player=p)
    for q in foes:
        flight.flee_all(FleeCtx(f), q, f.sectio, barred=None)
    resides(f)


# -- Reincarnation ------------------------------------------------------------------------

@combat_spell("arcana.reincarnation")
def reincarnation(f, side: int, daemon: str, o: dict) -> None:
    """003 l.2071: up to the caster's Stars of his Triumvirate's Units destroyed in this
    combat (`f.destroyed`) come back here. Read: Legions first, then Lieutenants whose
    figure is still in the Return box (taken back from it), most recently lost first;
    hounds do not come back (a hound is his only while a Legion minds it)."""
    from ..favours import attribute

    p = player_of(f, daemon)
    stars = attribute(f.data, daemon, "stars", f.st)
    lost = list(reversed(f.destroyed.get(p, [])))
    pick = [u for u in lost if u.kind == LEGION] + \
        [u for u in lost if u.kind == LIEUTENANT and u.ref in f.st.lieutenant_return]
    back = []
    for u in pick[:stars]:
        if u.kind == LIEUTENANT:
            f.st.lieutenant_return.remove(u.ref)
        back.append(f.st.new_unit(u.kind, p, f.sectio, ref=u.ref))
        f.destroyed[p].remove(u)
    say(f, o["card"], f"Reincarnation: {who(f, daemon)} brings back "
        f"{count(len(back), 'Unit')} in {f.here}" + (": " + ", ".join(
            f"{u.kind} {u.id}" for u in back) if back else ""), RULE, player=p,
        units=[u.id for u in back])
    resides(f)


# -- Reinforcements -----------------------------------------------------------------------

def lenders(f, caster: str) -> list[str]:
    """The other players whose REINFORCEMENTS ALLOW lines name the caster (or ANYONE), in
    seat order: each may lend a Lieutenant (orders/combat_consent.py)."""
    return [q for q in f.st.seats if q != caster and is_player(q)
            and any(not o["players"] or caster in o["players"] for o in f.orders(q, ALLOW_ORDER))]


@combat_spell("arcana.reinforcements", target=lieutenant_text)
def reinforcements(f, side: int, daemon: str, o: dict) -> None:
    """003 l.2072 (2 Souls, paid when played): "a Lieutenant (his own or of a Triumvirate
    that permits it) with its Legions" moves from an adjacent Sectio into the battle.
    "With its Legions" = all its owner's Units in that Sectio. The permission is the
    owner's REINFORCEMENTS ALLOW line (for the caster, or ANYONE; ONLY: those
    Lieutenants), asked when the card is played; without one, no permission. ON
    <Lieutenant>: his own or a permitted one; default (or if the one named cannot come):
    his own adjacent Lieutenant with most Legions, then a permitted one with most
    Legions (lowest unit number on ties). A lent Lieutenant's Triumvirate, if not in the
    fight yet, fights on the caster's side for the rest of the combat."""
    p = player_of(f, daemon)

    def name(u) -> str:
        return f.data.lieutenants[u.ref].name if u.ref in f.data.lieutenants else u.id

    def size(u) -> int:
        return sum(1 for v in units_of(f.st, u.location, u.owner) if v.kind == LEGION)

    def adjacent(q: str) -> list:
        return [u for s in neighbours(f) for u in units_of(f.st, s, q) if u.kind == LIEUTENANT]

    own = adjacent(p)
    lent = [u for q in lenders(f, p) for u in adjacent(q)
            if allows(f.orders(q, ALLOW_ORDER), p, u.ref)]
    asked = (o.get("on") or "").lower()
    chosen = next((u for u in own + lent if name(u).lower() == asked), None) \
        or min(own, key=lambda u: (-size(u), u.number), default=None) \
        or min(lent, key=lambda u: (-size(u), u.number), default=None)
    if chosen is None:
        say(f, o["card"], f"Reinforcements: {p} has no Lieutenant next to {f.here}"
            + (", and no other Triumvirate's one it may bring" if lenders(f, p) else ""),
            RULE, player=p)
        return
    owner, frm = chosen.owner, chosen.location
    why = ""
    if asked and name(chosen).lower() != asked:
        why = f" ({o['on']} cannot come: not next to {f.here}, or no permission; by default)"
    newcomer = owner != p and owner not in parties_at(f.st, f.sectio)
    moved = units_of(f.st, frm, owner)
    for u in moved:
        u.location = f.sectio
    if newcomer:  # on the caster's side for the rest of the combat (sides.assign keeps
        # the Triumvirates' sides once every one of them has one)
        for i, ps in enumerate(f.sides):
            f.fixed.update({q: i for q in ps if is_player(q) and q not in f.fixed})
        f.fixed[owner] = f.fixed.get(p, side)
    lent_by = "" if owner == p else (f", lent by {owner} (its REINFORCEMENTS ALLOW)"
                                     + (f": {owner} fights on {p}'s side" if newcomer else ""))
    say(f, o["card"], f"Reinforcements: {whose(owner, f.data, f.st)} Lieutenant {name(chosen)} "
        f"comes from {place_name(frm, f.data)} into the battle in {f.here} with "
        f"{count(len(moved) - 1, 'Unit')}{lent_by}{why}", RULE, player=p,
        units=[u.id for u in moved], owner=owner)
    resides(f)


# -- The Frenzied Feeder ------------------------------------------------------------------

def gluttonous(f, player: str, o: dict) -> str | None:
    if any(f.data.sectio[s].circle == GLUTTONOUS for s in f.st.sectio_of(player)):
        return None
    return "its Triumvirate holds no Sectio in the Circle of the Gluttonous"


@combat_spell("arcana.the-frenzied-feeder", check=gluttonous)
def frenzied_feeder(f, side: int, daemon: str, o: dict) -> None:
    """003 l.2179: the caster's Triumvirate must hold a Sectio in the Circle of the
    Gluttonous. The Feeder devours 2 dice of Units in the combat's Sectio: every Unit
    not the caster's first, then his own; each group in a random order (a die for each,
    re-rolled on ties). Devoured Units are destroyed in the combat (hounds left without
    a Minder rampage, HG-11.2.3-08)."""
    from .rounds import lost_minders

    p = player_of(f, daemon)
    n = sum(f.dice.roll(f"The Frenzied Feeder in {f.here}", p) for _ in range(2))
    here = [u for q in parties_at(f.st, f.sectio) for u in units_of(f.st, f.sectio, q)]
    order = []
    for group in ([u for u in here if u.owner != p or f.st.is_rampaging(u)],
                  [u for u in here if u.owner == p and not f.st.is_rampaging(u)]):
        order += f.rank(group, lambda u: 0, "The Frenzied Feeder's order")
    eaten = order[:n]
    say(f, o["card"], f"The Frenzied Feeder is let loose in {f.here}: it devours "
        f"{count(n, 'Unit')}" + (": " + ", ".join(f"{whose_unit(f, u)} {u.kind} {u.id}"
                                                  for u in eaten) if eaten else "")
        + " and vanishes", RULE, player=p, roll=n, units=[u.id for u in eaten])
    lost_minders(f, eaten)
    resides(f)


def whose_unit(f, u) -> str:
    """"boris's", "the Freebooters'": the owner of unit `u` as a possessive."""
    from .parties import party_of

    return whose(party_of(f.st, u), f.data, f.st)


# -- The Real Hell's Angels ---------------------------------------------------------------

def _disband(f, x, result) -> None:
    ids = {u.id for u in f.st.units}
    for uid in x.state["units"]:
        if uid in ids:
            f.st.remove_unit(uid)
            say(f, x.card, f"The Real Hell's Angels: the Freebooter Legion {uid} leaves "
                f"{f.here} and goes back to the Freebooter set", RULE, player=x.player)
    for q in list(f.destroyed):
        f.destroyed[q] = [u for u in f.destroyed[q] if u.id not in x.state["units"]]


@combat_spell("arcana.the-real-hells-angels")
def real_hells_angels(f, side: int, daemon: str, o: dict) -> None:
    """003 l.2221: the caster raises a new Legion from the Freebooter set to fight on
    his side. Read: for this combat it is his Unit (his Daemon's Skulls save it, HG-11.2.3);
    when the combat ends it goes back to the Freebooter set, and it can never be
    reincarnated."""
    p = player_of(f, daemon)
    u = f.st.new_unit(LEGION, p, f.sectio)
    x = lasting.add(f, o["card"], side, p, daemon, over=_disband)
    x.state["units"] = [u.id]
    say(f, o["card"], f"The Real Hell's Angels: a Freebooter Legion ({u.id}) fights for {p} in "
        f"{f.here} for this combat", RULE, player=p, unit=u.id)

