"""The name dicts the order parsers make from the state (orders/common.py: the Daemons in
play, a player's Daemons, the seats) are kept for the same ids (issue 23: an order form
reads some 40 lines a player), and follow the state: a Daemon that leaves play is no
longer read, one that comes in is."""

from __future__ import annotations

from pbem.engine import ACCEPTED, UNKNOWN
from pbem_games.hellgame.orders import Ctx, check_sheet
from pbem_games.hellgame.orders.common import daemon_names, in_play_names, seat_names

BAAL, MOLOCH = "daemon.baal", "daemon.moloch"


def _line(st, data, player, text):
    [line] = check_sheet(st, data, player, text).lines
    return line


def test_hg_9_2_01_the_daemons_a_line_names_follow_the_state(make_state, data):
    mine = make_state({"a": {"daemons": [BAAL, MOLOCH]}, "b": {}, "c": {}}, turn=2)
    theirs = make_state({"a": {"daemons": [BAAL]}, "b": {"daemons": [MOLOCH]}, "c": {}},
                        turn=2)
    gone = make_state({"a": {"daemons": [BAAL]}, "b": {}, "c": {}}, turn=2)
    for st in (mine, theirs, gone, mine):  # a dict kept for one state is not another's
        assert _line(st, data, "a", "Baal: PASS").status == ACCEPTED
        moloch = _line(st, data, "a", "Moloch: PASS")
        vote = _line(st, data, "c", "INQUISITION VOTE Moloch")
        if st is mine:
            assert (moloch.status, vote.status) == (ACCEPTED, ACCEPTED)
        elif st is theirs:
            assert vote.status == ACCEPTED
            assert moloch.message == "Moloch is b's Daemon"
        else:
            assert moloch.status == vote.status == UNKNOWN
            assert vote.message == "there is no Daemon in play called 'Moloch'"


def test_the_same_ids_give_the_same_dict(make_state, data):
    """What makes a line cheap to read again: names.match finds the dict's index by
    identity."""
    st = make_state({"a": {"daemons": [BAAL, MOLOCH]}, "b": {}, "c": {}}, turn=2)
    ctx = Ctx(st, data, "a")
    assert in_play_names(ctx) is in_play_names(Ctx(st, data, "b"))
    assert in_play_names(ctx) == {BAAL: ["Baal"], MOLOCH: ["Moloch"]}
    assert daemon_names(data, [MOLOCH, BAAL]) is daemon_names(data, (MOLOCH, BAAL))
    assert list(daemon_names(data, [MOLOCH, BAAL])) == [MOLOCH, BAAL]  # in the order given
    assert seat_names(ctx) == {"a": ["a"], "b": ["b"], "c": ["c"]}
    assert seat_names(ctx) is seat_names(Ctx(st, data, "c"))
