"""Hell-card effects: see hellcards/__init__.py.

One-off Events resolved at once (HG-6.1-01): Daemons join, change hands or die, Units and
Sectio change sides. Conventions and readings shared by these cards:

- Events never touch Incapacitated Daemons (HG-6.1-02), so every choice of Daemon is made
  among `events.eventful_daemons`. Where the Version I card text says otherwise (Discontent,
  Musical Chairs: "on Earth or Incapacitated"), the Version II rule wins.
- "Lowest-ranking" is the largest printed rank number (HG-2.4.1-01).
- The opponent "on a player's left" is the next player in seat order (the order they
  joined, read as clockwise round the table), the last player's being the first. With a
  single player there is none, and these cards do nothing (HG-6.1-04).
- A random choice ("at random", or a tie HG-6.1-03) is `dice.pick` in seat / card order.
- A destroyed Daemon goes through `random_moves.common.destroy_daemon` and then to the
  bottom of the Daemon deck: 000 §3.3 (HG-3.3-02, a rule, left column) says so of "the
  occasional killed Daemon"; §10.1's "removed from the game" is in an example (right
  column), and 000's preface says the rules are always in the left column.
- Trinity ("no one and nothing can destroy a Daemon on Earth") is asked before a victim
  on Earth is chosen, so the log says why nobody dies.
- A Triumvirate left with no Daemon is restarted by the End Phase (HG-15.1-02,
  all_lost.revive_or_restart, which runs for every seat whatever emptied it); one left
  without a Sectio is rescued at once (HG-15.2-01): each card makes its changes of owner
  in one `ownership.Step`, and the rescue, a hook, follows when the Event is resolved.
- Every change of a Sectio's owner asks `events.ownership_frozen` first.
"""

from __future__ import annotations

from .. import effects, events
from ..action.abilities import daemon_sex
from ..log import Log, count
from ..ownership import Step
from ..random_moves import lose_minder
from ..random_moves.common import destroy_daemon
from ..state import HELLHOUND, IN_HELL, LEGION, LIEUTENANT, ON_EARTH, Daemon, HellState

EVENT_RULE = "HG-6.1-01"
NO_EFFECT = "HG-6.1-04"
TIE = "HG-6.1-03"
TRINITY = "hell.trinity"
RECRUIT_CARDS = ("hell.a-help-in-hell", "hell.a-new-recruit")


# -- helpers ------------------------------------------------------------------------------
def left_of(st: HellState, player: str) -> str | None:
    """The opponent on `player`'s left: the next seat (see the module docstring)."""
    if len(st.seats) < 2:
        return None
    return st.seats[(st.seats.index(player) + 1) % len(st.seats)]


def circle_named(data, name: str) -> int:
    """The number of the Circle printed `name` (e.g. "TREACHERY", "THE VIOLENT")."""
    return next(s.circle for s in data.sectio.values() if s.circle_name == name)


def dname(data, d) -> str:
    return data.daemons[d.id].name


def lowest_ranking(data, daemons: list) -> Daemon | None:
    """The lowest-ranking Daemon: the largest printed rank number (HG-2.4.1-01)."""
    return max(daemons, key=lambda d: data.daemons[d.id].rank, default=None)


def trinity_protects(st: HellState, data, log: Log, what: str) -> bool:
    """Trinity in play: nothing can destroy a Daemon on Earth; say so and stop."""
    if not events.in_force(st, TRINITY):
        return False
    log.public("event-no-effect", f"{data.hell_cards[TRINITY].name} is in play: no one and "
               f"nothing can destroy a Daemon on Earth, so {what} destroys nobody.",
               "HG-6.1.1-01", card=TRINITY)
    return True


def kill(st: HellState, data, log: Log, d, why: str, rule: str) -> None:
    """Destroy a Daemon: destroy_daemon puts its card at the bottom of the Daemon deck
    (HG-3.3-02), or refuses (Trinity), which is said."""
    name, owner, where = dname(data, d), d.owner, d.where
    if not destroy_daemon(st, d.id):
        log.public("daemon-spared", f"{name} ({owner}) survives {why}.", rule, daemon=d.id)
        return
    place = "on Earth" if where == ON_EARTH else "in Hell"
    log.public("daemon-destroyed", f"{why}: {name} ({owner}), {place}, is destroyed; its card "
               "goes to the bottom of the Daemon deck.", rule, daemon=d.id, player=owner)
    if not st.daemons_of(owner):
        log.public("no-daemons-left", f"{owner} has no Daemon left: The Morningstar restarts "
                   "the Triumvirate in the End Phase.", "HG-15.1-02", player=owner)


