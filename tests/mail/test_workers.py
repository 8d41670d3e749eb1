"""`pbem run --jobs N` (issue 23): due games resolved by worker processes, stored by the
run in the order of their names. The same bytes as one process, and each game still
fails alone."""

from __future__ import annotations

import email
import email.policy
import json
import os
import pickle
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem import admin, budget, faults, notices, run, workers
from pbem.cli import main
from pbem.site import init_site, open_site

from .sitekit import PLAYERS, START

GAMES = ("g0", "g1", "g2", "g3", "g4")
TABLES = ("reports", "events", "dice", "stages", "games", "outbox", "faults")
# a player's secret is stored salted (a random salt): the rest of his row is compared
PLAYER_COLUMNS = "game, name, email, seat, nmr, nmr_total, welcomed"


def site_of(root: Path, mail: str = ""):
    """The site, with `mail` settings added to its mail: section."""
    site = init_site(root)
    if mail:
        cfg = root / "pbem.yaml"
        cfg.write_text(cfg.read_text().replace("\nmail:\n", f"\nmail:\n{mail}", 1))
        site = open_site(root)
    db = site.db()
    for name in GAMES:
        admin.create_game(db, name, "hellgame", seed=f"seed-{name}", settings={"hours": 1})
        for p in PLAYERS:
            admin.add_player(db, name, p, f"{p}@example.org")
        admin.start_game(db, name, now=START)
    db.conn.close()
    return site


def snapshot(root: Path) -> dict:
    """Every row the runs left (but their own record) and every file they wrote."""
    db = open_site(root).db()
    out = {t: [list(r) for r in db.conn.execute(f"SELECT * FROM {t} ORDER BY rowid")]
           for t in TABLES if db[t].exists()}
    out["players"] = db.conn.execute(f"SELECT {PLAYER_COLUMNS} FROM players").fetchall()
    db.conn.close()
    for folder in ("reports", "outbox"):
        for p in sorted((root / folder).rglob("*")):
            if p.is_file():
                out[str(p.relative_to(root))] = p.read_bytes()
    return out


def two_runs(site, jobs: int) -> list[run.RunResult]:
    # the setup stage, then turn 1 (every player on defaults), each past its deadline
    return [run.run(site, now=START + timedelta(hours=h), fetch=False, jobs=jobs)
            for h in (2, 4)]


def test_the_same_bytes_with_one_process_and_with_two_workers(tmp_path):
    # the players' secrets, made when they are welcomed, the same on both sites
    token = notices.secret_source.set(lambda game, player: f"secret-{game}-{player}")
    try:
        same_bytes(tmp_path)
    finally:
        notices.secret_source.reset(token)


def same_bytes(tmp_path):
    one, two = site_of(tmp_path / "one"), site_of(tmp_path / "two")
    alone, side_by_side = two_runs(one, 1), two_runs(two, 2)
    assert [r.workers for r in alone] == [0, 0]
    assert [r.workers for r in side_by_side] == [2, 2]
    assert "resolved by 2 worker processes (--jobs)" in side_by_side[0].lines()
    for a, b in zip(alone, side_by_side, strict=True):
        assert a.processed == b.processed and len(a.processed) == len(GAMES)
        assert not a.failed and not b.failed
        assert a.sent.sent == b.sent.sent > 0
    got, want = snapshot(tmp_path / "two"), snapshot(tmp_path / "one")
    assert got.keys() == want.keys()
    assert [k for k in want if got[k] != want[k]] == []
    mailed = [k for k in want if k.endswith(".eml")]
    assert len(mailed) == sum(r.sent.sent for r in alone)
    assert sum("-report-" in k for k in mailed) == 2 * len(GAMES) * len(PLAYERS)


def test_few_due_games_are_resolved_in_the_run_itself():
    assert workers.plan(2, workers.MIN_GAMES - 1) == 0
    assert workers.plan(1, 100) == 0
    assert workers.plan(8, workers.MIN_GAMES) == workers.MIN_GAMES
    assert workers.plan(2, 100) == 2


