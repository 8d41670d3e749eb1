"""The Lords of Hell data files: counts, fixed ids, values from the seeds, provenance on
every value, the loader's refusals, and the provenance audit (`pbem data audit`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pbem.cli import main
from pbem_games.lords_of_hell.data import (
    DATA_DIR,
    KINDS,
    DataError,
    load_data,
    load_data_from,
)
from pbem_games.lords_of_hell.dataaudit import audit
from pbem_games.lords_of_hell.datamodel import HPOH, LohData
from pbem_games.lords_of_hell.datatables import draw_count

DATA = load_data()

# The fixed ids of the common brief, written out here so the test does not trust data.py.
DEVILS = ["devil.asmodeus", "devil.baalzebub", "devil.belial", "devil.glasya",
          "devil.mammon", "devil.mephistopheles"]
REALMS = [HPOH, "realm.dis", "realm.seat-of-judgement", "realm.winds-of-chaos",
          "realm.phlegethon", "realm.cocytus", "realm.acheron", "realm.styx"]
HORDES = {"horde.dark-critters": 2, "horde.night-critters": 2, "horde.shadow-critters": 2,
          "horde.diabolic-fiends": 5, "horde.fallen-angels": 2, "horde.fiends": 10,
          "horde.juggernauts": 5, "horde.leviathan": 1, "horde.metal-beasts": 4,
          "horde.tormented-ones": 8, "horde.warriors-of-darkness": 4}
RITUALS = {"ritual.bury": 3, "ritual.chain-catalysm": 1, "ritual.infernal-plague": 6,
           "ritual.furnace-of-souls": 10}
OTHERS = {"artifact.wand-of-might": 5, "special.double-cross": 8, "special.recall": 6,
          "special.escape": 6, "special.time-of-virtue": 3, "special.world-war": 4,
          "special.silence": 3}


# --- contents -----------------------------------------------------------------------------

def test_load_data_is_cached_lohdata():
    assert isinstance(DATA, LohData)
    assert load_data() is DATA


def test_fixed_ids_and_order():
    assert sorted(DATA.devils) == DEVILS
    assert list(DATA.realms) == REALMS  # HPoH first (LH-II.4-04: always in play)
    assert set(DATA.cards) == set(HORDES) | set(RITUALS) | set(OTHERS)


def test_deck_counts_per_card_and_kind():
    """45 hordes, 20 rituals, 35 artifacts + specials = 100 (digest §2.6 EXTERNAL)."""
    counts = {cid: c.count for cid, c in DATA.cards.items()}
    assert counts == HORDES | RITUALS | OTHERS

    def total(*kinds):
        return sum(c.count for c in DATA.cards.values() if c.kind in kinds)

    assert (total("horde"), total("ritual"), total("artifact", "special")) == (45, 20, 35)
    assert total(*{c.kind for c in DATA.cards.values()}) == 100
    for cid, card in DATA.cards.items():
        assert card.kind == cid.split(".")[0]


def test_devil_values_from_the_seeds():
    """004 §IV.4: Belial power 3; Glasya power 1 and female (004 §I.1.1 example)."""
    d = DATA.devils
    assert d["devil.belial"].power == 3
    assert d["devil.belial"].provenance["default"] == "rulebook"
    assert "power" not in d["devil.belial"].provenance
    assert d["devil.glasya"].power == 1 and d["devil.glasya"].female is True
    assert [i for i, x in d.items() if x.female] == ["devil.glasya"]
    assert d["devil.baalzebub"].power == 1
    assert "uncertain" in d["devil.baalzebub"].notes["power"]
    assert d["devil.asmodeus"].provenance["power"] == "assumed"
    assert d["devil.mephistopheles"].provenance == {"default": "assumed"}


def test_horde_powers_external():
    """Hordes power 1 unless printed (LH-I.3.1-01); Fallen Angels 2, Leviathan 9,
    Tormented Ones variable (None) per the author's Cards page."""
    powers = {cid: c.power for cid, c in DATA.cards.items() if c.kind == "horde"}
    assert powers.pop("horde.fallen-angels") == 2
    assert powers.pop("horde.leviathan") == 9
    assert powers.pop("horde.tormented-ones") is None
    assert set(powers.values()) == {1}
    assert all(c.power is None for c in DATA.cards.values() if c.kind != "horde")


