"""Game entities (digest §1.1, seed 004 §I): Devils and their states, Oaths, realms,
resource cards, the deck, support points and counters. One or more tests per clause of
LH-I.1 .. LH-I.4 that no other test cites; each checks the engine's behaviour (state after
resolution, event texts, the order checker's answer).

Default seats of `make_state` (loh_kit): a Asmodeus at Dis, b Baalzebub at the Seat of
Judgement, c Belial at Winds of Chaos, d Glasya at Phlegethon; HPoH uncontrolled.
"""

from __future__ import annotations

import shutil

import yaml
from combat_support import accepted, combat_state, events, play_round, problem, texts
from loh_kit import DATA, build_state, instances, line, trade

from pbem.dice import Dice
from pbem.engine import ACCEPTED, ILLEGAL
from pbem.eventlog import Log
from pbem_games.lords_of_hell import (
    draw,
    gathering,
    homes,
    proclaim,
    setup,
    turn,
    views,
)
from pbem_games.lords_of_hell.combat import army, rolls
from pbem_games.lords_of_hell.combat.context import new_fight
from pbem_games.lords_of_hell.data import DATA_DIR, load_data_from
from pbem_games.lords_of_hell.datamodel import HPOH
from pbem_games.lords_of_hell.deck import draw_cards
from pbem_games.lords_of_hell.orders import check_sheet
from pbem_games.lords_of_hell.state import LohState, oath_owner, player_of_devil

DIS, SEAT, WINDS = "realm.dis", "realm.seat-of-judgement", "realm.winds-of-chaos"
PHLEGETHON, COCYTUS, ACHERON, STYX = ("realm.phlegethon", "realm.cocytus", "realm.acheron",
                                      "realm.styx")


def sheets_of(st: LohState, **texts_: str) -> dict:
    """Checked sheets for the players given (None for the others); every line must be
    accepted."""
    out = {}
    for n in st.seats:
        if n not in texts_:
            out[n] = None
            continue
        s = check_sheet(st, DATA, n, texts_[n])
        assert all(x.status == ACCEPTED for x in s.lines), [(x.text, x.message)
                                                             for x in s.lines]
        out[n] = s
    return out


def prisoner_of(captor: str, **fields) -> dict:
    return {"status": "prisoner", "captor": captor, **fields}


def one_home_each(st: LohState) -> None:
    """LH-I.2-03's invariant: every player with forces in Hell controls exactly one realm,
    his `home`, and every controlled realm is its controller's home."""
    for n, p in st.players.items():
        held = [r for r, owner in st.realms.items() if owner == n]
        forces = bool(p.hordes or p.souls or p.status in ("hell", "ko"))
        if forces:
            assert held == [p.home], (n, held, p.home)
        else:
            assert held == [] and p.home is None, (n, held, p.home)


# --- LH-I.1 Devils ----------------------------------------------------------------------------

def test_lh_i_1_01_one_devil_per_player_kept_all_game():
    """Each player controls exactly one Devil, his own (LH-I.1-01): setup deals one
    distinct Devil to each player, the Devil never changes with play, and only the
    game's players may send orders."""
    st = setup.new_state(["anna", "boris", "carl"], {}, Dice("i101"), DATA, Log())
    devils = {n: st.players[n].devil for n in st.seats}
    assert len(set(devils.values())) == 3 and set(devils.values()) <= set(DATA.devils)
    for n, d in devils.items():
        assert player_of_devil(st, d) == n
    before = dict(devils)
    res = turn.resolve(st, {n: None for n in st.seats}, Dice("i101b"), DATA)
    assert {n: res.state.players[n].devil for n in st.seats} == before
    outsider = check_sheet(st, DATA, "zed", "FREE anna").lines[0]
    assert outsider.status == ILLEGAL and outsider.rule == "LH-I.1-01"


