"""Random Lords of Hell games for the self-play test and bench (issue 9).

Each stage, every player writes candidate lines of many shapes (every order's own
example, and lines built from the state: deals between random pairs, forced trades,
Earth trips, rituals and which to keep, specials, intentions, fight rules, objections,
votes); the real order checker keeps the lines it accepts, so the generator needs no copy of the
grammar. A DEAL is given to both of its parties (a deal executes only when every party
orders it). The invariants are checked after every stage.
"""

from __future__ import annotations

import random
from collections import Counter

from pbem.dice import Dice
from pbem_games.lords_of_hell import GAME
from pbem_games.lords_of_hell.data import load_data
from pbem_games.lords_of_hell.orders import ORDER_TYPES
from pbem_games.lords_of_hell.state import LohState, has_forces_in_hell, is_oath, oath_owner

DATA = load_data()
NAMES = ["anna", "boris", "chiara", "dmitri", "elena", "farid"]


def _devil(st: LohState, name: str) -> str:
    return DATA.devils[st.players[name].devil].name


def _cards(st: LohState, name: str, key: str, kind: str | None = None) -> list[str]:
    out = []
    for c in getattr(st.players[name], key):
        if is_oath(c):
            if kind in (None, "oath"):
                out.append(f"Oath of {DATA.devils[oath_owner(c)].name}")
        elif kind in (None, DATA.cards[st.cards[c]].kind):
            out.append(DATA.cards[st.cards[c]].name)
    return out


def candidates(rng: random.Random, st: LohState, name: str) -> list[str]:
    """Lines this player might write now (many will be refused by the checker)."""
    others = [p for p in st.seats if p != name]
    phase = st.phase
    out = [t.example for t in ORDER_TYPES.values() if phase in t.when
           and rng.random() < 0.15]
    oaths = _cards(st, name, "hand", "oath")
    if oaths and rng.random() < 0.3:
        out.append(f"FORCED OPH {rng.choice(oaths)}")
    if oaths and rng.random() < 0.3:
        out.append(f"FORCED {rng.choice(oaths)} FOR ANY")
    for c in _cards(st, name, "hand", "special"):
        if rng.random() < 0.4:
            out.append(f"PLAY {c}")
    if rng.random() < 0.3:
        out.append(rng.choice(["DOUBLE CROSS IF ANY", "DOUBLE CROSS IF Recall",
                               "SOUL REROLL ON 1, 2", "SOUL REROLL OFF"]))
    rituals = list(dict.fromkeys(_cards(st, name, "rituals") + _cards(st, name, "hand",
                                                                       "ritual")))
    if len(rituals) > 1 and rng.random() < 0.4:  # PB-16: which to keep when casters run short
        out.append(rng.choice([f"KEEP RITUALS {', '.join(rng.sample(rituals, len(rituals)))}",
                               f"KEEP RITUALS {rng.choice(rituals)}", "KEEP RITUALS OFF"]))
    if phase == "transfer":
        for c in _cards(st, name, "hand", "ritual"):
            if rng.random() < 0.6:
                out.append(f"RITUAL {c}")
        out.append(rng.choice(["EARTH ALL FIENDS", "EARTH DEVIL", "EARTH ALL",
                               "EARTH 1 Fiends UNLESS Time of Virtue", ""]))
        if rng.random() < 0.2 and st.players[name].souls:
            out.append("DISCARD 1 Souls")
    elif phase == "combat":
        target = rng.choice(others)
        out += [rng.choice([f"TARGET {_devil(st, target)}", "NO MOVE", "OTHER MOVE",
                            f"TARGET {target}"]),
                rng.choice(["ATTACK ALL", "ATTACK ONLY IF ATTACKED",
                            f"ATTACK {_devil(st, target)}"]),
                rng.choice(["PURSUE ANY", "PURSUE OFF", "RETREAT IF OUTPOWERED TO HOME",
                            "REROLL IF HITS BELOW 2", "REROLL IF HITS BELOW EXPECTED"]),
                rng.choice(["", f"TRUCE {_devil(st, target)}",
                            f"TRUCE {target} AFTER ROUND 1", f"TRUCE {target} IF LOST 2"])]
        if rng.random() < 0.5:  # combat transfers: objections and fighting on (PB-30)
            out.append(rng.choice([f"OBJECT OCCUPY {_devil(st, target)}",
                                   "OBJECT OCCUPY ALL"]))
        home = st.players[target].home
        if rng.random() < 0.5 and home:
            out += [rng.choice([f"OCCUPY {DATA.realms[home].name}",
                                f"SWAP REALM {_devil(st, target)}"]), "FIGHT IF OBJECTED"]
        for c in _cards(st, name, "rituals"):
            out.append(f"FINISH {c}" + (f" ON {rng.choice(others)} Souls"
                                        if rng.random() < 0.5 else ""))
    elif phase == "gathering":
        cands = [_devil(st, p) for p in st.seats if st.players[p].proclaimed]
        if cands and rng.random() < 0.5:
            out.append(f"OBJECT {rng.choice(cands)}")
        if rng.random() < 0.5:
            out.append(f"VOTE {_devil(st, rng.choice(st.seats))}")
    return [line for line in out if line]


