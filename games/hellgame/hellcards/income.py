"""Hell-card effects on income: see hellcards/__init__.py.

The Events below that last into the Soul Phase announce themselves when drawn; their
lasting parts are registered here on the Soul Phase's hook points (hooks.py, soul.py's
step list): Crusade, Forgiveness, Christmas, New Age, Blinded by Science, World War on
"soul-lots" (step 0), Holy War on "soul-roll-multiplier" (favours.soul_roll_souls), I Want
It All and Vortex on "sectio-no-souls" (`sectio_income`, `wise_men`; Thou Art Not Real's
is in movement.py), I Want It All's price on "soul-other-income", the Phenomena Need for
Change and End of Season on "sectio-souls-change", World War's Lieutenant price on
"lieutenant-price" (summoning.py). Inquisition acts when it arrives and again in every
Hell Phase while in play ("hell-phase", `inquisition_again`).
"""

from __future__ import annotations

from pbem.grammar import noun

from .. import effects, events
from ..action.abilities import can_be_incapacitated
from ..cards import gain_arcana
from ..favours import roll_against
from ..hooks import hook
from ..in_play import in_force, ownership_frozen, phenomenon_here
from ..log import Log, count
from ..orders import orders_of
from ..ownership import Step
from ..soul import daemon_label, phenomenon_number, still_collecting
from ..state import ANTEHELL, LILITH, ON_EARTH, URIEL, HellState

RULE, PH_RULE, LASTING = "HG-6.1-01", "HG-6.2-01", "HG-6.1.1-01"
AUCTION_RULE, VOTE_RULE = "IP-05", "IP-06"
INQUISITION = "hell.inquisition"


def _announce(card: str, text: str, rule: str = LASTING):
    """An Event whose whole effect is a Soul Phase hook: say what it will do."""

    def effect(st: HellState, sheets, dice, data, log: Log) -> None:
        log.public("event-lasting", f"{data.hell_cards[card].name}: {text}", rule, card=card)

    effect.__doc__ = f"{card}: {text}"
    return effect


_LASTING = {
    "hell.blinded-by-science": "while in play the Souls gathered on Earth are divided by "
    "four (rounded down), and each Daemon on Earth must pass a Roll against Hearts to "
    "receive its Favour.",
    "hell.christmas": ("in this turn's Soul Phase each Daemon on Earth rolls one die: 1-2 "
                       "2 Favours and no Souls; 3 as usual; 4-5 2 Disfavours, Souls as "
                       "usual; 6 Souls as usual, no Favour.", RULE),
    "hell.crusade": "while in play any Daemon on Earth may join the Crusade and draw 3 "
    "Arcana cards in the Soul Phase instead of its Souls and Favour.",
    "hell.forgiveness": "while in play, in every Soul Phase each Daemon on Earth must pass a "
    "Roll against Stars, or get no Souls and no Favour but 1 Disfavour.",
    "hell.holy-war": "while in play all Soul Rolls are doubled.",
    "hell.new-age": "while in play, in every Soul Phase each Daemon on Earth rolls one die: "
    "1-2 as usual; 3-4 half the Souls; 5 2 Arcana cards instead of Souls and Favour; 6 "
    "1 Disfavour and nothing else.",
    "hell.world-war": "while in play the Souls collected on Earth are halved and no Favours "
    "are earned there, and recruiting a Lieutenant costs half the price.",
    "hell.i-want-it-all": ("this turn the Sectio of the Greedy Circle produce no Souls; in "
                           "the Soul Phase each owner pays the printed value of each one "
                           "or loses it.", RULE),
}
for _card, _what in _LASTING.items():
    _text, _rule = _what if isinstance(_what, tuple) else (_what, LASTING)
    effects.hell_card(_card)(_announce(_card, _text, _rule))


