"""No secret at rest in clear (issue 17): a mail's SECRET values are cut out of its raw
bytes before the mail is stored, so neither the database, archive/inbox/ nor a backup
ever holds one.

The values are found where a player may write them — a SECRET line in any text part
(plain, quoted-printable or base64) or in the Subject — whether they are right or wrong
(a wrong one may be another seat's, or a near miss). A value written plainly in the
bytes is replaced there, byte for byte otherwise unchanged; one hidden by a transfer
encoding or an encoded word is replaced in the decoded part, which is encoded again.
The values are returned as the order checker reads them, for their tags
(pbem.store.secret_tag), which authenticate the mail once its secrets are gone.
"""

from __future__ import annotations

import base64
import quopri
import re

from . import mailtext

MARK = "[secret]"
# a SECRET line of a sheet (pbem.orders.HEADER), also behind quote marks; in a Subject,
# the word SECRET followed by a value anywhere
LINE = re.compile(r"(?im)^([ \t>]*secret[ \t]*[:=]?[ \t]+)(\S+)")
LINE_BYTES = re.compile(rb"(?im)^([ \t>]*secret[ \t]*[:=]?[ \t]+)(\S+)")
IN_SUBJECT = re.compile(r"(?i)(?<![a-z0-9])(secret[ \t]*[:=]?[ \t]+)(\S+)")
SUBJECT_BYTES = re.compile(rb"(?im)^(subject:.*?(?<![a-z0-9])secret[ \t]*[:=]?[ \t]+)(\S+)")
# where a secret could hide: the word itself, or a transfer encoding / encoded word
_MAYBE = re.compile(rb"(?i)secret|base64|quoted-printable|=\?")
_ENCODED = re.compile(rb"(?i)base64|quoted-printable|=\?")


def _values(text: str, pattern=LINE) -> set[str]:
    return {m.group(2) for m in pattern.finditer(text) if m.group(2) != MARK}


def _found(msg) -> set[str]:
    """The values as the order checker reads them (normalised text) and as written."""
    found = _values(mailtext.extract(msg).text)
    found |= _values(mailtext.envelope(msg).subject, IN_SUBJECT)
    for part in msg.walk():
        if part.get_content_maintype() == "text" and not part.is_multipart():
            found |= _values(_decoded(part))
    return found


def _decoded(part) -> str:
    data = part.get_payload(decode=True) or b""
    if not isinstance(data, bytes):
        data = str(data).encode("utf-8", "surrogateescape")
    return mailtext._decode(data, part.get_content_charset())[0]  # never raises


def _charset(part) -> str:
    name = part.get_content_charset() or "utf-8"
    try:
        "".encode(name)
        return name
    except Exception:  # unknown or undefined: the part is written back in UTF-8
        return "utf-8"


def _mark(m) -> bytes | str:
    return m.group(1) + (MARK.encode() if isinstance(m.group(1), bytes) else MARK)


def redact(raw: bytes) -> tuple[bytes, list[str]]:
    """`raw` with every secret value replaced by [secret], and the values found. Never
    raises: a mail the parser cannot take apart loses its SECRET lines by a plain search
    of its bytes."""
    if not _MAYBE.search(raw):  # most mails: nothing to look for, no parse
        return raw, []
    try:
        if not _ENCODED.search(raw):  # plain bytes: found and cut without a parse
            return _redact_plain(raw)
        return _redact(raw)
    except Exception:
        values = _values(raw.decode("latin-1")) | _values(raw.decode("latin-1"), IN_SUBJECT)
        return SUBJECT_BYTES.sub(_mark, LINE_BYTES.sub(_mark, raw)), sorted(values)


def _redact_plain(raw: bytes) -> tuple[bytes, list[str]]:
    """A mail without transfer encodings or encoded words: its text is its bytes."""
    text = mailtext.normalise(raw.decode("utf-8", "replace"))
    head = text.split("\n\n", 1)[0]
    values = _values(text) | {v for line in head.split("\n")
                              if line.lower().startswith("subject:")
                              for v in _values(line[8:], IN_SUBJECT)}
    if not values:
        return raw, []
    return _cut(raw, values), sorted(values)


def _cut(raw: bytes, values: set[str]) -> bytes:
    """The SECRET lines' values and the Subject's cut from the bytes; a value written
    again elsewhere in the body goes too, when it is long enough not to be an ordinary
    word (pbem's secrets have 12 characters)."""
    out = SUBJECT_BYTES.sub(_mark, LINE_BYTES.sub(_mark, raw))
    split = max(out.find(b"\r\n\r\n"), out.find(b"\n\n"))
    head, body = (out[:split], out[split:]) if split > 0 else (b"", out)
    for value in sorted(values, key=len, reverse=True):
        if len(value) >= 8:
            body = body.replace(value.encode("utf-8", "surrogateescape"), MARK.encode())
    return head + body


def _redact(raw: bytes) -> tuple[bytes, list[str]]:
    values = _found(mailtext.parse(raw))
    if not values:
        return raw, []
    out = _cut(raw, values)
    # only a transfer encoding or an encoded word can hide a value from the byte search
    if _ENCODED.search(out) and _found(mailtext.parse(out)):
        out = _rebuild(out)
    return out, sorted(values)


def _rebuild(raw: bytes) -> bytes:
    """Cut the values out of encoded parts and headers, encoding them again."""
    msg = mailtext.parse(raw)
    for name, value in list(msg.items()):
        text = mailtext.decode_words(str(value))
        if name.lower() == "subject" and _values(text, IN_SUBJECT):
            msg.replace_header(name, IN_SUBJECT.sub(_mark, text).encode("ascii", "replace")
                               .decode("ascii"))
    for part in msg.walk():
        if part.is_multipart() or part.get_content_maintype() != "text":
            continue
        text = _decoded(part)
        if not _values(text):
            continue
        charset = _charset(part)
        data = LINE.sub(_mark, text).encode(charset, "replace")
        if charset != (part.get_content_charset() or "utf-8"):
            part.set_param("charset", charset)
        cte = str(part.get("Content-Transfer-Encoding", "")).lower().strip()
        if cte == "base64":
            part.set_payload(base64.encodebytes(data).decode("ascii"))
        elif cte == "quoted-printable":
            part.set_payload(quopri.encodestring(data).decode("ascii"))
        else:
            part.set_payload(data.decode("ascii", "surrogateescape"))
    try:
        out = msg.as_bytes()
    except Exception:  # a message the library cannot write back
        out = b""
    if not out or _found(mailtext.parse(out)):  # keep only what is certainly clean
        head = SUBJECT_BYTES.sub(_mark, raw.split(b"\n\n", 1)[0])
        return head + b"\n\n[the body held a secret and could not be kept]\n"
    return out
