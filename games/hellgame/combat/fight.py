"""One combat in one Sectio (11.1, 11.2): Daemons join, then rounds until one side is left.

Each round (HG-11.2-01): sides (16.5, sides.py) → Cast Magic (magic.py) → attacks →
hits and saves → lost Minders → flight → lone Lieutenants. Orders of play, where the
rulebook leaves them open, follow "The Battle for Sugar Hill": side 0 (the bigger
army) rolls its attacks first, tamed hounds before Legions, by unit number; the hits
side 0 scored are saved first; each hit Unit rolls its saves in the order its owner
placed the hits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import hooks, macina
from ..action import reroll
from ..favours import attribute
from ..log import count
from ..orders import orders_of
from ..orders.common import place_name
from ..orders.failures import IN_PART, order_failed
from ..orders.keywords import ATTACKS
from ..state import HELLHOUND, IN_HELL, LEGION, LIEUTENANT, Unit
from . import lasting
from .parties import is_player, legions, rank_by, units_of, whose

JOIN, CAST, MAGIC, HITS, FLEE = "JOIN", "COMBAT CAST", "COMBAT MAGIC", "HITS", "COMBAT FLEE"
VARIANT = "speedier_combat"  # 11.3: hits on 5 (or on the variant's value, 4 or 5)


@dataclass
class Fight:
    st: object
    data: object
    dice: object
    log: object
    sheets: dict
    sectio: str
    joined: set  # Daemons that joined a combat this phase (HG-11.1-03)
    cards_used: set = field(default_factory=set)  # cards brought this phase (HG-11.1-03)
    fixed: dict = field(default_factory=dict)  # party -> side kept for the combat
    daemons: dict = field(default_factory=dict)  # party -> joined Daemons
    brought: dict = field(default_factory=dict)  # daemon -> cards it brought
    out: set = field(default_factory=set)  # Daemons put out of the fight by a card
    bonus: list = field(default_factory=lambda: [0, 0])  # this round's card bonus per side
    played: set = field(default_factory=set)
    boost: dict = field(default_factory=dict)  # this round's ability bonus per party (IP-45)
    used: set = field(default_factory=set)  # Daemons that used their ability (IP-45)
    rivals: tuple | None = None  # former allies who fight on after a joint win (IP-44)
    sides: list = field(default_factory=lambda: [[], []])
    hitters: list = field(default_factory=lambda: [[], []])  # this round's hits: party each
    kills: dict = field(default_factory=dict)  # player -> enemy Legions killed (Boredom)
    round: int = 0  # the round being fought; 0 before the first
    lasting: list = field(default_factory=list)  # Combat cards' lasting effects (lasting.py)
    destroyed: dict = field(default_factory=dict)  # party -> its Units destroyed here

    # -- what the steps share ----------------------------------------------------------
    def orders(self, player: str, key: str) -> list[dict]:
        return orders_of(self.sheets.get(player), key) if is_player(player) else []

    def rank(self, items, key, why):
        """`items` by `key`, a die for each tie; a Triumvirate rolls its own die."""
        return rank_by(items, key, self.dice, f"{why} in {self.here}",
                       lambda i: i if isinstance(i, str) and i in self.st.players else None)

    @property
    def here(self) -> str:
        return place_name(self.sectio, self.data)

    def is_out(self, daemon: str) -> bool:
        """Out of the fight: put out by a card for the combat (`out`) or for this round
        (a Lasting's daemon_out hook, e.g. Entrapment)."""
        return daemon in self.out or lasting.daemon_out(self, daemon)

    def fighting(self, party: str) -> list[str]:
        """The party's joined Daemons still in the fight."""
        return [d for d in self.daemons.get(party, []) if not self.is_out(d)]

    def best(self, i: int, attr: str) -> int:
        vals = [attribute(self.data, d, attr, self.st) for p in self.sides[i]
                for d in self.fighting(p)]
        return max(vals, default=0)

    def skulls(self, party: str) -> int:
        """A-24: the party's joined, not distracted Daemon with most Skulls."""
        return max((attribute(self.data, d, "skulls", self.st)
                    for d in self.fighting(party)), default=0)

    # -- magic (magic.py) ----------------------------------------------------------------
    def plays(self, i: int, rnd: int) -> list[tuple[str, int, dict]]:
        out = []
        for p in self.sides[i]:
            for n, o in enumerate(self.orders(p, CAST)):
                if o["where"] == self.sectio and o["round"] in (None, rnd) \
                        and (p, n) not in self.played:
                    out.append((p, n, o))
        return out

    def magic_first(self, i: int) -> bool:
        return any(o["first"] for p in self.sides[i] for o in self.orders(p, MAGIC))

    def caster(self, player: str, card: str) -> str | None:
        for d in self.fighting(player):
            if card in self.brought.get(d, []):
                return d
        return None

    def can_cast(self, play) -> bool:
        """Whether the planned play may happen now; one that may not is dropped, saying
        why (a card not brought, a cost it cannot pay, a card effect forbidding it; a
        card in force that forbids it, on the hook point combat-cast-barred, says why
        itself)."""
        from ..action.magic import cannot_pay
        from . import magic

        player, n, o = play
        if hooks.first("combat-cast-barred", self, play):
            return False
        name = self.data.arcana[o["card"]].name
        why, rule = None, "HG-11.1-02"
        if self.caster(player, o["card"]) is None or o["card"] not in \
                self.st.players[player].hand:
            why = "no Daemon of theirs in the fight brought it"
        else:
            why = lasting.may_cast(self, play)
            rule = "HG-11.2.1-01"
            check = magic.fight_check(o["card"])
            if why is None and check is not None:  # the card's own prerequisites
                why = check(self, player, o)
            if why is None:
                why, rule = cannot_pay(self, player, self.data.arcana[o["card"]]), \
                    "HG-9.8.1-04"
        if why:
            self.played.add((player, n))
            self.log.public("combat-cast-skipped", f"{player} cannot play {name} in "
                            f"{self.here}: {why}", rule, player=player, card=o["card"])
            order_failed(self.log, self.sheets.get(player), o, f"in {self.here}, {why}", rule,
                         player=player)
        return not why

    def cast(self, i: int, play) -> None:
        """Play a brought card: it goes to the bottom of the deck, its costs are paid and
        a Disfavour it gives is taken at once (HG-9.8.1-04, HG-3.3-02); the other side
        may answer it with a brought Counter (A-13, counters.py, on the hook point
        combat-cast-answered); then it takes effect unless cancelled."""
        from . import magic

        player, n, o = play
        d = self.caster(player, o["card"])
        self.played.add((player, n))
        paid = take(self, player, d, o["card"])
        card = self.data.arcana[o["card"]]
        self.log.public("combat-cast", f"{self.data.daemons[d].name} ({player}) plays "
                        f"{card.name} in {self.here}" + (f", paying {paid}" if paid else ""),
                        "HG-11.2.1-01", player=player, card=o["card"], daemon=d)
        answered = hooks.first("combat-cast-answered", self, i, d, o)
        if card.flags.macina:  # in front of its player, no effect yet (HG-16.4-01/02)
            macina.place(self.st, self.data, player, o["card"], not answered, self.log)
            return
        if answered:
            return
        magic.fight_effect(o["card"])(self, i, d, o)


def take(f: Fight, player: str, daemon: str, card: str) -> str:
    """A brought card played: it leaves the hand and the Daemon for the bottom of the
    deck, its costs are paid and a Disfavour it gives is taken at once (HG-9.8.1-04,
    HG-3.3-02). Returns what was paid, for the report ("" if nothing)."""
    p, cost = f.st.players[player], f.data.arcana[card].major.cost
    p.hand.remove(card)
    f.brought[daemon].remove(card)
    if not f.data.arcana[card].flags.macina:  # a Macina: macina.place, by Fight.cast
        f.st.discard(card)
    p.souls -= cost.souls
    p.favours -= cost.favours
    p.disfavours += cost.disfavours
    return ", ".join(count(k, noun) for k, noun in ((cost.souls, "Soul"),
                                                    (cost.favours, "Favour"),
                                                    (cost.disfavours, "Disfavour")) if k)


# -- 11.1 Daemons joining --------------------------------------------------------------------

def free_daemons(f: Fight, player: str) -> list[str]:
    """HG-11.1-03/04: in Hell, active, not yet in a combat this turn."""
    return [d.id for d in f.st.active_daemons(player)
            if d.where == IN_HELL and d.id not in f.joined]


def out_of_play(st, data, daemon: str) -> str | None:
    """Why the Daemon can join no combat, whatever happens before one: destroyed, or
    Incapacitated (HG-11.1-04; it recovers in the End Phase, HG-13.2, unless a card such
    as Released frees it first). The JOIN sheet check asks it too (orders/combat.py)."""
    d = st.daemons.get(daemon)
    name = data.daemons[daemon].name
    if d is None:
        return f"{name} is no longer in play"
    if d.incapacitated:
        return f"{name} is Incapacitated"
    return None


def join_refusal(f: Fight, player: str, daemon: str, sleeping: dict) -> tuple[str, str]:
    """(why, rule) the player's Daemon cannot join this combat; ("", "") if it can, and
    (JOINED, "") if it joined an earlier combat this turn (HG-11.1-03): no failure, a line
    naming several Sectio, or ANYWHERE, is used up by it. `sleeping`: {daemon: why} of
    the Daemons that miss this combat (`missing`)."""
    why = out_of_play(f.st, f.data, daemon)
    if why:
        return f"{why} [HG-11.1-04]", "HG-11.1-04"
    name = f.data.daemons[daemon].name
    if f.st.daemons[daemon].owner != player:
        return f"{name} is no longer yours", "HG-11.1-01"
    if daemon in f.joined:
        return JOINED, ""
    if f.st.daemons[daemon].where != IN_HELL:
        return f"{name} is on Earth [HG-11.1-04]", "HG-11.1-04"
    if daemon in sleeping:
        return f"{name} {sleeping[daemon]}", "HG-11.1-01"
    return "", ""


JOINED = "joined"


def missing(f: Fight, player: str, free: list[str], wants: list[str]) -> dict[str, str]:
    """{daemon: why} for the player's `free` Daemons that miss this combat by a card
    (hook point combat-join-missed, e.g. Sleep Late); `wants`: those his JOIN lines
    send here."""
    out: dict[str, str] = {}
    for answer in hooks.collect("combat-join-missed", f, player, free, wants):
        out.update(answer)
    return out


def join(f: Fight, order: list[str]) -> None:
    """HG-11.1-01/02: each party's Daemons join, by its JOIN lines read in order (JOIN
    NOBODY stops), or, with no JOIN line, by the default (IP-38, A-36): the free Daemon
    in Hell with most Skulls, where the party has Legions, bringing no cards.

    A line meant for this combat whose Daemon cannot join (`join_refusal`: Incapacitated,
    destroyed, on Earth, asleep) falls back to that default for his other Daemons, when
    no other line sends one here and his lines hold no JOIN NOBODY; he is told, in an
    "order-failed" event for him alone, why the line failed and what happened instead
    (issue 20), and so is he when a line's Daemon joins without cards it was to bring."""
    for p in order:
        lines = f.orders(p, JOIN)
        sent: list[tuple[str, list[str]]] = []
        failed: list[tuple[dict, str, str]] = []
        short: list[tuple[dict, str, list[str]]] = []
        sleeping = missing(f, p, free_daemons(f, p), [o["daemon"] for o in lines
                                                     if f.sectio in o["where"]])
        for o in lines:
            if o["daemon"] is None:
                break
            if not (f.sectio in o["where"] or (not o["where"] and legions(f.st, f.sectio, p))):
                continue
            if any(d == o["daemon"] for d, _ in sent):
                continue  # a second line for a Daemon already joining here
            why, rule = join_refusal(f, p, o["daemon"], sleeping)
            if why == JOINED:
                continue
            if why:
                failed.append((o, why, rule))
                continue
            held = [c for c in o["cards"] if c in f.st.players[p].hand
                    and c not in f.cards_used]
            f.cards_used.update(held)
            sent.append((o["daemon"], held))
            if len(held) < len(o["cards"]):
                short.append((o, o["daemon"], [c for c in o["cards"] if c not in held]))
        nobody = any(o["daemon"] is None for o in lines)
        default = None
        if not lines or (failed and not sent and not nobody):
            free = [d for d in free_daemons(f, p) if d not in sleeping]
            if free and legions(f.st, f.sectio, p):
                default = max(free, key=lambda d: attribute(f.data, d, "skulls", f.st))
                sent.append((default, []))
        for d, cards in sent:
            f.joined.add(d)
            f.daemons.setdefault(p, []).append(d)
            f.brought[d] = list(cards)
            f.log.public("combat-join", f"{f.data.daemons[d].name} ({p}) joins the combat in "
                         f"{f.here}, bringing {count(len(cards), 'Arcana card')}",
                         "HG-11.1-01" if d != default else "IP-38", player=p, daemon=d)
            if cards:
                f.log.private(p, "combat-brought", f"{f.data.daemons[d].name} brings "
                              + ", ".join(f.data.arcana[c].name for c in cards), "HG-11.1-02")
        _tell_failed(f, p, failed, short, sent, default, nobody)


def _tell_failed(f: Fight, p: str, failed: list, short: list, sent: list,
                 default: str | None, nobody: bool) -> None:
    """The "order-failed" events of `join` for party `p` (issue 20)."""
    sheet = f.sheets.get(p) if is_player(p) else None
    if not failed and not short:
        return
    names = [f.data.daemons[d].name for d, _ in sent]
    if default is not None:
        instead = f"{f.data.daemons[default].name} joins instead, by default (IP-38)"
    elif sent:
        instead = (f"{names[0]} joins by another of your JOIN lines" if len(names) == 1 else
                   f"{' and '.join(names)} join by your other JOIN lines")
    elif nobody:
        instead = "no other Daemon of yours joins (your JOIN NOBODY)"
    elif not legions(f.st, f.sectio, p):
        instead = "no other Daemon of yours joins by default: you have no Legions there (IP-38)"
    else:
        instead = "no other Daemon of yours is free in Hell to join by default (IP-38)"
    for o, why, rule in failed:
        order_failed(f.log, sheet, o, f"in the combat in {f.here}, {why}; {instead}", rule,
                     player=p)
    for o, d, cards in short:
        gone = ", ".join(f.data.arcana[c].name for c in cards)
        order_failed(f.log, sheet, o, f"{f.data.daemons[d].name} joins the combat in {f.here} "
                     f"without {gone}: no longer in your hand, or brought to an earlier "
                     "combat this turn", "HG-11.1-03", player=p, outcome=IN_PART)


# -- 11.2.2 attacks ------------------------------------------------------------------------

def minds(f: Fight, legion: Unit) -> bool:
    return any(h.minder == legion.id for h in f.st.units if h.kind == HELLHOUND)


def attackers(f: Fight, party: str) -> list[tuple[Unit, int]]:
    """HG-11.2.2-02/03: tamed or rampaging hounds (their number of rolls), then Legions
    not minding a hound (one roll); Lieutenants never attack."""
    units = units_of(f.st, f.sectio, party)
    hounds = [(u, f.data.hellhounds[u.ref].attacks if u.ref in f.data.hellhounds else 1)
              for u in units if u.kind == HELLHOUND]
    return hounds + [(u, 1) for u in units if u.kind == LEGION and not minds(f, u)]


def lt_bonus(f: Fight, party: str, atk: list[tuple[Unit, int]]) -> dict[str, int]:
    """HG-11.2.2-05, A-26: each Lieutenant (best bonus first) lends his bonus to up to his
    Leadership of attacking Units, hounds first; one bonus per Unit."""
    lts = [f.data.lieutenants[u.ref] for u in units_of(f.st, f.sectio, party)
           if u.kind == LIEUTENANT and u.ref in f.data.lieutenants
           and lasting.lt_bonus(f, party, u)]
    out: dict[str, int] = {}
    todo = [u for u, _ in atk]
    for lt in sorted(lts, key=lambda x: -x.bonus):
        for u in todo[:lt.leadership]:
            out[u.id] = lt.bonus
        todo = todo[lt.leadership:]
    return out


def attack(f: Fight, i: int, hit_on: int) -> int:
    """Side i's hits; `f.hitters[i]` lists the party of each hit, in order (for the kills
    Boredom counts). A card in force outside the fight may add to every roll (hook
    point combat-roll-bonus: the raging Units' +2, hellcards/rage.py). A Triumvirate's
    dice that miss go through the re-roll step (action/reroll.py, hook point
    roll-failed, kind ATTACKS: a Daemon ability's re-roll, IP-33)."""
    hits = 0
    f.hitters[i] = []
    for p in f.sides[i]:
        atk = attackers(f, p)
        bonus = lt_bonus(f, p, atk)
        for u, n in atk:
            n = lasting.dice(f, i, p, u, n)
            faces = [f.dice.roll(f"combat roll of {u.id} in {f.here}", p if is_player(p)
                                 else None) for _ in range(n)]
            add = bonus.get(u.id, 0) + f.bonus[i] + f.boost.get(p, 0) \
                + roll_bonus(f.st, f.sectio, p) + lasting.attack(f, i, p, u)
            if is_player(p):
                faces = reroll.dice(
                    f, p, ATTACKS, faces,
                    lambda fs, add=add: [k for k, x in enumerate(fs) if x + add < hit_on],
                    lambda fs, k, u=u: f"the {fs[k]} of {u.kind} {u.id}'s combat roll")
            got = sum(1 for x in faces if x + add >= hit_on)
            hits += got
            f.hitters[i] += [p] * got
            plus = f" (+{add})" if add else ""
            f.log.public("combat-roll", f"{whose(p, f.data, f.st)} {u.kind} {u.id} rolls "
                         f"{', '.join(map(str, faces))}{plus}: {count(got, 'hit')}",
                         "HG-11.2.2-04", party=p, unit=u.id, faces=faces, bonus=add, hits=got)
            lasting.scored(f, i, p, u, got)
    return hits


def roll_bonus(st, sectio: str, party: str) -> int:
    """What cards in force outside the fight add to each combat roll of `party` in
    `sectio` (hook point combat-roll-bonus; saves: in its favour)."""
    return sum(hooks.collect("combat-roll-bonus", st, sectio, party))
