"""One short game played at import, so that a room's first game runs warm code paths.

Under Pyodide the first run of a code path costs much more than the next ones (pydantic-core's
first validation and serialisation of each model, the interpreter's first runs, the deck's
pool filters cached by `Deck`); a Durable Object's first game paid them inside its handlers.
The Worker calls `warm_up` at import, which Cloudflare keeps in the upload's memory snapshot, so
no request pays them. No I/O and no entropy: a fixed seed, a fixed token, a made-up clock, the
room in memory (`MemoryDatabase`), nothing logged (the runner logs only errors and ratings).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from undercover.engine.dealing import Deck
from undercover.engine.state import Room
from undercover.hosts.runner import Outbox, RoomRunner
from undercover.hosts.store import SCHEMA_TABLES, Database, Row, SqlValue
from undercover.wire.protocol import PROTOCOL_VERSION

BOTS = 5  # with the host, six seats: roles, clues, votes, an elimination, the end screen
MAX_ALARMS = 500  # a whole game of six takes about a hundred
SEED = 20261201  # fixed: the snapshot refuses entropy, and the warm-up is the same every time
START = 1_000_000.0  # a made-up clock, advanced to each deadline


class MemoryDatabase:
    """The store's statements (hosts/store.py) over one room held in memory; any other
    statement is refused, so a new one in the store shows up here as an error in the tests."""

    def __init__(self) -> None:
        self.tables = False
        self.room: Row | None = None

    def execute(self, sql: str, params: Sequence[SqlValue] = ()) -> list[Row]:
        words = " ".join(sql.split())
        if words.startswith("SELECT count(*) AS n FROM sqlite_master"):
            return [{"n": int(self.tables)}]
        if words.startswith("SELECT name FROM sqlite_master"):
            return [{"name": name} for name in SCHEMA_TABLES] if self.tables else []
        if words.startswith(("CREATE TABLE", "CREATE INDEX", "INSERT INTO meta")):
            self.tables = True
            return []
        if words.startswith("SELECT format, revision, doc FROM room"):
            return [dict(self.room)] if self.room else []
        if words.startswith("SELECT revision FROM room"):
            return [{"revision": self.room["revision"]}] if self.room else []
        if words.startswith("INSERT INTO room"):
            fmt, revision, doc = params
            self.room = {"format": fmt, "revision": revision, "doc": doc}
            return []
        raise ValueError(f"the warm-up's database does not know: {words[:60]}")


def warm_up(deck: Deck, db: Database | None = None) -> Room:
    """Play one game of a host and `BOTS` bots to its end screen (in `db`, by default a new
    `MemoryDatabase`); the room as it ends."""
    now = START
    runner = RoomRunner.create(db or MemoryDatabase(), "WARM", now, SEED, deck=deck)
    hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Warm"}
    outbox = _checked(runner.on_frame("h", {}, json.dumps(hello), now, "w" * 32))
    connections = {"h": outbox.bound}
    for command in [{"type": "add_bot"}] * BOTS + [{"type": "start_game"}]:
        room = runner.room()
        assert room is not None
        frame = json.dumps({**command, "seq": room.seq})
        outbox = _checked(runner.on_frame("h", connections, frame, now, "w" * 32))
    alarms = 0
    while outbox.alarm_at is not None:  # the host's turns time out, the bots play theirs
        if alarms == MAX_ALARMS:
            raise RuntimeError(f"the warm-up game did not end in {MAX_ALARMS} alarms")
        now = max(now, outbox.alarm_at)
        outbox = _checked(runner.on_alarm(connections, now))
        alarms += 1
    room = runner.room()
    assert room is not None
    return room


def _checked(outbox: Outbox) -> Outbox:
    """A refusal here is a bug of the warm-up or of the code it runs: fail the import."""
    refused = [frame for _, frame in outbox.frames if frame.startswith('{"type":"error"')]
    if refused or outbox.closes:
        raise RuntimeError(f"the warm-up game was refused: {refused or outbox.closes}")
    return outbox
