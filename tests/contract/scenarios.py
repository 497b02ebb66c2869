"""End-to-end scenarios against a small `GameServer` interface, so that every host runs them.

The self-host runs them over real HTTP and WebSockets (test_scenarios.py, via harness.py);
the Cloudflare harness can run the same functions with its own `GameServer` whose
players talk to the Durable Object through its doubles. A scenario is an async function
taking the server; it creates its own rooms, so scenarios are independent.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol

from undercover.tools.socket_bots import Json, Player, SocketClosedError, phase_of

PLAY_TIMEOUT = 60.0


class GameServer(Protocol):
    """What a host offers the scenarios."""

    async def create_room(self) -> str:
        """POST /api/rooms; the new code."""
        ...

    async def lookup(self, code: str) -> tuple[int, dict[str, Any]]:
        """GET /api/rooms/{code}: status and JSON body."""
        ...

    def player(self, code: str, name: str) -> Player:
        """A bot for this room, not yet connected."""
        ...


# --- helpers -----------------------------------------------------------------------------


class Table:
    """A room and its bots; `players[0]` created the room and is its host."""

    def __init__(self, server: GameServer, code: str, players: list[Player]) -> None:
        self.server = server
        self.code = code
        self.players = players

    @classmethod
    async def seated(cls, server: GameServer, *names: str) -> Table:
        code = await server.create_room()
        players = [server.player(code, name) for name in names]
        for player in players:
            await player.join()
        table = cls(server, code, players)
        await table.settle(lambda p: len(p.view["players"]) == len(names) if p.view else False)
        return table

    @property
    def host(self) -> Player:
        return self.by_id(self.players[0].view["host"] if self.players[0].view else "")

    def by_id(self, player_id: str) -> Player:
        return next(p for p in self.players if p.player_id == player_id)

    def connected(self) -> list[Player]:
        return [p for p in self.players if p.closed is None and p.welcomed]

    async def settle(self, condition: Callable[[Player], bool]) -> None:
        """Wait until `condition` holds for every connected player."""
        for player in self.connected():
            await player.until(condition)

    async def configure(self, **changes: object) -> None:
        host = self.host
        before = host.seq
        await host.send({"type": "update_settings", "seq": _seq(host), "changes": changes})
        await host.until(lambda p: p.seq > before)
        assert not host.errors, host.errors

    async def start(self) -> None:
        host = self.host
        await host.send({"type": "start_game", "seq": _seq(host)})
        await self.settle(lambda p: phase_of(p.view) != "lobby")

    async def play(
        self, until: Callable[[Table], bool], timeout: float = PLAY_TIMEOUT, moves: int = 10_000
    ) -> None:
        """Let every connected bot make its moves until `until(self)` holds."""
        sent: dict[str, tuple[int, str]] = {}
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not until(self):
            if loop.time() > deadline:
                views = {p.name: (phase_of(p.view), p.seq) for p in self.players}
                raise TimeoutError(f"the game did not get there: {views}")
            for player in self.connected():
                move = player.next_move()
                if move is None:
                    continue
                key = (player.seq, json.dumps(move, sort_keys=True))
                if sent.get(player.name) != key and moves > 0:
                    sent[player.name] = key
                    moves -= 1
                    await player.send(move)
            await asyncio.sleep(0.01)

    def phase(self) -> str | None:
        return phase_of(self.players[0].view)

    def at(self, *phases: str) -> Callable[[Table], bool]:
        return lambda table: all(phase_of(p.view) in phases for p in table.connected())

    async def leave_all(self) -> None:
        for player in self.players:
            await player.drop()


def _seq(player: Player) -> int:
    seq: int = (player.view or {})["phase_seq"]
    return seq


def _game(player: Player) -> Json:
    game: Json = (player.view or {}).get("game") or {}
    return game


async def _expect_error(player: Player, frame: Json | str | bytes, code: str) -> Json:
    seen = len(player.errors)
    await player.send(frame)
    await player.until(lambda p: len(p.errors) > seen)
    error = player.errors[seen]
    assert error["code"] == code, (frame, error)
    assert error["message"], error
    return error


# --- scenarios ---------------------------------------------------------------------------


async def join_and_see_each_other(server: GameServer) -> None:
    table = await Table.seated(server, "Ana", "Ben", "Chloé")
    names = {p["nickname"] for p in table.players[2].view["players"]}  # type: ignore[index]
    assert names == {"Ana", "Ben", "Chloé"}
    assert table.host is table.players[0]
    assert len({p.token for p in table.players}) == 3
    assert all(p.me()["status"] == "seated" for p in table.players)
    # A nickname is unique in the room, whatever the case or the accents.
    twin = server.player(table.code, "chloe")
    await twin.connect()
    await twin.hello()
    error = await twin.next_error()
    assert error["code"].startswith("name."), error
    status, summary = await server.lookup(table.code)
    assert (status, summary["status"], summary["players"]) == (200, "lobby", 3)
    await table.leave_all()
    await twin.drop()


async def only_the_host_starts(server: GameServer) -> None:
    table = await Table.seated(server, "Ana", "Ben", "Cy", "Dan")
    ben = table.players[1]
    await _expect_error(ben, {"type": "start_game", "seq": _seq(ben)}, "room.not_host")
    await table.start()
    secrets = [p.me()["secret"] for p in table.players]
    assert all(s["kind"] == "word" and s["value"] for s in secrets), secrets
    assert len({s["value"] for s in secrets}) == 2  # civilians share a word, the undercover not
    status, summary = await server.lookup(table.code)
    assert (status, summary["status"]) == (200, "running")
    await table.leave_all()


async def _full_game(server: GameServer, names: Iterable[str], **settings: object) -> Table:
    table = await Table.seated(server, *names)
    if settings:
        await table.configure(**settings)
    await table.start()
    await table.play(table.at("ended"))
    game = _game(table.players[0])
    assert game["outcome"] is not None
    assert game["end"]["cards"], game["end"]
    assert game["recap"], "the recap table is filled"
    return table


async def full_classic_game(server: GameServer) -> None:
    table = await _full_game(server, ["Ana", "Ben", "Cy", "Dan"])
    end = _game(table.players[1])["end"]
    assert end["words"]["civilian"] != end["words"]["undercover"]
    # "Rejouer": same table, back to the lobby, scoreboard kept.
    host = table.host
    await host.send({"type": "rematch", "seq": _seq(host)})
    await table.settle(lambda p: phase_of(p.view) == "lobby")
    assert table.players[2].view["scoreboard"]["games"] == 1  # type: ignore[index]
    await table.leave_all()


async def full_game_with_mr_white(server: GameServer) -> None:
    table = await _full_game(server, ["Ana", "Ben", "Cy", "Dan", "Eve"], mr_white=True)
    kinds = {card["role"] for card in _game(table.players[0])["end"]["cards"]}
    assert "mr_white" in kinds
    await table.leave_all()


async def full_grade_game(server: GameServer) -> None:
    table = await _full_game(
        server, ["Ana", "Ben", "Cy", "Dan", "Eve"], mode="grade", mr_white=True
    )
    game = _game(table.players[0])
    assert game["mode"] == "grade"
    assert game["end"]["grades"] is not None
    await table.leave_all()


def mr_white(table: Table) -> Player:
    """The player holding the Mr. White card (a bot knows its own card)."""
    return next(p for p in table.players if p.me()["secret"]["kind"] == "mr_white")


def ballots_against_mr_white(table: Table) -> list[tuple[Player, Json]]:
    """Every alive player's vote against Mr. White (his own is an abstention)."""
    white = mr_white(table)
    ballots = []
    for player in table.players:
        view, me = player.view or {}, player.me()
        if view.get("phase") == "voting" and me["status"] == "alive" and not me["ballot"]["cast"]:
            target = white.player_id if player is not white else None
            ballots.append(
                (player, {"type": "cast_vote", "seq": view["phase_seq"], "target": target})
            )
    return ballots


