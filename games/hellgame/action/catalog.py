"""Every kind of Action (HG-9.2-01) with its grammar, its effect and where it may be
taken. A kind whose effect is not implemented yet has run=None: its orders are checked
and accepted, and in play the Daemon is said to have an unimplemented Action and falls
back to its next alternative (never silently)."""

from __future__ import annotations

from . import simple
from .kinds import EARTH, HELL, register

register("PASS FOR GOOD", parse=simple.parse_pass_for_good, run=simple.run_pass_for_good,
         rule="HG-9.3-01", example="Baal: PASS FOR GOOD",
         doc="the Daemon does nothing this turn; only when it first comes up, never after a "
             "Pass")
register("PASS", parse=simple.parse_pass, run=None,  # the queue plays it (queue.py)
         rule="HG-9.4-01", example="Baal: PASS BEHIND Caim IF Caim HAS NOT ACTED",
         doc="play the cheapest Pass card that moves the Daemon behind Caim (PASS 2: past at "
             "least 2 Daemons; PASS WITH <card>: that card) and pay its Souls; asked again "
             "each time the Daemon comes up")
register("WALK THE EARTH", parse=simple.parse_walk, run=simple.run_walk, place=HELL,
         rule="HG-9.6-01", example="Baal: WALK THE EARTH WITH Blood for Lilith",
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


def _later(keyword: str):
    """Parse for a kind whose grammar comes with its effect: keeps the text as written."""

    def parse(text: str, ctx) -> tuple[str, dict]:
        words = " ".join(text.split())
        return f"{keyword} {words}".strip(), {"text": words}

    return parse


for _kw, _rule, _place, _ex in (
        ("MARCH", "HG-9.5-01", HELL, "Baal: MARCH ..."),
        ("INFLUENCE", "HG-9.7.1-01", HELL, "Baal: INFLUENCE ..."),
        ("CONSPIRE", "HG-9.7.3-01", EARTH, "Baal: CONSPIRE ..."),
        ("CAST", "HG-9.8-01", None, "Baal: CAST ..."),
        ("SUPPORT", "HG-9.8.3-01", None, "Baal: SUPPORT ...")):
    register(_kw, parse=_later(_kw), run=None, place=_place, rule=_rule, example=_ex,
             doc="not yet implemented: accepted, and in play the Daemon takes its next "
                 "alternative")
