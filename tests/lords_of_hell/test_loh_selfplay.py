"""Issue 9: random Lords of Hell games of 4 to 6 players (loh_selfplay.py: every line one
the order checker accepts, deals written by both parties) keep the invariants after
every stage: cards conserved, no negative Souls or SP, one home realm per Devil with
forces in Hell, matching the realms."""

from collections import Counter

from loh_selfplay import check_invariants, play


def test_random_games_keep_the_invariants_and_use_the_orders():
    used: Counter = Counter()
    ends: Counter = Counter()
    turns = []
    for seed in range(16):
        st, u = play(seed, stages=60, check=check_invariants)
        used.update(u)
        ends["overlord" if st.overlord else "going"] += 1
        turns.append(st.turn)
    assert ends["overlord"] >= 8, ends  # most games find an Overlord within 60 stages
    assert max(turns) >= 3, turns  # and some take more than two turns
    for kind in ("DEAL", "FORCED OPH", "PLAY", "RITUAL", "EARTH", "TARGET", "NO MOVE",
                 "OTHER MOVE", "FINISH", "VOTE", "OBJECT", "ATTACK", "RETREAT", "PURSUE",
                 "OCCUPY", "OBJECT OCCUPY", "FIGHT IF OBJECTED", "KEEP RITUALS"):
        assert used[kind] > 0, (kind, sorted(used))


def test_the_invariant_check_catches_a_lost_card():
    """The check itself can fail: a card taken out of the game is found missing."""
    import pytest
    from loh_selfplay import places

    from pbem.dice import Dice
    from pbem_games.lords_of_hell import GAME
    from pbem_games.lords_of_hell.state import LohState

    st = LohState.from_dict(GAME.new_game(["a", "b", "c", "d"], {}, Dice("x"))[0])
    n_cards = len(st.cards)
    n_oaths = sum(1 for c in places(st) if c.startswith("oath."))
    check_invariants(st, n_cards, n_oaths)
    st.deck.pop()
    with pytest.raises(AssertionError):
        check_invariants(st, n_cards, n_oaths)
