"""engine/phases/lobby.py: settings, starting, leaving."""

from __future__ import annotations

import pytest

from tests.engine.table import Table
from undercover.engine.commands import StartGame, UpdateSettings
from undercover.engine.settings import SettingsChanges


def test_first_joiner_hosts_and_lobby_shows_the_composition() -> None:
    table = Table.seated("ana", "ben", "cy")
    view = table.view("ben")
    assert view["host"] == table.pid("ana")
    assert view["phase"] == "lobby"
    assert view["composition"] == {"civilians": 2, "undercovers": 1, "mr_white": 0}


def test_composition_follows_player_count_and_mr_white() -> None:
    table = Table.seated("ana", "ben", "cy", "dan", "eve", "fay", "gus", mr_white=True)
    assert table.view("ana")["composition"] == {"civilians": 4, "undercovers": 2, "mr_white": 1}
    assert Table.seated("ana", "ben").view("ana")["composition"] is None


def test_only_the_host_starts_and_only_with_enough_players() -> None:
    table = Table.seated("ana", "ben", "cy")
    assert table.rejected("ben", StartGame(seq=table.seq)) == "room.not_host"
    assert Table.seated("ana", "ben").rejected("ana", StartGame(seq=0)) == "start.player_count"


def test_an_impossible_composition_is_refused_not_changed() -> None:
    table = Table.seated("ana", "ben", "cy", "dan", mr_white=True)
    assert table.rejected("ana", StartGame(seq=table.seq)) == "game.mr_white_too_few"


def test_start_deals_every_player_in_the_same_step() -> None:
    table = Table.seated("ana", "ben", "cy", "dan")
    table.run("ana", StartGame(seq=table.seq))
    assert table.phase == "role_reveal"
    kinds = {table.view(name)["me"]["secret"]["kind"] for name in ("ana", "ben", "cy", "dan")}
    assert kinds == {"word"}


def test_settings_are_host_only_and_validated() -> None:
    table = Table.seated("ana", "ben", "cy")
    change = UpdateSettings(seq=table.seq, changes=SettingsChanges(clue_seconds=45))
    assert table.rejected("ben", change) == "room.not_host"
    table.run("ana", change)
    assert table.view("ben")["settings"]["clue_seconds"] == 45
    too_long = UpdateSettings(seq=table.seq, changes=SettingsChanges(clue_seconds=91))
    assert table.rejected("ana", too_long) == "settings.invalid"
    assert table.room.settings.rules.clue_seconds == 45


@pytest.mark.parametrize(
    "changes",
    [
        SettingsChanges(grade_gap=0),
        SettingsChanges(grade_gap=21),
        SettingsChanges(clue_rounds_per_vote=6),
        SettingsChanges(vote_seconds=29),
        SettingsChanges(vote_seconds=181),
        SettingsChanges(themes=("",)),
    ],
)
def test_out_of_range_settings_are_refused(changes: SettingsChanges) -> None:
    table = Table.seated("ana", "ben", "cy")
    assert (
        table.rejected("ana", UpdateSettings(seq=table.seq, changes=changes)) == "settings.invalid"
    )


def test_settings_cannot_change_once_the_game_started() -> None:
    table = Table.seated("ana", "ben", "cy").started()
    change = UpdateSettings(seq=table.seq, changes=SettingsChanges(mr_white=True))
    assert table.rejected("ana", change) == "settings.not_in_lobby"


def test_leaving_the_lobby_frees_the_seat_and_the_name() -> None:
    table = Table.seated("ana", "ben", "cy").leave("ben")
    assert [p["nickname"] for p in table.view("ana")["players"]] == ["ana", "cy"]
    table.join("BEN")
    assert table.view("ana")["composition"] == {"civilians": 2, "undercovers": 1, "mr_white": 0}


def test_the_lobby_shows_what_similarity_the_themes_deliver() -> None:
    table = Table.seated("ana", "ben", "cy", similarity="very_close")
    shown = table.view("cy")["similarity"]
    assert shown["requested"] == "very_close"
    assert shown["available"] in ("none", "close", "very_close")
    assert shown["error"] is None
    unknown = SettingsChanges(themes=("no-such-category",))
    assert table.rejected("ana", UpdateSettings(seq=table.seq, changes=unknown)) == (
        "settings.invalid"
    )
    assert table.view("cy")["settings"]["themes"] == []
