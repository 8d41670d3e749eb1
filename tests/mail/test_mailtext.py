"""pbem.mailtext: raw mail → envelope and order text. The corpus (corpus/*.eml, with the
expected outcome of each in corpus/expected.yaml) is the main test; the rest pins single
rules and checks that no input makes the module raise."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from pbem import mailtext
from pbem.htmltext import html_to_text

CORPUS = Path(__file__).parent / "corpus"
EXPECTED = yaml.safe_load((CORPUS / "expected.yaml").read_text(encoding="utf-8"))
OWN = {"orders@example.org"}
ENVELOPE_KEYS = ("from_addr", "from_name", "subject", "to_addrs")


def read(raw: bytes):
    msg = mailtext.parse(raw)
    return mailtext.envelope(msg, own_addresses=OWN), mailtext.extract(msg)


def mail(headers: str, body: str = "GAME hell1\n") -> bytes:
    return (headers.strip("\n") + "\n\n" + body).replace("\n", "\r\n").encode("utf-8")


# --- the corpus -----------------------------------------------------------------------

def test_every_corpus_mail_has_an_expectation():
    assert sorted(p.name for p in CORPUS.glob("*.eml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus(name):
    want = EXPECTED[name]
    env, ex = read((CORPUS / name).read_bytes())
    assert env.auto == want["auto"]
    for key in ENVELOPE_KEYS:
        if key in want:
            assert getattr(env, key) == want[key], key
    if "source" in want:
        assert ex.source == want["source"]
    if "text" in want:
        assert ex.text == want["text"]
    lines = ex.text.split("\n")
    for line in want.get("text_contains", ()):
        assert line in lines
    for line in want.get("text_lacks", ()):
        assert line not in lines
    if "warnings" in want:
        assert len(ex.warnings) == len(want["warnings"]), ex.warnings
        for fragment, warning in zip(want["warnings"], ex.warnings, strict=True):
            assert fragment in warning
    if "attachments" in want:
        assert ex.attachments == want["attachments"]


# --- never raises ---------------------------------------------------------------------

def check_shape(env, ex):
    assert isinstance(env.auto, str) and isinstance(env.from_addr, str)
    assert all(isinstance(a, str) for a in env.to_addrs)
    assert ex.text == "" or ex.text.endswith("\n")
    assert mailtext.normalise(ex.text) == ex.text
    assert mailtext.strip_quotes(ex.text) == ex.text
    assert ex.text or ex.warnings


def test_random_bytes_never_raise():
    rnd = random.Random(20261123)
    for _ in range(300):
        raw = bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 400)))
        check_shape(*read(raw))


def test_random_header_soup_never_raises():
    rnd = random.Random(7)
    pieces = [b"From: ", b"To: ", b"Subject: =?utf-8?B?", b"=?x?Q?=FF?=", b"Content-Type: ",
              b"multipart/mixed; boundary=", b'"b"', b"--b\r\n", b"--b--", b"\r\n", b"\n",
              b"\r\n\r\n", b"text/html", b"charset=", b"Content-Transfer-Encoding: base64",
              b"quoted-printable", b"=E9", b"\xff\xfe", b"\x00", b"<", b">", b"@", b";",
              b"Content-Disposition: attachment; filename*=utf-8''%FF", b"<br>", b"<script>",
              b"message/rfc822", b"name=\"a\\\\b.txt\"", b"GAME hell1", b"\t", b"> "]
    for _ in range(300):
        raw = b"".join(rnd.choice(pieces) for _ in range(rnd.randrange(1, 60)))
        check_shape(*read(raw))


def test_mutated_corpus_mails_never_raise():
    rnd = random.Random(42)
    for path in sorted(CORPUS.glob("*.eml")):
        original = path.read_bytes()
        for _ in range(12):
            raw = bytearray(original)
            for _ in range(rnd.randrange(1, 12)):
                pos = rnd.randrange(len(raw) + 1)
                action = rnd.randrange(3)
                if action == 0 and raw:
                    del raw[pos:pos + rnd.randrange(1, 40)]
                elif action == 1:
                    raw[pos:pos] = bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 9)))
                else:
                    raw[pos:pos] = rnd.choice([b"\r\n", b"\n\n", b"--", b"=?", b"\x00", b";"])
            check_shape(*read(bytes(raw)))


def test_parse_takes_any_bytes_like_and_str():
    assert mailtext.parse(bytearray(b"Subject: x\n\nbody"))["subject"] == "x"
    assert mailtext.extract(mailtext.parse("Subject: \u00e9\n\nLEGION \u00e9\n")).text == \
        "LEGION \u00e9\n"


# --- envelope -------------------------------------------------------------------------

@pytest.mark.parametrize("headers, reason", [
    ("From: a@example.org\nAuto-Submitted: auto-generated", "Auto-Submitted: auto-generated"),
    ("From: a@example.org\nAuto-Submitted: no", ""),
    ("From: a@example.org\nPrecedence: bulk", "Precedence: bulk"),
    ("From: a@example.org\nPrecedence: Junk", "Precedence: junk"),
    ("From: a@example.org\nPrecedence: auto_reply", "Precedence: auto_reply"),
    ("From: a@example.org\nPrecedence: first-class", ""),
    ("From: a@example.org\nX-Autorespond: 1", "X-Autorespond: 1"),
    ("From: a@example.org\nX-Auto-Response-Suppress: OOF", "X-Auto-Response-Suppress: OOF"),
    ("From: a@example.org\nX-Auto-Response-Suppress: All", "X-Auto-Response-Suppress: All"),
    ("From: a@example.org\nX-Auto-Response-Suppress: DR", ""),
    ("From: a@example.org\nList-Unsubscribe: <mailto:x@example.org>",
     "mailing list (List-Unsubscribe)"),
    ("From: a@example.org\nList-Id: <hell.example.org>", "mailing list (List-Id)"),
    ("From: a@example.org\nReturn-Path: <>", "Return-Path: <>"),
    ("From: MAILER-DAEMON", "from MAILER-DAEMON"),
    ("From: Mail System <Postmaster@example.org>", "from Postmaster"),
    ("From: \"Shop\" <no-reply@shop.example>", "from no-reply"),
    ("From: a@example.org\nContent-Type: message/delivery-status",
     "bounce (message/delivery-status)"),
    ("From: a@example.org\nX-Loop: orders@example.org", "X-Loop: orders@example.org"),
    ("From: a@example.org\nX-Loop: other@example.org", ""),
    ("From: ORDERS@example.org", "sent by this server"),
    ("From: Anna <anna@example.org>", ""),
])
def test_auto_reason(headers, reason):
    env, _ = read(mail(headers))
    assert env.auto == reason


def test_envelope_fields():
    env, _ = read(mail("""
