"""The contract between the framework and a game (DESIGN.md §2).

The framework stores, schedules, renders and mails; a game only checks orders and
resolves stages. A stage is a pure function of its inputs:

    resolve(state, sheets, dice) -> Resolution(state', events, ...)

`state` is a JSON-compatible dict (the stored snapshot), `sheets` holds each player's
checked orders (or None: no moves received), and `dice` is the only source of chance.
The same code validates an order sheet for the confirmation reply and for the turn,
so a line accepted at confirmation can only fail later for a reason of game state.

Games register under an id, either with `register()` or through the `pbem.games`
entry-point group; the framework never imports a game by name.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, Protocol

from .errors import PbemError

#: The outcome of one order line (python-chess's three input errors plus two more).
ACCEPTED = "accepted"
INVALID = "invalid"  # not understood
UNKNOWN = "unknown"  # understood, but names something that does not exist
AMBIGUOUS = "ambiguous"  # a name matches several things
ILLEGAL = "illegal"  # understood, not allowed now
STATUSES = (ACCEPTED, INVALID, UNKNOWN, AMBIGUOUS, ILLEGAL)


@dataclass(frozen=True)
class LineResult:
    """How one line of an order sheet was understood.

    `warning` is for an accepted line that, as things stand when the sheet is checked,
    will not work as written (the card is not in the hand yet, a full hand would throw
    away what it buys ...): the line is kept, the confirmation and the report say why."""

    line_no: int
    text: str
    status: str
    canonical: str = ""
    message: str = ""
    rule: str = ""
    hint: str = ""
    order: dict | None = None  # the accepted order as data (JSON-compatible)
    warning: str = ""

    @property
    def ok(self) -> bool:
        return self.status == ACCEPTED

    def to_dict(self) -> dict:
        return plain(self)

    @classmethod
    def from_dict(cls, d: dict) -> LineResult:
        """A stored line result; one stored by an older version (no `warning`) reads as
        a line without a warning, and a key this version does not know is ignored."""
        return cls(**{k: v for k, v in d.items() if k in cls.__dataclass_fields__})


@dataclass
class OrderSheet:
    """A checked order sheet: every meaningful line's result, in line order.

    `defaults`: the decisions the sheet leaves to defaults; `notes`: anything else the
    game tells the player about the sheet as a whole (e.g. which of its lines stand for
    a later stage he sends nothing for). The confirmation shows both."""

    player: str
    lines: list[LineResult] = field(default_factory=list)
    defaults: list[str] = field(default_factory=list)  # decisions left to defaults
    notes: list[str] = field(default_factory=list)

    @property
    def orders(self) -> list[dict]:
        return [r.order for r in self.lines if r.ok and r.order is not None]

    @property
    def problems(self) -> list[LineResult]:
        return [r for r in self.lines if not r.ok]

    @property
    def warnings(self) -> list[LineResult]:
        """Accepted lines with a warning (LineResult.warning)."""
        return [r for r in self.lines if r.ok and r.warning]

    def canonical(self) -> list[str]:
        return [r.canonical for r in self.lines if r.ok]

    def receipt(self, game: str = "", stage: int | str = "") -> str:
        """A short id (12 hex digits) of the canonical order set, repeated in the turn
        report. The framework passes the game and the stage number, so that the same
        orders sent for two games, or two stages, never share an id (pbem.orders.Checked
        .receipt); the same sheet for the same stage always gets the same one."""
        text = "\n".join(self.canonical())
        key = f"{game}\n{stage}\n{self.player}\n{text}"
        return hashlib.sha256(key.encode()).hexdigest()[:12]

    def to_dict(self) -> dict:
        return {
            "player": self.player,
            "lines": [r.to_dict() for r in self.lines],
            "defaults": list(self.defaults),
            "notes": list(self.notes),
        }

    @classmethod
    def from_dict(cls, d: dict) -> OrderSheet:
        return cls(d["player"], [LineResult.from_dict(x) for x in d["lines"]], list(d["defaults"]),
                   list(d.get("notes", [])))


@dataclass(frozen=True)
class Event:
    """Something that happened, for reports.

    `visible_to` is None for a public event, or the players who may see it: templates
    only ever receive events filtered by `visible()` (DESIGN.md §7).
    """

    phase: str
    kind: str
    text: str
    rule: str = ""
    visible_to: tuple[str, ...] | None = None
    data: dict = field(default_factory=dict)

    def visible(self, player: str | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_dict(self) -> dict:
        d = plain(self)
        d["visible_to"] = list(self.visible_to) if self.visible_to is not None else None
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Event:
        vis = d.get("visible_to")
        return cls(d["phase"], d["kind"], d["text"], d.get("rule", ""),
                   tuple(vis) if vis is not None else None, d.get("data", {}))


@dataclass
class Resolution:
    """What resolving one stage produced."""

    state: dict
    events: list[Event]
    stage_name: str  # the name of the next stage, e.g. "turn 2"
    finished: bool = False  # the game is over
    result: str = ""  # who won, when finished: a clause, no final full stop (shown in sentences)
    #: what each player gained and lost, and at which event (pbem.ledger; the first
    #: screen of his report); empty for a game that does not watch its log
    changes: list = field(default_factory=list)


class Game(Protocol):
    """What a game provides. Every method is pure: no I/O, no clock, no global random."""

    id: str
    title: str
    min_players: int
    max_players: int
    variants: dict[str, str]  # variant name -> one-line description

    def new_game(self, players: list[str], variants: dict, dice) -> tuple[dict, str, list[Event]]:
        """The state before the first stage, that stage's name, and what the deal
        showed (events reported with the first stage)."""

    def check_orders(self, state: dict, player: str, text: str) -> OrderSheet:
        """Parse and validate an order sheet body against the current state."""

    def resolve(self, state: dict, sheets: dict[str, OrderSheet | None], dice) -> Resolution:
        """Resolve the current stage. `sheets` has every player; None = no orders (the
        game's defaults apply, or standing orders it keeps in its state; it says which
        with a private event of kind `pbem.eventlog.CARRIED_KIND`)."""

    def player_view(self, state: dict, player: str) -> dict:
        """Everything `player` may see (public board plus his own secrets)."""

    def public_view(self, state: dict) -> dict:
        """The board as everyone sees it."""

    def order_form(self, state: dict, player: str, previous: OrderSheet | None = None) -> str:
        """A pre-filled order sheet for the player's next stage (comments and examples);
        `previous` is the player's own last sheet, whose standing orders it may carry.
        Sent back unchanged, it must be a legal order set."""

    # A game may also provide the methods in OPTIONAL below; the framework asks
    # `provides(game, name)` before calling one.

    def templates(self) -> str:
        """Path of the game's template directory."""

    def audit(self) -> dict:
        """Data provenance and implementation coverage (`pbem data audit`)."""