async def reconnect_in_every_phase(server: GameServer) -> None:
    """Drop and come back with the token in each phase: same seat, same phase, nothing lost."""
    table = await Table.seated(server, "Ana", "Ben", "Cy", "Dan", "Eve")
    await table.configure(mr_white=True)
    seen: list[str] = []

    async def bounce(player: Player, *, may_move_on: bool = False) -> None:
        before_id, before_phase, before_seq = player.player_id, phase_of(player.view), player.seq
        before_card = player.me()["secret"]
        await player.rejoin()
        assert player.player_id == before_id
        assert player.seq >= before_seq
        assert player.me()["secret"] == before_card
        if not may_move_on:
            assert phase_of(player.view) == before_phase, (before_phase, phase_of(player.view))
        seen.append(before_phase or "")

    await bounce(table.players[1])
    await table.start()
    await bounce(table.players[2])
    await table.play(table.at("clues"))
    await bounce(table.by_id(_game(table.players[0])["speaker"]))
    await table.play(table.at("voting"))
    ballots = ballots_against_mr_white(table)
    voter, ballot = ballots[0]
    await voter.send(ballot)
    await voter.until(lambda p: p.me()["ballot"]["cast"])
    await bounce(voter)
    assert voter.me()["ballot"]["cast"], "a vote survives its voter's reconnection"
    for voter, ballot in ballots[1:]:
        await voter.send(ballot)
    await table.settle(lambda p: phase_of(p.view) in ("reveal", "guess"))
    await bounce(table.players[0], may_move_on=True)
    white = mr_white(table)
    await white.until(lambda p: phase_of(p.view) == "guess")
    await bounce(white)
    assert (white.view or {})["guesser"] == white.player_id
    await table.play(table.at("ended"))
    await bounce(table.players[3])
    assert seen == ["lobby", "role_reveal", "clues", "voting", "reveal", "guess", "ended"], seen
    await table.leave_all()


