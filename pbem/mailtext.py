"""One raw email as a clean order text: the envelope read, automatic mail recognised, the
order text found, decoded, normalised and cut free of quoted replies and signatures.

The mail intake calls `parse` → `envelope` (ignore the mail, never answer it, when
`Envelope.auto` is set: that is how mail loops are avoided) → `extract`. Pure functions:
no database, no network. Nothing here raises on bad input; a mail that cannot be read
gives empty text and a warning the player can act on.

Line numbers quoted back to the player refer to `Extracted.text`, so apart from quoted
(">") lines no line is removed from the middle of the text: the text is only cut short at
an END marker, a signature, a reply separator or a phone footer.
"""

from __future__ import annotations

import binascii
import codecs
import hashlib
import re
from dataclasses import dataclass
from email import policy
from email.message import Message
from email.parser import BytesParser
from email.utils import getaddresses

from .htmltext import html_to_text


@dataclass
class Envelope:
    message_id: str  # as in the header, with <>; "" if absent
    from_addr: str  # lower-cased bare address; "" if unparsable
    from_name: str
    to_addrs: list[str]  # To, Cc, Delivered-To, X-Original-To: bare, lower-cased, deduped
    subject: str  # decoded, one line, stripped
    date: str  # as given
    in_reply_to: str
    references: str
    auto: str  # "" for a mail from a person; otherwise why it is ignored


@dataclass
class Extracted:
    text: str  # the order text; ends with "\n" unless empty
    source: str  # "body", "html" or "attachment <name>"
    warnings: list[str]  # player-facing sentences
    attachments: list[str]  # sanitised names of the attachments that were not used
    quoted: str = ""  # the quoted ("> ") lines of the text used, their marks removed


# compat32: the parser then keeps headers as the raw strings we decode ourselves (below),
# instead of building the default policy's header objects for every Content-Type it
# meets, which costs most of a millisecond a mail (bench/bench_mail.py).
_PARSER = BytesParser(policy=policy.compat32)


