"""Every change of a Sectio's owner in play goes through ownership.py (issue 21), so the
"sectio-owner-changed" hooks, the §15.2 rescue among them (HG-15.2-01), cannot be missed.

The guard reads the game's source (AST): a write of `st.owners` (`owners[...] = `,
`del owners[...]`, `owners.pop/update/...`, `st.owners = `) or a call of
`HellState.set_owner` (`x.set_owner(...)`, other than `ownership.set_owner`) is allowed
only in the modules below. The converse checks keep the guard honest: it does flag each
pattern, and each allowed module does hold a write (so the list is no wider than needed).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pbem_games.hellgame as game

ROOT = Path(game.__file__).parent
ALLOWED = {
    "state.py": "HellState.set_owner, the primitive: marker and card together, frozen check",
    "ownership.py": "the one way owners change in play; fires the hooks",
    "setup.py": "the deal of the starting Sectio (HG-5.1-11): no rule runs yet",
    "scenario.py": "a position built from a `given` block: no rule runs",
}
MUTATORS = {"pop", "popitem", "update", "clear", "setdefault", "__setitem__", "__delitem__"}


def _is_owners(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "owners") or \
        (isinstance(node, ast.Name) and node.id == "owners")


def owner_writes(source: str) -> list[int]:
    """Line numbers of writes of `owners` and calls of a `set_owner` method in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets = []
        if isinstance(node, ast.Assign | ast.Delete):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        for t in targets:
            if (isinstance(t, ast.Subscript) and _is_owners(t.value)) or \
                    (isinstance(t, ast.Attribute) and t.attr == "owners"):
                found.append(node.lineno)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            f = node.func
            if f.attr in MUTATORS and _is_owners(f.value):
                found.append(node.lineno)
            if f.attr == "set_owner" and not (isinstance(f.value, ast.Name)
                                              and f.value.id == "ownership"):
                found.append(node.lineno)
    return sorted(found)


def sites() -> dict[str, list[int]]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        lines = owner_writes(path.read_text())
        if lines:
            out[path.relative_to(ROOT).as_posix()] = lines
    return out


def test_sectio_owners_change_only_through_ownership():
    stray = {f: lines for f, lines in sites().items() if f not in ALLOWED}
    assert stray == {}, (
        "st.owners written, or HellState.set_owner called, outside ownership.py: use "
        "ownership.set_owner / ownership.Step so the sectio-owner-changed hooks (the "
        f"HG-15.2-01 rescue) run: {stray}")


def test_each_allowed_module_still_writes_owners():
    assert sorted(f for f in sites() if f in ALLOWED) == sorted(ALLOWED)


def test_the_guard_flags_every_kind_of_write_and_no_read():
    writes = [
        "st.owners[s] = 'a'", "del st.owners[s]", "st.owners.pop(s)", "st.owners.update(x)",
        "st.owners.setdefault(s, 'a')", "st.owners = {}", "owners[s] = 'a'",
        "c.st.set_owner(s, 'a')", "st.owners.clear()",
    ]
    for line in writes:
        assert owner_writes(line) == [1], line
    reads = ["x = st.owners.get(s)", "x = st.owners[s]", "ownership.set_owner(st, d, s, 'a')",
             "set_owner(st, d, s, 'a')", "y = sorted(st.owners)"]
    for line in reads:
        assert owner_writes(line) == [], line
