"""`undercover serve`: the self-host. Starlette + uvicorn around the shared room loop.

Thin by design: this file adapts HTTP requests and WebSockets to the shared routes
(`routes.py`) and live rooms (`rooms.py`); the game itself runs in the runner, the
same code as the Cloudflare Durable Object.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import ipaddress
import itertools
import logging
import resource
import secrets
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import uvicorn
from starlette.applications import Starlette
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from undercover.engine.dealing import Deck
from undercover.hosts import routes
from undercover.hosts.clock import Clock, open_clock
from undercover.hosts.codes import CodeSpaceExhaustedError, new_room_code
from undercover.hosts.heartbeat import PING, PONG
from undercover.hosts.logs import configure, log_event
from undercover.hosts.ratelimit import (
    CREATE_BURST,
    CREATE_PER_SECOND,
    FIRST_FRAME_SECONDS,
    MAX_SOCKETS_PER_ADDRESS,
    UNKNOWN_ROOM_BURST,
    UNKNOWN_ROOM_PER_SECOND,
    Door,
    FloodGuard,
    Frame,
    RateLimiter,
    RoomPasses,
    client_key,
)
from undercover.hosts.rooms import Engine, LiveRoom, Peer, Rooms, Runner
from undercover.hosts.security import SECURITY_HEADERS, is_origin_allowed
from undercover.hosts.share import base_url, lan_address, qr_svg, share_url
from undercover.hosts.store import Database
from undercover.themes.builtin import builtin_catalog
from undercover.themes.load import ThemeFilesError
from undercover.wire.codec import error_frame
from undercover.wire.protocol import RATE_LIMITED_CODE, CloseCode, ProtocolCode

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8787
DEFAULT_DATA_DIR: Final = Path("data")
STATIC_DIR: Final = Path(__file__).resolve().parents[3] / "static"
# The transport drops anything past this (close 1009); up to it, the codec answers
# frames over 4096 bytes with a `protocol.too_large` error and keeps the connection.
TRANSPORT_MAX_FRAME_BYTES: Final = 64 * 1024
ALL_METHODS: Final = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


@dataclass(frozen=True)
class Options:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    data_dir: Path = DEFAULT_DATA_DIR
    lan: bool = False
    time_scale: float = 1.0
    static_dir: Path = STATIC_DIR
    loopback_unlimited: bool = False
    first_frame_seconds: float = FIRST_FRAME_SECONDS
    offload: bool = True  # runner calls in worker threads (see rooms.LiveRoom._step)
    # Real seconds for the rate limits (never the scaled room clock); tests pass a fake one.
    limits_clock: Callable[[], float] = time.monotonic


class SharedEngine:
    """The runner shared with the Durable Object."""

    def __init__(self) -> None:
        # Imported here, at start-up, so that tests of the plumbing can run without it.
        from undercover.hosts.runner import RoomRunner

        self.runner = RoomRunner
        self.deck = Deck(builtin_catalog())  # once per process: every room deals from it

    def open(self, db: Database, code: str) -> Runner:
        return self.runner(db, code, deck=self.deck)

    def create(self, db: Database, code: str, now: float, seed: int) -> Runner:
        return self.runner.create(db, code, now, seed, deck=self.deck)


class Server:
    """What the routes need: the rooms, the clocks and the rate limiters."""

    def __init__(self, options: Options, engine: Engine) -> None:
        self.options = options
        options.data_dir.mkdir(parents=True, exist_ok=True)
        self.clock: Clock = open_clock(options.data_dir, options.time_scale)
        self.rooms = Rooms(options.data_dir, engine, self.clock, options.offload)
        self.create_limits = RateLimiter(CREATE_BURST, CREATE_PER_SECOND)
        self.lookup_limits = RateLimiter(UNKNOWN_ROOM_BURST, UNKNOWN_ROOM_PER_SECOND)
        self.room_passes = RoomPasses()
        self.frame_limits = FloodGuard()
        self.open_sockets: Counter[str] = Counter()  # per client key (ratelimit.client_key)
        self.lan_base = f"http://{lan_address()}:{options.port}" if options.lan else None
        self._connection_ids = itertools.count(1)
        self._boot = secrets.token_hex(3)

    def new_connection_id(self) -> str:
        return f"{self._boot}-{next(self._connection_ids)}"

    def is_unlimited(self, address: str) -> bool:
        return self.options.loopback_unlimited and is_loopback(address)

    def share_base(self, connection: HTTPConnection) -> str:
        if self.lan_base is not None:
            return self.lan_base
        return base_url(connection.url.scheme, connection.headers.get("host", "localhost"))

    async def find_room(self, code: str | None, address: str) -> LiveRoom | float:
        """The room, or how long this address must wait (0.0: the room is unknown).

        An address that already reached this room (or created it) holds a pass: never
        refused. Any other look-up spends the address's allowance, a live code like an
        unknown one, so past the limit a prober cannot tell a live code by its answer
        (`ratelimit.RoomPasses`).
        """
        now = self.options.limits_clock()
        room = await self.rooms.find(code) if code is not None else None
        if self.is_unlimited(address):
            return room if room is not None else 0.0
        key = client_key(address)
        if room is not None and self.room_passes.holds(room.code, key):
            return room
        wait = self.lookup_limits.take(key, now)
        if wait > 0 or room is None:
            return wait
        self.room_passes.grant(room.code, key)
        return room

    async def door(self, code: str | None, address: str) -> tuple[Door, LiveRoom | None]:
        """What a socket to `code` is told at the upgrade, and the room (`ratelimit.Door`).

        Unlike a page or a summary, a socket is not charged at the upgrade when its room
        exists: its hello may carry a seat token, and a seated player coming back from a new
        address (mobile data after the Wi-Fi) must never be refused.
        """
        room = await self.rooms.find(code) if code is not None else None
        if self.is_unlimited(address):
            return (Door.ENTER if room is not None else Door.UNKNOWN_ROOM), room
        key = client_key(address)
        if room is not None:
            return (Door.ENTER if self.room_passes.holds(room.code, key) else Door.AT_HELLO), room
        spent = self.lookup_limits.take(key, self.options.limits_clock()) > 0
        return (Door.SPENT if spent else Door.UNKNOWN_ROOM), None

    async def admit(self, room: LiveRoom, address: str, first: Message, door: Door) -> bool:
        """At the hello of a socket held at the door: a seat's token enters free; anything
        else spends a look-up (`Door.AT_HELLO`) or is refused (`Door.SPENT`)."""
        key = client_key(address)
        if not await room.greets_a_seat(_payload(first)):
            if door is Door.SPENT:
                return False
            if self.lookup_limits.take(key, self.options.limits_clock()) > 0:
                return False
        self.room_passes.grant(room.code, key)
        return True


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _address(connection: HTTPConnection) -> str:
    return connection.client.host if connection.client is not None else "unknown"


def _api(response: routes.ApiResponse, method: str = "GET") -> Response:
    if method == "HEAD":
        return Response(status_code=response.status, headers=dict(response.headers))
    return JSONResponse(response.body, status_code=response.status, headers=dict(response.headers))


async def _http(request: Request) -> Response:
    server: Server = request.app.state.server
    route = routes.match_route(request.method, request.url.path)
    address = _address(request)
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


async def _socket(websocket: WebSocket) -> None:
    server: Server = websocket.app.state.server
    route = routes.match_route("GET", websocket.url.path)
    code = route.code if isinstance(route, routes.OpenSocket) else None
    origin = websocket.headers.get("origin")
    if not is_origin_allowed(origin, websocket.headers.get("host")):
        log_event("socket.origin_refused", room=code, level=logging.WARNING)
        await websocket.send_denial_response(PlainTextResponse("Origin refused.", status_code=403))
        return
    address = _address(websocket)
    key = client_key(address)
    if server.open_sockets[key] >= MAX_SOCKETS_PER_ADDRESS and not server.is_unlimited(address):
        log_event("socket.crowd", room=code, level=logging.WARNING)
        await websocket.accept()
        await websocket.close(routes.CLOSE_POLICY, routes.CROWD_REASON)
        return
    server.open_sockets[key] += 1
    try:
        # Accepted first: a browser cannot read the status of a refused upgrade, but it can
        # read an error frame and a close code.
        await websocket.accept()
        door, room = await server.door(code, address)
        if door is Door.UNKNOWN_ROOM:
            await websocket.send_text(error_frame(ProtocolCode.ROOM_NOT_FOUND, fatal=True))
            await websocket.close(CloseCode.ROOM_NOT_FOUND, str(ProtocolCode.ROOM_NOT_FOUND))
            return
        first: Message | None = None
        if door is not Door.ENTER:
            first = await _first_frame(server, websocket, code)
            if first is None:
                return
            if room is None or not await server.admit(room, address, first, door):
                await websocket.send_text(
                    error_frame(RATE_LIMITED_CODE, routes.RATE_LIMITED_MESSAGE, fatal=True)
                )
                await websocket.close(routes.CLOSE_POLICY, routes.LOOK_UPS_SPENT_REASON)
                return
        if room is not None:
            await _play(server, room, websocket, first)
    finally:
        server.open_sockets[key] -= 1
        if not server.open_sockets[key]:
            del server.open_sockets[key]


async def _first_frame(server: Server, websocket: WebSocket, code: str | None) -> Message | None:
    """The first frame of a socket held at the door (None: it left or stayed silent)."""
    try:
        message = await asyncio.wait_for(websocket.receive(), server.options.first_frame_seconds)
    except TimeoutError:
        log_event("socket.silent", room=code)
        await websocket.close(routes.CLOSE_POLICY, routes.SILENT_REASON)
        return None
    except WebSocketDisconnect:
        return None
    return None if message["type"] == "websocket.disconnect" else message


async def _play(
    server: Server, room: LiveRoom, websocket: WebSocket, first: Message | None = None
) -> None:
    """Hand the socket's frames to the room (`first`: one already read at the door)."""
    peer = Peer(server.new_connection_id(), websocket)
    room.attach(peer)
    writer = asyncio.create_task(peer.pump())
    wait: float | None = server.options.first_frame_seconds  # for the first frame only
    try:
        while not peer.closed:
            if first is not None:
                message, first = first, None
            else:
                try:
                    message = await asyncio.wait_for(websocket.receive(), wait)
                except TimeoutError:
                    log_event("socket.silent", room=room.code)
                    peer.push_close(routes.CLOSE_POLICY, routes.SILENT_REASON)
                    break
            wait = None
            if message["type"] == "websocket.disconnect":
                break
            verdict = server.frame_limits.check(peer.conn, server.options.limits_clock())
            if verdict is Frame.CLOSE:
                log_event("socket.flood", room=room.code, level=logging.WARNING)
                peer.push_close(routes.CLOSE_POLICY, routes.FLOOD_REASON)
                break
            if verdict is Frame.SLOW_DOWN:
                peer.push(error_frame(RATE_LIMITED_CODE, routes.SLOW_DOWN_MESSAGE))
                continue
            if message.get("text") == PING:  # the heartbeat: answered here, never seen by the room
                peer.push(PONG)
                continue
            await room.frame(peer, _payload(message))
    except WebSocketDisconnect:
        pass
    finally:
        server.frame_limits.forget(peer.conn)
        await room.detach(peer)
        peer.push_close(1000, "")
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, timeout=5)


