"""Scenario files: a given position, orders, scripted dice and expected outcomes.

The format is documented in docs/scenarios.md. A game supports scenarios by
providing `scenario_state(given) -> state` and `run_phases(state, sheets, dice, phases)
-> (state, events)`; without `phases` the whole stage is resolved. Optionally
`scenario_view(state) -> dict`: what `expect` paths read instead of the stored state
(e.g. card ids where the state holds card instances).

Nothing here knows a game: the expectations read the checked order sheets
(`pbem.engine.LineResult`), the events (`pbem.engine.Event`) and the state as a
JSON-compatible dict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .dice import Dice, DiceError
from .engine import get_game, provides

KEYS = {"title", "rules", "game", "phases", "given", "orders", "dice", "expect",
        "expect_events", "expect_events_in_order", "expect_orders", "seed", "notes"}

#: What an `expect_orders` entry may say about one line.
LINE_KEYS = {"line", "text", "status", "rule", "message", "warning", "canonical"}
#: What an event pattern (`expect_events`, `expect_events_in_order`) may say.
EVENT_KEYS = {"kind", "text", "rule", "to"}


@dataclass
class ScenarioResult:
    path: str
    title: str
    differences: list[str] = field(default_factory=list)
    error: str = ""
    events: list = field(default_factory=list)
    state: dict | None = None
    sheets: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.differences and not self.error

    def summary(self) -> str:
        head = f"{'PASS' if self.ok else 'FAIL'} {self.path}: {self.title}"
        lines = [head]
        if self.error:
            lines.append(f"  error: {self.error}")
        lines.extend(f"  {d}" for d in self.differences)
        return "\n".join(lines)


def load(path: str | Path) -> dict:
    doc = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    validate(doc)
    return doc


def validate(doc) -> None:
    """The file's shape: known keys, the required ones, and the shape of each
    expectation (a ValueError names what is wrong)."""
    if not isinstance(doc, dict):
        raise ValueError("a scenario file is a YAML mapping")
    unknown = sorted(set(doc) - KEYS)
    if unknown:
        raise ValueError(f"unknown keys {unknown}; allowed: {sorted(KEYS)}")
    for key in ("title", "game", "given"):
        if key not in doc:
            raise ValueError(f"missing key {key!r}")
    phases = doc.get("phases")
    if phases is not None and not isinstance(phases, list):
        raise ValueError("phases: a list of phase names")
    eo = doc.get("expect_orders")
    if eo is not None:
        if not isinstance(eo, dict):
            raise ValueError("expect_orders: a mapping player -> list of lines")
        for player, lines in eo.items():
            if not isinstance(lines, list):
                raise ValueError(f"expect_orders.{player}: a list of lines")
            for want in lines:
                if not isinstance(want, dict):
                    raise ValueError(f"expect_orders.{player}: each line is a mapping, "
                                     f"e.g. {{line: 2, status: illegal}}; got {want!r}")
                bad = sorted(set(want) - LINE_KEYS)
                if bad:
                    raise ValueError(f"expect_orders.{player}: unknown keys {bad}; "
                                     f"allowed: {sorted(LINE_KEYS)}")
                if ("line" in want) == ("text" in want):
                    raise ValueError(f"expect_orders.{player}: name the line by `line:` "
                                     f"(its number) or `text:`, not both: {want!r}")
                if "status" not in want:
                    raise ValueError(f"expect_orders.{player}: `status:` is required: "
                                     f"{want!r}")
    for key in ("expect_events", "expect_events_in_order"):
        pats = doc.get(key)
        if pats is None:
            continue
        if not isinstance(pats, list):
            raise ValueError(f"{key}: a list of texts or {{kind, text, rule, to}}")
        for pat in pats:
            if isinstance(pat, dict):
                bad = sorted(set(pat) - EVENT_KEYS)
                if bad or not pat:
                    raise ValueError(f"{key}: unknown keys {bad}; allowed: "
                                     f"{sorted(EVENT_KEYS)}")
            elif not isinstance(pat, str):
                raise ValueError(f"{key}: {pat!r} is neither a text nor a mapping")
    expect = doc.get("expect")
    if expect is not None and not isinstance(expect, dict):
        raise ValueError("expect: a mapping path -> value")


def run_file(path: str | Path) -> ScenarioResult:
    try:
        doc = load(path)
    except (OSError, ValueError, yaml.YAMLError) as e:
        return ScenarioResult(str(path), "?", error=str(e))
    return run(doc, str(path))


def run(doc: dict, path: str = "<scenario>") -> ScenarioResult:
    result = ScenarioResult(path, str(doc.get("title", "?")) if isinstance(doc, dict) else "?")
    try:
        validate(doc)
        game = get_game(doc["game"])
        if not (provides(game, "scenario_state") and provides(game, "run_phases")):
            raise ValueError(f"{doc['game']} does not support scenario files")
        state = game.scenario_state(doc["given"])
        players = state_players(state)
        orders = doc.get("orders") or {}
        strangers = sorted(set(orders) | set(doc.get("expect_orders") or {}))
        strangers = [p for p in strangers if p not in players]
        if strangers:
            raise ValueError(f"orders for {strangers}, who are not players ({players})")
        sheets = {}
        for player in players:
            text = orders.get(player)
            sheets[player] = game.check_orders(state, player, text) if text else None
        result.sheets = sheets
        result.differences += order_differences(sheets, doc.get("expect_orders") or {})
        dice = Dice(str(doc.get("seed", "0")), script=list(doc.get("dice") or []))
        phases = doc.get("phases")
        if phases == []:  # check the orders only: nothing is resolved
            new_state, events = state, []
        else:
            new_state, events = game.run_phases(state, sheets, dice, phases)
        dice.finish()
    except (DiceError, ValueError, KeyError, LookupError) as e:
        result.error = f"{type(e).__name__}: {e}"
        return result
    result.state, result.events = new_state, events
    view = game.scenario_view(new_state) if provides(game, "scenario_view") else new_state
    for key, want in (doc.get("expect") or {}).items():
        try:
            got = lookup(view, key)
        except (KeyError, IndexError, ValueError, TypeError) as e:
            result.differences.append(f"{key}: cannot read it ({_reason(e)})")
            continue
        if got != want:
            result.differences.append(f"{key}: expected {want!r}, got {got!r}")
    for want in doc.get("expect_events") or []:
        if not any(event_matches(e, want) for e in events):
            result.differences.append(f"no event matches {describe(want)}"
                                      + _nearest(events, want))
    result.differences += in_order_differences(events, doc.get("expect_events_in_order")
                                               or [])
    return result


def state_players(state: dict) -> list[str]:
    return list(state.get("seats") or state.get("players") or [])


# --- expected order lines ----------------------------------------------------------------

def order_differences(sheets: dict, expected: dict) -> list[str]:
    """Every line with a problem must be expected; every expected line must be as said.

    `expected`: player -> [{line: N | text: "...", status, rule?, message?, warning?,
    canonical?}]; `message` and `warning` are substrings, the others exact."""
    out = []
    for player, sheet in sheets.items():
        wants = expected.get(player) or []
        if sheet is None:
            if wants:
                out.append(f"orders of {player}: {len(wants)} line(s) expected, but "
                           f"{player} has no orders")
            continue
        claimed = set()
        for want in wants:
            r = _find_line(sheet.lines, want)
            if r is None:
                have = ", ".join(f"{x.line_no} {x.text!r}" for x in sheet.lines)
                which = (f"line {want['line']}" if "line" in want
                         else f"a line {want['text']!r}")
                out.append(f"orders of {player}: no {which} (lines: {have or 'none'})")
                continue
            claimed.add(r.line_no)
            out += [f"orders of {player}, line {r.line_no} {r.text!r}: {d}"
                    for d in _line_differences(r, want)]
        for r in sheet.problems:
            if r.line_no not in claimed:
                out.append(f"orders of {player}, line {r.line_no} {r.text!r}: {r.status}"
                           + (f" [{r.rule}]" if r.rule else "") + f": {r.message} "
                           "(not expected: list it under expect_orders)")
    return out


def _find_line(lines, want):
    if "line" in want:
        return next((r for r in lines if r.line_no == want["line"]), None)
    return next((r for r in lines if r.text.strip() == str(want["text"]).strip()), None)


def _line_differences(r, want: dict) -> list[str]:
    got = f"{r.status}" + (f" [{r.rule}]" if r.rule else "") + (
        f": {r.message}" if r.message else "")
    out = []
    if r.status != want["status"]:
        out.append(f"expected {want['status']}, got {got}")
    if "rule" in want and r.rule != want["rule"]:
        out.append(f"expected rule {want['rule']}, got {r.rule or 'none'} ({got})")
    if "message" in want and str(want["message"]) not in r.message:
        out.append(f"expected a message with {want['message']!r}, got {r.message!r}")
    if "warning" in want and str(want["warning"]) not in r.warning:
        out.append(f"expected a warning with {want['warning']!r}, got {r.warning!r}")
    if "canonical" in want and r.canonical != want["canonical"]:
        out.append(f"expected canonical {want['canonical']!r}, got {r.canonical!r}")
    return out


# --- expected events ---------------------------------------------------------------------

def event_matches(event, pattern) -> bool:
    """A text pattern is a substring of the event's text; a mapping pattern matches
    `kind` and `rule` exactly, `text` as a substring, and `to` the readers (`public`, a
    player's name, or a list of names: exactly those)."""
    if isinstance(pattern, str):
        return pattern in event.text
    if "kind" in pattern and event.kind != pattern["kind"]:
        return False
    if "rule" in pattern and event.rule != pattern["rule"]:
        return False
    if "text" in pattern and str(pattern["text"]) not in event.text:
        return False
    if "to" in pattern:
        to = pattern["to"]
        if to == "public":
            return event.visible_to is None
        names = [to] if isinstance(to, str) else list(to)
        if event.visible_to is None or set(event.visible_to) != set(names):
            return False
    return True


def describe(pattern) -> str:
    if isinstance(pattern, str):
        return repr(pattern)
    return "{" + ", ".join(f"{k}: {v!r}" for k, v in pattern.items()) + "}"


def _nearest(events, pattern) -> str:
    """A hint when nothing matched: the events of the kind asked for, if any."""
    if isinstance(pattern, dict) and "kind" in pattern:
        same = [e.text for e in events if e.kind == pattern["kind"]]
        if same:
            return f"; events of kind {pattern['kind']!r}: {same[:3]!r}"
    return ""


def in_order_differences(events, patterns: list) -> list[str]:
    """Each pattern must match an event after the one the previous pattern matched."""
    at = -1  # index of the event the previous pattern matched
    for n, pat in enumerate(patterns, 1):
        found = next((i for i in range(at + 1, len(events))
                      if event_matches(events[i], pat)), None)
        if found is not None:
            at = found
            continue
        after = ("from the first event" if at < 0 else
                 f"after event {at + 1} {events[at].text!r} (matched by item {n - 1})")
        earlier = next((i for i in range(0, at + 1) if event_matches(events[i], pat)), None)
        why = (f"; it matches only earlier, event {earlier + 1} {events[earlier].text!r}"
               if earlier is not None else "; no event matches it at all")
        return [f"events in order: item {n} {describe(pat)} not found {after}{why}"]
    return []


# --- expect paths --------------------------------------------------------------------------

def lookup(state, key: str):
    """Read one `expect` path (docs/scenarios.md, "Expect paths").

    `a.b.c` walks dicts and lists (a number indexes a list); `name[k=v,k2=v2]` keeps
    the items of a list (or the values of a dict) whose fields match; a `count:` prefix
    gives the number of items. A key or a filter value in quotes ("..." or '...') is
    taken whole, dots and all: `daemons."daemon.baal".where`,
    `units[location="sectio.dogs-of-war"]`. An unquoted key that contains dots is
    found too when the dots lead to no other key (`owners.sectio.liars`)."""
    if key.startswith("count:"):
        return len(_walk(state, key[len("count:"):]))
    return _walk(state, key)


@dataclass
class _Segment:
    name: str | None  # None: a filter on the current value itself
    quoted: bool
    filters: list[tuple[str, str, bool]] | None  # (field, value, value quoted)


def split_path(path: str) -> list[_Segment]:
    """`a."b.c"[k=v,k2="x.y"].0` -> its segments (dots inside quotes and brackets do
    not split)."""
    raw, buf, quote, depth = [], "", None, 0
    for ch in path:
        if quote:
            buf += ch
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
            buf += ch
        elif ch == "[":
            depth += 1
            buf += ch
        elif ch == "]":
            depth -= 1
            buf += ch
        elif ch == "." and depth == 0:
            raw.append(buf)
            buf = ""
        else:
            buf += ch
    if quote or depth:
        raise ValueError(f"unbalanced {'quote' if quote else 'bracket'} in {path!r}")
    raw.append(buf)
    return [_segment(s, path) for s in raw]


def _segment(s: str, path: str) -> _Segment:
    filters = None
    if s.endswith("]") and "[" in s:
        i = _open_bracket(s)
        s, inner = s[:i], s[i + 1:-1]
        filters = [_condition(c, path) for c in _split_commas(inner) if c.strip()]
    if not s and filters is None:
        raise ValueError(f"an empty part in {path!r}")
    quoted = len(s) >= 2 and s[0] == s[-1] and s[0] in "\"'"
    return _Segment(s[1:-1] if quoted else (s or None), quoted, filters)


def _open_bracket(s: str) -> int:
    quote = None
    for i, ch in enumerate(s):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "[":
            return i
    raise ValueError(f"no '[' in {s!r}")


def _split_commas(s: str) -> list[str]:
    out, buf, quote = [], "", None
    for ch in s:
        if quote:
            quote = None if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == ",":
            out.append(buf)
            buf = ""
            continue
        buf += ch
    out.append(buf)
    return out


def _condition(c: str, path: str) -> tuple[str, str, bool]:
    if "=" not in c:
        raise ValueError(f"filter {c!r} in {path!r} is not field=value")
    k, v = (x.strip() for x in c.split("=", 1))
    quoted = len(v) >= 2 and v[0] == v[-1] and v[0] in "\"'"
    return k, (v[1:-1] if quoted else v), quoted


def _matches(got, value: str, quoted: bool) -> bool:
    if quoted:
        return got == value
    if str(got) == value:
        return True
    try:
        return got == yaml.safe_load(value)  # true, null, 3
    except yaml.YAMLError:
        return False


def _walk(obj, path: str):
    segs = split_path(path)
    i = 0
    while i < len(segs):
        seg = segs[i]
        if seg.name is not None:
            if isinstance(obj, list) and not seg.quoted:
                if not seg.name.lstrip("-").isdigit():
                    raise ValueError(f"{seg.name!r} is not a list index (a list of "
                                     f"{len(obj)} here)")
                obj = obj[int(seg.name)]
            elif not isinstance(obj, dict):
                raise KeyError(f"{seg.name!r}: {obj!r} has no keys")
            elif seg.name in obj:
                obj = obj[seg.name]
            elif seg.quoted or seg.filters is not None:
                raise KeyError(_no_key(seg.name, obj))
            else:
                obj, seg, i = _dotted_key(obj, segs, i)
        if seg.filters is not None:
            obj = _filter(obj, seg.filters)
        i += 1
    return obj


def _dotted_key(obj: dict, segs: list[_Segment], i: int):
    """An unquoted id with dots (`owners.sectio.sugar-hill`): the shortest run of
    unquoted parts from segs[i] that names a key -> (value, last part, its index)."""
    for j in range(i + 1, len(segs)):
        part = segs[j]
        if part.quoted or part.name is None:
            break
        name = ".".join(s.name for s in segs[i:j + 1])
        if name in obj:
            return obj[name], part, j
        if part.filters is not None:
            break
    raise KeyError(_no_key(segs[i].name, obj))


def _filter(obj, conds):
    items = list(obj.values()) if isinstance(obj, dict) else obj
    if not isinstance(items, list):
        raise ValueError(f"a filter needs a list or a mapping, not {obj!r}")
    return [x for x in items if isinstance(x, dict)
            and all(_matches(x.get(k), v, q) for k, v, q in conds)]


def _no_key(name: str, obj: dict) -> str:
    keys = sorted(map(str, obj))
    shown = ", ".join(keys[:8]) + (" ..." if len(keys) > 8 else "")
    return f"no key {name!r} (keys: {shown or 'none'})"


def _reason(e: Exception) -> str:
    if isinstance(e, KeyError) and e.args:
        return str(e.args[0])
    return f"{type(e).__name__}: {e}"
