"""Write the rules clause indexes docs/rules-hellgame.md and docs/rules-lords-of-hell.md.

Usage: python docs/make_rules_index.py PATH-TO-CHECKLIST PATH-TO-DIGEST

PATH-TO-CHECKLIST is the HellGame rules checklist (reference/hellgame/rules-checklist.md),
PATH-TO-DIGEST the Lords of Hell digest (reference/lords-of-hell/digest.md). Both live
outside the repository; the two files written here are committed, so that every clause id
cited in games/ and tests/ resolves inside the repository
(tests/framework/test_rules_index.py keeps that true).

A clause is defined where its id opens a table row (`| HG-5.1-01 | ...`, `| IP-38 | ...`,
`| A-28 | ...`) or a bullet (`- **LH-II.3-02** ...`), the rule tools/rule-coverage uses.
Each is written on one line with its text as the source gives it, grouped under the
source's section headings. Standard library only.
"""

import re
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Ids that open a definition row or bullet, per source.
HG_ID = r"HG-(?:V1-)?[0-9.]+[a-z]?-[0-9]+[a-z]?|V-[0-9]+|T[0-9]+|IP-[0-9]+|A-[0-9]+"
LH_ID = r"LH-[IVX]+(?:\.[0-9]+)*-[0-9]+[a-z]?|D[0-9]+|G[0-9]+|PB-[0-9]+"

INTRO = [
    "Made by `python docs/make_rules_index.py PATH-TO-CHECKLIST PATH-TO-DIGEST` from "
    "`{source}` (in the project's shared reference folder, outside this repository).",
    "{count} clause ids ({kinds}), each with its text as that digest gives it, grouped by "
    "the digest's own sections. {made_from} The digest paraphrases the rulebooks: "
    "**where the digest and a rulebook disagree, the rulebook wins.**",
    "The code and tests cite these ids in comments, docstrings, test names and scenario "
    "files (`rules:`); `tests/framework/test_rules_index.py` fails when they cite an id "
    "that is not listed here.",
]

HG_MADE_FROM = (
    "The checklist was made from the HellGame rulebooks in seeds `000_…` (Rules Version "
    "II, the authority; `HG-` ids use its section numbers), `001_…` and `003_…` (two "
    "Italian translations of Version I; `HG-V1-` ids).")
LH_MADE_FROM = (
    "The digest was made from the Lords of Hell rules in seeds `004_…` (the rules page, "
    "whose section numbers the `LH-` ids use) and `002_…` (the quick-reference summary); "
    "what it marks PROPOSAL was invented for this project.")


def cells(line: str) -> list[str]:
    """The cells of a Markdown table row; `\\|` stays inside its cell."""
    body = line.strip().strip("|")
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", body)]


def flatten(lines: list[str]) -> str:
    """Continuation lines of a bullet (nested lists, small tables) as one line."""
    parts: list[str] = []
    table: list[str] = []
    for raw in lines + [""]:
        line = raw.strip()
        if line.startswith("|"):
            if not re.fullmatch(r"\|[-|\s]+\|", line):
                table.append(", ".join(cells(line)))
            continue
        if table:
            parts.append("[table: " + "; ".join(table) + "]")
            table = []
        if line:
            parts.append(re.sub(r"^[-*]\s+", "• ", line))
    return " ".join(parts)


def parse(text: str, id_pattern: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """[(section heading, [(clause id, one-line text)])] in document order."""
    sections: list[tuple[str, list[tuple[str, str]]]] = []
    header: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        heading = re.match(r"#{2,4}\s+(.*)", line)
        if heading:
            sections.append((heading.group(1).strip(), []))
            header = []
        elif line.startswith("|"):
            row = cells(line)
            if re.fullmatch(r"\**(" + id_pattern + r")\**", row[0]):
                clause = row[0].strip("*")
                sections[-1][1].append((clause, row_text(header, row)))
            elif not re.fullmatch(r"[-|\s]+", line.strip()):
                header = row
        else:
            bullet = re.match(r"\s*[-*]\s+\*\*(" + id_pattern + r")\*\*\s*(.*)", line)
            if bullet:
                more = []
                while i + 1 < len(lines) and (lines[i + 1].startswith("  ")
                                              or (not lines[i + 1].strip()
                                                  and i + 2 < len(lines)
                                                  and lines[i + 2].startswith("  "))):
                    i += 1
                    more.append(lines[i])
                text_ = bullet.group(2).strip()
                if more:
                    text_ += " " + flatten(more)
                sections[-1][1].append((bullet.group(1), text_))
        i += 1
    return [(title, rows) for title, rows in sections if rows]


def row_text(header: list[str], row: list[str]) -> str:
    """One table row as one line: `(§ 5.1; core) rule` for clause tables, else the
    other cells each labelled with its column heading."""
    names = [h.strip("*") for h in header]
    if len(names) == len(row) and names[1:2] == ["§"] and names[-1] == "Tag":
        return f"(§ {row[1]}; {row[-1]}) {row[2]}"
    parts = []
    for name, value in zip(names[1:], row[1:], strict=False):
        if value and value not in {"—", "-"}:
            parts.append(f"{name}: {value}")
    return " · ".join(parts)


def render(title: str, source: str, kinds: str, made_from: str,
           sections: list[tuple[str, list[tuple[str, str]]]]) -> str:
    count = sum(len(rows) for _, rows in sections)
    out = [f"# {title} — rules clause index\n", "<!-- Generated file: do not edit. -->\n"]
    for paragraph in INTRO:
        text = paragraph.format(source=source, count=count, kinds=kinds, made_from=made_from)
        out.append(textwrap.fill(text, width=88, break_on_hyphens=False) + "\n")
    seen: set[str] = set()
    for heading, rows in sections:
        out.append(f"## {heading}\n")
        for clause, text in rows:
            if clause in seen:
                raise SystemExit(f"{source}: clause {clause} is defined twice")
            seen.add(clause)
            out.append(f"- **{clause}** {text}")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


GAMES = [
    # (output file, title, source, the kinds of id it holds, provenance, id pattern)
    ("rules-hellgame.md", "The HellGame", "reference/hellgame/rules-checklist.md",
     "`HG-…` rule clauses, `V-…` and `T…` Version I/II differences, `IP-…` interaction "
     "points, `A-…` ambiguities", HG_MADE_FROM, HG_ID),
    ("rules-lords-of-hell.md", "Lords of Hell", "reference/lords-of-hell/digest.md",
     "`LH-…` rule clauses, `D…` differences between 002 and 004, `G…` gaps, `PB-…` PBEM "
     "decision points", LH_MADE_FROM, LH_ID),
]


def build(checklist: str, digest: str) -> dict[str, str]:
    """{output file name: its text} from the texts of the checklist and the digest."""
    out = {}
    for (name, title, source, kinds, made_from, pattern), text in zip(
            GAMES, (checklist, digest), strict=True):
        out[name] = render(title, source, kinds, made_from, parse(text, pattern))
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    texts = [Path(a).read_text(encoding="utf-8") for a in argv]
    for name, text in build(*texts).items():
        (HERE / name).write_text(text, encoding="utf-8")
        print(f"docs/{name}: {text.count(chr(10) + '- **')} clauses")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
