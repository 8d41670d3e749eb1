"""The contracts every registered game must keep (issue 21), as small check functions.

Each `check_*` function uses only the Game protocol (pbem/engine.py) and raises
AssertionError when the game breaks the contract, so test_contract.py runs them over
every installed game and test_converse.py shows each one failing on a fake game that
breaks it. Nothing here imports a game: a new game gets the suite for free.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field

from pbem.dice import Dice
from pbem.engine import STATUSES, OrderSheet, canonical_json, plain

NAMES = ["anna", "boris", "chiara", "dmitri", "elena", "fritz", "greta", "hugo"]


def players_for(n: int) -> list[str]:
    return list(NAMES[:n]) if n <= len(NAMES) else [f"player{i}" for i in range(n)]


# --- playing a few stages ---------------------------------------------------------------

#: a commented-out order line of a form ("#LEGIONS 2") or an example ("e.g. ATTACK x")
_COMMENTED = re.compile(r"^#\s*(?:e\.g\.\s+)?([A-Z][A-Z]+\b.*)$")


def played_sheet(form: str, rng: random.Random) -> str:
    """The form sent back with a seeded random few of its commented-out order lines
    and examples switched on: a sheet a player might write (it need not be legal)."""
    out = form.splitlines()
    for i, line in enumerate(out):
        m = _COMMENTED.match(line.strip())
        if m and rng.random() < 0.3:
            out[i] = m.group(1)
    return "\n".join(out) + "\n"


@dataclass
class Step:
    """One resolved stage: what went in, what came out."""

    number: int
    stage: str
    state: dict  # the state before the stage (as stored: a JSON round trip)
    texts: dict[str, str | None]  # each player's sheet text, None: no sheet
    dice_seed: str
    result: str  # fingerprint(...) of the Resolution


@dataclass
class Play:
    game_id: str
    players: list[str]
    seed: str
    mode: str
    steps: list[Step] = field(default_factory=list)
    final: dict | None = None  # the state after the last stage played
    final_stage: str = ""


def fingerprint(res, dice: Dice) -> str:
    """Everything a resolved stage stores, as one string (byte-for-byte comparable)."""
    return json.dumps({
        "state": res.state,
        "events": [e.to_dict() for e in res.events],
        "stage": res.stage_name,
        "finished": res.finished,
        "result": res.result,
        "changes": plain(res.changes),
        "rolls": dice.rolls(),
    }, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=repr)


def stored(state: dict) -> dict:
    """The state as the framework stores and reads it back (pbem/store.py)."""
    return json.loads(canonical_json(state))


def sheets_from(game, state: dict, texts: dict[str, str | None]) -> dict:
    return {p: (None if t is None else game.check_orders(state, p, t)) for p, t in texts.items()}


def play(game, players: list[str], seed: str, stages: int, mode: str) -> Play:
    """A seeded game of `stages` stages. `mode`: "none" (nobody sends a sheet), "form"
    (each player sends his order form back unchanged), "played" (his form with a few
    example lines switched on, `played_sheet`), "mixed" (one of the three per player)."""
    rng = random.Random(f"{seed}:{mode}")
    state, stage, _ = game.new_game(list(players), {}, Dice(seed))
    out = Play(game.id, list(players), seed, mode)
    previous: dict[str, OrderSheet | None] = {p: None for p in players}
    for number in range(stages):
        state = stored(state)
        texts: dict[str, str | None] = {}
        for p in players:
            how = mode if mode != "mixed" else rng.choice(["none", "form", "played"])
            if how == "none":
                texts[p] = None
                continue
            form = game.order_form(state, p, previous[p])
            texts[p] = form if how == "form" else played_sheet(form, rng)
        sheets = sheets_from(game, state, texts)
        seed_n = f"{seed}:{number}"
        dice = Dice(seed_n)
        given = stored(state)  # resolve gets its own copy: `state` stays as stored
        res = game.resolve(given, sheets, dice)
        out.steps.append(Step(number, stage, state, texts, seed_n, fingerprint(res, dice)))
        previous = {p: sheets[p] for p in players}
        state, stage = res.state, res.stage_name
        if res.finished:
            break
    out.final, out.final_stage = stored(state), stage
    return out


def states_of(p: Play) -> list[dict]:
    """Every state a play went through (before each stage, and the last one)."""
    return [s.state for s in p.steps] + ([p.final] if p.final is not None else [])


# --- 1. determinism and replay ------------------------------------------------------------

def check_deterministic(game, players: list[str], seed: str, stages: int, mode: str) -> Play:
    """The same seed and sheets give byte-identical states, events, rolls and ledger
    changes twice; and each stage, resolved again from its stored state (a JSON round
    trip) with its sheets re-checked, gives the same bytes again without changing the
    state it was given."""
    first = play(game, players, seed, stages, mode)
    second = play(game, players, seed, stages, mode)
    assert len(first.steps) == len(second.steps), "a replayed game ran a different length"
    for a, b in zip(first.steps, second.steps, strict=True):
        assert canonical_json(a.state) == canonical_json(b.state), \
            f"{game.id}: state before stage {a.number} ({a.stage}) differs between two runs"
        assert a.texts == b.texts, f"{game.id}: order form of stage {a.number} differs"
        assert a.result == b.result, \
            f"{game.id}: stage {a.number} ({a.stage}) resolved differently twice"
    for step in first.steps:
        check_replay(game, step)
    return first


def check_replay(game, step: Step) -> None:
    state = stored(step.state)
    before = canonical_json(state)
    dice = Dice(step.dice_seed)
    res = game.resolve(state, sheets_from(game, state, step.texts), dice)
    assert canonical_json(state) == before, \
        f"{game.id}: resolve changed the state it was given (stage {step.number})"
    assert fingerprint(res, dice) == step.result, \
        f"{game.id}: stage {step.number} ({step.stage}) replayed from its stored state differs"
    assert canonical_json(stored(res.state)) == canonical_json(res.state), \
        f"{game.id}: the state after stage {step.number} is not JSON-compatible"


# --- 2. fuzzed sheets never raise ---------------------------------------------------------

_UNICODE = ["Bäal → Thämuz", "ЛЕГИОН 2", "指令 3", "🔥🔥 LEGIONS 🔥", "e\u0301\u0301\u0301",
            "\u202eSDRAWKCAB\u202c", "\u200b\u200bKEEP", "\ufeffBOM line", "tab\tseparated\tline",
            "\x00nul\x01ctl\x7f", "ＦＵＬＬＷＩＤＴＨ", "ǅemon ﬁre", "\u00a0\u00a0indented"]
_JUNK = ["", " ", "#", "##", ":", "::", ",", ", , ,", ">", "->", "=", "-1", "0", "999999999999",
         "1e309", "NaN", "None", "null", "{}", "[]", "()", "'", '"', "\\", "%s%s%n",
         "<script>alert(1)</script>", "'; DROP TABLE orders; --", "IF", "WITH", "ALL", "ANY",
         "ONLY IF", "TO", "FROM", "AND", "OR", "NOT", "OFF", "ON", "a" * 300, "X " * 500]


def fuzz_lines(rng: random.Random, vocabulary: list[str], players: list[str]) -> list[str]:
    """Junk: random bytes of printable and unicode text, long lines, other players'
    names, example lines of every installed game, and splices of these."""
    words = [w for line in vocabulary for w in line.split()] or ["X"]
    pool = vocabulary + _UNICODE + _JUNK + players + [p.upper() for p in players]
    out = []
    for _ in range(rng.randint(1, 12)):
        kind = rng.randrange(7)
        if kind == 0:
            out.append(rng.choice(pool))
        elif kind == 1:  # words of order lines in a random order
            out.append(" ".join(rng.choice(words) for _ in range(rng.randint(1, 8))))
        elif kind == 2:  # an example with a word swapped for a name or junk
            ws = rng.choice(vocabulary or ["X"]).split() or ["X"]
            ws[rng.randrange(len(ws))] = rng.choice(players + _JUNK + _UNICODE)
            out.append(" ".join(ws))
        elif kind == 3:  # random code points
            out.append("".join(chr(rng.choice([rng.randint(32, 126), rng.randint(160, 0x2FFF),
                                               rng.randint(0x1F300, 0x1F6FF)]))
                               for _ in range(rng.randint(1, 60))))
        elif kind == 4:  # a long line
            out.append(rng.choice(pool) * rng.randint(50, 400))
        elif kind == 5:  # an example, cut short
            line = rng.choice(vocabulary or ["X"])
            out.append(line[: rng.randint(0, len(line))])
        else:  # numbers where names go and names where numbers go
            line = rng.choice(vocabulary or ["X 1"])
            out.append(re.sub(r"\d+", lambda _m: rng.choice(["-3", "0", "10**9", "two", "½"]),
                              line).replace(players[0], str(rng.randint(-9, 99))))
    return out


def check_never_raises(game, state: dict, player: str, text: str) -> OrderSheet:
    """check_orders returns an OrderSheet for `player` whose every line has a known
    status, never raises, and does not change the state it reads."""
    before = canonical_json(state)
    try:
        sheet = game.check_orders(state, player, text)
    except Exception as e:  # the contract: never raises for bad input
        raise AssertionError(f"{game.id}: check_orders raised {type(e).__name__}: {e} "
                             f"on {text[:300]!r}") from e
    assert isinstance(sheet, OrderSheet), f"{game.id}: check_orders returned {type(sheet)}"
    assert sheet.player == player, f"{game.id}: sheet for {sheet.player!r}, not {player!r}"
    for r in sheet.lines:
        assert r.status in STATUSES, f"{game.id}: line {r.text!r} has status {r.status!r}"
    json.dumps(sheet.to_dict())  # stored as JSON (table order_lines)
    assert canonical_json(state) == before, f"{game.id}: check_orders changed the state"
    return sheet


# --- 3. the order form sent back is legal -------------------------------------------------

def check_form_legal(game, state: dict, player: str, previous: OrderSheet | None = None) -> None:
    """The order form, sent back unchanged, has no problem line."""
    form = game.order_form(state, player, previous)
    assert isinstance(form, str), f"{game.id}: order_form returned {type(form)}"
    sheet = game.check_orders(state, player, form)
    bad = [f"{r.text!r}: {r.status} {r.message}" for r in sheet.problems]
    assert not bad, f"{game.id}: {player}'s order form sent back is not legal: {bad}"


# --- 4. no leak between players -----------------------------------------------------------

MIN_TOKEN = 4  # strings shorter than this ("Yes", "3", "A") say nothing about a secret


def tokens(obj) -> set[str]:
    """The string leaves (and dict keys) of a JSON value, of MIN_TOKEN characters or more."""
    out: set[str] = set()

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if isinstance(k, str) and len(k.strip()) >= MIN_TOKEN:
                    out.add(k)
                walk(v)
        elif isinstance(x, list | tuple):
            for v in x:
                walk(v)
        elif isinstance(x, str) and len(x.strip()) >= MIN_TOKEN:
            out.add(x)

    walk(obj)
    return out


def secrets_of(game, state: dict, players: list[str]) -> dict[str, set[str]]:
    """What only each player is shown: the string leaves of his player_view that are in
    no other player's view and nowhere in the public view's bytes (a card in his hand,
    his Daemons' ability texts, ...). A secret two players share (a private deal between
    them, the same card in both hands) is nobody's secret here."""
    public = canonical_json(game.public_view(state))
    views = {p: tokens(game.player_view(state, p)) for p in players}
    out = {}
    for q in players:
        others = set().union(*(views[r] for r in players if r != q))
        # a number with its unit ("6 Souls") is a cost or a count, not something to hide
        out[q] = {t for t in views[q] - others
                  if t not in public and not any(ch.isdigit() for ch in t)}
    return out


