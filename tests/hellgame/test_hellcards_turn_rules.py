"""Hell cards that change the Action, Summoning, Petitions and End Phases
(hellcards/turn_rules.py and its hooks), and Prufflas's ability."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from phase_runner import run_phase

from pbem.dice import Dice
from pbem.engine import ACCEPTED, LineResult, OrderSheet
from pbem_games.hellgame import action, effects, end_phase, events, petitions, summoning
from pbem_games.hellgame.action.conspire import choose
from pbem_games.hellgame.action.magic import cannot_pay
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.hellcards import turn_rules as tr
from pbem_games.hellgame.log import Log

DATA = load_data()
LIARS, FALSIFIERS, SUGAR = "sectio.liars", "sectio.falsifiers", "sectio.sugar-hill"
BEES, CRUSADE, RED_PERIL = "hell.the-bees", "hell.crusade", "hell.red-peril"
NO_PERMANENT = {"heaven": None, "earth": None, "hell": None}


def public(log, kind=None):
    return [e.text for e in log.events if e.visible_to is None and (kind is None
                                                                    or e.kind == kind)]


def private(log, player):
    return [e.text for e in log.events if e.visible_to == (player,)]


def draw(st, card, script=()):
    """Resolve `card` as this turn's Event (HG-6.1-01); returns the log."""
    log, dice = Log(), Dice(script=list(script))
    events.resolve_event(st, {}, dice, DATA, log, card)
    dice.finish()
    return log


def petition_sheet(player, *sectio):
    return OrderSheet(player, [LineResult(i, f"PETITION {s}", ACCEPTED, order={
        "type": "PETITION", "sectio": s}) for i, s in enumerate(sectio, start=1)])


def run_petitions(st, sheets, log=None, script=()):
    log, dice = log or Log(), Dice(script=list(script))
    petitions.run(st, sheets, dice, DATA, log)
    dice.finish()
    return log


def test_every_card_of_this_module_is_registered():
    for card in (tr.TWELFTH_NIGHT, tr.MAGIC_BURNOUT, tr.TRINITY, tr.SPIRITUAL_REVIVAL,
                 tr.WALPURGIS_NIGHT, tr.IMPOSTOR, tr.COUNCIL, tr.LONG_PARLIAMENT,
                 tr.MAD_SCIENTIST, tr.RITES_OF_SPRING):
        assert card in effects.HELL_CARDS
    assert tr.FREE_PETITION in effects.PHENOMENA
    assert tr.PRUFFLAS in effects.ABILITIES


# -- Twelfth Night ------------------------------------------------------------------------

def test_twelfth_night_reverses_the_rank_order(make_state):
    """hell.twelfth-night: the highest Rank Number acts first; an Incapacitated Daemon
    stays off the track (HG-9.0-02)."""
    st = make_state({"a": {"daemons": ["daemon.sammael", "daemon.baal"]},
                     "b": {"daemons": ["daemon.naburos", "daemon.caim"]}},
                    daemons={"daemon.caim": {"incapacitated": True}})
    log = draw(st, tr.TWELFTH_NIGHT)
    assert public(log, "twelfth-night")
    log = run_phase(action.run, st, DATA)
    assert public(log, "twelfth-night-order") == [
        "Twelfth Night: the Daemons act in reverse Rank order: Naburos, Baal, Sammael."]
    passes = [e.data["daemon"] for e in log.events if e.kind == "pass-for-good"]
    assert passes == ["daemon.naburos", "daemon.baal", "daemon.sammael"]
    end_phase.hell_cards_over(st, Log())  # the turn is over: the order is normal again
    assert action.queue.build(st, DATA).waiting == ["daemon.sammael", "daemon.baal",
                                                    "daemon.naburos"]


# -- Magic Burnout --------------------------------------------------------------------------

def _incubus(make_state, permanent):
    return make_state({"a": {"daemons": ["daemon.balban"], "hand": ["arcana.incubus"]},
                       "b": {"daemons": ["daemon.ashtaroth"], "hand": ["arcana.it-did-not-work"]}},
                      daemons={"daemon.balban": {"where": "earth", "walk_card": "arcana.frenzy"},
                               "daemon.ashtaroth": {"where": "earth",
                                                    "walk_card": "arcana.rage"}},
                      permanent={**NO_PERMANENT, **permanent})