def test_lh_i_1_1_01_four_devil_states(make_state):
    """In Hell, on Earth, knocked out, imprisoned (by a Devil or by Heaven): the state is
    one field and the table sees it (LH-I.1.1-01)."""
    st = make_state({"a": {}, "b": {"status": "earth"}, "c": {"status": "ko"},
                     "d": prisoner_of("a"), "e": {"status": "heaven"}})
    shown = {p["name"]: p["status"] for p in views.public_view(st, DATA)["players"]}
    assert shown == {"a": "in Hell", "b": "on Earth", "c": "knocked out",
                     "d": "imprisoned", "e": "held in Heaven"}
    assert set(views.STATUS) == {"hell", "earth", "ko", "prisoner", "heaven"}
    # a new Devil starts in Hell; imprisoning and freeing move between the states
    fresh = setup.new_state(["x", "y"], {}, Dice("i1101"), DATA, Log())
    assert {p.status for p in fresh.players.values()} == {"hell"}
    homes.imprison(st, "b", "a", Log(), "LH-I.1.1-05")
    assert (st.players["b"].status, st.players["b"].captor) == ("prisoner", "a")
    homes.free(st, "b", Log(), "LH-I.1.1-08")
    assert (st.players["b"].status, st.players["b"].captor) == ("hell", None)


def test_lh_i_1_1_02_devil_in_hell_trades_casts_and_leads(make_state):
    """A Devil in Hell may trade with everyone (other Devils and the Other Powers of
    Hell), counts as a ritual caster and leads its army (LH-I.1.1-02); the same Devil on
    Earth does neither of the last two."""
    st = make_state({"a": {"hand": ["oath.belial.6"]}, "b": {},
                     "c": {"status": "earth"}, "d": prisoner_of("a")})
    assert all(homes.can_trade(st, "a", x) for x in ("b", "c", "d"))
    assert line(st, "a", "FORCED OPH Oath of Belial").status == ACCEPTED
    assert army.casters(st, "a", DATA) == 1
    assert army.leader(st, "a") == "devil" and army.has_army(st, "a")
    assert army.power(st, "a", DATA) == DATA.devils["devil.asmodeus"].power
    assert army.casters(st, "c", DATA) == 0 and army.leader(st, "c") is None
    assert not army.has_army(st, "c")  # no hordes or Souls in Hell: no army at all
    # he trades, and a deal in Hell is made
    trade(st, a="DEAL a GIVES Oath of Belial TO b", b="DEAL a GIVES Oath of Belial TO b")
    assert st.players["b"].hand == ["oath.belial.6"]


def test_lh_i_1_1_06_prisoner_keeps_home_realm_and_army(make_state):
    """An imprisoned Devil can still have a home realm and an army (LH-I.1.1-06): his
    hordes keep his realm, his army is an army (leaderless) and may head for his captor;
    with no forces left he would lose the realm (contrast)."""
    st = make_state({"a": {}, "b": {},
                     "c": {"hordes": ["horde.fiends"], "souls": 1}, "d": {}, "e": {}})
    homes.imprison(st, "c", "b", Log(), "LH-IV.2.3-03")
    homes.imprison(st, "d", "b", Log(), "LH-IV.2.3-03")
    homes.settle(st, DATA, Log())
    c, d = st.players["c"], st.players["d"]
    assert c.status == "prisoner" and c.home == WINDS and st.realms[WINDS] == "c"
    assert d.home is None and st.realms[PHLEGETHON] is None  # no forces: lost
    assert "c" in army.armies(st) and army.leader(st, "c") is None
    assert army.units(st, "c") == 2
    st.phase, st.round = "combat", 1
    assert accepted(st, "c", "TARGET b") == {"type": "TARGET", "target": "b",
                                              "canonical": "TARGET Baalzebub"}
    assert problem(st, "c", "TARGET e").rule == "LH-IV.2.1-04"  # only his captor


def test_lh_i_1_1_07_prisoner_is_neither_in_hell_nor_on_earth(make_state):
    """An imprisoned Devil never counts as in Hell or on Earth, whoever holds him
    (LH-I.1.1-07): his Devil adds no power and casts nothing, he rolls for no Souls, he
    is not brought back from Earth, and his vote does not count."""
    st = make_state({"a": {}, "b": prisoner_of("a", hordes=["horde.fiends"]),
                     "c": {}, "d": {"status": "heaven", "hordes": ["horde.fiends"]}},
                    phase="gathering")
    for n in ("b", "d"):
        assert army.power(st, n, DATA) == 1  # the Fiends only, not the Devil
        assert army.casters(st, n, DATA) == 0
    draw.return_from_earth(st, DATA, Log())
    assert st.players["b"].status == "prisoner"
    assert st.players["d"].status == "heaven"
    log, dice = Log(), Dice(script=[])
    gathering.start(st, DATA, dice, log)  # no die is rolled for either of them
    dice.finish()
    assert not [e for e in log.events if e.kind == "soul-roll"]
    log = Log()
    cast = proclaim.votes(st, sheets_of(st, a="VOTE Asmodeus", b="VOTE Baalzebub"), DATA, log)
    assert cast == {"a": "a"}
    void = [e for e in log.events if e.kind == "vote-void"]
    assert void[0].visible_to == ("b",) and "not in Hell" in void[0].text


