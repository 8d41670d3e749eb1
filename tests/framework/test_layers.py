"""The HellGame's layers, and the rules between them (issue 21).

- **model**: the state and the questions every phase asks of it (`state`, `in_play`,
  `ownership`, `hooks`, the data modules ...). It imports no phase and no card.
- **phases**: the turn's phases and the rules they run (`turn`, `soul`, `action/`,
  `combat/`, `random_moves/` ...). They import the model and fire hook points; they import
  no card module and name no card or Daemon ability (no `"arcana.…"`, `"hell.…"`,
  `"phenomenon.…"`, `"ability.…"` string): what a card changes in a phase, the card
  registers on a hook point (`hooks.py`), as `combat/lasting.py`'s hooks do in a fight.
- **cards**: one home per card family and for the Daemon abilities (`CARD_MODULES`); they
  register effects and hooks, and may use the phases' helpers.
- The rest (orders, form, views, reports, setup, the game object) may name cards: an
  order line or a report names what the player plays.

And no import cycle among the game's modules, counting the imports inside functions
(tests/framework/test_imports.py checks the module-level ones and that each module
imports on its own). Run `python tests/framework/test_layers.py` for every breach.
"""

from __future__ import annotations

import ast
import re
import sys
from fnmatch import fnmatch
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from test_imports import cycles, import_graph, modules, one_cycle  # noqa: E402

GAME = "pbem_games.hellgame"

#: Where cards and Daemon abilities live (patterns on the module name within the game).
CARD_MODULES = (
    "events", "hellcards", "hellcards.*", "playright", "playright_lasting",
    "action.spells_*", "action.reroll_cards", "action.abilities",
    "combat.cards_*", "combat.counters", "combat.abilities", "abilities", "abilities.*",
)

#: The model: every other layer may use it; it uses neither phases nor cards.
MODEL_MODULES = (
    "state", "in_play", "ownership", "hooks", "log", "names", "errors", "effects",
    "data", "datamodel", "dataschema", "datacheck", "databuild", "mapgeom",
)

#: The turn's phases and their rules.
PHASE_MODULES = (
    "turn", "hell_phase", "soul", "gifts", "upkeep", "summoning", "favours", "cards",
    "petitions", "end_phase", "all_lost", "cursed_dice", "macina",
    "action", "action.*", "random_moves", "random_moves.*", "combat", "combat.*",
)

CARD_ID = re.compile(r"(arcana|hell|phenomenon|ability)\.[a-z0-9]+(-[a-z0-9]+)*")


def layer(module: str) -> str:
    short = module.removeprefix(GAME).lstrip(".")
    for name, patterns in (("card", CARD_MODULES), ("model", MODEL_MODULES),
                           ("phase", PHASE_MODULES)):
        if any(fnmatch(short, p) for p in patterns):
            return name
    return "other"


def card_names(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are card or ability ids (docstrings and
    comments may name cards: they are not code)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef,
                                    ast.ClassDef))
                  and n.body and isinstance(n.body[0], ast.Expr)
                  and isinstance(n.body[0].value, ast.Constant)}
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docstrings and CARD_ID.fullmatch(n.value)]


def breaches() -> dict[str, list[str]]:
    """Every breach of the layering rules, by rule."""
    graph = import_graph(GAME, inside_functions=True)
    short = {m: m.removeprefix(GAME + ".") for m in graph}
    out: dict[str, list[str]] = {"cycle": [], "phase imports a card": [],
                                 "phase names a card": [], "model imports upward": []}
    found = cycles(graph)
    for component in found:
        out["cycle"].append(f"{len(component)} modules: {' '.join(short[m] for m in component)}"
                            f"\n    for example: {'; '.join(one_cycle(graph, component))}")
    for m, deps in sorted(graph.items()):
        for dep, line in sorted(deps.items()):
            if layer(m) == "phase" and layer(dep) == "card":
                out["phase imports a card"].append(f"{short[m]} (line {line}) -> {short[dep]}")
            if layer(m) == "model" and layer(dep) in ("phase", "card"):
                out["model imports upward"].append(f"{short[m]} (line {line}) -> {short[dep]}")
    for m, path in sorted(modules(GAME).items()):
        if layer(m) == "phase":
            out["phase names a card"] += [f"{short.get(m, m)} (line {n}): {v}"
                                          for n, v in card_names(path)]
    return out


def test_the_layers_cover_the_game():
    """Every pattern matches a module (a renamed module cannot leave the rules blind)."""
    names = [m.removeprefix(GAME + ".") for m in modules(GAME)]
    for p in CARD_MODULES + MODEL_MODULES + PHASE_MODULES:
        if p in ("abilities", "abilities.*"):
            continue  # a home Daemon abilities may take
        assert any(fnmatch(n, p) for n in names), f"no module matches {p!r}"


def test_no_breach_of_the_layers():
    found = {rule: items for rule, items in breaches().items() if items}
    assert not found, "\n".join(f"{rule} ({len(items)}):\n  " + "\n  ".join(items)
                                for rule, items in found.items())


def test_no_import_cycle_in_lords_of_hell_even_inside_functions():
    """Lords of Hell has no card layer of its own to police, but the same rule on cycles:
    a registry never imports its registrants (e.g. combat.round_end, filled by the
    rituals), so no import inside a function closes a loop."""
    game = "pbem_games.lords_of_hell"
    graph = import_graph(game, inside_functions=True)
    found = cycles(graph)
    assert not found, "\n".join(f"{len(c)} modules: {'; '.join(one_cycle(graph, c))}"
                                 for c in found)


def test_the_checks_can_fail(tmp_path):
    """The card-name reader sees a name in code and not in a docstring; the layer of a
    card module is 'card'."""
    path = tmp_path / "phase.py"
    path.write_text('"""Frenzy: "arcana.frenzy" in a docstring."""\n'
                    'FRENZY = "arcana.frenzy"\nOTHER = "hell.x"\nX = "not.a-card"\n')
    assert card_names(path) == [(2, "arcana.frenzy"), (3, "hell.x")]
    assert layer(f"{GAME}.combat.cards_dice") == "card"
    assert layer(f"{GAME}.combat.fight") == "phase"
    assert layer(f"{GAME}.in_play") == "model"
    assert layer(f"{GAME}.views") == "other"


if __name__ == "__main__":
    for rule, items in breaches().items():
        print(f"{rule} ({len(items)}):")
        for item in items:
            print("  " + item)
