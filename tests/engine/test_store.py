"""The store: one schema, one row per save, the Durable Object's SQL limits, format upgrades."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from undercover.engine import store
from undercover.engine.store import Record, SqliteDatabase, StoreError


@pytest.fixture
def db(tmp_path: Path) -> SqliteDatabase:
    database = SqliteDatabase(tmp_path / "room.sqlite3")
    store.ensure_schema(database)
    return database


def test_an_empty_database_has_no_room(db: SqliteDatabase) -> None:
    assert store.read(db) is None


def test_a_record_round_trips_through_a_fresh_connection(db: SqliteDatabase) -> None:
    record = Record(format=1, revision=3, doc='{"format":1,"name":"Zoé 🎲"}')
    store.write(db, record)
    again = SqliteDatabase(db.path)
    assert store.read(again) == record


def test_a_save_writes_one_row_however_big_the_document(db: SqliteDatabase) -> None:
    store.write(db, Record(1, 1, "{}"))
    before = db.rows_written
    store.write(db, Record(1, 2, json.dumps({"recap": ["clue"] * 5000})))
    assert db.rows_written - before == 1
    assert store.read(db) == Record(1, 2, json.dumps({"recap": ["clue"] * 5000}))


def test_the_schema_can_be_applied_again_without_writing(db: SqliteDatabase) -> None:
    store.write(db, Record(1, 1, "{}"))
    before = db.rows_written
    store.ensure_schema(db)
    assert db.rows_written == before
    assert store.read(db) == Record(1, 1, "{}")


def test_every_schema_statement_is_a_single_statement_without_parameters() -> None:
    statements = store.schema_statements()
    assert [s.split("(")[0].split()[-1] for s in statements] == ["meta", "room"]
    assert all(";" not in s and "?" not in s for s in statements)


def test_delete_forgets_the_room(db: SqliteDatabase) -> None:
    store.write_schema_version(db)
    store.write(db, Record(1, 1, "{}"))
    store.delete(db)
    assert store.read(db) is None
    assert db.execute("SELECT * FROM meta") == []


def test_the_schema_version_is_recorded(db: SqliteDatabase) -> None:
    store.write_schema_version(db)
    assert db.execute("SELECT value FROM meta WHERE key = 'schema'") == [
        {"value": str(store.SCHEMA_VERSION)}
    ]


@pytest.mark.parametrize(
    "sql", ["BEGIN", "  begin transaction", "SAVEPOINT s", "COMMIT", "ROLLBACK"]
)
def test_transactions_are_refused_as_on_the_durable_object(db: SqliteDatabase, sql: str) -> None:
    with pytest.raises(ValueError, match="transaction"):
        db.execute(sql)


def test_more_than_100_parameters_are_refused(db: SqliteDatabase) -> None:
    db.execute("SELECT " + ", ".join("?" * 100), [1] * 100)
    with pytest.raises(ValueError, match="limit is 100"):
        db.execute("SELECT " + ", ".join("?" * 101), [1] * 101)


def test_booleans_are_refused_as_bindings(db: SqliteDatabase) -> None:
    with pytest.raises(TypeError, match="bool"):
        db.execute("SELECT ?", [True])


def test_one_statement_per_call(db: SqliteDatabase) -> None:
    with pytest.raises(Exception, match="one statement"):
        db.execute("SELECT 1; SELECT 2")


def test_rows_come_back_as_dicts_with_none_for_null(db: SqliteDatabase) -> None:
    assert db.execute("SELECT 1 AS a, NULL AS b, 'x' AS c") == [{"a": 1, "b": None, "c": "x"}]


def test_synchronous_must_be_a_documented_level(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="synchronous"):
        SqliteDatabase(tmp_path / "x.sqlite3", synchronous="OFF")


def test_the_database_runs_in_wal_mode(db: SqliteDatabase) -> None:
    assert db.execute("PRAGMA journal_mode") == [{"journal_mode": "wal"}]


def _add_one(document: dict[str, Any]) -> dict[str, Any]:
    return {**document, "steps": document.get("steps", 0) + 1}


def test_upgrade_applies_every_step_in_order() -> None:
    migrations = {0: _add_one, 1: _add_one, 2: _add_one}
    assert store.upgrade({"x": 1}, migrations, current=3) == {"x": 1, "steps": 3, "format": 3}
    assert store.upgrade({"format": 2}, migrations, current=3) == {"format": 3, "steps": 1}


def test_upgrade_leaves_a_current_document_alone() -> None:
    assert store.upgrade({"format": 3, "a": 1}, {}, current=3) == {"format": 3, "a": 1}


def test_a_document_newer_than_the_code_is_refused() -> None:
    with pytest.raises(StoreError, match="newer"):
        store.upgrade({"format": 4}, {}, current=3)


def test_a_missing_step_is_refused() -> None:
    with pytest.raises(StoreError, match="no migration from room format 1"):
        store.upgrade({"format": 1}, {0: _add_one}, current=3)
