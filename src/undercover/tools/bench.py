"""`undercover bench`: what one input costs a 20-player room, measured through the runner.

Each input goes the whole way a host sends it: frame → decode → load (the stored row, the
parsed room reused when unchanged) → apply → saved in an on-disk SQLite file with the
self-host's settings (WAL, synchronous=NORMAL) → every player's view serialised. Beside it,
in the same run, the floor: `json.dumps` of the same 20 views alone. Bots keep the game
long (everyone votes out a civilian), so the recap grows as in a real long game.
Times are given twice: wall clock, and this thread's CPU time (what a Worker is billed
for, and steadier on a shared machine; it leaves out waiting on the disk). The bytes of each
view frame sent at clue round 10 are counted too (what one socket receives per input). Prints JSON;
docs/benchmarks.md records the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from undercover.bots import legal
from undercover.engine.dealing import Deck
from undercover.engine.state import Room
from undercover.engine.view import view_for
from undercover.hosts.runner import Outbox, RoomRunner
from undercover.hosts.store import SqliteDatabase
from undercover.rules import Role
from undercover.themes.builtin import builtin_catalog

CODE = "BENCH"
START = 1_800_000_000.0
REBUILD_ROUND = 10


class _Room:
    """One benchmarked room: a runner over an on-disk database, and its players' sockets."""

    def __init__(self, directory: Path, players: int, seed: int, deck: Deck) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / f"{CODE}-{seed}.sqlite3"
        self.db = SqliteDatabase(self.path)
        self.now = START
        self.runner = RoomRunner.create(self.db, CODE, self.now, seed, deck=deck)
        self.deck = deck
        self.connections: dict[str, str | None] = {}
        self.alarm_at: float | None = None
        for index in range(players):
            conn = f"c{index}"
            self.connections[conn] = None
            hello = {"type": "hello", "protocol": 5, "token": None, "name": f"Joueur {index + 1}"}
            self.frame(conn, hello, token=f"bench-seat-token-{seed}-{index:02d}-0123456789")
        self.conn_of = {player: conn for conn, player in self.connections.items() if player}

    def frame(self, conn: str, message: dict[str, Any], token: str = "") -> Outbox:
        outbox = self.runner.on_frame(conn, self.connections, json.dumps(message), self.now, token)
        return self._carry_out(outbox, conn)

    def alarm(self) -> Outbox:
        assert self.alarm_at is not None
        self.now = max(self.now, self.alarm_at)
        return self._carry_out(self.runner.on_alarm(self.connections, self.now))

    def _carry_out(self, outbox: Outbox, conn: str | None = None) -> Outbox:
        if outbox.bound is not None and conn is not None:
            self.connections[conn] = outbox.bound
        for closed, _, _ in outbox.closes:
            self.connections.pop(closed, None)
        self.alarm_at = outbox.alarm_at
        return outbox

    @property
    def room(self) -> Room:
        room = self.runner.room()
        assert room is not None
        return room

    def next_input(self) -> Callable[[], Outbox] | None:
        """The next legal input of a long game (`bots.legal`, every ballot against a
        civilian), or None once it is over."""
        room = self.room
        if room.phase.kind == "lobby":
            message = {"type": "start_game", "seq": room.seq}
            return lambda: self.frame(self.conn_of[room.host or ""], message)
        game = room.game
        assert game is not None
        if room.phase.kind == "ended":
            return None
        civilians = [p for p in game.alive if game.roles[p] is Role.CIVILIAN]
        for player, conn in self.conn_of.items():
            view = view_for(room, player, self.now, self.deck)
            move = legal.simple_move(view, player, suspects=civilians)
            if move is not None:
                return lambda: self.frame(conn, legal.as_wire(move))
        return self.alarm


Timing = tuple[int, int]  # (wall, CPU of this thread), nanoseconds


def _timed(work: Callable[[], object]) -> Timing:
    wall, cpu = time.perf_counter_ns(), time.thread_time_ns()
    work()
    return time.perf_counter_ns() - wall, time.thread_time_ns() - cpu


def _timed_input(step: Callable[[], Outbox]) -> tuple[Timing, Outbox]:
    wall, cpu = time.perf_counter_ns(), time.thread_time_ns()
    outbox = step()
    return (time.perf_counter_ns() - wall, time.thread_time_ns() - cpu), outbox


def _floor(room: Room, viewers: Sequence[str], now: float, deck: Deck) -> Timing:
    views = [view_for(room, viewer, now, deck) for viewer in viewers]
    return _timed(lambda: [json.dumps(view, separators=(",", ":")) for view in views])


def _rebuild(path: Path, repeats: int, deck: Deck) -> list[Timing]:
    """A fresh runner over a fresh connection each time, as a woken Durable Object."""
    timings = []
    for _ in range(repeats):
        db = SqliteDatabase(path)
        runner = RoomRunner(db, CODE, deck=deck)
        timings.append(_timed(runner.room))
        db.close()
    return timings


