"""The Diplomacy Action Conspire (9.7.3) and its optional variant Rigging Events (9.7.3.1).

A Daemon Walking the Earth draws 2 x Stars Hell cards and may use one drawn Permanent
card to fill or replace the box of its area (Heaven, Earth or Hell); its effects are
resolved at once. Non-permanent Events can never be placed; every unused card is
discarded to the bottom of the Hell deck (HG-9.7.3-01..04, HG-3.3-02). The order
(IP-27) is a ranked wish-list and a never-list; by default no card is used::

    CONSPIRE [<wish>[, <wish>...]] [NEVER <card>[, <card>...]]

    wish   <card>          that Permanent card
           REPLACE <card>  any drawn card for that card's box, while that card is in it
           ANY <area>      any drawn card for the HEAVEN, EARTH or HELL box
           EMPTY           any drawn card for a box that is empty
           ANY             any drawn Permanent card

    CONSPIRE REPLACE Red Peril
    CONSPIRE Tempers, ANY EARTH NEVER Lilith - Seer

Wishes are tried in order; each takes the first drawn card (in draw order) it fits
that is not on the never-list.

With the game variant `rigging_events` (HG-9.7.3.1-01, IP-28) a conspirer may instead
rig the next Event: draw as many cards as the Daemon has Stars, put one face down on
top of the Hell deck, discard the rest. The ranked list names the card to keep; without
a fitting one a die picks among the drawn cards not on the never-list::

    CONSPIRE RIG [<card>[, <card>...]] [NEVER <card>[, <card>...]]

Which cards were drawn, and which one was put on top, only the conspirer is told.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from .. import effects, hooks
from ..errors import OrderError
from ..favours import attribute
from ..log import count
from ..names import match, normalise

RULE = "HG-9.7.3-01"
RIG_RULE = "HG-9.7.3.1-01"
VARIANT = "rigging_events"
AREAS = ("heaven", "earth", "hell")
ANY, EMPTY, REPLACE = "any", "empty", "replace:"


# -- the order ---------------------------------------------------------------------------

def parse_conspire(text: str, ctx) -> tuple[str, dict]:
    """`text` follows CONSPIRE; see the module docstring for the grammar."""
    text = " ".join(text.split())
    rig = bool(re.match(r"^RIG\b", text, re.I))
    if rig:
        text = text[3:].strip()
        if not ctx.state.variants.get(VARIANT):
            raise OrderError(ILLEGAL, "this game does not use the optional rule Rigging "
                             "Events", RIG_RULE, "write CONSPIRE without RIG")
    parts = re.split(r"(?:^|\s)NEVER(?:\s+|$)", text, flags=re.I)
    if len(parts) > 2:
        raise OrderError(INVALID, "NEVER is given twice", RULE, "write one NEVER list")
    if len(parts) == 2 and not _items(parts[1]):
        raise OrderError(INVALID, "NEVER needs at least one card", RULE,
                         "e.g. CONSPIRE ANY NEVER Red Peril")
    wishes = _unique(_wish(w, ctx, rig) for w in _items(parts[0]))
    never = _unique(_card(w, ctx) for w in _items(parts[1] if len(parts) == 2 else ""))
    order = {"rig": rig, "wishes": wishes, "never": never}
    return _canonical(order, ctx), order


def _items(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def _unique(items) -> list[str]:
    out: list[str] = []
    for i in items:
        if i not in out:
            out.append(i)
    return out


def _card(text: str, ctx) -> str:
    names = {cid: [c.name] for cid, c in sorted(ctx.data.hell_cards.items())}
    return match(text, names, "Hell card", RULE)


def _permanent(text: str, ctx) -> str:
    card = _card(text, ctx)
    if ctx.data.hell_cards[card].event.permanent is None:
        raise OrderError(ILLEGAL, f"{ctx.data.hell_cards[card].name} is not a Permanent "
                         "Event: Conspire can never place it", "HG-9.7.3-04",
                         "name a Permanent card, or use RIG if the game has Rigging Events")
    return card


def _wish(text: str, ctx, rig: bool) -> str:
    if rig:
        return _card(text, ctx)
    word = normalise(text)
    if word == "any":
        return ANY
    if word in ("empty", "empty box"):
        return EMPTY
    if word.startswith("any "):
        area = word[4:].removesuffix(" box")
        if area not in AREAS:
            raise OrderError(INVALID, f"{text!r}: ANY is followed by HEAVEN, EARTH or HELL",
                             "HG-9.7.3-02", "e.g. ANY HELL")
        return f"{ANY}:{area}"
    if word.startswith("replace "):
        return REPLACE + _permanent(word[len("replace "):], ctx)
    return _permanent(text, ctx)


def _canonical(order: dict, ctx) -> str:
    words = ["CONSPIRE"] + (["RIG"] if order["rig"] else [])
    if order["wishes"]:
        words.append(", ".join(_wish_name(w, ctx.data) for w in order["wishes"]))
    if order["never"]:
        words.append("NEVER " + ", ".join(ctx.data.hell_cards[c].name for c in order["never"]))
    return " ".join(words)


def _wish_name(wish: str, data) -> str:
    if wish == ANY:
        return "ANY"
    if wish == EMPTY:
        return "EMPTY"
    if wish.startswith(ANY + ":"):
        return "ANY " + wish.split(":", 1)[1].upper()
    if wish.startswith(REPLACE):
        return "REPLACE " + data.hell_cards[wish[len(REPLACE):]].name
    return data.hell_cards[wish].name


# -- carrying it out ---------------------------------------------------------------------

def run_conspire(actx, order: dict) -> str | None:
    st = actx.st
    if order["rig"] and not st.variants.get(VARIANT):
        return "this game does not use the optional rule Rigging Events (HG-9.7.3.1-01)"
    if not st.hell_deck:
        return "the Hell deck is empty, so there is nothing to draw (HG-3.3-02)"
    if order["rig"]:
        _rig(actx, order)
    else:
        _conspire(actx, order)
    return None


def _draw(actx, n: int, rule: str, what: str) -> list[str]:
    st, data = actx.st, actx.data
    drawn = st.hell_deck[:n]
    del st.hell_deck[:len(drawn)]
    daemon = data.daemons[actx.daemon]
    actx.log.public("conspire", f"{daemon.name} ({actx.player}) conspires{what} and draws "
                    f"{count(len(drawn), 'Hell card')} ({count(daemon.stars, 'Star')}).",
                    rule, player=actx.player, daemon=actx.daemon, count=len(drawn))
    actx.log.private(actx.player, "conspire-cards", "You drew: "
                     + ", ".join(data.hell_cards[c].name for c in drawn) + ".", rule,
                     cards=drawn)
    return drawn


def _conspire(actx, order: dict) -> None:
    """HG-9.7.3-01..04."""
    st, data, log = actx.st, actx.data, actx.log
    drawn = _draw(actx, 2 * attribute(data, actx.daemon, "stars", actx.st), RULE, "")
    card = choose(drawn, order, st.permanent, data)
    unused = [c for c in drawn if c != card]
    if card is None:
        st.hell_deck.extend(unused)
        log.public("conspire-none", f"{actx.player} uses none of them; they go to the bottom "
                   "of the Hell deck.", "HG-9.7.3-03", player=actx.player)
        return
    area = data.hell_cards[card].event.permanent
    old = st.permanent.get(area)
    st.permanent[area] = card
    if old:  # HG-6.1.1-01: the card it replaces is discarded
        st.hell_deck.append(old)
    st.hell_deck.extend(unused)
    text = f"{actx.player} places {data.hell_cards[card].name} in the Permanent " \
        f"{area.capitalize()} box"
    text += f", replacing {data.hell_cards[old].name}" if old else ""
    text += f", and discards the other {count(len(unused), 'card')}." if unused else "."
    log.public("conspire-place", text, "HG-9.7.3-02", player=actx.player, card=card,
               area=area, replaced=old)
    if old:  # a replaced Uriel/Lilith card takes its figure (events.py)
        hooks.fire("permanent-leaves-play", st, data, log, old)
    resolve_permanent(actx, card, "HG-9.7.3-02")


def choose(drawn: list[str], order: dict, permanent: dict, data) -> str | None:
    """The drawn card the wish-list picks (IP-27), or None: only Permanent cards
    (HG-9.7.3-04), never one on the never-list, at most one (HG-9.7.3-02), never one a
    card in force bars (hook point "conspire-barred": while Spiritual Revival is in play
    no Permanent Earth card may stay in play, so none is chosen)."""
    usable = [c for c in drawn if data.hell_cards[c].event.permanent
              and c not in order["never"]
              and not hooks.first("conspire-barred", data, permanent, c)]
    for wish in order["wishes"]:
        for c in usable:
            area = data.hell_cards[c].event.permanent
            if wish == c or wish == ANY or wish == f"{ANY}:{area}" or (
                    wish == EMPTY and not permanent.get(area)) or (
                    wish.startswith(REPLACE) and permanent.get(area) == wish[len(REPLACE):]):
                return c
    return None


def resolve_permanent(actx, card: str, rule: str) -> None:
    """A Permanent card's effects, resolved at once. An effect is registered in
    effects.HELL_CARDS as `fn(st, sheets, dice, data, log)` (a phase's signature); every
    Hell card has one, or the game does not load (effects.check)."""
    effects.effect_of(effects.HELL_CARDS, card)(actx.st, actx.sheets, actx.dice, actx.data,
                                                actx.log)


def _rig(actx, order: dict) -> None:
    """HG-9.7.3.1-01, IP-28: one card face down on top of the deck, the rest discarded."""
    st, data, log = actx.st, actx.data, actx.log
    drawn = _draw(actx, attribute(data, actx.daemon, "stars", actx.st), RIG_RULE,
                  " to rig the Events")
    wanted = [w for w in order["wishes"] if w in drawn and w not in order["never"]]
    how = "by your list"
    if wanted:
        card = wanted[0]
    else:
        pool = [c for c in drawn if c not in order["never"]] or drawn
        card = actx.dice.pick(pool, "HG-9.7.3.1-01 which Hell card goes on top", actx.player)
        how = "picked by a die" if len(pool) > 1 else "the only one"
    unused = [c for c in drawn if c != card]
    st.hell_deck.extend(unused)
    st.hell_deck.insert(0, card)
    log.public("conspire-rig", f"{actx.player} puts one of them face down on top of the Hell "
               f"deck and discards the other {count(len(unused), 'card')}.", RIG_RULE,
               player=actx.player, count=len(unused))
    log.private(actx.player, "conspire-rig-card", f"You put {data.hell_cards[card].name} on "
                f"top of the Hell deck ({how}).", RIG_RULE, card=card)
