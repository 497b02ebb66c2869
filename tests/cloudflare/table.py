"""A table of bot players (undercover.hosts.bots) driving a room of the harness over WebSockets."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from tests.cloudflare.harness import Harness
from undercover.hosts.bots import Player, WebSocketTransport, next_move, phase_of

Json = dict[str, Any]


class Table:
    """Players of one room; every wait is on the harness's own queue, then on the frames."""

    def __init__(self, harness: Harness, code: str) -> None:
        self.harness = harness
        self.code = code
        self.players: list[Player] = []

    def opener(self) -> Callable[[], Any]:
        url = self.harness.ws_url(self.code)
        return lambda: WebSocketTransport.open(url)

    async def seat(self, count: int) -> None:
        for index in range(count):
            player = Player(f"Bot{index + 1}", self.opener())
            await player.join()
            self.players.append(player)
        await self.settle()

    @property
    def host(self) -> Player:
        return self.players[0]

    def view(self) -> Json:
        return self.host.view or {}

    def phase(self) -> str | None:
        return phase_of(self.host.view)

    def connected(self) -> list[Player]:
        return [p for p in self.players if p.closed is None and p.welcomed]

    async def settle(self, timeout: float = 30) -> None:
        """Wait until the room handled everything and every connected player has its last view."""
        await asyncio.to_thread(self.harness.idle)
        live = self.connected()
        if not live:
            return
        top = max(p.seq for p in live)
        for player in live:
            await player.until(lambda p, top=top: p.seq >= top or p.closed is not None, timeout)

    async def send(self, player: Player, message: Json) -> None:
        await player.send(message)
        await self.settle()

    async def start(self, **changes: Any) -> None:
        seq = self.view()["phase_seq"]
        if changes:
            await self.send(self.host, {"type": "update_settings", "seq": seq, "changes": changes})
        await self.send(self.host, {"type": "start_game", "seq": self.view()["phase_seq"]})

    async def step(self) -> bool:
        """Every player makes its move, if it has one; False when nobody had one."""
        moved = False
        for player in self.connected():
            move = next_move(player.view, player.player_id)
            if move is not None:
                await player.send(move)
                moved = True
        await self.settle()
        return moved

    async def wait_for_alarm(self) -> bool:
        """Move the clock to the room's alarm and deliver it; False if no alarm is armed."""
        state = await asyncio.to_thread(self.harness.state, self.code)
        if state["alarm"] is None:
            return False
        now = await asyncio.to_thread(self.harness.now)
        await asyncio.to_thread(self.harness.advance, max(0.0, state["alarm"] - now) + 0.001)
        await self.settle()
        return True

    async def play_until(
        self, done: Callable[[Table], bool], limit: int = 400, on_phase: Any = None
    ) -> list[str]:
        """Play moves and deadlines until `done`; the phases seen, in order."""
        phases: list[str] = []
        for _ in range(limit):
            phase = self.phase()
            if phase is not None and (not phases or phases[-1] != phase):
                phases.append(phase)
                if on_phase is not None:
                    await on_phase(self, phase)
            if done(self):
                return phases
            if not await self.step() and not await self.wait_for_alarm():
                raise AssertionError(f"stuck in {self.phase()}: nobody can move, no alarm")
        raise AssertionError(f"no end after {limit} steps; phases {phases}")

    async def rejoin_all(self) -> None:
        for player in self.players:
            if player.closed_reason not in {"kicked", "replaced"}:
                await player.rejoin()
        await self.settle()

    async def close(self) -> None:
        for player in self.players:
            await player.drop()


def game_over(table: Table) -> bool:
    return table.phase() == "ended"
