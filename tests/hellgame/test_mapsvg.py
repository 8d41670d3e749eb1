"""The SVG map of Hell (mapsvg.py) drawn from real public views of a 3-turn game."""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET

import pytest

from pbem.dice import Dice
from pbem.engine import get_game
from pbem_games.hellgame.mapgeom import fit
from pbem_games.hellgame.mapsvg import map_svg

NS = "{http://www.w3.org/2000/svg}"
PLAYERS = ["anna", "boris", "chiara", "dmitri"]


@pytest.fixture(scope="module")
def real_board() -> dict:
    g = get_game("hellgame")
    st, _, _ = g.new_game(PLAYERS, {}, Dice("x"))
    for seed in ("a", "b", "c"):
        st = g.resolve(st, {p: None for p in PLAYERS}, Dice(seed)).state
    return g.public_view(st)


@pytest.fixture
def board(real_board) -> dict:
    return copy.deepcopy(real_board)


def unit(kind: str, owner: str = "", name: str = "") -> dict:
    return {"id": f"u-{kind}-{owner}", "kind": kind, "owner": owner,
            "name": name or kind.title(), "bonus_pay": 0}


def parse(svg: str) -> ET.Element:
    assert not svg.startswith("<?xml")
    return ET.fromstring(svg)


def cells(root: ET.Element) -> dict[str, ET.Element]:
    return {c.get("data-sectio"): c for c in root.iter(f"{NS}g")
            if c.get("class") == "hm-sectio"}


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def centroid(cell: ET.Element) -> tuple[float, float]:
    """Mean of the four corners of the cell's ring-sector path."""
    d = cell.find(f"{NS}path").get("d")
    pts = [tuple(map(float, re.findall(r"-?[\d.]+", seg)[-2:]))
           for seg in re.findall(r"[MLA][^MLAZ]*", d)]
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def centre(root: ET.Element) -> tuple[float, float]:
    c = root.find(f".//{NS}g[@id='pentagram']/{NS}circle")
    return float(c.get("cx")), float(c.get("cy"))


def test_root_is_a_scalable_accessible_standalone_svg(board):
    root = parse(map_svg(board, None, title="Hell after turn 3"))
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox").startswith("0 0 ") and root.get("width") == "100%"
    assert root.get("role") == "img" and root.get("aria-label") == "Hell after turn 3"
    assert root.find(f"{NS}title").text == "Hell after turn 3"
    assert ".hm-map" in root.find(f"{NS}style").text
    assert parse(map_svg(board)).get("aria-label") == f"Hell, turn {board['turn']}"


def test_every_sectio_has_a_cell_with_its_name_and_yield(board):
    root = parse(map_svg(board))
    found = cells(root)
    assert len(found) == 45 == len(board["sectio"])
    for s in board["sectio"]:
        cell = found[s["id"]]
        assert cell.get("id") == "sectio-" + s["id"].removeprefix("sectio.")
        assert cell.find(f"{NS}title").text.startswith(s["name"] + ":")
        label = "".join(cell.find(f"{NS}text[@class='hm-name hm-halo']").itertext())
        text, _, souls = label.rpartition(" (")
        assert souls == ("cards)" if s["wise_men"] else f"{s['souls']})")
        assert text.rstrip("…") in s["name"] and (text == s["name"] or text.endswith("…")
                                                  or s["name"] == "THE " + text)


def test_shortening_drops_the_then_truncates_but_keeps_the_yield():
    assert fit("THE WISE MEN", " (cards)", 500, 9.5) == "THE WISE MEN (cards)"
    assert fit("THE FOREST OF SUICIDES", " (6)", 120, 9.5) == "FOREST OF SUICIDES (6)"
    short = fit("LOWER DUNGEON OF THE RACIALLY SUPERIOR", " (4)", 100, 9.5)
    assert short.endswith("… (4)") and short.startswith("LOWER")


def test_owned_cells_use_the_seat_pattern_and_show_the_tag(board):
    root = parse(map_svg(board))
    seats = {p["name"]: p for p in board["players"]}
    patterns = {p.get("id") for p in root.iter(f"{NS}pattern")}
    owned = [s for s in board["sectio"] if s["owner"]]
    assert owned and len(owned) < 45
    for s in board["sectio"]:
        cell = cells(root)[s["id"]]
        fill = cell.find(f"{NS}path").get("fill")
        tags = [t.text for t in by_class(cell, "hm-tag")]
        if s["owner"]:
            p = seats[s["owner"]]
            assert fill == f"url(#hm-pat-{p['seat']})" and f"hm-pat-{p['seat']}" in patterns
            assert tags == [f"[{p['tag']}] "]
        else:
            assert not fill.startswith("url(") and tags == []
    legend = [e.get("data-player") for e in by_class(root, "hm-player")]
    assert legend == [p["name"] for p in board["players"]]


