"""Per-invocation cost of the Durable Object under Pyodide 314, and the real runtime's estimate.

    uv run python -m tests.cloudflare.bench [--players 20] [--games 1] [--markdown]

Plays whole games through the harness (the real entry.py, RoomRunner and SQLite doubles in
Pyodide under Node); every few phases the room is evicted (its next event is a wake) and a
player reconnects (a close, an open, a hello). Prints JSON:
- `real_runtime_estimate`, per invocation kind (a message by its type, alarm, wake, close,
  open): the harness's Python CPU, the frames sent, the SQL statements (those that may write)
  and the bytes they bind, and the real runtime's CPU from the cost model below (`estimate`;
  `--markdown` prints this table alone);
- `main_thread`, per handler: the coroutine on the isolate's thread, step by step (the awaits'
  waiting left out), minus the time spent inside the doubles: `cpu`, the thread's CPU time
  (what the Python CPU above is, with the runtime's call into the Pyodide), and `wall`, which
  also counts the waits for a core;
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
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from tests.cloudflare.harness import Harness, require_node, running_harness
from tests.cloudflare.table import Table, game_over

# Every `WAKE_EVERY` phases the room is evicted before its next event (a wake: on the real
# runtime an object idle for ~10 s is, and a player's clue often takes longer), and halfway
# between two wakes a player's connection drops and comes back (a close, an open, a hello).
WAKE_EVERY = 6


async def play(harness: Harness, players: int, every: int = WAKE_EVERY) -> dict[str, Any]:
    table = Table(harness, harness.create_room())
    await table.seat(players)
    await asyncio.to_thread(harness.timings, True)
    await asyncio.to_thread(harness.python, RUNNER_SUMMARY)
    await asyncio.to_thread(harness.python, HANDLER_TIMES)
    await table.start()
    phases = await table.play_until(game_over, limit=2000, on_phase=wakes_and_rejoins(every))
    timings = await asyncio.to_thread(harness.timings)
    runner = await asyncio.to_thread(harness.python, RUNNER_SUMMARY)
    records = await asyncio.to_thread(harness.python, HANDLER_TIMES)
    # Per handler, a list (the rest are summaries).
    calls: Any = timings.pop("call_ms")
    calls_cpu: Any = timings.pop("call_cpu_ms")
    main_thread, every_call = on_the_thread(records, calls, calls_cpu)
    state = await asyncio.to_thread(harness.state, table.code)
    await table.close()
    return {
        "phases": len(phases),
        "main_thread": main_thread,
        "calls": every_call,
        "timings": timings,
        "runner_wall_ms": runner,
        "sql": state["sql"],
    }


def wakes_and_rejoins(every: int) -> Callable[[Table, str], Awaitable[None]]:
    seen = 0

    async def on_phase(table: Table, phase: str) -> None:
        nonlocal seen
        seen += 1
        if seen % every == 0:
            await asyncio.to_thread(table.harness.hibernate, table.code)
        elif seen % every == every // 2:
            player = table.players[1 + seen % (len(table.players) - 1)]
            await asyncio.to_thread(table.harness.reset_limits)
            await player.rejoin()
            await table.settle()

    return on_phase


# Inside the Pyodide: each handler's coroutine driven step by step, every step timed (the
# synchronous runs on the thread, between two awaits) and the doubles' share taken out; with
# what the call asked of the runtime (frames, SQL) and whether it woke a new instance, whose
# constructor's CPU it then carries.
HANDLER_CLOCK = """
import builtins, functools, json, time, entry, harness_doubles
builtins.HANDLER_MS = []
builtins.CONSTRUCTED_CPU = None
spent, io, thread_cpu = harness_doubles.spent, harness_doubles.io, harness_doubles.threadCpuMs
COUNTS = ("frames", "frameBytes", "statements", "writes", "writtenBytes")

