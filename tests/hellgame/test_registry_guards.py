"""No "not implemented" fallback for a missing effect (issue 22): every card, Phenomenon
and Action that the data or a sheet can bring into play has its effect, or the game does
not load (effects.check, run by HellGame.data; kinds.register for the Actions). The
phases' lookups therefore cannot fail; if a registry is ever broken after the check, the
lookup raises effects.RegistryBroken (an internal error), never a player-facing
"not yet implemented, skipped" line."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pbem.dice import Dice
from pbem_games.hellgame import effects, events, playright
from pbem_games.hellgame.action import conspire
from pbem_games.hellgame.action.kinds import KINDS, QUEUED, register
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.game import HellGame
from pbem_games.hellgame.log import Log

DATA = load_data()
EVENT = "hell.christmas"
PHENOMENON = next(iter(sorted(c.phenomenon.id for c in DATA.hell_cards.values())))
BAD_DAY = "arcana.a-bad-day"  # a Play Right Away card


def refused_at_load(match: str) -> None:
    """The game does not load: effects.check, as HellGame.data runs it."""
    game = HellGame()
    game._checked_data = None
    with pytest.raises(ValueError, match=match):
        game.data  # noqa: B018


def test_an_event_without_its_effect_stops_the_game_loading(monkeypatch, make_state):
    monkeypatch.delitem(effects.HELL_CARDS, EVENT)
    refused_at_load(rf"Hell card ids without an effect: \['{EVENT}'\]")
    st, log = make_state({"a": {}, "b": {}, "c": {}}), Log()
    with pytest.raises(effects.RegistryBroken, match=f"Hell card {EVENT} has no registered "
                                                     "effect: the effect registry is broken"):
        events.run_event_effect(st, {}, Dice(script=[]), DATA, log, EVENT, "HG-6.1-01")
    actx = SimpleNamespace(st=st, sheets={}, dice=Dice(script=[]), data=DATA, log=log)
    with pytest.raises(effects.RegistryBroken):  # a Permanent placed by Conspire
        conspire.resolve_permanent(actx, EVENT, "HG-9.7.3-01")
    assert log.events == []  # nothing said to the players


def test_a_phenomenon_without_its_effect_stops_the_game_loading(monkeypatch):
    monkeypatch.delitem(effects.PHENOMENA, PHENOMENON)
    refused_at_load(rf"Phenomenon ids without an effect: \['{PHENOMENON}'\]")
    with pytest.raises(effects.RegistryBroken, match=f"Phenomenon {PHENOMENON} has no "
                                                     "registered effect"):
        effects.effect_of(effects.PHENOMENA, PHENOMENON)


def test_a_play_right_away_card_needs_a_play_right_away_effect(monkeypatch, make_state):
    spell = effects.ARCANA["arcana.frenzy"]  # an effect of another kind
    monkeypatch.setitem(effects.ARCANA, BAD_DAY, spell)
    refused_at_load(f"{BAD_DAY}: a Play Right Away card whose effect is not registered "
                    "with @play_right_away")
    st, log = make_state({"a": {}, "b": {}, "c": {}}), Log()
    with pytest.raises(effects.RegistryBroken):
        playright.resolve(st, "a", BAD_DAY, Dice(script=[]), DATA, log, None)
    assert log.events == []


def test_every_action_but_pass_is_carried_out_and_others_are_refused_at_import():
    assert [k for k, kind in KINDS.items() if kind.run is None] == [QUEUED]
    with pytest.raises(ValueError, match="Action DAYDREAM registered without run: only "
                                         "PASS has none"):
        register("DAYDREAM", parse=lambda text, ctx: ("DAYDREAM", {}), run=None,
                 rule="HG-9.2-01", example="Baal: DAYDREAM", doc="nothing")
    assert "DAYDREAM" not in KINDS


def test_the_loaded_game_has_every_effect():
    effects.check(DATA)
    assert HellGame().data is DATA
