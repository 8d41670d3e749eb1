"""A seeded generator of hostile raw mail for the chaos suite (issue 17).

`Generator(seed, target).mails(n)` gives `n` hostile messages as raw bytes, each with a
short label saying what it is ("charset-shift_jis", "long-header+nonascii-name", ...).
Everything comes from one `random.Random(seed)`: the same seed gives the same bytes on
every machine and every run (no hash(), no set order, no clock, no os.urandom).

What it makes: random MIME trees (nested multiparts, wrong and missing boundaries,
broken base64 and quoted-printable, HTML only, attachments, message/rfc822), text in
many charsets (UTF-8, Latin-1, Shift-JIS, UTF-16, unknown names, bytes that are not in
the declared charset), header abuse (no From, several From, lines over 998 octets,
bare LF and bare CR, odd folding, broken encoded words, NUL bytes, huge subjects),
non-ASCII everywhere (addresses, display names, Message-ID, References, In-Reply-To,
GAME and PLAYER lines), Message-IDs used twice with different content, parts of a few
MB, empty mails, binary junk, auto-replies and bounces, forged sheets naming the real
players with wrong secrets, and SECRET lines in the Subject.

None of these mails can be stored as orders: none carries a right secret.
"""

from __future__ import annotations

import base64
import quopri
import random
from dataclasses import dataclass

EOL = b"\r\n"
MB = 1_000_000


@dataclass(frozen=True)
class Hostile:
    label: str  # short: what the mail is, e.g. "boundary-wrong+nonascii-name"
    raw: bytes


@dataclass
class Target:
    """The site the mail is aimed at: its game, its players and their addresses."""

    players: dict[str, str]  # player name -> address on record
    game: str = "g1"
    address: str = "orders@example.org"


# -- text material ---------------------------------------------------------------------

WORDS = ("orders", "turn", "sectio", "legion", "demon", "move", "attack", "hold", "the",
         "città", "Müller", "naïve", "façade", "Ærø", "łódź", "Straße", "ñandú", "日本語",
         "снег", "λόγος", "שלום", "مرحبا", "🙂", "\u202eevil\u202c", "zero\u200bwidth",
         "ＦＵＬＬ", "tab\there", "—", "“quoted”", "…", "\ufeff", "x" * 40)
STRANGERS = ("mallory@evil.example", "eve@attacker.example", "someone@example.com",
             "root@localhost", "a@b", "weird+tag@sub.domain.example")
NONASCII_ADDRESSES = ("zoë@exämple.org", "josé@correo.es", "müller@straße.de",
                      "пользователь@пример.рф", "用户@例子.广告", "δοκιμή@παράδειγμα.δοκιμή",
                      "anna@exämple.org")
NONASCII_NAMES = ("Zoë Ünïcödé", "José Ñúñez", "Jürgen Weiß", "Анна Каренина", "山田太郎",
                  "Ἀθηνᾶ", "O'Brien, Seán", "\u202eevil\u202c", "Anna \"the\" Großmann")
NONASCII_GAMES = ("città", "spiel-ü", "ゲーム", "игра", "g1\u00a0", "ｇ１", "g1é")
NONASCII_PLAYERS = ("zoë", "josé", "ånna", "анна", "ａｎｎａ", "anna\u200b", "dmítri")
CHARSETS = ("utf-8", "iso-8859-1", "latin-1", "windows-1252", "shift_jis", "euc-jp",
            "iso-2022-jp", "koi8-r", "utf-16", "utf-16-le", "utf-7", "gb2312", "big5",
            "iso-8859-15", "us-ascii")
BOGUS_CHARSETS = ("x-unknown", "utf-9", "klingon", "", "utf-8\x00", "../../etc/passwd",
                  "rot13", "base64", "zlib", "idna", "punycode", "undefined", "hex",
                  "x" * 300, "\u00e9t\u00e9", "utf-32", "cp037", "mbcs", "unicode-escape",
                  "raw-unicode-escape", "uu", "bz2", "quopri", "charmap", "utf_8_sig",
                  '"utf-8', "UTF-8; format=flowed", "utf-8''")