@effects.hell_card("hell.vortex")
def vortex(st: HellState, sheets, dice, data, log: Log) -> None:
    """All Units in AnteHell are destroyed at once (Uriel and Lilith are immune to Events
    that destroy Units, HG-6.2.1-02). This turn no Limbo Sectio yields Souls or cards
    (`vortex_no_souls`). The Hellhounds that appear in each Limbo Sectio
    in the Random Moves Phase are that phase's hook: announced here."""
    gone = sorted((u for u in st.units_at(ANTEHELL) if u.kind not in (URIEL, LILITH)),
                  key=lambda u: u.number)
    for u in gone:
        st.remove_unit(u.id)
    if gone:
        log.public("vortex", f"Vortex: {count(len(gone), 'Unit')} in AnteHell destroyed.",
                   RULE, units=[u.id for u in gone])
    else:
        log.public("event-no-effect", "Vortex: there are no Units in AnteHell to destroy.",
                   "HG-6.1-04")
    log.public("event-lasting", "Vortex: this turn no Limbo Sectio produces Souls (or "
               "cards), and in the Random Moves Phase a Hellhound appears in each Limbo "
               "Sectio.", RULE, card="hell.vortex")


# -- Inquisition ----------------------------------------------------------------------------
@effects.hell_card(INQUISITION)
def inquisition_arrives(st: HellState, sheets, dice, data, log: Log) -> None:
    """Inquisition (Permanent Earth): "in every Hell Phase" while in play; the Hell Phase
    of its arrival is the first (hell_phase.run does the later ones)."""
    inquisition(st, dice, data, log, sheets)


def nearness(st: HellState, data, player: str) -> int:
    """How near a player is to winning, for IP-06: his most Sectio in one Circle."""
    circles = [data.sectio[s].circle for s in st.sectio_of(player)]
    return max((circles.count(c) for c in set(circles)), default=0)


def inquisition_vote(st: HellState, dice, data, voter: str, candidates: list) -> str | None:
    """IP-06's default vote: a Daemon of the player nearest to winning (most Sectio in one
    Circle, a die for ties), never the voter's own; of that player's, the highest-ranking
    (lowest Rank number). None: no Daemon he may vote for."""
    others = [d for d in candidates if d.owner != voter]
    if not others:
        return None
    owners = [p for p in st.seats if any(d.owner == p for d in others)]
    best = max(nearness(st, data, p) for p in owners)
    tied = [p for p in owners if nearness(st, data, p) == best]
    target = tied[0] if len(tied) == 1 else \
        dice.pick(tied, f"HG-6.1-03 Inquisition: {voter}'s vote, tie between players")
    return min((d for d in others if d.owner == target),
               key=lambda d: data.daemons[d.id].rank).id


