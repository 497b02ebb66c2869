"""Cloudflare entry: the Worker's routes (`undercover.hosts.routes`) and one Durable Object per room
over `RoomRunner`, its state in SQLite and in the sockets' attachments (docs/cloudflare.md)."""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from secrets import randbits, token_hex, token_urlsafe
from typing import Any
from urllib.parse import urlsplit

from js import WebSocketPair, WebSocketRequestResponsePair
from pyodide.ffi import JsProxy, jsnull, to_js
from workers import DurableObject, Response, WorkerEntrypoint

import snapshot_seeds  # noqa: F401  (first: pydantic-core's import-time seeds are granted there)
from undercover.engine.dealing import Deck
from undercover.hosts import routes
from undercover.hosts.codes import MAX_CODE_ATTEMPTS, draw_code
from undercover.hosts.heartbeat import PING, PONG
from undercover.hosts.logs import configure, log_event
from undercover.hosts.ratelimit import Door, FloodGuard, Frame, RoomPasses, client_key
from undercover.hosts.runner import Outbox, RoomRunner
from undercover.hosts.security import is_origin_allowed
from undercover.hosts.share import qr_svg, share_url
from undercover.hosts.store import Row, SqlValue, has_tables
from undercover.themes.builtin import builtin_catalog
from undercover.wire.codec import error_frame
from undercover.wire.protocol import RATE_LIMITED_CODE, CloseCode, ProtocolCode

configure()
DECK = Deck(builtin_catalog())  # built at import, so inside the deploy's memory snapshot
LIMITED = (routes.CreateRoom, routes.ShowRoom, routes.ShowQrCode, routes.OpenSocket)
LOOK_UPS_SPENT = error_frame(RATE_LIMITED_CODE, routes.RATE_LIMITED_MESSAGE, fatal=True)
QR_HEADERS = {"content-type": "image/svg+xml", "cache-control": "no-store"}


def _bind(value: SqlValue) -> Any:  # the same JS types on both SDK paths: no bool, no PyProxy
    if isinstance(value, bytes):
        return to_js(value)
    return jsnull if value is None else int(value) if isinstance(value, bool) else value


def _value(value: Any) -> SqlValue:  # NULL may come as jsnull; a BLOB as a memoryview
    return None if value is jsnull else bytes(value) if isinstance(value, memoryview) else value


@dataclass(frozen=True)
class SqlDatabase:  # undercover.hosts.store.Database over ctx.storage.sql
    sql: Any

    def execute(self, sql: str, params: Sequence[SqlValue] = ()) -> list[Row]:
        rows = self.sql.exec(sql, *[_bind(p) for p in params]).toArray()
        rows = rows.to_py() if isinstance(rows, JsProxy) else rows  # raw path: one conversion
        return [{str(k): _value(v) for k, v in row.items()} for row in rows]


def _attachment(ws: Any) -> dict[str, Any] | None:
    raw = ws.deserializeAttachment()  # jsnull if none
    return json.loads(raw) if isinstance(raw, str) else None


def _close(ws: Any, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):  # gone (None), already closed, or closing
        ws.close(code, reason)


async def _allowed(env: Any, binding: str, key: str) -> bool:  # a rate-limiting binding
    return bool((await getattr(env, binding).limit({"key": key})).success)


def _api(answer: routes.ApiResponse) -> Response:
    return Response.json(answer.body, status=answer.status, headers=dict(answer.headers))


