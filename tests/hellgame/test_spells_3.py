"""Major Arcana effects, batch 3 (action/spells_3.py), cast through the real Action
Phase with scripted dice: Objection!, Occult Studies, Released, Sisyphus's Rock."""

from phase_runner import run_phase

from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data

DATA = load_data()
DECK = ["arcana.frenzy", "arcana.rage", "arcana.fly", "arcana.riot", "arcana.recruit"]


def acts(log) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


# -- Objection! -------------------------------------------------------------------------------

def test_objection_cancels_and_gives_the_card_back(make_state):
    """arcana.objection: Incubus has no effect and goes back to a's hand, not the deck."""
    st = make_state(players={"a": {"daemons": ["daemon.balban"], "hand": ["arcana.incubus"]},
                             "b": {"daemons": ["daemon.ashtaroth"],
                                   "hand": ["arcana.objection"]}, "c": {}},
                    arcana_deck=["arcana.frenzy"])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\n",
        "b": "Ashtaroth: PASS FOR GOOD\nCOUNTER Incubus WITH Objection!\n"})
    assert acts(log)[-1] == ("objection", "Objection! Incubus of Balban (a) has no effect; a "
                                          "takes Incubus back into hand")
    assert not st.daemons["daemon.ashtaroth"].incapacitated
    assert st.players["a"].hand == ["arcana.incubus"] and st.players["b"].hand == []
    assert st.arcana_deck == ["arcana.frenzy", "arcana.objection"]


def test_objection_countered_by_it_did_not_work(make_state):
    """arcana.objection can itself be countered: the card it answered then works and
    stays in the deck."""
    st = make_state(players={"a": {"daemons": ["daemon.balban"],
                                   "hand": ["arcana.incubus", "arcana.it-did-not-work"]},
                             "b": {"daemons": ["daemon.ashtaroth"],
                                   "hand": ["arcana.objection"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\nCOUNTER Objection! WITH It Did Not Work\n",
        "b": "Ashtaroth: PASS FOR GOOD\nCOUNTER Incubus WITH Objection!\n"})
    assert ("countered", "Objection! of Ashtaroth (b) does not work") in acts(log)
    assert "objection" not in [k for k, _ in acts(log)]
    assert st.daemons["daemon.ashtaroth"].incapacitated
    assert st.players["a"].hand == [] and "arcana.incubus" in st.arcana_deck


# -- Occult Studies -----------------------------------------------------------------------------

def test_occult_studies_draws_by_the_die(make_state):
    """arcana.occult-studies: a 4 draws 3 cards; only the drawer sees which."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.occult-studies"]}, "b": {}, "c": {}},
                    arcana_deck=list(DECK))
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Occult Studies\n"},
                    script=[4])
    assert acts(log)[-2:] == [
        ("occult-studies", "Caim (a) rolls 4 for Occult Studies: a draws 3 Arcana cards"),
        ("arcana-gain", "a draws 3 Arcana cards (Occult Studies).")]
    assert st.players["a"].hand == DECK[:3]
    assert notes(log, "a")[-1] == "You drew: Frenzy, Rage, Fly."
    assert st.arcana_deck == DECK[3:] + ["arcana.occult-studies"]


def test_occult_studies_a_one_gives_a_disfavour(make_state):
    """arcana.occult-studies: a 1 is a lack of discipline, 1 Disfavour and no card."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.occult-studies"]}, "b": {}, "c": {}},
                    arcana_deck=list(DECK))
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Occult Studies\n"},
                    script=[1])
    assert acts(log)[-1] == ("occult-studies", "Caim (a) rolls 1 for Occult Studies and "
                                               "lacks discipline: a takes 1 Disfavour")
    assert st.players["a"].disfavours == 1 and st.players["a"].hand == []


def test_occult_studies_six_and_the_hand_limit(make_state):
    """arcana.occult-studies: a 6 draws 4; a hand of 3 then holds 7, and 2 are thrown
    away to the hand limit (HG-6.3-03)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.occult-studies", "arcana.incubus",
                                            "arcana.defection", "arcana.released"]},
                             "b": {}, "c": {}},
                    arcana_deck=list(DECK))
    run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Occult Studies\n"}, script=[6])
    assert len(st.players["a"].hand) == 5


def test_occult_studies_countered(make_state):
    """arcana.occult-studies countered by It Did Not Work...: no die, no card."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.occult-studies"]},
                             "b": {"daemons": ["daemon.naburos"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}},
                    arcana_deck=list(DECK))
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Occult Studies\n",
        "b": "Naburos: PASS FOR GOOD\n"
             "COUNTER Occult Studies WITH It Did Not Work USING Naburos\n"})
    assert ("countered", "Occult Studies of Caim (a) does not work") in acts(log)
    assert st.players["a"].hand == [] and st.players["a"].disfavours == 0


# -- Released ----------------------------------------------------------------------------------

