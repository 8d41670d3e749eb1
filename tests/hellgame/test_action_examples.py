"""The rulebook's narrated Action Phase examples, played from order sheets through the real
phases (action.run, soul.run) with scripted dice: 000 §9.7 "Example: Action Phase" and
000 §9.6 "Example: Walking the Earth". Where an example contradicts a rule, or names
something the engine cannot do, the test follows the rule and its docstring says so."""

from phase_runner import run_phase

from pbem_games.hellgame import action, soul
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()

# The Violent Circle (Beast) and the Fraud Circle inward of it (Void), Quarters 2-5
BASEMENT, BAD_PEOPLE = "sectio.basement-of-wanton-killers", "sectio.bad-people"
TYRANTS, DOGS = "sectio.tyrants", "sectio.dogs-of-war"
LIARS, FALSIFIERS = "sectio.liars", "sectio.falsifiers"
SOWERS, COURT = "sectio.sowers-of-scandal", "sectio.court-of-corruption"
SULLA, LEBERECHT, ALASTOR = "lieutenant.sulla", "lieutenant.leberecht", "lieutenant.alastor"


def acts(log) -> list[tuple[str, str]]:
    """(kind, text) of the public events, in order."""
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


def wealth(st) -> dict[str, tuple[int, int, list[str]]]:
    return {p: (st.players[p].souls, st.players[p].favours, st.players[p].hand)
            for p in st.seats}


