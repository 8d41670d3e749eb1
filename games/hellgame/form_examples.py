"""What the order form (form.py) shows for each order: a one-line description, and the
example lines, built from the player's own Daemons, cards, Units and Sectio and his
real opponents, or none when he cannot give the order now (issue 20).

Each order registers (`@entry`) its description and its candidate lines, best first;
the form shows the first candidate that the game's own check (sheet checks included,
as for the confirmation) accepts without a warning, so every example works as it
stands once uncommented. No candidate, or none accepted, leaves the order off the form:
"cannot give it now" means the line could do nothing in the coming stage, such as an
ability order without the Daemon, a card order without the card in hand, a Permanent
Event's order while the card is not in play, a variant's order with the variant off, a
Hell Phase order in turn 1 (no Hell Phase, HG-5.2-02). The full list, with the
defaults, is docs/orders-hellgame.md; every order still checks on any sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import effects
from .form_seat import Seat
from .orders.counters import REFLECTING, counters_with
from .state import ANTEHELL, LEGION, LIEUTENANT, ON_EARTH

CRUSADE, LONG_PARLIAMENT = "hell.crusade", "hell.long-parliament"
MAD_SCIENTIST = "hell.mad-scientist"
REROLL_KINDS = {"arcana.try-again": "ATONEMENT, EVIL DEEDS",
                "arcana.re-roll": "COMBAT SAVES, ATONEMENT"}


@dataclass(frozen=True)
class Entry:
    keyword: str
    short: str  # one line on the form; the order's full text is ORDER_TYPES[k].doc
    #: candidate example lines, best first: the form shows the first the game's check
    #: accepts without a warning ([] or none accepted: he cannot give the order now)
    candidates: Callable[[Seat], list[str]]


ENTRIES: dict[str, Entry] = {}


def entry(keyword: str, short: str):
    """Register the form's description and example maker of an order."""
    def wrap(fn: Callable[[Seat], list[str]]):
        if keyword in ENTRIES:
            raise ValueError(f"form entry {keyword} registered twice")
        ENTRIES[keyword] = Entry(keyword, short, fn)
        return fn
    return wrap


#: The description of two orders shown one after the other (form.TURN_SECTIONS).
PAIRS = {
    ("INQUISITION VOTE", "RITES VOTE"): "Inquisition, Rites of Spring: your votes, first that fits",
    ("LEGION", "LEGIONS"): "summon Legions (3 Souls): here, or n by the spread rule",
    ("GRANT PASSAGE", "FLEE"): "when others march in: let them pass; or flee",
    ("FLIGHT PREFER", "FLIGHT TAKE"): "fleeing Lieutenants: where to, which Legions along",
    ("COURT LILITH", "STEER LILITH"): "court Lilith (1 Favour); her steps if you win her",
    ("FIGHT", "AFTER JOINT WIN"): "whom to fight first (3+ sides), and after a joint win",
    ("HITS", "COMBAT FLEE"): "hits on these first; after a round: try to flee",
    ("JOIN", "COMBAT CAST"): "this Daemon joins there with cards; one played, round n",
    ("BUY OFF", "KEEP FAVOURS"): "buy off n Disfavours at 2 Favours each; keep n Favours",
}


def one(line: str | None) -> list[str]:
    """[line], or [] for a line that is not there (None, "", False)."""
    return [line] if line else []


# -- setup (5.1) ---------------------------------------------------------------------------

@entry("REDRAW", "swap this Daemon for another, once, for 1 Favour")
def _redraw(s: Seat) -> list[str]:
    """The weakest of his Daemons (the check refuses a redraw he cannot pay or has
    used)."""
    def strength(d: str) -> int:
        x = s.data.daemons[d]
        return x.skulls + x.stars + x.hearts

    weakest = min(s.daemons, key=strength, default=None)
    return one(weakest and f"REDRAW {s.name(weakest)}")


@entry("PLACE", "your first Legion's Sectio, best first")
def _place(s: Seat) -> list[str]:
    names = [s.place(x) for x in s.sectio[:2]]
    return one(names and "PLACE " + ", ".join(names))


