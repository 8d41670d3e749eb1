"""Combat cards that move Units (combat/cards_units.py): cards that move, make, bring
back and devour Units. Each test names its card and checks the board and the log."""

from __future__ import annotations

from test_combat_cards_casualties import (
    ADDICTION,
    DATA,
    SH,
    TAVERN,
    THIEVES,
    fight_in,
    play,
    texts,
    two,
)

from pbem_games.hellgame.combat.rounds import destroy, ended


def at(st, where):
    return [u.id for u in st.units_at(where)]


# -- Blitzkrieg ----------------------------------------------------------------------------

def test_blitzkrieg_advance_into_occupied_sectio_fights_at_once(make_state):
    """arcana.blitzkrieg: a wins, its Units (Minder and hound too) advance ON Addiction,
    where b is: result["at_once"] puts that combat next (IP-46)."""
    st = two(make_state, ["arcana.blitzkrieg"], [
        ("legion", "a", SH), {"kind": "hellhound", "owner": "a", "location": SH,
                              "ref": "hellhound.1", "minder": "u1"},
        ("legion", "b", SH), ("legion", "b", ADDICTION)])
    f = fight_in(st)
    play(f, "a", "daemon.caim", "arcana.blitzkrieg", on="Addiction")
    st.remove_unit("u3")  # a wins the fight
    result = ended(f, {"winners": ["a"], "rounds": 2, "kills": {}})
    assert at(st, ADDICTION) == ["u1", "u2", "u4"] and at(st, SH) == []
    assert result["at_once"] == [ADDICTION]
    assert texts(f)[-1] == "Blitzkrieg: a's 2 Units advance from SUGAR HILL into ADDICTION: a " \
                           "new combat is fought there at once"


def test_blitzkrieg_default_and_no_victory(make_state):
    """arcana.blitzkrieg: no ON: the first empty neighbour by Compass number (THIEVES is
    occupied, so TAVERN); a side that did not win does not advance."""
    st = two(make_state, ["arcana.blitzkrieg"], [("legion", "a", SH), ("legion", "b", THIEVES)])
    f = fight_in(st)
    play(f, "a", "daemon.caim", "arcana.blitzkrieg")
    lost = ended(f, {"winners": ["b"], "rounds": 1, "kills": {}})
    assert at(st, SH) == ["u1"] and "at_once" not in lost
    assert "did not win" in texts(f)[-1]
    won = ended(f, {"winners": ["a"], "rounds": 1, "kills": {}})
    assert at(st, TAVERN) == ["u1"] and "at_once" not in won


def test_blitzkrieg_in_the_phase_fights_next(make_state):
    """arcana.blitzkrieg through the Combat Phase: after winning SUGAR HILL, a advances
    into THIEVES and fights b there before the rest of the queue."""
    from phase_runner import run_phase

    from pbem_games.hellgame import combat

    st = two(make_state, ["arcana.blitzkrieg"], [
        ("legion", "a", SH), ("legion", "a", SH), ("legion", "b", SH),
        ("legion", "b", THIEVES)], b_daemons=())
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Caim IN Sugar Hill BRINGING Blitzkrieg\n"
             "COMBAT CAST Blitzkrieg ON Thieves IN Sugar Hill ROUND 1"},
        [6, 1,  # Sugar Hill round 1: a's Legions roll 6 and 1, b's rolls 1
         1, 6,  # b's save (no Daemon: on a 1) 6: destroyed
         6, 6, 1, 6])  # Thieves: a's two Legions hit, b's misses; b's save fails
    assert [e.data["sectio"] for e in log.events if e.kind == "combat"] == [SH, THIEVES]
    assert st.combat_wins[THIEVES]["winners"] == ["a"] and at(st, THIEVES) == ["u1", "u2"]


# -- Getaway -------------------------------------------------------------------------------

def test_getaway_to_empty_neighbour_and_lost(make_state):
    """arcana.getaway: ON Thieves is occupied, so the default: the first empty neighbour
    (TAVERN); a is never among the winners."""
    st = two(make_state, ["arcana.getaway"], [("legion", "a", SH), ("legion", "b", SH),
                                              ("legion", "b", THIEVES)])
    f = fight_in(st)
    play(f, "a", "daemon.caim", "arcana.getaway", on="Thieves")
    assert at(st, TAVERN) == ["u1"] and at(st, SH) == ["u2"]
    assert texts(f) == ["Getaway: THIEVES is not an empty Sectio next to SUGAR HILL",
                        "Getaway: a's 1 Unit pull out of SUGAR HILL into TAVERN OF ENDLESS "
                        "REVELRY; a counts as having lost the combat"]
    assert ended(f, {"winners": ["a", "c"], "rounds": 1, "kills": {}})["winners"] == ["c"]


# -- Flesh of the Innocent -----------------------------------------------------------------

