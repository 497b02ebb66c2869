"""Cloudflare entry: the Worker's routes (`undercover.hosts.routes`) and one Durable Object per
room over `RoomRunner`, its state in SQLite and in the sockets' attachments (docs/cloudflare.md).

Typed against small stubs of the runtime's modules (stubs/: `js`, `pyodide.ffi`, `workers`);
`stubs/workerd.pyi` names the part of workerd's objects this file is handed.
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from secrets import randbits, token_hex, token_urlsafe
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast
from urllib.parse import SplitResult, urlsplit

from js import Request as JsRequest
from js import WebSocket, WebSocketPair, WebSocketRequestResponsePair
from pyodide.ffi import JsProxy, jsnull, to_js
from workers import DurableObject, Response, WorkerEntrypoint

from undercover.engine.dealing import Deck
from undercover.hosts import admission, routes
from undercover.hosts.admission import Door, FloodGuard, Frame, RoomPasses
from undercover.hosts.codes import MAX_CODE_ATTEMPTS, draw_code
from undercover.hosts.heartbeat import PING, PONG
from undercover.hosts.logs import configure, log_event
from undercover.hosts.ratelimit import client_key
from undercover.hosts.runner import Connections, Outbox, RoomRunner
from undercover.hosts.security import SECURITY_HEADERS, is_origin_allowed
from undercover.hosts.share import qr_svg, share_url
from undercover.hosts.store import Row, SqlValue
from undercover.hosts.warm_up import warm_up
from undercover.themes.builtin import builtin_catalog
from undercover.wire.codec import error_frame
from undercover.wire.protocol import CloseCode, ProtocolCode, RouteCode

if TYPE_CHECKING:  # stubs/workerd.pyi: the runtime's objects, typing only
    from workerd import Env, JsDate, RateLimit, SqlStorage, State

configure()
DECK = Deck(builtin_catalog())  # built at import, so inside the deploy's memory snapshot
warm_up(DECK)  # and one game played: a room's first game runs no cold code path
LOOK_UPS_SPENT = error_frame(RouteCode.RATE_LIMITED, fatal=True)
# static/_headers covers the assets only, never what the Worker answers: its own answers carry them.
HEADERS = dict(SECURITY_HEADERS)
QR_HEADERS = {**HEADERS, "content-type": "image/svg+xml", "cache-control": "no-store"}
RETRY_SECONDS = 60  # what a limited address is told to wait


class Attachment(TypedDict):  # a socket's, kept across hibernation
    conn: str
    player: str | None
    key: NotRequired[str]  # its address's rate-limit key: its pass to the room survives a wake
    door: NotRequired[str]  # a socket held at the door until its hello (admission.Door)
    at: NotRequired[float]  # when it was accepted: heard then (admission.presence)


# --- helpers -------------------------------------------------------------------------------


def _bind(value: SqlValue) -> object:
    """The same JS types on both SDK paths: no bool, no PyProxy."""
    if isinstance(value, bytes):
        return to_js(value)
    if value is None:
        return jsnull
    return int(value) if isinstance(value, bool) else value


def _value(value: object) -> SqlValue:
    """NULL may come as jsnull; a BLOB as a memoryview."""
    if value is jsnull or value is None:
        return None
    if isinstance(value, memoryview):
        return bytes(value)
    return cast(SqlValue, value)  # TEXT, INTEGER or REAL, as the runtime converted them


@dataclass(frozen=True)
class SqlDatabase:  # undercover.hosts.store.Database over ctx.storage.sql
    sql: SqlStorage

    def execute(self, sql: str, params: Sequence[SqlValue] = ()) -> list[Row]:
        rows = self.sql.exec(sql, *[_bind(p) for p in params]).toArray()
        # Not isinstance(rows, JsProxy): that check runs Python code under Pyodide (~20 µs).
        found: list[dict[str, Any]] = rows if isinstance(rows, list) else rows.to_py()
        return [{str(k): _value(v) for k, v in row.items()} for row in found]


@dataclass(frozen=True)
class Socket:  # one of the room's sockets, as this instance knows it
    ws: WebSocket
    player: str | None
    since: float  # accepted then (its attachment's `at`): heard at least then
    # Looked up once: under Pyodide each `ws.send` look-up decodes the name and makes a proxy,
    # for each of 20 sockets at every input (~6 % of a handler's JavaScript garbage).
    send: Callable[[str], object]


def _socket(ws: WebSocket, player: str | None, since: float) -> Socket:
    return Socket(ws, player, since, ws.send)


def _silence_seconds(env: object) -> float:
    """The presence bound; the harness sets `SILENCE_SECONDS` (its clock runs faster than its
    clients' heartbeat); production never does."""
    try:
        return float(getattr(env, "SILENCE_SECONDS", None) or admission.SILENCE_SECONDS)
    except (TypeError, ValueError):
        return admission.SILENCE_SECONDS


def _attachment(ws: WebSocket) -> Attachment | None:
    raw = ws.deserializeAttachment()  # jsnull if none
    attachment: Attachment | None = json.loads(raw) if isinstance(raw, str) else None
    return attachment


def _close(ws: WebSocket | None, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):  # gone (None), already closed, or closing
        assert ws is not None
        ws.close(code, reason)


def _js_request(request: object) -> JsRequest:
    return cast(JsRequest, getattr(request, "js_object", request))  # wrapped by the SDK or not


def _header(request: JsRequest, name: str) -> str | None:
    value = request.headers.get(name)
    return None if value is None or value is jsnull else str(value)


def _client(request: JsRequest) -> str:
    return client_key(_header(request, "cf-connecting-ip") or "?")


async def _allowed(limiter: RateLimit, key: str) -> bool:
    return bool((await limiter.limit({"key": key})).success)


def _api(answer: routes.ApiResponse) -> Response:
    headers = {**HEADERS, **dict(answer.headers)}
    return Response.from_json(answer.body, status=answer.status, headers=headers)


# --- the Worker: /api/* and /ws/* (run_worker_first); assets never get here ---------------


class Default(WorkerEntrypoint):
    env: Env

    async def fetch(self, request: object) -> Response | JsProxy:
        req = _js_request(request)
        url, key = urlsplit(str(req.url)), _client(req)
        match routes.match_route(str(req.method), url.path):
            case routes.CreateRoom():
                if not await _allowed(self.env.CREATE_LIMITER, key):
                    return _api(routes.rate_limited(RETRY_SECONDS))
                return await self._create_room(key)
            case routes.OpenSocket(code=str(code)):
                # Uncharged here: the room decides at the socket's hello (admission.Door).
                return await self._open_socket(req, code)
            case routes.ShowRoom(code=code) | routes.OpenSocket(code=code):
                return await self._look_up(code, url, key, qr_code=False)
            case routes.ShowQrCode(code=code):
                return await self._look_up(code, url, key, qr_code=True)
            case routes.WrongMethod(allowed=allowed):
                return _api(routes.wrong_method(allowed))
            case _:
                return _api(routes.unknown_route())

    async def _create_room(self, key: str) -> Response:
        for _ in range(MAX_CODE_ATTEMPTS):
            code = draw_code()
            if await self.env.ROOMS.getByName(code).create_room(code, key):
                log_event("room.created", room=code)
                return _api(routes.created(code))
        return _api(routes.server_full())

    async def _open_socket(self, req: JsRequest, code: str) -> Response | JsProxy:
        if (_header(req, "upgrade") or "").lower() != "websocket":
            return Response("Expected a WebSocket upgrade.", status=426, headers=HEADERS)
        if not is_origin_allowed(_header(req, "origin"), _header(req, "host")):
            log_event("socket.origin_refused", room=code)
            return Response("Origin refused.", status=403, headers=HEADERS)
        return await self.env.ROOMS.getByName(code).fetch(req)

    async def _look_up(
        self, code: str | None, url: SplitResult, key: str, *, qr_code: bool
    ) -> Response:
        stub = self.env.ROOMS.getByName(code) if code else None

        async def spend() -> bool:
            return await _allowed(self.env.LOOKUP_LIMITER, key)

        async def holds_pass() -> bool:
            return stub is not None and await stub.has_pass(key)

        if not await admission.may_look_up(spend=spend, holds_pass=holds_pass):
            return _api(routes.rate_limited(RETRY_SECONDS))
        summary = await stub.summary(key) if stub is not None else ""
        if code is None or not summary:
            return _api(routes.unknown_room())
        link = share_url(f"{url.scheme}://{url.netloc}", code)
        if qr_code:
            return Response(qr_svg(link), headers=QR_HEADERS)
        return _api(routes.room_summary({**json.loads(summary), "code": code}, link))


# --- one room: its state is in SQLite and the sockets' attachments ------------------------


class GameRoom(DurableObject):
    env: Env

    def __init__(self, ctx: object, env: Env) -> None:
        super().__init__(ctx, env)
        # Raw: the SDK's wrapper of the storage costs ~1 ms a call.
        self.state = cast("State", getattr(ctx, "_ctx", ctx))
        # The heartbeat is answered by the runtime itself, without waking this object.
        self.state.setWebSocketAutoResponse(WebSocketRequestResponsePair.new(PING, PONG))
        self.storage = self.state.storage  # held: each look-up through the state makes a proxy
        self.db = SqlDatabase(self.storage.sql)
        self.runner: RoomRunner | None = None  # rebuilt from SQLite on the first event of a wake
        self.sockets: dict[str, Socket] | None = None  # by conn
        self.armed: int | None = -1  # the alarm set (epoch ms); unknown after a wake
        self.flood = FloodGuard()  # per connection, while this instance lives
        self.heard: dict[str, float] = {}  # conn -> its last frame or ping read, this instance
        self.silence = _silence_seconds(env)
        self.passes = RoomPasses(max_passes=256)  # addresses that reached this room, in memory

    # RPC from the Worker ----------------------------------------------------------------

    async def create_room(self, code: str, key: str) -> bool:
        """POST /api/rooms: False if the code is taken."""
        if self._runner() is not None:
            return False
        now, seed = time.time(), randbits(63)
        self.runner = RoomRunner.create(self.db, code, now, seed, deck=DECK, sole_writer=True)
        self.passes.grant("", key)
        return True

    async def has_pass(self, key: str) -> bool:
        """Did this address reach the room?"""
        return self._runner() is not None and self._has_pass(key)

    def _has_pass(self, key: str) -> bool:
        """In memory, or a socket the address opened (after a wake)."""
        return self.passes.holds("", key) or any(
            me is not None and me.get("key") == key and "door" not in me
            for me in map(_attachment, self.state.getWebSockets())
        )

    async def summary(self, key: str) -> str:
        """The summary as JSON, "" if no room here."""
        runner = self._runner()
        if runner is None:
            return ""
        self.passes.grant("", key)
        return json.dumps(runner.summary(time.time()))

    # Sockets ----------------------------------------------------------------------------

    async def fetch(self, request: object) -> Response:
        """A socket; its look-up is decided at its hello (admission.Door)."""
        runner, sockets = self._runner(), self._sockets()
        key = _client(_js_request(request))
        door = await admission.door(
            room=runner is not None,
            holds_pass=runner is not None and self._has_pass(key),
            spend=lambda: _allowed(self.env.LOOKUP_LIMITER, key),
        )
        client, server = WebSocketPair.new().object_values()
        self.state.acceptWebSocket(server, to_js(["player"]))
        conn, now = token_hex(8), time.time()
        me: Attachment = {"conn": conn, "player": None, "key": key, "at": now}
        if door is not Door.ENTER:
            me["door"] = door.value
        server.serializeAttachment(json.dumps(me))
        sockets[conn] = _socket(server, None, now)
        if door is Door.UNKNOWN_ROOM:
            server.send(error_frame(ProtocolCode.ROOM_NOT_FOUND, fatal=True))
            _close(sockets.pop(conn).ws, CloseCode.ROOM_NOT_FOUND, ProtocolCode.ROOM_NOT_FOUND)
        elif runner is not None and len(sockets) == 1:  # the first since a redeploy (or ever)
            await self._run(runner.on_restart)
        return Response(None, status=101, web_socket=client)

    async def _admit(self, ws: WebSocket, me: Attachment, text: str | bytes) -> bool:
        """The first frame of a socket held at the door: a seat's hello enters free; any
        other spends a look-up, or is refused once the allowance is spent."""
        runner, key = self._runner(), me.get("key", "?")
        if runner is None or not await admission.admits(
            Door(me.get("door", Door.AT_HELLO.value)),
            greets_a_seat=runner.greets_a_seat(text),
            spend=lambda: _allowed(self.env.LOOKUP_LIMITER, key),
        ):
            ws.send(LOOK_UPS_SPENT)
            self._sockets().pop(me["conn"], None)
            ws.serializeAttachment("null")
            _close(ws, routes.CLOSE_POLICY, routes.LOOK_UPS_SPENT_REASON)
            return False
        self.passes.grant("", key)
        me = {"conn": me["conn"], "player": None, "key": key, "at": me.get("at", time.time())}
        ws.serializeAttachment(json.dumps(me))
        return True

    async def webSocketMessage(self, ws: WebSocket, message: str | JsProxy) -> None:
        me, runner = _attachment(ws), self._runner()
        text = message if isinstance(message, str) else bytes(message.to_bytes())
        if me is not None and "door" in me and not await self._admit(ws, me, text):
            return
        if me is None or runner is None:  # no room here, or a socket we closed (no attachment)
            _close(ws, CloseCode.ROOM_NOT_FOUND, ProtocolCode.ROOM_NOT_FOUND)
            return
        conn = me["conn"]
        self.heard[conn] = time.time()  # it speaks: present again if it was silent
        verdict = self.flood.check(conn, time.monotonic())
        if verdict is Frame.CLOSE:
            _close(ws, routes.CLOSE_POLICY, routes.FLOOD_REASON)
        elif verdict is Frame.SLOW_DOWN:
            ws.send(error_frame(RouteCode.RATE_LIMITED))
        else:
            # Only a socket not bound to a seat yet can send a joining hello: the others skip
            # the entropy call (a JS round trip under Pyodide, ~0.07 ms of every input).
            new_token = token_urlsafe(32) if me["player"] is None else ""
            await self._run(lambda c, t: runner.on_frame(conn, c, text, t, new_token), conn)

    async def webSocketClose(self, ws: WebSocket, code: int, reason: str, clean: bool) -> None:
        _close(ws, 1000 if code in (1005, 1006, 1015) else code, "closed")  # reserved codes
        await self.webSocketError(ws, None)

    async def webSocketError(self, ws: WebSocket, error: object) -> None:
        me, runner = _attachment(ws), self._runner()
        if me is not None and runner is not None:
            conn = me["conn"]
            self.flood.forget(conn)
            self.heard.pop(conn, None)
            self._sockets().pop(conn, None)
            await self._run(lambda c, t: runner.on_close(conn, c, t))

    async def alarm(self, alarm_info: object = None) -> None:
        self.armed = None  # the runtime cleared it before calling this handler
        runner = self._runner()
        if runner is not None:  # idempotent: the runner compares the time
            await self._run(runner.on_alarm)

    # The loop ---------------------------------------------------------------------------

    def _runner(self) -> RoomRunner | None:
        """None if no room here: then nothing is written."""
        if self.runner is None:
            name = getattr(self.state.id, "name", None)
            code = name if isinstance(name, str) else "?"
            runner = RoomRunner(self.db, code, deck=DECK, sole_writer=True)
            self.runner = runner if runner.exists() else None  # the room read once, here
        return self.runner

    def _sockets(self) -> dict[str, Socket]:
        """By conn, rebuilt from the attachments after a wake."""
        if self.sockets is None:
            self.sockets = {}
            for ws in self.state.getWebSockets():
                me = _attachment(ws)
                if me is not None:
                    self.sockets[me["conn"]] = _socket(ws, me["player"], me.get("at", 0.0))
        return self.sockets

    def _heard(self, conn: str, now: float) -> float:
        """When `conn` was last heard: its last frame this instance saw, or its last ping
        (the runtime answers pings without waking us: read only when memory says silent)."""
        socket = self._sockets()[conn]
        last = self.heard.get(conn, socket.since)
        if now - last >= self.silence:
            pinged: object = self.state.getWebSocketAutoResponseTimestamp(socket.ws)
            if pinged is not None and pinged is not jsnull:  # null until its first ping
                at = cast("JsDate", pinged).getTime() / 1000
                last = self.heard[conn] = max(last, at)
        return last

    async def _run(
        self, step: Callable[[Connections, float], Outbox], sender: str | None = None
    ) -> None:
        sockets, now = self._sockets(), time.time()
        seats = {conn: socket.player for conn, socket in sockets.items()}
        present = admission.presence(seats, lambda c: self._heard(c, now), now, self.silence)
        outbox = step(present.connections, now)
        if outbox.bound is not None and sender in sockets:
            sockets[sender] = replace(sockets[sender], player=outbox.bound)
            ws = sockets[sender].ws
            me = _attachment(ws) or Attachment(conn=sender, player=None)
            ws.serializeAttachment(json.dumps({**me, "conn": sender, "player": outbox.bound}))
        for conn, frame in outbox.frames:
            # Not contextlib.suppress: it costs 1.3 µs a socket under Pyodide, for 20 a step.
            try:  # noqa: SIM105
                sockets[conn].send(frame)
            except Exception:  # gone or closing: its close handler follows
                pass
        for conn, code, reason in outbox.closes:  # forgotten now, and after a wake: no attachment
            closing = sockets.pop(conn, None)
            if closing is not None:
                closing.ws.serializeAttachment("null")
                _close(closing.ws, code, reason)
        # Never early: a deadline in the middle of a millisecond is armed at its end. The one
        # alarm also serves presence: when a socket may fall silent (admission.presence).
        wake = admission.earliest(outbox.alarm_at, present.check_at)
        at = None if wake is None else math.ceil(wake * 1000)
        if outbox.delete_room:
            self.runner = None
            await self.storage.deleteAll()  # also deletes the alarm (compat >= 2026-02-24)
        elif at != self.armed:  # last, once the state is written
            # Not awaited: on SQLite storage the alarm is set by the call itself, and the
            # output gate holds our frames until it is durable, as for any write. Awaiting
            # its promise cost Pyodide's glue 0.3–0.4 ms of every alarm (docs/benchmarks.md).
            if at is None:
                self.storage.deleteAlarm()
            else:
                self.storage.setAlarm(at)
        self.armed = at
