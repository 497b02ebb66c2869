"""Spectators watch: alone they neither keep a game running nor take the host's crown."""

from undercover.engine.state import RECONNECT_GRACE_SECONDS

from .table import NAMES, Table


def everyone_away(table: Table) -> Table:
    for name in NAMES:
        table.disconnect(name)
    return table


def test_a_spectator_alone_does_not_keep_the_game_running() -> None:
    table = Table.at("clues").join("zoe")
    speaker, rounds = table.speaker, table.game.clue_round
    everyone_away(table).tick(10 * RECONNECT_GRACE_SECONDS)
    assert table.view("zoe")["paused"]
    assert (table.speaker, table.game.clue_round) == (speaker, rounds)


def test_a_spectator_joining_does_not_unpause_an_empty_game() -> None:
    table = everyone_away(Table.at("voting")).join("zoe")
    assert table.view("zoe")["paused"]


def test_a_spectator_never_becomes_host() -> None:
    table = Table.at("clues").join("zoe")
    host = table.view("zoe")["host"]
    everyone_away(table).tick(10 * RECONNECT_GRACE_SECONDS)
    assert table.view("zoe")["host"] == host
    table.connect("cy").tick(RECONNECT_GRACE_SECONDS)
    assert table.view("zoe")["host"] == table.pid("cy")


def test_an_eliminated_player_alone_does_not_keep_the_game_running() -> None:
    table = Table.at("reveal")
    out = table.name(table.game.eliminated[0])
    for name in NAMES:
        if name != out:
            table.disconnect(name)
    table.tick(RECONNECT_GRACE_SECONDS)
    assert table.view(out)["paused"]
