"""Major Arcana batch r5 (action/spells_r5.py, spells_r6.py): Sucubus, So Sue Me,
Thanks But No Thanks, Flagellation, Loudun, and the combat halves of Incubus, Sucubus
and Defection."""

import copy

from phase_runner import run_phase

from pbem_games.hellgame import action, combat, end_phase
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()
SH = "sectio.sugar-hill"


def acts(log) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def kinds(log) -> list[str]:
    return [k for k, _ in acts(log)]


def from_cast(log) -> list[str]:
    """The kinds of events from the first card cast on."""
    ks = kinds(log)
    return ks[ks.index("cast"):]


# -- Sucubus (Action) ----------------------------------------------------------------------------

def test_sucubus_incapacitates_a_male_daemon(make_state):
    """arcana.sucubus: Caim (4 Stars) sends a Succubus to Baal (male, 2 Stars), who has
    not acted yet: Incapacitated, he takes no Action this phase (HG-9.0-02)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.sucubus"]},
                             "b": {"daemons": ["daemon.naburos"]}, "c": {}})
    st.daemons["daemon.naburos"].owner = "b"
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Sucubus ON Naburos\n"})
    assert ("sucubus", "A Succubus visits Naburos (b): it succumbs to untold pleasures and is "
                       "Incapacitated and takes no Action this phase [HG-9.0-02]") in acts(log)
    assert st.daemons["daemon.naburos"].incapacitated
    assert "arcana.sucubus" not in st.players["a"].hand


def test_sucubus_refuses_a_female_or_stronger_daemon(make_state):
    """arcana.sucubus: Ashtaroth is female and Beelzebub has more Stars than Caim:
    neither line is cast and the card stays in the hand."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.sucubus"]},
                             "b": {"daemons": ["daemon.ashtaroth", "daemon.beelzebub"]},
                             "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Sucubus ON Ashtaroth\nCaim: CAST Sucubus ON Beelzebub\n"})
    notes = [e.text for e in log.events if e.visible_to == ("a",)]
    assert any("Ashtaroth is not male here" in n for n in notes)
    assert any("Beelzebub has 5 Stars and Caim 4 Stars" in n for n in notes)
    assert st.players["a"].hand == ["arcana.sucubus"]
    assert not st.daemons["daemon.ashtaroth"].incapacitated


