"""The last five Daemon abilities: Agares, Asmodeus, Belphegor, Sammael, Xaphan
(action/abilities.py, cards.py, orders/abilities.py)."""

from __future__ import annotations

from phase_runner import run_phase

from pbem.dice import Dice
from pbem.engine import ILLEGAL, INVALID
from pbem_games.hellgame import action, effects, hell_phase
from pbem_games.hellgame.action import abilities
from pbem_games.hellgame.cards import gain_arcana, hand_limit
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet
from pbem_games.hellgame.state import ANTEHELL, LILITH

DATA = load_data()
DECK = ["arcana.frenzy", "arcana.belladonna", "arcana.black-rainbow", "arcana.entrapment",
        "arcana.atrocity", "arcana.a-small-favour"]
OLD = ["arcana.berserk-rage", "arcana.dont-eat-that", "arcana.carnossa",
       "arcana.duel-of-sorcery", "arcana.fly"]
PRA = "arcana.a-bad-day"  # a Play Right Away card
HOLY_WAR, TWELFTH = "hell.holy-war", "hell.twelfth-night"  # Cave-in
COUNCIL, BOREDOM = "hell.council", "hell.boredom"  # Lightning, End of Season


def sheet(st, player, text):
    s = check_sheet(st, DATA, player, text)
    assert not s.problems, [p.message for p in s.problems]
    return s


def line(st, player, text):
    s = check_sheet(st, DATA, player, text)
    assert len(s.lines) == 1
    return s.lines[0]


def public(log, prefix="ability"):
    return [(e.kind, e.text) for e in log.events
            if e.visible_to is None and e.kind.startswith(prefix)]


def test_the_five_abilities_are_registered():
    done = {"ability.agares", "ability.asmodeus", "ability.belphegor", "ability.sammael",
            "ability.xaphan"}
    assert done <= set(effects.ABILITIES)
    assert not done & set(effects.coverage(DATA)["daemon_abilities"]["missing"])


# -- Agares ------------------------------------------------------------------------------------

def test_ability_agares_on_earth_cannot_be_incapacitated(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.agares", "daemon.baal"]}},
                    daemons={"daemon.agares": {"where": "earth"},
                             "daemon.baal": {"where": "earth"}})
    assert not abilities.can_be_incapacitated(st, DATA, "daemon.agares")
    assert abilities.can_be_incapacitated(st, DATA, "daemon.baal")
    st.daemons["daemon.agares"].where = "hell"
    assert abilities.can_be_incapacitated(st, DATA, "daemon.agares")


def test_ability_agares_is_immune_to_incubi_only():
    assert abilities.immune_to(DATA, "arcana.incubus", "daemon.agares")
    assert not abilities.immune_to(DATA, "arcana.frenzy", "daemon.agares")
    assert not abilities.immune_to(DATA, "arcana.incubus", "daemon.baal")


def test_ability_belphegor_is_male_in_hell_and_female_on_earth(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.belphegor", "daemon.agares",
                                               "daemon.xaphan"]}})
    assert abilities.daemon_sex(st, DATA, "daemon.belphegor") == "male"
    assert abilities.daemon_sex(st, DATA, "daemon.agares") == "sexless"
    assert abilities.daemon_sex(st, DATA, "daemon.xaphan") == "female"
    st.daemons["daemon.belphegor"].where = "earth"
    assert abilities.daemon_sex(st, DATA, "daemon.belphegor") == "female"
    st.daemons["daemon.belphegor"].incapacitated = True  # what he is, not an ability
    assert abilities.daemon_sex(st, DATA, "daemon.belphegor") == "female"


# -- Asmodeus ----------------------------------------------------------------------------------

def _gain(st, n=1):
    log = Log()
    gain_arcana(st, "a", n, Dice(script=[]), DATA, log, None, "test")
    return log


def test_ability_asmodeus_her_triumvirate_holds_six_cards(make_state):
    st = make_state({"a": {"hand": list(OLD), "daemons": ["daemon.asmodeus"]}, "b": {}},
                    arcana_deck=list(DECK))
    assert hand_limit(st, DATA, "a") == 6 and hand_limit(st, DATA, "b") == 5
    log = _gain(st)
    assert st.players["a"].hand == OLD + ["arcana.frenzy"]
    assert not [e for e in log.events if e.kind == "hand-limit"]
    log = _gain(st)
    assert st.players["a"].hand == OLD + ["arcana.frenzy"]
    assert [e.text for e in log.events if e.kind == "hand-limit"] == [
        "a holds more than 6 Arcana cards and throws away 1."]


def test_ability_asmodeus_incapacitated_the_limit_is_five(make_state):
    """HG-3.3-04: her ability is off while she is Incapacitated."""
    st = make_state({"a": {"hand": list(OLD), "daemons": ["daemon.asmodeus"]}},
                    arcana_deck=list(DECK), daemons={"daemon.asmodeus": {"incapacitated": True}})
    assert hand_limit(st, DATA, "a") == 5
    _gain(st)
    assert st.players["a"].hand == OLD


