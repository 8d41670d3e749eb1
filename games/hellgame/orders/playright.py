"""Standing orders for the choices Play Right Away cards ask for (HG-6.3.1-01; the cards
are in playright.py). One line per card, read when the card needs the choice:

    PLAY RIGHT AWAY Lost Lore: WITH beast, void
    PLAY RIGHT AWAY Court Duty: GAIN FAVOUR
    PLAY RIGHT AWAY Court Duty: LOSE DISFAVOUR
    PLAY RIGHT AWAY Stigmata: PASS TO Baal, Moloch
    PLAY RIGHT AWAY Stigmata: KEEP
    PLAY RIGHT AWAY Prove to Me That You Are Real...: GET RID
    PLAY RIGHT AWAY Prove to Me That You Are Real...: KEEP

Defaults without a line: Lost Lore swaps with another Triumvirate at random (IP-04);
Court Duty loses a Disfavour if there is one, else gains a Favour; Stigmata passes to
another Triumvirate's Daemon at random (IP-51); Prove to Me... is kept.
"""

from __future__ import annotations

from pbem.engine import ILLEGAL, INVALID

from ..errors import OrderError
from ..names import match, normalise
from . import TURN, Ctx, order
from .common import daemon_names, listed, player_name

KEYWORD = "PLAY RIGHT AWAY"
RULE = "HG-6.3.1-01"
EXAMPLE = "PLAY RIGHT AWAY Lost Lore WITH beast"
#: The first word of every choice: the card's name ends before it.
LEADS = ("WITH", "GAIN", "LOSE", "PASS", "KEEP", "GET")
#: card id -> {normalised choice words: order fields}; LISTS: the choices followed by a
#: list of names.
FIXED = {
    "arcana.court-duty": {"gain favour": {"choice": "gain"},
                          "lose disfavour": {"choice": "lose"}},
    "arcana.prove-to-me-that-you-are-real": {"get rid": {"choice": "rid"},
                                             "keep": {"choice": "keep"}},
    "arcana.stigmata": {"keep": {"choice": "keep", "to": []}},
}
LISTS = {"arcana.lost-lore": "WITH", "arcana.stigmata": "PASS TO"}
CHOICES = {
    "arcana.lost-lore": "WITH <player>, ...",
    "arcana.court-duty": "GAIN FAVOUR or LOSE DISFAVOUR",
    "arcana.stigmata": "PASS TO <Daemon>, ... or KEEP",
    "arcana.prove-to-me-that-you-are-real": "GET RID or KEEP",
}


@order(KEYWORD, stages=(TURN,), rule=RULE, example=EXAMPLE,
       doc="Choices of the Play Right Away cards, used when the card needs them: Lost "
           "Lore WITH <players>; Court Duty GAIN FAVOUR / LOSE DISFAVOUR; Stigmata PASS "
           "TO <Daemons> / KEEP; Prove to Me That You Are Real... GET RID / KEEP")
def parse_play_right_away(rest: str, ctx: Ctx) -> tuple[str, dict]:
    words = rest.split()
    cut = next((i for i in range(1, len(words)) if words[i].upper() in LEADS), None)
    if cut is None:
        raise OrderError(INVALID, f"{rest.strip()!r} names no choice", RULE,
                         f"write {KEYWORD} <card> <choice>, e.g. {EXAMPLE}")
    cards = {c: [ctx.data.arcana[c].name] for c in sorted(CHOICES)}
    card = match(" ".join(words[:cut]), cards, "Play Right Away card with a choice", RULE)
    title = ctx.data.arcana[card].name
    head = f"{KEYWORD} {title} "
    what = " ".join(words[cut:])
    key = normalise(what)
    if key in FIXED.get(card, {}):
        return head + key.upper(), {"card": card, **FIXED[card][key]}
    lead = LISTS.get(card)
    if lead and key.startswith(normalise(lead) + " "):
        items = listed(what[len(lead):], f"{title} {lead}", "names", RULE,
                       f"{head}{CHOICES[card]}")
        if card == "arcana.lost-lore":
            who = list(dict.fromkeys(player_name(x, ctx, "IP-04") for x in items))
            return head + "WITH " + ", ".join(who), {"card": card, "with": who}
        names = daemon_names(ctx.data, sorted(ctx.data.daemons))
        to = list(dict.fromkeys(match(x, names, "Daemon", "IP-51") for x in items))
        return (head + "PASS TO " + ", ".join(ctx.data.daemons[d].name for d in to),
                {"card": card, "choice": "pass", "to": to})
    raise OrderError(ILLEGAL, f"{what!r} is not a choice of {title}", RULE,
                     f"write {head}{CHOICES[card]}")
