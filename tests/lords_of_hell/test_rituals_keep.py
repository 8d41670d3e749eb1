"""Which rituals a player keeps when his casters run short: his standing `KEEP RITUALS`
list (LH-IV.2.1-01 "the owner choosing which go when casters are short"; PB-16: a standing
ranked list, default the order tabled), at the combat phase start (LH-III.3-01), at every
combat round's start (LH-IV.2.1-01) and when casters are assigned to finish rituals
(LH-IV.2.6-04)."""

from __future__ import annotations

from combat_support import combat_state, finish, play_round, ritual_state, sheets, texts
from loh_kit import DATA, build_state, discarded, instances, line, public, sheet

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell import combat, turn
from pbem_games.lords_of_hell.orders import standing

DF = "horde.diabolic-fiends"
BURY, PLAGUE, FURNACE = "ritual.bury", "ritual.infernal-plague", "ritual.furnace-of-souls"


def keep(st, name: str, text: str) -> None:
    """Store the player's standing KEEP RITUALS line (as any stage's sheet does)."""
    standing.keep(st, {name: sheet(st, name, text)})


# --- the order -------------------------------------------------------------------------------

def test_pb_16_keep_rituals_parses_a_ranked_list():
    st = build_state(["a", "b"], phase="transfer")
    got = line(st, "a", "keep rituals furnace of souls,  bury", alone=True)
    assert got.ok and got.canonical == "KEEP RITUALS Furnace of Souls, Bury"
    assert got.order["rituals"] == [FURNACE, BURY]
    # a standing order: given on any stage's sheet, even before the rituals are tabled
    for phase in ("combat", "gathering"):
        st.phase = phase
        assert line(st, "a", "KEEP RITUALS Bury", alone=True).ok


def test_pb_16_keep_rituals_refuses_unknown_or_repeated_rituals():
    st = build_state(["a", "b"], phase="transfer")
    assert not line(st, "a", "KEEP RITUALS Recall", alone=True).ok  # not a ritual
    twice = line(st, "a", "KEEP RITUALS Bury, Bury", alone=True)
    assert not twice.ok and "named twice" in twice.message
    assert not line(st, "a", "KEEP RITUALS", alone=True).ok


def test_pb_16_keep_rituals_is_standing_until_off():
    st = build_state(["a", "b"], phase="transfer")
    keep(st, "a", "KEEP RITUALS Infernal Plague")
    assert st.players["a"].standing["KEEP RITUALS"]["rituals"] == [PLAGUE]
    keep(st, "a", "KEEP RITUALS OFF")
    assert "KEEP RITUALS" not in st.players["a"].standing


# --- the combat phase start (LH-III.3-01) ----------------------------------------------------

def start(st) -> Log:
    log = Log()
    dice = Dice(script=[])
    combat.start_phase(st, DATA, dice, log)
    dice.finish()
    return log


def phase_state():
    """Belial (a): one caster (no Diabolic Fiends), three rituals tabled; Glasya (c): two
    casters, three rituals."""
    return build_state({
        "a": {"devil": "devil.belial", "rituals": [BURY, PLAGUE, FURNACE]},
        "b": {"devil": "devil.mammon"},
        "c": {"devil": "devil.glasya", "rituals": [BURY, PLAGUE, FURNACE]}},
        phase="combat", deck=["horde.fiends"])  # not empty: discards stay in the pile


def test_lh_iii_3_01_default_keeps_the_first_tabled():
    """PB-16's default, unchanged: no KEEP RITUALS, the first tabled are kept."""
    st = phase_state()
    start(st)
    assert instances(st, "a", "rituals") == [BURY]
    assert instances(st, "c", "rituals") == [BURY, PLAGUE]


def test_lh_iii_3_01_the_owner_chooses_which_rituals_to_keep():
    """LH-IV.2.1-01 (the owner chooses which go) at the phase start (LH-III.3-01): Belial
    keeps the one he ranks first; Glasya keeps her two ranked ones, still in the order
    tabled, and loses the unranked Bury."""
    st = phase_state()
    keep(st, "a", "KEEP RITUALS Furnace of Souls, Bury")
    keep(st, "c", "KEEP RITUALS Furnace of Souls, Infernal Plague")
    log = start(st)
    assert instances(st, "a", "rituals") == [FURNACE]
    assert instances(st, "c", "rituals") == [PLAGUE, FURNACE]
    assert discarded(st) == [BURY, PLAGUE, BURY]
    assert texts(log, "rituals-discarded") == [
        "Belial (a) has 1 ritual caster for 3 rituals: Bury, Infernal Plague are discarded.",
        "Glasya (c) has 2 ritual casters for 3 rituals: Bury is discarded."]


