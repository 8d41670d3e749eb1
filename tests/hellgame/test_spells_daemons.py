"""Major Arcana that change who commands a Daemon or a Unit (action/spells_daemons.py),
cast through the real order path with scripted dice."""

from __future__ import annotations

from phase_runner import run_phase
from spells_kit import acts, countered, kinds, notes

from pbem.engine import ILLEGAL
from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()


# -- Defection ---------------------------------------------------------------------------------

def _defection_state(make_state, units, **a):
    return make_state(players={"a": {"favours": 1, "daemons": ["daemon.baal"],
                                     "hand": ["arcana.defection"], **a},
                               "b": {}, "c": {}}, units=units)


def test_defection_the_best_lieutenant_with_legions_up_to_his_leadership(make_state):
    """Semiazas (Leadership 5) outranks Alastor (2); the Minder goes first and its hound
    follows; Bonus Pay is lost (A-34); c's Legion in the Sectio stays c's."""
    L, B = "lieutenant", "b"
    st = _defection_state(make_state, [
        (L, B, "sectio.liars", "lieutenant.alastor"),
        {"kind": L, "owner": B, "location": "sectio.liars", "ref": "lieutenant.semiazas",
         "bonus_pay": 2},
        ("legion", B, "sectio.liars"), ("legion", B, "sectio.liars"),
        ("legion", B, "sectio.liars"), ("legion", B, "sectio.liars"),
        ("legion", B, "sectio.liars"), ("legion", B, "sectio.liars"),
        ("legion", "c", "sectio.liars"),
        {"kind": "hellhound", "owner": B, "location": "sectio.liars", "ref": "hellhound.1",
         "minder": "u8"}])
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Defection ON b AT Liars\n"})
    assert acts(log)[-1] == ("defection", "Lieutenant Semiazas of b in LIARS goes over to a "
                                          "with 5 Legions and 1 Hellhound they mind")
    assert [u.owner for u in st.units] == ["b", "a", "a", "a", "a", "a", "b", "a", "c", "a"]
    assert st.units[1].bonus_pay == 0


def test_defection_of_a_named_lieutenant_and_the_legion_cap(make_state):
    """LIEUTENANT names the one to turn; a has 11 of 12 Legion counters in play, so
    only 1 of Sulla's Legions can follow (HG-8.2-02)."""
    units = [("lieutenant", "b", "sectio.liars", "lieutenant.semiazas"),
             ("lieutenant", "b", "sectio.liars", "lieutenant.sulla"),
             ("legion", "b", "sectio.liars"), ("legion", "b", "sectio.liars")]
    units += [("legion", "a", "sectio.addiction")] * 11
    st = _defection_state(make_state, units)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST Defection ON b AT Liars LIEUTENANT Sulla\n"})
    assert acts(log)[-1] == ("defection", "Lieutenant Sulla of b in LIARS goes over to a with "
                                          "1 Legion (a has no more free Legion counters)")
    assert [u.owner for u in st.units[:4]] == ["b", "a", "a", "b"]


def test_defection_needs_a_lieutenant(make_state):
    st = _defection_state(make_state, [("legion", "b", "sectio.liars")])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST Defection ON b AT Liars\nBaal: CAST Defection ON b AT Liars "
             "LIEUTENANT Sulla\n"})
    assert notes(log, "a") == [
        "Baal (a): CAST not possible: b has no Lieutenant in LIARS: Defection turns a "
        "Lieutenant and the Legions he commands",
        "Baal (a): CAST not possible: Lieutenant Sulla is not with b's Units in LIARS: "
        "Defection turns a Lieutenant and the Legions he commands"]
    assert st.players["a"].favours == 1


def test_defection_from_earth_descends(make_state):
    """A stack of Units is in Hell: a caster Walking the Earth descends (HG-9.8.1-03)."""
    st = _defection_state(make_state, [("lieutenant", "b", "antehell", "lieutenant.sulla")])
    st.daemons["daemon.baal"].where, st.daemons["daemon.baal"].walk_card = "earth", "arcana.rage"
    run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Defection ON b AT AnteHell\n"})
    assert st.daemons["daemon.baal"].where == "hell" and st.units[0].owner == "a"


# -- Come On Join Us -----------------------------------------------------------------------------

def test_come_on_join_us_draws_a_daemon_that_does_not_act(make_state):
    """arcana.come-on-join-us: Zagam, top of the Daemon deck, joins a; not on the track."""
    st = make_state(players={"a": {"daemons": ["daemon.baal"],
                                   "hand": ["arcana.come-on-join-us"]}, "b": {}, "c": {}},
                    daemon_deck=["daemon.zagam", "daemon.orias"])
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Come On Join Us\n"})
    assert acts(log) == [("cast", "Baal (a) casts Come On Join Us"),
                         ("come-on-join-us", "Zagam joins a's Triumvirate in Hell; it takes "
                                             "no Action this turn")]
    assert st.players["a"].daemons == ["daemon.baal", "daemon.zagam"]
    assert st.daemons["daemon.zagam"].owner == "a" and st.daemon_deck == ["daemon.orias"]


