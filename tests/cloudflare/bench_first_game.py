"""What a room's first game costs in a fresh Pyodide, beside the next ones (issue 14).

    uv run python -m tests.cloudflare.bench_first_game [--games 3]

Starts the harness (the real entry.py imported, as the upload's snapshot holds it), then plays
the warm-up game (hosts/warm_up.py: a host and five in-room bots, a fixed seed, the room in
memory) `--games` times in that process and prints JSON, per game: its wall time, the slowest
`RoomRunner.on_frame` and `on_alarm` calls, and the first seven frames (the hello, five
add_bot, start_game). With the warm-up at import, the first game here is already the second
one the process plays; remove that line of entry.py to see a cold first game (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from tests.cloudflare.harness import running_harness

GAMES = """
import time, entry
from undercover.hosts.runner import RoomRunner
from undercover.hosts.warm_up import warm_up
calls = {"on_frame": [], "on_alarm": []}
def clocked(name):
    method = getattr(RoomRunner, name)
    def timed(*args, **kwargs):
        started = time.perf_counter()
        try:
            return method(*args, **kwargs)
        finally:
            calls[name].append((time.perf_counter() - started) * 1000)
    setattr(RoomRunner, name, timed)
for name in calls:
    clocked(name)
games = []
for _ in range(GAME_COUNT):
    for times in calls.values():
        times.clear()
    started = time.perf_counter()
    warm_up(entry.DECK)
    games.append({
        "game_ms": round((time.perf_counter() - started) * 1000, 1),
        "slowest_frame_ms": round(max(calls["on_frame"]), 2),
        "slowest_alarm_ms": round(max(calls["on_alarm"]), 2),
        "first_frames_ms": [round(ms, 2) for ms in calls["on_frame"][:7]],
    })
games
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args(argv)
    with running_harness() as harness:
        games = harness.python(f"GAME_COUNT = {args.games}\n{GAMES}")
    print(json.dumps(games, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
