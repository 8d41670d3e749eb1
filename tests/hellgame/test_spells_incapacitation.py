"""Major Arcana that Incapacitate a Daemon or end an Incapacitation
(action/spells_incapacitation.py), cast through the real order path with scripted dice,
and the rulebook example "Magic and Counters" (000 §9.8)."""

from __future__ import annotations

import pytest
from phase_runner import run_phase
from spells_kit import acts, earth, notes

from pbem_games.hellgame import action, end_phase
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.state import HellState

DATA = load_data()


# -- Incubus --------------------------------------------------------------------------------

def test_hg_9_8_magic_and_counters_example_incubus(make_state):
    """000 "Example: Magic and Counters": Balban, Walking the Earth, casts Incubus on
    Ashtaroth, also on Earth; Ashtaroth has 2 Stars to Balban's 4, and succumbs. She
    has acted already, and stays on Earth, Incapacitated."""
    st = make_state(players={"key": {"daemons": ["daemon.balban"], "hand": ["arcana.incubus"]},
                             "void": {"daemons": ["daemon.ashtaroth"]}, "beast": {}},
                    daemons={"daemon.balban": {"where": "earth", "walk_card": "arcana.frenzy"},
                             "daemon.ashtaroth": {"where": "earth",
                                                  "walk_card": "arcana.rage"}})
    log = run_phase(action.run, st, DATA, orders={
        "key": "Balban: CAST Incubus ON Ashtaroth\n", "void": "Ashtaroth: PASS FOR GOOD\n"})
    assert acts(log) == [
        ("pass-for-good", "Ashtaroth (void) Passes for Good"),
        ("ability-favour", "Ashtaroth (void) receives 1 Favour for Passing for Good (her "
                           "ability)"),
        ("cast", "Balban (key) casts Incubus on Ashtaroth (void)"),
        ("incubus", "Ashtaroth (void) succumbs to untold pleasures and is Incapacitated")]
    a = st.daemons["daemon.ashtaroth"]
    assert (a.incapacitated, a.where, a.recover_by) == (True, "earth", None)
    assert st.daemons["daemon.balban"].where == "earth"  # an Action on Earth: she stays


@pytest.mark.parametrize("who", ["void", "beast"])
def test_hg_9_8_magic_and_counters_example_what_if_countered(make_state, who):
    """The same example's last paragraph: had Ashtaroth's Triumvirate held a Counter,
    she could have countered though she had acted (HG-9.8.2-02); another Triumvirate
    needs a Daemon that has not acted yet, here Xaphan in Hell, whose Action it is
    (HG-9.8.2-03). It Did Not Work names no locale, so Hell may answer Earth."""
    hand = {"hand": ["arcana.it-did-not-work"]}
    st = make_state(players={"key": {"daemons": ["daemon.balban"], "hand": ["arcana.incubus"]},
                             "void": {"daemons": ["daemon.ashtaroth"],
                                      **(hand if who == "void" else {})},
                             "beast": {"daemons": ["daemon.xaphan"],
                                       **(hand if who == "beast" else {})}},
                    daemons={"daemon.balban": {"where": "earth", "walk_card": "arcana.frenzy"},
                             "daemon.ashtaroth": {"where": "earth",
                                                  "walk_card": "arcana.rage"}})
    counter = {"void": "COUNTER ANY TARGETING MINE WITH It Did Not Work\n",
               "beast": "COUNTER Incubus WITH It Did Not Work USING Xaphan\n"}[who]
    log = run_phase(action.run, st, DATA, orders={
        "key": "Balban: CAST Incubus ON Ashtaroth\n",
        "void": "Ashtaroth: PASS FOR GOOD\n" + (counter if who == "void" else ""),
        "beast": "Xaphan: PASS FOR GOOD\n" + (counter if who == "beast" else "")})
    kinds = [k for k, _ in acts(log)]
    i = kinds.index("cast")
    assert kinds[i:i + 3] == ["cast", "counter", "countered"]
    assert not st.daemons["daemon.ashtaroth"].incapacitated
    xaphan_acted = [t for k, t in acts(log) if k == "pass-for-good" and "Xaphan" in t]
    assert bool(xaphan_acted) == (who == "void")  # beast spent Xaphan's Action on it


