"""`undercover loadtest`: bot rooms over real WebSockets against a running server, on loopback.

Each room seats `--players` bots that play whole games (and "Rejouer") at a fixed pace:
one input per room every 0.5-1.5 s (uniform; `--rate 1`); during the game's own pauses
(reveal, vote grace) the host toggles the room lock instead, a real input too. For every
input the tool measures the time until every player of the room has received the
view that follows it. It prints p50/p99 of that latency, messages per second and
errors; `--find-max` searches the largest number of rooms that keeps p99 ≤ 50 ms with
no error. Bounded: loopback only, at most `MAX_ROOMS` rooms, `MAX_DURATION` seconds a run.

Start the server for it with `--loopback-unlimited` (room creation is rate-limited per
address otherwise): `undercover serve --loopback-unlimited`. Rooms play at the real game
clock, without the optional clue and vote timers.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import ipaddress
import json
import random
import socket
import statistics
import sys
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from typing import Final
from urllib.parse import urlsplit

from undercover.hosts.local.app import raise_file_limit
from undercover.tools.socket_bots import Json, Player, WebSocketTransport, phase_of, socket_url

MAX_ROOMS: Final = 1000
MAX_PLAYERS: Final = 20
MAX_DURATION: Final = 600.0
TARGET_P99_MS: Final = 50.0
MAX_SEARCH_STEPS: Final = 8
VIEW_TIMEOUT_SECONDS: Final = 5.0
CONNECT_CONCURRENCY: Final = 32
# Between two runs of a search: the previous run's bots have just left, and their rooms'
# reconnection graces (12 s) then expire; let that settle before measuring again.
SETTLE_SECONDS: Final = 20.0


class RefusedTargetError(ValueError):
    """The URL does not point at this machine."""


def require_loopback(url: str) -> None:
    """Refuse anything but this machine: the tool is a load generator."""
    host = urlsplit(url).hostname
    if host is None:
        raise RefusedTargetError(f"no host in {url!r}")
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except OSError as error:
        raise RefusedTargetError(f"cannot resolve {host!r}: {error}") from None
    for address in addresses:
        if not ipaddress.ip_address(str(address).split("%")[0]).is_loopback:
            raise RefusedTargetError(f"{host} is not a loopback address ({address}): refused")


@dataclass
class Report:
    rooms: int
    players: int
    seconds: float
    inputs: int
    inputs_per_second: float
    latency_p50_ms: float | None
    latency_p99_ms: float | None
    latency_max_ms: float | None
    messages_per_second: float
    errors: int
    error_kinds: dict[str, int]

    def holds(self) -> bool:
        p99 = self.latency_p99_ms
        return self.errors == 0 and p99 is not None and p99 <= TARGET_P99_MS

    def lines(self) -> str:
        def ms(value: float | None) -> str:
            return "n/a" if value is None else f"{value:.1f} ms"

        return (
            f"rooms {self.rooms} x {self.players} players, {self.seconds:.0f} s: "
            f"{self.inputs} inputs ({self.inputs_per_second:.1f}/s), "
            f"latency p50 {ms(self.latency_p50_ms)} p99 {ms(self.latency_p99_ms)} "
            f"max {ms(self.latency_max_ms)}, {self.messages_per_second:.0f} messages/s, "
            f"{self.errors} errors {self.error_kinds or ''}"
        ).rstrip()


@dataclass
class _Pending:
    revision: int
    sent_at: float
    waiting: set[str]


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.inputs = 0
        self.messages = 0
        self.errors: dict[str, int] = {}
        self.recording = False

    def error(self, kind: str) -> None:
        if self.recording:
            self.errors[kind] = self.errors.get(kind, 0) + 1


class LoadRoom:
    """One room of bots at a fixed pace, measuring input → every player's next view."""

    def __init__(self, code: str, players: list[Player], stats: Stats, rate: float) -> None:
        self.code = code
        self.players = players
        self.stats = stats
        self.rate = rate
        self.pending: _Pending | None = None
        self.revision = -1
        for player in players:
            player.on_view = self._on_view

    def _on_view(self, player: Player, message: Json, received_at: float) -> None:
        self.stats.messages += 1
        self.revision = max(self.revision, int(message["seq"]))
        pending = self.pending
        if pending is None or message["seq"] <= pending.revision:
            return
        pending.waiting.discard(player.name)
        if not pending.waiting:
            if self.stats.recording:
                self.stats.latencies.append((received_at - pending.sent_at) * 1000)
            self.pending = None

    async def run(self, stop_at: float, rng: random.Random) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.sleep(rng.uniform(0, 1 / self.rate))
        while loop.time() < stop_at:
            if self.pending is not None:
                if time.perf_counter() - self.pending.sent_at > VIEW_TIMEOUT_SECONDS:
                    self.stats.error("view_timeout")
                    self.pending = None
            else:
                await self._input()
            gap = rng.uniform(0.5, 1.5) / self.rate
            await asyncio.sleep(max(0.0, min(gap, stop_at - loop.time())))
        for player in self.players:
            for error in player.errors:
                self.stats.error(f"error:{error.get('code')}")
            player.errors.clear()

    async def _input(self) -> None:
        move = self._choose()
        if move is None:
            return
        player, frame = move
        live = [p for p in self.players if p.closed is None]
        if len(live) < len(self.players):
            self.stats.error("disconnected")
        self.pending = _Pending(self.revision, time.perf_counter(), {p.name for p in live})
        self.stats.inputs += self.stats.recording
        try:
            await player.send(frame)
        except Exception:
            self.stats.error("send_failed")
            self.pending = None

    def _choose(self) -> tuple[Player, Json] | None:
        host = next((p for p in self.players if p.view and p.view["host"] == p.player_id), None)
        for player in self.players:
            move = player.next_move()
            if move is not None and player.seq >= self.revision:
                return player, move
        if host is None or host.view is None:
            return None
        phase, seq = phase_of(host.view), host.view["phase_seq"]
        if phase == "lobby":
            return host, {"type": "start_game", "seq": seq}
        if phase == "ended":
            return host, {"type": "rematch", "seq": seq}
        # A pause of the game (reveal, vote grace): the host toggles the room lock, a real
        # input that every player sees, so that the room keeps its pace.
        locked = bool(host.view["settings"]["locked"])
        return host, {"type": "set_lock", "locked": not locked}