def test_magic_burnout_forbids_casting_on_earth(make_state):
    """hell.magic-burnout: Balban, on Earth, may not cast Incubus on a Daemon on Earth;
    the line fails at no cost and the next alternative (default) is taken."""
    st = _incubus(make_state, {"earth": tr.MAGIC_BURNOUT})
    log = run_phase(action.run, st, DATA, orders={"a": "Balban: CAST Incubus ON Ashtaroth\n"})
    assert st.players["a"].hand == ["arcana.incubus"]
    assert not st.daemons["daemon.ashtaroth"].incapacitated
    assert any("Magic Burnout is in play" in t for t in private(log, "a"))


def test_magic_burnout_no_counter_from_earth(make_state):
    """hell.magic-burnout: a Daemon on Earth cannot Counter either; Balban in Hell casts."""
    st = _incubus(make_state, {"earth": tr.MAGIC_BURNOUT})
    st.daemons["daemon.balban"].where, st.daemons["daemon.balban"].walk_card = "hell", None
    st.daemons["daemon.ashtaroth"].where = "hell"
    st.daemons["daemon.ashtaroth"].walk_card = None
    # in Hell both: the Counter works
    run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\n",
        "b": "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
    assert st.players["b"].hand == []
    st = _incubus(make_state, {"earth": tr.MAGIC_BURNOUT})
    st.daemons["daemon.balban"].where, st.daemons["daemon.balban"].walk_card = "hell", None
    # Ashtaroth is on Earth: Incubus is cast from Hell, she may not counter from Earth
    run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\n",
        "b": "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
    assert st.players["b"].hand == ["arcana.it-did-not-work"]


# -- Trinity --------------------------------------------------------------------------------

def test_trinity_evil_deeds_succeed_on_five(make_state):
    """hell.trinity: Do Evil Deeds scores on 5 or 6; gone when replaced in Heaven."""
    st = make_state({"a": {"daemons": ["daemon.sammael"]}, "b": {}},
                    daemons={"daemon.sammael": {"where": "earth"}},
                    permanent=dict(NO_PERMANENT))
    log = draw(st, tr.TRINITY)
    assert st.permanent["heaven"] == tr.TRINITY and public(log, "trinity")
    log = run_phase(action.run, st, DATA, orders={"a": "Sammael: EVIL DEEDS\n"},
                    script=[6, 5, 4, 1, 5])
    assert st.players["a"].favours == 3
    assert "scoring on 5 or more under Trinity" in public(log, "evil-deeds")[0]
    events.place_permanent(st, DATA, Log(), CRUSADE, "HG-6.1.1-01")  # a new Heaven card
    st.event = None
    run_phase(action.run, st, DATA, orders={"a": "Sammael: EVIL DEEDS\n"},
              script=[6, 5, 4, 1, 5])
    assert st.players["a"].favours == 4


# -- Spiritual Revival ------------------------------------------------------------------------

def test_spiritual_revival_discards_the_earth_card_and_doubles_walk(make_state):
    """hell.spiritual-revival: the Permanent Earth card is discarded at once; Walk the
    Earth cards cost double (Blood for Lilith: 2 -> 4)."""
    st = make_state({"a": {"souls": 4, "daemons": ["daemon.sammael"],
                           "hand": ["arcana.blood-for-lilith"]}, "b": {}},
                    permanent={**NO_PERMANENT, "earth": BEES}, hell_deck=[])
    log = draw(st, tr.SPIRITUAL_REVIVAL)
    assert st.permanent == {"heaven": tr.SPIRITUAL_REVIVAL, "earth": None, "hell": None}
    assert st.hell_deck == [BEES]
    assert public(log, "revival-discards") == [
        "Spiritual Revival: The Bees is discarded from the Permanent Earth box."]
    log = run_phase(action.run, st, DATA, orders={"a": "Sammael: WALK THE EARTH\n"})
    assert st.players["a"].souls == 0 and st.daemons["daemon.sammael"].where == "earth"
    assert public(log, "walk-the-earth") == [
        "Sammael (a) Walks the Earth, playing Blood for Lilith (4 Souls, doubled by "
        "Spiritual Revival)"]


