"""Hell cards and abilities that change income: hellcards/income.py and the Soul Phase /
Hell Phase hooks in soul.py, favours.py and hell_phase.py."""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem_games.hellgame import effects, events, hell_phase, soul
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

BANKERS, THIEVES = "sectio.bankers-and-brokers", "sectio.thieves"  # Greedy, 2 and 3, adjacent
PLAYGROUND, UNDER = "sectio.playground-of-the-idle", "sectio.underachievers"  # Limbo, 2, 3
IDOLATERS, MEGALO = "sectio.idolaters", "sectio.megalomaniacs"  # Heretics, adjacent
WISE = "sectio.the-wise-men"
DECK = ["arcana.frenzy", "arcana.belladonna", "arcana.black-rainbow", "arcana.frenzy"]
EARTH = {"where": "earth"}
OFF = {"where": "earth", "incapacitated": True}


@pytest.fixture(scope="module")
def data():
    return load_data()


def run_soul(st, data, script=(), **kw):
    log, dice = Log(), Dice(script=list(script))
    soul.run(st, {}, dice, data, log, **kw)
    dice.finish()  # every scripted die was needed, and no more
    return log


def event(card, st, data, script=()):
    log, dice = Log(), Dice(script=list(script))
    events.resolve_event(st, {}, dice, data, log, card)
    dice.finish()
    return log


def phenomenon(ph, card, sectio, st, data, script=()):
    """Run a Phenomenon as resolve_phenomenon does, with the Warning Sign set."""
    log, dice = Log(), Dice(script=list(script))
    st.warning_sign = {"card": card, "phenomenon": ph, "scope": "x", "sectio": sectio}
    effects.PHENOMENA[ph](st, {}, dice, data, log, card, sectio)
    dice.finish()
    return log


def texts(log, kind=None):
    return [e.text for e in log.events if kind is None or e.kind == kind]


def earth_pair(make_state, permanent=None, **players):
    """Orias (Hearts 3, Stars 3) on Earth and Caim Incapacitated on Earth, for "a"."""
    return make_state({"a": {"daemons": ["daemon.orias", "daemon.caim"], **players}},
                      daemons={"daemon.orias": EARTH, "daemon.caim": OFF},
                      permanent={"heaven": None, "earth": None, "hell": None,
                                 **(permanent or {})}, arcana_deck=list(DECK))


# -- Permanent Earth: Blinded by Science, Holy War, New Age, World War -----------------------
def test_hell_blinded_by_science_quarters_earth_souls_and_tests_hearts(make_state, data):
    """hell.blinded-by-science: Hearts roll 2 (<= 3) earns the Favour; (3 Hearts + 6) / 4
    = 2 Souls. The Incapacitated Caim is untouched (HG-6.1-02)."""
    st = earth_pair(make_state, {"earth": "hell.blinded-by-science"})
    log = run_soul(st, data, [2, 6])
    assert (st.players["a"].favours, st.players["a"].souls) == (1, 2)
    assert texts(log, "earth-income") == [
        "Orias on Earth sends 3 (Hearts) + 6 (Soul Roll), divided by 4 (Blinded by Science)"
        " = 2 Souls to a."]
    assert not any("Caim" in t for t in texts(log))


def test_hell_blinded_by_science_failed_hearts_roll_loses_the_favour(make_state, data):
    st = earth_pair(make_state, {"earth": "hell.blinded-by-science"})
    log = run_soul(st, data, [4, 1])
    assert (st.players["a"].favours, st.players["a"].souls) == (0, 1)
    assert texts(log, "favour-lost") == [
        "Orias fails the Roll against Hearts of Blinded by Science and earns a no Favour."]


def test_hell_holy_war_doubles_the_soul_roll(make_state, data):
    """hell.holy-war: a Soul Roll of 4 gives 8 Souls."""
    st = earth_pair(make_state, {"earth": "hell.holy-war"})
    log = run_soul(st, data, [4])
    assert st.players["a"].souls == 3 + 8
    assert texts(log, "earth-income") == [
        "Orias on Earth sends 3 (Hearts) + 8 (Soul Roll 4, doubled by Holy War) = 11 Souls "
        "to a."]


