"""Decisions a player takes at the table about Combat cards, by sheet (issue 22):
refusing per-hit payments (COMBAT PAY, IP-42), permission for another player's
Reinforcements (REINFORCEMENTS ALLOW, HG-11.2.1-01), and Blitzkrieg's "some or all of
his Units" (ON ... MOVING / LEAVING, IP-46). Orders: orders/combat_consent.py; cards:
combat/cards_dice.py, combat/cards_units.py. Scripted dice, exact outcomes."""

from __future__ import annotations

from phase_runner import run_phase
from test_combat_cards_casualties import ADDICTION, SH, THIEVES, fight_in, play, texts, two
from test_combat_cards_rolls import cast, joins, setup
from test_combat_cards_rolls import texts as log_texts
from test_combat_clauses import saves

from pbem_games.hellgame import combat
from pbem_games.hellgame.combat.rounds import ended
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet
from pbem_games.hellgame.orders.combat_consent import pay_line, pays

DATA = load_data()


def lines(st, player, text, known=False):
    sheet = check_sheet(st, DATA, player, text, known=known)
    return [(r.status, r.canonical or r.message, r.warning or None) for r in sheet.lines]


def at(st, where):
    return [u.id for u in st.units_at(where)]


# -- COMBAT PAY (IP-42) ---------------------------------------------------------------------

def test_combat_pay_lines_are_read_and_written_back(make_state):
    """IP-42: the payer's order, "pay while Souls >= N (only for Lieutenants /
    Minders)" (rules-checklist §3), for the cards that charge per hit."""
    st = setup(make_state, [])
    got = lines(st, "a", "combat pay never\n"
                         "COMBAT PAY blood money while souls >= 6\n"
                         "COMBAT PAY The Thin Dead Line WHILE SOULS>=1 FOR lieutenants, minders\n"
                         "COMBAT PAY Frenzy NEVER\n"
                         "COMBAT PAY Blood Money WHILE SOULS >= 2 FOR LIEUTENANTS\n"
                         "COMBAT PAY SOMETIMES")
    assert [g[:2] for g in got] == [
        ("accepted", "COMBAT PAY NEVER"),
        ("accepted", "COMBAT PAY Blood Money WHILE SOULS >= 6"),
        ("accepted", "COMBAT PAY The Thin Dead Line WHILE SOULS >= 1 FOR LIEUTENANTS, MINDERS"),
        ("illegal", "Frenzy asks no payment per hit"),
        ("invalid", "COMBAT PAY ... FOR LIEUTENANTS: not a kind of Unit Blood Money charges "
                    "for"),
        ("invalid", "COMBAT PAY 'SOMETIMES' is not understood")]


def test_combat_pay_first_line_naming_the_card_or_none_decides():
    """IP-42: the first line for the card (or for any card) decides; the default (no
    line) pays while the payer can."""
    never = {"card": None, "never": True, "souls": 0, "kinds": []}
    six = {"card": "arcana.blood-money", "never": False, "souls": 6, "kinds": []}
    lts = {"card": "arcana.the-thin-dead-line", "never": False, "souls": 0,
           "kinds": ["LIEUTENANTS"]}
    assert pay_line([six, never], "arcana.blood-money") is six
    assert pay_line([six, never], "arcana.the-thin-dead-line") is never
    assert pay_line([lts], "arcana.blood-money") is None
    assert pays(None, 2, 2, "LEGIONS") and not pays(None, 1, 2, "LEGIONS")
    assert pays(six, 6, 2, "LEGIONS") and not pays(six, 5, 2, "LEGIONS")
    assert pays(lts, 1, 1, "LIEUTENANTS") and not pays(lts, 9, 1, "LEGIONS")
    assert not pays(never, 9, 1, "LEGIONS")


