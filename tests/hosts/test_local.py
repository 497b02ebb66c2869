"""The self-host's HTTP and WebSocket plumbing, in-process, around a fake runner."""

from __future__ import annotations

import json
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

with warnings.catch_warnings():  # Starlette nudges towards httpx2; httpx is what is pinned
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tests.hosts.fake_runner import FakeEngine
from undercover.hosts import routes
from undercover.hosts.heartbeat import PING, PONG
from undercover.hosts.local import app, sockets
from undercover.hosts.local.app import build_app
from undercover.hosts.local.options import Options, parse_args
from undercover.hosts.ratelimit import (
    CREATE_BURST,
    FLOOD_STRIKES,
    FRAME_BURST,
    UNKNOWN_ROOM_BURST,
    UNKNOWN_ROOM_PER_SECOND,
)
from undercover.hosts.security import SECURITY_HEADERS
from undercover.hosts.share import lan_address
from undercover.themes.load import ThemeFilesError
from undercover.themes.schema import Problem
from undercover.wire.protocol import CloseCode


@pytest.fixture
def static_dir(tmp_path: Path) -> Path:
    root = tmp_path / "static"
    (root / "js").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><title>Undercover</title>")
    (root / "js" / "app.js").write_text("console.log('hi')")
    (tmp_path / "secret.txt").write_text("not served")
    return root


