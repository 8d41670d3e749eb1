"""Major Arcana that march Units (action/spells_marching.py): Love for Uriel, Riders on the Storm,
Fly."""

from phase_runner import run_phase

from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data

DATA = load_data()


def acts(log) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def where(st) -> dict[str, str]:
    return {u.id: u.location for u in st.units}


def problems(st, player, text) -> list[str]:
    from pbem_games.hellgame.orders import check_sheet

    return [p.message for p in check_sheet(st, DATA, player, text).problems]


# -- Love for Uriel -----------------------------------------------------------------------------

def _uriel_state(make_state, **kw):
    return make_state(players={"a": {"daemons": ["daemon.caim"],
                                     "hand": ["arcana.love-for-uriel"]},
                               "b": {"daemons": ["daemon.xaphan"],
                                     "hand": ["arcana.it-did-not-work"]}, "c": {}},
                      units=[("uriel", None, "sectio.underachievers")],
                      owners={"sectio.thieves": "b"}, **kw)


def test_love_for_uriel_walks_him_inward_and_incapacitates(make_state):
    """arcana.love-for-uriel: four Sectio, never back or outward; ownership of those he
    enters is revoked (HG-10.1-08); the caster is Incapacitated."""
    st = _uriel_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Love for Uriel ON Sadistic Pleasure Pit > Sugar Hill > Thieves > "
             "Bankers and Brokers\n"})
    assert st.units[0].location == "sectio.bankers-and-brokers"
    assert "sectio.thieves" not in st.owners
    assert st.daemons["daemon.caim"].incapacitated
    assert ("uriel-revokes", "Uriel cleanses THIEVES: b's ownership is revoked") in acts(log)
    assert ("incapacitated", "Caim (a) is Incapacitated by the effort of Love for Uriel") \
        in acts(log)


def test_love_for_uriel_refuses_outward_and_retracing(make_state):
    """arcana.love-for-uriel: an outward step or a retraced one is refused at play;
    nothing is paid, the card stays in hand, Caim takes its next line."""
    st = _uriel_state(make_state)
    st.units[0].location = "sectio.sugar-hill"
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Love for Uriel ON Thieves > Sugar Hill > Addiction > "
             "Exploiters of Land and Sea\nCaim: MARCH\n"})
    assert st.units[0].location == "sectio.sugar-hill"
    assert "arcana.love-for-uriel" in st.players["a"].hand
    assert not st.daemons["daemon.caim"].incapacitated
    assert any(k == "empty-march" for k, _ in acts(log))


def test_love_for_uriel_needs_four_sectio(make_state):
    """arcana.love-for-uriel: the ON part names exactly four Sectio."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                    "hand": ["arcana.love-for-uriel"]}, "b": {}, "c": {}})
    assert problems(st, "a", "Caim: CAST Love for Uriel ON Sugar Hill > Thieves\n")[0] \
        .startswith("'Sugar Hill > Thieves': Love for Uriel moves him exactly four spaces")


def test_love_for_uriel_countered(make_state):
    """arcana.love-for-uriel cancelled by It Did Not Work: Uriel stays, Caim acts on."""
    st = _uriel_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Love for Uriel ON Sadistic Pleasure Pit > Sugar Hill > Thieves > "
             "Bankers and Brokers\n",
        "b": "COUNTER Love for Uriel WITH It Did Not Work USING Xaphan\n"})
    assert ("countered", "Love for Uriel of Caim (a) does not work") in acts(log)
    assert st.units[0].location == "sectio.underachievers"
    assert not st.daemons["daemon.caim"].incapacitated and st.owners["sectio.thieves"] == "b"


# -- Riders on the Storm ------------------------------------------------------------------------

def _riders_state(make_state, **kw):
    return make_state(players={"a": {"daemons": ["daemon.caim"],
                                     "hand": ["arcana.riders-on-the-storm"]},
                               "b": {"daemons": ["daemon.xaphan"],
                                     "hand": ["arcana.it-did-not-work"]}, "c": {}},
                      units=[("legion", "a", "sectio.liars"), ("legion", "a", "sectio.liars"),
                             ("lieutenant", "a", "sectio.liars", "lieutenant.sulla"),
                             ("legion", "b", "sectio.tyrants")], **kw)


def test_riders_on_the_storm_three_moves(make_state):
    """arcana.riders-on-the-storm: the whole group, three moves of up to 4 steps (Caim's
    Stars), the last stopped by b's Legions in Tyrants (HG-9.5-13)."""
    st = _riders_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Riders on the Storm ON Liars > Falsifiers > Miracle Workers > "
             "Spies > Traitors; Traitors > Court of Corruption; Court of Corruption > "
             "Miracle Workers > Falsifiers > Tyrants > Users of Foul Language\n"})
    assert where(st) == {"u1": "sectio.tyrants", "u2": "sectio.tyrants",
                         "u3": "sectio.tyrants", "u4": "sectio.tyrants"}
    text = dict((k, t) for k, t in acts(log) if k == "riders-on-the-storm")
    assert text["riders-on-the-storm"] == ("Caim (a) rides the storm with Lieutenant "
                                           "Sulla with 2 Legions from LIARS")
    assert [t for k, t in acts(log) if k in ("march", "march-stop")] == [
        "Caim (a) marches Lieutenant Sulla with 2 Legions from LIARS to FALSIFIERS to MIRACLE "
        "WORKERS to SPIES to TRAITORS",
        "Caim (a) marches Lieutenant Sulla with 2 Legions from TRAITORS to COURT OF CORRUPTION",
        "Caim (a) marches Lieutenant Sulla with 2 Legions from COURT OF CORRUPTION to MIRACLE "
        "WORKERS to FALSIFIERS to TYRANTS",
        "Lieutenant Sulla with 2 Legions must stop in TYRANTS: b's Legions are there, and b "
        "has not granted a passage"]


