"""The words of the Daemon abilities' standing orders (IP-33; abilities.py reads them):
their keywords and the kinds of roll Caim's re-roll may take.

The phases that act on those orders (action/queue.py, action/reroll.py,
action/reroll_cards.py, action/abilities.py) and the parsers (abilities.py, rerolls.py)
both need them; here, with no imports, neither side imports the other for them.
"""

PAYMON_GRANTS = "PAYMON GRANTS"
CAIM_REROLLS = "CAIM REROLLS"
BELPHEGOR_REDRAWS = "BELPHEGOR REDRAWS"
XAPHAN_CHOOSES = "XAPHAN CHOOSES"

#: Rolls with Caim's hook (action/reroll.py): word on the sheet -> kind. FLIGHT: the
#: Compass dice of a fleeing stack (action/flight.py), in any phase it flees.
REROLL_KINDS = {"atonement": "atonement", "evil deeds": "evil deeds",
                "antehell": "antehell", "leaving antehell": "antehell",
                "influence": "influence", "flight": "flight", "flee": "flight"}
ANY = "any"
#: The Combat Phase's dice with Caim's re-roll ("one die rolled by her Triumvirate",
#: ability.caim): a failed save (combat/saves.py) and the hit dice (combat/fight.py
#: `attack`), through the same hook point "roll-failed" (action/reroll.py).
COMBAT_SAVES, ATTACKS = "combat saves", "attacks"
CAIM_KINDS = {**REROLL_KINDS, "combat saves": COMBAT_SAVES, "combat save": COMBAT_SAVES,
              "saves": COMBAT_SAVES, "attacks": ATTACKS, "attack": ATTACKS,
              "hit dice": ATTACKS, "combat attacks": ATTACKS}
