"""Gifts and trades in the Soul Phase (HG-7.2.1b-01..03, IP-08).

No borrowing or lending exists (HG-7.2.1b-01): a transfer is a gift, free or against
something in return, made only in the Soul Phase (HG-7.2.1b-02). Favours and
Disfavours can never be given; the order parser refuses them. The engine moves Souls,
Sectio, Arcana cards, Units and Daemons (`GIVE` orders, orders/soul.py).

A trade, `GIVE b X IF b GIVES Y`, happens only when b's sheet has the matching
`GIVE a Y` (unconditional, or conditional on X), and then both halves happen as one
step or neither does. Trades go first (givers in seats order, orders in sheet order),
then the plain gifts left over, in the same order. Every gift is checked again here
against the state of the moment and reported when it cannot be made.

Units and Daemons. 7.2.1b allows "any thing but Favours and Disfavours" and says no
more; the readings the rules leave open (rules-checklist §4 has none for them), as
docs/orders-hellgame.md lists them:

- G-1 A gift changes the owner, never the place: given Units stay in their Sectio or in
  AnteHell, a given Daemon stays in Hell or on Earth (nothing in 7.2.1b moves them).
- G-2 `n LEGIONS <place>` gives Legions minding no Hellhound, the lowest unit numbers
  first; a Minder is given only by `LEGION WITH HOUND`, and its tamed Hellhound goes with
  it (a tamed hound goes wherever its Minder goes and fights for its owner, HG-9.5-07,
  HG-3.2-03; A-30 and 16.1 deserters: "tamed hounds follow their Minders"). A Hellhound
  is never given without its Minder. Rampaging hounds and Freebooters are nobody's.
- G-3 A Lieutenant is given alone: the Legions in his Sectio stay with the giver (a
  Lieutenant carries Legions only while he moves, HG-9.5-06; nothing stacks them for
  good). His Bonus Pay, if any, stays on him.
- G-4 The receiver may never have more than 12 Legions (HG-8.2-02, "can never have
  over 12 Legions in play"): a gift or trade that would take him over, counting what he
  gives in the same trade, is refused whole (IP-08: no half gifts).
- G-5 A Daemon goes with everything that is its own: its place, the Walk the Earth card
  under it (HG-9.6-01), the Arcana kept under it (Foci ...), the Play Right Away cards
  afflicting it, its Incapacitation (it recovers in the End Phase as before, HG-13.2-01)
  and any flag on it (must Pass for Good, Forgiveness's failed roll). Its place on the
  Rank Track is its printed Rank Number (HG-9.1-01), so it keeps it. Cards a player
  has cast earlier stay his: a lasting card's caster does not change.
- G-6 HG-7.2.1b-03 forbids giving one's last Sectio or last non-Incapacitated Daemon
  "to deliberately trigger" 15.2 / 15.1 (A-02). The engine cannot see intent, so it
  refuses any gift that leaves the giver without a non-Incapacitated Daemon (when he had
  one) or without any Daemon (15.1-02 would restart him with three new ones), unless
  the same trade brings him one, as a swap of Sectio may (an Incapacitated Daemon may
  be given while he keeps an active one).
- G-7 A Daemon given in the Soul Phase acts for its new owner from this turn's Action
  Phase on. The giver's Action lines for it are not used (he is told); the receiver's
  sheet could not name it (lines are checked against the turn's start), so this turn
  it takes the Action defaults (IP-18) and his other defaults (JOIN: IP-38).
- G-8 Income came before the gifts (soul.py step 4): a given Daemon on Earth has
  earned its Souls and Favour for the giver; given Legions and Lieutenants are paid by
  their new owner in this Soul Phase's upkeep (HG-7.2-06 "in his service").
"""

from __future__ import annotations

from .cards import enforce_hand_limit, hand_limit
from .data import HellData
from .in_play import freezer_name
from .log import Log, count
from .orders.failures import IN_PART, order_failed
from .ownership import Step
from .state import HELLHOUND, LEGION, LIEUTENANT, HellState, Unit

RULE = "HG-7.2.1b-02"
LAST_RULE = "HG-7.2.1b-03"
CAP_RULE = "HG-8.2-02"
#: the kinds of thing (`what["kind"]`) that are Units or Daemons
UNITS_KINDS = ("legions", "lieutenant")


