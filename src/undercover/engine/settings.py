"""Room settings: the rules' `RuleSettings` plus the word-dealing choices and the lock.

Changed only by the host, only in the lobby (the lock at any time); every change is
validated by building a new value, so an out-of-range change is refused whole.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from undercover.engine.errors import RejectCode, Rejected
from undercover.rules import Mode, RuleSettings, WordLanguage

Similarity = Literal["none", "close", "very_close"]

NAME_LIST_MAX = 50  # themes or franchises selected at once
ID_MAX_LENGTH = 60


class RoomSettings(BaseModel):
    """Everything the host sets up; all of it is public (shown read-only to the others)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rules: RuleSettings = RuleSettings()
    themes: tuple[str, ...] = ()  # theme categories; empty = all
    franchises: tuple[str, ...] = ()  # sub-category filter; empty = every franchise
    family_safe: bool = True
    similarity: Similarity = "very_close"
    attribute_variant: bool = False
    locked: bool = False
    streamer: bool = False  # the board hides the code and the link (a join QR on request)

    @property
    def word_language(self) -> WordLanguage:
        return self.rules.word_language


class SettingsChanges(BaseModel):
    """A partial update from the host: every field left out (None) keeps its value."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Mode | None = None
    mr_white: bool | None = None
    grade_gap: int | None = None
    clue_rounds_per_vote: int | None = None
    clue_timer: bool | None = None
    clue_seconds: int | None = None
    vote_timer: bool | None = None
    vote_seconds: int | None = None
    reveal_on_elimination: bool | None = None
    reveal_word: bool | None = None
    themes: tuple[str, ...] | None = Field(default=None, max_length=NAME_LIST_MAX)
    franchises: tuple[str, ...] | None = Field(default=None, max_length=NAME_LIST_MAX)
    family_safe: bool | None = None
    word_language: WordLanguage | None = None
    similarity: Similarity | None = None
    attribute_variant: bool | None = None
    streamer: bool | None = None


_ROOM_FIELDS = frozenset(
    {
        "themes",
        "franchises",
        "family_safe",
        "similarity",
        "attribute_variant",
        "streamer",
    }
)


def apply_changes(settings: RoomSettings, changes: SettingsChanges) -> RoomSettings:
    """Return the settings with `changes` applied; raises Rejected("settings.invalid")."""
    given: dict[str, Any] = changes.model_dump(exclude_none=True)
    rule_changes = {k: v for k, v in given.items() if k not in _ROOM_FIELDS}
    room_changes = {k: v for k, v in given.items() if k in _ROOM_FIELDS}
    for key in ("themes", "franchises"):
        names = room_changes.get(key)
        if names is not None:
            if any(not name or len(name) > ID_MAX_LENGTH for name in names):
                raise Rejected(RejectCode.SETTINGS_INVALID, key)
            room_changes[key] = tuple(dict.fromkeys(names))
    language = rule_changes.get("word_language", settings.word_language)
    if language != settings.word_language and "franchises" not in room_changes:
        room_changes["franchises"] = ()  # each language has its own franchises
    try:
        rules = RuleSettings.model_validate(settings.rules.model_dump() | rule_changes)
        return settings.model_copy(update={"rules": rules, **room_changes})
    except ValidationError as error:
        raise Rejected(RejectCode.SETTINGS_INVALID, str(error.errors()[0]["loc"])) from error
