"""The HellGame's game state: a JSON-compatible snapshot, as plain dataclasses.

`HellState.from_dict(d).to_dict() == d` always holds, so a stored stage reloads
exactly. Order of iteration is explicit everywhere: players in `seats` order (the
order they joined), units by `id` number, decks top first (index 0 is the top;
played and discarded cards go to the bottom, HG-3.3-02, never reshuffled).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.engine import plain

from .in_play import ownership_frozen

ANTEHELL = "antehell"

LEGION = "legion"
LIEUTENANT = "lieutenant"
HELLHOUND = "hellhound"

IN_HELL = "hell"
ON_EARTH = "earth"

#: Unit kinds of the two independent beings (HG-2.3.6-01). They are Units (HG-3.3-01)
#: with owner None; the Random Moves Phase (random_moves/) moves them.
URIEL = "uriel"
LILITH = "lilith"
#: Where Uriel waits between his arrival and the Random Moves Phase (HG-10.1-01): the
#: Uriel box, on Earth. Not a place any other Unit can be.
URIEL_BOX = "uriel-box"


@dataclass
class Unit:
    """A counter on the map (HG-3.3-01). `owner` None: Freebooter or rampaging hound."""

    id: str  # "u1", "u2", ... never reused
    kind: str  # legion | lieutenant | hellhound
    owner: str | None
    location: str  # a sectio id or ANTEHELL
    ref: str | None = None  # lieutenant.<x> / hellhound.<n>
    minder: str | None = None  # a tamed hound's Minder Legion unit id (HG-3.2-03)
    bonus_pay: int = 0  # Souls on a Lieutenant until the End Phase (HG-8.3.4-01)
    tamed_this_visit: bool = False  # a Legion tames at most 1 hound per visit (HG-8.3.2-03)

    @property
    def number(self) -> int:
        return int(self.id[1:])


@dataclass
class Daemon:
    """A Daemon in play. `where`: IN_HELL or ON_EARTH (Walking the Earth)."""

    id: str
    owner: str
    where: str = IN_HELL
    incapacitated: bool = False
    walk_card: str | None = None  # the Walk the Earth card tucked under it (HG-9.6-01)
    # How an Incapacitated Daemon recovers when a card says so (HG-13.2-01): None is the
    # printed roll; "skulls" a Roll against Skulls (Jones' Device).
    recover_by: str | None = None
    # Uriel cleansed the Earth: the Daemon must Pass for Good when it next comes up in an
    # Action Phase (HG-10.1-03, A-20); the Action core takes it and clears the flag.
    pass_for_good: bool = False
    # An Arcana card kept under the Daemon while it lasts (Foci, The Sword of the
    # Guardian, Salome's Oil: +1 to an attribute); discarded when it ends (HG-3.3-02).
    under: str | None = None


@dataclass
class Player:
    """One Triumvirate (HG-3.1-01)."""

    name: str
    souls: int = 0
    favours: int = 0
    disfavours: int = 0
    hand: list[str] = field(default_factory=list)  # arcana ids, in the order received
    daemons: list[str] = field(default_factory=list)  # daemon ids, in the order received
    redraw_used: bool = False  # the one-time setup redraw (HG-5.1-09)
    placement_roll: int = 0  # setup first-Legion die (HG-5.1-12)
    missed_turns: int = 0
    # The standing lines of the last turn's sheet he sent, canonical, in his order, and
    # that turn: a turn he sends no sheet for is played on them (standing.py, issue 22).
    standing: list[str] = field(default_factory=list)
    standing_turn: int = 0
    ones_in_a_row: int = 0  # optional cursed dice (HG-15.3-01)

    @property
    def free_favours(self) -> int:
        """Favours not bound by a Disfavour (HG-14.1-01)."""
        return max(0, self.favours - self.disfavours)


@dataclass
class HellState:
    seats: list[str]
    turn: int = 0  # 0 = the pre-game setup stage
    players: dict[str, Player] = field(default_factory=dict)
    daemons: dict[str, Daemon] = field(default_factory=dict)  # daemons in play
    owners: dict[str, str] = field(default_factory=dict)  # sectio id -> player
    units: list[Unit] = field(default_factory=list)
    next_unit: int = 1
    arcana_deck: list[str] = field(default_factory=list)
    hell_deck: list[str] = field(default_factory=list)
    daemon_deck: list[str] = field(default_factory=list)
    sectio_deck: list[str] = field(default_factory=list)
    lieutenant_boxes: list[list[str]] = field(default_factory=lambda: [[], [], []])
    lieutenant_return: list[str] = field(default_factory=list)
    hellhound_box: list[str] = field(default_factory=list)
    permanent: dict[str, str | None] = field(
        default_factory=lambda: {"heaven": None, "earth": None, "hell": None}
    )
    revealed: list[str] = field(default_factory=list)  # Play Right Away cards shown this turn
    # This turn's Phenomenon and the Sectio it strikes, marked by the Warning Sign
    # (HG-6.2-03): {"card", "phenomenon", "scope", "sectio": [...]}; cleared in the End Phase.
    warning_sign: dict | None = None
    # This turn's Event card (HG-6.1-01), one-off or Permanent, for the effects that last
    # "this turn" (Council, Christmas, Twelfth Night, ...); cleared in the End Phase.
    event: str | None = None
    # Forgiveness (Permanent Heaven): Daemons whose Roll against Stars failed in the last
    # Soul Phase; failing again in the next destroys them. Sorted ids.
    forgiveness_failed: list[str] = field(default_factory=list)
    # Rebellious Rage: Sectio held by raging neutral Units (+2 on all their combat rolls
    # until they lose it). Sorted ids.
    raging: list[str] = field(default_factory=list)
    # Thou Art Not Real: Units that failed their Roll against Hearts this turn and may
    # not move again in it; cleared in the End Phase. Sorted ids.
    not_real_held: list[str] = field(default_factory=list)
    # Arcana with an effect that lasts or comes later (issue 8): card id -> JSON-able
    # data the card's own code keeps and clears (e.g. a cult's caster until the Soul
    # Phase). Sorted keys when stored.
    marks: dict[str, object] = field(default_factory=dict)
    # Persistent Play Right Away cards in play (Mad Love, Mania, Prove to Me..., Stigmata;
    # playright.py): card id -> {"daemon": the Daemon it afflicts, ...card data}. The
    # card is out of the deck while here; `end_afflictions` sends it back. Sorted keys.
    afflictions: dict[str, dict] = field(default_factory=dict)
    # Macinas on the table (16.4, macina.py): card id -> {"owner": the player it stands
    # in front of, "paid": its maintenance was paid in the last Soul Phase, so it works
    # (in_play.macina_working)}. Played, it stands unpaid until the next Soul Phase
    # (HG-16.4-01/02); unpaid, it stays (HG-16.4-03). Out of the deck while here.
    macinas: dict[str, dict] = field(default_factory=dict)
    # Sectio whose Control Box holds a Freebooter marker (HG-10.4-02, HG-12.3-01), sorted.
    freebooter_sectio: list[str] = field(default_factory=list)
    variants: dict = field(default_factory=dict)
    winner: dict | None = None  # {"players": [...], "how": "..."} once the game is over
    # The Combat Phase's results for Victor's Right (12.2): sectio id -> {"winners":
    # [players, seat order], "rounds": n}; cleared at the start of each Combat Phase.
    combat_wins: dict[str, dict] = field(default_factory=dict)
    # Sectio where combat was avoided by agreement (optional HG-V1-11.3.1-02), sorted:
    # they yield no Souls in the next Soul Phase, which then clears the list.
    combat_avoided: list[str] = field(default_factory=list)
    # Lilith's aspect (HG-10.2-03/04) and the turn it was fixed (by her summoning card,
    # or by the roll of that turn's Random Moves Phase); None while she is not in play.
    lilith_aspect: str | None = None
    lilith_aspect_turn: int = 0

    # -- serialisation -------------------------------------------------------------
    def to_dict(self) -> dict:
        return plain(self)

    @classmethod
    def from_dict(cls, d: dict, copy: bool = True) -> HellState:
        """The state object for a stored dict.

        By default every list and dict is copied: the phases mutate decks, hands and
        owners in place, and must never change the caller's stored state (same inputs,
        same result). `copy=False` shares them with `d`, for read-only use only
        (checking orders and building views, which never mutate)."""
        d = plain(d) if copy else dict(d)
        d["players"] = {k: Player(**v) for k, v in d["players"].items()}
        d["daemons"] = {k: Daemon(**v) for k, v in d["daemons"].items()}
        d["units"] = [Unit(**u) for u in d["units"]]
        return cls(**d)

    # -- queries -------------------------------------------------------------------
    def player_order(self) -> list[Player]:
        return [self.players[p] for p in self.seats]

    def sectio_of(self, player: str) -> list[str]:
        """Sectio the player controls, sorted by id (HG-3.2-01)."""
        return sorted(s for s, p in self.owners.items() if p == player)

    def daemons_of(self, player: str) -> list[Daemon]:
        return [self.daemons[d] for d in self.players[player].daemons if d in self.daemons]

    def active_daemons(self, player: str) -> list[Daemon]:
        """Non-Incapacitated Daemons (HG-3.3-04)."""
        return [d for d in self.daemons_of(player) if not d.incapacitated]

    def units_at(self, location: str) -> list[Unit]:
        return [u for u in self.units if u.location == location]

    def units_of(self, player: str, kind: str | None = None) -> list[Unit]:
        return [u for u in self.units if u.owner == player and (kind is None or u.kind == kind)]

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def is_rampaging(self, u: Unit) -> bool:
        """A hound not stacked on a Legion is rampaging (HG-3.2-03)."""
        return u.kind == HELLHOUND and u.minder is None

    def unfriendly_at(self, location: str, player: str) -> list[Unit]:
        """Units in `location` that are not the player's (other players', Freebooters,
        rampaging hounds). Uriel and Lilith come with later issues."""
        return [u for u in self.units_at(location) if u.owner != player]

    # -- changes -------------------------------------------------------------------
    def new_unit(self, kind: str, owner: str | None, location: str, ref: str | None = None) -> Unit:
        u = Unit(f"u{self.next_unit}", kind, owner, location, ref)
        self.next_unit += 1
        self.units.append(u)
        return u

    def remove_unit(self, unit_id: str) -> Unit:
        """Take a unit off the map. A Lieutenant goes to the Return box (HG-16.1-03);
        a hound back to the Hellhound box; a Minder's hound starts rampaging."""
        u = self.unit(unit_id)
        self.units.remove(u)
        if u.kind == LIEUTENANT and u.ref:
            self.lieutenant_return.append(u.ref)
        elif u.kind == HELLHOUND and u.ref:
            self.hellhound_box.append(u.ref)
        for h in self.units:
            if h.minder == unit_id:
                h.minder = None
                h.owner = None
        return u

    def can_change_owner(self, sectio: str) -> bool:
        """False while The Boss Is Touchy freezes `sectio` this turn (in_play.ownership_frozen,
        HG-6.2-01)."""
        return not ownership_frozen(self, sectio)

    def set_owner(self, sectio: str, player: str | None) -> bool:
        """Control Box marker and Sectio card change together (HG-2.4.2-01). Returns False,
        and changes nothing, when the owner would change in a Sectio The Boss Is Touchy
        freezes (`can_change_owner`): the caller logs the refusal. Setting the owner it
        already has is no change and always succeeds."""
        if self.owners.get(sectio) == player:
            return True
        if not self.can_change_owner(sectio):
            return False
        if player is None:
            self.owners.pop(sectio, None)
        else:
            self.owners[sectio] = player
            if sectio in self.freebooter_sectio:  # the Freebooter marker is replaced too
                self.freebooter_sectio.remove(sectio)
        return True

    def end_afflictions(self, daemon: str) -> list[str]:
        """The Daemon leaves play: the Play Right Away cards afflicting it (as the Daemon
        or Mad Love's beloved) go to the bottom of the Arcana deck (HG-3.3-02), in card
        id order. Returns them."""
        ended = sorted(c for c, a in self.afflictions.items()
                       if daemon in (a.get("daemon"), a.get("beloved")))
        for card in ended:
            del self.afflictions[card]
            self.discard(card)
        return ended

    def discard(self, card: str) -> None:
        """A played or discarded Arcana goes to the bottom of its deck (HG-3.3-02)."""
        self.arcana_deck.append(card)
