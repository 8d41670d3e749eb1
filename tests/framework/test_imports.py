"""Every module imports on its own, and no game has a module-level import cycle (issue 21).

A registry never imports its registrants: each game's loader.py imports every module
that registers an effect, an order or a hook, and the game imports the loader. A cycle
breaks as soon as someone imports its modules in another order ("cannot import name ...
from partially initialized module"), so one test imports each module first in a clean
interpreter state, one checks that the loader leaves no registrant out, and one reads
the import statements of each game and fails on any module-level cycle, printing it.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGES = ("pbem", "pbem_games.hellgame", "pbem_games.lords_of_hell")
GAMES = ("pbem_games.hellgame", "pbem_games.lords_of_hell")

#: The most modules one module-level import cycle may hold (1: no cycle at all).
MAX_CYCLE = 1

# Run in one fresh interpreter: for each module, forget every pbem and pbem_games module
# and import that one first. Prints {"modules": n, "failures": [...]} as JSON.
_IMPORT_EACH = """
import importlib, json, pkgutil, sys, traceback

failures, names = [], []
for package in sys.argv[1:]:
    names.append(package)
    path = importlib.import_module(package).__path__
    names += [m.name for m in pkgutil.walk_packages(path, package + ".",
                                                    onerror=names.append)
              if not m.name.endswith(".__main__")]  # __main__ runs the CLI
