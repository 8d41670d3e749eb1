"""Issue 20: what can be known when a sheet comes is checked then, by the code the phase
uses at the deadline (orders.known_now and the sheet checks of each order type).

A line that cannot work this turn is refused, and the deadline (which checks the sheet
again, the same way, against the same snapshot) refuses it too; the phase's own test
gives the same reason for it when such a line reaches it unchecked. A line that will
not work as things stand but still might is accepted with a warning, and when it fails
at the deadline the player gets an "order-failed" event saying why.
"""

from __future__ import annotations

from pbem.dice import Dice
from pbem.engine import ACCEPTED, ILLEGAL
from pbem_games.hellgame import GAME, action, combat, petitions, soul, summoning
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()
THIEVES, LIARS = "sectio.thieves", "sectio.liars"
#: five cards, none of them a "6" card or a Recruit Lieutenant card
FULL = ["arcana.berserk-rage", "arcana.dont-eat-that", "arcana.duel-of-sorcery",
        "arcana.entrapment", "arcana.sucubus"]


def confirm(st, player: str, text: str):
    """The sheet as the confirmation checks it, and the deadline again: the game's
    check_orders against the stage's snapshot."""
    return GAME.check_orders(st.to_dict(), player, text)


def one(st, player: str, text: str):
    sheet = confirm(st, player, text)
    assert len(sheet.lines) == 1
    return sheet.lines[0]


def deadline(phase, st, orders: dict, script=()):
    """Run one phase on sheets checked as at the deadline; every scripted die used."""
    snapshot = st.to_dict()
    sheets = {p: None for p in st.seats}
    for player, text in orders.items():
        sheets[player] = GAME.check_orders(snapshot, player, text)
    log, dice = Log(), Dice(script=list(script))
    phase(st, sheets, dice, DATA, log)
    dice.finish()
    return log


def unchecked(phase, st, orders: dict, script=()):
    """Run one phase on sheets read without the sheet checks, as a line checked by an
    older version would reach it: the phase's own test then answers."""
    sheets = {p: None for p in st.seats}
    for player, text in orders.items():
        sheets[player] = check_sheet(st, DATA, player, text)
    log, dice = Log(), Dice(script=list(script))
    phase(st, sheets, dice, DATA, log)
    dice.finish()
    return log


def failed(log, player: str) -> list[tuple]:
    return [(e.text, e.rule, e.data.get("line")) for e in log.events
            if e.kind == "order-failed" and e.visible_to == (player,)]


# -- Walk the Earth (HG-9.6-01) ----------------------------------------------------------------

def test_hg_9_6_01_walk_with_a_card_no_longer_in_hand_is_warned_then_fails(make_state):
    st = make_state({"a": {"souls": 5, "daemons": ["daemon.thamuz"]}, "b": {}, "c": {}}, turn=2)
    r = one(st, "a", "Thamuz: WALK THE EARTH WITH The Iago Syndrome")
    assert r.status == ACCEPTED
    assert r.warning == (
        "The Iago Syndrome is not in your hand now: Thamuz walks with it only if you draw, "
        "buy or are given it before it acts [HG-9.6-01]; write WALK THE EARTH WITHOUT "
        "CARD: Thamuz walks without one (his ability)")
    log = deadline(action.run, st, {"a": "Thamuz: WALK THE EARTH WITH The Iago Syndrome"})
    assert failed(log, "a") == [("Thamuz (a): WALK THE EARTH not possible: no Walk the Earth "
                                 "card in the hand of that name", "HG-9.2-01", 1)]
    assert st.daemons["daemon.thamuz"].where == "hell"


def test_hg_9_6_01_walk_warnings_only_where_no_card_fits(make_state):
    st = make_state({"a": {"daemons": ["daemon.thamuz", "daemon.baal"],
                           "hand": ["arcana.vendetta"]}, "b": {}, "c": {}}, turn=2)
    assert not one(st, "a", "Baal: WALK THE EARTH").warning
    assert not one(st, "a", "Baal: WALK THE EARTH WITH Vendetta").warning
    assert not one(st, "a", "Thamuz: WALK THE EARTH WITHOUT CARD").warning
    bare = make_state({"a": {"daemons": ["daemon.thamuz", "daemon.baal"]}, "b": {}, "c": {}},
                      turn=2)
    assert not one(bare, "a", "Thamuz: WALK THE EARTH").warning  # his ability (IP-33)
    assert one(bare, "a", "Baal: WALK THE EARTH").warning == (
        "you hold no Walk the Earth card now: Baal walks only if you draw, buy or are given "
        "one before it acts [HG-9.6-01]; keep a Walk the Earth card for it")


