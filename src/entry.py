"""Cloudflare entry: the Worker's routes and one Durable Object per room (docs/cloudflare.md).

Thin: routes from `undercover.hosts.routes`, the loop from `RoomRunner`. The room lives in SQLite,
a socket's attachment (a JSON string) holds its connection and player ids, and every entry point
rebuilds the runner (the constructor runs again after each hibernation). No entropy at import.
"""

from __future__ import annotations

import contextlib
import json
import math
import secrets
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from js import WebSocketPair
from pyodide.ffi import JsProxy, jsnull, to_js
from workers import DurableObject, Response, WorkerEntrypoint

from undercover.engine.codec import error_frame
from undercover.engine.protocol import CloseCode, ProtocolCode
from undercover.engine.store import Row, SqlValue
from undercover.hosts import routes
from undercover.hosts.codes import MAX_CODE_ATTEMPTS, draw_code
from undercover.hosts.logs import configure, log_event
from undercover.hosts.ratelimit import FLOOD_STRIKES, FRAME_BURST, FRAME_PER_SECOND, RateLimiter
from undercover.hosts.runner import Connections, Outbox, RoomRunner
from undercover.hosts.security import is_origin_allowed
from undercover.hosts.share import qr_svg, share_url

__all__ = ["Default", "GameRoom"]
configure()
RESERVED_CLOSE_CODES = frozenset({1005, 1006, 1015})  # never sent on the wire: close() throws


def _bind(value: SqlValue) -> Any:  # the same JS types on both SDK paths: no bool, no PyProxy
    if isinstance(value, bytes):
        return to_js(value)
    return jsnull if value is None else int(value) if isinstance(value, bool) else value


def _value(value: Any) -> SqlValue:  # NULL may come as jsnull; a BLOB as a memoryview
    if value is jsnull or isinstance(value, JsProxy):
        value = None if value is jsnull else value.to_bytes()
    return bytes(value) if isinstance(value, memoryview) else value


class SqlDatabase:
    """`undercover.engine.store.Database` over `ctx.storage.sql` (one statement per call)."""

    def __init__(self, sql: Any) -> None:
        self.sql = sql

    def execute(self, sql: str, params: Sequence[SqlValue] = ()) -> list[Row]:
        rows = self.sql.exec(sql, *[_bind(p) for p in params]).toArray()
        rows = [row.to_py() if isinstance(row, JsProxy) else row for row in rows]
        return [{str(k): _value(v) for k, v in row.items()} for row in rows]


def _api(answer: routes.ApiResponse) -> Response:
    return Response.json(answer.body, status=answer.status, headers=dict(answer.headers))


class Default(WorkerEntrypoint):
    """Routes `/api/*` and `/ws/*` (run_worker_first); assets never reach this code."""

    async def fetch(self, request: Any) -> Response:
        req = getattr(request, "js_object", request)  # a JS Request, wrapped by the SDK or not
        url = urlsplit(str(req.url))
        address = str(req.headers.get("cf-connecting-ip") or "unknown")
        route = routes.match_route(str(req.method), url.path)
        if isinstance(route, routes.CreateRoom):
            if not await self._allowed("CREATE_LIMITER", address):
                return _api(routes.rate_limited(60))
            for _ in range(MAX_CODE_ATTEMPTS):
                code = draw_code()
                if await self.env.ROOMS.getByName(code).create_room(code):
                    log_event("room.created", room=code)
                    return _api(routes.created(code))
            return _api(routes.server_full())
        if isinstance(route, routes.ShowRoom | routes.ShowQrCode | routes.OpenSocket):
            if not await self._allowed("LOOKUP_LIMITER", address):
                return _api(routes.rate_limited(60))
            if route.code is None:
                return _api(routes.unknown_room())
            stub = self.env.ROOMS.getByName(route.code)
            if isinstance(route, routes.OpenSocket):
                if str(req.headers.get("upgrade") or "").lower() != "websocket":
                    return Response("Expected a WebSocket upgrade.", status=426)
                origin = req.headers.get("origin")
                host = req.headers.get("host")
                if not is_origin_allowed(None if origin in (None, jsnull) else str(origin), host):
                    log_event("socket.origin_refused", room=route.code)
                    return Response("Origin refused.", status=403)
                return await stub.fetch(req)
            summary = await stub.summary()
            if not summary:
                return _api(routes.unknown_room())
            link = share_url(f"{url.scheme}://{url.netloc}", route.code)
            if isinstance(route, routes.ShowQrCode):
                headers = {"content-type": "image/svg+xml", "cache-control": "no-store"}
                return Response(qr_svg(link), headers=headers)
            return _api(routes.room_summary(json.loads(summary), link))
        if isinstance(route, routes.WrongMethod):
            return _api(routes.wrong_method(route.allowed))
        return _api(routes.unknown_route())

    async def _allowed(self, binding: str, address: str) -> bool:
        outcome = await getattr(self.env, binding).limit({"key": address})
        return bool(getattr(outcome, "success", False))


