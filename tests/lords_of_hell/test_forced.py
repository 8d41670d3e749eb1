"""Forced trades with Oath cards (LH-I.1.2-06/07, LH-II.2.1-01..04; PB-05..08)."""

from __future__ import annotations

from loh_kit import DATA, assign, instances, line, trade

from pbem_games.lords_of_hell import trading
from pbem_games.lords_of_hell.orders import check_sheet, standing

# default Devils: a Asmodeus, b Baalzebub, c Belial, d Glasya


def table(make_state, **fields):
    return make_state({
        "a": {"hand": ["oath.belial.1", "oath.belial.2", "oath.baalzebub.1",
                       "oath.glasya.1"], "hordes": ["horde.fiends"]},
        "b": {"hand": ["oath.asmodeus.1"],
              "hordes": ["horde.fallen-angels", "horde.fiends", "horde.tormented-ones"]},
        "c": {"hand": ["oath.asmodeus.2"],
              "hordes": ["horde.juggernauts", "horde.fiends", "horde.metal-beasts"],
              "artifacts": ["artifact.wand-of-might"]},
        "d": {"hordes": ["horde.fiends"]}},
        deck=["ritual.bury", "horde.fiends", "artifact.wand-of-might", "special.escape"],
        **fields)


def test_lh_i_1_2_06_other_powers_of_hell_discard_draw_3(make_state):
    st = table(make_state)
    log = trade(st, a="FORCED OPH Oath of Glasya")
    a = st.players["a"]
    assert "oath.glasya.1" not in a.hand and st.discard == ["oath.glasya.1"]
    assert instances(st, "a", "hordes") == ["horde.fiends", "horde.fiends"]
    assert instances(st, "a", "artifacts") == ["artifact.wand-of-might"]
    assert instances(st, "a", "hand")[-1] == "ritual.bury"
    assert a.used_oph is True
    assert any(e.kind == "opoh" and e.rule == "LH-I.1.2-06" for e in log.events)


def test_lh_i_1_2_06_once_per_phase(make_state):
    st = table(make_state)
    sheet = check_sheet(st, DATA, "a", "FORCED OPH Belial\nFORCED OPH Belial")
    assert [r.status for r in sheet.lines] == ["accepted", "illegal"]
    assert "only once" in sheet.lines[1].message
    st.players["a"].used_oph = True
    r = line(st, "a", "FORCED OPH Oath of Belial")
    assert r.status == "illegal" and "already" in r.message


def test_lh_i_1_2_06_any_phase_but_not_for_prisoners(make_state):
    st = table(make_state, phase="combat", round=3)
    trade(st, a="FORCED OPH Oath of Belial")
    assert len(st.players["a"].hand) == 3 + 1  # one Oath gone, Bury drawn
    st = table(make_state, phase="gathering")
    assign(st.players["a"], status="prisoner", captor="c")
    r = line(st, "a", "FORCED OPH Oath of Belial")
    assert r.status == "illegal" and r.rule == "LH-I.1.1-05"


def test_lh_i_1_2_07_owner_gives_the_horde_chosen_and_it_is_protected(make_state):
    st = table(make_state)
    log = trade(st, a="FORCED Oath of Belial FOR Juggernauts")
    assert "oath.belial.1" in st.players["c"].hand
    assert instances(st, "a", "hordes") == ["horde.fiends", "horde.juggernauts"]
    jug = st.players["a"].hordes[-1]
    assert st.players["a"].protected == [jug]  # LH-II.2.1-02
    assert st.trading["prev_owner"] == {jug: "c"}
    ev = [e for e in log.events if e.kind == "forced-trade"][0]
    assert ev.visible_to is None and "Juggernauts" in ev.text


def test_lh_ii_2_1_02_03_protection_holds_against_others_not_the_previous_owner(
        make_state):
    st = table(make_state)
    trade(st, a="FORCED Oath of Belial FOR Juggernauts")
    # b cannot take it back from a: protected; his list falls to the next choice
    trade(st, b="FORCED Oath of Asmodeus FOR Juggernauts ELSE Fiends")
    assert instances(st, "a", "hordes") == ["horde.juggernauts"]
    assert instances(st, "b", "hordes")[-1] == "horde.fiends"
    # c, its previous owner, can (LH-II.2.1-03)
    trade(st, c="FORCED Oath of Asmodeus FOR Juggernauts")
    assert instances(st, "c", "hordes")[-1] == "horde.juggernauts"
    assert instances(st, "a", "hordes") == []


def test_lh_ii_2_1_02_protection_lasts_the_phase(make_state):
    st = table(make_state)
    trade(st, a="FORCED Oath of Belial FOR Juggernauts")
    trading.new_phase(st)
    assert st.players["a"].protected == [] and st.trading["prev_owner"] == {}


def test_forced_trades_one_per_player_per_pass_in_starter_order(make_state):
    st = table(make_state, starter="b")
    log = trade(st, a="FORCED Oath of Belial FOR Fiends\nFORCED Oath of Belial FOR "
                      "Metal Beasts", b="FORCED Oath of Asmodeus FOR Fiends")
    done = [(e.data["player"], e.data["card"]) for e in log.events if e.kind == "forced-trade"]
    # b (Starter) first, then a's first line, then a's second line in the next pass
    assert done == [("b", "horde.fiends"), ("a", "horde.fiends"), ("a", "horde.metal-beasts")]


def test_lh_i_1_2_07_free_a_prisoner_of_your_choice(make_state):
    st = table(make_state)
    assign(st.players["d"], status="prisoner", captor="c")
    trade(st, a="FORCED Oath of Belial FOR Prisoner Glasya")
    assert st.players["d"].status == "hell"


