"""Major Arcana effects, batch 2 (action/spells_2.py): each card cast through the real
order path with scripted dice."""

from phase_runner import run_phase

from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data

DATA = load_data()


def acts(log) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]



def _countered(make_state, card, order, a=None, **kw):
    """a casts `card`; b answers with It Did Not Work (b's Naburos)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": [card], **(a or {})},
                             "b": {"daemons": ["daemon.naburos", "daemon.xaphan"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}}, **kw)
    b_orders = "COUNTER ANY WITH It Did Not Work USING Naburos\n"
    log = run_phase(action.run, st, DATA, orders={"a": f"Caim: {order}\n", "b": b_orders})
    return st, log


# -- Flattering the Boss, He Can't Be All Good -------------------------------------------------

def test_flattering_the_boss_loses_a_disfavour(make_state):
    """arcana.flattering-the-boss: 1 Disfavour less (HG-14.2-01)."""
    st = make_state(players={"a": {"disfavours": 2, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.flattering-the-boss"]}, "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Flattering the Boss\n"})
    assert acts(log) == [("cast", "Caim (a) casts Flattering the Boss"),
                         ("lose-disfavour", "a loses 1 Disfavour (Flattering the Boss); "
                                            "1 Disfavour left")]
    assert st.players["a"].disfavours == 1 and st.players["a"].hand == []


def test_flattering_the_boss_needs_a_disfavour(make_state):
    """arcana.flattering-the-boss with no Disfavour is refused and not spent."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.flattering-the-boss"]}, "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Flattering the Boss\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: a has no Disfavour for "
                               "Flattering the Boss to take away"]
    assert st.players["a"].hand == ["arcana.flattering-the-boss"]


