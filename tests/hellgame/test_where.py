"""The effect registries: every Arcana has its effect (`pbem data audit`), and the index
of effects, card → file:line (`pbem data audit hellgame --where`, issue 21):
docs/where-hellgame.md is what the command prints now, and every card, Phenomenon and
Daemon ability with an effect has an entry that points at the function registered for it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.cli import main
from pbem.kit.registry import implementation
from pbem_games.hellgame import effects
from pbem_games.hellgame.data import load_data

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "where-hellgame.md"
DATA = load_data()


def test_the_audit_counts_the_implemented_arcana(monkeypatch):
    """Issue 8's "Done when": every one of the 109 Arcana has its effect, and loading
    the game (effects.check) fails if any card lacks it."""
    covered = effects.coverage(DATA)["arcana"]
    assert (covered["implemented"], covered["total"], covered["missing"]) == (109, 109, [])
    effects.check(DATA)  # every registered effect names a card that exists
    for card in ("arcana.frenzy", "arcana.mania", "arcana.fly", "arcana.re-roll"):
        monkeypatch.delitem(effects.ARCANA, card)
        with pytest.raises(ValueError, match=f"Arcana ids without an effect: \\['{card}'\\]"):
            effects.check(DATA)
        monkeypatch.undo()


def _where(*extra) -> str:
    result = CliRunner().invoke(main, ["data", "audit", "hellgame", "--where", *extra])
    assert result.exit_code == 0, result.output
    return result.output


def test_committed_index_is_what_the_command_prints():
    # Regenerate with: pbem data audit hellgame --where > docs/where-hellgame.md
    assert DOC.read_text(encoding="utf-8") == _where()


def test_every_effect_has_an_entry_at_its_function():
    rows = json.loads(_where("--json"))
    by_id = {r["id"]: r for r in rows}
    ability_ids = {d.ability.id for d in DATA.daemons.values()}
    phenomenon_ids = {c.phenomenon.id for c in DATA.hell_cards.values()}
    for table, known in ((effects.ARCANA, DATA.arcana), (effects.HELL_CARDS, DATA.hell_cards),
                         (effects.PHENOMENA, phenomenon_ids),
                         (effects.ABILITIES, ability_ids)):
        assert set(known) <= set(by_id)
        for key in table:
            path, line = by_id[key]["where"].rsplit(":", 1)
            source = (ROOT / path).read_text(encoding="utf-8").splitlines()
            fn = implementation(table[key])
            # The line is the function's first (its decorator, or its def / class line)
            assert fn.__name__ in "\n".join(source[int(line) - 1:int(line) + 12]), key
    assert len(rows) == len(DATA.arcana) + len(DATA.hell_cards) + len(phenomenon_ids) + len(
        ability_ids) == 193


def test_the_cards_named_in_issue_21_are_found():
    text = DOC.read_text(encoding="utf-8")
    for name in ("Love for Lilith", "Baal's ability", "The Bees", "Frenzy", "A Bad Day"):
        assert f"| {name} | `games/hellgame/" in text, name


def test_a_game_without_an_index_is_refused_in_one_line():
    result = CliRunner().invoke(main, ["data", "audit", "lords-of-hell", "--where"])
    assert (result.exit_code, result.output) == (2, (
        "error: lords-of-hell has no index of effects yet; games with one: hellgame\n"))
