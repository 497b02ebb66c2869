"""Brute force and floods against a server with its per-address limits on (as in production),
and floods from many sockets against one room while another room plays."""

from __future__ import annotations

import asyncio
import json

from tests.contract.client import Conn, Json, run
from tests.contract.table import Table, create_room, http
from tests.e2e.harness import LocalServer

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def test_room_codes_cannot_be_walked(limited_server: LocalServer) -> None:
    """One test, in order: the module's server keeps this address's buckets between steps."""
    base = limited_server.base_url
    created = [http(base, "POST", "/api/rooms") for _ in range(12)]
    statuses = [status for status, _, _ in created]
    assert statuses[:10] == [201] * 10
    assert statuses[10:] == [429, 429]
    assert int(created[10][1]["retry-after"]) >= 1
    real = json.loads(created[0][2])["code"]
    probes = [http(base, "GET", f"/api/rooms/ZZZZ{ALPHABET[i]}") for i in range(20)]
    assert {status for status, _, _ in probes} == {404}
    for _, _, body in probes:
        assert json.loads(body)["error"] == "room.not_found"
    # The allowance is spent: unknown and malformed codes wait, but the room this address
    # created still answers (a pass: a party is never locked out of its own room).
    for path in ("/api/rooms/ZZZZZ", "/api/rooms/00000"):
        status, headers, _ = http(base, "GET", path)
        assert status == 429
        assert "retry-after" in headers
    assert http(base, "GET", f"/api/rooms/{real}")[0] == 200
    assert http(base, "GET", f"/api/rooms/{real}/qr.svg")[0] == 200

    async def socket_probe(code: str, token: str | None = None) -> str:
        """What a hello to `code` meets: "welcome", or the error code and the close code."""
        conn = await Conn.open(base, code)
        answer = await conn.hello("Zoé", token)
        if answer["type"] == "welcome":
            await conn.close()
            return "welcome"
        return f"{answer['code']} {await conn.until_closed()}"

    async def seat() -> str:
        conn = await Conn.open(base, real)
        assert (await conn.hello("Ana"))["type"] == "welcome"
        await conn.close()
        assert conn.token is not None
        return conn.token

    token = run(seat())
    # A live code an address never reached answers like an unknown one, so probing tells
    # nothing. A restart forgets passes and allowances: the address spends its allowance anew.
    limited_server.kill()
    limited_server.start()
    for i in range(20):
        assert http(base, "GET", f"/api/rooms/ZZZZ{ALPHABET[i]}")[0] == 404
    for path in ("/api/rooms/ZZZZZ", f"/api/rooms/{real}", f"/api/rooms/{real}/qr.svg"):
        status, headers, _ = http(base, "GET", path)
        assert status == 429
        assert "retry-after" in headers
    for code in ("YYYYY", real):
        assert run(socket_probe(code)) == "rate.limited 1008"
        assert run(socket_probe(code, "t" * 43)) == "rate.limited 1008"
    # Yet the seated player comes back with their token, and their address is let in again.
    assert run(socket_probe(real, token)) == "welcome"
    assert http(base, "GET", f"/api/rooms/{real}")[0] == 200
    # Static files are never limited.
    assert http(base, "GET", "/")[0] == 200


def test_a_many_socket_flood_spares_another_room_and_its_own(server: LocalServer) -> None:
    """40 sockets flood one room with near-4-KiB frames while another room plays a round.

    (Whether each flooder is throttled or closed depends on how fast the server reads it
    under load: the limit is taken when a frame is read. The single-socket throttle and
    close are tested in tests/hosts/test_local.py.)"""

    async def play() -> tuple[str, Json]:
        table = await Table.seat(server, 3, clue_timer=False, vote_timer=False)
        target = await asyncio.to_thread(create_room, server.base_url)
        flooders = [await Conn.open(server.base_url, target) for _ in range(40)]
        junk = '{"type":"hello","protocol":5,"name":"' + "x" * 150 + '"' + " " * 3800 + "}"

        async def flood(conn: Conn) -> None:
            for _ in range(60):
                await conn.send(junk)

        flooding = asyncio.gather(*(flood(conn) for conn in flooders))
        await table.start()  # the other room plays on meanwhile
        await table.clue_round()
        phase = table.view["phase"]
        await flooding
        # The flooded room itself still seats a newcomer.
        newcomer = await Conn.open(server.base_url, target)
        welcome = await newcomer.hello("Qzz")
        for conn in [*table.conns, *flooders, newcomer]:
            await conn.close()
        return phase, welcome

    phase, welcome = run(play())
    assert phase == "voting"
    assert welcome["type"] == "welcome"


def test_foreign_origins_are_refused_before_the_upgrade(server: LocalServer) -> None:
    code = create_room(server.base_url)
    own = f"http://127.0.0.1:{server.port}"

    async def attempt(origin: str) -> str:
        try:
            conn = await Conn.open(server.base_url, code, origin=origin)
        except Exception as error:
            return str(getattr(getattr(error, "response", None), "status_code", error))
        await conn.close()
        return "opened"

    for origin, expected in (
        (own, "opened"),
        ("null", "403"),
        ("http://evil.example", "403"),
        (f"http://127.0.0.1:{server.port}@evil.example", "403"),
        (f"http://evil.example#@127.0.0.1:{server.port}", "403"),
        ("http://127.0.0.1", "403"),  # another port
        (f"http://localhost:{server.port}", "403"),  # reached as 127.0.0.1
        (f"ftp://127.0.0.1:{server.port}", "403"),
        (f"http://127.0.0.1:{server.port}x", "403"),
    ):
        assert run(attempt(origin)) == expected, origin
    # A refusal is the server working: nothing at error level (uvicorn once logged one each).
    lines = server.log_path.read_text("utf-8").splitlines()
    assert [line for line in lines if '"level": "error"' in line] == []
