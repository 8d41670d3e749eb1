"""Issue 6: one report model per player, rendered as text, HTML and JSON, and mailed as
multipart/alternative with the JSON attached."""

import email
import json
import re
import xml.etree.ElementTree as ET
from email.policy import default

import pytest

from pbem import mapimage, outbox
from pbem.dice import Dice
from pbem.engine import get_game
from pbem.reports import SCHEMA
from pbem.store import open_db
from pbem.turns import render_reports

PLAYERS = ["anna", "boris", "chiara", "dmitri"]
G = {"name": "g", "game_type": "hellgame"}
HOSTILE = "<script>alert('x')</script> & <b>bold</b>"


@pytest.fixture(scope="module")
def turn():
    game = get_game("hellgame")
    state, _, _ = game.new_game(PLAYERS, {}, Dice("reports"))
    before = game.resolve(state, {p: None for p in PLAYERS}, Dice("reports-0")).state
    sheets = {p: None for p in PLAYERS}
    sheets["anna"] = game.check_orders(before, "anna", f"BUY OFF ALL\n{HOSTILE}\nLEGIONS 1")
    res = game.resolve(before, sheets, Dice("reports-1"))
    out = render_reports(game, G, {"name": "turn 1", "number": 1}, before, res.state,
                         res.events, [{"seq": 1, "result": 3, "reason": "why <not>",
                                       "sides": 6, "player": "anna"}],
                         sheets, {"anna": "abc123"}, PLAYERS, res.stage_name, False, "",
                         "2026-01-08T19:00:00Z", {"anna": "America/New_York"})
    return game, res, out


def _order(text: str, marks: list[str]) -> list[int]:
    return [text.index(m) for m in marks]


def test_a_report_puts_attention_first_then_what_happened_position_board_and_form(turn):
    _, _, out = turn
    text = out["anna"]["text"]
    where = _order(text, ["NEEDS YOUR ATTENTION", "WHAT HAPPENED", "YOUR POSITION",
                          "THE BOARD", "NEXT ORDERS"])
    assert where == sorted(where)
    html = out["anna"]["html"]
    where = _order(html, ['id="attention"', 'id="happened"', 'id="position"', 'id="board"',
                          'id="form"'])
    assert where == sorted(where)


def test_the_deadline_is_given_in_the_players_own_time_zone(turn):
    _, _, out = turn
    # anna lives in New York; boris has no zone of his own and gets the game's (UTC)
    assert "due by Thu 8 Jan 2026 14:00 EST (19:00 UTC)." in out["anna"]["text"]
    assert "due by Thu 8 Jan 2026 19:00 UTC." in out["boris"]["text"]
    assert json.loads(out["anna"]["json"])["attention"]["deadline"] == {
        "utc": "2026-01-08T19:00:00Z", "timezone": "America/New_York",
        "text": "Thu 8 Jan 2026 14:00 EST (19:00 UTC)"}


def test_the_players_problem_lines_come_first_with_their_line_numbers(turn):
    _, _, out = turn
    attention = out["anna"]["text"].split("WHAT HAPPENED")[0]
    assert "line 2 (invalid): <script>alert('x')</script> & <b>bold</b>" in attention
    model = json.loads(out["anna"]["json"])
    assert [p["line_no"] for p in model["attention"]["problems"]] == [2]
    assert model["attention"]["orders"] == "received"
    assert "no orders from you" in out["boris"]["text"]


def test_text_reports_fit_72_columns(turn):
    _, _, out = turn
    for who, formats in out.items():
        form = formats["text"].split("NEXT ORDERS")[-1] if who else ""
        for line in formats["text"].splitlines():
            # an order example in the form is never broken (it must stay one line)
            if len(line) > 72:
                assert who and line in form and line.startswith("#") \
                    and not line.startswith("# "), (who, line)


def test_html_escapes_everything_a_player_wrote(turn):
    _, _, out = turn
    html = out["anna"]["html"]
    assert "<script>" not in html and "<b>bold</b>" not in html
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in html
    assert "why &lt;not&gt;" in html  # a dice reason, too


