"""Every kind of Action (HG-9.2-01) with its grammar, its effect and where it may be
taken. PASS has no `run`: the queue plays it (queue.py). Any other kind registered
without `run` is refused when this module is imported (kinds.register)."""

from __future__ import annotations

from . import diplomacy, magic, march, simple
from .kinds import EARTH, HELL, register

register("PASS FOR GOOD", parse=simple.parse_pass_for_good, run=simple.run_pass_for_good,
         rule="HG-9.3-01", example="Baal: PASS FOR GOOD",
         doc="the Daemon does nothing this turn; only when it first comes up, never after a "
             "Pass")
register("PASS", parse=simple.parse_pass, run=None,  # the queue plays it (queue.py)
         known=simple.known_pass, rule="HG-9.4-01",
         example="Baal: PASS BEHIND Caim IF Caim HAS NOT ACTED",
         doc="play the cheapest Pass card that moves the Daemon behind Caim (PASS 2: past at "
             "least 2 Daemons; PASS WITH <card>: that card) and pay its Souls; asked again "
             "each time the Daemon comes up")
register("WALK THE EARTH", parse=simple.parse_walk, run=simple.run_walk, place=HELL,
         known=simple.known_walk, rule="HG-9.6-01",
         example="Baal: WALK THE EARTH WITH Blood for Lilith",
         doc="play a Walk-the-Earth Minor Arcana (the cheapest, or the one named) and pay its "
             "Souls; the Daemon is on Earth")
register("LEAVE THE EARTH", parse=simple.parse_leave, run=simple.run_leave, place=EARTH,
         rule="HG-9.6.1-01", example="Baal: LEAVE THE EARTH",
         doc="no card, no cost: the Walk card is discarded and the Daemon is back in Hell")
register("ATONE", parse=simple.parse_atone, run=simple.run_atone, place=HELL,
         rule="HG-9.7.2-01", example="Baal: ATONE",
         doc="Atonement and Supplication: 2 dice on the table for the Daemon's Hearts")
register("EVIL DEEDS", parse=simple.parse_evil, run=simple.run_evil, place=EARTH,
         rule="HG-9.7.4-01", example="Baal: EVIL DEEDS",
         doc="Do Evil Deeds (on Earth): one die per Heart, 1 Favour for each 6")

register("INFLUENCE", parse=diplomacy.parse_influence, run=diplomacy.run_influence, place=HELL,
         rule="HG-9.7.1-01",
         example="Gomory: INFLUENCE LIEUTENANT Sulla AT Sugar Hill DEFECT TO ME BRIBE 1,1 PAY "
                 "FAVOUR",
         doc="Influence Units: disband another Triumvirate's Unit, or win it over, by Rolls "
             "against Hearts; bribes of Souls help")
register("CONSPIRE", parse=diplomacy.parse_conspire, run=diplomacy.run_conspire, place=EARTH,
         rule="HG-9.7.3-01", example="Ukobach: CONSPIRE REPLACE Red Peril",
         doc="on Earth: draw 2 x Stars Hell cards and put one Permanent card in play")
register("MARCH", parse=march.parse_march, run=march.run_march, place=HELL, rule="HG-9.5-01",
         example="Balban: MARCH 1 LEGION Spies > Miracle Workers > Falsifiers",
         doc="move up to 1 Unit per Skull: Legions 2 steps, Lieutenants 3 with the Legions "
             "they carry")

# Cast Magic does its own locale logic (magic.py: HG-9.8.1-02/03), hence place None.
register("CAST", parse=magic.parse_cast, run=magic.run_cast, known=magic.known_cast,
         rule="HG-9.8-01",
         example="Balban: CAST Incubus ON Ashtaroth",
         doc="play a Major Arcana marked Action from the hand, pay its costs; other players "
             "may answer with Counters (COUNTER orders)")
register("SUPPORT", parse=magic.parse_support, run=magic.run_support, rule="HG-9.8.3-01",
         example="Asmodeus: SUPPORT Ereshkigal Love for Lilith",
         doc="a Supporting Action: before the caster acts, in its place, add this Daemon's "
             "Hearts, Skulls or Stars to the card's requirement")

# ABILITY, each Daemon's own ability taken as an Action, is registered last, by
# action/abilities.py (the abilities are card-layer code: no phase imports them).