def test_spiritual_revival_keeps_earth_cards_out(make_state):
    """hell.spiritual-revival: no Permanent Earth card can be placed while it is in play
    (Conspire chooses none; `revival_discards` for a drawn one); a new Heaven card ends
    it, and the Walk cost is normal again."""
    order = {"wishes": ["any"], "never": []}
    perm = {**NO_PERMANENT, "heaven": tr.SPIRITUAL_REVIVAL}
    assert choose([BEES, RED_PERIL], order, perm, DATA) == RED_PERIL
    assert choose([BEES], order, perm, DATA) is None
    st = make_state(["a", "b"], permanent={**perm, "earth": BEES}, hell_deck=[])
    log = Log()
    assert tr.revival_discards(st, DATA, log, BEES)
    assert st.permanent["earth"] is None and st.hell_deck == [BEES]
    assert not tr.revival_discards(st, DATA, log, RED_PERIL)
    assert tr.walk_cost(st, 2) == 4
    events.place_permanent(st, DATA, Log(), CRUSADE, "HG-6.1.1-01")
    assert tr.walk_cost(st, 2) == 2
    assert choose([BEES], order, st.permanent, DATA) == BEES


def test_spiritual_revival_with_an_empty_earth_box(make_state):
    """hell.spiritual-revival: nothing to discard (HG-6.1-04)."""
    st = make_state(["a", "b"], permanent=dict(NO_PERMANENT))
    log = draw(st, tr.SPIRITUAL_REVIVAL)
    assert public(log, "event-no-effect") == [
        "The Permanent Earth box is empty: Spiritual Revival discards nothing."]


# -- World War, Mad Scientist, Prufflas (Summoning) -------------------------------------------

BOXES = [["lieutenant.alastor"], ["lieutenant.tammerlane"], ["lieutenant.semiazas"]]


def recruiter(make_state, souls=10, daemons=(), **kw):
    return make_state({"a": {"souls": souls, "hand": ["arcana.belladonna"],
                             "daemons": list(daemons)}, "b": {}},
                      units=[("legion", "a", LIARS)], owners={LIARS: "a", SUGAR: "a"},
                      lieutenant_boxes=[list(b) for b in BOXES], **kw)


def test_world_war_halves_the_lieutenant_price(make_state):
    """hell.world-war, HG-3.3-03: Belladonna's 3 Souls halved, rounded down, to 1."""
    st = recruiter(make_state, permanent={**NO_PERMANENT, "earth": tr.WORLD_WAR})
    log = run_phase(summoning.run, st, DATA, {"a": "RECRUIT"}, [5])
    assert st.players["a"].souls == 9
    assert "Recruit Lieutenant, 1 Soul, halved by World War" in public(log, "recruit")[0]


def test_mad_scientist_default_pays_the_usual_prices(make_state):
    """hell.mad-scientist: by default a Triumvirate does not take the offer (logged)."""
    st = recruiter(make_state, permanent={**NO_PERMANENT, "hell": tr.MAD_SCIENTIST})
    log = run_phase(summoning.run, st, DATA, {"a": "LEGIONS 1\nRECRUIT"}, [5])
    assert st.players["a"].souls == 10 - 3 - 3 and st.players["a"].disfavours == 0
    assert public(log, "mad-scientist") == [
        "Mad Scientist: a pays the usual prices (default: he does not take the cheap offer, "
        "which costs a Disfavour)."]


def test_mad_scientist_cheap_path(make_state):
    """hell.mad-scientist: Legions for 2 Souls, Lieutenants at half cost (3 -> 1, with
    World War too 3 -> 1 -> 0), 1 Disfavour for the phase."""
    from pbem_games.hellgame.orders import check_sheet

    st = recruiter(make_state, permanent={**NO_PERMANENT, "hell": tr.MAD_SCIENTIST})
    sheets = {"a": check_sheet(st, DATA, "a", "LEGIONS 2\nRECRUIT"), "b": None}
    log, dice = Log(), Dice(script=[5])
    summoning.run(st, sheets, dice, DATA, log, mad_scientist=frozenset({"a"}))
    assert st.players["a"].souls == 10 - 2 * 2 - 1
    assert st.players["a"].disfavours == 1
    assert public(log, "mad-scientist-disfavour")
    assert summoning.lieutenant_price(st, 3, True)[0] == 1
    st.permanent["earth"] = tr.WORLD_WAR
    assert summoning.lieutenant_price(st, 3, True) == (
        0, ", halved by World War and halved by Mad Scientist")


