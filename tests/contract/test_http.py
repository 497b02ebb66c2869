"""The HTTP API as a stranger sees it, on both hosts: no secret, no script, short JSON errors."""

from __future__ import annotations

import json

from tests.contract.client import run
from tests.contract.hosts import Server
from tests.contract.table import http
from undercover.hosts.security import SECURITY_HEADERS


def test_api_answers_tell_no_secret(server: Server) -> None:
    code = run(server.create_room())
    status, headers, body = http(server.base_url, "GET", f"/api/rooms/{code}")
    assert status == 200
    assert set(json.loads(body)) == {"code", "status", "players", "share_url"}
    assert headers["cache-control"] == "no-store"
    _assert_security_headers(headers)
    for path in ("/api/rooms/ZZZZZ", "/api/rooms/ZZZZZ/qr.svg", "/api/nope", "/api/rooms/x/y"):
        status, headers, body = http(server.base_url, "GET", path)
        assert status == 404
        assert set(json.loads(body)) == {"error", "message"}
        _assert_security_headers(headers)
    status, headers, body = http(server.base_url, "GET", f"/api/rooms/{code}/qr.svg")
    assert status == 200
    assert headers["content-type"].startswith("image/svg+xml")
    assert b"<script" not in body
    assert b"href" not in body
    _assert_security_headers(headers)


def _assert_security_headers(headers: dict[str, str]) -> None:
    """The self-host adds them to every answer; the Worker to its own (`_headers` covers only
    the static files)."""
    for name, value in SECURITY_HEADERS:
        assert headers.get(name.lower()) == value, name
