"""The store: one schema, one row per save, the Durable Object's SQL limits, format upgrades."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.engine.content import DECK
from tests.engine.table import Table
from undercover.engine.seats import hash_token
from undercover.engine.state import FORMAT_VERSION
from undercover.engine.view import view_for
from undercover.hosts import store
from undercover.hosts.runner import RoomRunner
from undercover.hosts.store import Record, SqliteDatabase, SqlValue, StoreError


@pytest.fixture
def db(tmp_path: Path) -> SqliteDatabase:
    database = SqliteDatabase(tmp_path / "room.sqlite3")
    store.ensure_schema(database)
    return database


class FloatingDatabase:
    """Rows as a JavaScript host may return them: every number a float."""

    def __init__(self, inner: SqliteDatabase) -> None:
        self.inner = inner

    def execute(self, sql: str, params: Sequence[SqlValue] = ()) -> list[dict[str, SqlValue]]:
        rows = self.inner.execute(sql, params)
        return [{k: float(v) if isinstance(v, int) else v for k, v in row.items()} for row in rows]


def test_integers_read_back_as_floats_are_accepted(db: SqliteDatabase) -> None:
    store.write(db, Record(1, 7, "{}"))
    assert store.read(FloatingDatabase(db)) == Record(1, 7, "{}")


def test_a_row_of_the_wrong_types_is_refused(db: SqliteDatabase) -> None:
    db.execute("INSERT INTO room (id, format, revision, doc) VALUES (1, 1, 2.5, 'x')")
    with pytest.raises(StoreError, match="integer"):
        store.read(db)


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


# --- room documents: every older format still loads --------------------------------------

FIXTURES = Path(__file__).parent / "fixtures"


def _format_0_lobby() -> dict[str, Any]:
    """Written by hand: a lobby with Ana (host, connected) and Ben (disconnected)."""
    return {
        "code": "OLDV0",
        "seed": 42,
        "seats": [
            {"player_id": "p1", "name": "Ana", "token_hash": hash_token("a" * 43), "joined": 1},
            {
                "player_id": "p2",
                "name": "Bén",
                "token_hash": hash_token("b" * 43),
                "joined": 2,
                "connected": False,
                "disconnected_since": 990.0,
            },
        ],
        "seats_created": 2,
        "host": "p1",
        "updated_at": 1000.0,
    }


def test_a_format_0_document_is_upgraded_on_load() -> None:
    record = Record(format=0, revision=9, doc=json.dumps(_format_0_lobby()))
    room = store.load_room(record)
    assert room.format == FORMAT_VERSION
    assert [(s.nickname, s.name_key) for s in room.seats] == [("Ana", "ana"), ("Bén", "ben")]
    assert room.last_activity == 1000.0
    assert room.paused_at is None  # Ana is connected
    assert view_for(room, "p1", 1001.0, DECK)["players"][1]["nickname"] == "Bén"


def test_a_format_0_room_with_nobody_connected_is_paused() -> None:
    document = _format_0_lobby()
    document["seats"][0]["connected"] = False
    room = store.load_room(Record(0, 1, json.dumps(document)))
    assert room.paused_at == 1000.0


def test_a_format_0_room_plays_on_after_the_upgrade(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "old.sqlite3")
    store.ensure_schema(db)
    store.write(db, Record(0, 9, json.dumps(_format_0_lobby())))
    runner = RoomRunner(db, "OLDV0", deck=DECK)
    hello = json.dumps({"type": "hello", "protocol": 5, "token": "b" * 43})
    outbox = runner.on_frame("c2", {"c1": "p1", "c2": None}, hello, 1005.0, "n" * 43)
    assert outbox.bound == "p2"
    saved = store.read(db)
    assert saved is not None
    assert (saved.format, saved.revision) == (FORMAT_VERSION, 10)


def test_a_format_1_room_saved_mid_vote_loads_and_its_game_goes_on(tmp_path: Path) -> None:
    fixture = json.loads((FIXTURES / "room-format-1-voting.json").read_text("utf-8"))
    db = SqliteDatabase(tmp_path / "v1.sqlite3")
    store.ensure_schema(db)
    store.write(db, Record(fixture["format"], fixture["revision"], fixture["doc"]))
    runner = RoomRunner(db, "ROOMS", deck=DECK)
    connections: dict[str, str | None] = {}
    now = fixture["now"] + 5
    for name, token in fixture["tokens"].items():
        connections[name] = None
        hello = json.dumps({"type": "hello", "protocol": 5, "token": token})
        outbox = runner.on_frame(name, connections, hello, now, "unused" * 8)
        connections[name] = outbox.bound
    room = runner.room()
    assert room is not None
    assert room.phase.kind == "voting"
    assert room.game is not None
    voters = [p for p in room.game.alive if p not in room.game.ballots]
    for conn, player in connections.items():
        if player in voters:
            target = next(p for p in room.game.alive if p != player)
            vote = json.dumps({"type": "cast_vote", "seq": room.seq, "target": target})
            errors = [
                f
                for _, f in runner.on_frame(conn, connections, vote, now, "").frames
                if '"error"' in f
            ]
            assert errors == []
    after = runner.room()
    assert after is not None
    assert after.game is not None
    assert set(after.game.ballots) == set(after.game.alive)  # every ballot in: the grace runs
    assert getattr(after.phase, "grace_ends_at", None) is not None


def test_the_runner_imports_without_sqlite3_as_in_the_worker() -> None:
    check = "import sys, undercover.hosts.runner; sys.exit('sqlite3' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", check], check=False).returncode == 0


def test_a_room_plays_over_a_database_returning_floats(tmp_path: Path) -> None:
    db = FloatingDatabase(SqliteDatabase(tmp_path / "js.sqlite3"))
    RoomRunner.create(db, "FLOAT", now=1000.0, seed=3, deck=DECK)
    runner = RoomRunner(db, "FLOAT", deck=DECK)  # as after a wake-up
    hello = json.dumps({"type": "hello", "protocol": 5, "name": "Zoé"})
    outbox = runner.on_frame("c1", {"c1": None}, hello, 1001.0, "t" * 43)
    assert outbox.bound == "p1"
    assert RoomRunner(db, "FLOAT", deck=DECK).summary(1002.0) == {
        "code": "FLOAT",
        "status": "lobby",
        "players": 1,
    }


def test_the_writer_reuses_recap_json_without_changing_a_byte() -> None:
    table = Table.seated("ana", "ben", "cy", "dan", seed=3).started()
    writer = store.RoomWriter()
    assert writer.dump(table.room) == table.room.model_dump_json(ensure_ascii=True)  # no recap yet
    for text in ['"recap":[]', "un indice", '\\"recap\\":[]', "é🎲"]:
        table.give_clue(table.speaker, text)
        assert writer.dump(table.room) == table.room.model_dump_json(ensure_ascii=True)
    other = Table.seated("eve", "fay", "gus", seed=4).started().clue_round()
    assert writer.dump(other.room) == store.document(other.room)  # another game entirely
    assert writer.dump(table.room) == table.room.model_dump_json(ensure_ascii=True)


def test_the_writer_keeps_each_seat_json_while_the_seat_is_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = Table.seated("ana", 'b"seats":[]', "cy", "dan", "eve", seed=3)
    writer = store.RoomWriter()
    assert writer.dump(table.room) == store.document(table.room)
    serialised: list[str] = []
    document = store.document

    def counted(model: Any) -> str:
        serialised.append(type(model).__name__)
        return document(model)

    monkeypatch.setattr(store, "document", counted)
    for step in (
        lambda t: t.started(),
        lambda t: t.disconnect("cy"),
        lambda t: t.give_clue(t.speaker),
        lambda t: t.leave("dan"),
        lambda t: t.tick(600),
    ):
        serialised.clear()
        before = table.room.seats
        table = step(table)
        text = writer.dump(table.room)
        assert text == document(table.room)
        changed = [seat for seat in table.room.seats if seat not in before]
        assert serialised.count("Seat") == len(changed)


def test_the_document_is_written_as_bytes_and_a_room_saved_as_text_still_loads(
    db: SqliteDatabase,
) -> None:
    table = Table.seated("ana", "ben", "cy", seed=3).started()
    doc = store.document(table.room)
    store.write(db, Record(FORMAT_VERSION, 4, doc))
    (stored,) = db.execute("SELECT doc FROM room")
    assert stored["doc"] == doc.encode()
    # What the previous version wrote: the same document as TEXT.
    db.execute("UPDATE room SET doc = ? WHERE id = 1", (doc,))
    assert store.read(db) == Record(FORMAT_VERSION, 4, doc)
    assert store.load_room(Record(FORMAT_VERSION, 4, doc)) == table.room


def test_a_document_that_is_not_utf8_is_refused(db: SqliteDatabase) -> None:
    db.execute("INSERT INTO room (id, format, revision, doc) VALUES (1, 1, 2, ?)", (b"\xff{",))
    with pytest.raises(StoreError, match="UTF-8"):
        store.read(db)