def test_html_embeds_the_map_and_is_one_document(turn):
    _, _, out = turn
    for who in PLAYERS + [""]:
        html = out[who]["html"]
        assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
        svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
        root = ET.fromstring(svg)  # well-formed XML, inline or alone
        assert len(root.findall(".//{*}g[@class='hm-sectio']")) == 45
    assert out[""]["svg"].strip() == re.search(r"<svg.*?</svg>", out[""]["html"], re.S).group(0)


def test_json_is_the_model_the_other_formats_show(turn):
    game, res, out = turn
    model = json.loads(out["anna"]["json"])
    assert model["schema"] == SCHEMA and model["player"] == "anna"
    assert model["stage"] == {"game": "g", "type": "hellgame", "title": "The HellGame",
                              "name": "turn 1", "number": 1, "next": res.stage_name,
                              "finished": False, "result": ""}
    assert model["orders"]["receipt"] == "abc123"
    assert model["view"]["me"]["souls"] == res.state["players"]["anna"]["souls"]
    hand = [c["name"] for c in model["view"]["me"]["hand"]]
    assert hand and all(name in out["anna"]["text"] for name in hand)
    events = [e["text"] for ph in model["phases"] for e in ph["events"]]
    assert len(events) == len([e for e in res.events if e.visible("anna")])
    assert model["order_form"].startswith("TURN 2") and model["order_form"] in \
        out["anna"]["text"]
    board = json.loads(out[""]["json"])
    assert board["player"] is None and "me" not in board["view"]


def test_what_the_reports_of_a_stage_share_is_made_once_and_changes_no_byte(turn):
    """Issue 23: the events' dicts, each phase's text and HTML and the JSON of the parts
    the models share are made once a stage (reports.StageMemo); every report is byte for
    byte what it is rendered alone, each model with its own copies and no memo."""
    import copy

    from pbem import reports

    game, res, out = turn
    memo = reports.StageMemo()
    board = game.public_view(res.state)
    shared = reports.board_parts(board, "", [], game.templates())
    alone = {k: v for k, v in shared.items() if k != "memo"}
    st = reports.Stage("g", "hellgame", game.title, "turn 1", 1, res.stage_name, False)
    models = [reports.model(st, p, game.player_view(res.state, p), res.events, [], None, "",
                            None, "", None, memo=memo) for p in PLAYERS]
    models.append(reports.board_model(st, board, res.events, [], [], None, None, memo))
    assert models[0]["phases"][0]["events"][0] is models[1]["phases"][0]["events"][0]
    assert models[0]["view"]["sectio"] is models[1]["view"]["sectio"]
    for m in models:
        got = reports.render_model(m, game.templates(), "", {**alone, "memo": memo})
        assert got == reports.render_model(copy.deepcopy(m), game.templates(), "", alone)
        assert got["json"] == json.dumps(m, ensure_ascii=False, sort_keys=True,
                                         separators=(",", ":")) + "\n"
    assert memo.blocks and memo.json and len(memo.events) > 10
    assert out["anna"]["json"] == reports.to_json(json.loads(out["anna"]["json"]))


def test_the_income_forecast_adds_up(turn):
    _, res, out = turn
    inc = json.loads(out["anna"]["json"])["view"]["me"]["income"]
    assert inc["net"] == sum(s["souls"] for s in inc["sectio"]) + \
        sum(e["hearts"] for e in inc["earth"]) - inc["upkeep"]
    mine = [u for u in res.state["units"] if u["owner"] == "anna"
            and u["kind"] in ("legion", "lieutenant")]
    assert inc["upkeep_units"] == len(mine)
    net = f"{inc['net']:+d} Soul{'' if abs(inc['net']) == 1 else 's'}"
    assert f"Next Soul Phase, if nothing changes before it: {net}" in \
        " ".join(out["anna"]["text"].split())  # filled to 72 columns