Message-ID: <abc@example.org>
From: "Rossi, Anna" <Anna@Example.ORG>
To: orders@example.org, Boris <boris@example.org>
Cc: ORDERS@example.org
Delivered-To: orders@example.org
X-Original-To: orders+hell1@example.org
Subject: =?utf-8?q?turn_2?=
 folded
Date: Mon, 23 Nov 2026 10:00:00 +0000
In-Reply-To: <r1@example.org>
References: <r0@example.org>
  <r1@example.org>
"""))
    assert env == mailtext.Envelope(
        message_id="<abc@example.org>", from_addr="anna@example.org", from_name="Rossi, Anna",
        to_addrs=["orders@example.org", "boris@example.org", "orders+hell1@example.org"],
        subject="turn 2 folded", date="Mon, 23 Nov 2026 10:00:00 +0000",
        in_reply_to="<r1@example.org>", references="<r0@example.org> <r1@example.org>",
        auto="")


def test_eight_bit_and_broken_headers_are_read_not_raised():
    raw = (b"From: J\xc3\xb6rg <joerg@example.org>\r\nSubject: caf\xe9 \x00ok\r\n"
           b"To: <<<@@@>>>, ,\r\n\r\nGAME hell1\r\n")
    env, ex = read(raw)
    assert (env.from_name, env.subject, env.to_addrs) == ("Jörg", "café ok", [])
    assert ex.text == "GAME hell1\n"


def test_unparsable_from_gives_empty_address():
    env, _ = read(mail("From: just some words"))
    assert env.from_addr == ""


@pytest.mark.parametrize("value, decoded", [
    ("=?utf-8?B?w6Q=?= =?utf-8?B?w7Y=?=", "äö"),  # space between encoded words dropped
    ("=?utf-8?Q?=C3?= =?utf-8?Q?=A4?=", "ä"),  # a character split over two words
    ("a =?utf-8?Q?b?= c", "a b c"),
    ("=?iso-8859-1?q?J=F6rg?=", "Jörg"),
    ("=?utf-8*de?Q?x?=", "x"),  # RFC 2231 language tag
    ("=?no-such-charset?Q?caf=C3=A9?=", "café"),
    ("=?utf-8?B?QUJDR?= x", "=?utf-8?B?QUJDR?= x"),  # bad base64 stays as it is
    ("no words", "no words"),
])
def test_decode_words(value, decoded):
    assert mailtext.decode_words(value) == decoded


# --- normalise ------------------------------------------------------------------------

@pytest.mark.parametrize("raw, clean", [
    ("a\r\nb\rc\n", "a\nb\nc\n"),
    ("a\u2028b\u2029c\x85d\x0be\x0cf", "a\nb\nc\nd\ne\nf"),
    ("LEGION\u00a0sugar\u2009hill\u3000", "LEGION sugar hill"),
    ("SE\u200bCRET\u200d x\ufeff\u2060", "SECRET x"),
    ("a\u2013b\u2014c\u2212d\u2010e\u2011f", "a-b-c-d-e-f"),
    ("\u201cDogs\u201d \u2018War\u2019 \u201eX\u201f", "\"Dogs\" 'War' \"X\""),
    ("wait\u2026", "wait..."),
    ("\uff2c\uff25\uff27\uff29\uff2f\uff2e\uff01", "LEGION!"),
    ("KEEP\ta,\tb   ", "KEEP a, b"),
    ("-- \nAnna", "--\nAnna"),
    ("nul\x00 bell\x07", "nul bell"),
])
def test_normalise(raw, clean):
    assert mailtext.normalise(raw) == clean


def test_normalise_is_idempotent():
    rnd = random.Random(5)
    alphabet = ("abc GAME -–—‘’“”…\u00a0\u200b\ufeff\r\n\t\x85\u2028\uff21\uff5e\x00"
                "\r\n\r\r\n ")
    for _ in range(300):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(60)))
        once = mailtext.normalise(text)
        assert mailtext.normalise(once) == once
        # Only "\n" breaks lines, so every way of splitting counts the same lines.
        assert (once + "x").splitlines() == (once + "x").split("\n")


def test_normalise_skips_the_table_only_for_text_it_would_not_change():
    """An ASCII text without controls is not translated (issue 23: speed); every other
    text is, so the result is the table's for any text."""
    rnd = random.Random(23)
    alphabet = [chr(c) for c in range(0x80)] + ["\u00e8", "\u2013", "\uff21"]
    for _ in range(2000):
        text = "".join(rnd.choice(alphabet if rnd.random() < 0.3 else alphabet[32:127])
                       for _ in range(rnd.randrange(40)))
        by_table = text.replace("\r\n", "\n").translate(mailtext._TABLE)
        assert mailtext.normalise(text) == "\n".join(
            line.rstrip() for line in by_table.split("\n"))
    assert mailtext._ASCII_CHANGED.search("a\tb") and mailtext._ASCII_CHANGED.search("\x7f")
    assert not mailtext._ASCII_CHANGED.search("GAME hell1\nLEGION sugar hill ~!")