def give_daemon(st: HellState, d, to: str) -> None:
    """The Daemon changes sides for good: it keeps where it is and its Walk card."""
    st.players[d.owner].daemons.remove(d.id)
    st.players[to].daemons.append(d.id)
    d.owner = to


def change_owner(step: Step, sectio: str, to: str | None, why: str) -> bool:
    """Give a Sectio to `to` (None: revoked) in `step` unless The Boss Is Touchy freezes
    it. A player who loses his last Sectio is rescued when the step ends (HG-15.2-01)."""
    st, data, log = step.st, step.data, step.log
    name, before = data.sectio[sectio].name, st.owners.get(sectio)
    if events.ownership_frozen(st, sectio):
        log.public("ownership-frozen", f"{name} cannot change hands this turn (The Boss Is "
                   f"Touchy): {why} leaves it to {before or 'nobody'}.", "HG-6.2-01",
                   sectio=sectio)
        return False
    return step.set(sectio, to, f"{why} ({EVENT_RULE})")


def random_on_earth(st: HellState, dice, data, log: Log, card: str, male: bool = False):
    """A non-Incapacitated Daemon on Earth picked by a die (None, logged, if none)."""
    pool = events.eventful_daemons(st, ON_EARTH)
    if male:
        pool = [d for d in pool if daemon_sex(st, data, d.id) == "male"]
    name = data.hell_cards[card].name
    if not pool:
        who = "male Daemon" if male else "Daemon"
        log.public("event-no-effect", f"No active {who} is Walking the Earth: {name} has no "
                   "effect.", NO_EFFECT, card=card)
        return None
    return dice.pick(pool, f"{EVENT_RULE} {name}: a Daemon on Earth at random")


# -- A Help in Hell, A New Recruit ---------------------------------------------------------
def _recruit(card: str):
    def effect(st: HellState, sheets, dice, data, log: Log) -> None:
        """A Daemon not in play joins the weakest Triumvirate: fewest Daemons (all of them,
        Incapacitated too: "Daemons owned"), then fewest Sectio, then a die (HG-6.1-03).

        003 prints the same text on A Help in Hell and A New Recruit (l.1156, l.1166).
        "At random among those not in play" is the top of the Daemon deck: it was shuffled
        at setup and is never reshuffled (HG-3.3-02), as in HG-15.1-02's restart."""
        name = data.hell_cards[card].name
        if not st.daemon_deck:
            log.public("event-no-effect", f"The Daemon deck is empty: {name} brings no "
                       "Daemon.", NO_EFFECT, card=card)
            return
        if not st.seats:
            return
        key = {p: (len(st.daemons_of(p)), len(st.sectio_of(p))) for p in st.seats}
        weakest = [p for p in st.seats if key[p] == min(key.values())]
        player = dice.pick(weakest, f"{TIE} {name}: the weakest Triumvirate")
        new = st.daemon_deck.pop(0)
        st.daemons[new] = Daemon(new, player)
        st.players[player].daemons.append(new)
        tie = f" (a die among {', '.join(weakest)})" if len(weakest) > 1 else ""
        log.public("daemon-joins", f"{name}: {data.daemons[new].name} joins {player}, the "
                   f"weakest Triumvirate ({count(key[player][0], 'Daemon')}, "
                   f"{count(key[player][1], 'Sectio', 'Sectio')}){tie}.", EVENT_RULE,
                   card=card, daemon=new, player=player)

    return effect


for _card in RECRUIT_CARDS:
    effects.hell_card(_card)(_recruit(_card))