def test_ability_prufflas_picks_the_best_box(make_state):
    """ability.prufflas: no die for the box; default: the top Lieutenant with the highest
    Leadership (Semiazas, 5, in box 3)."""
    st = recruiter(make_state, daemons=["daemon.prufflas"])
    log = run_phase(summoning.run, st, DATA, {"a": "RECRUIT"}, [])
    lts = [u.ref for u in st.units_of("a", "lieutenant")]
    assert lts == ["lieutenant.semiazas"]
    assert public(log, "prufflas")[0].startswith("Prufflas (a): a picks a Lieutenant freely")
    assert "picks freely (Prufflas): Semiazas from box 3" in public(log, "recruit")[0]


def test_ability_prufflas_tie_and_incapacitated(make_state):
    """ability.prufflas: a die breaks a tie of Leadership; an Incapacitated Prufflas's
    ability is off (HG-3.3-04), so the box is rolled for."""
    st = recruiter(make_state, daemons=["daemon.prufflas"])
    st.lieutenant_boxes = [["lieutenant.tammerlane"], ["lieutenant.alastor"],
                           ["lieutenant.pytho"]]  # 4, 2, 4
    run_phase(summoning.run, st, DATA, {"a": "RECRUIT"}, [2])  # the die picks box 3
    assert [u.ref for u in st.units_of("a", "lieutenant")] == ["lieutenant.pytho"]
    st = recruiter(make_state, daemons=["daemon.prufflas"])
    st.daemons["daemon.prufflas"].incapacitated = True
    log = run_phase(summoning.run, st, DATA, {"a": "RECRUIT"}, [1])  # 1 -> box 1
    assert [u.ref for u in st.units_of("a", "lieutenant")] == ["lieutenant.alastor"]
    assert not public(log, "prufflas")


# -- Walpurgis Night ------------------------------------------------------------------------

def _walpurgis(make_state, down):
    st = make_state({"a": {"favours": 1, "daemons": ["daemon.baal"]},
                     "b": {"daemons": ["daemon.caim"]}},
                    units=[("legion", "a", FALSIFIERS)],
                    daemons={"daemon.baal": {"where": "earth", "incapacitated": down},
                             "daemon.caim": {"where": "earth", "incapacitated": True}})
    return st


def test_walpurgis_night_failed_refuses_petitions(make_state):
    """hell.walpurgis-night: one Incapacitated Daemon on Earth for two Triumvirates:
    Lucifer refuses every petition this turn."""
    st = _walpurgis(make_state, False)
    draw(st, tr.WALPURGIS_NIGHT)
    log = Log()
    action.run(st, {"a": None, "b": None}, Dice(script=[]), DATA, log)
    assert public(log, tr.WALPURGIS_FAILED) == [
        "Walpurgis Night: only 1 Incapacitated Daemon on Earth, 2 needed: Lucifer refuses "
        "every petition this turn."]
    run_petitions(st, {"a": petition_sheet("a", FALSIFIERS)}, log)
    assert FALSIFIERS not in st.owners and st.players["a"].favours == 1
    assert any("Walpurgis Night failed" in t for t in private(log, "a"))


def test_walpurgis_night_kept(make_state):
    """hell.walpurgis-night: two Incapacitated Daemons on Earth: petitions are heard."""
    st = _walpurgis(make_state, True)
    draw(st, tr.WALPURGIS_NIGHT)
    log = Log()
    action.run(st, {"a": None, "b": None}, Dice(script=[]), DATA, log)
    assert public(log, "walpurgis-kept")
    run_petitions(st, {"a": petition_sheet("a", FALSIFIERS)}, log)
    assert st.owners[FALSIFIERS] == "a"


# -- Lucifer - An Impostor? -------------------------------------------------------------------

