"""Victory points once the Overlord is found (LH-III.4.4-02) and the result text."""

from __future__ import annotations

from loh_kit import DATA

from pbem.eventlog import Log
from pbem_games.lords_of_hell import victory
from pbem_games.lords_of_hell.state import LohState

ASM, BAAL, BEL = "devil.asmodeus", "devil.baalzebub", "devil.belial"


def scored(st: LohState) -> tuple[dict, Log]:
    log = Log()
    victory.score(st, DATA, log)
    return st.vp, log


def test_lh_iii_4_4_03_example(make_state):
    """004 §III.4.4 example: Asmodeus (5 SP) is Overlord: 3.5 + 1 = 4.5; Baalzebub (8 SP,
    1 Oath of Asmodeus and others) 2 + 1 + 1 = 4; Belial (4 SP, 2 Oaths of Asmodeus) 4.
    Asmodeus wins."""
    st = make_state(players={
        "asm": {"devil": ASM, "sp": 5, "hand": ["oath.asmodeus.1", "oath.belial.1"]},
        "baal": {"devil": BAAL, "sp": 8,
                 "hand": ["oath.asmodeus.2", "oath.belial.2", "oath.belial.3",
                          "special.recall"]},
        "bel": {"devil": BEL, "sp": 4, "hand": ["oath.asmodeus.3", "oath.asmodeus.4",
                                                "oath.baalzebub.1"]}},
        overlord="asm", phase="over")
    vp, log = scored(st)
    assert vp == {"asm": 4.5, "baal": 4.0, "bel": 4.0}
    assert victory.winners(st) == ["asm"]
    assert victory.result_text(st, DATA) == ("Asmodeus (asm) is the Overlord of Hell. "
                                             "Asmodeus (asm) wins with 4.5 VP.")
    assert [e.data["vp"] for e in log.events if e.kind == "vp"] == [4.5, 4.0, 4.0]


def test_lh_iii_4_4_02_most_sp_bonus_needs_three_over_the_lowest(make_state):
    st = make_state(players={"a": {"sp": 5}, "b": {"sp": 4}, "c": {"sp": 3}, "d": {"sp": 3}},
                    overlord="d")
    vp, _ = scored(st)
    assert vp == {"a": 1.0, "b": 1.0, "c": 0.0, "d": 3.5}


def test_lh_iii_4_4_02_tied_leaders_all_get_the_bonus(make_state):
    st = make_state(players={"a": {"sp": 6}, "b": {"sp": 6}, "c": {"sp": 3}, "d": {"sp": 4}},
                    overlord="c")
    vp, _ = scored(st)
    assert vp == {"a": 2.0, "b": 2.0, "c": 3.5, "d": 1.0}


def test_lh_iii_4_4_02_overlords_own_oaths_count_nothing_for_him(make_state):
    """LH-I.1.2-05: the Overlord's Oaths score for the others only; other Oaths score
    nothing."""
    st = make_state(players={"a": {"hand": ["oath.asmodeus.1", "oath.asmodeus.2"]},
                             "b": {"hand": ["oath.baalzebub.1", "oath.belial.1"]},
                             "c": {"hand": ["oath.asmodeus.3"]}, "d": {}},
                    overlord="a")
    vp, _ = scored(st)
    assert vp == {"a": 3.5, "b": 0.0, "c": 2.0, "d": 0.0}


def test_lh_iii_4_4_02_more_sp_than_the_lowest(make_state):
    """Everyone above the lowest SP total gets 1; all at the lowest get nothing."""
    st = make_state(players={"a": {"sp": 0}, "b": {"sp": 1}, "c": {"sp": 2}, "d": {"sp": 0}},
                    overlord="a")
    vp, _ = scored(st)
    assert vp == {"a": 3.5, "b": 1.0, "c": 1.0, "d": 0.0}