# -- cards, any time -----------------------------------------------------------------------

@entry("KEEP", "cards kept first when over the hand limit")
def _keep(s: Seat) -> list[str]:
    return [f"KEEP {s.card(s.hand[0])}" if s.hand else "KEEP Walk the Earth, Recruit Lieutenant"]


@entry("PLAY RIGHT AWAY", "also: Court Duty GAIN FAVOUR/LOSE DISFAVOUR, Stigmata "
                          "PASS TO <Daemons>/KEEP, Prove to Me... GET RID/KEEP")
def _play_right_away(s: Seat) -> list[str]:
    return [f"PLAY RIGHT AWAY Lost Lore WITH {s.rivals[0]}" if s.rivals
            else "PLAY RIGHT AWAY Court Duty GAIN FAVOUR"]


# -- Hell Phase (6) ------------------------------------------------------------------------

@entry("AUCTION BID", "sealed bid in Souls if an Auction strikes (that Sectio)")
def _auction(s: Seat) -> list[str]:
    if not s.hell_phase:
        return []
    return [f"AUCTION BID 3 FOR {s.place(s.sectio[0])}" if s.sectio else "AUCTION BID 3"]


@entry("INQUISITION VOTE", "whom Inquisition takes: the first of these on Earth")
def _inquisition(s: Seat) -> list[str]:
    names = ", ".join(s.name(d) for d in s.theirs[:2])
    return one(s.hell_phase and names and f"INQUISITION VOTE {names}")


@entry("RITES VOTE", "Rites of Spring: your Daemons vote for the first that fits")
def _rites(s: Seat) -> list[str]:
    names = ", ".join(s.name(d) for d in s.theirs[:2])
    return one(s.hell_phase and names and f"RITES VOTE {names}")


@entry("BELPHEGOR REDRAWS", "Belphegor sends back the first card drawn that fits")
def _belphegor(s: Seat) -> list[str]:
    return one(s.hell_phase and s.owns("daemon.belphegor") and
               "BELPHEGOR REDRAWS Walk the Earth, Pass")


# -- Soul Phase (7, 16.1) ------------------------------------------------------------------

@entry("GIVE", "gift of anything but Favours; IF ... GIVES: a trade")
def _give(s: Seat) -> list[str]:
    """A card for Souls; without a card, a Legion for Souls (gifts.py: Units and Daemons
    too, docs/orders-hellgame.md); else Souls."""
    if not s.rivals:
        return []
    who = s.rivals[0]
    if s.hand:
        return [f"GIVE {who} ARCANA {s.card(s.hand[0])} IF {who} GIVES 3 SOULS"]
    legions = [f"GIVE {who} 1 LEGION {s.place(p)} IF {who} GIVES 3 SOULS"
               for p in s.legion_places[:1]]
    return [*legions, f"GIVE {who} 2 SOULS"]


@entry("UNPAID", "short of Souls for upkeep: these Units go unpaid first")
def _unpaid(s: Seat) -> list[str]:
    return one(s.unit_places and f"UNPAID {s.place(s.unit_places[-1])} 1")


@entry("DESERTERS", "take deserters (1 Soul each) or REFUSE (1 Disfavour)")
def _deserters(s: Seat) -> list[str]:
    return one(s.rivals and "DESERTERS ACCEPT MAX 2 KEEP 3")


@entry("MACINA", "pay a Macina's maintenance (KEEP n: if n Souls are left), or STOP")
def _macina(s: Seat) -> list[str]:
    """The first Macina in front of him (16.4): pay it unless it would leave him under
    3 Souls."""
    mine = sorted(c for c, m in s.st.macinas.items() if m["owner"] == s.player)
    return one(mine and f"MACINA {s.data.arcana[mine[0]].name} PAY KEEP 3")


@entry("ZAGAM TESTS STARS", "Zagam Rolls against Stars for 6 Souls (a 6: a Disfavour)")
def _zagam(s: Seat) -> list[str]:
    return one(s.owns("daemon.zagam") and "ZAGAM TESTS STARS")


