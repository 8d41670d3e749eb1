"""Major Arcana with their own recovery (action/spells_own_recovery.py and the End Phase
in end_phase.py), cast through the real Action Phase with scripted dice: Belladonna,
Black Rainbow, The Armenian Relic-Box, The Lovers, Don't Eat That!"""

import pytest
from phase_runner import run_phase

from pbem_games.hellgame import action, end_phase
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.state import HellState

DATA = load_data()
DECK = ["arcana.frenzy", "arcana.rage", "arcana.fly", "arcana.riot", "arcana.recruit"]


def acts(log) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def last(log, kind) -> tuple[str, str]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None and e.kind == kind][-1]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


def _recover(st, script):
    return run_phase(lambda st, sheets, dice, data, log: end_phase.recovery_rolls(
        st, dice, data, log, sheets), st, DATA, script=script)


def _round_trip(st):
    assert HellState.from_dict(st.to_dict()).to_dict() == st.to_dict()


# -- Belladonna -------------------------------------------------------------------------------

def _belladonna(make_state, **b):
    return make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.belladonna"]},
                               "b": {"daemons": ["daemon.prufflas"], **b}, "c": {}},
                      arcana_deck=list(DECK))


def test_belladonna_poisons_and_the_poisoned_draws_on_recovery(make_state):
    """arcana.belladonna: Caim (1 Heart) beats Prufflas (1 Heart) 6 to 1; a takes the
    card's Disfavour; Prufflas fails a recovery roll of 4, then recovers on 5 and b
    draws 1 Arcana (seen by b only)."""
    st = _belladonna(make_state)
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Belladonna ON Prufflas\n",
                                                  "b": "Prufflas: PASS FOR GOOD\n"},
                    script=[6, 1])
    assert acts(log) == [
        ("cast", "Caim (a) casts Belladonna on Prufflas (b), and a takes 1 Disfavour at once"),
        ("belladonna", "Caim (a) wins the Duel of Hearts: Prufflas (b) is poisoned and "
                       "Incapacitated and takes no Action this phase [HG-9.0-02]; when it "
                       "recovers, b draws 1 Arcana card")]
    p = st.daemons["daemon.prufflas"]
    assert (p.incapacitated, p.recover_by) == (True, "belladonna")
    assert st.players["a"].disfavours == 1
    _round_trip(st)
    log = _recover(st, [4])
    assert p.incapacitated and st.players["b"].hand == []
    log = _recover(st, [5])
    assert (p.incapacitated, p.recover_by) == (False, None)
    assert acts(log) == [("recover", "Prufflas (b) rolls 5 and recovers."),
                         ("arcana-gain", "b draws 1 Arcana card (Belladonna: Prufflas "
                                         "recovers).")]
    assert notes(log, "b") == ["You drew: Frenzy."]
    assert st.players["b"].hand == ["arcana.frenzy"]


def test_belladonna_a_lost_duel_still_costs_the_disfavour(make_state):
    """arcana.belladonna: the Disfavour is paid as the card is played (HG-9.8.1-04)."""
    st = _belladonna(make_state)
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Belladonna ON Prufflas\n",
                                                  "b": "Prufflas: PASS FOR GOOD\n"},
                    script=[1, 6])
    assert last(log, "belladonna")[1] == ("Prufflas (b) wins the Duel of Hearts and spits "
                                          "out the Belladonna")
    assert not st.daemons["daemon.prufflas"].incapacitated
    assert st.players["a"].disfavours == 1


def test_belladonna_refuses_an_incapacitated_target(make_state):
    """arcana.belladonna and HG-6.1-02's spirit: an Incapacitated Daemon is not poisoned
    twice; the card stays in hand and nothing is paid."""
    st = _belladonna(make_state)
    st.daemons["daemon.prufflas"].incapacitated = True
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Belladonna ON Prufflas\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: Prufflas is Incapacitated "
                               "already"]
    assert st.players["a"].hand == ["arcana.belladonna"] and st.players["a"].disfavours == 0


# -- Black Rainbow ----------------------------------------------------------------------------

