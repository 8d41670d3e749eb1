"""Combat cards that change rolls, dice and saves (issue 8; combat/cards_rolls.py,
cards_dice.py), each with scripted dice and exact outcomes.

Every fight here is a (Caim: 4 Skulls, 4 Stars) against b, a being the bigger side
(side 0), so no die is rolled for sides, joining or who casts first. Side 0 rolls its
attacks first, then side 1; then side 1 saves, then side 0. Without a Daemon b saves
on a 1 only; a saves against Caim's 4 Skulls (HG-11.2.3-04/05). Counters in combat are
another batch's (combat/counters.py).
"""

from __future__ import annotations

import pytest
from phase_runner import run_phase
from test_combat_clauses import rolls, saves

from pbem_games.hellgame import combat
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()
SH = "sectio.sugar-hill"
CAIM = "daemon.caim"




def texts(log, prefix: str) -> list[str]:
    return [e.text for e in log.events if e.kind.startswith(prefix)]


def setup(make_state, cards, a_legions=2, b_legions=1, a=None, b=None, b_units=(), **kw):
    """a: Caim holding `cards` and `a_legions` Legions (u1..); b: `b_legions` Legions,
    then `b_units` (kind, ref)."""
    units = [("legion", "a", SH)] * a_legions + [("legion", "b", SH)] * b_legions + [
        (kind, "b", SH, ref) for kind, ref in b_units]
    return make_state(players={"a": {"daemons": [CAIM], "hand": list(cards), **(a or {})},
                               "b": b or {}, "c": {}}, units=units, **kw)


def joins(cards) -> str:
    return f"JOIN Caim IN Sugar Hill BRINGING {', '.join(cards)}\nCOMBAT MAGIC FIRST\n"


def cast(*lines: str) -> str:
    return "".join(f"COMBAT CAST {x} IN Sugar Hill ROUND 1\n" for x in lines)


# -- bonuses -------------------------------------------------------------------------------------

@pytest.mark.parametrize("card,name", [("arcana.frenzy", "Frenzy"),
                                       ("arcana.heroism", "Heroism")])
def test_frenzy_and_heroism_plus_2_on_attacks_for_one_round(make_state, card, name):
    """arcana.frenzy, arcana.heroism: +2 on the caster's side's attack rolls (HG-11.2.2-04)
    in this round only; not on saves (000 §11 Sugar Hill: Mu still saves on a 1)."""
    st = setup(make_state, [card], a_legions=3, b_legions=2)
    log = run_phase(combat.run, st, DATA, {"a": joins([name]) + cast(name)}, [
        4, 3, 1,  # a: 4+2 hits, 3+2 and 1+2 miss
        6, 1,     # b: u4 hits
        2,        # b's u4 saves on a 1 only: destroyed
        5,        # a's u1: 5 > Caim's 4 Skulls: destroyed (no +2 on saves)
        4, 1,     # round 2: a's u2, u3 without a bonus: miss
        6,        # b's u5 hits
        4,        # a's u2 saves on 4
        6, 1,     # round 3: a's u2 hits
        1,        # b's u5 misses
        3])       # b's u5 fails its save
    assert texts(log, "combat-card") == [f"{name}: a gets +2 on its attack rolls this round"]
    assert rolls(log)[:5] == [("u1", [4], 2, 1), ("u2", [3], 2, 0), ("u3", [1], 2, 0),
                              ("u4", [6], 0, 1), ("u5", [1], 0, 0)]
    assert rolls(log)[5:7] == [("u2", [4], 0, 0), ("u3", [1], 0, 0)]
    assert saves(log)[:2] == [("u4", [2], False), ("u1", [5], False)]
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 3}}
    assert st.arcana_deck[-1] == card and st.players["a"].hand == []


def test_berserk_rage_plus_4_on_attacks_and_saves_for_one_round(make_state):
    """arcana.berserk-rage: +4 on all die rolls of the caster's side for one round: a 2
    hits (2+4), and a save of 6 succeeds against Caim's 4 Skulls (6-4 = 2)."""
    st = setup(make_state, ["arcana.berserk-rage"], a_legions=2, b_legions=1)
    log = run_phase(combat.run, st, DATA, {"a": joins(["Berserk Rage"]) + cast("Berserk Rage")},
                    [2, 1,  # a: 2+4 hits, 1+4 misses
                     6,     # b hits
                     1,     # b's u3 saves on a 1
                     6,     # a's u1 saves: 6 - 4 <= 4
                     2, 1,  # round 2: no bonus, no hit
                     6,     # b hits
                     6,     # a's u1: 6 > 4, destroyed
                     6,     # round 3: a's u2 hits
                     1, 2])  # b misses; b's u3 fails its save
    assert texts(log, "combat-card") == [
        "Berserk Rage: a gets +4 on all its die rolls, attacks and saves, this round"]
    assert [r[2] for r in rolls(log)] == [4, 4, 0, 0, 0, 0, 0, 0]
    assert saves(log) == [("u3", [1], True), ("u1", [6], True), ("u1", [6], False),
                          ("u3", [2], False)]
    assert [u.id for u in st.units_at(SH)] == ["u2"]


