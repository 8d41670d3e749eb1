"""Every decision a sheet can leave out, and the documented default it then gets.

The confirmation reply lists the decisions left to defaults (DESIGN.md §5); the
defaults themselves are applied by the phase that needs the decision (IP ids from
rules-checklist §3).
"""

from __future__ import annotations

import functools

from pbem.engine import OrderSheet

from .state import HellState

#: stage -> [(order keywords that cover the decision, IP id, what happens by default)]
DECISIONS = {
    "setup": [
        (("REDRAW",), "IP-01", "keep the three Daemons you were dealt"),
        (("PLACE",), "IP-02", "first Legion in your best non-isolated Sectio (highest Souls)"),
    ],
    "turn": [
        (("KEEP",), "IP-03", "above 5 cards: keep '6' cards, discard the newest others"),
        (("GIVE",), "IP-08", "no gifts"),
        (("UNPAID",), "IP-09", "if short of Souls: unstacked Legions outside your Sectio "
                               "go unpaid first, Lieutenants last"),
        (("DESERTERS",), "IP-10", "take deserters offered to you if you can pay"),
        (("MACINA",), "IP-11", "after upkeep, pay each Macina's maintenance if you can "
                               "(HG-16.4-02)"),
        (("LEGION", "LEGIONS"), "IP-13", "summon no Legions"),
        (("RECRUIT",), "IP-14", "recruit no Lieutenant"),
        (("PRUFFLAS PICKS",), "IP-14", "Prufflas takes the top Lieutenant with the best "
         "Leadership, a die between equals"),
        (("TAME",), "IP-15", "no taming in AnteHell"),
        (("BUY ARCANA",), "IP-16", "buy no Arcana"),
        (("BONUS",), "IP-17", "no Bonus Pay"),
        (("ACTION",), "IP-18", "each Daemon Passes for Good when it first comes up "
                               "(after a Pass: an empty March)"),
        (("GRANT PASSAGE",), "IP-20", "grant nobody passage: Units marching into a Sectio "
                                      "with your Legions stop there"),
        (("FLEE",), "IP-23", "your Units stand when others march in (a Lieutenant alone "
                             "always tries to flee)"),
        (("FLEE",), "IP-24", "your Units stand when a rampaging Hellhound comes in"),
        (("FLIGHT PREFER",), "IP-25", "a fleeing Lieutenant takes the die that leads to "
                                      "your own Sectio free of enemies, else one nobody "
                                      "controls, another player's, AnteHell, an occupied one"),
        (("FLIGHT TAKE",), "IP-25", "a fleeing Lieutenant takes as many of your Legions as "
                                    "his Leadership allows, Minders first"),
        (("COUNTER",), "IP-30", "no Counters"),
        (("PAYMON GRANTS", "CAIM REROLLS", "XAPHAN CHOOSES"), "IP-33",
         "abilities that need a choice are not used: Paymon grants no Double Pass, Caim "
         "re-rolls no die; Xaphan's Phenomenon is the first card drawn"),
        (("REROLL WITH",), "IP-33", "Try Again and Re-roll are not played: no die is "
                                    "re-rolled with them"),
        (("BELPHEGOR REDRAWS",), "IP-07", "Belphegor redraws no card"),
        (("PLAY RIGHT AWAY",), "IP-04", "Lost Lore swaps with another player at random; "
         "Court Duty loses a Disfavour, else gains a Favour; Stigmata is passed to another "
         "player's Daemon at random (IP-51); Prove to Me That You Are Real... is kept"),
        (("ZAGAM TESTS STARS", "CRUSADE JOIN"), "IP-12", "Zagam does not Roll against Stars "
         "for Souls; no Daemon joins the Crusade"),
        (("AUCTION BID",), "IP-05", "no bid at an Auction"),
        (("INQUISITION VOTE",), "IP-06", "Inquisition: vote for the highest-ranking Daemon "
         "on Earth of the player nearest to winning (most Sectio in one Circle), never "
         "your own"),
        (("RITES VOTE",), "IP-06", "Rites of Spring: each of your Daemons votes for the "
         "opposite-sex Daemon of the player nearest to winning, never yours, the "
         "highest-ranking first"),
        (("PARLIAMENT SENDS",), "HG-6.1.1-01", "Long Parliament: of your Daemons that take "
         "a Diplomacy Action, the one with the most Hearts attends"),
        (("MAD SCIENTIST",), "HG-6.1.1-01", "Mad Scientist: pay the usual summoning prices"),
        (("COURT LILITH",), "IP-35", "do not court Lilith"),
        (("STEER LILITH",), "IP-36", "if you win Lilith: her steps are rolled, as if "
                                     "not courted"),
        (("FIGHT",), "IP-37", "fight the other Triumvirate with most Units; join the side "
                              "against the one holding more Sectio in a single Circle"),
        (("JOIN",), "IP-38", "in each combat your free Daemon in Hell with most Skulls joins "
                             "where you have Legions, bringing no cards; the same where a "
                             "JOIN line of yours cannot be carried out (its Daemon "
                             "Incapacitated, destroyed, on Earth or asleep) and no other "
                             "line sends one, unless you wrote JOIN NOBODY"),
        (("COMBAT MAGIC",), "IP-39", "the other side plays Combat cards first"),
        (("COMBAT CAST",), "IP-40", "play no Combat cards"),
        (("HITS",), "IP-41", "hits on hounds first if your Daemon has under 4 Skulls, then "
                             "Legions, Minders, Lieutenants"),
        (("COMBAT FLEE",), "IP-43", "fight on (a Lieutenant left alone always flees)"),
        (("COMBAT ABILITY",), "IP-45", "a joined Daemon's combat ability is used at the first "
                                       "legal moment: Andras before round 1, Baal and "
                                       "Moloch in round 1"),
        (("AFTER JOINT WIN",), "IP-44", "after a joint win, stop: former allies share it"),
        (("COMBAT PAY",), "IP-42", "pay each per-hit charge (Blood Money, The Thin Dead "
                                   "Line) while you can"),
        (("REINFORCEMENTS ALLOW",), "HG-11.2.1-01", "no permission: another player's "
                                                    "Reinforcements brings in no Lieutenant "
                                                    "of yours"),
        (("PETITION",), "IP-47", "Victor's Right claimed wherever you won a combat; "
                                 "no petitions by Favour"),
        (("ALLOW PETITIONS",), "IP-48", "refuse: your Units block other players' "
                                        "petitions"),
        (("BUY OFF", "KEEP FAVOURS"), "IP-49", "buy off as many Disfavours as you can"),
    ],
}