def test_lucifer_an_impostor_no_petitions_no_buy_off_no_atonement(make_state):
    """hell.lucifer-an-impostor: no petition (Favour or Victor's Right), no Atonement and
    Supplication, no buying off Disfavours, no card that costs a Favour."""
    st = make_state({"a": {"favours": 4, "disfavours": 1, "daemons": ["daemon.baal"]},
                     "b": {}}, units=[("legion", "a", FALSIFIERS)],
                    combat_wins={LIARS: {"winners": ["a"], "rounds": 1}})
    log = draw(st, tr.IMPOSTOR)
    assert public(log, "impostor")
    alog = run_phase(action.run, st, DATA, orders={"a": "Baal: ATONE\n"})
    assert any("Lucifer - An Impostor? hears no supplication" in t for t in private(alog, "a"))
    plog = run_petitions(st, {"a": petition_sheet("a", FALSIFIERS)})
    assert public(plog, "petitions-refused") == [
        "No petition is heard: this turn Lucifer - An Impostor? hears no petition."]
    assert FALSIFIERS not in st.owners and LIARS not in st.owners
    elog = Log()
    end_phase.buy_off(st, {}, elog)
    assert (st.players["a"].favours, st.players["a"].disfavours) == (4, 1)
    assert public(elog, "buy-off-refused")
    actx = SimpleNamespace(st=st, data=DATA)
    assert "Lucifer - An Impostor?" in cannot_pay(actx, "a", DATA.arcana["arcana.defection"])
    assert cannot_pay(actx, "a", DATA.arcana["arcana.incubus"]) is None
    end_phase.hell_cards_over(st, Log())  # next turn: all allowed again
    assert cannot_pay(actx, "a", DATA.arcana["arcana.defection"]) is None


# -- Council and Long Parliament ------------------------------------------------------------------

def _diplomats(make_state, **daemons):
    return make_state({"a": {"daemons": ["daemon.sammael", "daemon.baal"]},
                       "b": {"daemons": ["daemon.asmodeus", "daemon.caim"]}},
                      daemons={"daemon.sammael": {"where": "earth"},
                               "daemon.asmodeus": {"where": "hell"}, **daemons},
                      permanent=dict(NO_PERMANENT))


def test_council_highest_ranking_daemon_must_do_diplomacy(make_state):
    """hell.council: Sammael (a's top) does Evil Deeds; Asmodeus (b's top) Passes for
    Good, so b takes 1 Disfavour."""
    st = _diplomats(make_state)
    draw(st, tr.COUNCIL)
    log = run_phase(action.run, st, DATA, orders={"a": "Sammael: EVIL DEEDS\n"},
                    script=[1, 1, 1, 1, 1])
    assert (st.players["a"].disfavours, st.players["b"].disfavours) == (0, 1)
    assert public(log, "council-disobeyed") == [
        "Council: Asmodeus (b) took no Diplomacy Action: b takes 1 Disfavour for "
        "disobedience."]


def test_council_skips_an_incapacitated_daemon(make_state):
    """hell.council, HG-6.1-02: Asmodeus is Incapacitated, so Caim is b's highest-ranking
    active Daemon, and Caim atones."""
    st = _diplomats(make_state, **{"daemon.asmodeus": {"incapacitated": True}})
    draw(st, tr.COUNCIL)
    run_phase(action.run, st, DATA, orders={"a": "Sammael: EVIL DEEDS\n",
                                            "b": "Caim: ATONE\n"},
              script=[1, 1, 1, 1, 1, 3, 3])
    assert st.players["b"].disfavours == 0 and st.players["a"].disfavours == 0


def test_long_parliament_attend_or_disfavour_and_favour(make_state):
    """hell.long-parliament: a's Sammael attends (Evil Deeds); b sends nobody and takes
    1 Disfavour; in the End Phase the attending Daemon with the most Hearts earns 1
    Favour."""
    st = _diplomats(make_state)
    draw(st, tr.LONG_PARLIAMENT)
    assert st.permanent["hell"] == tr.LONG_PARLIAMENT
    log = Log()
    action.run(st, {"a": None, "b": None}, Dice(script=[]), DATA, log)
    assert st.players["a"].disfavours == 1 and st.players["b"].disfavours == 1
    log = run_phase(action.run, st, DATA, orders={"a": "Sammael: EVIL DEEDS\n"},
                    script=[1, 1, 1, 1, 1])
    assert (st.players["a"].disfavours, st.players["b"].disfavours) == (1, 2)
    assert public(log, tr.ATTENDS)
    tr.long_parliament_favour(st, DATA, Dice(script=[]), log)
    assert st.players["a"].favours == 1
    assert public(log, "long-parliament-favour") == [
        "Long Parliament: Sammael (a) has the most Hearts of the attending Daemons: a gains "
        "1 Favour."]