@pytest.mark.parametrize("card,name", [("arcana.gitem", "Git'em"), ("arcana.hit-hard", "Hit Hard!"),
                                       ("arcana.madness", "Madness")])
def test_gitem_hit_hard_madness_plus_1_on_all_rolls_for_the_combat(make_state, card, name):
    """arcana.gitem, arcana.hit-hard, arcana.madness: +1 on the attacks and saves of the
    caster's side for the rest of the combat (Hit Hard! is a Combat card, arcana.yaml)."""
    assert DATA.arcana[card].major.timing == "combat"
    st = setup(make_state, [card], a_legions=3, b_legions=2)
    log = run_phase(combat.run, st, DATA, {"a": joins([name]) + cast(name)}, [
        5, 1, 1,  # a: 5+1 hits
        6, 1,     # b's u4 hits
        2,        # b's u4: destroyed
        5,        # a's u1: 5 - 1 <= 4: saved
        1, 1, 5,  # round 2: a's u3 5+1 hits
        1,        # b's u5 misses
        3])       # b's u5: destroyed
    assert texts(log, "combat-card") == [
        f"{name}: a gets +1 on all its die rolls, attacks and saves, for the rest of the combat"]
    assert [r[2] for r in rolls(log)] == [1, 1, 1, 0, 0, 1, 1, 1, 0]
    assert saves(log) == [("u4", [2], False), ("u1", [5], True), ("u5", [3], False)]
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 2}}


# -- no saving rolls -------------------------------------------------------------------------

def test_hit_the_soft_spots_the_opponent_makes_no_saves(make_state):
    """arcana.hit-the-soft-spots: b's hit Units are destroyed without a saving roll for
    the rest of the combat; a controls a Sectio in the Violent Circle (its prerequisite)."""
    st = setup(make_state, ["arcana.hit-the-soft-spots"], a_legions=3, b_legions=2,
               b_units=[("lieutenant", "lieutenant.verin")],
               owners={"sectio.tyrants": "a"})
    log = run_phase(combat.run, st, DATA, {
        "a": joins(["Hit the Soft Spots"]) + cast("Hit the Soft Spots")},
        [6, 1, 1,  # a: u1 hits
         1, 1,     # b (Verin +2): no hits
         6, 6, 1,  # round 2: two hits, on u5 and Verin
         1])       # b: no hit
    assert texts(log, "combat-card") == [
        "Hit the Soft Spots: b may make no saving rolls for the rest of the combat"]
    assert saves(log) == [("u4", [], False), ("u5", [], False), ("u6", [], False)]
    assert texts(log, "combat-save")[0] == ("b's legion u4 takes 1 hit and may make no saving "
                                            "roll: destroyed")
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 2}}


def test_horrible_insult_the_opponent_gets_plus_1_and_makes_no_saves(make_state):
    """arcana.horrible-insult: b gets +1 on its attack rolls and makes no saving rolls;
    a controls a Sectio in the Wrathful Circle."""
    st = setup(make_state, ["arcana.horrible-insult"], a_legions=2, b_legions=1,
               owners={"sectio.the-envious": "a"})
    log = run_phase(combat.run, st, DATA, {
        "a": joins(["Horrible Insult"]) + cast("Horrible Insult")},
        [6, 1,  # a: u1 hits
         5,     # b: 5+1 hits
         3])    # a's u1 saves with Caim (3 <= 4); b's u3 is destroyed unsaved
    assert texts(log, "combat-card") == [
        "Horrible Insult: b gets +1 on its attack rolls but may make no saving rolls for the "
        "rest of the combat"]
    assert rolls(log) == [("u1", [6], 0, 1), ("u2", [1], 0, 0), ("u3", [5], 1, 1)]
    assert saves(log) == [("u3", [], False), ("u1", [3], True)]