def test_quarter_one_on_top_quarters_clockwise_circle_one_outermost(board):
    root = parse(map_svg(board))
    cx, cy = centre(root)
    at = {(s["circle"], s["quarter"]): centroid(cells(root)[s["id"]]) for s in board["sectio"]}
    for c in range(1, 10):
        assert at[c, 1][1] < cy and abs(at[c, 1][0] - cx) < 1  # Quarter 1 straight up
        assert at[c, 2][0] > cx  # clockwise: Quarter 2 to the right
        assert at[c, 3][1] > cy and at[c, 4][1] > cy and at[c, 5][0] < cx
    for q in range(1, 6):
        dist = [((at[c, q][0] - cx) ** 2 + (at[c, q][1] - cy) ** 2) ** 0.5 for c in range(1, 10)]
        assert dist == sorted(dist, reverse=True)
    shaded = root.find(f".//{NS}g[@id='pentagram']/{NS}polygon")
    assert min(float(p.split(",")[1]) for p in shaded.get("points").split()) < cy - 50


def test_units_counted_per_player_with_freebooters_and_wild_hounds(board):
    spies = next(s for s in board["sectio"] if s["id"] == "sectio.spies")
    spies["units"] = [unit("legion", "boris"), unit("legion", "anna"), unit("legion", "anna"),
                      unit("lieutenant", "anna", "Lieutenant Ukobach"),
                      unit("legion", name="Freebooter Legion"), unit("hellhound")]
    cell = cells(parse(map_svg(board)))["sectio.spies"]
    line = "".join(cell.find(f"{NS}text[@class='hm-units hm-halo']").itertext())
    assert line.startswith(f"[{spies_tag(board)}] ")
    assert "A 2L 1Lt · B 1L" in line or line.endswith("…")
    title = cell.find(f"{NS}title").text
    assert "2 × Legion (anna)" in title and "1 × Hellhound" in title


def spies_tag(board: dict) -> str:
    owner = next(s["owner"] for s in board["sectio"] if s["id"] == "sectio.spies")
    return next(p["tag"] for p in board["players"] if p["name"] == owner)


def test_stacks_line_in_a_roomy_outer_cell(board):
    s = board["sectio"][0]  # Circle 1, Quarter 1
    s["owner"], s["units"] = "", [unit("legion", "chiara"), unit("legion", "anna"),
                                  unit("legion", name="Freebooter Legion"), unit("hellhound")]
    cell = cells(parse(map_svg(board)))[s["id"]]
    line = "".join(cell.find(f"{NS}text[@class='hm-units hm-halo']").itertext())
    assert line == "A 1L · C 1L · free 1L · wild 1H"


def test_markers_drawn_only_where_set(board):
    sectio = {s["id"]: s for s in board["sectio"]}
    for s in board["sectio"]:
        s["freebooters"] = s["warning_sign"] = False
        s["units"] = [u for u in s["units"] if u["kind"] not in ("uriel", "lilith")]
    sectio["sectio.liars"]["warning_sign"] = True
    sectio["sectio.traitors"]["warning_sign"] = True
    sectio["sectio.thieves"]["freebooters"] = True
    sectio["sectio.idolaters"]["units"].append(unit("uriel"))
    sectio["sectio.tyrants"]["units"].append(unit("lilith"))
    root = parse(map_svg(board))
    where = {kind: sorted(c.get("data-sectio") for c in cells(root).values()
                          if by_class(c, f"hm-{kind}"))
             for kind in ("warning", "freebooters", "uriel", "lilith", "combat")}
    assert where == {"warning": ["sectio.liars", "sectio.traitors"],
                     "freebooters": ["sectio.thieves"], "uriel": ["sectio.idolaters"],
                     "lilith": ["sectio.tyrants"], "combat": []}


def test_antehell_lists_its_stacks_and_uriel(board):
    board["antehell"] = [unit("legion", "chiara"), unit("legion", "chiara"),
                         unit("lieutenant", "anna"), unit("uriel"), unit("lilith")]
    root = parse(map_svg(board))
    band = root.find(f".//{NS}g[@id='antehell']")
    assert band.find(f"{NS}title").text == "AnteHell: A 1Lt · C 2L · Uriel · Lilith"
    assert len(by_class(band, "hm-uriel")) == 1 and len(by_class(band, "hm-lilith")) == 1
    legend = "".join(root.find(f".//{NS}g[@id='legend']").itertext())
    assert "AnteHell: A 1Lt · C 2L · Uriel · Lilith" in legend