# -- Betrayal ------------------------------------------------------------------------------
@effects.hell_card("hell.betrayal")
def betrayal(st: HellState, sheets, dice, data, log: Log) -> None:
    """Every Triumvirate's Unit in the Treachery Circle goes to its owner's left-hand
    opponent, and so does every Sectio of that Circle, all at once (by the old owners).

    Units without an owner (Freebooters, rampaging hounds, Uriel, Lilith) and unowned or
    Freebooter-held Sectio are untouched. A tamed hound goes with its Minder, as it is
    stacked with it. A player given more Legions than his counters allow (legion_cap,
    HG-8.2-02) disbands the excess, latest counters first, as a rescue does (A-30)."""
    circle = circle_named(data, "TREACHERY")
    members = data.circle_members(circle)
    units = [u for u in st.units if u.location in members and u.owner is not None]
    sectio = [s for s in members if st.owners.get(s)]
    if len(st.seats) < 2 or not (units or sectio):
        log.public("event-no-effect", "No Triumvirate has Units or Sectio in the Treachery "
                   "Circle (or there is no opponent): Betrayal has no effect.", NO_EFFECT)
        return
    moves = {u.id: left_of(st, u.owner) for u in units}
    for u in units:
        u.owner = moves[u.id]
    cap = data.tables["legion_cap"]
    for p in st.seats:
        over = len(st.units_of(p, LEGION)) - cap
        new = sorted((u for u in units if u.owner == p and u.kind == LEGION),
                     key=lambda u: -u.number)
        for u in new[:max(0, over)]:
            _disband(st, sheets, dice, data, log, u, p, cap)
    kept = {u.id for u in st.units}
    for p in st.seats:
        got = [u for u in units if u.owner == p and u.id in kept]
        if got:
            log.public("betrayal-units", f"Betrayal: {count(len(got), 'Unit')} in the "
                       f"Treachery Circle now serve {p}.", EVENT_RULE, player=p,
                       units=[u.id for u in got])
    with Step(st, dice, data, log) as step:  # all at once: losers are rescued after
        for s in sectio:
            old = st.owners[s]
            to = left_of(st, old)
            if change_owner(step, s, to, "Betrayal"):
                log.public("betrayal-sectio", f"Betrayal: {data.sectio[s].name} goes from "
                           f"{old} to {to}.", EVENT_RULE, sectio=s, previous=old, player=to)


def _disband(st, sheets, dice, data, log: Log, u, player: str, cap: int) -> None:
    hounds = [h.id for h in st.units if h.kind == HELLHOUND and h.minder == u.id]
    st.remove_unit(u.id)
    log.public("disband", f"Betrayal: a Legion in {data.sectio[u.location].name} disbands: "
               f"{player} already has {count(cap, 'Legion')}.", "HG-8.2-02", unit=u.id)
    for h in hounds:
        lose_minder(st, sheets, dice, data, log, h)


# -- Discontent, Musical Chairs ------------------------------------------------------------
def _hand_over(st: HellState, data, log: Log, card: str, picks: list[tuple]) -> None:
    """Carry out (Daemon, from, to) changes of side, all chosen before any is made. A
    Daemon in Hell stays with its Triumvirate (the garbled reading, see Discontent)."""
    name = data.hell_cards[card].name
    for d, old, to in picks:
        if d.where != ON_EARTH:
            log.public("daemon-stays", f"{name}: {dname(data, d)} ({old}) is in Hell, and a "
                       "Daemon changes sides only while on Earth: it stays.", EVENT_RULE,
                       card=card, daemon=d.id)
            continue
        give_daemon(st, d, to)
        log.public("daemon-changes-sides", f"{name}: {dname(data, d)} leaves {old} and joins "
                   f"{to} for good.", EVENT_RULE, card=card, daemon=d.id, previous=old,
                   player=to)
    for p in st.seats:
        if not st.daemons_of(p):
            log.public("no-daemons-left", f"{p} has no Daemon left: The Morningstar restarts "
                       "the Triumvirate in the End Phase.", "HG-15.1-02", player=p)


@effects.hell_card("hell.discontent")
def discontent(st: HellState, sheets, dice, data, log: Log) -> None:
    """Each player's lowest-ranking Daemon is handed to the opponent on his left, for good.

    003's last sentence is garbled ("i Demoni che hanno dovranno cambiare fazione, lo
    potranno fare solo se si trovano sulla Terra o sono Incapacitati": Daemons that must
    change sides can do so only while on Earth or Incapacitated). Reading: the Daemon is
    the lowest-ranking of the player's non-Incapacitated Daemons (HG-6.1-02 wins over the
    card's "or Incapacitated"); if it is Walking the Earth it changes sides (keeping its
    Walk card), and if it is in Hell it is exempt and stays: nothing passes for that
    player, no other Daemon is substituted and no change is kept for later (the card names
    one Daemon, and a delayed change is nowhere described)."""
    picks = []
    for p in st.seats:
        d = lowest_ranking(data, [d for d in events.eventful_daemons(st) if d.owner == p])
        to = left_of(st, p)
        if d is not None and to is not None:
            picks.append((d, p, to))
    if not picks:
        log.public("event-no-effect", "No player has an active Daemon and an opponent: "
                   "Discontent has no effect.", NO_EFFECT)
        return
    _hand_over(st, data, log, "hell.discontent", picks)