@pytest.mark.parametrize("card,line,owners,why", [
    ("arcana.hit-the-soft-spots", cast("Hit the Soft Spots"), {},
     "a controls no Sectio in the Violent Circle, which Hit the Soft Spots needs"),
    ("arcana.blood-money", "COMBAT CAST Blood Money IN Sugar Hill ROUND 2\n",
     {"sectio.thieves": "a"}, "Blood Money may be played in the first round of a combat only"),
])
def test_a_combat_card_whose_prerequisite_fails_is_not_played(make_state, card, line, owners,
                                                              why):
    """HG-11.2.1-01: a card's prerequisite (003: a Sectio in a Circle; "before the first
    round") is checked before anything is paid: the card stays in the hand."""
    name = DATA.arcana[card].name
    st = setup(make_state, [card], owners=owners)
    log = run_phase(combat.run, st, DATA, {"a": joins([name]) + line},
                    [1, 1, 1, 1, 1, 1, 6, 1, 1, 2])
    assert texts(log, "combat-cast") == [f"a cannot play {name} in SUGAR HILL: {why}"]
    assert st.players["a"].hand == [card]


# -- magic -------------------------------------------------------------------------------------

def test_fair_fight_no_more_arcana_in_this_combat(make_state):
    """arcana.fair-fight: a takes 1 Disfavour; b's Frenzy, played after it, is refused and
    stays in b's hand."""
    st = setup(make_state, ["arcana.fair-fight"],
               b={"daemons": ["daemon.ukobach"], "hand": ["arcana.frenzy"]})
    log = run_phase(combat.run, st, DATA, {
        "a": joins(["Fair Fight"]) + cast("Fair Fight"),
        "b": "JOIN Ukobach IN Sugar Hill BRINGING Frenzy\n" + cast("Frenzy")},
        [6, 1,  # a hits
         1,     # b misses
         6])    # b's u3 fails its save with Ukobach's 2 Skulls
    assert texts(log, "combat-cast") == [
        "Caim (a) plays Fair Fight in SUGAR HILL, paying 1 Disfavour",
        "b cannot play Frenzy in SUGAR HILL: Fair Fight forbids Arcana cards for the rest of "
        "the combat in SUGAR HILL"]
    assert texts(log, "combat-card") == [
        "Fair Fight: no more Arcana cards may be played in the combat in SUGAR HILL"]
    assert st.players["a"].disfavours == 1 and st.players["b"].hand == ["arcana.frenzy"]
    assert [r[2] for r in rolls(log)] == [0, 0, 0]


def test_sacred_music_ends_the_effects_of_the_cards_played(make_state):
    """arcana.sacred-music: b's Sacred Music, played after a's Git'em, ends its +1: a's
    attacks roll without it; b's card goes to the bottom of the deck."""
    st = setup(make_state, ["arcana.gitem"],
               b={"daemons": ["daemon.ukobach"], "hand": ["arcana.sacred-music"]})
    log = run_phase(combat.run, st, DATA, {
        "a": joins(["Git'em"]) + cast("Git'em"),
        "b": "JOIN Ukobach IN Sugar Hill BRINGING Sacred Music\n" + cast("Sacred Music")},
        [5, 6,  # a: u1 misses (no +1), u2 hits
         1,     # b misses
         6])    # b's u3 fails its save
    assert texts(log, "combat-card")[-1] == ("Sacred Music makes magic useless in SUGAR HILL: "
                                             "these effects end: Git'em")
    assert rolls(log) == [("u1", [5], 0, 0), ("u2", [6], 0, 1), ("u3", [1], 0, 0)]
    assert st.arcana_deck[-2:] == ["arcana.gitem", "arcana.sacred-music"]


def test_sacred_music_with_nothing_running(make_state):
    """arcana.sacred-music played first: nothing ends, and it says so."""
    st = setup(make_state, ["arcana.sacred-music"])
    log = run_phase(combat.run, st, DATA, {"a": joins(["Sacred Music"]) + cast("Sacred Music")},
                    [6, 6, 1, 2])
    assert texts(log, "combat-card") == [
        "Sacred Music makes magic useless in SUGAR HILL: no card played here has an effect "
        "still running"]


# -- dice ----------------------------------------------------------------------------------------

def test_rage_the_legion_named_rolls_two_dice_every_round(make_state):
    """arcana.rage ON u2: a's Legion u2 rolls two dice in every round."""
    st = setup(make_state, ["arcana.rage"], a_legions=2, b_legions=1)
    log = run_phase(combat.run, st, DATA, {"a": joins(["Rage"]) + cast("Rage ON u2")},
                    [1, 1, 2,  # a: u1 1; u2 1, 2
                     1,        # b misses
                     1, 3, 6,  # round 2: u2 3, 6 hits
                     1,        # b misses
                     4])       # b's u3 fails its save
    assert texts(log, "combat-card") == [
        "Rage: a's Legion u2 rolls two dice every round for the rest of the combat in "
        "SUGAR HILL"]
    assert [(r[0], r[1]) for r in rolls(log)] == [("u1", [1]), ("u2", [1, 2]), ("u3", [1]),
                                                  ("u1", [1]), ("u2", [3, 6]), ("u3", [1])]