def test_come_on_join_us_needs_two_daemons_or_fewer(make_state):
    """arcana.come-on-join-us: Incapacitated Daemons count."""
    st = make_state(players={"a": {"daemons": ["daemon.baal", "daemon.caim", "daemon.xaphan"],
                                   "hand": ["arcana.come-on-join-us"]}, "b": {}, "c": {}},
                    daemons={"daemon.xaphan": {"incapacitated": True}},
                    daemon_deck=["daemon.zagam"])
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Come On Join Us\n"})
    assert notes(log, "a")[0] == ("Baal (a): CAST not possible: a has 3 Daemons; Come On Join "
                                  "Us needs two or fewer")


# -- Duel of Sorcery -------------------------------------------------------------------------------

def _duel_state(make_state, target="daemon.xaphan", **daemons):
    return make_state(players={"a": {"daemons": ["daemon.caim"],
                                     "hand": ["arcana.duel-of-sorcery"]},
                               "b": {"daemons": [target]}, "c": {}}, daemons=daemons)


def test_duel_of_sorcery_won_the_target_passes_for_good(make_state):
    """arcana.duel-of-sorcery: Caim (4 Stars) beats Xaphan (2) in a Duel of Stars, 9 to 5;
    Xaphan Passes for Good and its own orders are never read (HG-9.3-01)."""
    st = _duel_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Duel of Sorcery ON Xaphan\n", "b": "Xaphan: WALK THE EARTH\n"},
        script=[3, 2, 2, 2, 4, 1])
    assert acts(log) == [
        ("cast", "Caim (a) casts Duel of Sorcery on Xaphan (b)"),
        ("duel-of-sorcery", "Caim (a) wins the Duel of Stars"),
        ("pass-for-good", "Xaphan (b) is forced to Pass for Good (Duel of Sorcery)")]
    assert st.daemons["daemon.xaphan"].where == "hell"


def test_duel_of_sorcery_lost(make_state):
    """arcana.duel-of-sorcery: the target wins the duel and acts as ordered."""
    st = _duel_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Duel of Sorcery ON Xaphan\n", "b": "Xaphan: PASS FOR GOOD\n"},
        script=[1, 1, 1, 1, 6, 6])
    assert acts(log) == [
        ("cast", "Caim (a) casts Duel of Sorcery on Xaphan (b)"),
        ("duel-of-sorcery", "Xaphan (b) wins the Duel of Stars and acts as it pleases"),
        ("pass-for-good", "Xaphan (b) Passes for Good")]


