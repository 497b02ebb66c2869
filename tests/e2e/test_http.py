"""The self-host's HTTP surface over a real socket: the client, its fallback, headers, 404s."""

from __future__ import annotations

import json
import signal
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path

import pytest

from tests.e2e.harness import ROOT, LocalServer
from undercover.hosts.security import SECURITY_HEADERS


def _get(server: LocalServer, path: str, method: str = "GET") -> tuple[int, Message, bytes]:
    request = urllib.request.Request(server.base_url + path, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_the_client_is_served_with_the_security_headers(server: LocalServer) -> None:
    index = (ROOT / "static" / "index.html").read_bytes()
    for path in ("/", "/r/K7QXM", "/r/K7QXM/"):
        status, headers, body = _get(server, path)
        assert (status, body) == (200, index), path
        assert headers["content-type"].startswith("text/html")
        for name, value in SECURITY_HEADERS:
            assert headers[name] == value


def test_client_files_and_missing_files(server: LocalServer) -> None:
    status, headers, body = _get(server, "/app.js")
    assert status == 200
    assert body == (ROOT / "static" / "app.js").read_bytes()
    assert "javascript" in headers["content-type"]
    assert _get(server, "/missing.js")[0] == 404
    assert _get(server, "/../pyproject.toml")[0] == 404


@pytest.mark.parametrize(("method", "path"), [("GET", "/api/nope"), ("GET", "/api/rooms/ZZZZZ")])
def test_api_404s_are_json_with_security_headers(
    server: LocalServer, method: str, path: str
) -> None:
    status, headers, body = _get(server, path, method)
    assert status == 404
    assert headers["content-type"] == "application/json"
    assert b'"error"' in body
    assert headers["Content-Security-Policy"] == dict(SECURITY_HEADERS)["Content-Security-Policy"]


def test_a_plain_get_on_the_socket_route_asks_for_an_upgrade(server: LocalServer) -> None:
    assert _get(server, "/ws/K7QXM")[0] == 426


def test_ctrl_c_stops_the_server_with_json_lines_only(tmp_path: Path) -> None:
    server = LocalServer(tmp_path / "data")
    server.start()
    assert server.process is not None
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(timeout=20) == 0
    lines = [line for line in server.log_text().splitlines() if line.strip()]
    plain = [line for line in lines if not line.startswith("Undercover: open")]
    assert plain, "no log line at all"
    for line in plain:
        assert json.loads(line)["event"], line  # no traceback: every line is a JSON event
    assert json.loads(plain[-1])["event"] == "server.stopped"
