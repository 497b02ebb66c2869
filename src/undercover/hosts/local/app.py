"""`undercover serve`: the self-host's ASGI application, and the process that runs it (uvicorn)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import resource
import sys
import time
from collections.abc import AsyncIterator
from typing import Final

import uvicorn
from starlette.applications import Starlette
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import Route, WebSocketRoute

from undercover.hosts.local.http import SecurityHeaders, http
from undercover.hosts.local.options import Options, parse_args
from undercover.hosts.local.rooms import Engine
from undercover.hosts.local.server import Server, SharedEngine
from undercover.hosts.local.sockets import socket
from undercover.hosts.logs import configure, log_event
from undercover.themes.builtin import builtin_catalog
from undercover.themes.load import ThemeFilesError

# The transport drops anything past this (close 1009); up to it, the codec answers
# frames over 4096 bytes with a `protocol.too_large` error and keeps the connection.
TRANSPORT_MAX_FRAME_BYTES: Final = 64 * 1024
ALL_METHODS: Final = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


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
            WebSocketRoute("/{path:path}", socket),
            Route("/{path:path}", http, methods=ALL_METHODS),
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