# --- strip_quotes ---------------------------------------------------------------------

SHEET = "GAME hell1\nPLAYER anna\n\nLEGION sugar hill\n# a comment\nBUY ARCANA 1\n"


@pytest.mark.parametrize("tail", [
    "END\nLEGION junk\n", "end orders\njunk\n", "#END\njunk\n", "END  # the rest is ignored\n",
    "-- \nAnna\n", "--\nAnna\n",
    "-----Original Message-----\nFrom: x\n", "_" * 32 + "\nFrom: x\n",
    "Begin forwarded message:\n\nFrom: x\n",
    "---------- Forwarded message ---------\nFrom: x\n",
    "On Mon, 23 Nov 2026 at 10:00, Anna <anna@example.org> wrote:\n> x\n",
    "On Mon, 23 Nov 2026 at 10:00, Anna\n<anna@example.org> wrote:\n> x\n",
    "Am 23.11.2026 um 10:00 schrieb Anna <anna@example.org>:\n",
    "Il giorno 23 nov 2026, alle ore 10:00, Anna ha scritto:\n",
    "Le 23 nov. 2026 à 10:00, Anna a écrit :\n",
    "From: HellGame <orders@example.org>\nTo: Anna\nSent: Monday\nSubject: x\n",
    "*From:* HellGame <orders@example.org>\n*Date:* Monday\n",
    "Sent from my iPhone\n", "Sent from my Samsung Galaxy smartphone.\n",
    "Sent from Mail for Windows\n", "Get Outlook for Android\n", "Get Outlook for iOS\n",
    "Inviato da iPhone\n", "Von meinem iPhone gesendet\n", "Sent from my iPad\n",
])
def test_strip_quotes_cuts_at(tail):
    assert mailtext.strip_quotes(mailtext.normalise(SHEET + "\n\n" + tail)) == SHEET