def test_lh_iii_3_01_unranked_rituals_follow_in_tabling_order():
    """A list naming one ritual: it comes first, the others in the order tabled."""
    st = build_state({"a": {"devil": "devil.belial", "hordes": [DF],
                            "rituals": [BURY, PLAGUE, FURNACE]}, "b": {}},
                     phase="combat", deck=["horde.fiends"])
    keep(st, "a", "KEEP RITUALS Furnace of Souls")
    start(st)
    assert instances(st, "a", "rituals") == [BURY, FURNACE]


# --- every combat round's start (LH-IV.2.1-01) -----------------------------------------------

def test_lh_iv_2_1_01_round_start_keeps_the_ranked_ritual():
    """The Diabolic Fiends are gone before round 1: Belial has one caster for two
    rituals and keeps Infernal Plague, named on this round's sheet (the sheet's standing
    orders are stored before the round runs)."""
    st = combat_state({"a": {"devil": "devil.belial", "hordes": [DF],
                             "rituals": [BURY, PLAGUE]}, "b": {}})
    st.players["a"].hordes = []
    going, log = play_round(st, {"a": "KEEP RITUALS Infernal Plague"}, [])
    assert instances(st, "a", "rituals") == [PLAGUE]
    assert texts(log, "rituals-discarded") == [
        "Belial (a) has 1 ritual caster for 2 rituals: Bury is discarded."]


# --- finishing (LH-IV.2.6-04) ----------------------------------------------------------------

def finishing_state(make_state):
    """Asmodeus (a): the Devil and one Diabolic Fiends (a second one died in this round's
    fight), three rituals; b has one Fiends."""
    return ritual_state(make_state, {
        "a": {"devil": "devil.asmodeus", "hordes": [DF], "rituals": [BURY, PLAGUE, FURNACE]},
        "b": {"hordes": ["horde.fiends"]}}, deck=["horde.fiends", "special.recall"])


def test_lh_iv_2_6_04_default_keeps_the_first_tabled_pending_ritual(make_state):
    """Finishing Infernal Plague (the Diabolic Fiends cast it), one caster is left for two
    rituals kept for later: by default the first tabled (Bury) keeps it."""
    st = finishing_state(make_state)
    log = finish(st, {"a": sheet(st, "a", "FINISH Infernal Plague")},
                 script=[4, 1])  # a's Diabolic Fiends 4; b's Fiends 1
    assert instances(st, "a", "rituals") == [BURY]
    assert public(log)[0] == ("a's Furnace of Souls has no caster left and is discarded "
                              "(one ritual per caster).")
    assert st.players["b"].hordes == [] and st.players["a"].souls == 1


def test_lh_iv_2_6_04_keep_rituals_chooses_the_pending_ritual_kept(make_state):
    """The same with `KEEP RITUALS Furnace of Souls`: Bury is discarded, the Furnace keeps
    Asmodeus as its caster for a later round."""
    st = finishing_state(make_state)
    keep(st, "a", "KEEP RITUALS Furnace of Souls")
    log = finish(st, {"a": sheet(st, "a", "FINISH Infernal Plague")},
                 script=[4, 1])  # a's Diabolic Fiends 4; b's Fiends 1
    assert instances(st, "a", "rituals") == [FURNACE]
    assert public(log)[0] == ("a's Bury has no caster left and is discarded (one ritual per "
                              "caster).")
    assert discarded(st)[:1] == [BURY]
    assert "a gains 1 Soul from the Infernal Plague." in public(log)


# --- through a whole transfer stage ----------------------------------------------------------

def test_lh_iii_3_01_keep_rituals_sent_with_the_rituals_acts_at_the_phase_start():
    """The transfer sheet that starts the rituals also ranks them: the combat phase start
    runs at the end of that stage's resolution, after its standing orders are stored. a
    gives his Diabolic Fiends away, so he has one caster for two rituals and keeps Chain
    Catalysm, tabled second, as his sheet asks (the default would keep Bury)."""
    homes = {"a": "realm.acheron", "b": "realm.styx", "c": "realm.cocytus",
             "d": "realm.phlegethon"}
    st = build_state({n: {"home": r, **({"hordes": [DF, "horde.fiends"],
                                         "hand": [BURY, "ritual.chain-catalysm"]}
                                        if n == "a" else {})} for n, r in homes.items()})
    deal = "DEAL a GIVES Diabolic Fiends TO b"
    dice = Dice(script=[])
    res = turn.resolve(st, sheets(st, {"a": f"{deal}\nRITUAL Bury, Chain Catalysm\n"
                                            "KEEP RITUALS Chain Catalysm", "b": deal}),
                       dice, DATA)
    dice.finish()
    assert res.stage_name == "turn 1 combat round 1"
    assert instances(res.state, "a", "rituals") == ["ritual.chain-catalysm"]
    gone = next(e for e in res.events if e.kind == "rituals-discarded")
    assert gone.rule == "LH-III.3-01" and gone.data["rituals"] == [BURY]
