"""Issue 8: every card that can be played in combat can be countered there (HG-9.8.2-01,
A-13): It Did Not Work..., brought by the enemy's joined Daemon, cancels it, and the
card does nothing but leave the hand. Daemonic Distraction cannot be countered (its
text); the Counters and the re-roll cards are not played with COMBAT CAST."""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem_games.hellgame import combat
from pbem_games.hellgame.combat.magic import fight_effect
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()
SH = "sectio.sugar-hill"
IDNW = "arcana.it-did-not-work"
#: One Sectio of every Circle for the caster: some cards need one in a given Circle.
CIRCLES = {min(s for s in DATA.sectio if DATA.sectio[s].circle == c): "a"
           for c in range(1, 10)}


def _combat_cards() -> list[str]:
    from pbem_games.hellgame import turn  # noqa: F401  every effect registered

    out = []
    for cid, card in sorted(DATA.arcana.items()):
        if card.major.timing not in ("combat", "action-or-combat") or card.flags.counter \
                or card.flags.cannot_be_countered:
            continue
        try:
            if fight_effect(cid) is not None:
                out.append(cid)
        except (AttributeError, KeyError):
            pass
    return out


@pytest.mark.parametrize("card", _combat_cards())
def test_a_combat_card_is_cancelled_by_it_did_not_work(make_state, card):
    name = DATA.arcana[card].name
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": [card], "souls": 10,
                                   "favours": 2},
                             "b": {"daemons": ["daemon.ukobach"], "hand": [IDNW]},
                             "c": {}},
                    units=[("legion", "a", SH)] * 3 + [("lieutenant", "a", SH, "lieutenant.sulla")]
                    + [("legion", "b", SH)] * 2 + [("lieutenant", "b", SH, "lieutenant.verin")]
                    + [("legion", "c", SH)],
                    owners=dict(CIRCLES))
    sheets = {"a": check_sheet(st, DATA, "a", f"JOIN Caim IN Sugar Hill BRINGING {name}\n"
                                              f"COMBAT CAST {name} IN Sugar Hill ROUND 1\n"),
              "b": check_sheet(st, DATA, "b", "JOIN Ukobach IN Sugar Hill BRINGING It Did Not "
                                              "Work\nCOUNTER ANY WITH It Did Not Work\n"),
              "c": None}
    assert not sheets["a"].problems and not sheets["b"].problems, \
        [p.message for p in sheets["a"].problems + sheets["b"].problems]
    log = Log()
    combat.run(st, sheets, Dice(f"countered-{card}"), DATA, log)
    kinds = [e.kind for e in log.events if e.data.get("card") == card
             or e.data.get("answers") == card]
    assert kinds[:3] == ["combat-cast", "counter", "countered"], kinds
    assert set(kinds) <= {"combat-cast", "counter", "countered"}, kinds  # no effect at all
    assert card not in st.players["a"].hand and IDNW not in st.players["b"].hand