@entry("CRUSADE JOIN", "these Daemons, if on Earth, join the Crusade: 3 Arcana")
def _crusade(s: Seat) -> list[str]:
    first = next(iter(sorted(s.active, key=lambda d: s.st.daemons[d].where != ON_EARTH)), None)
    return one(s.in_play(CRUSADE) and first and f"CRUSADE JOIN {s.name(first)}")


# -- Summoning Phase (8) -------------------------------------------------------------------

@entry("LEGION", "summon Legions in this Sectio of yours, 3 Souls each")
def _legion(s: Seat) -> list[str]:
    return [f"LEGION {s.place(x)} 1" for x in s.sectio]


@entry("LEGIONS", "summon n Legions, placed by the spread rule")
def _legions(s: Seat) -> list[str]:
    return ["LEGIONS 2", "LEGIONS 1"] if s.sectio else []


@entry("BUY ARCANA", "buy n Arcana at 5 Souls each, stop once you hold UNTIL")
def _buy(s: Seat) -> list[str]:
    return ["BUY ARCANA 2 UNTIL Walk the Earth KEEP 3"]


@entry("RECRUIT", "recruit a Lieutenant with this card, AT your Legions")
def _recruit(s: Seat) -> list[str]:
    return [f"RECRUIT WITH {s.card(c)}{at}" for c in s.minor("recruit-lieutenant")
            for at in [f" AT {s.place(x)}" for x in s.legion_places] + [""]]


@entry("PRUFFLAS PICKS", "Prufflas takes the first of these on top of a box")
def _prufflas(s: Seat) -> list[str]:
    tops = [box[0] for box in s.st.lieutenant_boxes if box]
    tops.sort(key=lambda lt: -s.data.lieutenants[lt].leadership)
    names = ", ".join(s.data.lieutenants[lt].name for lt in tops[:2])
    return one(s.owns("daemon.prufflas") and names and f"PRUFFLAS PICKS {names}")


@entry("TAME", "your Legions in AnteHell try to tame Hellhounds")
def _tame(s: Seat) -> list[str]:
    return one(any(u.location == ANTEHELL for u in s.st.units_of(s.player, LEGION)) and "TAME")


@entry("BONUS", "Souls of Bonus Pay on your Lieutenant")
def _bonus(s: Seat) -> list[str]:
    return one(s.lieutenants and f"BONUS {s.data.lieutenants[s.lieutenants[0]].name} 1")


@entry("MAD SCIENTIST", "Mad Scientist's cheap summoning, for 1 Disfavour")
def _mad_scientist(s: Seat) -> list[str]:
    return one(s.in_play(MAD_SCIENTIST) and "MAD SCIENTIST")


# -- Action Phase: standing orders (9) ------------------------------------------------------

@entry("GRANT PASSAGE", "let these players march through your Legions")
def _grant(s: Seat) -> list[str]:
    return one(s.rivals and s.legion_places and f"GRANT PASSAGE TO {s.rivals[0]}")


@entry("FLEE", "your Units flee when others march in")
def _flee(s: Seat) -> list[str]:
    return one(s.unit_places and "FLEE ANYWHERE IF OUTNUMBERED")


def _flight(s: Seat) -> bool:
    """A Lieutenant of his flees: he has one, or may recruit one."""
    return bool(s.lieutenants or s.minor("recruit-lieutenant"))


@entry("FLIGHT PREFER", "where a fleeing Lieutenant goes, best first")
def _flight_prefer(s: Seat) -> list[str]:
    return one(_flight(s) and "FLIGHT PREFER OWN, UNOWNED, ENEMY, ANTEHELL, OCCUPIED")


@entry("FLIGHT TAKE", "which Legions a fleeing Lieutenant takes along")
def _flight_take(s: Seat) -> list[str]:
    return one(_flight(s) and "FLIGHT TAKE MINDERS LAST")