#: The optional part of the contract: a game may provide each; without it the framework
#: does what the text says. `provides(game, name)` is the only way the framework asks.
OPTIONAL = {
    "turn_marks": "turn_marks(before, after, public_events) -> dict: this stage's moves and "
                  "combats, drawn on the map (without: no marks)",
    "map_svg": "map_svg(public_view, marks, title=...) -> str: the board as SVG, in the HTML "
               "report, the mail's PNG and `pbem report --map` (without: no map)",
    "order_help": "order_help() -> list[pbem.orderhelp.OrderHelp]: HELP ORDERS (without: "
                  "the command says the game has no order list)",
    "where": "where() -> [{kind, id, name, where}]: file:line of each card's effect, for "
             "`pbem data audit GAME --where` (without: refused, saying so)",
    "scenario_state": "scenario_state(given) -> state: a state from a scenario file's "
                      "partial `given` (without it or run_phases: `pbem scenario run` "
                      "refuses the file)",
    "run_phases": "run_phases(state, sheets, dice, phases) -> (state, events): the named "
                  "phases of a stage, or the whole stage when phases is None, for scenario "
                  "files",
    "scenario_view": "scenario_view(state) -> dict: what a scenario file's `expect` paths "
                     "read (without: the state as stored)",
    "demo": "demo() -> Demo: the sheets `pbem demo --game GAME` mails (without: the game "
            "has no demo)",
    "press": "press: the game's rules for press between players (an attribute; without: "
             "pbem.press.DEFAULT_RULES)",
    "moderate": "moderate(state, words, dice) -> (state, events, said): a moderator's "
                "decision on the open stage, `pbem game decide GAME WORDS...` (e.g. a "
                "penalty its report explains); ValueError for one it does not take "
                "(without: the command is refused, saying so)",
}


def provides(game: Game, name: str) -> bool:
    """Whether `game` provides the optional method or attribute `name` (one of OPTIONAL)."""
    if name not in OPTIONAL:
        raise ValueError(f"{name!r} is not an optional part of the Game contract: "
                         f"{sorted(OPTIONAL)}")
    return getattr(game, name, None) is not None


@dataclass(frozen=True)
class Demo:
    """A game's demo (`pbem demo --game GAME`): four players mail sheets, one stage
    after another, on a simulated clock.

    `orders(game, stage, player)` returns the body of the sheet `player` mails for
    `stage` (the stored stage row: `number`, `name`, `state` as JSON text), or None when
    he sends nothing (his defaults apply); the framework adds the GAME, PLAYER and
    SECRET lines. At most `stages` stages are played (the game may finish sooner).
    `summary` is one line for the help; the game with the lowest `rank` is the default."""

    summary: str
    stages: int
    orders: Callable[[Any, dict, str], str | None]
    rank: int = 100


def plain(obj: Any) -> Any:
    """A dataclass (or dict/list of them) as plain JSON-compatible data, copying
    containers but not immutable leaves: `dataclasses.asdict` deep-copies every string,
    which made it the largest cost of a turn."""
    if hasattr(obj, "__dataclass_fields__"):
        return {k: plain(getattr(obj, k)) for k in obj.__dataclass_fields__}
    if isinstance(obj, list | tuple):
        return [plain(v) for v in obj]
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    return obj


def state_hash(state: dict) -> str:
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()


def canonical_json(obj: Any) -> str:
    """Stable JSON: sorted keys, no spaces, so equal states hash and store equally."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_REGISTRY: dict[str, Game] = {}


class UnknownGame(PbemError, LookupError):
    """No game registered under that id (a usage error, exit 2)."""


def register(game: Game) -> Game:
    if game.id in _REGISTRY and _REGISTRY[game.id] is not game:
        raise ValueError(f"game id {game.id!r} is registered twice")
    _REGISTRY[game.id] = game
    return game


def _load_entry_points() -> None:
    for ep in sorted(entry_points(group="pbem.games"), key=lambda e: e.name):
        if ep.name not in _REGISTRY:
            register(ep.load())


def get_game(game_id: str) -> Game:
    if game_id not in _REGISTRY:
        _load_entry_points()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownGame(f"unknown game {game_id!r}; installed games: {known}") from None


def game_ids() -> list[str]:
    _load_entry_points()
    return sorted(_REGISTRY)
