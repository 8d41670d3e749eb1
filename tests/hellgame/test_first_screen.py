"""Issue 20: the first screen of a report tells the player his turn — every change to
what he owns and holds, losses first, each with its cause (pbem.ledger, built from the
event log's snapshots, never by hand per report), within the first 40 lines of his text
report and before the story in the HTML."""

from __future__ import annotations

import json

import pytest

from pbem import ledger, reports
from pbem.demo import run_demo
from pbem.dice import Dice
from pbem.engine import get_game
from pbem.eventlog import Log
from pbem_games.hellgame import combat, holdings, petitions
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.hellcards.instant import kill

DATA = load_data()
GAME = get_game("hellgame")
SH = "sectio.sugar-hill"
FIRST = 40  # lines of the text report a phone shows on its first screens


def watched(st) -> Log:
    log = Log()
    log.watch(holdings.KINDS, lambda: holdings.values(st))
    return log


def report_of(st, log: Log, player: str) -> dict[str, str]:
    """The player's report of what `log` saw, rendered as the site renders it."""
    stage = reports.Stage("g", "hellgame", GAME.title, "turn 1", 1, "turn 2", False)
    state = st.to_dict()
    m = reports.model(stage, player, GAME.player_view(state, player), log.events, [],
                      None, "", None, "", None, None,
                      ledger.summary(log.changes(), log.events, player))
    shared = reports.board_parts(GAME.public_view(state), "", [], GAME.templates())
    return reports.render_model(m, GAME.templates(), "", shared)


def first_lines(text: str) -> str:
    return "\n".join(text.splitlines()[:FIRST])


def lost_part(text: str) -> str:
    """The 'Lost or spent' list of the text summary."""
    part = text.split("WHAT CHANGED FOR YOU", 1)[1].split("\n\n", 1)[0]
    return part.split("Gained:", 1)[0]


def test_hg_11_2_3_05_a_legion_lost_in_combat_and_the_sectio_lost_after_it(make_state):
    """b's one Legion in his SUGAR HILL dies in combat (HG-11.2.3-05) and a takes the
    Sectio by Victor's Right (HG-12.1-01): both are b's losses, on his first screen."""
    st = make_state(players={"a": {}, "b": {}, "c": {}}, owners={SH: "b"},
                    units=[("legion", "a", SH), ("legion", "a", SH), ("legion", "b", SH)])
    log = watched(st)
    log.phase = "combat"
    # a's Legions hit twice, b's misses; b's Legion fails its save (no Daemon: saves on 1)
    dice = Dice(script=[6, 6, 1, 3])
    sheets = {p: None for p in st.seats}
    combat.run(st, sheets, dice, DATA, log)
    log.phase = "petitions"
    petitions.run(st, sheets, dice, DATA, log)
    assert st.owners.get(SH) == "a"
    text = report_of(st, log, "b")["text"]
    head = first_lines(text)
    assert "WHAT CHANGED FOR YOU" in head
    lost = lost_part(text)
    assert "1 Legion: b's legion" in lost.replace("\n    ", " ")
    assert "Sectio SUGAR HILL" in lost
    assert lost in head  # all of it within the first 40 lines
    # the winner sees the Sectio among his gains, not his losses
    a_text = report_of(st, log, "a")["text"]
    assert "Sectio SUGAR HILL" not in lost_part(a_text) if "Lost or spent" in a_text \
        else "Sectio SUGAR HILL" in a_text.split("Gained:", 1)[1].split("\n\n")[0]


def test_a_daemon_killed_and_one_incapacitated_are_losses_with_their_cause(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.caim", "daemon.baal"]}, "b": {},
                             "c": {}})
    log = watched(st)
    log.phase = "hell"
    kill(st, DATA, log, st.daemons["daemon.caim"], "Uriel's wrath", "HG-6.1-01")
    st.daemons["daemon.baal"].incapacitated = True
    log.public("incapacitated", "Baal (a) is Incapacitated by the Event.", "HG-6.1-01")
    text = report_of(st, log, "a")["text"]
    lost = lost_part(text)
    assert "Daemon Caim: Uriel's wrath: Caim (a), in Hell, is destroyed" in \
        lost.replace("\n    ", " ")
    assert "Baal Incapacitated: Baal (a) is Incapacitated by the Event." in \
        lost.replace("\n    ", " ")
    assert lost in first_lines(text)
    rendered = report_of(st, log, "a")
    assert [e["what"] for e in json.loads(rendered["json"])["summary"]] == [
        "Daemon Caim", "Baal Incapacitated"]
    html = rendered["html"]
    # in the HTML the summary comes before the story, with the losses in it
    assert html.index('id="changed"') < html.index('id="happened"')
    changed = html[html.index('id="changed"'):html.index('id="happened"')]
    assert "Daemon Caim" in changed and "Baal Incapacitated" in changed


