"""Matched deals and promises (LH-II.2, LH-II.3; PB-04, PB-15): the escrow, the
canonical form, what may move when, and the checker's messages."""

from __future__ import annotations

from loh_kit import DATA, assign, instances, line, trade

from pbem_games.lords_of_hell.orders import check_sheet

# default Devils: a Asmodeus, b Baalzebub, c Belial, d Glasya


def table(make_state, **fields):
    return make_state({
        "a": {"souls": 3, "hordes": ["horde.fiends", "horde.fiends"],
              "hand": ["special.recall", "oath.asmodeus.1"]},
        "b": {"souls": 1, "hand": ["oath.belial.6", "ritual.bury"],
              "artifacts": ["artifact.wand-of-might"]},
        "c": {"hordes": ["horde.juggernauts"]},
        "d": {"hordes": ["horde.metal-beasts"]}}, **fields)


def test_lh_ii_2_01_matched_deal_moves_everything(make_state):
    st = table(make_state)
    log = trade(st, a="DEAL a GIVES 2 Souls, Fiends TO b; b GIVES Oath of Belial TO a",
                # the same terms written another way: clause and item order, Devil names
                b="DEAL Baalzebub GIVES Oath of Belial TO Asmodeus; "
                  "Asmodeus GIVES Fiends AND 1 Soul, 1 Soul TO Baalzebub")
    a, b = st.players["a"], st.players["b"]
    assert (a.souls, b.souls) == (1, 3)
    assert instances(st, "a", "hordes") == ["horde.fiends"]
    assert instances(st, "b", "hordes") == ["horde.fiends"]
    assert "oath.belial.6" in a.hand and "oath.belial.6" not in b.hand
    assert st.deals[0]["id"] == "d1" and st.deals[0]["parties"] == ["a", "b"]
    made = [e for e in log.events if e.kind == "deal-made"]
    assert made[0].visible_to == ("a", "b") and "Oath of Belial" in made[0].text
    public = [e for e in log.events if e.kind == "deal"][0]
    assert public.visible_to is None
    assert "b gives 1 card from hand to a" in public.text and "Belial" not in public.text
    assert "a gives 2 Souls, Fiends to b" in public.text


def test_lh_ii_2_2_01_private_diplomacy_tells_the_parties_only(make_state):
    st = table(make_state, variants={"private_diplomacy": True})
    log = trade(st, a="DEAL a GIVES 1 Soul TO b", b="DEAL a GIVES 1 Soul TO b")
    assert st.players["b"].souls == 2
    assert not [e for e in log.events if e.kind == "deal"]
    assert [e.visible_to for e in log.events if e.kind == "deal-made"] == [("a", "b")]


def test_unmatched_deal_is_reported_to_its_writer(make_state):
    st = table(make_state)
    log = trade(st, a="DEAL a GIVES 1 Soul TO b", b="DEAL a GIVES 2 Souls TO b")
    assert st.players["b"].souls == 1 and st.deals == []
    msgs = {e.visible_to: e.text for e in log.events if e.kind == "deal-unmatched"}
    assert "no matching DEAL from b" in msgs[("a",)]
    assert "no matching DEAL from a" in msgs[("b",)]


def test_three_party_deal_needs_every_party(make_state):
    st = table(make_state)
    terms = "DEAL a GIVES 1 Soul TO b; b GIVES Bury TO c; c GIVES Juggernauts TO a"
    log = trade(st, a=terms, b=terms)
    assert st.deals == [] and st.players["a"].souls == 3
    assert any("no matching DEAL from c" in e.text for e in log.events)
    trade(st, a=terms, b=terms, c=terms)
    assert instances(st, "a", "hordes")[-1] == "horde.juggernauts"
    assert instances(st, "c", "hand") == ["ritual.bury"]