def inquisition(st: HellState, dice, data, log: Log, sheets=None) -> None:
    """One active Daemon on Earth is "chosen (by vote or any other method)" to distract
    the Inquisition: it is Incapacitated and its owner gains Favours equal to its Skulls.
    The vote: each player in seats order votes for the first Daemon of his `INQUISITION
    VOTE` line that is a candidate (his own too: the card does not forbid it), else by
    IP-06's default (`inquisition_vote`); the most votes wins, a die breaking a tie
    (HG-6.1-03); with no votes at all (one player's Daemons only, voting never for one's
    own by default), a die picks among them. `sheets`: None in a Hell Phase whose
    caller does not pass them (every vote is then the default)."""
    # never Incapacitated ones (HG-6.1-02), nor Agares, whom nothing can Incapacitate on
    # Earth (ability.agares): the Inquisition's victim must be Incapacitated
    candidates = [d for d in events.eventful_daemons(st, ON_EARTH)
                  if can_be_incapacitated(st, data, d.id)]
    if not candidates:
        log.public("event-no-effect", "Inquisition: no active Daemon Walks the Earth; "
                   "nobody is chosen.", "HG-6.1-04")
        return
    ids = {d.id for d in candidates}
    votes: dict[str, int] = {}
    ordered: list[str] = []
    for voter in st.seats:
        lines = orders_of((sheets or {}).get(voter), "INQUISITION VOTE")
        choice = next((d for o in lines for d in o["daemons"] if d in ids), None)
        if choice:
            ordered.append(voter)
        else:
            choice = inquisition_vote(st, dice, data, voter, candidates)
        if choice:
            votes[choice] = votes.get(choice, 0) + 1
    pool = [d.id for d in candidates if votes.get(d.id, 0) == max(votes.values(), default=0)]
    chosen = pool[0] if len(pool) == 1 else dice.pick(pool, "HG-6.1-03 Inquisition: tie")
    d = st.daemons[chosen]
    skulls = int(data.daemons[chosen].skulls)
    d.incapacitated = True
    st.players[d.owner].favours += skulls
    tally = ", ".join(f"{data.daemons[k].name} {n}" for k, n in sorted(votes.items())) \
        or "no votes"
    if ordered:
        others = [p for p in st.seats if p not in ordered]
        how = f"votes: {tally}; by INQUISITION VOTE: {', '.join(ordered)}" + (
            f"; default vote IP-06: {', '.join(others)}" if others else "")
    else:
        how = f"default vote IP-06: {tally}"
    log.public("inquisition", f"Inquisition: {data.daemons[chosen].name} ({d.owner}) is "
               f"chosen to distract the Inquisition ({how}); it is "
               f"Incapacitated and {d.owner} gains {count(skulls, 'Favour')} (its Skulls).",
               LASTING, daemon=chosen, player=d.owner, favours=skulls, votes=votes,
               ordered=ordered)


# -- Phenomena ------------------------------------------------------------------------------
def _number(data, card: str) -> int:
    return phenomenon_number(data, card)


def _income_change(phenomenon: str, sign: int):
    def effect(st: HellState, sheets, dice, data, log: Log, card: str,
               sectio_list: list[str]) -> None:
        n = sign * _number(data, card)
        names = ", ".join(data.sectio[s].name for s in sectio_list)
        log.public("income-change", f"{data.hell_cards[card].phenomenon.name}: this turn "
                   f"each Sectio of {names} produces {n:+d} {noun(abs(n), 'Soul')}.", PH_RULE,
                   phenomenon=phenomenon, sectio=sectio_list, change=n)

    effect.__doc__ = f"{phenomenon}: this turn's income change, applied by the Soul " \
        "Phase (`income_change`); the number is the card's (data)."
    return effect


effects.phenomenon("phenomenon.need-for-change")(_income_change("phenomenon.need-for-change",
                                                                -1))
effects.phenomenon("phenomenon.end-of-season")(_income_change("phenomenon.end-of-season", 1))


def _draw_for_owner(phenomenon: str):
    def effect(st: HellState, sheets, dice, data, log: Log, card: str,
               sectio_list: list[str]) -> None:
        n, ph = _number(data, card), data.hell_cards[card].phenomenon.name
        for s in sectio_list:
            owner = st.owners.get(s)
            if owner is None:
                log.public("phenomenon-no-effect", f"{ph}: nobody owns {data.sectio[s].name}, "
                           "so nobody draws.", "HG-6.1-04", sectio=s)
                continue
            log.public("phenomenon-draw", f"{ph}: {owner}, owner of {data.sectio[s].name}, "
                       f"draws {count(n, 'Arcana card')}.", PH_RULE, player=owner, sectio=s)
            gain_arcana(st, owner, n, dice, data, log, (sheets or {}).get(owner), ph,
                        rule=PH_RULE)

    effect.__doc__ = f"{phenomenon}: the owner of the Sectio struck draws the card's " \
        "number of Arcana cards at once (cards.gain_arcana)."
    return effect


for _ph in ("phenomenon.learning-from-the-damned", "phenomenon.successful-research"):
    effects.phenomenon(_ph)(_draw_for_owner(_ph))


