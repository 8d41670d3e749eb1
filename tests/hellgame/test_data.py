"""Tests for the HellGame component data (games/hellgame/data/*.yaml) and its loader.

Test names carry the rules-checklist clause a test proves (HG-x.y-nn). Move ids A1..A23,
paths P1..P3, non-adjacent pairs N1..N2 and anchors O1..O3 are the examples listed in
shared/reference/hellgame/components.md §1.5.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest
import yaml

from pbem_games.hellgame.data import (
    DATA_DIR,
    NON_COUNTABLE,
    DataError,
    HellData,
    audit,
    load_data,
)


@pytest.fixture(scope="module")
def data() -> HellData:
    return load_data()


def s(name: str) -> str:
    """Sectio id from its slug, to keep the tables below readable."""
    return f"sectio.{name}"


# --- Counts (HG-2.1-01, HG-2.2-01) -----------------------------------------------------


def test_HG_2_1_01_deck_sizes(data):
    """000 §2.1: 21 Daemon, 45 Sectio, 45 Hell and 109 Arcana cards."""
    assert len(data.sectio) == 45
    assert len(data.daemons) == 21
    assert len(data.arcana) == 109
    assert len(data.hell_cards) == 45


def test_HG_2_2_01_nine_circles_of_five_sectio(data):
    for circle in range(1, 10):
        members = data.circle_members(circle)
        assert len(members) == 5
        assert [data.sectio[m].quarter for m in members] == [1, 2, 3, 4, 5]
        assert {data.sectio[m].circle for m in members} == {circle}
    cells = {(x.circle, x.quarter) for x in data.sectio.values()}
    assert len(cells) == 45  # every (circle, quarter) pair used exactly once


def test_HG_2_2_01_circle_names(data):
    names = {c: data.sectio[data.circle_members(c)[0]].circle_name for c in range(1, 10)}
    assert names == {
        1: "LIMBO",
        2: "THE LUSTFUL",
        3: "THE GLUTTONOUS",
        4: "THE GREEDY",
        5: "THE WRATHFUL",
        6: "HERETICS",
        7: "THE VIOLENT",
        8: "FRAUD",
        9: "TREACHERY",
    }


def test_HG_2_2_02_each_quarter_holds_one_sectio_per_circle(data):
    for quarter in range(1, 6):
        members = data.quarter_members(quarter)
        assert [data.sectio[m].circle for m in members] == list(range(1, 10))


def test_HG_2_2_02_quarter_anchors_from_hells_map_example(data):
    """O1/O2: LOWER DUNGEON is the First Quarter of Circle 5, THE ENVIOUS one step clockwise."""
    lower = data.sectio[s("lower-dungeon-of-the-racially-superior")]
    envious = data.sectio[s("the-envious")]
    assert (lower.circle, lower.quarter) == (5, 1)
    assert (envious.circle, envious.quarter) == (5, 2)
    assert data.step(lower.id, 4) == envious.id  # face 4 = clockwise


# --- Compass and adjacency (HG-2.2-06, HG-9.5-03) ----------------------------------------

COMPASS_EXAMPLES = [
    # (example, from, face, to); A13 repeats A9.
    ("A2", "the-wise-men", 2, "the-forest-of-suicides"),
    ("A3", "the-forest-of-suicides", 2, "underachievers"),
    ("A4", "the-forest-of-suicides", 1, "molesters-purgatory"),
    ("A5", "molesters-purgatory", 2, "sadistic-pleasure-pit"),
    ("A6", "molesters-purgatory", 1, "addiction"),
    ("A7", "exploiters-of-land-and-sea", 1, "swamp-of-useless-rage"),
    ("A8", "exploiters-of-land-and-sea", 2, "thieves"),
    ("A9", "exploiters-of-land-and-sea", 4, "snake-eyes-saloon"),
    ("A10", "exploiters-of-land-and-sea", 3, "addiction"),
    ("A11", "the-envious", 3, "thieves"),
    ("A12", "thieves", 4, "exploiters-of-land-and-sea"),
    ("A14", "snake-eyes-saloon", 1, "furnace-of-bookburners"),
    ("A15", "furnace-of-bookburners", 2, "swamp-of-useless-rage"),
    ("A16", "furnace-of-bookburners", 1, "megalomaniacs"),
    ("A17", "addiction", 1, "exploiters-of-land-and-sea"),
    ("A18", "addiction", 4, "sea-of-lard"),
    ("A19", "sugar-hill", 4, "addiction"),
    ("A20", "falsifiers", 2, "miracle-workers"),
    ("A21", "miracle-workers", 1, "spies"),
    ("A23", "falsifiers", 1, "desecrators-of-the-flesh"),
]


@pytest.mark.parametrize(("example", "start", "face", "end"), COMPASS_EXAMPLES)
def test_HG_2_2_06_compass_reproduces_rulebook_moves(data, example, start, face, end):
    assert data.step(s(start), face) == s(end), example


def test_HG_2_2_05_spies_face_1_points_into_the_pentagram(data):
    """A22: Lilith in SPIES rolls 1 and is removed in the Pentagram."""
    assert data.step(s("spies"), 1) == "pentagram"
    for sectio_id in data.circle_members(9):
        assert data.step(sectio_id, 1) == "pentagram"


def test_HG_2_2_04_circle_1_face_3_leads_to_antehell(data):
    for sectio_id in data.circle_members(1):
        assert data.step(sectio_id, 3) == "antehell"


def test_HG_9_5_2_01_antehell_entry_die_picks_the_circle_1_sectio(data):
    """A1: Uriel's entry die 4 puts him in THE WISE MEN."""
    assert data.antehell_entry(4) == s("the-wise-men")
    assert [data.antehell_entry(q) for q in range(1, 6)] == list(data.circle_members(1))
    assert data.tables["antehell_entry_die"][6] == "lost"
    with pytest.raises(ValueError):
        data.antehell_entry(6)