def test_escrow_item_gone_nothing_moves(make_state):
    """b holds one Wand of Might and deals it twice; the first deal takes it, the second
    fails whole: c's Souls do not move either."""
    st = table(make_state)
    st.players["c"].souls = 2
    log = trade(st, b="DEAL b GIVES Wand of Might TO a\n"
                      "DEAL b GIVES Wand of Might TO c; c GIVES 2 Souls TO b",
                a="DEAL b GIVES Wand of Might TO a",
                c="DEAL c GIVES 2 Souls TO b; b GIVES Wand of Might TO c")
    assert instances(st, "a", "artifacts") == ["artifact.wand-of-might"]
    assert st.players["c"].souls == 2 and st.players["b"].souls == 1
    failed = [e for e in log.events if e.kind == "deal-failed"]
    assert failed[0].visible_to == ("b", "c")
    assert "nothing changes hands" in failed[0].text and "b has 0" in failed[0].text


def test_lh_ii_2_01_tabled_things_only_in_the_transfer_phase(make_state):
    st = table(make_state, phase="combat", round=1)
    r = line(st, "a", "DEAL a GIVES Fiends TO b")
    assert r.status == "illegal" and r.rule == "LH-II.2-01" and "transfer phase" in r.message
    r = line(st, "a", "DEAL a GIVES 1 Soul TO b")
    assert r.status == "illegal" and r.rule == "LH-I.4.1-01"
    # hand cards, Oaths and promises: whenever trading is allowed
    trade(st, a="DEAL a GIVES Recall TO b; b PROMISES NAP TO a",
          b="DEAL a GIVES Recall TO b; b PROMISES NAP TO a")
    assert instances(st, "b", "hand")[-1] == "special.recall"
    st = table(make_state, phase="gathering")
    assert line(st, "b", "DEAL b GIVES Wand of Might TO a").status == "illegal"
    assert line(st, "a", "DEAL a GIVES Realm TO b; b GIVES Realm TO a").rule == "LH-I.2-06"


def test_lh_i_3_2_03_no_artifact_to_a_prisoner(make_state):
    st = table(make_state)
    assign(st.players["a"], status="prisoner", captor="b")
    terms = "DEAL b GIVES Wand of Might TO a"
    log = trade(st, a=terms, b=terms)
    assert instances(st, "b", "artifacts") == ["artifact.wand-of-might"]
    failed = [e.text for e in log.events if e.kind == "deal-failed"]
    assert "cannot receive an artifact (LH-I.3.2-03)" in failed[0]


def test_lh_i_1_1_05_prisoner_trades_only_with_captor_or_permitted(make_state):
    st = table(make_state)
    assign(st.players["a"], status="prisoner", captor="b")
    terms = "DEAL a GIVES 1 Soul TO c"
    log = trade(st, a=terms, c=terms)
    assert st.players["c"].souls == 0
    assert "a and c cannot trade now (LH-I.1.1-05)" in \
        [e.text for e in log.events if e.kind == "deal-failed"][0]
    trade(st, a="DEAL a GIVES 1 Soul TO b", b="DEAL a GIVES 1 Soul TO b")
    assert st.players["b"].souls == 2  # with the captor
    st.players["a"].permits = ["c"]
    trade(st, a=terms, c=terms)
    assert st.players["c"].souls == 1


def test_lh_i_1_1_04_knocked_out_devils_cannot_trade(make_state):
    st = table(make_state, phase="combat", round=2)
    st.players["a"].status = "ko"
    terms = "DEAL b GIVES Bury TO a"
    trade(st, a=terms, b=terms)
    assert instances(st, "b", "hand") == ["oath.belial.6", "ritual.bury"]


def test_lh_i_2_06_realm_swap_needs_both(make_state):
    st = table(make_state)
    r = line(st, "a", "DEAL a GIVES Realm TO b; b GIVES 1 Soul TO a")
    assert r.status == "illegal" and r.rule == "LH-I.2-06"
    home_a, home_b = st.players["a"].home, st.players["b"].home
    terms = "DEAL a GIVES Realm TO b; b GIVES Realm TO a"
    trade(st, a=terms, b=terms)
    assert (st.players["a"].home, st.players["b"].home) == (home_b, home_a)
    assert (st.realms[home_a], st.realms[home_b]) == ("b", "a")


