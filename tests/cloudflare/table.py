"""A table of bot players (undercover.tools.socket_bots) driving a harness room over WebSockets."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from tests.cloudflare.harness import Harness
from undercover.tools.socket_bots import Player, WebSocketTransport, next_move, phase_of

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
        await asyncio.to_thread(self.harness.reset_limits)
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
        """Wait until the room handled everything and every connected player has its last view.

        The harness's queue being idle means every frame was written to its socket; loopback
        delivers them within milliseconds, so the views are taken as settled once nothing new
        arrived for a short while. Not "every player holds the same revision": a socket whose
        view changed in nothing but the clock is sent no frame (protocol 5).
        """
        await asyncio.to_thread(self.harness.idle)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        seen: list[tuple[int, ...]] = []
        while loop.time() < deadline:
            seen.append(tuple(p.views_received + len(p.errors) for p in self.connected()))
            if len(seen) >= 3 and seen[-1] == seen[-2] == seen[-3]:
                return
            await asyncio.sleep(0.03)
        raise TimeoutError("the table did not settle")

    async def send(self, player: Player, message: Json) -> None:
        await self._send_and_wait(player, message)
        await self.settle()

    async def _send_and_wait(self, player: Player, message: Json) -> None:
        """Send, then wait for the server's answer to it (a view, an error or a close)."""
        mark = (player.views_received, len(player.errors))
        await player.send(message)
        await player.until(
            lambda p: (p.views_received, len(p.errors)) != mark or p.closed is not None
        )

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
                await self._send_and_wait(player, move)
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
                errors = [e for p in self.players for e in p.errors][-3:]
                raise AssertionError(f"stuck in {self.phase()}: no move, no alarm; {errors}")
        raise AssertionError(f"no end after {limit} steps; phases {phases}")

    async def rejoin_all(self) -> None:
        await asyncio.to_thread(self.harness.reset_limits)
        for player in self.players:
            if player.closed_reason not in {"kicked", "replaced"}:
                await player.rejoin()
        await self.settle()

    async def close(self) -> None:
        for player in self.players:
            await player.drop()


def game_over(table: Table) -> bool:
    return table.phase() == "ended"