def test_hg_9_example_action_phase_played_in_full(make_state):
    """000 §9.7 "Example: Action Phase", every Action of it, in Rank order (HG-9.1-01):
    Sammael 2, Beelzebub 8, Ashtaroth 11, Baal 14, Caim 29, Orias 41, Ukobach 50,
    Naburos 61; Balban (Keys) is Incapacitated and off the track (HG-9.0-02).

    - Sammael, on Earth, Does Evil Deeds: 1, 3, 5, 6, 6 earn 2 Favours (HG-9.7.4-01).
    - Beelzebub Marches "a total of 4 Units (including a Lieutenant dragging two Legions
      along)" towards the Void's holdings in the Fraud Circle. The text gives no map;
      here the Beast holds four Sectio of the Violent Circle and the Void four of the
      Fraud Circle inward of them (data.sectio[..].neighbours, Compass 1 = inward).
      Beelzebub has 4 Skulls and a Lieutenant with the Legions he carries is 1 Unit
      for 1 Skull (HG-9.5-01, HG-9.5-06), so the 4 Units are Sulla with 2 Legions and 3
      single Legions. Void's Units stand (no FLEE order: IP-23), so the marchers stop
      where Void's Legions are (HG-9.5-13).
    - Ashtaroth plays a "Walk The Earth - 1" (Loudun, the cheapest Walk card in the
      hand: HG-9.6-01).
    - Baal plays a "Triple Pass - 2" (Riot) to act after the Void Daemons. The text says
      he slides "two slots", yet lands between Ukobach and Naburos, three slots down: a
      Triple Pass passes 3 Daemons (HG-9.4-02), so the rule is followed and the landing
      place is the text's (A-42).
    - Caim (the Keys control ORGASTICA, in the Lustful) gives Baal Jones' Device;
      Naburos, who has not acted, counters with It Did Not Work... and that is his
      Action, taken out of sequence (HG-9.8.2-03). Baal, the target, could have
      countered at no cost (HG-9.8.2-02); the Beast's sheet names Naburos, as the text.
    - Orias plays a "Walk The Earth - 3" (Look into the Future).
    - Ukobach, on Earth, plays a "Pass" to slide past Baal. The text names no cost;
      Foul Fluids is a Pass for 1 Soul. Naburos has acted, so only Baal is behind her.
    - Baal has no Pass card left (his PASS line is skipped, told to the Beast only) and
      casts Defection (1 Favour, always succeeds) at the Void stack in FALSIFIERS: the
      Void's best Lieutenant, Leberecht (Leadership 4), with his 2 Legions.
    - Ukobach falls to Hell, discarding her Walk card (HG-9.6-03), and Influences the
      Beast Legion that marched alone into SOWERS OF SCANDAL (a Void Sectio, so not "at
      home": no Favour, HG-9.7.1-02) to disband, bribing with 2 Souls: she rolls 3,
      3 - 2 = 1, within her 2 Hearts (the text's "4 or less (2+2)": HG-9.7.1.2-01).

    Every card is a base-deck card whose Minor half matches the text exactly; the Walk
    cards Sammael and Ukobach played in an earlier turn (Heroism, Rage) are stand-ins."""
    st = make_state(
        players={
            "key": {"souls": 5, "daemons": ["daemon.sammael", "daemon.caim", "daemon.balban"],
                    "hand": ["arcana.jones-device"]},
            "beast": {"souls": 6, "favours": 1,
                      "daemons": ["daemon.beelzebub", "daemon.baal", "daemon.naburos"],
                      "hand": ["arcana.riot", "arcana.it-did-not-work", "arcana.defection"]},
            "void": {"souls": 10,
                     "daemons": ["daemon.ashtaroth", "daemon.orias", "daemon.ukobach"],
                     "hand": ["arcana.look-into-the-future", "arcana.loudun",
                              "arcana.foul-fluids"]}},
        daemons={"daemon.sammael": {"where": "earth", "walk_card": "arcana.heroism"},
                 "daemon.ukobach": {"where": "earth", "walk_card": "arcana.rage"},
                 "daemon.balban": {"incapacitated": True}},
        owners={"sectio.orgastica": "key",
                BASEMENT: "beast", BAD_PEOPLE: "beast", TYRANTS: "beast", DOGS: "beast",
                LIARS: "void", FALSIFIERS: "void", SOWERS: "void", COURT: "void"},
        units=[("lieutenant", "beast", BASEMENT, SULLA), ("legion", "beast", BASEMENT),
               ("legion", "beast", BASEMENT), ("legion", "beast", BAD_PEOPLE),
               ("legion", "beast", TYRANTS), ("legion", "beast", DOGS),
               ("lieutenant", "void", FALSIFIERS, LEBERECHT), ("legion", "void", FALSIFIERS),
               ("legion", "void", FALSIFIERS),
               ("lieutenant", "void", LIARS, ALASTOR), ("legion", "void", LIARS)])
    log = run_phase(action.run, st, DATA, orders={
        "key": "Sammael: EVIL DEEDS\n"
               "Caim: CAST Jones' Device ON Baal\n",
        "beast": "Beelzebub: MARCH LIEUTENANT Sulla Basement of Wanton Killers +2 > Liars; "
                 "1 LEGION Bad People > Sowers of Scandal; 1 LEGION Tyrants > Falsifiers; "
                 "1 LEGION Dogs of War > Court of Corruption\n"
                 "Baal: PASS BEHIND Ukobach\n"
                 "Baal: CAST Defection ON void AT Falsifiers\n"
                 "COUNTER Jones' Device WITH It Did Not Work USING Naburos\n",
        "void": "Ashtaroth: WALK THE EARTH\n"
                "Orias: WALK THE EARTH\n"
                "Ukobach: PASS BEHIND Baal IF Baal HAS NOT ACTED\n"
                "Ukobach: INFLUENCE LEGION OF beast AT Sowers of Scandal DISBAND BRIBE 2\n"},
        script=[1, 3, 5, 6, 6,  # Sammael's Evil Deeds
                3])             # Ukobach's Influence
    assert acts(log) == [
        ("incapacitated", "Balban (key) is Incapacitated and takes no Action"),
        ("evil-deeds", "Sammael (key) does Evil Deeds on Earth: 1, 3, 5, 6, 6, 2 Favours"),
        ("march", "Beelzebub (beast) marches Lieutenant Sulla with 2 Legions from BASEMENT "
                  "OF WANTON KILLERS to LIARS"),
        ("flight-decision", "void's 2 Units in LIARS stand (no FLEE order applies, so by "
                            "default)"),
        ("march", "Beelzebub (beast) marches 1 Legion from BAD PEOPLE to SOWERS OF SCANDAL"),
        ("march", "Beelzebub (beast) marches 1 Legion from TYRANTS to FALSIFIERS"),
        ("flight-decision", "void's 3 Units in FALSIFIERS stand (no FLEE order applies, so "
                            "by default)"),
        ("march", "Beelzebub (beast) marches 1 Legion from DOGS OF WAR to COURT OF "
                  "CORRUPTION"),
        ("walk-the-earth", "Ashtaroth (void) Walks the Earth, playing Loudun (1 Soul)"),
        ("pass", "Baal (beast) plays Riot (Triple Pass, 2 Souls) and now acts after Caim, "
                 "Orias, Ukobach"),
        ("cast", "Caim (key) casts Jones' Device on Baal (beast)"),
        ("counter", "Naburos (beast) counters Jones' Device of Caim (key) with It Did Not "
                    "Work...; this is Naburos's Action for the turn, taken out of sequence "
                    "[HG-9.8.2-03]"),
        ("countered", "Jones' Device of Caim (key) does not work"),
        ("walk-the-earth", "Orias (void) Walks the Earth, playing Look into the Future (3 "
                           "Souls)"),
        ("pass", "Ukobach (void) plays Foul Fluids (Pass, 1 Soul) and now acts after Baal"),
        ("cast", "Baal (beast) casts Defection on void's Units in FALSIFIERS, paying 1 "
                 "Favour"),
        ("defection", "Lieutenant Leberecht of void in FALSIFIERS goes over to beast with 2 "
                      "Legions"),
        ("leave-the-earth", "Ukobach (void) returns to Hell to influence"),
        ("influence", "Ukobach (void) tries to make a Legion of beast in SOWERS OF SCANDAL "
                      "disband; pays 2 Souls of bribes (2)."),
        ("influence-rolls", "Ukobach rolls against 2 Hearts: 3-2=1: success."),
        ("influence-disband", "beast's Legion in SOWERS OF SCANDAL disbands and is removed "
                              "from the map."),
    ]
    assert notes(log, "beast") == ["Baal (beast): PASS not possible: no Pass card in the hand "
                                   "that it can pay for"]
    # Ukobach's second time up: Baal has acted, so her PASS line gives way to INFLUENCE
    assert notes(log, "void") == ["Ukobach (void): PASS skipped: its condition does not hold"]
    # Souls, Favours, hands: Keys +2 Favours; Beast -2 Souls (Riot), -1 Favour (Defection);
    # Void -1 -3 (Walk cards) -1 (Pass) -2 (bribe)
    assert wealth(st) == {"key": (5, 2, []), "beast": (4, 0, []), "void": (3, 0, [])}
    assert [(u.id, u.kind, u.owner, u.location) for u in st.units] == [
        ("u1", "lieutenant", "beast", LIARS), ("u2", "legion", "beast", LIARS),
        ("u3", "legion", "beast", LIARS),
        # u4, the Legion in SOWERS OF SCANDAL, is disbanded
        ("u5", "legion", "beast", FALSIFIERS), ("u6", "legion", "beast", COURT),
        ("u7", "lieutenant", "beast", FALSIFIERS), ("u8", "legion", "beast", FALSIFIERS),
        ("u9", "legion", "beast", FALSIFIERS),
        ("u10", "lieutenant", "void", LIARS), ("u11", "legion", "void", LIARS)]
    assert {d: (x.where, x.walk_card) for d, x in st.daemons.items()
            if x.where == "earth"} == {
        "daemon.sammael": ("earth", "arcana.heroism"),
        "daemon.ashtaroth": ("earth", "arcana.loudun"),
        "daemon.orias": ("earth", "arcana.look-into-the-future")}
    assert not st.daemons["daemon.baal"].incapacitated
    # played cards to the bottom of the deck in the order played, then Ukobach's Walk
    # card as she falls to Hell (HG-3.3-02, HG-9.6-03)
    assert st.arcana_deck == ["arcana.riot", "arcana.jones-device", "arcana.it-did-not-work",
                              "arcana.foul-fluids", "arcana.defection", "arcana.rage"]


