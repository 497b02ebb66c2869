"""`undercover simulate --rooms`: bot tables played through the room engine and its storage.

Each room gets a fresh SQLite database and a `RoomRunner`, exactly as a host drives it: bots
join, say hello again with their seat token after dropping, miss timers (the clock jumps to the
room's alarm), change votes, abstain, get kicked, send hostile frames, and the host replays
("Rejouer"). Every frame sent to every bot goes through the leak checker (`tools/leaks.py`).
"""

from __future__ import annotations

import json
import random
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from undercover.bots import legal
from undercover.engine.dealing import Deck
from undercover.hosts.runner import ConnectionId, Outbox, RoomRunner
from undercover.hosts.store import SqliteDatabase
from undercover.rules import Game
from undercover.themes.builtin import builtin_catalog
from undercover.tools.leaks import LeakChecker
from undercover.wire.codec import read_view
from undercover.wire.protocol import PROTOCOL_VERSION

Json = dict[str, Any]
TICKS_PER_GAME = 4000  # the simulator's budget; a game bug shows as a stall before it runs out
STALL_TICKS = 1500  # ~1,500 s of room time: longer than any phase's timer
HOSTILE_FRAMES = (
    "not json",
    "[]",
    '{"type": "cast_vote"}',
    '{"type": "give_clue", "seq": 0, "text": "<script>x</script>"}',
    '{"type": "update_settings", "seq": 0, "changes": {"vote_seconds": 9999}}',
    '{"type": "kick", "player_id": "nobody"}',
    '{"type": "hello", "protocol": 5, "token": null, "name": "again"}',
    '{"type": "nope"}',
    "x" * 5000,
)


class InvariantBroken(Exception):
    """The room engine broke a promise: a game bug, not the simulator's."""


class ToolFailure(Exception):
    """The simulator itself could not go on (its bots, its clock): no verdict on the game."""


@dataclass
class Bot:
    name: str
    conn: ConnectionId | None = None
    token: str | None = None
    player_id: str | None = None
    view: Json | None = None
    kicked: bool = False


@dataclass
class RoomReport:
    games: int = 0
    inputs: int = 0
    frames_checked: int = 0
    events: Counter[str] = field(default_factory=Counter)