# --- LH-I.1.2 Oaths ---------------------------------------------------------------------------

def test_lh_i_1_2_01_six_oaths_each_and_the_owner_is_the_devil_named(monkeypatch):
    """Every Devil in play has 6 Oaths (LH-I.1.2-01): 5 dealt to him, his sixth to
    someone, none twice; the owner is the Devil named on the card, whoever holds it."""
    monkeypatch.setattr(draw, "run", lambda st, data, dice, log: None)
    st = setup.new_state(["anna", "boris", "carl", "dora"], {}, Dice("i1201"), DATA, Log())
    oaths = [c for p in st.players.values() for c in p.hand]
    assert len(oaths) == len(set(oaths)) == 24
    for p in st.players.values():
        slug = p.devil.split(".")[1]
        mine = sorted(c for c in oaths if c.startswith(f"oath.{slug}."))
        assert mine == [f"oath.{slug}.{i}" for i in range(1, 7)]
        assert {oath_owner(c) for c in mine} == {p.devil}
    assert oath_owner("oath.belial.3") == "devil.belial"


def test_lh_i_1_2_01_forced_trade_goes_to_the_owner_not_the_giver(make_state):
    """b hands c an Oath of Asmodeus; c's forced trade with that Oath is with Asmodeus
    (a), the owner named on it, not with b who gave it (LH-I.1.2-01)."""
    st = make_state({"a": {"hordes": ["horde.fiends"]}, "b": {"hand": ["oath.asmodeus.6"]},
                     "c": {}, "d": {}})
    trade(st, b="DEAL b GIVES Oath of Asmodeus TO c", c="DEAL b GIVES Oath of Asmodeus TO c")
    forced = accepted(st, "c", "FORCED Oath of Asmodeus FOR Fiends")
    assert forced["target"] == "a"
    trade(st, c="FORCED Oath of Asmodeus FOR Fiends")
    assert st.players["a"].hand == ["oath.asmodeus.6"]
    assert instances(st, "c", "hordes") == ["horde.fiends"] and st.players["b"].hand == []


def test_lh_i_1_2_02_a_forced_trade_cannot_take_an_oath(make_state):
    """Oaths cannot be stolen (LH-I.1.2-02): a forced trade takes a horde, an artifact or
    a prisoner, never an Oath, and neither can Baalzebub's list give one."""
    st = make_state({"a": {"hand": ["oath.belial.6"]}, "b": {"hand": ["oath.asmodeus.6"]},
                     "c": {"hand": ["oath.belial.1", "oath.glasya.6"]}, "d": {}})
    bad = line(st, "a", "FORCED Oath of Belial FOR Oath of Glasya")
    assert bad.status != ACCEPTED
    assert line(st, "b", "BAALZEBUB GIVES Oath of Asmodeus").status != ACCEPTED
    trade(st, a="FORCED Oath of Belial FOR ANY")  # c has nothing takeable
    assert st.players["c"].hand == ["oath.belial.1", "oath.glasya.6"]
    assert st.players["a"].hand == ["oath.belial.6"]  # nothing done, Oath kept


def test_lh_i_1_2_02_capture_takes_artifacts_but_not_oaths():
    """A captor confiscates the captive's artifacts, but the Oaths in his hand stay his
    (LH-I.1.2-02)."""
    st = combat_state({"a": {"home": ACHERON},
                       "b": {"devil": "devil.baalzebub", "home": STYX,
                             "hand": ["oath.baalzebub.1", "oath.asmodeus.6"],
                             "artifacts": ["artifact.wand-of-might"]}})
    play_round(st, {"a": "TARGET b\nATTACK b"}, [6, 1])
    b = st.players["b"]
    assert b.status == "prisoner" and b.captor == "a"
    assert b.hand == ["oath.baalzebub.1", "oath.asmodeus.6"]
    assert st.players["a"].hand == []
    assert instances(st, "a", "artifacts") == ["artifact.wand-of-might"]