def test_a_report_mail_is_text_and_html_alternatives_with_the_json_attached(tmp_path, turn):
    _, _, out = turn
    db = open_db(tmp_path / "pbem.db")
    for fmt in ("text", "html", "json"):
        db["reports"].insert({"game": "g", "stage": 1, "player": "anna", "format": fmt,
                              "body": out["anna"][fmt]})
    row = {"id": 7, "game": "g", "player": "anna", "stage": 1, "kind": "report",
           "to_addr": "anna@example.org", "subject": "[g] turn 1 report",
           "body": out["anna"]["text"], "created": "2026-01-05T09:00:00Z",
           "in_reply_to": "", "refs": "", "message_id": ""}

    class Site:
        name, address, moderator = "pbem", "orders@example.org", ""

    data = outbox.compose(row, Site(), parts=outbox.report_parts(db, row)).data
    assert data == outbox.compose(row, Site(), parts=outbox.report_parts(db, row)).data
    msg = email.message_from_bytes(data, policy=default)
    assert msg.get_content_type() == "multipart/mixed"
    alt, attached = msg.get_payload()
    assert alt.get_content_type() == "multipart/alternative"
    # the HTML and the map as a PNG it shows by Content-ID (issue 20: pbem.mapimage)
    assert [p.get_content_type() for p in alt.get_payload()] == ["text/plain",
                                                                 "multipart/related"]
    assert msg.get_body(("plain",)).get_content().replace("\r\n", "\n") == out["anna"]["text"]
    assert msg.get_body(("html",)).get_content().replace("\r\n", "\n") == \
        mapimage.for_mail(out["anna"]["html"]).html
    assert attached.get_filename() == "g-01-anna.json"
    assert json.loads(attached.get_content()) == json.loads(out["anna"]["json"])
    for line in data.split(b"\r\n"):
        assert len(line) <= 998  # RFC 5322
    # a player who writes our boundary into his orders cannot split the message
    hostile = out["anna"]["text"] + "\n--=_pbem_alternative\n--=_pbem_mixed--\n"
    msg = email.message_from_bytes(outbox.compose(
        {**row, "body": hostile}, Site(), parts=outbox.report_parts(db, row)).data,
        policy=default)
    assert len(msg.get_payload()) == 2 and len(msg.get_payload()[0].get_payload()) == 2
    assert msg.get_body(("plain",)).get_content().replace("\r\n", "\n") == hostile
    # without stored HTML or JSON a report is the plain text mail it always was
    plain = outbox.compose({**row, "player": "boris"}, Site(),
                           parts=outbox.report_parts(db, {**row, "player": "boris"})).data
    assert b"multipart" not in plain and b'Content-Type: text/plain; charset="utf-8"' in plain


def test_pbem_report_prints_each_format_and_writes_the_map(started, tmp_path):
    code, out = started("report", "g1", "--map", str(tmp_path / "before.svg"))
    assert code == 0, out  # before any stage is processed: the board as dealt
    assert ET.parse(tmp_path / "before.svg").getroot().tag.endswith("svg")
    assert started("turn", "process", "g1")[0] == 0
    code, out = started("report", "g1", "anna", "--format", "json")
    assert code == 0 and json.loads(out)["player"] == "anna"
    code, out = started("report", "g1", "anna", "--format", "html")
    assert code == 0 and out.startswith("<!DOCTYPE html>") and "<svg" in out
    code, out = started("report", "g1", "--map", str(tmp_path / "map.svg"))
    assert code == 0 and "map of g1 written to" in out
    root = ET.parse(tmp_path / "map.svg").getroot()
    assert len(root.findall(".//{*}g[@class='hm-sectio']")) == 45
    code, out = started("report", "g1", "anna", "--map", "-")
    assert code != 0 and "the map is public" in out
    code, out = started("report", "g1", "nobody")
    assert code != 0 and "'nobody' does not play in 'g1'" in out