@pytest.mark.parametrize("cores, games, started", [
    (2, 4, 0), (2, 19, 0), (2, 20, 2), (2, 1000, 2),  # the 2-core machine measured
    (8, 19, 0), (8, 20, 2), (8, 35, 3), (8, 80, 8), (8, 1000, 8), (1, 1000, 0)])
def test_by_default_a_worker_is_started_for_every_ten_due_games(monkeypatch, cores, games,
                                                                 started):
    """Without --jobs: one worker for every GAMES_PER_WORKER due games, up to the cores,
    and none for fewer than two (starting one costs about eight stages' CPU); an
    explicit --jobs N still gets its workers from MIN_GAMES due games."""
    monkeypatch.setattr(workers, "default_jobs", lambda: cores)
    assert workers.GAMES_PER_WORKER == 10
    assert workers.plan(None, games) == started
    assert workers.plan(cores, games) == (0 if cores == 1 or games < workers.MIN_GAMES
                                          else min(cores, games))


def test_a_default_run_of_a_few_due_games_starts_no_worker(tmp_path, monkeypatch):
    monkeypatch.setattr(workers, "default_jobs", lambda: 2)
    site = site_of(tmp_path / "s")
    result = run.run(site, now=START + timedelta(hours=2), fetch=False)
    assert result.workers == 0 and len(result.processed) == len(GAMES)
    assert not any("worker processes" in line for line in result.lines())


class CountingPool:
    """Stands in for the process pool: records what was submitted, runs nothing."""

    submitted: list[str] = []

    def __init__(self, **kwargs):
        CountingPool.submitted = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def submit(self, fn, name, *args):
        from concurrent.futures import Future
        CountingPool.submitted.append(name)
        future = Future()
        future.set_result(workers.Outcome(work=(name,)))
        return future


def test_only_a_few_stages_per_worker_wait_for_the_writer(monkeypatch):
    monkeypatch.setattr(workers, "ProcessPoolExecutor", CountingPool)
    games = [f"g{i:02}" for i in range(20)]
    seen = []
    for name, call in workers.resolved(games, None, 2, root="unused"):
        assert name == games[len(seen)]
        # before the writer takes game i, at most AHEAD stages per worker are in flight
        assert len(CountingPool.submitted) <= len(seen) + 1 + 2 * workers.AHEAD
        seen.append(call())
    assert seen == [(name,) for name in games]
    assert CountingPool.submitted == games


def test_a_game_that_fails_in_a_worker_fails_alone_with_its_traceback(tmp_path):
    site = site_of(tmp_path / "s")
    db = site.db()
    db.execute("UPDATE stages SET state = ? WHERE game = 'g2'", [json.dumps({"broken": 1})])
    db.conn.commit()
    result = run.run(site, now=START + timedelta(hours=2), fetch=False, jobs=2)
    assert result.workers == 2
    assert [p.split()[0] for p in result.processed] == ["g0", "g1", "g3", "g4"]
    assert len(result.failed) == 1 and result.failed[0].startswith("g2 ")
    assert "resolution failed, nothing was changed" in result.failed[0]
    assert admin.get_game_row(db, "g2")["stage"] == 0
    assert db["reports"].count_where("game = 'g2'") == 0
    [fault] = faults.open_faults(db, "game")
    # the worker's traceback is kept, for `pbem status --faults`
    assert fault["key"] == "g2" and "Traceback" in fault["detail"]
    assert "_resolve_one" in fault["detail"]
    [told] = [r for r in db["outbox"].rows_where("kind = 'moderator'")]
    assert "g2 could not be processed" in told["subject"]


