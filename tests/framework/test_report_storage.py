"""Issue 23: a stage's map is stored once, in the board's 'svg' row, and in the archive
once, as board.svg; the HTML reports refer to it. Each player's row is compressed with
the board's row of the same format as dictionary (Zstandard). What is read back (`pbem
report`, the report mail) is byte for byte what was rendered, and rows stored before
(text as it is, HTML, JSON and SVG zlib-compressed with the map inline; then issue 23's
first stores, zlib with the board's row as dictionary) read as they did."""

from __future__ import annotations

import re
import shutil
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem import mapimage, outbox, reports
from pbem.cli import main
from pbem.demo import run_demo
from pbem.reports import zstd  # compression.zstd, or its backport before Python 3.14
from pbem.store import open_db

PLAYERS = ("anna", "boris", "chiara", "dmitri")


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("storage") / "demo"
    run_demo(root, echo=lambda s: None)
    return root


def _folder(demo: Path, stage: int) -> Path:
    return next(f for f in (demo / "reports" / "demo").iterdir() if f.name[:2] == f"{stage:02d}")


def _read_all(db, stage: int) -> dict[str, dict[str, str]]:
    return {who: reports.stored(db, "demo", stage, who, (*reports.FORMATS, "svg"))
            for who in ("", *PLAYERS)}


def _raw(db, stage: int) -> dict[tuple[str, str], str | bytes]:
    return {(r["player"], r["format"]): r["body"]
            for r in db["reports"].rows_where("game = 'demo' AND stage = ?", [stage])}


def _old_pack(fmt: str, body: str) -> str | bytes:
    """How a row was stored before issue 23."""
    return zlib.compress(body.encode("utf-8"), 1) if fmt in ("html", "json", "svg") else body


def _zlib_rows(rendered: dict[str, dict[str, str]]) -> dict[tuple[str, str], bytes]:
    """How issue 23's first stores (until its Zstandard) stored a stage: "@", "d" for the
    board's row of the format as zlib dictionary, MAP_REF's offset, ":", a zlib stream;
    the board's own rows bare zlib."""
    svg = rendered[""]["svg"]
    cut = {w: {f: reports._cut(f, b, svg) for f, b in fs.items()} for w, fs in rendered.items()}
    out = {}
    for who, formats in cut.items():
        for fmt, (text, at) in formats.items():
            zdict = cut[""][fmt][0].encode() if who and fmt in reports.DICT_FORMATS else None
            if zdict is None and at is None:
                out[(who, fmt)] = zlib.compress(text.encode(), 1)
                continue
            z = zlib.compressobj(1, zdict=zdict) if zdict else zlib.compressobj(1)
            head = b"@" + (b"d" if zdict else b"") + (b"" if at is None else b"%d" % at)
            out[(who, fmt)] = head + b":" + z.compress(text.encode()) + z.flush()
    return out


def test_a_stored_html_is_much_smaller_than_rendered_and_reads_back_the_same(demo):
    db = open_db(demo / "pbem.db")
    for stage in range(4):
        got, raw = _read_all(db, stage), _raw(db, stage)
        svg = got[""]["svg"]
        assert svg.startswith("<svg") and svg.endswith("</svg>\n")
        for who in ("", *PLAYERS):
            html = got[who]["html"]
            # read back: the map inline again, exactly the stage's; the reference gone
            assert html.count("<svg") == 1 and svg[:-1] in html
            assert reports.MAP_REF not in html
            # stored: no map, and far less than the HTML compressed as it was stored before
            row = raw[(who, "html")]
            assert isinstance(row, bytes) and b"<svg" not in row
            assert len(row) * 2 < len(_old_pack("html", html)), (stage, who)
            board = got[""]["html"].replace(svg[:-1], reports.MAP_REF).encode()
            assert reports.MAP_REF in reports._open(row, lambda b=board: b)[0]
        # the rows are what storing the read-back reports again makes, byte for byte
        assert {(w, f): b for w, f, b in reports.stored_rows(got)} == raw
        # in all, the stage's rows take about half what they took before
        before = sum(len(_old_pack(f, b).encode() if f == "text" else _old_pack(f, b))
                     for w in got for f, b in got[w].items())
        now = sum(len(b) for b in raw.values())
        assert now < 0.55 * before, (now, before)
    db.conn.close()


