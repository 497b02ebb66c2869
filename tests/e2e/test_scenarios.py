"""The end-to-end scenarios against `undercover serve` over real HTTP and WebSockets."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.harness import LocalServer
from tests.e2e.scenarios import SCENARIOS


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario(server: LocalServer, name: str) -> None:
    asyncio.run(SCENARIOS[name](server))
    assert '"level": "error"' not in server.log_text(), server.log_tail()