@effects.hell_card("hell.musical-chairs")
def musical_chairs(st: HellState, sheets, dice, data, log: Log) -> None:
    """Each player draws one Daemon at random from the opponent on his left, for good.

    The draw is a die among that opponent's non-Incapacitated Daemons (HG-6.1-02), all
    draws before any change; the same garbled last sentence as Discontent is read the
    same way: a drawn Daemon in Hell stays where it is."""
    picks = []
    for p in st.seats:
        source = left_of(st, p)
        if source is None:
            continue
        pool = [d for d in events.eventful_daemons(st) if d.owner == source]
        if pool:
            d = dice.pick(pool, f"{EVENT_RULE} Musical Chairs: {p} draws a Daemon of {source}",
                          p)
            picks.append((d, source, p))
    if not picks:
        log.public("event-no-effect", "No player has an opponent with an active Daemon: "
                   "Musical Chairs has no effect.", NO_EFFECT)
        return
    _hand_over(st, data, log, "hell.musical-chairs", picks)


# -- Freebooters ---------------------------------------------------------------------------
@effects.hell_card("hell.freebooters")
def freebooters(st: HellState, sheets, dice, data, log: Log) -> None:
    """The largest group of Units on the map declares independence and takes over its
    Sectio at once.

    A group is one Triumvirate's Units (Legions, Lieutenants, tamed hounds) in one Sectio;
    AnteHell is not on the map and has no Control Box. Ties between groups are broken by a
    die (in Sectio id order, then seat order). The Units lose their owner (as a defection
    to the Freebooters does, HG-9.7.1-08): hounds follow their Minders (HG-9.7.1-10), and a
    Lieutenant's Bonus Pay was his old master's and is lost (A-34). The Sectio gets a
    Freebooter marker (HG-10.4-02) unless The Boss Is Touchy freezes it; then the
    Freebooters hold it only from the Petitions Phase (HG-12.3-01)."""
    groups: dict[tuple[str, str], list] = {}
    for u in st.units:
        if u.owner is not None and u.location in data.sectio:
            groups.setdefault((u.location, u.owner), []).append(u)
    if not groups:
        log.public("event-no-effect", "No Triumvirate has Units on the map: Freebooters has "
                   "no effect.", NO_EFFECT)
        return
    most = max(len(g) for g in groups.values())
    tied = sorted((k for k, g in groups.items() if len(g) == most),
                  key=lambda k: (k[0], st.seats.index(k[1])))
    sectio, player = dice.pick(tied, f"{TIE} Freebooters: the largest group of Units")
    name = data.sectio[sectio].name
    for u in groups[sectio, player]:
        u.owner = None
        if u.kind == LIEUTENANT:
            u.bonus_pay = 0
    tie = f" (a die among {len(tied)} groups of that size)" if len(tied) > 1 else ""
    log.public("freebooters", f"Freebooters: {player}'s {count(most, 'Unit')} in {name}, the "
               f"largest group on the map{tie}, declare independence.", EVENT_RULE,
               sectio=sectio, previous=player, units=[u.id for u in groups[sectio, player]])
    before = st.owners.get(sectio)
    if sectio in st.freebooter_sectio:
        return
    with Step(st, dice, data, log) as step:
        if change_owner(step, sectio, None, "Freebooters"):
            st.freebooter_sectio = sorted([*st.freebooter_sectio, sectio])
            was = f", taking it from {before}" if before else ""
            log.public("freebooters-take", f"Freebooters take control of {name}{was}.",
                       EVENT_RULE, sectio=sectio, previous=before)


# -- Lands Reclaimed -----------------------------------------------------------------------
@effects.hell_card("hell.lands-reclaimed")
def lands_reclaimed(st: HellState, sheets, dice, data, log: Log) -> None:
    """Each Triumvirate loses one of its Sectio, picked by a die: it is revoked and goes
    back to the Ruler of Hell (HG-3.3-05). The die is cast among the Sectio that may
    change hands this turn (The Boss Is Touchy); a player with none loses nothing. All lose
    at once (one Event); a player left without a Sectio is then rescued (HG-15.2-01)."""
    with Step(st, dice, data, log) as step:
        for p in st.seats:
            owned = st.sectio_of(p)
            pool = [s for s in owned if not events.ownership_frozen(st, s)]
            if not pool:
                why = "controls no Sectio" if not owned else "cannot lose any this turn " \
                    "(The Boss Is Touchy)"
                log.public("event-no-effect", f"Lands Reclaimed: {p} {why}.", NO_EFFECT,
                           player=p)
                continue
            s = dice.pick(pool, f"{EVENT_RULE} Lands Reclaimed: a Sectio of {p}", p)
            step.set(s, None, "Lands Reclaimed (HG-3.3-05)")
            log.public("sectio-revoked", f"Lands Reclaimed: {data.sectio[s].name} is taken "
                       f"from {p} and goes back to the Ruler of Hell.", "HG-3.3-05", sectio=s,
                       previous=p)


