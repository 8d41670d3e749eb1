from pbem.store import check_secret, hash_secret, open_db, schema_version


def test_migrations_create_every_table_and_are_idempotent(tmp_path):
    db = open_db(tmp_path / "pbem.db")
    assert schema_version(db) == 1
    assert set(db.table_names()) >= {"games", "players", "stages", "submissions",
                                      "order_lines", "events", "dice_rolls", "reports",
                                      "outbox"}
    db.conn.close()
    again = open_db(tmp_path / "pbem.db")
    assert schema_version(again) == 1


def test_secret_is_stored_hashed_and_checked():
    row = {"salt": "abc", "secret_hash": hash_secret("s3cret", "abc")}
    assert "s3cret" not in row["secret_hash"]
    assert check_secret(row, "s3cret")
    assert not check_secret(row, "s3cre")
    assert not check_secret(row, "")
