"""Rule clauses of the game track, trading windows, promises, game flow and naming
(LH-I.4.4, LH-II.2 .. LH-II.7), proved on the engine; or, for a table-talk process rule,
on its play-by-email equivalent in the framework (the stage's deadline or early
processing ends a phase, the order sheet replaces the table talk, and all orders of a
stage are simultaneous)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from combat_support import events, play_round, sheets
from loh_kit import DATA, build_state, instances, line, public, trade

from pbem import admin, deadlines, orders, schedule
from pbem.dice import Dice
from pbem.engine import Resolution
from pbem.eventlog import Log
from pbem.site import init_site
from pbem_games.lords_of_hell import combat, souls, turn
from pbem_games.lords_of_hell.combat import fight
from pbem_games.lords_of_hell.combat.context import Rt, new_fight
from pbem_games.lords_of_hell.datatables import draw_count
from pbem_games.lords_of_hell.orders import standing
from pbem_games.lords_of_hell.state import LohState
from pbem_games.lords_of_hell.views import public_view

# default Devils: a Asmodeus, b Baalzebub, c Belial, d Glasya
HOMES = {"a": "realm.acheron", "b": "realm.styx", "c": "realm.cocytus", "d": "realm.phlegethon"}
START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)  # a Monday


def combat_stage(players: dict, **fields) -> LohState:
    """A state at the opening of combat round 1 (the phase start done, events dropped)."""
    st = build_state(players, phase="combat", round=1, **fields)
    combat.start_phase(st, DATA, Dice(script=[]), Log())
    return st


def resolve(st: LohState, texts: dict[str, str], script=()) -> Resolution:
    """One whole stage through turn.resolve; every scripted die must be used."""
    dice = Dice(script=list(script))
    res = turn.resolve(st, sheets(st, texts), dice, DATA)
    dice.finish()
    return res


def first(evs, kind: str) -> int:
    return next(i for i, e in enumerate(evs) if e.kind == kind)


def last(evs, kind: str) -> int:
    return max(i for i, e in enumerate(evs) if e.kind == kind)


def seated(players: dict | None = None) -> dict:
    """Four players at homes with no draw bonus (Winds of Chaos, HPoH) and DP 1 or 2."""
    players = players or {}
    return {n: {"home": HOMES[n], **players.get(n, {})} for n in HOMES}


# --- LH-II.4-08: the game ends only with an Overlord ------------------------------------------

def test_lh_ii_4_08_no_turn_limit_only_an_overlord_ends_the_game():
    """The game ends only when an Overlord is found in a gathering phase; there is no turn
    limit: a gathering without one opens the next turn's transfer stage, at turn 99 as at
    turn 1, and only the gathering that finds an Overlord finishes the game."""
    for n in (1, 2, 99):
        st = build_state(seated(), phase="gathering", turn=n)
        res = resolve(st, {})
        assert not res.finished and res.result == ""
        assert res.stage_name == f"turn {n + 1} transfer"
        assert (res.state.turn, res.state.phase, res.state.overlord) == (
            n + 1, "transfer", None)
    st = build_state(seated({"a": {"proclaimed": 2}}), phase="gathering", turn=99)
    res = resolve(st, {})
    assert res.finished and res.state.overlord == "a" and res.state.phase == "over"
    assert res.stage_name == "turn 99 end" and "Overlord" in res.result
    # the other stages never end the game, however late
    st = build_state(seated({"a": {"proclaimed": 2}}), phase="transfer", turn=500)
    res = resolve(st, {})
    assert not res.finished and res.state.overlord is None


# --- LH-II.5: game flow -----------------------------------------------------------------------

def contested() -> LohState:
    """b holds one Wand of Might and deals it twice; the other deals are independent."""
    return build_state(seated({
        "a": {"souls": 3, "hordes": ["horde.fiends"], "hand": ["special.recall"]},
        "b": {"souls": 1, "hordes": ["horde.fiends"], "hand": ["ritual.bury"],
              "artifacts": ["artifact.wand-of-might"]},
        "c": {"souls": 2, "hordes": ["horde.juggernauts"]},
        "d": {"hordes": ["horde.metal-beasts"], "souls": 2}}), starter="c")


CONTESTED = {
    "a": "DEAL a GIVES 2 Souls TO b; b GIVES Wand of Might TO a\nEARTH ALL FIENDS",
    "b": "DEAL b GIVES Wand of Might TO a; a GIVES 2 Souls TO b\n"
         "DEAL b GIVES Wand of Might TO c; c GIVES 2 Souls TO b",
    "c": "DEAL c GIVES 2 Souls TO b; b GIVES Wand of Might TO c\n"
         "DEAL c GIVES Juggernauts TO d; d GIVES 2 Souls TO c",
    "d": "DEAL d GIVES 2 Souls TO c; c GIVES Juggernauts TO d"}


def test_lh_ii_5_01_no_player_order_sheets_are_simultaneous():
    """PBEM equivalent of "no fixed player order, actions in any order": every player's
    sheet for a stage is taken at once and the stage resolves them together, so the order
    in which the sheets arrive changes nothing (same state, same report). Where two
    actions compete for one thing, the fixed order of digest §4.3 (Starter first, then
    clockwise) decides, not who wrote first."""
    arrivals = [list(CONTESTED), list(reversed(CONTESTED)), ["b", "d", "a", "c"]]
    results = [resolve(contested(), {n: CONTESTED[n] for n in order}) for order in arrivals]
    for res in results[1:]:
        assert res.state == results[0].state
        assert [(e.kind, e.text, e.visible_to) for e in res.events] == [
            (e.kind, e.text, e.visible_to) for e in results[0].events]
    st = results[0].state
    # c is the Starter: c's deal for the Wand is made first, a's fails whole
    assert instances(st, "c", "artifacts") == ["artifact.wand-of-might"]
    assert st.players["a"].souls == 3 and st.players["b"].souls == 3
    assert instances(st, "d", "hordes") == ["horde.metal-beasts", "horde.juggernauts"]
    failed = [e.text for e in results[0].events if e.kind == "deal-failed"]
    assert len(failed) == 1 and "b GIVES Wand of Might TO a" in failed[0]


# the events of a trading window's steps (prisoners.py, deals.py, forced.py, specials, discards)
TRADING = ("deal", "deal-made", "deal-failed", "deal-unmatched", "deal-refused", "surrender",
           "permit", "heaven-deal", "opoh", "forced-trade", "forced-refused", "special-played",
           "special-refused", "special-cancelled", "double-cross", "discard")


def test_lh_ii_2_4_01_no_trading_in_the_draw_phase_or_the_fight():
    """Trading is forbidden during the whole draw phase, at phase starts (the LH-II.5.1-01
    test) and during attack rolls and hit assignment. PBEM: a stage's orders are all
    carried out in its trading window (turn.resolve runs trading.apply first); the draw
    phase then runs inside the gathering stage's resolution, and a combat round's fight
    runs on standing orders, with no sheet read in between. So the draw counts the cards
    as the trades left them, and every trade is reported before the first draw and the
    first attack roll."""
    st = build_state(seated({"a": {"hand": ["special.recall", "special.silence",
                                            "special.escape"]}}), phase="gathering")
    deal = "DEAL a GIVES Recall, Silence TO b"
    res = resolve(st, {"a": deal, "b": deal})
    evs = res.events
    assert instances(res.state, "b", "hand") == ["special.recall", "special.silence"]
    # the deck is empty: each player's lost draws are the number he had to draw
    lost = {e.data["player"]: e.data["lost"] for e in evs if e.kind == "draws-lost"}
    assert lost["a"] == draw_count(DATA, 1) == 11  # 3 cards before the deal: 9
    assert lost["b"] == draw_count(DATA, 2) == 10  # 0 cards before the deal: 12
    phases = [e.phase for e in evs]
    assert phases == sorted(phases, key=lambda p: p == "draw")  # trading, then the draw
    assert last(evs, "deal") < first(evs, "starter")
    assert not [e for e in evs if e.phase == "draw" and e.kind in TRADING]

    st = combat_stage(seated({"a": {"hordes": ["horde.fiends"] * 4},
                              "b": {"souls": 3, "hand": ["special.recall"]}}))
    deal = "DEAL b GIVES Recall TO c"
    res = resolve(st, {"a": "TARGET b\nATTACK b\nRETREAT IF AFTER ROUND 1", "b": deal,
                       "c": deal}, script=[1, 1, 1, 1])
    evs = res.events
    assert instances(res.state, "c", "hand") == ["special.recall"]
    assert [e.data["player"] for e in evs if e.kind == "attack-roll"] == ["a", "b"]
    assert last(evs, "deal") < first(evs, "combat-round") < first(evs, "attack-roll")


def test_lh_ii_5_1_01_phase_start_mechanics_run_after_the_trading_window():
    """Automatic mechanics at the start of phases run with no trading, deals or special
    cards. PBEM: the combat phase's start (rituals face-up, those beyond the casters
    discarded, LH-III.3-01) runs inside the transfer stage's resolution after its trading
    window has closed, on the state the trades left, and no order of any sheet acts in
    it: a gives away his Diabolic Fiends in a deal, so at the phase start he has one
    caster for his two rituals and the second one is discarded. (Table talk during the
    mechanics has no PBEM form: nobody writes while a stage resolves.)"""
    st = build_state(seated({"a": {"hordes": ["horde.diabolic-fiends", "horde.fiends"],
                                   "hand": ["ritual.bury", "ritual.chain-catalysm"]}}))
    deal = "DEAL a GIVES Diabolic Fiends TO b"
    res = resolve(st, {"a": f"{deal}\nRITUAL Bury, Chain Catalysm", "b": deal})
    evs = res.events
    assert instances(res.state, "b", "hordes") == ["horde.diabolic-fiends"]
    assert res.stage_name == "turn 1 combat round 1"
    assert instances(res.state, "a", "rituals") == ["ritual.bury"]
    gone = next(e for e in evs if e.kind == "rituals-discarded")
    assert gone.phase == "combat" and gone.rule == "LH-III.3-01"
    assert gone.data["rituals"] == ["ritual.chain-catalysm"]
    assert gone.text.startswith("Asmodeus (a) has 1 ritual caster for 2 rituals: ")  # issue 20
    assert last(evs, "deal") < first(evs, "rituals-revealed") < first(evs, "rituals-discarded")
    assert not [e for e in evs if e.phase == "combat" and e.kind in TRADING]


# --- LH-II.2.1-05: drawn hordes and artifacts join the table at once --------------------------

def test_lh_ii_2_1_05_cards_drawn_mid_phase_are_tabled_at_once_and_fight():
    """A horde or artifact drawn joins the table at once, even in the middle of a phase:
    Asmodeus trades an Oath with the Other Powers of Hell in combat round 1 and draws
    Fiends, Wand of Might and Silence; the Fiends and the Wand are tabled at once (the
    Silence goes to the hand), and the Fiends fight in that same round: his army's power
    goes from 2 to 3, so it rolls 2 attack dice instead of 1. (The digest's open point,
    hordes drawn in the middle of a fight, cannot arise here: a stage's trading window
    comes before its round's fight.)"""
    st = combat_stage(seated({"a": {"hand": ["oath.belial.1"]}, "b": {"souls": 3}}),
                      deck=["horde.fiends", "artifact.wand-of-might", "special.silence"])
    res = resolve(st, {"a": "FORCED OPH Oath of Belial\nTARGET b\nATTACK b\n"
                            "RETREAT IF AFTER ROUND 1"}, script=[1, 1, 1])
    st, evs = res.state, res.events
    assert instances(st, "a", "hordes") == ["horde.fiends"]
    assert instances(st, "a", "artifacts") == ["artifact.wand-of-might"]
    assert instances(st, "a", "hand") == ["special.silence"]
    drew = next(e for e in evs if e.kind == "draws")
    assert drew.text == ("a draws 3 cards (the Other Powers of Hell) and tables Fiends, "
                         "Wand of Might and takes 1 card to hand.")
    rolled = {e.data["player"]: e.data["dice"] for e in evs if e.kind == "attack-roll"}
    assert len(rolled["a"]) == 2 and len(rolled["b"]) == 1


# --- LH-II.7-01: "Devil" means the player and everything he controls ---------------------------

@pytest.mark.parametrize("away", [{"status": "earth"},
                                  {"status": "prisoner", "captor": "d"}])
def test_lh_ii_7_01_attack_the_army_of_a_devil_on_earth_or_imprisoned(away):
    """Attacks are against a Devil's army and realm even while the Devil is on Earth or a
    prisoner: TARGET Belial is accepted and Asmodeus's army meets Belial's hordes at
    Belial's home realm, where they defend."""
    st = combat_stage(seated({"c": {"hordes": ["horde.fiends", "horde.fiends"], **away}}))
    assert line(st, "a", "TARGET Belial").canonical == "TARGET Belial"
    _, log = play_round(st, {"a": "TARGET Belial"}, [])
    meet = events(log, "meeting")
    assert [(m.data["where"], m.data["defender"], m.data["armies"]) for m in meet] == [
        ("realm.cocytus", "c", ["a", "c"])]
    assert [e.data["target"] for e in events(log, "intention") if e.data["player"] == "a"] \
        == ["c"]


def test_lh_ii_7_01_a_devil_gains_what_its_minions_gather():
    """"Devil gains X" includes what its minions gain: Belial is a prisoner, yet his
    Fiends on Earth gather 2 Souls (a 5 on the soul table), which go to Belial's home
    realm, and Belial gains the soul-gathering support point."""
    st = build_state(seated({"c": {"status": "prisoner", "captor": "d",
                                   "earth": ["horde.fiends"]}}), phase="combat", round=4)
    log, dice = Log(), Dice(script=[5])
    souls.gather(st, DATA, dice, log)
    dice.finish()
    c = st.players["c"]
    assert (c.souls, c.sp, c.status) == (2, 1, "prisoner")
    assert instances(st, "c", "earth") == ["horde.fiends"]


# --- LH-II.3.1-09: defence ---------------------------------------------------------------------

def test_lh_ii_3_1_09_an_attacked_army_hits_back_at_full_strength_while_attacked():
    """"Defence": an army that is attacked may hit back at full strength for as long as
    the attack lasts. Belial promised Asmodeus a NAP and keeps the default ONLY IF
    ATTACKED; Asmodeus attacks him at home: Belial's army attacks back with all its 4
    dice (power 9) in that fight round; once Asmodeus leaves, Belial's army stops."""
    st = combat_stage(seated({"a": {"hordes": ["horde.fiends"] * 4},
                              "c": {"hordes": ["horde.fiends"] * 6}}))
    trade(st, a="DEAL c PROMISES NAP TO a", c="DEAL c PROMISES NAP TO a")
    assert [(p["kind"], p["from"], p["to"]) for p in st.promises] == [("NAP", "c", ["a"])]
    _, log = play_round(st, {"a": "TARGET Belial\nATTACK Belial\nRETREAT IF AFTER ROUND 1"},
                        [1] * 7)
    assert [e.data["attacks"] for e in events(log, "fight-round")] == [{"a": ["c"],
                                                                       "c": ["a"]}]
    rolled = {e.data["player"]: e.data["dice"] for e in events(log, "attack-roll")}
    assert len(rolled["a"]) == 3 and len(rolled["c"]) == 4  # every die of the defender
    assert [e.data["player"] for e in events(log, "escaped")] == ["a"]
    assert events(log, "fight-over")[0].data["left"] == ["c"]
    # the defence lasts as long as the attack: declarations fight round by fight round
    st = combat_stage(seated({"a": {"hordes": ["horde.fiends"] * 4},
                              "c": {"hordes": ["horde.fiends"] * 6}}))
    f = new_fight(st, "realm.cocytus", "c", ["a", "c"])
    rt = Rt(st, DATA, None, None)
    standing.keep(st, sheets(st, {"a": "ATTACK Belial"}))
    assert fight.declare(rt, f) == {"a": ["c"], "c": ["a"]}
    standing.keep(st, sheets(st, {"a": "ATTACK OFF"}))
    assert fight.declare(rt, f) == {"a": [], "c": []}


# --- LH-II.3: promises -------------------------------------------------------------------------

def test_lh_ii_3_04_promise_wording_checked_by_every_party_and_shown_to_all():
    """Promises must be worded unambiguously and every player shares the duty of checking
    this. PBEM: a promise is either a basic promise by its name or free text in double
    quotes (anything else is refused with that hint); a deal with a promise is made only
    when every party wrote the same words (case and punctuation aside), so each party
    checks the wording; and the words are shown to the whole table."""
    st = build_state(seated(), turn=2)
    r = line(st, "a", "DEAL a PROMISES to be nice TO b")
    assert (r.status, r.rule) == ("unknown", "LH-II.3.1-01") and "double quotes" in r.hint
    log = trade(st, a='DEAL a PROMISES "3 hordes next turn if able" TO b',
                b='DEAL a PROMISES "three hordes next turn" TO b')
    assert st.promises == [] and st.deals == []
    assert sorted(e.visible_to for e in log.events if e.kind == "deal-unmatched") == [
        ("a",), ("b",)]
    log = trade(st, a='DEAL a PROMISES "3 hordes next turn, if able" TO b',
                b='DEAL Asmodeus PROMISES "3 Hordes next turn if able!" TO Baalzebub')
    assert [p["text"] for p in st.promises] == [
        'a promises b "3 hordes next turn, if able", until the end of turn 3.']
    assert public(log) == ['Deal made: a promises b "3 hordes next turn, if able".']
    shown = public_view(st, DATA)["promises"]
    assert [(p["from"], p["to"], p["text"]) for p in shown] == [
        ("a", "b", 'a promises b "3 hordes next turn, if able", until the end of turn 3.')]


def test_lh_ii_3_2_01_free_form_promises():
    """Free-form promises are allowed; the digest's three examples are made as deals and
    recorded word for word: "3 hordes next turn if able" (free text binds to the end of
    the next turn, the most a promise may), "won't help Asmodeus this turn" (UNTIL END
    OF TURN), and, in a combat round, a promise for a promise: the KO Devil for the
    combat SP."""
    st = build_state(seated(), turn=4)
    one = 'DEAL a PROMISES "3 hordes next turn if able" TO b'
    two = 'DEAL c PROMISES "not to help Asmodeus in any fight" TO b UNTIL END OF TURN'
    trade(st, a=one, b=f"{one}\n{two}", c=two)
    st.phase, st.round = "combat", 2
    three = ('DEAL c PROMISES "to give you the knocked-out Devil this round" TO d; '
             'd PROMISES "to give you the combat SP" TO c')
    trade(st, c=three, d=three)
    got = [(p["from"], p["to"], p["kind"], p["until"], p["text"].split('"')[1])
           for p in st.promises]
    assert got == [("a", ["b"], "TEXT", 5, "3 hordes next turn if able"),
                   ("c", ["b"], "TEXT", 4, "not to help Asmodeus in any fight"),
                   ("c", ["d"], "TEXT", 5, "to give you the knocked-out Devil this round"),
                   ("d", ["c"], "TEXT", 5, "to give you the combat SP")]
    assert [d["phase"] for d in st.deals] == ["transfer", "transfer", "combat"]


# --- LH-I.4.4-01: the game track -----------------------------------------------------------

def test_lh_i_4_4_01_destination_and_vote_are_marked_secretly():
    """The game track secretly marks each player's army destination and proclaim vote.
    PBEM: both are lines of the player's own order sheet, seen by nobody else; when the
    stage resolves, all intentions are revealed together (before any army moves), an
    OTHER MOVE's realm list is never told (only the realm reached), and all votes are
    revealed in one public event."""
    st = combat_stage(seated({"b": {"souls": 2}}))
    res = resolve(st, {"a": "OTHER MOVE TO Styx, High Palace of Hell", "c": "TARGET Glasya"})
    evs = res.events
    kinds = [e.kind for e in evs]
    shown = [i for i, k in enumerate(kinds) if k == "intention"]
    assert len(shown) == 4 and shown == list(range(shown[0], shown[0] + 4))
    assert shown[-1] < kinds.index("other-move") and shown[-1] < kinds.index("meeting")
    assert [e.text for e in evs if e.kind == "intention"][0] == (
        "Asmodeus (a)'s army makes another move.")
    assert res.state.players["a"].home == "realm.high-palace-of-hell"
    assert not [e for e in evs if "Styx" in e.text]  # the first choice, taken, stays secret
    st = build_state(seated(), phase="gathering")
    res = resolve(st, {"a": "VOTE Belial", "b": "VOTE Belial", "c": "VOTE Glasya"})
    told = [e for e in res.events if "vote" in e.kind]
    assert [(e.kind, e.visible_to) for e in told] == [("votes", None)]
    assert told[0].data["votes"] == {"a": "c", "b": "c", "c": "d"}


# --- table process rules and their PBEM equivalents (the framework's deadlines) -------------

PLAYERS = ("anna", "boris", "chiara", "dmitri")
SCHEDULE = {"hours": 72, "early_minutes": 60, "reminders": [48, 24],
            "stages": {"turn * transfer": {"hours": 168}}}


@pytest.fixture
def site(tmp_path):
    """A started 4-player Lords of Hell game 'g1' (its first stage: turn 1 transfer)."""
    db = init_site(tmp_path / "site").db()
    admin.create_game(db, "g1", "lords-of-hell", seed="7", settings=SCHEDULE)
    for p in PLAYERS:
        admin.add_player(db, "g1", p, f"{p}@example.org")
    admin.start_game(db, "g1", now=START)
    return db


def at(hours: float) -> datetime:
    return START + timedelta(hours=hours)


def send(db, player: str, hours: float, body: str = "") -> None:
    checked = orders.check(db, "g1", player, f"GAME g1\nPLAYER {player}\n{body}")
    orders.store(db, checked, body, "test", received=deadlines.stamp(at(hours)))


def due(db, hours: float) -> str:
    return deadlines.due(db, admin.get_game_row(db, "g1"), admin.current_stage(db, "g1"),
                         at(hours))


def test_lh_ii_2_3_01_the_time_limit_is_the_moderators_choice(site):
    """A time limit on trading is optional. PBEM: every stage has a deadline (a game by
    mail cannot wait on a silent player for ever), and its length is the moderator's
    setting, per stage if he likes: here the transfer stages, where most trading happens,
    get a week and the other stages 72 hours."""
    stage = admin.current_stage(site, "g1")
    assert stage["name"] == "turn 1 transfer"
    assert deadlines.parse(stage["deadline"]) == at(168)
    g = admin.get_game_row(site, "g1")
    assert deadlines.schedule_of(g, "turn 3 transfer").hours == 168
    assert deadlines.schedule_of(g, "turn 3 combat round 2").hours == 72
    assert deadlines.schedule_of(g, "turn 3 gathering").hours == 72
    assert schedule.for_stage({}, "turn 1 transfer").hours == schedule.DEFAULTS["hours"]
    assert due(site, 167.9) == ""
    assert due(site, 168) == "the deadline has passed"


def test_lh_ii_5_02_a_stage_ends_when_every_player_is_ready(site):
    """A phase ends when every player has signalled "ready" (hand face-down), and a
    player may take the hand back. PBEM: a sheet without problems is "ready"; when all
    players are ready the stage is processed early (after the `early_minutes` pause),
    long before its deadline. Sending a new sheet takes the hand back: the pause starts
    again from the last sheet; a sheet with a problem line is not ready."""
    for p in PLAYERS[:3]:
        send(site, p, 1)
    send(site, "dmitri", 1, "FLY TO THE MOON")
    assert due(site, 5) == ""  # dmitri's sheet has a problem: not ready
    send(site, "dmitri", 6)  # a clean sheet replaces it
    assert due(site, 6.5) == ""  # ready for 30 minutes only
    send(site, "anna", 6.75)  # anna takes her hand back and puts it down again
    assert due(site, 7) == ""
    assert due(site, 7.75) == "every player is ready"


def test_lh_ii_5_03_the_overseer_asks_who_is_not_ready(site):
    """An overseer may prompt the players to declare themselves ready. PBEM: the
    processor is the overseer: at the reminder times before the deadline it reminds every
    player who has not sent a sheet yet."""
    send(site, "anna", 1)
    g, stage = admin.get_game_row(site, "g1"), admin.current_stage(site, "g1")
    assert deadlines.reminders_due(site, g, stage, at(100)) == []  # 48 h before: at 120
    due48 = deadlines.reminders_due(site, g, stage, at(120))
    assert [(s.player, h) for s, h in due48] == [("boris", 48), ("chiara", 48),
                                                ("dmitri", 48)]
    for p in ("boris", "chiara"):
        send(site, p, 130)
    due24 = deadlines.reminders_due(site, g, stage, at(144))
    assert [(s.player, h) for s, h in due24] == [("dmitri", 24)]


# --- LH-II.6-01: trading while a target is chosen ------------------------------------------

@pytest.mark.parametrize("surrender", [False, True])
def test_lh_ii_6_01_trading_goes_on_while_a_target_is_chosen(surrender):
    """Trading may go on while a target is being chosen, and can change the target.
    PBEM: a ritual's targets are written on the combat round's sheet, that stage's
    trading window resolves first, and the targets are checked again when the ritual
    resolves. Asmodeus aims Chain Catalysm at Belial's Wand of Might; if Belial, in the
    same stage, surrenders to Glasya, he is no longer in Hell, his Wand is out of reach
    and the ritual is not finished (it stays tabled); without the surrender the Wand is
    destroyed."""
    st = combat_stage(seated({"a": {"rituals": ["ritual.chain-catalysm"]},
                              "c": {"artifacts": ["artifact.wand-of-might"],
                                    "hordes": ["horde.fiends"]}}))
    texts = {"a": "FINISH Chain Catalysm ON Belial's Wand of Might"}
    if surrender:
        texts.update(c="SURRENDER TO Glasya", d="ACCEPT SURRENDER Belial")
    res = resolve(st, texts)
    st, evs = res.state, res.events
    if surrender:
        assert (st.players["c"].status, st.players["c"].captor) == (
            "prisoner", "d")
        assert first(evs, "imprisoned") < first(evs, "combat-round")
        assert instances(st, "a", "rituals") == ["ritual.chain-catalysm"]
        assert "artifact.wand-of-might" not in [st.cards[i] for i in st.discard]
        assert [e.visible_to for e in evs if e.kind == "ritual-not-finished"] == [("a",)]
    else:
        assert instances(st, "a", "rituals") == []
        assert instances(st, "c", "artifacts") == []
        assert [e.text for e in evs if e.kind == "ritual-finished"] == [
            "a finishes Chain Catalysm (cast by Asmodeus): it destroys c's Wand of Might."]


def test_lh_ii_3_03_a_promise_binds_if_able():
    """Every promise carries an implicit "if able". The VOTE promise is the one the
    gathering enforces (LH-III.4.5-04): Asmodeus promised to vote for Glasya and is able
    (in Hell), so his vote for Belial is corrected to Glasya; Baalzebub made the same
    promise but has been captured, so he cannot attend and casts no vote, and nothing is
    held against him. (The other half of the clause, showing one's hand to prove one
    cannot comply, has no order: see the report.)"""
    st = build_state(seated({"b": {"status": "prisoner", "captor": "c"}}), phase="gathering",
                     turn=3)
    st.promises = [{"id": f"d1.{i}", "deal": "d1", "from": n, "to": ["d"], "kind": "VOTE",
                       "target": "d", "target_devil": "devil.glasya", "text": "", "turn": 3,
                       "until": 3, "public": True} for i, n in enumerate("ab", start=1)]
    res = resolve(st, {"a": "VOTE Belial"})
    votes = next(e for e in res.events if e.kind == "votes")
    assert votes.data["votes"] == {"a": "d"}
    fixed = [e for e in res.events if e.kind == "vote-corrected"]
    assert [(e.data["player"], e.data["given"], e.data["target"]) for e in fixed] == [
        ("a", "c", "d")]
    assert not [e for e in res.events if e.data.get("player") == "b" and "vote" in e.kind]