async def host_transfer(server: GameServer) -> None:
    """A host gone beyond the grace hands the crown to the next connected player."""
    table = await Table.seated(server, "Ana", "Ben", "Cy")
    ana, ben = table.players[0], table.players[1]
    await ana.drop()
    await ben.until(lambda p: p.view is not None and p.view["host"] != ana.player_id)
    assert ben.view is not None
    assert ben.view["host"] == ben.player_id
    await ana.join()
    assert ana.view is not None
    assert ana.view["host"] == ben.player_id  # the crown stays where it went
    await _expect_error(ana, {"type": "start_game", "seq": _seq(ana)}, "room.not_host")
    await table.leave_all()


async def kick_is_a_ban(server: GameServer) -> None:
    table = await Table.seated(server, "Ana", "Ben", "Cy", "Dan")
    await table.start()
    host, dan = table.players[0], table.players[3]
    await host.send({"type": "kick", "player_id": dan.player_id})
    closed = await dan.until_closed()
    assert (closed.code, dan.closed_reason) == (4403, "kicked")
    await host.until(lambda p: any(k["player_id"] == dan.player_id for k in _game(p)["kicked"]))
    # The kicked token is refused for good.
    await dan.connect()
    await dan.hello()
    error = await dan.next_error()
    assert (error["code"], error["fatal"]) == ("token.banned", True)
    assert (await dan.until_closed()).code == 4403
    await table.play(table.at("ended"))
    await table.leave_all()


async def late_joiner_is_a_spectator(server: GameServer) -> None:
    table = await Table.seated(server, "Ana", "Ben", "Cy")
    await table.start()
    late = server.player(table.code, "Zoé")
    await late.join()
    me = late.me()
    assert me["status"] == "spectator"
    assert me["secret"] == {"kind": None, "value": None}
    table.players.append(late)
    await table.play(table.at("ended"))
    assert late.me()["status"] == "spectator"
    host = table.host
    await host.send({"type": "rematch", "seq": _seq(host)})
    await late.until(lambda p: phase_of(p.view) == "lobby")
    assert late.me()["status"] == "seated"  # a seat at the next game
    await table.leave_all()


async def unknown_room(server: GameServer) -> None:
    status, body = await server.lookup("ZZZZZ")
    assert (status, body["error"]) == (404, "room.not_found")
    assert body["message"]
    ghost = server.player("ZZZZZ", "Ana")
    await ghost.connect()
    closed = await ghost.until_closed()
    assert closed.code == 4404
    assert ghost.errors[0]["code"] == "room.not_found"


async def hostile_frames_change_nothing(server: GameServer) -> None:
    """Each malformed or hostile frame gets a clear error to its sender; nothing is lost."""
    table = await Table.seated(server, "Ana", "Ben", "Cy", "Dan")
    ana, ben = table.players[0], table.players[1]
    stranger = server.player(table.code, "Eve")
    await stranger.connect()
    await _expect_error(stranger, {"type": "leave"}, "protocol.hello_required")
    await _expect_error(stranger, "{not json", "protocol.malformed_json")
    hello = {"type": "hello", "protocol": 5, "token": None, "name": "B"}
    for frame, code in [
        ("[1, 2]", "protocol.malformed_json"),
        ({"type": "teleport"}, "protocol.unknown_type"),
        ({"type": "set_lock", "locked": "yes"}, "protocol.invalid_message"),
        ({"type": "leave", "extra": 1}, "protocol.invalid_message"),
        (b"\x00binary", "protocol.binary_frame"),
        ({"type": "give_clue", "seq": 1, "text": "x" * 5000}, "protocol.too_large"),
        (hello, "protocol.already_greeted"),
        ({"type": "set_lock", "locked": True}, "room.not_host"),
    ]:
        await _expect_error(ben, frame, code)
    revision = ana.seq
    await table.configure(clue_timer=False, vote_timer=False)  # no turn ends under our feet
    await table.start()
    await table.play(table.at("clues"))
    game = _game(ana)
    speaker = table.by_id(game["speaker"])
    quiet = next(p for p in table.players if p is not speaker)
    seq = _seq(speaker)
    await _expect_error(quiet, _clue(seq, "moi"), "clue.not_your_turn")
    await _expect_error(speaker, _clue(seq - 1, "vieux"), "seq.stale")
    await _expect_error(speaker, _clue(seq, "a\u0007b"), "text.control_characters")
    error = await _expect_any_error(speaker, {"type": "give_clue", "seq": seq, "text": "<b>x</b>"})
    assert "markup" in error["code"], error
    assert ana.seq > revision
    # Nobody else was told about any of it, and the game still completes.
    # (a bot's own move may race a phase change, on a slow host: that is its only excuse)
    others = {p.name: p.errors for p in table.players if p not in (ben, quiet, speaker)}
    assert all(e["code"] == "seq.stale" for errors in others.values() for e in errors), others
    await table.play(table.at("ended"))
    await table.leave_all()
    await stranger.drop()


