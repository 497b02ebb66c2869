"""The self-host's WebSockets: the door at the upgrade (`admission.Door`), then the room,
with each socket's presence timed by its frames (`admission.SILENCE_SECONDS`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect

from undercover.hosts import routes
from undercover.hosts.admission import Door, Frame
from undercover.hosts.heartbeat import PING, PONG
from undercover.hosts.local.rooms import LiveRoom, Peer
from undercover.hosts.local.server import Server, address_of, payload
from undercover.hosts.logs import log_event
from undercover.hosts.ratelimit import MAX_SOCKETS_PER_ADDRESS, client_key
from undercover.hosts.security import is_origin_allowed
from undercover.wire.codec import error_frame
from undercover.wire.protocol import CloseCode, ProtocolCode, RouteCode


async def socket(websocket: WebSocket) -> None:
    server: Server = websocket.app.state.server
    route = routes.match_route("GET", websocket.url.path)
    code = route.code if isinstance(route, routes.OpenSocket) else None
    origin = websocket.headers.get("origin")
    if not is_origin_allowed(origin, websocket.headers.get("host")):
        log_event("socket.origin_refused", room=code, level=logging.WARNING)
        # A close before the accept: the ASGI server answers the upgrade 403. (A denial
        # response would too, but uvicorn then logs an error as if the app had failed.)
        await websocket.close(CloseCode.POLICY, "origin refused")
        return
    address = address_of(websocket)
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
                await websocket.send_text(error_frame(RouteCode.RATE_LIMITED, fatal=True))
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
    greeted = False  # a socket silent before its first frame is closed; after it, away
    try:
        while not peer.closed:
            if first is not None:
                message, first = first, None
            else:
                wait: float | None = server.options.silence_seconds
                if not greeted:
                    wait = server.options.first_frame_seconds
                elif peer.silent:
                    wait = None  # away until it speaks
                try:
                    message = await asyncio.wait_for(websocket.receive(), wait)
                except TimeoutError:
                    if greeted:
                        await room.heard(peer, silent=True)  # away: as if it had closed
                        continue
                    log_event("socket.silent", room=room.code)
                    peer.push_close(routes.CLOSE_POLICY, routes.SILENT_REASON)
                    break
            greeted = True
            if message["type"] == "websocket.disconnect":
                break
            if peer.silent:
                await room.heard(peer, silent=False)  # back the moment it speaks
            verdict = server.frame_limits.check(peer.conn, server.options.limits_clock())
            if verdict is Frame.CLOSE:
                log_event("socket.flood", room=room.code, level=logging.WARNING)
                peer.push_close(routes.CLOSE_POLICY, routes.FLOOD_REASON)
                break
            if verdict is Frame.SLOW_DOWN:
                peer.push(error_frame(RouteCode.RATE_LIMITED))
                continue
            if message.get("text") == PING:  # the heartbeat: answered here, never seen by the room
                peer.push(PONG)
                continue
            await room.frame(peer, payload(message))
    except WebSocketDisconnect:
        pass
    finally:
        server.frame_limits.forget(peer.conn)
        await room.detach(peer)
        peer.push_close(1000, "")
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, timeout=5)
