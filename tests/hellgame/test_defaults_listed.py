"""Issue 20: a confirmation and a report list only the defaults that can decide
something for the player's own pieces (games/hellgame/defaults.py `_concerns`); the
rest stay in HELP and docs/orders-hellgame.md."""

from __future__ import annotations

from pbem_games.hellgame import GAME
from pbem_games.hellgame.defaults import NOTHING_DONE, left_to_defaults

SH = "sectio.sugar-hill"


def heads(st, player: str, text: str = "") -> list[str]:
    sheet = GAME.check_orders(st.to_dict(), player, text)
    return [d.split(": ", 1)[0] for d in left_to_defaults(st, sheet)]


def test_ip_33_other_players_daemon_abilities_are_not_listed(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.paymon"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}})
    assert "IP-33 (PAYMON GRANTS or CAIM REROLLS or XAPHAN CHOOSES)" in heads(st, "a")
    assert not any(h.startswith("IP-33 (PAYMON") for h in heads(st, "b"))
    assert not any(h.startswith("IP-07") for h in heads(st, "a"))  # Belphegor's


def test_defaults_that_do_nothing_are_never_listed(make_state):
    st = make_state(players={"a": {"souls": 20}, "b": {}, "c": {}}, owners={SH: "a"},
                    units=[("legion", "a", SH)])
    listed = " ".join(heads(st, "a"))
    for keyword in NOTHING_DONE:
        assert f"({keyword})" not in listed and f"({keyword} or" not in listed


def test_combat_defaults_only_for_a_player_with_units(make_state):
    st = make_state(players={"a": {}, "b": {}, "c": {}}, owners={SH: "a"},
                    units=[("legion", "a", SH)])
    assert "IP-38 (JOIN)" in heads(st, "a") and "IP-41 (HITS)" in heads(st, "a")
    assert "IP-38 (JOIN)" not in heads(st, "b")


def test_ip_49_buy_off_only_with_disfavours_and_ip_03_only_near_the_hand_limit(make_state):
    st = make_state(players={"a": {"disfavours": 1}, "b": {}, "c": {}})
    assert "IP-49 (BUY OFF or KEEP FAVOURS)" in heads(st, "a")
    assert "IP-49 (BUY OFF or KEEP FAVOURS)" not in heads(st, "b")
    assert "IP-03 (KEEP)" not in heads(st, "b")  # 0 cards + a draw of 3 < the limit


def test_ip_18_the_action_default_names_the_order_that_overrides_it(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.baal", "daemon.caim"]}, "b": {},
                             "c": {}})
    sheet = GAME.check_orders(st.to_dict(), "a", "Baal: PASS FOR GOOD")
    assert "IP-18 (Daemon lines): Caim: Pass for Good when first up (after a Pass: an "\
        "empty March)" in left_to_defaults(st, sheet)