class Steps:
    def __init__(self, coroutine, label, kind):
        self.coroutine, self.label, self.kind = coroutine, label, kind

    def __await__(self):
        steps, wall, cpu, value, error = self.coroutine.__await__(), 0.0, 0.0, None, None
        woke, builtins.CONSTRUCTED_CPU = builtins.CONSTRUCTED_CPU, None
        counts = [getattr(io, name) for name in COUNTS]
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
                record = {name: getattr(io, name) - n for name, n in zip(COUNTS, counts)}
                record.update(label=self.label, kind=self.kind, wall=wall, cpu=cpu)
                record.update(woke=woke is not None, constructor_cpu=woke or 0.0)
                builtins.HANDLER_MS.append(record)
                return awaited
            try:
                value, error = (yield awaited), None
            except BaseException as raised:
                value, error = None, raised

def kind_of(name, args):
    if name != "webSocketMessage":
        return KINDS[name]
    try:
        return "message:" + str(json.loads(args[1])["type"])
    except Exception:
        return "message:?"

KINDS = {"alarm": "alarm", "webSocketClose": "close", "fetch": "open"}

def clocked(name):
    handler = getattr(entry.GameRoom, name)
    @functools.wraps(handler)  # the same signature, for the runtime's relaxed call
    async def wrapper(self, *args):
        return await Steps(handler(self, *args), name, kind_of(name, args))
    setattr(entry.GameRoom, name, wrapper)

for name in ("webSocketMessage", "alarm", "webSocketClose", "fetch"):
    clocked(name)

constructor = entry.GameRoom.__init__
@functools.wraps(constructor)
def constructed(self, *args):
    doubles_cpu, started_cpu = spent.cpuMs, thread_cpu()
    constructor(self, *args)
    builtins.CONSTRUCTED_CPU = thread_cpu() - started_cpu - (spent.cpuMs - doubles_cpu)
entry.GameRoom.__init__ = constructed
len(builtins.HANDLER_MS)
"""
HANDLER_TIMES = """
import builtins
records = list(builtins.HANDLER_MS)
del builtins.HANDLER_MS[:]
records
"""

# The cost model of the real runtime (workerd 1.20261117, production flags), measured term by
# term with small Durable Objects (n >= 200 each) and checked against a 20-player game of this
# room (predicted 3.9-4.8 ms, measured 4.49 ms median): issue 33, docs/benchmarks.md.
ENTRY_MS = {"alarm": 1.84}  # a handler that does nothing; every other kind as a message's
MESSAGE_ENTRY_MS = 1.27
WAKE_MS = 1.4  # what the runtime adds to the first event of a new instance (a trivial object)
FRAME_MS = 0.045  # per frame of ~200 B sent
WRITE_MS, WRITE_MS_PER_KB = 0.14, 0.0046  # per SQL statement that may write, per KB bound
PYTHON_FACTOR = 1.7  # the real runtime's Python work over what this harness measures


def estimate(call: dict[str, Any]) -> float:
    """The real runtime's CPU for one invocation, from what the harness measured of it."""
    entry = ENTRY_MS.get(call["kind"], MESSAGE_ENTRY_MS) + (WAKE_MS if call["woke"] else 0.0)
    sql = WRITE_MS * call["writes"] + WRITE_MS_PER_KB * call["writtenBytes"] / 1024
    return float(entry + FRAME_MS * call["frames"] + sql + PYTHON_FACTOR * call["python_cpu"])