def _black_rainbow(make_state):
    return make_state(players={"a": {"daemons": ["daemon.caim"],
                                     "hand": ["arcana.black-rainbow"]}, "b": {}, "c": {}},
                      daemons={"daemon.caim": {"where": "earth", "walk_card": "arcana.frenzy"}},
                      arcana_deck=list(DECK))


def test_black_rainbow_the_caster_goes_on_a_quest(make_state):
    """arcana.black-rainbow: the caster, on Earth, is Incapacitated there."""
    st = _black_rainbow(make_state)
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Black Rainbow\n"})
    assert acts(log) == [
        ("cast", "Caim (a) casts Black Rainbow"),
        ("black-rainbow", "Caim (a) sets out on a spiritual quest and is Incapacitated: in "
                          "the End Phase a die decides whether it comes back")]
    caim = st.daemons["daemon.caim"]
    assert (caim.incapacitated, caim.recover_by, caim.where) == (True, "black-rainbow", "earth")


@pytest.mark.parametrize("die,back,favours,hand", [
    (2, False, 0, []), (3, True, 0, []), (4, True, 3, DECK[:3]), (6, True, 3, DECK[:3])])
def test_black_rainbow_end_phase_roll(make_state, die, back, favours, hand):
    """arcana.black-rainbow: 1-2 stays away, 3 back empty-handed, 4-6 back with 3
    Favours and 3 Arcana; this die replaces the printed 5-6 (HG-13.2-01)."""
    st = _black_rainbow(make_state)
    run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Black Rainbow\n"})
    log = _recover(st, [die])
    caim = st.daemons["daemon.caim"]
    assert caim.incapacitated is not back
    assert caim.recover_by == (None if back else "black-rainbow")
    assert st.players["a"].favours == favours and st.players["a"].hand == hand
    text = {2: "Caim (a) rolls 2 on its spiritual quest (Black Rainbow) and stays "
               "Incapacitated until the next End Phase.",
            3: "Caim (a) rolls 3 on its spiritual quest (Black Rainbow) and recovers "
               "empty-handed.",
            4: "Caim (a) rolls 4 on its spiritual quest (Black Rainbow) and recovers with "
               "3 Favours and 3 Arcana cards for a.",
            6: "Caim (a) rolls 6 on its spiritual quest (Black Rainbow) and recovers with "
               "3 Favours and 3 Arcana cards for a."}[die]
    assert acts(log)[0][1] == text


def test_black_rainbow_is_cast_on_earth_only(make_state):
    st = _black_rainbow(make_state)
    st.daemons["daemon.caim"].where, st.daemons["daemon.caim"].walk_card = "hell", None
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Black Rainbow\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: Black Rainbow is cast On Earth, "
                               "and Caim is in Hell [HG-9.8.1-02]"]


# -- The Armenian Relic-Box ----------------------------------------------------------------------

def _relic(make_state):
    return make_state(players={"a": {"daemons": ["daemon.caim"],
                                     "hand": ["arcana.the-armenian-relic-box"]},
                               "b": {"daemons": ["daemon.ukobach"]}, "c": {}},
                      daemons={"daemon.caim": {"where": "earth", "walk_card": "arcana.frenzy"},
                               "daemon.ukobach": {"where": "earth", "walk_card": "arcana.rage"}},
                      arcana_deck=list(DECK))


