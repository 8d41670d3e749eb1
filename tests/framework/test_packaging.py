"""games/ and templates/ ship inside the wheel under project-specific names (DESIGN §3)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _package_name(folder: Path) -> str:
    mapping = PYPROJECT["tool"]["setuptools"]["package-dir"]
    rel = folder.relative_to(ROOT).parts
    for name, src in mapping.items():
        if rel[0] == src:
            return ".".join([name, *rel[1:]])
    raise AssertionError(f"{folder} is not under a mapped package directory")


def test_every_python_package_folder_is_listed_in_pyproject():
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    found = {_package_name(p.parent) for top in ("pbem", "games", "templates")
             for p in (ROOT / top).rglob("__init__.py")}
    assert found == listed


def test_game_data_and_templates_are_package_data():
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    assert "data/*.yaml" in data["pbem_games.hellgame"]
    assert "templates/*.j2" in data["pbem_games.hellgame"]
    assert "*.j2" in data["pbem_templates"]
    assert "data/*.yaml" in data["pbem_games.lords_of_hell"]
    assert "templates/*.j2" in data["pbem_games.lords_of_hell"]
    assert "*.txt" in data["pbem_games.lords_of_hell.demo"]  # the demo's order sheets


def test_games_register_through_the_entry_point_group():
    eps = PYPROJECT["project"]["entry-points"]["pbem.games"]
    assert eps == {"hellgame": "pbem_games.hellgame:GAME",
                   "lords-of-hell": "pbem_games.lords_of_hell:GAME"}
