"""A tiny stand-in for the shared runner, to test the self-host's plumbing alone.

Its "game" is a counter in one SQLite row. Frames (JSON):
  {"type": "hello", "token": str | null}  -> welcome (a new token if null), bound
  {"type": "add"}                          -> counter + 1, a view to every bound connection
  {"type": "arm", "in": seconds}           -> the alarm at now + seconds
  {"type": "kick"}                         -> close the sender with 4403
  {"type": "delete"}                       -> the room asks to be deleted
anything else                              -> an error frame to the sender only
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from undercover.hosts.runner import Connections
from undercover.hosts.store import Database

_SCHEMA = "CREATE TABLE IF NOT EXISTS fake (id INTEGER PRIMARY KEY, doc TEXT NOT NULL)"


@dataclass(frozen=True)
class FakeOutbox:
    frames: tuple[tuple[str, str], ...] = ()
    closes: tuple[tuple[str, int, str], ...] = ()
    bound: str | None = None
    alarm_at: float | None = None
    delete_room: bool = False


class FakeRunner:
    def __init__(self, db: Database, code: str) -> None:
        self.db = db
        self.code = code
        db.execute(_SCHEMA)

    def _doc(self) -> dict[str, Any] | None:
        rows = self.db.execute("SELECT doc FROM fake WHERE id = 1")
        return json.loads(str(rows[0]["doc"])) if rows else None

    def _save(self, doc: dict[str, Any]) -> None:
        self.db.execute("INSERT OR REPLACE INTO fake (id, doc) VALUES (1, ?)", (json.dumps(doc),))

    def exists(self) -> bool:
        return self._doc() is not None

    def summary(self, now: float) -> dict[str, object]:
        doc = self._doc() or {"seats": {}}
        return {"code": self.code, "status": "lobby", "players": len(doc["seats"])}

    def greets_a_seat(self, text: str | bytes) -> bool:
        try:
            message = json.loads(text)
        except ValueError:
            return False
        doc = self._doc()
        seated = doc["seats"] if doc is not None else {}
        return isinstance(message, dict) and message.get("token") in seated

    def _views(self, doc: dict[str, Any], connections: Connections) -> tuple[tuple[str, str], ...]:
        view = json.dumps({"type": "view", "counter": doc["counter"], "fired": doc["fired"]})
        return tuple((conn, view) for conn, player in connections.items() if player is not None)

    def on_frame(
        self, conn: str, connections: Connections, text: str | bytes, now: float, new_token: str
    ) -> FakeOutbox:
        doc = self._doc()
        assert doc is not None
        try:
            message = json.loads(text)
            kind = message["type"]
        except (ValueError, KeyError, TypeError):
            return FakeOutbox(frames=((conn, '{"type":"error","code":"bad"}'),))
        alarm = doc["alarm_at"]
        if kind == "hello":
            token = message["token"] or new_token
            player = doc["seats"].setdefault(token, f"p{len(doc['seats']) + 1}")
            self._save(doc)
            welcome = json.dumps({"type": "welcome", "player_id": player, "token": token})
            live = {**connections, conn: player}
            return FakeOutbox(((conn, welcome), *self._views(doc, live)), (), player, alarm)
        if kind == "add":
            doc["counter"] += 1
            self._save(doc)
            return FakeOutbox(self._views(doc, connections), alarm_at=alarm)
        if kind == "arm":
            doc["alarm_at"] = now + float(message["in"])
            self._save(doc)
            return FakeOutbox(alarm_at=doc["alarm_at"])
        if kind == "kick":
            closed = '{"type":"closed","reason":"kicked"}'
            return FakeOutbox(((conn, closed),), ((conn, 4403, "kicked"),), alarm_at=alarm)
        if kind == "delete":
            return FakeOutbox(delete_room=True)
        return FakeOutbox(frames=((conn, '{"type":"error","code":"unknown"}'),), alarm_at=alarm)

    def on_close(self, conn: str, connections: Connections, now: float) -> FakeOutbox:
        doc = self._doc()
        assert doc is not None
        doc["closes"] += 1
        self._save(doc)
        return FakeOutbox(alarm_at=doc["alarm_at"])

    def on_alarm(self, connections: Connections, now: float) -> FakeOutbox:
        doc = self._doc()
        assert doc is not None
        if doc["alarm_at"] is None or now < doc["alarm_at"]:
            return FakeOutbox(alarm_at=doc["alarm_at"])
        doc["alarm_at"] = None
        doc["fired"] += 1
        self._save(doc)
        return FakeOutbox(self._views(doc, connections))

    def on_restart(self, connections: Connections, now: float) -> FakeOutbox:
        doc = self._doc()
        assert doc is not None
        doc["restarts"] += 1
        self._save(doc)
        return FakeOutbox(alarm_at=doc["alarm_at"])


class FakeEngine:
    def open(self, db: Database, code: str) -> FakeRunner:
        return FakeRunner(db, code)

    def create(self, db: Database, code: str, now: float, seed: int) -> FakeRunner:
        runner = FakeRunner(db, code)
        doc = {"seats": {}, "counter": 0, "fired": 0, "alarm_at": None, "closes": 0, "restarts": 0}
        runner._save(doc)
        return runner