#: Defaults that decide nothing (nothing is done): in HELP and the order docs, never
#: listed in a confirmation or report (issue 20: only what concerns the player).
NOTHING_DONE = {"GIVE", "LEGION", "RECRUIT", "TAME", "BUY ARCANA", "BONUS", "COUNTER",
                "AUCTION BID", "COURT LILITH", "COMBAT CAST", "MAD SCIENTIST",
                "INQUISITION VOTE", "RITES VOTE", "AFTER JOINT WIN", "REINFORCEMENTS ALLOW"}
HAND_DRAW = 3  # the most Arcana cards a Hell Phase draw gives (HG-6.3-01)


def _owns(st: HellState, player: str, *daemons: str) -> bool:
    return any(d in st.players[player].daemons and d in st.daemons for d in daemons)


class _Units:
    """How many units of each kind each player has, counted in one pass over the units
    when first asked (issue 23: `_concerns` asked for several kinds, each a pass)."""

    def __init__(self, st: HellState):
        self.st, self._counts = st, None

    def count(self, player: str, *kinds: str) -> int:
        if self._counts is None:
            counts: dict[tuple, int] = {}
            for u in self.st.units:
                counts[u.owner, u.kind] = counts.get((u.owner, u.kind), 0) + 1
            self._counts = counts
        return sum(self._counts.get((player, k), 0) for k in kinds)


@functools.cache
def _rules() -> tuple:
    """What `_concerns` consults, imported on first use: an import inside `_concerns`
    itself cost some 20 us on each of its ~40 calls a sheet (issue 23: 0.8 ms a mail)."""
    from .cards import hand_limit
    from .data import load_data
    from .events import in_force
    from .hellcards.income import CRUSADE
    from .hellcards.turn_rules import LONG_PARLIAMENT
    from .orders.rerolls import CARDS as REROLL_CARDS

    return hand_limit, load_data, in_force, CRUSADE, LONG_PARLIAMENT, REROLL_CARDS


#: the keys whose default concerns a player who has Legions (of his own pieces)
_WITH_LEGIONS = {"GRANT PASSAGE", "FLEE", "FIGHT", "JOIN", "HITS", "COMBAT FLEE", "PETITION",
                 "ALLOW PETITIONS"}


