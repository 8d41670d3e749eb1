"""What every combat step works with: the state, data, dice, log and sheets of one
resolution (`Rt`), and the fight record.

A fight (`new_fight`) is one combat place: JSON-compatible, kept in
`st.combat["fights"]` for the round's report and views:

    id          1, 2, ... within the round
    where       realm id, or None for an unspecified place in Hell
    defender    the army at home there (did not move; LH-IV.1.2-01), or None
    armies      armies still at the place (escaped and pursuing armies have left)
    all         every army that was ever at the place
    ko          players whose Devil was knocked out here (they stay here, LH-IV.3.1-06)
    leviathan   Leviathan instances knocked out here: [[instance, owner]]
    rounds      fight rounds fought (a fight split off by a pursuit goes on counting)
    defeated    armies completely defeated here (every unit destroyed or KO, G20)
    lost        {player: units lost here}
    dealt       {attacker: {target: hits}} (odd dice go to the least hit, G15)
    trio        armies with the three Critters when the fight started
    claim       True for an "other move" realm (G16): the lone army left there claims it
    escaped     armies that retreated from here unpursued
    parent      the fight a pursuit split this one off (absent for a meeting)
    fights_on   {army: [objectors]}: the fight went on over an objection to its
                occupation or swap (LH-IV.2.4-02, aftermath.py), each army attacking its
                objectors; {} in a fight split off it (the fight goes on once a round)
    pursued     True until the first fight round of a pursuit's fight: that round has had
                its retreat step, at the place the pursuit started (LH-IV.3.1-02)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..orders import orders_of
from ..orders.standing import standing
from ..state import LohState, order_from_starter
from .army import label


@dataclass
class Rt:
    st: LohState
    data: object
    dice: object
    log: object
    sheets: dict = field(default_factory=dict)
    moved: set = field(default_factory=set)  # armies that moved this round (membership only)
    told: set = field(default_factory=set)  # private refusals already told (aftermath.py)

    @property
    def order(self) -> list[str]:
        return order_from_starter(self.st)

    def ranked(self, names) -> list[str]:
        """`names` in Starter order (LH-I.4.3-01)."""
        wanted = list(names)
        return [n for n in self.order if n in wanted]

    def label(self, name: str) -> str:
        return label(self.st, self.data, name)

    def standing(self, name: str, keyword: str) -> dict | None:
        return standing(self.st, name, keyword)

    def orders(self, name: str, keyword: str) -> list[dict]:
        return orders_of(self.sheets.get(name), keyword)


def new_fight(st: LohState, where: str | None, defender: str | None, armies: list[str],
              rounds: int = 0, claim: bool = False) -> dict:
    c = st.combat
    c["next_fight"] = c.get("next_fight", 0) + 1
    return {"id": c["next_fight"], "where": where, "defender": defender,
            "armies": list(armies), "all": list(armies), "ko": [], "leviathan": [],
            "rounds": rounds, "defeated": [], "lost": {}, "dealt": {}, "trio": [],
            "claim": claim, "escaped": []}


def place(fight: dict, data) -> str:
    """"Dis" or "an unspecified place in Hell"."""
    return data.realms[fight["where"]].name if fight["where"] else "an unspecified place in Hell"


def at_home(st: LohState, fight: dict, name: str) -> bool:
    """The army is the defender at its own home realm (LH-IV.1.2-01)."""
    return (fight["defender"] == name and fight["where"] is not None
            and st.players[name].home == fight["where"]
            and st.realms.get(fight["where"]) == name)
