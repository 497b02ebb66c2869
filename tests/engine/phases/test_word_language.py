"""The word language: a room setting, set from the creator's interface language, lobby-only."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from tests.engine.content import documents
from tests.engine.table import Table, token_of
from undercover.engine.commands import ConfirmRole, JoinRoom, StartGame, UpdateSettings
from undercover.engine.dealing import Deck
from undercover.engine.errors import Rejected
from undercover.engine.machine import apply
from undercover.engine.settings import SettingsChanges
from undercover.engine.state import Room, new_room
from undercover.engine.view import view_for
from undercover.themes.model import catalog_from_documents


def _english() -> dict[str, Any]:
    """The made-up French franchise again, as an English one with its own id and names."""
    document = documents()[0]
    entries = [
        {**entry, "name": f"{entry['name']}-en", "aliases": []} for entry in document["entries"]
    ]
    return {**document, "id": "school-test", "language": "en", "entries": entries}


DECK = Deck(catalog_from_documents([documents()[0], _english()]))


def _seated(*names: str, lang: str | None = None) -> Room:
    room = new_room("ROOMS", 7, 0.0)
    for index, name in enumerate(names):
        join = JoinRoom(name=name, token=token_of(name), lang=lang if index == 0 else "fr")
        room = apply(room, None, join, 1.0, DECK).room
    return room


def _change(room: Room, actor: str, **changes: Any) -> Room:
    command = UpdateSettings(seq=room.seq, changes=SettingsChanges(**changes))
    return apply(room, actor, command, 1.0, DECK).room


def test_the_creators_interface_language_is_the_default_and_later_joiners_change_nothing() -> None:
    assert _seated("ana", "ben", lang="en").settings.word_language == "en"
    assert _seated("ana", "ben", lang="fr").settings.word_language == "fr"
    assert _seated("ana", "ben").settings.word_language == "fr"  # no language said: French


def test_the_view_shows_the_language_and_the_lobby_offers_only_its_franchises() -> None:
    room = _seated("ana", "ben", lang="en")
    view = view_for(room, "p2", 1.0, DECK)
    assert view["settings"]["word_language"] == "en"
    offered = [f["id"] for category in view["catalog"] for f in category["franchises"]]
    assert offered == ["school-test"]
    french = view_for(_change(room, "p1", word_language="fr"), "p2", 1.0, DECK)
    assert [f["id"] for c in french["catalog"] for f in c["franchises"]] == ["ecole-test"]


def test_only_the_host_changes_it_and_only_to_a_known_language() -> None:
    room = _seated("ana", "ben", lang="fr")
    with pytest.raises(Rejected) as refused:
        _change(room, "p2", word_language="en")
    assert refused.value.code == "room.not_host"
    with pytest.raises(ValidationError):
        SettingsChanges.model_validate({"word_language": "de"})
    assert _change(room, "p1", word_language="en").settings.word_language == "en"


def test_a_franchise_of_the_other_language_is_refused_and_a_switch_forgets_the_old_ones() -> None:
    room = _change(_seated("ana", "ben", lang="fr"), "p1", franchises=("ecole-test",))
    with pytest.raises(Rejected) as refused:
        _change(room, "p1", franchises=("school-test",))
    assert refused.value.code == "settings.invalid"
    switched = _change(room, "p1", word_language="en")
    assert switched.settings.franchises == ()


def test_the_words_are_dealt_in_the_rooms_language() -> None:
    room = _seated("ana", "ben", "cy", lang="en")
    room = apply(room, "p1", StartGame(seq=room.seq), 1.0, DECK).room
    assert room.deal is not None
    assert room.deal.civilian.endswith("-en")
    assert room.deal.undercover.endswith("-en")


def test_the_language_changes_only_in_the_lobby() -> None:
    table = Table.seated("ana", "ben", "cy")
    table.run("ana", StartGame(seq=table.seq))
    for name in table.alive_names:
        table.run(name, ConfirmRole(seq=table.seq))
    change = UpdateSettings(seq=table.seq, changes=SettingsChanges(word_language="en"))
    assert table.rejected("ana", change) == "settings.not_in_lobby"