def test_incubus_takes_the_target_off_the_rank_track(make_state):
    """A target still waiting to act takes no Action (HG-9.0-02)."""
    st = make_state(players={"a": {"daemons": ["daemon.balban"], "hand": ["arcana.incubus"]},
                             "b": {"daemons": ["daemon.xaphan"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Balban: CAST Incubus ON Xaphan\n",
                                                  "b": "Xaphan: PASS FOR GOOD\n"})
    assert acts(log)[-1] == ("incubus", "Xaphan (b) succumbs to untold pleasures and is "
                                        "Incapacitated and takes no Action this phase "
                                        "[HG-9.0-02]")


@pytest.mark.parametrize("target,where,reason", [
    ("Baal", "hell", "Baal is not female here, and Incubi visit only female Daemons"),
    ("Agares", "hell", "Agares is not female here, and Incubi visit only female Daemons"),
    ("Belphegor", "hell", "Belphegor is not female here, and Incubi visit only female Daemons"),
    ("Moloch", "hell", "Moloch is not female here, and Incubi visit only female Daemons"),
    ("Asmodeus", "earth", "Asmodeus is on Earth: Incubus needs caster and target in the same "
                          "place [HG-9.8.1-02]"),
])
def test_incubus_prerequisites(make_state, target, where, reason):
    """Female (Belphegor only on Earth, Agares never), no more Stars than the caster
    (Caim has 4), in the caster's place; a caster in Hell cannot reach Earth."""
    tid = f"daemon.{target.lower()}"
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.incubus"]},
                             "b": {"daemons": [tid]}, "c": {}},
                    daemons={tid: {"where": where}})
    log = run_phase(action.run, st, DATA, orders={"a": f"Caim: CAST Incubus ON {target}\n"})
    assert notes(log, "a") == [f"Caim (a): CAST not possible: {reason}"]
    assert st.players["a"].hand == ["arcana.incubus"]


