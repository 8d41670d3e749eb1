"""Standing REROLL WITH orders: when to play the re-roll Arcana, Try Again and Re-roll
(IP-33: an ability or card that needs a choice is not used without an order).

    REROLL WITH Try Again FIRST FAILED ATONEMENT, EVIL DEEDS
    REROLL WITH Re-roll FIRST FAILED COMBAT SAVES, ANTEHELL

    REROLL WITH <Try Again | Re-roll> FIRST FAILED <kind>[, <kind>...]

Kinds: ATONEMENT, EVIL DEEDS, ANTEHELL, INFLUENCE (Action Phase), FLIGHT (a fleeing
stack's Compass dice: Action Phase for both cards, Combat Phase for Re-roll only),
COMBAT SAVES (Combat Phase, Re-roll only: Try Again is an Action card), or ANY of them.
When a roll of a listed kind fails and the card is in your hand, it is played
(action/reroll_cards.py). Lines are tried in sheet order while the roll still fails;
Caim's re-roll (CAIM REROLLS) comes first, as it costs nothing. Default: the cards are not used.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..errors import OrderError
from ..names import normalise
from . import TURN, Ctx, order
from .common import card_id
from .keywords import ANY, REROLL_KINDS

REROLL_WITH = "REROLL WITH"
RULE = "IP-33"
TRY_AGAIN, RE_ROLL = "arcana.try-again", "arcana.re-roll"
CARDS = (TRY_AGAIN, RE_ROLL)
COMBAT_SAVES = "combat saves"
#: word on the sheet -> kind of roll (the Action Phase kinds are Caim's, abilities.py)
KINDS = {**REROLL_KINDS, "combat saves": COMBAT_SAVES, "combat save": COMBAT_SAVES,
         "saves": COMBAT_SAVES}
_KIND_WORDS = "ATONEMENT, EVIL DEEDS, ANTEHELL, INFLUENCE, FLIGHT, COMBAT SAVES or ANY"
_HINT = "write REROLL WITH <Try Again or Re-roll> FIRST FAILED <kind>[, <kind>...]"
_LINE = re.compile(r"^(?P<card>.+?)\s+FIRST\s+FAILED\b\s*(?P<kinds>.*)$", re.I)


@order(REROLL_WITH, stages=(TURN,), rule=RULE,
       example="REROLL WITH Re-roll FIRST FAILED COMBAT SAVES, ATONEMENT",
       doc="Play Try Again or Re-roll (arcana) when a die of yours fails in a roll of these "
           "kinds (ATONEMENT, EVIL DEEDS, ANTEHELL, INFLUENCE, FLIGHT, COMBAT SAVES "
           "(Re-roll only), or ANY); lines tried in sheet order, after Caim's re-roll")
def parse_reroll_with(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _LINE.match(rest.strip())
    if not m:
        what = f"REROLL WITH {rest.strip()!r} is not understood" if rest.strip() else \
            "REROLL WITH needs a card and the kinds of roll"
        raise OrderError(INVALID, what, RULE, _HINT)
    cid = card_id(m["card"], ctx.data, RULE)
    name = ctx.data.arcana[cid].name
    if cid not in CARDS:
        raise OrderError(ILLEGAL, f"{name} is not a re-roll card: REROLL WITH plays Try "
                         "Again or Re-roll", RULE, _HINT)
    kinds = _kinds(m["kinds"], cid, name)
    return reroll_with_text(cid, kinds, ctx.data), {"card": cid, "kinds": kinds}


def _kinds(text: str, cid: str, name: str) -> list[str]:
    kinds: list[str] = []
    for part in (p for p in re.split(r"\s*,\s*|\s+OR\s+|\s+AND\s+", text, flags=re.I)
                 if p.strip()):
        word = normalise(part)
        kind = ANY if word == ANY else KINDS.get(word)
        if kind is None:
            raise OrderError(INVALID, f"{part.strip()!r} is not a kind of roll {name} "
                             "re-rolls", RULE, f"write {_KIND_WORDS}")
        if kind == COMBAT_SAVES and cid == TRY_AGAIN:
            raise OrderError(ILLEGAL, "Try Again is an Action card (003: 'Action'): it "
                             "re-rolls dice of the Action Phase, not combat saves", RULE,
                             "use Re-roll for COMBAT SAVES")
        if kind not in kinds:
            kinds.append(kind)
    if not kinds:
        raise OrderError(INVALID, f"REROLL WITH {name} needs the kinds of roll", RULE,
                         f"write REROLL WITH {name} FIRST FAILED <kind>, ...: {_KIND_WORDS}")
    return [ANY] if ANY in kinds else kinds


def reroll_with_text(cid: str, kinds: list[str], data) -> str:
    return f"{REROLL_WITH} {data.arcana[cid].name} FIRST FAILED " + \
        ", ".join(k.upper() for k in kinds)
