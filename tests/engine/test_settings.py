"""engine/settings.py: partial, validated changes."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from undercover.engine.errors import Rejected
from undercover.engine.settings import RoomSettings, SettingsChanges, apply_changes
from undercover.rules import Mode


def test_a_change_keeps_everything_it_does_not_name() -> None:
    settings = apply_changes(RoomSettings(), SettingsChanges(mode=Mode.GRADE, grade_gap=3))
    assert (settings.rules.mode, settings.rules.grade_gap) == (Mode.GRADE, 3)
    assert settings.rules.clue_seconds == RoomSettings().rules.clue_seconds
    again = apply_changes(settings, SettingsChanges(family_safe=False))
    assert (again.rules.grade_gap, again.family_safe) == (3, False)


def test_theme_lists_lose_their_repeats() -> None:
    changes = SettingsChanges(themes=("films", "films", "animes"))
    assert apply_changes(RoomSettings(), changes).themes == ("films", "animes")


def test_an_invalid_change_is_refused_whole() -> None:
    with pytest.raises(Rejected) as caught:
        apply_changes(RoomSettings(), SettingsChanges(grade_gap=3, clue_seconds=5))
    assert caught.value.code == "settings.invalid"


def test_unknown_fields_and_the_lock_are_not_settings_changes() -> None:
    with pytest.raises(ValidationError):
        SettingsChanges.model_validate({"locked": True})
    with pytest.raises(ValidationError):
        SettingsChanges.model_validate({"clue_secs": 40})
