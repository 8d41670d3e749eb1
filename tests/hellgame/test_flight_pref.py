"""IP-25 in writing: FLIGHT PREFER (which of his two dice a fleeing Lieutenant takes) and
FLIGHT TAKE (which Legions go with him): orders/flight_pref.py, used by action/flight.py.

The marches are those of test_flight.py: void's Legion marches from SEA OF LARD into
ADDICTION, where horned's Units are. From ADDICTION the Compass gives 1 EXPLOITERS OF
LAND AND SEA, 2 SUGAR HILL, 3 MOLESTERS' PURGATORY, 4 SEA OF LARD (where the marchers
came from: a failure, HG-9.5.1-06), 5-6 no move.
"""

from __future__ import annotations

import pytest
from test_march import (
    ADDICTION,
    DATA,
    EXPLOITERS,
    MOLESTERS,
    SUGAR,
    SULLA,
    THIEVES,
    march,
    said,
    state,
    where,
)

from pbem.engine import ACCEPTED, AMBIGUOUS, ILLEGAL, INVALID, UNKNOWN
from pbem_games.hellgame import GAME
from pbem_games.hellgame.defaults import left_to_defaults
from pbem_games.hellgame.orders import Ctx
from pbem_games.hellgame.orders.flight_pref import parse_prefer, parse_take

LARD = "sectio.sea-of-lard"
FOREST, UNDERACHIEVERS = "sectio.the-forest-of-suicides", "sectio.underachievers"
ALASTOR = "lieutenant.alastor"  # Leadership 2 (Sulla: 3)
MARCH_IN = "LEGION Sea of Lard > Addiction"
FLEE = "FLEE ANYWHERE\n"


def line(st, text, player="horned"):
    r = GAME.check_orders(st.to_dict(), player, text).lines[0]
    return r.status, r.canonical or r.message


def sulla_and(legions: int, *extra) -> list:
    """void's marching Legion (u1), horned's Sulla (u2) and his Legions in ADDICTION."""
    return [("legion", "void", LARD), ("lieutenant", "horned", ADDICTION, SULLA),
            *[("legion", "horned", ADDICTION)] * legions, *extra]


# -- the orders -------------------------------------------------------------------------------

@pytest.mark.parametrize("text,canonical", [
    ("FLIGHT PREFER OWN, UNOWNED, ENEMY, ANTEHELL, OCCUPIED",
     "FLIGHT PREFER OWN, UNOWNED, ENEMY, ANTEHELL, OCCUPIED"),
    # kinds left out follow in the default order; the confirmation shows them all
    ("flight prefer unowned, mine", "FLIGHT PREFER UNOWNED, OWN, ENEMY, ANTEHELL, OCCUPIED"),
    ("FLIGHT PREFER ante hell occupied", "FLIGHT PREFER ANTEHELL, OCCUPIED, OWN, UNOWNED, ENEMY"),
    ("Flight Prefer neutral > other", "FLIGHT PREFER UNOWNED, ENEMY, OWN, ANTEHELL, OCCUPIED"),
    ("FLIGHT PREFER occ", "FLIGHT PREFER OCCUPIED, OWN, UNOWNED, ENEMY, ANTEHELL"),
    ("flight take minders last", "FLIGHT TAKE MINDERS LAST"),
    ("FLIGHT TAKE MAX 1", "FLIGHT TAKE MINDERS FIRST MAX 1"),
    ("FLIGHT TAKE minders first max 0", "FLIGHT TAKE MINDERS FIRST MAX 0"),
])
def test_ip_25_flight_orders_read(make_state, text, canonical):
    assert line(state(make_state, []), text) == (ACCEPTED, canonical)


@pytest.mark.parametrize("text,status,message", [
    ("FLIGHT PREFER", INVALID, "FLIGHT PREFER needs the kinds of place, best first"),
    ("FLIGHT PREFER o", AMBIGUOUS, "'o' matches 3 destinations: ENEMY, OCCUPIED, OWN"),
    ("FLIGHT PREFER enemys", UNKNOWN, "there is no destination called 'enemys'"),
    ("FLIGHT PREFER own, mine", INVALID, "FLIGHT PREFER names OWN twice"),
    ("FLIGHT TAKE", INVALID, "FLIGHT TAKE needs MINDERS FIRST, MINDERS LAST or MAX n"),
    ("FLIGHT TAKE minders", INVALID, "FLIGHT TAKE 'minders' is not understood"),
    ("FLIGHT TAKE MAX 10", INVALID,
     "the most Legions a fleeing Lieutenant takes must be between 0 and 9, not 10"),
    ("FLIGHT", INVALID, "'FLIGHT' is not an order I know"),
])
def test_ip_25_bad_flight_orders(make_state, text, status, message):
    assert line(state(make_state, []), text) == (status, message)