class Ticks:
    """The rate limits' clock, moved by hand: it stands still unless a test moves it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _client(tmp_path: Path, static_dir: Path, **options: object) -> TestClient:
    settings = Options(data_dir=tmp_path / "data", static_dir=static_dir, **options)  # type: ignore[arg-type]
    return TestClient(build_app(settings, FakeEngine()))


@pytest.fixture
def ticks() -> Ticks:
    return Ticks()


@pytest.fixture
def client(tmp_path: Path, static_dir: Path, ticks: Ticks) -> Iterator[TestClient]:
    with _client(tmp_path, static_dir, time_scale=1000.0, limits_clock=ticks) as test_client:
        yield test_client


def _create(client: TestClient) -> str:
    response = client.post("/api/rooms")
    assert response.status_code == 201
    code: str = response.json()["code"]
    return code


def test_create_then_look_up(client: TestClient) -> None:
    code = _create(client)
    summary = client.get(f"/api/rooms/{code}")
    assert summary.status_code == 200
    assert summary.json() == {
        "code": code,
        "status": "lobby",
        "players": 0,
        "share_url": f"http://testserver/r/{code}",
    }
    assert summary.headers["cache-control"] == "no-store"
    assert client.get(f"/api/rooms/{code.lower()}").status_code == 200


def test_unknown_room_is_a_short_404(client: TestClient) -> None:
    for path in ("/api/rooms/ZZZZZ", "/api/rooms/00000", "/api/rooms/ZZZZZ/qr.svg"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.json()["error"] == "room.not_found"


def test_unknown_api_route_is_json_404(client: TestClient) -> None:
    response = client.get("/api/players")
    assert response.status_code == 404
    assert response.json()["error"] == "route.unknown"
    wrong = client.delete("/api/rooms")
    assert (wrong.status_code, wrong.json()["error"]) == (405, "route.method")


def test_a_server_whose_every_room_code_is_taken_is_full(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    rooms = client.app.state.server.rooms  # type: ignore[attr-defined]
    monkeypatch.setattr(rooms, "is_taken", lambda code: True)
    response = client.post("/api/rooms")
    assert (response.status_code, response.json()["error"]) == (503, "server.full")


def test_qr_code_is_svg_of_the_share_link(client: TestClient) -> None:
    code = _create(client)
    response = client.get(f"/api/rooms/{code}/qr.svg")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg")


def test_lan_share_link_uses_the_lan_address(tmp_path: Path, static_dir: Path) -> None:
    with _client(tmp_path, static_dir, lan=True, port=9999) as lan_client:
        code = _create(lan_client)
        link = lan_client.get(f"/api/rooms/{code}").json()["share_url"]
    assert link == f"http://{lan_address()}:9999/r/{code}"


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    for response in (client.get("/"), client.get("/api/nope"), client.post("/api/rooms")):
        for name, value in SECURITY_HEADERS:
            assert response.headers[name] == value


def test_static_client_with_single_page_fallback(client: TestClient) -> None:
    assert "Undercover" in client.get("/").text
    assert "Undercover" in client.get("/r/K7QXM").text
    assert client.get("/js/app.js").text == "console.log('hi')"
    assert client.get("/js/missing.js").status_code == 404
    assert client.get("/../secret.txt").status_code == 404
    assert client.get("/%2e%2e/secret.txt").status_code == 404
    assert client.post("/").status_code == 405


def test_files_go_out_compressed_to_clients_that_accept_it(
    client: TestClient, static_dir: Path
) -> None:
    script = "export const greeting = 'bonjour';\n" * 200
    (static_dir / "js" / "big.js").write_text(script)
    packed = client.get("/js/big.js", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip"
    assert int(packed.headers["content-length"]) < len(script) // 10
    assert packed.text == script  # the client undoes it
    for name, value in SECURITY_HEADERS:
        assert packed.headers[name] == value
    plain = client.get("/js/big.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.text == script


def test_room_creation_is_rate_limited_per_address(client: TestClient) -> None:
    for _ in range(int(CREATE_BURST)):
        _create(client)
    refused = client.post("/api/rooms")
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) >= 1
    assert refused.json()["error"] == "rate.limited"


def _from(client: TestClient, address: str) -> TestClient:
    """Another client of the same server, from another address."""
    return TestClient(client.app, client=(address, 50000))


def _spend_look_ups(client: TestClient) -> None:
    """Look up unknown codes until refused: exactly the burst is answered (the clock stands)."""
    answers = [client.get("/api/rooms/ZZZZZ").status_code for _ in range(int(UNKNOWN_ROOM_BURST))]
    assert answers == [404] * int(UNKNOWN_ROOM_BURST)
    assert client.get("/api/rooms/ZZZZZ").status_code == 429


def _refused_at_the_hello(client: TestClient, code: str, token: str | None = None) -> None:
    """The socket opens, and its hello gets `rate.limited` then the policy close."""
    with client.websocket_connect(f"/ws/{code}") as socket:
        socket.send_text(json.dumps({"type": "hello", "token": token}))
        error = json.loads(socket.receive_text())
        assert (error["code"], error["fatal"]) == ("rate.limited", True)
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    assert (closed.value.code, closed.value.reason) == (1008, routes.LOOK_UPS_SPENT_REASON)


def test_unknown_room_probes_are_rate_limited(client: TestClient) -> None:
    code = _create(client)
    prober = _from(client, "203.0.113.9")
    _spend_look_ups(prober)
    # Past the limit a live code this address never reached answers as an unknown one:
    # probing reveals nothing, over HTTP or over a socket.
    assert prober.get(f"/api/rooms/{code}").status_code == 429
    assert prober.get(f"/api/rooms/{code}/qr.svg").status_code == 429
    for probed in (code, "ZZZZZ"):
        _refused_at_the_hello(prober, probed)
        _refused_at_the_hello(prober, probed, token="guessed-token")


def test_look_ups_come_back_with_time(client: TestClient, ticks: Ticks) -> None:
    prober = _from(client, "203.0.113.9")
    _spend_look_ups(prober)
    ticks.now += 1 / UNKNOWN_ROOM_PER_SECOND  # one look-up's worth of time
    assert prober.get("/api/rooms/ZZZZZ").status_code == 404
    assert prober.get("/api/rooms/ZZZZZ").status_code == 429


def test_a_socket_without_a_seat_spends_one_look_up_at_its_hello(client: TestClient) -> None:
    code = _create(client)
    newcomer = _from(client, "198.51.100.7")
    with newcomer.websocket_connect(f"/ws/{code}") as socket:
        _hello(socket)  # joins: one look-up spent, and a pass for this room
    answers = [newcomer.get("/api/rooms/ZZZZZ").status_code for _ in range(int(UNKNOWN_ROOM_BURST))]
    assert answers == [404] * (int(UNKNOWN_ROOM_BURST) - 1) + [429]
    with newcomer.websocket_connect(f"/ws/{code}") as socket:  # the pass: never refused
        _hello(socket)


def test_a_seated_player_from_a_new_address_is_never_refused_nor_charged(
    client: TestClient,
) -> None:
    code = _create(client)
    with client.websocket_connect(f"/ws/{code}") as socket:
        token = _hello(socket)["token"]
    mobile = _from(client, "192.0.2.44")  # the same phone, off the Wi-Fi
    _spend_look_ups(mobile)  # and that network's address already spent its allowance
    _refused_at_the_hello(mobile, code, token="not-a-seat-token")
    with mobile.websocket_connect(f"/ws/{code}") as socket:
        assert _hello(socket, token)["token"] == token
    # The seat's hello earned the address a pass: the room's summary answers again.
    assert mobile.get(f"/api/rooms/{code}").status_code == 200
    # From an address with its allowance whole, the seat's hello costs nothing.
    fresh = _from(client, "192.0.2.45")
    with fresh.websocket_connect(f"/ws/{code}") as socket:
        assert _hello(socket, token)["token"] == token
    _spend_look_ups(fresh)


def _hello(socket: Any, token: str | None = None) -> dict[str, Any]:
    """Say hello; the welcome, with the view that follows it under "view"."""
    socket.send_text(json.dumps({"type": "hello", "token": token}))
    welcome: dict[str, Any] = json.loads(socket.receive_text())
    assert welcome["type"] == "welcome"
    view = json.loads(socket.receive_text())
    assert view["type"] == "view"
    return {**welcome, "view": view}


def test_socket_inputs_reach_every_player(client: TestClient) -> None:
    code = _create(client)
    with (
        client.websocket_connect(f"/ws/{code}") as ana,
        client.websocket_connect(f"/ws/{code}") as ben,
    ):
        _hello(ana)
        _hello(ben)
        assert json.loads(ana.receive_text())["type"] == "view"  # ben joined
        ana.send_text('{"type": "add"}')
        assert json.loads(ana.receive_text())["counter"] == 1
        assert json.loads(ben.receive_text())["counter"] == 1
        ben.send_text("not json")
        assert json.loads(ben.receive_text())["code"] == "bad"
        ben.send_bytes(b"\x00\x01")
        assert json.loads(ben.receive_text())["code"] == "bad"
    assert client.get(f"/api/rooms/{code}").json()["players"] == 2


def test_the_heartbeat_is_answered_and_never_reaches_the_room(client: TestClient) -> None:
    code = _create(client)
    with client.websocket_connect(f"/ws/{code}") as ana:
        _hello(ana)
        ana.send_text(PING)
        assert ana.receive_text() == PONG
        ana.send_text('{"type": "add"}')  # the room saw nothing before: no error, counter 1
        assert json.loads(ana.receive_text())["counter"] == 1


def test_socket_from_a_foreign_origin_is_refused(client: TestClient) -> None:
    code = _create(client)
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(f"/ws/{code}", headers={"origin": "https://evil.example"}),
    ):
        pass
    # Closed before the accept: a real server answers the upgrade 403 (tests/adversarial).
    assert refused.value.code == CloseCode.POLICY
    with client.websocket_connect(f"/ws/{code}", headers={"origin": "http://testserver"}) as ok:
        _hello(ok)


def test_socket_to_an_unknown_room_is_told_and_closed(client: TestClient) -> None:
    with client.websocket_connect("/ws/ZZZZZ") as socket:
        error = json.loads(socket.receive_text())
        assert (error["code"], error["fatal"]) == ("room.not_found", True)
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    assert closed.value.code == 4404


def _codes_until_closed(socket: Any) -> list[object]:
    """The error codes received, then the close code."""
    codes: list[object] = []
    while True:
        try:
            codes.append(json.loads(socket.receive_text())["code"])
        except WebSocketDisconnect as closed:
            return [*codes, closed.code]


def test_a_flood_is_throttled_then_closed(client: TestClient) -> None:
    code = _create(client)
    with client.websocket_connect(f"/ws/{code}") as socket:
        _hello(socket)
        for _ in range(200):
            socket.send_text('{"type": "nothing"}')
        codes = _codes_until_closed(socket)
    # The limits' clock stands: the burst passes (the hello took one), FLOOD_STRIKES frames
    # are refused, and the next one closes the connection.
    passed = int(FRAME_BURST) - 1
    assert codes == ["unknown"] * passed + ["rate.limited"] * FLOOD_STRIKES + [1008]
    # Another connection to the same room is not affected.
    with client.websocket_connect(f"/ws/{code}") as other:
        _hello(other)


def test_runner_closes_are_sent_after_their_frames(client: TestClient) -> None:
    code = _create(client)
    with client.websocket_connect(f"/ws/{code}") as socket:
        _hello(socket)
        socket.send_text('{"type": "kick"}')
        assert json.loads(socket.receive_text()) == {"type": "closed", "reason": "kicked"}
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    assert closed.value.code == 4403


def test_the_room_alarm_fires_on_the_scaled_clock(client: TestClient) -> None:
    code = _create(client)
    with client.websocket_connect(f"/ws/{code}") as socket:
        _hello(socket)
        socket.send_text('{"type": "arm", "in": 30}')  # 30 room seconds = 30 ms at x1000
        assert json.loads(socket.receive_text())["fired"] == 1


def test_a_deleted_room_is_gone(client: TestClient, tmp_path: Path) -> None:
    code = _create(client)
    assert (tmp_path / "data" / "rooms" / f"{code}.sqlite3").exists()
    with client.websocket_connect(f"/ws/{code}") as socket:
        _hello(socket)
        socket.send_text('{"type": "delete"}')
        with pytest.raises(WebSocketDisconnect):
            socket.receive_text()
    assert client.get(f"/api/rooms/{code}").status_code == 404
    assert not (tmp_path / "data" / "rooms" / f"{code}.sqlite3").exists()


def test_rooms_and_alarms_survive_a_restart(tmp_path: Path, static_dir: Path) -> None:
    with _client(tmp_path, static_dir, time_scale=1000.0) as first:
        code = _create(first)
        with first.websocket_connect(f"/ws/{code}") as socket:
            token = _hello(socket)["token"]
            socket.send_text('{"type": "add"}')
            assert json.loads(socket.receive_text())["counter"] == 1
            socket.send_text('{"type": "arm", "in": 3600}')  # 3.6 s at x1000: outlives the run
    with _client(tmp_path, static_dir, time_scale=1000.0) as second:
        assert second.get(f"/api/rooms/{code}").status_code == 200
        with second.websocket_connect(f"/ws/{code}") as socket:
            hello = _hello(socket, token)
            assert hello["player_id"] == "p1"
            # The alarm was re-armed from storage at start-up, and fires (maybe already did).
            view = hello["view"] if hello["view"]["fired"] else json.loads(socket.receive_text())
            assert view == {"type": "view", "counter": 1, "fired": 1}


def test_parse_args_defaults_and_lan() -> None:
    assert parse_args([]) == Options()
    lan = parse_args(["--lan", "--port", "9000", "--data-dir", "/tmp/x", "--time-scale", "50"])
    assert (lan.host, lan.port, str(lan.data_dir), lan.lan, lan.time_scale) == (
        "0.0.0.0",
        9000,
        "/tmp/x",
        True,
        50.0,
    )
    assert parse_args(["--lan", "--host", "192.168.1.5"]).host == "192.168.1.5"
    with pytest.raises(SystemExit):
        parse_args(["--time-scale", "0"])


def test_frozen_limits_stop_the_limits_clock() -> None:
    """`--frozen-limits` (tests only): the limits' clock stands, so no allowance ever refills."""
    assert parse_args(["--frozen-limits"]).limits_clock() == 0.0
    assert parse_args([]).limits_clock is time.monotonic


