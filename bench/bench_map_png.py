"""Benchmark: where drawing the map as a PNG goes (issue 23; pbem.mapimage.render).

Not a test. Run:

    python bench/bench_map_png.py [REPEATS] [--variant NAME]
                                  [--instructions [--budget FILE [--record]]]

The map is the golden demo's after turn 2 (tests/golden/demo/.../02-turn-2/board.svg, the
map a 4-player report mails, 960 x 1090 px), drawn with `mapimage.render` (resvg, the
machine's fonts) as it is and in variants that each leave one thing out, so the cost of
each part shows against the whole:

- `as-drawn`: the map as mailed;
- `no-halo`: the labels without their white halo (paint-order stroke, .hm-halo);
- `no-hatching`: owned Sectio filled with a plain colour instead of their pattern;
- `no-text`: no labels at all;
- `no-fixed-labels`: without the Sectio names and the band's labels, the labels that
  stay the same turn after turn (what drawing them once and reusing the picture could
  save at most);
- `fixed-labels-as-image`: those labels as one transparent picture of the whole map,
  drawn once beforehand (not counted) and laid over the rest as an `<image>` where the
  Sectio end, so the labels keep their place in the drawing order (the same pixels to
  within 1 in any channel);
- `half-width`: the whole map at 480 px wide (a quarter of the pixels);
- `blank`: an empty SVG of the map's size (the canvas and the PNG encoding alone).

Printed per variant: the median CPU time of REPEATS (default 5) drawings and the PNG's
size. `--instructions` (bench/instructions.py) instead counts the instructions of one
drawing of `--variant` (default as-drawn) under callgrind, repeatable where the times
are not. Measured so (29 Nov 2026, resvg-py 0.5.0, CPython 3.11.7), in M instructions a
drawing: as-drawn 2,044; no-halo 1,555 (the halo: 24 %); no-hatching 1,889 (8 %);
no-text 1,102 (the labels: 46 %); half-width 984; blank 338 (17 %: about 320
instructions a pixel for a white canvas and its PNG). From the two widths, about 630 M
a drawing whatever its size and 1,410 M growing with its pixels. CPU time, in the same
order: 374, 280, 336, 183, 170 and 34 ms. Naming two font files instead of loading the
machine's took about the same time; resvg opens the font files again for each run of
text (678 opens a drawing, by strace). Stop 32: no-fixed-labels 1,290 (those 55
labels: 37 %), fixed-labels-as-image 1,808 (-12 %: resvg spends about 520 M drawing a
960 x 1090 picture); one small picture a label could save more, but needs each label's
box, which depends on the machine's font (the box of a label's arc is far too big: the
55 add up to 2.6 M pixels, more than the map).

With `--budget bench/budget.json` the count of `as-drawn` is checked against the one
recorded there (`.ci/run` runs `--instructions --budget bench/budget.json`): a change to
the map's SVG that made it much dearer to draw would slow every run mailing a PNG, and
no test would see it (the golden map is regenerated with any change, so the budget
follows it). The count depends on resvg-py's version and on the machine's fonts as
well, so those are part of the environment the budget is compared in (`extra_env`).
"""

from __future__ import annotations

import hashlib
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import instructions

from pbem import mapimage

MAP = (Path(__file__).resolve().parents[1] / "tests" / "golden" / "demo" / "reports" / "demo"
       / "02-turn-2" / "board.svg")
HALO = re.compile(r"\.hm-halo\{[^}]*\}")
HATCH = re.compile(r"url\(#hm-pat-\d+\)")
TEXT = re.compile(r"<text\b.*?</text>", re.S)
FIXED_LABELS = re.compile(r'<text class="hm-(?:name|band)\b.*?</text>', re.S)


def variants(svg: str) -> dict[str, Callable[[], tuple[str, int | None]]]:
    """name -> a call giving (SVG, width or None: the map's own): made when asked for,
    so that counting one variant prepares no other."""
    size = re.search(r'viewBox="([^"]*)"', svg).group(1)
    return {
        "as-drawn": lambda: (svg, None),
        "no-halo": lambda: (HALO.sub("", svg), None),
        "no-hatching": lambda: (HATCH.sub("#f6b3b3", svg), None),
        "no-text": lambda: (TEXT.sub("", svg), None),
        "no-fixed-labels": lambda: (FIXED_LABELS.sub("", svg), None),
        "fixed-labels-as-image": lambda: (labels_as_image(svg), None),
        "half-width": lambda: (svg, 480),
        "blank": lambda: (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{size}"></svg>',
                          None),
    }


def labels_as_image(svg: str) -> str:
    """The map with its fixed labels (FIXED_LABELS) drawn apart, once, on a transparent
    canvas, and laid over the rest as one picture where the Sectio group ends."""
    import base64

    labels = FIXED_LABELS.findall(svg)
    head = svg[:svg.index("</defs>") + len("</defs>")]
    picture = mapimage.render(head + "".join(labels) + "</svg>", background=None)
    width, height = mapimage.png_size(picture)
    image = (f'<image x="0" y="0" width="{width}" height="{height}" '
             f'href="data:image/png;base64,{base64.b64encode(picture).decode()}"/>')
    rest = FIXED_LABELS.sub("", svg)
    at = rest.index('<g id="pentagram">')  # the Sectio group ends just before it
    return rest[:at] + image + rest[at:]


def draw(svg: str, width: int | None) -> bytes:
    return mapimage.render(svg, width=width)


FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts",
             "~/.fonts")  # where resvg (fontdb) looks for the machine's fonts on Linux


def extra_env() -> dict[str, str]:
    """resvg-py's version, and a digest of the machine's font files (names and sizes)."""
    import importlib.metadata

    try:
        version = importlib.metadata.version("resvg-py")
    except importlib.metadata.PackageNotFoundError:
        version = "none"
    digest = hashlib.sha256()
    for folder in FONT_DIRS:
        root = Path(folder).expanduser()
        if root.is_dir():
            for f in sorted(root.rglob("*")):
                if f.suffix.lower() in (".ttf", ".otf", ".ttc", ".otc") and f.is_file():
                    digest.update(f"{f}\0{f.stat().st_size}\n".encode())
    return {"resvg-py": version, "fonts": digest.hexdigest()[:16]}


def main(argv: list[str]) -> None:
    code = instructions.rerun(__file__, argv, extra_env())
    if code is not None:
        sys.exit(code)
    svg = MAP.read_text()
    table = variants(svg)
    name = argv[argv.index("--variant") + 1] if "--variant" in argv else "as-drawn"
    if name not in table:
        sys.exit(f"unknown variant {name!r}: one of {', '.join(table)}")
    if instructions.active():
        draw(*table["blank"]())  # loads resvg's module and the fonts: not counted
        made = table[name]()  # the variant's SVG made: not counted either
        with instructions.counted():
            draw(*made)
        instructions.units(1)
        return
    numbers = [int(a) for a in argv if a.isdigit()]
    repeats = numbers[0] if numbers else 5
    draw(*table["blank"]())
    for label, make in table.items():
        body, width = make()
        spent = []
        for _ in range(repeats):
            started = time.process_time()
            png = draw(body, width)
            spent.append(time.process_time() - started)
        print(f"{label:22} {statistics.median(spent) * 1000:7.1f} ms CPU  "
              f"{len(png):7,} bytes PNG")


if __name__ == "__main__":
    main(sys.argv[1:])