def test_flesh_of_the_innocent_two_hounds(make_state):
    """arcana.flesh-of-the-innocent: 4 → two hounds; a's one free Legion minds the first,
    the second rampages (16.7) and rolls for its side (16.5)."""
    st = two(make_state, ["arcana.flesh-of-the-innocent"],
             [("legion", "a", SH), ("legion", "b", SH)],
             hellhound_box=["hellhound.1", "hellhound.2", "hellhound.3"])
    f = fight_in(st, [4, 2, 5])
    play(f, "a", "daemon.caim", "arcana.flesh-of-the-innocent")
    h1, h2 = st.unit("u3"), st.unit("u4")
    assert (h1.owner, h1.minder, h2.owner, h2.minder) == ("a", "u1", None, None)
    assert st.hellhound_box == ["hellhound.3"]
    assert "rolls 4 in SUGAR HILL" in texts(f)[0] and "goes on a Rampage" in texts(f)[0]
    assert any("hound:u4" in s for s in f.sides)


def test_flesh_of_the_innocent_six_gives_the_enemy_one(make_state):
    st = two(make_state, ["arcana.flesh-of-the-innocent"],
             [("legion", "a", SH), ("legion", "b", SH)], hellhound_box=["hellhound.1"])
    f = fight_in(st, [6])
    play(f, "a", "daemon.caim", "arcana.flesh-of-the-innocent")
    assert (st.unit("u3").owner, st.unit("u3").minder) == ("b", "u2")
    assert "joins b, minded by Legion u2" in texts(f)[0]


# -- Hounds Stampede! ----------------------------------------------------------------------

def test_hounds_stampede(make_state):
    """arcana.hounds-stampede: a's minded hound loses its Minder and rolls 1 (runs to
    THIEVES); the rampaging one rolls 5 and stays (HG-10.3-02)."""
    st = two(make_state, ["arcana.hounds-stampede"], [
        ("legion", "a", SH), {"kind": "hellhound", "owner": "a", "location": SH,
                              "ref": "hellhound.1", "minder": "u1"},
        ("legion", "b", SH), ("hellhound", None, SH, "hellhound.2")])
    f = fight_in(st, [1, 5, 4, 2, 3])  # Compass rolls, then sides (16.5)
    play(f, "a", "daemon.caim", "arcana.hounds-stampede")
    assert st.unit("u2").location == THIEVES and st.unit("u2").minder is None
    assert st.unit("u4").location == SH
    assert texts(f)[0] == "Hounds Stampede! 2 Hellhounds in SUGAR HILL panic and go on a Rampage"
    assert [e.data.get("roll") for e in f.log.events if e.kind == "hound-loose"] == [1, 5]


# -- Panic and Disruption ------------------------------------------------------------------

def test_panic_and_disruption(make_state):
    """arcana.panic-and-disruption: b's Legion must try to flee and rolls 1: THIEVES."""
    st = two(make_state, ["arcana.panic-and-disruption"],
             [("legion", "a", SH), ("legion", "b", SH)])
    f = fight_in(st, [1, 3])
    play(f, "a", "daemon.caim", "arcana.panic-and-disruption")
    assert at(st, THIEVES) == ["u2"] and at(st, SH) == ["u1"]
    assert texts(f) == ["Panic and Disruption: the Units of b in SUGAR HILL must try to flee"]


# -- Reincarnation -------------------------------------------------------------------------

def test_reincarnation_brings_back_up_to_stars(make_state):
    """arcana.reincarnation: Ukobach (2 Stars) brings back 2 of b's 3 destroyed Legions
    and not the Lieutenant (Legions first); a's loss is not his."""
    st = two(make_state, [], [("legion", "a", SH)] + [("legion", "b", SH)] * 3
             + [("lieutenant", "b", SH, "lieutenant.sulla"), ("legion", "b", SH)])
    st.players["b"].hand = ["arcana.reincarnation"]
    f = fight_in(st)
    for uid in ("u1", "u2", "u3", "u4", "u5"):
        destroy(f, st.unit(uid))
    play(f, "b", "daemon.ukobach", "arcana.reincarnation", side=1)
    back = [u for u in st.units_at(SH) if u.id not in ("u6",)]
    assert [(u.kind, u.owner) for u in back] == [("legion", "b"), ("legion", "b")]
    assert [u.id for u in f.destroyed["b"]] == ["u2", "u5"]
    assert st.lieutenant_return == ["lieutenant.sulla"]
    assert texts(f) == ["Reincarnation: Ukobach (b) brings back 2 Units in SUGAR HILL: legion "
                        "u7, legion u8"]


# -- Reinforcements ------------------------------------------------------------------------

def test_reinforcements(make_state):
    """arcana.reinforcements: 2 Souls; a's Lieutenant Sulla and his 2 Legions come from
    THIEVES (the default: most Legions; TAVERN's Alastor has one)."""
    st = two(make_state, ["arcana.reinforcements"], [
        ("legion", "a", SH), ("legion", "b", SH),
        ("lieutenant", "a", TAVERN, "lieutenant.alastor"), ("legion", "a", TAVERN),
        ("lieutenant", "a", THIEVES, "lieutenant.sulla"), ("legion", "a", THIEVES),
        ("legion", "a", THIEVES)])
    st.players["a"].souls = 3
    f = fight_in(st)
    play(f, "a", "daemon.caim", "arcana.reinforcements")
    assert at(st, SH) == ["u1", "u2", "u5", "u6", "u7"] and at(st, THIEVES) == []
    assert st.players["a"].souls == 1
    assert texts(f) == ["Reinforcements: a's Lieutenant Sulla comes from THIEVES into the "
                        "battle in SUGAR HILL with 2 Units"]