def test_blood_money_refused_by_combat_pay_never_disbands_the_legion(make_state):
    """arcana.blood-money, IP-42: b (3 Souls) refuses to pay (COMBAT PAY NEVER): each of
    its Legions that hits disbands at once; the hits still count against a. b keeps
    its Souls, and with no Units left loses after round 1."""
    st = setup(make_state, ["arcana.blood-money"], a_legions=3, b_legions=2,
               b={"souls": 3}, owners={"sectio.thieves": "a"})
    log = run_phase(combat.run, st, DATA, {"a": joins(["Blood Money"]) + cast("Blood Money"),
                                           "b": "COMBAT PAY NEVER\n"},
                    [1, 1, 1,  # a misses
                     6, 6,     # b: two hits
                     1, 1])    # a's u1, u2 save
    assert log_texts(log, "blood-money") == [
        "Blood Money: b does not pay 2 Souls for a hit of Legion u4 (its COMBAT PAY order): "
        "the Legion disbands",
        "Blood Money: b does not pay 2 Souls for a hit of Legion u5 (its COMBAT PAY order): "
        "the Legion disbands"]
    assert saves(log) == [("u1", [1], True), ("u2", [1], True)]
    assert st.players["b"].souls == 3
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 1}}


def test_blood_money_paid_while_souls_at_least_n(make_state):
    """arcana.blood-money, IP-42: COMBAT PAY Blood Money WHILE SOULS >= 4 with 5 Souls:
    u4's hit is paid (5 -> 3); at 3 Souls b no longer pays, and u5 disbands."""
    st = setup(make_state, ["arcana.blood-money"], a_legions=3, b_legions=2,
               b={"souls": 5}, owners={"sectio.thieves": "a"})
    log = run_phase(combat.run, st, DATA, {
        "a": joins(["Blood Money"]) + cast("Blood Money"),
        "b": "COMBAT PAY Blood Money WHILE SOULS >= 4\n"},
        [1, 1, 1,  # a misses
         6, 6,     # b: two hits
         1, 1,     # a's u1, u2 save
         6, 1, 1,  # round 2: a hits
         1,        # b's u4 misses
         2])       # b's u4 fails its save
    assert log_texts(log, "blood-money") == [
        "Blood Money: b pays 2 Souls for 1 hit of Legion u4",
        "Blood Money: b does not pay 2 Souls for a hit of Legion u5 (its COMBAT PAY order): "
        "the Legion disbands"]
    assert st.players["b"].souls == 3


def test_the_thin_dead_line_pays_only_while_souls_at_least_n(make_state):
    """arcana.the-thin-dead-line, IP-42: a (3 Souls) with COMBAT PAY The Thin Dead Line
    WHILE SOULS >= 3 cancels the hit on u1 (3 -> 2), then stops paying: the hit on u2
    is saved as usual."""
    st = setup(make_state, ["arcana.the-thin-dead-line"], a_legions=3, b_legions=2,
               a={"souls": 3})
    log = run_phase(combat.run, st, DATA, {
        "a": joins(["The Thin Dead Line"]) + cast("The Thin Dead Line")
        + "COMBAT PAY The Thin Dead Line WHILE SOULS >= 3\n"},
        [1, 1, 1,  # a misses
         6, 6,     # b: two hits, on u1 and u2
         5,        # u2's save: 5 > 4, destroyed
         6, 6,     # round 2: a's u1, u3 hit
         1, 1,     # b misses
         2, 2])    # b's u4, u5 fail their saves
    assert log_texts(log, "thin-dead-line") == [
        "The Thin Dead Line: a pays 1 Soul to cancel 1 hit on its legion u1"]
    assert saves(log) == [("u2", [5], False), ("u4", [2], False), ("u5", [2], False)]
    assert st.players["a"].souls == 2


def test_the_thin_dead_line_for_lieutenants_only_pays_nothing_for_legions(make_state):
    """arcana.the-thin-dead-line, IP-42: FOR LIEUTENANTS: hits on a's Legions are not
    cancelled, so a keeps its Soul and both hits go to saves."""
    st = setup(make_state, ["arcana.the-thin-dead-line"], a_legions=3, b_legions=2,
               a={"souls": 1})
    log = run_phase(combat.run, st, DATA, {
        "a": joins(["The Thin Dead Line"]) + cast("The Thin Dead Line")
        + "COMBAT PAY WHILE SOULS >= 1 FOR LIEUTENANTS\n"},
        [1, 1, 1,  # a misses
         6, 6,     # b: two hits, on u1 and u2
         1, 5,     # u1 saves, u2 is destroyed
         6, 6,     # round 2: a's u1, u3 hit
         1, 1,     # b misses
         2, 2])    # b's u4, u5 fail their saves
    assert log_texts(log, "thin-dead-line") == []
    assert saves(log)[:2] == [("u1", [1], True), ("u2", [5], False)]
    assert st.players["a"].souls == 1