for name in names:
    for loaded in [k for k in sys.modules if k.split(".")[0] in ("pbem", "pbem_games")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except BaseException as e:
        failures.append(f"{name}: {type(e).__name__}: {e}\\n"
                        + "".join(traceback.format_exception(e)[-6:]))
print(json.dumps({"modules": len(names), "failures": failures}))
"""


def test_every_module_imports_on_its_own():
    run = subprocess.run([sys.executable, "-c", _IMPORT_EACH, *PACKAGES],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["modules"] > 200  # every package was walked
    assert not result["failures"], (
        f"{len(result['failures'])} module(s) fail to import first:\n\n"
        + "\n".join(result["failures"]))


# In a fresh interpreter: import the game's loader, measure every module-level dict, list
# and set of the game's modules then loaded (and the dicts/lists they hold), import every
# other module of the game, and print what grew: a registry some module filled in
# although the loader does not import it.
_REGISTRIES_GROW = """
import importlib, json, pkgutil, sys

game = sys.argv[1]

def sizes():
    out = {}
    for name, mod in list(sys.modules.items()):
        if not name.startswith(game) or mod is None:
            continue
        for attr, value in vars(mod).items():
            if isinstance(value, (dict, list, set)) and not attr.startswith("__"):
                inner = value.values() if isinstance(value, dict) else ()
                out[f"{name}.{attr}"] = len(value) + sum(
                    len(v) for v in inner if isinstance(v, (dict, list, set)))
    return out

importlib.import_module(game + ".loader")
before, loaded = sizes(), set(sys.modules)
for m in pkgutil.walk_packages(importlib.import_module(game).__path__, game + "."):
    importlib.import_module(m.name)
after = sizes()
print(json.dumps({"grew": {k: [n, after[k]] for k, n in before.items() if after[k] != n},
                  "imported": sorted(m for m in set(sys.modules) - loaded
                                     if m.startswith(game))}))
"""


@pytest.mark.parametrize("game", GAMES)
def test_the_loader_imports_every_registrant(game):
    run = subprocess.run([sys.executable, "-c", _REGISTRIES_GROW, game],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["imported"]  # the loader did not import the whole game
    assert not result["grew"], (
        f"registries that grow when modules the loader does not import are imported "
        f"(size after the loader, after every module): {result['grew']}; among "
        f"{result['imported']}: add the module that registers to {game}.loader")


# -- the module-level import graph ---------------------------------------------------------
def modules(package: str) -> dict[str, Path]:
    """Every module of `package` (dotted name -> file), read from its directory."""
    root = Path(importlib.util.find_spec(package).submodule_search_locations[0])
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join((package, *parts))] = path
    return out


def _top_level(body: list[ast.stmt]):
    """The import statements run when the module is imported: not those in functions or
    classes, nor under `if TYPE_CHECKING:`."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            if "TYPE_CHECKING" not in ast.unparse(node.test):
                yield from _top_level(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            yield from _top_level(node.body + node.orelse + node.finalbody
                                  + [s for h in node.handlers for s in h.body])
        elif isinstance(node, ast.With):
            yield from _top_level(node.body)


def _everywhere(body: list[ast.stmt]):
    """Every import statement that can run, those inside functions and classes too (not
    those under `if TYPE_CHECKING:`)."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from _everywhere(node.orelse)
        else:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    yield from _everywhere([child])
                elif isinstance(child, (ast.excepthandler, ast.match_case)):
                    yield from _everywhere(child.body)


def import_graph(package: str, inside_functions: bool = False) -> dict[str, dict[str, int]]:
    """{module: {module it imports at module level: line}} within `package` (with
    `inside_functions`, the imports inside functions count too).

    `from . import x` depends on the module x when x is one, else on the package (a name
    its __init__ defines). Importing a.b.c also runs the __init__ of a and a.b, except
    those of the importing module's own packages, which are already being imported."""
    mods = modules(package)
    graph: dict[str, dict[str, int]] = {m: {} for m in mods}
    for name, path in mods.items():
        is_package = path.name == "__init__.py"
        here = name if is_package else name.rpartition(".")[0]
        own = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
        read = _everywhere if inside_functions else _top_level
        for node in read(ast.parse(path.read_text(encoding="utf-8")).body):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parts = here.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1]
                                    + ([node.module] if node.module else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base
                           for a in node.names]
            for target in targets:
                parts = target.split(".")
                for i in range(1, len(parts) + 1):
                    dep = ".".join(parts[:i])
                    if dep in mods and dep != name and (dep == target or dep not in own):
                        graph[name].setdefault(dep, node.lineno)
    return graph


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module, biggest first
    (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, deps = work[-1]
            for dep in deps:
                if dep not in index:
                    index[dep] = low[dep] = len(index)
                    stack.append(dep)
                    on_stack.add(dep)
                    work.append((dep, iter(sorted(graph[dep]))))
                    break
                if dep in on_stack:
                    low[node] = min(low[node], index[dep])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        component.append(m)
                        if m == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found, key=lambda c: (-len(c), c))


def one_cycle(graph: dict[str, dict[str, int]], component: list[str]) -> list[str]:
    """A shortest cycle through the component's first module, as "a (line n) -> b"."""
    start, inside = component[0], set(component)
    back = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for dep in sorted(graph[node]):
            if dep == start:
                path = [node]
                while back[path[-1]] is not None:
                    path.append(back[path[-1]])
                path.reverse()
                return [f"{a} (line {graph[a][b]}) -> {b}"
                        for a, b in zip(path, path[1:] + [start], strict=True)]
            if dep in inside and dep not in back:
                back[dep] = node
                queue.append(dep)
    return []


@pytest.mark.parametrize("game", GAMES)
def test_no_module_level_import_cycle(game):
    graph = import_graph(game)
    assert len(graph) > 20 and sum(map(len, graph.values())) > 50  # the graph was read
    found = cycles(graph)
    biggest = found[0] if found else []
    assert len(biggest) <= MAX_CYCLE, (
        f"{game}: {len(found)} import cycle(s), the biggest of {len(biggest)} modules:\n  "
        + "\n  ".join(biggest) + "\nfor example:\n  " + "\n  ".join(one_cycle(graph, biggest))
        + "\nA registry must not import its registrants (the game's loader.py does); move a "
          "name both sides need into a small module of its own.")


def test_the_cycle_finder_finds_a_cycle():
    graph = {"a": {"b": 1}, "b": {"c": 2}, "c": {"a": 3, "d": 4}, "d": {}, "e": {"e": 5}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert one_cycle(graph, ["a", "b", "c"]) == ["a (line 1) -> b", "b (line 2) -> c",
                                                 "c (line 3) -> a"]