def _payload(message: Message) -> str | bytes:
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""


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


def build_app(options: Options, engine: Engine | None = None) -> Starlette:
    """The ASGI application; `engine` defaults to the shared runner."""
    server = Server(options, engine if engine is not None else SharedEngine())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        started = time.monotonic()
        # Rooms resume in the background; a room asked for before its turn resumes at once.
        resuming = asyncio.create_task(server.rooms.resume_all())
        # Everything loaded so far lives as long as the process: keep it out of the
        # cyclic collector's full passes, which otherwise pause every room.
        gc.freeze()
        log_event(
            "server.started",
            stored_rooms=len(server.rooms.stored()),
            seconds=round(time.monotonic() - started, 3),
            time_scale=options.time_scale,
        )
        yield
        resuming.cancel()
        await server.rooms.shut_all()
        log_event("server.stopped")

    app = Starlette(
        routes=[
            WebSocketRoute("/{path:path}", _socket),
            Route("/{path:path}", _http, methods=ALL_METHODS),
        ],
        lifespan=lifespan,
        max_body_size=1024,
    )
    app.state.server = server
    app.add_middleware(SecurityHeaders)
    # Pages and modules compressed, as Cloudflare does for its assets (a phone on a LAN or a
    # tunnel loads the game in a third of the bytes); WebSockets pass through untouched.
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    return app