def test_a_dictionary_made_once_for_every_row_makes_a_fresh_ones_bytes(demo):
    """stored_rows makes the board's row a dictionary once a format and uses it for each
    player's row: the same bytes, byte for byte, as one made for the row."""
    db = open_db(demo / "pbem.db")
    got = _read_all(db, 3)
    for fmt in reports.DICT_FORMATS:
        zdict = got[""][fmt].encode("utf-8")
        primed = reports.primer(zdict)
        for who in PLAYERS:
            body = got[who][fmt]
            fresh = reports.pack(fmt, body, zdict)
            assert reports.pack(fmt, body, zdict, primed) == fresh
            assert zstd.decompress(fresh, zstd_dict=reports.primer(zdict)).decode() == body
    db.conn.close()


def test_pbem_report_and_the_mail_read_the_html_as_rendered(demo):
    db = open_db(demo / "pbem.db")
    html = reports.stored(db, "demo", 3, "anna", ["html"])["html"]
    parts = outbox.report_parts(db, {"kind": "report", "game": "demo", "stage": 3,
                                     "player": "anna"})
    db.conn.close()
    # the mail: the HTML as rendered, its map swapped for the PNG
    assert parts.html == mapimage.for_mail(html).html
    out = CliRunner().invoke(main, ["--site", str(demo), "report", "demo", "anna",
                                    "--format", "html", "--stage", "3"])
    assert out.exit_code == 0 and out.output == html
    out = CliRunner().invoke(main, ["--site", str(demo), "report", "demo", "--format", "html"])
    assert out.exit_code == 0 and out.output.count("<svg") == 1 \
        and reports.MAP_REF not in out.output


def test_an_archived_html_refers_to_board_svg_beside_it(demo):
    db = open_db(demo / "pbem.db")
    for stage in range(4):
        folder = _folder(demo, stage)
        svg = (folder / "board.svg").read_text(encoding="utf-8")
        assert svg == reports.stored(db, "demo", stage, "", ["svg"])["svg"]
        board = (folder / "board.html").read_text(encoding="utf-8")
        assert board.count(reports.BOARD_SECTION) == 1
        section = reports._board_section(board)
        for who in ("board", *PLAYERS):
            page = (folder / f"{who}.html").read_text(encoding="utf-8")
            assert "<svg" not in page
            html = reports.stored(db, "demo", stage, "" if who == "board" else who,
                                  ["html"])["html"]
            if who != "board":
                # the public board, the same in every report, is in board.html alone
                assert page.count(reports.BOARD_LINK) == 1 and section not in page
                assert page.replace(reports.BOARD_LINK, section) == \
                    reports.archived_html(html, svg)
                assert mapimage.MAP_START not in page
                continue
            start, end = page.index(mapimage.MAP_START), page.index(mapimage.MAP_END)
            assert start < page.index('<object class="map-file" data="board.svg" '
                                      'type="image/svg+xml" width="960" height="1090"') < end
            # the page is the rendered one but for the map
            assert page == reports.archived_html(html, svg)
            # the map for the <object>, and its style in the page's stylesheet: all else
            # is the same
            at, end = page.index("<object"), page.index("</object>") + len("</object>")
            css = re.search(r"\n(\.map-frame>object\.map-file\{.*\n)</style>", page).group(1)
            assert (page[:at] + svg[:-1] + page[end:]).replace(css, "", 1) == html
    db.conn.close()
    # a map other than the stage's stays inline, in the archive and in the database
    at = html.index("<svg")
    changed = html[:at] + html[at:].replace("<title>", "<title>x", 1)
    assert reports.archived_html(changed, svg) == changed
    rows = reports.stored_rows({"": {"html": changed, "svg": svg}})
    assert rows[0][2][:3] == b"@z:" and reports.unpack(rows[0][2]) == changed


def test_a_players_archived_board_is_linked_only_when_it_is_the_boards_own():
    board = ('<html><section id="board"><h2>The board</h2><section id="inner">x</section>'
             '<p>decks</p></section><section id="more">m</section></html>')
    section = board[board.index("<section"):board.index('<section id="more"')]
    assert reports._board_section(board) == section
    other = section.replace("decks", "other decks")
    got = reports.archive({"": {"html": board},
                           "anna": {"html": f"<html><p>a</p>{section}<p>form</p></html>"},
                           "boris": {"html": f"<html><p>b</p>{other}<p>form</p></html>"}})
    assert got["anna.html"].decode() == f"<html><p>a</p>{reports.BOARD_LINK}<p>form</p></html>"
    assert got["boris.html"].decode() == f"<html><p>b</p>{other}<p>form</p></html>"
    assert got["board.html"].decode() == board
    # a board page without the section, or with one never closed, links nothing
    assert reports._board_section("<html><p>none</p></html>") == ""
    assert reports._board_section('<section id="board"><section>open</section>') == ""


