"""The HTTP surface both hosts share: which route a request is, and what it answers.

Pure functions and values only (no web framework): the self-host (`local.py`)
and the Cloudflare entry adapt them to their own request and response types,
so that a route behaves the same on both.

    POST /api/rooms                -> 201 {"code": "K7QXM"}      (the only way to create a room)
    GET  /api/rooms/{code}         -> 200 summary | 404 room.not_found | 429
    GET  /api/rooms/{code}/qr.svg  -> 200 the share link as a QR code | 404 | 429
    GET  /ws/{code}                -> the room's WebSocket | 404 before the upgrade
    /api/...  (anything else)      -> 404 route.unknown
    anything else                  -> the static client, `/r/K7QXM` and co. fall back to index.html
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from undercover.hosts.codes import normalise_code
from undercover.hosts.ratelimit import retry_after_header
from undercover.hosts.security import API_HEADERS
from undercover.wire.codec import describe
from undercover.wire.protocol import CloseCode, ProtocolCode, RouteCode

JsonBody = dict[str, object]


@dataclass(frozen=True)
class CreateRoom:
    """POST /api/rooms."""


@dataclass(frozen=True)
class ShowRoom:
    """GET /api/rooms/{code}; `code` is None when the path cannot hold a code."""

    code: str | None


@dataclass(frozen=True)
class ShowQrCode:
    """GET /api/rooms/{code}/qr.svg."""

    code: str | None


@dataclass(frozen=True)
class OpenSocket:
    """/ws/{code}."""

    code: str | None


@dataclass(frozen=True)
class UnknownApi:
    """Any other path under /api/."""


@dataclass(frozen=True)
class NotFound:
    """A path outside the API that no file can match (e.g. with `..`)."""


@dataclass(frozen=True)
class WrongMethod:
    """A known API path asked with a method it does not take."""

    allowed: tuple[str, ...]


@dataclass(frozen=True)
class StaticFile:
    """A file of the client under `static/`; `fallback`: the page to serve if it is absent."""

    path: str
    fallback: str | None


Route = (
    CreateRoom
    | ShowRoom
    | ShowQrCode
    | OpenSocket
    | UnknownApi
    | NotFound
    | WrongMethod
    | StaticFile
)

INDEX_PAGE: Final = "index.html"


def match_route(method: str, path: str) -> Route:
    """The route for a request line.

    >>> match_route("GET", "/api/rooms/k7qxm")
    ShowRoom(code='K7QXM')
    >>> match_route("GET", "/r/K7QXM")
    StaticFile(path='r/K7QXM', fallback='index.html')
    """
    method = method.upper()
    segments = [segment for segment in path.split("/") if segment]
    if segments[:1] == ["ws"]:
        return OpenSocket(normalise_code(segments[1]) if len(segments) == 2 else None)
    if segments[:1] == ["api"]:
        return _match_api(method, segments[1:])
    if method not in {"GET", "HEAD"}:
        return WrongMethod(allowed=("GET", "HEAD"))
    return _match_static(segments)


def _match_api(method: str, segments: list[str]) -> Route:
    if segments == ["rooms"]:
        return CreateRoom() if method == "POST" else WrongMethod(allowed=("POST",))
    if len(segments) in {2, 3} and segments[0] == "rooms":
        if len(segments) == 3 and segments[2] != "qr.svg":
            return UnknownApi()
        if method not in {"GET", "HEAD"}:
            return WrongMethod(allowed=("GET", "HEAD"))
        code = normalise_code(segments[1])
        return ShowRoom(code) if len(segments) == 2 else ShowQrCode(code)
    return UnknownApi()


def _match_static(segments: list[str]) -> Route:
    if any(segment in {".", ".."} or "\\" in segment or "\x00" in segment for segment in segments):
        return NotFound()
    if not segments:
        return StaticFile(path=INDEX_PAGE, fallback=None)
    # A path that names a file (has an extension) is that file or a 404; any other path
    # is a page of the single-page client, as Workers Static Assets' SPA mode does.
    looks_like_file = "." in segments[-1]
    return StaticFile(path="/".join(segments), fallback=None if looks_like_file else INDEX_PAGE)


# --- Responses -----------------------------------------------------------------


@dataclass(frozen=True)
class ApiResponse:
    """A JSON answer: status, body and extra headers, for either host to send."""

    status: int
    body: JsonBody
    headers: tuple[tuple[str, str], ...] = field(default=API_HEADERS)


def error_body(code: str) -> JsonBody:
    """The body of every API error: a stable code and its one English text
    (`wire/error_codes.py`)."""
    return {"error": code, "message": describe(code)}


def created(code: str) -> ApiResponse:
    return ApiResponse(201, {"code": code})


def room_summary(summary: Mapping[str, object], share_url: str) -> ApiResponse:
    """200 with the runner's summary (code, status, players) and the link to share."""
    return ApiResponse(200, {**summary, "share_url": share_url})


def unknown_room() -> ApiResponse:
    return ApiResponse(404, error_body(ProtocolCode.ROOM_NOT_FOUND))


def unknown_route() -> ApiResponse:
    return ApiResponse(404, error_body(RouteCode.ROUTE_UNKNOWN))


def wrong_method(allowed: tuple[str, ...]) -> ApiResponse:
    headers = (*API_HEADERS, ("Allow", ", ".join(allowed)))
    return ApiResponse(405, error_body(RouteCode.ROUTE_METHOD), headers)


def rate_limited(wait_seconds: float) -> ApiResponse:
    headers = (*API_HEADERS, ("Retry-After", retry_after_header(wait_seconds)))
    return ApiResponse(429, error_body(RouteCode.RATE_LIMITED), headers)


def server_full() -> ApiResponse:
    return ApiResponse(503, error_body(RouteCode.SERVER_FULL))


# --- WebSocket closes ------------------------------------------------------------
# Close reasons stay under 123 UTF-8 bytes (a Durable Object throws past that).

CLOSE_POLICY: Final = CloseCode.POLICY
CLOSE_TOO_BIG: Final = CloseCode.TOO_BIG
FLOOD_REASON: Final = "rate.flood: too many messages"
SLOW_REASON: Final = "connection.slow: messages not read"
SILENT_REASON: Final = "protocol.silent: no first frame in time"
CROWD_REASON: Final = "connection.crowd: too many sockets from one address"
LOOK_UPS_SPENT_REASON: Final = "rate.limited: too many room look-ups from this address"


def share_path(code: str) -> str:
    """The path a shared link opens: the client reads the code from it."""
    return f"/r/{code}"
