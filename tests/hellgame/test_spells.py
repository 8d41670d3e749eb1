"""The Major Arcana effects implemented so far (action/spells.py), one or more tests per
card, and the rulebook examples "Magic and Counters" and "Supporting Actions"."""

import pytest
from phase_runner import run_phase

from pbem_games.hellgame import action, effects, end_phase
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.state import HellState

DATA = load_data()


def acts(log) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


def test_the_audit_counts_the_implemented_arcana(monkeypatch):
    """Issue 8's "Done when": every one of the 109 Arcana has its effect, and loading
    the game (effects.check) fails if any card lacks it."""
    covered = effects.coverage(DATA)["arcana"]
    assert (covered["implemented"], covered["total"], covered["missing"]) == (109, 109, [])
    effects.check(DATA)  # every registered effect names a card that exists
    for card in ("arcana.frenzy", "arcana.mania", "arcana.fly", "arcana.re-roll"):
        monkeypatch.delitem(effects.ARCANA, card)
        with pytest.raises(ValueError, match=f"Arcana ids without an effect: \\['{card}'\\]"):
            effects.check(DATA)
        monkeypatch.undo()


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


# -- Love for Lilith ----------------------------------------------------------------------------

def test_hg_9_8_3_supporting_actions_example_love_for_lilith(make_state):
    """000 "Example: Supporting Actions": Asmodeus (5 Hearts) and Belphegor (3) support
    Ereshkigal's Love for Lilith; with her own 2 Hearts that is the 10 needed (A-40: the
    caster counts, per this example). Her Triumvirate pays the Favour. Lilith has no
    place in the game state yet: her arrival is reported as not implemented."""
    st = make_state(players={"eresh": {"favours": 1, "daemons": ["daemon.ereshkigal"],
                                       "hand": ["arcana.love-for-lilith"]},
                             "asmo": {"daemons": ["daemon.asmodeus"]},
                             "belph": {"daemons": ["daemon.belphegor"]}})
    log = run_phase(action.run, st, DATA, orders={
        "eresh": "Ereshkigal: CAST Love for Lilith\n",
        "asmo": "Asmodeus: SUPPORT Ereshkigal Love for Lilith\n",
        "belph": "Belphegor: SUPPORT Ereshkigal Love for Lilith\n"})
    assert acts(log) == [
        ("support", "Asmodeus (asmo) supports Ereshkigal's Love for Lilith, bringing 5 Hearts"),
        ("support", "Belphegor (belph) supports Ereshkigal's Love for Lilith, bringing 3 "
                    "Hearts"),
        ("cast", "Ereshkigal (eresh) casts Love for Lilith, paying 1 Favour"),
        ("lilith", "Lilith answers the call: she is to appear in AnteHell, her aspect not yet "
                   "decided, controlled by no Triumvirate"),
        ("lilith-arrives", "Lilith comes to visit her children: the card puts her in AnteHell")]
    assert st.players["eresh"].favours == 0 and st.players["eresh"].hand == []
    assert [u.location for u in st.units if u.kind == "lilith"] == ["antehell"]


# -- It Did Not Work... ---------------------------------------------------------------------------

def test_it_did_not_work_cancels_even_a_card_that_costs(make_state):
    """Costs are paid when a card is played (HG-9.8.1-04): a countered Defection keeps
    its Favour spent, and the Units stay where they were."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.defection"]},
                             "b": {"daemons": ["daemon.naburos"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}},
                    units=[("lieutenant", "b", "sectio.liars", "lieutenant.sulla")])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST Defection ON b AT Liars\n",
        "b": "COUNTER Defection WITH It Did Not Work\n"})
    assert acts(log)[-2] == ("countered", "Defection of Baal (a) does not work")
    assert st.units[0].owner == "b" and st.players["a"].favours == 0
