"""The room's state, data only: the `Room`, its seats, and the value of each phase.

Everything here is a frozen, JSON-serialisable value and nothing more; what changes a room
lives in the modules that import these (`seats.py`, `phases/*`, `machine.py`), so the state
depends on no rule of the room's own. The room is persisted whole as one JSON document:
`room.model_dump(mode="json")` and `Room.model_validate(data)` round-trip exactly; `format`
is the document's version (`FORMAT_VERSION`), migrated by the store (`hosts/store.py`) when
it changes. Secrets (seat token hashes, the words, roles, the seed) live here; only
`view.view_for` lets state out.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from undercover.engine.dealing import DealtHistory, DealtPair, HostWords
from undercover.engine.settings import RoomSettings
from undercover.rules import Camp, Game

FORMAT_VERSION: Literal[1] = 1

# --- seats -------------------------------------------------------------------------------

RECONNECT_GRACE_SECONDS = 12.0  # a disconnected player's turn waits this long, then is skipped


# How well a bot seat plays (undercover.bots): "débutant", "normal", "malin" in the UI.
Strength = Literal["debutant", "normal", "malin"]


class Seat(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    player_id: str
    nickname: str
    name_key: str
    token_hash: str
    joined: int
    connected: bool = True
    disconnected_since: float | None = None
    absent: bool = False  # disconnected beyond the grace, or gone: skipped and abstaining
    spectator: bool = False  # joined during a game: takes a seat at the next one
    kicked: bool = False
    left: bool = False  # left during a game: the seat is freed at "Rejouer"
    bot: Strength | None = None  # a bot seat (engine/bot_seats.py): no socket, never absent
    avatar: str = ""  # one of AVATARS ("" in rooms saved before avatars)
    color: str = ""  # one of COLORS

    @property
    def grace_ends_at(self) -> float | None:
        """When a disconnected player starts being skipped, while that is still pending."""
        if self.connected or self.absent or self.disconnected_since is None:
            return None
        return self.disconnected_since + RECONNECT_GRACE_SECONDS


# --- phases (phase order: phases/__init__.py) --------------------------------------------


class PhaseValue(BaseModel):
    """What every phase's value declares: its deadlines (`TIMERS`, fields that hold an epoch
    time while that timer runs, else None), which engine/deadlines.py arms and moves."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    TIMERS: ClassVar[tuple[str, ...]] = ()

    def timers(self) -> dict[str, float]:
        """Each running timer's field and when it ends."""
        return {name: at for name in self.TIMERS if (at := getattr(self, name)) is not None}


class Lobby(PhaseValue):
    kind: Literal["lobby"] = "lobby"


class RoleReveal(PhaseValue):
    TIMERS = ("ends_at",)

    kind: Literal["role_reveal"] = "role_reveal"
    confirmed: tuple[str, ...] = ()
    ends_at: float


class Clues(PhaseValue):
    TIMERS = ("ends_at",)

    kind: Literal["clues"] = "clues"
    turn: str  # whose turn the timer runs for: changes on every clue or theme
    ends_at: float | None  # None when the clue timer is off


class Voting(PhaseValue):
    TIMERS = ("ends_at", "grace_ends_at")

    kind: Literal["voting"] = "voting"
    ends_at: float | None  # None when the vote timer is off
    grace_ends_at: float | None = None  # set while every expected ballot is in


class Reveal(PhaseValue):
    TIMERS = ("ends_at",)

    kind: Literal["reveal"] = "reveal"
    eliminated: str
    ends_at: float
    # The elimination itself ended the game: the pause is shown first. A game that a kick
    # ends during the pause ends at once instead.
    ends_game: bool = False


class Guessing(PhaseValue):
    TIMERS = ("ends_at",)

    kind: Literal["guess"] = "guess"
    guesser: str
    ends_at: float


class Ended(PhaseValue):
    kind: Literal["ended"] = "ended"


class ScoreLine(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    player_id: str
    nickname: str
    games: int = 0
    wins: int = 0


class Scoreboard(BaseModel):
    """Wins per player and per camp across the room's games; survives "Rejouer"."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    games: int = 0
    players: tuple[ScoreLine, ...] = ()
    camps: tuple[tuple[str, int], ...] = ()  # (camp, wins), in first-win order


Phase = Annotated[
    Lobby | RoleReveal | Clues | Voting | Reveal | Guessing | Ended, Field(discriminator="kind")
]

# --- what the room keeps beyond its seats and phase --------------------------------------


class BotTurn(BaseModel):
    """What a bot is about to do: `acts_at` None once it considered `situation`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    player_id: str
    situation: str
    acts_at: float | None


class Ghost(BaseModel):
    """A ghost of the current game and its bet (None: no bet on that question)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    player_id: str
    winner: Camp | None = None
    undercover: str | None = None


class PairRatings(BaseModel):
    """The ratings of the pair of game number `game` (the room's `games_started`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: int
    votes: tuple[tuple[str, bool], ...] = ()  # (player id, thumbs up), in first-vote order
    removed: bool = False

    @property
    def up(self) -> int:
        return sum(up for _, up in self.votes)

    @property
    def down(self) -> int:
        return sum(not up for _, up in self.votes)


# --- the room ----------------------------------------------------------------------------


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
