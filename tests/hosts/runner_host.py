"""A fake host driving the runner shared by both hosts through a real sqlite3 file: `Host`
keeps the sockets' bindings and carries out every `Outbox` (frames, closes, the one alarm); with
`hibernate=True` it builds a fresh `RoomRunner` for every call, as after hibernation.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from tests.engine.content import DECK
from undercover.bots import legal
from undercover.hosts import store
from undercover.hosts.runner import Outbox, RoomRunner
from undercover.hosts.store import SqliteDatabase
from undercover.wire import codec

START = 1_000_000.0


CODE = "ROOMS"


class Host:
    """A fake host: sockets, one alarm, frames received per socket."""

    def __init__(
        self, path: Path, *, hibernate: bool = False, seed: int = 7, sole_writer: bool = False
    ) -> None:
        self.path = path
        self.db = SqliteDatabase(path)
        self.hibernate = hibernate
        self.sole_writer = sole_writer
        self.now = START
        self.runner = RoomRunner.create(self.db, CODE, self.now, seed, deck=DECK)
        self.connections: dict[str, str | None] = {}
        self.received: dict[str, list[dict[str, Any]]] = {}
        self.closed: dict[str, tuple[int, str]] = {}
        self.alarm_at: float | None = None
        self.tokens: dict[str, str] = {}
        self.conn_of: dict[str, str] = {}
        self._ids = itertools.count(1)
        self.log: list[tuple[str, str]] = []

    # --- the host's side --------------------------------------------------------------

    def _runner(self) -> RoomRunner:
        if self.hibernate:
            db = SqliteDatabase(self.path)
            return RoomRunner(db, CODE, deck=DECK, sole_writer=self.sole_writer)
        return self.runner

    def carry_out(self, outbox: Outbox, sender: str | None = None) -> Outbox:
        if outbox.bound is not None:
            assert sender is not None
            self.connections[sender] = outbox.bound
        for conn, frame in outbox.frames:
            self.log.append((conn, frame))
            message = json.loads(frame)
            if message["type"] == "view":  # what a client holds: the recap put back together
                before = next(
                    (
                        m["view"]
                        for m in reversed(self.received.get(conn, []))
                        if m["type"] == "view"
                    ),
                    None,
                )
                message = {**message, "view": codec.read_view(before, message)}
            self.received.setdefault(conn, []).append(message)
        for conn, code, reason in outbox.closes:
            assert len(reason.encode()) <= 123
            self.connections.pop(conn, None)
            self.closed[conn] = (code, reason)
        self.alarm_at = outbox.alarm_at
        return outbox

    def open(self) -> str:
        conn = f"c{next(self._ids)}"
        self.connections[conn] = None
        return conn

    def send(self, conn: str, message: dict[str, Any] | str | bytes) -> Outbox:
        text = json.dumps(message) if isinstance(message, dict) else message
        token = f"token-{next(self._ids):04d}-0123456789abcdefghijklmnop"
        outbox = self._runner().on_frame(conn, dict(self.connections), text, self.now, token)
        return self.carry_out(outbox, conn)

    def drop(self, conn: str) -> Outbox:
        self.connections.pop(conn, None)
        return self.carry_out(self._runner().on_close(conn, dict(self.connections), self.now))

    def fire_alarm(self) -> Outbox:
        assert self.alarm_at is not None
        self.now = max(self.now, self.alarm_at)
        return self.carry_out(self._runner().on_alarm(dict(self.connections), self.now))

    def restart(self) -> Outbox:
        """The host process dies and comes back: every socket is gone."""
        self.connections.clear()
        self.runner = RoomRunner(SqliteDatabase(self.path), CODE, deck=DECK)
        return self.carry_out(self.runner.on_restart({}, self.now))

    # --- the players' side ------------------------------------------------------------

    def join(self, name: str) -> str:
        conn = self.open()
        self.send(conn, {"type": "hello", "protocol": 5, "token": None, "name": name})
        welcome = self.received[conn][0]
        assert welcome["type"] == "welcome", welcome
        self.tokens[name] = welcome["token"]
        self.conn_of[name] = conn
        return conn

    def rejoin(self, name: str) -> str:
        conn = self.open()
        self.send(conn, {"type": "hello", "protocol": 5, "token": self.tokens[name], "lang": "fr"})
        self.conn_of[name] = conn
        return conn

    def command(self, name: str, message: dict[str, Any]) -> Outbox:
        return self.send(self.conn_of[name], message)

    def last(self, conn: str, kind: str) -> dict[str, Any]:
        return next(m for m in reversed(self.received.get(conn, [])) if m["type"] == kind)

    def view(self, name: str) -> dict[str, Any]:
        view: dict[str, Any] = self.last(self.conn_of[name], "view")["view"]
        return view

    def player_id(self, name: str) -> str:
        pid = self.connections.get(self.conn_of[name])
        assert pid is not None
        return pid

    def stored(self) -> dict[str, Any]:
        record = store.read(SqliteDatabase(self.path))
        assert record is not None
        document: dict[str, Any] = json.loads(record.doc)
        return document


def names_by_id(host: Host) -> dict[str, str]:
    """The players who have a bound socket now."""
    bound = {name: host.connections.get(conn) for name, conn in host.conn_of.items()}
    return {player: name for name, player in bound.items() if player is not None}


def play_turn(host: Host, suspect: str | None = None) -> bool:
    """One legal move (`bots.legal`) by whoever is expected to act, in speaking order (or, if
    they have no socket, the deadline that will skip them), voting for `suspect` when
    possible; False once over."""
    by_id = names_by_id(host)
    view = host.view(next(iter(by_id.values())))
    if view["phase"] == "ended":
        return False
    if view["phase"] == "lobby":
        host.command(by_id[view["host"]], {"type": "start_game", "seq": view["phase_seq"]})
        return True
    game = view["game"]
    order = [*game["alive"], *(p for p in by_id if p not in game["alive"])]
    suspects = () if suspect is None else (suspect,)
    for player in (p for p in order if p in by_id):
        move = legal.simple_move(host.view(by_id[player]), player, suspects=suspects)
        if move is not None:
            host.command(by_id[player], legal.as_wire(move))
            return True
    host.fire_alarm()
    return True


def play_to_the_end(host: Host, limit: int = 500) -> None:
    for _ in range(limit):
        if not play_turn(host):
            return
    raise AssertionError("the game did not end")


def seated(tmp_path: Path, count: int = 5, **options: Any) -> Host:
    host = Host(tmp_path / "room.sqlite3", **options)
    for index in range(count):
        host.join(f"joueur{index + 1}")
    return host