def test_he_cant_be_all_good_on_earth(make_state):
    """arcana.he-cant-be-all-good: cast On Earth, 1 Disfavour less (HG-14.2-01); from
    Hell it is refused (HG-9.8.1-02)."""
    st = make_state(players={"a": {"disfavours": 1, "daemons": ["daemon.caim", "daemon.baal"],
                                   "hand": ["arcana.he-cant-be-all-good"]}, "b": {}, "c": {}},
                    daemons={"daemon.caim": {"where": "earth", "walk_card": "arcana.rage"}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST He Can't Be All Good\nCaim: CAST He Can't Be All Good\n"})
    assert notes(log, "a")[0] == ("Baal (a): CAST not possible: He Can't Be All Good is cast "
                                  "On Earth, and Baal is in Hell [HG-9.8.1-02]")
    assert acts(log)[-1] == ("lose-disfavour", "a loses 1 Disfavour (He Can't Be All Good); "
                                               "0 Disfavours left")
    assert st.players["a"].disfavours == 0 and st.daemons["daemon.caim"].where == "earth"


def test_flattering_the_boss_can_be_countered(make_state):
    """arcana.flattering-the-boss answered by It Did Not Work: the Disfavour stays."""
    st, log = _countered(make_state, "arcana.flattering-the-boss", "CAST Flattering the Boss",
                         a={"disfavours": 1})
    assert ("countered", "Flattering the Boss of Caim (a) does not work") in acts(log)
    assert st.players["a"].disfavours == 1


# -- Fast Cash ------------------------------------------------------------------------------------

def test_fast_cash_souls_and_a_disfavour_per_one(make_state):
    """arcana.fast-cash: 1 + 4 + 1 = 6 Souls and 2 Disfavours."""
    st = make_state(players={"a": {"souls": 3, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.fast-cash"]}, "b": {}, "c": {}},
                    owners={"sectio.liars": "a"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Fast Cash\n"},
                    script=[1, 4, 1])
    assert acts(log) == [("cast", "Caim (a) casts Fast Cash"),
                         ("fast-cash", "a rolls 1, 4, 1 and gains 6 Souls of counterfeit "
                                       "money, and takes 2 Disfavours for the 2 ones rolled")]
    assert (st.players["a"].souls, st.players["a"].disfavours) == (9, 2)


def test_fast_cash_without_ones(make_state):
    """arcana.fast-cash: no 1, no Disfavour."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.fast-cash"]},
                             "b": {}, "c": {}}, owners={"sectio.falsifiers": "a"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Fast Cash\n"},
                    script=[6, 5, 2])
    assert acts(log)[-1] == ("fast-cash", "a rolls 6, 5, 2 and gains 13 Souls of counterfeit "
                                          "money")
    assert (st.players["a"].souls, st.players["a"].disfavours) == (13, 0)


def test_fast_cash_needs_a_sectio_of_fraud(make_state):
    """arcana.fast-cash: its prerequisite, a Sectio in the Circle of Fraud."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.fast-cash"]},
                             "b": {}, "c": {}}, owners={"sectio.liars": "b"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Fast Cash\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: a controls no Sectio in the "
                               "Circle of Fraud, which Fast Cash needs"]
    assert st.players["a"].hand == ["arcana.fast-cash"]


def test_fast_cash_can_be_countered(make_state):
    """arcana.fast-cash answered by It Did Not Work: no dice, no Souls."""
    st, log = _countered(make_state, "arcana.fast-cash", "CAST Fast Cash",
                         owners={"sectio.liars": "a"})
    assert ("countered", "Fast Cash of Caim (a) does not work") in acts(log)
    assert st.players["a"].souls == 0


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
    st, log = _countered(make_state, "arcana.duel-of-sorcery",
                         "CAST Duel of Sorcery ON Xaphan")
    assert ("countered", "Duel of Sorcery of Caim (a) does not work") in acts(log)
    assert "daemon.xaphan" in {e.data.get("daemon") for e in log.events
                               if e.kind == "pass-for-good" and e.data.get("default")}


# -- Landswap -------------------------------------------------------------------------------------

def test_landswap_two_sectio_drawn_at_random(make_state):
    """arcana.landswap: b and c are the only other Triumvirates; b's Sectio is drawn by
    die (Falsifiers, Liars: 2 -> Liars); c has one. Units stay; the Favour is paid."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.landswap"]}, "b": {}, "c": {}},
                    owners={"sectio.falsifiers": "b", "sectio.liars": "b",
                            "sectio.court-of-corruption": "c"},
                    units=[("legion", "b", "sectio.liars")])
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Landswap\n"}, script=[2])
    assert acts(log) == [("cast", "Caim (a) casts Landswap, paying 1 Favour"),
                         ("landswap", "Landswap: b gives LIARS to c and c gives COURT OF "
                                      "CORRUPTION to b")]
    assert st.owners == {"sectio.falsifiers": "b", "sectio.liars": "c",
                         "sectio.court-of-corruption": "b"}
    assert st.units[0].owner == "b" and st.players["a"].favours == 0


def test_landswap_default_choice_of_triumvirates(make_state):
    """arcana.landswap with three other Triumvirates: by default a die names the two."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.landswap"]}, "b": {}, "c": {}, "d": {}},
                    owners={"sectio.falsifiers": "b", "sectio.liars": "c",
                            "sectio.court-of-corruption": "d"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Landswap\n"},
                    script=[3, 1])
    assert acts(log)[1:] == [
        ("default", "a names no Triumvirates for Landswap: by default a die chooses b and d"),
        ("landswap", "Landswap: b gives FALSIFIERS to d and d gives COURT OF CORRUPTION to b")]
    assert st.owners["sectio.falsifiers"] == "d" and st.owners["sectio.liars"] == "c"