def test_hell_holy_war_arrival_is_logged_and_a_replacement_ends_it(make_state, data):
    """hell.holy-war goes into the Earth box; World War replacing it ends the doubling."""
    st = earth_pair(make_state, {"earth": "hell.holy-war"})
    log = event("hell.world-war", st, data)
    assert st.permanent["earth"] == "hell.world-war"
    assert "recruiting a Lieutenant costs half the price" in texts(log, "event-lasting")[0]
    run_soul(st, data, [4])
    assert (st.players["a"].souls, st.players["a"].favours) == ((3 + 4) // 2, 0)


def test_hell_world_war_halves_earth_souls_and_gives_no_favour(make_state, data):
    """hell.world-war: (3 + 4) / 2 = 3 (HG-3.3-03 rounds down), no Favour."""
    st = earth_pair(make_state, {"earth": "hell.world-war"})
    log = run_soul(st, data, [4])
    assert (st.players["a"].souls, st.players["a"].favours) == (3, 0)
    assert texts(log, "favour-none") == [
        "Orias Walks the Earth, but World War grants a no Favour for it."]


@pytest.mark.parametrize("die, souls, favours, disfavours, hand", [
    (1, 3 + 5, 1, 0, 0), (4, (3 + 5) // 2, 1, 0, 0), (5, 0, 0, 0, 2), (6, 0, 0, 1, 0)])
def test_hell_new_age_rolls_for_each_daemon_on_earth(make_state, data, die, souls, favours,
                                                      disfavours, hand):
    """hell.new-age: 1-2 as usual, 3-4 half the Souls, 5 two Arcana, 6 one Disfavour
    (the "6" line wins over "5-6")."""
    st = earth_pair(make_state, {"earth": "hell.new-age"})
    script = [die] + ([5] if die <= 4 else [])
    log = run_soul(st, data, script)
    p = st.players["a"]
    assert (p.souls, p.favours, p.disfavours, len(p.hand)) == (souls, favours, disfavours, hand)
    assert texts(log, "new-age")[0].startswith(f"New Age: Orias (a) rolls {die} and ")


# -- Heaven: Crusade, Forgiveness --------------------------------------------------------------
def test_hell_crusade_default_nobody_joins(make_state, data):
    """hell.crusade: default IP-12, Orias stays out and collects as usual."""
    st = earth_pair(make_state, {"heaven": "hell.crusade"})
    log = run_soul(st, data, [2])
    assert (st.players["a"].souls, st.players["a"].favours, st.players["a"].hand) == (5, 1, [])
    assert texts(log, "crusade-stays-out") == [
        "Orias (a) does not join the Crusade (default IP-12: do not use)."]


def test_hell_crusade_joined_draws_three_arcana_instead(make_state, data):
    st = earth_pair(make_state, {"heaven": "hell.crusade"})
    log = run_soul(st, data, [], crusaders=("daemon.orias", "daemon.caim"))
    p = st.players["a"]
    assert (p.souls, p.favours, p.hand) == (0, 0, DECK[:3])
    assert texts(log, "crusade-joins") == [
        "Orias (a) joins the Crusade and draws 3 Arcana cards instead of Souls and Favour."]


def test_hell_forgiveness_pass_and_fail(make_state, data):
    """hell.forgiveness: Orias (Stars 3) fails with a 4: no Souls, no Favour, 1 Disfavour,
    and he is remembered; failing again in the next Soul Phase destroys him (to the
    bottom of the Daemon deck, HG-3.3-02); passing in between makes him safe again."""
    st = earth_pair(make_state, {"heaven": "hell.forgiveness"})
    log = run_soul(st, data, [4])
    p = st.players["a"]
    assert (p.souls, p.favours, p.disfavours) == (0, 0, 1)
    assert len(texts(log, "forgiveness-failed")) == 1
    assert st.forgiveness_failed == ["daemon.orias"] and not texts(log, "not-implemented")
    log = run_soul(st, data, [5])  # fails again: destroyed
    assert "daemon.orias" not in st.daemons and st.daemon_deck[-1] == "daemon.orias"
    assert texts(log, "forgiveness-destroyed") == [
        "Orias (a) failed Forgiveness last turn too and is destroyed."]
    assert st.forgiveness_failed == []
    st = earth_pair(make_state, {"heaven": "hell.forgiveness"})
    run_soul(st, data, [4])
    run_soul(st, data, [3, 2, 2])  # passes (then a Disfavour Roll, a Soul Roll): safe
    assert st.forgiveness_failed == [] and "daemon.orias" in st.daemons
    st = earth_pair(make_state, {"heaven": "hell.forgiveness"})
    log = run_soul(st, data, [3, 2])
    assert (st.players["a"].souls, st.players["a"].favours) == (5, 1)
    assert texts(log, "forgiveness-passed")


def test_hell_forgiveness_destroys_the_card_under_the_daemon_once(make_state, data):
    """hell.forgiveness with a card under the Daemon (Foci): destroyed, the Daemon takes
    the card with it to the bottom of the Arcana deck once (HG-3.3-02). Found by the
    Arcana self-play (bench/bench_cards.py): it was discarded twice."""
    st = earth_pair(make_state, {"heaven": "hell.forgiveness"})
    st.daemons["daemon.orias"].under = "arcana.foci"
    run_soul(st, data, [6])
    run_soul(st, data, [6])  # fails again: destroyed
    assert "daemon.orias" not in st.daemons
    assert st.arcana_deck.count("arcana.foci") == 1


# -- Christmas -------------------------------------------------------------------------------
@pytest.mark.parametrize("die, souls, favours, disfavours", [
    (1, 0, 2, 0), (3, 5, 1, 0), (5, 5, 0, 2), (6, 5, 0, 0)])
def test_hell_christmas_rolls_in_the_soul_phase(make_state, data, die, souls, favours,
                                                 disfavours):
    """hell.christmas: at 4-5 the 2 Disfavours come at once, so the Favour needs a
    Disfavour Roll (here a 2: failed)."""
    st = earth_pair(make_state)
    st.event = "hell.christmas"
    script = [die] + ([2] if die in (4, 5) else []) + ([2] if die >= 3 else [])
    log = run_soul(st, data, script)
    p = st.players["a"]
    assert (p.souls, p.favours, p.disfavours) == (souls, favours, disfavours)
    assert len(texts(log, "christmas")) == 1  # Caim is Incapacitated (HG-6.1-02)


def test_hell_christmas_arrival_announces_the_soul_phase_roll(make_state, data):
    st = earth_pair(make_state)
    log = event("hell.christmas", st, data)
    assert st.event == "hell.christmas"
    assert texts(log, "event-lasting")[0].startswith("Christmas: in this turn's Soul Phase")


# -- Sectio income: I Want It All, Vortex, Thou Art Not Real, Phenomena -------------------------
def test_hell_i_want_it_all_greedy_pays_nothing_and_costs_its_value(make_state, data):
    """hell.i-want-it-all: a's Greedy Sectio yield 0; a pays 2 for BANKERS but cannot pay
    3 more for THIEVES and loses it."""
    st = make_state({"a": {"souls": 4}}, owners={BANKERS: "a", THIEVES: "a"},
                    event="hell.i-want-it-all")
    log = run_soul(st, data)
    assert st.owners == {BANKERS: "a"} and st.players["a"].souls == 2
    assert texts(log, "sectio-income") == [
        "a gathers 0 Souls from Sectio (BANKERS AND BROKERS no Souls: I Want It All, "
        "THIEVES no Souls: I Want It All)."]
    assert texts(log, "greedy-lost") == ["I Want It All: a cannot pay 3 Souls for THIEVES "
                                         "and loses it."]


def test_hell_i_want_it_all_respects_the_boss_is_touchy(make_state, data):
    st = make_state({"a": {"souls": 0}}, owners={THIEVES: "a"}, event="hell.i-want-it-all",
                    warning_sign={"card": "hell.crusade",
                                  "phenomenon": "phenomenon.the-boss-is-touchy",
                                  "scope": "quarter", "sectio": [THIEVES]})
    log = run_soul(st, data)
    assert st.owners == {THIEVES: "a"}
    assert len(texts(log, "greedy-frozen")) == 1


def test_hell_vortex_destroys_antehell_and_stops_limbo_income(make_state, data):
    """hell.vortex: the Legion and Lieutenant in AnteHell die, Lilith is immune
    (HG-6.2.1-02); in the Soul Phase the Limbo yields no Souls and THE WISE MEN no cards
    (HG-7.2.2-02)."""
    st = make_state({"a": {}}, owners={PLAYGROUND: "a", UNDER: "a", WISE: "a"},
                    units=[("legion", "a", "antehell"), {"kind": "lilith", "owner": None,
                                                        "location": "antehell"}])
    log = event("hell.vortex", st, data)
    assert [u.kind for u in st.units] == ["lilith"]
    assert texts(log, "vortex") == ["Vortex: 1 Unit in AnteHell destroyed."]
    assert "Hellhound appears in each Limbo" in texts(log, "event-lasting")[0]
    log = run_soul(st, data)  # no die: THE WISE MEN is not rolled for
    assert st.players["a"].souls == 0 and st.players["a"].hand == []
    assert texts(log, "wise-men-none") == ["Vortex: THE WISE MEN yields a no cards this turn."]


def test_hell_thou_art_not_real_hook_no_heretics_income(make_state, data):
    st = make_state({"a": {}}, owners={IDOLATERS: "a", MEGALO: "a", THIEVES: "a"},
                    event="hell.thou-art-not-real")
    run_soul(st, data)
    assert st.players["a"].souls == 3 - 2  # only THIEVES, isolated


def test_phenomenon_need_for_change_and_end_of_season_use_the_card_number(make_state, data):
    """phenomenon.need-for-change: -2 from Tempers' grey box, -1 from Forgiveness';
    phenomenon.end-of-season: +2 from Boredom's."""
    for card, ph, souls, said in (
            ("hell.tempers", "phenomenon.need-for-change", 0 + 3, "-2 Souls."),
            ("hell.forgiveness", "phenomenon.need-for-change", 1 + 3, "-1 Soul."),  # issue 20
            ("hell.boredom", "phenomenon.end-of-season", 4 + 3, "+2 Souls.")):
        st = make_state({"a": {}}, owners={BANKERS: "a", THIEVES: "a"})
        log = phenomenon(ph, card, [BANKERS], st, data)
        assert texts(log, "income-change")[0].endswith(f"produces {said}")
        log = run_soul(st, data)
        assert st.players["a"].souls == souls, card
        assert texts(log, "sectio-income")[0].startswith(
            f"a gathers {souls} Souls from Sectio (BANKERS AND BROKERS 2{souls - 5:+d}")


@pytest.mark.parametrize("ph, card, n", [
    ("phenomenon.learning-from-the-damned", "hell.freebooters", 4),
    ("phenomenon.successful-research", "hell.walpurgis-night", 2)])
def test_phenomena_learning_from_the_damned_and_successful_research(make_state, data, ph,
                                                                   card, n):
    st = make_state({"a": {}}, owners={THIEVES: "a"}, arcana_deck=list(DECK))
    log = phenomenon(ph, card, [THIEVES], st, data)
    assert st.players["a"].hand == DECK[:n]
    assert len(texts(log, "phenomenon-draw")) == 1


def test_phenomenon_atrocious_insult_one_disfavour_per_sectio(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={BANKERS: "a", PLAYGROUND: "a", THIEVES: "b"})
    log = phenomenon("phenomenon.atrocious-insult", "hell.i-want-it-all",
                     list(data.quarter_members(1)), st, data)
    assert (st.players["a"].disfavours, st.players["b"].disfavours) == (2, 0)
    assert texts(log, "atrocious-insult") == [
        "Atrocious Insult: a controls 2 Sectio there and takes 2 Disfavours."]


def test_phenomenon_revoke_sectio_and_the_boss_is_touchy(make_state, data):
    # a keeps WISE: losing the last Sectio (the HG-15.2-01 rescue) is
    # test_sectio_rescue_hook.py's
    st = make_state({"a": {}}, owners={THIEVES: "a", WISE: "a"})
    log = phenomenon("phenomenon.revoke-sectio", "hell.christmas", [THIEVES], st, data)
    assert st.owners == {WISE: "a"} and len(texts(log, "sectio-revoked")) == 1
    st = make_state({"a": {}}, owners={THIEVES: "a"})
    log, dice = Log(), Dice(script=[])
    st.warning_sign = {"card": "hell.crusade", "phenomenon": "phenomenon.the-boss-is-touchy",
                       "scope": "quarter", "sectio": [THIEVES]}
    effects.PHENOMENA["phenomenon.revoke-sectio"](st, {}, dice, data, log, "hell.christmas",
                                                  [THIEVES])
    assert st.owners == {THIEVES: "a"} and len(texts(log, "ownership-frozen")) == 1


def test_phenomenon_auction_default_no_bids(make_state, data):
    st = make_state({"a": {"souls": 20}}, owners={THIEVES: "a"})
    log = phenomenon("phenomenon.auction", "hell.vortex", [THIEVES], st, data)
    assert st.owners == {THIEVES: "a"} and st.players["a"].souls == 20
    assert texts(log, "auction-no-bids") == [
        "Auction of THIEVES: no bids (default IP-05: no bid), so it stays with a."]


# -- Inquisition -----------------------------------------------------------------------------
def test_hell_inquisition_chooses_incapacitates_and_pays_skulls(make_state, data):
    """hell.inquisition: a and b vote for each other's Daemon; c votes for a's (a is
    nearest to winning: 2 Sectio in one Circle). Baal (Skulls 4) is chosen; the
    Incapacitated Caim cannot be (HG-6.1-02)."""
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.caim"]},
                     "b": {"daemons": ["daemon.orias"]}, "c": {}},
                    owners={BANKERS: "a", THIEVES: "a"},
                    daemons={"daemon.baal": EARTH, "daemon.caim": OFF, "daemon.orias": EARTH})
    log = event("hell.inquisition", st, data)
    assert st.permanent["earth"] == "hell.inquisition"
    assert st.daemons["daemon.baal"].incapacitated and st.players["a"].favours == 4
    assert not st.daemons["daemon.orias"].incapacitated
    assert texts(log, "inquisition") == [
        "Inquisition: Baal (a) is chosen to distract the Inquisition (default vote IP-06: "
        "Baal 2, Orias 1); it is Incapacitated and a gains 4 Favours (its Skulls)."]


def test_hell_inquisition_acts_again_in_the_next_hell_phase(make_state, data):
    """A tie of votes (one each) is broken by a die (HG-6.1-03)."""
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {"daemons": ["daemon.orias"]}},
                    turn=3, daemons={"daemon.baal": EARTH, "daemon.orias": EARTH},
                    permanent={"heaven": None, "earth": "hell.inquisition", "hell": None})
    log, dice = Log(), Dice(script=[2])
    hell_phase.run(st, {}, dice, data, log)  # empty decks: no card, no Arcana
    dice.finish()
    assert st.daemons["daemon.orias"].incapacitated and st.players["b"].favours == 2
    assert texts(log, "inquisition")