def on_the_thread(
    records: list[dict[str, Any]],
    calls: dict[str, list[float]],
    calls_cpu: dict[str, list[float]],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Per handler, thread CPU and wall: its steps inside the Pyodide plus the synchronous part
    of the runtime's call (Pyodide wrapping the coroutine in a task), call by call, in order;
    and every call with its Python CPU (a wake's constructor included) and its estimate."""
    summary: dict[str, Any] = {}
    every: list[dict[str, Any]] = []
    for label in sorted({record["label"] for record in records}):
        ms = [record for record in records if record["label"] == label]
        glue, glue_cpu = calls[f"GameRoom.{label}"], calls_cpu[f"GameRoom.{label}"]
        assert len(glue) == len(ms), f"{label}: {len(ms)} handler runs, {len(glue)} calls"
        walls = [record["wall"] + call for record, call in zip(ms, glue, strict=True)]
        cpus = [record["cpu"] + call for record, call in zip(ms, glue_cpu, strict=True)]
        for record, cpu in zip(ms, cpus, strict=True):
            call = {**record, "kind": "wake" if record["woke"] else record["kind"]}
            call["python_cpu"] = cpu + record["constructor_cpu"]
            every.append({**call, "estimate": estimate(call)})
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
    return summary, every


def by_kind(calls: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per invocation kind (a message by its type, `message` for all of them, alarm, wake,
    close, open): the harness's Python CPU, frames, SQL and the real runtime's estimate."""
    kinds: dict[str, list[dict[str, Any]]] = {}
    for call in calls:
        kinds.setdefault(call["kind"], []).append(call)
        if call["kind"].startswith("message:"):
            kinds.setdefault("message", []).append(call)
    summary = {}
    for kind, group in sorted(kinds.items()):
        python = figures([c["python_cpu"] for c in group])
        est = figures([c["estimate"] for c in group])
        summary[kind] = {
            "count": python["count"],
            "python_cpu": {k: python[k] for k in ("median", "p99", "max")},
            "frames": statistics.median(c["frames"] for c in group),
            "frame_kb": statistics.median(c["frameBytes"] / 1024 for c in group),
            "statements": statistics.median(c["statements"] for c in group),
            "writes": statistics.median(c["writes"] for c in group),
            "written_kb": statistics.median(c["writtenBytes"] / 1024 for c in group),
            "estimate": {k: est[k] for k in ("median", "p99", "max")},
        }
    return summary


def markdown(kinds: dict[str, dict[str, Any]]) -> str:
    """The per-kind table of docs/benchmarks.md (medians; p99 after the slash)."""
    lines = [
        "| invocation | n | Python CPU (harness) | frames (KB) | SQL (writes) | KB written "
        "| estimate, median / p99 |",
        "|---|---|---|---|---|---|---|",
    ]
    for kind, k in kinds.items():
        python, est = k["python_cpu"], k["estimate"]
        lines.append(
            f"| {kind} | {k['count']} | {python['median']:.2f} / {python['p99']:.2f} ms "
            f"| {k['frames']:g} ({k['frame_kb']:.1f}) | {k['statements']:g} ({k['writes']:g}) "
            f"| {k['written_kb']:.1f} | **{est['median']:.2f} / {est['p99']:.2f} ms** |"
        )
    return "\n".join(lines)


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


def measure(
    players: int = 20, games: int = 1, *, bots_yield: bool = False, every: int = WAKE_EVERY
) -> dict[str, Any]:
    """`bots_yield`: once the harness runs, this process (the bots: the load) runs only on a
    core nothing else wants (SCHED_IDLE), so that it takes none from the isolate's thread.
    Irreversible: for a process of its own, as `main`'s."""
    with running_harness() as harness:
        if bots_yield:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        harness.python(RUNNER_CLOCK)
        harness.python(HANDLER_CLOCK)
        runs = [asyncio.run(play(harness, players, every)) for _ in range(games)]
        node = subprocess.run([require_node(), "--version"], capture_output=True, text=True).stdout
        pyodide = harness.python("import sys; sys.version.split()[0]")
    # The first game after start-up pays for the cold code paths (first runs of the Pyodide's
    # interpreter paths and of pydantic-core's), as a Durable Object's first game would.
    warm, every_game = (pooled(runs[1:]) if games > 1 else {}), pooled(runs)
    kinds = by_kind([call for run in runs for call in run.pop("calls")])
    for run in runs:
        for handler in run["main_thread"].values():
            del handler["cpu"]["all"], handler["wall"]["all"]
    return {
        "players": players,
        "games": games,
        "python_in_pyodide": pyodide,
        "node": node.strip(),
        "machine": platform.machine(),
        "load_average": os.getloadavg(),
        "real_runtime_estimate": kinds,
        "main_thread_all_games": every_game,
        "main_thread_after_the_first_game": warm,
        "runs": runs,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--wake-every", type=int, default=WAKE_EVERY, help="phases per wake")
    parser.add_argument("--markdown", action="store_true", help="only the per-kind table")
    args = parser.parse_args(argv)
    loads = os.getloadavg()
    report = measure(args.players, args.games, bots_yield=True, every=args.wake_every)
    if args.markdown:
        start, end = (f"{x:.2f}" for x in (loads[0], report["load_average"][0]))
        print(f"{args.players} players, {args.games} games, load {start} -> {end}")
        print(markdown(report["real_runtime_estimate"]))
    else:
        print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
