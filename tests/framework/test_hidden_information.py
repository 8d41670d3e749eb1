"""DESIGN.md §7: changing another player's secret state changes not one byte of a
player's report, in any of its formats (text, HTML, JSON) or its mail; no report shows
another player's hand."""

import copy
import random

from markupsafe import escape

from pbem.dice import Dice
from pbem.engine import Event, get_game
from pbem.turns import render_reports

PLAYERS = ["anna", "boris", "chiara", "dmitri"]
G = {"name": "g", "game_type": "hellgame"}
STAGE = {"name": "turn 2", "number": 2}
DEADLINE = "2026-01-08T19:00:00Z"


def _reports(game, before, state, events, sheets=None, receipts=None, zones=None):
    """Everyone has sent a sheet (who has is public: the board lists them)."""
    if sheets is None:
        sheets = {p: game.check_orders(state, p, "") for p in PLAYERS}
    return render_reports(game, G, STAGE, before, state, events, [], sheets, receipts or {},
                          PLAYERS, "turn 3", False, "", DEADLINE, zones or {})


def _setup():
    game = get_game("hellgame")
    state, _, _ = game.new_game(PLAYERS, {}, Dice("hidden"))
    state = game.resolve(state, {p: None for p in PLAYERS}, Dice("hidden-0")).state
    res = game.resolve(state, {p: None for p in PLAYERS}, Dice("hidden-1"))
    assert all(len(res.state["players"][p]["hand"]) >= 4 for p in PLAYERS)  # hands to hide
    return game, state, res.state, res.events


#: order lines a player might write, good and bad, some naming other players' cards
LINES = ["KEEP Frenzy", "GIVE anna 2 SOULS", "COUNTER ANY TARGETING MINE WITH It Did Not Work",
         "FLEE ANYWHERE IF OUTNUMBERED", "BUY OFF ALL", "PETITION FALSIFIERS", "LEGIONS 3",
         "Baal: MARCH 1 LEGION LIARS > THIEVES", "<script>alert(1)</script>", "TAME",
         "HITS LEGIONS, HOUNDS", "nonsense & more", "KEEP FAVOURS 2", "GRANT PASSAGE TO anna"]


def _perturb(game, state, events, me: str, rng: random.Random):
    """Another world that differs from `state` only in what `me` may not see: the
    other players' hands (swapped with unseen deck cards, so every count stays the
    same), their order sheets and receipts, their private events and time zones."""
    changed = copy.deepcopy(state)
    deck = changed["arcana_deck"]
    for q in PLAYERS:
        if q == me:
            continue
        hand = changed["players"][q]["hand"]
        for i in range(len(hand)):
            j = rng.randrange(len(deck))
            hand[i], deck[j] = deck[j], hand[i]
    sheets = {me: game.check_orders(state, me, "")}
    receipts = {}
    for q in PLAYERS:
        if q != me:
            text = "\n".join(rng.sample(LINES, rng.randint(0, 5)))
            sheets[q] = game.check_orders(changed, q, text)
            receipts[q] = f"{rng.getrandbits(48):012x}"
    extra = [Event("action", "draw", f"{q} secretly drew card {rng.random()}",
                   visible_to=(q,)) for q in PLAYERS if q != me]
    mixed = list(events)
    for e in extra:
        mixed.insert(rng.randrange(len(mixed) + 1), e)
    zones = {q: rng.choice(["Asia/Tokyo", "America/New_York", ""]) for q in PLAYERS if q != me}
    return changed, mixed, sheets, receipts, zones


def test_another_players_secrets_change_no_byte_of_my_report_in_any_format():
    """The property, over 40 random worlds: anna's (then each player's) text, HTML and
    JSON, and the public board's, stay byte-identical."""
    game, before, state, events = _setup()
    base = _reports(game, before, state, events)
    assert set(base["anna"]) == {"text", "html", "json"}
    assert set(base[""]) == {"text", "html", "json", "svg"}
    rng = random.Random(6)
    for n in range(40):
        me = PLAYERS[n % len(PLAYERS)]
        world = _perturb(game, state, events, me, rng)
        got = _reports(game, before, *world[:2], *world[2:])
        for fmt in ("text", "html", "json"):
            assert got[me][fmt] == base[me][fmt], (n, me, fmt)
        assert got[""] == base[""], n


def test_my_own_secrets_do_change_my_report():
    """The converse, so the property above can fail: a change to anna's hand shows in
    each of her formats, and in nobody else's."""
    game, before, state, events = _setup()
    base = _reports(game, before, state, events)
    changed = copy.deepcopy(state)
    hand, deck = changed["players"]["anna"]["hand"], changed["arcana_deck"]
    changed["players"]["anna"]["hand"] = deck[:len(hand)]
    changed["arcana_deck"] = hand + deck[len(hand):]
    got = _reports(game, before, changed, events)
    for fmt in ("text", "html", "json"):
        assert got["anna"][fmt] != base["anna"][fmt], fmt
    for p in ("boris", "chiara", "dmitri", ""):
        assert got[p] == base[p], p


def test_no_report_names_a_card_in_another_players_hand():
    game, before, state, events = _setup()
    reports = _reports(game, before, state, events)
    data = game.data
    for p in PLAYERS:
        mine = set(state["players"][p]["hand"])
        others = {c for q in PLAYERS if q != p for c in state["players"][q]["hand"]} - mine
        # names also occur in the order form's fixed examples, ids and hand rows do not
        for c in others:
            assert f"  {data.arcana[c].name} - Minor" not in reports[p]["text"], (p, c)
            assert f"<b>{escape(data.arcana[c].name)}</b>" not in reports[p]["html"], (p, c)
            assert c not in reports[p]["json"], (p, c)
        for c in mine:
            assert f"  {data.arcana[c].name} - Minor" in reports[p]["text"]
            assert f"<b>{escape(data.arcana[c].name)}</b>" in reports[p]["html"]
            assert f'"{c}"' in reports[p]["json"]


def test_private_events_reach_only_their_player():
    game, before, state, _ = _setup()
    events = [Event("hell", "draw", "SECRET-DRAW-TEXT", visible_to=("boris",))]
    reports = _reports(game, before, state, events)
    assert all("SECRET-DRAW-TEXT" in reports["boris"][f] for f in ("text", "html", "json"))
    for p in ("anna", "chiara", "dmitri", ""):
        assert all("SECRET-DRAW-TEXT" not in body for body in reports[p].values()), p
