"""Major Arcana that carry Units (action/spells_transport.py): Secret Tunnel, Into the
Void, Wormhole, Cthonians, Call of the Wild, Hellhounds!!!."""

from phase_runner import run_phase

from pbem_games.hellgame import action, random_moves
from pbem_games.hellgame.data import load_data

DATA = load_data()
CAIM = {"daemons": ["daemon.caim"]}
IDNW = "COUNTER {} WITH It Did Not Work USING Xaphan\n"


def acts(log) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def where(st) -> dict[str, str]:
    return {u.id: u.location for u in st.units}


def state(make_state, card, units, **kw):
    return make_state(players={"a": {**CAIM, "hand": [card]},
                               "b": {"daemons": ["daemon.xaphan"],
                                     "hand": ["arcana.it-did-not-work"]}, "c": {}},
                      units=units, **kw)


def test_secret_tunnel_moves_the_casters_units(make_state):
    """arcana.secret-tunnel: a's Legion (with its hound) and Lieutenant go to Sugar Hill,
    where b's Legion is; b's Unit in Liars stays; nobody flees."""
    st = state(make_state, "arcana.secret-tunnel", [
        ("legion", "a", "sectio.liars"), ("lieutenant", "a", "sectio.liars", "lieutenant.sulla"),
        ("legion", "b", "sectio.liars"), ("legion", "b", "sectio.sugar-hill"),
        {"kind": "hellhound", "owner": "a", "location": "sectio.liars", "minder": "u1"}])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Secret Tunnel ON Liars TO Sugar Hill\n"})
    assert where(st) == {"u1": "sectio.sugar-hill", "u2": "sectio.sugar-hill",
                         "u3": "sectio.liars", "u4": "sectio.sugar-hill",
                         "u5": "sectio.sugar-hill"}
    assert acts(log)[1] == ("carried", "Secret Tunnel: Caim (a) moves 3 Units from LIARS: a's "
                            "Legion, a's Lieutenant Sulla, a's Hellhound to SUGAR HILL")


def test_secret_tunnel_refused_into_uriel(make_state):
    """arcana.secret-tunnel: never into Uriel's place (HG-16.3-01); nothing paid."""
    st = state(make_state, "arcana.secret-tunnel", [
        ("legion", "a", "sectio.liars"), ("uriel", None, "sectio.sugar-hill")])
    run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Secret Tunnel ON Liars TO Sugar Hill\n"})
    assert st.players["a"].hand == ["arcana.secret-tunnel"]
    assert where(st)["u1"] == "sectio.liars"


def test_secret_tunnel_countered(make_state):
    """arcana.secret-tunnel cancelled: nothing moves."""
    st = state(make_state, "arcana.secret-tunnel", [("legion", "a", "sectio.liars")])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Secret Tunnel ON Liars TO Sugar Hill\n",
        "b": IDNW.format("Secret Tunnel")})
    assert ("countered", "Secret Tunnel of Caim (a) does not work") in acts(log)
    assert where(st)["u1"] == "sectio.liars"


def test_into_the_void_moves_everything_lilith_too(make_state):
    """arcana.into-the-void: every Unit in Sugar Hill, b's and Lilith, to AnteHell; the
    caster controls a Limbo Sectio."""
    st = state(make_state, "arcana.into-the-void", [
        ("legion", "b", "sectio.sugar-hill"), ("lilith", None, "sectio.sugar-hill"),
        ("legion", "a", "sectio.sugar-hill")], owners={"sectio.underachievers": "a"})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Into the Void ON Sugar Hill TO AnteHell\n"})
    assert set(where(st).values()) == {"antehell"}
    assert acts(log)[1] == ("carried", "Into the Void: Caim (a) casts 3 Units out of SUGAR "
                            "HILL: b's Legion, Lilith, a's Legion to AnteHell")


