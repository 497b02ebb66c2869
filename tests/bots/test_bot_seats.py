"""Bot seats in the engine: the host adds and removes them in the lobby, they count like
anyone, are always connected, never host, never keep a room running alone, and their
actions are deadlines the room's single alarm covers."""

from __future__ import annotations

from tests.engine.content import DECK
from tests.engine.table import Table
from undercover.engine import bot_seats, deadlines
from undercover.engine.commands import (
    AddBot,
    BotPlayed,
    Disconnected,
    Leave,
    RemoveBot,
    StartGame,
)
from undercover.engine.machine import apply
from undercover.engine.view import view_for
from undercover.rules import MAX_PLAYERS


def _with_bots(count: int, *names: str) -> Table:
    table = Table.seated(*(names or ("ana",)))
    for _ in range(count):
        table.run(table.host_name, AddBot(seq=table.seq))
    return table


def _start(table: Table) -> None:
    table.run(table.host_name, StartGame(seq=table.seq))


def test_the_host_adds_bots_whose_names_and_view_say_they_are_bots() -> None:
    table = _with_bots(2)
    players = view_for(table.room, "p1", table.now, DECK)["players"]
    assert [(p["nickname"], p["bot"], p["connected"]) for p in players] == [
        ("ana", None, True),
        ("Bot Ada", "normal", True),
        ("Bot Basile", "normal", True),
    ]
    assert view_for(table.room, "p1", table.now, DECK)["composition"] is not None  # 3 count as 3


def test_only_the_host_adds_or_removes_a_bot_and_only_in_the_lobby() -> None:
    table = _with_bots(1, "ana", "ben")
    assert table.rejected("ben", AddBot(seq=table.seq)) == "room.not_host"
    # A person is kicked, not removed as a bot.
    assert table.rejected("ana", RemoveBot(seq=table.seq, player_id="p2")) == "bot.unknown"
    _start(table)
    assert table.rejected("ana", AddBot(seq=table.seq)) == "bot.not_in_lobby"


def test_removing_a_bot_frees_its_place() -> None:
    table = _with_bots(2)
    table.run("ana", RemoveBot(seq=table.seq, player_id="p2"))
    assert [s.nickname for s in table.room.seats] == ["ana", "Bot Basile"]


def test_bots_fill_the_table_up_to_its_limit() -> None:
    table = _with_bots(MAX_PLAYERS - 1)
    assert table.rejected("ana", AddBot(seq=table.seq)) == "room.full"


def test_bots_alone_do_not_keep_a_room_running_nor_become_host() -> None:
    table = _with_bots(3, "ana")
    _start(table)
    table.run(None, Disconnected(player_id="p1"))
    assert table.room.paused_at is not None
    assert deadlines.next_deadline(table.room) == table.now + deadlines.IDLE_CLEANUP_SECONDS
    table.tick(60)
    assert table.room.host == "p1"  # no human took it: the bots do not


def test_a_bot_acts_at_a_deadline_a_few_seconds_away_and_then_waits() -> None:
    table = _with_bots(3)
    _start(table)
    turns = table.room.bot_turns
    assert [t.player_id for t in turns] == ["p2", "p3", "p4"]  # three cards to confirm
    assert all(table.now + 1 <= (t.acts_at or 0) <= table.now + 5 for t in turns)
    assert deadlines.next_deadline(table.room) == min(t.acts_at or 0 for t in turns)
    # A bot that passes has nothing pending until its situation changes: no spinning alarm.
    room = apply(table.room, None, BotPlayed(player_id="p2"), table.now + 5, DECK).room
    assert next(t for t in room.bot_turns if t.player_id == "p2").acts_at is None


def test_a_bot_seat_cannot_be_played_by_a_person() -> None:
    table = _with_bots(1)
    assert table.rejected(None, BotPlayed(player_id="p1")) == "bot.unknown"
    assert bot_seats.is_bot(table.room, "p2")


def test_when_the_last_person_leaves_the_lobby_the_room_pauses() -> None:
    table = _with_bots(2)
    table.run("ana", Leave())
    assert table.room.paused_at is not None