def test_lh_i_1_1_09_prisoner_handed_to_a_new_captor(make_state):
    st = table(make_state)
    assign(st.players["c"], status="prisoner", captor="a", permits=["d"])
    terms = "DEAL a GIVES Prisoner c TO b; b GIVES 1 Soul TO a"
    trade(st, a=terms, b=terms)
    c = st.players["c"]
    assert (c.status, c.captor, c.permits) == ("prisoner", "b", [])
    st.phase, st.round = "combat", 1
    r = line(st, "b", "DEAL b GIVES Prisoner c TO a")
    assert r.status == "illegal" and r.rule == "LH-I.1.1-09"


def test_lh_i_1_1_10_prisoner_handed_to_a_homeless_devil_is_freed(make_state):
    st = table(make_state)
    assign(st.players["c"], status="prisoner", captor="a")
    st.realms[st.players["d"].home] = None
    assign(st.players["d"], home=None, hordes=[], status="earth")
    terms = "DEAL a GIVES Prisoner c TO d"
    log = trade(st, a=terms, d=terms)
    assert st.players["c"].status == "hell"
    assert any(e.kind == "freed" and e.rule == "LH-I.1.1-10" for e in log.events)


def test_lh_ii_3_promises_recorded_with_their_term(make_state):
    st = table(make_state, turn=2)
    terms = ('DEAL a PROMISES NAP TO b, c; b PROMISES VOTE Asmodeus TO a UNTIL NEXT TURN; '
             'c PROMISES "3 hordes next turn" TO a; c GIVES Juggernauts TO a')
    other = ('DEAL c GIVES Juggernauts TO a; c PROMISES "3 Hordes next turn!" TO a; '
             'b PROMISES VOTE a TO a UNTIL NEXT TURN; a PROMISES NAP TO c, b')
    trade(st, a=terms, b=other, c=terms)
    pr = {p["kind"]: p for p in st.promises}
    assert pr["NAP"]["to"] == ["b", "c"] and pr["NAP"]["until"] == 2  # LH-II.3.1-08
    assert pr["VOTE"]["target"] == "a" and pr["VOTE"]["target_devil"] == "devil.asmodeus"
    assert pr["VOTE"]["until"] == 3  # LH-II.3-01: never past the next turn
    assert pr["TEXT"]["until"] == 3 and '"3 hordes next turn"' in pr["TEXT"]["text"]
    assert [p["id"] for p in st.promises] == ["d1.1", "d1.2", "d1.3"]
    assert all(p["deal"] == "d1" and p["turn"] == 2 for p in st.promises)


def test_lh_i_1_1_12_glasya_surrenders_for_a_promise(make_state):
    """004 §I.1.1: Glasya, surrounded, surrenders to Asmodeus if he promises not to
    attack her realm this turn: one deal, both or nothing."""
    st = make_state({"asm": {"devil": "devil.asmodeus", "hordes": ["horde.fiends"] * 6},
                     "gla": {"devil": "devil.glasya", "hordes": ["horde.fiends"]}})
    terms = "DEAL Glasya GIVES Surrender TO Asmodeus; Asmodeus PROMISES NAH TO Glasya"
    log = trade(st, asm=terms, gla=terms)
    g = st.players["gla"]
    assert (g.status, g.captor) == ("prisoner", "asm")
    assert st.promises[0]["kind"] == "NAH" and st.promises[0]["from"] == "asm"
    assert "gla surrenders to asm" in [e for e in log.events if e.kind == "deal"][0].text


def test_lh_ii_2_4_02_silence_refuses_deals(make_state):
    st = table(make_state)
    st.silence = {"by": "d", "turn": 1, "phase": "transfer", "round": 0}
    terms = "DEAL a GIVES 1 Soul TO b; a PROMISES NAP TO b"
    log = trade(st, a=terms, b=terms)
    assert st.players["a"].souls == 3 and st.promises == []
    refused = [e for e in log.events if e.kind == "deal-refused"]
    assert refused and "Silence is in force" in refused[0].text