def test_long_parliament_ends_when_replaced(make_state):
    """hell.long-parliament: Red Peril replaces it: nobody owes a Diplomacy Action."""
    st = _diplomats(make_state)
    draw(st, tr.LONG_PARLIAMENT)
    end_phase.hell_cards_over(st, Log())
    events.place_permanent(st, DATA, Log(), RED_PERIL, "HG-6.1.1-01")
    run_phase(action.run, st, DATA)
    assert st.players["a"].disfavours == 0 and st.players["b"].disfavours == 0


# -- Rites of Spring ------------------------------------------------------------------------------

def test_rites_of_spring_votes_by_hearts(make_state):
    """hell.rites-of-spring: a owns the most Sectio in one Circle, so every voter of
    another Triumvirate votes for a's Daemons (IP-06), while a's own Daemons vote for
    b's. The Incapacitated Ashtaroth neither votes nor is chosen; the sexless Agares takes
    no part."""
    st = make_state({"a": {"daemons": ["daemon.sammael", "daemon.asmodeus"]},
                     "b": {"daemons": ["daemon.baal", "daemon.caim", "daemon.agares"]},
                     "c": {"daemons": ["daemon.ashtaroth"]}},
                    daemons={"daemon.ashtaroth": {"incapacitated": True}},
                    owners={LIARS: "a"})
    log = draw(st, tr.RITES_OF_SPRING)
    votes = public(log, "rites-vote")
    # females (Asmodeus 5 Hearts for Baal; Caim 1 Heart for Sammael): males
    assert votes[0].startswith("Rites of Spring: the male Daemon is Baal (b) (votes by "
                               "Hearts: Baal 5, Sammael 1;")
    # males (Sammael votes Caim, 5; Baal votes Asmodeus, 3)
    assert votes[1].startswith("Rites of Spring: the female Daemon is Caim (b) (votes by "
                               "Hearts: Caim 5, Asmodeus 3;")
    assert st.daemons["daemon.baal"].incapacitated and st.daemons["daemon.caim"].incapacitated
    assert not st.daemons["daemon.sammael"].incapacitated
    assert st.players["b"].favours == 2 and st.players["a"].favours == 0


# -- Free Petition and The Boss Is Touchy ----------------------------------------------

def test_phenomenon_free_petition(make_state):
    """phenomenon.free-petition: a petition in the struck area needs no Favour."""
    st = make_state({"a": {}, "b": {}}, units=[("legion", "a", FALSIFIERS),
                                               ("legion", "a", SUGAR)])
    log = Log()
    effects.PHENOMENA[tr.FREE_PETITION](st, {}, Dice(script=[]), DATA, log,
                                         "hell.orgasmatron", [FALSIFIERS])
    st.warning_sign = {"card": "hell.orgasmatron", "phenomenon": tr.FREE_PETITION,
                       "scope": "circle", "sectio": [FALSIFIERS]}
    assert public(log, "free-petition")
    plog = run_petitions(st, {"a": petition_sheet("a", FALSIFIERS, SUGAR)})
    assert st.owners == {FALSIFIERS: "a"}
    assert public(plog, "petition") == [
        "a petitions at no cost (Free Petition) and takes control of FALSIFIERS, unowned "
        "until now (HG-12.0-04)."]


def test_the_boss_is_touchy_freezes_petitions(make_state):
    """events.ownership_frozen: no petition changes a frozen Sectio; the refusal is
    logged to the petitioner."""
    st = make_state({"a": {"favours": 1}, "b": {}}, units=[("legion", "a", FALSIFIERS)],
                    warning_sign={"card": "hell.crusade",
                                  "phenomenon": "phenomenon.the-boss-is-touchy",
                                  "scope": "quarter", "sectio": [FALSIFIERS]})
    log = run_petitions(st, {"a": petition_sheet("a", FALSIFIERS)})
    assert FALSIFIERS not in st.owners and st.players["a"].favours == 1
    assert any("The Boss Is Touchy" in t for t in private(log, "a"))