@effects.phenomenon("phenomenon.atrocious-insult")
def atrocious_insult(st: HellState, sheets, dice, data, log: Log, card: str,
                     sectio_list: list[str]) -> None:
    """Each Triumvirate takes 1 Disfavour per Sectio it controls in the Quarter struck
    (THE WISE MEN too: it is a Sectio)."""
    hit = False
    for name in st.seats:
        n = sum(1 for s in sectio_list if st.owners.get(s) == name)
        if n:
            hit = True
            st.players[name].disfavours += n
            log.public("atrocious-insult", f"Atrocious Insult: {name} controls "
                       f"{count(n, 'Sectio', 'Sectio')} there and takes "
                       f"{count(n, 'Disfavour')}.", PH_RULE, player=name, disfavours=n)
    if not hit:
        log.public("phenomenon-no-effect", "Atrocious Insult: nobody controls a Sectio there.",
                   "HG-6.1-04")


@effects.phenomenon("phenomenon.revoke-sectio")
def revoke_sectio(st: HellState, sheets, dice, data, log: Log, card: str,
                  sectio_list: list[str]) -> None:
    """Lucifer revokes the Sectio: it returns to the Ruler of Hell (no owner), unless The
    Boss Is Touchy freezes its ownership this turn (events.ownership_frozen). The area is
    revoked at once; a player left without a Sectio is then rescued (HG-15.2-01)."""
    with Step(st, dice, data, log) as step:
        for s in sectio_list:
            owner, name = st.owners.get(s), data.sectio[s].name
            if owner is None:
                log.public("phenomenon-no-effect", f"Revoke Sectio: nobody owns {name}.",
                           "HG-6.1-04", sectio=s)
            elif events.ownership_frozen(st, s):
                log.public("ownership-frozen", f"Revoke Sectio: {name} cannot change "
                           f"ownership this turn (The Boss Is Touchy); {owner} keeps it.",
                           PH_RULE, sectio=s)
            else:
                step.set(s, None, f"Revoke Sectio ({PH_RULE})")
                log.public("sectio-revoked", f"Revoke Sectio: Lucifer revokes {name} from "
                           f"{owner}. Don't ask why.", PH_RULE, sectio=s, player=owner)


@effects.phenomenon("phenomenon.auction")
def auction(st: HellState, sheets, dice, data, log: Log, card: str,
            sectio_list: list[str]) -> None:
    """The Sectio is sold to the highest bidder, in Souls, whoever controls it (003
    l.1158). Sealed bids are the players' `AUCTION BID` lines (orders/events.py): the
    first line of a sheet that applies to the Sectio (no FOR, or FOR this Sectio) is his
    bid; default (IP-05): no bid. Readings: a bid above the bidder's Souls counts as all
    his Souls (capped, not void: his treasury may have changed since he wrote it); the
    owner may bid too, and keeps it if he wins, still paying; the price goes to the
    bank, since the card names nobody to receive it; equal highest bids: a die
    (HG-6.1-03). No bid: the Sectio stays where it is. The Boss Is Touchy stops the
    sale (events.ownership_frozen), and no bid is then paid."""
    with Step(st, dice, data, log) as step:  # a loser is rescued after (HG-15.2-01)
        for s in sectio_list:
            name = data.sectio[s].name
            holder = st.owners.get(s) or "the Ruler of Hell"
            if events.ownership_frozen(st, s):
                log.public("ownership-frozen", f"Auction: {name} cannot change ownership this "
                           "turn (The Boss Is Touchy); no sale.", PH_RULE, sectio=s)
                continue
            bids = auction_bids(st, sheets, s, log, name)
            if not bids:
                log.public("auction-no-bids", f"Auction of {name}: no bids (default IP-05: no "
                           f"bid), so it stays with {holder}.", PH_RULE, sectio=s)
                continue
            best = max(bids.values())
            tied = [p for p in st.seats if bids.get(p) == best]
            winner = tied[0] if len(tied) == 1 else \
                dice.pick(tied, f"HG-6.1-03 Auction of {name}: tie between the highest bids")
            st.players[winner].souls -= best
            old = st.owners.get(s)
            step.set(s, winner, f"Auction ({PH_RULE})")
            shown = ", ".join(f"{p} {bids[p]}" for p in st.seats if p in bids)
            silent = [p for p in st.seats if p not in bids]
            rest = f"; no bid from {', '.join(silent)} (default IP-05)" if silent else ""
            tie = ", a die broke the tie" if len(tied) > 1 else ""
            after = f"keeps {name}" if old == winner else \
                f"takes {name} from {old or 'the Ruler of Hell'}"
            log.public("auction-sold", f"Auction of {name}: sealed bids {shown}{rest}{tie}. "
                       f"{winner} pays {count(best, 'Soul')} to the bank and {after}.", PH_RULE,
                       sectio=s, player=winner, souls=best, bids=bids, previous=old)