def help_text(game) -> str:
    if not hasattr(game, "order_help"):
        return ""
    return "\n".join(f"{h.keyword}\n{h.doc}\n{h.example}\n{h.default}\n{h.when}"
                     for h in game.order_help())


def check_no_leak(game, state: dict, players: list[str]) -> None:
    """Byte for byte: no secret of another player (`secrets_of`) appears anywhere in a
    player's order form, not even inside a longer line, unless the player may read it
    elsewhere: in his own view or the public view (bytes), the game's order help, or a
    line every player's form at this stage has (game text that depends on no hand).

    Weaker than it sounds, and on purpose: the same check on player_view itself is
    empty (a secret is by definition in no other view), and a game that copied every
    hand into every view would make nothing a secret. check_secret_swap is the strong,
    counterfactual check (it catches that too); this one covers text a form copies."""
    secrets = secrets_of(game, state, players)
    public = canonical_json(game.public_view(state))
    forms = {p: game.order_form(state, p) for p in players}
    common = set.intersection(*(set(f.splitlines()) for f in forms.values()))
    known = "\n".join([public, help_text(game), *common])
    for p in players:
        own = canonical_json(game.player_view(state, p))
        for q in players:
            if q == p:
                continue
            for t in sorted(secrets[q]):
                if t in forms[p] and t not in own and t not in known:
                    raise AssertionError(
                        f"{game.id}: {p}'s order form shows {t!r}, which only {q} may see")


