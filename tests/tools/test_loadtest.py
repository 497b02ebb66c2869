"""The load tool: its guard rails, and a tiny bounded run against a real server."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.harness import ROOT, LocalServer
from undercover.tools.loadtest import RefusedTargetError, Report, main, parse_args, require_loopback


@pytest.mark.parametrize(
    "url",
    ["http://127.0.0.1:8787", "http://localhost:8787", "http://[::1]:8787", "http://127.0.0.2"],
)
def test_loopback_targets_are_allowed(url: str) -> None:
    require_loopback(url)


@pytest.mark.parametrize(
    "url", ["http://10.0.0.1:8787", "http://192.168.1.20", "http://8.8.8.8", "http:///nohost"]
)
def test_other_targets_are_refused(url: str) -> None:
    with pytest.raises(RefusedTargetError):
        require_loopback(url)


def test_main_refuses_a_remote_target(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--url", "http://10.1.2.3:8787", "--rooms", "1"]) == 2
    assert "not a loopback address" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["--rooms", "0"],
        ["--rooms", "100000"],
        ["--players", "2"],
        ["--duration", "0"],
        ["--duration", "100000"],
        ["--rate", "50"],
    ],
)
def test_runs_are_bounded(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args(argv)


def test_target_needs_no_error_and_a_low_p99() -> None:
    report = Report(1, 8, 10.0, 10, 1.0, 3.0, 40.0, 45.0, 80.0, 0, {})
    assert report.holds()
    assert not Report(1, 8, 10.0, 10, 1.0, 3.0, 60.0, 70.0, 80.0, 0, {}).holds()
    assert not Report(1, 8, 10.0, 10, 1.0, 3.0, 40.0, 45.0, 80.0, 1, {"x": 1}).holds()
    assert not Report(1, 8, 10.0, 0, 0.0, None, None, None, 0.0, 0, {}).holds()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LocalServer]:
    local = LocalServer(tmp_path / "data", time_scale=1.0)
    local.start()
    yield local
    local.stop()


def test_smoke_run_against_a_real_server(server: LocalServer) -> None:
    command = [sys.executable, "-m", "undercover.tools.cli", "loadtest", "--url", server.base_url]
    command += ["--rooms", "2", "--players", "4", "--duration", "3", "--warmup", "1"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    line = done.stdout.strip().splitlines()[-1]
    assert "rooms 2 x 4 players" in line
    assert "latency p50" in line
    assert "p50 n/a" not in line  # inputs were measured
    assert line.endswith("0 errors"), line