def test_into_the_void_needs_limbo(make_state):
    """arcana.into-the-void: without a Sectio in Limbo it cannot be cast."""
    st = state(make_state, "arcana.into-the-void", [("legion", "b", "sectio.sugar-hill")])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Into the Void ON Sugar Hill TO Underachievers\n"})
    assert [e.text for e in log.events if e.visible_to == ("a",)] == [
        "Caim (a): CAST not possible: a controls no Sectio in Limbo, which Into the Void "
        "needs"]
    assert where(st)["u1"] == "sectio.sugar-hill"


def test_into_the_void_countered(make_state):
    """arcana.into-the-void cancelled: nothing moves."""
    st = state(make_state, "arcana.into-the-void", [("legion", "b", "sectio.sugar-hill")],
               owners={"sectio.underachievers": "a"})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Into the Void ON Sugar Hill TO Underachievers\n",
        "b": IDNW.format("Into the Void")})
    assert ("countered", "Into the Void of Caim (a) does not work") in acts(log)
    assert where(st)["u1"] == "sectio.sugar-hill"


def test_wormhole_draws_a_hell_card(make_state):
    """arcana.wormhole: the first card shows Sugar Hill itself (not new), the second
    A Room Full of Narcissists; both go to the bottom of the Hell deck."""
    hill = next(c for c, h in sorted(DATA.hell_cards.items())
                if h.bottom.sectio == "sectio.sugar-hill")
    room = "hell.a-help-in-hell"  # bottom: A Room Full of Narcissists
    st = state(make_state, "arcana.wormhole", [
        ("legion", "b", "sectio.sugar-hill"), ("legion", "a", "sectio.sugar-hill")],
        hell_deck=[hill, room, "hell.boredom"])
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Wormhole ON Sugar Hill\n"})
    assert set(where(st).values()) == {"sectio.a-room-full-of-narcissists"}
    assert st.hell_deck == ["hell.boredom", hill, room]
    assert [k for k, _ in acts(log)][:4] == ["cast", "wormhole-draw", "wormhole-draw",
                                             "carried"]


def test_wormhole_countered(make_state):
    """arcana.wormhole cancelled: no card drawn, nothing moves."""
    st = state(make_state, "arcana.wormhole", [("legion", "b", "sectio.sugar-hill")],
               hell_deck=["hell.a-help-in-hell"])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Wormhole ON Sugar Hill\n", "b": IDNW.format("Wormhole")})
    assert ("countered", "Wormhole of Caim (a) does not work") in acts(log)
    assert where(st)["u1"] == "sectio.sugar-hill" and st.hell_deck == ["hell.a-help-in-hell"]


def test_cthonians_two_shifts_cost_six_souls(make_state):
    """arcana.cthonians: QUARTER 2 TIMES 2 costs 3 + 3 Souls; Sugar Hill (Circle 3) to
    Underachievers (Circle 1), Sadistic Pleasure Pit (2) to AnteHell via Limbo, Uriel
    too; a Unit in another Quarter stays."""
    st = state(make_state, "arcana.cthonians", [
        ("legion", "b", "sectio.sugar-hill"), ("legion", "a", "sectio.sadistic-pleasure-pit"),
        ("uriel", None, "sectio.thieves"), ("legion", "b", "sectio.liars")])
    st.players["a"].souls = 7
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Cthonians ON QUARTER 2 TIMES 2\n"})
    assert where(st) == {"u1": "sectio.underachievers", "u2": "antehell",
                         "u3": "sectio.sadistic-pleasure-pit", "u4": "sectio.liars"}
    assert st.players["a"].souls == 1
    assert ("cthonians", "Cthonians: Caim (a) shifts Quarter 2 outward 2 times, paying "
                         "3 Souls more") in acts(log)


def test_cthonians_refused_when_he_cannot_pay(make_state):
    """arcana.cthonians: three shifts need 9 Souls; with 7 nothing is paid."""
    st = state(make_state, "arcana.cthonians", [("legion", "b", "sectio.sugar-hill")])
    st.players["a"].souls = 7
    run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Cthonians ON QUARTER 2 TIMES 3\n"})
    assert st.players["a"].souls == 7 and where(st)["u1"] == "sectio.sugar-hill"


