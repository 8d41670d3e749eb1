"""What an Action sees while it runs: the state, the dice, the log, the sheets, and
the Rank Track queue of this Action Phase (HG-9.1-01)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.engine import OrderSheet

from ..data import HellData
from ..log import Log
from ..orders import orders_of
from ..state import HellState


@dataclass
class Queue:
    """This phase's Rank Track (HG-9.1-01, HG-9.4-05: reset each turn).

    `waiting` holds the Daemons still to act, the first one is up now. `taken` maps
    each Daemon that has acted to the keyword of its Action ("MARCH", "PASS FOR GOOD",
    ...); `passed` holds the Daemons that have Passed at least once (HG-9.3-02)."""

    waiting: list[str] = field(default_factory=list)
    taken: dict[str, str] = field(default_factory=dict)
    passed: set[str] = field(default_factory=set)
    seen: set[str] = field(default_factory=set)  # came up at least once (HG-9.3-01)
    # Daemons another player controls for the rest of this phase (A Small Favour, IP-34)
    controller: dict[str, str] = field(default_factory=dict)


@dataclass
class ActionCtx:
    """Everything an Action kind's `run` may use. `player` owns `daemon`, which acts."""

    st: HellState
    data: HellData
    dice: object  # pbem.dice.Dice
    log: Log
    sheets: dict[str, OrderSheet | None]
    queue: Queue
    player: str
    daemon: str

    def label(self) -> str:
        """'Baal (beast)'; "Baal (beast's, for void)" while another player controls it."""
        owner = self.st.daemons[self.daemon].owner
        who = self.player if owner == self.player else f"{owner}'s, for {self.player}"
        return f"{self.data.daemons[self.daemon].name} ({who})"

    def orders(self, player: str, keyword: str) -> list[dict]:
        """A player's accepted orders of one type, in sheet order (standing orders such
        as GRANT PASSAGE or FLEE are read this way)."""
        return orders_of(self.sheets.get(player), keyword)


def not_held(st: HellState, data: HellData, player: str, card: str) -> str | None:
    """Why `player` cannot play `card`: it is not in his hand (None: it is). The Action
    Phase asks it as a card is played, the sheet check (issue 20) when the sheet comes."""
    if card in st.players[player].hand:
        return None
    return f"{data.arcana[card].name} is not in {player}'s hand"