def test_armenian_relic_box_traps_and_a_six_keeps_the_card(make_state):
    """arcana.the-armenian-relic-box: Caim (4 Stars) rolls 4 against Stars and traps
    Ukobach on Earth; Ukobach recovers on a 6 and b keeps the card (the default)."""
    st = _relic(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST The Armenian Relic-Box ON Ukobach\n",
        "b": "Ukobach: PASS FOR GOOD\n"}, script=[4])
    assert acts(log)[-1] == ("relic-box", "Caim (a) succeeds in the Roll against Stars: "
                                          "Ukobach (b) is trapped in the Armenian Relic-Box "
                                          "and Incapacitated and takes no Action this phase "
                                          "[HG-9.0-02]")
    u = st.daemons["daemon.ukobach"]
    assert (u.incapacitated, u.recover_by, u.where) == (True, "relic-box", "earth")
    assert st.arcana_deck[-1] == "arcana.the-armenian-relic-box"
    log = _recover(st, [6])
    assert acts(log) == [
        ("recover", "Ukobach (b) rolls 6 and recovers."),
        ("relic-box-kept", "Ukobach (b) rolled a 6 in the Relic-Box: b keeps The Armenian "
                           "Relic-Box for revenge (default: the card is kept).")]
    assert st.players["b"].hand == ["arcana.the-armenian-relic-box"]
    assert st.arcana_deck == DECK


def test_armenian_relic_box_a_five_recovers_without_the_card(make_state):
    st = _relic(make_state)
    run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST The Armenian Relic-Box ON Ukobach\n",
        "b": "Ukobach: PASS FOR GOOD\n"}, script=[1])
    log = _recover(st, [5])
    assert acts(log) == [("recover", "Ukobach (b) rolls 5 and recovers.")]
    assert st.players["b"].hand == []


def test_armenian_relic_box_a_failed_roll_against_stars(make_state):
    """arcana.the-armenian-relic-box: 5 is more than Caim's 4 Stars (HG-3.4-04)."""
    st = _relic(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST The Armenian Relic-Box ON Ukobach\n",
        "b": "Ukobach: PASS FOR GOOD\n"}, script=[5])
    assert last(log, "relic-box")[1] == ("Caim (a) fails the Roll against Stars: Ukobach (b) "
                                         "does not go into the Relic-Box")
    assert not st.daemons["daemon.ukobach"].incapacitated


def test_armenian_relic_box_needs_a_target_on_earth(make_state):
    st = _relic(make_state)
    st.daemons["daemon.ukobach"].where, st.daemons["daemon.ukobach"].walk_card = "hell", None
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST The Armenian Relic-Box ON Ukobach\n"})
    assert notes(log, "a") == [
        "Caim (a): CAST not possible: The Armenian Relic-Box is cast On Earth, where caster "
        "and target must both be, and Ukobach is in Hell [HG-9.8.1-02]"]


# -- The Lovers -----------------------------------------------------------------------------------

def _lovers(make_state):
    return make_state(players={"a": {"favours": 1, "daemons": ["daemon.caim"],
                                     "hand": ["arcana.the-lovers"]},
                               "b": {"daemons": ["daemon.prufflas"]},
                               "c": {"daemons": ["daemon.balban"]}})


LOVERS_ORDERS = {"a": "Caim: CAST The Lovers ON Prufflas AND Balban\n",
                 "b": "Prufflas: PASS FOR GOOD\n", "c": "Balban: PASS FOR GOOD\n"}


def test_the_lovers_bound_and_recovering_together(make_state):
    """arcana.the-lovers: Caim wins both Duels of Hearts (6-1, 6-1); Prufflas (male) and
    Balban (female) are Incapacitated together; 5 and 4 keep both; 5 and 6 free both."""
    st = _lovers(make_state)
    log = run_phase(action.run, st, DATA, orders=LOVERS_ORDERS, script=[6, 1, 6, 1])
    assert acts(log) == [
        ("cast", "Caim (a) casts The Lovers on Prufflas (b), paying 1 Favour"),
        ("lovers", "Caim (a) wins both Duels of Hearts: Prufflas (b) and Balban (c) are bound "
                   "together and Incapacitated; they recover together only if both roll 5 or "
                   "6 in an End Phase; Prufflas takes no Action this phase [HG-9.0-02]; "
                   "Balban takes no Action this phase [HG-9.0-02]")]
    p, b = st.daemons["daemon.prufflas"], st.daemons["daemon.balban"]
    assert (p.incapacitated, p.recover_by, b.incapacitated, b.recover_by) == (
        True, "lovers", True, "lovers")
    assert st.marks["arcana.the-lovers"] == [["daemon.balban", "daemon.prufflas"]]
    assert st.players["a"].favours == 0
    _round_trip(st)
    log = _recover(st, [5, 4])
    assert acts(log) == [("still-incapacitated", "Prufflas (b) rolls 5 and Balban (c) rolls 4: "
                          "both stay Incapacitated until the next End Phase (The Lovers: both "
                          "must roll 5 or 6).")]
    assert p.incapacitated and b.incapacitated and "arcana.the-lovers" in st.marks
    log = _recover(st, [5, 6])
    assert acts(log) == [("recover", "Prufflas (b) rolls 5 and Balban (c) rolls 6: they "
                                     "recover together (The Lovers).")]
    assert not p.incapacitated and not b.incapacitated and p.recover_by is None
    assert "arcana.the-lovers" not in st.marks