def test_reinforcements_named(make_state):
    st = two(make_state, ["arcana.reinforcements"], [
        ("legion", "a", SH), ("legion", "b", SH),
        ("lieutenant", "a", TAVERN, "lieutenant.alastor"), ("legion", "a", TAVERN),
        ("lieutenant", "a", THIEVES, "lieutenant.sulla"), ("legion", "a", THIEVES),
        ("legion", "a", THIEVES)], )
    st.players["a"].souls = 2
    f = fight_in(st)
    play(f, "a", "daemon.caim", "arcana.reinforcements", on="Alastor")
    assert at(st, SH) == ["u1", "u2", "u3", "u4"]


# -- The Frenzied Feeder -------------------------------------------------------------------

def test_frenzied_feeder_eats_enemies_first(make_state):
    """arcana.the-frenzied-feeder: 1+2 = 3 Units: b's two Legions (random order: 2, 5),
    then a's own Legion u1 (the free one before the Minder? no: a die each: 4, 1)."""
    st = two(make_state, ["arcana.the-frenzied-feeder"], [
        ("legion", "a", SH), ("legion", "a", SH), ("legion", "b", SH), ("legion", "b", SH)],
        owners={TAVERN: "a"})
    f = fight_in(st, [1, 2, 2, 5, 4, 1])
    f.daemons["a"] = ["daemon.caim"]
    f.brought["daemon.caim"] = ["arcana.the-frenzied-feeder"]
    assert f.can_cast(("a", 0, {"card": "arcana.the-frenzied-feeder", "on": "", "where": SH,
                                "round": 1}))
    play(f, "a", "daemon.caim", "arcana.the-frenzied-feeder")
    assert at(st, SH) == ["u2"]
    assert texts(f) == ["The Frenzied Feeder is let loose in SUGAR HILL: it devours 3 Units: "
                        "b's legion u4, b's legion u3, a's legion u1 and vanishes"]


def test_frenzied_feeder_needs_the_gluttonous(make_state):
    st = two(make_state, ["arcana.the-frenzied-feeder"], [("legion", "a", SH),
                                                          ("legion", "b", SH)])
    f = fight_in(st)
    f.daemons["a"] = ["daemon.caim"]
    f.brought["daemon.caim"] = ["arcana.the-frenzied-feeder"]
    assert not f.can_cast(("a", 0, {"card": "arcana.the-frenzied-feeder", "on": "",
                                    "where": SH, "round": 1}))
    assert "Circle of the Gluttonous" in texts(f, "combat-cast-skipped")[0]


# -- The Real Hell's Angels ----------------------------------------------------------------

def test_real_hells_angels(make_state):
    """arcana.the-real-hells-angels: a Freebooter Legion fights for a, and goes back to
    the Freebooter set when the combat ends."""
    st = two(make_state, ["arcana.the-real-hells-angels"], [("legion", "a", SH),
                                                            ("legion", "b", SH)])
    f = fight_in(st)
    play(f, "a", "daemon.caim", "arcana.the-real-hells-angels")
    assert (st.unit("u3").owner, st.unit("u3").kind) == ("a", "legion")
    ended(f, {"winners": ["a"], "rounds": 1, "kills": {}})
    assert at(st, SH) == ["u1", "u2"]
    assert texts(f)[-1] == "The Real Hell's Angels: the Freebooter Legion u3 leaves SUGAR HILL " \
                           "and goes back to the Freebooter set"


def test_on_parts_are_checked_on_arrival(make_state):
    """Bad ON parts are OrderErrors when the sheet is checked (Reinforcements, Vendetta,
    Blitzkrieg, True Steel)."""
    from pbem_games.hellgame.orders import check_sheet

    st = two(make_state, ["arcana.reinforcements", "arcana.vendetta", "arcana.blitzkrieg",
                          "arcana.true-steel"], [])
    for line in ("COMBAT CAST Reinforcements ON Nobody IN Sugar Hill",
                 "COMBAT CAST Vendetta ON a IN Sugar Hill",
                 "COMBAT CAST Blitzkrieg ON Nowhere IN Sugar Hill",
                 "COMBAT CAST True Steel ON Nobody IN Sugar Hill"):
        sheet = check_sheet(st, DATA, "a", line)
        assert sheet.problems, line
    ok = check_sheet(st, DATA, "a", "COMBAT CAST Vendetta ON b IN Sugar Hill\n"
                     "COMBAT CAST Reinforcements ON sulla IN Sugar Hill")
    assert not ok.problems
    assert [ln.canonical for ln in ok.lines] == [
        "COMBAT CAST Vendetta ON b IN SUGAR HILL",
        "COMBAT CAST Reinforcements ON Sulla IN SUGAR HILL"]
