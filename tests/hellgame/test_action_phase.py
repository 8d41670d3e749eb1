"""The Action Phase core: Rank order, Pass for Good, the Pass ladder, Daemon lines with
conditions and fallbacks, Walk / Leave the Earth, Atonement, Do Evil Deeds (chapter 9)."""

import pytest
from phase_runner import run_phase

from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()


def acts(log) -> list[tuple[str, str]]:
    """(kind, text) of the public Action events, in order."""
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


def test_hg_9_1_01_order_of_actions_example(make_state):
    """000 §9.1 "Example: Order of Actions": Rank Numbers decide, whoever the owner;
    the Keys' third Daemon is Incapacitated and off the track (HG-9.0-02)."""
    st = make_state(
        players={"void": {"daemons": ["daemon.orias", "daemon.ukobach", "daemon.ashtaroth"]},
                 "beast": {"daemons": ["daemon.beelzebub", "daemon.naburos", "daemon.baal"]},
                 "keys": {"daemons": ["daemon.caim", "daemon.sammael", "daemon.gomory"]}},
        daemons={"daemon.gomory": {"incapacitated": True}})
    assert action.queue.build(st, DATA).waiting == [
        "daemon.sammael", "daemon.beelzebub", "daemon.ashtaroth", "daemon.baal",
        "daemon.caim", "daemon.orias", "daemon.ukobach", "daemon.naburos"]
    log = run_phase(action.run, st, DATA)
    texts = [t for k, t in acts(log) if k != "ability-favour"]  # Ashtaroth's: test_abilities
    assert texts[0] == "Gomory (keys) is Incapacitated and takes no Action"
    # no orders: each Passes for Good when it first comes up (IP-18 default), in Rank order
    assert texts[1:] == [f"{n} Passes for Good (no order applies: default)" for n in (
        "Sammael (keys)", "Beelzebub (beast)", "Ashtaroth (void)", "Baal (beast)",
        "Caim (keys)", "Orias (void)", "Ukobach (void)", "Naburos (beast)")]


def test_hg_9_4_very_complex_passing_example(make_state):
    """000 §9.4 "Example: Very Complex Passing" (HG-9.4-01, HG-9.4-02, HG-9.4-03,
    HG-9.4-04: one card per Pass, slots from the card's name, a bypassed Daemon Passes
    back), with base-deck cards: the Septenary
    Pass -4 is an Extra Evil card, so Ashtaroth plays The Order of the Silver Dawn
    (Quadruple Pass -4): same cost, and more slots than the 3 Daemons behind her, so
    the extra slot is lost just as her four are (HG-9.4-03). Orias's "Double Pass -1"
    has no base-deck twin either; Cats in the Dark (Triple Pass -1) costs the same and
    lands him at the end of the same queue. Caim's March is an empty March here (A-10)."""
    st = make_state(
        players={"void": {"souls": 10, "daemons": ["daemon.ashtaroth", "daemon.orias"],
                          "hand": ["arcana.the-order-of-the-silver-dawn",
                                   "arcana.cats-in-the-dark"]},
                 "beast": {"souls": 10, "daemons": ["daemon.baal"],
                           "hand": ["arcana.berserk-rage", "arcana.fly"]},
                 "keys": {"souls": 10, "daemons": ["daemon.caim"],
                          "hand": ["arcana.black-rainbow"]}})
    log = run_phase(action.run, st, DATA, orders={
        "void": "Ashtaroth: PASS WITH The Order of the Silver Dawn\n"
                "Orias: PASS 2 IF Baal HAS NOT ACTED\n",
        "beast": "Baal: PASS BEHIND Caim IF Caim HAS NOT ACTED\n",
        "keys": "Caim: PASS BEHIND Baal IF Baal HAS NOT ACTED\nCaim: MARCH\n"})
    assert acts(log) == [
        ("pass", "Ashtaroth (void) plays The Order of the Silver Dawn (Quadruple Pass, 4 "
                 "Souls) and now acts after Baal, Caim, Orias; 1 slot lost"),
        ("pass", "Baal (beast) plays Berserk Rage (Pass, 1 Soul) and now acts after Caim"),
        ("pass", "Caim (keys) plays Black Rainbow (Pass, 1 Soul) and now acts after Baal"),
        ("pass", "Baal (beast) plays Fly (Double Pass, 2 Souls) and now acts after Caim, "
                 "Orias"),
        ("empty-march", "Caim (keys) takes an empty March: nothing moves"),
        ("pass", "Orias (void) plays Cats in the Dark (Triple Pass, 1 Soul) and now acts "
                 "after Baal, Ashtaroth; 1 slot lost"),
        ("empty-march", "Baal (beast) has Passed and may not Pass for Good, so it takes an "
                        "empty March (no order applies: default)"),
        ("empty-march", "Ashtaroth (void) has Passed and may not Pass for Good, so it takes "
                        "an empty March (no order applies: default)"),
        ("empty-march", "Orias (void) has Passed and may not Pass for Good, so it takes an "
                        "empty March (no order applies: default)"),
    ]
    assert {p: st.players[p].souls for p in st.seats} == {"void": 5, "beast": 7, "keys": 9}
    assert all(not st.players[p].hand for p in st.seats)
    # played cards go to the bottom of the Arcana deck, in the order played (HG-3.3-02)
    assert st.arcana_deck[-5:] == ["arcana.the-order-of-the-silver-dawn",
                                   "arcana.berserk-rage", "arcana.black-rainbow",
                                   "arcana.fly", "arcana.cats-in-the-dark"]