def _keyed_by_players(state, players: list[str], path=()):
    """The paths of every dict in the state whose keys include every player: where a
    game keeps what each player has (state["players"][name], state["hands"][name] ...)."""
    if isinstance(state, dict):
        if set(players) <= set(state):
            yield path
        for k, v in state.items():
            yield from _keyed_by_players(v, players, (*path, k))
    elif isinstance(state, list):
        for i, v in enumerate(state):
            yield from _keyed_by_players(v, players, (*path, i))


def _pairs(a, b, path=()):
    """The relative paths at which `a` and `b` both hold a str or an int, and differ:
    what could be swapped between two players."""
    if not path and _leaf(a) and _leaf(b):  # the player's value itself
        if a != b:
            yield ()
        return
    if isinstance(a, dict) and isinstance(b, dict):
        keys = sorted(set(a) & set(b), key=str)
    elif isinstance(a, list) and isinstance(b, list):
        keys = range(min(len(a), len(b)))
    else:
        return
    for k in keys:
        if _leaf(a[k]) and _leaf(b[k]):
            if a[k] != b[k]:
                yield (*path, k)
        else:
            yield from _pairs(a[k], b[k], (*path, k))


def _leaf(x) -> bool:
    return isinstance(x, str | int) and not isinstance(x, bool)


