"""Per-input cost of the Durable Object adapter under Pyodide 314, for a 20-player room.

    uv run python -m tests.cloudflare.bench [--players 20] [--games 1]

Plays whole games through the harness (the real entry.py, RoomRunner and SQLite doubles in
Pyodide under Node) and prints JSON, per handler, median / p99 / max of:
- `main_thread`: the handler's coroutine on the isolate's thread, step by step (the awaits'
  waiting left out), minus the time spent inside the doubles, twice:
  - `cpu`: the thread's CPU time, the figure for the CPU limit (workerd counts CPU, not wall):
    what the object's own code costs on the isolate's thread;
  - `wall`: the same steps' elapsed time, which also counts the time the thread waited for a
    core (on 2 cores, V8's worker threads and the bots take it for a few ms at a time).
- `timings`: the harness's view, from the runtime's call to the settled promise: wall, and
  the Node process's CPU (all its threads: V8's collector and compiler threads count).
The bots run in this process, in the idle class once the harness runs. What the figures
leave out is in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import platform
import statistics
import subprocess
from collections.abc import Sequence
from typing import Any

from tests.cloudflare.harness import Harness, require_node, running_harness
from tests.cloudflare.table import Table, game_over


async def play(harness: Harness, players: int) -> dict[str, Any]:
    table = Table(harness, harness.create_room())
    await table.seat(players)
    await asyncio.to_thread(harness.timings, True)
    await asyncio.to_thread(harness.python, RUNNER_SUMMARY)
    await asyncio.to_thread(harness.python, HANDLER_TIMES)
    await table.start()
    phases = await table.play_until(game_over, limit=2000)
    timings = await asyncio.to_thread(harness.timings)
    runner = await asyncio.to_thread(harness.python, RUNNER_SUMMARY)
    steps = await asyncio.to_thread(harness.python, HANDLER_TIMES)
    # Per handler, a list (the rest are summaries).
    calls: Any = timings.pop("call_ms")
    calls_cpu: Any = timings.pop("call_cpu_ms")
    main_thread = on_the_thread(steps, calls, calls_cpu)
    state = await asyncio.to_thread(harness.state, table.code)
    await table.close()
    return {
        "phases": len(phases),
        "main_thread": main_thread,
        "timings": timings,
        "runner_wall_ms": runner,
        "sql": state["sql"],
    }


# Inside the Pyodide: each handler's coroutine driven step by step, every step timed (the
# synchronous runs on the thread, between two awaits) and the doubles' share taken out.
HANDLER_CLOCK = """
import builtins, functools, time, entry, harness_doubles
builtins.HANDLER_MS = []
spent, thread_cpu = harness_doubles.spent, harness_doubles.threadCpuMs

class Steps:
    def __init__(self, coroutine, label):
        self.coroutine, self.label = coroutine, label

    def __await__(self):
        steps, wall, cpu, value, error = self.coroutine.__await__(), 0.0, 0.0, None, None
        while True:
            doubles, doubles_cpu = spent.ms, spent.cpuMs
            started, started_cpu = time.perf_counter(), thread_cpu()
            try:
                awaited = steps.throw(error) if error is not None else steps.send(value)
            except StopIteration as stop:
                awaited, done = stop.value, True
            else:
                done = False
            cpu += thread_cpu() - started_cpu - (spent.cpuMs - doubles_cpu)
            wall += (time.perf_counter() - started) * 1000 - (spent.ms - doubles)
            if done:
                builtins.HANDLER_MS.append((self.label, wall, cpu))
                return awaited
            try:
                value, error = (yield awaited), None
            except BaseException as raised:
                value, error = None, raised

def clocked(name):
    handler = getattr(entry.GameRoom, name)
    @functools.wraps(handler)  # the same signature, for the runtime's relaxed call
    async def wrapper(self, *args):
        return await Steps(handler(self, *args), name)
    setattr(entry.GameRoom, name, wrapper)

for name in ("webSocketMessage", "alarm"):
    clocked(name)