# -- REINFORCEMENTS ALLOW (HG-11.2.1-01) ----------------------------------------------------

def lender(make_state, allow: str | None, extra=()):
    """a (Caim, Reinforcements) fights b in SUGAR HILL; c has Lieutenant Sulla and two
    Legions in THIEVES next door (u3, u4, u5), and gives `allow` as its sheet."""
    st = two(make_state, ["arcana.reinforcements"], [
        ("legion", "a", SH), ("legion", "b", SH),
        ("lieutenant", "c", THIEVES, "lieutenant.sulla"), ("legion", "c", THIEVES),
        ("legion", "c", THIEVES), *extra])
    st.players["a"].souls = 2
    sheets = {"c": check_sheet(st, DATA, "c", allow)} if allow else {}
    f = fight_in(st, sheets=sheets)
    f.fixed.update({"a": 0, "b": 1})  # as sides.assign left them at the combat's start
    return st, f


def test_reinforcements_with_permission_brings_another_triumvirates_lieutenant(make_state):
    """arcana.reinforcements (003 l.2072: "his own, or of a Triumvirate that permits
    it"), HG-11.2.1-01: c's REINFORCEMENTS ALLOW a lets a's card bring Sulla and c's
    Legions in; c fights on a's side for the rest of the combat (HG-16.5-01)."""
    st, f = lender(make_state, "REINFORCEMENTS ALLOW a")
    play(f, "a", "daemon.caim", "arcana.reinforcements")
    assert at(st, SH) == ["u1", "u2", "u3", "u4", "u5"] and at(st, THIEVES) == []
    assert f.sides == [["a", "c"], ["b"]]
    assert texts(f) == ["Reinforcements: c's Lieutenant Sulla comes from THIEVES into the "
                        "battle in SUGAR HILL with 2 Units, lent by c (its REINFORCEMENTS "
                        "ALLOW): c fights on a's side"]