def _at(x, path):
    for k in path:
        x = x[k]
    return x


def secret_swap(game, state: dict, q: str, r: str, players: list[str]) -> tuple[dict, int]:
    """Another world that differs from `state` only in what the public may not see:
    q's and r's values swapped, one place at a time (the same relative path under a
    dict keyed by player), each swap kept only if the public view stays byte-identical.
    Every trial is a fresh dict (a game may cache what it read by the dict's identity,
    as the framework never changes a snapshot). Returns the world and the swaps kept."""
    world = stored(state)
    public = canonical_json(game.public_view(state))
    kept = 0
    for base in list(_keyed_by_players(world, players)):
        for rel in list(_pairs(_at(world, base)[q], _at(world, base)[r])):
            trial = stored(world)
            pa, pb = (*base, q, *rel), (*base, r, *rel)
            a, b = _at(trial, pa[:-1]), _at(trial, pb[:-1])
            a[pa[-1]], b[pb[-1]] = b[pb[-1]], a[pa[-1]]
            try:
                same = canonical_json(game.public_view(trial)) == public
            except Exception:  # a world the game cannot read: do not try that swap
                same = False
            if same:
                world, kept = trial, kept + 1
    return stored(world), kept


def check_secret_swap(game, state: dict, players: list[str]) -> int:
    """The counterfactual, byte for byte: swap what two players q and r hold out of the
    public's sight (secret_swap); every third player's player_view and order_form stay
    byte-identical. Uses one convention of the state's layout (per-player data sits in
    a dict keyed by player name); returns how many swaps changed q's or r's own view,
    so a test can tell that the check was not empty."""
    telling = 0
    for q, r in [(q, r) for i, q in enumerate(players) for r in players[i + 1:]]:
        others = [p for p in players if p not in (q, r)]
        if not others:
            continue
        world, kept = secret_swap(game, state, q, r, players)
        if not kept:
            continue
        if any(canonical_json(game.player_view(world, x)) != canonical_json(
                game.player_view(state, x)) for x in (q, r)):
            telling += 1
        for p in others:
            assert canonical_json(game.player_view(world, p)) == canonical_json(
                game.player_view(state, p)), \
                f"{game.id}: {p}'s player_view changes when {q} and {r} swap their secrets"
            assert game.order_form(world, p) == game.order_form(state, p), \
                f"{game.id}: {p}'s order form changes when {q} and {r} swap their secrets"
    return telling