def test_hg_9_6_01_walking_a_daemon_already_on_earth_is_warned(make_state):
    st = make_state({"a": {"daemons": ["daemon.baal"], "hand": ["arcana.vendetta"]}, "b": {},
                     "c": {}}, turn=2,
                    daemons={"daemon.baal": {"where": "earth", "walk_card": "arcana.frenzy"}})
    assert one(st, "a", "Baal: WALK THE EARTH").warning == (
        "Baal is Walking the Earth already, so as things stand this line will fail "
        "[HG-9.6-01]; walk only a Daemon in Hell")


def test_hg_9_4_01_pass_with_a_card_not_in_hand_is_warned(make_state):
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}, "c": {}}, turn=2)
    assert one(st, "a", "Baal: PASS WITH Sucubus").warning == (
        "Sucubus is not in your hand now: Baal Passes with it only if you draw, buy or are "
        "given it before it acts [HG-9.4-01]; write PASS to play the cheapest Pass card "
        "you hold")


# -- Incapacitated Daemons, Actions on Earth (HG-9.0-02, HG-9.7-01) ----------------------------

def test_hg_9_0_02_lines_of_an_incapacitated_daemon_are_refused(make_state):
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}, "c": {}}, turn=2,
                    daemons={"daemon.baal": {"incapacitated": True}})
    r = one(st, "a", "Baal: ATONE")
    assert (r.status, r.rule) == (ILLEGAL, "HG-9.0-02")
    assert r.message == ("Baal is Incapacitated and takes no Action this turn (it may "
                         "recover only in the End Phase)")


def test_hg_9_7_01_an_earth_action_for_a_daemon_in_hell(make_state):
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}, "c": {}}, turn=2)
    r = one(st, "a", "Baal: EVIL DEEDS")
    assert (r.status, r.rule) == (ILLEGAL, "HG-9.7-01")
    assert r.message == ("Baal is in Hell, and EVIL DEEDS is an Action for a Daemon Walking "
                         "the Earth [HG-9.7-01]: it cannot reach Earth this turn without a "
                         "Walk the Earth Action, and this sheet gives it none")
    # the phase's own test (action.kinds.place_refusal) gives the same reason
    log = unchecked(action.run, st, {"a": "Baal: EVIL DEEDS"})
    assert failed(log, "a") == [("Baal (a): EVIL DEEDS not possible: EVIL DEEDS is an Action "
                                 "for a Daemon Walking the Earth [HG-9.7-01]", "HG-9.2-01", 1)]
    # with a line that walks it there first, only a warning (HG-9.6-02)
    sheet = confirm(st, "a", "Baal: WALK THE EARTH\nBaal: EVIL DEEDS")
    assert [r.status for r in sheet.lines] == [ACCEPTED, ACCEPTED]
    assert "[HG-9.6-02]" in sheet.lines[1].warning


def test_hg_9_5_01_a_march_carried_out_in_part_says_which_move_failed(make_state):
    """IP-22: a move whose path starts where its Unit is not does not march; the rest of
    the line does, and the player is told which part failed."""
    st = make_state({"void": {"daemons": ["daemon.balban"]}, "horned": {}, "keys": {}},
                    turn=2, units=[("lieutenant", "void", "sectio.addiction", "lieutenant.sulla"),
                                   ("legion", "void", "sectio.spies")])
    log = deadline(action.run, st, {
        "void": "Balban: MARCH LT Sulla Sea of Lard > Addiction; LEGION Spies > Traitors"})
    assert st.units[1].location == "sectio.traitors"
    assert failed(log, "void") == [(
        "Line 1, Balban: MARCH LIEUTENANT Sulla SEA OF LARD > ADDICTION; 1 LEGION SPIES > "
        "TRAITORS, was carried out only in part: Lieutenant Sulla does not march: Sulla is "
        "in ADDICTION, not in SEA OF LARD [IP-22].", "HG-9.5-01", 1)]


