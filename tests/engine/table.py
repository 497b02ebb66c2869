"""A table of players driving one room through the engine, for readable scenarios.

    table = Table.seated("ana", "ben", "cy", seed=7).started()
    table.give_clue(table.speaker, "rouge")

Names are nicknames; the helper maps them to player ids. Time only moves when asked
(`tick`), and every rejected command is checked to leave the room unchanged.
"""

from __future__ import annotations

from typing import Any

from tests.engine.content import DECK
from undercover.engine.commands import (
    CastVote,
    Command,
    ConfirmRole,
    Connected,
    Disconnected,
    GiveClue,
    Guess,
    JoinRoom,
    Kick,
    Leave,
    ProposeTheme,
    Reconnect,
    Rematch,
    SetHostWords,
    StartGame,
    TimePassed,
    UpdateSettings,
)
from undercover.engine.deadlines import next_deadline
from undercover.engine.effects import Effect
from undercover.engine.errors import Rejected
from undercover.engine.machine import apply
from undercover.engine.settings import SettingsChanges
from undercover.engine.state import Room, new_room
from undercover.engine.view import view_for
from undercover.rules import Game, Role

START = 1_000_000.0
PHASES = ("lobby", "role_reveal", "clues", "voting", "reveal", "guess", "ended")
NAMES = ("ana", "ben", "cy", "dan", "eve")


def token_of(name: str) -> str:
    return f"seat-token-of-{name}-0123456789abcdef"


