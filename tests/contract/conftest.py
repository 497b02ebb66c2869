"""The contract suite's one fixture: `server`, each host in turn (tests/contract/hosts.py).

Package-scoped, so each host starts once for the whole suite (and stops when it is done):
pytest runs every test against the self-host, then every test against the Worker.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.cloudflare.harness import running_harness
from tests.contract.client import Conn
from tests.contract.hosts import TIME_SCALE, SelfHost, Server, WorkerHost
from tests.e2e.harness import LocalServer
from tests.wire.schema import HEARTBEAT, schema_errors


@pytest.fixture(
    scope="package",
    params=[
        pytest.param("self_host"),
        pytest.param("worker", marks=pytest.mark.node),
    ],
)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    if request.param == "worker":
        with running_harness(speed=TIME_SCALE) as harness:
            yield WorkerHost(harness)
        return
    local = LocalServer(tmp_path_factory.mktemp("contract") / "data", time_scale=TIME_SCALE)
    local.start()
    try:
        yield SelfHost(local)
    finally:
        local.stop()


@pytest.fixture(autouse=True)
def frames_follow_the_schema() -> Iterator[None]:
    """Every frame any socket of the test received is a message of docs/protocol.schema.json."""
    Conn.opened.clear()
    yield
    wrong = [
        (text[:200], errors)
        for conn in Conn.opened
        for text in conn.raw
        if text not in HEARTBEAT and (errors := schema_errors(json.loads(text)))
    ]
    Conn.opened.clear()
    assert wrong == []


@pytest.fixture(autouse=True)
def no_server_error(server: Server) -> Iterator[None]:
    """Whatever a test sends, the host logs no error of its own (a refusal is not one)."""
    before = len(server.server_errors())
    yield
    assert server.server_errors()[before:] == []
