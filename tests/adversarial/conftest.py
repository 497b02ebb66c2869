"""One `undercover serve` subprocess per test module (clock x20, throw-away data dir)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.harness import LocalServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    root: Path = tmp_path_factory.mktemp("adversarial")
    local = LocalServer(root / "data", time_scale=20.0)
    local.start()
    yield local
    local.stop()


@pytest.fixture(scope="module")
def limited_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    """`undercover serve` with the per-address limits on, as in production, except that they
    never refill (`--frozen-limits`): however slow the machine, a spent allowance stays spent."""
    root: Path = tmp_path_factory.mktemp("adversarial-limited")
    local = LocalServer(
        root / "data", time_scale=20.0, loopback_unlimited=False, frozen_limits=True
    )
    local.start()
    yield local
    local.stop()