def test_a_change_said_before_it_happens_is_still_given_its_cause():
    """An event logged before the change it announces ('say so, then change') is the
    cause when the event after it does not mention the thing changed."""
    held = {"n": 0}
    log = Log()
    log.watch((ledger.Holding("Souls", 1, ("soul",), one="Soul"),), lambda: {"p": (held["n"],)})
    log.phase = "soul"
    log.public("x", "p is paid 3 Souls.")
    held["n"] = 3
    log.public("y", "The phase ends.")
    (entry,) = ledger.summary(log.changes(), log.events, "p")
    assert entry == {"kind": "gain", "what": "3 Souls", "cause": "p is paid 3 Souls.",
                     "rule": "", "phase": "soul"}


def test_a_long_cause_is_cut_with_three_dots():
    """A cause longer than CAUSE_CHARS is cut, ending in "..." (ASCII, so a report stays
    one byte a character: issue 23)."""
    held = {"n": 0}
    log = Log()
    log.watch((ledger.Holding("Souls", 1, ("soul",), one="Soul"),), lambda: {"p": (held["n"],)})
    log.phase = "soul"
    held["n"] = 3
    text = "p is paid 3 Souls " + "because the Soul Phase says so " * 10
    log.public("x", text)
    (entry,) = ledger.summary(log.changes(), log.events, "p")
    cut = entry["cause"]
    assert cut.endswith("Soul...") and text.startswith(cut[:-3]) and cut.isascii()
    assert len(cut) <= ledger.CAUSE_CHARS


def test_a_cause_the_player_may_not_see_is_not_shown():
    held = {"n": 2}
    log = Log()
    log.watch((ledger.Holding("Souls", 1, ("soul",)),), lambda: {"p": (held["n"],)})
    log.phase = "soul"
    held["n"] = 0
    log.private("q", "x", "q steals 2 Souls from p with a secret card.")
    (entry,) = ledger.summary(log.changes(), log.events, "p")
    assert entry["kind"] == "loss" and "secret" not in entry["cause"]
    assert entry["cause"] == "in the soul phase"


def test_a_disfavour_gained_is_a_loss_and_changes_net_out_within_one_span():
    held = {"d": 0, "cards": ("A",)}
    kinds = (ledger.Holding("Disfavours", -1, one="Disfavour"),
             ledger.Holding("Arcana", 1, ("card",), ("Arcana {}", "Arcana {}")))
    log = Log()
    log.watch(kinds, lambda: {"p": (held["d"], held["cards"])})
    log.phase = "end"
    held["d"] = 1
    held["cards"] = ("B", "B")
    log.public("z", "p gains a Disfavour and draws two cards.")
    out = ledger.summary(log.changes(), log.events, "p")
    assert [(e["kind"], e["what"]) for e in out] == [
        ("loss", "1 Disfavour taken"), ("loss", "Arcana A"), ("gain", "Arcana B (2)")]
    held["d"] = 0
    log.public("w", "p buys off a Disfavour.")
    assert ledger.summary(log.changes(), log.events, "p")[-1]["what"] == \
        "1 Disfavour removed"


@pytest.fixture(scope="module")
def hell_demo(tmp_path_factory):
    site = tmp_path_factory.mktemp("hg") / "demo"
    run_demo(site, echo=lambda s: None)
    return site


def test_the_demo_chiara_loses_thieves_and_her_legions_on_her_first_screen(hell_demo):
    """The demo's turn 3: Freebooters take chiara's THIEVES and her 3 Legions there
    (HG-6.1-01). Her report once said 'Nothing' at the top (issue 20)."""
    text = (hell_demo / "reports/demo/03-turn-3/chiara.txt").read_text()
    head = first_lines(text)
    lost = lost_part(text)
    assert lost in head
    assert "3 Legions: Freebooters: chiara's 3 Units in THIEVES" in lost.replace("\n    ", " ")
    assert "Sectio THIEVES: Freebooters take control of THIEVES" in \
        lost.replace("\n    ", " ")
    assert "Nothing" not in head
