"""Persistence: the room as one JSON document in one SQLite row, behind a tiny SQL interface.

Both hosts provide a `Database`: stdlib sqlite3 here (`SqliteDatabase`), `ctx.storage.sql`
in the Durable Object. The common ground is what the Durable Object allows: one statement
per call, at most 100 bound parameters, no BEGIN/SAVEPOINT, ints rather than bools, rows
back as dicts. Every input writes one row (the room), so a write is atomic without a
transaction, and its cost does not grow with the length of the game.

Formats: the document carries `format` (`room.FORMAT_VERSION`); `load_room` upgrades an older
document one step at a time with `MIGRATIONS` before validating it (a deploy can land in
the middle of a game). Tests load a hand-written document of every older format.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel

from undercover.engine.state import FORMAT_VERSION, Room, Seat
from undercover.rules.text import name_key
from undercover.wire.recap_json import RecapJson

if TYPE_CHECKING:
    import sqlite3

SqlValue = str | int | float | bytes | None
Row = dict[str, SqlValue]
MAX_BOUND_PARAMETERS = 100
SCHEMA_VERSION = 1
SCHEMA_PATH = Path(__file__).with_name("schema.sql")

Migration = Callable[[dict[str, Any]], dict[str, Any]]


class Database(Protocol):
    """One SQL statement per call; ≤ 100 parameters; no BEGIN; each call is committed."""

    def execute(self, sql: str, params: Sequence[SqlValue] = ()) -> list[Row]: ...


class StoreError(Exception):
    """Storage holds something this code cannot read (a newer format, a broken document)."""


_TRANSACTION = re.compile(r"^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b", re.IGNORECASE)


class SqliteDatabase:
    """stdlib sqlite3 with the Durable Object's restrictions, for the self-host and tests.

    WAL journal and `synchronous=NORMAL`: every `execute` commits before it returns, so a
    write survives the process being killed (SIGKILL); a power cut may lose the last few
    commits (`synchronous="FULL"` closes that gap at the price of one fsync per input).
    One call at a time: the self-host serialises a room's calls (its lock), from any thread.
    """

    def __init__(self, path: str | Path, *, synchronous: str = "NORMAL") -> None:
        if synchronous not in {"NORMAL", "FULL"}:
            raise ValueError(f"synchronous must be NORMAL or FULL, not {synchronous!r}")
        self.path = str(path)
        self.rows_written = 0
        self.bytes_written = 0
        import sqlite3  # here: the Worker's Pyodide may not ship it, and never needs it

        self._connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._connection.execute("PRAGMA journal_mode=WAL")
        self._connection.execute(f"PRAGMA synchronous={synchronous}")
        self._connection.row_factory = _dict_row

    def execute(self, sql: str, params: Sequence[SqlValue] = ()) -> list[Row]:
        if _TRANSACTION.match(sql):
            raise ValueError("no transaction statements: the Durable Object refuses them")
        if len(params) > MAX_BOUND_PARAMETERS:
            raise ValueError(f"{len(params)} bound parameters; the limit is 100")
        for value in params:
            if isinstance(value, bool) or not isinstance(
                value, (str, int, float, bytes, type(None))
            ):
                raise TypeError(f"unsupported SQL binding {type(value).__name__}")
        before = self._connection.total_changes
        rows: list[Row] = self._connection.execute(sql, tuple(params)).fetchall()
        changed = self._connection.total_changes - before
        if changed:
            self.rows_written += changed
            self.bytes_written += sum(_size(value) for value in params)
        return rows

    def close(self) -> None:
        self._connection.close()


def _dict_row(cursor: sqlite3.Cursor, row: tuple[SqlValue, ...]) -> Row:
    return {column[0]: value for column, value in zip(cursor.description, row, strict=True)}


def _size(value: SqlValue) -> int:
    if isinstance(value, str):
        return len(value.encode("utf-8"))
    if isinstance(value, bytes):
        return len(value)
    return 8 if value is not None else 0


def schema_statements() -> list[str]:
    """The statements of schema.sql, without comments, one per call."""
    lines = [
        line for line in SCHEMA_PATH.read_text("utf-8").splitlines() if not line.startswith("--")
    ]
    return [statement.strip() for statement in "\n".join(lines).split(";") if statement.strip()]


SCHEMA_TABLES = tuple(
    re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", SCHEMA_PATH.read_text("utf-8"))
)


def has_tables(db: Database) -> bool:
    """Whether a room was ever created in this database (reads only)."""
    found = db.execute(
        "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'room'"
    )
    return found[0]["n"] == 1


def missing_tables(db: Database) -> set[str]:
    """The tables of schema.sql this database lacks (reads only, one statement): all of them
    when no room was ever created here, none once the schema is in place."""
    found = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    return set(SCHEMA_TABLES).difference(row["name"] for row in found)


def ensure_schema(db: Database) -> None:
    """Create the tables if needed (idempotent; writes no row)."""
    for statement in schema_statements():
        db.execute(statement)


@dataclass(frozen=True)
class Record:
    """The stored room: its document as text, the document's format and the revision."""

    format: int
    revision: int
    doc: str


def read(db: Database) -> Record | None:
    rows = db.execute("SELECT format, revision, doc FROM room WHERE id = 1")
    if not rows:
        return None
    row = rows[0]
    doc = row["doc"]
    if isinstance(doc, bytes):
        try:
            doc = doc.decode("utf-8")
        except UnicodeDecodeError as error:
            raise StoreError("the room document is not UTF-8") from error
    if not isinstance(doc, str):  # TEXT: a room saved before documents were written as bytes
        raise StoreError("the room document is neither bytes nor text")
    return Record(_whole(row["format"]), _whole(row["revision"]), doc)


