"""The `Room`: everything about one room, as one frozen, JSON-serialisable value.

Persisted whole as one JSON document: `room.model_dump(mode="json")` and
`Room.model_validate(data)` round-trip exactly; `format` is the document's version
(`FORMAT_VERSION`), to be migrated by the store when it changes. Secrets (seat token
hashes, the words, roles, the seed) live here; only `view.view_for` lets state out.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from undercover.engine.bot_seats import BotTurn
from undercover.engine.dealing import DealtHistory, DealtPair, HostWords
from undercover.engine.ghosts import Ghost
from undercover.engine.host_words import PairRatings
from undercover.engine.phases.clues import Clues
from undercover.engine.phases.ended import Ended, Scoreboard
from undercover.engine.phases.guess import Guessing
from undercover.engine.phases.lobby import Lobby
from undercover.engine.phases.reveal import Reveal
from undercover.engine.phases.role_reveal import RoleReveal
from undercover.engine.phases.voting import Voting
from undercover.engine.seats import Seat
from undercover.engine.settings import RoomSettings
from undercover.rules import Game

FORMAT_VERSION: Literal[1] = 1

Phase = Annotated[
    Lobby | RoleReveal | Clues | Voting | Reveal | Guessing | Ended, Field(discriminator="kind")
]


class Room(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal[1] = FORMAT_VERSION
    code: str
    seed: int  # the room's secret seed; each game's seed derives from it and `games_started`
    games_started: int = 0
    seats: tuple[Seat, ...] = ()
    seats_created: int = 0  # player ids are "p1", "p2", … in join order, never reused
    host: str | None = None
    banned: tuple[str, ...] = ()  # token hashes of kicked seats
    settings: RoomSettings = RoomSettings()
    phase: Phase = Lobby()
    seq: int = 0  # incremented on every phase change
    game: Game | None = None
    deal: DealtPair | None = None
    history: DealtHistory = DealtHistory()
    host_words: HostWords | None = None  # the host's own words, dealt instead of the themes
    removed_pairs: tuple[tuple[str, str], ...] = ()  # voted out by the players (pair ids)
    ratings: PairRatings | None = None  # of the last game's pair
    scoreboard: Scoreboard = Scoreboard()
    bot_turns: tuple[BotTurn, ...] = ()  # each bot's pending action (engine/bot_seats.py)
    ghosts: tuple[Ghost, ...] = ()  # of the game in progress (engine/ghosts.py)
    paused_at: float | None  # set while nobody is connected: deadlines are frozen
    last_activity: float


def new_room(code: str, seed: int, now: float) -> Room:
    """An empty room (in the lobby, paused until someone joins).

    >>> new_room("ABCDE", seed=7, now=0.0).phase.kind
    'lobby'
    """
    return Room(code=code, seed=seed, paused_at=now, last_activity=now)