def test_sucubus_cancelled_by_it_did_not_work(make_state):
    """arcana.sucubus countered by the target itself (free, HG-9.8.2-02): no effect."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.sucubus"]},
                             "b": {"daemons": ["daemon.baal"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Sucubus ON Baal\n",
        "b": "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
    assert ("countered", "Sucubus of Caim (a) does not work") in acts(log)
    assert not st.daemons["daemon.baal"].incapacitated


# -- So, Sue Me.. ----------------------------------------------------------------------------

def test_so_sue_me_cancels_a_counter_against_my_card(make_state):
    """arcana.so-sue-me: b counters a's Sucubus; a answers that Counter with So, Sue Me..
    (Baal, the target, counters for free; Caim, whose card is countered, too): the Counter
    is cancelled and the Sucubus works (A-12(3))."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.sucubus", "arcana.so-sue-me"]},
                             "b": {"daemons": ["daemon.baal"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Sucubus ON Baal\nCOUNTER ANY TARGETING MINE WITH So, Sue Me..\n",
        "b": "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
    assert from_cast(log)[:4] == ["cast", "counter", "counter", "countered"]
    assert ("countered", "So, Sue Me..: It Did Not Work... of Baal (b) is cancelled, and "
                         "Sucubus of Caim (a) stands") in acts(log)
    assert st.daemons["daemon.baal"].incapacitated
    assert st.players["a"].hand == [] and st.players["b"].hand == []


def test_so_sue_me_is_not_played_against_a_plain_card(make_state):
    """arcana.so-sue-me answers only a Counter against its user's card: a Sucubus aimed
    at a's Daemon is no Counter, so the card stays in the hand."""
    st = make_state(players={"a": {"daemons": ["daemon.baal"], "hand": ["arcana.so-sue-me"]},
                             "b": {"daemons": ["daemon.caim"], "hand": ["arcana.sucubus"]},
                             "c": {}})
    run_phase(action.run, st, DATA, orders={
        "a": "COUNTER ANY TARGETING MINE WITH So, Sue Me..\n",
        "b": "Caim: CAST Sucubus ON Baal\n"})
    assert st.players["a"].hand == ["arcana.so-sue-me"]
    assert st.daemons["daemon.baal"].incapacitated


def test_so_sue_me_itself_cancelled_by_it_did_not_work(make_state):
    """arcana.so-sue-me is a card too: c, whose Daemon is not involved, has no line; b's
    second It Did Not Work (USING Ukobach, an Action) cancels So, Sue Me.., so b's first
    Counter works and the Sucubus does not."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.sucubus", "arcana.so-sue-me"]},
                             "b": {"daemons": ["daemon.baal", "daemon.ukobach"],
                                   "hand": ["arcana.it-did-not-work", "arcana.objection"]},
                             "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Sucubus ON Baal\nCOUNTER ANY TARGETING MINE WITH So, Sue Me..\n",
        "b": "COUNTER Sucubus WITH It Did Not Work\n"
             "COUNTER So, Sue Me.. WITH Objection USING Ukobach\n"})
    assert from_cast(log)[:4] == ["cast", "counter", "counter", "counter"]
    assert not st.daemons["daemon.baal"].incapacitated
    assert not any(k == "sucubus" for k in kinds(log))


# -- Thanks, But No Thanks -------------------------------------------------------------------

def _influence_state(make_state, **b):
    return make_state(players={"a": {"souls": 5, "daemons": ["daemon.baal"]},
                               "b": {"daemons": ["daemon.naburos"], **b}, "c": {}},
                      units=[("legion", "b", "sectio.liars")])


def test_thanks_but_no_thanks_keeps_the_legion_and_the_bribe(make_state):
    """arcana.thanks-but-no-thanks: Baal's Influence succeeds, b answers (Naburos in Hell,
    no Action spent, A-12(1)): the Legion stays b's, who gets a's 2 Souls of bribes."""
    st = _influence_state(make_state, hand=["arcana.thanks-but-no-thanks"])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: INFLUENCE LEGION AT Liars DEFECT BRIBE 2\n",
        "b": "COUNTER ANY TARGETING MINE WITH Thanks, But No Thanks\n"}, script=[3, 3])
    assert ("thanks-but-no-thanks", "Thanks, But No Thanks: the Legion of b in LIARS stays in "
                                    "b's service, and b keeps the 2 Souls of bribes") \
        in acts(log)
    assert st.units[0].owner == "b"
    assert st.players["a"].souls == 3 and st.players["b"].souls == 2
    assert st.players["b"].hand == []
    assert not any(k == "influence-defect" for k in kinds(log))


def test_thanks_but_no_thanks_not_ordered_the_legion_defects(make_state):
    """arcana.thanks-but-no-thanks default: not used; the card stays in the hand."""
    st = _influence_state(make_state, hand=["arcana.thanks-but-no-thanks"])
    run_phase(action.run, st, DATA, orders={
        "a": "Baal: INFLUENCE LEGION AT Liars DEFECT BRIBE 2\n"}, script=[3, 3])
    assert st.units[0].owner == "a"
    assert st.players["b"].hand == ["arcana.thanks-but-no-thanks"]


def test_thanks_but_no_thanks_cancelled_by_it_did_not_work(make_state):
    """arcana.thanks-but-no-thanks countered by Baal, the influencing Daemon it is aimed
    at (free, HG-9.8.2-02): the Legion defects and the bribe stays paid."""
    st = _influence_state(make_state, hand=["arcana.thanks-but-no-thanks"])
    st.players["a"].hand.append("arcana.it-did-not-work")
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: INFLUENCE LEGION AT Liars DEFECT BRIBE 2\n"
             "COUNTER ANY TARGETING MINE WITH It Did Not Work\n",
        "b": "COUNTER ANY TARGETING MINE WITH Thanks, But No Thanks\n"}, script=[3, 3])
    assert ("countered", "Thanks, But No Thanks of Naburos (b) does not work") in acts(log)
    assert st.units[0].owner == "a" and st.players["b"].souls == 0


def test_thanks_but_no_thanks_cannot_be_cast_as_an_action(make_state):
    """arcana.thanks-but-no-thanks is reactive: a CAST line fails and costs nothing."""
    st = _influence_state(make_state, hand=["arcana.thanks-but-no-thanks"])
    log = run_phase(action.run, st, DATA, orders={"b": "Naburos: CAST Thanks, But No Thanks\n"})
    assert st.players["b"].hand == ["arcana.thanks-but-no-thanks"]
    assert any("is played only when another Triumvirate's Influence" in e.text
               for e in log.events if e.visible_to == ("b",))


# -- Flagellation and Loudun ---------------------------------------------------------------------

def _turn(st, orders, script, phases=("action", "end")):
    """The Action and End Phases with one log, as in a turn (turn.run_phases)."""
    from pbem.dice import Dice
    from pbem_games.hellgame.turn import run_phases

    sheets = {p: None for p in st.seats}
    for player, text in orders.items():
        sheets[player] = check_sheet(st, DATA, player, text)
        assert not sheets[player].problems, [p.message for p in sheets[player].problems]
    log, dice = Log(), Dice(script=list(script))
    run_phases(st, sheets, dice, DATA, list(phases), log)
    dice.finish()
    return log


def test_flagellation_shares_two_favours(make_state):
    """arcana.flagellation: Caim names Baal and Naburos; both Pass for Good (Baal by order,
    Naburos by default): in the End Phase Caim's and Baal's players get 1 Favour each
    (the odd Favours to the caster, then in the order named), Naburos's none."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.flagellation"]},
                             "b": {"daemons": ["daemon.baal"]},
                             "c": {"daemons": ["daemon.naburos"]}})
    log = _turn(st, {"a": "Caim: CAST Flagellation ON Baal, Naburos\n",
                     "b": "Baal: PASS FOR GOOD\n"}, [])
    assert ("share-favours", "Flagellation of Caim: 2 Favours shared: Caim (a) 1 Favour; "
                             "Baal (b) 1 Favour; Naburos (c) 0 Favours.") in acts(log)
    assert [st.players[p].favours for p in "abc"] == [1, 1, 0]
    assert "arcana.flagellation" not in st.marks


