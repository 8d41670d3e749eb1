"""Render HTML/SVG in headless Chromium and check the screenshot (stdlib only).

* :func:`check_html` / :func:`screenshot` run one ``chromium --headless`` that writes a PNG
  screenshot and dumps the DOM; they raise :class:`RenderError` when Chromium fails or times
  out, writes no PNG, the page throws an uncaught JavaScript error, the DOM shows an XML/SVG
  ``parsererror`` (a broken standalone ``.svg``/``.xhtml``) or the PNG is blank.
* :func:`png_stats` decodes an 8-bit RGB/RGBA PNG with zlib + struct (all five filters).
* :func:`overflows` loads pages at a phone's width (390 px) with every ``<details>`` open
  and reports whether each scrolls sideways, and which elements run past the right edge.
* :func:`require_browser` skips a test without Chromium, or fails it when
  ``PBEM_REQUIRE_BROWSER=1`` (CI), like ``mailservers.require_servers``.

Command line (e.g. to regenerate a docs screenshot)::

    python tests/browser.py REPORT.html OUT.png [--width 900 --height 2400]
"""

from __future__ import annotations

import argparse
import html as html_lib
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
INSTALL_HINT = "apt-get install chromium"
REQUIRE_ENV = "PBEM_REQUIRE_BROWSER"
MIN_COLOURS = 3  # fewer distinct colours than this = a blank screenshot
_NOISE = ("dbus", "bus.cc", "vaapi", "sandbox_linux", "idle_linux", "unexpected operator")


class RenderError(Exception):
    """Chromium could not render the page, or the page rendered broken or blank."""


@dataclass(frozen=True)
class PngStats:
    width: int
    height: int
    colours: int  # distinct colours among the sampled pixels
    ink: float  # fraction of sampled pixels that differ from the background (commonest colour)
    background: tuple[int, ...]


@dataclass(frozen=True)
class Rendered:
    png: Path
    stats: PngStats
    dom: str  # the DOM after load (``--dump-dom``)
    console: list[str] = field(default_factory=list)  # console messages and JS errors


def find_chromium() -> str | None:
    """Path of a Chromium/Chrome executable on PATH, or None."""
    return next((p for p in map(shutil.which, NAMES) if p), None)


