"""Broken promises (LH-II.3-02, LH-II.3-03; LH-II.3.1-02/03/04/05/07): what the program
can see, reported to the parties and to the moderator; the moderator decides.

A promise is recorded (deals.py, `st.promises`), not enforced: whether a promise was
broken *deliberately* (LH-II.3-02) and whether its promiser was *able* to keep it
(LH-II.3-03) is the moderator's call. The program records what it sees in
`st.breaches` ([{"id": "b1", "by", "parties", "promise", "turn", "text", "rule",
"status": "open" | "penalised" | "dismissed"}]; absent until the first) and tells the
parties (a private event) and the moderator (pbem.eventlog `log.moderator`, mailed by
the framework with the commands to answer):

- NAP (LH-II.3.1-03): the promiser's army declares an attack (its own ATTACK line,
  not a strike back, not Leviathan's forced attack: LH-II.3.1-07) on the protected
  Devil's army, which had not attacked it in that fight (defence, LH-II.3.1-09); or
  pursues it (LH-II.3.1-07).
- NAH (LH-II.3.1-02): the same attack while the protected army defends its home realm
  (it has not moved).
- NAP or NAH with Leviathan (LH-II.3.1-07): the promiser's army with Leviathan targets
  the protected Devil (for NAH: one that stays home), since Leviathan attacks all it
  meets.
- ATTACK (LH-II.3.1-04): at the end of the combat phase of the promise's last turn, the
  promiser's army never fought the named Devil's army (`kept` is set on the promise
  when it does). Not flagged when the promise was made after that combat phase.
- OBJECT (LH-II.3.1-05): at a gathering, the promiser was in Hell, the named Devil was
  a candidate (proclaim markers) and the promiser's sheet did not object to him; or the
  promiser is on Earth with a promise made before the Earth trips of the turn. Capture
  excuses it (a prisoner, in Heaven or knocked out is not flagged).
- No Targeting (LH-II.3.1-06): a finished ritual hits a Devil the caster promised not to
  target (cards/rituals.py).
- An IF OVERLORD deal the giver could not keep in full (deals.fall_due).
VOTE promises are corrected, not broken (LH-III.4.5-04); free-text promises are not read.
The same promise is flagged once a turn.

The moderator answers with `pbem game decide GAME penalty b1` (the penalty of LH-II.3-02:
every resource card and Oath of the promiser, shared out evenly among the other players,
the rest dealt at random, digest G25) or `pbem game decide GAME dismiss b1`; the game's
`moderate` calls `decide` here on the open stage's state.
"""

from __future__ import annotations

from . import homes
from .deck import card_name
from .souls import devil_name
from .state import ABSENT, LohState, order_from_starter

PENALTY = "LH-II.3-02"


def _in_force(st: LohState, pr: dict) -> bool:
    until = pr.get("until")
    return not isinstance(until, int) or st.turn <= until


def promise(st: LohState, by: str, to: str, kinds: tuple[str, ...]) -> dict | None:
    """The first promise in force from `by` to `to` of one of `kinds`."""
    return next((pr for pr in st.promises if pr.get("from") == by and to in pr.get("to", [])
                 and pr.get("kind") in kinds and _in_force(st, pr)), None)


def record(st: LohState, log, by: str, parties, ref: str, seen: str, rule: str) -> dict | None:
    """Record a possible broken promise and tell the parties and the moderator; None when
    the same promise was flagged this turn already."""
    if st.breaches is ABSENT:
        st.breaches = []
    if any(b["promise"] == ref and b["turn"] == st.turn for b in st.breaches):
        return None
    bid = f"b{len(st.breaches) + 1}"
    who = sorted({by, *parties}, key=st.seats.index)
    rec = {"id": bid, "by": by, "parties": who, "promise": ref, "turn": st.turn,
           "text": seen, "rule": rule, "status": "open"}
    st.breaches.append(rec)
    log.some(who, "promise-broken", f"Possible broken promise {bid}: {seen}. The moderator "
             f"is told and decides whether it was deliberate; if so {by} loses every "
             "resource card and Oath, shared out among the other players (LH-II.3-02).",
             rule, breach=bid, by=by)
    log.moderator(f"Possible broken promise {bid} (turn {st.turn}, {rule}): {seen}. The "
                  f"parties are {', '.join(who)}. If {by} broke it deliberately and was able "
                  f"to keep it (LH-II.3-03), the penalty (LH-II.3-02) takes every resource "
                  f"card and Oath {by} holds and shares them out evenly among the other "
                  "players, the rest dealt at random (G25); otherwise dismiss it.", rule,
                  decisions=[f"penalty {bid}", f"dismiss {bid}"], breach=bid)
    return rec


def _promise_ref(pr: dict) -> str:
    return f"promise {pr['id']}"