# -- Tempers -------------------------------------------------------------------------------

def test_tempers_a_counter_costs_a_disfavour(make_state):
    """hell.tempers (lasting effect): Ashtaroth's Counter gives b 1 Disfavour."""
    st = _incubus(make_state, {"hell": tr.TEMPERS})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\n",
        "b": "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
    assert st.players["b"].disfavours == 1 and st.players["a"].disfavours == 0
    assert public(log, "tempers-counter") == [
        "Tempers: b played a Counter and takes 1 Disfavour."]


@pytest.mark.parametrize("event", [tr.IMPOSTOR])
def test_tempers_and_lucifer_an_impostor_no_counter(make_state, event):
    """hell.tempers with hell.lucifer-an-impostor: a Counter would cost a Disfavour, which
    may not be used this turn, so none is played."""
    st = _incubus(make_state, {"hell": tr.TEMPERS})
    st.event = event
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\n",
        "b": "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
    assert st.players["b"].hand == ["arcana.it-did-not-work"]
    assert st.daemons["daemon.ashtaroth"].incapacitated
    assert private(log, "b")


def test_magic_burnout_ends_when_replaced(make_state):
    """hell.magic-burnout: The Bees replace it in the Earth box: casting on Earth works."""
    st = _incubus(make_state, {"earth": tr.MAGIC_BURNOUT})
    events.place_permanent(st, DATA, Log(), BEES, "HG-6.1.1-01")
    run_phase(action.run, st, DATA, orders={"a": "Balban: CAST Incubus ON Ashtaroth\n"})
    assert st.daemons["daemon.ashtaroth"].incapacitated


def test_long_parliament_favour_skips_an_incapacitated_attendee(make_state):
    """hell.long-parliament, HG-6.1-02: the attendee Incapacitated since the Action Phase
    earns nothing; the other attendee does."""
    st = _diplomats(make_state)
    draw(st, tr.LONG_PARLIAMENT)
    log = run_phase(action.run, st, DATA, orders={"a": "Sammael: EVIL DEEDS\n",
                                                  "b": "Asmodeus: ATONE\n"},
                    script=[1, 1, 1, 1, 1, 5, 5])
    assert len(public(log, tr.ATTENDS)) == 2
    st.daemons["daemon.sammael"].incapacitated = True
    tr.long_parliament_favour(st, DATA, Dice(script=[]), log)
    assert (st.players["a"].favours, st.players["b"].favours) == (0, 1)


def test_lucifer_an_impostor_no_favour_for_influence_at_home(make_state):
    """hell.lucifer-an-impostor: Influencing a Unit at home costs a Favour
    (HG-9.7.1-02), which may not be used this turn: the line fails at no cost."""
    st = make_state({"a": {"favours": 2, "daemons": ["daemon.baal"]}, "b": {}},
                    owners={FALSIFIERS: "b"}, units=[("legion", "b", FALSIFIERS)])
    st.event = tr.IMPOSTOR
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: INFLUENCE LEGION OF b AT Falsifiers DISBAND PAY FAVOUR\n"})
    assert st.players["a"].favours == 2 and len(st.units) == 1
    assert any("Lucifer - An Impostor? forbids using one" in t for t in private(log, "a"))


def test_ability_prufflas_picks_by_standing_order(make_state):
    """ability.prufflas with PRUFFLAS PICKS: the first Lieutenant named that is on top of
    a box is taken (Alastor, box 2), no die; a name not on top is passed over."""
    st = recruiter(make_state, daemons=["daemon.prufflas"])
    st.lieutenant_boxes = [["lieutenant.tammerlane"], ["lieutenant.alastor"],
                           ["lieutenant.pytho"]]
    log = run_phase(summoning.run, st, DATA,
                    {"a": "RECRUIT\nPRUFFLAS PICKS Sulla, Alastor"}, [])
    assert [u.ref for u in st.units_of("a", "lieutenant")] == ["lieutenant.alastor"]
    assert public(log, "prufflas") == [
        "Prufflas (a): a picks Lieutenant Alastor freely instead of rolling, from box 2 "
        "(PRUFFLAS PICKS)."]
