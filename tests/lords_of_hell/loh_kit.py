"""Lords of Hell test kit: build a state (`LohState`) directly, no dice needed (the
`make_state` fixture in conftest.py is `build_state`).

    def test_lh_iii_4_1_01_soul_gathering(make_state):
        st = make_state(players={
            "a": {"devil": "devil.asmodeus", "earth": ["horde.fiends", "horde.fiends"]},
            "b": {"devil": "devil.belial", "status": "earth", "souls": 3},
        })

`players` maps name -> player fields (pbem_games.lords_of_hell.state), seated in that
order; card lists (`hand`, `hordes`, `earth`, `artifacts`, `rituals`) are given as card
ids ("horde.fiends") or Oath instances ("oath.belial.2") and get instance ids c001,
c002, ... in the order given. A player's default Devil is the n-th Devil in id order,
at home in the n-th realm after the High Palace of Hell. Anything else (starter, turn,
phase, round, realms, deck as card ids, earth_condition ...) is set on the state. The
dict is converted once (`LohState.from_dict`), so an unknown field is an error; tests
then read and set attributes: `st.players["a"].souls`, `assign(st.players["a"],
status="prisoner", captor="b")`.

Also the helpers the tests share: card lists (`instances`, `discarded`), checked order
sheets (`line`, `sheet`, `sheets_for`) and steps run with no dice (`trade`, `play`), with
the public texts of their log (`public`).
"""

from __future__ import annotations

from pbem.dice import Dice
from pbem.engine import ACCEPTED
from pbem.eventlog import Log
from pbem_games.lords_of_hell import trading
from pbem_games.lords_of_hell.cards import specials
from pbem_games.lords_of_hell.data import load_data
from pbem_games.lords_of_hell.datamodel import HPOH
from pbem_games.lords_of_hell.orders import check_sheet
from pbem_games.lords_of_hell.state import LohState, is_oath, new_player

DATA = load_data()
CARD_LISTS = ("hand", "hordes", "earth", "artifacts", "rituals")


def build_state(players: dict[str, dict] | list[str] | None = None, **fields) -> LohState:
    if players is None:
        players = ["a", "b", "c", "d"]
    if isinstance(players, list):
        players = {p: {} for p in players}
    devils = sorted(DATA.devils)
    realms = [r for r in DATA.realms if r != HPOH]
    st = {"turn": 1, "phase": "transfer", "round": 0, "seats": list(players),
          "starter": next(iter(players)), "variants": {}, "cards": {}, "deck": [],
          "discard": [], "realms": {HPOH: None}, "earth_condition": None, "promises": [],
          "deals": [], "combat": {}, "overlord": None, "vp": {}, "players": {}}
    n = 0

    def instance(card: str) -> str:
        nonlocal n
        if is_oath(card):
            return card
        if card not in DATA.cards:
            raise KeyError(f"no card {card!r} (one of {sorted(DATA.cards)[:4]} ...)")
        n += 1
        st["cards"][f"c{n:03d}"] = card
        return f"c{n:03d}"

    for i, (name, given) in enumerate(players.items()):
        given = dict(given)
        p = new_player(given.pop("devil", devils[i])).to_dict()
        p["home"] = realms[i]
        for key in CARD_LISTS:
            p[key] = [instance(c) for c in given.pop(key, [])]
        p.update(given)
        if p["home"]:
            st["realms"][p["home"]] = name
        st["players"][name] = p
    for key in ("deck", "discard"):
        st[key] = [instance(c) for c in fields.pop(key, [])]
    st.update(fields)
    return LohState.from_dict(st, copy=False)  # an unknown field is an error


def assign(obj, **fields) -> None:
    """Set fields of a state object (a Player, the LohState) by name; an unknown one is an
    error: assign(st.players["a"], status="prisoner", captor="b")."""
    for k, v in fields.items():
        if not hasattr(obj, k):
            raise AttributeError(f"{type(obj).__name__} has no field {k!r}")
        setattr(obj, k, v)


def instances(st: LohState, name: str, key: str) -> list[str]:
    """The card ids of a player's card list, e.g. instances(st, "a", "hordes")."""
    return [c if is_oath(c) else st.cards[c] for c in getattr(st.players[name], key)]


def discarded(st: LohState) -> list[str]:
    """The card ids of the discard pile, in pile order."""
    return [st.cards[i] for i in st.discard]


# --- order sheets ----------------------------------------------------------------------------

def line(st: LohState, player: str, text: str, *, alone: bool = False):
    """The checker's result for one line (`alone`: the text must make exactly one line)."""
    lines = check_sheet(st, DATA, player, text).lines
    if alone:
        assert len(lines) == 1
    return lines[0]


def sheet(st: LohState, name: str, text: str, data=DATA):
    """A checked sheet; fails unless every line is accepted."""
    s = check_sheet(st, data, name, text)
    assert all(x.status == ACCEPTED for x in s.lines), [(x.text, x.message) for x in s.lines]
    return s


def sheets_for(st: LohState, **texts: str) -> dict:
    """Every seat's checked sheet (None for a seat not given); fails on any problem."""
    out = {}
    for n in st.seats:
        checked = check_sheet(st, DATA, n, texts[n]) if n in texts else None
        assert checked is None or not checked.problems, [
            (r.text, r.message) for r in checked.problems]
        out[n] = checked
    return out


# --- steps, run with no dice -----------------------------------------------------------------

def trade(st: LohState, **texts: str) -> Log:
    """The trading step on these players' order texts."""
    log, dice = Log(), Dice(script=[])
    trading.apply(st, sheets_for(st, **texts), DATA, dice, log)
    dice.finish()
    return log


def play(st: LohState, sheets: dict, data=DATA) -> Log:
    """The step that plays special cards (`sheets` by player; the others have none)."""
    log = Log()
    dice = Dice(script=[])
    specials.play_step(st, {n: sheets.get(n) for n in st.seats}, data, dice, log)
    dice.finish()
    return log


def public(log: Log) -> list[str]:
    """The texts of the events everyone sees."""
    return [e.text for e in log.events if e.visible_to is None]
