"""High Card: the smallest complete pbem game, the worked example of "Adding a game"
(docs/architecture.md). The contract suite registers it for its own tests only
(tests/contract/conftest.py); it is not installed.

The rules (the toy's rulebook: cards.yaml cites it as `rulebook`):

- HC-1  2 to 4 players, in seat order. Each starts with `start_tokens` tokens and is dealt
        `hand_size` cards from a shuffled deck (`count` copies of every card); a hand is
        secret, its size is not.
- HC-2  The game has `stages` stages. In each, every player orders `BID n`: n of his tokens,
        1 to `max_bid` and no more than he has, paid whether he wins or not. With no BID he
        bids 1 (0 once his tokens are gone).
- HC-3  He may also `PLAY` one card of his hand: it is shown to all, discarded, and does
        what its text says for this stage. Bids and cards are revealed in seat order.
- HC-4  Strength is the bid after the card. The strongest wins the stage and scores 1
        point; between equal strengths a die decides.
- HC-5  After the last stage the most points wins; between equal points, the most tokens
        left; still equal, they share the win.

Files, in the order to write them: data/cards.yaml, data.py, effects.py, orders.py,
holdings.py, stage.py, this file (the Game), templates/.
"""

from __future__ import annotations

from pathlib import Path

from pbem.audit import provenance
from pbem.engine import OrderSheet, Resolution
from pbem.eventlog import Log
from pbem.kit.registry import source_of

from . import effects, stage
from .data import Data, load_data
from .orders import ORDER_TYPES, check_sheet, order_form

HERE = Path(__file__).resolve().parent


class HighCard:
    id = "toy"
    title = "High Card"
    min_players = 2
    max_players = 4
    variants: dict[str, str] = {}

    @property
    def data(self) -> Data:
        data = load_data()
        effects.check(data)  # a card without an effect stops the game here (cheap)
        return data

    def new_game(self, players: list[str], variants: dict, dice):
        data, log = self.data, Log()
        log.phase = "deal"
        n = data.rules["hand_size"]
        deck = dice.shuffle([c for c in data.cards for _ in range(data.cards[c].count)], "deal")
        st = {"stage": 1, "over": False, "seats": list(players), "players": {}, "table": {}}
        for i, p in enumerate(players):
            hand = deck[i * n:(i + 1) * n]
            st["players"][p] = {"tokens": data.rules["start_tokens"], "points": 0,
                                "hand": hand}
            names = " and ".join(data.cards[c].name for c in hand)
            log.private(p, "deal", f"You are dealt {names}.", "HC-1")
        return st, stage.stage_name(st), log.events

    def check_orders(self, state: dict, player: str, text: str) -> OrderSheet:
        return check_sheet(state, self.data, player, text)

    def resolve(self, state: dict, sheets: dict[str, OrderSheet | None], dice) -> Resolution:
        return stage.resolve(state, sheets, dice, self.data)

    def public_view(self, state: dict) -> dict:
        """Tokens, points and hand sizes; what was revealed at the last stage."""
        ps = state["players"]
        return {"stage": state["stage"], "stages": self.data.rules["stages"],
                "over": state["over"],
                "players": [{"name": p, "tokens": ps[p]["tokens"], "points": ps[p]["points"],
                             "cards": len(ps[p]["hand"])} for p in state["seats"]],
                "table": [{"name": p, **state["table"][p]} for p in state["seats"]
                          if p in state["table"]]}

    def player_view(self, state: dict, player: str) -> dict:
        """The public view and his own hand, nobody else's."""
        me, cards = state["players"][player], self.data.cards
        return {**self.public_view(state),
                "me": {"name": player, "tokens": me["tokens"], "points": me["points"],
                       "hand": [{"id": c, "name": cards[c].name, "text": cards[c].text}
                                for c in me["hand"]]}}

    def order_form(self, state: dict, player: str, previous: OrderSheet | None = None) -> str:
        return order_form(state, self.data, player, previous)

    def templates(self) -> str:
        return str(HERE / "templates")

    def audit(self) -> dict:
        data = self.data
        return {**provenance(data.leaves),
                "implemented": {"cards": effects.EFFECTS.coverage(data.cards)},
                "counts": {"cards": len(data.cards), "leaves": len(data.leaves)}}

    # --- optional (pbem.engine.OPTIONAL) ---

    def order_help(self):
        from pbem.orderhelp import OrderHelp

        return [OrderHelp(t.keyword, t.doc, t.example, t.rule, when=", ".join(t.when),
                          default="BID 1 (0 without tokens)" if t.keyword == "BID" else "")
                for t in ORDER_TYPES.values()]

    def where(self) -> list[dict]:
        return [{"kind": "card", "id": c, "name": card.name,
                 "where": source_of(effects.EFFECTS[c], HERE.parents[2])}
                for c, card in self.data.cards.items()]


GAME = HighCard()