class Default(WorkerEntrypoint):  # /api/* and /ws/* (run_worker_first); assets never get here
    async def fetch(self, request: Any) -> Response:
        req = getattr(request, "js_object", request)  # a JS Request, wrapped by the SDK or not
        url, address = urlsplit(str(req.url)), str(req.headers.get("cf-connecting-ip") or "?")
        route = routes.match_route(str(req.method), url.path)
        limiter = "CREATE_LIMITER" if isinstance(route, routes.CreateRoom) else "LOOKUP_LIMITER"
        # A room's socket goes through uncharged: the room decides at its hello (ratelimit.Door).
        to_a_room = isinstance(route, routes.OpenSocket) and route.code is not None
        if (
            isinstance(route, LIMITED)
            and not to_a_room
            and not await _allowed(self.env, limiter, client_key(address))
        ):
            # Past the limit, a room this address already reached still answers (RoomPasses).
            code = getattr(route, "code", None)
            if not code or not await self.env.ROOMS.getByName(code).has_pass(client_key(address)):
                return _api(routes.rate_limited(60))
        if isinstance(route, routes.CreateRoom):
            for code in (draw_code() for _ in range(MAX_CODE_ATTEMPTS)):
                if await self.env.ROOMS.getByName(code).create_room(code, client_key(address)):
                    log_event("room.created", room=code)
                    return _api(routes.created(code))
            return _api(routes.server_full())
        if isinstance(route, LIMITED):  # a look-up of a room
            stub = self.env.ROOMS.getByName(route.code) if route.code else None
            if stub and isinstance(route, routes.OpenSocket):
                if str(req.headers.get("upgrade") or "").lower() != "websocket":
                    return Response("Expected a WebSocket upgrade.", status=426)
                origin, host = req.headers.get("origin"), req.headers.get("host")
                if not is_origin_allowed(None if origin in (None, jsnull) else str(origin), host):
                    log_event("socket.origin_refused", room=route.code)
                    return Response("Origin refused.", status=403)
                return await stub.fetch(req)
            if not stub or not (summary := await stub.summary(client_key(address))):
                return _api(routes.unknown_room())
            link = share_url(f"{url.scheme}://{url.netloc}", route.code)
            if isinstance(route, routes.ShowQrCode):
                return Response(qr_svg(link), headers=QR_HEADERS)
            return _api(routes.room_summary({**json.loads(summary), "code": route.code}, link))
        wrong = isinstance(route, routes.WrongMethod)
        return _api(routes.wrong_method(route.allowed) if wrong else routes.unknown_route())