def test_hg_9_6_example_walking_the_earth(make_state):
    """000 §9.6 "Example: Walking the Earth", over three turns.

    1. Andras plays a "Walk the Earth - 1" (Vendetta) and pays 1 Soul (HG-9.6-01).
    2. Soul Phase: on Earth he earns a Favour (HG-7.1-01) and sends 4 Hearts + a Soul
       Roll of 6 = 10 Souls (HG-7.2-04).
    3. Action Phase: to stay on Earth he Casts Magic with "a Major Arcana card that
       requires a Daemon on Earth" and shuts another player's Daemon on Earth in "a small
       wooden box": The Armenian Relic-Box (a Roll against Stars traps a Daemon on
       Earth; the next test plays it). This variant has horned without it. No
       other spell fits: of Jones' Device, It Did Not Work..., Defection, Incubus and
       Love for Lilith only Incubus Incapacitates a Daemon on Earth, and only one with
       no more Stars than the caster; Andras has 1 and every female Daemon at least 2,
       so his CAST Incubus line fails when he comes up and his next line is taken: Do
       Evil Deeds, a Diplomacy Action on Earth, the closest legal Action that keeps him
       there (HG-9.6-04).
    4. Soul Phase: still on Earth, new Souls and another Favour.
    5. Action Phase: a March brings him back to Hell, his Walk card discarded, and he
       moves a Legion at once (HG-9.6-03).

    Ukobach (void), on Earth throughout, is the Daemon Andras would have boxed."""
    st = make_state(
        players={"horned": {"souls": 1, "daemons": ["daemon.andras"],
                            "hand": ["arcana.vendetta", "arcana.incubus"]},
                 "void": {"daemons": ["daemon.ukobach"]}, "keys": {}},
        daemons={"daemon.ukobach": {"where": "earth", "walk_card": "arcana.rage"}},
        owners={"sectio.sugar-hill": "horned", "sectio.addiction": "horned"},
        units=[("legion", "horned", "sectio.sugar-hill")])
    andras = st.daemons["daemon.andras"]

    # 1. Walk the Earth - 1
    log = run_phase(action.run, st, DATA, orders={"horned": "Andras: WALK THE EARTH\n"})
    assert acts(log) == [
        ("pass-for-good", "Ukobach (void) Passes for Good (no order applies: default)"),
        ("walk-the-earth", "Andras (horned) Walks the Earth, playing Vendetta (1 Soul)")]
    assert (andras.where, andras.walk_card) == ("earth", "arcana.vendetta")
    assert wealth(st)["horned"] == (0, 0, ["arcana.incubus"])

    # 2. the next Soul Phase: a Favour, and 4 Hearts + 6 = 10 Souls
    log = run_phase(soul.run, st, DATA, script=[6, 2])  # Soul Rolls: Andras, Ukobach
    assert acts(log) == [
        ("favour", "Andras Walks the Earth and earns horned 1 Favour."),
        ("favour", "Ukobach Walks the Earth and earns void 1 Favour."),
        ("sectio-income", "horned gathers 8 Souls from Sectio (ADDICTION 4, SUGAR HILL 4)."),
        ("earth-income", "Andras on Earth sends 4 (Hearts) + 6 (Soul Roll) = 10 Souls to "
                         "horned."),
        ("earth-income", "Ukobach on Earth sends 2 (Hearts) + 2 (Soul Roll) = 4 Souls to "
                         "void."),
        ("upkeep", "horned pays 1 Soul upkeep for 1 of 1 Legion or Lieutenant.")]
    assert wealth(st)["horned"] == (0 + 8 + 10 - 1, 1, ["arcana.incubus"])

    # 3. the next Action Phase. The Relic-Box (issue 8) is now accepted on the sheet;
    # this replay keeps the variant written before it was (horned does not hold it, and
    # Andras tries Incubus, then Evil Deeds); test_spells_own_recovery.py plays the card itself.
    relic = check_sheet(st, DATA, "horned", "Andras: CAST The Armenian Relic-Box ON Ukobach\n")
    assert [(r.status, r.rule) for r in relic.lines] == [("accepted", "HG-9.2-01")]
    log = run_phase(action.run, st, DATA, orders={
        "horned": "Andras: CAST Incubus ON Ukobach\nAndras: EVIL DEEDS\n"}, script=[2, 6, 3, 1])
    assert notes(log, "horned") == [
        "Andras (horned): CAST not possible: Ukobach has 2 Stars and Andras 1 Star: Incubus "
        "works only on a Daemon with as many Stars as the caster or fewer"]
    assert acts(log) == [
        ("pass-for-good", "Ukobach (void) Passes for Good (no order applies: default)"),
        ("evil-deeds", "Andras (horned) does Evil Deeds on Earth: 2, 6, 3, 1, 1 Favour")]
    assert (andras.where, andras.walk_card) == ("earth", "arcana.vendetta")
    assert not st.daemons["daemon.ukobach"].incapacitated
    assert wealth(st)["horned"] == (17, 2, ["arcana.incubus"])  # Incubus still in hand

    # 4. still on Earth at the next Soul Phase: new Souls and another Favour
    log = run_phase(soul.run, st, DATA, script=[3, 2])
    assert ("earth-income", "Andras on Earth sends 4 (Hearts) + 3 (Soul Roll) = 7 Souls to "
                            "horned.") in acts(log)
    assert wealth(st)["horned"] == (17 + 8 + 7 - 1, 3, ["arcana.incubus"])

    # 5. a March: back to Hell, then the Legion moves
    log = run_phase(action.run, st, DATA,
                    orders={"horned": "Andras: MARCH 1 LEGION Sugar Hill > Thieves\n"})
    assert acts(log) == [
        ("pass-for-good", "Ukobach (void) Passes for Good (no order applies: default)"),
        ("leave-the-earth", "Andras (horned) returns to Hell to march"),
        ("march", "Andras (horned) marches 1 Legion from SUGAR HILL to THIEVES")]
    assert (andras.where, andras.walk_card) == ("hell", None)
    assert st.arcana_deck == ["arcana.vendetta"]
    assert [(u.owner, u.location) for u in st.units] == [("horned", "sectio.thieves")]