class Table:
    """One room, its bots, its clock and its one alarm."""

    def __init__(self, runner: RoomRunner, players: int, rng: random.Random, now: float) -> None:
        self.runner = runner
        self.rng = rng
        self.now = now
        self.bots = [Bot(f"Bot {i}") for i in range(players)]
        self.alarm_at: float | None = None
        self.report = RoomReport()
        self._next_conn = 0
        self._next_bot = players
        self.seat_bots = 0  # the host seats this many bots (docs/bots.md) before each start
        self.leaks = LeakChecker()

    # --- connections -------------------------------------------------------------------

    def connections(self) -> dict[ConnectionId, str | None]:
        return {b.conn: b.player_id for b in self.bots if b.conn is not None}

    def connect(self, bot: Bot) -> None:
        self._next_conn += 1
        bot.conn, bot.view = f"c{self._next_conn}", None  # a new socket holds no view yet
        hello = {
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "token": bot.token,
            "name": bot.name,
        }
        self.send(bot, json.dumps(hello))

    def drop(self, bot: Bot) -> None:
        assert bot.conn is not None
        conn, bot.conn = bot.conn, None
        bot.player_id = None  # a new connection is bound again by its hello
        self.deliver(self.runner.on_close(conn, self.connections(), self.now))

    def send(self, bot: Bot, frame: str) -> None:
        assert bot.conn is not None
        self.report.inputs += 1
        token = "".join(self.rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(32))
        outbox = self.runner.on_frame(bot.conn, self.connections(), frame, self.now, token)
        if outbox.bound is not None:
            bot.player_id = outbox.bound
        self.deliver(outbox)

    def deliver(self, outbox: Outbox) -> None:
        by_conn = {b.conn: b for b in self.bots if b.conn is not None}
        room = self.runner.room()
        for conn, frame in outbox.frames:
            bot = by_conn[conn]
            message = json.loads(frame)
            if message["type"] == "welcome":
                bot.token, bot.player_id = message["token"], message["player_id"]
            elif message["type"] == "view":
                bot.view = read_view(bot.view, message)
                if room is not None:
                    self.leaks.check(room, bot.player_id, bot.view, (frame,))
                self.report.frames_checked += 1
            elif message["type"] == "closed" and message["reason"] == "kicked":
                bot.kicked = True
                self.replace(bot)
            elif message["type"] == "error":
                if message["code"] == "server.internal":
                    raise InvariantBroken("the server failed on an input (server.internal)")
                self.report.events[f"error:{message['code']}"] += 1
        for conn, _, _ in outbox.closes:
            for bot in self.bots:
                if bot.conn == conn:
                    bot.conn, bot.player_id = None, None
        self.alarm_at = outbox.alarm_at

    def replace(self, kicked: Bot) -> None:
        """A kicked bot's place goes to a newcomer (a spectator until "Rejouer"), as a real
        table would invite someone: otherwise kicks would empty the table."""
        self._next_bot += 1
        self.bots.append(Bot(f"Bot {self._next_bot}"))
        self.report.events["replaced"] += 1

    # --- one tick ----------------------------------------------------------------------

    def tick(self) -> None:
        rng = self.rng
        self.now += rng.uniform(0.05, 2.0)
        roll = rng.random()
        online = [b for b in self.bots if b.conn is not None and b.view is not None]
        offline = [b for b in self.bots if b.conn is None and not b.kicked]
        room = self.runner.room()
        if room is None:
            raise InvariantBroken("the room was deleted while its players were at the table")
        if offline and (room.paused_at is not None or not online):
            # Nobody at the table is connected: the only alarm is the idle cleanup. A table
            # does not wait an hour; someone comes back (the clock never jumps past it).
            self.report.events["reconnect"] += 1
            self.connect(rng.choice(offline))
        elif self.alarm_at is not None and (roll < 0.08 or not online):
            self.now = max(self.now, self.alarm_at)
            self.report.events["alarm"] += 1
            self.deliver(self.runner.on_alarm(self.connections(), self.now))
        elif offline and roll < 0.25:
            self.report.events["reconnect"] += 1
            self.connect(rng.choice(offline))
        elif online and roll < 0.28:
            self.report.events["disconnect"] += 1
            self.drop(rng.choice(online))
        elif online and roll < 0.30:
            self.report.events["hostile_frame"] += 1
            self.hostile(rng.choice(online))
        elif online:
            # Mostly whoever the table waits for (a real table does not tap at random).
            waited = [b for b in online if b.view and b.player_id in waited_for(b.view)]
            self.act(rng.choice(waited if waited and rng.random() < 0.7 else online))

    def hostile(self, bot: Bot) -> None:
        """A refused frame must change nothing at all (deadlines due are settled first)."""
        if self.alarm_at is not None and self.alarm_at <= self.now:
            self.deliver(self.runner.on_alarm(self.connections(), self.now))
        before = self.runner.room()
        errors = self.report.events.total()
        self.send(bot, self.rng.choice(HOSTILE_FRAMES))
        if self.runner.room() != before:
            raise InvariantBroken("a refused frame changed the room")
        if self.report.events.total() != errors + 1:
            raise InvariantBroken("a refused frame got no error, or more than one")

    def act(self, bot: Bot) -> None:
        assert bot.view is not None
        move = self._seat_a_bot(bot.view, bot.player_id) or choose_move(
            bot.view, bot.player_id, self.rng, self.runner
        )
        if move is not None:
            if move["type"] in {"kick", "cast_vote", "rematch", "guess"}:
                self.report.events[move["type"]] += 1
            self.send(bot, json.dumps(move))
            if move["type"] == "rematch":
                self.report.games += 1

    def _seat_a_bot(self, view: Json, me: str | None) -> Json | None:
        """The host's `add_bot` while fewer than `seat_bots` bots sit (strength at random)."""
        if view["phase"] != "lobby" or view["host"] != me:
            return None
        seated = [p for p in view["players"] if p["status"] == "seated"]
        if sum(1 for p in seated if p.get("bot")) >= self.seat_bots or len(seated) >= 20:
            return None
        strength = self.rng.choice(["debutant", "normal", "malin"])
        return {"type": "add_bot", "seq": view["phase_seq"], "strength": strength}


def waited_for(view: Json) -> set[str]:
    """The players this view says the room waits for."""
    phase, game = view["phase"], view.get("game") or {}
    if phase in ("lobby", "ended"):
        return {view["host"]}
    if phase == "role_reveal":
        return set(game.get("alive", [])) - set(view["confirmed"])
    if phase == "clues":
        return {game["proposer"] if game["stage"] == "theme" else game["speaker"]}
    if phase == "voting":
        return set(game["alive"]) - set(game["voters"])
    if phase == "guess":
        return {view["guesser"]}
    return set()