def _concerns(st: HellState, player: str, keys: tuple[str, ...], ip: str,
              given: set[str], units: _Units | None = None) -> bool:
    """Whether the default for `keys` can decide something for the player's own pieces
    this stage, from what he holds and what is in play now. The rest stay in HELP.
    `units` counts the units once for all the keys of a sheet."""
    hand_limit, load_data, in_force, CRUSADE, LONG_PARLIAMENT, REROLL_CARDS = _rules()
    key = keys[0]
    if key in NOTHING_DONE:
        return False
    p = st.players[player]
    units = units or _Units(st)

    def legions() -> int:  # counted only for the keys that need it
        return units.count(player, "legion", "lieutenant", "hellhound")

    if key == "KEEP":
        return len(p.hand) + HAND_DRAW > hand_limit(st, load_data(), player)
    if key == "UNPAID":  # short of Souls for the upkeep (HG-7.2-06)
        return p.souls < units.count(player, "legion", "lieutenant")
    if key == "DESERTERS":  # another player short of Souls may offer deserters
        return any(q.souls < units.count(n, "legion", "lieutenant")
                   for n, q in st.players.items() if n != player)
    if key == "MACINA":  # a Macina in front of him (16.4)
        return any(m["owner"] == player for m in st.macinas.values())
    if key == "PRUFFLAS PICKS":
        return _owns(st, player, "daemon.prufflas")
    if key == "PAYMON GRANTS":
        return _owns(st, player, "daemon.paymon", "daemon.caim", "daemon.xaphan")
    if key == "BELPHEGOR REDRAWS":
        return _owns(st, player, "daemon.belphegor")
    if key == "ZAGAM TESTS STARS":
        return _owns(st, player, "daemon.zagam") or in_force(st, CRUSADE)
    if key == "REROLL WITH":
        return any(c in REROLL_CARDS for c in p.hand)
    if key == "PARLIAMENT SENDS":
        return in_force(st, LONG_PARLIAMENT)
    if key == "STEER LILITH":
        return "COURT LILITH" in given
    if key == "COMBAT MAGIC":
        data = load_data()
        return legions() > 0 and any(data.arcana[c].major.timing == "combat"
                                     for c in p.hand if c in data.arcana)
    if key == "COMBAT PAY":  # his own per-hit card (Blood Money is another's: HELP)
        return "arcana.the-thin-dead-line" in p.hand
    if key == "COMBAT ABILITY":
        return _owns(st, player, "daemon.andras", "daemon.baal", "daemon.moloch")
    if key == "FLIGHT PREFER" or key == "FLIGHT TAKE":
        return units.count(player, "lieutenant") > 0
    if key == "FLEE" and ip == "IP-24":  # a Hellhound nobody minds may rampage
        return legions() > 0 and units.count(None, "hellhound") > 0
    if key == "BUY OFF":
        return p.disfavours > 0
    if key in _WITH_LEGIONS:
        return legions() > 0
    return True  # KEEP-like standing choices every player meets (PLAY RIGHT AWAY, ACTION)


def _orders(keys: tuple[str, ...]) -> str:
    """The orders that override a default, as the player writes them."""
    return "Daemon lines" if keys == ("ACTION",) else " or ".join(keys)


#: stage -> [(keys, IP id, the line a confirmation shows)], the lines written once
_LINES = {stage: [(keys, ip, f"{ip} ({_orders(keys)}): {text}") for keys, ip, text in rows]
          for stage, rows in DECISIONS.items()}


def left_to_defaults(st: HellState, sheet: OrderSheet) -> list[str]:
    """The decisions this sheet leaves to their defaults that concern the player now
    (`_concerns`); every default is in HELP and docs/orders-hellgame.md."""
    given = {o["type"] for o in sheet.orders}
    stage = "setup" if st.turn == 0 else "turn"
    mine = sheet.player in st.players
    units = _Units(st)
    out = [line for keys, ip, line in _LINES[stage] if given.isdisjoint(keys)
           and (stage == "setup" or not mine
                or _concerns(st, sheet.player, keys, ip, given, units))]
    if stage == "turn" and st.variants.get("v1_avoid_combat") and "AVOID COMBAT" not in given:
        # only with the variant
        out.append("HG-V1-11.3.1-01 (AVOID COMBAT): agree to avoid no combat")
    if stage == "turn" and "ACTION" in given and sheet.player in st.players:
        # some Daemons have lines: name the ones left to the default (IP-18)
        ordered = {o["daemon"] for o in sheet.orders if o["type"] == "ACTION"}
        idle = [d for d in st.players[sheet.player].daemons
                if d in st.daemons and not st.daemons[d].incapacitated and d not in ordered]
        if idle:
            from .data import load_data

            names = ", ".join(load_data().daemons[d].name for d in idle)
            out.append(f"IP-18 (Daemon lines): {names}: Pass for Good when first up "
                       f"(after a Pass: an empty March)")
    return out
