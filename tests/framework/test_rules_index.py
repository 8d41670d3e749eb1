"""Every rule clause id the code, tests and docs cite resolves in the repository's clause
indexes, docs/rules/hellgame.md and docs/rules/lords-of-hell.md: each id with its section
and a one-line paraphrase in our own words. When the rules digests they paraphrase are at
hand (outside the repository), the indexes hold exactly the digests' ids
(docs/rules/digest_ids.py)."""

import functools
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INDEXES = [ROOT / "docs" / "rules" / "hellgame.md", ROOT / "docs" / "rules" / "lords-of-hell.md"]
REFERENCE = ROOT.parent / "shared" / "reference"  # the digests, when they are at hand
SCANNED = ["games", "tests", "pbem", "templates", "docs"]
SUFFIXES = {".py", ".yaml", ".yml", ".txt", ".j2", ".md", ".json"}

# The ids in this file's comments and examples are made up (section 99, IX, number 99),
# so that tools/rule-coverage, which counts ids cited under tests/, is not fooled by them.
#
# A cited id as written in prose: HG-99.1-01, HG-V1-99.1.1-01, HG-99.2.1b-01,
# LH-IX.9.1-01, and IP-99, A-99, V-99, PB-99 (two digits); a range `HG-99.1-01..14` cites
# every clause from 01 to 14. The short ids of the digests' tables (T3, D4, G15) are
# indexed but not searched for: G1 or D10 also name other things (a game id, the
# discrepancies in the external data).
WRITTEN = re.compile(
    r"(?<![\w.-])(HG-(?:V1-)?[0-9]+(?:\.[0-9]+)*[a-z]?-[0-9]+[a-z]?"
    r"|LH-[IVX]+(?:\.[0-9]+)*-[0-9]+[a-z]?|(?:IP|A|PB|V)-[0-9]{2})"
    r"(?:\.\.([0-9]+))?(?![0-9])")
# A cited id in a test name, as tools/rule-coverage reads them: test_hg_99_1_1_07_...,
# test_lh_ix_9_1_04_..., several clauses of one section as test_hg_99_2_04_05_06_...,
# and _ip_99_ / _pb_99_. A section is its chapter then one-digit parts (99_2_1b); every
# following two-digit group is a clause number.
NAMED = re.compile(
    r"(?<![0-9a-z])(?:hg_((?:v1_)?[0-9]{1,2}(?:_[0-9][a-z]?)*)|lh_([ivx]+(?:_[0-9])*))"
    r"((?:_[0-9]{2}[a-z]?)+)(?![0-9])", re.I)
NAMED_POINT = re.compile(r"(?<![0-9a-z])(ip|pb)_([0-9]{2})(?![0-9])", re.I)



def indexed() -> set[str]:
    ids: set[str] = set()
    for path in INDEXES:
        ids |= set(re.findall(r"^- \*\*([^*]+)\*\*", path.read_text(encoding="utf-8"), re.M))
    return ids


@functools.cache
def cited() -> dict[str, list[str]]:
    """{clause id: ["file:line", ...]} over the scanned folders, generated indexes and this
    file left out."""
    found: dict[str, list[str]] = {}
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if (path.suffix not in SUFFIXES or not path.is_file() or path in INDEXES
                    or path == Path(__file__).resolve()):
                continue
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
            for number, line in enumerate(lines, 1):
                where = f"{path.relative_to(ROOT)}:{number}"
                for clause in ids_in(line):
                    found.setdefault(clause, []).append(where)
    return found