class GameRoom(DurableObject):
    """One room. State: SQLite (the runner's) plus each socket's attachment; nothing else."""

    def __init__(self, ctx: Any, env: Any) -> None:
        super().__init__(ctx, env)
        self.frames = RateLimiter(FRAME_BURST, FRAME_PER_SECOND)  # per connection, best effort
        self.strikes: dict[str, int] = {}

    async def create_room(self, code: str) -> bool:
        """Create this room (POST /api/rooms only); False if the code is taken."""
        if not self._blank():
            return False
        RoomRunner.create(self._db(), code, time.time(), secrets.randbits(63))
        return True

    async def summary(self) -> str:
        """The room's summary as JSON, or "" if there is no room here."""
        runner = self._runner()
        return json.dumps(runner.summary(time.time())) if runner else ""

    async def fetch(self, request: Any) -> Response:
        runner = self._runner()
        restarted = runner is not None and not self._sockets()  # first socket after a redeploy
        client, server = WebSocketPair.new().object_values()
        self.ctx.acceptWebSocket(server, to_js(["player"]))
        conn = secrets.token_hex(8)
        server.serializeAttachment(json.dumps({"conn": conn, "player": None}))
        if runner is None:
            server.send(error_frame(ProtocolCode.ROOM_NOT_FOUND, fatal=True))
            self._close(server, CloseCode.ROOM_NOT_FOUND, ProtocolCode.ROOM_NOT_FOUND)
        elif restarted:
            await self._deliver(runner.on_restart(self._connections(), time.time()))
        return Response(None, status=101, web_socket=client)

    async def webSocketMessage(self, ws: Any, message: Any) -> None:
        me = self._attachment(ws)
        runner = self._runner()
        if me is None or runner is None:
            return self._close(ws, CloseCode.ROOM_NOT_FOUND, ProtocolCode.ROOM_NOT_FOUND)
        conn = me["conn"]
        if self.frames.take(conn, time.monotonic()) > 0:
            self.strikes[conn] = self.strikes.get(conn, 0) + 1
            if self.strikes[conn] > FLOOD_STRIKES:
                return self._close(ws, routes.CLOSE_POLICY, routes.FLOOD_REASON)
            return ws.send(error_frame("rate.limited", "Too many messages; slow down."))
        self.strikes.pop(conn, None)
        text = message if isinstance(message, str) else bytes(message.to_bytes())
        token = secrets.token_urlsafe(32)
        outbox = runner.on_frame(conn, self._connections(), text, time.time(), token)
        if outbox.bound is not None:
            ws.serializeAttachment(json.dumps({"conn": conn, "player": outbox.bound}))
        await self._deliver(outbox)

    async def webSocketClose(self, ws: Any, code: int, reason: str, was_clean: bool) -> None:
        self._close(ws, 1000 if code in RESERVED_CLOSE_CODES else code, "closed")
        await self._gone(ws)

    async def webSocketError(self, ws: Any, error: Any) -> None:
        await self._gone(ws)

    async def alarm(self, alarm_info: Any = None) -> None:
        runner = self._runner()
        if runner is not None:  # idempotent: the runner compares `now` with its deadlines
            await self._deliver(runner.on_alarm(self._connections(), time.time()))

    def _db(self) -> SqlDatabase:
        return SqlDatabase(self.ctx.storage.sql)

    def _blank(self) -> bool:
        """No room was ever created here (or it was deleted): read without writing anything."""
        rows = self._db().execute(
            "SELECT count(*) AS n FROM sqlite_master WHERE name NOT LIKE '\\_cf\\_%' ESCAPE '\\'"
        )
        return rows[0]["n"] == 0

    def _runner(self) -> RoomRunner | None:
        if self._blank():
            return None
        name = getattr(self.ctx.id, "name", None)
        return RoomRunner(self._db(), name if isinstance(name, str) else "?")

    def _sockets(self) -> list[tuple[Any, dict[str, Any]]]:
        found = [(ws, self._attachment(ws)) for ws in self.ctx.getWebSockets()]
        return [(ws, me) for ws, me in found if me is not None]

    @staticmethod
    def _attachment(ws: Any) -> dict[str, Any] | None:
        raw = ws.deserializeAttachment()
        return json.loads(raw) if isinstance(raw, str) else None

    def _connections(self, without: Any = None) -> Connections:
        return {me["conn"]: me["player"] for ws, me in self._sockets() if ws != without}

    async def _gone(self, ws: Any) -> None:
        me, runner = self._attachment(ws), self._runner()
        if me is not None and runner is not None:
            self.strikes.pop(me["conn"], None)
            self.frames.forget(me["conn"])
            await self._deliver(runner.on_close(me["conn"], self._connections(ws), time.time()))

    @staticmethod
    def _close(ws: Any, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):  # already closed, or closing
            ws.close(code, reason)

    async def _deliver(self, outbox: Outbox) -> None:
        """Send, close, then (last, once the state is written) arm the alarm or delete all."""
        sockets = {me["conn"]: ws for ws, me in self._sockets()}
        for conn, frame in outbox.frames:
            if conn in sockets:
                with contextlib.suppress(Exception):  # closing: its close handler will follow
                    sockets[conn].send(frame)
        for conn, code, reason in outbox.closes:
            if conn in sockets:
                self._close(sockets[conn], code, reason)
        storage = self.ctx.storage
        if outbox.delete_room:
            await storage.deleteAll()  # also deletes the alarm (compat >= 2026-02-24)
        elif outbox.alarm_at is None:
            await storage.deleteAlarm()
        elif await storage.getAlarm() != (at := math.ceil(outbox.alarm_at * 1000)):
            await storage.setAlarm(at)  # rounded up: an alarm never fires before its deadline