@entry("COUNTER", "answer another player's Arcana with your Counter card")
def _counter(s: Seat) -> list[str]:
    """One line per Counter in hand; Double Cross with REFLECT first (its text: "cancel,
    or reflect"), so the form shows the choice the card offers."""
    return [f"COUNTER ANY TARGETING MINE WITH {s.card(c)}{reflect}" for c in s.hand
            if counters_with(c, s.data)
            for reflect in ((" REFLECT", "") if c in REFLECTING else ("",))]


@entry("PARLIAMENT SENDS", "your Daemon that attends Long Parliament")
def _parliament(s: Seat) -> list[str]:
    who = s.most(s.active, "hearts")
    return one(s.in_play(LONG_PARLIAMENT) and who and f"PARLIAMENT SENDS {s.name(who)}")


@entry("PAYMON GRANTS", "Paymon's free Double Pass, once a turn")
def _paymon(s: Seat) -> list[str]:
    paymon = s.owns("daemon.paymon")
    other = next((d for d in s.active if d != paymon), None)
    return one(paymon and other and f"PAYMON GRANTS DOUBLE PASS TO {s.name(other)}")


@entry("CAIM REROLLS", "Caim re-rolls your first failed die of these kinds")
def _caim(s: Seat) -> list[str]:
    return one(s.owns("daemon.caim") and "CAIM REROLLS FIRST FAILED ATONEMENT, EVIL DEEDS")


@entry("XAPHAN CHOOSES", "the Phenomenon Xaphan's ability triggers, best first")
def _xaphan(s: Seat) -> list[str]:
    return one(s.owns("daemon.xaphan") and "XAPHAN CHOOSES Lightning, Cave-in")


@entry("REROLL WITH", "play this card when a die of these kinds fails")
def _reroll(s: Seat) -> list[str]:
    card = next((c for c in s.hand if c in REROLL_KINDS), None)
    return one(card and f"REROLL WITH {s.card(card)} FIRST FAILED {REROLL_KINDS[card]}")


# -- Random Moves Phase (10.2.1) -----------------------------------------------------------

@entry("COURT LILITH", "court Lilith with this Daemon (1 Favour)")
def _court(s: Seat) -> list[str]:
    who = s.most(s.active, "hearts")
    return one(who and f"COURT LILITH WITH {s.name(who)}")


@entry("STEER LILITH", "Lilith's steps if you win her: Sectio, STAY, ...")
def _steer(s: Seat) -> list[str]:
    if not s.active:
        return []
    at = next((u.location for u in s.st.units if u.kind == "lilith"
               and u.location in s.data.sectio), None)
    near = [n for n in s.data.sectio[at].neighbours.values() if n in s.data.sectio] if at else []
    near.sort(key=lambda n: s.st.owners.get(n) != s.player)  # towards his own first
    return [f"STEER LILITH {s.place(near[0])} > STAY" if near else "STEER LILITH STAY"]


# -- Combat Phase (11, 16.5-16.6) ----------------------------------------------------------

@entry("FIGHT", "with 3 or more sides: whom you fight first")
def _fight(s: Seat) -> list[str]:
    return one(len(s.rivals) > 1 and f"FIGHT {s.rivals[0]}, {s.rivals[1]}")


@entry("JOIN", "this Daemon joins the combat there, with these cards")
def _join(s: Seat) -> list[str]:
    who = s.most(s.in_hell, "skulls")
    if who is None:
        return []
    where = f"IN {s.place(s.fight_place)}" if s.fight_place else "ANYWHERE"
    cards = s.combat_cards[:s.data.daemons[who].stars]
    bring = " BRINGING " + ", ".join(s.card(c) for c in cards) if cards else ""
    return [f"JOIN {s.name(who)} {where}{bring}"]


@entry("COMBAT MAGIC", "cast FIRST or SECOND when your Daemon has most Stars")
def _magic(s: Seat) -> list[str]:
    return one(s.in_hell and "COMBAT MAGIC FIRST")


@entry("COMBAT CAST", "play a Combat card your joined Daemon brought")
def _cast(s: Seat) -> list[str]:
    cards = s.combat_cards
    return one(cards and f"COMBAT CAST {s.card(cards[0])} IN {s.place(s.fight_place)} ROUND 1")