def test_the_lovers_a_lost_first_duel_ends_the_card(make_state):
    """arcana.the-lovers: no second Duel after a lost one; the Favour stays paid."""
    st = _lovers(make_state)
    log = run_phase(action.run, st, DATA, orders=LOVERS_ORDERS, script=[1, 6])
    assert last(log, "lovers")[1] == "Prufflas (b) wins the Duel of Hearts: The Lovers fails"
    assert not st.daemons["daemon.balban"].incapacitated
    assert "arcana.the-lovers" not in st.marks and st.players["a"].favours == 0


def test_the_lovers_a_partner_freed_otherwise_leaves_the_other_rolling_alone(make_state):
    """arcana.the-lovers: if Balban was freed by another card, Prufflas rolls alone."""
    st = _lovers(make_state)
    run_phase(action.run, st, DATA, orders=LOVERS_ORDERS, script=[6, 1, 6, 1])
    st.daemons["daemon.balban"].incapacitated = False
    st.daemons["daemon.balban"].recover_by = None
    log = _recover(st, [6])
    assert acts(log) == [("recover", "Prufflas (b) rolls 6: it recovers (The Lovers).")]
    assert "arcana.the-lovers" not in st.marks


@pytest.mark.parametrize("order,reason", [
    ("Caim: CAST The Lovers ON Prufflas AND Baal",
     "Prufflas and Baal are not a male and a female Daemon"),
    ("Caim: CAST The Lovers ON Caim AND Prufflas",
     "The caster duels both lovers, so it cannot be one of them"),
])
def test_the_lovers_prerequisites(make_state, order, reason):
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.the-lovers"]},
                             "b": {"daemons": ["daemon.prufflas"]},
                             "c": {"daemons": ["daemon.baal"]}})
    log = run_phase(action.run, st, DATA, orders={"a": order + "\n"})
    assert notes(log, "a") == [f"Caim (a): CAST not possible: {reason}"]
    assert st.players["a"].favours == 1


def test_the_lovers_refuses_an_incapacitated_lover(make_state):
    st = _lovers(make_state)
    st.daemons["daemon.balban"].incapacitated = True
    log = run_phase(action.run, st, DATA, orders={"a": LOVERS_ORDERS["a"]})
    assert notes(log, "a") == ["Caim (a): CAST not possible: Balban is Incapacitated already"]


# -- Don't Eat That! -------------------------------------------------------------------------------