def test_lh_ii_2_1_03_normal_trade_ends_protection(make_state):
    st = table(make_state)
    st.players["a"].protected = list(st.players["a"].hordes)
    trade(st, a="DEAL a GIVES Fiends TO b", b="DEAL a GIVES Fiends TO b")
    moved = st.players["b"].hordes[0]
    assert moved not in st.players["b"].protected + st.players["a"].protected


def test_lh_i_2_04_05_homes_follow_the_forces(make_state):
    st = table(make_state)
    # a prisoner with no Souls gives away his last horde: his realm is lost; the
    # homeless receiver (Devil on Earth, no forces in Hell) takes one
    assign(st.players["d"], status="prisoner", captor="a", permits=["c"])
    st.players["c"].home, old = None, st.players["c"].home
    st.realms[old] = None
    st.players["c"].hordes = []
    st.players["c"].status = "earth"
    terms = "DEAL d GIVES Metal Beasts TO c"
    log = trade(st, c=terms, d=terms)
    assert st.players["d"].home is None
    assert st.players["c"].home is not None  # gained forces: takes a realm
    kinds = [e.kind for e in log.events]
    assert "home-lost" in kinds and "home-taken" in kinds


def test_deal_checker_messages(make_state):
    st = table(make_state)
    r = line(st, "c", "DEAL a GIVES 1 Soul TO b")
    assert (r.status, r.message) == ("illegal", "you are not a party to this deal")
    r = line(st, "a", "DEAL a GIVES 1 Soul TO a")
    assert r.status == "invalid" and "himself" in r.message
    r = line(st, "a", "DEAL a GIVES Fiend TO b")  # unique prefix: Fiends
    assert r.status == "accepted" and r.canonical == "DEAL a GIVES Fiends TO b"
    r = line(st, "a", "DEAL a GIVES Fiendz TO b")
    assert r.status == "unknown" and "Fiends" in r.hint
    r = line(st, "a", "DEAL a GIVES 3 Fiends TO b")
    assert r.status == "illegal" and "a has 2 and not 3 Fiends" in r.message
    r = line(st, "a", "DEAL a GIVES 1 Soul TO zed")
    assert r.status == "unknown" and "player or Devil" in r.message
    r = line(st, "a", "DEAL a PROMISES NAP TO b UNTIL DOOMSDAY")
    assert r.status == "invalid" and r.rule == "LH-II.3-01"
    r = line(st, "a", "DEAL a PROMISES FRIENDSHIP TO b")
    assert r.status == "unknown" and r.rule == "LH-II.3.1-01"
    r = line(st, "a", "DEAL a GIVES 2 Prisoner c TO b")
    assert r.status == "invalid"
    r = line(st, "a", "DEAL a HANDS 1 Soul TO b")
    assert r.status == "invalid" and "GIVES" in r.message
    r = line(st, "a", "DEAL")
    assert r.status == "invalid"
    r = line(st, "a", "DEAL a GIVES Oath of Mammon TO b")  # Mammon is not in this game
    assert r.status == "unknown"


def test_deal_canonical_form_sorted_and_added_up(make_state):
    st = table(make_state)
    r = line(st, "b", "DEAL b GIVES Bury TO a; a GIVES 1 Soul, Recall TO b; a GIVES 1 soul "
                      "TO b")
    assert r.canonical == "DEAL a GIVES 2 Souls, Recall TO b; b GIVES Bury TO a"