@pytest.mark.parametrize("line", [
    "From: the Sectio of Sugar Hill",  # no Sent:/Date: follows
    "ON the march", "ENDURANCE", "END OF TURN?", "---", "Sent from my", "On Monday I wrote",
])
def test_strip_quotes_keeps(line):
    text = f"GAME hell1\n{line}\nBUY ARCANA 1\n"
    assert mailtext.strip_quotes(text) == text


def test_strip_quotes_drops_quoted_lines_only():
    text = "GAME hell1\n> LEGION old\n  >> older\nLEGION sugar hill\n>\n"
    assert mailtext.strip_quotes(text) == "GAME hell1\nLEGION sugar hill\n"


def test_strip_quotes_keeps_line_numbers_of_the_kept_part():
    text = "\n\nGAME hell1\n\n\nPLAYER anna\n   \nLEGION sugar hill\n\n\nSent from my iPhone\n"
    kept = mailtext.strip_quotes(text).split("\n")[:-1]
    assert kept == text.split("\n")[:len(kept)]
    assert kept[-1] == "LEGION sugar hill" and len(kept) == 8


def test_strip_quotes_of_blank_text_is_empty():
    assert mailtext.strip_quotes("\n \n\n") == ""
    assert mailtext.strip_quotes("") == ""


# --- extract: single rules ------------------------------------------------------------

def multipart(*parts: str, kind: str = "mixed") -> bytes:
    body = "".join(f"--XX\n{p.strip(chr(10))}\n" for p in parts) + "--XX--\n"
    return mail(f'From: a@example.org\nContent-Type: multipart/{kind}; boundary="XX"', body)


def test_empty_plain_alternative_falls_back_to_html():
    _, ex = read(multipart("Content-Type: text/plain\n\n\n",
                           "Content-Type: text/html\n\n<p>GAME hell1</p>", kind="alternative"))
    assert (ex.text, ex.source) == ("GAME hell1\n", "html")


