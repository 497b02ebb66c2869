from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.harness import LocalServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    """One `undercover serve` per test module, clock x20, on a fresh data dir."""
    root: Path = tmp_path_factory.mktemp("serve")
    local = LocalServer(root / "data", time_scale=20.0)
    local.start()
    yield local
    local.stop()