def test_lh_ii_3_3_01_promise_changed_by_all_parties(make_state):
    """004 §II.3.3: Belial promised Asmodeus 3 resource cards next transfer phase; he
    offers 2 tabled hordes instead; Asmodeus agrees and the old promise is forgotten."""
    st = make_state({"asm": {"devil": "devil.asmodeus"},
                     "bel": {"devil": "devil.belial", "hordes": ["horde.fiends"] * 2,
                             "hand": ["special.recall"] * 3}})
    old = 'DEAL Belial PROMISES "3 resource cards next transfer phase" TO Asmodeus'
    trade(st, asm=old, bel=old)
    assert [p["id"] for p in st.promises] == ["d1.1"]
    new = "DEAL Belial GIVES 2 Fiends TO Asmodeus; Asmodeus RELEASES d1.1"
    r = line(st, "bel", new)
    assert r.canonical == "DEAL bel GIVES 2 Fiends TO asm; asm RELEASES d1.1"
    trade(st, asm=new)  # Belial alone cannot drop it
    assert len(st.promises) == 1
    log = trade(st, asm=new, bel=new)
    assert st.promises == [] and instances(st, "asm", "hordes") == ["horde.fiends"] * 2
    public = [e.text for e in log.events if e.kind == "deal"][0]
    assert "promise d1.1 is dropped by asm and bel" in public


def test_lh_ii_3_3_01_release_checker(make_state):
    st = table(make_state)
    r = line(st, "a", "DEAL a RELEASES d9.9")
    assert r.status == "invalid" and "no promise" in r.message
    st.promises = [{"id": "d1.1", "from": "b", "to": ["c"], "kind": "NAP", "text": "",
                       "turn": 1, "until": 1}]
    r = line(st, "a", "DEAL a RELEASES d1.1")
    assert r.status == "illegal" and "not a party" in r.message


def test_trading_parsers_never_crash(make_state):
    """Random lines of order words: every line gets a result, no exception."""
    import random

    st = table(make_state)
    assign(st.players["c"], status="prisoner", captor="a")
    words = ["DEAL", "FOR", "ELSE", "GIVES", "TO", "PROMISES", "RELEASES", "UNTIL", "NEXT",
             "a", "b", "Belial", "2", "0", "99999999999", "Souls", "Fiends", "Oath", "of",
             "Prisoner", "Realm", "Surrender", ";", ",", '"', "AND", "ANY", "NAP", "VOTE",
             "OFF", "ALL", "DEVIL", "Bury", "Time", "UNLESS", "WITH", "d1.1", ""]
    keywords = ["DEAL", "FORCED OPH", "FORCED", "FREE", "PERMIT", "SURRENDER TO",
                "ACCEPT SURRENDER", "HEAVEN DEAL", "DISCARD", "HOME", "TORTURE",
                "BAALZEBUB GIVES", "RITUAL", "EARTH"]
    rng = random.Random(9)
    for _ in range(1500):
        text = rng.choice(keywords) + " " + " ".join(rng.choice(words)
                                                     for _ in range(rng.randint(0, 9)))
        for phase in ("transfer", "combat", "gathering"):
            st.phase = phase
            sheet = check_sheet(st, DATA, rng.choice("abc"), text)
            assert len(sheet.lines) == 1


def test_lh_ii_3_1_basic_promises_parse(make_state):
    """NAH, NAP, Attack, Object, No targeting (LH-II.3.1-02..06) and Vote (LH-III.4.5-04),
    by short or long name; ATTACK, OBJECT and VOTE name their Devil."""
    st = table(make_state)
    for text, canonical in (
            ("NAH", "NAH"), ("no attack to home", "NAH"), ("Non-Aggression Pact", "NAP"),
            ("ATTACK Glasya", "ATTACK d"), ("object in gathering Belial", "OBJECT c"),
            ("no targeting", "NO TARGETING"), ("VOTE b", "VOTE b")):
        r = line(st, "a", f"DEAL a PROMISES {text} TO b")
        assert r.canonical == f"DEAL a PROMISES {canonical} TO b", text
    r = line(st, "a", "DEAL a PROMISES ATTACK TO b")
    assert r.status == "invalid" and "needs the Devil" in r.message
    r = line(st, "a", 'DEAL a PROMISES "unclosed TO b')
    assert r.status == "invalid"