def test_ip_25_each_flight_order_once(make_state):
    sheet = GAME.check_orders(state(make_state, []).to_dict(), "horned",
                              "FLIGHT PREFER OWN\nFLIGHT PREFER ENEMY\n")
    assert [r.status for r in sheet.lines] == [ACCEPTED, ILLEGAL]
    assert sheet.lines[1].message == "FLIGHT PREFER may be given only once"


@pytest.mark.parametrize("parse,text", [
    (parse_prefer, "enemy, antehell"), (parse_prefer, "OCCUPIED"),
    (parse_take, "MINDERS LAST MAX 2"), (parse_take, "max 0")])
def test_ip_25_canonical_lines_read_back_the_same(make_state, parse, text):
    ctx = Ctx(state(make_state, []), DATA, "horned")
    canonical, order = parse(text, ctx)
    keyword = " ".join(canonical.split()[:2])
    assert parse(canonical[len(keyword):], ctx) == (canonical, order)


def test_ip_25_defaults_listed_until_ordered(make_state):
    # listed while he has a Lieutenant, whose flight they decide (issue 20: only what
    # concerns the player)
    st = state(make_state, [("lieutenant", "horned", ADDICTION, SULLA)])
    left = left_to_defaults(st, GAME.check_orders(st.to_dict(), "horned", "FLIGHT TAKE MAX 1"))
    assert [t for t in left if t.startswith("IP-25")] == [
        "IP-25 (FLIGHT PREFER): a fleeing Lieutenant takes the die that leads to your own "
        "Sectio free of "
        "enemies, else one nobody controls, another player's, AnteHell, an occupied one"]


# -- FLIGHT PREFER: which die ------------------------------------------------------------------

@pytest.mark.parametrize("order,dice,taken", [
    ("", [1, 2], 2),                          # default: his own Sectio before an unowned one
    ("FLIGHT PREFER UNOWNED\n", [1, 2], 1),
    ("FLIGHT PREFER UNOWNED\n", [2, 1], 1),
    ("FLIGHT PREFER ENEMY\n", [3, 2], 3),      # keys' MOLESTERS' PURGATORY first
    ("FLIGHT PREFER ENEMY\n", [1, 2], 2),      # then the default: OWN before UNOWNED
    ("FLIGHT PREFER UNOWNED, ENEMY\n", [2, 2], 2),  # both dice alike: no choice
])
def test_hg_9_5_1_07_ip_25_flight_prefer_picks_the_die(make_state, order, dice, taken):
    st = state(make_state, sulla_and(1), owners={SUGAR: "horned", MOLESTERS: "keys"})
    _, log = march(st, MARCH_IN, {"horned": FLEE + order}, dice)
    to = DATA.step(ADDICTION, taken)
    assert (where(st)["u2"], where(st)["u3"]) == (to, to)
    assert said(log)[2] == (f"horned's Lieutenant Sulla with 1 Legion in ADDICTION rolls "
                            f"{dice[0]} and {dice[1]} and takes the {taken} and flees to "
                            f"{DATA.sectio[to].name}", "HG-9.5.1-07")


def test_ip_25_antehell_first(make_state):
    """From THE FOREST OF SUICIDES (Limbo) a 3 leads to AnteHell: with ANTEHELL first he
    takes it over the unowned UNDERACHIEVERS that the default prefers."""
    st = state(make_state, [("legion", "void", MOLESTERS),
                            ("lieutenant", "horned", FOREST, SULLA)]
               + [("legion", "horned", FOREST)])
    march(st, "LEGION Molesters > Forest of Suicides",
          {"horned": FLEE + "FLIGHT PREFER ANTEHELL"}, [2, 3])
    assert (where(st)["u2"], where(st)["u3"]) == ("antehell", "antehell")