def test_a_worker_keeps_the_stage_budget_and_sends_back_what_stopped_it(tmp_path):
    # the worker's own function, in this process: a budget of one event stops the
    # setup stage at its second; the error travels back whole, with the worker's
    # traceback (kept for `pbem status --faults`, as pbem.faults keeps one), and raises
    # in the run's process as it would have there
    site_of(tmp_path / "s")
    workers._start(str(tmp_path / "s"), os.getppid())
    outcome = workers._resolve_one("g0", START + timedelta(hours=2), None, 1)
    assert outcome.work is None and "in _resolve_one" in outcome.detail
    sent = pickle.loads(pickle.dumps(outcome))
    with pytest.raises(budget.OverBudget, match="logged more than 1 events") as raised:
        sent.result()
    assert "in _resolve_one" in str(raised.value.__cause__)
    fine = workers._resolve_one("g0", START + timedelta(hours=2), None, None)
    assert fine.error is None and fine.maps and fine.maps[0][1][:8] == b"\x89PNG\r\n\x1a\n"
    assert pickle.loads(pickle.dumps(fine)).result()[-1].game == "g0"


@pytest.mark.parametrize("given, said", [("0", "0 is not in the range x>=1"),
                                         ("two", "'two' is not a valid integer")])
def test_jobs_must_be_a_whole_number_of_processes(tmp_path, given, said):
    site_of(tmp_path / "s")
    got = CliRunner().invoke(main, ["--site", str(tmp_path / "s"), "run", "--no-fetch",
                                    "--jobs", given])
    assert got.exit_code == 2 and said in got.output


def test_the_cli_runs_with_jobs(tmp_path):
    site_of(tmp_path / "s")
    got = CliRunner().invoke(main, ["--site", str(tmp_path / "s"), "run", "--no-fetch",
                                    "--jobs", "2", "--now", "2026-11-23T11:00:00Z"])
    assert got.exit_code == 0, got.output
    assert got.output.count("processed g") == len(GAMES)
    assert "resolved by 2 worker processes" in got.output


def test_a_site_that_mails_the_map_as_svg_draws_no_image(tmp_path):
    # mail.map_image: svg, for a site that would rather not spend most of a stage on
    # drawing the map: the HTML part keeps the SVG, and no worker draws a PNG
    site = site_of(tmp_path / "s", "  map_image: svg\n")
    assert site.mail["map_image"] == "svg"
    result = run.run(site, now=START + timedelta(hours=2), fetch=False, jobs=2)
    assert result.workers == 2 and len(result.processed) == len(GAMES)
    [mail] = sorted((tmp_path / "s" / "outbox").glob("*-report-anna@*.eml"))[:1]
    msg = email.message_from_bytes(mail.read_bytes(), policy=email.policy.default)
    kinds = [p.get_content_type() for p in msg.walk()]
    assert "image/png" not in kinds and "multipart/related" not in kinds
    part = msg.get_body(("html",))
    html = part.get_content()
    assert "<svg" in html and "cid:" not in html
    # the map's SVG is an element a line (games/hellgame/mapsvg.py), so the HTML with it
    # goes as it is, not in base64, a third bigger (issue 23)
    assert part["Content-Transfer-Encoding"] == "7bit"
    assert max(map(len, mail.read_bytes().split(b"\r\n"))) < 990


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_workers_of_a_killed_run_do_not_outlive_it(tmp_path):
    site_of(tmp_path / "s")
    proc = subprocess.Popen([sys.executable, "-m", "pbem", "--site", str(tmp_path / "s"),
                             "run", "--no-fetch", "--jobs", "2", "--now",
                             "2026-11-23T11:00:00Z"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    spawned: list[int] = []
    for _ in range(600):  # until both workers are there (at most a minute)
        spawned = [c for c in _children(proc.pid)
                   if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]
        if len(spawned) >= 2 or proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert len(spawned) == 2, "the run finished before its workers were seen"
    for _ in range(100):  # each checks its parent every ORPHAN_CHECK seconds
        if not any(_alive(w) for w in spawned):
            break
        time.sleep(0.1)
    assert [w for w in spawned if _alive(w)] == []
