"""Bots through the shared runner, as both hosts run them: one person and four bots play a
whole game, the bots acting only when the room's one alarm fires; every frame the person
gets keeps the no-leak property; bots need no socket to stay connected."""

from __future__ import annotations

import json
from pathlib import Path

from tests.engine.content import builtin_deck
from undercover.hosts.runner import Outbox, RoomRunner
from undercover.hosts.store import SqliteDatabase
from undercover.tools.leaks import LeakChecker
from undercover.tools.socket_bots import next_move
from undercover.wire.codec import read_view
from undercover.wire.protocol import PROTOCOL_VERSION

CODE = "BOTSS"
TOKEN = "a-token-for-the-one-person-at-the-table"


class OnePerson:
    def __init__(self, path: Path) -> None:
        self.runner = RoomRunner.create(
            SqliteDatabase(path / "room.db"),
            CODE,
            1000.0,
            seed=1_234_567_890_123,
            deck=builtin_deck(),
        )
        self.now = 1000.0
        self.view: dict[str, object] | None = None
        self.me: str | None = None
        self.alarm_at: float | None = None
        self.frames = 0
        self.leaks = LeakChecker()
        self.hello()

    def connections(self) -> dict[str, str | None]:
        return {"c1": self.me}

    def hello(self) -> None:
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Ana", "token": None}
        self.take(self.runner.on_frame("c1", {"c1": None}, json.dumps(hello), self.now, TOKEN))

    def send(self, message: dict[str, object]) -> None:
        self.take(
            self.runner.on_frame("c1", self.connections(), json.dumps(message), self.now, "-")
        )

    def alarm(self) -> None:
        assert self.alarm_at is not None
        self.now = max(self.now, self.alarm_at)
        self.take(self.runner.on_alarm(self.connections(), self.now))

    def take(self, outbox: Outbox) -> None:
        room = self.runner.room()
        for conn, frame in outbox.frames:
            assert conn == "c1"
            message = json.loads(frame)
            assert message["type"] != "error", message
            if message["type"] == "welcome":
                self.me = message["player_id"]
            elif message["type"] == "view":
                self.view = read_view(self.view, message)
                assert room is not None
                self.leaks.check(room, self.me, self.view, (frame,))
                self.frames += 1
        self.alarm_at = outbox.alarm_at

    @property
    def seq(self) -> int:
        assert self.view is not None
        return int(str(self.view["phase_seq"]))

    @property
    def phase(self) -> str:
        assert self.view is not None
        return str(self.view["phase"])


def test_one_person_and_four_bots_play_a_whole_game_through_the_alarm(tmp_path: Path) -> None:
    table = OnePerson(tmp_path)
    for strength in ("debutant", "normal", "normal", "malin"):
        table.send({"type": "add_bot", "seq": table.seq, "strength": strength})
    table.send({"type": "start_game", "seq": table.seq})
    bot_frames = 0
    for _ in range(400):
        if table.phase == "ended":
            break
        move = next_move(table.view, table.me)
        if move is not None:  # the person's turn (a simple legal move)
            table.send(move)
            continue
        table.alarm()
        bot_frames += 1
    assert table.phase == "ended"
    room = table.runner.room()
    assert room is not None
    assert room.game is not None
    assert room.game.outcome is not None
    bots = [s for s in room.seats if s.bot is not None]
    assert len(bots) == 4
    assert all(s.connected and not s.absent for s in bots)  # no socket, never disconnected
    assert bot_frames > 10  # the bots played through the alarm
    clues = [e for e in room.game.recap if e.kind == "clue" and e.player != table.me]
    assert clues
    assert all(e.text for e in clues)  # every bot spoke in time: no skipped turn
