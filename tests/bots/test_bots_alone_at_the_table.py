"""When only bots are still alive, the people watching keep the room running: an eliminated
person whose socket drops and comes back finds the game moving, and it reaches the end
screen (through the shared runner, as both hosts run it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.engine.content import builtin_deck
from undercover.bots.legal import as_wire, simple_move
from undercover.hosts.runner import Outbox, RoomRunner
from undercover.hosts.store import SqliteDatabase
from undercover.wire.codec import read_view
from undercover.wire.protocol import PROTOCOL_VERSION

PEOPLE = ("Ana", "Bea")


class Table:
    """Two people (one socket each) and seven bots; the people vote against each other."""

    def __init__(self, path: Path, seed: int) -> None:
        self.runner = RoomRunner.create(
            SqliteDatabase(path / f"room{seed}.db"), "ALONE", 1000.0, seed=seed, deck=builtin_deck()
        )
        self.now = 1000.0
        self.live: dict[str, str | None] = {}
        self.views: dict[str, dict[str, Any]] = {}
        self.ids: dict[str, str] = {}
        self.tokens: dict[str, str] = {}
        self.alarm_at: float | None = None
        for name in PEOPLE:
            self.hello(name, None)

    def hello(self, name: str, token: str | None) -> None:
        self.live[name] = None  # a new socket: bound by its welcome
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, "token": token}
        self.take(
            name,
            self.runner.on_frame(
                name,
                self.live,
                json.dumps(hello),
                self.now,
                f"a-long-enough-token-for-{name.lower()}-0123456789",
            ),
        )

    def send(self, name: str, message: dict[str, Any]) -> None:
        self.take(name, self.runner.on_frame(name, self.live, json.dumps(message), self.now, "-"))

    def drop(self, name: str) -> None:
        del self.live[name]
        self.take(name, self.runner.on_close(name, self.live, self.now))

    def alarm(self) -> None:
        assert self.alarm_at is not None
        self.now = max(self.now, self.alarm_at)
        self.take(None, self.runner.on_alarm(self.live, self.now))

    def take(self, sender: str | None, outbox: Outbox) -> None:
        for conn, frame in outbox.frames:
            message = json.loads(frame)
            if message["type"] == "welcome":
                self.ids[conn] = self.live[conn] = message["player_id"]
                self.tokens[conn] = message["token"]
            elif message["type"] == "view":
                self.views[conn] = read_view(self.views.get(conn), message)
            assert message["type"] != "error" or conn != sender, message
        self.alarm_at = outbox.alarm_at

    def view(self) -> dict[str, Any]:
        return next(v for name, v in self.views.items() if name in self.live)

    def play_people(self) -> bool:
        """Each person's legal move, if one is awaited; True if someone played."""
        for name in PEOPLE:
            if name not in self.live:
                continue
            others = [self.ids[n] for n in PEOPLE if n != name]
            move = simple_move(self.views.get(name), self.ids[name], suspects=others)
            if move is not None:
                self.send(name, as_wire(move))
                return True
        return False

    def alive_people(self) -> list[str]:
        alive = self.view()["game"]["alive"]
        return [n for n in PEOPLE if self.ids[n] in alive]


def _only_bots_alive(path: Path, seed: int) -> Table | None:
    table = Table(path, seed)
    host = PEOPLE[0]
    for strength in ("normal",) * 7:
        table.send(
            host, {"type": "add_bot", "seq": table.view()["phase_seq"], "strength": strength}
        )
    table.send(host, {"type": "start_game", "seq": table.view()["phase_seq"]})
    for _ in range(2000):
        view = table.view()
        if view["phase"] == "ended":
            return None
        if view["phase"] in ("clues", "voting") and not table.alive_people():
            return table
        if not table.play_people():
            table.alarm()
    raise AssertionError("the game neither ended nor lost its people")


def test_an_eliminated_person_coming_back_resumes_a_table_of_bots(tmp_path: Path) -> None:
    table = next(t for s in range(1, 40) if (t := _only_bots_alive(tmp_path, s)) is not None)
    name = PEOPLE[1]
    table.drop(name)
    paused = table.runner.room()
    assert paused is not None
    assert paused.paused_at is None  # the other person still watches: it runs on
    table.drop(PEOPLE[0])  # nobody left in the room: now it pauses
    room = table.runner.room()
    assert room is not None
    assert room.paused_at is not None
    table.now += 0.3
    table.hello(name, table.tokens[name])  # one of them comes back with its token
    resumed = table.runner.room()
    assert resumed is not None
    assert resumed.paused_at is None
    for _ in range(2000):
        if table.views[name]["phase"] == "ended":
            break
        table.alarm()
    assert table.views[name]["phase"] == "ended"


def _started(path: Path, seed: int, **settings: bool) -> Table:
    table = Table(path, seed)
    host = PEOPLE[0]
    if settings:
        seq = table.view()["phase_seq"]
        table.send(host, {"type": "update_settings", "seq": seq, "changes": settings})
    for _ in range(5):
        table.send(
            host, {"type": "add_bot", "seq": table.view()["phase_seq"], "strength": "normal"}
        )
    table.send(host, {"type": "start_game", "seq": table.view()["phase_seq"]})
    return table


def test_anyone_arriving_resumes_a_game_bots_still_play(tmp_path: Path) -> None:
    """Both people still play but are away: a newcomer watching is enough, the bots carry
    the game (the people's turns are skipped once their grace ends)."""
    table = _started(tmp_path, 3, clue_timer=False, vote_timer=False)
    for name in PEOPLE:
        table.drop(name)
    paused = table.runner.room()
    assert paused is not None
    assert paused.paused_at is not None
    table.now += 5.0
    table.hello("Cleo", None)
    resumed = table.runner.room()
    assert resumed is not None
    assert resumed.paused_at is None
    for _ in range(2000):
        if table.views["Cleo"]["phase"] == "ended":
            break
        table.alarm()
    assert table.views["Cleo"]["phase"] == "ended"


def test_a_return_after_a_restart_finds_the_bots_playing(tmp_path: Path) -> None:
    """As a Durable Object does when its first socket opens (`on_restart`): the restart puts
    the dropped seats' graces and the bots' turns at the same instant; the bots still play
    (a bot's turn is never passed for a timer due with it), with no clue timer to end it."""
    table = _started(tmp_path, 5, clue_timer=False, vote_timer=False)
    while not _a_bot_to_speak(table.view()):  # its turn has no end but its clue
        if not table.play_people():
            table.alarm()
    name = PEOPLE[1]
    for person in PEOPLE:
        table.drop(person)
    table.now += 0.3
    table.take(None, table.runner.on_restart({name: None}, table.now))
    table.hello(name, table.tokens[name])
    for _ in range(3000):
        if table.views[name]["phase"] == "ended":
            break
        if not table.play_people():
            table.alarm()
    assert table.views[name]["phase"] == "ended"


def _a_bot_to_speak(view: dict[str, Any]) -> bool:
    game = view["game"] or {}
    bots = {p["player_id"] for p in view["players"] if p.get("bot")}
    return view["phase"] == "clues" and game.get("stage") == "clue" and game["speaker"] in bots