def test_HG_2_2_06_faces_5_and_6_do_not_move(data):
    for sectio_id in data.sectio:
        assert data.step(sectio_id, 5) is None
        assert data.step(sectio_id, 6) is None
    for bad in (0, 7):
        with pytest.raises(ValueError):
            data.step(s("thieves"), bad)


def test_HG_2_2_06_faces_2_and_4_are_opposite_and_wrap(data):
    """Face 4 is clockwise (Quarter + 1, 5 -> 1), face 2 counter-clockwise (1 -> 5)."""
    for sectio_id in data.sectio:
        assert data.step(data.step(sectio_id, 4), 2) == sectio_id
    assert data.step(s("embezzlers-brazier"), 4) == s("bankers-and-brokers")
    assert data.step(s("bankers-and-brokers"), 2) == s("embezzlers-brazier")


def test_HG_9_5_03_corner_contacts_are_not_adjacent(data):
    """N1 (000 §2.2.3) and N2 (000 §9.5)."""
    assert not data.adjacent(s("the-envious"), s("idolaters"))
    assert not data.adjacent(s("the-envious"), s("bankers-and-brokers"))


def test_HG_9_5_03_example_paths(data):
    """P1, P2 and P3 (000 §9.5 ex. 'Movement'; 001 §9.5 ex. 'page 18')."""
    chain = ["spies", "miracle-workers", "falsifiers"]
    assert all(data.adjacent(s(a), s(b)) for a, b in zip(chain, chain[1:], strict=False))
    chain = ["sea-of-lard", "addiction", "exploiters-of-land-and-sea", "swamp-of-useless-rage"]
    assert all(data.adjacent(s(a), s(b)) for a, b in zip(chain, chain[1:], strict=False))
    two_steps = {n for m in data.neighbours_of(s("miracle-workers")) for n in data.neighbours_of(m)}
    assert s("desecrators-of-the-flesh") in two_steps


def test_HG_9_5_03_adjacency_is_symmetric_and_regular(data):
    for sectio_id, sectio in data.sectio.items():
        neighbours = data.neighbours_of(sectio_id)
        assert list(neighbours) == sorted(neighbours)
        assert len(neighbours) == (3 if sectio.circle in (1, 9) else 4)
        assert all(data.adjacent(n, sectio_id) for n in neighbours)
        assert sorted(sectio.neighbours) == [1, 2, 3, 4]