def parse(raw: bytes) -> Message:
    """The message in `raw`; never raises (garbage becomes a message with a text body)."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogateescape")
    try:
        return _PARSER.parsebytes(bytes(raw))
    except Exception:
        msg = Message()
        msg.set_payload(bytes(raw).decode("ascii", "surrogateescape"))
        return msg


# --- headers --------------------------------------------------------------------------
# Headers are read raw (`raw_items`) and decoded here rather than through the policy's
# header objects: that is several times faster, and bad encoded words, unknown charsets
# and 8-bit bytes then cost a fallback instead of an exception.

_ENCODED_WORD = re.compile(r"=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=")
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]+")
_ADDRESS = re.compile(r"[^\s<>,;:\"'()\[\]]+@[^\s<>,;:\"'()\[\]]+")
_AUTO_SENDERS = frozenset(("mailer-daemon", "postmaster", "noreply", "no-reply", "no_reply",
                           "donotreply", "do-not-reply", "do_not_reply"))
_BULK = frozenset(("bulk", "junk", "list", "auto_reply"))


def _text(value) -> str:
    """A raw header value as one unfolded line of text (8-bit bytes read as UTF-8 or
    Latin-1)."""
    text = str(value)
    if not text.isascii():
        try:
            data = text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            data = text.encode("utf-8", "replace")
        text = _decode(data, None)[0]
    return text.replace("\r", "").replace("\n", "")


def _decode(data: bytes, charset: str | None) -> tuple[str, str]:
    """`data` as text in `charset`, else UTF-8, else Latin-1; and the fallback used, if any.

    Latin-1 is read as Windows-1252 for the bytes 0x80-0x9F, as browsers do: mail programs
    that say "iso-8859-1" often send Windows curly quotes and dashes there."""
    if charset:
        try:
            codec = codecs.lookup(charset)  # first: b"".decode() skips the lookup
            text = data.decode(codec.name)
        except Exception:  # unknown name (LookupError), bad bytes, or a codec's own error
            pass
        else:
            return text.translate(_CP1252) if codec.name == "iso8859-1" else text, ""
    try:
        return data.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError:
        return data.decode("latin-1").translate(_CP1252), "Latin-1"


def decode_words(value: str) -> str:
    """`value` with its RFC 2047 encoded words decoded; a broken word stays as it is."""
    if "=?" not in value:
        return value
    out: list[str] = []
    run_charset, run = None, b""  # adjacent words in one charset are decoded together
    pos, after_word = 0, False
    for m in _ENCODED_WORD.finditer(value):
        gap, charset = value[pos:m.start()], m.group(1).split("*")[0].lower()
        data = _word_bytes(m.group(2).lower(), m.group(3))
        # White space between two encoded words is not part of the text (RFC 2047 6.2).
        joined = after_word and data is not None and not gap.strip()
        if run_charset is not None and not (joined and charset == run_charset):
            out.append(_decode(run, run_charset)[0])
            run_charset, run = None, b""
        if not joined:
            out.append(gap)
        if data is None:
            out.append(m.group(0))
        else:
            run_charset, run = charset, run + data
        pos, after_word = m.end(), data is not None
    if run_charset is not None:
        out.append(_decode(run, run_charset)[0])
    out.append(value[pos:])
    return "".join(out)


def _word_bytes(encoding: str, payload: str) -> bytes | None:
    try:
        if encoding == "b":
            return binascii.a2b_base64(payload + "=" * (-len(payload) % 4))
        return binascii.a2b_qp(payload.encode("utf-8", "replace"), header=True)
    except (binascii.Error, ValueError):
        return None


def _one_line(value: str) -> str:
    return " ".join(_CONTROLS.sub(" ", decode_words(value)).split())


# "Anna <anna@example.org>" or "anna@example.org": most senders; getaddresses (the
# general RFC 5322 parser) is kept for everything else and costs ten times as much
_SIMPLE_ADDRESS = re.compile(r'\s*(?:([^"<>,()\\;:]*?)\s*<([^<>\s,"()\\;:]+@[^<>\s,"()\\;:]+)>'
                             r'|([^<>\s,"()\\;:]+@[^<>\s,"()\\;:]+))\s*')


def _address_pairs(value: str) -> list[tuple[str, str]]:
    m = _SIMPLE_ADDRESS.fullmatch(value)
    if m:
        return [(m.group(1) or "", m.group(2) or m.group(3))]
    try:
        return getaddresses([value])
    except Exception:
        return []


def envelope(msg: Message, own_addresses=()) -> Envelope:
    """Who sent `msg` to whom, and whether it was sent by a machine (`auto`)."""
    own = {a.strip().lower() for a in own_addresses}
    try:
        heads: dict[str, list[str]] = {}
        for name, value in msg.raw_items():
            heads.setdefault(str(name).lower(), []).append(_text(value))
    except Exception:
        return Envelope("", "", "", [], "", "", "", "", "unreadable headers")
    first = {name: values[0].strip() for name, values in heads.items()}
    name, addr = next(((n, a.strip()) for n, a in _address_pairs(first.get("from", ""))
                       if a.strip()), ("", ""))
    to: list[str] = []
    for header in ("to", "cc", "delivered-to", "x-original-to"):
        for value in heads.get(header, ()):
            for _, a in _address_pairs(value):
                a = a.strip().lower()
                if "@" in a and a not in to:
                    to.append(a)
    from_addr = addr.lower() if "@" in addr and " " not in addr and addr.isprintable() else ""
    return Envelope(
        message_id=first.get("message-id", ""), from_addr=from_addr,
        from_name=_one_line(name), to_addrs=to, subject=_one_line(first.get("subject", "")),
        date=first.get("date", ""), in_reply_to=first.get("in-reply-to", ""),
        references=" ".join(first.get("references", "").split()),
        auto=_auto_reason(heads, first, from_addr, addr.split("@")[0], own))


def _auto_reason(heads, first, from_addr: str, local: str, own: set[str]) -> str:
    """Why the mail was sent by a machine (RFC 3834 and common practice); "" if not."""
    if from_addr and from_addr in own:
        return "sent by this server"
    for value in heads.get("x-loop", ()):
        for addr in _ADDRESS.findall(value.lower()):
            if addr in own:
                return f"X-Loop: {addr}"
    auto_submitted = first.get("auto-submitted", "")
    if auto_submitted and auto_submitted.split(";")[0].strip().lower() != "no":
        return f"Auto-Submitted: {auto_submitted[:60]}"
    ctype = first.get("content-type", "").split(";")[0].strip().lower()
    if ctype in ("multipart/report", "message/delivery-status"):
        return f"bounce ({ctype})"
    if local.lower() in _AUTO_SENDERS:
        return f"from {local[:60]}"
    if "return-path" in first and first["return-path"].replace(" ", "") == "<>":
        return "Return-Path: <>"
    if "x-failed-recipients" in first:
        return "bounce (X-Failed-Recipients)"
    if first.get("precedence", "").lower() in _BULK:
        return f"Precedence: {first['precedence'].lower()}"
    for header, label in (("x-autoreply", "X-Autoreply"), ("x-autorespond", "X-Autorespond"),
                          ("x-autoresponder", "X-Autoresponder")):
        if header in first and first[header].lower() not in ("no", "false", "0"):
            return f"{label}: {first[header][:60]}"
    # Exchange puts X-Auto-Response-Suppress on its own out-of-office replies and
    # notifications ("All" or "OOF"); other values ("DR", "RN") also appear on mail
    # from people, so only those two count.
    suppress = first.get("x-auto-response-suppress", "")
    if {"all", "oof"} & set(re.split(r"[\s,;]+", suppress.lower())):
        return f"X-Auto-Response-Suppress: {suppress[:60]}"
    for header, label in (("list-id", "List-Id"), ("list-unsubscribe", "List-Unsubscribe")):
        if header in first:
            return f"mailing list ({label})"
    return ""


# --- text -----------------------------------------------------------------------------

def _translation() -> dict[int, str | int | None]:
    table: dict[int, str | int | None] = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}
    table.update((c, None) for c in [*range(0x20), *range(0x7F, 0xA0)] if c not in (9, 10))
    # Everything str.splitlines() would split on becomes "\n", so that line numbers agree
    # whichever way a later reader splits the text.
    table.update((ord(c), "\n") for c in "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
    table.update((ord(c), " ") for c in "\t\xa0\u1680\u202f\u205f\u3000")
    table.update((c, " ") for c in range(0x2000, 0x200B))
    table.update((ord(c), None) for c in "\xad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff")
    table.update((c, None) for c in [*range(0x202A, 0x202F), *range(0x2066, 0x206A)])
    table.update((ord(c), "-") for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63")
    table.update((ord(c), "'") for c in "\u2018\u2019\u201a\u201b")
    table.update((ord(c), '"') for c in "\u201c\u201d\u201e\u201f")
    table[0x2026] = "..."
    return table


_TABLE = _translation()
#: the ASCII characters _TABLE changes (all but LF are controls): an ASCII text without
#: any is left as it is, without the per-character lookups of str.translate
_ASCII_CHANGED = re.compile("[" + re.escape("".join(
    chr(c) for c in _TABLE if c < 0x80 and _TABLE[c] != chr(c))) + "]")
_CP1252 = {c: bytes([c]).decode("cp1252") for c in range(0x80, 0xA0)
           if c not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)}

_END = re.compile(r"#\s*end|end(\s+orders)?(\s*#.*)?", re.I)
_SEPARATOR = re.compile(r"-+\s*(original message|forwarded message)\s*-+|_{20,}"
                        r"|begin forwarded message:", re.I)
_WROTE = re.compile(r"(on\s.*\swrote|am\s.*\sschrieb\s[^:]*|il\s.*\sha scritto"
                    r"|le\s.*\sa écrit\s?):", re.I)
_WROTE_START = re.compile(r"(on|am|il|le)\s", re.I)
_HEADER_FROM = re.compile(r"\*?(from|von|da|de)\s?:\*?\s*\S", re.I)
_HEADER_SENT = re.compile(r"\*?(sent|date|gesendet|datum|inviato|data|envoyé)\s?:", re.I)
_FOOTER = re.compile(r"sent from my\s.*|sent from (mail|outlook|yahoo mail)\b.*"
                     r"|get outlook for\s.*|inviato da\s.*|inviato dal mio\s.*"
                     r"|von meinem\s.*\sgesendet|envoyé de mon\s.*", re.I)


def normalise(text: str) -> str:
    """`text` with one kind of line end, space, dash and quote, as an order parser wants.

    CR LF, CR and Unicode line separators become LF; Unicode spaces and tabs a space;
    zero-width and control characters go; phone-keyboard dashes and curly quotes become
    "-", "'" and '"', "…" "...", fullwidth letters ASCII; trailing spaces go (so the
    signature line "-- " becomes "--", which `strip_quotes` knows)."""
    text = text.replace("\r\n", "\n")
    if not text.isascii() or _ASCII_CHANGED.search(text):  # most mails: nothing to map
        text = text.translate(_TABLE)
    return "\n".join(line.rstrip() for line in text.split("\n"))


def _ends_text(lines: list[str], i: int) -> bool:
    """Whether line `i` (stripped) starts what is not the sender's own text."""
    s = lines[i].strip()
    if not s or len(s) > 300:
        return False  # markers are short; long lines would make the regexes slow
    if _END.fullmatch(s) or s == "--" or _SEPARATOR.fullmatch(s):
        return True
    if s.endswith(":") and _WROTE.fullmatch(s):
        return True
    if len(s) <= 80 and _FOOTER.fullmatch(s):
        return True
    following = lines[i + 1].strip() if i + 1 < len(lines) else ""
    if following.endswith(":") and len(following) <= 300 and _WROTE_START.match(s) and \
            _WROTE.fullmatch(s + " " + following):
        return True  # "On ... Anna\n<anna@example.org> wrote:", wrapped by the mail program
    if _HEADER_FROM.match(s):  # Outlook: "From: ...", then "Sent: ..." or "Date: ..."
        return any(_HEADER_SENT.match(line.strip()) for line in lines[i + 1:i + 5])
    return False