def test_moves_drawn_once_per_route_with_a_count_and_combats_marked(board):
    def mv(frm, to, owner="anna", kind="legion", unit="u1"):
        return {"unit": unit, "kind": kind, "owner": owner, "from": frm, "to": to}
    marks = {"moves": [mv("antehell", "sectio.spies", unit=f"u{i}") for i in range(3)] + [
        mv("sectio.spies", "sectio.traitors", "boris"),
        mv("sectio.traitors", "sectio.spies", "boris"),
        mv("uriel-box", "sectio.liars", "", "uriel"), mv("pentagram", "sectio.liars", "", "lilith"),
        mv("sectio.nowhere", "sectio.spies"), mv("sectio.liars", "sectio.liars")],
        "combats": ["sectio.spies", "sectio.liars", "uriel-box"]}
    root = parse(map_svg(board, marks))
    moves = by_class(root, "hm-move")
    routes = {(m.get("data-from"), m.get("data-to")): m for m in moves}
    assert len(moves) == len(routes) == 4
    assert routes["antehell", "sectio.spies"].get("data-count") == "3"
    assert "".join(routes["antehell", "sectio.spies"].itertext()).endswith("A×3")
    assert routes["pentagram", "sectio.liars"].find(f"{NS}text").text == "Li"
    markers = {m.get("id") for m in root.iter(f"{NS}marker")}
    for m in moves:
        assert m.find(f"{NS}path").get("marker-end")[5:-1] in markers
    fights = sorted(c.get("data-sectio") for c in cells(root).values()
                    if by_class(c, "hm-combat") and by_class(c, "hm-fight"))
    assert fights == ["sectio.liars", "sectio.spies"]


def test_no_marks_means_no_arrows_or_combats(board):
    for marks in (None, {}, {"moves": [], "combats": []}):
        root = parse(map_svg(board, marks))
        assert by_class(root, "hm-move") == [] and by_class(root, "hm-fight") == []
        assert all(not by_class(c, "hm-combat") for c in cells(root).values())


def test_user_text_is_escaped(board):
    evil = '<b>&"x\x01'
    for p in board["players"]:
        if p["name"] == "anna":
            p["name"] = evil
    for s in board["sectio"] + [{"units": board["antehell"]}]:
        s["owner"] = evil if s.get("owner") == "anna" else s.get("owner", "")
        for u in s["units"]:
            u["owner"] = evil if u["owner"] == "anna" else u["owner"]
    svg = map_svg(board, {"moves": [{"unit": "u1", "kind": "legion", "owner": evil,
                                     "from": "antehell", "to": "sectio.spies"}]},
                  title='Hell & "friends" <3')
    root = parse(svg)
    assert '&lt;b&gt;&amp;"x' in svg and "\x01" not in svg
    assert not list(root.iter("b")) and not list(root.iter(f"{NS}b"))
    assert root.get("aria-label") == 'Hell & "friends" <3'
    assert '<b>&"x' in [e.get("data-player") for e in by_class(root, "hm-player")]
    assert any(c.get("data-owner") == '<b>&"x' for c in cells(root).values())


def test_deterministic_and_pure(board):
    marks = {"moves": [{"unit": "u1", "kind": "legion", "owner": "anna", "from": "antehell",
                        "to": "sectio.spies"}], "combats": ["sectio.spies"]}
    before = copy.deepcopy(board)
    first = map_svg(board, marks, title="t")
    assert first == map_svg(copy.deepcopy(board), copy.deepcopy(marks), title="t")
    assert board == before
    assert not re.search(r"\d\.\d{2,}", first)  # coordinates have one decimal


def test_the_map_is_ascii_with_its_other_characters_as_references(board):
    """Issue 23: the map, inlined in every HTML report, is ASCII (a page of one byte a
    character in Python); what it shows is unchanged: "·", "×", "→", "…" and a
    player's "Zoë" read back from the references."""
    board["players"][0]["name"] = "Zoë 😈"
    svg = map_svg(board, None, title="Hell · turn 3 → Zoë")
    assert svg.isascii() and "&#183;" in svg and "&#235;" in svg and "&#128520;" in svg
    root = parse(svg)
    assert root.get("aria-label") == "Hell · turn 3 → Zoë"
    text = "".join(root.itertext())
    assert "Zoë 😈" in text and " · " in text and "×" in text