def test_neighbours_of_thieves(data):
    assert data.neighbours_of(s("thieves")) == (
        s("bankers-and-brokers"),
        s("exploiters-of-land-and-sea"),
        s("sugar-hill"),
        s("the-envious"),
    )


# --- Sectio values (HG-2.2-03, HG-7.2-02, HG-7.2.2-01) ------------------------------------


def test_HG_2_2_03_souls_given_or_derived_by_the_rulebook(data):
    souls = {k.removeprefix("sectio."): v.souls for k, v in data.sectio.items()}
    assert souls["the-forest-of-suicides"] == 6
    assert souls["thieves"] == 3
    assert souls["dogs-of-war"] == 4
    assert souls["atheists-surprise"] == 4
    assert souls["temple-of-false-preachers"] == 4
    assert sum(souls.values()) == 149  # external-data §1.1 total, THE WISE MEN as 0


def test_HG_7_2_02_soul_phase_example_only_the_forest_is_isolated(data):
    """O3: the Void owns these four; 4+4+4+6 with 2 off for the isolated FOREST."""
    owned = [s("dogs-of-war"), s("atheists-surprise"), s("temple-of-false-preachers")]
    owned.append(s("the-forest-of-suicides"))
    isolated = [x for x in owned if not any(data.adjacent(x, y) for y in owned if y != x)]
    assert isolated == [s("the-forest-of-suicides")]
    income = sum(data.sectio[x].souls for x in owned) - 2 * len(isolated)
    assert income == 16


def test_HG_7_2_2_01_the_wise_men_yield_arcana_not_souls(data):
    wise = [x for x in data.sectio.values() if x.wise_men]
    assert [x.id for x in wise] == [s("the-wise-men")]
    assert wise[0].souls == 0
    table = data.tables["wise_men_table"]
    assert sorted(table) == [1, 2, 3, 4, 5, 6]
    assert all(isinstance(n, int) and n >= 0 for n in table.values())


def test_sectio_ids_are_slugs_of_canonical_names(data):
    for sectio_id, sectio in data.sectio.items():
        slug = re.sub(r"[^a-z0-9]+", "-", sectio.name.lower().replace("'", "")).strip("-")
        assert sectio_id == f"sectio.{slug}"
        assert sectio.name == sectio.name.upper()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Embezzlers Brazier", "embezzlers-brazier"),
        ("EMBEZZLER'S BRAZIER", "embezzlers-brazier"),
        ("bankers & brokers", "bankers-and-brokers"),
        ("Forest of Suicides", "the-forest-of-suicides"),
        ("Underarchivers", "underachievers"),
        ("Limbus Patrum", "the-wise-men"),
        ("Fornace of Book-Burners", "furnace-of-bookburners"),
        ("  sugar   hill ", "sugar-hill"),
    ],
)
def test_sectio_by_name_accepts_source_spellings(data, text, expected):
    assert data.sectio_by_name(text) == s(expected)


def test_sectio_by_name_unknown(data):
    assert data.sectio_by_name("Paradise") is None


# --- Daemons (HG-2.4.1-01, HG-9.1-01) -----------------------------------------------------


def test_HG_2_4_1_01_ranks_from_the_order_of_actions_example(data):
    """000 §9.4 ex.: Orias 41, Ukobach 50, Ashtaroth 11, Beelzebub 8, Naburos 61, Baal 14,
    Caim 29, Sammael 2. The rulebook wins over the external 23 (Orias) and 62 (Naburos)."""
    ranks = {d.name: d.rank for d in data.daemons.values()}
    assert ranks["Orias"] == 41
    assert ranks["Naburos"] == 61
    given = {"Ukobach": 50, "Ashtaroth": 11, "Beelzebub": 8, "Baal": 14, "Caim": 29}
    assert {k: ranks[k] for k in given} == given
    assert ranks["Sammael"] == 2


def test_HG_9_1_01_ranks_are_unique_and_in_printed_range(data):
    ranks = [d.rank for d in data.daemons.values()]
    assert len(set(ranks)) == 21
    assert all(2 <= r <= 443_556_000 for r in ranks)
    void = sorted(
        ["daemon.orias", "daemon.ukobach", "daemon.ashtaroth"], key=lambda i: data.daemons[i].rank
    )
    assert void == ["daemon.ashtaroth", "daemon.orias", "daemon.ukobach"]