def test_lh_iii_4_4_02_tie_is_a_shared_win(make_state):
    """The Overlord a (at the lowest SP) scores 3.5; b and c hold 2 Oaths of Asmodeus
    each, 4 VP: they share the win."""
    st = make_state(players={"a": {}, "b": {"hand": ["oath.asmodeus.1", "oath.asmodeus.2"]},
                             "c": {"hand": ["oath.asmodeus.3", "oath.asmodeus.4"]},
                             "d": {}}, overlord="a")
    vp, log = scored(st)
    assert vp == {"a": 3.5, "b": 4.0, "c": 4.0, "d": 0.0}
    assert victory.winners(st) == ["b", "c"]
    text = victory.result_text(st, DATA)
    assert text == ("Asmodeus (a) is the Overlord of Hell. Shared win: Baalzebub (b) and "
                    "Belial (c), 4 VP each.")
    assert next(e for e in log.events if e.kind == "winner").data["winners"] == ["b", "c"]


def test_lh_iii_4_4_01_if_overlord_deal_falls_due_before_the_vp():
    """PB-38: "if you become Overlord I give you this Oath": b gives a an Oath of c if a
    is Overlord (kept), and c gives b 2 Oaths of a if c is Overlord (lapses). The Oath
    counts nothing for a; a deal b cannot keep in full is flagged for the moderator."""
    from loh_kit import trade

    st = make_state_for_deal()
    trade(st, b="DEAL c GIVES 2 Oaths of a TO b IF OVERLORD c; b GIVES Oath of a TO d "
            "IF OVERLORD a", c="DEAL c GIVES 2 Oaths of a TO b IF OVERLORD c; "
                               "b GIVES Oath of a TO d IF OVERLORD a",
          d="DEAL b GIVES Oath of Asmodeus TO d IF OVERLORD asmodeus; "
            "c GIVES 2 Oaths of Asmodeus TO b IF OVERLORD c")
    assert st.deals[0]["text"] == ("b GIVES Oath of Asmodeus TO d IF OVERLORD a; "
                                   "c GIVES 2 Oaths of Asmodeus TO b IF OVERLORD c")
    assert st.players["b"].hand == ["oath.asmodeus.1", "oath.asmodeus.2"]  # not yet
    st.overlord, st.phase = "a", "over"
    vp, log = scored(st)
    assert st.players["d"].hand == ["oath.asmodeus.1"]
    assert vp == {"a": 3.5, "b": 2.0, "c": 0.0, "d": 2.0}
    assert [e.text for e in log.events if e.kind == "deal-due" and e.visible_to is None] == [
        "Deal d1 falls due: b gives 1 card from hand to d."]  # hidden (LH-I.3-01)
    assert [e.kind for e in log.events].count("deal-lapses") == 1
    assert not [e for e in log.events if e.kind == "not-implemented"]


def test_lh_iii_4_4_01_a_due_deal_not_held_is_flagged():
    from loh_kit import trade

    st = make_state_for_deal()
    line = "DEAL b GIVES 3 Oaths of Asmodeus TO d IF OVERLORD a"
    trade(st, b=line, d=line)
    st.overlord, st.phase = "a", "over"
    vp, log = scored(st)
    assert vp["d"] == 4.0 and st.players["d"].hand == ["oath.asmodeus.1", "oath.asmodeus.2"]
    assert [e.data["breach"] for e in log.events if e.kind == "promise-broken"] == ["b1"]
    mod = [e for e in log.events if e.kind == "moderator-notice"]
    assert mod[0].visible_to == () and mod[0].data["decisions"] == ["penalty b1",
                                                                    "dismiss b1"]


def test_lh_iii_4_4_01_if_overlord_only_for_souls_cards_and_oaths():
    from loh_kit import line

    st = make_state_for_deal()
    r = line(st, "b", "DEAL b GIVES Realm TO d IF OVERLORD a; d GIVES Realm TO b")
    assert r.status == "illegal" and r.rule == "LH-III.4.4-01"


def make_state_for_deal() -> LohState:
    from loh_kit import build_state

    return build_state({"a": {"devil": ASM}, "b": {"devil": BAAL,
                                                   "hand": ["oath.asmodeus.1",
                                                            "oath.asmodeus.2"]},
                        "c": {"devil": BEL}, "d": {"devil": "devil.glasya"}},
                       phase="gathering")