def test_lh_i_1_2_02_belials_torture_is_the_one_way_to_take_an_oath(make_state):
    """The named exception (LH-I.1.2-02): Belial takes an Oath from his prisoner's hand."""
    st = make_state({"a": {}, "b": {}, "c": {},
                     "d": prisoner_of("c", hand=["oath.glasya.1", "oath.asmodeus.6"])})
    log, dice = Log(), Dice(script=[2])
    draw.torture(st, DATA, dice, log)
    dice.finish()
    assert st.players["c"].hand == ["oath.glasya.1"]
    assert st.players["d"].hand == ["oath.asmodeus.6"]
    assert [e.rule for e in log.events if e.kind == "torture-oath"] == ["LH-I.1.2-02"]


def test_lh_i_1_2_04_oaths_trade_normally_in_any_stage(make_state):
    """Oaths are traded normally (LH-I.1.2-04): as hand cards, in a combat stage too,
    where tabled things cannot move."""
    st = make_state({"a": {"souls": 2}, "b": {"hand": ["oath.belial.6"]}, "c": {}, "d": {}},
                    phase="combat", round=2)
    trade(st, a="DEAL b GIVES Oath of Belial TO a", b="DEAL b GIVES Oath of Belial TO a")
    assert st.players["a"].hand == ["oath.belial.6"]
    assert line(st, "a", "DEAL a GIVES 1 Soul TO b").rule == "LH-I.4.1-01"


def test_lh_i_1_2_04_a_forced_trade_needs_the_right_to_trade(make_state):
    """A forced trade needs the user to be able to trade with the target
    (LH-I.1.2-04): a prisoner may not make one with a Devil other than his captor,
    unless the captor permits it; nor with the Other Powers of Hell."""
    st = make_state({"a": {}, "b": {},
                     "c": prisoner_of("a", hand=["oath.glasya.6", "oath.asmodeus.6"]),
                     "d": {"hordes": ["horde.fiends"]}})
    log = trade(st, c="FORCED Oath of Glasya FOR Fiends")
    refused = [e for e in log.events if e.kind == "forced-refused"]
    assert refused[0].visible_to == ("c",) and "cannot trade with d" in refused[0].text
    assert instances(st, "d", "hordes") == ["horde.fiends"]
    assert line(st, "c", "FORCED OPH Oath of Asmodeus").rule == "LH-I.1.1-05"
    trade(st, a="PERMIT c d", c="FORCED Oath of Glasya FOR Fiends")  # step 1, then step 3
    assert instances(st, "c", "hordes") == ["horde.fiends"]
    assert st.players["d"].hand == ["oath.glasya.6"]


# --- LH-I.2 Realms ----------------------------------------------------------------------------

def test_lh_i_2_01_only_the_home_realms_devil_uses_its_powers(make_state):
    """A realm's powers serve only the Devil whose home it is (LH-I.2-01): the High
    Palace's and Winds of Chaos's extra draws, the Seat of Judgement's Soul."""
    st = make_state({"a": {"home": HPOH}, "b": {}, "c": {}, "d": {}})
    n = {p: draw.cards_to_draw(st, p, DATA)[0] for p in st.seats}
    base = n["d"]  # Phlegethon: no power; everyone holds 0 cards
    assert n["a"] == base + DATA.tables["hpoh_draw_bonus"]
    assert n["c"] == base + DATA.tables["winds_draw_bonus"]
    assert n["b"] == base
    st.players["a"].home, st.realms[HPOH], st.realms[DIS] = DIS, None, "a"
    assert draw.cards_to_draw(st, "a", DATA)[0] == base  # HPoH uncontrolled: no one
    log = Log()
    gathering.start(st, DATA, Dice(script=[]), log)  # nobody on Earth: no dice
    assert [p.souls for p in st.players.values()] == [0, 1, 0, 0]  # b: the Seat
    assert [e.data["player"] for e in log.events if e.kind == "souls-gathered"] == ["b"]