def _clue(seq: int, text: str) -> Json:
    return {"type": "give_clue", "seq": seq, "text": text}


async def _expect_any_error(player: Player, frame: Json) -> Json:
    seen = len(player.errors)
    await player.send(frame)
    await player.until(lambda p: len(p.errors) > seen)
    return player.errors[seen]


async def second_connection_replaces_the_first(server: GameServer) -> None:
    table = await Table.seated(server, "Ana", "Ben", "Cy")
    ben = table.players[1]
    twin = server.player(table.code, "Ben")
    twin.token = ben.token
    await twin.join()
    assert twin.player_id == ben.player_id
    closed = await ben.until_closed()
    assert (closed.code, ben.closed_reason) == (4409, "replaced")
    await table.leave_all()
    await twin.drop()


async def board_and_ghost(server: GameServer) -> None:
    """A board follows the game with the spectator's view; a ghost's opt-in reaches no one else;
    its bet is scored on the end screen. Seats of one shared phone are ordinary sockets."""
    table = await Table.seated(server, "Léa", "Max", "Nour", "Oscar", "Paul", "Rémi", "Sam")
    board = server.player(table.code, "board")
    await board.connect()
    await board.send({"type": "hello", "protocol": 5, "token": None, "name": None, "board": True})
    await board.until(lambda p: p.view is not None)
    assert not board.welcomed
    assert board.token is None
    await table.configure(clue_timer=False, vote_timer=False)
    await table.start()

    def ghost_to_be(table: Table) -> bool:
        return any(p.me().get("can_become_ghost") for p in table.connected())

    await table.play(until=lambda t: ghost_to_be(t) or t.phase() == "ended")
    if table.phase() == "ended":
        await table.leave_all()
        return  # the first elimination ended it: nothing to haunt (rare)
    ghost = next(p for p in table.connected() if p.me().get("can_become_ghost"))
    living = [p for p in table.connected() if p is not ghost]
    revisions: set[int] = set()  # of every frame the others receive from now on
    for other in [*living, board]:
        other.on_view = lambda _, message, __: revisions.add(message["seq"])
    opted: list[int] = []  # the revision of the ghost's first frame as a ghost
    ghost.on_view = lambda _, message, __: (
        opted.append(message["seq"]) if message["view"]["me"]["ghost"] and not opted else None
    )
    await ghost.send({"type": "become_ghost", "winner": "civilians", "undercover": None})
    await ghost.until(lambda _: bool(opted))
    assert len(ghost.me()["ghost"]["cards"]) == 7
    await asyncio.sleep(0.3)  # a frame of that revision sent to the others would be there
    assert opted[0] not in revisions  # the opt-in's revision reached the ghost alone
    assert board.me()["ghost"] is None
    assert board.me()["secret"] == {"kind": None, "value": None}
    await table.play(until=table.at("ended"))
    await board.until(lambda p: phase_of(p.view) == "ended")
    (bet,) = board.view["game"]["end"]["bets"] if board.view else []
    assert bet["player_id"] == ghost.player_id
    await table.leave_all()
    await board.drop()


Scenario = Callable[[GameServer], Awaitable[None]]

SCENARIOS: dict[str, Scenario] = {
    "join": join_and_see_each_other,
    "start": only_the_host_starts,
    "classic_game": full_classic_game,
    "mr_white_game": full_game_with_mr_white,
    "grade_game": full_grade_game,
    "reconnect_every_phase": reconnect_in_every_phase,
    "host_transfer": host_transfer,
    "kick_is_a_ban": kick_is_a_ban,
    "late_joiner": late_joiner_is_a_spectator,
    "unknown_room": unknown_room,
    "hostile_frames": hostile_frames_change_nothing,
    "replaced": second_connection_replaces_the_first,
    "board_and_ghost": board_and_ghost,
}

__all__ = ["SCENARIOS", "GameServer", "Scenario", "SocketClosedError", "Table"]