# -- Cast Magic (HG-9.8-01, HG-9.8.1-02) -----------------------------------------------------

def test_hg_9_8_01_incubus_on_a_daemon_with_more_stars_is_refused(make_state):
    """arcana.incubus: "any female Daemon that has the same number of Stars as the caster
    or fewer" (no Roll against Stars: a comparison of the printed Stars, HG-2.4.1-01),
    so nothing before the cast can make Asmodeus (3 Stars) reach Caim (4)."""
    st = make_state({"a": {"daemons": ["daemon.asmodeus"], "hand": ["arcana.incubus"]},
                     "b": {"daemons": ["daemon.caim"]}, "c": {}}, turn=2)
    reason = ("Caim has 4 Stars and Asmodeus 3 Stars: Incubus works only on a Daemon with "
              "as many Stars as the caster or fewer")
    r = one(st, "a", "Asmodeus: CAST Incubus ON Caim")
    assert (r.status, r.rule) == (ILLEGAL, "HG-9.8-01")
    assert r.message == f"{reason}, so this line cannot work"
    assert r.hint == "cast Incubus on another Daemon, or with another caster"
    # the deadline checks the sheet again, the same way: the line is not played
    log = deadline(action.run, st, {"a": "Asmodeus: CAST Incubus ON Caim"})
    assert st.players["a"].hand == ["arcana.incubus"] and not failed(log, "a")
    # and the phase's own prerequisite check (spells._visit) says the same
    log = unchecked(action.run, st, {"a": "Asmodeus: CAST Incubus ON Caim"})
    assert failed(log, "a") == [(f"Asmodeus (a): CAST not possible: {reason}", "HG-9.2-01", 1)]


def test_hg_9_8_01_sucubus_on_a_female_is_refused_belphegor_is_not(make_state):
    st = make_state({"a": {"daemons": ["daemon.caim"], "hand": ["arcana.sucubus",
                                                             "arcana.incubus"]},
                     "b": {"daemons": ["daemon.ukobach", "daemon.belphegor"]}, "c": {}}, turn=2)
    r = one(st, "a", "Caim: CAST Sucubus ON Ukobach")
    assert (r.status, r.message) == (ILLEGAL, "Ukobach is not male here, and Succubi visit "
                                              "only male Daemons, so this line cannot work")
    # Belphegor is female on Earth only (ability.belphegor): his place may change
    assert one(st, "a", "Caim: CAST Incubus ON Belphegor").status == ACCEPTED


def test_hg_9_8_01_a_card_not_in_hand_is_warned(make_state):
    st = make_state({"a": {"daemons": ["daemon.caim"]}, "b": {"daemons": ["daemon.ukobach"]},
                     "c": {}}, turn=2)
    assert one(st, "a", "Caim: CAST Incubus ON Ukobach").warning == (
        "Incubus is not in your hand now: Caim casts it only if you draw, buy or are given "
        "it before it acts [HG-9.8-01]; cast a card you hold")


def test_hg_9_8_1_02_a_card_cast_on_earth_by_a_daemon_in_hell(make_state):
    """arcana.backwoods-cult is cast On Earth (data/arcana.yaml `major.place`)."""
    st = make_state({"a": {"daemons": ["daemon.paymon"], "hand": ["arcana.backwoods-cult",
                                                               "arcana.vendetta"]},
                     "b": {}, "c": {}}, turn=2)
    reason = "Backwoods Cult is cast On Earth, and Paymon is in Hell [HG-9.8.1-02]"
    r = one(st, "a", "Paymon: CAST Backwoods Cult")
    assert (r.status, r.rule) == (ILLEGAL, "HG-9.8.1-02")
    assert r.message == (f"{reason}: it cannot reach Earth this turn without a Walk the "
                         "Earth Action, and this sheet gives it none")
    log = unchecked(action.run, st, {"a": "Paymon: CAST Backwoods Cult"})
    assert failed(log, "a") == [(f"Paymon (a): CAST not possible: {reason}", "HG-9.2-01", 1)]
    # walked there by another line it might yet cast it (A Damn Good Day): a warning
    sheet = confirm(st, "a", "Paymon: WALK THE EARTH\nPaymon: CAST Backwoods Cult")
    assert sheet.lines[1].ok and sheet.lines[1].warning.startswith(f"{reason}: it walks")
    on_earth = make_state({"a": {"daemons": ["daemon.paymon"],
                                 "hand": ["arcana.backwoods-cult"]}, "b": {}, "c": {}},
                          turn=2, daemons={"daemon.paymon": {"where": "earth",
                                                             "walk_card": "arcana.frenzy"}})
    r = one(on_earth, "a", "Paymon: CAST Backwoods Cult")
    assert r.ok and not r.warning