def test_hg_9_5_1_07_a_failed_die_is_never_preferred(make_state):
    """FLIGHT PREFER cannot make him stay: a 5 (no move) against a die into EXPLOITERS,
    where keys' Legion is (OCCUPIED, even listed last), he takes the EXPLOITERS die and
    must flee again from there (HG-9.5.1-08): 2 leads to THIEVES, free."""
    st = state(make_state, sulla_and(0, ("legion", "horned", ADDICTION),
                                     ("legion", "keys", EXPLOITERS)))
    _, log = march(st, MARCH_IN, {"horned": FLEE + "FLIGHT PREFER OWN, UNOWNED, ENEMY, "
                                                    "ANTEHELL, OCCUPIED"}, [5, 1, 2, 6])
    assert (where(st)["u2"], where(st)["u3"]) == (THIEVES, THIEVES)
    assert said(log)[2][0].endswith("rolls 5 and 1 and takes the 1 and flees to EXPLOITERS "
                                    "OF LAND AND SEA")


def test_hg_16_3_02_uriels_sectio_only_after_a_failed_die(make_state):
    """Uriel waits in SUGAR HILL, which horned owns: whatever the order, a 6 (no move)
    beats the 2 that would destroy him there."""
    st = state(make_state, sulla_and(1, {"kind": "uriel", "location": SUGAR}),
               owners={SUGAR: "horned"})
    march(st, MARCH_IN, {"horned": FLEE + "FLIGHT PREFER OWN"}, [2, 6])
    assert (where(st)["u2"], where(st)["u3"]) == (ADDICTION, ADDICTION)


def test_hg_16_2_02_a_solitary_lieutenant_follows_flight_prefer(make_state):
    st = state(make_state, sulla_and(0), owners={SUGAR: "horned"})
    march(st, MARCH_IN, {"horned": "FLIGHT PREFER UNOWNED"}, [2, 1])
    assert where(st)["u2"] == EXPLOITERS


# -- FLIGHT TAKE: which Legions --------------------------------------------------------------

HOUND = {"kind": "hellhound", "owner": "horned", "location": ADDICTION, "ref": "hellhound.2",
         "minder": "u3"}


@pytest.mark.parametrize("order,dice,with_him,left", [
    # default: Minders first: u3 (and its hound u7) with u4 and u5; u6 rolls alone
    ("", [2, 6, 5], ["u3", "u4", "u5", "u7"], ["u6"]),
    # Minders last: u4, u5, u6 go; the Minder u3 rolls alone, its hound with it
    ("FLIGHT TAKE MINDERS LAST\n", [2, 6, 5], ["u4", "u5", "u6"], ["u3", "u7"]),
    # at most 1: the Minder; the three others roll one die each
    ("FLIGHT TAKE MAX 1\n", [2, 6, 5, 5, 5], ["u3", "u7"], ["u4", "u5", "u6"]),
    ("FLIGHT TAKE MINDERS LAST MAX 1\n", [2, 6, 5, 5, 5], ["u4"], ["u3", "u5", "u6", "u7"]),
])
def test_hg_9_5_1_07_ip_25_flight_take(make_state, order, dice, with_him, left):
    st = state(make_state, sulla_and(4, HOUND), owners={SUGAR: "horned"})
    march(st, MARCH_IN, {"horned": FLEE + order}, dice)
    here = where(st)
    assert here["u2"] == SUGAR
    assert sorted(u for u in here if here[u] == SUGAR and u != "u2") == with_him
    assert sorted(u for u in here if here[u] == ADDICTION and u != "u1") == left


def test_ip_25_max_0_he_flees_alone_and_if_he_fails_stays_with_his_legions(make_state):
    """FLIGHT TAKE MAX 0: Sulla flees without Legions. Failing, he is no solitary
    Lieutenant (his Legions stand with him), so he is not captured (HG-16.2-03)."""
    st = state(make_state, sulla_and(1))
    _, log = march(st, MARCH_IN, {"horned": FLEE + "FLIGHT TAKE MAX 0"},
                   [5, 6, 5])
    assert where(st) == {"u1": ADDICTION, "u2": ADDICTION, "u3": ADDICTION}
    assert st.lieutenant_return == []
    assert [t for t, _ in said(log)][2:] == [
        "horned's Lieutenant Sulla alone in ADDICTION rolls 5 and 6: no move, so it does not "
        "get away",
        "horned's 1 Legion in ADDICTION rolls 5: no move, so it does not get away"]


