"""Rooms nobody uses must go: a room created and never opened is a free resource for anyone
who can POST /api/rooms (10 a burst, then one every 6 s per address)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.contract.client import Conn, run
from tests.contract.table import create_room, http
from tests.e2e.harness import LocalServer

# An hour of room time passes in 1.8 s of real time.
FAST = 2000.0


def test_a_room_never_opened_is_cleaned_up_like_an_abandoned_one(tmp_path: Path) -> None:
    local = LocalServer(tmp_path / "data", time_scale=FAST)
    local.start()
    try:
        statuses = run(_rooms(local))
    finally:
        local.stop()
    # The abandoned room went first (an hour after its last player left, i.e. after the
    # never-opened room's own hour had passed): the never-opened one must be gone too.
    assert statuses == (404, 404), statuses


async def _rooms(local: LocalServer) -> tuple[int, int]:
    base = local.base_url
    never = await asyncio.to_thread(create_room, base)
    abandoned = await asyncio.to_thread(create_room, base)
    conn = await Conn.open(base, abandoned)
    assert (await conn.hello("Qiv"))["type"] == "welcome"
    await conn.send({"type": "leave"})
    await conn.wait_for(lambda f: f.get("type") == "closed")
    await conn.close()
    for _ in range(600):  # bounded: a minute at most
        if http(base, "GET", f"/api/rooms/{abandoned}")[0] != 200:
            break
        await asyncio.sleep(0.1)
    gone = http(base, "GET", f"/api/rooms/{abandoned}")[0]
    still = http(base, "GET", f"/api/rooms/{never}")[0]
    assert not (local.data_dir / "rooms" / f"{abandoned}.sqlite3").exists()
    return gone, still