def deal_lines(rng: random.Random, st: LohState) -> dict[str, list[str]]:
    """Deals between random pairs, written by both parties (they execute only then)."""
    out: dict[str, list[str]] = {p: [] for p in st.seats}
    if rng.random() < 0.5:
        return out
    a, b = rng.sample(st.seats, 2)
    give_a = _cards(st, a, "hand") + (["1 Souls"] if st.players[a].souls else [])
    give_b = _cards(st, b, "hand") + _cards(st, b, "hordes")
    terms = []
    if give_a:
        terms.append(f"{a} GIVES {rng.choice(give_a)} TO {b}")
    if give_b and rng.random() < 0.7:
        terms.append(f"{b} GIVES {rng.choice(give_b)} TO {a}")
    if rng.random() < 0.4:
        terms.append(f"{a} PROMISES {rng.choice(['NAP', 'NAH', 'NO TARGETING'])} TO {b}")
    if rng.random() < 0.2:
        terms.append(f"{b} PROMISES VOTE {_devil(st, a)} TO {a}")
    if rng.random() < 0.2:  # LH-III.4.4-01: due when the Overlord is found
        terms.append(f"{a} GIVES Oath of {_devil(st, b)} TO {b} IF OVERLORD {b}")
    if rng.random() < 0.2:
        terms.append(f"{a} PROMISES {rng.choice(['ATTACK', 'OBJECT'])} "
                     f"{_devil(st, rng.choice([x for x in st.seats if x != a]))} TO {b}")
    if terms:
        line = "DEAL " + "; ".join(terms)
        out[a].append(line)
        out[b].append(line)
    return out


def sheet(rng: random.Random, st: LohState, name: str, extra: list[str]):
    """The accepted lines among this player's candidates, checked as one sheet."""
    lines = extra + candidates(rng, st, name)
    first = GAME.check_orders(st, name, "\n".join(lines) + "\n")
    ok = [r.text for r in first.lines if r.ok]
    return GAME.check_orders(st, name, "\n".join(ok) + "\n")


def places(st: LohState) -> Counter:
    """Where every card is: instance -> how many places hold it."""
    seen: Counter = Counter()
    for c in st.deck + st.discard:
        seen[c] += 1
    for p in st.players.values():
        for key in ("hand", "hordes", "earth", "artifacts", "rituals"):
            for c in getattr(p, key):
                seen[c] += 1
    return seen


def check_invariants(st: LohState, n_cards: int, n_oaths: int) -> None:
    """Cards conserved (every resource card and Oath in exactly one place), no negative
    Souls or SP, and one home realm per Devil with forces in Hell, matching the realms."""
    seen = places(st)
    assert all(n == 1 for n in seen.values()), [c for c, n in seen.items() if n != 1]
    assert sum(1 for c in seen if not is_oath(c)) == n_cards
    assert sum(1 for c in seen if is_oath(c)) == n_oaths
    homes = Counter()
    for name, p in st.players.items():
        assert p.souls >= 0 and p.sp >= 0, name
        if p.home:
            homes[p.home] += 1
            assert st.realms[p.home] == name, (name, p.home)
        elif has_forces_in_hell(st, name) and st.phase != "combat":
            assert not any(o is None for o in st.realms.values()), (name, "homeless")
    assert all(n == 1 for n in homes.values()), homes
    for realm, owner in st.realms.items():
        assert owner is None or st.players[owner].home == realm, (realm, owner)


def play(seed: int, stages: int = 60, check=check_invariants, raw=None,
         events: Counter | None = None) -> tuple[LohState, Counter]:
    """One random game of 4 to 6 players; returns the last state and the count of
    order types executed (accepted lines). `raw`, if given, sees every state dict the
    game returns (new_game, then each resolve) before it is converted; `events`, if
    given, counts the kinds of the events logged."""
    rng = random.Random(seed)
    seats = NAMES[:4 + seed % 3]
    first, _, _ = GAME.new_game(seats, {}, Dice(f"loh-{seed}"))
    if raw:
        raw(first)
    st = LohState.from_dict(first)
    n_cards = len(st.cards)
    n_oaths = sum(1 for c in places(st) if is_oath(c))
    used: Counter = Counter()
    for stage in range(stages):
        check(st, n_cards, n_oaths)
        deals = deal_lines(rng, st)
        sheets = {p: (sheet(rng, st, p, deals[p]) if rng.random() < 0.9 else None)
                  for p in seats}
        for s in sheets.values():
            for o in (s.orders if s else []):
                used[o["type"]] += 1
        res = GAME.resolve(st, sheets, Dice(f"loh-{seed}-{stage}"))
        if events is not None:
            events.update(e.kind for e in res.events)
        if raw:
            raw(res.state)
        st = LohState.from_dict(res.state)
        if res.finished:
            check(st, n_cards, n_oaths)
            break
    return st, used
