"""engine/state.py: the room is one JSON document; rebuilding it changes nothing."""

from __future__ import annotations

import json

import pytest

from tests.engine.content import DECK
from tests.engine.table import PHASES, Table
from undercover.engine.deadlines import next_deadline
from undercover.engine.state import FORMAT_VERSION, Room, new_room
from undercover.engine.view import view_for


@pytest.mark.parametrize("phase", PHASES)
def test_a_room_rebuilt_from_json_gives_the_same_views_and_deadline(phase: str) -> None:
    table = Table.at(phase).disconnect("eve")
    document = json.dumps(table.room.model_dump(mode="json"))
    rebuilt = Room.model_validate(json.loads(document))
    assert rebuilt == table.room
    assert next_deadline(rebuilt) == next_deadline(table.room)
    for seat in table.room.seats:
        viewer = seat.player_id
        assert view_for(rebuilt, viewer, table.now, DECK) == view_for(
            table.room, viewer, table.now, DECK
        )


def test_the_document_carries_its_format_version() -> None:
    assert new_room("ABCDE", 1, 0.0).model_dump(mode="json")["format"] == FORMAT_VERSION


def test_seat_tokens_are_not_in_the_document() -> None:
    table = Table.at("clues")
    document = json.dumps(table.room.model_dump(mode="json"))
    assert "seat-token-of-" not in document
