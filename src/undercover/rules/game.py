"""The game value: everything the rules know about one game, immutable and JSON-ready.

A game starts at the first clue round (or theme proposal, in grade mode) and ends with an
outcome. Lobby, timers and connections belong to the room engine, not here.
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from undercover.rules.grades import Grades
from undercover.rules.outcome import Outcome
from undercover.rules.roles import IMPOSTOR_ROLES, PlayerId, Role
from undercover.rules.settings import RuleSettings


class Stage(StrEnum):
    THEME = "theme"  # grade mode: the proposer gives this round's theme
    CLUE = "clue"
    VOTE = "vote"
    GUESS = "guess"  # Mr. White, just eliminated, guesses the civilians' word or grade
    OVER = "over"


class BallotKind(StrEnum):
    FIRST = "first"
    RUNOFF = "runoff"  # restricted to the players tied in the first ballot
    REOPENED = "reopened"  # open to everyone again after a tied runoff


class SkipReason(StrEnum):
    TIMEOUT = "timeout"  # the clue timer ran out: one phantom vote against the speaker
    ABSENT = "absent"  # disconnected beyond the reconnection grace: no penalty
    KICKED = "kicked"


class VoteResult(StrEnum):
    ELIMINATED = "eliminated"
    RUNOFF = "runoff"
    REOPENED = "reopened"
    NULL = "null"  # nobody eliminated: everyone abstained, or the reopened vote tied again
    LOT = "lot"  # the third vote in a row without elimination, decided by lot


class Words(BaseModel):
    """What the theme selection deals in classic mode; the aliases serve Mr. White's guess."""

    model_config = ConfigDict(frozen=True)

    civilian: str
    undercover: str
    civilian_aliases: tuple[str, ...] = ()


class ClueEntry(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["clue"] = "clue"
    cycle: int
    clue_round: int
    player: PlayerId
    text: str | None  # None when skipped
    skipped: SkipReason | None = None


class ThemeEntry(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["theme"] = "theme"
    cycle: int
    clue_round: int
    proposer: PlayerId | None
    theme: str
    fallback: bool


class VoteEntry(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["vote"] = "vote"
    cycle: int
    ballot_kind: BallotKind
    ballots: dict[PlayerId, PlayerId | None]  # missing voter: counted as abstaining
    phantom_votes: dict[PlayerId, int]
    received: dict[PlayerId, int]
    result: VoteResult
    tied: tuple[PlayerId, ...] = ()
    eliminated: PlayerId | None = None


class KickEntry(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["kick"] = "kick"
    cycle: int
    player: PlayerId
    stage: Stage


class GuessEntry(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["guess"] = "guess"
    cycle: int
    player: PlayerId
    text: str | None  # None when the time ran out or he was kicked
    correct: bool


RecapEntry = Annotated[
    ClueEntry | ThemeEntry | VoteEntry | KickEntry | GuessEntry, Field(discriminator="kind")
]


class Game(BaseModel):
    model_config = ConfigDict(frozen=True)

    seed: int
    settings: RuleSettings
    speaking_order: tuple[PlayerId, ...]
    roles: dict[PlayerId, Role]
    words: Words | None
    grades: Grades | None
    alive: tuple[PlayerId, ...]  # in speaking order
    stage: Stage
    cycle: int = 1
    clue_round: int = 1  # counts every clue round of the game
    round_in_cycle: int = 1
    round_speakers: tuple[PlayerId, ...] = ()  # this round's order, fixed at its start
    speaker: PlayerId | None = None
    proposer: PlayerId | None = None
    round_theme: str | None = None
    ballots: dict[PlayerId, PlayerId | None] = Field(default_factory=dict)
    ballot_changes: dict[PlayerId, int] = Field(default_factory=dict)
    candidates: tuple[PlayerId, ...] = ()
    ballot_kind: BallotKind = BallotKind.FIRST
    phantom_votes: dict[PlayerId, int] = Field(default_factory=dict)
    null_votes_in_row: int = 0
    eliminated: tuple[PlayerId, ...] = ()
    kicked: tuple[PlayerId, ...] = ()
    guesser: PlayerId | None = None
    last_vote: VoteEntry | None = None
    recap: tuple[RecapEntry, ...] = ()
    outcome: Outcome | None = None

    def role_of(self, player: PlayerId) -> Role:
        return self.roles[player]

    def word_of(self, player: PlayerId) -> str | None:
        words = self.words
        if words is None:
            return None
        role = self.roles[player]
        if role is Role.MR_WHITE:
            return None
        return words.civilian if role is Role.CIVILIAN else words.undercover

    def grade_of(self, player: PlayerId) -> int | None:
        grades = self.grades
        if grades is None:
            return None
        role = self.roles[player]
        if role is Role.MR_WHITE:
            return None
        return grades.civilian if role is Role.CIVILIAN else grades.undercover

    def is_alive(self, player: PlayerId) -> bool:
        return player in self.alive

    @property
    def is_over(self) -> bool:
        return self.stage is Stage.OVER

    @property
    def mr_white(self) -> PlayerId | None:
        return next((p for p, r in self.roles.items() if r is Role.MR_WHITE), None)

    @property
    def impostors_alive(self) -> int:
        return sum(1 for p in self.alive if self.roles[p] in IMPOSTOR_ROLES)


def sub_rng(seed: int, purpose: str) -> random.Random:
    """An independent, reproducible stream per purpose (str seeds hash the same on every Python)."""
    return random.Random(f"{seed}/{purpose}")