def read_revision(db: Database) -> int | None:
    """The stored revision alone: a runner holding that revision in memory need not re-read
    (and re-parse) a document that grows with the game."""
    rows = db.execute("SELECT revision FROM room WHERE id = 1")
    return _whole(rows[0]["revision"]) if rows else None


def _whole(value: SqlValue) -> int:
    """An integer column; a JavaScript host may hand integers over as floats (3.0)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if not isinstance(value, int):
        raise StoreError(f"expected an integer column, found {type(value).__name__}")
    return value


def write(db: Database, record: Record) -> None:
    """Save the room: one statement, one row written. The document goes as its UTF-8 bytes (a
    BLOB): under Pyodide, bytes cross to the Durable Object's SQLite as one copy outside the
    JavaScript heap, where a 30 KB string costs ~0.1 ms to convert and is garbage to collect
    at every input. `read` takes both (rooms saved as TEXT before)."""
    db.execute(
        "INSERT INTO room (id, format, revision, doc) VALUES (1, ?, ?, ?) "
        "ON CONFLICT (id) DO UPDATE SET "
        "format = excluded.format, revision = excluded.revision, doc = excluded.doc",
        (record.format, record.revision, record.doc.encode()),
    )


def write_schema_version(db: Database) -> None:
    """Record the schema version (once, when the room is created: one row)."""
    db.execute(
        "INSERT INTO meta (key, value) VALUES ('schema', ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (str(SCHEMA_VERSION),),
    )


def delete(db: Database) -> None:
    """Forget the room (idle cleanup on the self-host; the Durable Object uses deleteAll)."""
    db.execute("DELETE FROM room")
    db.execute("DELETE FROM meta")


def upgrade(
    document: dict[str, Any], migrations: dict[int, Migration], current: int
) -> dict[str, Any]:
    """Apply migrations one format step at a time up to `current`."""
    fmt = document.get("format", 0)
    if not isinstance(fmt, int) or fmt > current:
        raise StoreError(f"room document format {fmt!r} is newer than this code ({current})")
    while fmt < current:
        if fmt not in migrations:
            raise StoreError(f"no migration from room format {fmt}")
        document = migrations[fmt](dict(document))
        fmt += 1
        document["format"] = fmt
    return document


# Room documents ---------------------------------------------------------------------------


def load_room(record: Record) -> Room:
    """The room of a stored record, upgrading an older document format first."""
    if record.format == FORMAT_VERSION:
        return Room.model_validate_json(record.doc)
    document = upgrade(json.loads(record.doc), MIGRATIONS, FORMAT_VERSION)
    return Room.model_validate(document)


def room_record(room: Room, revision: int) -> Record:
    return Record(FORMAT_VERSION, revision, document(room))


def document(model: BaseModel) -> str:
    """A model's stored JSON: ASCII only (like every frame, `codec.dumps`), so that its UTF-8
    bytes are a plain copy of it."""
    return model.model_dump_json(ensure_ascii=True)


class RoomWriter:
    """`document(room)` from parts kept between saves: the recap's entries from a `RecapJson`
    (the one the room's views use, so that each entry is serialised once) and each seat's JSON
    while the seat stays equal (a step changes one seat at most, usually none). Byte for byte
    `document(room)` (tested)."""

    def __init__(self, recap_json: RecapJson | None = None) -> None:
        self._recap_json = recap_json if recap_json is not None else RecapJson()
        self._seats: dict[str, tuple[Seat, str]] = {}  # player id -> (seat, its JSON)

    def dump(self, room: Room) -> str:
        game = room.game
        bare_game = None if game is None else game.model_copy(update={"recap": ()})
        bare = room.model_copy(update={"seats": (), "game": bare_game})
        seats = (SEATS_MARKER, self._seats_json(room.seats))
        filled = self._recap_json.fill(document(bare), room, seats)
        return filled if filled is not None else document(room)

    def _seats_json(self, seats: tuple[Seat, ...]) -> str:
        held, texts = self._seats, []
        for seat in seats:
            kept = held.get(seat.player_id)
            # Identity first: an unchanged seat is the same object; equality decides.
            if kept is not None and (kept[0] is seat or kept[0] == seat):
                texts.append(kept[1])
                continue
            text = document(seat)
            held[seat.player_id] = (seat, text)
            texts.append(text)
        if len(held) > len(seats):  # seats freed at "Rejouer"
            present = {seat.player_id for seat in seats}
            self._seats = {player: kept for player, kept in held.items() if player in present}
        return "[" + ",".join(texts) + "]"


SEATS_MARKER = '"seats":[]'  # unique in a shell: quotes inside JSON strings are escaped


def _format_0_to_1(document: dict[str, Any]) -> dict[str, Any]:
    """Format 0, the engine's first draft (never deployed, kept as the worked example of a
    step): seats had only `name`; the room had `updated_at` and no pause marker."""
    seats = []
    for seat in document.pop("seats", []):
        name = seat.pop("name")
        seats.append({**seat, "nickname": name, "name_key": name_key(name)})
    updated_at = document.pop("updated_at")
    anyone = any(seat.get("connected", True) for seat in seats)
    return {
        **document,
        "seats": seats,
        "last_activity": updated_at,
        "paused_at": None if anyone else updated_at,
    }


# MIGRATIONS[n] turns a format-n room document into format n + 1 (add one per format bump,
# with a hand-written format-n document in tests/engine/test_store.py).
MIGRATIONS: dict[int, Migration] = {0: _format_0_to_1}
