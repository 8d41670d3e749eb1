"""The COMBAT DEAL order (LH-IV.2.4-01, LH-I.1.1-09): combat transfers between armies that
end a fight at the same place, agreed by their owners. The grammar is DEAL's (deal.py),
limited to GIVES clauses of what an army carries: tabled hordes and artifacts, Souls and
prisoners.

    COMBAT DEAL asmodeus GIVES Prisoner glasya TO belial
    COMBAT DEAL anna GIVES 2 Souls, Fiends TO boris; boris GIVES Wand of Might TO anna

No hand cards, Oaths, realms (OCCUPY and SWAP REALM do that), surrenders, promises or
releases. Whether the giver holds the items is checked only when the transfer is made,
after this round's fights and captures (a prisoner taken this round can be passed on);
combat/aftermath.py executes it, all of it or nothing.
"""

from __future__ import annotations

from pbem.engine import ILLEGAL, INVALID
from pbem.lines import OrderError

from .. import items as it
from . import deal as grammar
from . import order
from .tradeterms import parse_items, party

RULE = "LH-IV.2.4-01"
HINT = "a combat transfer passes tabled hordes, artifacts, Souls and prisoners only"


@order("COMBAT DEAL", phases=("combat",), rule=RULE,
       example="COMBAT DEAL asmodeus GIVES Prisoner glasya TO belial",
       doc="Combat transfers: armies that end a fight at the same place pass tabled hordes, "
           "Souls, prisoners and artifacts (only between Devils present there); made only "
           "when every party's sheet has the same terms, all of it or nothing")
def parse_combat_deal(rest: str, ctx) -> tuple[str, dict]:
    clauses = grammar.split_clauses(rest)
    if not clauses:
        raise OrderError(INVALID, "COMBAT DEAL needs its terms", RULE,
                         "e.g. COMBAT DEAL asmodeus GIVES Prisoner glasya TO belial")
    gives: dict[tuple[str, str], list[dict]] = {}
    for clause in clauses:
        verb = grammar._VERB.search(clause.split('"', 1)[0])
        if verb and not verb.group(1).lower().startswith("give"):
            raise OrderError(ILLEGAL, f"{clause!r}: a combat transfer has no promises or "
                             "releases", RULE, "promise in a DEAL line instead")
        m = grammar.match_gives(clause)
        if not m:
            raise OrderError(INVALID, f"{clause!r} is not '<party> GIVES <items> TO <party>'",
                             RULE, "separate the clauses with ';'")
        giver, receiver = party(m.group(1), ctx, RULE), party(m.group(3), ctx, RULE)
        if giver == receiver:
            raise OrderError(INVALID, f"{clause!r}: {giver} cannot give to himself", RULE,
                             "name another party")
        for item in parse_items(m.group(2), ctx, RULE):
            _allowed(item, giver, receiver, ctx)
            grammar._add(gives.setdefault((giver, receiver), []), item, clause)
    terms = grammar._terms(gives, [], ctx)
    if ctx.player not in terms["parties"]:
        raise OrderError(ILLEGAL, "you are not a party to this transfer", RULE,
                         "write only transfers you give or receive something in")
    return "COMBAT DEAL " + terms["text"], {k: terms[k] for k in ("parties", "clauses", "key")}


def _allowed(item: dict, giver: str, receiver: str, ctx) -> None:
    kind = item["kind"]
    if kind == "card" and ctx.data.cards[item["card"]].kind not in it.TABLE_KINDS:
        raise OrderError(ILLEGAL, f"{it.text(item, ctx.data)} is a "
                         f"{ctx.data.cards[item['card']].kind} card from hand: {HINT}", RULE,
                         "trade hand cards with DEAL")
    if kind == "oath":
        raise OrderError(ILLEGAL, f"{it.text(item, ctx.data)}: Oaths are hand cards; {HINT}",
                         RULE, "trade Oaths with DEAL")
    if kind == "realm":
        raise OrderError(ILLEGAL, f"Realm: {HINT}", "LH-IV.2.4-02",
                         "to change home realms write OCCUPY or SWAP REALM")
    if kind == "surrender":
        raise OrderError(ILLEGAL, f"Surrender: {HINT}", "LH-I.1.1-12",
                         "surrender with DEAL <you> GIVES Surrender TO <devil>")
    if kind == "prisoner" and item["name"] in (giver, receiver):
        raise OrderError(ILLEGAL, f"{item['name']} cannot be passed by or to himself",
                         "LH-I.1.1-09", "only the captor passes a prisoner, to another army")