def test_cthonians_countered(make_state):
    """arcana.cthonians cancelled: the card's 3 Souls stay paid, the extra is not."""
    st = state(make_state, "arcana.cthonians", [("legion", "b", "sectio.sugar-hill")])
    st.players["a"].souls = 6
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Cthonians ON QUARTER 2 TIMES 2\n", "b": IDNW.format("Cthonians")})
    assert ("countered", "Cthonians of Caim (a) does not work") in acts(log)
    assert st.players["a"].souls == 3 and where(st)["u1"] == "sectio.sugar-hill"


def test_call_of_the_wild_takes_bs_hound(make_state):
    """arcana.call-of-the-wild: b's tamed hound in Sugar Hill leaves its Minder and runs
    to a's nearest free Legion (Thieves, 1 step; Liars is farther), which minds it."""
    st = state(make_state, "arcana.call-of-the-wild", [
        ("legion", "b", "sectio.sugar-hill"),
        {"kind": "hellhound", "owner": "b", "location": "sectio.sugar-hill", "minder": "u1",
         "ref": "hellhound.2"},
        ("legion", "a", "sectio.thieves"), ("legion", "a", "sectio.liars")])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Call of the Wild ON Sugar Hill\n"})
    h = st.unit("u2")
    assert (h.location, h.minder, h.owner) == ("sectio.thieves", "u3", "a")
    assert acts(log)[1] == ("call-of-the-wild", "Call of the Wild: Hellhound 2 in SUGAR HILL "
                            "is driven wild, leaving b's Legion, and runs to THIEVES, where "
                            "it joins a's Legion")


def test_call_of_the_wild_countered(make_state):
    """arcana.call-of-the-wild cancelled: the hound stays rampaging."""
    st = state(make_state, "arcana.call-of-the-wild", [
        ("hellhound", None, "sectio.sugar-hill", "hellhound.1"),
        ("legion", "a", "sectio.thieves")])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Call of the Wild ON Sugar Hill\n", "b": IDNW.format("Call of the Wild")})
    assert ("countered", "Call of the Wild of Caim (a) does not work") in acts(log)
    assert st.unit("u1").minder is None and where(st)["u1"] == "sectio.sugar-hill"


def test_hellhounds_appear_and_enter_limbo(make_state):
    """arcana.hellhounds: Caim has 4 Stars, the box holds 2: 2 hounds in AnteHell. In the
    Random Moves Phase each enters Limbo by a die (6 re-rolled) and goes on rampaging;
    in that move they ignore one another."""
    st = state(make_state, "arcana.hellhounds", [],
               hellhound_box=["hellhound.1", "hellhound.2"])
    st.players["a"].souls = 2
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Hellhounds!!!\n"})
    assert where(st) == {"u1": "antehell", "u2": "antehell"}
    assert ("hellhounds", "Hellhounds!!!: 2 rampaging Hellhounds appear in AnteHell (the box "
                          "held only 2), called by Caim (a)") in acts(log)
    # Hellhound 2 (4 attacks) moves first: 6 re-rolled, 2 -> Underachievers, then 5 idles;
    # Hellhound 1: 2 -> Underachievers too (not blocked), then 5 idles.
    log = run_phase(random_moves.run, st, DATA, script=[6, 2, 5, 5, 5, 5, 5,
                                                        2, 5, 5, 5, 5, 5])
    assert where(st) == {"u1": "sectio.underachievers", "u2": "sectio.underachievers"}
    assert "arcana.hellhounds" not in st.marks
    assert ("hound-moves", "Hellhound 2 rolls 2 and rampages out of AnteHell into "
                           "UNDERACHIEVERS (step 1)") in acts(log)


def test_hellhounds_countered(make_state):
    """arcana.hellhounds cancelled: no hound appears; the 2 Souls stay paid."""
    st = state(make_state, "arcana.hellhounds", [], hellhound_box=["hellhound.1"])
    st.players["a"].souls = 2
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Hellhounds!!!\n", "b": IDNW.format("Hellhounds!!!")})
    assert ("countered", "Hellhounds!!! of Caim (a) does not work") in acts(log)
    assert st.units == [] and st.players["a"].souls == 0
