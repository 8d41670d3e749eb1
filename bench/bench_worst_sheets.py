"""Worst-case order sheets (issue 17, item 4): one player must not tie up the site.

For every order type of both games (and the lines no keyword starts: Daemon lines,
unknown orders, blank and comment lines) this builds many hostile sheets as long as a
mail we accept (the intake refuses mails over 1,000,000 bytes): long lists, repeated
names, unknown names, every keyword of the grammar repeated, very long lines, many
lines, long numbers, quotes. Each is checked with the game's real checker
(`GAME.check_orders(state, player, text)`) on a started game whose player holds what
the orders name (so that the lines are read to the end), and the slowest sheet of each
type is reported. The goal: every one checks in under a second.

Every candidate is screened on a short sheet (SCREEN bytes) and its full-size time
projected from it, knowing what pbem.lines reads of a sheet at most (MAX_ORDERS lines,
MAX_LINE characters a line, MAX_CHARS in all); the slowest few of each type are then
checked at full size, doubling from the screen size, and given up (with a projection
from the growth seen) when one step takes over ABORT seconds.

Not a test (it takes some minutes). Run:

    python bench/bench_worst_sheets.py [BYTES] [--only SUBSTRING] [--skip SUBSTRING]
                                       [--top N] [--screen BYTES] [--verbose]

(BYTES: the sheet size, default 1,000,000; pbem.orders refuses sheets over 64,000
characters before a game sees them, so 64000 shows what a player can really send.
--only / --skip: the kinds of line whose name holds this, e.g. --only "FLIGHT PREFER".)
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "lords_of_hell"))

from loh_kit import build_state as loh_state  # noqa: E402

from pbem.dice import Dice  # noqa: E402
from pbem.lines import MAX_CHARS, MAX_LINE, MAX_ORDERS  # noqa: E402
from pbem_games.hellgame import GAME as HG  # noqa: E402
from pbem_games.hellgame.action.kinds import KINDS  # noqa: E402
from pbem_games.hellgame.data import load_data  # noqa: E402
from pbem_games.hellgame.orders import ORDER_TYPES as HG_TYPES  # noqa: E402
from pbem_games.hellgame.scenario import state_from_given  # noqa: E402
from pbem_games.lords_of_hell import GAME as LOH  # noqa: E402
from pbem_games.lords_of_hell.orders import ORDER_TYPES as LOH_TYPES  # noqa: E402

LIMIT = 1_000_000
SCREEN = 16_000
ABORT = 20.0  # seconds: a full-size step slower than this is not run further
GOAL = 1.0
#: lines of these lengths fill the sheets (None: one line as long as the sheet); MAX_LINE:
#: the longest line that is read
LINE_LENGTHS = (60, 250, MAX_LINE, 10_000, None)

#: Words of every grammar, tried as separators and repeated keywords.
TOKENS = [",", ";", ">", '"', ":", "'", "AND", "OR", "NOT", "IF", "TO", "IN", "ON", "OF",
          "BY", "AT", "FOR", "ELSE", "WITH", "ALL", "ANY", "OFF", "GIVES", "PROMISES",
          "RELEASES", "UNTIL", "KEEP", "MAX", "ROUND", "THROUGH", "FROM", "BRINGING",
          "TARGETING", "USING", "FIRST", "FAILED", "WITHIN", "UNLESS", "SACRIFICE",
          "ANYWHERE", "NEVER", "HOUNDS", "OUTNUMBERED", "HAS", "IS", "OWNS", "LEGIONS",
          "SOULS", "SECTIO", "ARCANA", "MINDERS", "LAST", "PASS", "STAY", "FIGHT", "MY",
          "THEIRS", ">=", "OUTPOWERED", "DEVIL", "POWER", "BELOW", "LOST", "AFTER",
          "PRISONER", "OATH", "REALM", "TO HOME", "HAS NOT ACTED", "1", "99"]
SEPARATORS = [", ", " ", " > ", "; ", " AND ", " OR ", " ELSE ", " and "]


# -- the games and their states ---------------------------------------------------------------

HG_PLAYERS = ["anna", "boris", "chiara", "dmitri"]
LOH_PLAYERS = ["anna", "boris", "carl", "dora"]


def hellgame_turn() -> dict:
    """Turn 2 of a HellGame whose anna has most Daemons, cards, Sectio and Units."""
    data = load_data()
    mine = ["baal", "caim", "paymon", "belphegor", "xaphan", "zagam", "prufflas", "gomory",
            "balban", "ukobach", "asmodeus", "orias", "naburos", "andras", "moloch"]
    hand = ["try-again", "re-roll", "it-did-not-work", "frenzy", "belladonna", "incubus",
            "blood-for-lilith", "lost-lore", "stigmata", "court-duty", "slipped-spell",
            "love-for-lilith"]
    sectio = sorted(data.sectio)
    given = {
        "turn": 2,
        "players": {
            "anna": {"souls": 60, "favours": 6, "daemons": [f"daemon.{d}" for d in mine],
                     "hand": [f"arcana.{c}" for c in hand]},
            "boris": {"souls": 10, "daemons": ["daemon.ashtaroth", "daemon.thamuz"]},
            "chiara": {"souls": 10, "daemons": ["daemon.ereshkigal", "daemon.sammael"]},
            "dmitri": {"souls": 10, "daemons": ["daemon.agares", "daemon.beelzebub"]},
        },
        "owners": {**{s: "anna" for s in sectio[:20]}, **{s: "boris" for s in sectio[20:26]}},
        "units": [("legion", "anna", s) for s in sectio[:20]]
        + [("legion", "anna", "antehell"), ("lieutenant", "anna", sectio[0],
                                            "lieutenant.sulla"),
           ("legion", "boris", sectio[21])],
        "variants": {"v1_avoid_combat": True},
    }
    given["units"] = [dict(zip(("kind", "owner", "location", "ref"), u, strict=False))
                      for u in given["units"]]
    return state_from_given(given, data).to_dict()


def hellgame_setup() -> dict:
    state, _, _ = HG.new_game(HG_PLAYERS, {}, Dice("worst-setup"))
    return state


def loh(phase: str) -> dict:
    """A Lords of Hell stage of `phase` whose anna holds cards of every kind."""
    return loh_state({
        "anna": {"devil": "devil.belial", "souls": 9,
                 "hand": ["ritual.bury", "ritual.infernal-plague", "ritual.furnace-of-souls",
                          "special.recall", "special.escape", "special.silence",
                          "special.time-of-virtue", "special.world-war", "oath.glasya.1",
                          "oath.baalzebub.1", "oath.mammon.1"],
                 "hordes": ["horde.fiends", "horde.fiends", "horde.diabolic-fiends",
                            "horde.juggernauts", "horde.leviathan", "horde.metal-beasts"],
                 "artifacts": ["artifact.wand-of-might"],
                 "rituals": ["ritual.bury", "ritual.chain-catalysm",
                             "ritual.furnace-of-souls", "ritual.infernal-plague"]},
        "boris": {"devil": "devil.glasya", "souls": 5, "hordes": ["horde.fiends"],
                  "proclaimed": 1},
        "carl": {"devil": "devil.baalzebub", "status": "prisoner", "captor": "anna",
                 "home": None, "proclaimed": 1},
        "dora": {"devil": "devil.mammon", "souls": 3, "hordes": ["horde.metal-beasts"]},
    }, phase=phase, round=1 if phase == "combat" else 0)


@dataclass(frozen=True)
class Kind:
    """One kind of line: an order type, or a line no keyword starts."""

    game: str
    name: str
    head: str  # what starts the line
    rest: str  # the example's rest of the line
    vocabulary: tuple[str, ...]
    check: Callable[[str], object]


def kinds() -> list[Kind]:
    out = []
    turn, setup = hellgame_turn(), hellgame_setup()
    for key, t in HG_TYPES.items():
        state = turn if "turn" in t.when else setup
        out.append(Kind("hellgame", key, key, t.example[len(key):].strip(),
                        _vocabulary(t.example + " " + t.doc),
                        lambda text, s=state: HG.check_orders(s, "anna", text)))
    check_turn = lambda text: HG.check_orders(turn, "anna", text)  # noqa: E731
    for key, k in KINDS.items():
        daemon, _, rest = k.example.partition(":")
        rest = rest.strip()[len(key):].strip()
        out.append(Kind("hellgame", f"{daemon}: {key} (Daemon line)", f"{daemon}: {key}",
                        rest, _vocabulary(k.example + " " + k.doc), check_turn))
    out.append(Kind("hellgame", "(unknown order)", "", "FLIGHT PREFFER OWN", (), check_turn))
    out.append(Kind("hellgame", "(blank and comment lines)", "", "", (), check_turn))
    states = {p: loh(p) for p in ("transfer", "combat", "gathering")}
    for key, t in LOH_TYPES.items():
        state = states[t.when[0]] if t.when[0] != "transfer" or "combat" not in t.when \
            else states["combat"]
        out.append(Kind("lords-of-hell", key, key, t.example[len(key):].strip(),
                        _vocabulary(t.example + " " + t.doc),
                        lambda text, s=state: LOH.check_orders(s, "anna", text)))
    check_loh = lambda text: LOH.check_orders(states["combat"], "anna", text)  # noqa: E731
    out.append(Kind("lords-of-hell", "(unknown order)", "", "DEEL anna", (), check_loh))
    return out


def _vocabulary(text: str) -> tuple[str, ...]:
    words = {w for w in re.findall(r"\b[A-Z][A-Z]+\b", text)}
    return tuple(sorted(words | set(TOKENS)))


# -- hostile lines ----------------------------------------------------------------------------

def _items(rest: str) -> list[str]:
    items = [x.strip() for x in re.split(r"[,;>]|\s+ELSE\s+|\s+AND\s+", rest) if x.strip()]
    return items or [rest or "x"]


def _fill(unit: str, size: int, sep: str = "") -> str:
    """`unit` repeated (joined by sep) to about `size` characters."""
    n = max(1, size // max(1, len(unit) + len(sep)))
    return sep.join([unit] * n)


#: Lines made by hand for what a kind's grammar does with many of one word: kind name ->
#: [(name, the repeated part, what comes before it, what comes after it)].
_EXTRA = {
    "FLIGHT PREFER": [("OWN UNOWNED repeated (issue 17)", " OWN UNOWNED", "", "")],
    "PAYMON GRANTS": [("4 ANDs and ORs, the last atom failing", "",
                       "DOUBLE PASS TO Baal IF Caim HAS NOT ACTED AND Caim HAS NOT ACTED "
                       "OR Caim HAS NOT ACTED AND Caim HAS NOT ACTED OR Qzx HAS ACTED", ""),
                      ("9 ANDs, refused", "",
                       "DOUBLE PASS TO Baal IF " + " AND ".join(["Caim HAS ACTED"] * 10), "")],
    "Baal: PASS (Daemon line)": [("4 ANDs and ORs, the last atom failing", "",
                                  "BEHIND Caim IF Caim HAS NOT ACTED AND Caim HAS NOT ACTED "
                                  "OR Caim HAS NOT ACTED AND Caim HAS NOT ACTED OR Qzx HAS "
                                  "ACTED", "")],
    "COMBAT CAST": [("ON repeated, no IN", " ON x", "Frenzy", "")],
    "DEAL": [("GIVES repeated, no TO", " GIVES x", "anna", ""),
             ("many clauses", "; boris GIVES 1 Soul TO anna", "anna GIVES 1 Soul TO boris", "")],
    "COMBAT DEAL": [("GIVES repeated, no TO", " GIVES x", "anna", "")],
    "FINISH": [("a long target", " x", "Bury ON boris", " Fiends")],
    "Balban: CAST (Daemon line)": [("ON repeated", " ON x", "Frenzy", "")],
    "Asmodeus: SUPPORT (Daemon line)": [("short words repeated", " 1", "", "")],
}


def line_patterns(k: Kind) -> Iterator[tuple[str, Callable[[int], str]]]:
    """(name, line of about n characters) for the kind."""
    head, rest = k.head, k.rest
    items = _items(rest)
    for name, unit, before, after in _EXTRA.get(k.name, []):
        yield name, lambda n, u=unit, b=before, a=after: (
            f"{head} {b}" + (_fill(u, n - len(head) - len(b) - len(a) - 1) if u else "") + a)
    yield "example", lambda n: f"{head} {rest}"
    for sep in SEPARATORS:
        yield f"rest repeated, {sep.strip() or 'space'!r}", \
            lambda n, sep=sep: f"{head} " + _fill(rest, n, sep)
        yield f"items repeated, {sep.strip() or 'space'!r}", \
            lambda n, sep=sep: f"{head} " + _fill(sep.join(items), n, sep)
        yield f"unknown names, {sep.strip() or 'space'!r}", \
            lambda n, sep=sep: f"{head} {rest}{sep}" + sep.join(
                f"Qzx{i}" for i in range(max(1, n // (len(sep) + 5))))
    for word in k.vocabulary:
        yield f"{word!r} repeated", lambda n, w=word: f"{head} " + _fill(w, n, " ")
        yield f"{word!r} x repeated", lambda n, w=word: f"{head} " + _fill(f"{w} x", n, " ")
        yield f"{word!r} rest repeated", \
            lambda n, w=word: f"{head} {rest} " + _fill(f"{w} {rest}", n, " ")
        yield f"{word!r} item repeated", \
            lambda n, w=word: f"{head} {items[0]} " + _fill(f"{w} {items[0]}", n, " ")
    yield "one long word", lambda n: f"{head} " + "q" * n
    yield "one long name-like word", lambda n: f"{head} " + _fill(items[0].replace(" ", ""), n)
    yield "a long number", lambda n: f"{head} " + "9" * n
    yield "rest then a long number", lambda n: f"{head} {rest} " + "9" * n
    yield "many spaces", lambda n: f"{head} {items[0]}" + " " * n + "x"
    yield "many quotes", lambda n: f"{head} " + _fill('"x', n, " ")


def sheet_patterns(k: Kind, size: int) -> Iterator[tuple[str, Callable[[int], str]]]:
    """(name, sheet of about n bytes) for the kind."""
    if k.name == "(blank and comment lines)":
        yield "blank lines", lambda n: "\n" * n
        yield "comment lines", lambda n: "#\n" * (n // 2)
        yield "spaces lines", lambda n: " \n" * (n // 2)
        yield "header lines", lambda n: "GAME x\n" * (n // 7)
        return
    if k.name == "(unknown order)":
        yield "short unknown lines", lambda n: "".join(f"X{i}\n" for i in range(n // 7))
        yield "unknown lines like keywords", lambda n: "".join(
            f"{k.rest}{i}\n" for i in range(n // (len(k.rest) + 7)))
        yield "one long unknown word", lambda n: "Q" * n
        yield "one long unknown line", lambda n: _fill("FLEEE ANYWHERE", n, " ")
        yield "long words lines", lambda n: _fill("Q" * 999, n, "\n")
        return
    for name, make in line_patterns(k):
        for length in LINE_LENGTHS:
            if name == "example" and length is not None and length > 60:
                continue
            label = f"{name}, {'one line' if length is None else f'lines of {length}'}"
            yield label, lambda n, make=make, length=length: _sheet(make, length, n)
    # the same short line many times with varying case (no cache helps), and many
    # distinct unknown names (a "did you mean" for each line)
    yield "example, case varied", lambda n: _varied(f"{k.head} {k.rest}", n)
    yield "distinct unknown names", lambda n: "".join(
        f"{k.head} Qzx{i}\n" for i in range(n // (len(k.head) + 9)))
    yield "distinct near names", lambda n: "".join(
        f"{k.head} {_items(k.rest)[0]}{i}\n"
        for i in range(n // (len(k.head) + len(_items(k.rest)[0]) + 8)))


def _sheet(make: Callable[[int], str], length: int | None, size: int) -> str:
    if length is None:
        return make(size)[:size]
    line = make(length)
    if length >= MAX_LINE:  # as long as a line that is read, no longer
        line = line[:length]
    return _fill(line, size, "\n")[:size]


def projection(text: str, size: int) -> float:
    """How much more work a sheet of `size` bytes built like `text` asks for: in
    proportion to the lines pbem.lines reads or refuses (MAX_ORDERS at most; MAX_CHARS
    characters of the lines it reads), or to the size for one line."""
    lines = text.count("\n") + 1
    if lines == 1:
        return size / max(1, len(text))
    length = len(text) / lines

    def read(n: float) -> float:
        n = min(n, MAX_ORDERS)
        return n if length > MAX_LINE else min(n, max(1.0, MAX_CHARS / length))

    return read(size / (length + 1)) / read(lines)


def _varied(line: str, size: int) -> str:
    out, total, i = [], 0, 0
    while total < size:
        bits = i
        text = "".join(c.upper() if (bits >> (j % 20)) & 1 else c.lower()
                       for j, c in enumerate(line))
        out.append(text)
        total += len(text) + 1
        i += 1
    return "\n".join(out)


# -- measuring --------------------------------------------------------------------------------

def timed(check: Callable[[str], object], text: str) -> float:
    start = time.perf_counter()
    check(text)
    return time.perf_counter() - start


@dataclass
class Result:
    kind: Kind
    pattern: str
    size: int  # bytes of the largest sheet checked
    seconds: float  # at that size
    projected: float  # at the full size (= seconds when it was reached)
    reached: bool = True  # checked at the full size (else given up, and projected)


def full_size(k: Kind, pattern: str, make: Callable[[int], str], size: int,
              screen: int) -> Result:
    """Check the pattern's sheet at sizes doubling up to `size`; stop early when a step
    is slow, projecting the full-size time from the growth seen."""
    n, last = screen, None
    while True:
        n = min(n * 2, size)
        text = make(n)
        got = len(text.encode())
        took = timed(k.check, text)
        if got >= size * 0.98 or n >= size:
            return Result(k, pattern, got, took, took)
        if took > ABORT:
            grow = 1.0
            if last is not None and last[1] > 0.05:
                grow = max(1.0, math.log(took / last[1]) / math.log(got / last[0]))
            return Result(k, pattern, got, took, took * (size / got) ** max(grow, 1.0), False)
        last = (got, took)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("size", nargs="?", type=int, default=LIMIT)
    ap.add_argument("--only", default="", help="only kinds whose name contains this")
    ap.add_argument("--skip", default="", help="skip kinds whose name contains this")
    ap.add_argument("--top", type=int, default=5, help="candidates per kind at full size")
    ap.add_argument("--screen", type=int, default=SCREEN, help="bytes of a screening sheet")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    started = time.perf_counter()
    results: list[Result] = []
    for k in kinds():
        if args.only.upper() not in k.name.upper() or (
                args.skip and args.skip.upper() in k.name.upper()):
            continue
        screened = []
        base = min(timed(k.check, "") for _ in range(3))  # the cost of any sheet
        for name, make in sheet_patterns(k, args.size):
            text = make(args.screen)
            took = timed(k.check, text)
            screened.append((base + max(0.0, took - base) * projection(text, args.size), took,
                             name, make))
        screened.sort(key=lambda x: -x[0])
        best = None
        for _, took, name, make in screened[:args.top]:
            r = full_size(k, name, make, args.size, args.screen)
            if args.verbose:
                print(f"  {k.game} {k.name}: {name}: screen {took * 1000:.1f} ms, "
                      f"{r.size:,} bytes {r.seconds:.3f} s", flush=True)
            if best is None or r.projected > best.projected:
                best = r
        results.append(best)
        mark = "" if best.projected < GOAL else "   <-- over the goal"
        print(f"{best.projected:9.3f} s  {k.game:13} {k.name:40} {best.pattern}{mark}",
              flush=True)
    results.sort(key=lambda r: -r.projected)
    print(f"\nworst sheets of {args.size:,} bytes, slowest first "
          f"({len(results)} kinds of line; {time.perf_counter() - started:.0f} s in all):")
    for r in results:
        shown = f"{r.seconds:9.3f} s" if r.reached else \
            f"~{r.projected:8.0f} s (projected; {r.seconds:.1f} s at {r.size:,} bytes)"
        print(f"{shown}  {r.kind.game:13} {r.kind.name:40} {r.pattern}")
    worst = results[0]
    print(f"\nmax: {worst.projected:.3f} s ({worst.kind.game} {worst.kind.name}: "
          f"{worst.pattern}); goal: under {GOAL:.0f} s each")


if __name__ == "__main__":
    main()
