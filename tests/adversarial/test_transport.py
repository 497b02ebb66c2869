"""Broken WebSocket framing against the self-host's transport (uvicorn): truncated frames,
absurd lengths, fragment and ping floods, invalid UTF-8. On Cloudflare the edge parses the
framing before the Worker sees a message, so these attack the self-host alone."""

from __future__ import annotations

import base64
import os
import socket
import struct

from tests.contract.client import Json, run
from tests.contract.table import Table, create_room
from tests.e2e.harness import LocalServer


def _raw_upgrade(port: int, code: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws/{code} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    assert sock.recv(4096).startswith(b"HTTP/1.1 101")
    return sock


def _masked(opcode: int, payload: bytes, length: int | None = None, fin: bool = True) -> bytes:
    mask = os.urandom(4)
    size = len(payload) if length is None else length
    head = bytes([(0x80 if fin else 0) | opcode])
    if size < 126:
        head += bytes([0x80 | size])
    elif size < 65536:
        head += bytes([0x80 | 126]) + struct.pack("!H", size)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", size)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _drain(sock: socket.socket) -> bytes:
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except OSError:
        pass
    return data


def test_broken_frames_close_only_that_connection(server: LocalServer) -> None:
    """Truncated frames, absurd lengths, bad UTF-8, fragment floods and ping floods."""
    code = create_room(server.base_url)
    port = server.port
    sock = _raw_upgrade(port, code)
    sock.sendall(_masked(1, b'{"type":"hel', length=4000))  # truncated, then gone
    sock.close()
    sock = _raw_upgrade(port, code)
    sock.sendall(_masked(1, b"x" * 10, length=2**40))  # a terabyte announced
    closing = _drain(sock)
    assert closing[:1] == b"\x88"  # a close frame ...
    assert closing[2:4] == struct.pack("!H", 1009)  # ... "message too big"
    sock.close()
    sock = _raw_upgrade(port, code)
    fragments = b"".join(_masked(0, b" " * 1000, fin=False) for _ in range(100))
    sock.sendall(_masked(1, b'{"a":1', fin=False) + fragments + _masked(0, b"}"))
    _drain(sock)
    sock.close()
    sock = _raw_upgrade(port, code)
    sock.sendall(b"".join(_masked(9, b"p" * 100) for _ in range(2000)))  # pings
    sock.close()

    async def still_serving() -> Json:
        table = await Table.seat(server, 3)
        await table.start()
        view = table.view
        for conn in table.conns:
            await conn.close()
        return view

    assert run(still_serving())["phase"] == "clues"


def test_invalid_utf8_is_not_logged_as_a_server_error(server: LocalServer) -> None:
    code = create_room(server.base_url)
    errors_before = server.log_text().count('"level": "error"')
    sock = _raw_upgrade(server.port, code)
    sock.sendall(_masked(1, b'{"type":"\xff\xfe"}'))
    answer = _drain(sock)
    sock.close()
    assert answer[:1] == b"\x88"  # the server closed the connection (1007)
    assert answer[2:4] == struct.pack("!H", 1007)
    assert server.log_text().count('"level": "error"') == errors_before