def _name(st: LohState, data, name: str) -> str:
    return f"{devil_name(st, data, name)} ({name})"


# --- combat ----------------------------------------------------------------------------

def attacks(rt, fight: dict, own: dict[str, list[str]], at_home) -> None:
    """A fight round's own declarations (`own`: not strikes back, not Leviathan's forced
    attacks) against NAP and NAH promises (LH-II.3.1-02/03/07, LH-II.3.1-09)."""
    st, data = rt.st, rt.data
    for a, targets in own.items():
        for t in targets:
            if a in own.get(t, []) or fight["dealt"].get(t, {}).get(a):
                continue  # defence: t attacks a too (LH-II.3.1-09)
            pr = promise(st, a, t, ("NAP",))
            rule = "LH-II.3.1-03"
            if pr is None and at_home(st, fight, t):
                pr, rule = promise(st, a, t, ("NAH",)), "LH-II.3.1-02"
            if pr is not None:
                record(st, rt.log, a, pr["to"], _promise_ref(pr),
                       f"{_name(st, data, a)} attacks {_name(st, data, t)}'s army "
                       f"{'at its home realm ' if pr['kind'] == 'NAH' else ''}against "
                       f"{pr['kind']} promise {pr['id']} ({pr['text']})", rule)


def intentions(rt, intents: dict[str, dict], has_leviathan) -> None:
    """LH-II.3.1-07: an army with Leviathan may not knowingly go to a Devil it promised a
    NAP, or a NAH while that Devil stays home."""
    st, data = rt.st, rt.data
    for a, i in intents.items():
        t = i.get("target")
        if i["kind"] != "target" or not has_leviathan(st, a):
            continue
        pr = promise(st, a, t, ("NAP",))
        if pr is None and intents.get(t, {}).get("kind") == "none":
            pr = promise(st, a, t, ("NAH",))
        if pr is not None:
            record(st, rt.log, a, pr["to"], _promise_ref(pr),
                   f"{_name(st, data, a)}'s army, with Leviathan, heads for "
                   f"{_name(st, data, t)}'s army against {pr['kind']} promise {pr['id']} "
                   f"({pr['text']})", "LH-II.3.1-07")


def pursuit(rt, chaser: str, quarry: str) -> None:
    """LH-II.3.1-07: pursuing a Devil promised a NAP breaks it."""
    st, data = rt.st, rt.data
    pr = promise(st, chaser, quarry, ("NAP",))
    if pr is not None:
        record(st, rt.log, chaser, pr["to"], _promise_ref(pr),
               f"{_name(st, data, chaser)} pursues {_name(st, data, quarry)} against NAP "
               f"promise {pr['id']} ({pr['text']})", "LH-II.3.1-07")


def fought(st: LohState, decl: dict[str, list[str]]) -> None:
    """A fight round was fought: ATTACK promises whose promiser attacked the named Devil
    are kept (LH-II.3.1-04)."""
    for pr in st.promises:
        if pr.get("kind") == "ATTACK" and pr.get("target") in decl.get(pr.get("from"), []):
            pr["kept"] = True


def after_combat(st: LohState, data, log) -> None:
    """LH-II.3.1-04: at the end of the combat phase, an ATTACK promise whose last turn this
    is and that was never kept is flagged, unless it was made after the combat phase."""
    for pr in list(st.promises):
        if pr.get("kind") != "ATTACK" or pr.get("kept") or pr.get("until") != st.turn:
            continue
        if _made_in(st, pr) == (st.turn, "gathering"):
            continue
        a, t = pr["from"], pr["target"]
        record(st, log, a, pr["to"], _promise_ref(pr),
               f"{_name(st, data, a)} promised to attack {_name(st, data, t)}'s army and "
               f"fight it for a fight round (promise {pr['id']}), and did not in this turn's "
               "combat phase", "LH-II.3.1-04")


def _made_in(st: LohState, pr: dict) -> tuple[int, str]:
    deal = next((d for d in st.deals if d["id"] == pr.get("deal")), None)
    return pr.get("turn", 0), (deal or {}).get("phase", "")


# --- gathering -------------------------------------------------------------------------

def at_gathering(st: LohState, sheets: dict, data, log, objections) -> None:
    """LH-II.3.1-05, before the objections count: an OBJECT promise in force whose
    promiser is in Hell, whose named Devil is a candidate, and whose promiser's sheet does
    not object to him; or whose promiser went to Earth after making it. `objections(name)`:
    the players `name` objects to."""
    for pr in st.promises:
        if pr.get("kind") != "OBJECT" or not _in_force(st, pr) or pr.get("kept"):
            continue
        a, t = pr["from"], pr["target"]
        status = st.players[a].status
        if status == "hell" and st.players[t].proclaimed > 0:
            if t in objections(a):
                pr["kept"] = True
                continue
            seen = (f"{_name(st, data, a)} was at the gathering and did not object to "
                    f"{_name(st, data, t)}, a candidate, against OBJECT promise {pr['id']}")
        elif status == "earth" and _before_earth_trips(st, pr):
            seen = (f"{_name(st, data, a)} went to Earth and missed the gathering, against "
                    f"OBJECT promise {pr['id']} (the promiser may not go to Earth)")
        else:
            continue
        record(st, log, a, pr["to"], _promise_ref(pr), seen, "LH-II.3.1-05")


