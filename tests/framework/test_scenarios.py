"""Every scenario file in tests/scenarios/ runs and meets its expectations."""

from pathlib import Path

import pytest

from pbem.scenario import lookup, run, run_file

FILES = sorted((Path(__file__).parents[1] / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    result = run_file(path)
    assert result.ok, result.summary()


def test_there_are_scenarios():
    assert len(FILES) >= 2


def test_a_failed_expectation_is_reported_with_what_differed():
    doc = {"title": "wrong on purpose", "game": "hellgame", "phases": ["end"],
           "given": {"turn": 2, "players": {"a": {"favours": 2, "disfavours": 1},
                                            "b": {}, "c": {}}},
           "expect": {"players.a.disfavours": 1}}
    result = run(doc)
    assert not result.ok
    assert result.differences == ["players.a.disfavours: expected 1, got 0"]


def test_unused_scripted_dice_fail_the_scenario():
    doc = {"title": "extra dice", "game": "hellgame", "phases": ["end"],
           "given": {"turn": 2, "players": ["a", "b", "c"]}, "dice": [3]}
    result = run(doc)
    assert not result.ok
    assert "left unused: [3]" in result.error


# --- expect_orders: refusals (and other line results) from check_orders ---------------------

def petition_doc(**extra):
    """Petitions with one line the checker refuses (SUGAR HILL is the Devourer's)."""
    doc = {"title": "refusal", "game": "hellgame", "phases": ["petitions"],
           "given": {"turn": 3, "players": {"void": {}, "devourer": {"favours": 1},
                                            "beast": {}},
                     "owners": {"sectio.sugar-hill": "devourer",
                                "sectio.falsifiers": "void", "sectio.liars": "void"},
                     "units": [{"kind": "legion", "owner": "devourer",
                                "location": "sectio.falsifiers"}]},
           "orders": {"devourer": "PETITION Sugar Hill\nPETITION Falsifiers\n"}}
    doc.update(extra)
    return doc


def test_expect_orders_accepts_the_refusal_it_names():
    doc = petition_doc(expect_orders={"devourer": [
        {"line": 1, "status": "illegal", "rule": "HG-12.1-01", "message": "already yours"},
        {"text": "PETITION Falsifiers", "status": "accepted",
         "canonical": "PETITION FALSIFIERS"}]},
        expect={"owners.sectio.falsifiers": "devourer"})
    result = run(doc)
    assert result.ok, result.summary()


def test_a_refusal_not_expected_still_fails_the_scenario():
    result = run(petition_doc())
    assert result.differences == [
        "orders of devourer, line 1 'PETITION Sugar Hill': illegal [HG-12.1-01]: SUGAR HILL "
        "is already yours (not expected: list it under expect_orders)"]


def test_a_wrong_expected_refusal_fails_with_what_the_checker_said():
    doc = petition_doc(expect_orders={"devourer": [
        {"line": 1, "status": "illegal", "rule": "HG-9.5-03"},
        {"line": 2, "status": "illegal"},
        {"line": 7, "status": "illegal"}]})
    result = run(doc)
    assert not result.ok
    assert result.differences == [
        "orders of devourer, line 1 'PETITION Sugar Hill': expected rule HG-9.5-03, got "
        "HG-12.1-01 (illegal [HG-12.1-01]: SUGAR HILL is already yours)",
        "orders of devourer, line 2 'PETITION Falsifiers': expected illegal, got accepted "
        "[HG-12.1-01]",
        "orders of devourer: no line 7 (lines: 1 'PETITION Sugar Hill', 2 'PETITION "
        "Falsifiers')"]


def test_expect_orders_shape_is_checked():
    result = run(petition_doc(expect_orders={"devourer": [{"line": 1}]}))
    assert "`status:` is required" in result.error
    result = run(petition_doc(expect_orders={"nobody": [{"line": 1, "status": "illegal"}]}))
    assert "not players" in result.error


def test_phases_empty_checks_the_orders_only():
    doc = petition_doc(phases=[], expect_orders={"devourer": [
        {"line": 1, "status": "illegal"}]}, expect={"owners.sectio.falsifiers": "void"})
    result = run(doc)
    assert result.ok, result.summary()
    assert result.events == []


# --- expect paths: quoting ids with dots ------------------------------------------------------

STATE = {"owners": {"sectio.dogs-of-war": "void", "sectio.dogs": "beast"},
         "daemons": {"daemon.baal": {"owner": "void", "incapacitated": True, "under": None},
                     "daemon.moloch": {"owner": "beast", "incapacitated": False,
                                       "under": "arcana.foci"}},
         "units": [{"id": "u1", "kind": "legion", "owner": "void",
                    "location": "sectio.dogs-of-war"},
                   {"id": "u2", "kind": "hellhound", "owner": None, "location": "antehell"},
                   {"id": "u3", "kind": "legion", "owner": "void", "location": "antehell"}]}


def test_quoted_keys_and_filter_values_may_hold_dots():
    assert lookup(STATE, 'daemons."daemon.baal".owner') == "void"
    assert lookup(STATE, "daemons.'daemon.moloch'.under") == "arcana.foci"
    assert lookup(STATE, 'owners."sectio.dogs-of-war"') == "void"
    assert lookup(STATE, 'units[location="sectio.dogs-of-war"].0.id') == "u1"
    # unquoted, the dots inside brackets do not split the path either
    assert lookup(STATE, "units[location=sectio.dogs-of-war,kind=legion].0.id") == "u1"
    # and an unquoted dotted key is still found (the files written before quoting)
    assert lookup(STATE, "owners.sectio.dogs-of-war") == "void"
    assert lookup(STATE, "daemons.daemon.baal.incapacitated") is True


def test_filters_read_yaml_values_and_filter_mappings_by_their_values():
    assert lookup(STATE, "count:units[owner=null]") == 1
    assert lookup(STATE, "count:daemons[incapacitated=true]") == 1
    assert lookup(STATE, "daemons[under=arcana.foci].0.owner") == "beast"
    assert lookup(STATE, 'count:units[owner="void",location=antehell]') == 1


def test_a_path_that_reads_nothing_names_the_keys_there():
    with pytest.raises(KeyError, match="no key 'daemon.baa'.*daemon.baal"):
        lookup(STATE, 'daemons."daemon.baa".owner')
    with pytest.raises(ValueError, match="unbalanced quote"):
        lookup(STATE, 'daemons."daemon.baal.owner')


# --- expected events: mappings and order ------------------------------------------------------

def end_doc(**extra):
    doc = {"title": "events", "game": "hellgame", "phases": ["petitions"],
           "given": {"turn": 3, "players": {"void": {}, "devourer": {"favours": 1},
                                            "beast": {}},
                     "owners": {"sectio.falsifiers": "void", "sectio.liars": "void",
                                "sectio.spies": "void"},
                     "units": [{"kind": "legion", "owner": "devourer",
                                "location": "sectio.liars"},
                               {"kind": "legion", "owner": "devourer",
                                "location": "sectio.falsifiers"}],
                     "combat_wins": {"sectio.liars": {"winners": ["devourer"], "rounds": 1}}},
           "orders": {"devourer": "PETITION Falsifiers\n"}}
    doc.update(extra)
    return doc


def test_events_in_order_pass_in_order():
    result = run(end_doc(expect_events_in_order=[
        "takes control of LIARS", {"kind": "petition", "rule": "HG-12.1-01",
                                   "text": "FALSIFIERS"}]))
    assert result.ok, result.summary()


def test_events_in_the_wrong_order_fail_with_where_they_were_found():
    result = run(end_doc(expect_events_in_order=[
        "takes control of FALSIFIERS", "takes control of LIARS"]))
    assert not result.ok
    assert result.differences == [
        "events in order: item 2 'takes control of LIARS' not found after event 2 "
        "'devourer spends a Favour and takes control of FALSIFIERS, from void.' (matched "
        "by item 1); it matches only earlier, event 1 \"devourer claims Victor's Right and "
        "takes control of LIARS, from void.\""]


def test_event_patterns_name_kind_rule_and_readers():
    result = run(end_doc(expect_events=[{"kind": "petition", "to": "public"},
                                        {"kind": "petition", "to": "void"},
                                        {"kind": "nothing-like-it"}]))
    assert result.differences == [
        "no event matches {kind: 'petition', to: 'void'}; events of kind 'petition': "
        "[\"devourer claims Victor's Right and takes control of LIARS, from void.\", "
        "'devourer spends a Favour and takes control of FALSIFIERS, from void.']",
        "no event matches {kind: 'nothing-like-it'}"]


# --- the HellGame's given: every place a piece can be -----------------------------------------

def hg_given(**extra):
    given = {"turn": 2, "players": {"a": {"daemons": ["daemon.baal"]}, "b": {}, "c": {}}}
    given.update(extra)
    return given


def test_hellgame_given_reaches_the_boxes():
    state = GAME_HG().scenario_state(hg_given(
        daemons={"daemon.baal": {"incapacitated": True, "under": "arcana.foci"}},
        units=[{"kind": "uriel", "location": "uriel-box"},
               {"kind": "legion", "owner": "a", "location": "antehell"},
               {"kind": "hellhound", "owner": "a", "location": "antehell",
                "ref": "hellhound.2", "minder": "u2"}],
        lieutenant_boxes=[["lieutenant.verin"], [], []], lieutenant_return=["lieutenant.sulla"],
        hellhound_box=["hellhound.1"]))
    assert lookup(state, "units[kind=uriel].0.location") == "uriel-box"
    assert lookup(state, "units[location=antehell,kind=hellhound].0.minder") == "u2"
    assert lookup(state, 'daemons."daemon.baal".under') == "arcana.foci"
    assert state["lieutenant_boxes"] == [["lieutenant.verin"], [], []]


@pytest.mark.parametrize("extra,message", [
    ({"units": [{"kind": "legion", "owner": "a", "location": "uriel-box"}]},
     "only Uriel waits in the uriel-box"),
    ({"units": [{"kind": "legion", "owner": "a", "location": "antehell", "mindr": "u1"}]},
     "unknown unit fields \\['mindr'\\]"),
    ({"units": [{"kind": "hellhound", "location": "antehell", "minder": "u9"}]},
     "minder 'u9' is no unit"),
    ({"daemons": {"daemon.baal": {"incapacitatd": True}}}, "unknown Daemon fields"),
    ({"daemons": {"daemon.baal": {"under": "arcana.nothing"}}}, "arcana.nothing"),
    ({"lieutenant_boxes": [["lieutenant.nobody"], [], []]}, "lieutenant.nobody"),
    ({"lieutenant_boxes": [["lieutenant.verin"]]}, "3 piles"),
    ({"hellhound_box": ["hellhound.99"]}, "hellhound.99"),
])
def test_hellgame_given_refuses_what_the_state_cannot_hold(extra, message):
    with pytest.raises(ValueError, match=message):
        GAME_HG().scenario_state(hg_given(**extra))


def GAME_HG():
    from pbem.engine import get_game

    return get_game("hellgame")


# --- Lords of Hell ------------------------------------------------------------------------------

def lh_doc(**extra):
    doc = {"title": "lh", "game": "lords-of-hell",
           "given": {"players": {"a": {"hordes": ["horde.fiends", "horde.fiends"]},
                                 "b": {"devil": "devil.asmodeus"}, "c": {}, "d": {}},
                     "deck": ["special.escape"] * 5}}
    doc.update(extra)
    return doc


def test_lords_of_hell_given_defaults_and_card_ids():
    from pbem.engine import get_game

    game = get_game("lords-of-hell")
    st = game.scenario_state(lh_doc()["given"])
    # a's default Devil (the first in id order) is named by b: a takes the first free one
    assert [st["players"][n]["devil"] for n in "abcd"] == [
        "devil.baalzebub", "devil.asmodeus", "devil.belial", "devil.glasya"]
    assert st["players"]["a"]["home"] == "realm.dis"
    assert st["realms"]["realm.dis"] == "a" and st["realms"]["realm.high-palace-of-hell"] is None
    assert st["players"]["a"]["hordes"] == ["c001", "c002"] and st["deck"][0] == "c003"
    view = game.scenario_view(st)
    assert view["players"]["a"]["hordes"] == ["horde.fiends", "horde.fiends"]
    assert (st["phase"], st["round"], st["turn"], st["starter"]) == ("transfer", 0, 1, "a")


@pytest.mark.parametrize("given,message", [
    ({"players": {"a": {"hordes": ["horde.nothing"]}}}, "horde.nothing"),
    ({"players": {"a": {"hand": ["oath.belial.9"]}}}, "is no Oath"),
    ({"players": {"a": {"sould": 3}}}, "unknown player fields \\['sould'\\]"),
    ({"players": {"a": {"status": "prisoner"}}}, "captor"),
    ({"players": ["a"], "phase": "draw"}, "phase 'draw'"),
    ({"players": ["a"], "bogus": 1}, "unknown keys in given"),
])
def test_lords_of_hell_given_refuses_what_the_state_cannot_hold(given, message):
    from pbem.engine import get_game

    with pytest.raises(ValueError, match=message):
        get_game("lords-of-hell").scenario_state(given)


def test_lords_of_hell_whole_stage_and_named_steps():
    earth = {"orders": {"a": "EARTH ALL Fiends\n"}, "dice": []}
    whole = run(lh_doc(**earth, expect={"phase": "combat", "round": 1,
                                        "players.a.earth": ["horde.fiends", "horde.fiends"]}))
    assert whole.ok, whole.summary()
    steps = run(lh_doc(**earth, phases=["trading", "transfer"],
                       expect={"phase": "transfer", "players.a.status": "hell",
                               "players.a.earth": ["horde.fiends", "horde.fiends"]}))
    assert steps.ok, steps.summary()
    wrong = run(lh_doc(phases=["combat"]))
    assert "unknown phase(s) ['combat']" in wrong.error and "combat-round" in wrong.error