# -- Belphegor ---------------------------------------------------------------------------------

def _draw(st, text=None, script=()):
    sheets = {"a": sheet(st, "a", text)} if text else {}
    log, dice = Log(), Dice(script=list(script))
    hell_phase.draw_arcana(st, sheets, dice, DATA, log)
    dice.finish()
    return log


def test_ability_belphegor_redraws_the_first_card_his_order_names(make_state):
    """IP-07: BELPHEGOR REDRAWS Belladonna: drawn Frenzy, Belladonna; Belladonna goes to
    the bottom and Black Rainbow comes instead."""
    st = make_state({"a": {"daemons": ["daemon.belphegor", "daemon.baal"]}}, turn=2,
                    arcana_deck=list(DECK))
    log = _draw(st, "BELPHEGOR REDRAWS Belladonna, Frenzy")
    assert st.players["a"].hand == ["arcana.frenzy", "arcana.black-rainbow"]
    assert st.arcana_deck == DECK[3:] + ["arcana.belladonna"]
    assert public(log) == [("ability-redraw", "a discards one Arcana card just drawn and "
                                              "draws a replacement (Belphegor's ability).")]
    assert [e.text for e in log.events if e.kind == "ability-redraw-card"] == [
        "Belphegor: you discard Belladonna (BELPHEGOR REDRAWS) and draw Black Rainbow."]
    assert [e.visible_to for e in log.events if e.kind == "ability-redraw-card"] == [("a",)]


def test_ability_belphegor_default_no_redraw(make_state):
    """IP-07: without the order, no card is redrawn; nor when nothing drawn fits it."""
    for text in (None, "BELPHEGOR REDRAWS Atrocity"):
        st = make_state({"a": {"daemons": ["daemon.belphegor", "daemon.baal"]}}, turn=2,
                        arcana_deck=list(DECK))
        log = _draw(st, text)
        assert st.players["a"].hand == DECK[:2]
        assert not public(log)


def test_ability_belphegor_play_right_away_is_not_redrawn_but_a_replacement_can_be_one(
        make_state):
    st = make_state({"a": {"daemons": ["daemon.belphegor", "daemon.baal"]}}, turn=2,
                    arcana_deck=[PRA, "arcana.frenzy", PRA, "arcana.fly"])
    # each A Bad Day picks one of a's two Daemons with a die (playright.py)
    log = _draw(st, "BELPHEGOR REDRAWS A Bad Day, Frenzy", script=[1, 2])
    # A Bad Day was shown, resolved and put back, never in hand: Frenzy is redrawn, the
    # replacement is another A Bad Day, shown and resolved as any Play Right Away card.
    assert st.players["a"].hand == []
    assert [e.kind for e in log.events if e.kind == "play-right-away"] == [
        "play-right-away", "play-right-away"]
    assert st.arcana_deck == ["arcana.fly", PRA, "arcana.frenzy", PRA]


def test_ability_belphegor_incapacitated_does_not_redraw(make_state):
    """HG-3.3-04: an Incapacitated Belphegor's ability is off."""
    st = make_state({"a": {"daemons": ["daemon.belphegor", "daemon.baal"]}}, turn=2,
                    arcana_deck=list(DECK), daemons={"daemon.belphegor": {"incapacitated": True}})
    log = _draw(st, "BELPHEGOR REDRAWS Frenzy")
    assert st.players["a"].hand == ["arcana.frenzy"]
    assert not public(log)


def test_ability_belphegor_only_in_the_hell_phase(make_state):
    st = make_state({"a": {"daemons": ["daemon.belphegor"]}}, arcana_deck=list(DECK))
    log = Log()
    gain_arcana(st, "a", 1, Dice(script=[]), DATA, log,
                sheet(st, "a", "BELPHEGOR REDRAWS Frenzy"), "bought")
    assert st.players["a"].hand == ["arcana.frenzy"]


def test_belphegor_redraws_order_checks(make_state):
    st = make_state({"a": {"daemons": ["daemon.belphegor"]}, "b": {"daemons": ["daemon.baal"]}})
    assert line(st, "a", "belphegor redraws walk the earth; frenzy").canonical == \
        "BELPHEGOR REDRAWS Walk the Earth, Frenzy"
    assert line(st, "b", "BELPHEGOR REDRAWS Frenzy").status == ILLEGAL
    assert line(st, "a", "BELPHEGOR REDRAWS").status == INVALID


# -- Sammael -----------------------------------------------------------------------------------

def test_ability_sammael_incapacitates_himself_and_lilith_appears_in_antehell(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.sammael"]}, "b": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Sammael: ABILITY\n"})
    assert st.daemons["daemon.sammael"].incapacitated
    lil = [u for u in st.units if u.kind == LILITH]
    assert len(lil) == 1 and lil[0].location == ANTEHELL
    assert public(log) == [("ability-lilith", "Sammael (a) Incapacitates himself to call "
                                              "Lilith into AnteHell (his ability)")]
    assert [e.kind for e in log.events if e.kind.startswith("lilith")] == ["lilith-arrives"]