class GameRoom(DurableObject):  # one room: its state is in SQLite and the sockets' attachments
    def __init__(self, ctx: Any, env: Any) -> None:
        super().__init__(ctx, env)
        raw = getattr(ctx, "_ctx", ctx)
        self.storage = raw.storage  # raw: the SDK's wrapper costs ~1 ms/call
        # The heartbeat is answered by the runtime itself, without waking this object.
        raw.setWebSocketAutoResponse(WebSocketRequestResponsePair.new(PING, PONG))
        self.db = SqlDatabase(self.storage.sql)
        self.runner: RoomRunner | None = None  # rebuilt from SQLite on the first event of a wake
        self.sockets: dict[str, tuple[Any, str | None]] | None = None  # conn -> (socket, player)
        self.armed: int | None = -1  # the alarm set (epoch ms); unknown after a wake
        self.flood = FloodGuard()  # per connection, while this instance lives
        self.passes = RoomPasses(max_passes=256)  # addresses that reached this room, in memory

    async def create_room(self, code: str, key: str) -> bool:  # RPC from POST /api/rooms
        if free := self._runner() is None:  # False: taken
            self.runner = RoomRunner.create(self.db, code, time.time(), randbits(63), deck=DECK)
            self.passes.grant("", key)
        return free

    async def has_pass(self, key: str) -> bool:  # RPC: did this address reach the room?
        return self._runner() is not None and self.passes.holds("", key)

    async def summary(self, key: str) -> str:  # RPC: the summary as JSON, "" if no room here
        if (runner := self._runner()) is None:
            return ""
        self.passes.grant("", key)
        return json.dumps(runner.summary(time.time()))

    async def fetch(self, request: Any) -> Response:  # a socket; its look-up: ratelimit.Door
        runner, sockets = self._runner(), self._sockets()
        key = client_key(str(request.headers.get("cf-connecting-ip") or "?"))
        door = Door.ENTER if runner and self.passes.holds("", key) else Door.AT_HELLO
        if runner is None:
            allowed = await _allowed(self.env, "LOOKUP_LIMITER", key)
            door = Door.UNKNOWN_ROOM if allowed else Door.SPENT
        client, server = WebSocketPair.new().object_values()
        self.ctx.acceptWebSocket(server, to_js(["player"]))
        held = {} if door is Door.ENTER else {"door": door.value, "key": key}
        me = {"conn": (conn := token_hex(8)), "player": None, **held}
        server.serializeAttachment(json.dumps(me))
        sockets[conn] = (server, None)
        if door is Door.UNKNOWN_ROOM:
            server.send(error_frame(ProtocolCode.ROOM_NOT_FOUND, fatal=True))
            _close(sockets.pop(conn)[0], CloseCode.ROOM_NOT_FOUND, ProtocolCode.ROOM_NOT_FOUND)
        elif runner is not None and len(sockets) == 1:  # the first since a redeploy (or ever)
            await self._run(runner.on_restart)
        return Response(None, status=101, web_socket=client)

    async def _admit(self, ws: Any, me: dict[str, Any], text: str | bytes) -> bool:
        """The first frame of a socket held at the door: a seat's hello enters free; any
        other spends a look-up, or is refused once the allowance is spent."""
        runner = self._runner()
        seated = runner is not None and runner.greets_a_seat(text)
        if not seated and (
            runner is None
            or me["door"] == Door.SPENT.value
            or not await _allowed(self.env, "LOOKUP_LIMITER", me["key"])
        ):
            ws.send(LOOK_UPS_SPENT)
            self._sockets().pop(me["conn"], None)
            ws.serializeAttachment("null")
            _close(ws, routes.CLOSE_POLICY, routes.LOOK_UPS_SPENT_REASON)
            return False
        self.passes.grant("", me["key"])
        ws.serializeAttachment(json.dumps({"conn": me["conn"], "player": None}))
        return True

    async def webSocketMessage(self, ws: Any, message: Any) -> None:
        me, runner = _attachment(ws), self._runner()
        text = message if isinstance(message, str) else bytes(message.to_bytes())
        if me is not None and "door" in me and not await self._admit(ws, me, text):
            return None
        if me is None or runner is None:  # no room here, or a socket we closed (no attachment)
            return _close(ws, CloseCode.ROOM_NOT_FOUND, ProtocolCode.ROOM_NOT_FOUND)
        if (verdict := self.flood.check(conn := me["conn"], time.monotonic())) is Frame.CLOSE:
            return _close(ws, routes.CLOSE_POLICY, routes.FLOOD_REASON)
        if verdict is Frame.SLOW_DOWN:
            return ws.send(error_frame(RATE_LIMITED_CODE, routes.SLOW_DOWN_MESSAGE))
        new_token = token_urlsafe(32)  # seats a newcomer if this frame is a joining hello
        await self._run(lambda c, t: runner.on_frame(conn, c, text, t, new_token), conn)

    async def webSocketClose(self, ws: Any, code: int, reason: str, was_clean: bool) -> None:
        _close(ws, 1000 if code in (1005, 1006, 1015) else code, "closed")  # reserved codes
        await self.webSocketError(ws, None)

    async def webSocketError(self, ws: Any, error: Any) -> None:
        me, runner = _attachment(ws), self._runner()
        if me is not None and runner is not None:
            self.flood.forget(conn := me["conn"])
            self._sockets().pop(conn, None)
            await self._run(lambda c, t: runner.on_close(conn, c, t))

    async def alarm(self, alarm_info: Any = None) -> None:
        self.armed = None  # the runtime cleared it before calling this handler
        if (runner := self._runner()) is not None:  # idempotent: the runner compares the time
            await self._run(runner.on_alarm)

    def _runner(self) -> RoomRunner | None:  # None if no room here: then nothing is written
        if self.runner is None and has_tables(self.db):
            name = getattr(self.ctx.id, "name", None)
            self.runner = RoomRunner(self.db, name if isinstance(name, str) else "?", deck=DECK)
        return self.runner

    def _sockets(self) -> dict[str, tuple[Any, str | None]]:  # from the attachments after a wake
        if self.sockets is None:
            found = [(ws, _attachment(ws)) for ws in self.ctx.getWebSockets()]
            self.sockets = {me["conn"]: (ws, me["player"]) for ws, me in found if me is not None}
        return self.sockets

    async def _run(self, step: Callable[..., Outbox], sender: str | None = None) -> None:
        sockets = self._sockets()
        outbox = step({conn: player for conn, (_, player) in sockets.items()}, time.time())
        if outbox.bound is not None and sender in sockets:
            sockets[sender] = (ws := sockets[sender][0], outbox.bound)
            ws.serializeAttachment(json.dumps({"conn": sender, "player": outbox.bound}))
        for conn, frame in outbox.frames:
            with contextlib.suppress(Exception):  # gone or closing: its close handler follows
                sockets[conn][0].send(frame)
        for conn, code, reason in outbox.closes:  # forgotten now, and after a wake: no attachment
            if (ws := sockets.pop(conn, (None, None))[0]) is not None:
                ws.serializeAttachment("null")
            _close(ws, code, reason)
        at = None if outbox.alarm_at is None else math.ceil(outbox.alarm_at * 1000)  # never early
        if outbox.delete_room:
            self.runner = None
            await self.storage.deleteAll()  # also deletes the alarm (compat >= 2026-02-24)
        elif at != self.armed:  # last, once the state is written
            await (self.storage.deleteAlarm() if at is None else self.storage.setAlarm(at))
        self.armed = at