def test_hg_9_4_03_a_pass_with_nobody_behind_is_not_played(make_state):
    """A-11: the last Daemon in the queue cannot Pass; the card is not spent."""
    st = make_state(players={"a": {"souls": 5, "daemons": ["daemon.naburos"],
                                   "hand": ["arcana.berserk-rage"]},
                             "b": {"daemons": ["daemon.sammael"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Naburos: PASS\n"})
    assert st.players["a"].hand == ["arcana.berserk-rage"] and st.players["a"].souls == 5
    assert "Naburos (a): PASS not possible: no Daemon is waiting behind it, so it cannot " \
           "Pass [A-11]" in notes(log, "a")
    assert acts(log)[-1][1] == "Naburos (a) Passes for Good (no order applies: default)"


def test_hg_9_4_01_the_cheapest_card_that_reaches_and_its_souls(make_state):
    st = make_state(players={
        "a": {"souls": 2, "daemons": ["daemon.sammael"],
              "hand": ["arcana.comet-cult", "arcana.fly", "arcana.getaway"]},
        "b": {"daemons": ["daemon.beelzebub", "daemon.ashtaroth"]}, "c": {}})
    run_phase(action.run, st, DATA, orders={"a": "Sammael: PASS 2\n"})
    # Getaway: a Triple Pass for 0 Souls beats Fly (2) and Comet Cult (5, unaffordable)
    assert st.players["a"].hand == ["arcana.comet-cult", "arcana.fly"]
    assert st.players["a"].souls == 2


def test_hg_9_3_02_no_pass_for_good_after_a_pass(make_state):
    st = make_state(players={"a": {"souls": 3, "daemons": ["daemon.sammael"],
                                   "hand": ["arcana.berserk-rage"]},
                             "b": {"daemons": ["daemon.beelzebub"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Sammael: PASS IF Beelzebub HAS NOT ACTED\nSammael: PASS FOR GOOD\n"})
    assert "Sammael (a): PASS FOR GOOD not possible: only when the Daemon first comes up " \
           "[HG-9.3-01]" in notes(log, "a")
    assert acts(log)[-1][0] == "empty-march"


def test_hg_9_6_01_walk_the_earth_then_evil_deeds_next_turn(make_state):
    """HG-9.6-01, and HG-9.6-02: on Earth from the next Action Phase."""
    st = make_state(players={"a": {"souls": 5, "daemons": ["daemon.sammael"],
                                   "hand": ["arcana.heroism", "arcana.blood-for-lilith"]},
                             "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Sammael: WALK THE EARTH\n"})
    d = st.daemons["daemon.sammael"]
    # the cheapest Walk card: Heroism prints no cost (free), Blood for Lilith costs 2
    assert (d.where, d.walk_card) == ("earth", "arcana.heroism")
    assert st.players["a"].hand == ["arcana.blood-for-lilith"] and st.players["a"].souls == 5
    assert acts(log) == [("walk-the-earth", "Sammael (a) Walks the Earth, playing Heroism "
                                            "(0 Souls)")]
    # next turn, on Earth: Do Evil Deeds, one die per Heart (Sammael has 5), 6s pay
    log = run_phase(action.run, st, DATA, orders={"a": "Sammael: EVIL DEEDS\n"},
                    script=[6, 2, 6, 1, 5])
    assert st.players["a"].favours == 2 and d.where == "earth"
    assert acts(log) == [("evil-deeds", "Sammael (a) does Evil Deeds on Earth: 6, 2, 6, 1, 5, "
                                        "2 Favours")]


def test_hg_9_6_03_an_action_affecting_hell_brings_the_daemon_back(make_state):
    st = make_state(players={"a": {"disfavours": 2, "daemons": ["daemon.sammael"]},
                             "b": {}, "c": {}},
                    daemons={"daemon.sammael": {"where": "earth",
                                                "walk_card": "arcana.heroism"}})
    log = run_phase(action.run, st, DATA, orders={"a": "Sammael: ATONE\n"}, script=[5, 5])
    d = st.daemons["daemon.sammael"]
    assert (d.where, d.walk_card) == ("hell", None)
    assert st.arcana_deck[-1] == "arcana.heroism"  # the Walk card is discarded
    assert acts(log) == [
        ("leave-the-earth", "Sammael (a) returns to Hell to atone"),
        ("atone", "Sammael (a) atones (5 Hearts): 5+5=10, discards 2 Disfavours")]


def test_hg_9_6_1_01_leave_the_earth_and_earth_only_actions(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.sammael", "daemon.baal"]},
                             "b": {}, "c": {}},
                    daemons={"daemon.sammael": {"where": "earth",
                                                "walk_card": "arcana.heroism"}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Sammael: LEAVE THE EARTH\nBaal: EVIL DEEDS\nBaal: LEAVE THE EARTH\n"})
    assert st.daemons["daemon.sammael"].where == "hell"
    assert notes(log, "a") == [
        "Baal (a): EVIL DEEDS not possible: EVIL DEEDS is an Action for a Daemon Walking "
        "the Earth [HG-9.7-01]",
        "Baal (a): LEAVE THE EARTH not possible: LEAVE THE EARTH is an Action for a Daemon "
        "Walking the Earth [HG-9.7-01]"]


@pytest.mark.parametrize("hearts_daemon,dice,expected", [
    ("daemon.ashtaroth", [1, 1], "is Incapacitated [HG-9.7.2-03]"),   # 6 Hearts, 2
    ("daemon.ashtaroth", [3, 3], "is Incapacitated [HG-9.7.2-03]"),   # 6 Hearts, 6
    ("daemon.ashtaroth", [4, 4], "achieves nothing"),                  # 6 Hearts, 8
    ("daemon.ashtaroth", [6, 6], "discards 3 Disfavours"),             # 6 Hearts, 12
    ("daemon.baal", [3, 4], "discards 1 Disfavour"),                   # 3 Hearts, 7
    ("daemon.caim", [4, 4], "achieves nothing"),                       # 1 Heart, 8
    ("daemon.caim", [6, 5], "discards 1 Disfavour"),                   # 1 Heart, 11
])
def test_hg_9_7_2_02_atonement_table(make_state, hearts_daemon, dice, expected):
    """HG-9.7-01/HG-9.7.2-01: a Daemon in Hell rolls 2 dice on the Hearts row."""
    st = make_state(players={"a": {"disfavours": 3, "daemons": [hearts_daemon]}, "b": {},
                             "c": {}})
    log = run_phase(action.run, st, DATA,
                    orders={"a": f"{DATA.daemons[hearts_daemon].name}: ATONE\n"}, script=dice)
    assert acts(log)[0][1].endswith(expected)


def test_conditions_are_checked_when_the_sheet_arrives(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.sammael"]}, "b": {}, "c": {}},
                    owners={"sectio.liars": "b"})
    sheet = check_sheet(st, DATA, "a", "\n".join([
        "Sammael: ATONE IF MY LEGIONS AT LIARS >= 2 AND NOT b OWNS LIARS",
        "Sammael: ATONE IF ENEMY LEGIONS IN EXPLOITERS OF LAND AND SEA > 0 OR SOULS >= 6",
        "Sammael: ATONE IF Zorro HAS ACTED",
        "Baal: ATONE",
        "Sammael: DANCE",
        "Sammael: ATONE IF",
    ]))
    lines = sheet.lines
    assert lines[0].canonical == ("Sammael: ATONE IF a LEGIONS AT LIARS >= 2 AND NOT b OWNS "
                                  "LIARS")
    assert lines[1].canonical == ("Sammael: ATONE IF ENEMY LEGIONS AT EXPLOITERS OF LAND AND "
                                  "SEA > 0 OR SOULS >= 6")
    assert [r.status for r in lines[2:]] == ["unknown", "unknown", "invalid", "invalid"]
    assert "no Daemon of yours called 'Baal'" in lines[3].message or "Baal" in lines[3].message
    assert lines[4].message == "'DANCE' is not an Action"


def test_daemon_lines_are_turn_orders(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.sammael"]}, "b": {}, "c": {}}, turn=0)
    sheet = check_sheet(st, DATA, "a", "Sammael: ATONE\n")
    assert sheet.lines[0].status == "illegal"


def test_hg_9_7_4_01_do_evil_deeds_example(make_state):
    """000 §9.7.4 "Example: Do Evil Deeds": Moloch (2 Hearts) on Earth rolls 3 and 6:
    one Favour."""
    st = make_state(players={"a": {"daemons": ["daemon.moloch"]}, "b": {}, "c": {}},
                    daemons={"daemon.moloch": {"where": "earth",
                                               "walk_card": "arcana.frenzy"}})
    run_phase(action.run, st, DATA, orders={"a": "Moloch: EVIL DEEDS\n"}, script=[3, 6])
    assert st.players["a"].favours == 1
    assert st.daemons["daemon.moloch"].where == "earth"  # HG-9.6-04: it stays on Earth


def test_hg_9_6_walking_the_earth_example(make_state):
    """000 §9.6 "Example: Walking the Earth": Andras plays a "Walk the Earth - 1" and
    pays 1 Soul; in the next Soul Phase he is on Earth and sends 4 Hearts + a Soul Roll
    of 6 = 10 Souls and earns a Favour (HG-7.1-01, HG-7.2); in the Action Phase after,
    a March brings him back to Hell (HG-9.6-03) — the March itself is not implemented
    yet, so his Walk card is what this test follows up to there."""
    from pbem_games.hellgame import soul

    st = make_state(players={"a": {"souls": 1, "daemons": ["daemon.andras"],
                                   "hand": ["arcana.frenzy"]}, "b": {}, "c": {}})
    run_phase(action.run, st, DATA, orders={"a": "Andras: WALK THE EARTH\n"})
    assert st.players["a"].souls == 0
    assert st.daemons["daemon.andras"].walk_card == "arcana.frenzy"
    run_phase(soul.run, st, DATA, script=[6])
    assert (st.players["a"].souls, st.players["a"].favours) == (10, 1)


def test_hg_9_4_02_slots_come_from_the_cards_name():
    from pbem_games.hellgame.action.queue import slots

    got = {c.minor.kind: slots(DATA, c) for c in DATA.arcana.values()
           if c.minor.kind and c.minor.kind.endswith("pass")}
    assert got == {"pass": 1, "double-pass": 2, "triple-pass": 3, "quadruple-pass": 4,
                   "quinary-pass": 5}  # Senary to Nonary are Extra Evil cards


def test_hg_9_0_01_every_daemon_acts_once_and_hg_9_4_05_the_track_resets(make_state):
    st = make_state(players={"a": {"souls": 9, "daemons": ["daemon.sammael", "daemon.baal"],
                                   "hand": ["arcana.fly", "arcana.berserk-rage"]},
                             "b": {"daemons": ["daemon.beelzebub", "daemon.caim"]}, "c": {}})
    orders = {"a": "Sammael: PASS 2\nSammael: ATONE\n"}
    log = run_phase(action.run, st, DATA, orders=orders, script=[4, 4])
    acted = [e.data["daemon"] for e in log.events if e.visible_to is None
             and e.kind != "pass"]
    assert sorted(acted) == sorted(st.daemons)  # each exactly once (HG-9.0-01)
    # the next phase starts from the Rank Track again, not from last turn's queue
    assert action.queue.build(st, DATA).waiting == [
        "daemon.sammael", "daemon.beelzebub", "daemon.baal", "daemon.caim"]


def test_ip_34_a_small_favour_lends_a_daemon_to_the_winner(make_state):
    """A Small Favour: a Duel of Hearts against a Daemon that has not acted (HG-3.4-05);
    the winner gives it its orders for the rest of the phase from BORROWED lines
    (IP-34), and its owner's own lines no longer apply."""
    st = make_state(players={
        "a": {"disfavours": 1, "daemons": ["daemon.sammael"], "hand": ["arcana.a-small-favour"]},
        "b": {"disfavours": 2, "daemons": ["daemon.baal"]}, "c": {}})
    # Sammael 5 Hearts: 3+3+3+3+3 = 15; Baal 3 Hearts: 1+1+1 = 3; then Baal atones: 6+6
    log = run_phase(action.run, st, DATA, orders={
        "a": "Sammael: CAST A Small Favour ON Baal\nBORROWED Baal: ATONE\n",
        "b": "Baal: PASS FOR GOOD\n"}, script=[3, 3, 3, 3, 3, 1, 1, 1, 6, 6])
    texts = [t for _, t in acts(log)]
    assert texts[0] == "Sammael (a) casts A Small Favour on Baal (b)"
    assert texts[1] == ("Sammael (a) wins the Duel of Hearts: a gives Baal its orders for the "
                        "rest of this Action Phase")
    # Baal atones for a: a's Disfavour goes, b's stay (3 Hearts, 12: 2 Disfavours)
    assert texts[2] == ("Baal (b's, for a) atones (3 Hearts): 6+6=12, discards 1 Disfavour "
                        "(the table allows 2; a had 1 Disfavour)")
    assert (st.players["a"].disfavours, st.players["b"].disfavours) == (0, 2)


def test_ip_34_borrowed_lines_are_checked_and_named(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.sammael"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}})
    lines = check_sheet(st, DATA, "a", "Baal: ATONE\nBORROWED Baal: ATONE\n"
                                       "BORROWED Sammael: ATONE\n").lines
    assert (lines[0].status, lines[0].message) == ("illegal", "Baal is b's Daemon")
    assert lines[0].hint.startswith("to give it orders for when you control it")
    assert lines[1].canonical == "BORROWED Baal: ATONE"
    assert lines[2].message == "Sammael is your own Daemon"