def test_dont_eat_that_buys_off_disfavours_at_one_favour(make_state):
    """arcana.dont-eat-that: Baal is Incapacitated; in the End Phase a buys off both
    Disfavours for 2 Favours, while b pays the usual 2 each (HG-13.1-01); the mark ends."""
    st = make_state(players={"a": {"favours": 3, "disfavours": 2, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.dont-eat-that"]},
                             "b": {"favours": 3, "disfavours": 2}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Don't Eat That!\n"})
    assert acts(log) == [
        ("cast", "Baal (a) casts Don't Eat That!"),
        ("dont-eat-that", "Baal (a) eats poisoned food and is Incapacitated; in this End Phase "
                          "a may buy off Disfavours at 1 Favour each")]
    assert st.daemons["daemon.baal"].incapacitated
    assert st.marks["arcana.dont-eat-that"] == ["a"]
    _round_trip(st)
    log = run_phase(lambda st, sheets, dice, data, log: end_phase.buy_off(st, sheets, log),
                    st, DATA)
    assert acts(log) == [
        ("buy-off", "a returns 2 Favours to remove 2 Disfavours (Don't Eat That!: 1 Favour "
                    "each)."),
        ("buy-off", "b returns 2 Favours to remove 1 Disfavour.")]
    assert (st.players["a"].favours, st.players["a"].disfavours) == (1, 0)
    assert "arcana.dont-eat-that" not in st.marks


def test_dont_eat_that_buy_off_order_caps_it(make_state):
    """arcana.dont-eat-that: "as many as it likes": BUY OFF 1 buys one, for 1 Favour."""
    st = make_state(players={"a": {"favours": 3, "disfavours": 2}, "b": {}, "c": {}},
                    marks={"arcana.dont-eat-that": ["a"]})
    run_phase(lambda st, sheets, dice, data, log: end_phase.buy_off(st, sheets, log),
              st, DATA, orders={"a": "BUY OFF 1\n"})
    assert (st.players["a"].favours, st.players["a"].disfavours) == (2, 1)


# -- Counters -----------------------------------------------------------------------------------

@pytest.mark.parametrize("card,order,hand,script", [
    ("Belladonna", "Caim: CAST Belladonna ON Prufflas", "arcana.belladonna", []),
    ("The Lovers", "Caim: CAST The Lovers ON Prufflas AND Balban", "arcana.the-lovers", []),
    ("Don't Eat That!", "Caim: CAST Don't Eat That!", "arcana.dont-eat-that", []),
])
def test_r1_cards_countered_by_it_did_not_work(make_state, card, order, hand, script):
    """arcana.belladonna, arcana.the-lovers, arcana.dont-eat-that: It Did Not Work...
    cancels them (HG-9.8.2-01): no Duel, nobody Incapacitated, no mark; costs stay paid."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.caim"], "hand": [hand]},
                             "b": {"daemons": ["daemon.prufflas"],
                                   "hand": ["arcana.it-did-not-work"]},
                             "c": {"daemons": ["daemon.balban"]}})
    log = run_phase(action.run, st, DATA, orders={
        "a": order + "\n", "b": f"Prufflas: PASS FOR GOOD\nCOUNTER {card} WITH It Did Not "
                               "Work USING Prufflas\n"}, script=script)
    assert last(log, "countered") == ("countered", f"{card} of Caim (a) does not work")
    assert not any(d.incapacitated for d in st.daemons.values())
    assert st.marks == {} and st.players["a"].hand == []


def test_black_rainbow_and_relic_box_countered(make_state):
    """arcana.black-rainbow and arcana.the-armenian-relic-box countered: no roll, no
    Incapacitation."""
    st = make_state(players={"a": {"daemons": ["daemon.caim", "daemon.balban"],
                                   "hand": ["arcana.black-rainbow",
                                            "arcana.the-armenian-relic-box"]},
                             "b": {"daemons": ["daemon.ukobach"],
                                   "hand": ["arcana.it-did-not-work",
                                            "arcana.it-did-not-work"]}, "c": {}},
                    daemons={"daemon.caim": {"where": "earth", "walk_card": "arcana.frenzy"},
                             "daemon.balban": {"where": "earth", "walk_card": "arcana.fly"},
                             "daemon.ukobach": {"where": "earth", "walk_card": "arcana.rage"}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Black Rainbow\nBalban: CAST The Armenian Relic-Box ON Ukobach\n",
        "b": "Ukobach: PASS FOR GOOD\nCOUNTER ANY WITH It Did Not Work USING Ukobach\n"
             "COUNTER ANY WITH It Did Not Work USING Ukobach\n"})
    assert [t for k, t in acts(log) if k == "countered"] == [
        "Black Rainbow of Caim (a) does not work",
        "The Armenian Relic-Box of Balban (a) does not work"]
    assert not any(d.incapacitated for d in st.daemons.values())