def test_reinforcements_with_permission_through_the_combat_phase(make_state):
    """arcana.reinforcements through the Combat Phase (HG-11.2.1-01): c's Legions, led by
    Sulla (+1, HG-11.2.2-05), fight on a's side from round 1, and a and c win together
    (HG-16.6-01)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "souls": 2,
                                   "hand": ["arcana.reinforcements"]}, "b": {}, "c": {}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)] * 2 + [
                        ("lieutenant", "c", THIEVES, "lieutenant.sulla"),
                        ("legion", "c", THIEVES), ("legion", "c", THIEVES)])
    log = run_phase(combat.run, st, DATA, {
        "a": joins(["Reinforcements"]) + cast("Reinforcements"),
        "c": "REINFORCEMENTS ALLOW a\n"},
        [6, 4,     # a: u1 hits, u2 misses
         2, 6,     # c: u6 2+1 misses, u7 6+1 hits
         4, 1,     # b misses twice
         3, 1,     # b's u3 fails its save (no Daemon: a 1 only), u4 saves
         3, 2,     # round 2: a misses
         6, 2,     # c: u6 hits
         2,        # b's u4 misses
         3])       # and fails its save
    assert [e.text for e in log.events if e.kind == "combat-card"] == [
        "Reinforcements: c's Lieutenant Sulla comes from THIEVES into the battle in SUGAR "
        "HILL with 2 Units, lent by c (its REINFORCEMENTS ALLOW): c fights on a's side"]
    assert st.combat_wins == {SH: {"winners": ["a", "c"], "rounds": 2}}
    assert st.players["a"].souls == 0


def test_reinforcements_without_permission_brings_nobody(make_state):
    """arcana.reinforcements, HG-11.2.1-01: the default is no permission: with c's line
    for another player, or naming only another Lieutenant, Sulla stays."""
    for allow in (None, "REINFORCEMENTS ALLOW b", "REINFORCEMENTS ALLOW ANYONE ONLY Verin"):
        st, f = lender(make_state, allow)
        play(f, "a", "daemon.caim", "arcana.reinforcements", on="Sulla")
        assert at(st, THIEVES) == ["u3", "u4", "u5"], allow
        assert texts(f)[0].startswith("Reinforcements: a has no Lieutenant next to SUGAR HILL")


def test_reinforcements_own_lieutenant_first_by_default(make_state):
    """arcana.reinforcements, HG-11.2.1-01: without ON, the caster's own Lieutenant
    comes before a lent one; ON names the lent one."""
    own = [("lieutenant", "a", ADDICTION, "lieutenant.alastor")]
    st, f = lender(make_state, "REINFORCEMENTS ALLOW ANYONE", own)
    play(f, "a", "daemon.caim", "arcana.reinforcements")
    assert at(st, SH) == ["u1", "u2", "u6"]
    st, f = lender(make_state, "REINFORCEMENTS ALLOW ANYONE", own)
    play(f, "a", "daemon.caim", "arcana.reinforcements", on="Sulla")
    assert at(st, SH) == ["u1", "u2", "u3", "u4", "u5"]


def test_reinforcements_allow_lines(make_state):
    """HG-11.2.1-01: players by name (not yourself) or ANYONE; ONLY Lieutenants by name,
    with a warning for one that is not yours now."""
    st, _ = lender(make_state, None)
    got = lines(st, "c", "REINFORCEMENTS ALLOW a, b\nreinforcements allow anyone only sulla\n"
                         "REINFORCEMENTS ALLOW c\nREINFORCEMENTS ALLOW a ONLY Verin", known=True)
    assert got == [
        ("accepted", "REINFORCEMENTS ALLOW a, b", None),
        ("accepted", "REINFORCEMENTS ALLOW ANYONE ONLY Sulla", None),
        ("illegal", "'c' is you", None),
        ("accepted", "REINFORCEMENTS ALLOW a ONLY Verin",
         "Verin is not your Lieutenant now: the permission counts only for a Lieutenant of "
         "yours [HG-11.2.1-01]; name your own Lieutenants after ONLY")]


# -- Blitzkrieg: some or all of his Units (IP-46) -------------------------------------------

def blitz(make_state):
    """a: Legion u1 minding hound u2, plain Legions u3 and u4, in SUGAR HILL; b's u5 is
    gone (a won)."""
    st = two(make_state, ["arcana.blitzkrieg"], [
        ("legion", "a", SH), {"kind": "hellhound", "owner": "a", "location": SH,
                              "ref": "hellhound.1", "minder": "u1"},
        ("legion", "a", SH), ("legion", "a", SH), ("legion", "b", SH)])
    st.remove_unit("u5")
    return st


def test_blitzkrieg_leaving_n_legions_behind(make_state):
    """arcana.blitzkrieg (003 l.1671: "some or all of his Units"), IP-46: LEAVING 2:
    the plain Legions stay first, the highest unit number first (u4, u3); the Minder
    goes with its hound."""
    st = blitz(make_state)
    f = fight_in(st)
    play(f, "a", "daemon.caim", "arcana.blitzkrieg", on="Addiction LEAVING 2")
    ended(f, {"winners": ["a"], "rounds": 1, "kills": {}})
    assert at(st, ADDICTION) == ["u1", "u2"] and at(st, SH) == ["u3", "u4"]
    assert texts(f)[-1] == "Blitzkrieg: a's 2 Units advance from SUGAR HILL into ADDICTION " \
                           "(2 Units stay behind, by its order)"


def test_blitzkrieg_moving_named_units(make_state):
    """arcana.blitzkrieg, IP-46: MOVING u1, u4: those (u1 with its hound), no Sectio
    named: the first empty neighbour; MOVING Units that are gone: no advance."""
    st = blitz(make_state)
    f = fight_in(st)
    play(f, "a", "daemon.caim", "arcana.blitzkrieg", on="MOVING u1, u4")
    ended(f, {"winners": ["a"], "rounds": 1, "kills": {}})
    assert at(st, SH) == ["u3"] and sorted(u.id for u in st.units if u.location not in (SH,)
                                           and u.owner == "a") == ["u1", "u2", "u4"]
    st = blitz(make_state)
    f = fight_in(st)
    play(f, "a", "daemon.caim", "arcana.blitzkrieg", on="Addiction MOVING u4")
    st.remove_unit("u4")
    ended(f, {"winners": ["a"], "rounds": 1, "kills": {}})
    assert at(st, SH) == ["u1", "u2", "u3"]
    assert texts(f)[-1] == "Blitzkrieg: none of the Units a named (u4) is left in SUGAR " \
                           "HILL, so there is no advance"


def test_blitzkrieg_on_parts_are_checked(make_state):
    """IP-46: the ON part of Blitzkrieg, written back; unit ids must be the player's."""
    st = blitz(make_state)
    got = lines(st, "a", "COMBAT CAST Blitzkrieg ON addiction leaving 2 IN Sugar Hill\n"
                         "COMBAT CAST Blitzkrieg ON MOVING u1, U3 IN Sugar Hill ROUND 2\n"
                         "COMBAT CAST Blitzkrieg ON Addiction MOVING u6 IN Sugar Hill\n"
                         "COMBAT CAST Blitzkrieg ON Addiction LEAVING none IN Sugar Hill")
    assert [g[:2] for g in got] == [
        ("accepted", "COMBAT CAST Blitzkrieg ON ADDICTION LEAVING 2 IN SUGAR HILL"),
        ("accepted", "COMBAT CAST Blitzkrieg ON MOVING u1, u3 IN SUGAR HILL ROUND 2"),
        ("illegal", "u6 is not your Units"),
        ("invalid", "LEAVING 'none': say how many Legions stay behind")]