def parse_args(argv: list[str]) -> Options:
    parser = argparse.ArgumentParser(
        prog="undercover serve", description="Run the Undercover game server on this machine."
    )
    parser.add_argument("--host", default=None, help=f"address to bind (default {DEFAULT_HOST})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default 8787)")
    parser.add_argument(
        "--data-dir", type=Path, default=DEFAULT_DATA_DIR, help="where rooms are stored (./data)"
    )
    parser.add_argument(
        "--lan",
        action="store_true",
        help="bind all interfaces and share links with this machine's LAN address",
    )
    parser.add_argument(
        "--time-scale",
        type=float,
        default=1.0,
        help="TESTS ONLY: run room clocks N times faster (timers play in seconds)",
    )
    parser.add_argument(
        "--loopback-unlimited",
        action="store_true",
        help="TESTS ONLY: no per-address limits for clients on this machine (not behind a proxy)",
    )
    parser.add_argument("--inline-runner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.time_scale <= 0:
        parser.error("--time-scale must be positive")
    host = args.host if args.host is not None else ("0.0.0.0" if args.lan else DEFAULT_HOST)
    return Options(
        host=host,
        port=args.port,
        data_dir=args.data_dir,
        lan=args.lan,
        time_scale=args.time_scale,
        loopback_unlimited=args.loopback_unlimited,
        offload=not args.inline_runner,
    )


def raise_file_limit() -> None:
    """Open files up to the hard limit: a SQLite file (and WAL) per room, a socket per player."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def main(argv: list[str]) -> int:
    options = parse_args(argv)
    configure()
    try:
        builtin_catalog()  # read and checked now: a flawed theme file stops the start, not a game
    except ThemeFilesError as error:
        print(f"undercover serve: {error}", file=sys.stderr)
        return 2
    raise_file_limit()
    app = build_app(options)
    local_url = (
        f"http://{'127.0.0.1' if options.host == '0.0.0.0' else options.host}:{options.port}"
    )
    lan_base: str | None = app.state.server.lan_base
    log_event("server.listening", url=local_url, lan_url=lan_base)
    # One plain line for the person who started it (the logs are JSON on stderr).
    phones = f"; phones on this Wi-Fi: {lan_base}" if lan_base else ""
    print(f"Undercover: open {local_url}{phones}", flush=True)
    config = uvicorn.Config(
        app,
        host=options.host,
        port=options.port,
        ws="websockets-sansio",
        ws_max_size=TRANSPORT_MAX_FRAME_BYTES,
        ws_per_message_deflate=False,
        log_config=None,
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=2,
    )
    # Ctrl-C: uvicorn shuts down gracefully, then re-raises the signal; the operator sees a
    # log line, not a traceback (stderr carries JSON lines only).
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(config).run()
    log_event("server.stopped")
    return 0