def test_lh_i_2_02_realm_dp_only_for_its_owner_defending_there():
    """A realm's DP and combat powers apply only to its owner's army defending it
    (LH-I.2-02): not to the attacker there, not at an unspecified place, not at an
    uncontrolled realm."""
    st = combat_state({"a": {"home": PHLEGETHON}, "b": {"devil": "devil.mammon",
                                                        "home": COCYTUS}})
    assert DATA.realms[PHLEGETHON].dp == 2 and st.realms.get(ACHERON) is None
    at_phleg = new_fight(st, PHLEGETHON, "a", ["a", "b"])
    assert rolls.to_hit(st, at_phleg, "b", "a", DATA) == 4 + 2
    assert rolls.to_hit(st, at_phleg, "a", "b", DATA) == 4
    nowhere = new_fight(st, None, None, ["a", "b"])
    assert rolls.to_hit(st, nowhere, "b", "a", DATA) == 4
    st.realms[ACHERON] = None
    uncontrolled = new_fight(st, ACHERON, None, ["a", "b"], claim=True)
    assert rolls.defense(st, uncontrolled, "a", "b", DATA) == 0
    assert rolls.defense(st, uncontrolled, "b", "a", DATA) == 0
    # a sits at b's home, but b does not defend it (b moved): no DP for anybody
    moved = new_fight(st, COCYTUS, None, ["a", "b"])
    assert rolls.defense(st, moved, "a", "b", DATA) == 0


def test_lh_i_2_02_dis_hits_only_when_its_owner_defends_it():
    """Dis's automatic hit is a combat power of the realm (LH-I.2-02): it works for the
    defender at Dis, not for an army attacking the owner of Dis elsewhere."""
    home = combat_state({"a": {"home": DIS}, "b": {"devil": "devil.mammon", "home": COCYTUS,
                                                   "souls": 2}})
    _, log = play_round(home, {"b": "TARGET a\nATTACK a\nRETREAT IF AFTER ROUND 1",
                               "a": "ATTACK b"}, [1, 1])
    assert texts(log, "dis-hits") == ["Dis: Mammon (b) takes 1 automatic hit."]  # issue 20
    away = combat_state({"a": {"home": DIS}, "b": {"devil": "devil.mammon", "home": COCYTUS,
                                                   "souls": 2}})
    _, log = play_round(away, {"a": "TARGET b\nATTACK b\nRETREAT IF AFTER ROUND 1"}, [1, 1])
    assert texts(log, "dis-hits") == []


def test_lh_i_2_03_every_devil_with_forces_holds_one_home(make_state):
    """Every Devil with forces in Hell controls exactly one home realm (LH-I.2-03): a
    homeless Devil given Souls takes one at once; a swap leaves one each."""
    st = make_state({"a": {"souls": 3}, "b": {}, "c": {}, "d": {"home": None, "status": "earth"}})
    one_home_each(st)
    trade(st, a="DEAL a GIVES 2 Souls TO d", d="DEAL a GIVES 2 Souls TO d")
    assert st.players["d"].home == HPOH and st.realms[HPOH] == "d"
    one_home_each(st)
    trade(st, a="DEAL a GIVES Realm TO b; b GIVES Realm TO a",
          b="DEAL b GIVES Realm TO a; a GIVES Realm TO b")
    assert (st.players["a"].home, st.players["b"].home) == (SEAT, DIS)
    one_home_each(st)


# --- LH-I.3 Resource cards --------------------------------------------------------------------

def test_lh_i_3_01_four_classes_and_the_hand_is_secret(make_state):
    """Resource cards are hordes, artifacts, rituals and specials (LH-I.3-01); what is in
    a hand is secret: the table sees its size, its owner its cards."""
    assert {c.kind for c in DATA.cards.values()} == {"horde", "artifact", "ritual",
                                                      "special"}
    st = make_state({"a": {"hand": ["ritual.bury", "special.recall", "oath.belial.6"]},
                     "b": {}, "c": {}, "d": {}}, deck=["ritual.chain-catalysm"])
    public = {p["name"]: p for p in views.public_view(st, DATA)["players"]}
    assert public["a"]["hand_size"] == 3 and "hand" not in public["a"]
    assert "Bury" not in str(views.public_view(st, DATA))
    assert "Bury" not in str(views.player_view(st, "b", DATA))
    mine = views.player_view(st, "a", DATA)["me"]["hand"]
    assert {c["name"] for c in mine} == {"Bury", "Recall", "Oath of Belial"}
    log = Log()
    draw_cards(st, "a", 1, DATA, Dice(script=[]), log)
    said = {e.visible_to: e.text for e in log.events if e.kind in ("draws", "drew")}
    assert "Chain Catalysm" not in said[None] and "1 card to hand" in said[None]
    assert "Chain Catalysm" in said[("a",)]


