from __future__ import annotations

import pytest

from undercover.hosts.routes import (
    CreateRoom,
    NotFound,
    OpenSocket,
    Route,
    ShowQrCode,
    ShowRoom,
    StaticFile,
    UnknownApi,
    WrongMethod,
    match_route,
    rate_limited,
    room_summary,
    unknown_room,
    unknown_route,
    wrong_method,
)


@pytest.mark.parametrize(
    ("method", "path", "route"),
    [
        ("POST", "/api/rooms", CreateRoom()),
        ("POST", "/api/rooms/", CreateRoom()),
        ("GET", "/api/rooms", WrongMethod(allowed=("POST",))),
        ("GET", "/api/rooms/K7QXM", ShowRoom("K7QXM")),
        ("HEAD", "/api/rooms/k7qxm", ShowRoom("K7QXM")),
        ("GET", "/api/rooms/K0QXM", ShowRoom(None)),
        ("DELETE", "/api/rooms/K7QXM", WrongMethod(allowed=("GET", "HEAD"))),
        ("GET", "/api/rooms/K7QXM/qr.svg", ShowQrCode("K7QXM")),
        ("GET", "/api/rooms/K7QXM/other", UnknownApi()),
        ("GET", "/api/nope", UnknownApi()),
        ("GET", "/api", UnknownApi()),
        ("GET", "/ws/K7QXM", OpenSocket("K7QXM")),
        ("GET", "/ws/K7QXM/extra", OpenSocket(None)),
        ("GET", "/ws/ZZ", OpenSocket(None)),
        ("GET", "/", StaticFile("index.html", None)),
        ("GET", "/app.js", StaticFile("app.js", None)),
        ("GET", "/i18n/fr.json", StaticFile("i18n/fr.json", None)),
        ("GET", "/r/K7QXM", StaticFile("r/K7QXM", "index.html")),
        ("GET", "/../pyproject.toml", NotFound()),
        ("POST", "/", WrongMethod(allowed=("GET", "HEAD"))),
    ],
)
def test_match_route(method: str, path: str, route: Route) -> None:
    assert match_route(method, path) == route


def test_error_bodies_are_short_and_coded() -> None:
    for response in (unknown_room(), unknown_route(), rate_limited(3.0), wrong_method(("GET",))):
        assert set(response.body) == {"error", "message"}
        assert len(str(response.body["message"])) < 80
        assert ("Cache-Control", "no-store") in response.headers
    assert unknown_room().status == 404
    assert unknown_room().body["error"] == "room.not_found"
    assert ("Retry-After", "3") in rate_limited(2.5).headers
    assert ("Allow", "GET") in wrong_method(("GET",)).headers


def test_summary_carries_the_share_link() -> None:
    response = room_summary({"code": "K7QXM", "status": "lobby", "players": 2}, "http://h/r/K7QXM")
    assert response.status == 200
    assert response.body == {
        "code": "K7QXM",
        "status": "lobby",
        "players": 2,
        "share_url": "http://h/r/K7QXM",
    }