def test_a_player_can_have_his_own_time_zone(started):
    code, out = started("player", "timezone", "g1", "anna", "new york")
    assert code != 0 and "did you mean 'America/New_York'?" in out
    code, out = started("player", "timezone", "g1", "anna", "america/new_york")
    assert code == 0 and "America/New_York" in out
    code, out = started("player", "timezone", "g1", "anna")
    assert code == 0 and "America/New_York" in out
    code, out = started("player", "timezone", "g1", "anna", "Atlantis/Nowhere")
    assert code != 0 and "time zone 'Atlantis/Nowhere'" in out
    assert started("turn", "process", "g1")[0] == 0
    code, out = started("report", "g1", "anna")
    assert re.search(r"due by \w{3} \d+ \w{3} \d{4} \d\d:\d\d E[SD]T \(", out), out
    code, out = started("player", "timezone", "g1", "anna", "game")
    assert code == 0 and "the game’s time zone" in out


def test_fill_wraps_like_textwrap_and_breaks_only_words_longer_than_a_line():
    import random
    import textwrap

    from pbem.render import fill

    rng = random.Random(3)
    words = ["a", "bb", "Sectio", "HG-7.2-01", "LOWER-DUNGEON", "(3)", "word,", "x" * 12]
    for _ in range(2000):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 40)))
        first, rest = rng.choice(["", "  - "]), rng.choice(["", "    "])
        width = rng.choice([20, 40, 72])
        assert fill(text, width, first, rest) == textwrap.wrap(
            text, width, initial_indent=first, subsequent_indent=rest,
            break_on_hyphens=False), (text, width)
    assert fill("ab " + "x" * 25, 10, "", "  ") == ["ab", "  xxxxxxxx", "  xxxxxxxx",
                                                     "  xxxxxxxx", "  x"]
    assert fill("", 10, "- ") == ["- "] and fill("  ", 10) == []


def test_hg_3_6_01_paymons_and_ashtaroths_honorary_functions_are_shown(turn):
    """HG-3.6-01: the player with Paymon keeps the Sectio cards and the Rank Track, the
    player with Ashtaroth is Treasurer; etiquette only, but every board says who."""
    game, res, _ = turn
    state = json.loads(json.dumps(res.state))
    owner = {"daemon.paymon": "boris", "daemon.ashtaroth": "chiara"}
    for d, p in owner.items():
        state["daemons"].setdefault(d, {"id": d, "owner": p})["owner"] = p
    board = game.public_view(state)
    assert [(h["player"], h["daemon"]) for h in board["honours"]] == [
        ("boris", "Paymon"), ("chiara", "Ashtaroth")]
    out = render_reports(game, G, {"name": "turn 1", "number": 1}, None, state, [], [],
                         {p: None for p in PLAYERS}, {}, PLAYERS, "turn 2", False)
    assert "Keeper of the Sectio cards and the Rank Track: boris (Paymon, an honour " \
        "only)" in " ".join(out["anna"]["text"].split())  # filled to 72 columns
    assert "Treasurer (the bank of Souls and Favours): chiara (Ashtaroth, an honour " \
        "only)." in out[""]["html"]


def test_a_stage_without_dice_says_so_instead_of_an_empty_list():
    from pbem.render import render
    from pbem.reports import dice_groups

    def dice(rolls):
        templates = get_game("hellgame").templates()
        return (render("_dice.txt.j2", {"r": {"dice": rolls}, "groups": dice_groups(rolls)},
                       templates),
                render("_dice.html.j2", {"r": {"dice": rolls}}, templates))

    text, html = dice([])
    assert "No dice were rolled." in text and "Dice rolled" not in text
    assert "<p>No dice were rolled.</p>" in html and "<details>" not in html
    text, html = dice([{"seq": 1, "result": 4, "reason": "a test", "player": "a"}])
    assert "Dice rolled (1), each with its reason:" in text
    assert "No dice" not in text + html and "<details>" in html