def require_browser() -> str:
    """Chromium's path; else skip the test, or fail it under ``PBEM_REQUIRE_BROWSER=1``."""
    import pytest

    if exe := find_chromium():
        return exe
    reason = f"headless Chromium unavailable (install it: {INSTALL_HINT})"
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{reason} ({REQUIRE_ENV}=1 requires it)", pytrace=False)
    pytest.skip(reason)


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def png_stats(data: bytes, samples: int = 40_000) -> PngStats:
    """Decode an 8-bit RGB/RGBA non-interlaced PNG and summarise ~``samples`` pixels."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise RenderError("not a PNG file")
    pos, idat, ihdr = 8, b"", None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        pos += 12 + length
    if ihdr is None:
        raise RenderError("PNG without IHDR")
    width, height, depth, ctype, _, _, interlace = ihdr
    if depth != 8 or ctype not in (2, 6) or interlace:
        raise RenderError(f"unsupported PNG (depth {depth}, colour type {ctype}, {interlace=})")
    bpp = 3 if ctype == 2 else 4
    stride = width * bpp
    raw = zlib.decompress(idat)
    if len(raw) != height * (stride + 1):
        raise RenderError("PNG image data has the wrong size")
    step = max(1, int((width * height / samples) ** 0.5))
    prev, counts = bytearray(stride), Counter()
    for y in range(height):
        start = y * (stride + 1)
        ftype, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        if ftype == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif ftype == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev, strict=True))
        elif ftype == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif ftype == 4:
            for i in range(stride):
                a, c = (line[i - bpp], prev[i - bpp]) if i >= bpp else (0, 0)
                line[i] = (line[i] + _paeth(a, prev[i], c)) & 0xFF
        elif ftype != 0:
            raise RenderError(f"bad PNG filter type {ftype} in row {y}")
        if y % step == 0:
            counts.update(bytes(line[x : x + bpp]) for x in range(0, stride, step * bpp))
        prev = line
    total = sum(counts.values())
    background, n = counts.most_common(1)[0]
    return PngStats(width, height, len(counts), 1 - n / total, tuple(background))


def _excerpt(stderr: str, lines: int = 15) -> str:
    kept = [s for s in stderr.splitlines() if s.strip() and not any(w in s for w in _NOISE)]
    return "\n".join(kept[-lines:]) or "(no stderr)"


def screenshot(
    html_path: Path, png_path: Path, *, width: int = 900, height: int = 1200, timeout: float = 60
) -> Rendered:
    """Render ``html_path`` (HTML, SVG, XHTML) in headless Chromium to ``png_path``; check it."""
    exe = find_chromium()
    if exe is None:
        raise RenderError(f"no Chromium found ({INSTALL_HINT})")
    html_path, png_path = Path(html_path).resolve(), Path(png_path).resolve()
    if not html_path.is_file():
        raise RenderError(f"{html_path} does not exist")
    png_path.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="pbem-chromium-") as profile:
        args = [exe, "--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                f"--user-data-dir={profile}", "--force-device-scale-factor=1",
                f"--window-size={width},{height}", "--virtual-time-budget=1000",
                "--enable-logging=stderr", "--v=0", "--dump-dom", f"--screenshot={png_path}"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.insert(2, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
        env = {**os.environ, "HOME": profile, "XDG_CONFIG_HOME": profile,
               "XDG_CACHE_HOME": profile}  # keep Chromium's NSS db, cache etc. out of $HOME
        proc = subprocess.Popen(args + [html_path.as_uri()], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, errors="replace",
                                start_new_session=True, env=env)
        try:
            dom, stderr = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            _, stderr = proc.communicate()
            raise RenderError(f"Chromium timed out after {timeout}s:\n{_excerpt(stderr)}") from None
    console = [s.split("] ", 1)[-1] for s in stderr.splitlines() if ":CONSOLE" in s]
    if proc.returncode != 0 or not png_path.is_file():
        raise RenderError(f"Chromium exited {proc.returncode}, wrote no screenshot of "
                          f"{html_path.name}:\n{_excerpt(stderr)}")
    if "<parsererror" in dom:
        error = dom.split("<parsererror", 1)[1].split("</parsererror>", 1)[0]
        error = " ".join(re.sub(r"<[^>]*>|^[^>]*>", " ", error).split())
        raise RenderError(f"{html_path.name}: XML/SVG parse error: {error[:500]}")
    if errors := [c for c in console if "Uncaught" in c]:
        raise RenderError(f"{html_path.name}: JavaScript error: " + "\n".join(errors))
    stats = png_stats(png_path.read_bytes())
    if stats.colours < MIN_COLOURS:
        raise RenderError(f"{html_path.name} rendered blank ({stats})")
    return Rendered(png_path, stats, dom, console)


def check_html(path: Path, png_path: Path | None = None, **options) -> Rendered:
    """:func:`screenshot` to ``png_path``, or next to ``path`` as ``<name>.png`` if None."""
    return screenshot(path, png_path or Path(path).with_suffix(".png"), **options)


#: Run in the page after load: open every <details> (a reader on a phone opens them
#: too), then measure. An element "runs out" when its right edge is past the viewport
#: and no ancestor clips or scrolls it sideways (a deliberate scroll frame, like the
#: enlarged map, does not make the page scroll); only the innermost of those are named,
#: and not the insides of an <svg>. The result is posted to the framing page.
_MEASURE_JS = """<script>
addEventListener("load", () => {
  const place = sel => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect(); return [r.top + scrollY, r.bottom + scrollY]; };
  const at = {};  // where the first screen's parts are, before any <details> opens
  for (const sel of ["#attention", "#changed", "#changed ul.loss", "#happened"])
    at[sel] = place(sel);
  document.querySelectorAll("details").forEach(d => { d.open = true; });
  const vw = window.innerWidth, out = new Set();
  const clipped = el => { for (let a = el.parentElement; a && a !== document.body;
      a = a.parentElement) { if (getComputedStyle(a).overflowX !== "visible") return true; }
    return false; };
  for (const el of document.body.querySelectorAll("*")) {
    if (el.parentElement && el.parentElement.closest("svg")) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > vw + 0.5 && !clipped(el)) out.add(el);
  }
  const name = el => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (typeof el.className === "string" && el.className.trim()
     ? "." + el.className.trim().split(/ +/).join(".") : "");
  const named = [...out].filter(el => ![...el.children].some(c => out.has(c))).map(el =>
    `${name(el)} right=${Math.round(el.getBoundingClientRect().right)} "` +
    `${(el.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 60)}"`);
  parent.postMessage(JSON.stringify({page: location.pathname.split("/").pop(),
    scrollWidth: document.documentElement.scrollWidth, innerWidth: vw, offenders: named,
    at: at}),
    "*");
});
</script>"""

#: Headless Chromium's window is at least 500 px wide, so each page is measured in an
#: <iframe> of the phone's width; the frames post what they measured to this page, which
#: writes it into its own DOM (the one Chromium dumps). One Chromium run for them all.
_FRAME_HTML = """<!DOCTYPE html>
<html><head><meta charset="utf-8"></head><body style="margin:0">
<script>addEventListener("message", e => {{ const pre = document.createElement("pre");
  pre.className = "pbem-overflow"; pre.textContent = e.data; document.body.appendChild(pre);
}});
</script>
{frames}
</body></html>
"""


@dataclass(frozen=True)
class Overflow:
    """What :func:`overflows` measured: the page scrolls sideways when ``scroll_width`` is
    more than ``inner_width``; ``offenders`` name the innermost elements past the right
    edge (tag#id.classes, right edge, text)."""

    scroll_width: int
    inner_width: int
    offenders: list[str]
    #: CSS selector -> [top, bottom] in page pixels, measured with every <details>
    #: closed (None: not on the page): #attention, #changed, #changed ul.loss, #happened
    at: dict = field(default_factory=dict)

    @property
    def scrolls(self) -> bool:
        return self.scroll_width > self.inner_width

    def __str__(self) -> str:
        head = f"page {self.scroll_width} px wide in a {self.inner_width} px viewport"
        return "\n  ".join([head, *self.offenders[:25]])


def overflows(html_paths: list[Path], work: Path, *, width: int = 390, height: int = 400,
              timeout: float = 60) -> list[Overflow]:
    """Load copies of ``html_paths`` (written to the folder ``work``), each in a frame
    ``width`` px wide, with every ``<details>`` open; measure how far each runs out
    sideways. One Chromium run."""
    names = []
    for i, path in enumerate(html_paths):
        html = Path(path).read_text(encoding="utf-8")
        if "</body>" not in html:
            raise RenderError(f"{path} has no </body>")
        names.append(f"{i:02d}-{Path(path).stem}-{width}px.html")
        (Path(work) / names[-1]).write_text(html.replace("</body>", _MEASURE_JS + "</body>", 1),
                                            encoding="utf-8")
    frames = "\n".join(f'<iframe src="{n}" style="width:{width}px;height:{height}px;'
                       f'border:0;display:block"></iframe>' for n in names)
    frame = Path(work) / f"frames-{width}px.html"
    frame.write_text(_FRAME_HTML.format(frames=frames), encoding="utf-8")
    got = screenshot(frame, frame.with_suffix(".png"), width=max(500, width + 20),
                     height=len(names) * height + 20, timeout=timeout)
    found = {d["page"]: d for d in (json.loads(html_lib.unescape(m)) for m in re.findall(
        r'<pre class="pbem-overflow">(.*?)</pre>', got.dom, re.S))}
    out = []
    for name in names:
        if name not in found:
            raise RenderError(f"{name}: the measuring script did not report")
        data = found[name]
        if data["innerWidth"] != width:
            raise RenderError(f"{name}: measured at {data['innerWidth']} px, not {width}")
        out.append(Overflow(data["scrollWidth"], data["innerWidth"], data["offenders"],
                            data.get("at") or {}))
    return out


def overflow(html_path: Path, work: Path, **options) -> Overflow:
    """:func:`overflows` of one page."""
    return overflows([html_path], work, **options)[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Screenshot an HTML file in headless Chromium.")
    parser.add_argument("html", type=Path)
    parser.add_argument("png", type=Path)
    parser.add_argument("--width", type=int, default=900)
    parser.add_argument("--height", type=int, default=1200)
    parser.add_argument("--timeout", type=float, default=60)
    opts = parser.parse_args(argv)
    try:
        r = screenshot(opts.html, opts.png, width=opts.width, height=opts.height,
                       timeout=opts.timeout)
    except RenderError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    s = r.stats
    print(f"{r.png}: {s.width}x{s.height}, {s.colours} colours (sampled), "
          f"{s.ink:.1%} non-background, background {s.background}")
    for line in r.console:
        print(f"console: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