def _before_earth_trips(st: LohState, pr: dict) -> bool:
    """Made before this turn's Earth trips (the end of the transfer phase)."""
    turn, phase = _made_in(st, pr)
    return turn < st.turn or phase == "transfer"


# --- the moderator's decision ----------------------------------------------------------

def decide(st: LohState, words: list[str], data, dice, log) -> str:
    """`penalty <id>` or `dismiss <id>` on an open breach; returns what was done, for the
    moderator. Raises ValueError for anything else."""
    usage = "write: penalty <breach id> or dismiss <breach id> (e.g. penalty b1)"
    if len(words) != 2 or words[0].lower() not in ("penalty", "dismiss"):
        raise ValueError(usage)
    what, bid = words[0].lower(), words[1].lower()
    known = [] if st.breaches is ABSENT else st.breaches
    b = next((x for x in known if x["id"] == bid), None)
    if b is None:
        raise ValueError(f"there is no breach {bid!r}; breaches: "
                         + (", ".join(f"{x['id']} ({x['status']})" for x in known) or "none"))
    if b["status"] != "open":
        raise ValueError(f"breach {bid} is already decided: {b['status']}")
    if what == "dismiss":
        b["status"] = "dismissed"
        log.some(b["parties"], "promise-judged", f"The moderator dismisses possible broken "
                 f"promise {bid}: no penalty.", PENALTY, breach=bid)
        return f"breach {bid} dismissed; the parties told"
    b["status"] = "penalised"
    return penalty(st, b, data, dice, log)


def penalty(st: LohState, b: dict, data, dice, log) -> str:
    """LH-II.3-02: the promiser loses every resource card and Oath (hand, table, Earth,
    started rituals), shared out evenly among the other players in Starter order; the
    remainder goes one card each to players picked by a die (G25). Cards are dealt in
    the order hand, started rituals, hordes, Earth, artifacts. Hand cards and started
    rituals go to the receiver's hand, tabled hordes to his table, hordes on Earth to
    his Earth, artifacts to his table unless he is a prisoner (then discarded, LH-I.3.2-03)."""
    from . import deck

    by = b["by"]
    p = st.players[by]
    cards = [(key, c) for key in ("hand", "rituals", "hordes", "earth", "artifacts")
             for c in getattr(p, key)]
    for key in ("hand", "rituals", "hordes", "earth", "artifacts"):
        setattr(p, key, [])
    p.rituals_up, p.protected = False, []
    others = [n for n in order_from_starter(st) if n != by]
    share = len(cards) // len(others)
    dealt = [others[i % len(others)] for i in range(share * len(others))]
    left = list(others)
    for _ in range(len(cards) - len(dealt)):  # G25: the remainder dealt at random
        n = dice.pick(left, "the rest of a promise-breaker's cards (G25)")
        left.remove(n)
        dealt.append(n)
    got: dict[str, list[str]] = {n: [] for n in others}
    discarded = []
    for (key, c), n in zip(cards, dealt, strict=True):
        to = st.players[n]
        if key == "artifacts" and to.status in ("prisoner", "heaven"):
            discarded.append(c)
        else:
            getattr(to, {"rituals": "hand"}.get(key, key)).append(c)
            got[n].append(c)
    if discarded:
        deck.discard(st, discarded, dice, log)
    shares = ", ".join(f"{n} {len(got[n])}" for n in others)
    text = (f"The moderator finds that {_name(st, data, by)} broke a promise deliberately "
            f"({b['id']}): {by} loses every resource card and Oath ({len(cards)}), shared "
            f"out among the other players ({shares}"
            + (f"; {len(discarded)} artifact(s) to a prisoner discarded" if discarded else "")
            + ").")
    log.public("promise-penalty", text, PENALTY, breach=b["id"], by=by,
               shares={n: len(c) for n, c in got.items()})
    for n in others:
        if got[n]:
            log.private(n, "promise-penalty-share", f"From {by}'s cards you get: "
                        + ", ".join(card_name(st, c, data) for c in got[n]) + ".", PENALTY)
    homes.settle(st, data, log)
    return f"breach {b['id']}: penalty applied ({len(cards)} cards shared out: {shares})"