def test_rage_default_and_unholy_rage_double_the_dice(make_state):
    """arcana.rage (no ON: a's first Legion, u1) then arcana.unholy-rage (1 Favour):
    u1 rolls 2 x 2 dice, u2 2 dice; b's Units are not a's."""
    st = setup(make_state, ["arcana.rage", "arcana.unholy-rage"], a={"favours": 1})
    log = run_phase(combat.run, st, DATA, {
        "a": joins(["Rage", "Unholy Rage"]) + cast("Rage", "Unholy Rage")},
        [1, 1, 1, 6,  # u1: four dice, one hit
         1, 1,        # u2: two dice
         1,           # b: one die
         2])          # b's u3 fails its save
    assert texts(log, "combat-card") == [
        "Rage: a's Legion u1 rolls two dice every round for the rest of the combat in "
        "SUGAR HILL (by default: the best-led Legion)",
        "Unholy Rage: a's Units roll twice as many dice for the rest of the combat in "
        "SUGAR HILL"]
    assert [(r[0], r[1]) for r in rolls(log)] == [("u1", [1, 1, 1, 6]), ("u2", [1, 1]),
                                                  ("u3", [1])]
    assert st.players["a"].favours == 0


@pytest.mark.parametrize("on,problem", [
    ("fred", "'fred' is not a unit id"),
    ("u3", "u3 is not one of your Legions"),
])
def test_rage_on_must_name_one_of_your_legions(make_state, on, problem):
    st = setup(make_state, ["arcana.rage"])
    sheet = check_sheet(st, DATA, "a", f"COMBAT CAST Rage ON {on} IN Sugar Hill")
    assert [p.message for p in sheet.problems] == [problem]


@pytest.mark.parametrize("line, card, on, refused", [
    ("COMBAT CAST Come On Join Us IN Sugar Hill", "Come On Join Us", "", "Come On Join Us"),
    ("COMBAT CAST come on join us ON Caim IN Sugar Hill ROUND 1", "come on join us", "Caim",
     "Come On Join Us"),
    ("COMBAT CAST Riders on the Storm IN Sugar Hill", "Riders on the Storm", "",
     "Riders on the Storm"),
    ("COMBAT CAST Rage ON u1 IN Sugar Hill", "Rage", "u1", ""),
    ("COMBAT CAST Rag ON u1 IN Sugar Hill", "Rag", "u1", ""),  # a name in part: first ON
])
def test_hg_9_8_01_a_card_whose_name_holds_on_is_read_whole(make_state, line, card, on,
                                                             refused):
    """The word ON in a card's own name does not start the target: the line names the
    card whole (Come On Join Us was read as the card 'Come', which matched two cards).
    Both are Action cards, so such a line is then refused for what the card is."""
    from pbem_games.hellgame.orders.combat import _CAST, _card_and_target

    m = _CAST.match(line.removeprefix("COMBAT CAST "))
    assert _card_and_target(m, DATA) == (card, on)
    if refused:
        st = setup(make_state, ["arcana.come-on-join-us", "arcana.riders-on-the-storm"])
        [problem] = check_sheet(st, DATA, "a", line).problems
        assert problem.message == f"{refused}'s Major Arcana is marked action, not Combat"


def test_a_deliberate_mistake_default_the_enemys_best_lieutenant(make_state):
    """arcana.a-deliberate-mistake (no ON): Dabriel (+4), the enemy's best, lends no bonus;
    Verin (+2) leads b's Legions instead (HG-11.2.2-05). a holds a Treachery Sectio."""
    st = setup(make_state, ["arcana.a-deliberate-mistake"], a_legions=4, b_legions=2,
               b_units=[("lieutenant", "lieutenant.verin"), ("lieutenant", "lieutenant.dabriel")],
               owners={"sectio.spies": "a"})
    log = run_phase(combat.run, st, DATA, {
        "a": joins(["A Deliberate Mistake"]) + cast("A Deliberate Mistake")},
        [1, 1, 1, 1,  # a misses
         3, 2,        # b: 3+2 and 2+2 miss (with Dabriel's +4 both would hit)
         6, 6, 6, 6,  # round 2: a hits four times
         1, 1,        # b misses
         2, 2, 5, 5])  # saves: b's Legions fail (1 only), Verin and Dabriel (4 or less)
    assert texts(log, "combat-card") == [
        "A Deliberate Mistake: b's Lieutenant Dabriel (u8) may not use his +4 bonus for the "
        "rest of the combat in SUGAR HILL (by default: the enemy's best)"]
    assert [r[2] for r in rolls(log)] == [0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 2, 2]


