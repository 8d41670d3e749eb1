"""What players see (DESIGN.md §7, digest §4.1): hands and face-down rituals are secret,
the table is public; card symbols show as text (LH-I.3.4-03)."""

import copy

from loh_kit import DATA, build_state

from pbem_games.lords_of_hell.views import player_view, public_view


def _table():
    return build_state({
        "a": {"hand": ["special.recall", "oath.belial.1", "oath.belial.2"],
              "hordes": ["horde.fallen-angels", "horde.fiends", "horde.tormented-ones"],
              "rituals": ["ritual.bury"]},
        "b": {"hand": ["special.silence"], "hordes": ["horde.leviathan"]},
        "c": {}, "d": {}})


def test_lh_i_3_4_03_horde_power_shows_when_not_1():
    hordes = public_view(_table(), DATA)["players"][0]["hordes"]
    assert hordes == ["Fallen Angels (power 2)", "Fiends", "Tormented Ones (power varies)"]
    assert public_view(_table(), DATA)["players"][1]["hordes"] == ["Leviathan (power 9)"]


def test_lh_i_3_01_hands_are_secret_and_the_same_cards_are_counted():
    st = _table()
    me = player_view(st, "a", DATA)["me"]
    assert [(c["count"], c["name"]) for c in me["hand"]] == [
        (2, "Oath of Belial"), (1, "Recall")]
    assert me["rituals"] == ["Bury"]
    other = player_view(st, "b", DATA)
    a_public = other["players"][0]
    assert a_public["hand_size"] == 3 and a_public["rituals"] == ["1 face-down"]
    assert "Recall" not in str(other) and "Bury" not in str(other)


def test_another_players_secrets_do_not_change_a_view():
    st = _table()
    before = player_view(st, "b", DATA)
    changed = copy.deepcopy(st)
    changed.players["a"].hand = list(reversed(changed.players["a"].hand))
    changed.cards[changed.players["a"].rituals[0]] = "ritual.infernal-plague"
    assert player_view(changed, "b", DATA) == before
    assert player_view(changed, "a", DATA) != player_view(st, "a", DATA)


def test_lh_ii_2_2_01_private_promises_only_to_their_parties():
    st = _table()
    st.promises = [
        {"id": "d1.1", "from": "a", "to": ["b"], "kind": "NAP", "text": "NAP",
         "turn": 1, "until": 1, "public": False},
        {"id": "d2.1", "from": "c", "to": ["d"], "kind": "NAH", "text": "NAH",
         "turn": 1, "until": 1, "public": True}]
    assert [p["id"] for p in player_view(st, "b", DATA)["promises"]] == ["d1.1", "d2.1"]
    assert [p["id"] for p in player_view(st, "c", DATA)["promises"]] == ["d2.1"]
    assert [p["id"] for p in public_view(st, DATA)["promises"]] == ["d2.1"]