@entry("HITS", "which of your Units take combat hits first")
def _hits(s: Seat) -> list[str]:
    return one(s.legion_places and "HITS LEGIONS, HOUNDS, MINDERS, LIEUTENANTS")


@entry("COMBAT FLEE", "after a combat round: try to flee")
def _combat_flee(s: Seat) -> list[str]:
    return one(s.legion_places and "COMBAT FLEE ANYWHERE IF OUTNUMBERED")


@entry("COMBAT ABILITY", "when your joined Daemon uses its combat ability")
def _combat_ability(s: Seat) -> list[str]:
    for d in s.active:
        spec = effects.ABILITIES.get(s.data.daemons[d].ability.id)
        if getattr(spec, "combat", False):
            return [f"COMBAT ABILITY {s.name(d)} "
                    + ("ROUND 1" if getattr(spec, "before", False) else "WHEN LOSING")]
    return []


@entry("COMBAT PAY", "Blood Money, The Thin Dead Line: pay per hit only so far")
def _combat_pay(s: Seat) -> list[str]:
    """Where it applies: he holds The Thin Dead Line, or has Legions in Hell while a
    rival holds a Sectio in Blood Money's Circle (its caster's prerequisite)."""
    from .combat.cards_rolls import CIRCLE

    if "arcana.the-thin-dead-line" in s.hand:
        return ["COMBAT PAY The Thin Dead Line WHILE SOULS >= 1 FOR LIEUTENANTS, MINDERS"]
    greedy = any(s.data.sectio[x].circle_name == CIRCLE["arcana.blood-money"]
                 for q in s.rivals for x in s.st.sectio_of(q))
    return one(greedy and s.legion_places and "COMBAT PAY Blood Money WHILE SOULS >= 6")


@entry("REINFORCEMENTS ALLOW", "let this player's Reinforcements bring in your Lieutenant")
def _reinforcements_allow(s: Seat) -> list[str]:
    lts = [u.ref for u in s.st.units_of(s.player, LIEUTENANT)
           if u.ref in s.data.lieutenants and u.location in s.data.sectio]
    return one(lts and s.rivals and f"REINFORCEMENTS ALLOW {s.rivals[0]} ONLY "
                                     f"{s.data.lieutenants[lts[0]].name}")


@entry("AFTER JOINT WIN", "after a win with allies: fight on against this one")
def _after(s: Seat) -> list[str]:
    return one(len(s.rivals) > 1 and f"AFTER JOINT WIN FIGHT {s.rivals[0]} IF MY LEGIONS "
                                     ">= THEIRS")


@entry("AVOID COMBAT", "optional rule: avoid combat there if all there agree")
def _avoid(s: Seat) -> list[str]:
    from .orders.v1 import AVOID_VARIANT

    if not s.st.variants.get(AVOID_VARIANT):
        return []
    return [f"AVOID COMBAT IN {s.place(s.legion_places[0])}" if s.legion_places
            else "AVOID COMBAT ANYWHERE"]


# -- Petitions Phase (12), End Phase (13) --------------------------------------------------

@entry("PETITION", "spend a Favour to take this Sectio (your Legion there)")
def _petition(s: Seat) -> list[str]:
    from .form_actions import march_targets

    there = [x for x in s.legion_places if s.st.owners.get(x) != s.player]
    return [f"PETITION {s.place(x)}" for x in there + march_targets(s)]


@entry("ALLOW PETITIONS", "let this player petition where your Units stand")
def _allow(s: Seat) -> list[str]:
    if not (s.rivals and s.legion_places):
        return []
    return [f"ALLOW PETITIONS {s.rivals[0]} IN {s.place(s.legion_places[0])}"]


@entry("BUY OFF", "Disfavours to buy off at 2 Favours each")
def _buy_off(s: Seat) -> list[str]:
    return ["BUY OFF 1"]


@entry("KEEP FAVOURS", "buy off only while this many Favours remain")
def _keep_favours(s: Seat) -> list[str]:
    return ["KEEP FAVOURS 2"]
