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
    await table.start()
    phases = await table.play_until(game_over, limit=2000)
    timings = await asyncio.to_thread(harness.timings)
    state = await asyncio.to_thread(harness.state, table.code)
    await table.close()
    return {"phases": len(phases), "timings": timings, "sql": state["sql"]}


def measure(players: int = 20, games: int = 1) -> dict[str, Any]:
    with running_harness() as harness:
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
