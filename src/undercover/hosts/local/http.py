"""The self-host's HTTP answers: the API (`hosts/routes.py`), the QR code, the client's files."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Final

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from undercover.hosts import routes
from undercover.hosts.codes import CodeSpaceExhaustedError, new_room_code
from undercover.hosts.local.server import Server, address_of
from undercover.hosts.logs import log_event
from undercover.hosts.ratelimit import (
    client_key,
)
from undercover.hosts.security import SECURITY_HEADERS
from undercover.hosts.share import qr_svg, share_url


def _api(response: routes.ApiResponse, method: str = "GET") -> Response:
    if method == "HEAD":
        return Response(status_code=response.status, headers=dict(response.headers))
    return JSONResponse(response.body, status_code=response.status, headers=dict(response.headers))


async def http(request: Request) -> Response:
    server: Server = request.app.state.server
    route = routes.match_route(request.method, request.url.path)
    address = address_of(request)
    match route:
        case routes.CreateRoom():
            return await _create_room(server, address)
        case routes.ShowRoom(code) | routes.ShowQrCode(code):
            found = await server.find_room(code, address)
            if isinstance(found, float):
                return _api(routes.rate_limited(found) if found > 0 else routes.unknown_room())
            link = share_url(server.share_base(request), found.code)
            if isinstance(route, routes.ShowQrCode):
                return Response(qr_svg(link), media_type="image/svg+xml", headers=_NO_STORE)
            return _api(routes.room_summary(await found.summary(), link), request.method)
        case routes.OpenSocket():
            return PlainTextResponse("Expected a WebSocket upgrade.", status_code=426)
        case routes.UnknownApi():
            return _api(routes.unknown_route(), request.method)
        case routes.WrongMethod(allowed):
            return _api(routes.wrong_method(allowed), request.method)
        case routes.NotFound():
            return PlainTextResponse("Not found.", status_code=404)
        case routes.StaticFile(path, fallback):
            return _static(server.options.static_dir, path, fallback)


_NO_STORE: Final = {"Cache-Control": "no-store"}


async def _create_room(server: Server, address: str) -> Response:
    wait = (
        0.0
        if server.is_unlimited(address)
        else server.create_limits.take(client_key(address), server.options.limits_clock())
    )
    if wait > 0:
        log_event("room.create_limited", level=logging.WARNING)
        return _api(routes.rate_limited(wait))
    try:
        code = new_room_code(server.rooms.is_taken)
    except CodeSpaceExhaustedError:
        return _api(routes.server_full())
    await server.rooms.create(code)
    server.room_passes.grant(code, client_key(address))
    return _api(routes.created(code))


def _static(root: Path, path: str, fallback: str | None) -> Response:
    for candidate in (path, fallback):
        if candidate is None:
            continue
        file = (root / candidate).resolve()
        if file.is_file() and file.is_relative_to(root.resolve()):
            return FileResponse(file, headers={"Cache-Control": "no-cache"})
    return PlainTextResponse("Not found.", status_code=404)


class SecurityHeaders:
    """ASGI middleware: the shared security headers on every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.raw = [(name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in {"http", "websocket"}:
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] in {"http.response.start", "websocket.http.response.start"}:
                message = {**message, "headers": [*message.get("headers", []), *self.raw]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