def test_lh_i_1_2_07_any_takes_the_strongest_horde(make_state):
    st = table(make_state)
    st.players["d"].hand.append("oath.asmodeus.3")
    st.players["a"].hordes.append(st.players["b"].hordes.pop(0))  # Fallen A.
    trade(st, d="FORCED Oath of Asmodeus FOR ANY")
    assert instances(st, "d", "hordes")[-1] == "horde.fallen-angels"  # power 2


def test_lh_i_1_2_07_nothing_to_take_the_oath_stays(make_state):
    st = table(make_state)
    st.players["d"].hand.append("oath.asmodeus.3")
    st.players["a"].hordes = []
    log = trade(st, d="FORCED Oath of Asmodeus FOR Fiends ELSE ANY")
    assert any("has nothing you named" in e.text for e in log.events)
    assert "oath.asmodeus.3" in st.players["d"].hand


def test_lh_i_3_2_03_no_artifact_for_a_prisoner_taker(make_state):
    st = table(make_state)
    assign(st.players["a"], status="prisoner", captor="c")
    trade(st, a="FORCED Oath of Belial FOR Wand of Might ELSE Metal Beasts")
    assert instances(st, "a", "artifacts") == []
    assert instances(st, "a", "hordes")[-1] == "horde.metal-beasts"


def test_lh_ii_2_1_04_baalzebub_chooses_by_default_his_weakest_horde(make_state):
    """004 §II.2.1: when Baalzebub is the target, he chooses what is traded."""
    st = table(make_state)
    r = line(st, "a", "FORCED Oath of Baalzebub FOR Fallen Angels")
    assert r.canonical == "FORCED Oath of Baalzebub (Baalzebub chooses what he gives)"
    log = trade(st, a="FORCED Oath of Baalzebub")
    # Fallen Angels power 2, Fiends 1, Tormented Ones (the only one: power 1): Fiends
    assert instances(st, "b", "hordes") == ["horde.fallen-angels", "horde.tormented-ones"]
    assert "Baalzebub chooses" in [e for e in log.events if e.kind == "forced-trade"][0].text


def test_lh_ii_2_1_04_baalzebub_frees_a_prisoner_by_his_standing_order(make_state):
    """004 §II.2.1 example: Baalzebub decides whether he releases a prisoner."""
    st = table(make_state)
    assign(st.players["d"], status="prisoner", captor="b")
    sheet = check_sheet(st, DATA, "b", "BAALZEBUB GIVES Prisoner Glasya ELSE ANY")
    assert not sheet.problems
    standing.keep(st, {"b": sheet})
    trade(st, a="FORCED Oath of Baalzebub")
    assert st.players["d"].status == "hell"
    assert len(st.players["b"].hordes) == 3
    assert line(st, "a", "BAALZEBUB GIVES Fiends").status == "illegal"


def test_lh_ii_2_1_03_baalzebub_may_give_up_a_protected_horde(make_state):
    st = table(make_state)
    st.players["b"].protected = [st.players["b"].hordes[0]]  # Fallen Angels
    standing.keep(st, {"b": check_sheet(st, DATA, "b", "BAALZEBUB GIVES Fallen Angels")})
    trade(st, a="FORCED Oath of Baalzebub")
    assert instances(st, "a", "hordes")[-1] == "horde.fallen-angels"
    assert st.players["b"].protected == []


def test_lh_ii_2_1_01_forced_trade_needs_trading_partners(make_state):
    st = table(make_state)
    assign(st.players["c"], status="prisoner", captor="b")
    log = trade(st, a="FORCED Oath of Belial FOR Fiends")
    assert instances(st, "a", "hordes") == ["horde.fiends"]
    refused = [e for e in log.events if e.kind == "forced-refused"]
    assert refused[0].rule == "LH-II.2.1-01" and "cannot trade with c" in refused[0].text
    # freed by his captor in the same stage (step 1 comes first): now it works
    trade(st, a="FORCED Oath of Belial FOR Fiends", b="FREE c")
    assert instances(st, "a", "hordes") == ["horde.fiends"] * 2


def test_forced_checker_messages(make_state):
    st = table(make_state)
    r = line(st, "c", "FORCED Oath of Asmodeus")
    assert r.status == "invalid" and "FOR" in r.message
    r = line(st, "a", "FORCED Oath of Mammon FOR Fiends")
    assert r.status == "unknown"
    r = line(st, "a", "FORCED Oath of Asmodeus FOR Fiends")
    assert r.status == "illegal" and "you hold no Oath of Asmodeus" in r.message
    st.players["a"].hand.append("oath.asmodeus.6")
    r = line(st, "a", "FORCED Oath of Asmodeus FOR Fiends")
    assert r.status == "illegal" and "your own" in r.message
    r = line(st, "a", "FORCED Oath of Belial FOR Bury")
    assert r.status == "illegal" and "ritual" in r.message
    st.phase, st.round = "combat", 1
    r = line(st, "a", "FORCED Oath of Belial FOR Fiends")
    assert r.status == "illegal" and "transfer or gathering" in r.message


def test_lh_ii_2_4_02_silence_refuses_forced_trades(make_state):
    st = table(make_state)
    st.silence = {"by": "d", "turn": 1, "phase": "transfer", "round": 0}
    log = trade(st, a="FORCED Oath of Belial FOR Juggernauts\nFORCED OPH Belial")
    assert instances(st, "a", "hordes") == ["horde.fiends"] and len(st.deck) == 4
    assert sum("Silence is in force" in e.text for e in log.events) == 2
