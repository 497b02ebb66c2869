"""One `undercover serve` subprocess per test module (clock x20, throw-away data dir)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.harness import ROOT, START_TIMEOUT_SECONDS, LocalServer


class LimitedServer(LocalServer):
    """`undercover serve` with the per-address limits on, as in production."""

    def start(self) -> float:
        command = [sys.executable, "-m", "undercover.cli", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(self.data_dir), "--time-scale", str(self.time_scale)]
        began = time.monotonic()
        log = self.log_path.open("ab")
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        self.process = subprocess.Popen(command, stdout=log, stderr=log, cwd=ROOT, env=env)
        log.close()
        self.starts += 1
        while time.monotonic() - began < START_TIMEOUT_SECONDS:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log_tail()}")
            try:
                # A static file: spends none of the per-address allowances.
                with urllib.request.urlopen(f"{self.base_url}/icon.svg", timeout=1):
                    return time.monotonic() - began
            except urllib.error.HTTPError:
                return time.monotonic() - began
            except OSError:
                time.sleep(0.05)
        raise TimeoutError(f"the server did not answer in time: {self.log_tail()}")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    root: Path = tmp_path_factory.mktemp("adversarial")
    local = LocalServer(root / "data", time_scale=20.0)
    local.start()
    yield local
    local.stop()


@pytest.fixture(scope="module")
def limited_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LimitedServer]:
    root: Path = tmp_path_factory.mktemp("adversarial-limited")
    local = LimitedServer(root / "data", time_scale=20.0)
    local.start()
    yield local
    local.stop()