def test_ability_sammael_refused_on_earth_or_with_lilith_in_play(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.sammael"]}, "b": {}},
                    daemons={"daemon.sammael": {"where": "earth"}})
    run_phase(action.run, st, DATA, orders={"a": "Sammael: ABILITY\n"})
    assert not st.daemons["daemon.sammael"].incapacitated
    assert not [u for u in st.units if u.kind == LILITH]
    st = make_state(players={"a": {"daemons": ["daemon.sammael"]}, "b": {}},
                    units=[{"kind": LILITH, "owner": None, "location": "sectio.thieves"}])
    run_phase(action.run, st, DATA, orders={"a": "Sammael: ABILITY\n"})
    assert not st.daemons["daemon.sammael"].incapacitated
    assert [u.location for u in st.units if u.kind == LILITH] == ["sectio.thieves"]


# -- Xaphan ------------------------------------------------------------------------------------

def _xaphan(make_state, deck, orders="", **kw):
    st = make_state(players={"a": {"daemons": ["daemon.xaphan"]}, "b": {}},
                    hell_deck=list(deck), **kw)
    log = run_phase(action.run, st, DATA, orders={"a": orders + "Xaphan: ABILITY\n"})
    return st, log


def test_ability_xaphan_triggers_the_first_cards_phenomenon_by_default(make_state):
    """Holy War (Cave-in) and Council (Lightning) drawn; Twelfth Night's bottom line
    (The Weak Flesh) names the place; the Cave-in destroys the Legion there."""
    st, log = _xaphan(make_state, [HOLY_WAR, COUNCIL, TWELFTH, BOREDOM],
                      units=[("legion", "b", "sectio.the-weak-flesh")])
    assert st.hell_deck == [BOREDOM, HOLY_WAR, COUNCIL, TWELFTH]
    assert st.warning_sign["phenomenon"] == "phenomenon.cave-in"
    assert st.warning_sign["sectio"] == ["sectio.the-weak-flesh"]
    assert not st.units
    assert public(log) == [("ability-phenomenon", "Xaphan (a) triggers a Phenomenon (her "
                            "ability): she draws Holy War (Cave-in) and Council (Lightning) "
                            "and chooses Cave-in")]
    assert [e.text for e in log.events if e.kind == "ability-phenomenon-choice"] == [
        "Xaphan's choice: the first card drawn (no XAPHAN CHOOSES entry fits)."]
    assert [e.kind for e in log.events if e.kind in ("phenomenon", "cave-in")] == [
        "phenomenon", "cave-in"]


def test_ability_xaphan_chooses_by_her_standing_order(make_state):
    st, log = _xaphan(make_state, [COUNCIL, HOLY_WAR, TWELFTH],
                      orders="XAPHAN CHOOSES Auction, Cave-in\n",
                      units=[("legion", "b", "sectio.the-weak-flesh")])
    assert st.warning_sign["phenomenon"] == "phenomenon.cave-in"
    assert not st.units
    assert st.hell_deck == [COUNCIL, HOLY_WAR, TWELFTH]


def test_ability_xaphan_needs_three_hell_cards_and_hell(make_state):
    st, log = _xaphan(make_state, [HOLY_WAR, COUNCIL])
    assert st.hell_deck == [HOLY_WAR, COUNCIL] and st.warning_sign is None
    assert not public(log)
    st, log = _xaphan(make_state, [HOLY_WAR, COUNCIL, TWELFTH],
                      daemons={"daemon.xaphan": {"where": "earth"}})
    assert st.warning_sign is None and not public(log)


def test_ability_xaphan_incapacitated_takes_no_action(make_state):
    """HG-3.3-04: an Incapacitated Daemon does not act at all."""
    st = make_state(players={"a": {"daemons": ["daemon.xaphan"]}, "b": {}},
                    hell_deck=[HOLY_WAR, COUNCIL, TWELFTH],
                    daemons={"daemon.xaphan": {"incapacitated": True}})
    run_phase(action.run, st, DATA, orders={"a": "XAPHAN CHOOSES Cave-in\n"})
    assert st.hell_deck == [HOLY_WAR, COUNCIL, TWELFTH] and st.warning_sign is None


def test_xaphan_chooses_order_checks(make_state):
    st = make_state({"a": {"daemons": ["daemon.xaphan"]}, "b": {"daemons": ["daemon.baal"]}})
    assert line(st, "a", "xaphan chooses cave-in; lightning").canonical == \
        "XAPHAN CHOOSES Cave-in, Lightning"
    assert line(st, "b", "XAPHAN CHOOSES Cave-in").status == ILLEGAL
    assert line(st, "a", "XAPHAN CHOOSES Sunshine").status == INVALID