def test_lh_i_3_2_04_artifacts_lost_in_combat_only_in_the_004_cases():
    """LH-I.3.2-04 (002 only, digest D6: follow 004). Artifacts are not discarded just
    because no Devil leads the army: a Devil on Earth keeps his through the combat phase.
    They go only in 004's cases: an imprisoned Devil's at the phase start (LH-III.3-01), one
    drawn by a knocked-out Devil (LH-I.3.2-02)."""
    st = combat_state({"a": {"status": "earth", "hordes": ["horde.fiends"],
                             "artifacts": ["artifact.wand-of-might"]},
                       "b": prisoner_of("a", artifacts=["artifact.wand-of-might"]),
                       "c": {"status": "ko"}},
                      deck=["artifact.wand-of-might"])
    assert instances(st, "a", "artifacts") == ["artifact.wand-of-might"]
    assert st.players["b"].artifacts == []
    draw_cards(st, "c", 1, DATA, Dice(script=[]), Log())
    assert st.players["c"].artifacts == []
    # both went to the discard pile, which became the empty deck (LH-I.3.5-03)
    assert [st.cards[i] for i in st.discard + st.deck] == \
        ["artifact.wand-of-might"] * 2


def test_lh_i_3_3_02_tabled_rituals_cannot_be_traded_or_taken(make_state):
    """Tabled rituals cannot be traded or stolen (LH-I.3.3-02): a DEAL cannot give one,
    a forced trade cannot name one, Baalzebub's list cannot offer one."""
    st = make_state({"a": {"hand": ["oath.belial.6"]},
                     "b": {"rituals": ["ritual.bury"]},
                     "c": {"rituals": ["ritual.bury"]}, "d": {}})
    deal = line(st, "c", "DEAL c GIVES Bury TO a")
    assert deal.status == ILLEGAL and "has 0 and not Bury" in deal.message
    forced = line(st, "a", "FORCED Oath of Belial FOR Bury")
    assert forced.status == ILLEGAL and "ritual" in forced.message
    assert line(st, "b", "BAALZEBUB GIVES Bury").status == ILLEGAL
    assert instances(st, "c", "rituals") == ["ritual.bury"]


def test_lh_i_3_3_06_unfinished_rituals_go_when_the_gathering_starts():
    """Rituals still unfinished after combat round 4 are discarded without effect at the
    start of the gathering phase (LH-I.3.3-06), not before."""
    st = combat_state({"a": {"rituals": ["ritual.bury"]}, "b": {}})
    st.round = 3
    res = turn.resolve(st, {"a": None, "b": None}, Dice(script=[]), DATA)
    st = res.state
    assert (st.phase, st.round) == ("combat", 4)
    assert instances(st, "a", "rituals") == ["ritual.bury"]
    res = turn.resolve(st, {"a": None, "b": None}, Dice(script=[]), DATA)
    st = res.state
    assert st.phase == "gathering" and st.players["a"].rituals == []
    assert "ritual.bury" in [st.cards[i] for i in st.discard + st.deck]
    gone = [e for e in res.events if e.kind == "rituals-discarded"]
    assert gone[0].text == ("Asmodeus's unfinished rituals are discarded without effect: "
                            "Bury.")


def test_lh_i_3_4_03_card_symbols_are_data_fields(tmp_path):
    """The card symbols (LH-I.3.4-03) survive as data: the kind (horde, artifact, ritual,
    special), the unstoppable mark (specials only), power on hordes (printed when not 1)
    and a realm's DP; the table sees the DP and a hand card's kind."""
    for card in DATA.cards.values():
        assert card.kind in ("horde", "artifact", "ritual", "special")
        assert (card.power is not None) == (card.kind == "horde" and card.id !=
                                            "horde.tormented-ones")
    assert DATA.cards["horde.fallen-angels"].power == 2  # a printed power symbol
    assert DATA.cards["horde.fiends"].power == 1  # no symbol: the default 1
    shutil.copytree(DATA_DIR, tmp_path, dirs_exist_ok=True)
    path = tmp_path / "cards.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    next(c for c in doc["cards"] if c["id"] == "special.recall")["unstoppable"] = True
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    assert load_data_from(tmp_path).cards["special.recall"].unstoppable is True
    st = build_state({"a": {"hand": ["special.recall"]}, "b": {}})
    realms = {r["name"]: r["dp"] for r in views.public_view(st, DATA)["realms"]}
    assert realms["Dis"] == DATA.realms[DIS].dp
    assert views.player_view(st, "a", DATA)["me"]["hand"][0]["kind"] == "special"


