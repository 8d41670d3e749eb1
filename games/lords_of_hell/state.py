"""The Lords of Hell state, as plain dataclasses: `LohState` and one `Player` per Devil.

The stored snapshot is a JSON-compatible dict; `LohState.from_dict(d).to_dict() == d`
always holds, so a stored stage reloads exactly: key order included for the dicts the
game writes (the model's order below); a dict read back from the store has its keys
sorted (canonical JSON) and comes back in the model's order, equal as a dict and as
stored JSON (tests/lords_of_hell/test_loh_state.py). A key the model does not know, or
one it needs and does not find, is an error (`StateError`), never dropped or invented.
The game converts once at its edges (game.py); every phase module mutates a copy of the
state object in place, by attribute: `st.players[name].souls`. Free-form scratch (`combat`,
`standing`, `cards`, `realms`, promises and deals ...) stays plain dicts and lists.

Layout (`st`, in the stored key order):

    turn          1, 2, ...
    phase         "transfer" | "combat" | "gathering" | "over": the stage now open
    round         the combat round (1..4) while phase == "combat", else 0
    seats         player names, clockwise (LH-I.4.3-01)
    starter       the Starter's name
    variants      {name: value}
    cards         {instance: card id}: every resource card in the game, e.g.
                  "c017": "horde.fiends". Oath instances are "oath.<devil slug>.<1..6>"
                  and are not in `cards` (their owner is in the id).
    deck          [instance], top first (LH-I.3.5)
    discard       [instance] (LH-I.3.6; Oaths go here too when discarded)
    realms        {realm id: controller name or None}: the realms in play, HPoH first
                  (LH-II.4-04); removed realms are absent
    earth_condition   None or the special card id in force (Time of Virtue, World War)
    promises      [{"id", "deal", "from", "to": [names], "kind", "target",
                  "target_devil", "text", "turn", "until", "public"}]: kind NAH, NAP,
                  ATTACK, NO TARGETING, OBJECT, VOTE or TEXT; target a player name (and
                  target_devil its Devil) when the kind names one; until the last turn it
                  holds (LH-II.3-01, LH-II.3.1-08); public False: its parties see it only
    deals         [{"id", "turn", "phase", "parties", "terms", "text"}]: done deals
    combat        the combat phase's scratch (combat/ owns it), {} outside combat
    overlord      None or the Overlord's name (the game is over)
    vp            {name: float} once over
    players       {name: P}
    trading       {"prev_owner": {instance: name}}: who gave up an item taken by a forced
                  trade this phase (protection does not apply against him, LH-II.2.1-03);
                  absent until the first trading window
    silence       absent until the first Silence; then None, or the Silence in force
                  (cards/specials.py): no deal, promise or forced trade executes in the
                  trading window it covers (LH-II.2.4-03)

    breaches      absent until the first; then [{"id", "by", "parties", "promise", "turn",
                  "text", "rule", "status"}]: possible broken promises the program saw,
                  for the moderator to decide (breaches.py, LH-II.3-02)

    `trading`, `silence` and `breaches` are ABSENT (a falsy marker) while the stored
    dict has no such key, and are then left out of `to_dict`.

    P (`Player`, one player, i.e. one Devil, LH-II.7):
    devil         devil id, e.g. "devil.asmodeus"
    status        "hell" | "earth" | "ko" | "prisoner" | "heaven" (LH-I.1.1-01; "heaven":
                  imprisoned by the Forces of Heaven, LH-III.4.1-03)
    captor        the captor's name while status == "prisoner", else None
    permits       names the captor lets the prisoner trade with (LH-I.1.1-05)
    home          realm id or None (LH-I.2-03)
    hand          [instance]: rituals, specials and Oaths (secret, LH-I.3-01)
    hordes        [instance]: tabled hordes in Hell
    earth         [instance]: hordes on Earth (Fiends, Diabolic Fiends)
    artifacts     [instance]: tabled artifacts
    rituals       [instance]: rituals started (tabled face-down until the combat phase)
    rituals_up    True once this turn's rituals are face-up (LH-III.3-01)
    souls         int (in the home realm)
    sp            support points
    proclaimed    proclaim markers from the last gathering (LH-III.4.5)
    used_oph      True when the Other Powers of Hell trade was used this phase
    protected     [instance]: taken by forced trade this phase (LH-II.2.1-02)
    standing      {keyword: order}: standing orders kept until changed (SOUL REROLL,
                  CASUALTIES, RETREAT, PURSUE, REROLL, HOME, TORTURE, DOUBLE CROSS
                  triggers, ...), each the order's data plus its "canonical" line
    fresh         False, or [names]: the prisoners it holds who were free at the start of
                  this combat phase and were captured in it (LH-III.4-03); the mark
                  travels with the prisoner (homes.mark_fresh). True: any prisoner it
                  holds (states stored before the list was kept)
    sp_from       [names] that gave it a combat SP this turn (LH-IV.2.5-02)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

ARMY_STATUSES = ("hell", "ko")


class StateError(ValueError):
    """A stored dict that does not fit the state model (an unknown or missing key)."""


class _Absent:
    """The marker for an optional key the stored dict does not have (falsy)."""

    _it: _Absent | None = None

    def __new__(cls):
        if cls._it is None:
            cls._it = super().__new__(cls)
        return cls._it

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "ABSENT"

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return "ABSENT"


ABSENT = _Absent()


def _copy(obj):
    """A copy of JSON-like data: every dict and list copied, leaves shared (they are
    immutable). Much cheaper than `copy.deepcopy` or `pbem.engine.plain`, which a turn
    pays for on every state it reads."""
    t = type(obj)
    if t is dict:
        return {k: _copy(v) for k, v in obj.items()}
    if t is list:
        return [_copy(v) for v in obj]
    return obj


def _check_keys(what: str, d: dict, cls, optional: tuple[str, ...] = ()) -> None:
    known = [f.name for f in fields(cls)]
    unknown = [k for k in d if k not in known]
    missing = [k for k in known if k not in d and k not in optional]
    if unknown or missing:
        raise StateError(f"{what}: unknown keys {unknown}, missing keys {missing}")


@dataclass
class Player:
    """One player, i.e. one Devil (LH-II.7); the fields are P's in the module docstring,
    in the stored key order."""

    devil: str
    status: str = "hell"
    captor: str | None = None
    permits: list[str] = field(default_factory=list)
    home: str | None = None
    hand: list[str] = field(default_factory=list)
    hordes: list[str] = field(default_factory=list)
    earth: list[str] = field(default_factory=list)
    artifacts: list[str] = field(default_factory=list)
    rituals: list[str] = field(default_factory=list)
    rituals_up: bool = False
    souls: int = 0
    sp: int = 0
    proclaimed: int = 0
    used_oph: bool = False
    protected: list[str] = field(default_factory=list)
    standing: dict[str, dict] = field(default_factory=dict)
    fresh: bool | list[str] = False
    sp_from: list[str] = field(default_factory=list)

    def to_dict(self, copy: bool = True) -> dict:
        return {k: _copy(v) if copy else v for k, v in vars(self).items()}

    @classmethod
    def from_dict(cls, d: dict, copy: bool = True, who: str = "player") -> Player:
        _check_keys(who, d, cls)
        return cls(**(_copy(d) if copy else d))


#: Keys a stored state may lack (ABSENT until first set).
OPTIONAL = ("trading", "silence", "breaches")


@dataclass
class LohState:
    """The whole game (module docstring), fields in the stored key order."""

    turn: int = 1
    phase: str = "transfer"
    round: int = 0
    seats: list[str] = field(default_factory=list)
    starter: str = ""
    variants: dict = field(default_factory=dict)
    cards: dict[str, str] = field(default_factory=dict)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    realms: dict[str, str | None] = field(default_factory=dict)
    earth_condition: str | None = None
    promises: list[dict] = field(default_factory=list)
    deals: list[dict] = field(default_factory=list)
    combat: dict = field(default_factory=dict)
    overlord: str | None = None
    vp: dict[str, float] = field(default_factory=dict)
    players: dict[str, Player] = field(default_factory=dict)
    trading: dict | _Absent = ABSENT
    silence: dict | None | _Absent = ABSENT
    breaches: list[dict] | _Absent = ABSENT

    def to_dict(self, copy: bool = True) -> dict:
        """The stored dict. `copy=False` shares the lists and dicts with this object: for
        a state about to be dropped (the end of `resolve`)."""
        out = {}
        for k, v in vars(self).items():
            if k == "players":
                out[k] = {n: p.to_dict(copy) for n, p in v.items()}
            elif v is not ABSENT:
                out[k] = _copy(v) if copy else v
        return out

    @classmethod
    def from_dict(cls, d: dict, copy: bool = True) -> LohState:
        """The state object for a stored dict.

        By default every list and dict is copied: the phases mutate hands, decks and
        realms in place, and must never change the caller's stored state. `copy=False`
        shares them with `d`, for read-only use only (checking orders, views, the order
        form, which never mutate), or when `d` is a copy already."""
        _check_keys("state", d, cls, OPTIONAL)
        d = _copy(d) if copy else dict(d)
        d["players"] = {n: Player.from_dict(p, copy=False, who=f"player {n}")
                        for n, p in d["players"].items()}
        return cls(**d)


def oath_owner(instance: str) -> str:
    """The devil id an Oath instance belongs to: "oath.belial.3" -> "devil.belial"."""
    return "devil." + instance.split(".")[1]


def is_oath(instance: str) -> bool:
    return instance.startswith("oath.")


def player_of_devil(st: LohState, devil: str) -> str | None:
    return next((n for n, p in st.players.items() if p.devil == devil), None)


def order_from_starter(st: LohState) -> list[str]:
    """The seats, Starter first, then clockwise (LH-I.4.3-01)."""
    seats = st.seats
    i = seats.index(st.starter)
    return seats[i:] + seats[:i]


def card_id(st: LohState, instance: str) -> str:
    """The card id of an instance ("oath" for an Oath)."""
    return "oath" if is_oath(instance) else st.cards[instance]


def total_cards(st: LohState, name: str) -> int:
    """Every Oath and resource card the player holds, in hand or on the table, hordes on
    Earth included; Souls, the realm and the Devil card do not count (LH-III.1-03)."""
    p = st.players[name]
    return len(p.hand) + len(p.hordes) + len(p.earth) + len(p.artifacts) + len(p.rituals)


def has_forces_in_hell(st: LohState, name: str) -> bool:
    """Hordes, Souls, or the Devil itself in Hell (LH-I.2-03, LH-IV.1.1-01)."""
    p = st.players[name]
    return bool(p.hordes or p.souls or p.status in ARMY_STATUSES)


def silenced(st: LohState) -> bool:
    """Silence is in force: no deal, promise or forced trade executes (LH-II.2.4-03)."""
    return bool(st.silence)


def new_player(devil: str) -> Player:
    return Player(devil)