# -- Summoning (HG-8.2-03, HG-8.3.3-01, HG-8.3.1-01) -------------------------------------------

def test_hg_8_2_03_a_legion_against_the_spread_rule_is_warned_then_fails(make_state):
    st = make_state({"a": {"souls": 20}, "b": {}, "c": {}}, turn=2,
                    owners={THIEVES: "a", LIARS: "a"})
    why = "spread rule: LIARS must each get a new Legion before THIEVES gets a second"
    r = one(st, "a", "LEGION Thieves 2")
    assert r.warning == (f"as things stand, 1 of 2 Legions would not be placed, because {why} "
                         "[HG-8.2-03]; write LEGIONS 2 to place them by the spread rule, or "
                         "order a Legion for each of your other Sectio first")
    log = deadline(summoning.run, st, {"a": "LEGION Thieves 2"})
    assert [u.location for u in st.units] == [THIEVES]
    assert failed(log, "a") == [(f"Line 1, {r.canonical}, was carried out only in part: 1 of "
                                 f"2 Legions not summoned, because {why}.", "HG-8.2-03", 1)]
    # the same Legions in an order the rule allows: no warning
    assert not any(x.warning for x in confirm(st, "a", "LEGION Liars 1\nLEGION Thieves 2")
                   .lines)
    assert not confirm(st, "a", "LEGIONS 2").lines[0].warning


def test_hg_6_3_03_buying_into_a_full_hand_is_warned_with_the_keep_that_avoids_it(make_state):
    st = make_state({"a": {"souls": 10, "hand": list(FULL)}, "b": {}, "c": {}}, turn=2,
                    arcana_deck=["arcana.belladonna"])
    r = one(st, "a", "BUY ARCANA 1")
    assert r.warning == (
        "your hand is full (5 of 5 Arcana cards): each card you buy is thrown away at once "
        "by the hand limit, the newest first, unless it is a 6 card or a KEEP line keeps it "
        "[HG-6.3-03]; add a KEEP line naming the cards or Minor kinds you want to keep, e.g. "
        "KEEP Recruit Lieutenant, Walk the Earth; or buy UNTIL the card you want")
    assert not confirm(st, "a", "BUY ARCANA 1\nKEEP Recruit Lieutenant").lines[0].warning
    assert not one(st, "a", "BUY ARCANA 1 UNTIL Recruit Lieutenant").warning
    log = deadline(summoning.run, st, {"a": "BUY ARCANA 1"})
    assert st.players["a"].hand == FULL and st.players["a"].souls == 5
    assert failed(log, "a") == [(
        "Line 1, BUY ARCANA 1, was carried out only in part: the hand limit (5) threw away "
        "at once what you bought: Belladonna; nothing kept it (a KEEP line naming it or its "
        "Minor kind, or the card of UNTIL, is kept first).", "HG-6.3-03", 1)]


def test_hg_6_3_03_a_keep_line_keeps_the_card_bought(make_state):
    st = make_state({"a": {"souls": 10, "hand": list(FULL)}, "b": {}, "c": {}}, turn=2,
                    arcana_deck=["arcana.belladonna"])
    log = deadline(summoning.run, st, {"a": "BUY ARCANA 1\nKEEP Recruit Lieutenant"})
    assert "arcana.belladonna" in st.players["a"].hand and not failed(log, "a")