def test_lh_i_3_5_01_nobody_sees_or_counts_the_deck(make_state):
    """The deck is face-down and nobody counts it (LH-I.3.5-01): two tables that differ
    only in the deck's size look the same to everyone, and so does a draw from them."""
    small = make_state(deck=["ritual.bury", "horde.fiends"])
    big = make_state(deck=["ritual.bury"] + ["horde.fiends"] * 30)
    assert views.public_view(small, DATA) == views.public_view(big, DATA)
    for n in small.seats:
        assert views.player_view(small, n, DATA) == views.player_view(big, n, DATA)
    logs = []
    for st in (small, big):
        log = Log()
        draw_cards(st, "a", 1, DATA, Dice(script=[]), log)
        logs.append([(e.kind, e.text, e.visible_to, e.data) for e in log.events])
    assert logs[0] == logs[1]


# --- LH-I.4 Support points and counters ------------------------------------------------------

def test_lh_i_4_2_01_each_way_to_earn_sp_is_worth_one():
    """SP come from winning a combat, fresh prisoners at the gathering and gathering
    Souls by dice, 1 each however much (LH-I.4.2-01): a beats Baalzebub over two fight
    rounds (1), captured him (1, one prisoner or more), gathers 4 Souls (1)."""
    st = combat_state({"a": {"home": ACHERON, "earth": ["horde.fiends", "horde.fiends"]},
                       "b": {"devil": "devil.baalzebub", "home": STYX, "souls": 1},
                       "c": {"devil": "devil.mammon", "home": COCYTUS}})
    _, log = play_round(st, {"a": "TARGET b\nATTACK b"}, [6, 1, 6, 1])
    a = st.players["a"]
    assert a.sp == 1 and [e.rule for e in events(log, "combat-sp")] == ["LH-IV.2.5-01"]
    assert st.players["b"].captor == "a" and a.fresh == ["b"]
    homes.imprison(st, "c", "a", Log(), "LH-I.1.1-12")  # a second prisoner: still 1 SP
    st.phase = "gathering"
    log, dice = Log(), Dice(script=[5, 6])
    gathering.start(st, DATA, dice, log)
    dice.finish()
    assert a.souls == 4 and a.sp == 3
    reasons = [e.data["reason"] for e in log.events if e.kind == "sp"]
    assert reasons == ["fresh-prisoner", "souls"]


def test_lh_i_4_3_02_prisoner_and_proclaimed_counters(make_state):
    """The counters (LH-I.4.3-02): the captor holding a prisoner in his home realm shows
    a prisoner counter, the Forces of Heaven give none; proclaim markers are shown."""
    st = make_state({"a": {}, "b": prisoner_of("a"), "c": {"status": "heaven"},
                     "d": {"proclaimed": 2}})
    shown = {p["name"]: p for p in views.public_view(st, DATA)["players"]}
    assert shown["a"]["prisoners"] == ["b"] and shown["b"]["captor"] == "a"
    assert all(shown[n]["prisoners"] == [] for n in "bcd")
    assert shown["c"]["captor"] is None
    assert [shown[n]["proclaimed"] for n in "abcd"] == [0, 0, 0, 2]
    st.players["a"].home, st.realms[DIS] = None, None
    homes.imprison(st, "d", "a", Log(), "LH-I.1.1-09")  # no home realm: no counter
    assert st.players["d"].status == "hell"


def test_lh_i_4_3_02_army_counters_mark_where_each_army_is():
    """Army counters (LH-I.4.3-02): the round reports where each army meets, and the
    Devil counter on the game track is the Devil named in TARGET."""
    st = combat_state({"a": {"home": ACHERON}, "b": {"devil": "devil.baalzebub",
                                                     "home": STYX, "souls": 3}})
    assert accepted(st, "a", "TARGET Baalzebub")["target"] == "b"
    _, log = play_round(st, {"a": "TARGET Baalzebub"}, [])
    meeting = events(log, "meeting")[0]
    assert meeting.data["where"] == STYX and meeting.data["armies"] == ["a", "b"]
    assert meeting.text == "Asmodeus (a), Baalzebub (b) meet at Styx, where Baalzebub (b) " \
        "defends."