def test_hg_16_2_03_a_second_lieutenant_left_without_legions_is_not_captured(make_state):
    """Sulla takes all three Legions and fails; Alastor, left with none to take, fails
    too: he still stands with his player's Legions, so he is not captured."""
    st = state(make_state, sulla_and(3, ("lieutenant", "horned", ADDICTION, ALASTOR)))
    march(st, MARCH_IN, {"horned": FLEE}, [5, 6, 5, 6])
    assert sorted(where(st)) == ["u1", "u2", "u3", "u4", "u5", "u6"]
    assert st.lieutenant_return == []


def test_ip_24_flee_from_hounds_is_ordered_apart_from_marches(make_state):
    """IP-24: FLEE ... HOUNDS lines decide for rampaging Hellhounds only; FLEE lines for
    marches never decide for hounds, and the default is to stand."""
    from pbem_games.hellgame.action.flight import decide, decide_hound
    from pbem_games.hellgame.data import load_data
    from pbem_games.hellgame.orders import check_sheet

    data = load_data()
    st = make_state(players={"a": {}, "b": {}, "c": {}})
    sheet = check_sheet(st, data, "a", "FLEE FROM HOUNDS IF OUTMATCHED\nFLEE ANYWHERE\n"
                                       "FLEE NEVER FROM HOUNDS IF OUTMATCHED\n")
    assert [r.canonical for r in sheet.lines[:2]] == ["FLEE FROM HOUNDS IF OUTMATCHED",
                                                      "FLEE ANYWHERE"]
    assert sheet.lines[2].status == "invalid"
    orders = [r.order for r in sheet.lines if r.ok]
    assert decide_hound(orders, my_legions=1, attacks=2, data=data)[0] is True
    assert decide_hound(orders, my_legions=2, attacks=2, data=data)[0] is False
    assert decide_hound([], my_legions=0, attacks=5, data=data) == (False, "")
    # the march rule skips the hound line and takes FLEE ANYWHERE
    assert decide(orders, "sectio.liars", 1, 1, data) == (True, "FLEE ANYWHERE")


# -- reading the kinds (issue 17) ---------------------------------------------------------------

def _names_before_issue_17(part: str) -> list[str]:
    """flight_pref._names as it was: every run of words from each start, longest first,
    looked up with names.match (quadratic in the words, and a "did you mean" each)."""
    from pbem_games.hellgame.errors import OrderError
    from pbem_games.hellgame.names import match
    from pbem_games.hellgame.orders.flight_pref import _KINDS

    def fits(name: str) -> bool:
        try:
            match(name, _KINDS, "destination")
        except OrderError:
            return False
        return True

    words, out = part.split(), []
    while words:
        n = next((n for n in range(len(words), 1, -1) if fits(" ".join(words[:n]))), 1)
        out.append(" ".join(words[:n]))
        words = words[n:]
    return out


def test_ip_25_kinds_are_read_as_before_issue_17():
    """The same readings as before, in time proportional to the part (test_sheet_size.py
    counts the work): whole names, variants, prefixes, punctuation between words."""
    import random

    from pbem_games.hellgame.orders.flight_pref import _names

    words = ["OWN", "own", "UNOWNED", "ENEMY", "ANTE", "HELL", "ANTEHELL", "ANTE-HELL", "Ante—Hell",
             "ANTE'HELL", "OCCUPIED", "occ", "o", "un", "MINE", "NEUTRAL", "nobody's", "OTHER",
             "THEIRS", "-", "'", "&", "x", "the", "é", "OWNx", "e", "en", "ANT", "h"]
    rng = random.Random(25)
    for _ in range(2000):
        part = " ".join(rng.choice(words) for _ in range(rng.randint(0, 8)))
        assert _names(part) == _names_before_issue_17(part), part


def test_ip_25_defaults_not_listed_without_a_lieutenant(make_state):
    st = state(make_state, [("legion", "horned", ADDICTION)])
    left = left_to_defaults(st, GAME.check_orders(st.to_dict(), "horned", ""))
    assert [t for t in left if t.startswith("IP-25")] == []
    assert any(t.startswith("IP-23 (FLEE)") for t in left)  # his Legion may be marched on