def auction_bids(st: HellState, sheets, sectio: str, log: Log, name: str) -> dict[str, int]:
    """Each player's bid for `sectio`: his first AUCTION BID line that applies, capped at
    his Souls (a bid capped to nothing is no bid). Players without one do not bid."""
    bids: dict[str, int] = {}
    for p in st.seats:
        line = next((o for o in orders_of((sheets or {}).get(p), "AUCTION BID")
                     if o["sectio"] in (None, sectio)), None)
        if line is None:
            continue
        souls = st.players[p].souls
        bid = min(line["souls"], max(souls, 0))
        if bid < line["souls"]:
            log.private(p, "auction-bid-capped", f"Auction of {name}: your bid of "
                        f"{line['souls']} is more than your {count(souls, 'Soul')}; it counts "
                        f"as {bid}" + (" (no bid)." if not bid else "."), AUCTION_RULE,
                        sectio=sectio, bid=line["souls"], counted=bid)
        if bid:
            bids[p] = bid
    return bids


# -- the lasting effects in the Hell, Soul and Summoning Phases (hooks.py) -------------------
# Step 0 of the Soul Phase (soul.earth_lots): each active Daemon on Earth's Lot, in
# precedence order Heaven, Earth (HG-6.1.2-01), this turn's Event (Christmas) between them.
CRUSADE, FORGIVENESS, CHRISTMAS = "hell.crusade", "hell.forgiveness", "hell.christmas"
NEW_AGE, BLINDED, WORLD_WAR = "hell.new-age", "hell.blinded-by-science", "hell.world-war"
I_WANT_IT_ALL, VORTEX, HOLY_WAR = "hell.i-want-it-all", "hell.vortex", "hell.holy-war"
NEED_FOR_CHANGE, END_OF_SEASON = "phenomenon.need-for-change", "phenomenon.end-of-season"
#: Circles whose Sectio a card stops from producing Souls this turn (circle numbers of
#: data/sectio.yaml: 1 LIMBO, 4 THE GREEDY; 6 HERETICS is Thou Art Not Real's,
#: hellcards/movement.py)
GREEDY_CIRCLE, LIMBO_CIRCLE = 4, 1
CRUSADE_ARCANA, NEW_AGE_ARCANA = 3, 2


def _disfavours(st: HellState, daemon: str, n: int) -> None:
    st.players[st.daemons[daemon].owner].disfavours += n