def test_hg_8_3_1_01_recruit_without_a_card_is_warned_then_fails(make_state):
    st = make_state({"a": {"souls": 10}, "b": {}, "c": {}}, turn=2, owners={LIARS: "a"},
                    units=[("legion", "a", LIARS)])
    assert one(st, "a", "RECRUIT").warning == (
        "no Recruit Lieutenant card is in your hand now: you recruit only if you draw, buy "
        "or are given one before the Summoning Phase [HG-8.3.1-01]; buy one first: BUY "
        "ARCANA 1 UNTIL Recruit Lieutenant")
    assert not confirm(st, "a", "BUY ARCANA 1 UNTIL Recruit Lieutenant\nRECRUIT").lines[1].warning
    log = deadline(summoning.run, st, {"a": "RECRUIT"})
    assert failed(log, "a") == [("Line 1, RECRUIT, was not carried out: you held no such "
                                 "Recruit Lieutenant card.", "HG-8.3.1-01", 1)]


def test_hg_8_3_1_03_recruit_with_nowhere_for_the_lieutenant_is_warned(make_state):
    st = make_state({"a": {"hand": ["arcana.belladonna"]}, "b": {}, "c": {}}, turn=2,
                    owners={LIARS: "a"})
    assert one(st, "a", "RECRUIT").warning == (
        "you have no Legion in a Sectio free of other Units, where a new Lieutenant goes "
        "[HG-8.3.1-03]; summon a Legion first (LEGION)")
    assert not confirm(st, "a", "LEGION Liars 1\nRECRUIT").lines[1].warning


# -- Soul Phase trades (HG-7.2.1b-02, HG-6.3-03) -----------------------------------------------

def test_hg_7_2_1b_02_a_trade_for_a_card_into_a_full_hand(make_state):
    st = make_state({"a": {"souls": 5, "hand": list(FULL)},
                     "b": {"hand": ["arcana.defection"]}, "c": {}}, turn=2)
    mine, theirs = ("GIVE b 3 SOULS IF b GIVES ARCANA Defection",
                    "GIVE a ARCANA Defection IF a GIVES 3 SOULS")
    r = one(st, "a", mine)
    assert r.warning == (
        "your hand is full (5 of 5 Arcana cards): Defection, the card you trade for, would "
        "be thrown away at once by the hand limit (the newest card goes first) unless a KEEP "
        "line keeps it [HG-6.3-03]; add the line KEEP Defection")
    assert not confirm(st, "a", f"{mine}\nKEEP Defection").lines[0].warning
    log = deadline(soul.run, st, {"a": mine, "b": theirs})
    assert st.players["a"].hand == FULL and st.players["b"].souls == 3
    assert failed(log, "a") == [(
        f"Line 1, {r.canonical}, was carried out only in part: the trade was made, but the "
        "hand limit (5) threw Defection away at once: nothing kept it (a KEEP line naming it "
        "is kept first).", "HG-6.3-03", 1)]


def test_hg_7_2_1b_02_a_trade_kept_by_its_keep_line(make_state):
    st = make_state({"a": {"souls": 5, "hand": list(FULL)},
                     "b": {"hand": ["arcana.defection"]}, "c": {}}, turn=2)
    log = deadline(soul.run, st, {
        "a": "GIVE b 3 SOULS IF b GIVES ARCANA Defection\nKEEP Defection",
        "b": "GIVE a ARCANA Defection IF a GIVES 3 SOULS"})
    assert "arcana.defection" in st.players["a"].hand and not failed(log, "a")


def test_hg_7_2_1b_02_an_unmatched_trade_fails_for_its_giver(make_state):
    st = make_state({"a": {"souls": 5}, "b": {}, "c": {}}, turn=2, owners={LIARS: "b"})
    log = deadline(soul.run, st, {"a": "GIVE b 3 SOULS IF b GIVES SECTIO Liars"})
    assert failed(log, "a") == [("Line 1, GIVE b 3 SOULS IF b GIVES SECTIO LIARS, was not "
                                 "carried out: b gave no order to give LIARS in return.",
                                 "HG-7.2.1b-02", 1)]