def test_timing_and_unstoppable():
    """Specials' timing per digest §3.3 / PB-12; rituals finish (LH-I.3.3); no special is
    unstoppable by default (LH-I.3.4-02, §3.3)."""
    timing = {cid: c.timing for cid, c in DATA.cards.items()}
    assert timing["special.double-cross"] == ("reaction",)
    for cid in ("special.recall", "special.escape", "special.silence"):
        assert timing[cid] == ("any",)
    assert timing["special.time-of-virtue"] == timing["special.world-war"] == ("transfer",)
    for card in DATA.cards.values():
        if card.kind == "ritual":
            assert card.timing == ("finish",)
        elif card.kind in ("horde", "artifact"):
            assert card.timing == ()
    assert not any(c.unstoppable for c in DATA.cards.values())


def test_realms():
    r = DATA.realms
    assert [r[i].dp for i in REALMS[4:]] == [2, 1, 1, 1]  # digest §3.3 placeholders E-H
    assert all(r[i].power == "" for i in REALMS[4:])
    assert r[HPOH].provenance["dp"] == "assumed"
    assert "proclaim marker" in r[HPOH].power


def test_tables_values():
    t = DATA.tables
    assert t["soul_table"] == {1: "caught", 2: 0, 3: 1, 4: 1, 5: 2, 6: 2}  # LH-III.4.1-01
    assert (t["max_attack_dice"], t["power_per_die"], t["to_hit"]) == (6, 3, 4)
    assert (t["leviathan_dice"], t["max_combat_rounds"]) == (4, 4)  # LH-IV.1.5-01
    assert (t["auto_suitable_sp"], t["extra_marker_sp"]) == (10, 6)
    assert t["vp"] == {"overlord": 3.5, "overlord_oath": 2, "not_least_sp": 1, "most_sp": 1,
                       "most_sp_margin": 3}  # LH-III.4.4-02
    assert (t["opoh_draw"], t["oaths_per_devil"], t["own_oaths"]) == (3, 6, 5)
    assert t["starting_hordes"] == 4
    assert (t["hpoh_draw_bonus"], t["mammon_draw_bonus"], t["winds_draw_bonus"]) == (1, 1, 2)
    for value in t.values():  # plain values, no provenance inside
        assert not (isinstance(value, dict) and "provenance" in value)


def test_lh_iii_1_04_draw_table():
    """The 004 example: 5 Oaths + 3 resource cards in hand, 5 hordes, 1 artifact = 14
    cards, so 4 are drawn. The 1-5 cell "to 12" reads 12 - total (G7), 0 included."""
    assert draw_count(DATA, 14) == 4
    expected = {0: 12, 1: 11, 5: 7, 6: 6, 8: 6, 9: 5, 11: 5, 12: 4, 15: 3, 17: 3, 18: 2,
                20: 2, 21: 1, 40: 1}
    assert {n: draw_count(DATA, n) for n in expected} == expected


# --- provenance ---------------------------------------------------------------------------

FIELDS = {"devils.yaml": 4, "realms.yaml": 3, "cards.yaml": 7}


