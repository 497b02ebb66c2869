"""Client side of the Pyodide harness (workerd/server.mjs): start it, drive it, read it.

The harness is a Node process running the real `src/entry.py` in Pyodide 314 over the
Durable Object doubles; it serves HTTP and WebSockets on loopback, so tests talk to it with
real clients, plus test-only control endpoints under `/__harness/` (clock, alarms,
hibernation, redeploys, logs, timings, Python inside the Pyodide).
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKERD = Path(__file__).resolve().parent / "workerd"  # the workerd doubles (Node + Pyodide)
NODE_PACKAGES = ("node", "pyodide", "sql.js", "ws", "wrangler")
INSTALL_HINT = "install the harness: `npm ci`, then `python scripts/build_worker.py`"
# npm's `node` package: the Node 22 that wrangler >= 4.127 needs, whatever Node runs npm.
PROJECT_NODE = ROOT / "node_modules" / ".bin" / "node"
# V8 set up as workerd sets it up (src/workerd/jsg/setup.c++): its platform is made with 0
# background threads, which V8 reads as the cores but one, at least one (Node's default: 4), and
# incremental marking is off. On 2 cores, Node's 4 worker threads took the core from the
# isolate's thread for a few ms at a time (docs/benchmarks.md, its seventh round, in git history).
WORKERD_V8_FLAGS = ("--v8-pool-size=0", "--no-incremental-marking")


def unavailable(reason: str) -> None:
    """Skip locally; fail under CI=true, where nothing may be skipped."""
    message = f"{reason}; {INSTALL_HINT}"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def require_node() -> str:
    """The project's own Node (npm's `node` package), with the harness's npm packages."""
    if shutil.which("npm") is None:
        unavailable("npm is not installed")
    modules = ROOT / "node_modules"
    missing = [p for p in NODE_PACKAGES if not (modules / p / "package.json").exists()]
    if missing or not PROJECT_NODE.exists():
        unavailable(f"npm packages missing: {', '.join(missing) or 'node'}")
    return str(PROJECT_NODE)


def node_env(**extra: str) -> dict[str, str]:
    """The environment for npx and wrangler: the project's Node first on PATH."""
    path = f"{PROJECT_NODE.parent}{os.pathsep}{os.environ.get('PATH', '')}"
    return {**os.environ, "PATH": path, **extra}


def build_worker(*extra: str) -> None:
    """Run the Worker's build step (python_modules/ vendored when missing, the theme data written
    when stale); the harness then runs build/worker/, the upload's tree."""
    command = [sys.executable, str(ROOT / "scripts" / "build_worker.py")]
    (ROOT / "build").mkdir(exist_ok=True)
    # pytest-xdist runs test files in several processes: one build at a time in the shared tree.
    with (ROOT / "build" / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        result = subprocess.run(
            [*command, *extra],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
    if result.returncode != 0:
        pytest.fail(f"the Worker's build step failed:\n{result.stdout}{result.stderr[-2000:]}")


class Harness:
    """One running harness process."""

    def __init__(self, process: subprocess.Popen[str], port: int) -> None:
        self.process = process
        self.port = port
        self.base_url = f"http://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.base_url, timeout=60)

    def ws_url(self, code: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{code}"

    def control(self, name: str, **body: Any) -> Any:
        response = self.http.post(f"/__harness/{name}", json=body)
        response.raise_for_status()
        return response.json()

    def create_room(self) -> str:
        response = self.http.post("/api/rooms")
        assert response.status_code == 201, response.text
        return str(response.json()["code"])

    def now(self) -> float:
        return float(self.control("now")["now"])

    def advance(self, seconds: float) -> list[str]:
        """Move the virtual clock on and deliver every alarm now due."""
        return list(self.control("advance", seconds=seconds)["fired"])

    def fire_alarm(self, room: str) -> float | None:
        """Deliver the room's alarm now, whatever its time (an early or duplicate delivery)."""
        alarm = self.control("alarm", room=room)["alarm"]
        return None if alarm is None else alarm / 1000

    def state(self, room: str) -> dict[str, Any]:
        return dict(self.control("state", room=room))

    def stored(self, room: str) -> str | None:
        """The room's stored document (JSON text), None if the object holds no room."""
        doc = self.control("stored", room=room)["doc"]
        return None if doc is None else str(doc)

    def idle(self) -> None:
        self.control("idle")

    def reset_limits(self) -> None:
        """Forget the rate-limit windows (every test client comes from 127.0.0.1)."""
        self.control("reset-limits")

    def hibernate(self, room: str | None = None) -> None:
        self.control("hibernate", room=room)

    def redeploy(self) -> None:
        self.control("redeploy")

    def logs(self) -> dict[str, list[Any]]:
        return dict(self.http.get("/__harness/logs").json())

    def timings(self, reset: bool = False) -> dict[str, dict[str, float]]:
        if reset:
            self.control("timings", reset=True)
            return {}
        return dict(self.http.get("/__harness/timings").json())

    def python(self, code: str) -> Any:
        """Run Python inside the harness's Pyodide; the value of the last expression."""
        answer = self.control("python", code=code)
        if "error" in answer:
            raise AssertionError(f"Python in Pyodide raised:\n{answer['error']}")
        return answer["result"]

    def python_error(self, code: str) -> str:
        """Run Python that must raise; the error text."""
        answer = self.control("python", code=code)
        assert "error" in answer, f"expected an exception, got {answer!r}"
        return str(answer["error"])

    def close(self) -> None:
        self.http.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):  # else unraisable at exit
            if pipe is not None:
                pipe.close()


@contextmanager
def running_harness(
    speed: float = 0, hibernate: str = "never", silence_seconds: float | None = None
) -> Iterator[Harness]:
    node = require_node()
    build_worker()
    command = [node, *WORKERD_V8_FLAGS, str(WORKERD / "server.mjs"), "--port", "0"]
    command += ["--speed", str(speed), "--hibernate", hibernate]
    if silence_seconds is not None:  # the presence bound, in real seconds (see runtime.mjs)
        command += ["--silence-seconds", str(silence_seconds)]
    process = subprocess.Popen(
        command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        process.wait(timeout=10)
        pytest.fail(f"the harness did not start (exit {process.returncode})")
    harness = Harness(process, int(json.loads(line)["port"]))
    try:
        yield harness
    finally:
        harness.close()