def create_room(base_url: str) -> str:
    request = urllib.request.Request(f"{base_url}/api/rooms", method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            code: str = json.loads(response.read())["code"]
            return code
    except urllib.error.HTTPError as error:
        if error.code == 429:
            raise SystemExit(
                "the server limits room creation per address: start it with --loopback-unlimited"
            ) from None
        raise


# The game's own timers would end votes and clue turns before bots at this pace are
# through them (and turn the bots' late moves into errors): load rooms play without them.
LOAD_SETTINGS: Final = {"clue_timer": False, "vote_timer": False}


async def _seat(
    base_url: str, code: str, players: int, gate: asyncio.Semaphore, seat_bots: int = 0
) -> list[Player]:
    url = socket_url(base_url, code)
    seated = []
    for index in range(players):
        player = Player(f"bot{index + 1}", lambda: WebSocketTransport.open(url))
        async with gate:
            await player.join()
        seated.append(player)
    host = seated[0]
    revision = host.seq
    seq = (host.view or {})["phase_seq"]
    await host.send({"type": "update_settings", "seq": seq, "changes": LOAD_SETTINGS})
    await host.until(lambda p: p.seq > revision or bool(p.errors))
    if host.errors:
        raise RuntimeError(f"room {code}: settings refused: {host.errors[0]}")
    for count in range(1, seat_bots + 1):  # bots the server itself plays, on the room's alarm
        await host.send({"type": "add_bot", "seq": (host.view or {})["phase_seq"]})
        await host.until(functools.partial(_seated_bots, count))
    if host.errors:
        raise RuntimeError(f"room {code}: bots refused: {host.errors[0]}")
    return seated


def _seated_bots(count: int, player: Player) -> bool:
    """The view shows `count` bots (or the server refused one)."""
    players = (player.view or {}).get("players", ())
    return sum(1 for p in players if p.get("bot")) >= count or bool(player.errors)


async def run_load(
    base_url: str,
    rooms: int,
    players: int,
    duration: float,
    rate: float,
    warmup: float,
    seed: int,
    seat_bots: int = 0,
) -> Report:
    """Seat the bots, play for `warmup` + `duration` seconds, report on the last `duration`."""
    stats = Stats()
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
    codes = [await asyncio.to_thread(create_room, base_url) for _ in range(rooms)]
    tables = await asyncio.gather(
        *(_seat(base_url, code, players, gate, seat_bots) for code in codes)
    )
    load_rooms = [LoadRoom(code, t, stats, rate) for code, t in zip(codes, tables, strict=True)]
    loop = asyncio.get_running_loop()
    stop_at = loop.time() + warmup + duration
    rng = random.Random(seed)
    tasks = [
        asyncio.create_task(room.run(stop_at, random.Random(rng.random()))) for room in load_rooms
    ]
    await asyncio.sleep(warmup)
    stats.recording = True
    stats.messages = 0
    began = time.perf_counter()
    await asyncio.gather(*tasks)
    seconds = time.perf_counter() - began
    for room in load_rooms:
        for player in room.players:
            if player.closed is not None:
                stats.error(f"closed:{player.closed.code}")
    stats.recording = False
    await asyncio.gather(*(p.drop() for room in load_rooms for p in room.players))
    return _report(stats, rooms, players, seconds)


def _report(stats: Stats, rooms: int, players: int, seconds: float) -> Report:
    latencies = sorted(stats.latencies)

    def quantile(q: float) -> float | None:
        if not latencies:
            return None
        return round(latencies[min(len(latencies) - 1, int(q * len(latencies)))], 2)

    return Report(
        rooms=rooms,
        players=players,
        seconds=round(seconds, 1),
        inputs=stats.inputs,
        inputs_per_second=round(stats.inputs / seconds, 1),
        latency_p50_ms=round(statistics.median(latencies), 2) if latencies else None,
        latency_p99_ms=quantile(0.99),
        latency_max_ms=round(latencies[-1], 2) if latencies else None,
        messages_per_second=round(stats.messages / seconds, 1),
        errors=sum(stats.errors.values()),
        error_kinds=dict(stats.errors),
    )


async def find_max(
    base_url: str, start: int, players: int, duration: float, rate: float, warmup: float, seed: int
) -> tuple[int, list[Report]]:
    """Double the rooms while the target holds, then bisect; at most `MAX_SEARCH_STEPS` runs."""
    reports: list[Report] = []
    good, bad = 0, None
    rooms = start
    for step in range(MAX_SEARCH_STEPS):
        if step:
            await asyncio.sleep(SETTLE_SECONDS)
        report = await run_load(base_url, rooms, players, duration, rate, warmup, seed)
        reports.append(report)
        print(("holds   " if report.holds() else "too many ") + report.lines(), flush=True)
        if report.holds():
            good = max(good, rooms)
        else:
            bad = rooms if bad is None else min(bad, rooms)
        if bad is None:
            rooms = min(MAX_ROOMS, rooms * 2)
            if rooms == good:
                break
        else:
            if bad - good <= max(10, good // 10):
                break
            rooms = (good + bad) // 2
    return good, reports


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="undercover loadtest",
        description="Drive bot rooms against a running server on this machine.",
    )
    parser.add_argument("--url", default="http://127.0.0.1:8787", help="the server (loopback)")
    parser.add_argument("--rooms", type=int, default=200, help=f"rooms (1-{MAX_ROOMS})")
    parser.add_argument("--players", type=int, default=8, help=f"bots per room (3-{MAX_PLAYERS})")
    parser.add_argument("--duration", type=float, default=60.0, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds played before measuring")
    parser.add_argument("--rate", type=float, default=1.0, help="inputs per room per second")
    parser.add_argument("--seed", type=int, default=1, help="for the pace's random gaps")
    parser.add_argument(
        "--seat-bots", type=int, default=0, help="bots the server plays, per room (docs/bots.md)"
    )
    parser.add_argument(
        "--find-max",
        action="store_true",
        help=f"search the most rooms with p99 <= {TARGET_P99_MS:.0f} ms and no error",
    )
    parser.add_argument("--json", action="store_true", help="also print the report(s) as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.rooms <= MAX_ROOMS:
        parser.error(f"--rooms must be within 1-{MAX_ROOMS}")
    if not 3 <= args.players <= MAX_PLAYERS:
        parser.error(f"--players must be within 3-{MAX_PLAYERS}")
    if not 0 < args.duration <= MAX_DURATION or not 0 <= args.warmup <= MAX_DURATION:
        parser.error(f"--duration and --warmup must be within 0-{MAX_DURATION:.0f} s")
    if not 0 < args.rate <= 10:
        parser.error("--rate must be within 0-10 inputs per second")
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    # The tool must disturb what it measures as little as it can: its views are trees
    # without cycles (freed by reference counting), so the cyclic collector can wait.
    gc.freeze()
    gc.set_threshold(100_000, 50, 1000)
    raise_file_limit()  # one socket per bot
    try:
        require_loopback(args.url)
    except RefusedTargetError as error:
        print(f"undercover loadtest: {error}", file=sys.stderr)
        return 2
    base_url = args.url.rstrip("/")
    if args.find_max:
        best, reports = asyncio.run(
            find_max(
                base_url, args.rooms, args.players, args.duration, args.rate, args.warmup, args.seed
            )
        )
        print(f"max rooms holding p99 <= {TARGET_P99_MS:.0f} ms with 0 errors: {best}")
        if args.json:
            print(json.dumps({"max_rooms": best, "runs": [asdict(r) for r in reports]}))
        return 0
    report = asyncio.run(
        run_load(
            base_url,
            args.rooms,
            args.players,
            args.duration,
            args.rate,
            args.warmup,
            args.seed,
            args.seat_bots,
        )
    )
    print(report.lines())
    if args.json:
        print(json.dumps(asdict(report)))
    return 0 if report.errors == 0 else 1