def test_provenance_on_every_value():
    for rec in [*DATA.devils.values(), *DATA.realms.values(), *DATA.cards.values()]:
        assert rec.provenance.get("default") in KINDS, rec.id
        assert set(rec.provenance.values()) <= set(KINDS), rec.id
    by_file = {}
    for leaf in DATA.leaves:
        assert leaf.kind in KINDS
        by_file[leaf.file] = by_file.get(leaf.file, 0) + 1
        if leaf.kind == "assumed":
            assert leaf.note, leaf.key
    assert by_file["devils.yaml"] == 6 * FIELDS["devils.yaml"]
    assert by_file["realms.yaml"] == 8 * FIELDS["realms.yaml"]
    assert by_file["cards.yaml"] == 22 * FIELDS["cards.yaml"]
    table_keys = {leaf.key.split(".")[0] for leaf in DATA.leaves if leaf.file == "tables.yaml"}
    assert table_keys == set(DATA.tables)
    kinds = {leaf.key: leaf.kind for leaf in DATA.leaves}
    assert kinds["draw_table.0"] == "assumed" and kinds["draw_table.1"] == "rulebook"
    assert kinds["devil.belial.power"] == "rulebook"
    assert kinds["horde.leviathan.power"] == "external"
    assert kinds["ritual.furnace-of-souls.count"] == "assumed"


# --- the loader's refusals ----------------------------------------------------------------

def _edit(path: Path, fn) -> None:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    fn(doc)
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")


def _rec(doc, top, rid):
    return next(r for r in doc[top] if r["id"] == rid)


def _set(top, rid, key, value):
    def fn(doc):
        _rec(doc, top, rid)[key] = value
    return fn


def _drop(top, rid, key):
    def fn(doc):
        del _rec(doc, top, rid)[key]
    return fn


def _rename(top, rid, new):
    return _set(top, rid, "id", new)


BROKEN = [
    ("cards.yaml", _set("cards", "horde.fiends", "kind", "monster"), "horde.fiends.kind"),
    ("cards.yaml", _set("cards", "horde.fiends", "count", -1), "horde.fiends.count"),
    ("cards.yaml", _drop("cards", "special.recall", "provenance"),
     "special.recall: missing provenance"),
    ("cards.yaml", _set("cards", "horde.fiends", "count", 11), "add up to 46, not 45"),
    ("cards.yaml", _set("cards", "special.silence", "count", 4), "add up to 36, not 35"),
    ("cards.yaml", _rename("cards", "special.silence", "special.hush"),
     "missing id(s) special.silence"),
    ("devils.yaml", _rename("devils", "devil.mephistopheles", "devil.moloch"),
     "missing id(s) devil.mephistopheles"),
    ("realms.yaml", _set("realms", "realm.dis", "dp", -2), "realm.dis.dp"),
    ("devils.yaml", _set("devils", "devil.belial", "power", "three"), "devil.belial.power"),
    ("devils.yaml", _set("devils", "devil.belial", "provenance",
                         {"default": "rulebook", "power": "hearsay"}), "provenance.power"),
    ("devils.yaml", _set("devils", "devil.belial", "provenance",
                         {"default": "rulebook", "name": "assumed"}),
     "devil.belial.name is assumed but has no note"),
    ("devils.yaml", _set("devils", "devil.belial", "wings", 2), "unknown key 'wings'"),
    ("cards.yaml", _set("cards", "ritual.bury", "timing", ["any"]), "ritual.bury.timing"),
    ("cards.yaml", _set("cards", "artifact.wand-of-might", "power", 2),
     "artifact.wand-of-might.power"),
    ("cards.yaml", _set("cards", "horde.fiends", "unstoppable", True),
     "horde.fiends.unstoppable"),
    ("tables.yaml", lambda d: d["draw_table"]["value"].pop(2), "draw_table.value"),
    ("tables.yaml", lambda d: d["soul_table"]["value"].pop(6), "soul_table.value"),
    ("tables.yaml", lambda d: d.pop("to_hit"), "missing table(s) to_hit"),
    ("tables.yaml", lambda d: d["vp"].pop("provenance"), "vp: missing provenance"),
]


@pytest.mark.parametrize(("file", "fn", "message"), BROKEN,
                         ids=[f"{f}:{m}" for f, _, m in BROKEN])