def test_landswap_needs_two_other_triumvirates_with_sectio(make_state):
    """arcana.landswap: refused, costing nothing, with one other landholder."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.landswap"]}, "b": {}, "c": {}},
                    owners={"sectio.falsifiers": "b", "sectio.liars": "a"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Landswap\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: Landswap needs two other "
                               "Triumvirates that each control a Sectio whose owner may change"]
    assert st.players["a"].favours == 1


def test_landswap_can_be_countered(make_state):
    """arcana.landswap answered by It Did Not Work: owners unchanged, Favour spent."""
    owners = {"sectio.falsifiers": "b", "sectio.liars": "c"}
    st, log = _countered(make_state, "arcana.landswap", "CAST Landswap", a={"favours": 1},
                         owners=dict(owners))
    assert ("countered", "Landswap of Caim (a) does not work") in acts(log)
    assert st.owners == owners and st.players["a"].favours == 0


# -- Legio Infernalis --------------------------------------------------------------------------

def _legio_state(make_state, units=(), owners=None, **kw):
    return make_state(players={"a": {"daemons": ["daemon.caim"],
                                     "hand": ["arcana.legio-infernalis"]}, "b": {}, "c": {}},
                      owners=owners or {"sectio.liars": "a"}, units=list(units),
                      lieutenant_boxes=[["lieutenant.tammerlane"], [], ["lieutenant.sulla"]],
                      hellhound_box=["hellhound.2", "hellhound.5"], **kw)


def test_legio_infernalis_lieutenant_legions_and_a_hound(make_state):
    """arcana.legio-infernalis: a die picks Sulla (box 3, of the two non-empty boxes);
    he comes with 3 Legions (his Leadership) and a Hellhound minded by the first; the
    Disfavour is taken at once (HG-9.8.1-04)."""
    st = _legio_state(make_state)
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Legio Infernalis\n"},
                    script=[2, 1])
    assert acts(log) == [
        ("cast", "Caim (a) casts Legio Infernalis, and a takes 1 Disfavour at once"),
        ("legio-infernalis", "Legio Infernalis: Lieutenant Sulla appears in LIARS for a with "
                             "3 Legions and Hellhound 2, minded by Legion u2")]
    assert [(u.kind, u.owner, u.location, u.ref, u.minder) for u in st.units] == [
        ("lieutenant", "a", "sectio.liars", "lieutenant.sulla", None),
        ("legion", "a", "sectio.liars", None, None),
        ("legion", "a", "sectio.liars", None, None),
        ("legion", "a", "sectio.liars", None, None),
        ("hellhound", "a", "sectio.liars", "hellhound.2", "u2")]
    assert st.lieutenant_boxes == [["lieutenant.tammerlane"], [], []]
    assert st.hellhound_box == ["hellhound.5"] and st.players["a"].disfavours == 1


def test_legio_infernalis_default_sectio_and_the_legion_cap(make_state):
    """arcana.legio-infernalis: a has 11 of 12 Legions, so Sulla brings 1 (HG-8.2-02);
    with two Sectio a die chooses by default."""
    st = _legio_state(make_state, units=[("legion", "a", "sectio.falsifiers")] * 11,
                      owners={"sectio.liars": "a", "sectio.falsifiers": "a"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Legio Infernalis\n"},
                    script=[2, 2, 2])
    assert acts(log)[1:] == [
        ("default", "a names no Sectio for Legio Infernalis: by default a die chooses LIARS"),
        ("legio-infernalis", "Legio Infernalis: Lieutenant Sulla appears in LIARS for a with "
                             "1 Legion (a has no more free Legion counters) and Hellhound 5, "
                             "minded by Legion u13")]
    assert len(st.units_of("a", "legion")) == 12


def test_legio_infernalis_needs_a_sectio(make_state):
    """arcana.legio-infernalis: refused, costing nothing, without a Sectio."""
    st = _legio_state(make_state, owners={"sectio.liars": "b"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Legio Infernalis\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: a controls no Sectio where "
                               "Legio Infernalis could appear"]
    assert st.players["a"].disfavours == 0


def test_legio_infernalis_can_be_countered(make_state):
    """arcana.legio-infernalis answered by It Did Not Work: no Units, the Disfavour stays."""
    st, log = _countered(make_state, "arcana.legio-infernalis", "CAST Legio Infernalis",
                         owners={"sectio.liars": "a"},
                         lieutenant_boxes=[["lieutenant.sulla"], [], []])
    assert ("countered", "Legio Infernalis of Caim (a) does not work") in acts(log)
    assert st.units == [] and st.players["a"].disfavours == 1