def test_request_bodies_are_bounded(client: TestClient) -> None:
    assert client.post("/api/rooms", content=b"x" * 5000).status_code == 413


def test_a_socket_silent_from_the_start_is_closed_a_greeted_one_may_idle(
    tmp_path: Path, static_dir: Path
) -> None:
    with _client(tmp_path, static_dir, first_frame_seconds=0.3) as test_client:
        code = _create(test_client)
        with test_client.websocket_connect(f"/ws/{code}") as silent:
            with pytest.raises(WebSocketDisconnect) as closed:
                silent.receive_text()
            assert (closed.value.code, closed.value.reason) == (1008, routes.SILENT_REASON)
        with test_client.websocket_connect(f"/ws/{code}") as greeted:
            _hello(greeted)
            time.sleep(0.6)  # idle past the first frame's allowance: still open
            greeted.send_text("{}")
            assert json.loads(greeted.receive_text())["type"] == "error"


def test_sockets_per_address_are_capped(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sockets, "MAX_SOCKETS_PER_ADDRESS", 2)
    code = _create(client)
    with client.websocket_connect(f"/ws/{code}") as first:
        _hello(first)
        with client.websocket_connect(f"/ws/{code}") as second:
            _hello(second)
            with client.websocket_connect(f"/ws/{code}") as third:
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_text()
                assert (closed.value.code, closed.value.reason) == (1008, routes.CROWD_REASON)
        with client.websocket_connect(f"/ws/{code}") as again:  # a place is free again
            assert _hello(again)["type"] == "welcome"


def test_a_flawed_theme_file_stops_the_server_before_it_listens(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    problem = Problem("themes/films/ecole.json", "entries[0] 'Alba'", "tags", "at least 4")

    def flawed() -> None:
        raise ThemeFilesError([problem])

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the server must not start")

    monkeypatch.setattr(app, "builtin_catalog", flawed)
    monkeypatch.setattr(app.uvicorn, "Server", never)
    assert app.main(["--port", "0"]) == 2
    assert "themes/films/ecole.json" in capsys.readouterr().err
