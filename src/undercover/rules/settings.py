"""The host's game settings with their ranges and defaults, and the rules' fixed durations."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

MIN_PLAYERS = 3
MAX_PLAYERS = 20
MR_WHITE_MIN_PLAYERS = 5
UNDERCOVER_PAIR_FROM_PLAYERS = 7  # 1 undercover below this count, 2 from it on

CLUE_MAX_LENGTH = 60
THEME_MAX_LENGTH = 60
GUESS_MAX_LENGTH = 60
MR_WHITE_GUESS_SECONDS = 60
VOTE_GRACE_SECONDS = 4  # after the last ballot, so that a hasty voter can still change their mind
MAX_BALLOT_CHANGES = 10  # per voter and per ballot: keeps every game's input count bounded
NULL_VOTES_BEFORE_LOT = 2  # a third vote in a row without elimination is decided by lot
# ... among the players who received a vote in those votes; if nobody did, the impostors win.

GRADE_MIN = 0
GRADE_MAX = 20


# The language of the words: what is dealt, what the clue checks and Mr. White's guess read,
# grade mode's built-in prompts and the bots' clues. Each player's interface language is theirs.
WordLanguage = Literal["fr", "en"]
WORD_LANGUAGES: tuple[WordLanguage, ...] = ("fr", "en")


class Mode(StrEnum):
    CLASSIC = "classic"
    GRADE = "grade"


class RuleSettings(BaseModel):
    """What the host may set before a game; pydantic enforces each range."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Mode = Mode.CLASSIC
    word_language: WordLanguage = "fr"
    mr_white: bool = False
    grade_gap: int = Field(default=5, ge=1, le=GRADE_MAX - GRADE_MIN)
    clue_rounds_per_vote: int = Field(default=1, ge=1, le=5)
    clue_timer: bool = True
    clue_seconds: int = Field(default=60, ge=30, le=90)
    vote_timer: bool = True
    vote_seconds: int = Field(default=90, ge=30, le=180)
    reveal_on_elimination: bool = True  # the eliminated player's role is shown to everyone
    # ...and their word (or grade) too: off by default, since a civilian's word shown to the
    # table turns Mr. White's later guess into a formality.
    reveal_word: bool = False