# --- 5. provenance and effects ------------------------------------------------------------

PROVENANCE = ("rulebook", "external", "assumed")


def check_audit(game) -> dict:
    """`audit()` has the shape `pbem data audit` prints; every data value has a source
    (rulebook, external, or an assumption with its note) and the provenance counts add up
    to the data's leaves; every card kind is fully implemented."""
    a = game.audit()
    assert isinstance(a, dict), f"{game.id}: audit() returned {type(a)}"
    for key in ("provenance", "assumed", "implemented", "counts"):
        assert key in a, f"{game.id}: audit() has no {key!r}"
    json.dumps(a)
    prov, assumed, impl, counts = a["provenance"], a["assumed"], a["implemented"], a["counts"]

    assert set(prov) == set(PROVENANCE), f"{game.id}: provenance kinds {sorted(prov)}"
    assert all(isinstance(v, int) and v >= 0 for v in prov.values()), prov
    assert isinstance(counts.get("leaves"), int) and counts["leaves"] > 0, \
        f"{game.id}: audit counts no data leaves"
    assert sum(prov.values()) == counts["leaves"], \
        f"{game.id}: {sum(prov.values())} values have a source, the data has " \
        f"{counts['leaves']} (a value with no source, or one counted twice)"
    assert prov["rulebook"] > 0, f"{game.id}: no data value comes from the rulebook"

    assert isinstance(assumed, list) and len(assumed) == prov["assumed"], \
        f"{game.id}: {prov['assumed']} assumed values, {len(assumed)} listed"
    for x in assumed:
        assert {"file", "key", "note"} <= set(x), f"{game.id}: assumed entry {x}"
        assert str(x["note"]).strip(), f"{game.id}: assumed {x['key']} has no note saying why"
    keys = [(x["file"], x["key"]) for x in assumed]
    assert len(keys) == len(set(keys)), f"{game.id}: an assumed value is listed twice"

    if "by_file" in a:  # optional: per data file, adding up to the whole
        total = {k: sum(f.get(k, 0) for f in a["by_file"].values()) for k in PROVENANCE}
        assert total == {k: prov[k] for k in PROVENANCE}, \
            f"{game.id}: by_file {total} does not add up to provenance {prov}"

    assert isinstance(impl, dict) and impl, f"{game.id}: audit lists no card kinds"
    for kind, c in impl.items():
        assert isinstance(c.get("total"), int) and c["total"] > 0, f"{game.id}: {kind}: {c}"
        missing = c.get("missing", [])
        assert c.get("implemented") == c["total"] and not missing, \
            f"{game.id}: {kind}: {c.get('implemented')} of {c['total']} have an effect; " \
            f"missing {missing}"
    for kind, c in impl.items():  # a kind the counts also give has the same number
        if kind in counts:
            assert counts[kind] == c["total"], \
                f"{game.id}: {counts[kind]} {kind} in the data, {c['total']} in implemented"
    if hasattr(game, "where"):  # optional: the file:line of each card's effect
        for w in game.where():
            assert str(w.get("where", "")).strip(), f"{game.id}: {w.get('id')} has no effect"
    return a