# -- Master Witchfinder, The Exorcist ------------------------------------------------------
def _earth_killer(card: str, male: bool):
    def effect(st: HellState, sheets, dice, data, log: Log) -> None:
        name = data.hell_cards[card].name
        if trinity_protects(st, data, log, name):
            return
        d = random_on_earth(st, dice, data, log, card, male=male)
        if d is not None:
            kill(st, data, log, d, name, EVENT_RULE)

    return effect


master_witchfinder = effects.hell_card("hell.master-witchfinder")(
    _earth_killer("hell.master-witchfinder", male=True))
master_witchfinder.__doc__ = """A male Daemon on Earth, picked by a die, is destroyed.
Sex is data (daemons.yaml): Belphegor (`dual`) is female on Earth, so he never counts;
Agares (`sexless`) is not male."""

the_exorcist = effects.hell_card("hell.the-exorcist")(_earth_killer("hell.the-exorcist", False))
the_exorcist.__doc__ = "A Daemon on Earth, picked by a die, is destroyed."


# -- Murder --------------------------------------------------------------------------------
@effects.hell_card("hell.murder")
def murder(st: HellState, sheets, dice, data, log: Log) -> None:
    """Each player rolls one die and must beat the number of his Legions in the Violent
    Circle, or his lowest-ranking non-Incapacitated Daemon in Hell is destroyed (003:
    "superare", beat = roll higher). At most one Daemon per player.

    No die is rolled where it cannot matter: a player with no Daemon in Hell has nothing to
    lose (HG-6.1-04), one with no Legion there cannot fail, and one with 6 or more cannot
    beat them and loses the Daemon at once (as with Uriel, HG-10.1-09)."""
    members = set(data.circle_members(circle_named(data, "THE VIOLENT")))
    for p in st.seats:
        legions = sum(1 for u in st.units_of(p, LEGION) if u.location in members)
        d = lowest_ranking(data, [d for d in events.eventful_daemons(st, IN_HELL)
                                  if d.owner == p])
        has = f"{p} has {count(legions, 'Legion')} in the Violent Circle"
        if d is None:
            log.public("event-no-effect", f"Murder: {p} has no active Daemon in Hell.",
                       NO_EFFECT, player=p)
            continue
        if legions == 0:
            log.public("murder-safe", f"Murder: {has}: {dname(data, d)} is safe.",
                       EVENT_RULE, player=p)
            continue
        if legions >= 6:
            log.public("murder-roll", f"Murder: {has}, more than a die can beat.",
                       EVENT_RULE, player=p, legions=legions)
        else:
            roll = dice.roll(f"{EVENT_RULE} Murder: {p} must roll above {legions}", p)
            if roll > legions:
                log.public("murder-safe", f"Murder: {has} and rolls {roll}: "
                           f"{dname(data, d)} is safe.", EVENT_RULE, player=p, roll=roll)
                continue
            log.public("murder-roll", f"Murder: {has} and rolls {roll}.", EVENT_RULE,
                       player=p, roll=roll, legions=legions)
        kill(st, data, log, d, "Murder", EVENT_RULE)


# -- Plot of the Year ----------------------------------------------------------------------
@effects.hell_card("hell.plot-of-the-year")
def plot_of_the_year(st: HellState, sheets, dice, data, log: Log) -> None:
    """A Daemon on Earth picked by a die earns its Triumvirate 2 Favours."""
    d = random_on_earth(st, dice, data, log, "hell.plot-of-the-year")
    if d is None:
        return
    st.players[d.owner].favours += 2
    log.public("plot-of-the-year", f"Plot of the Year: {dname(data, d)}'s splendid work on "
               f"Earth earns {d.owner} 2 Favours.", EVENT_RULE, daemon=d.id, player=d.owner)
