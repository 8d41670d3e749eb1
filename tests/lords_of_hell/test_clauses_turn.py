"""Rule clauses of the turn frame, the draw / transfer / gathering windows and the fight
steps that no other test cited yet (digest §1, LH-III.0 .. LH-IV.3.3). Each test checks
the behaviour (the state after resolution, the events, or the order checker's answer);
the play-by-email equivalent of a live-play rule is said in the test's docstring."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from combat_support import combat_state, events, play_round, texts
from loh_kit import DATA, build_state, instances, line, sheets_for, trade

from pbem import admin, deadlines, turns
from pbem import orders as pbem_orders
from pbem.dice import Dice
from pbem.engine import ACCEPTED, ILLEGAL
from pbem.eventlog import Log
from pbem.site import init_site
from pbem_games.lords_of_hell import draw, setup, turn
from pbem_games.lords_of_hell.combat.context import Rt, new_fight
from pbem_games.lords_of_hell.combat.hits import Battle
from pbem_games.lords_of_hell.orders import ORDER_TYPES, PHASES, check_sheet
from pbem_games.lords_of_hell.state import LohState, card_id

FIGHT_KINDS = ("retreat", "escaped", "fight-round", "attack-roll", "hit")


def resolve(st: LohState, sheets: dict | None = None, script=()):
    """One stage through turn.resolve with scripted dice (every die must be used)."""
    dice = Dice(script=list(script))
    res = turn.resolve(st, {n: (sheets or {}).get(n) for n in st.seats}, dice, DATA)
    dice.finish()
    return res


def phases(evs) -> list[str]:
    """The phases the events were logged in, consecutive repeats dropped."""
    out: list[str] = []
    for e in evs:
        if not out or out[-1] != e.phase:
            out.append(e.phase)
    return out


def kinds(log_or_events, wanted=FIGHT_KINDS) -> list[str]:
    evs = getattr(log_or_events, "events", log_or_events)
    return [e.kind for e in evs if e.kind in wanted]


def hits(log) -> list[tuple[str, str]]:
    return [(e.data["player"], e.data["unit"]) for e in events(log, "hit")]


# --- LH-III.0: the turn ---------------------------------------------------------------------


def test_lh_iii_0_01_a_turn_is_draw_transfer_combat_gathering():
    """LH-III.0-01: draw, transfer, combat, gathering, in this order. The draw phase
    needs no orders, so it runs as the gathering stage closes (turn 1's at setup) and the
    next turn's transfer stage opens right after it."""
    st = build_state({"a": {"hordes": ["horde.fiends"]}, "b": {}, "c": {}, "d": {}})
    seen = []
    r1 = resolve(st, sheets_for(st, a="EARTH ALL FIENDS"))
    assert r1.stage_name == "turn 1 combat round 1" and r1.state.phase == "combat"
    assert phases(r1.events) == ["transfer"]
    assert kinds(r1.events, ("to-earth",)) == ["to-earth"]
    seen += r1.events
    r2 = resolve(r1.state, script=[3])  # everyone stays home; a's Fiends gather 1 Soul
    assert r2.stage_name == "turn 1 gathering" and r2.state.phase == "gathering"
    assert phases(r2.events) == ["combat", "gathering"]
    assert r2.state.players["a"].souls == 1
    seen += r2.events
    r3 = resolve(r2.state)
    assert r3.stage_name == "turn 2 transfer" and r3.state.turn == 2
    assert phases(r3.events) == ["gathering", "draw"]
    drawn = [e for e in r3.events if e.phase == "draw"]
    assert {"starter", "earth-return"} <= {e.kind for e in drawn}
    assert r3.state.players["a"].earth == []  # back in Hell in the draw phase
    seen += r3.events
    assert phases(seen) == ["transfer", "combat", "gathering", "draw"]


def test_lh_iii_0_02_combat_round_steps_run_in_the_listed_order():
    """LH-III.0-02 (with LH-IV.2-01's list): intentions, fight, capture, SP, then the
    rituals of the armies that did not move, each step after the one before it."""
    st = combat_state({
        "a": {"devil": "devil.belial", "souls": 0, "home": "realm.acheron"},
        "b": {"devil": "devil.mammon", "souls": 1, "home": "realm.seat-of-judgement"},
        "c": {"devil": "devil.glasya", "souls": 2, "home": "realm.styx",
              "rituals": ["ritual.furnace-of-souls"]}},
        deck=["special.recall"])
    orders = {"a": "TARGET Mammon\nATTACK Mammon", "c": "FINISH Furnace of Souls"}
    # fight round 1: a 4, 1 (a Soul of b), b 1; round 2: a 4, 1 (Mammon out), b 1
    going, log = play_round(st, orders, [4, 1, 1, 4, 1, 1])
    assert going is True
    steps = ["intention", "meeting", "fight-round", "attack-roll", "hit", "captured",
             "combat-sp", "ritual-finished"]
    first = [next(i for i, e in enumerate(log.events) if e.kind == k) for k in steps]
    assert first == sorted(first)
    fought = [i for i, e in enumerate(log.events) if e.kind in ("attack-roll", "hit")]
    assert max(fought) < first[steps.index("captured")]  # every fight round first
    assert st.players["b"].captor == "a" and st.players["a"].sp == 1
    assert instances(st, "c", "hand") == ["special.recall"]  # Furnace: 2 Souls, 1 card


# --- LH-III.1: the draw phase ---------------------------------------------------------------


# 20 cards held (2 drawn each), and homes with no draw bonus
PLAIN_HOMES = {n: {"hordes": ["horde.fiends"] * 20, "home": realm} for n, realm in zip(
    "abcd", ("realm.acheron", "realm.styx", "realm.cocytus", "realm.phlegethon"),
    strict=True)}


def test_lh_iii_1_06_starter_draws_first_then_clockwise():
    deck = ["special.recall", "special.escape", "special.silence", "special.world-war",
            "ritual.bury", "ritual.furnace-of-souls", "special.double-cross",
            "ritual.infernal-plague"]
    st = build_state(PLAIN_HOMES, starter="c", deck=deck)  # 20 cards held: 2 drawn each
    log = Log()
    draw.run(st, DATA, Dice(script=[]), log)
    assert [e.data["player"] for e in events(log, "draws")] == ["c", "d", "a", "b"]
    assert instances(st, "c", "hand") == deck[0:2]
    assert instances(st, "d", "hand") == deck[2:4]
    assert instances(st, "a", "hand") == deck[4:6]
    assert instances(st, "b", "hand") == deck[6:8]


def test_lh_iii_1_06_a_short_deck_serves_the_starter_first():
    st = build_state(PLAIN_HOMES, starter="c",
                     deck=["special.recall", "special.escape", "ritual.bury"])
    log = Log()
    draw.run(st, DATA, Dice(script=[]), log)
    assert instances(st, "c", "hand") == ["special.recall", "special.escape"]
    assert instances(st, "d", "hand") == ["ritual.bury"]
    assert instances(st, "a", "hand") == [] and instances(st, "b", "hand") == []
    assert [(e.data["player"], e.data["lost"]) for e in events(log, "draws-lost")] == [
        ("d", 1), ("a", 2), ("b", 2)]


def test_lh_iii_1_10_no_trading_in_the_draw_phase():
    """LH-III.1-10: the draw phase has no trading window. There is no draw stage and
    no order is for one; the draw runs after the gathering stage's trades, inside the
    same resolution, and its events hold no trade of any kind."""
    assert "draw" not in PHASES
    assert all(set(t.when) <= {"transfer", "combat", "gathering"}
               for t in ORDER_TYPES.values())
    st = build_state({"a": {}, "b": {"hand": ["special.recall"]}, "c": {}, "d": {}},
                     phase="gathering", deck=["special.escape"] * 3)
    deal = "DEAL b GIVES Recall TO a"
    res = resolve(st, sheets_for(st, a=deal, b=deal))
    assert res.stage_name == "turn 2 transfer"
    made = [i for i, e in enumerate(res.events) if e.kind == "deal-made"]
    drawn = [i for i, e in enumerate(res.events) if e.phase == "draw"]
    assert made and drawn and max(made) < min(drawn)
    assert res.events[made[0]].phase == "gathering"
    trade_kinds = {"deal", "deal-made", "deal-failed", "deal-unmatched", "forced-trade",
                   "opoh", "discard", "surrender", "permit", "freed", "heaven-deal"}
    assert not {res.events[i].kind for i in drawn} & trade_kinds
    assert "special.recall" in instances(res.state, "a", "hand")


# --- LH-III.2: the transfer phase -----------------------------------------------------------


TRADE_ALL = ("DEAL a GIVES 2 Souls, Fiends, Wand of Might, Realm TO b; "
             "b GIVES Recall, Oath of Asmodeus, Realm TO a")


def trade_state(phase: str, **fields) -> LohState:
    return build_state({
        "a": {"souls": 3, "hordes": ["horde.fiends", "horde.fiends"],
              "artifacts": ["artifact.wand-of-might"], "home": "realm.acheron"},
        "b": {"hand": ["special.recall", "oath.asmodeus.6"], "home": "realm.styx"},
        "c": {}, "d": {}}, phase=phase, **fields)


def test_lh_iii_2_02_full_trading_in_the_transfer_phase():
    """LH-III.2-02: Souls, tabled hordes and artifacts, hand cards, Oaths and home realms
    all change hands in one transfer-stage deal."""
    st = trade_state("transfer")
    trade(st, a=TRADE_ALL, b=TRADE_ALL)
    a, b = st.players["a"], st.players["b"]
    assert (a.souls, b.souls) == (1, 2)
    assert instances(st, "a", "hordes") == ["horde.fiends"]
    assert instances(st, "b", "hordes") == ["horde.fiends"]
    assert instances(st, "b", "artifacts") == ["artifact.wand-of-might"]
    assert sorted(instances(st, "a", "hand")) == ["oath.asmodeus.6", "special.recall"]
    assert (a.home, b.home) == ("realm.styx", "realm.acheron")
    assert st.realms["realm.styx"] == "a" and st.realms["realm.acheron"] == "b"


def test_lh_iii_2_02_the_same_trade_is_refused_outside_the_transfer_phase():
    for phase in ("combat", "gathering"):
        st = trade_state(phase, round=1 if phase == "combat" else 0)
        got = line(st, "a", TRADE_ALL, alone=True)
        assert got.status == ILLEGAL and "only in the transfer phase" in got.message
        hand_only = line(st, "a", "DEAL b GIVES Recall TO a", alone=True)
        assert hand_only.status == ACCEPTED  # hand cards trade in every stage


def test_lh_iii_2_06_the_transfer_stage_ends_when_every_player_is_ready(tmp_path):
    """LH-III.2-06 (LH-II.5-02): "everyone ready" is, by email, every player having sent
    a sheet without problems; the framework then processes the stage early (or at the
    deadline), and the transfer phase ends: the combat phase's first round opens."""
    site = init_site(tmp_path / "site")
    db = site.db()
    admin.create_game(db, "g1", "lords-of-hell", seed="42",
                      settings={"hours": 72, "early_minutes": 0})
    names = ("anna", "boris", "chiara", "dmitri")
    for p in names:
        admin.add_player(db, "g1", p, f"{p}@example.org")
    start = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
    g = admin.start_game(db, "g1", now=start)
    stage = admin.current_stage(db, "g1")
    assert stage["name"] == "turn 1 transfer"

    def send(player: str, text: str, minutes: int) -> None:
        checked = pbem_orders.check(db, "g1", player, text)
        pbem_orders.store(db, checked, text, "test",
                          received=deadlines.stamp(start + timedelta(minutes=minutes)))

    later = start + timedelta(hours=2)
    for p in names[:3]:
        send(p, "SOUL REROLL ON 1", 10)
    assert deadlines.due(db, g, stage, later) == ""  # dmitri is not ready yet
    send("dmitri", "NO MOVE", 20)  # a combat order: a problem line, so not ready
    assert deadlines.due(db, g, stage, later) == ""
    send("dmitri", "SOUL REROLL ON 1", 30)
    assert deadlines.due(db, g, stage, later) == "every player is ready"
    done = turns.process(db, "g1", now=later)
    assert (done.stage_name, done.next_name) == ("turn 1 transfer", "turn 1 combat round 1")


# --- LH-III.3: the combat phase -------------------------------------------------------------


def test_lh_iii_3_02_at_most_four_combat_rounds():
    """LH-III.3-02: a ritual never finished keeps the phase going (LH-III.3-03), yet the
    fourth round is the last; the gathering follows and discards it (LH-III.4-02)."""
    st = combat_state({"a": {"rituals": ["ritual.bury"]}, "b": {}, "c": {}, "d": {}})
    names, rounds = [], []
    for _ in range(4):
        res = resolve(st)
        names.append(res.stage_name)
        rounds += [e.text for e in res.events if e.kind == "combat-round"]
        st = res.state
    assert names == ["turn 1 combat round 2", "turn 1 combat round 3",
                     "turn 1 combat round 4", "turn 1 gathering"]
    assert rounds == [f"Combat round {k} begins." for k in (1, 2, 3, 4)]
    assert st.phase == "gathering" and st.round == 0
    assert st.players["a"].rituals == []
    gone = [e for e in res.events if e.kind == "rituals-discarded"]
    assert [(e.rule, e.data["player"]) for e in gone] == [("LH-III.4-02", "a")]


def test_lh_iii_3_02_the_round_limit_is_the_datas():
    """LH-III.3-02: the limit of 4 is `max_combat_rounds` in data/tables.yaml; a moderator
    who edits it gets that many rounds."""
    import dataclasses


    two = dataclasses.replace(DATA, tables={**DATA.tables, "max_combat_rounds": 2})
    st = combat_state({"a": {"rituals": ["ritual.bury"]}, "b": {}, "c": {}, "d": {}})
    names = []
    for _ in range(2):
        res = turn.resolve(st, {n: None for n in st.seats}, Dice("rounds"), two)
        names.append(res.stage_name)
        st = res.state
    assert names == ["turn 1 combat round 2", "turn 1 gathering"]


# --- LH-III.4: the gathering ----------------------------------------------------------------


def test_lh_iii_4_01_the_gathering_is_a_truce():
    """LH-III.4-01: no combat in the gathering: intentions are refused on its sheet and
    standing ATTACK orders start no fight; only the Devils in Hell meet (an Earth
    Devil's vote does not count)."""
    players = {"a": {"souls": 3}, "b": {"souls": 3}, "c": {"souls": 3},
               "d": {"souls": 3, "status": "earth"}, "e": {"souls": 3}}
    st = build_state(players, phase="gathering")
    got = line(st, "a", "TARGET b", alone=True)
    assert got.status == ILLEGAL and "order for the combat stage" in got.message
    orders = {n: "ATTACK ALL\nVOTE c" for n in ("a", "b", "d")}
    res = resolve(st, sheets_for(st, **orders))
    assert not kinds(res.events, ("meeting", "fight-round", "attack-roll", "hit"))
    assert all(res.state.players[n].souls == 3 for n in players)
    votes = [e for e in res.events if e.kind == "votes"]
    assert votes[0].data["votes"] == {"a": "c", "b": "c"}  # d is on Earth
    assert res.state.players["c"].proclaimed == 2  # 5 players: no adjustment
    assert res.state.players["a"].standing["ATTACK"]["mode"] == "all"


def gathering_state() -> LohState:
    return build_state({
        "a": {"hand": ["oath.belial.6"], "souls": 2, "hordes": ["horde.fiends"],
              "home": "realm.acheron"},
        "b": {"hand": ["special.recall"], "home": "realm.styx"},
        "c": {"devil": "devil.belial", "hordes": ["horde.fiends", "horde.metal-beasts"],
              "home": "realm.cocytus"},
        "d": {"devil": "devil.glasya", "status": "prisoner", "captor": "a"}},
        phase="gathering")


def test_lh_iii_4_2_01_after_soul_gathering_the_table_is_fixed():
    """LH-III.4.2-01: hordes, artifacts, Souls and realms do not change hands by deal in
    the gathering stage (whose trading comes after the soul gathering that opened it)."""
    st = gathering_state()
    for deal in ("DEAL a GIVES Fiends TO b", "DEAL a GIVES 1 Soul TO b",
                 "DEAL a GIVES Realm TO b; b GIVES Realm TO a"):
        got = line(st, "a", deal, alone=True)
        assert got.status == ILLEGAL and "only in the transfer phase" in got.message, deal


def test_lh_iii_4_2_01_hand_cards_prisoners_and_forced_trades_still_move():
    st = gathering_state()
    recall = "DEAL b GIVES Recall TO a"
    prisoner = "DEAL a GIVES Prisoner d TO b"
    log = trade(st, a=f"{recall}\n{prisoner}\nFORCED Oath of Belial FOR Metal Beasts",
                b=f"{recall}\n{prisoner}")
    assert instances(st, "a", "hand") == ["special.recall"]  # the Oath went back
    assert st.players["d"].captor == "b"  # prisoners move (LH-I.1.1-09)
    assert instances(st, "a", "hordes") == ["horde.fiends", "horde.metal-beasts"]
    assert instances(st, "c", "hordes") == ["horde.fiends"]
    assert "oath.belial.6" in st.players["c"].hand
    assert events(log, "forced-trade")


# --- LH-IV.1: armies ------------------------------------------------------------------------


def test_lh_iv_1_1_02_the_army_is_never_split():
    """LH-IV.1.1-02: the orders cannot split an army, and the whole army (Devil, hordes,
    Souls) rolls, takes hits and retreats together. (The ❓ exception, a prisoner freed
    mid-fight, cannot arise: freeing is done in the trading window before the
    intentions, digest G18.)"""
    st = combat_state({
        "a": {"devil": "devil.belial", "souls": 1, "hordes": ["horde.fiends"] * 2,
              "home": "realm.acheron"},
        "b": {"devil": "devil.mammon", "hordes": ["horde.fallen-angels"] * 2,
              "home": "realm.seat-of-judgement"}})
    assert line(st, "a", "TARGET Mammon WITH Fiends", alone=True).status != ACCEPTED
    assert line(st, "a", "EARTH ALL FIENDS", alone=True).status == ILLEGAL
    orders = {"a": "TARGET Mammon\nATTACK Mammon\nRETREAT IF LOST 2"}
    _, log = play_round(st, orders, [1, 1, 6, 6])  # a misses; b hits twice
    rolled = {e.data["player"]: e.data["dice"] for e in events(log, "attack-roll")}
    assert len(rolled["a"]) == 2  # power 3 + 1 + 1 = 5: the whole army's dice
    assert hits(log) == [("a", "soul"), ("a", "horde.fiends")]  # all of it was there
    assert [e.data["player"] for e in events(log, "retreat")] == ["a"]
    assert st.combat["fights"][0]["armies"] == ["b"]  # every unit of a left
    assert st.players["a"].status == "hell"
    assert instances(st, "a", "hordes") == ["horde.fiends"]


def test_lh_iv_1_2_01_the_army_that_stays_home_defends_with_the_realm_dp():
    st = combat_state({"a": {"home": "realm.acheron"},
                       "b": {"devil": "devil.mammon", "home": "realm.phlegethon"}})
    _, log = play_round(st, {"a": "TARGET Mammon\nATTACK Mammon", "b": "NO MOVE"}, [5, 4])
    assert events(log, "meeting")[0].data["defender"] == "b"
    a_roll, b_roll = events(log, "attack-roll")
    assert "(6+)" in a_roll.text and a_roll.data["hits"] == {"b": 0}  # Phlegethon: 2 DP
    assert "(4+)" in b_roll.text and b_roll.data["hits"] == {"a": 1}


def test_lh_iv_1_2_01_an_army_that_moved_gets_no_dp():
    st = combat_state({"a": {"home": "realm.acheron"},
                       "b": {"devil": "devil.mammon", "home": "realm.phlegethon"}})
    orders = {"a": "TARGET Mammon\nATTACK Mammon", "b": "TARGET Asmodeus"}
    _, log = play_round(st, orders, [5, 1])
    assert events(log, "meeting")[0].data["where"] is None
    a_roll = events(log, "attack-roll")[0]
    assert "(4+)" in a_roll.text and a_roll.data["hits"] == {"b": 1}
    assert st.players["b"].captor == "a"


def test_lh_iv_1_2_01_realm_powers_stop_when_the_realm_is_emptied():
    """Dis hits the defender's attackers only while its owner still has units there."""
    st = combat_state({
        "a": {"devil": "devil.asmodeus", "home": "realm.dis"},
        "b": {"devil": "devil.belial", "souls": 3, "home": "realm.acheron"},
        "c": {"devil": "devil.glasya", "souls": 3, "home": "realm.styx"}})
    orders = {"b": "TARGET Asmodeus\nATTACK ALL",
              "c": "TARGET Asmodeus\nATTACK ALL\nRETREAT IF AFTER ROUND 2"}
    # round 1: a 1; b 5 (on a: Asmodeus out), 1; c 1; Dis hits b and c.
    # round 2: b 1, 1; c 1. Round 3: c leaves.
    _, log = play_round(st, orders, [1, 5, 1, 1, 1, 1, 1])
    assert [e.data["targets"] for e in events(log, "dis-hits")] == [["b", "c"]]
    assert [e.text for e in events(log, "dis-hits")] == [
        "Dis: Belial (b), Glasya (c) take 1 automatic hit each."]  # the verb agrees (issue 20)
    assert st.combat["fights"][0]["rounds"] == 2
    assert (st.players["b"].souls, st.players["c"].souls) == (2, 2)


def test_lh_iv_1_3_01_juggernauts_extra_hit_only_on_a_hostile_army():
    """The extra hit goes to an army its owner attacks, never to another army at the
    place, even a stronger one named in JUGGERNAUT TARGET."""
    st = combat_state({
        "a": {"devil": "devil.asmodeus", "hordes": ["horde.juggernauts"],
              "home": "realm.acheron"},
        "b": {"devil": "devil.mammon", "souls": 3, "home": "realm.seat-of-judgement"},
        "c": {"devil": "devil.belial", "hordes": ["horde.fiends"] * 3,
              "home": "realm.styx"}})
    orders = {"a": "TARGET Mammon\nATTACK Mammon\nJUGGERNAUT TARGET Belial\n"
                   "RETREAT IF AFTER ROUND 1",
              "b": "NO MOVE",
              "c": "TARGET Mammon\nATTACK Mammon\nRETREAT IF AFTER ROUND 1"}
    # round 1: a 1, 1; b 6 (on a: the Juggernauts); c 1, 1, 1. Round 2: a and c leave.
    _, log = play_round(st, orders, [1, 1, 6, 1, 1, 1])
    assert events(log, "fight-round")[0].data["attacks"] == {
        "a": ["b"], "b": ["a", "c"], "c": ["b"]}
    assert hits(log) == [("a", "horde.juggernauts"), ("b", "soul")]
    assert "extra hit of Asmodeus (a)'s Juggernauts" in events(log, "hit")[1].text
    assert instances(st, "c", "hordes") == ["horde.fiends"] * 3


def test_lh_iv_1_3_01_dis_hits_only_the_armies_its_defender_attacks():
    st = combat_state({
        "a": {"devil": "devil.asmodeus", "home": "realm.dis"},
        "b": {"devil": "devil.mammon", "souls": 3, "home": "realm.acheron"},
        "c": {"devil": "devil.belial", "souls": 3, "home": "realm.styx"}})
    orders = {"b": "TARGET Asmodeus\nATTACK Asmodeus\nRETREAT IF AFTER ROUND 1",
              "c": "TARGET Mammon\nATTACK Mammon"}
    # round 1: a 1; b 1; c 1, 1; Dis hits b only. Round 2: b leaves, nobody attacks.
    _, log = play_round(st, orders, [1, 1, 1, 1])
    assert events(log, "fight-round")[0].data["attacks"] == {
        "a": ["b"], "b": ["a", "c"], "c": ["b"]}
    assert [e.data["targets"] for e in events(log, "dis-hits")] == [["b"]]
    assert st.players["c"].souls == 3 and st.players["b"].souls == 2


def _leviathan_instance() -> str:
    """Setup numbers the card instances c001, c002, ... in data order."""
    n = 0
    for cid, card in DATA.cards.items():
        for _ in range(card.count):
            n += 1
            if cid == "horde.leviathan":
                return f"c{n:03d}"
    raise AssertionError("no Leviathan in the data")


class _LeviathanOnTop(Dice):
    """Seeded dice whose resource-deck shuffle puts Leviathan on top."""

    rigged = False

    def shuffle(self, items, reason):
        out = super().shuffle(items, reason)
        if reason == "shuffle the resource deck":
            lev = _leviathan_instance()
            out.remove(lev)
            out.insert(0, lev)
            self.rigged = True
        return out


def test_lh_iv_1_5_06_leviathan_is_never_a_starting_horde(monkeypatch):
    """Even flipped first from the shuffled deck, Leviathan is skipped (and goes back
    into the deck); the first horde after it is dealt instead."""
    monkeypatch.setattr(draw, "run", lambda st, data, dice, log: None)
    dice = _LeviathanOnTop("lev")
    st = setup.new_state(["p1", "p2", "p3", "p4"], {}, dice, DATA, Log())
    lev = _leviathan_instance()
    assert dice.rigged and st.cards[lev] == "horde.leviathan"
    for name in st.seats:
        got = [card_id(st, c) for c in st.players[name].hordes]
        assert len(got) == 4 and "horde.leviathan" not in got
    assert lev in st.deck


# --- LH-IV.2.6: the end of a combat round ---------------------------------------------------


def test_lh_iv_2_6_01_armies_return_home_after_each_round():
    """Round 1 ends with a and b at an unspecified place; in round 2 b, staying put, is
    at its home realm again and defends it. A homeless army with forces takes a realm
    at the round's end (LH-I.2-05)."""
    st = combat_state({"a": {"home": "realm.acheron"},
                       "b": {"devil": "devil.mammon", "home": "realm.styx"},
                       "c": {"devil": "devil.belial", "home": None, "souls": 2}})
    going, log1 = play_round(st, {"a": "TARGET Mammon", "b": "TARGET Asmodeus"}, [])
    assert going is True
    assert [(e.data["where"], e.data["defender"]) for e in events(log1, "meeting")] == [
        (None, None)]
    assert texts(log1, "home-taken") == ["c takes High Palace of Hell as home realm."]
    st.round = 2
    _, log2 = play_round(st, {"a": "TARGET Mammon", "b": "NO MOVE"}, [])
    assert [(e.data["where"], e.data["defender"]) for e in events(log2, "meeting")] == [
        ("realm.styx", "b")]


# --- LH-IV.3: fight rounds ------------------------------------------------------------------


def test_lh_iv_3_01_fight_round_is_retreat_then_rolls_then_hits():
    """LH-IV.3-01: in each fight round the retreat step comes first, then every attack
    roll, then the hits. (Trading in the retreat step is, by email, the round stage's
    trading window before the intentions; the standing orders stand for the fight.)"""
    st = combat_state({
        "a": {"devil": "devil.asmodeus", "souls": 2, "home": "realm.acheron"},
        "b": {"devil": "devil.mammon", "souls": 2, "home": "realm.seat-of-judgement"},
        "c": {"devil": "devil.belial", "souls": 2, "home": "realm.styx"}})
    orders = {"a": "TARGET Mammon\nATTACK Mammon\nRETREAT IF AFTER ROUND 2",
              "c": "TARGET Mammon\nATTACK Mammon\nRETREAT IF AFTER ROUND 1"}
    # round 1: a 4 (b's Soul), b 1, c 1, 1; round 2: c leaves, a 1, b 1; round 3: a leaves
    _, log = play_round(st, orders, [4, 1, 1, 1, 1, 1])
    assert kinds(log) == ["fight-round", "attack-roll", "attack-roll", "attack-roll", "hit",
                          "retreat", "escaped", "fight-round", "attack-roll", "attack-roll",
                          "retreat", "escaped"]
    assert [e.data["player"] for e in events(log, "retreat")] == ["c", "a"]


def test_lh_iv_3_1_05_pursuit_only_in_the_retreat_step_of_the_retreat():
    """a leaves in fight round 1 while c still fights, so b (the defender) cannot follow
    then (LH-IV.3.1-03). When c leaves in round 2, b could follow, but a's retreat was
    in an earlier step: b, who would pursue only a, pursues nobody."""
    st = combat_state({
        "a": {"devil": "devil.asmodeus", "souls": 1, "home": "realm.acheron"},
        "b": {"devil": "devil.mammon", "souls": 3, "home": "realm.seat-of-judgement"},
        "c": {"devil": "devil.belial", "souls": 3, "home": "realm.styx"}})
    orders = {"a": "TARGET Mammon\nATTACK Mammon\nRETREAT IF ATTACKED",
              "b": "NO MOVE\nPURSUE Asmodeus",
              "c": "TARGET Mammon\nATTACK Mammon\nRETREAT IF AFTER ROUND 1"}
    _, log = play_round(st, orders, [1, 1, 1])  # round 1 after a left: b 1; c 1, 1
    assert not events(log, "pursue")
    assert kinds(log) == ["retreat", "escaped", "fight-round", "attack-roll", "attack-roll",
                          "retreat", "escaped"]
    assert st.combat["fights"][0]["escaped"] == ["a", "c"]
    assert len(st.combat["fights"]) == 1  # no fight split off by a pursuit
    assert "b" in st.combat["still"]  # b never moved


def test_lh_iv_3_2_01_every_army_rolls_before_any_hit():
    """Both Devils knock each other out in the same fight round: a's hit does not stop
    b's roll."""
    st = combat_state({"a": {"home": "realm.acheron"},
                       "b": {"devil": "devil.mammon", "home": "realm.styx"}})
    orders = {"a": "TARGET Mammon\nATTACK Mammon", "b": "TARGET Asmodeus"}
    _, log = play_round(st, orders, [6, 6])
    assert kinds(log) == ["fight-round", "attack-roll", "attack-roll", "hit", "hit"]
    assert hits(log) == [("a", "devil"), ("b", "devil")]
    assert st.combat["fights"][0]["defeated"] == ["a", "b"]


def _hit_order(starter: str, script: list[int]) -> list[tuple[str, str, str]]:
    st = combat_state({
        "a": {"devil": "devil.asmodeus", "souls": 2, "home": "realm.acheron"},
        "b": {"devil": "devil.mammon", "hordes": ["horde.fiends", "horde.juggernauts"],
              "home": "realm.styx"}}, starter=starter)
    orders = {"a": "TARGET Mammon\nATTACK Mammon\nRETREAT IF LOST 2",
              "b": "TARGET Asmodeus\nATTACK Asmodeus"}
    _, log = play_round(st, orders, script)
    return [(e.data["player"], e.data["unit"], "extra" if "extra hit" in e.text else "roll")
            for e in events(log, "hit")]


def test_lh_iv_3_3_04_hits_are_handled_in_starter_order_juggernauts_first():
    """The order of handling hits is the Starter's (PBEM: armies in Starter order, with
    extra hits queued behind); Juggernauts still take their army's first hit."""
    # Starter b: b rolls 6, 1 (a's Soul) and a rolls 6 (b's Juggernauts); then a leaves
    assert _hit_order("b", [6, 1, 6]) == [("b", "horde.juggernauts", "roll"),
                                          ("a", "soul", "roll"), ("a", "soul", "extra")]
    # Starter a: a rolls first; a's hit from b's roll comes before b's Juggernauts
    assert _hit_order("a", [6, 6, 1]) == [("a", "soul", "roll"),
                                          ("b", "horde.juggernauts", "roll"),
                                          ("a", "soul", "extra")]


def test_lh_iv_3_3_05_leviathan_is_hit_last():
    st = build_state({"a": {"souls": 1, "hordes": ["horde.leviathan", "horde.fiends"]},
                      "b": {}}, phase="combat", round=1)
    got = check_sheet(st, DATA, "a", "CASUALTIES Leviathan, Devil").lines[0]
    assert got.status == ILLEGAL and got.rule == "LH-IV.1.5-04"
    # even a stored order naming it first (not one the checker takes) does not bring it on
    st.players["a"].standing["CASUALTIES"] = {
        "type": "CASUALTIES", "kinds": ["horde.leviathan", "devil"]}
    st.combat = {}
    fight = new_fight(st, None, None, ["a", "b"])
    log = Log()
    battle = Battle(Rt(st, DATA, Dice(script=[]), log), fight, {})
    battle.add("a", "test", 4)
    battle.resolve()
    assert hits(log) == [("a", "devil"), ("a", "soul"), ("a", "horde.fiends"),
                         ("a", "horde.leviathan")]
    assert events(log, "hit")[-1].rule == "LH-IV.1.5-04"


def test_lh_iv_3_3_05_juggernauts_first_leviathan_last():
    st = build_state({"a": {"status": "earth",
                            "hordes": ["horde.leviathan", "horde.juggernauts"]},
                      "b": {}}, phase="combat", round=1)
    st.combat = {}
    fight = new_fight(st, None, None, ["a", "b"])
    log = Log()
    battle = Battle(Rt(st, DATA, Dice(script=[]), log), fight, {})
    battle.add("a", "test", 2)
    battle.resolve()
    assert hits(log) == [("a", "horde.juggernauts"), ("a", "horde.leviathan")]


def test_a_player_who_sends_nothing_is_told_his_standing_orders_decided():
    """PB-20: standing orders stay in the state until changed; a stage without the
    player's sheet is played on them, and his report says so ("orders-carried", first
    under Needs your attention), not that every decision took its default."""
    players = {"a": {"souls": 3}, "b": {"souls": 3}, "c": {"souls": 3}, "d": {"souls": 3}}
    st = build_state(players, phase="gathering")
    first = resolve(st, sheets_for(st, a="ATTACK ALL\nVOTE c", b="VOTE c"))
    assert not [e for e in first.events if e.kind == "orders-carried"]
    later = build_state(players, phase="gathering")
    later.players["a"].standing = dict(first.state.players["a"].standing)
    res = resolve(later, sheets_for(later, b="VOTE c"))
    [told] = [e for e in res.events if e.kind == "orders-carried"]
    assert told.visible_to == ("a",)
    assert told.text == ("You sent no orders: your standing orders were used: ATTACK ALL. "
                         "Every other decision took its default.")
    assert not [e for e in res.events if e.kind == "orders-carried"
                and e.visible_to != ("a",)]  # c and d hold none: nothing to say
