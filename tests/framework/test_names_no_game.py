"""The framework names no game (issue 21): pbem/ and templates/ hold no game's id,
package or title; what differs per game is asked of the game (`Game.demo()`, the
optional methods of `pbem.engine.OPTIONAL` through `provides`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbem import demo, engine
from pbem.engine import Demo, game_ids, get_game, provides

ROOT = Path(__file__).resolve().parents[2]


def _names_of_installed_games() -> list[str]:
    names = []
    for gid in game_ids():
        game = get_game(gid)
        package = type(game).__module__.split(".")[1]  # pbem_games.<package>.game
        names += [gid, package, game.title.removeprefix("The ")]
    return names


def test_no_framework_file_names_an_installed_game():
    names = _names_of_installed_games()
    assert "hellgame" in names and "lords_of_hell" in names  # the games were found
    pattern = re.compile("|".join(re.escape(n) for n in names), re.IGNORECASE)
    found = []
    for folder in ("pbem", "templates"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in (".py", ".j2", ".txt", ".html"):
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "the framework names a game:\n" + "\n".join(found)


def test_the_check_sees_a_name():
    pattern = re.compile("|".join(re.escape(n) for n in _names_of_installed_games()),
                         re.IGNORECASE)
    assert pattern.search("pbem game new hell1 --game hellgame")
    assert pattern.search("from pbem_games.lords_of_hell import x")


class _Fake:
    id, title, min_players, max_players, variants = "fake-demo", "Fake", 4, 4, {}

    def demo(self):
        return Demo(summary="a fake", stages=1, orders=lambda g, s, p: None, rank=-1)


def test_the_default_demo_is_the_lowest_rank_and_any_game_may_have_one(monkeypatch):
    assert next(iter(demo.demos())) == "hellgame"  # rank 0
    monkeypatch.setitem(engine._REGISTRY, "fake-demo", _Fake())
    assert list(demo.demos())[0] == "fake-demo"
    assert demo.demo_of(None)[0] == "fake-demo"
    with pytest.raises(engine.PbemError, match="no demo for 'chess'; games with a demo: "
                                               "fake-demo, hellgame, lords-of-hell"):
        demo.demo_of("chess")


def test_provides_knows_only_the_optional_contract():
    game = get_game("hellgame")
    assert provides(game, "demo") and provides(game, "where")
    assert not provides(_Fake(), "map_svg")
    with pytest.raises(ValueError, match="not an optional part"):
        provides(game, "resolve")


def test_every_optional_method_a_game_has_is_declared():
    """A game's public methods are the Game protocol's or OPTIONAL's: a misspelt optional
    method would never be called."""
    required = {n for n in dir(engine.Game) if not n.startswith("_")}
    for gid in game_ids():
        game = get_game(gid)
        extra = {n for n in dir(type(game)) if not n.startswith("_")
                 and callable(getattr(type(game), n))} - required - set(engine.OPTIONAL)
        assert not extra, f"{gid}: methods outside the contract: {sorted(extra)}"