# -- the order form and the defaults ----------------------------------------------------------

def test_the_form_offers_combat_pay_and_reinforcements_allow_where_they_apply(make_state):
    """IP-42, HG-11.2.1-01: COMBAT PAY for the holder of The Thin Dead Line (or a player
    with Legions while a rival holds a Sectio in the Greedy Circle, Blood Money's
    prerequisite); REINFORCEMENTS ALLOW for a player with a Lieutenant in a Sectio. Each
    example checks clean; neither is offered where it could do nothing."""
    from pbem_games.hellgame import GAME
    from pbem_games.hellgame.defaults import left_to_defaults

    st = make_state(players={"a": {"hand": ["arcana.the-thin-dead-line"]}, "b": {}, "c": {}},
                    owners={SH: "a"}, units=[("legion", "a", SH),
                                             ("lieutenant", "a", SH, "lieutenant.sulla"),
                                             ("legion", "b", THIEVES)])
    form = GAME.order_form(st.to_dict(), "a")
    want = ["COMBAT PAY The Thin Dead Line WHILE SOULS >= 1 FOR LIEUTENANTS, MINDERS",
            "REINFORCEMENTS ALLOW b ONLY Sulla"]
    for line in want:
        assert f"#{line}\n" in form
    sheet = GAME.check_orders(st.to_dict(), "a", "\n".join(want))
    assert all(r.status == "accepted" and not r.warning for r in sheet.lines)
    assert any(d.startswith("IP-42 (COMBAT PAY)") for d in
               left_to_defaults(st, GAME.check_orders(st.to_dict(), "a", "")))
    other = GAME.order_form(st.to_dict(), "b")
    assert "#COMBAT PAY" not in other and "#REINFORCEMENTS ALLOW" not in other
    st.owners["sectio.bankers-and-brokers"] = "a"  # the Greedy Circle: Blood Money
    assert "#COMBAT PAY Blood Money WHILE SOULS >= 6\n" in GAME.order_form(st.to_dict(), "b")
