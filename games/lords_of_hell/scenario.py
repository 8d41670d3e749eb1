"""Lords of Hell scenarios (docs/scenarios.md): a state from a `given` block, the named
steps of a stage, and the view `expect` paths read.

`given` is a partial state (the layout in state.py); everything left out takes its
default:

    turn 1, phase "transfer", round 1 in a combat stage (else 0), starter the first
    player, no variants, empty deck and discard pile, HPoH uncontrolled, no Earth
    condition, promises or deals, no Overlord.
    players: name -> player fields, seated in the order given. A player's Devil
    defaults to the n-th Devil in id order (asmodeus, baalzebub, belial, glasya, ...)
    and his home to the n-th realm after HPoH in data order (dis, seat-of-judgement,
    winds-of-chaos, ...), unless another player names that one: then the first free
    one. `home: null` leaves him homeless. His realm is controlled by him.
    Card lists (players' hand, hordes, earth, artifacts, rituals; deck, discard) are
    card ids ("horde.fiends") or Oath instances ("oath.belial.2"); each card gets an
    instance id c001, c002, ... in that order (players in seat order, each list in the
    order above, then deck and discard); Oaths keep their own ids.
    realms: merged over the default (HPoH and the homes): {realm id: controller or null}.
    combat: in a combat stage, defaults to the scratch the combat phase's start leaves
    (every Devil not imprisoned is free at the start); rituals are then face-up
    (rituals_up true) unless given.

The steps a scenario's `phases` may name run in the order listed (a stage's own order
is: trading, then its phase step; `draw`, `combat-start` and `gathering-start` run
when a stage opens). They do not move the stage marker (`phase`, `round`); leave
`phases` out to resolve the whole stage as `pbem run` does.
"""

from __future__ import annotations

import copy
import re

from pbem.eventlog import Log

from . import combat, draw, gathering, trading, transfer, turn, victory
from .datamodel import HPOH, LohData
from .orders import standing
from .state import LohState, is_oath, new_player

TOP = {"turn", "phase", "round", "starter", "variants", "players", "deck", "discard",
       "realms", "earth_condition", "promises", "trading", "deals", "combat", "silence",
       "overlord", "vp"}
PLAYER_LISTS = ("hand", "hordes", "earth", "artifacts", "rituals")
VIEW_LISTS = (*PLAYER_LISTS, "protected")
STATUSES = ("hell", "earth", "ko", "prisoner", "heaven")
PHASES = ("transfer", "combat", "gathering", "over")
OATH = re.compile(r"^oath\.([a-z-]+)\.([0-9]+)$")


# --- given -> state ----------------------------------------------------------------------

def state_from_given(given: dict, data: LohData) -> dict:
    given = copy.deepcopy(dict(given))
    unknown = sorted(set(given) - TOP)
    if unknown:
        raise ValueError(f"unknown keys in given: {unknown}; allowed: {sorted(TOP)}")
    players = given.pop("players", None) or {}
    if isinstance(players, list):
        players = {p: {} for p in players}
    if not players:
        raise ValueError("given.players: at least one player")
    players = {name: dict(kw or {}) for name, kw in players.items()}
    phase = given.pop("phase", "transfer")
    if phase not in PHASES:
        raise ValueError(f"phase {phase!r}: one of {', '.join(PHASES)}")
    st = {"turn": given.pop("turn", 1), "phase": phase,
          "round": given.pop("round", 1 if phase == "combat" else 0),
          "seats": list(players), "starter": given.pop("starter", next(iter(players))),
          "variants": given.pop("variants", None) or {}, "cards": {}, "deck": [],
          "discard": [], "realms": {HPOH: None}, "earth_condition": None, "promises": [],
          "deals": [], "combat": {}, "overlord": None, "vp": {}, "players": {}}
    if st["starter"] not in players:
        raise ValueError(f"starter {st['starter']!r} is not a player")
    cards = _Cards(st, data)
    devils = _defaults(players, "devil", sorted(data.devils), data.devils, "Devil")
    homes = _defaults(players, "home", [r for r in data.realms if r != HPOH], data.realms,
                      "realm")
    allowed = set(new_player("x").to_dict()) | {"devil"}
    for name, kw in players.items():
        bad = sorted(set(kw) - allowed)
        if bad:
            raise ValueError(f"unknown player fields {bad} for {name}; allowed: "
                             f"{sorted(allowed)}")
        p = new_player(devils[name]).to_dict()
        p["home"] = homes[name]
        if phase == "combat":
            p["rituals_up"] = True  # turned face-up as the combat phase started
        for key in PLAYER_LISTS:
            p[key] = [cards.instance(c, f"{name}'s {key}") for c in kw.pop(key, [])]
        kw.pop("devil", None)
        kw.pop("home", None)
        p.update(kw)
        _check_player(name, p, players)
        if p["home"]:
            st["realms"][p["home"]] = name
        st["players"][name] = p
    for key in ("deck", "discard"):
        st[key] = [cards.instance(c, key) for c in given.pop(key, None) or []]
    for realm, who in (given.pop("realms", None) or {}).items():
        _known(realm, data.realms, "realm")
        if who is not None and who not in players:
            raise ValueError(f"realms: {realm} controlled by {who!r}, who is not a player")
        st["realms"][realm] = who
    cond = given.get("earth_condition")
    if cond is not None:
        _known(cond, data.cards, "card (earth_condition)")
    if given.get("overlord") not in (None, *players):
        raise ValueError(f"overlord {given['overlord']!r} is not a player")
    if phase == "combat" and "combat" not in given:
        st["combat"] = {"free_at_start": [n for n in st["seats"] if st["players"][n]["status"]
                                          not in ("prisoner", "heaven")],
                        "fights": [], "intents": {}, "still": [], "next_fight": 0}
    st.update(given)
    LohState.from_dict(st)  # the typed state refuses a field it does not know
    return st