def _stage_2_stored_as(demo: Path, site: Path, rows_of):
    """(the demo's stage-2 reports as read, a copy of the demo at `site` whose stage-2
    rows are `rows_of(those reports)`, its database open)."""
    db = open_db(demo / "pbem.db")
    new = _read_all(db, 2)
    db.conn.close()
    shutil.copytree(demo, site)
    old = open_db(site / "pbem.db")
    with old.conn:
        old.conn.execute("DELETE FROM reports WHERE stage = 2")
        old.conn.executemany(
            "INSERT INTO reports (game, stage, player, format, body) VALUES ('demo', 2, ?, ?, ?)",
            [(w, f, b) for (w, f), b in rows_of(new).items()])
    return new, site, old


def test_rows_stored_before_read_as_they_did(demo, tmp_path):
    """A site made before issue 23: its rows (text as it is; HTML, JSON and SVG
    zlib-compressed, the map in each HTML) read back as they are, beside new ones."""
    new, old_site, old = _stage_2_stored_as(
        demo, tmp_path / "old", lambda new: {(w, f): _old_pack(f, b)
                                             for w in new for f, b in new[w].items()})
    raw = _raw(old, 2)
    assert isinstance(raw[("anna", "text")], str) and raw[("anna", "html")][:1] == b"x"
    assert _read_all(old, 2) == new
    assert reports.unpack(raw[("anna", "html")]) == new["anna"]["html"]
    # the stages after it, stored the new way, still read (each stage on its own)
    assert reports.stored(old, "demo", 3, "anna", ["html"])["html"].count("<svg") == 1
    parts = outbox.report_parts(old, {"kind": "report", "game": "demo", "stage": 2,
                                      "player": "boris"})
    assert parts.html == mapimage.for_mail(new["boris"]["html"]).html
    old.conn.close()
    for fmt in ("text", "html", "json"):
        out = CliRunner().invoke(main, ["--site", str(old_site), "report", "demo", "chiara",
                                        "--format", fmt, "--stage", "2"])
        assert out.exit_code == 0 and out.output == new["chiara"][fmt], fmt


def test_rows_stored_with_zlib_as_dictionary_read_as_they_did(demo, tmp_path):
    """A site whose stages were stored the issue-23 way before Zstandard: each player's
    rows inflate with the board's as zlib dictionary, each HTML's map from the board's
    svg row; `pbem report` and the mail read them as rendered."""
    new, site, old = _stage_2_stored_as(demo, tmp_path / "zlib", _zlib_rows)
    assert any(b[:2] == b"@d" and b[2:3].isdigit() for b in _raw(old, 2).values())  # a map cut
    assert _read_all(old, 2) == new
    parts = outbox.report_parts(old, {"kind": "report", "game": "demo", "stage": 2,
                                      "player": "boris"})
    assert parts.html == mapimage.for_mail(new["boris"]["html"]).html
    old.conn.close()
    out = CliRunner().invoke(main, ["--site", str(site), "report", "demo", "chiara",
                                    "--format", "html", "--stage", "2"])
    assert out.exit_code == 0 and out.output == new["chiara"]["html"]


def test_a_players_row_needs_stored_to_be_read():
    board = "".join(f"Sectio {i}: {i * 7919 % 1000} Souls\n" for i in range(300))
    rendered = {"": {"text": board, "html": "<p>board</p>", "json": "{}\n"},
                "anna": {"text": "anna's own\n" + board, "html": "<p>anna</p>",
                         "json": "{}\n"}}
    rows = {(w, f): b for w, f, b in reports.stored_rows(rendered)}
    assert rows[("anna", "text")][:4] == b"@zd:"  # the board's text as dictionary
    assert len(rows[("anna", "text")]) * 5 < len(rows[("", "text")])
    assert reports.unpack(rows[("", "text")]) == board
    with pytest.raises(ValueError, match="read it with pbem.reports.stored"):
        reports.unpack(rows[("anna", "text")])
    # a game without a map: HTML stored without a reference, read back the same
    assert reports.unpack(rows[("", "html")]) == "<p>board</p>"
    # a board's row too short to be a dictionary (Zstandard's least is 8 bytes): none
    assert rows[("anna", "json")][:3] == b"@z:" and reports.unpack(rows[("anna", "json")]) == "{}\n"