def test_hg_9_6_example_walking_the_earth_with_the_relic_box(make_state):
    """000 §9.6 "Example: Walking the Earth" as narrated, now that The Armenian Relic-Box
    works (issue 8): in step 3 Andras, on Earth, stays there by casting it, "a Major
    Arcana card that requires a Daemon on Earth", and shuts Ukobach (on Earth) in "a small
    wooden box". Andras has 1 Star, so his Roll against Stars (HG-3.4-04) needs a 1; the
    scripted die gives it. Casting on Earth keeps him there (HG-9.6-04); his Walk card
    stays under him; then the March of step 5 brings him home (HG-9.6-03)."""
    st = make_state(
        players={"horned": {"souls": 1, "daemons": ["daemon.andras"],
                            "hand": ["arcana.vendetta", "arcana.the-armenian-relic-box"]},
                 "void": {"daemons": ["daemon.ukobach"]}, "keys": {}},
        daemons={"daemon.ukobach": {"where": "earth", "walk_card": "arcana.rage"}},
        owners={"sectio.sugar-hill": "horned", "sectio.addiction": "horned"},
        units=[("legion", "horned", "sectio.sugar-hill")])
    andras, ukobach = st.daemons["daemon.andras"], st.daemons["daemon.ukobach"]
    run_phase(action.run, st, DATA, orders={"horned": "Andras: WALK THE EARTH\n"})
    run_phase(soul.run, st, DATA, script=[6, 2])
    assert wealth(st)["horned"] == (17, 1, ["arcana.the-armenian-relic-box"])

    # 3. the Relic-Box: Andras rolls a 1 against his 1 Star, Ukobach is boxed
    log = run_phase(action.run, st, DATA, orders={
        "horned": "Andras: CAST The Armenian Relic-Box ON Ukobach\n"}, script=[1])
    assert acts(log) == [
        ("pass-for-good", "Ukobach (void) Passes for Good (no order applies: default)"),
        ("cast", "Andras (horned) casts The Armenian Relic-Box on Ukobach (void)"),
        ("relic-box", "Andras (horned) succeeds in the Roll against Stars: Ukobach (void) is "
                      "trapped in the Armenian Relic-Box and Incapacitated")]
    assert (andras.where, andras.walk_card) == ("earth", "arcana.vendetta")
    assert (ukobach.incapacitated, ukobach.recover_by) == (True, "relic-box")
    assert wealth(st)["horned"] == (17, 1, [])

    # 4. and 5.: still on Earth at the Soul Phase, then home by a March
    run_phase(soul.run, st, DATA, script=[3])
    log = run_phase(action.run, st, DATA,
                    orders={"horned": "Andras: MARCH 1 LEGION Sugar Hill > Thieves\n"})
    assert [k for k, _ in acts(log)] == ["incapacitated", "leave-the-earth", "march"]
    assert (andras.where, andras.walk_card) == ("hell", None)
    assert [(u.owner, u.location) for u in st.units] == [("horned", "sectio.thieves")]