def place_label(place: str, data: HellData) -> str:
    return "AnteHell" if place not in data.sectio else data.sectio[place].name


def describe(what: dict, data: HellData) -> str:
    kind = what["kind"]
    if kind == "souls":
        return count(what["n"], "Soul")
    if kind == "sectio":
        return data.sectio[what["id"]].name
    if kind == "legions":
        hounds = (" with its Hellhound" if what["n"] == 1 else " with their Hellhounds") \
            if what["hounds"] else ""
        return f"{count(what['n'], 'Legion')}{hounds} in {place_label(what['at'], data)}"
    if kind == "lieutenant":
        return f"Lieutenant {data.lieutenants[what['id']].name}"
    if kind == "daemon":
        return f"the Daemon {data.daemons[what['id']].name}"
    return "an Arcana card"


# -- what a gift of Units or Daemons takes (also asked by the order check) -----------------
def minds(st: HellState, legion: Unit) -> Unit | None:
    """The tamed Hellhound this Legion minds, if any (HG-3.2-03)."""
    return next((h for h in st.units if h.kind == HELLHOUND and h.minder == legion.id), None)


def legions_for(st: HellState, owner: str, what: dict) -> list[Unit]:
    """The owner's Legions `what` ({"kind": "legions", "at", "hounds"}) may give, in the
    order given (lowest unit number first): Minders only with `hounds`, else only Legions
    minding no Hellhound (G-2)."""
    return [u for u in st.units_of(owner, LEGION) if u.location == what["at"]
            and (minds(st, u) is not None) == bool(what["hounds"])]


def lieutenant_unit(st: HellState, lieutenant: str) -> Unit | None:
    return next((u for u in st.units if u.kind == LIEUTENANT and u.ref == lieutenant), None)


def legions_moved(parts: list[tuple[str, dict]], player: str) -> int:
    """Legions the player gains (+) and gives (-) in these halves."""
    n = 0
    for g, o in parts:
        if o["what"]["kind"] == "legions":
            n += o["what"]["n"] * ((o["to"] == player) - (g == player))
    return n


def daemon_floor(st: HellState, player: str, given: list[str], gained: list[str]) -> str:
    """G-6 (HG-7.2.1b-03): why giving the Daemons `given` while gaining `gained` would
    set off 15.1 for `player` ("" if it would not)."""
    mine = [d.id for d in st.daemons_of(player)]
    after = [d for d in mine if d not in given] + [d for d in gained if d not in mine]
    active = [d for d in after if d in st.daemons and not st.daemons[d].incapacitated]
    if mine and not after:
        return "it would leave him no Daemon"
    if any(not st.daemons[d].incapacitated for d in mine) and not active:
        return "it would leave him no non-Incapacitated Daemon"
    return ""


# -- the phase -------------------------------------------------------------------------------
def _gives(sheets, player: str) -> list[tuple[tuple[str, int], dict]]:
    """The player's GIVE orders in sheet order, each with a key (player, position)."""
    sheet = sheets.get(player)
    orders = [o for o in sheet.orders if o["type"] == "GIVE"] if sheet else []
    return [((player, i), o) for i, o in enumerate(orders)]


def run(st: HellState, sheets, data: HellData, log: Log, dice=None) -> None:
    """Gifts and trades, givers in seat order. `dice`: for hooks a change of Sectio owner
    fires (hooks.py); no gift may take a last Sectio (HG-7.2.1b-03), so the HG-15.2-01
    rescue, which may roll, never follows one."""
    done: set[tuple[str, int]] = set()  # orders already carried out or refused
    for giver in st.seats:
        for key, o in _gives(sheets, giver):
            if o["if"] is None or key in done:
                continue
            done.add(key)
            partner = _partner(sheets, giver, o, done)
            if partner is None:
                log.public("trade-unmatched", f"{giver}'s trade with {o['to']} does not happen: "
                           f"{o['to']} gave no order to give {describe(o['if']['what'], data)} "
                           "in return.", RULE, player=giver)
                order_failed(log, sheets.get(giver), o, f"{o['to']} gave no order to give "
                             f"{describe(o['if']['what'], data)} in return", RULE,
                             player=giver)
                continue
            done.add(partner[0])
            _transfer(st, sheets, dice, data, log, [(giver, o), (o["to"], partner[1])])
    for giver in st.seats:
        for key, o in _gives(sheets, giver):
            if key not in done:
                done.add(key)
                _transfer(st, sheets, dice, data, log, [(giver, o)])