def choose_move(view: Json, me: str | None, rng: random.Random, runner: RoomRunner) -> Json | None:
    """A random legal-looking move from what this bot sees (sometimes an illegal one)."""
    phase, seq = view["phase"], view["phase_seq"]
    is_host = view["host"] == me
    seated = [p["player_id"] for p in view["players"] if p["status"] not in {"kicked", "none"}]
    if is_host and phase != "lobby" and rng.random() < 0.01:
        others = [p for p in seated if p != me]
        if others:
            return {"type": "kick", "player_id": rng.choice(others)}
    if phase == "lobby":
        if is_host and len(seated) >= 3:
            if rng.random() < 0.3:
                changes = {
                    "mode": rng.choice(["classic", "grade"]),
                    "mr_white": len(seated) >= 5 and rng.random() < 0.7,
                    "clue_rounds_per_vote": rng.randint(1, 2),
                    "reveal_on_elimination": rng.random() < 0.7,
                    "reveal_word": rng.random() < 0.5,
                }
                return {"type": "update_settings", "seq": seq, "changes": changes}
            return {"type": "start_game", "seq": seq}
        return None
    if phase == "ended":
        return {"type": "rematch", "seq": seq} if is_host else None
    kind = legal.turn(view, me)
    if kind == "clue":
        return {"type": "give_clue", "seq": seq, "text": rng.choice(["grand", "rouge", "vieux"])}
    if kind == "guess":
        room = runner.room()
        right = room is not None and room.game is not None and rng.random() < 0.5
        text = _right_answer(room.game) if right and room and room.game else "Pomme de terre"
        return {"type": "guess", "seq": seq, "text": text}
    if kind == "vote":  # any ballot or an abstention, changed at will
        return legal.as_wire(rng.choice(list(legal.moves(view, me))))
    move = legal.simple_move(view, me)
    return None if move is None else legal.as_wire(move)


def _right_answer(game: Game) -> str:
    if game.grades is not None:
        return str(game.grades.civilian)
    return game.words.civilian if game.words else "?"


def play_room(
    players: int, seed: int, games: int, directory: Path, deck: Deck, seat_bots: int = 0
) -> RoomReport:
    """Play `games` games in one room of `players` bots, through a real SQLite file."""
    rng = random.Random(seed)
    db = SqliteDatabase(directory / f"room-{seed}.sqlite3")
    try:
        runner = RoomRunner.create(
            db, "SIMUL", now=1_000_000.0, seed=rng.getrandbits(62), deck=deck
        )
        table = Table(runner, players, rng, now=1_000_000.0)
        table.seat_bots = seat_bots
        for bot in table.bots:
            table.connect(bot)
        seq, still = -1, 0
        for _ in range(TICKS_PER_GAME * games):
            if table.report.games >= games:
                break
            table.tick()
            room = runner.room()
            assert room is not None  # tick() checks it
            seq, still = room.seq, (still + 1 if room.seq == seq else 0)
            # Every phase but the lobby and the end has a timer, and the clock moves about a
            # second a tick: a phase this still is a stalled game.
            if still > STALL_TICKS and room.phase.kind not in ("lobby", "ended"):
                raise InvariantBroken(f"room {seed}: the {room.phase.kind} phase never ended")
        else:
            raise ToolFailure(f"room {seed}: the bots did not finish {games} games in time")
        return table.report
    finally:
        db.close()


def simulate_rooms(players: int, rooms: int, games: int, seed: int, seat_bots: int = 0) -> Json:
    total = RoomReport()
    deck = Deck(builtin_catalog())
    with tempfile.TemporaryDirectory(prefix="undercover-sim-") as folder:
        for number in range(rooms):
            report = play_room(
                players, seed * 1_000_003 + number, games, Path(folder), deck, seat_bots
            )
            total.games += report.games
            total.inputs += report.inputs
            total.frames_checked += report.frames_checked
            total.events.update(report.events)
    return {
        "rooms": rooms,
        "games": total.games,
        "inputs": total.inputs,
        "frames_checked_for_leaks": total.frames_checked,
        "events": dict(sorted(total.events.items())),
    }