def strip_quotes(text: str) -> str:
    """The sender's own text in the normalised `text`: cut at an END marker, a signature,
    a reply separator or a phone footer; quoted ("> ") lines dropped; trailing blank lines
    trimmed. Other lines keep their place, so line numbers stay those of the mail."""
    kept = [line for line in text.split("\n") if not line.lstrip().startswith(">")]
    for i in range(len(kept)):
        if _ends_text(kept, i):
            del kept[i:]
            break
    while kept and not kept[-1].strip():
        kept.pop()
    return "\n".join(kept) + "\n" if kept else ""


# --- body and attachments -------------------------------------------------------------

_B64_JUNK = re.compile(rb"[^A-Za-z0-9+/]+")
_CHARSET = re.compile(r"""charset\s*=\s*["']?([^"';\s]+)""", re.I)
NO_TEXT = ("I found no order text in your mail: write your orders in the mail itself, "
           "as plain text")
HTML_CONVERTED = ("your mail had no plain-text part; I converted its HTML to text - please "
                  "check each line below was read as you meant (set your mail program to "
                  "plain text to avoid this)")


def _raw(part, name: str) -> str:
    for key, value in part.raw_items():
        if key.lower() == name:
            return _text(value).strip()
    return ""


def _leaves(msg):
    """(part, content type, raw Content-Type, attachment name or None) for each part that
    is not a container, in mail order. A forwarded mail (message/*) is one leaf, never
    opened."""
    stack = [msg]
    while stack:
        part = stack.pop()
        content_type = _raw(part, "content-type")
        ctype = content_type.split(";")[0].strip().lower()
        if "/" not in ctype or " " in ctype:
            ctype = "text/plain"  # RFC 2045 5.2: a missing or broken type is plain text
        if part.is_multipart() and not ctype.startswith("message/"):
            stack.extend(reversed(part.get_payload()))
            continue
        if ctype.startswith("multipart/"):
            ctype = "text/plain"  # no boundary, so no parts: read the body as text
        disposition = _raw(part, "content-disposition")
        name = None
        if "name" in disposition.lower() or "name" in content_type.lower():
            try:
                name = part.get_filename()  # the stdlib knows RFC 2231 continuations
            except Exception:
                name = ""
        if name is None and disposition.split(";")[0].strip().lower() == "attachment":
            name = ""
        yield part, ctype, content_type, name