def test_riders_on_the_storm_steps_limited_by_stars(make_state):
    """arcana.riders-on-the-storm: Baal has 2 Stars, so a 3-step move is refused at
    play, nothing paid."""
    st = make_state(players={"a": {"daemons": ["daemon.baal"],
                                   "hand": ["arcana.riders-on-the-storm"]}, "b": {}, "c": {}},
                    units=[("legion", "a", "sectio.liars")])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST Riders on the Storm ON Liars > Falsifiers > Miracle Workers > "
             "Spies\n"})
    assert [e.text for e in log.events if e.visible_to == ("a",)] == [
        "Baal (a): CAST not possible: LIARS > FALSIFIERS > MIRACLE WORKERS > SPIES is 3 "
        "steps, and Baal (a) has 2 Stars: one step a Star"]
    assert "arcana.riders-on-the-storm" in st.players["a"].hand
    assert st.units[0].location == "sectio.liars"


def test_riders_on_the_storm_paths_must_join(make_state):
    """arcana.riders-on-the-storm: each move starts where the last ended."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.riders-on-the-storm"]}, "b": {}, "c": {}})
    assert problems(st, "a", "Caim: CAST Riders on the Storm ON Liars > Falsifiers; "
                    "Tyrants > Users of Foul Language\n") == [
        "TYRANTS > USERS OF FOUL LANGUAGE does not start where LIARS > FALSIFIERS ends"]


def test_riders_on_the_storm_countered(make_state):
    """arcana.riders-on-the-storm cancelled: nothing moves."""
    st = _riders_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Riders on the Storm ON Liars > Falsifiers\n",
        "b": "COUNTER Riders on the Storm WITH It Did Not Work USING Xaphan\n"})
    assert ("countered", "Riders on the Storm of Caim (a) does not work") in acts(log)
    assert where(st)["u1"] == "sectio.liars"


# -- Fly ------------------------------------------------------------------------------------------

def _fly_state(make_state):
    return make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.fly"]},
                               "b": {"daemons": ["daemon.xaphan"],
                                     "hand": ["arcana.it-did-not-work"]}, "c": {}},
                      units=[("legion", "a", "sectio.liars"), ("legion", "a", "sectio.liars"),
                             ("legion", "b", "sectio.falsifiers"),
                             ("hellhound", None, "sectio.miracle-workers", "hellhound.1"),
                             ("lieutenant", "a", "sectio.spies", "lieutenant.sulla")])


def test_fly_ignores_units_on_the_way(make_state):
    """arcana.fly: 2 Legions fly over b's Legions and a rampaging hound (which would stop
    a March, HG-9.5-10/13) 4 steps to Court of Corruption; Sulla flies alone too."""
    st = _fly_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Fly ON 2 LEGIONS Liars > Falsifiers > Miracle Workers > "
             "Court of Corruption > Traitors; LIEUTENANT Sulla Spies > "
             "Traitors\n"})
    assert where(st) == {"u1": "sectio.traitors", "u2": "sectio.traitors",
                         "u3": "sectio.falsifiers", "u4": "sectio.miracle-workers",
                         "u5": "sectio.traitors"}
    assert ("fly", "Caim (a) flies 2 Legions from LIARS to FALSIFIERS to MIRACLE WORKERS to "
                   "COURT OF CORRUPTION to TRAITORS") in acts(log)


def test_fly_counts_skulls(make_state):
    """arcana.fly: Caim has 4 Skulls; 5 Units is refused at play."""
    st = _fly_state(make_state)
    for _ in range(3):
        st.new_unit("legion", "a", "sectio.liars")
    run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Fly ON 5 LEGIONS Liars > Falsifiers\n"})
    assert "arcana.fly" in st.players["a"].hand
    assert where(st)["u1"] == "sectio.liars"


def test_fly_never_enters_uriel(make_state):
    """arcana.fly: Uriel's place is never entered (HG-16.3-01): the Legions stop before."""
    st = _fly_state(make_state)
    st.new_unit("uriel", None, "sectio.miracle-workers")
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Fly ON 1 LEGION Liars > Falsifiers > Miracle Workers > "
             "Court of Corruption\n"})
    assert where(st)["u1"] == "sectio.falsifiers"
    assert ("fly", "Caim (a) flies 1 Legion from LIARS to FALSIFIERS and stops before "
                   "MIRACLE WORKERS: Uriel is there [HG-16.3-01]") in acts(log)


def test_fly_countered(make_state):
    """arcana.fly cancelled by It Did Not Work: nothing flies."""
    st = _fly_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Fly ON 1 LEGION Liars > Falsifiers\n",
        "b": "COUNTER Fly WITH It Did Not Work USING Xaphan\n"})
    assert ("countered", "Fly of Caim (a) does not work") in acts(log)
    assert where(st)["u1"] == "sectio.liars"


def test_love_for_uriel_whose_kill_roll_takes_the_caster(make_state):
    """arcana.love-for-uriel: Uriel destroys a's Legion on his way; a's kill roll
    (HG-10.1-09) takes a's lowest Daemon in Hell, the caster himself, who then cannot be
    Incapacitated: the card ends there (found by the Arcana self-play)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.love-for-uriel"]}, "b": {}, "c": {}},
                    units=[("uriel", None, "sectio.underachievers"),
                           ("legion", "a", "sectio.sadistic-pleasure-pit")])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Love for Uriel ON Sadistic Pleasure Pit > Sugar Hill > Thieves > "
             "Bankers and Brokers\n"}, script=[6, 1])
    assert "daemon.caim" not in st.daemons and st.daemon_deck[-1] == "daemon.caim"
    assert [k for k, _ in acts(log)][-1] == "uriel-kills"