class Generator:
    """Hostile mail for `target`, from `random.Random(seed)` alone."""

    def __init__(self, seed: int, target: Target, huge: bool = True):
        self.rng = random.Random(seed)
        self.seed = seed
        self.target = target
        self.huge = huge  # False: no multi-megabyte parts (a quick smoke run)
        self.n = 0
        self.ids: list[str] = []  # Message-IDs given so far (for the duplicates)
        self.deck: list = []  # the kinds still to come in this round
        self.decks: dict[tuple, list[int]] = {}  # see pick()
        self.kinds: list[tuple[float, str, object]] = [
            (3, "mime-nested", self.mime_nested),
            (1, "mime-deep", self.mime_deep),
            (2, "boundary-missing", self.boundary_missing),
            (3, "boundary-wrong", self.boundary_wrong),
            (2, "base64-broken", self.base64_broken),
            (2, "qp-broken", self.qp_broken),
            (2, "html-only", self.html_only),
            (3, "attachment", self.attachment),
            (1, "rfc822-inside", self.rfc822_inside),
            (2, "charset-shift_jis", self.charset_shift_jis),
            (2, "charset-utf16", self.charset_utf16),
            (2, "charset-latin1", self.charset_latin1),
            (3, "charset-unknown", self.charset_unknown),
            (3, "charset-mislabelled", self.charset_mislabelled),
            (2, "no-from", self.no_from),
            (2, "many-from", self.many_from),
            (3, "long-header", self.long_header),
            (2, "bare-lf", self.bare_lf),
            (2, "bare-cr", self.bare_cr),
            (2, "weird-folding", self.weird_folding),
            (3, "encoded-word-broken", self.encoded_word_broken),
            (2, "nul-bytes", self.nul_bytes),
            (2, "huge-subject", self.huge_subject),
            (1, "many-headers", self.many_headers),
            (3, "nonascii-from", self.nonascii_from),
            (2, "nonascii-message-id", self.nonascii_message_id),
            (2, "nonascii-references", self.nonascii_references),
            (3, "nonascii-game-line", self.nonascii_game_line),
            (2, "nonascii-player", self.nonascii_player),
            (2, "nonascii-everywhere", self.nonascii_everywhere),
            (2, "dup-message-id", self.dup_message_id),
            (0.7 if huge else 0, "huge-part", self.huge_part),
            (1, "big-text", self.big_text),
            (2, "empty", self.empty),
            (2, "binary-junk", self.binary_junk),
            (2, "auto-reply", self.auto_reply),
            (2, "bounce", self.bounce),
            (1, "mail-loop", self.mail_loop),
            (4, "forged-wrong-secret", self.forged_wrong_secret),
            (3, "forged-sender", self.forged_sender),
            (3, "secret-in-subject", self.secret_in_subject),
            (2, "sheet-mangled", self.sheet_mangled),
            (1, "header-injection", self.header_injection),
        ]
        self.garnishes = [
            ("nonascii-name", self._g_nonascii_name),
            ("8bit-subject", self._g_8bit_subject),
            ("lf", self._g_lf),
            ("no-message-id", self._g_no_message_id),
            ("long-to", self._g_long_to),
            ("ctrl-subject", self._g_ctrl_subject),
        ]

    # -- the public side ---------------------------------------------------------------

    def mails(self, n: int) -> list[Hostile]:
        return [self.mail() for _ in range(n)]

    def mail(self) -> Hostile:
        self.n += 1
        if not self.deck:  # each kind about as often as its weight says, and every kind
            # with a weight at least once in each round of the deck
            self.deck = [k for k in self.kinds if k[0] for _ in range(max(1, round(k[0])))]
            self.rng.shuffle(self.deck)
        _, label, make = self.deck.pop()
        raw = make()
        if raw and self.rng.random() < 0.25:  # one more twist, said in the label
            extra, twist = self.pick(self.garnishes)
            raw = twist(raw)
            label = f"{label}+{extra}"
        return Hostile(label, raw)

    # -- building blocks ---------------------------------------------------------------

    def pick(self, options):
        """One of `options`, drawn without replacement until all were used (then again):
        a short run still meets every case. Options built afresh on each call (a new
        tuple every time) are simply drawn at random."""
        options = tuple(options)
        if len(options) > 64:
            return self.rng.choice(options)
        if len(self.decks) > 5000:  # options built afresh each time pile up: start over
            self.decks.clear()
        deck = self.decks.get(options)
        if not deck:
            deck = self.decks[options] = list(range(len(options)))
            self.rng.shuffle(deck)
        return options[deck.pop()]

    def case(self, n: int) -> int:
        return self.pick(range(n))

    def new_id(self, domain: str = "chaos.example") -> str:
        mid = f"<chaos.{self.seed}.{self.n}.{self.rng.getrandbits(32):08x}@{domain}>"
        self.ids.append(mid)
        return mid

    def player(self) -> str:
        return self.pick(tuple(sorted(self.target.players)))

    def sender(self) -> str:
        roll = self.rng.random()
        if roll < 0.15:
            return self.target.players[self.player()]
        if roll < 0.30:
            return self.pick(NONASCII_ADDRESSES)
        if roll < 0.38:
            return self.pick(("", "<>", "undisclosed-recipients:;", "@", "anna",
                              "<@example.org>", "a b@example.org", "\"quoted@\"@x.y"))
        return self.pick(STRANGERS)

    def words(self, n: int) -> str:
        return " ".join(self.pick(WORDS) for _ in range(n))

    def secret(self) -> str:
        return self.pick((
            "wrong", "guess-1234", f"{self.rng.getrandbits(64):016x}", "", "SECRET",
            "s3cr3t " * 3, "ünïcödé", "' OR 1=1 --", "%s%s%n", "\x00", "x" * 500))

    def sheet(self, game: str | None = None, player: str | None = None,
              secret: str | None = None) -> str:
        """A sheet with a wrong secret (or none), and some order-like lines."""
        game = self.target.game if game is None else game
        player = self.player() if player is None else player
        lines = [f"GAME {game}", f"PLAYER {player}"]
        if self.rng.random() < 0.85:
            lines.append(f"SECRET {self.secret() if secret is None else secret}")
        if self.rng.random() < 0.3:
            lines.append(self.pick(("TURN 1", "TURN setup", "TURN 99", "TURN ü",
                                    "STAGE -1")))
        for _ in range(self.rng.randrange(0, 6)):
            lines.append(self.pick(("PLACE 3", "REDRAW", "MOVE 1 2", "PASS",
                                    "ATTACK everyone", "FLY TO THE MOON", "END",
                                    self.words(4))))
        if self.rng.random() < 0.1:
            self.rng.shuffle(lines)
        return "\n".join(lines) + "\n"

    def text(self) -> str:
        """A body: mostly a forged sheet, sometimes prose or nothing."""
        roll = self.rng.random()
        if roll < 0.55:
            return self.sheet()
        if roll < 0.65:
            return self.sheet(game=self.pick(("nosuchgame", "G1", "g2", "x" * 40)))
        if roll < 0.9:
            return "\n".join(self.words(self.rng.randrange(1, 12))
                             for _ in range(self.rng.randrange(1, 8))) + "\n"
        return ""

    def headers(self, *, sender: str | bool | None = None, subject: str | None = None,
                mid: str | None = None, ctype: str | None = "text/plain; charset=utf-8",
                extra: list[tuple[str, str | bytes]] | None = None
                ) -> list[tuple[str, str | bytes]]:
        sender = self.sender() if sender is None else sender
        out: list[tuple[str, str | bytes]] = []
        if sender is not False:
            out.append(("From", sender))
        out += [("To", self.target.address),
                ("Subject", self.words(3) if subject is None else subject),
                ("Message-ID", self.new_id() if mid is None else mid),
                ("Date", "Mon, 23 Nov 2026 09:30:00 +0000"),
                ("MIME-Version", "1.0")]
        if ctype is not None:
            out.append(("Content-Type", ctype))
        return out + list(extra or [])

    def assemble(self, headers, body: bytes, eol: bytes = EOL) -> bytes:
        head = b"".join(_b(k) + b": " + _b(v) + eol for k, v in headers)
        return head + eol + body

    def plain(self, text: str, charset: str = "utf-8", **kw) -> bytes:
        body = text.encode(charset, "replace").replace(b"\n", EOL)
        return self.assemble(self.headers(ctype=f"text/plain; charset={charset}", **kw), body)

    def boundary(self) -> str:
        return self.pick(("b1", "=_part", "----=_NextPart_000", "x" * 80, "a b c",
                          "(weird)", "'", f"bnd{self.rng.getrandbits(40):x}", "--",
                          "é-boundary"))

    def leaf(self, depth: int = 0) -> bytes:
        """One part: headers and body, lines ending in CRLF."""
        roll = self.rng.random()
        text = self.text()
        if roll < 0.35:
            cs = self.pick(CHARSETS)
            return (f"Content-Type: text/plain; charset={cs}\r\n\r\n".encode()
                    + text.encode(cs, "replace").replace(b"\n", EOL))
        if roll < 0.5:
            html = "<html><body>" + "".join(f"<p>{x}</p>" for x in text.split("\n")) + \
                   "</body></html>"
            return b"Content-Type: text/html; charset=utf-8\r\n\r\n" + html.encode()
        if roll < 0.65:
            data = base64.encodebytes(text.encode("utf-8"))
            return (b"Content-Type: text/plain; charset=utf-8\r\n"
                    b"Content-Transfer-Encoding: base64\r\n\r\n" + data.replace(b"\n", EOL))
        if roll < 0.8:
            name = self.pick(("orders.txt", "befehle-für-runde.txt", "../../etc/x.txt",
                              "a" * 300 + ".txt", "report.pdf", "image.png", ""))
            return (f'Content-Type: application/octet-stream; name="{name}"\r\n'
                    f'Content-Disposition: attachment; filename="{name}"\r\n'
                    f"Content-Transfer-Encoding: base64\r\n\r\n").encode() + \
                base64.encodebytes(self.rng.randbytes(self.rng.randrange(0, 3000)))
        if roll < 0.9:
            return (b"Content-Type: message/rfc822\r\n\r\n"
                    + self.assemble(self.headers(), text.encode()))
        return (f"Content-Type: {self.pick(('text/x-unknown', 'foo', '/', 'text/', ''))}"
                f"\r\n\r\n").encode() + text.encode("utf-8")

    def tree(self, depth: int) -> bytes:
        """A multipart body part of `depth` levels (headers included)."""
        if depth <= 0:
            return self.leaf()
        b = self.boundary() + str(depth)
        kind = self.pick(("mixed", "alternative", "related", "signed", "x-weird"))
        parts = [self.tree(depth - 1 if self.rng.random() < 0.6 else 0)
                 for _ in range(self.rng.randrange(1, 4))]
        body = b"".join(b"--" + b.encode() + EOL + p + EOL for p in parts)
        body += b"--" + b.encode() + b"--" + EOL
        return f'Content-Type: multipart/{kind}; boundary="{b}"\r\n\r\n'.encode() + body

    def with_tree(self, tree: bytes, **kw) -> bytes:
        """A whole message whose body part is `tree` (its own headers become the top's)."""
        part_head, _, body = tree.partition(b"\r\n\r\n")
        heads = self.headers(ctype=None, **kw)
        return b"".join(_b(k) + b": " + _b(v) + EOL for k, v in heads) + part_head + \
            EOL + EOL + body

    # -- MIME --------------------------------------------------------------------------

    def mime_nested(self) -> bytes:
        return self.with_tree(self.tree(self.rng.randrange(2, 6)))

    def mime_deep(self) -> bytes:
        depth = self.pick((50, 200, 900, 3000))
        inner = b"Content-Type: text/plain\r\n\r\n" + self.text().encode()
        for i in range(depth):
            b = f"d{i}".encode()
            inner = (b'Content-Type: multipart/mixed; boundary="' + b + b'"\r\n\r\n--' + b
                     + EOL + inner + EOL + b"--" + b + b"--" + EOL)
        return self.with_tree(inner)

    def boundary_missing(self) -> bytes:
        ctype = self.pick(("multipart/mixed", "multipart/alternative; boundary=",
                           'multipart/mixed; boundary=""', "multipart/mixed; charset=x",
                           "multipart/"))
        body = b"--b1\r\nContent-Type: text/plain\r\n\r\n" + self.text().encode() + \
            b"\r\n--b1--\r\n"
        return self.assemble(self.headers(ctype=ctype), body)

    def boundary_wrong(self) -> bytes:
        text = self.text().encode("utf-8")
        case = self.case(5)
        if case == 0:  # declared one boundary, used another
            ctype, body = 'multipart/mixed; boundary="abc"', \
                b"--xyz\r\nContent-Type: text/plain\r\n\r\n" + text + b"\r\n--xyz--\r\n"
        elif case == 1:  # never closed
            ctype, body = 'multipart/mixed; boundary="abc"', \
                b"--abc\r\nContent-Type: text/plain\r\n\r\n" + text
        elif case == 2:  # closed before it opens, parts after the end
            ctype, body = 'multipart/mixed; boundary="abc"', \
                b"--abc--\r\n--abc\r\n\r\n" + text + b"\r\n--abc\r\n"
        elif case == 3:  # a boundary that is a prefix of a line in the text
            ctype, body = 'multipart/alternative; boundary="G"', \
                b"--G\r\n\r\n" + text + b"\r\n--GAME g1\r\n--G--\r\n"
        else:  # boundary longer than 70 characters, with odd characters
            b = "=_?" + "é" * 40 + " ;\""
            ctype = f"multipart/mixed; boundary='{b}'"
            body = f"--{b}\r\n\r\n".encode() + text + f"\r\n--{b}--\r\n".encode()
        return self.assemble(self.headers(ctype=ctype), body)

    def base64_broken(self) -> bytes:
        data = base64.encodebytes(self.text().encode("utf-8"))
        case = self.case(5)
        if case == 0:
            data = data[:max(0, len(data) - self.rng.randrange(1, 6))]  # truncated
        elif case == 1:
            data = data.replace(b"A", b"!*").replace(b"=", b"")  # junk characters
        elif case == 2:
            data = self.text().encode("utf-8")  # says base64, is plain
        elif case == 3:
            data = b"====" + data + b"=====\r\n\x00\xff"
        else:
            data = base64.b64encode(self.rng.randbytes(self.rng.randrange(1, 4000)))
        heads = self.headers(extra=[("Content-Transfer-Encoding",
                                     self.pick(("base64", "BASE64", " base64 ")))])
        return self.assemble(heads, data)

    def qp_broken(self) -> bytes:
        data = quopri.encodestring(self.text().encode("utf-8"))
        data += self.pick((b"=ZZ=\r\n=", b"=\r\n=\r\n", b"=3", b"\xe9\xff=C3", b"=" * 100,
                           b"=0D=0A=00", b"soft=\r\nbreak=\r\n"))
        heads = self.headers(extra=[("Content-Transfer-Encoding", "quoted-printable")])
        return self.assemble(heads, data)

    def html_only(self) -> bytes:
        text = self.text()
        case = self.case(4)
        if case == 0:
            html = "<html><body>" + "<br>".join(text.split("\n")) + "</body></html>"
        elif case == 1:
            html = "<div>" * 5000 + text + "</div>" * 10  # deep and unclosed
        elif case == 2:
            html = ("<script>alert(1)</script><style>p{}</style>&#0;&#x110000;&#xD800;"
                    "&bogus;&amp;amp;<p>" + text.replace("\n", "<p>") + "<!-- unclosed")
        else:
            html = "".join(f"&#{ord(c)};" for c in text)  # all entities
        return self.assemble(self.headers(ctype="text/html; charset=utf-8"),
                             html.encode("utf-8", "surrogatepass"))

    def attachment(self) -> bytes:
        b = "att"
        name = self.pick(("orders.txt", "sheet.TXT", "für.txt", "=?utf-8?q?bef=C3=BC?=.txt",
                          "a" * 500 + ".txt", "", "../../../pbem.db", "con.txt",
                          "ø\u202etxt.exe"))
        param = self.pick((f'; filename="{name}"', "; filename*=utf-8''%C3%BC%FF.txt",
                           "; filename*0=a; filename*1=b.txt", ""))
        parts = [b"Content-Type: text/plain; charset=utf-8\r\n\r\n"
                 + self.pick((b"", b"see attachment", self.text().encode()))]
        att = self.sheet().encode(self.pick(("utf-8", "utf-16", "latin-1")), "replace")
        parts.append(f"Content-Type: text/plain; name=\"{name}\"\r\n"
                     f"Content-Disposition: attachment{param}\r\n\r\n".encode() + att)
        if self.rng.random() < 0.5:
            parts.append(b"Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n"
                         b"Content-Disposition: inline\r\n\r\n"
                         + base64.encodebytes(self.rng.randbytes(2000)))
        body = b"".join(b"--att\r\n" + p + EOL for p in parts) + b"--att--\r\n"
        return self.assemble(self.headers(ctype=f'multipart/mixed; boundary="{b}"'), body)

    def rfc822_inside(self) -> bytes:
        inner = self.plain(self.sheet())
        body = (b"--f\r\nContent-Type: text/plain\r\n\r\nforwarded:\r\n--f\r\n"
                b"Content-Type: message/rfc822\r\n\r\n" + inner + b"\r\n--f--\r\n")
        return self.assemble(self.headers(ctype='multipart/mixed; boundary="f"'), body)

    # -- charsets ----------------------------------------------------------------------

    def charset_shift_jis(self) -> bytes:
        text = "注文です。\n" + self.text() + "よろしくお願いします\n"
        label = self.pick(("shift_jis", "Shift-JIS", "sjis", "x-sjis", "utf-8"))
        return self.plain_bytes(text.encode("shift_jis", "replace"), label)

    def charset_utf16(self) -> bytes:
        text = self.text() + "città\n"
        codec = self.pick(("utf-16", "utf-16-le", "utf-16-be"))
        label = self.pick(("utf-16", "utf-16le", "UTF-16BE", "utf-8", "us-ascii", None))
        data = text.encode(codec)
        if self.rng.random() < 0.3:
            data = data[:-1]  # odd length
        return self.plain_bytes(data, label)

    def charset_latin1(self) -> bytes:
        text = self.text() + "Grüße, café, ½, ¿qué?\n"
        return self.plain_bytes(text.encode("latin-1", "replace"),
                                self.pick(("iso-8859-1", "latin1", "ISO_8859-1:1987")))

    def charset_unknown(self) -> bytes:
        if self.case(2) == 0:
            data = self.text().encode(self.pick(("utf-8", "latin-1", "utf-16")), "replace")
            return self.plain_bytes(data, self.pick(BOGUS_CHARSETS))
        # several parts, each in a charset nobody knows (a run meets most of them)
        parts = []
        for _ in range(self.rng.randrange(4, 9)):
            cs = self.pick(BOGUS_CHARSETS)
            kind = self.pick(("text/plain", "text/html", "text/plain; format=flowed"))
            data = self.text().encode(self.pick(("utf-8", "latin-1", "utf-16")), "replace")
            head = f'Content-Type: {kind}; charset="{cs}"\r\n'
            if self.rng.random() < 0.3:
                head += 'Content-Disposition: attachment; filename="x.txt"\r\n'
            parts.append(head.encode("utf-8", "surrogatepass") + EOL + data)
        body = b"".join(b"--cs\r\n" + p + EOL for p in parts) + b"--cs--\r\n"
        return self.assemble(self.headers(ctype='multipart/mixed; boundary="cs"'), body)

    def charset_mislabelled(self) -> bytes:
        text = self.text() + "Ærø ñandú 日本語 снег\n"
        real, said = self.pick((("latin-1", "utf-8"), ("utf-8", "us-ascii"),
                                ("shift_jis", "iso-8859-1"), ("utf-16", "utf-8"),
                                ("koi8-r", "shift_jis"), ("utf-8", "utf-16"),
                                ("cp1252", "iso-2022-jp"), ("utf-8", "utf-7")))
        data = text.encode(real, "replace")
        if self.rng.random() < 0.4:
            data += bytes([0xED, 0xA0, 0x80, 0xC0, 0xAF, 0xF5, 0xFF, 0xFE])  # never UTF-8
        return self.plain_bytes(data, said)

    def plain_bytes(self, body: bytes, charset: str | None) -> bytes:
        ctype = "text/plain" if charset is None else f"text/plain; charset=\"{charset}\""
        return self.assemble(self.headers(ctype=ctype), body)

    # -- headers -----------------------------------------------------------------------

    def no_from(self) -> bytes:
        return self.plain(self.text(), sender=False)

    def many_from(self) -> bytes:
        froms = [self.target.players[self.player()], self.pick(STRANGERS),
                 self.pick(NONASCII_ADDRESSES)]
        self.rng.shuffle(froms)
        if self.rng.random() < 0.5:
            heads = [("From", f) for f in froms]
        else:
            heads = [("From", ", ".join(froms))]
        return self.assemble(heads + self.headers(sender=False), self.text().encode())

    def long_header(self) -> bytes:
        n = self.pick((999, 1000, 5000, 100_000))
        name = self.pick(("X-Junk", "To", "References", "In-Reply-To", "From",
                          "Message-ID", "Subject", "Content-Type"))
        if name == "From":
            value = self.target.players[self.player()] + " " * n
        elif name in ("References", "In-Reply-To", "Message-ID"):
            value = "<" + "r" * n + "@example.org>"
        elif name == "To":
            value = ", ".join(f"x{i}@example.org" for i in range(n // 15))
        elif name == "Content-Type":
            value = "text/plain; charset=utf-8; x=" + "y" * n
        else:
            value = "v" * n
        heads = [h for h in self.headers() if h[0] != name] + [(name, value)]
        return self.assemble(heads, self.text().encode())

    def bare_lf(self) -> bytes:
        return self.assemble(self.headers(), self.text().encode(), eol=b"\n")

    def bare_cr(self) -> bytes:
        raw = self.assemble(self.headers(), self.text().encode("utf-8").replace(b"\n", b"\r"),
                            eol=b"\r")
        if self.rng.random() < 0.5:  # mixed: CR, LF and CRLF in one mail
            raw = raw.replace(b"To:", b"\nTo:").replace(b"Date:", b"\r\r\nDate:")
        return raw

    def weird_folding(self) -> bytes:
        case = self.case(5)
        heads: list[tuple[str, str | bytes]] = self.headers()
        if case == 0:
            heads.insert(0, ("From", self.target.players[self.player()] + "\r\n\t\r\n "))
        elif case == 1:
            heads.append(("Subject", "\r\n " + "\r\n\t".join(self.words(8).split())))
        elif case == 2:  # a continuation line before any header
            return b" folded-first: x\r\n" + self.plain(self.text())
        elif case == 3:  # a header line with no colon, and one with an empty name
            heads.append(("No colon here", ""))
            heads.append(("", "empty name"))
        else:  # a blank-looking line of spaces inside the header block
            heads.insert(2, ("X-Fold", "a\r\n   \r\n b"))
        return self.assemble(heads, self.text().encode())

    def encoded_word_broken(self) -> bytes:
        bad = self.pick((
            "=?utf-8?B?###?=", "=?utf-8?Q?unterminated", "=?klingon?Q?x?=", "=?utf-8?X?abc?=",
            "=?utf-8?B?w6k=?==?utf-8?B?AAAA?=", "=?utf-16?B?2D3eAA==?=", "=??Q?x?=",
            "=?utf-8*en?Q?l=E0ng?=", "=?iso-2022-jp?B?GyRC?=", "=?utf-8?q?=FF=FE=00?=",
            "=?utf-8?b?" + "A" * 5000 + "?=", "=?" * 300, "=?utf-8?q?" + "=C3" * 400 + "?="))
        where = self.pick(("Subject", "From", "To", "Content-Type"))
        heads = self.headers()
        if where == "From":
            heads = [h for h in heads if h[0] != "From"]
            heads.insert(0, ("From", f"{bad} <{self.sender() or 'x@y.z'}>"))
        elif where == "Content-Type":
            heads = [h for h in heads if h[0] != "Content-Type"]
            heads.append(("Content-Type", f"text/plain; charset=\"{bad}\"; name=\"{bad}\""))
        else:
            heads = [h for h in heads if h[0] != where] + [(where, bad)]
        return self.assemble(heads, self.text().encode())

    def nul_bytes(self) -> bytes:
        raw = self.plain(self.text())
        case = self.case(3)
        if case == 0:
            return raw.replace(b"Subject: ", b"Subject: \x00\x00", 1)
        if case == 1:
            return raw.replace(b"From: ", b"From: \x00", 1)
        return raw + b"\x00" * self.rng.randrange(1, 5000) + b"GAME g1\r\n\x00"

    def huge_subject(self) -> bytes:
        n = self.pick((2_000, 20_000, 300_000))
        unit = self.pick(("x", "é", "orders ", "日本", "SECRET wrong "))
        subject = (unit * (n // len(unit)))[:n]
        if self.rng.random() < 0.4:  # folded, which is allowed, but still huge
            subject = "\r\n ".join(subject[i:i + 70] for i in range(0, len(subject), 70))
        return self.plain(self.text(), subject=subject)

    def many_headers(self) -> bytes:
        n = self.pick((1000, 20_000))
        extra = [(f"X-H{i}", self.words(2)) for i in range(n)]
        return self.assemble(self.headers(extra=extra), self.text().encode())

    def header_injection(self) -> bytes:
        subject = self.pick((
            "=?utf-8?q?hi=0D=0ABcc:_victim@example.org?=", "x\rBcc: victim@example.org",
            "=?utf-8?b?" + base64.b64encode(b"a\r\n\r\n<html>").decode() + "?=",
            "orders\x0bBcc: v@x.y", "=?utf-8?q?=E2=80=A8Bcc:_v@x.y?="))
        mid = self.pick((None, "<a@b>\r\nBcc: victim@example.org",
                         "<x@y>\rX-Evil: 1"))
        return self.plain(self.text(), subject=subject, mid=mid)

    # -- non-ASCII everywhere ----------------------------------------------------------

    def nonascii_from(self) -> bytes:
        addr = self.pick(NONASCII_ADDRESSES)
        name = self.pick(NONASCII_NAMES)
        word = quopri.encodestring(name.encode(), header=True).decode()
        form = self.pick((addr, f"{name} <{addr}>", f'"{name}" <{addr}>',
                          f"=?utf-8?q?{word}?= <{addr}>",
                          f"{name} <{self.target.players[self.player()]}>"))
        return self.plain(self.text(), sender=form)

    def nonascii_message_id(self) -> bytes:
        mid = self.pick(("<città-ñ@exämple.org>", "<日本語@例え.jp>", "<\u00e9>",
                         "<x@y>\u2028<z@w>", "città"))
        self.ids.append(mid)
        return self.plain(self.text(), mid=mid)

    def nonascii_references(self) -> bytes:
        value = self.pick(("<città@exämple.org>", "<re@x> <ünï@cödé>", "<日本@例>",
                           "\u202e<x@y>", "<pbem.1.abcdef@example.org> <è@x>"))
        extra = [(h, value) for h in self.rng.sample(["References", "In-Reply-To"],
                                                     self.rng.randrange(1, 3))]
        return self.plain(self.text(), extra=extra)

    def nonascii_game_line(self) -> bytes:
        game = self.pick(NONASCII_GAMES)
        sender = self.pick((self.target.players[self.player()], self.sender()))
        return self.plain(self.sheet(game=game), sender=sender)

    def nonascii_player(self) -> bytes:
        return self.plain(self.sheet(player=self.pick(NONASCII_PLAYERS)),
                          sender=self.target.players[self.player()])

    def nonascii_everywhere(self) -> bytes:
        name = self.pick(NONASCII_NAMES)
        addr = self.pick(NONASCII_ADDRESSES)
        game = self.pick(NONASCII_GAMES)
        text = self.sheet(game=game, player=self.pick(NONASCII_PLAYERS)) + \
            self.words(10) + "\n"
        mid = f"<{self.pick(NONASCII_PLAYERS)}.{self.n}@exämple.org>"
        self.ids.append(mid)
        heads = self.headers(sender=f"{name} <{addr}>", subject=f"ordini per {game} — città",
                             mid=mid, extra=[("In-Reply-To", "<città@exämple.org>"),
                                             ("References", "<città@exämple.org>"),
                                             ("To", f"Ördérs <{self.target.address}>")])
        return self.assemble(heads, text.encode("utf-8"))

    # -- duplicates, sizes, junk -------------------------------------------------------

    def dup_message_id(self) -> bytes:
        if not self.ids:
            return self.plain(self.text())
        mid = self.ids[self.rng.randrange(len(self.ids))]
        return self.plain(self.text() + f"this is another mail {self.n}\n", mid=mid)

    def huge_part(self) -> bytes:
        size = self.pick((int(1.2 * MB), 2 * MB, 3 * MB, 5 * MB))
        case = self.case(3)
        if case == 0:  # a huge attachment after a sheet
            data = base64.encodebytes(self.rng.randbytes(size * 3 // 4))
            body = (b"--h\r\nContent-Type: text/plain\r\n\r\n" + self.sheet().encode()
                    + b"\r\n--h\r\nContent-Type: application/octet-stream\r\n"
                    b"Content-Transfer-Encoding: base64\r\n\r\n" + data + b"\r\n--h--\r\n")
            return self.assemble(self.headers(ctype='multipart/mixed; boundary="h"'), body)
        if case == 1:  # a huge plain text
            line = (self.words(8) + "\n").encode("utf-8")
            return self.plain_bytes(self.sheet().encode() + line * (size // len(line)),
                                    "utf-8")
        # one huge line without a break
        return self.plain_bytes(self.sheet().encode() + b"A" * size, "us-ascii")

    def big_text(self) -> bytes:
        """Just under the site's 1 MB limit: it is read and checked in full."""
        size = self.pick((60_000, 300_000, 900_000))
        lines, used = [], 0
        while used < size:
            line = self.pick(("PLACE 3", "> quoted", "-- ", "MOVE 1 2", "x" * 200,
                              "On Mon, Anna wrote:", "é" * 50, "\t" * 30, ""))
            lines.append(line)
            used += len(line.encode()) + 2
        return self.plain(self.sheet() + "\n".join(lines))

    def empty(self) -> bytes:
        return self.pick((b"", b"\r\n", b"\n\n\n", b" ", b"From: \r\n\r\n",
                          b"Subject: \r\n", b"\r\n\r\nGAME g1\r\n", b"\x00"))

    def binary_junk(self) -> bytes:
        data = self.rng.randbytes(self.pick((1, 17, 1000, 65_536)))
        if self.rng.random() < 0.5:  # junk after plausible headers
            return self.assemble(self.headers(), data)
        return data

    def auto_reply(self) -> bytes:
        sender = self.pick((self.target.players[self.player()], self.sender()))
        header = self.pick((("Auto-Submitted", "auto-replied"),
                            ("X-Autoreply", "yes"), ("Precedence", "bulk"),
                            ("X-Auto-Response-Suppress", "All"),
                            ("Auto-Submitted", "auto-generated; ü"),
                            ("List-Id", "<pbem.lists.example>"),
                            ("Return-Path", "<>")))
        quoted = "".join(f"> {line}\n" for line in self.sheet().split("\n"))
        return self.plain("I am away until Monday.\n" + quoted, sender=sender,
                          subject="Out of office: Re: orders", extra=[header])

    def bounce(self) -> bytes:
        original = self.plain(self.sheet())
        body = (b"--rep\r\nContent-Type: text/plain\r\n\r\nDelivery failed.\r\n"
                b"--rep\r\nContent-Type: message/delivery-status\r\n\r\n"
                b"Reporting-MTA: dns; mx.example\r\n\r\nFinal-Recipient: rfc822; x@y\r\n"
                b"Action: failed\r\nStatus: 5.1.1\r\n"
                b"--rep\r\nContent-Type: message/rfc822\r\n\r\n" + original + b"\r\n--rep--\r\n")
        sender = self.pick(("MAILER-DAEMON@mx.example", "postmaster@example.org",
                            self.target.players[self.player()], "<>"))
        ctype = self.pick(('multipart/report; report-type=delivery-status; '
                           'boundary="rep"', 'multipart/mixed; boundary="rep"'))
        extra = [("X-Failed-Recipients", "x@y")] if self.rng.random() < 0.5 else []
        return self.assemble(self.headers(sender=sender, ctype=ctype,
                                          subject="Undelivered Mail Returned to Sender",
                                          extra=extra), body)

    def mail_loop(self) -> bytes:
        if self.rng.random() < 0.5:
            return self.plain(self.text(), sender=self.target.address)
        return self.plain(self.text(), extra=[("X-Loop", self.target.address)])

    # -- forged sheets -----------------------------------------------------------------

    def forged_wrong_secret(self) -> bytes:
        p = self.player()
        return self.plain(self.sheet(player=p), sender=self.target.players[p])

    def forged_sender(self) -> bytes:
        p = self.player()
        sender = self.pick((self.pick(STRANGERS),
                            f"{self.target.players[p]} <mallory@evil.example>",
                            f'"{p}" <{self.pick(NONASCII_ADDRESSES)}>',
                            self.target.players[p].upper() + ".evil.example"))
        return self.plain(self.sheet(player=p), sender=sender)

    def secret_in_subject(self) -> bytes:
        p = self.player()
        subject = self.pick((f"SECRET {self.secret()}", f"GAME g1 PLAYER {p} SECRET x",
                             f"[g1 {p}] SECRET wrong", f"secret: {self.secret()} ü"))
        body = self.pick(("", self.sheet(player=p, secret=""), "REDRAW\n"))
        sender = self.pick((self.target.players[p], self.sender()))
        return self.plain(body, subject=subject, sender=sender)

    def sheet_mangled(self) -> bytes:
        p = self.player()
        text = self.sheet(player=p)
        case = self.case(5)
        if case == 0:
            text = text.translate({c: c + 0xFEE0 for c in range(0x21, 0x7F)})  # fullwidth
        elif case == 1:
            text = "\u200b".join(text)  # zero-width between every character
        elif case == 2:
            text = text.replace(" ", "\u2028").replace("\n", "\u2029")
        elif case == 3:
            text = "\n".join("\u202e" + line for line in text.split("\n"))
        else:
            text = text.replace("\n", "\r\r\n\x0c\x85")
        return self.plain(text, sender=self.target.players[p])

    # -- twists added to any mail ------------------------------------------------------

    def _g_nonascii_name(self, raw: bytes) -> bytes:
        return raw.replace(b"From: ", f"From: {self.pick(NONASCII_NAMES)} ".encode(), 1)

    def _g_8bit_subject(self, raw: bytes) -> bytes:
        word = self.pick(("città".encode(), "città".encode("latin-1"),
                          "日本".encode("shift_jis"), b"\xff\xfe"))
        return raw.replace(b"Subject: ", b"Subject: " + word + b" ", 1)

    def _g_lf(self, raw: bytes) -> bytes:
        return raw.replace(b"\r\n", b"\n")

    def _g_no_message_id(self, raw: bytes) -> bytes:
        return raw.replace(b"Message-ID:", b"X-Old-Message-ID:", 1)

    def _g_long_to(self, raw: bytes) -> bytes:
        many = ", ".join(f"r{i}@example.org" for i in range(300)).encode()
        return raw.replace(b"To: ", b"Cc: " + many + b"\r\nTo: ", 1)

    def _g_ctrl_subject(self, raw: bytes) -> bytes:
        return raw.replace(b"Subject: ", b"Subject: \x1b[31m\x07\x08\x7f ", 1)


def _b(value: str | bytes) -> bytes:
    return value if isinstance(value, bytes) else value.encode("utf-8", "surrogatepass")


def hostile_mails(seed: int, target: Target, n: int, huge: bool = True) -> list[Hostile]:
    """`n` hostile mails for `target` from `seed` (deterministic)."""
    return Generator(seed, target, huge).mails(n)