def _partner(sheets, giver: str, o: dict, done: set) -> tuple[tuple[str, int], dict] | None:
    """The other side's order that completes the trade `o`, if any."""
    for key, q in _gives(sheets, o["to"]):
        if key in done or q["to"] != giver or q["what"] != o["if"]["what"]:
            continue
        if q["if"] is None or (q["if"]["player"] == giver and q["if"]["what"] == o["what"]):
            return key, q
    return None


def _problem(st: HellState, giver: str, o: dict, parts: list[tuple[str, dict]],
             data: HellData) -> str:
    """Why this half cannot be made now ("" if it can)."""
    what, p, to = o["what"], st.players[giver], o["to"]
    if to not in st.players:
        return f"there is no player {to}"
    kind = what["kind"]
    if kind == "souls" and p.souls < what["n"]:
        return f"{giver} has only {count(p.souls, 'Soul')}"
    if kind == "arcana" and what["id"] not in p.hand:
        return f"{giver} no longer holds that card"
    if kind == "sectio":
        if st.owners.get(what["id"]) != giver:
            return f"{giver} does not control that Sectio"
        if not st.can_change_owner(what["id"]):
            return f"{freezer_name(data)}: no Sectio there may change ownership this turn " \
                   "(HG-6.2-01)"
        # HG-7.2.1b-03: never the last Sectio; a swap that leaves him one is fine.
        gained = sum(1 for g, q in parts if q["to"] == giver and q["what"]["kind"] == "sectio")
        given = sum(1 for g, q in parts if g == giver and q["what"]["kind"] == "sectio")
        if len(st.sectio_of(giver)) - given + gained < 1:
            return f"it is {giver}'s last Sectio, which may not be given away (HG-7.2.1b-03)"
    if kind == "legions":
        have = len(legions_for(st, giver, what))
        if have < what["n"]:
            which = "minding a Hellhound" if what["hounds"] else "minding no Hellhound"
            return (f"{giver} has only {count(have, 'Legion')} {which} in "
                    f"{place_label(what['at'], data)}")
    if kind == "lieutenant":
        u = lieutenant_unit(st, what["id"])
        if u is None or u.owner != giver:
            return f"Lieutenant {data.lieutenants[what['id']].name} does not serve {giver}"
    if kind == "daemon":
        d = st.daemons.get(what["id"])
        if d is None or d.owner != giver:
            return f"{data.daemons[what['id']].name} is not {giver}'s Daemon"
        given = [q["what"]["id"] for g, q in parts if g == giver and q["what"]["kind"] == "daemon"]
        gained = [q["what"]["id"] for g, q in parts
                  if q["to"] == giver and q["what"]["kind"] == "daemon"]
        why = daemon_floor(st, giver, given, gained)
        if why:
            return (f"{data.daemons[what['id']].name} may not be given away: {why}, which "
                    f"would set off 15.1 ({LAST_RULE})")
    return ""


def _cap_problems(st: HellState, parts: list[tuple[str, dict]], data: HellData) -> list[str]:
    """G-4 (HG-8.2-02): each player who would end the step with over 12 Legions, counting
    the Legions he gives in it."""
    cap, out = data.tables["legion_cap"], []
    for to in dict.fromkeys(o["to"] for _, o in parts if o["what"]["kind"] == "legions"):
        if to not in st.players:
            continue
        after = len(st.units_of(to, LEGION)) + legions_moved(parts, to)
        if after > cap:
            out.append(f"{to} would have {after} Legions, and no player may have more "
                       f"than {cap} ({CAP_RULE})")
    return out


def _give_units(st: HellState, giver: str, to: str, what: dict) -> list[Unit]:
    """Change the owner of the Units `what` names (G-1..G-3); returns them."""
    if what["kind"] == "lieutenant":
        units = [lieutenant_unit(st, what["id"])]
    else:
        units = legions_for(st, giver, what)[:what["n"]]
    moved = []
    for u in units:
        u.owner = to
        moved.append(u)
        hound = minds(st, u) if u.kind == LEGION else None
        if hound is not None:  # G-2: the tamed hound follows its Minder
            hound.owner = to
            moved.append(hound)
    return moved


