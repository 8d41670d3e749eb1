"""Golden playthrough: the demo's reports (text, HTML, JSON and the board's map) and
confirmations, byte for byte: a seeded multi-turn game.

Any change to rules, data, dice use or templates shows up here as a diff to review.
The JSON reports are compact on one line; their golden copies are indented so that a
diff can be read, and the test compares the report's bytes with the compact form of
the golden copy (the one form pbem.reports.to_json gives). After an intended change,
regenerate with:

    PBEM_UPDATE_GOLDEN=1 pytest tests/framework/test_golden.py
"""

import json
import os
import shutil
from pathlib import Path

import pytest

from pbem import workers
from pbem.demo import run_demo
from pbem.reports import archive, stored, to_json
from pbem.store import open_db

GOLDEN = Path(__file__).parents[1] / "golden" / "demo"


def _outputs(root: Path) -> dict[str, str]:
    out = {}
    for p in sorted((root / "orders").rglob("*.txt")):
        out[str(p.relative_to(root))] = p.read_text(encoding="utf-8")
    for p in sorted((root / "reports").rglob("*")):
        if p.is_file():
            out[str(p.relative_to(root))] = p.read_text(encoding="utf-8")
    # the JSON reports are in the database only (and attached to the mails); the HTML
    # is compared as rendered, read back from the database (the map expanded): the
    # archived copy shows the map from board.svg and links to board.html's board instead
    # (issue 23), and is that exactly
    db = open_db(root / "pbem.db")
    folders = {int(f.name[:2]): f for f in (root / "reports" / "demo").iterdir()}
    for r in db["reports"].rows_where("format = 'json'"):
        path = folders[r["stage"]] / f"{r['player'] or 'board'}.json"
        got = stored(db, "demo", r["stage"], r["player"], ("html", "json"))
        out[str(path.relative_to(root))] = got["json"]
        html = str(path.relative_to(root))[:-len("json")] + "html"
        board = stored(db, "demo", r["stage"], "", ("html", "svg"))
        who = r["player"] or ""
        stage = {"": board} if not who else {"": board, who: {"html": got["html"]}}
        assert out[html].encode() == archive(stage)[f"{who or 'board'}.html"], html
        out[html] = got["html"]
    db.conn.close()
    # the mail players got, but for the report mails (the reports above, with a header)
    for p in sorted((root / "outbox").glob("*.eml")):
        if "-report-" not in p.name and "-board-" not in p.name:
            out[f"outbox/{p.stem}.txt"] = p.read_bytes().decode("ascii").replace("\r\n", "\n")
    return out


@pytest.mark.parametrize("jobs", [1, 2])
def test_demo_playthrough_matches_the_golden_files(tmp_path, monkeypatch, jobs):
    """With --jobs 2 every stage is resolved by a worker process (pbem.workers), even
    the demo's one game a run: the same bytes."""
    monkeypatch.setattr(workers, "MIN_GAMES", 1)
    got = _outputs(run_demo(tmp_path / "demo", echo=lambda s: None, jobs=jobs).parent)
    if os.environ.get("PBEM_UPDATE_GOLDEN"):
        shutil.rmtree(GOLDEN, ignore_errors=True)  # no stale files left behind
        for rel, text in got.items():
            (GOLDEN / rel).parent.mkdir(parents=True, exist_ok=True)
            if rel.endswith(".json"):
                text = json.dumps(json.loads(text), ensure_ascii=False, indent=1,
                                  sort_keys=True) + "\n"
            (GOLDEN / rel).write_text(text, encoding="utf-8")
    want = {str(p.relative_to(GOLDEN)): p.read_text(encoding="utf-8")
            for p in sorted(GOLDEN.rglob("*")) if p.is_file()}
    for rel, text in want.items():
        if rel.endswith(".json"):
            want[rel] = to_json(json.loads(text))
    assert sorted(got) == sorted(want)
    changed = [rel for rel in got if got[rel] != want[rel]]
    assert changed == [], f"regenerate with PBEM_UPDATE_GOLDEN=1 if intended: {changed}"
