"""The game the Worker plays at import (hosts/warm_up.py): it ends, the same every time, and its
in-memory database answers the store's statements as SQLite does."""

from __future__ import annotations

import pytest

from undercover.engine.dealing import Deck
from undercover.engine.state import Ended
from undercover.hosts import store
from undercover.hosts.store import SqliteDatabase
from undercover.hosts.warm_up import MemoryDatabase, warm_up
from undercover.themes.builtin import builtin_catalog

DECK = Deck(builtin_catalog())  # the Worker's own deck: the warm-up must end with it


def test_the_warm_up_game_reaches_its_end_screen() -> None:
    room = warm_up(DECK)
    assert isinstance(room.phase, Ended)
    assert len(room.seats) == 6


def test_the_warm_up_is_the_same_every_time() -> None:
    assert warm_up(DECK) == warm_up(DECK)


def test_the_memory_database_stores_what_sqlite_stores() -> None:
    memory, sqlite = MemoryDatabase(), SqliteDatabase(":memory:")
    warm_up(DECK, memory)
    warm_up(DECK, sqlite)
    assert store.read(memory) == store.read(sqlite)
    assert store.read_revision(memory) == store.read_revision(sqlite)
    assert store.has_tables(memory)
    assert store.has_tables(sqlite)


def test_the_memory_database_refuses_a_statement_it_does_not_know() -> None:
    with pytest.raises(ValueError, match="does not know"):
        MemoryDatabase().execute("DELETE FROM room")