def _give_daemon(st: HellState, giver: str, to: str, daemon: str) -> None:
    """G-5: the Daemon changes sides with everything that is its own (its place, the
    cards under it and afflicting it, its Incapacitation: all kept on the Daemon)."""
    st.players[giver].daemons.remove(daemon)
    st.players[to].daemons.append(daemon)
    st.daemons[daemon].owner = to


def _tell_daemon_given(sheets, data: HellData, log: Log, giver: str, to: str,
                       daemon: str) -> None:
    """G-7: the giver's Action lines for it go unused; the receiver is told it takes the
    defaults this turn. Logged after the public "gift" event, which the first screen
    names as the cause of the change."""
    name = data.daemons[daemon].name
    sheet = sheets.get(giver)
    for o in (sheet.orders if sheet else []):
        if o["type"] == "ACTION" and o.get("daemon") == daemon and not o.get("borrowed"):
            order_failed(log, sheet, o, f"you gave {name} to {to} in the Soul Phase: it acts "
                         f"for {to} from this Action Phase on", RULE, player=giver)
    log.private(to, "gift-daemon", f"{name} now serves you. Your sheet could not name it "
                "this turn: in this Action Phase it takes the default (IP-18), and it is "
                "yours to order from the next turn.", RULE, daemon=daemon)


def _transfer(st: HellState, sheets, dice, data: HellData, log: Log,
              parts: list[tuple[str, dict]]) -> None:
    """Make every half of a gift or trade, or none of them (IP-08: one atomic step, and
    one `ownership.Step`: a swap of Sectio is never seen half made)."""
    problems = [why for g, o in parts if (why := _problem(st, g, o, parts, data))]
    problems += _cap_problems(st, parts, data)
    text = " and ".join(f"{g} gives {o['to']} {describe(o['what'], data)}" for g, o in parts)
    if problems:
        log.public("gift-refused", f"Not done: {text}, because {'; '.join(problems)}.", RULE)
        for giver, o in parts:  # issue 20: each giver is told his line failed
            order_failed(log, sheets.get(giver), o, "; ".join(problems), RULE, player=giver)
        return
    units: list[str] = []
    with Step(st, dice, data, log) as step:
        for giver, o in parts:
            what, to = o["what"], o["to"]
            if what["kind"] == "souls":
                st.players[giver].souls -= what["n"]
                st.players[to].souls += what["n"]
            elif what["kind"] == "sectio":
                step.set(what["id"], to, f"a gift ({RULE})")  # _problem: never frozen here
            elif what["kind"] in UNITS_KINDS:
                units += [u.id for u in _give_units(st, giver, to, what)]
            elif what["kind"] == "daemon":
                _give_daemon(st, giver, to, what["id"])
            else:
                st.players[giver].hand.remove(what["id"])
                st.players[to].hand.append(what["id"])
                for who in (giver, to):
                    log.private(who, "gift-card", f"{giver} gives {to} "
                                f"{data.arcana[what['id']].name}.", RULE, card=what["id"])
        extra = {"units": units} if units else {}
        extra.update({"daemons": ds} if (ds := [o["what"]["id"] for _, o in parts
                                                 if o["what"]["kind"] == "daemon"]) else {})
        log.public("gift", f"{text}.", RULE, **extra)
    for giver, o in parts:
        if o["what"]["kind"] == "daemon":
            _tell_daemon_given(sheets, data, log, giver, o["to"], o["what"]["id"])
    for to in sorted({o["to"] for _, o in parts if o["what"]["kind"] == "arcana"},
                     key=st.seats.index):
        thrown = enforce_hand_limit(st, to, data, log, sheets.get(to))
        # issue 20: a card he traded for, thrown away at once, fails his half of the trade
        mine = next((o for g, o in parts if g == to), None)
        got = [o["what"]["id"] for g, o in parts if o["to"] == to
               and o["what"]["kind"] == "arcana" and o["what"]["id"] in thrown]
        if mine is not None and got:
            names = ", ".join(data.arcana[c].name for c in got)
            order_failed(log, sheets.get(to), mine, f"the trade was made, but the hand limit "
                         f"({hand_limit(st, data, to)}) threw {names} away at once: nothing "
                         f"kept it (a KEEP line naming it is kept first)", "HG-6.3-03",
                         player=to, outcome=IN_PART)