@hook("soul-lots", order=10)
def crusade(st: HellState, sheets, dice, data, log: Log, lots, crusaders) -> None:
    """Crusade: a Daemon on Earth "may choose to join"; one that does draws 3 Arcana
    instead of its Souls and Favour. It joins when its player's CRUSADE JOIN order or
    `crusaders` names it; IP-12 default: none joins."""
    if st.permanent.get("heaven") != CRUSADE:
        return
    crusaders = tuple(crusaders) + tuple(
        d for name in st.seats for o in orders_of((sheets or {}).get(name), "CRUSADE JOIN")
        for d in o["daemons"])
    for d, lot in still_collecting(st, data, log, lots, CRUSADE).items():
        if d not in crusaders:
            log.public("crusade-stays-out", f"{daemon_label(st, data, d)} does not join the "
                       "Crusade (default IP-12: do not use).", "HG-6.1.1-01", daemon=d)
            continue
        owner = st.daemons[d].owner
        lot.souls, lot.favour, lot.why = False, False, "the Crusade"
        log.public("crusade-joins", f"{daemon_label(st, data, d)} joins the Crusade and draws "
                   f"{count(CRUSADE_ARCANA, 'Arcana card')} instead of Souls and Favour.",
                   "HG-6.1.1-01", daemon=d, player=owner)
        gain_arcana(st, owner, CRUSADE_ARCANA, dice, data, log, sheets.get(owner),
                    "the Crusade", rule="HG-6.1.1-01")


@hook("soul-lots", order=20)
def forgiveness(st: HellState, sheets, dice, data, log: Log, lots, crusaders) -> None:
    """Forgiveness: each Daemon on Earth Rolls against Stars; on a failure no Souls, no
    Favour and 1 Disfavour. "A Daemon that fails again in the following turn is
    destroyed; otherwise it is safe until the next turn": st.forgiveness_failed keeps
    the Daemons that failed in the last Soul Phase, and only those that fail in this one
    stay in it (its memory leaves play with the card). A destroyed Daemon goes to the
    bottom of the Daemon deck (HG-3.3-02); Trinity keeps a Daemon on Earth alive
    (random_moves.common.destroy_daemon)."""
    if st.permanent.get("heaven") != FORGIVENESS:
        st.forgiveness_failed = []  # its memory leaves play with the card
        return
    from ..random_moves.common import destroy_daemon

    before, failed = set(st.forgiveness_failed), []
    for d, lot in still_collecting(st, data, log, lots, FORGIVENESS).items():
        if roll_against(st, data, dice, d, "stars",
                        f"HG-6.1.1-01 Forgiveness: {data.daemons[d].name} rolls against Stars"):
            log.public("forgiveness-passed", f"{daemon_label(st, data, d)} passes the Roll "
                       "against Stars of Forgiveness and collects as usual.", "HG-6.1.1-01",
                       daemon=d)
            continue
        lot.souls, lot.favour, lot.why = False, False, "Forgiveness"
        _disfavours(st, d, 1)
        label, owner = daemon_label(st, data, d), st.daemons[d].owner
        log.public("forgiveness-failed", f"{label} fails the Roll against Stars of "
                   "Forgiveness: no Souls, no Favour, and 1 Disfavour instead.",
                   "HG-6.1.1-01", daemon=d, player=owner)
        if d not in before:
            failed.append(d)
        elif destroy_daemon(st, d):  # the card under it goes with it (HG-3.3-02)
            del lots[d]
            log.public("forgiveness-destroyed", f"{label} failed Forgiveness last turn too "
                       "and is destroyed.", "HG-6.1.1-01", daemon=d, player=owner)
        else:
            failed.append(d)
            log.public("forgiveness-spared", f"{label} failed Forgiveness last turn too, "
                       "but Trinity: nothing can destroy a Daemon on Earth.", "HG-6.1.1-01",
                       daemon=d, player=owner)
    st.forgiveness_failed = sorted(failed)