def test_a_deliberate_mistake_on_a_named_lieutenant(make_state):
    """arcana.a-deliberate-mistake ON Verin: Verin loses his bonus; Dabriel still leads."""
    st = setup(make_state, ["arcana.a-deliberate-mistake"], a_legions=4, b_legions=2,
               b_units=[("lieutenant", "lieutenant.verin"), ("lieutenant", "lieutenant.dabriel")],
               owners={"sectio.spies": "a"})
    own = make_state(players={"a": {"hand": ["arcana.a-deliberate-mistake"]}, "b": {}},
                     units=[("lieutenant", "a", SH, "lieutenant.verin")])
    sheet = check_sheet(own, DATA, "a", "COMBAT CAST A Deliberate Mistake ON Verin IN "
                                        "Sugar Hill\nCOMBAT CAST A Deliberate Mistake ON Nobody "
                                        "IN Sugar Hill")
    assert [p.message for p in sheet.problems][0] == "Verin is your own Lieutenant"
    assert "Nobody" in sheet.problems[1].message
    log = run_phase(combat.run, st, DATA, {
        "a": joins(["A Deliberate Mistake"]) + cast("A Deliberate Mistake ON Verin")},
        [6, 6, 6, 6,  # a hits four times
         1, 1,        # b: 1+4 misses
         2, 2, 5, 5])  # b's Legions, Verin and Dabriel fail their saves
    assert "b's Lieutenant Verin (u7) may not use his +2 bonus" in texts(log, "combat-card")[0]
    assert [r[2] for r in rolls(log)] == [0, 0, 0, 0, 4, 4]


# -- payments (IP-42) ---------------------------------------------------------------------------

def test_blood_money_each_enemy_hit_costs_2_souls_or_the_legion(make_state):
    """arcana.blood-money: b pays 2 Souls for u4's hit (3 -> 1), cannot pay for u5's: u5
    disbands; both hits still count against a (IP-42 default: pay while affordable)."""
    st = setup(make_state, ["arcana.blood-money"], a_legions=3, b_legions=2,
               b={"souls": 3}, owners={"sectio.thieves": "a"})
    log = run_phase(combat.run, st, DATA, {"a": joins(["Blood Money"]) + cast("Blood Money")},
                    [1, 1, 1,  # a misses
                     6, 6,     # b: two hits
                     1, 1,     # a's u1, u2 save
                     6, 1, 1,  # round 2: a hits
                     1,        # b's u4 misses
                     2])       # b's u4 fails its save
    assert texts(log, "blood-money") == [
        "Blood Money: b pays 2 Souls for 1 hit of Legion u4",
        "Blood Money: b cannot pay 2 Souls for a hit of Legion u5: the Legion disbands"]
    assert saves(log)[:2] == [("u1", [1], True), ("u2", [1], True)]
    assert st.players["b"].souls == 1
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 2}}


def test_the_thin_dead_line_cancels_hits_for_1_soul_each(make_state):
    """arcana.the-thin-dead-line: a (1 Soul) cancels the hit on u1 before saves; the hit
    on u2 it cannot pay for is saved as usual (IP-42 default: pay while affordable)."""
    st = setup(make_state, ["arcana.the-thin-dead-line"], a_legions=3, b_legions=2,
               a={"souls": 1})
    log = run_phase(combat.run, st, DATA, {
        "a": joins(["The Thin Dead Line"]) + cast("The Thin Dead Line")},
        [1, 1, 1,  # a misses
         6, 6,     # b: two hits, on u1 and u2
         5,        # u2's save: 5 > 4, destroyed
         6, 6,     # round 2: a's u1, u3 hit
         1, 1,     # b misses
         2, 2])    # b's u4, u5 fail their saves
    assert texts(log, "thin-dead-line") == [
        "The Thin Dead Line: a pays 1 Soul to cancel 1 hit on its legion u1"]
    assert saves(log) == [("u2", [5], False), ("u4", [2], False), ("u5", [2], False)]
    assert st.players["a"].souls == 0
    assert [u.id for u in st.units_at(SH)] == ["u1", "u3"]