class _Cards:
    """Card ids (and Oath instances) -> instances c001, c002, ... in the order given."""

    def __init__(self, st: dict, data: LohData):
        self.st, self.data, self.n = st, data, 0

    def instance(self, card: str, where: str) -> str:
        if is_oath(card):
            m = OATH.match(card)
            per = self.data.tables["oaths_per_devil"]
            if not m or f"devil.{m.group(1)}" not in self.data.devils \
                    or not 1 <= int(m.group(2)) <= per:
                raise ValueError(f"{where}: {card!r} is no Oath (oath.<devil>.<1..{per}>, "
                                 "e.g. oath.belial.2)")
            return card
        _known(card, self.data.cards, f"card ({where})")
        self.n += 1
        inst = f"c{self.n:03d}"
        self.st["cards"][inst] = card
        return inst


def _defaults(players: dict, key: str, order: list[str], table, what: str) -> dict:
    """Each player's `key` as given, else the n-th of `order`, or the first one free."""
    named = {n: kw[key] for n, kw in players.items() if key in kw}
    for v in named.values():
        if v is not None:
            _known(v, table, what)
    taken = {v for v in named.values() if v is not None}
    out = {}
    for i, name in enumerate(players):
        if name in named:
            out[name] = named[name]
            continue
        pick = order[i] if i < len(order) and order[i] not in taken else next(
            (x for x in order if x not in taken), None)
        if pick is None:
            raise ValueError(f"no {what} left for {name}")
        out[name] = pick
        taken.add(pick)
    return out


def _check_player(name: str, p: dict, players: dict) -> None:
    if p["status"] not in STATUSES:
        raise ValueError(f"{name}: status {p['status']!r}, one of {', '.join(STATUSES)}")
    if p["status"] == "prisoner" and p["captor"] not in players:
        raise ValueError(f"{name} is a prisoner: `captor` must name a player")
    for other in p["permits"]:
        if other not in players:
            raise ValueError(f"{name}: permits {other!r}, who is not a player")


def _known(key: str, table, what: str) -> None:
    if key not in table:
        raise ValueError(f"unknown {what} id {key!r}")


# --- the steps of a stage ------------------------------------------------------------------

def _trading(st, sheets, data, dice, log):
    standing.keep(st, sheets)
    trading.apply(st, sheets, data, dice, log)


def _combat_start(st, sheets, data, dice, log):
    trading.new_phase(st)
    combat.start_phase(st, data, dice, log)


def _combat_round(st, sheets, data, dice, log):
    combat.run_round(st, sheets, data, dice, log)


def _gathering(st, sheets, data, dice, log):
    gathering.resolve(st, sheets, data, dice, log)


#: step name -> (the event phase, the function(st, sheets, data, dice, log)).
STEPS = {
    "draw": ("draw", lambda st, sh, data, dice, log: draw.run(st, data, dice, log)),
    "standing": (None, lambda st, sh, data, dice, log: standing.keep(st, sh)),
    "trading": (None, _trading),
    "transfer": ("transfer", transfer.resolve),
    "combat-start": ("combat", _combat_start),
    "combat-round": ("combat", _combat_round),
    "combat-end": ("combat", lambda st, sh, data, dice, log: combat.end_phase(
        st, data, dice, log)),
    "gathering-start": ("gathering", lambda st, sh, data, dice, log: gathering.start(
        st, data, dice, log)),
    "gathering": ("gathering", _gathering),
    "score": ("end", lambda st, sh, data, dice, log: victory.score(st, data, log)),
}


def run_phases(state: dict, sheets: dict, dice, data: LohData, phases: list[str] | None):
    """The whole stage (`phases` None or empty: turn.resolve), or the named steps in the
    order listed -> (state, events)."""
    if not phases:
        res = turn.resolve(LohState.from_dict(state), sheets, dice, data)
        return res.state.to_dict(), res.events
    unknown = [p for p in phases if p not in STEPS]
    if unknown:
        raise ValueError(f"unknown phase(s) {unknown}; phases: {', '.join(STEPS)}")
    st = LohState.from_dict(state)  # a copy
    sheets = {n: sheets.get(n) for n in st.seats}
    log = Log()
    for name in phases:
        phase, fn = STEPS[name]
        log.phase = phase or st.phase
        fn(st, sheets, data, dice, log)
    return st.to_dict(), log.events


# --- what expect paths read ------------------------------------------------------------------

def scenario_view(state: dict) -> dict:
    """The state with card ids in place of instances in every card list (players'
    hand, hordes, earth, artifacts, rituals, protected; deck, discard), so that
    `players.a.hordes: [horde.fiends]` can be expected. `cards` keeps the instances."""
    view = copy.deepcopy(state)
    cards = state.get("cards", {})

    def ids(items):
        return [i if is_oath(i) else cards.get(i, i) for i in items]

    for p in view.get("players", {}).values():
        for key in VIEW_LISTS:
            if isinstance(p.get(key), list):
                p[key] = ids(p[key])
    for key in ("deck", "discard"):
        if isinstance(view.get(key), list):
            view[key] = ids(view[key])
    return view