# -- the setup stage has no sheet checks -------------------------------------------------------

def test_checks_are_for_turn_stages_only(make_state):
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}, "c": {}}, turn=0)
    assert [r.status for r in confirm(st, "a", "Baal: ATONE").lines] == [ILLEGAL]
    assert confirm(st, "a", "Baal: ATONE").lines[0].rule == "HG-9.2-01"  # the stage's refusal


# -- more failures at the deadline, each named to its player ------------------------------------

def test_hg_9_0_02_lines_of_a_daemon_incapacitated_after_the_sheet_are_reported(make_state):
    """Incapacitated in the Hell Phase, after the sheet was checked: its lines are never
    tried, and its player is told (HG-9.0-02)."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}, "c": {}}, turn=2)
    sheets = {"a": GAME.check_orders(st.to_dict(), "a", "Baal: ATONE\nBaal: PASS FOR GOOD"),
              "b": None, "c": None}
    st.daemons["daemon.baal"].incapacitated = True
    log = Log()
    action.run(st, sheets, Dice(script=[]), DATA, log)
    assert failed(log, "a") == [("Baal: your lines 1, 2 were not used: it is Incapacitated "
                                 "and takes no Action [HG-9.0-02].", "HG-9.2-01", 1)]


def test_hg_9_0_02_lines_of_a_daemon_incapacitated_before_it_comes_up(make_state):
    """arcana.incubus takes Ukobach off the Rank Track before it acts: b is told its line
    was never tried (HG-9.0-02)."""
    st = make_state({"a": {"daemons": ["daemon.caim"], "hand": ["arcana.incubus"]},
                     "b": {"daemons": ["daemon.ukobach"]}, "c": {}}, turn=2)
    log = deadline(action.run, st, {"a": "Caim: CAST Incubus ON Ukobach", "b": "Ukobach: ATONE"})
    assert failed(log, "b") == [("Ukobach: your line 1 (Ukobach: ATONE) was not used: it was "
                                 "Incapacitated before it came up [HG-9.0-02].", "HG-9.2-01", 1)]
    assert failed(log, "a") == []


def test_hg_8_3_4_01_bonus_pay_for_a_lieutenant_not_recruited(make_state):
    st = make_state({"a": {"souls": 5}, "b": {}, "c": {}}, turn=2)
    log = deadline(summoning.run, st, {"a": "BONUS Sulla 1"})
    assert failed(log, "a") == [("Line 1, BONUS Sulla 1, was not carried out: Sulla is not "
                                 "your Lieutenant.", "HG-8.3.4-01", 1)]


def test_hg_12_1_01_a_failed_petition_names_its_line(make_state):
    st = make_state({"a": {"favours": 1}, "b": {}, "c": {}}, turn=2)
    log = deadline(petitions.run, st, {"a": "# my petitions\nPETITION Falsifiers"})
    (e,) = [e for e in log.events if e.kind == "petition-failed"]
    assert (e.visible_to, e.data["line"], e.data["order"]) == (("a",), 2,
                                                               "PETITION FALSIFIERS")


def test_hg_11_2_1_01_a_combat_card_that_cannot_be_played_names_its_line(make_state):
    """The Frenzied Feeder needs a Sectio of the Gluttonous (combat/fight.py can_cast)."""
    sh = "sectio.sugar-hill"
    st = make_state({"a": {"daemons": ["daemon.caim"], "hand": ["arcana.the-frenzied-feeder"]},
                     "b": {}, "c": {}}, turn=2,
                    units=[("legion", "a", sh)] * 2 + [("legion", "b", sh)])
    log = deadline(combat.run, st, {
        "a": "JOIN Caim IN Sugar Hill BRINGING The Frenzied Feeder\n"
             "COMBAT CAST The Frenzied Feeder IN Sugar Hill ROUND 1"}, script=[6, 1, 6, 4, 2])
    assert failed(log, "a") == [(
        "Line 2, COMBAT CAST The Frenzied Feeder IN SUGAR HILL ROUND 1, was not carried out: "
        "in SUGAR HILL, its Triumvirate holds no Sectio in the Circle of the Gluttonous.",
        "HG-11.2.1-01", 2)]