@hook("soul-lots", order=30)
def christmas(st: HellState, sheets, dice, data, log: Log, lots, crusaders) -> None:
    """Christmas: one die per Daemon on Earth. 1-2: 2 Favours (given by the card, no
    Disfavour Roll) and no Souls; 3: as usual; 4-5: 2 Disfavours, Souls (and, as the
    card takes nothing else away, the Favour) as usual; 6: Souls as usual, no Favour."""
    if st.event != CHRISTMAS:
        return
    for d, lot in still_collecting(st, data, log, lots, CHRISTMAS).items():
        owner = st.daemons[d].owner
        die = dice.roll(f"HG-6.1-01 Christmas: {data.daemons[d].name}", owner)
        if die <= 2:
            lot.souls, lot.favour, lot.why = False, False, "Christmas"
            st.players[owner].favours += 2
            what = "gains 2 Favours but no Souls"
        elif die == 3:
            what = "collects Souls and Favour as usual"
        elif die <= 5:
            _disfavours(st, d, 2)
            what = "takes 2 Disfavours but collects as usual"
        else:
            lot.favour, lot.why = False, "Christmas"
            what = "collects Souls as usual but no Favour"
        log.public("christmas", f"Christmas: {daemon_label(st, data, d)} rolls {die} and "
                   f"{what}.", "HG-6.1-01", daemon=d, player=owner, roll=die)


@hook("soul-lots", order=40)
def new_age(st: HellState, sheets, dice, data, log: Log, lots, crusaders) -> None:
    """New Age: one die per Daemon on Earth. 1-2: as usual; 3-4: half the Souls (the
    Favour as usual); 5: 2 Arcana cards instead of Souls and Favour; 6: 1 Disfavour and
    nothing else. The card's table says "5-6" for the Arcana and "6" for the Disfavour
    (003 l.1412): the line for 6 alone is the more specific, so it wins for a 6."""
    if st.permanent.get("earth") != NEW_AGE:
        return
    for d, lot in still_collecting(st, data, log, lots, NEW_AGE).items():
        owner = st.daemons[d].owner
        die = dice.roll(f"HG-6.1.1-01 New Age: {data.daemons[d].name}", owner)
        if die <= 2:
            what = "collects Souls and Favour as usual"
        elif die <= 4:
            lot.divisor, lot.why = 2, "New Age"
            what = "collects half the Souls"
        else:
            lot.souls, lot.favour, lot.why = False, False, "New Age"
            what = "draws 2 Arcana cards instead of Souls and Favour" if die == 5 else \
                "takes 1 Disfavour and nothing else"
        log.public("new-age", f"New Age: {daemon_label(st, data, d)} rolls {die} and {what}.",
                   "HG-6.1.1-01", daemon=d, player=owner, roll=die)
        if die == 5:
            gain_arcana(st, owner, NEW_AGE_ARCANA, dice, data, log, sheets.get(owner),
                        "New Age", rule="HG-6.1.1-01")
        elif die == 6:
            _disfavours(st, d, 1)


@hook("soul-lots", order=50)
def blinded_by_science(st: HellState, sheets, dice, data, log: Log, lots, crusaders) -> None:
    """Blinded by Science: the Souls gathered on Earth divided by 4, and a Roll against
    Hearts for the Favour (soul.receive_favours makes it)."""
    if st.permanent.get("earth") != BLINDED:
        return
    for lot in still_collecting(st, data, log, lots, BLINDED).values():
        lot.divisor, lot.hearts_for_favour, lot.why = 4, True, "Blinded by Science"


@hook("soul-lots", order=60)
def world_war(st: HellState, sheets, dice, data, log: Log, lots, crusaders) -> None:
    """World War: the Souls collected on Earth halved, and no Favour earned there."""
    if st.permanent.get("earth") != WORLD_WAR:
        return
    for lot in still_collecting(st, data, log, lots, WORLD_WAR).values():
        lot.divisor, lot.favour, lot.why = 2, False, "World War"


@hook("lieutenant-price", order=10)
def world_war_recruits(st: HellState, cheap: bool) -> str | None:
    """World War: recruiting a Lieutenant costs half the price (summoning.lieutenant_price)."""
    return "halved by World War" if in_force(st, WORLD_WAR) else None


@hook("soul-roll-multiplier", order=10)
def holy_war(st: HellState) -> tuple[int, str] | None:
    """Holy War (Permanent Earth): "while in play all Soul Rolls are doubled"."""
    return (2, "doubled by Holy War") if HOLY_WAR in st.permanent.values() else None