def test_duel_of_sorcery_ashtaroth_still_gets_her_favour(make_state):
    """arcana.duel-of-sorcery: a forced Pass for Good is a Pass for Good (ability.ashtaroth).
    Sammael (rank 2, 4 Stars) acts before Ashtaroth (rank 11, 2 Stars)."""
    st = make_state(players={"a": {"daemons": ["daemon.sammael"],
                                   "hand": ["arcana.duel-of-sorcery"]},
                             "b": {"daemons": ["daemon.ashtaroth"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Sammael: CAST Duel of Sorcery ON Ashtaroth\n"}, script=[6, 6, 6, 6, 1, 1])
    assert acts(log)[-1] == ("ability-favour", "Ashtaroth (b) receives 1 Favour for Passing "
                                               "for Good (her ability)")
    assert st.players["b"].favours == 1


def test_duel_of_sorcery_needs_a_daemon_still_to_come_up(make_state):
    """arcana.duel-of-sorcery: not on a Daemon that has acted (Baal, rank 14, before
    Caim) nor on an Incapacitated one (HG-9.0-02)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.duel-of-sorcery"]},
                             "b": {"daemons": ["daemon.baal", "daemon.xaphan"]}, "c": {}},
                    daemons={"daemon.xaphan": {"incapacitated": True}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Duel of Sorcery ON Baal\nCaim: CAST Duel of Sorcery ON Xaphan\n"})
    assert notes(log, "a")[:2] == [
        "Caim (a): CAST not possible: Baal has come up already this Action Phase, and Pass "
        "for Good is taken only when a Daemon first comes up [HG-9.3-01]",
        "Caim (a): CAST not possible: Xaphan is Incapacitated"]
    assert st.players["a"].hand == ["arcana.duel-of-sorcery"]


def test_duel_of_sorcery_can_be_countered(make_state):
    """arcana.duel-of-sorcery answered by It Did Not Work: no duel; Xaphan acts."""
    st, log = countered(make_state, "arcana.duel-of-sorcery",
                         "CAST Duel of Sorcery ON Xaphan")
    assert ("countered", "Duel of Sorcery of Caim (a) does not work") in acts(log)
    assert "daemon.xaphan" in {e.data.get("daemon") for e in log.events
                               if e.kind == "pass-for-good" and e.data.get("default")}


# -- The Iago Syndrome -------------------------------------------------------------------------

def _iago_state(make_state, **daemons):
    return make_state(players={"a": {"daemons": ["daemon.ashtaroth"],
                                     "hand": ["arcana.the-iago-syndrome"]},
                               "b": {"daemons": ["daemon.xaphan", "daemon.naburos",
                                                 "daemon.gomory"],
                                     "hand": ["arcana.it-did-not-work"]},
                               "c": {}}, daemons=daemons)


def test_the_iago_syndrome_turns_the_target_on_its_own_triumvirate(make_state):
    """arcana.the-iago-syndrome: Ashtaroth (6 Hearts) beats Xaphan (2) in a Duel of
    Hearts; Xaphan challenges Naburos (Rank 61) then Gomory (38), lowest rank first, and
    beats both in Duels of Skulls: both are Incapacitated and lose their Action
    (HG-9.0-02). b earns 1 Favour, as printed."""
    st = _iago_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan\n"},
        script=[6] * 6 + [1, 1] + [6, 1, 1] + [6, 1])
    assert acts(log, "iago", "iago-duel", "iago-favour") == [
        ("iago", "Ashtaroth (a) wins the Duel of Hearts: Xaphan (b) turns on the other Daemons "
                 "of b's Triumvirate, challenging each to a Duel of Skulls (the default: it "
                 "challenges them all, lowest rank first)"),
        ("iago-duel", "Xaphan (b) beats Naburos (b) in a Duel of Skulls; Naburos is "
                      "Incapacitated and takes no Action this phase [HG-9.0-02]"),
        ("iago-duel", "Xaphan (b) beats Gomory (b) in a Duel of Skulls; Gomory is "
                      "Incapacitated and takes no Action this phase [HG-9.0-02]"),
        ("iago-favour", "b earns 1 Favour from The Iago Syndrome (as printed)")]
    assert [st.daemons[d].incapacitated for d in ("daemon.xaphan", "daemon.naburos",
                                                  "daemon.gomory")] == [False, True, True]
    assert st.players["b"].favours == 1


def test_the_iago_syndrome_skips_the_incapacitated_and_stops_when_the_target_loses(
        make_state):
    """arcana.the-iago-syndrome: Gomory, Incapacitated already, is not challenged
    (HG-6.1-02 by analogy); Xaphan loses to Naburos and, Incapacitated, challenges no
    more."""
    st = _iago_state(make_state, **{"daemon.gomory": {"incapacitated": True}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan\n"},
        script=[6] * 6 + [1, 1] + [1, 6, 6])
    assert acts(log, "iago-duel") == [
        ("iago-duel", "Naburos (b) beats Xaphan (b) in a Duel of Skulls; Xaphan is "
                      "Incapacitated and takes no Action this phase [HG-9.0-02]")]
    assert st.daemons["daemon.xaphan"].incapacitated
    assert not st.daemons["daemon.naburos"].incapacitated


def test_the_iago_syndrome_lost_duel_and_prerequisites(make_state):
    """arcana.the-iago-syndrome: a lost Duel of Hearts does nothing (no Favour); an
    Incapacitated or own Daemon cannot be aimed at."""
    st = _iago_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan\n"},
        script=[1] * 6 + [6, 6])
    assert acts(log, "iago") == [("iago", "Xaphan (b) wins the Duel of Hearts: The Iago "
                                          "Syndrome has no effect")]
    assert st.players["b"].favours == 0
    st = _iago_state(make_state, **{"daemon.xaphan": {"incapacitated": True}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan\n"})
    assert notes(log, "a") == ["Ashtaroth (a): CAST not possible: Xaphan is Incapacitated"]


def test_ip_29_the_iago_syndrome_caster_names_whom_the_target_challenges(make_state):
    """IP-29 (card-specific choices are the caster's): "it may challenge each of them"
    (003 l.2197): CHALLENGING Gomory: Xaphan challenges Gomory only; Naburos stands."""
    st = _iago_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan CHALLENGING Gomory\n"},
        script=[6] * 6 + [1, 1] + [6, 1])
    assert acts(log, "iago", "iago-duel") == [
        ("iago", "Ashtaroth (a) wins the Duel of Hearts: Xaphan (b) turns on the other Daemons "
                 "of b's Triumvirate, challenging each to a Duel of Skulls (those the caster "
                 "named, lowest rank first)"),
        ("iago-duel", "Xaphan (b) beats Gomory (b) in a Duel of Skulls; Gomory is "
                      "Incapacitated and takes no Action this phase [HG-9.0-02]")]
    assert [st.daemons[d].incapacitated for d in ("daemon.xaphan", "daemon.naburos",
                                                  "daemon.gomory")] == [False, False, True]
    assert st.players["b"].favours == 1


def test_ip_29_the_iago_syndrome_challenging_none(make_state):
    """IP-29: CHALLENGING NONE: the caster wins the Duel of Hearts, no Duel of Skulls is
    fought; b still earns the Favour, as printed."""
    st = _iago_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan CHALLENGING NONE\n"},
        script=[6] * 6 + [1, 1])
    assert acts(log, "iago-duel") == [("iago-duel", "Xaphan (b) challenges nobody")]
    assert not any(d.incapacitated for d in st.daemons.values())
    assert st.players["b"].favours == 1


def test_ip_29_the_iago_syndrome_challenging_is_read_and_checked(make_state):
    """IP-29: CHALLENGING is written back by name; a Daemon outside the target's
    Triumvirate is refused as the card is cast, costing nothing."""
    st = _iago_state(make_state)
    sheet = check_sheet(st, DATA, "a", "Ashtaroth: CAST The Iago Syndrome ON xaphan "
                        "challenging naburos and gomory\n")
    assert sheet.lines[0].canonical == ("Ashtaroth: CAST The Iago Syndrome ON Xaphan "
                                        "CHALLENGING Naburos, Gomory")
    bad = check_sheet(st, DATA, "a", "Ashtaroth: CAST The Iago Syndrome ON Xaphan "
                      "CHALLENGING Xaphan\n")
    assert bad.lines[0].status == ILLEGAL
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan CHALLENGING Ashtaroth\n"})
    assert notes(log, "a") == ["Ashtaroth (a): CAST not possible: Ashtaroth is not a Daemon "
                               "of Xaphan's Triumvirate: it cannot be challenged"]
    assert st.players["a"].hand == ["arcana.the-iago-syndrome"]


def test_the_iago_syndrome_can_be_countered(make_state):
    """arcana.the-iago-syndrome answered by It Did Not Work...: no duel is fought."""
    st = _iago_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Ashtaroth: CAST The Iago Syndrome ON Xaphan\n",
        "b": "COUNTER The Iago Syndrome WITH It Did Not Work\n"})
    assert ("countered", "The Iago Syndrome of Ashtaroth (a) does not work") in acts(log)
    assert not acts(log, "iago") and st.players["b"].favours == 0
    assert not any(d.incapacitated for d in st.daemons.values())


# -- Recruit ----------------------------------------------------------------------------------

def test_recruit_a_later_rank_acts_this_turn(make_state):
    """arcana.recruit: Xaphan (59) joins Caim's (29) Triumvirate and comes up after
    Ukobach (50); with no line it Passes for Good."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.recruit"]},
                             "b": {"daemons": ["daemon.ukobach"]}, "c": {}},
                    daemon_deck=["daemon.xaphan", "daemon.baal"])
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Recruit\n"})
    assert ("recruit", "Recruit: Xaphan joins a's Triumvirate in Hell; it acts this turn in "
                       "its Rank order") in acts(log)
    assert st.daemons["daemon.xaphan"].owner == "a"
    assert st.players["a"].daemons == ["daemon.caim", "daemon.xaphan"]
    kinds = [(k, t.split(" ")[0]) for k, t in acts(log)]
    assert kinds[-2:] == [("pass-for-good", "Ukobach"), ("pass-for-good", "Xaphan")]
    assert st.daemon_deck == ["daemon.baal"]


def test_recruit_an_earlier_rank_has_gone_by(make_state):
    """arcana.recruit: Baal (14) ranks before Caim (29): no Action this turn."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.recruit"]},
                             "b": {}, "c": {}}, daemon_deck=["daemon.baal"])
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Recruit\n"})
    assert acts(log)[-1] == ("recruit", "Recruit: Baal joins a's Triumvirate in Hell; its Rank "
                                        "has gone by, so it takes no Action this turn")


def test_recruit_needs_two_or_fewer_daemons(make_state):
    """arcana.recruit: Incapacitated Daemons count."""
    st = make_state(players={"a": {"daemons": ["daemon.caim", "daemon.baal", "daemon.moloch"],
                                   "hand": ["arcana.recruit"]}, "b": {}, "c": {}},
                    daemons={"daemon.moloch": {"incapacitated": True}},
                    daemon_deck=["daemon.xaphan"])
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Recruit\n"})
    assert "Caim (a): CAST not possible: a has 3 Daemons; Recruit needs two or fewer " \
           "(Incapacitated ones count)" in notes(log, "a")


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