len(builtins.HANDLER_MS)
"""
HANDLER_TIMES = """
import builtins
times = {}
for label, wall, cpu in builtins.HANDLER_MS:
    times.setdefault(label, []).append((wall, cpu))
del builtins.HANDLER_MS[:]
times
"""


def on_the_thread(
    steps: dict[str, list[tuple[float, float]]],
    calls: dict[str, list[float]],
    calls_cpu: dict[str, list[float]],
) -> dict[str, Any]:
    """Per handler, thread CPU and wall: its steps inside the Pyodide plus the synchronous part
    of the runtime's call (Pyodide wrapping the coroutine in a task), call by call, in order."""
    summary: dict[str, Any] = {}
    for label, ms in sorted(steps.items()):
        glue, glue_cpu = calls[f"GameRoom.{label}"], calls_cpu[f"GameRoom.{label}"]
        assert len(glue) == len(ms), f"{label}: {len(ms)} handler runs, {len(glue)} calls"
        walls = [wall + call for (wall, _), call in zip(ms, glue, strict=True)]
        cpus = [cpu + call for (_, cpu), call in zip(ms, glue_cpu, strict=True)]
        summary[label] = {
            "cpu": figures(cpus),
            "wall": figures(walls),
            "call_median": {"cpu": statistics.median(glue_cpu), "wall": statistics.median(glue)},
            # Where wall and CPU part: the slowest calls by wall, with their CPU time.
            "slowest_by_wall": [
                {"wall": wall, "cpu": cpu}
                for wall, cpu in sorted(zip(walls, cpus, strict=True))[-3:][::-1]
            ],
        }
    return summary


def figures(ms: list[float]) -> dict[str, Any]:
    """Count, median, p99 (nearest rank) and max of some milliseconds; `all` keeps them."""
    ordered = sorted(ms)
    return {
        "count": len(ordered),
        "median": statistics.median(ordered),
        "p99": ordered[math.ceil(0.99 * len(ordered)) - 1],
        "max": ordered[-1],
        "all": ordered,
    }


def pooled(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The handlers' figures over several games together."""
    summary: dict[str, Any] = {}
    for label in sorted({label for run in runs for label in run["main_thread"]}):
        summary[label] = {}
        for clock in ("cpu", "wall"):
            ms = [
                m
                for run in runs
                if label in run["main_thread"]
                for m in run["main_thread"][label][clock]["all"]
            ]
            summary[label][clock] = {k: v for k, v in figures(ms).items() if k != "all"}
    return summary


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
import builtins, math, statistics
ms = sorted(builtins.RUNNER_MS) or [0.0]
del builtins.RUNNER_MS[:]
{"count": len(ms), "median": statistics.median(ms), "p99": ms[math.ceil(0.99 * len(ms)) - 1]}
"""


def measure(players: int = 20, games: int = 1, *, bots_yield: bool = False) -> dict[str, Any]:
    """`bots_yield`: once the harness runs, this process (the bots: the load) runs only on a
    core nothing else wants (SCHED_IDLE), so that it takes none from the isolate's thread.
    Irreversible: for a process of its own, as `main`'s."""
    with running_harness() as harness:
        if bots_yield:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        harness.python(RUNNER_CLOCK)
        harness.python(HANDLER_CLOCK)
        runs = [asyncio.run(play(harness, players)) for _ in range(games)]
        node = subprocess.run([require_node(), "--version"], capture_output=True, text=True).stdout
        pyodide = harness.python("import sys; sys.version.split()[0]")
    # The first game after start-up pays for the cold code paths (first runs of the Pyodide's
    # interpreter paths and of pydantic-core's), as a Durable Object's first game would.
    warm, every = (pooled(runs[1:]) if games > 1 else {}), pooled(runs)
    for run in runs:
        for handler in run["main_thread"].values():
            del handler["cpu"]["all"], handler["wall"]["all"]
    return {
        "players": players,
        "games": games,
        "python_in_pyodide": pyodide,
        "node": node.strip(),
        "machine": platform.machine(),
        "main_thread_all_games": every,
        "main_thread_after_the_first_game": warm,
        "runs": runs,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.players, args.games, bots_yield=True), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