@hook("sectio-no-souls", order=10)
def i_want_it_all_no_souls(st: HellState, data, sectio: str) -> str | None:
    """I Want It All: no Souls from the Greedy Circle this turn."""
    return I_WANT_IT_ALL if data.sectio[sectio].circle == GREEDY_CIRCLE and \
        in_force(st, I_WANT_IT_ALL) else None


@hook("sectio-no-souls", order=20)
def vortex_no_souls(st: HellState, data, sectio: str) -> str | None:
    """Vortex: no Souls (or THE WISE MEN's cards) from the Limbo this turn."""
    return VORTEX if data.sectio[sectio].circle == LIMBO_CIRCLE and in_force(st, VORTEX) \
        else None


@hook("sectio-souls-change", order=10)
def income_change(st: HellState, data, sectio: str) -> int | None:
    """Need for Change (-1 or -2) or End of Season (+1 or +2) on this Sectio this turn:
    the number is the one printed in the grey box of the card the Phenomenon came from."""
    for ph, sign in ((NEED_FOR_CHANGE, -1), (END_OF_SEASON, 1)):
        if phenomenon_here(st, ph, sectio):
            return sign * phenomenon_number(data, st.warning_sign["card"])
    return None


@hook("soul-other-income", order=30)
def i_want_it_all_price(st: HellState, sheets, dice, data, log: Log) -> None:
    i_want_it_all(st, data, log, dice)


def i_want_it_all(st: HellState, data, log: Log, dice=None) -> None:
    """I Want It All, this turn: each owner of a Sectio in the Greedy Circle pays its
    printed value in Souls, or loses it (it returns to the Ruler of Hell). He pays when
    he can (the card says "must"); Sectio by id. The Boss Is Touchy keeps an unpaid
    Sectio with its owner (in_play.ownership_frozen). The Circle is settled at once; a
    player left without a Sectio is then rescued (HG-15.2-01; `dice` breaks its ties).
    The last of the other sources of Souls (HG-7.2-05), after Zagam's."""
    if not in_force(st, I_WANT_IT_ALL):
        return
    owned = [(s, st.owners[s]) for s in sorted(st.owners)
             if data.sectio[s].circle == GREEDY_CIRCLE]
    if not owned:
        log.public("event-no-effect", "I Want It All: nobody owns a Sectio of the Greedy "
                   "Circle.", "HG-6.1-04")
    with Step(st, dice, data, log) as step:
        for s, owner in owned:
            p, name, price = st.players[owner], data.sectio[s].name, data.sectio[s].souls
            if p.souls >= price:
                p.souls -= price
                log.public("greedy-paid", f"I Want It All: {owner} pays "
                           f"{count(price, 'Soul')} to keep {name}.", "HG-6.1-01",
                           player=owner, sectio=s, souls=price)
            elif ownership_frozen(st, s):
                log.public("greedy-frozen", f"I Want It All: {owner} cannot pay "
                           f"{count(price, 'Soul')} for {name}, but The Boss Is Touchy: it "
                           "cannot change ownership this turn.", "HG-6.2-01", player=owner,
                           sectio=s)
            else:
                step.set(s, None, "I Want It All (HG-6.1-01)")
                log.public("greedy-lost", f"I Want It All: {owner} cannot pay "
                           f"{count(price, 'Soul')} for {name} and loses it.", "HG-6.1-01",
                           player=owner, sectio=s)


@hook("hell-phase", order=30)
def inquisition_again(st: HellState, sheets, dice, data, log: Log) -> None:
    """Inquisition in play: "in every Hell Phase", after the three Hell cards and before
    the Arcana draw (an Incapacitated Daemon draws none, HG-6.3-01). In the Hell Phase it
    arrives in, its own effect has already done so (`inquisition_arrives`)."""
    if st.permanent.get("earth") == INQUISITION and st.event != INQUISITION:
        inquisition(st, dice, data, log, sheets)