def test_loader_rejects_a_bad_value(tmp_path, file, fn, message):
    shutil.copytree(DATA_DIR, tmp_path, dirs_exist_ok=True)
    _edit(tmp_path / file, fn)
    with pytest.raises(ValueError) as err:
        load_data_from(tmp_path)
    assert isinstance(err.value, DataError)
    assert file in str(err.value) and message in str(err.value)


def test_loader_accepts_an_unchanged_copy(tmp_path):
    shutil.copytree(DATA_DIR, tmp_path, dirs_exist_ok=True)
    for file in FIELDS:  # a YAML round trip keeps every value
        _edit(tmp_path / file, lambda doc: None)
    copy = load_data_from(tmp_path)
    assert copy.cards == DATA.cards and copy.devils == DATA.devils
    assert copy.tables == DATA.tables


def test_loader_rejects_broken_yaml(tmp_path):
    shutil.copytree(DATA_DIR, tmp_path, dirs_exist_ok=True)
    (tmp_path / "realms.yaml").write_text("realms: [\n", encoding="utf-8")
    with pytest.raises(DataError, match="realms.yaml:2: YAML error"):
        load_data_from(tmp_path)


# --- the audit ------------------------------------------------------------------------------

def test_audit_shape():
    report = audit(DATA)
    assert list(report) == ["provenance", "by_file", "assumed", "implemented", "counts"]
    assert list(report["provenance"]) == list(KINDS)
    assert sum(report["provenance"].values()) == len(DATA.leaves)
    assert all(report["provenance"][k] > 0 for k in KINDS)
    assert report["provenance"]["assumed"] == len(report["assumed"])
    assert sorted(report["by_file"]) == ["cards.yaml", "devils.yaml", "realms.yaml",
                                         "tables.yaml"]
    for a in report["assumed"]:
        assert set(a) == {"file", "key", "value", "note"} and a["note"]
    keys = [(a["file"], a["key"]) for a in report["assumed"]]
    assert keys == sorted(keys, key=lambda k: k[0]) and len(set(keys)) == len(keys)
    assert ("tables.yaml", "draw_table.0") in keys
    assert report["implemented"]["horde"]["total"] == len(HORDES)
    assert report["implemented"]["special"]["total"] == 6
    assert report["counts"]["deck"] == 100
    json.dumps(report)  # JSON-friendly throughout


def test_cli_data_audit_json():
    result = CliRunner().invoke(main, ["data", "audit", "lords-of-hell", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["game"] == "lords-of-hell"
    assert report["provenance"] == audit(DATA)["provenance"]
    assert len(report["assumed"]) == report["provenance"]["assumed"]


def test_cli_data_audit_text():
    result = CliRunner().invoke(main, ["data", "audit", "lords-of-hell"])
    assert result.exit_code == 0, result.output
    assert "lords-of-hell:" in result.output
    assert "tables.yaml: draw_table.0" in result.output


def test_loading_fails_for_a_card_without_its_effect():
    """Every card kind has its effect (`pbem data audit lords-of-hell` counts them); the
    game refuses to load data with a card the code does not know, or lacking one."""
    import dataclasses

    import pytest

    from pbem_games.lords_of_hell import effects

    DATA = load_data()
    effects.check(DATA)
    fake = dataclasses.replace(DATA.cards["special.recall"], id="special.bogus")
    more = dataclasses.replace(DATA, cards={**DATA.cards, "special.bogus": fake})
    with pytest.raises(ValueError, match="card ids without an effect: \\['special.bogus'\\]"):
        effects.check(more)
    less = dataclasses.replace(DATA, cards={k: v for k, v in DATA.cards.items()
                                            if k != "ritual.bury"})
    with pytest.raises(ValueError,
                       match="effects registered for unknown card ids: \\['ritual.bury'\\]"):
        effects.check(less)