def run(
    players: int = 20,
    games: int = 3,
    rebuild_repeats: int = 200,
    seed: int = 1,
    rebuild_round: int = REBUILD_ROUND,
    deck: Deck | None = None,
) -> dict[str, Any]:
    """Play `games` long games of `players` bots; time every input from the first clue on.

    Each game is played twice from the same seed (the same inputs): back to back, as a busy
    host meets them, then with the floor computed between inputs, which leaves the CPU caches
    cold for the next input (`input_cold_ms`), closer to a host where other rooms ran since.
    """
    deck = deck or Deck(builtin_catalog())
    inputs: list[Timing] = []
    cold: list[Timing] = []
    floors: list[Timing] = []
    rows: list[int] = []
    written: list[int] = []
    rebuilds: list[Timing] = []
    document_bytes = 0
    frame_bytes: list[int] = []  # each view frame of the inputs at clue round `rebuild_round`
    input_bytes: list[int] = []  # all the view frames of one such input
    with tempfile.TemporaryDirectory(prefix="undercover-bench-") as directory:
        for game_number in range(games):
            table = _Room(Path(directory) / "warm", players, seed + game_number, deck)
            while (step := table.next_input()) is not None:
                mid_game = table.room.phase.kind in ("clues", "voting", "reveal")
                rows_before, bytes_before = table.db.rows_written, table.db.bytes_written
                before = table.room.game
                at_round = before is not None and before.clue_round == rebuild_round
                timing, outbox = _timed_input(step)
                if at_round:
                    views = [len(f) for _, f in outbox.frames if f.startswith('{"type":"view"')]
                    frame_bytes.extend(views)
                    input_bytes.append(sum(views))
                rows.append(table.db.rows_written - rows_before)
                written.append(table.db.bytes_written - bytes_before)
                if mid_game:
                    inputs.append(timing)
                game = table.room.game
                if not rebuilds and game is not None and game.clue_round >= rebuild_round:
                    rebuilds = _rebuild(table.path, rebuild_repeats, deck)
                    document_bytes = len(table.room.model_dump_json().encode())
            table.db.close()
            table = _Room(Path(directory) / "cold", players, seed + game_number, deck)
            viewers = list(table.conn_of)
            while (step := table.next_input()) is not None:
                mid_game = table.room.phase.kind in ("clues", "voting", "reveal")
                timing = _timed(step)
                if mid_game:
                    cold.append(timing)
                    floors.append(_floor(table.room, viewers, table.now, deck))
            table.db.close()
    wall = statistics.median(t[0] for t in inputs) / statistics.median(t[0] for t in floors)
    cpu = statistics.median(t[1] for t in inputs) / statistics.median(t[1] for t in floors)
    return {
        "python": sys.version.split()[0],
        "players": players,
        "games": games,
        "inputs_measured": len(inputs),
        "input_ms": _summary(inputs),
        "input_cold_ms": _summary(cold),
        "floor_ms": _summary(floors),
        "ratio_to_floor": {"wall": round(wall, 3), "cpu": round(cpu, 3)},
        "rebuild_ms": _summary(rebuilds) if rebuilds else None,
        "rebuild_at_round": rebuild_round if rebuilds else None,
        "rebuild_document_bytes": document_bytes,
        "view_frame_bytes": {
            "at_round": rebuild_round,
            "inputs": len(input_bytes),
            "per_socket_median": statistics.median(frame_bytes) if frame_bytes else None,
            "per_socket_p90": _percentile(frame_bytes, 0.9),
            "per_socket_max": max(frame_bytes, default=None),
            "per_input_median": statistics.median(input_bytes) if input_bytes else None,
        },
        "rows_per_input": {"max": max(rows), "mean": round(statistics.mean(rows), 3)},
        "bytes_per_input": {"max": max(written), "mean": round(statistics.mean(written))},
        "targets": {
            "input_median_ms": 1.0,
            "ratio_to_floor": 2.0,
            "rebuild_ms": 1.0,
            "rows_per_input": 2,
            "view_frame_bytes_per_socket_median": 1024,
        },
    }


def _percentile(values: Sequence[int], share: float) -> int | None:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else None


def _summary(timings: Sequence[Timing]) -> dict[str, float]:
    """Median and p99 in milliseconds, of wall time and of this thread's CPU time."""
    summary = {}
    for index, clock in enumerate(("wall", "cpu")):
        ordered = sorted(t[index] for t in timings)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        summary[f"{clock}_median"] = round(statistics.median(ordered) / 1e6, 4)
        summary[f"{clock}_p99"] = round(p99 / 1e6, 4)
    return summary


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="undercover bench", description=__doc__)
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--games", type=int, default=3, help="whole games played (default 3)")
    parser.add_argument("--rebuild-repeats", type=int, default=200)
    parser.add_argument("--rebuild-round", type=int, default=REBUILD_ROUND)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    report = run(args.players, args.games, args.rebuild_repeats, args.seed, args.rebuild_round)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