def test_flagellation_fails_when_one_does_not_pass_for_good(make_state):
    """arcana.flagellation: Baal Marches instead, so nobody gets a Favour."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.flagellation"]},
                             "b": {"daemons": ["daemon.baal"]},
                             "c": {"daemons": ["daemon.naburos"]}})
    log = _turn(st, {"a": "Caim: CAST Flagellation ON Baal, Naburos\n",
                     "b": "Baal: MARCH\n"}, [])
    assert ("flagellation-fails", "Flagellation of Caim (a): Baal did not Pass for Good this "
                                  "Action Phase, so no Favours are shared.") in acts(log)
    assert [st.players[p].favours for p in "abc"] == [0, 0, 0]


def test_flagellation_order_errors(make_state):
    """arcana.flagellation needs two different Daemons after ON."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.flagellation"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}})
    sheet = check_sheet(st, DATA, "a", "Caim: CAST Flagellation ON Baal\n"
                                       "Caim: CAST Flagellation ON Baal, Baal\n")
    msgs = [p.message for p in sheet.problems]
    assert any("does not name two Daemons" in m for m in msgs)
    assert any("Baal is named twice" in m for m in msgs)


def test_flagellation_cancelled_by_it_did_not_work(make_state):
    """arcana.flagellation countered (Naburos spends its Action on it): no Favours."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.flagellation"]},
                             "b": {"daemons": ["daemon.baal"]},
                             "c": {"daemons": ["daemon.naburos"],
                                   "hand": ["arcana.it-did-not-work"]}})
    log = _turn(st, {"a": "Caim: CAST Flagellation ON Baal, Naburos\n",
                     "c": "COUNTER Flagellation WITH It Did Not Work USING Naburos\n"}, [])
    assert ("countered", "Flagellation of Caim (a) does not work") in acts(log)
    assert [st.players[p].favours for p in "abc"] == [0, 0, 0]


LOUDUN_STATE = {"a": {"daemons": ["daemon.xaphan"], "hand": ["arcana.loudun"]},
                "b": {"daemons": ["daemon.sammael", "daemon.asmodeus", "daemon.thamuz"]},
                "c": {"daemons": ["daemon.ashtaroth", "daemon.naburos"]}}
ON_EARTH = {d: {"where": "earth"} for d in ("daemon.xaphan", "daemon.sammael",
                                           "daemon.asmodeus", "daemon.thamuz",
                                           "daemon.ashtaroth")}
LOUDUN_ORDERS = {"a": "Xaphan: CAST Loudun\n",
                 "b": "Sammael: SUPPORT Xaphan Loudun\nAsmodeus: SUPPORT Xaphan Loudun\n"
                      "Thamuz: SUPPORT Xaphan Loudun\n"}


def test_loudun_shares_two_dice_of_favours(make_state):
    """arcana.loudun: Sammael 5 + Asmodeus 5 + Ashtaroth 6 + Thamuz 4 = 20 Hearts on
    Earth (Xaphan's own not counted); the End Phase rolls 4 + 3 = 7 Favours over 5
    Daemons: the caster and then the supporters in the order they supported get the odd
    Favours (Xaphan 2, Sammael 2, the others 1 each), each to its Triumvirate."""
    st = make_state(players=copy.deepcopy(LOUDUN_STATE), daemons=copy.deepcopy(ON_EARTH))
    orders = {**LOUDUN_ORDERS, "c": "Ashtaroth: SUPPORT Xaphan Loudun\n"}
    log = _turn(st, orders, [4, 3])
    assert ("share-favours", "Loudun of Xaphan: 7 Favours (rolled 4 + 3) shared: "
                             "Xaphan (a) 2 Favours; Sammael (b) 2 Favours; Asmodeus (b) "
                             "1 Favour; Ashtaroth (c) 1 Favour; Thamuz (b) 1 Favour.") \
        in acts(log)
    assert [st.players[p].favours for p in "abc"] == [2, 4, 1]
    assert "arcana.loudun" not in st.marks


def test_loudun_scrapped_without_15_hearts(make_state):
    """arcana.loudun: 14 Hearts of support (the caster's not counted): scrapped, kept."""
    st = make_state(players=copy.deepcopy(LOUDUN_STATE), daemons=copy.deepcopy(ON_EARTH))
    log = _turn(st, LOUDUN_ORDERS, [])
    assert st.players["a"].hand == ["arcana.loudun"]
    assert not any(k == "share-favours" for k in kinds(log))
    assert any("Loudun needs 15 Hearts and has 14 Hearts" in e.text for e in log.events)


def test_loudun_cancelled_by_it_did_not_work(make_state):
    """arcana.loudun countered (USING Naburos, its Action): nothing is shared."""
    players = copy.deepcopy(LOUDUN_STATE)
    players["c"]["hand"] = ["arcana.it-did-not-work"]
    st = make_state(players=players, daemons=copy.deepcopy(ON_EARTH))
    orders = {**LOUDUN_ORDERS, "c": "Ashtaroth: SUPPORT Xaphan Loudun\n"
                                    "COUNTER Loudun WITH It Did Not Work USING Naburos\n"}
    log = _turn(st, orders, [])
    assert ("countered", "Loudun of Xaphan (a) does not work") in acts(log)
    assert [st.players[p].favours for p in "abc"] == [0, 0, 0]


def test_end_phase_without_marks_shares_nothing(make_state):
    """arcana.loudun, arcana.flagellation: no cast this turn, no Favours shared."""
    st = make_state()
    log = run_phase(end_phase.run, st, DATA)
    assert not any(k == "share-favours" for k in kinds(log))


# -- in combat: Incubus, Sucubus, Defection --------------------------------------------------

def _battle(make_state, a_daemon, b_daemon, card, b_units):
    units = [("legion", "a", SH)] * 2 + b_units
    return make_state(players={"a": {"daemons": [a_daemon], "hand": [card], "favours": 1},
                               "b": {"daemons": [b_daemon]}, "c": {}}, units=units)


def test_sucubus_in_combat_takes_the_enemy_daemon_out(make_state):
    """arcana.sucubus in combat (HG-11.2.1-01): Caim (4 Stars) on Baal (male, 2 Stars),
    who joined for b: Incapacitated and out of the fight, so b's Legion saves without a
    Daemon (on a 1) and its 3 fails."""
    st = _battle(make_state, "daemon.caim", "daemon.baal", "arcana.sucubus",
                 [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Caim IN Sugar Hill BRINGING Sucubus\n"
             "COMBAT CAST Sucubus ON Baal IN Sugar Hill ROUND 1\n",
        "b": "JOIN Baal IN Sugar Hill\n"}, script=[6, 6, 1, 3])
    assert ("combat-incapacitated", "A Succubus visits Baal (b) in SUGAR HILL: it succumbs "
            "to untold pleasures, is Incapacitated and out of the fight, and the cards it "
            "brought stay unplayed") in acts(log)
    assert ("combat-save", "b's legion u3 takes 2 hits, rolls 3: destroyed") in acts(log)
    assert st.daemons["daemon.baal"].incapacitated
    assert "arcana.sucubus" not in st.players["a"].hand


def test_sucubus_in_combat_wasted_on_a_female_daemon(make_state):
    """arcana.sucubus in combat ON a Daemon it cannot take: spent for nothing."""
    st = _battle(make_state, "daemon.caim", "daemon.ashtaroth", "arcana.sucubus",
                 [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Caim IN Sugar Hill BRINGING Sucubus\n"
             "COMBAT CAST Sucubus ON Ashtaroth IN Sugar Hill ROUND 1\n",
        "b": "JOIN Ashtaroth IN Sugar Hill\n"}, script=[6, 6, 1, 3])
    assert ("combat-card-wasted", "Sucubus has no effect in SUGAR HILL: Ashtaroth is not "
                                  "male here") in acts(log)
    assert not st.daemons["daemon.ashtaroth"].incapacitated
    assert st.players["a"].hand == []


def test_incubus_in_combat_default_target(make_state):
    """arcana.incubus in combat without ON: the enemy female Daemon with no more Stars
    than Baal (2) in the fight, Ashtaroth, is Incapacitated and out."""
    st = _battle(make_state, "daemon.baal", "daemon.ashtaroth", "arcana.incubus",
                 [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Baal IN Sugar Hill BRINGING Incubus\nCOMBAT CAST Incubus IN Sugar Hill\n",
        "b": "JOIN Ashtaroth IN Sugar Hill\n"}, script=[3, 6, 3, 5, 6, 2, 5])
    assert ("combat-incapacitated", "Incubi visit Ashtaroth (b) in SUGAR HILL: it succumbs "
            "to untold pleasures, is Incapacitated and out of the fight, and the cards it "
            "brought stay unplayed") in acts(log)
    assert st.daemons["daemon.ashtaroth"].incapacitated


def test_combat_cast_incubus_on_reads_a_daemon(make_state):
    """arcana.incubus: COMBAT CAST ... ON reads a Daemon's name (canonical form)."""
    st = _battle(make_state, "daemon.baal", "daemon.ashtaroth", "arcana.incubus", [])
    sheet = check_sheet(st, DATA, "a", "COMBAT CAST incubus ON ashtaroth IN Sugar Hill\n"
                                       "COMBAT CAST Incubus ON Nobody IN Sugar Hill\n")
    assert sheet.lines[0].canonical == "COMBAT CAST Incubus ON Ashtaroth IN SUGAR HILL"
    assert len(sheet.problems) == 1 and "Nobody" in sheet.problems[0].message


def test_defection_in_combat_turns_a_lieutenant_and_his_legions(make_state):
    """arcana.defection in combat: Lieutenant Sulla (Leadership 3) and b's 3 Legions go
    over to a and attack for a in the same round (with Sulla's +1); b has nothing left."""
    st = _battle(make_state, "daemon.baal", "daemon.ashtaroth", "arcana.defection",
                 [("legion", "b", SH)] * 3 + [("lieutenant", "b", SH, "lieutenant.sulla")])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Baal IN Sugar Hill BRINGING Defection\n"
             "COMBAT CAST Defection ON Sulla IN Sugar Hill\n",
        "b": "JOIN Ashtaroth IN Sugar Hill\n"}, script=[3, 6, 3, 5, 6, 2, 5])
    assert ("combat-defection", "Lieutenant Sulla of b goes over to a in SUGAR HILL with 3 "
                                "Legions; they fight on the caster's side") in acts(log)
    assert all(u.owner == "a" for u in st.units)
    assert st.players["a"].favours == 0
