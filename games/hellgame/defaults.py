"""Every decision a sheet can leave out, and the documented default it then gets.

The confirmation reply lists the decisions left to defaults (DESIGN.md §5); the
defaults themselves are applied by the phase that needs the decision (IP ids from
rules-checklist §3).
"""

from __future__ import annotations

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
                             "where you have Legions, bringing no cards"),
        (("COMBAT MAGIC",), "IP-39", "the other side plays Combat cards first"),
        (("COMBAT CAST",), "IP-40", "play no Combat cards"),
        (("HITS",), "IP-41", "hits on hounds first if your Daemon has under 4 Skulls, then "
                             "Legions, Minders, Lieutenants"),
        (("COMBAT FLEE",), "IP-43", "fight on (a Lieutenant left alone always flees)"),
        (("COMBAT ABILITY",), "IP-45", "a joined Daemon's combat ability is used at the first "
                                       "legal moment: Andras before round 1, Baal and "
                                       "Moloch in round 1"),
        (("AFTER JOINT WIN",), "IP-44", "after a joint win, stop: former allies share it"),
        (("PETITION",), "IP-47", "Victor's Right claimed wherever you won a combat; "
                                 "no petitions by Favour"),
        (("ALLOW PETITIONS",), "IP-48", "refuse: your Units block other players' "
                                        "petitions"),
        (("BUY OFF", "KEEP FAVOURS"), "IP-49", "buy off as many Disfavours as you can"),
    ],
}


def left_to_defaults(st: HellState, sheet: OrderSheet) -> list[str]:
    given = {o["type"] for o in sheet.orders}
    stage = "setup" if st.turn == 0 else "turn"
    out = [f"{ip}: {text}" for keys, ip, text in DECISIONS[stage]
           if not any(k in given for k in keys)]
    if stage == "turn" and st.variants.get("v1_avoid_combat") and "AVOID COMBAT" not in given:
        out.append("HG-V1-11.3.1-01: agree to avoid no combat")  # only with the variant
    if stage == "turn" and "ACTION" in given and sheet.player in st.players:
        # some Daemons have lines: name the ones left to the default (IP-18)
        ordered = {o["daemon"] for o in sheet.orders if o["type"] == "ACTION"}
        idle = [d for d in st.players[sheet.player].daemons
                if d in st.daemons and not st.daemons[d].incapacitated and d not in ordered]
        if idle:
            from .data import load_data

            names = ", ".join(load_data().daemons[d].name for d in idle)
            out.append(f"IP-18: {names}: Pass for Good when first up (after a Pass: an "
                       f"empty March)")
    return out