def _safe_name(name: str, ctype: str) -> str:
    """A name to show, never to use for a file: no path, no control characters, short."""
    name = decode_words(name).replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(ch for ch in name if ch.isprintable()).strip()[:60]
    return name or f"unnamed {ctype}"


def _payload(part) -> bytes:
    """The bytes of a leaf part, transfer encoding undone."""
    encoded = None
    if _raw(part, "content-transfer-encoding").lower() == "base64":
        try:
            encoded = str(part.get_payload())
        except Exception:  # 8-bit junk and a charset name the stdlib cannot look up
            pass
    if encoded is not None:
        # Lenient on purpose (the stdlib returns the undecoded text for some broken
        # base64): skip stray characters, drop an incomplete last group.
        data = _B64_JUNK.sub(b"", encoded.encode("ascii", "ignore"))
        data = data[:len(data) - 1] if len(data) % 4 == 1 else data
        return binascii.a2b_base64(data + b"=" * (-len(data) % 4)) if data else b""
    # decode=True gives the raw bytes; without it 8-bit text comes back already decoded
    # with the declared charset and "replace", which would lose the fallback charsets.
    data = part.get_payload(decode=True)
    return data if isinstance(data, bytes) else b""


def _read(part, content_type: str, html: bool) -> tuple[str, str]:
    """The order text of one part, and a warning if its charset could not be used."""
    m = _CHARSET.search(content_type)
    charset = m.group(1).lower() if m else None
    text, fallback = _decode(_payload(part), charset)
    warning = ""
    if fallback and charset not in (None, "us-ascii", "ascii"):
        shown = "".join(ch for ch in charset if ch.isprintable())[:40]
        warning = (f"your mail said its text was in the character set {shown!r}, but it "
                   f"could not be read that way; I read it as {fallback} instead - please "
                   "check the accented letters and symbols below")
    if html:
        text = html_to_text(text)
    return normalise(text), warning