def test_HG_2_4_1_01_statistics_stated_by_rulebook_examples(data):
    d = {x.name: x for x in data.daemons.values()}
    assert d["Andras"].hearts + 6 == 10  # 000 §9.6 ex.: four Hearts plus a Soul Roll of six
    assert d["Asmodeus"].hearts + d["Belphegor"].hearts == 8  # 000 §9.8.3 ex.
    assert d["Asmodeus"].hearts + d["Belphegor"].hearts + d["Ereshkigal"].hearts == 10
    assert d["Sammael"].hearts == 5
    assert (d["Ukobach"].skulls, d["Ukobach"].stars, d["Ukobach"].hearts) == (2, 2, 2)
    assert (d["Balban"].skulls, d["Balban"].stars) == (2, 4)
    assert (d["Ashtaroth"].skulls, d["Ashtaroth"].stars) == (2, 2)
    assert (d["Caim"].skulls, d["Caim"].stars) == (4, 4)
    assert (d["Baal"].hearts, d["Gomory"].hearts, d["Moloch"].hearts) == (3, 4, 2)
    assert d["Paymon"].hearts == 4
    # Bounds (E8, E12): Beelzebub moves 4 Units; on a roll of 2, Gomory fails and Prufflas passes.
    assert d["Beelzebub"].skulls >= 4
    assert d["Gomory"].skulls <= 1 < 2 <= d["Prufflas"].skulls


def test_HG_2_4_1_01_sex_and_abilities(data):
    d = {x.name: x for x in data.daemons.values()}
    assert d["Agares"].sex == "sexless"
    assert d["Belphegor"].sex == "dual"
    assert {x.sex for x in d.values()} == {"male", "female", "sexless", "dual"}
    for daemon in d.values():
        assert daemon.ability.id == "ability." + daemon.id.removeprefix("daemon.")
        assert daemon.ability.text and daemon.title


def test_HG_13_2_01_daemons_recover_on_5_or_6(data):
    assert data.tables["recovery_roll"] == (5, 6)
    assert all(d.recovery == (5, 6) for d in data.daemons.values())


# --- Lieutenants and Hellhounds (HG-2.3.7-01, HG-2.3.8-01, HG-5.1-06) ---------------------


def test_HG_5_1_06_enough_lieutenants_for_three_boxes_of_four(data):
    assert data.tables["lieutenant_boxes"] == 3
    assert data.tables["lieutenants_per_box"] == 4
    assert len(data.lieutenants) >= 12


def test_HG_2_3_7_01_known_lieutenants(data):
    verin = data.lieutenants["lieutenant.verin"]
    assert verin.bonus == 2 and verin.leadership >= 3
    assert {"lieutenant.sulla", "lieutenant.leberecht"} <= set(data.lieutenants)
    for lt in data.lieutenants.values():
        assert lt.leadership >= 1 and lt.bonus >= 0


def test_HG_8_3_1_02_a_five_takes_the_middle_box(data):
    """000 §8.3 ex.: 'Rolling a 5 they must pick Sulla ... in the middle one'."""
    table = data.tables["lieutenant_box_die"]
    assert table[5] == 2
    assert sorted(table) == [1, 2, 3, 4, 5, 6]
    assert sorted(table.values()) == [1, 1, 2, 2, 3, 3]


def test_HG_2_3_8_01_hellhounds_include_the_sugar_hill_three(data):
    attacks = [h.attacks for h in data.hellhounds.values()]
    assert 3 in attacks
    assert len(set(attacks)) > 1  # values differ: "strongest Hound first" (000 §10)
    assert data.hellhounds["hellhound.1"].attacks == 3


# --- Tables ------------------------------------------------------------------------------


def test_HG_5_1_07_starting_resources(data):
    t = data.tables
    assert (t["starting_souls"], t["starting_favours"]) == (5, 1)
    assert (t["legions_per_player"], t["player_markers_per_player"]) == (12, 20)
    assert (t["starting_daemons"], t["starting_sectio"], t["starting_arcana"]) == (3, 5, 5)


