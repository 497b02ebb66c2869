"""Seat raw `Conn`s at a table of a live `undercover serve` and drive a game step by step."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any, Protocol

from tests.contract.client import Conn, Json
from undercover.tools.socket_bots import next_move

# Nicknames no theme word can contain, so that a search for words in frames finds no name.
NAMES = ("Qiv", "Qox", "Quz", "Qeb", "Qaj", "Qyf", "Qwo", "Qim")


def http(base_url: str, method: str, path: str) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request: status, headers (lower-case names) and body."""
    request = urllib.request.Request(base_url + path, method=method)
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            headers = {k.lower(): v for k, v in response.headers.items()}
            return response.status, headers, response.read()
    except urllib.error.HTTPError as error:
        headers = {k.lower(): v for k, v in error.headers.items()}
        return error.code, headers, error.read()


def create_room(base_url: str) -> str:
    status, _, body = http(base_url, "POST", "/api/rooms")
    assert status == 201, (status, body)
    code: str = json.loads(body)["code"]
    return code


class RoomMaker(Protocol):
    """A host to seat a table at (tests/contract/hosts.py, or a bare `LocalServer`)."""

    @property
    def base_url(self) -> str: ...
    async def create_room(self) -> str: ...


class Table:
    """Players (raw connections) of one room; `conns[0]` is the first host."""

    def __init__(self, base_url: str, code: str, conns: list[Conn]) -> None:
        self.base_url = base_url
        self.code = code
        self.conns = conns

    @classmethod
    async def seat(cls, server: RoomMaker, count: int, **settings: Any) -> Table:
        base_url = server.base_url
        code = await server.create_room()
        conns = []
        for name in NAMES[:count]:
            conn = await Conn.open(base_url, code)
            answer = await conn.hello(name)
            assert answer["type"] == "welcome", answer
            conns.append(conn)
        table = cls(base_url, code, conns)
        await table.everyone(lambda v: len(v["players"]) == count)
        host = table.conns[0]
        # Only what differs: a change to what is already set changes no view, so no frame comes.
        changes = {k: x for k, x in settings.items() if host.view["settings"][k] != x}
        if changes:
            seq = host.view["phase_seq"]
            frame = {"type": "update_settings", "seq": seq, "changes": changes}
            answer = await host.request(frame)
            assert answer["type"] == "view", answer
            await table.everyone(lambda v: all(v["settings"][k] == x for k, x in settings.items()))
        return table

    def live(self) -> list[Conn]:
        return [c for c in self.conns if not c.closed]

    def by_id(self, player_id: str) -> Conn:
        return next(c for c in self.conns if c.player_id == player_id and not c.closed)

    async def everyone(self, condition: Callable[[Json], bool]) -> None:
        for conn in self.live():
            try:
                await conn.until_view(condition)
            except ConnectionError:
                if not conn.closed:
                    raise  # a closed connection (kicked, replaced) is no longer at the table

    @property
    def view(self) -> Json:
        return self.live()[0].view

    def host(self) -> Conn:
        return self.by_id(self.view["host"])

    async def start(self) -> None:
        """Start, every card confirmed, up to the first clue phase."""
        host = self.host()
        answer = await host.request({"type": "start_game", "seq": host.view["phase_seq"]})
        assert answer["type"] == "view", answer
        await self.everyone(lambda v: v["phase"] == "role_reveal")
        seq = self.view["phase_seq"]
        for conn in self.live():
            await conn.send({"type": "confirm_role", "seq": seq})
        await self.everyone(lambda v: v["phase"] == "clues")

    def words(self) -> dict[str, Json]:
        """Each seated player's own secret, from their own views."""
        return {c.player_id or "": c.view["me"]["secret"] for c in self.conns if c.player_id}

    def undercovers(self) -> set[str]:
        """The players whose word is the minority one (classic mode, no Mr. White)."""
        secrets = {p: s["value"] for p, s in self.words().items() if s["kind"] == "word"}
        values = list(secrets.values())
        minority = min(set(values), key=values.count)
        return {p for p, w in secrets.items() if w == minority}

    async def clue_round(self) -> None:
        """Every alive player gives a clue (after the round's theme in grade mode), in turn,
        until the vote opens."""
        while self.view["phase"] == "clues":
            game = self.view["game"]
            theme = game["stage"] == "theme"
            actor = self.by_id(game["proposer"] if theme else game["speaker"])
            seq = self.view["phase_seq"]
            kind = "propose_theme" if theme else "give_clue"
            revision = (len(game["recap"]), game["stage"])
            await actor.send({"type": kind, "seq": seq, "text": "un indice"})
            await self.everyone(
                lambda v, r=revision: (
                    v["phase"] != "clues" or (len(v["game"]["recap"]), v["game"]["stage"]) != r
                )
            )

    async def play_to_end(self, guess: str = "zzqx", limit: int = 2000) -> None:
        """Everyone plays the bots' legal policy (undercover.tools.socket_bots.next_move) until the
        game is over; Mr. White guesses `guess`."""
        sent: set[tuple[str, str]] = set()
        for _ in range(limit):
            if all(c.view["phase"] == "ended" for c in self.live()):
                return
            for conn in self.live():
                move = next_move(conn.view, conn.player_id)
                if move is None:
                    continue
                if move["type"] == "guess":
                    move = {**move, "text": guess}
                game = conn.view["game"] or {}
                key = (conn.player_id or "", json.dumps([move, len(game.get("recap", ()))]))
                if key not in sent:
                    sent.add(key)
                    await conn.send(move)
            await asyncio.sleep(0.05)
        raise AssertionError(f"the game did not end: {self.view['phase']}")

    async def vote(self, ballots: dict[str, str | None]) -> None:
        """Cast these ballots (voter → target) in the current vote."""
        seq = self.view["phase_seq"]
        for voter, target in ballots.items():
            answer = await self.by_id(voter).request(
                {"type": "cast_vote", "seq": seq, "target": target}
            )
            assert answer["type"] == "view", answer
