"""Each contract can fail: a small fake game keeps them all, and one broken copy per
contract makes its check raise AssertionError."""

from __future__ import annotations

import itertools

import pytest

from pbem.engine import ACCEPTED, INVALID, LineResult, OrderSheet, Resolution

from . import contracts as c

PLAYERS = ["anna", "boris", "chiara"]


class Fake:
    """A toy game: each player holds a secret card; GUESS <n> is the only order."""

    id = "fake"
    title = "Fake"
    min_players, max_players = 3, 3
    variants: dict = {}

    def new_game(self, players, variants, dice):
        hands = {p: f"Secret Card {chr(65 + i)}{'x' * dice.roll('deal')}"
                 for i, p in enumerate(players)}
        return {"turn": 1, "players": list(players), "hands": hands, "score": 0}, "turn 1", []

    def check_orders(self, state, player, text):
        lines = []
        for i, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            ok = line.startswith("GUESS ") and line[6:].isdigit()
            lines.append(LineResult(i, line, ACCEPTED if ok else INVALID, canonical=line,
                                    order={"guess": int(line[6:])} if ok else None))
        return OrderSheet(player, lines)

    def resolve(self, state, sheets, dice):
        st = {**state, "turn": state["turn"] + 1,
              "score": state["score"] + dice.roll("score")}
        return Resolution(st, [], f"turn {st['turn']}")

    def public_view(self, state):
        return {"turn": state["turn"], "players": state["players"], "score": state["score"]}

    def player_view(self, state, player):
        return {**self.public_view(state), "me": {"hand": state["hands"][player]}}

    def order_form(self, state, player, previous=None):
        return f"# turn {state['turn']}\n#GUESS 3\nGUESS 1\n"

    def templates(self):
        return ""

    def audit(self):
        return {"provenance": {"rulebook": 3, "external": 1, "assumed": 1},
                "assumed": [{"file": "f.yaml", "key": "a.b", "value": 1, "note": "a guess"}],
                "implemented": {"cards": {"total": 2, "implemented": 2, "missing": []}},
                "counts": {"cards": 2, "leaves": 5}}


def state():
    from pbem.dice import Dice
    return Fake().new_game(PLAYERS, {}, Dice("x"))[0]


def test_the_fake_game_keeps_every_contract():
    g = Fake()
    p = c.check_deterministic(g, PLAYERS, "s", 3, "mixed")
    for st in c.states_of(p):
        c.check_no_leak(g, st, PLAYERS)
        for q in PLAYERS:
            c.check_form_legal(g, st, q)
            c.check_never_raises(g, st, q, "junk\n\u202e\x00" + "x" * 5000)
    c.check_audit(g)
    assert c.check_secret_swap(g, state(), PLAYERS) > 0


def test_nondeterministic_resolve_fails():
    counter = itertools.count()

    class Drifting(Fake):
        def resolve(self, state, sheets, dice):
            res = super().resolve(state, sheets, dice)
            res.state["ticks"] = next(counter)  # a global, not the dice
            return res

    with pytest.raises(AssertionError, match="differently twice|differs"):
        c.check_deterministic(Drifting(), PLAYERS, "s", 3, "form")


def test_resolve_that_mutates_its_input_fails():
    class Mutating(Fake):
        def resolve(self, state, sheets, dice):
            state["score"] = -1
            return super().resolve(state, sheets, dice)

    with pytest.raises(AssertionError):
        c.check_deterministic(Mutating(), PLAYERS, "s", 2, "none")


def test_check_orders_that_raises_fails():
    class Fragile(Fake):
        def check_orders(self, state, player, text):
            if "\u202e" in text:
                raise ValueError("bidi")
            return super().check_orders(state, player, text)

    with pytest.raises(AssertionError, match="raised ValueError"):
        c.check_never_raises(Fragile(), state(), "anna", "GUESS 2\n\u202eX")


def test_unknown_status_fails():
    class Odd(Fake):
        def check_orders(self, state, player, text):
            return OrderSheet(player, [LineResult(1, text, "maybe")])

    with pytest.raises(AssertionError, match="status 'maybe'"):
        c.check_never_raises(Odd(), state(), "anna", "GUESS 2")


def test_illegal_form_fails():
    class BadForm(Fake):
        def order_form(self, state, player, previous=None):
            return "GUESS three\n"

    with pytest.raises(AssertionError, match="not legal"):
        c.check_form_legal(BadForm(), state(), "anna")


def test_a_form_showing_another_players_card_fails():
    class Leaky(Fake):
        def order_form(self, state, player, previous=None):
            nxt = state["players"][(state["players"].index(player) + 1) % 3]
            return super().order_form(state, player) + f"# {nxt} holds {state['hands'][nxt]}\n"

    with pytest.raises(AssertionError, match="which only"):
        c.check_no_leak(Leaky(), state(), PLAYERS)


class Gossip(Fake):
    """Shows each player the next player's hand inside a longer text of his view."""

    def player_view(self, state, player):
        nxt = state["players"][(state["players"].index(player) + 1) % 3]
        return {**super().player_view(state, player), "rumour": f"{nxt}: {state['hands'][nxt]}"}


class OpenHands(Fake):
    """Shows every hand to everyone (as leaves: nothing is anybody's secret any more)."""

    def player_view(self, state, player):
        return {**super().player_view(state, player), "hands": dict(state["hands"])}


class Standing(Fake):
    """The form carries the next player's hand as an example."""

    def order_form(self, state, player, previous=None):
        nxt = state["players"][(state["players"].index(player) + 1) % 3]
        return super().order_form(state, player) + f"#PLAY {state['hands'][nxt]}\n"


@pytest.mark.parametrize("leaky", [Gossip, OpenHands, Standing])
def test_swapping_secrets_catches_a_leak(leaky):
    with pytest.raises(AssertionError, match="changes when"):
        c.check_secret_swap(leaky(), state(), PLAYERS)


def test_a_swap_that_shows_in_public_is_not_kept():
    class PublicHands(Fake):
        def public_view(self, state):
            return {**super().public_view(state), "hands": state["hands"]}

    world, kept = c.secret_swap(PublicHands(), state(), "anna", "boris", PLAYERS)
    assert kept == 0 and world == state()


@pytest.mark.parametrize("broken", [
    lambda a: a.pop("counts"),
    lambda a: a["provenance"].update(rulebook=2),  # a value with no source
    lambda a: a["assumed"][0].update(note=""),
    lambda a: a["implemented"]["cards"].update(implemented=1, missing=["card.x"]),
    lambda a: a["counts"].update(cards=3),  # a card the implementation list does not know
    lambda a: a["assumed"].append(dict(a["assumed"][0])),  # listed twice
])
def test_a_broken_audit_fails(broken):
    class Broken(Fake):
        def audit(self):
            a = super().audit()
            broken(a)
            return a

    with pytest.raises((AssertionError, KeyError)):
        c.check_audit(Broken())


def test_a_card_with_no_place_for_its_effect_fails():
    class Where(Fake):
        def where(self):
            return [{"kind": "card", "id": "card.a", "name": "A", "where": "cards.py:3"},
                    {"kind": "card", "id": "card.b", "name": "B", "where": ""}]

    with pytest.raises(AssertionError, match="card.b has no effect"):
        c.check_audit(Where())