def test_incubus_needs_no_more_stars_than_the_casters(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.ukobach"], "hand": ["arcana.incubus"]},
                             "b": {"daemons": ["daemon.caim"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Ukobach: CAST Incubus ON Caim\n"})
    assert notes(log, "a") == ["Ukobach (a): CAST not possible: Caim has 4 Stars and Ukobach 2 "
                               "Stars: Incubus works only on a Daemon with as many Stars as "
                               "the caster or fewer"]


def test_incubus_on_belphegor_on_earth_and_a_caster_who_descends(make_state):
    """Belphegor is female on Earth. A caster on Earth aiming at a Daemon in Hell
    descends to cast (HG-9.8.1-03): then both are in Hell."""
    st = make_state(players={"a": {"daemons": ["daemon.caim", "daemon.balban"],
                                   "hand": ["arcana.incubus", "arcana.incubus"]},
                             "b": {"daemons": ["daemon.belphegor", "daemon.gomory"]}, "c": {}},
                    daemons={"daemon.caim": {"where": "earth", "walk_card": "arcana.frenzy"},
                             "daemon.belphegor": {"where": "earth", "walk_card": "arcana.rage"},
                             "daemon.balban": {"where": "earth", "walk_card": "arcana.riot"}})
    run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Incubus ON Belphegor\n"
                                                 "Balban: CAST Incubus ON Gomory\n"})
    assert st.daemons["daemon.belphegor"].incapacitated
    assert st.daemons["daemon.gomory"].incapacitated
    assert st.daemons["daemon.caim"].where == "earth"
    assert st.daemons["daemon.balban"].where == "hell"


# -- Jones' Device ---------------------------------------------------------------------------

def test_jones_device_hg_13_2_01_recovery_by_a_roll_against_skulls(make_state):
    """Baal (4 Skulls) is Incapacitated until a Roll against Skulls succeeds in an End
    Phase, instead of the 5-6 recovery roll (HG-13.2-01): 5 fails, 4 recovers."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.jones-device"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}},
                    owners={"sectio.garden-of-unnatural-acts": "a"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Jones' Device ON Baal\n"})
    assert acts(log) == [
        ("pass-for-good", "Baal (b) Passes for Good (no order applies: default)"),
        ("cast", "Caim (a) casts Jones' Device on Baal (b)"),
        ("jones-device", "Baal (b) is given Jones' Device: Incapacitated until it succeeds in a "
                         "Roll against Skulls in an End Phase")]
    baal = st.daemons["daemon.baal"]
    assert (baal.incapacitated, baal.recover_by) == (True, "skulls")
    assert HellState.from_dict(st.to_dict()).to_dict() == st.to_dict()
    log = _recover(st, [5])
    assert baal.incapacitated
    assert acts(log) == [("still-incapacitated", "Baal (b) rolls 5 against 4 Skulls and stays "
                                                 "Incapacitated until the next End Phase.")]
    log = _recover(st, [4])
    assert (baal.incapacitated, baal.recover_by) == (False, None)
    assert acts(log) == [("recover", "Baal (b) rolls 4 against 4 Skulls and recovers.")]


def _recover(st, script):
    return run_phase(lambda st, sheets, dice, data, log: end_phase.recovery_rolls(
        st, dice, data, log), st, DATA, script=script)


def test_jones_device_needs_a_lustful_sectio(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.jones-device"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}},
                    owners={"sectio.orgastica": "b", "sectio.liars": "a"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Jones' Device ON Baal\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: a controls no Sectio in the Circle "
                               "of the Lustful, which Jones' Device needs"]


# -- Clever Old Woman -----------------------------------------------------------------------------

def test_clever_old_woman_incapacitates_a_daemon_on_earth(make_state):
    """arcana.clever-old-woman: no roll; Ashtaroth is waiting, so she takes no Action."""
    st = make_state(players={"a": {"daemons": ["daemon.asmodeus"],
                                   "hand": ["arcana.clever-old-woman"]},
                             "b": {"daemons": ["daemon.ashtaroth"]}, "c": {}},
                    daemons={**earth("daemon.asmodeus"),
                             **earth("daemon.ashtaroth", "arcana.rage")})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Asmodeus: CAST Clever Old Woman ON Ashtaroth\n"})
    assert acts(log) == [
        ("cast", "Asmodeus (a) casts Clever Old Woman on Ashtaroth (b)"),
        ("clever-old-woman", "A clever old woman tricks Ashtaroth (b), who is Incapacitated and "
                             "takes no Action this phase [HG-9.0-02]")]
    assert st.daemons["daemon.ashtaroth"].incapacitated


def test_clever_old_woman_not_on_an_incapacitated_daemon_nor_in_hell(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.asmodeus"],
                                   "hand": ["arcana.clever-old-woman"]},
                             "b": {"daemons": ["daemon.ashtaroth", "daemon.baal"]}, "c": {}},
                    daemons={**earth("daemon.asmodeus"),
                             "daemon.ashtaroth": {"where": "earth", "walk_card": "arcana.rage",
                                                  "incapacitated": True}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Asmodeus: CAST Clever Old Woman ON Ashtaroth\n"
             "Asmodeus: CAST Clever Old Woman ON Baal\n"})
    assert notes(log, "a") == [
        "Asmodeus (a): CAST not possible: Ashtaroth is Incapacitated already",
        "Asmodeus (a): CAST not possible: Clever Old Woman is cast On Earth, where caster and "
        "target must both be, and Baal is in Hell [HG-9.8.1-02]"]


def test_clever_old_woman_countered(make_state):
    """arcana.clever-old-woman cancelled by It Did Not Work."""
    st = make_state(players={"a": {"daemons": ["daemon.asmodeus"],
                                   "hand": ["arcana.clever-old-woman"]},
                             "b": {"daemons": ["daemon.ashtaroth"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}},
                    daemons={**earth("daemon.asmodeus"),
                             **earth("daemon.ashtaroth", "arcana.rage")})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Asmodeus: CAST Clever Old Woman ON Ashtaroth\n",
        "b": "COUNTER Clever Old Woman WITH It Did Not Work\n"})
    assert ("countered", "Clever Old Woman of Asmodeus (a) does not work") in acts(log)
    assert not st.daemons["daemon.ashtaroth"].incapacitated


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