class Table:
    def __init__(self, room: Room, now: float = START) -> None:
        self.room = room
        self.now = now
        self.effects: list[Effect] = []

    # --- setting up -------------------------------------------------------------------

    @classmethod
    def seated(cls, *names: str, seed: int = 7, **settings: Any) -> Table:
        table = cls(new_room("ROOMS", seed, START))
        for name in names:
            table.join(name)
        if settings:
            table.settings(**settings)
        return table

    @classmethod
    def at(cls, phase: str, seed: int = 7) -> Table:
        """Five players (ana hosts, Mr. White on) in the given phase."""
        from undercover.engine.phases.reveal import REVEAL_SECONDS

        table = cls.seated(*NAMES, seed=seed, mr_white=True)
        if phase != "lobby":
            table.run(table.host_name, StartGame(seq=table.seq))
        if phase not in ("lobby", "role_reveal"):
            for name in table.alive_names:
                table.run(name, ConfirmRole(seq=table.seq))
        if phase in ("voting", "reveal", "guess", "ended"):
            table.clue_round()
        mr_white = table.with_role(Role.MR_WHITE)[0] if table.room.game else ""
        if phase == "reveal":
            table.vote_out(next(n for n in table.with_role(Role.CIVILIAN) if n != "ana"))
        if phase in ("guess", "ended"):
            table.vote_out(mr_white).tick(REVEAL_SECONDS)
        if phase == "ended":
            assert table.game.words is not None
            table.guess(mr_white, table.game.words.civilian)
        assert table.phase == phase
        return table

    def started(self) -> Table:
        """Start the game and have everyone confirm their card: the first clue turn."""
        self.run(self.host_name, StartGame(seq=self.seq))
        for name in self.alive_names:
            self.run(name, ConfirmRole(seq=self.seq))
        return self

    # --- commands ---------------------------------------------------------------------

    def run(self, name: str | None, command: Command) -> Table:
        actor = self.pid(name) if name is not None else None
        step = apply(self.room, actor, command, self.now, DECK)
        self.room = step.room
        self.effects = list(step.effects)
        return self

    def rejected(self, name: str | None, command: Command) -> str:
        """The code of the rejection; fails if the command was accepted or changed anything."""
        before = self.room.model_dump(mode="json")
        actor = self.pid(name) if name is not None else None
        try:
            apply(self.room, actor, command, self.now, DECK)
        except Rejected as rejection:
            assert self.room.model_dump(mode="json") == before
            return rejection.code
        raise AssertionError(f"{command!r} was accepted")

    def join(self, name: str) -> Table:
        return self.run(None, JoinRoom(name=name, token=token_of(name)))

    def reconnect(self, name: str) -> Table:
        return self.run(None, Reconnect(token=token_of(name)))

    def disconnect(self, name: str) -> Table:
        return self.run(None, Disconnected(player_id=self.pid(name)))

    def connect(self, name: str) -> Table:
        return self.run(None, Connected(player_id=self.pid(name)))

    def leave(self, name: str) -> Table:
        return self.run(name, Leave())

    def settings(self, **changes: Any) -> Table:
        return self.run(
            self.host_name, UpdateSettings(seq=self.seq, changes=SettingsChanges(**changes))
        )

    def give_clue(self, name: str, text: str = "indice") -> Table:
        return self.run(name, GiveClue(seq=self.seq, text=text))

    def propose_theme(self, name: str, text: str = "un fruit") -> Table:
        return self.run(name, ProposeTheme(seq=self.seq, text=text))

    def cast_vote(self, name: str, target: str | None) -> Table:
        target_id = self.pid(target) if target is not None else None
        return self.run(name, CastVote(seq=self.seq, target=target_id))

    def guess(self, name: str, text: str) -> Table:
        return self.run(name, Guess(seq=self.seq, text=text))

    def kick(self, name: str, by: str | None = None) -> Table:
        return self.run(by or self.host_name, Kick(player_id=self.pid(name)))

    def rematch(self) -> Table:
        return self.run(self.host_name, Rematch(seq=self.seq))

    def tick(self, seconds: float) -> Table:
        self.now += seconds
        return self.run(None, TimePassed())

    def until_deadline(self) -> Table:
        """Jump to the next deadline and deliver the alarm."""
        deadline = next_deadline(self.room)
        assert deadline is not None
        self.now = max(self.now, deadline)
        return self.run(None, TimePassed())

    def clue_round(self) -> Table:
        """Every speaker gives a clue until the phase changes."""
        seq = self.seq
        while self.seq == seq and self.room.phase.kind == "clues":
            if self.game.stage == "theme":
                assert self.game.proposer is not None
                self.propose_theme(self.name(self.game.proposer))
            else:
                assert self.game.speaker is not None
                self.give_clue(self.name(self.game.speaker))
        return self

    def vote_out(self, name: str) -> Table:
        """From the clues: everyone else votes `name` out; stops at the reveal pause."""
        from undercover.rules import VOTE_GRACE_SECONDS

        if self.phase == "clues":
            self.clue_round()
        alive = self.alive_names
        fallback = next(n for n in alive if n != name)
        for voter in alive:
            self.cast_vote(voter, name if voter != name else fallback)
        return self.tick(VOTE_GRACE_SECONDS)

    # --- looking ----------------------------------------------------------------------

    @property
    def seq(self) -> int:
        return self.room.seq

    @property
    def phase(self) -> str:
        return self.room.phase.kind

    @property
    def game(self) -> Game:
        assert self.room.game is not None
        return self.room.game

    @property
    def host_name(self) -> str:
        assert self.room.host is not None
        return self.name(self.room.host)

    @property
    def alive_names(self) -> list[str]:
        return [self.name(p) for p in self.game.alive]

    @property
    def speaker(self) -> str:
        assert self.game.speaker is not None
        return self.name(self.game.speaker)

    def pid(self, name: str) -> str:
        for seat in self.room.seats:
            if seat.nickname == name:
                return seat.player_id
        raise KeyError(name)

    def name(self, player_id: str) -> str:
        for seat in self.room.seats:
            if seat.player_id == player_id:
                return seat.nickname
        raise KeyError(player_id)

    def with_role(self, role: Role) -> list[str]:
        return [self.name(p) for p in self.game.speaking_order if self.game.roles[p] is role]

    def view(self, name: str | None) -> dict[str, Any]:
        return view_for(self.room, self.pid(name) if name is not None else None, self.now, DECK)


HOST_PAIRS = "Pizza / Quiche\nChat / Chien\nMer / Océan"


def with_words(*names: str, text: str = HOST_PAIRS, **settings: object) -> Table:
    """A lobby seated with `names` whose host pasted their own words (three pairs by default)."""
    table = Table.seated(*names, **settings)
    return table.run(table.host_name, SetHostWords(seq=table.seq, lines=tuple(text.split("\n"))))


def ended(table: Table) -> Table:
    """The game started and played to its end screen: the undercover voted out at once."""
    from undercover.engine.phases.reveal import REVEAL_SECONDS

    table.started()
    (undercover,) = table.with_role(Role.UNDERCOVER)
    table.vote_out(undercover).tick(REVEAL_SECONDS)
    assert table.phase == "ended"
    return table