def test_HG_8_2_01_costs_and_limits(data):
    t = data.tables
    assert t["legion_cost_souls"] == 3  # HG-8.2-01
    assert t["arcana_cost_souls"] == 5  # HG-8.3.3-01
    assert t["daemon_redraw_cost_favours"] == 1  # HG-5.1-09
    assert t["disfavour_buyoff_favours"] == 2  # HG-13.1-01
    assert t["hand_limit"] == 5  # HG-6.3-03
    assert t["legion_cap"] == 12  # HG-8.2-02
    assert t["isolation_penalty"] == 2  # HG-7.2-02


def test_HG_8_3_2_01_taming_table(data):
    assert dict(data.tables["taming_table"]) == {
        1: "tame",
        2: "tame",
        3: "tame",
        4: "tame",
        5: "nothing",
        6: "legion-destroyed",
    }


def test_HG_9_7_2_02_atonement_table(data):
    rows = data.tables["atonement_table"]["rows"]
    assert rows[5] == ("incap", "incap", "nothing", 2, 3)
    assert rows[2] == ("incap", "nothing", "nothing", 1, 2)  # 000 wins over 003's 1 at 7-8


# --- Provenance audit ---------------------------------------------------------------------


def _count_leaves(value) -> int:
    if isinstance(value, dict):
        return sum(_count_leaves(v) for k, v in value.items() if k not in NON_COUNTABLE)
    return 1


def test_audit_counts_add_up_to_every_countable_leaf(data):
    expected = 0
    for stem in ("sectio", "daemons", "lieutenants", "hellhounds", "arcana", "hell_cards"):
        doc = yaml.safe_load((DATA_DIR / f"{stem}.yaml").read_text(encoding="utf-8"))
        expected += sum(_count_leaves(rec) for rec in doc[stem])
    tables = yaml.safe_load((DATA_DIR / "tables.yaml").read_text(encoding="utf-8"))
    expected += sum(_count_leaves(entry["value"]) for entry in tables.values())

    report = audit(data)
    assert sum(report["provenance"].values()) == expected == report["counts"]["leaves"]
    assert sum(sum(kinds.values()) for kinds in report["by_file"].values()) == expected
    assert report["counts"]["sectio"] == 45 and report["counts"]["daemons"] == 21


def test_audit_my_files_exact_breakdown(data):
    """Leaves per file: Sectio 5 each (+ wise_men), Daemons 9, Lieutenants 3, Hounds 2."""
    by_file = audit(data)["by_file"]
    assert by_file["sectio.yaml"] == {"rulebook": 161, "external": 65, "assumed": 0}
    assert by_file["daemons.yaml"] == {"rulebook": 131, "external": 57, "assumed": 1}
    assert by_file["lieutenants.yaml"] == {"rulebook": 4, "external": 32, "assumed": 0}
    assert by_file["hellhounds.yaml"] == {"rulebook": 1, "external": 0, "assumed": 23}


def test_audit_lists_assumed_values_with_notes(data):
    assumed = audit(data)["assumed"]
    assert all(a["note"] for a in assumed)
    keys = [(a["file"], a["key"]) for a in assumed]
    assert len(keys) == len(set(keys))
    assert ("daemons.yaml", "daemon.ereshkigal.rank") in keys
    assert ("tables.yaml", "table.wise_men_table.value.1") in keys
    assert ("tables.yaml", "table.lieutenant_box_die.value.5") not in keys  # given by 000 §8.3
    # The rulebook values are never reported as assumptions.
    assert ("sectio.yaml", "sectio.thieves.souls") not in keys
    assert audit(data) == audit(data)  # deterministic


# --- Loader behaviour ----------------------------------------------------------------------


def test_load_data_is_cached_and_frozen(data):
    assert load_data() is data
    with pytest.raises(FrozenInstanceError):
        data.sectio[s("thieves")].souls = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        data.tables["hand_limit"] = 9  # type: ignore[index]


def test_load_data_from_explicit_path(tmp_path):
    shutil.copytree(DATA_DIR, tmp_path / "data")
    other = load_data(tmp_path / "data")
    assert other is not load_data()
    assert other.sectio == load_data().sectio