def quoted_lines(text: str) -> str:
    """The quoted lines of the normalised `text` ("> " marks removed): where a player
    who replied may have written his orders by mistake."""
    out = [line.lstrip().lstrip(">").strip() for line in text.split("\n")
           if line.lstrip().startswith(">")]
    return "\n".join(line for line in out if line) + ("\n" if out else "")


def extract(msg: Message) -> Extracted:
    """The order text of `msg`: the first plain-text body, else its HTML converted, else
    the first .txt attachment; never raises."""
    try:
        return _extract(msg)
    except Exception:
        return Extracted("", "body", ["I could not read your mail; " + NO_TEXT], [])


def _extract(msg: Message) -> Extracted:
    plain = html = None  # (part, content type) of the first body in each form
    attached: list[tuple[str, object, str, bool]] = []  # (shown name, part, type, text?)
    for part, ctype, content_type, name in _leaves(msg):
        if name is None and ctype == "text/plain":
            plain = plain or (part, content_type)
        elif name is None and ctype == "text/html":
            html = html or (part, content_type)
        else:
            shown = _safe_name(name or "", ctype)
            is_text = ctype == "text/plain" or shown.lower().endswith(".txt")
            attached.append((shown, part, content_type, is_text))
    candidates = [("body", plain), ("html", html)] + [
        (f"attachment {shown}", (part, content_type))
        for shown, part, content_type, is_text in attached if is_text]
    text, source, used, warnings, quoted = "", "body", None, [], ""
    for name, found in candidates:
        if found is None:
            continue
        whole, warning = _read(*found, html=name == "html")
        text, quoted = strip_quotes(whole), quoted_lines(whole)
        if text:
            source, used = name, found[0]
            if name == "html":
                warnings.append(HTML_CONVERTED)
            if warning:
                warnings.append(warning)
            break
    else:
        warnings.append(NO_TEXT)
    unused = [(shown, is_text) for shown, part, _, is_text in attached if part is not used]
    ignored_texts = [shown for shown, is_text in unused if is_text]
    if ignored_texts and used is not None:
        where = "the mail text" if source in ("body", "html") else f"the {source}"
        warnings.append(f"I read your orders from {where} and ignored the text attachment "
                        f"{', '.join(ignored_texts)}: send one order sheet per mail")
    others = [shown for shown, is_text in unused if not is_text]
    if others:
        warnings.append(f"attachments are ignored: {', '.join(others)}")
    return Extracted(text, source, warnings, [shown for shown, _ in unused], quoted)


_TRACE_FREE = ("from", "subject", "date", "to", "cc")


def content_digest(raw: bytes) -> str:
    """The same message as delivered twice (with other Received or Delivered-To lines,
    other line ends) has the same digest; a different message with a reused Message-ID
    has another: the body and the From, To, Cc, Subject and Date headers, normalised."""
    raw = bytes(raw).replace(b"\r\n", b"\n")
    head, _, body = raw.partition(b"\n\n")
    keep = []
    for line in re.split(rb"\n(?![ \t])", head):  # unfolded header lines
        name, _, value = line.partition(b":")
        if name.strip().lower().decode("ascii", "replace") in _TRACE_FREE:
            keep.append(name.strip().lower() + b":" + b" ".join(value.split()))
    digest = hashlib.sha256(b"\n".join(sorted(keep)) + b"\n\n" + body.rstrip())
    return digest.hexdigest()