def test_released_ends_an_incapacitation(make_state):
    """arcana.released: Baal, Incapacitated by Jones' Device, is freed at once; he is not
    on this phase's Rank Track, so he takes no Action (HG-9.0-02)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.released"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}},
                    daemons={"daemon.baal": {"incapacitated": True, "recover_by": "skulls"}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Released ON Baal\n",
                                                  "b": "Baal: PASS FOR GOOD\n"})
    assert acts(log)[-2:] == [
        ("cast", "Caim (a) casts Released on Baal (b)"),
        ("released", "Baal (b) is Released: its Incapacitation ends; it takes no Action this "
                     "phase [HG-9.0-02]")]
    baal = st.daemons["daemon.baal"]
    assert (baal.incapacitated, baal.recover_by, baal.pass_for_good) == (False, None, False)


def test_released_prerequisites(make_state):
    """arcana.released: another Daemon, Incapacitated, in the caster's place."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.released"]},
                             "b": {"daemons": ["daemon.baal", "daemon.ashtaroth"]}, "c": {}},
                    daemons={"daemon.ashtaroth": {"incapacitated": True, "where": "earth",
                                                  "walk_card": "arcana.rage"}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Released ON Baal\nCaim: CAST Released ON Caim\n"
             "Caim: CAST Released ON Ashtaroth\n"})
    assert notes(log, "a") == [
        "Caim (a): CAST not possible: Baal is not Incapacitated",
        "Caim (a): CAST not possible: Released frees another Daemon, not the caster",
        "Caim (a): CAST not possible: Ashtaroth is on Earth and Caim in Hell: Released "
        "needs both in Hell or both on Earth"]
    assert st.players["a"].hand == ["arcana.released"]


def test_released_countered(make_state):
    """arcana.released countered by It Did Not Work... (free: aimed at b's Daemon)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.released"]},
                             "b": {"daemons": ["daemon.baal"]},
                             "c": {"daemons": ["daemon.naburos"],
                                   "hand": ["arcana.it-did-not-work"]}},
                    daemons={"daemon.baal": {"incapacitated": True}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Released ON Baal\n",
        "c": "Naburos: PASS FOR GOOD\nCOUNTER Released WITH It Did Not Work USING Naburos\n"})
    assert ("countered", "Released of Caim (a) does not work") in acts(log)
    assert st.daemons["daemon.baal"].incapacitated


# -- Sisyphus's Rock -----------------------------------------------------------------------------

def test_sisyphuss_rock_wins_the_duel_and_incapacitates(make_state):
    """arcana.sisyphuss-rock: Caim's Skulls against Xaphan's; Caim's higher total wins and
    Xaphan, still waiting, takes no Action (HG-9.0-02)."""
    caim, xaphan = DATA.daemons["daemon.caim"].skulls, DATA.daemons["daemon.xaphan"].skulls
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.sisyphuss-rock"]},
                             "b": {"daemons": ["daemon.xaphan"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Sisyphus's Rock ON Xaphan\n",
                                                  "b": "Xaphan: PASS FOR GOOD\n"},
                    script=[6] * caim + [1] * xaphan)
    assert acts(log)[-1] == ("sisyphuss-rock", "Caim (a) wins the Duel of Skulls: Xaphan (b) "
                                               "is crushed under Sisyphus's Rock and "
                                               "Incapacitated and takes no Action this phase "
                                               "[HG-9.0-02]")
    assert st.daemons["daemon.xaphan"].incapacitated
    assert not st.daemons["daemon.xaphan"].pass_for_good


def test_sisyphuss_rock_lost_duel(make_state):
    """arcana.sisyphuss-rock: the target wins the Duel of Skulls and nothing happens."""
    caim, baal = DATA.daemons["daemon.caim"].skulls, DATA.daemons["daemon.baal"].skulls
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.sisyphuss-rock"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Sisyphus's Rock ON Baal\n"},
                    script=[1] * caim + [6] * baal)
    assert acts(log)[-1] == ("sisyphuss-rock", "Baal (b) wins the Duel of Skulls and shrugs "
                                               "off Sisyphus's Rock")
    assert not st.daemons["daemon.baal"].incapacitated


def test_sisyphuss_rock_needs_a_target_in_hell_not_incapacitated(make_state):
    """arcana.sisyphuss-rock is cast In Hell (HG-9.8.1-02); an Incapacitated Daemon is
    no target (HG-6.1-02's spirit: nothing to act on)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.sisyphuss-rock"]},
                             "b": {"daemons": ["daemon.baal", "daemon.ashtaroth"]}, "c": {}},
                    daemons={"daemon.ashtaroth": {"where": "earth", "walk_card": "arcana.rage"},
                             "daemon.baal": {"incapacitated": True}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Sisyphus's Rock ON Ashtaroth\nCaim: CAST Sisyphus's Rock ON Baal\n"})
    assert notes(log, "a") == [
        "Caim (a): CAST not possible: Sisyphus's Rock is cast In Hell, where caster and "
        "target must both be, and Ashtaroth is on Earth [HG-9.8.1-02]",
        "Caim (a): CAST not possible: Baal is Incapacitated already"]


def test_sisyphuss_rock_countered(make_state):
    """arcana.sisyphuss-rock countered by the target with It Did Not Work...: no duel."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.sisyphuss-rock"]},
                             "b": {"daemons": ["daemon.baal"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Sisyphus's Rock ON Baal\n",
        "b": "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
    assert ("countered", "Sisyphus's Rock of Caim (a) does not work") in acts(log)
    assert not st.daemons["daemon.baal"].incapacitated