def _broken(tmp_path: Path, file: str, anchor: str, old: str, new: str) -> tuple[Path, int]:
    """Copy the data files and replace the first `old` after `anchor` in `file`; return the
    directory and the 1-based line of the change."""
    directory = tmp_path / "data"
    shutil.copytree(DATA_DIR, directory)
    path = directory / file
    text = path.read_text(encoding="utf-8")
    at = text.index(old, text.index(anchor))
    path.write_text(text[:at] + new + text[at + len(old) :], encoding="utf-8")
    return directory, text.count("\n", 0, at) + 1


def test_HG_2_2_01_error_circle_out_of_range(tmp_path):
    directory, line = _broken(
        tmp_path, "sectio.yaml", "id: sectio.thieves", "circle: 4", "circle: 10"
    )
    message = f"sectio.yaml:{line}: sectio.thieves: circle 10 out of range 1..9"
    with pytest.raises(DataError, match=re.escape(message)):
        load_data(directory)


def test_HG_2_2_02_error_quarter_used_twice(tmp_path):
    directory, _ = _broken(
        tmp_path, "sectio.yaml", "id: sectio.thieves", "quarter: 2", "quarter: 3"
    )
    with pytest.raises(
        DataError,
        match=r"sectio\.yaml:\d+: sectio\.(thieves|exploiters-of-land-and-sea): "
        r"circle 4 quarter 3 already holds",
    ):
        load_data(directory)


def test_error_unknown_key(tmp_path):
    directory, line = _broken(tmp_path, "daemons.yaml", "id: daemon.baal", "skulls:", "skull:")
    with pytest.raises(
        DataError, match=re.escape(f"daemons.yaml:{line}: daemon.baal: unknown key 'skull'")
    ):
        load_data(directory)


def test_error_wrong_type(tmp_path):
    directory, line = _broken(
        tmp_path, "lieutenants.yaml", "id: lieutenant.verin", "bonus: 2", "bonus: two"
    )
    with pytest.raises(
        DataError,
        match=re.escape(f"lieutenants.yaml:{line}: lieutenant.verin: bonus must be an integer"),
    ):
        load_data(directory)


def test_error_duplicate_id(tmp_path):
    directory, _ = _broken(
        tmp_path, "hellhounds.yaml", "id: hellhound.12", "hellhound.12", "hellhound.11"
    )
    with pytest.raises(
        DataError, match=r"hellhounds\.yaml:\d+: hellhound\.11: duplicate id \(first at line \d+\)"
    ):
        load_data(directory)


def test_error_bad_id_prefix(tmp_path):
    directory, line = _broken(
        tmp_path, "daemons.yaml", "id: daemon.baal", "daemon.baal", "demon.baal"
    )
    with pytest.raises(
        DataError,
        match=re.escape(f"daemons.yaml:{line}: demon.baal: id 'demon.baal' is not a 'daemon."),
    ):
        load_data(directory)


def test_HG_9_1_01_error_duplicate_rank(tmp_path):
    directory, _ = _broken(tmp_path, "daemons.yaml", "id: daemon.naburos", "rank: 61", "rank: 41")
    with pytest.raises(
        DataError,
        match=r"daemons\.yaml:\d+: daemon\.orias: rank 41 already used by daemon\.naburos",
    ):
        load_data(directory)


def test_error_invalid_provenance_kind(tmp_path):
    directory, line = _broken(
        tmp_path,
        "lieutenants.yaml",
        "id: lieutenant.pytho",
        "default: external",
        "default: hearsay",
    )
    with pytest.raises(
        DataError,
        match=re.escape(
            f"lieutenants.yaml:{line}: lieutenant.pytho: "
            "provenance default: 'hearsay' is not one of"
        ),
    ):
        load_data(directory)


def test_error_provenance_names_unknown_field(tmp_path):
    directory, line = _broken(
        tmp_path,
        "lieutenants.yaml",
        "id: lieutenant.pytho",
        "{default: external}",
        "{default: external, bonsu: rulebook}",
    )
    with pytest.raises(
        DataError,
        match=re.escape(
            f"lieutenants.yaml:{line}: lieutenant.pytho: provenance names unknown field 'bonsu'"
        ),
    ):
        load_data(directory)


