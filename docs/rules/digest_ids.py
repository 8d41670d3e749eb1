"""Compare the clause indexes here with the rules digests they paraphrase.

Usage: python docs/rules/digest_ids.py PATH-TO-CHECKLIST PATH-TO-DIGEST

PATH-TO-CHECKLIST is the HellGame rules checklist (reference/hellgame/rules-checklist.md),
PATH-TO-DIGEST the Lords of Hell digest (reference/lords-of-hell/digest.md); both live
outside the repository. Prints, for hellgame.md and lords-of-hell.md, the ids the digest
defines that the index lacks (each needs a line in our own words) and the ids the index
has that the digest no longer defines; exits 1 if there are any. A clause is defined
where its id opens a table row (`| HG-5.1-01 | ...`) or a bullet (`- **LH-II.3-02** ...`),
the rule tools/rule-coverage uses. tests/framework/test_rules_index.py runs the same
comparison when the digests are at hand. Standard library only.
"""

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Ids that open a definition row or bullet, per source.
HG_ID = r"HG-(?:V1-)?[0-9.]+[a-z]?-[0-9]+[a-z]?|V-[0-9]+|T[0-9]+|IP-[0-9]+|A-[0-9]+"
LH_ID = r"LH-[IVX]+(?:\.[0-9]+)*-[0-9]+[a-z]?|D[0-9]+|G[0-9]+|PB-[0-9]+"

#: (index file here, id pattern of its digest)
INDEXES = [("hellgame.md", HG_ID), ("lords-of-hell.md", LH_ID)]


def defined(text: str, id_pattern: str) -> list[str]:
    """The clause ids a digest defines, in document order."""
    out = []
    for line in text.splitlines():
        if line.startswith("|"):
            first = line.strip().strip("|").split("|")[0].strip()
            if re.fullmatch(r"\**(" + id_pattern + r")\**", first):
                out.append(first.strip("*"))
        elif bullet := re.match(r"\s*[-*]\s+\*\*(" + id_pattern + r")\*\*", line):
            out.append(bullet.group(1))
    return out


def indexed(text: str) -> list[str]:
    """The clause ids an index here lists, in order."""
    return re.findall(r"^- \*\*([^*]+)\*\*", text, re.M)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    status = 0
    for (name, pattern), source in zip(INDEXES, argv, strict=True):
        want = defined(Path(source).read_text(encoding="utf-8"), pattern)
        have = indexed((HERE / name).read_text(encoding="utf-8"))
        missing = [i for i in want if i not in set(have)]
        stale = [i for i in have if i not in set(want)]
        print(f"docs/rules/{name}: {len(have)} ids; missing {missing or 'none'}; "
              f"no longer in the digest {stale or 'none'}")
        status |= bool(missing or stale)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
