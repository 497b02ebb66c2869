"""Fixtures of the Cloudflare tests: a running Pyodide harness per module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.cloudflare.harness import Harness, running_harness


@pytest.fixture(scope="module")
def harness() -> Iterator[Harness]:
    """The Worker in Pyodide with a manual clock (time moves only when a test says so)."""
    with running_harness() as running:
        yield running


@pytest.fixture(scope="module")
def hibernating_harness() -> Iterator[Harness]:
    """Every event is handled by a fresh instance of the Durable Object class."""
    with running_harness(hibernate="always") as running:
        yield running
