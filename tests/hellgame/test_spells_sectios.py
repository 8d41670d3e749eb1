"""Major Arcana that change who holds a Sectio or fill one with Units
(action/spells_sectios.py), cast through the real order path with scripted dice."""

from __future__ import annotations

from phase_runner import run_phase
from spells_kit import acts, countered, notes

from pbem.engine import ILLEGAL, INVALID
from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()


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


def test_ip_29_landswap_caster_names_the_two_triumvirates(make_state):
    """IP-29: the caster "orders two other Triumvirates" (003 l.1952): ON b AND d, no
    die picks them; their Sectio are still drawn at random (one each here)."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.landswap"]}, "b": {}, "c": {}, "d": {}},
                    owners={"sectio.falsifiers": "b", "sectio.liars": "c",
                            "sectio.court-of-corruption": "d"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Landswap ON b AND d\n"},
                    script=[])
    assert acts(log)[1:] == [
        ("landswap", "Landswap: b gives FALSIFIERS to d and d gives COURT OF CORRUPTION to b")]
    assert st.owners["sectio.liars"] == "c"


def test_ip_29_landswap_named_triumvirates_are_read_and_checked(make_state):
    """IP-29: ON is written back; the caster himself or one player twice is refused
    on the sheet; a named Triumvirate with no Sectio refuses the cast, costing nothing."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.landswap"]}, "b": {}, "c": {}, "d": {}},
                    owners={"sectio.falsifiers": "b", "sectio.liars": "c"})
    assert check_sheet(st, DATA, "a", "Caim: CAST Landswap ON B, c\n").lines[0].canonical \
        == "Caim: CAST Landswap ON b AND c"
    for bad in ("ON a AND b", "ON b AND b", "ON b"):
        assert check_sheet(st, DATA, "a", f"Caim: CAST Landswap {bad}\n").lines[0].status \
            in (ILLEGAL, INVALID)
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Landswap ON b AND d\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: d controls no Sectio whose "
                               "owner may change"]
    assert st.players["a"].favours == 1


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
    st, log = countered(make_state, "arcana.landswap", "CAST Landswap", a={"favours": 1},
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


def test_ip_29_legio_infernalis_caster_names_the_sectio(make_state):
    """IP-29: "in any Sectio the caster's player owns" (003 l.1960): ON Falsifiers, no
    die picks the Sectio (the dice: Sulla, then Hellhound 5)."""
    st = _legio_state(make_state, owners={"sectio.liars": "a", "sectio.falsifiers": "a"})
    log = run_phase(action.run, st, DATA,
                    orders={"a": "Caim: CAST Legio Infernalis ON Falsifiers\n"}, script=[2, 2])
    assert acts(log)[1:] == [
        ("legio-infernalis", "Legio Infernalis: Lieutenant Sulla appears in FALSIFIERS for a "
                             "with 3 Legions and Hellhound 5, minded by Legion u2")]
    assert {u.location for u in st.units} == {"sectio.falsifiers"}


def test_ip_29_legio_infernalis_named_sectio_is_read_and_checked(make_state):
    """IP-29: ON is written back by name; AnteHell is refused on the sheet; a Sectio the
    caster's player does not control refuses the cast, costing nothing."""
    st = _legio_state(make_state, owners={"sectio.liars": "a", "sectio.falsifiers": "b"})
    assert check_sheet(st, DATA, "a", "Caim: CAST Legio Infernalis ON liars\n") \
        .lines[0].canonical == "Caim: CAST Legio Infernalis ON LIARS"
    assert check_sheet(st, DATA, "a", "Caim: CAST Legio Infernalis ON AnteHell\n") \
        .lines[0].status == ILLEGAL
    log = run_phase(action.run, st, DATA,
                    orders={"a": "Caim: CAST Legio Infernalis ON Falsifiers\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: a does not control FALSIFIERS"]
    assert st.units == [] and st.players["a"].disfavours == 0


def test_legio_infernalis_needs_a_sectio(make_state):
    """arcana.legio-infernalis: refused, costing nothing, without a Sectio."""
    st = _legio_state(make_state, owners={"sectio.liars": "b"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Legio Infernalis\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: a controls no Sectio where "
                               "Legio Infernalis could appear"]
    assert st.players["a"].disfavours == 0


def test_legio_infernalis_can_be_countered(make_state):
    """arcana.legio-infernalis answered by It Did Not Work: no Units, the Disfavour stays."""
    st, log = countered(make_state, "arcana.legio-infernalis", "CAST Legio Infernalis",
                         owners={"sectio.liars": "a"},
                         lieutenant_boxes=[["lieutenant.sulla"], [], []])
    assert ("countered", "Legio Infernalis of Caim (a) does not work") in acts(log)
    assert st.units == [] and st.players["a"].disfavours == 1