def test_hell_inquisition_with_nobody_on_earth_does_nothing(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}},
                    daemons={"daemon.baal": OFF})
    log = event("hell.inquisition", st, data)
    assert texts(log, "event-no-effect") == [
        "Inquisition: no active Daemon Walks the Earth; nobody is chosen."]


# -- Zagam -------------------------------------------------------------------------------------
@pytest.mark.parametrize("die, souls, disfavours", [(3, 6, 0), (4, 0, 0), (6, 0, 1)])
def test_ability_zagam_rolls_against_stars_for_six_souls(make_state, data, die, souls,
                                                          disfavours):
    """ability.zagam (Stars 3), in Hell, with ZAGAM TESTS STARS on the sheet."""
    st = make_state({"a": {"daemons": ["daemon.zagam"]}})
    log, dice = Log(), Dice(script=[die])
    soul.run(st, {"a": check_sheet(st, data, "a", "ZAGAM TESTS STARS")}, dice, data, log)
    dice.finish()
    assert (st.players["a"].souls, st.players["a"].disfavours) == (souls, disfavours)
    assert texts(log, "ability-souls")[0].startswith(f"Zagam (a) uses his ability and rolls "
                                                     f"{die} against Stars")


def test_ability_zagam_not_used_without_the_order_nor_incapacitated(make_state, data):
    """IP-12's default: Zagam does not roll unless his player orders ZAGAM TESTS STARS."""
    st = make_state({"a": {"daemons": ["daemon.zagam"]}})
    log = run_soul(st, data)
    assert st.players["a"].souls == 0 and len(texts(log, "ability-unused")) == 1
    assert "default IP-12: do not use" in texts(log, "ability-unused")[0]
    st = make_state({"a": {"daemons": ["daemon.zagam"]}},
                    daemons={"daemon.zagam": {"incapacitated": True}})
    log = run_soul(st, data)
    assert not texts(log, "ability-souls") and not texts(log, "ability-unused")
    assert "ability.zagam" in effects.ABILITIES
