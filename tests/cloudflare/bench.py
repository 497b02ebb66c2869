"""Per-input cost of the Durable Object adapter under Pyodide 314, for a 20-player room.

    uv run python -m tests.cloudflare.bench [--players 20] [--games 1]

Plays whole games through the harness (the real entry.py, RoomRunner and SQLite doubles in
Pyodide under Node) and prints JSON: median / p99 / max of the time each handler takes, from
the runtime's call to the settled promise (decode, apply, save, 20 views, sends, alarm).
What it leaves out is in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import subprocess
from collections.abc import Sequence
from typing import Any

from tests.cloudflare.harness import Harness, running_harness
from tests.cloudflare.table import Table, game_over


async def play(harness: Harness, players: int) -> dict[str, Any]:
    table = Table(harness, harness.create_room())
    await table.seat(players)
    await asyncio.to_thread(harness.timings, True)
    await asyncio.to_thread(harness.python, RUNNER_SUMMARY)
    await table.start()
    phases = await table.play_until(game_over, limit=2000)
    timings = await asyncio.to_thread(harness.timings)
    runner = await asyncio.to_thread(harness.python, RUNNER_SUMMARY)
    state = await asyncio.to_thread(harness.state, table.code)
    await table.close()
    return {
        "phases": len(phases),
        "timings": timings,
        "runner_wall_ms": runner,
        "sql": state["sql"],
    }


# Inside the Pyodide: time spent in RoomRunner's entry points (the shared loop), so that the
# adapter's own share of each handler (SQL adapter, sockets, attachments, alarm calls) shows.
RUNNER_CLOCK = """
import time, builtins
from undercover.hosts.runner import RoomRunner
builtins.RUNNER_MS = []
def clocked(method):
    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        try:
            return method(*args, **kwargs)
        finally:
            builtins.RUNNER_MS.append((time.perf_counter() - started) * 1000)
    return wrapper
for name in ("on_frame", "on_alarm", "on_close", "on_restart"):
    setattr(RoomRunner, name, clocked(getattr(RoomRunner, name)))
len(builtins.RUNNER_MS)
"""
RUNNER_SUMMARY = """
import builtins, statistics
ms = sorted(builtins.RUNNER_MS)
del builtins.RUNNER_MS[:]
{"count": len(ms), "median": statistics.median(ms), "p99": ms[int(0.99 * (len(ms) - 1))]}
"""


def measure(players: int = 20, games: int = 1) -> dict[str, Any]:
    with running_harness() as harness:
        harness.python(RUNNER_CLOCK)
        runs = [asyncio.run(play(harness, players)) for _ in range(games)]
        node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout
        pyodide = harness.python("import sys; sys.version.split()[0]")
    return {
        "players": players,
        "games": games,
        "python_in_pyodide": pyodide,
        "node": node.strip(),
        "machine": platform.machine(),
        "runs": runs,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.players, args.games), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