def test_error_assumed_value_without_note(tmp_path):
    directory, line = _broken(
        tmp_path,
        "lieutenants.yaml",
        "id: lieutenant.pytho",
        "{default: external}",
        "{default: external, bonus: assumed}",
    )
    with pytest.raises(
        DataError,
        match=re.escape(
            f"lieutenants.yaml:{line}: lieutenant.pytho: bonus is assumed but has no note"
        ),
    ):
        load_data(directory)


def test_error_missing_required_field(tmp_path):
    directory, _ = _broken(tmp_path, "hellhounds.yaml", "id: hellhound.5", "    attacks: 3\n", "")
    with pytest.raises(
        DataError, match=r"hellhounds\.yaml:\d+: hellhound\.5: missing required field 'attacks'"
    ):
        load_data(directory)


def test_HG_2_1_01_error_wrong_count(tmp_path):
    directory = tmp_path / "data"
    shutil.copytree(DATA_DIR, directory)
    path = directory / "daemons.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("  - id: daemon.zagam")], encoding="utf-8")
    with pytest.raises(
        DataError, match=r"daemons\.yaml:\d+: expected 21 daemons records, found 20"
    ):
        load_data(directory)


def test_error_yaml_syntax_reports_line(tmp_path):
    directory, line = _broken(tmp_path, "sectio.yaml", "id: sectio.spies", "souls: 2", "souls: [2")
    with pytest.raises(DataError, match=r"sectio\.yaml:\d+: YAML error"):
        load_data(directory)


def test_error_duplicate_yaml_key(tmp_path):
    directory, line = _broken(
        tmp_path, "sectio.yaml", "id: sectio.spies", "souls: 2", "souls: 2\n    souls: 3"
    )
    with pytest.raises(
        DataError, match=re.escape(f"sectio.yaml:{line + 1}: YAML error: duplicate key 'souls'")
    ):
        load_data(directory)


def test_error_hell_card_bottom_names_unknown_sectio(tmp_path):
    directory = tmp_path / "data"
    shutil.copytree(DATA_DIR, directory)
    path = directory / "hell_cards.yaml"
    text = path.read_text(encoding="utf-8")
    match = re.search(r"^\s+sectio: (sectio\.[a-z0-9-]+)$", text, re.M)
    line = text.count("\n", 0, match.start(1)) + 1
    path.write_text(
        text[: match.start(1)] + "sectio.paradise" + text[match.end(1) :], encoding="utf-8"
    )
    with pytest.raises(
        DataError,
        match=rf"hell_cards\.yaml:{line}: hell\.[a-z0-9-]+: "
        r"bottom\.sectio 'sectio\.paradise' is not a known Sectio",
    ):
        load_data(directory)


def test_error_ambiguous_variant(tmp_path):
    directory, _ = _broken(
        tmp_path, "sectio.yaml", "id: sectio.spies", "variants: []", 'variants: ["TRAITORS"]'
    )
    with pytest.raises(
        DataError, match=r"sectio\.yaml:\d+: sectio\.(spies|traitors): name 'TRAITORS' is ambiguous"
    ):
        load_data(directory)


def test_error_table_value_shape(tmp_path):
    directory, line = _broken(tmp_path, "tables.yaml", "wise_men_table:", "6: 2}", "7: 2}")
    with pytest.raises(
        DataError,
        match=re.escape(
            f"tables.yaml:{line}: table.wise_men_table: value must map each die face 1..6"
        ),
    ):
        load_data(directory)


def test_error_missing_file(tmp_path):
    directory = tmp_path / "data"
    shutil.copytree(DATA_DIR, directory)
    (directory / "hellhounds.yaml").unlink()
    with pytest.raises(DataError, match=r"hellhounds\.yaml: file not found"):
        load_data(directory)


def test_HG_4_0_01_the_assumed_six_cards_can_win(data):
    """000 §4.0: "a few cards" carry a "6"; three of them win. The data's assumption
    (docs/data.md): six cards, every 18th in 003's order, none a Play Right Away card
    (which never stays in a hand), each noted as assumed."""
    six = sorted(c.number for c in data.arcana.values() if c.flags.six)
    assert six == [18, 36, 54, 72, 90, 108]
    assert not any(c.flags.play_right_away for c in data.arcana.values() if c.flags.six)