def ids_in(line: str) -> list[str]:
    ids = []
    for m in WRITTEN.finditer(line):
        ids.append(m.group(1))
        if m.group(2):
            head, first = m.group(1).rsplit("-", 1)
            first = int(re.match(r"[0-9]+", first).group())
            ids += [f"{head}-{n:02d}" for n in range(first + 1, int(m.group(2)) + 1)]
    for m in NAMED.finditer(line):
        if m.group(1):
            head = "HG-" + m.group(1).lower().replace("v1_", "V1-").replace("_", ".")
        else:
            head = "LH-" + m.group(2).upper().replace("_", ".")
        ids += [f"{head}-{n}" for n in m.group(3).strip("_").split("_")]
    ids += [f"{m.group(1).upper()}-{m.group(2)}" for m in NAMED_POINT.finditer(line)]
    return ids


def test_the_index_holds_both_games():
    ids = indexed()
    for family in ("HG-", "HG-V1-", "IP-", "A-", "V-", "LH-I.", "LH-IV.", "PB-"):
        assert any(i.startswith(family) for i in ids), family


def test_every_cited_clause_id_is_in_the_index():
    ids = indexed()
    missing = {c: w for c, w in cited().items() if c not in ids}
    assert not missing, "clause ids cited but not in docs/rules/*.md:\n" + "\n".join(
        f"  {c}: {', '.join(w[:3])}{' …' if len(w) > 3 else ''}"
        for c, w in sorted(missing.items()))


def test_the_id_readers_know_every_written_form():
    assert ids_in("(HG-99.1.1-05..07, IP-99; A-99)") == [
        "HG-99.1.1-05", "HG-99.1.1-06", "HG-99.1.1-07", "IP-99", "A-99"]
    assert ids_in("def test_hg_99_2_1b_02_ip_99_a_trade") == ["HG-99.2.1b-02", "IP-99"]
    assert ids_in("def test_hg_99_2_04_05_lilith") == ["HG-99.2-04", "HG-99.2-05"]
    assert ids_in("def test_lh_ix_9_1_04_vote(): LH-IX.9-02, PB-99") == [
        "LH-IX.9-02", "PB-99", "LH-IX.9.1-04"]
    assert ids_in("HG-V1-99.1.1-01 but not HG-99.8, A-1 nor a_72_hour") == [
        "HG-V1-99.1.1-01"]


def test_each_index_entry_is_one_line_with_a_section_and_a_sentence():
    for path in INDEXES:
        entries = [ln for ln in path.read_text(encoding="utf-8").splitlines()
                   if ln.startswith("- **")]
        assert len(entries) > 250, path
        bad = [ln for ln in entries
               if not re.fullmatch(r"- \*\*[^*]+\*\* \([^)]+\) \S.{10,300}", ln)]
        assert not bad, f"{path.name}: entries not in the form `- **id** (§…) sentence`:\n" \
            + "\n".join(bad[:5])
        ids = re.findall(r"^- \*\*([^*]+)\*\*", "\n".join(entries), re.M)
        assert len(ids) == len(set(ids)), f"{path.name}: an id is listed twice"


def _digest_ids():
    spec = importlib.util.spec_from_file_location("digest_ids",
                                                  ROOT / "docs" / "rules" / "digest_ids.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_digest_reader_finds_rows_and_bullets():
    ids = _digest_ids()
    text = "| **HG-99.1-01** | § | x |\n| T99 | y |\n- **A-99** z\n| HG-99 | not an id |\n"
    assert ids.defined(text, ids.HG_ID) == ["HG-99.1-01", "T99", "A-99"]


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="the digests are outside the repository")
def test_the_indexes_hold_exactly_the_digests_ids():
    ids = _digest_ids()
    sources = [REFERENCE / "hellgame" / "rules-checklist.md",
               REFERENCE / "lords-of-hell" / "digest.md"]
    for (name, pattern), source in zip(ids.INDEXES, sources, strict=True):
        want = ids.defined(source.read_text(encoding="utf-8"), pattern)
        have = ids.indexed((ROOT / "docs" / "rules" / name).read_text(encoding="utf-8"))
        assert have == want, (
            f"docs/rules/{name} differs from {source.name}: run python "
            f"docs/rules/digest_ids.py {sources[0]} {sources[1]}")
