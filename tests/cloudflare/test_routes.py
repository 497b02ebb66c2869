"""The Worker's routes and bad input, over real HTTP and WebSockets to the Pyodide harness."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.cloudflare.harness import Harness
from undercover.hosts import routes
from undercover.wire.error_codes import english

pytestmark = pytest.mark.node


def test_create_then_look_up_a_room(harness: Harness) -> None:
    harness.reset_limits()
    created = harness.http.post("/api/rooms")
    assert created.status_code == 201
    assert created.headers["content-type"].startswith("application/json")
    assert created.headers["cache-control"] == "no-store"
    code = created.json()["code"]
    shown = harness.http.get(f"/api/rooms/{code.lower()}")
    assert shown.status_code == 200
    assert shown.json() == {
        "code": code,
        "status": "lobby",
        "players": 0,
        "share_url": f"{harness.base_url}/r/{code}",
    }
    qr = harness.http.get(f"/api/rooms/{code}/qr.svg")
    assert qr.status_code == 200
    assert qr.headers["content-type"] == "image/svg+xml"
    assert qr.text.startswith("<svg")
    assert "<script" not in qr.text


def test_unknown_rooms_and_routes_get_a_short_404(harness: Harness) -> None:
    harness.reset_limits()
    for path in ("/api/rooms/ZZZZZ", "/api/rooms/ZZZZZ/qr.svg", "/api/rooms/0OIL1"):
        answer = harness.http.get(path)
        assert answer.status_code == 404
        assert answer.json()["error"] == "room.not_found"
    for path in ("/api/nothing", "/api/rooms/ABCDE/other"):
        answer = harness.http.get(path)
        assert answer.status_code == 404
        assert answer.json() == {"error": "route.unknown", "message": english("route.unknown")}
    assert harness.http.get("/api/rooms").status_code == 405
    # Looking up an unknown room leaves no storage behind (no empty room is ever created).
    assert harness.state("ZZZZZ")["empty"]


def test_a_socket_to_an_unknown_room_is_told_and_closed(harness: Harness) -> None:
    harness.reset_limits()
    with connect(harness.ws_url("ZZZZZ")) as ws:
        frame = json.loads(ws.recv(timeout=10))
        assert frame["code"] == "room.not_found"
        assert frame["fatal"] is True
        with pytest.raises(Exception):  # noqa: B017,PT011 - the close, whatever the library calls it
            ws.recv(timeout=10)
        assert ws.close_code == 4404
    assert harness.state("ZZZZZ")["empty"]


def test_wrong_origin_and_missing_upgrade_are_refused(harness: Harness) -> None:
    harness.reset_limits()
    code = harness.create_room()
    with pytest.raises(InvalidStatus) as refused:
        connect(harness.ws_url(code), origin="https://evil.example")  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    with connect(harness.ws_url(code), origin=harness.base_url) as ws:  # type: ignore[arg-type]
        ws.send(json.dumps({"type": "hello", "protocol": 5, "token": None, "name": "Zoé"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
    plain = harness.http.get(f"/ws/{code}")
    assert plain.status_code == 426


def test_room_creation_is_rate_limited_per_address(harness: Harness) -> None:
    harness.reset_limits()
    answers = [harness.http.post("/api/rooms").status_code for _ in range(11)]
    assert answers == [201] * 10 + [429]
    other = harness.http.post("/api/rooms", headers={"x-harness-client-ip": "198.51.100.7"})
    assert other.status_code == 201
    assert harness.http.post("/api/rooms").json()["error"] == "rate.limited"
    harness.reset_limits()


def test_look_ups_are_rate_limited_per_address(harness: Harness) -> None:
    harness.reset_limits()
    answers = {harness.http.get(f"/api/rooms/ZZZZ{c}").status_code for c in "ABCDEFGH" * 13}
    assert answers == {404, 429}
    harness.reset_limits()


def _spend_look_ups(harness: Harness, headers: dict[str, str]) -> None:
    answers = [
        harness.http.get(f"/api/rooms/ZZZZ{c}", headers=headers).status_code for c in "AB" * 51
    ]
    assert answers[-1] == 429


def test_the_look_up_limit_never_locks_a_party_out_of_its_own_room(harness: Harness) -> None:
    harness.reset_limits()
    party = {"x-harness-client-ip": "198.51.100.20"}
    prober = {"x-harness-client-ip": "203.0.113.20"}
    code = harness.http.post("/api/rooms", headers=party).json()["code"]
    _spend_look_ups(harness, party)  # someone at the party mistyped codes
    # The party's address created the room: its summary, QR code and socket still answer.
    with connect(harness.ws_url(code), additional_headers=party) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": 5, "token": None, "name": "Alex"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
    assert harness.http.get(f"/api/rooms/{code}", headers=party).status_code == 200
    assert harness.http.get(f"/api/rooms/{code}/qr.svg", headers=party).status_code == 200
    # A live code a prober past its allowance never reached answers like an unknown one.
    _spend_look_ups(harness, prober)
    assert harness.http.get(f"/api/rooms/{code}", headers=prober).status_code == 429
    harness.reset_limits()


def _hello(ws: Any, token: str | None = None) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "protocol": 5, "token": token, "name": "Alex"}))
    welcome: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return welcome


def _refused_at_the_hello(
    harness: Harness, code: str, headers: dict[str, str], token: str | None = None
) -> None:
    """The socket opens; its hello gets `rate.limited`, then the policy close."""
    with connect(harness.ws_url(code), additional_headers=headers) as ws:
        error = _hello(ws, token)
        assert (error["code"], error["fatal"]) == ("rate.limited", True)
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        assert (ws.close_code, ws.close_reason) == (1008, routes.LOOK_UPS_SPENT_REASON)


def test_past_the_look_up_limit_a_live_code_s_socket_answers_as_an_unknown_one(
    harness: Harness,
) -> None:
    harness.reset_limits()
    code = harness.create_room()
    prober = {"x-harness-client-ip": "203.0.113.21"}
    _spend_look_ups(harness, prober)
    for probed in (code, "ZZZZZ"):
        _refused_at_the_hello(harness, probed, prober)
        _refused_at_the_hello(harness, probed, prober, token="t" * 43)
    harness.reset_limits()


@pytest.mark.parametrize("hibernating", [False, True])
def test_a_seated_player_from_a_new_address_is_never_refused_nor_charged(
    harness: Harness, hibernating_harness: Harness, hibernating: bool
) -> None:
    host = hibernating_harness if hibernating else harness
    host.reset_limits()
    code = host.create_room()
    with connect(host.ws_url(code)) as ws:
        token = _hello(ws)["token"]
    mobile = {"x-harness-client-ip": "192.0.2.40"}  # the same phone, off the Wi-Fi
    _spend_look_ups(host, mobile)  # and that network's address spent its allowance
    _refused_at_the_hello(host, code, mobile, token="t" * 43)
    with connect(host.ws_url(code), additional_headers=mobile) as ws:
        assert _hello(ws, token)["token"] == token
        # The seat's hello earned the address a pass: while its socket is open, even after
        # a hibernation, the room's summary answers it.
        assert host.http.get(f"/api/rooms/{code}", headers=mobile).status_code == 200
    # From an address with its allowance whole, the seat's hello costs nothing.
    fresh = {"x-harness-client-ip": "192.0.2.41"}
    with connect(host.ws_url(code), additional_headers=fresh) as ws:
        assert _hello(ws, token)["token"] == token
    answers = [host.http.get("/api/rooms/ZZZZZ", headers=fresh).status_code for _ in range(101)]
    assert answers == [404] * 100 + [429]
    host.reset_limits()


def test_a_flood_is_throttled_then_closed_on_that_connection_only(harness: Harness) -> None:
    harness.reset_limits()
    code = harness.create_room()
    with connect(harness.ws_url(code)) as calm, connect(harness.ws_url(code)) as flood:
        calm.send(json.dumps({"type": "hello", "protocol": 5, "token": None, "name": "Calm"}))
        calm.recv(timeout=10)
        calm.recv(timeout=10)
        for _ in range(200):
            flood.send("{}")
        answers = []
        with contextlib.suppress(ConnectionClosed):
            while True:
                answers.append(json.loads(flood.recv(timeout=10))["code"])
        assert answers.count("rate.limited") >= 20  # past the burst: refused unread, then closed
        assert flood.close_code == 1008
        calm.send(json.dumps({"type": "set_lock", "locked": True}))
        view = json.loads(calm.recv(timeout=10))
        assert view["type"] == "view"
        assert view["view"]["settings"]["locked"] is True


def test_the_worker_logs_info_to_stdout_and_warnings_to_stderr(harness: Harness) -> None:
    harness.reset_limits()
    code = harness.create_room()
    harness.python(
        "import logging\nfrom undercover.hosts.logs import log_event\n"
        "log_event('test.warning', room='ABCDE', level=logging.WARNING)"
    )
    logs = harness.logs()
    assert any('"room.created"' in line and code in line for line in logs["stdout"])
    assert not any('"level": "info"' in line for line in logs["stderr"])
    assert any('"test.warning"' in line for line in logs["stderr"])