def test_only_the_first_non_empty_txt_attachment_is_read():
    _, ex = read(multipart(
        "Content-Type: text/plain\n\n",
        "Content-Type: text/plain\nContent-Disposition: attachment; filename=a.txt\n\n",
        "Content-Type: application/octet-stream\nContent-Disposition: attachment; "
        "filename=B.TXT\n\nGAME hell1",
        "Content-Type: text/plain\nContent-Disposition: attachment; filename=c.txt\n\nx"))
    assert (ex.text, ex.source) == ("GAME hell1\n", "attachment B.TXT")
    assert ex.attachments == ["a.txt", "c.txt"]
    assert ex.warnings == ["I read your orders from the attachment B.TXT and ignored the text "
                           "attachment a.txt, c.txt: send one order sheet per mail"]


def test_attachment_names_are_sanitised():
    long_name = "x" * 100 + ".png"
    _, ex = read(multipart(
        "Content-Type: text/plain\n\nGAME hell1",
        "Content-Type: image/png\nContent-Disposition: attachment; "
        "filename=\"=?utf-8?B?Li4vZXZpbOKAri5wbmc=?=\"\n\nx",
        f"Content-Type: image/png; name=\"{long_name}\"\n\nx",
        "Content-Type: message/rfc822\n\nFrom: x@example.org\n\nLEGION forwarded"))
    assert ex.text == "GAME hell1\n"
    assert ex.attachments == ["evil.png", "x" * 60, "unnamed message/rfc822"]


def test_broken_base64_body_is_read_as_far_as_it_goes():
    _, ex = read(mail("From: a@example.org\nContent-Transfer-Encoding: base64",
                      "R0FNRSBoZWxsMQpQTEFZRVIgYW5uYQo*=?x"))
    assert ex.text.startswith("GAME hell1\nPLAYER anna\n")


def test_utf8_bom_is_dropped():
    raw = b"From: a@example.org\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" \
          b"\xef\xbb\xbfGAME hell1\r\n"
    assert read(raw)[1].text == "GAME hell1\n"


def test_declared_us_ascii_with_utf8_bytes_is_read_without_warning():
    raw = b"From: a@example.org\r\nContent-Type: text/plain; charset=us-ascii\r\n\r\n" \
          b"# f\xc3\xbcr Anna\r\n"
    ex = read(raw)[1]
    assert (ex.text, ex.warnings) == ("# für Anna\n", [])


def test_invalid_utf8_as_declared_is_read_as_latin1_with_warning():
    raw = b"From: a@example.org\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n# f\xfcr\r\n"
    ex = read(raw)[1]
    assert ex.text == "# für\n"
    assert ex.warnings == ["your mail said its text was in the character set 'utf-8', but it "
                           "could not be read that way; I read it as Latin-1 instead - please "
                           "check the accented letters and symbols below"]


# --- HTML -----------------------------------------------------------------------------

def test_html_to_text():
    html = ("<html><head><title>t</title><style>p{}</style></head><body>"
            "<h1>Orders</h1><p>GAME   hell1\n  turn 2</p><ul><li>LEGION a</li><li>LEGION b</li>"
            "</ul><table><tr><td>BUY</td><td>ARCANA 1</td></tr></table>"
            "<script>var x = '<p>no</p>';</script><pre>KEEP  a\nKEEP  b</pre>"
            "x&lt;y &amp; &quot;z&quot;<br/>last</body></html>")
    assert html_to_text(html) == ("Orders\nGAME hell1 turn 2\nLEGION a\nLEGION b\nBUY\n"
                                  "ARCANA 1\nKEEP  a\nKEEP  b\nx<y & \"z\"\nlast")


def test_html_blockquote_lines_are_quoted():
    assert html_to_text("a<blockquote>b<br>c</blockquote>d") == "a\n> b\n> c\nd"


def test_base64_body_with_8bit_junk_and_a_nul_in_the_charset():
    # The stdlib's get_payload() raises ValueError here (found by fuzzing).
    raw = (b"From: a@example.org\r\nContent-Type: text/plain; charset=\"utf\x00-8\"\r\n"
           b"Content-Transfer-Encoding: base64\r\n\r\nR0FNRSBoZWxsMQo=\xff\r\n")
    assert read(raw)[1].text == "GAME hell1\n"
