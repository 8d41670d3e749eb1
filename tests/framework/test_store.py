from pbem.store import check_secret, hash_secret, open_db, schema_version


def test_migrations_create_every_table_and_are_idempotent(tmp_path):
    db = open_db(tmp_path / "pbem.db")
    assert schema_version(db) == 8
    assert set(db.table_names()) >= {"games", "players", "stages", "submissions",
                                      "order_lines", "events", "dice_rolls", "reports",
                                      "outbox", "mails", "reminders", "runs", "faults"}
    db.conn.close()
    again = open_db(tmp_path / "pbem.db")
    assert schema_version(again) == 8


def test_a_version_1_database_is_migrated_keeping_its_rows(tmp_path):
    import sqlite_utils

    from pbem.store import MIGRATIONS

    old = sqlite_utils.Database(tmp_path / "old.db")
    MIGRATIONS[0](old)
    old.execute("PRAGMA user_version = 1")
    old["games"].insert({"name": "g1", "game_type": "hellgame", "seed": "1", "variants": "{}",
                         "status": "new", "stage": -1, "created": "", "result": ""})
    old.conn.commit()
    old.conn.close()
    db = open_db(tmp_path / "old.db")
    assert schema_version(db) == 8
    row = db["games"].get("g1")
    assert row["settings"] == "{}" and row["paused_at"] == "" and row["seed"] == "1"


def test_secret_is_stored_hashed_and_checked():
    row = {"salt": "abc", "secret_hash": hash_secret("s3cret", "abc")}
    assert "s3cret" not in row["secret_hash"]
    assert check_secret(row, "s3cret")
    assert not check_secret(row, "s3cre")
    assert not check_secret(row, "")
