"""Smoke test of a real deployment (docs/deploy.md): pages, API, one whole game, reconnections.

    uv run python scripts/smoke_deploy.py https://undercover.<account>.workers.dev [--players 4]

Bots speak the client protocol over real WebSockets (`undercover.tools.socket_bots`): they create a
room, join, play a classic game to the end with the room's real timers (alarms in the Durable
Object), and one player drops and comes back with its token in the middle of the game. Whenever
a socket drops for any other reason (a redeploy drops them all, with 1006), its bot rejoins
with its token, retrying for up to two minutes, and must get the same seat back. Prints a JSON
report, with every reconnection; exits 1 at the first check that fails. Only for a deployment
you own.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from typing import Any

from websockets.exceptions import WebSocketException

from undercover.tools.socket_bots import (
    Player,
    SocketClosedError,
    WebSocketTransport,
    next_move,
    phase_of,
    socket_url,
)

PHASE_TIMEOUT = 90.0  # the longest wait between two views: role reveal (20 s) with margin
REJOIN_WINDOW = 120.0  # a redeploy: sockets drop, then the new version answers within this
# What a rejoin attempt may meet while the deployment changes hands.
REJOIN_FAILURES = (SocketClosedError, OSError, TimeoutError, WebSocketException)


class SmokeFailed(Exception):
    pass


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SmokeFailed(what)


def http(method: str, url: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, method=method, headers={"User-Agent": "undercover-smoke"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers.items()), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers.items()), error.read()


# Moves computed from a view that another player's move just made stale are refused by the
# server, as they should be; they are counted, not failures.
BENIGN = {"seq.stale", "clue.not_your_turn", "vote.not_in_voting", "theme.not_your_turn"}


async def rejoin_dropped(players: list[Player], report: dict[str, Any]) -> bool:
    """Bring every bot whose socket dropped back to its seat with its token; True if any."""
    dropped = [player for player in players if player.closed is not None]
    for player in dropped:
        cause, seat = player.closed, player.player_id
        began = time.monotonic()
        while True:
            try:
                await player.join(timeout=30)
                break
            except REJOIN_FAILURES as failure:
                waited = time.monotonic() - began
                check(waited < REJOIN_WINDOW, f"{player.name} could not rejoin: {failure}")
                await asyncio.sleep(1)
        check(player.player_id == seat, f"{player.name} rejoined as {player.player_id}, not {seat}")
        report["reconnections"].append(
            {
                "player": player.name,
                "closed": cause.code if cause else None,
                "seconds": round(time.monotonic() - began, 2),
            }
        )
    return bool(dropped)


async def wait_change(players: list[Player], seqs: list[int], report: dict[str, Any]) -> None:
    """Wait until the views moved on (an input answered, or a deadline passed) and agree; or
    until dropped bots are back, whose fresh views the caller must act on."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PHASE_TIMEOUT
    while all(p.seq == s for p, s in zip(players, seqs, strict=True)):
        if await rejoin_dropped(players, report):
            return
        check(loop.time() < deadline, f"no view for {PHASE_TIMEOUT:.0f} s")
        await asyncio.sleep(0.05)
    settle = loop.time() + 5
    while len({p.seq for p in players}) > 1 and loop.time() < settle:
        await asyncio.sleep(0.05)


async def play(
    base: str,
    code: str,
    count: int,
    report: dict[str, Any],
    midgame: Callable[[], object] | None = None,
) -> None:
    url = socket_url(base, code)
    players = [Player(f"Smoke{i + 1}", lambda: WebSocketTransport.open(url)) for i in range(count)]
    began = time.monotonic()
    for player in players:
        await player.join(timeout=30)
    report["join_seconds"] = round(time.monotonic() - began, 2)
    host = players[0]
    check(len((host.view or {}).get("players", [])) == count, "every player sees every seat")
    await host.send({"type": "start_game", "seq": host.view["phase_seq"]})  # type: ignore[index]
    await host.until(lambda p: phase_of(p.view) != "lobby", timeout=30)
    phases: list[str] = []
    seats = [player.player_id for player in players]
    reconnected = False
    pending: asyncio.Future[object] | None = None
    began = time.monotonic()
    while phase_of(host.view) != "ended":
        phase = str(phase_of(host.view))
        if not phases or phases[-1] != phase:
            phases.append(phase)
        if phase == "clues" and not reconnected:
            await reconnect(players[1], report)
            reconnected = True
            if midgame is not None:  # e.g. a redeploy, while the bots play on
                pending = asyncio.ensure_future(asyncio.to_thread(midgame))
        seqs = [p.seq for p in players]
        for player in players:
            move = next_move(player.view, player.player_id)
            if move is not None:
                with contextlib.suppress(SocketClosedError):  # dropped: rejoined below
                    await player.send(move)
        await wait_change(players, seqs, report)
        check(time.monotonic() - began < 900, "the game did not end in 15 minutes")
    if pending is not None:
        await pending
    check([player.player_id for player in players] == seats, "every bot kept its seat")
    phases.append("ended")
    report["phases"] = phases
    report["game_seconds"] = round(time.monotonic() - began, 1)
    errors = [e["code"] for p in players for e in p.errors]
    report["refused_stale_moves"] = sum(code in BENIGN for code in errors)
    report["errors"] = [code for code in errors if code not in BENIGN]
    for player in players:
        await player.drop()


async def reconnect(player: Player, report: dict[str, Any]) -> None:
    before = (player.player_id, (player.view or {}).get("phase"), player.me())
    began = time.monotonic()
    await player.rejoin(timeout=30)
    after = (player.player_id, (player.view or {}).get("phase"), player.me())
    check(after == before, f"reconnection changed the seat: {before} -> {after}")
    report["reconnect_seconds"] = round(time.monotonic() - began, 2)


def run(base: str, players: int, midgame: Callable[[], object] | None = None) -> dict[str, Any]:
    """The whole smoke test; `midgame` runs (in a thread) once the game has begun."""
    report: dict[str, Any] = {"url": base, "reconnections": []}
    status, headers, _ = http("GET", base + "/")
    check(status == 200, f"GET / answered {status}")
    lowered = {k.lower(): v for k, v in headers.items()}
    check("content-security-policy" in lowered, "the page has its security headers")
    status, _, body = http("POST", base + "/api/rooms")
    check(status == 201, f"POST /api/rooms answered {status}")
    code = json.loads(body)["code"]
    report["room"] = code
    status, _, body = http("GET", f"{base}/api/rooms/{code}")
    check(status == 200 and json.loads(body)["status"] == "lobby", "the new room is in its lobby")
    status, _, _ = http("GET", f"{base}/api/rooms/ZZZZZ")
    check(status in {404, 429}, f"an unknown room answered {status}")
    asyncio.run(play(base, code, players, report, midgame))
    check(report["errors"] == [], f"unexpected errors sent to the bots: {report['errors']}")
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="the deployment, e.g. https://undercover.example.workers.dev")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 21), metavar="3..20")
    args = parser.parse_args(argv)
    try:
        report = run(args.url.rstrip("/"), args.players)
    except (SmokeFailed, OSError, TimeoutError) as failure:
        print(json.dumps({"ok": False, "failed": str(failure)}))
        return 1
    print(json.dumps({"ok": True, **report}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
