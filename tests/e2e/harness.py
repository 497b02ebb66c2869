"""`undercover serve` as a real subprocess on a free loopback port, for the end-to-end tests.

`LocalServer` implements the scenario suite's `GameServer` interface (see scenarios.py);
it can also be killed with SIGKILL and started again on the same data dir and port.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from undercover.tools.socket_bots import Player, WebSocketTransport, socket_url

START_TIMEOUT_SECONDS = 60.0  # a loaded 2-core machine may take this long to start it
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LocalServer:
    """One `undercover serve` process (restartable) and the bots' way in."""

    can_restart = True

    def __init__(
        self,
        data_dir: Path,
        time_scale: float = 20.0,
        port: int | None = None,
        *,
        loopback_unlimited: bool = True,
        frozen_limits: bool = False,
        silence_seconds: float | None = None,
    ) -> None:
        self.silence_seconds = silence_seconds  # the presence bound, if not the default
        self.data_dir = data_dir
        self.loopback_unlimited = loopback_unlimited
        self.frozen_limits = frozen_limits
        self.time_scale = time_scale
        self.port = port if port is not None else free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = data_dir.parent / f"server-{self.port}.log"
        self.starts = 0

    # --- process ----------------------------------------------------------------------

    def start(self) -> float:
        """Start the server and wait until it answers; the seconds it took."""
        command = [sys.executable, "-m", "undercover.tools.cli", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(self.data_dir), "--time-scale", str(self.time_scale)]
        if self.loopback_unlimited:  # else the per-address limits hold, as in production
            command += ["--loopback-unlimited"]
        if self.frozen_limits:  # the limits never refill: a slow test run cannot earn one back
            command += ["--frozen-limits"]
        if self.silence_seconds is not None:
            command += ["--silence-seconds", str(self.silence_seconds)]
        began = time.monotonic()
        log = self.log_path.open("ab")
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        self.process = subprocess.Popen(command, stdout=log, stderr=log, cwd=ROOT, env=env)
        log.close()
        self.starts += 1
        while time.monotonic() - began < START_TIMEOUT_SECONDS:
            if self.process.poll() is not None:
                self.process = None
                raise RuntimeError(f"the server exited: {self.log_tail()}")
            try:
                # An unknown API path: answered at once, and spends no per-address allowance.
                with urllib.request.urlopen(f"{self.base_url}/api/ready", timeout=1):
                    pass
            except urllib.error.HTTPError:
                return time.monotonic() - began  # any HTTP answer: it is serving
            except OSError:
                time.sleep(0.05)
        self.stop()  # no stray process (nor its ResourceWarning in the next test)
        raise TimeoutError(f"the server did not answer in time: {self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash or a power cut of the process."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text("utf-8", "replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def log_text(self) -> str:
        return self.log_path.read_text("utf-8", "replace")

    # --- the scenarios' interface -------------------------------------------------------

    async def create_room(self) -> str:
        status, body = await self.request("POST", "/api/rooms")
        assert status == 201, (status, body)
        code: str = body["code"]
        return code

    async def lookup(self, code: str) -> tuple[int, dict[str, Any]]:
        return await self.request("GET", f"/api/rooms/{code}")

    def player(self, code: str, name: str) -> Player:
        url = socket_url(self.base_url, code)
        return Player(name, lambda: WebSocketTransport.open(url))

    async def restart(self) -> None:
        self.kill()
        await asyncio.to_thread(self.start)

    async def request(self, method: str, path: str) -> tuple[int, dict[str, Any]]:
        return await asyncio.to_thread(self._request, method, path)

    def _request(self, method: str, path: str) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(self.base_url + path, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")
