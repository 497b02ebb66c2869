"""engine/view.py: the only exit; same keys for every role, no secret for spectators."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.engine.content import DECK
from tests.engine.table import PHASES, Table
from undercover.engine.view import private_part, public_view, view_for
from undercover.rules import Role
from undercover.wire.frames import render_views


def key_paths(value: Any, prefix: str = "") -> set[str]:
    """Every key path of the dict parts (list items merged), e.g. "me.secret.kind"."""
    paths: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            paths.add(prefix + key)
            paths |= key_paths(item, prefix + key + ".")
    elif isinstance(value, list):
        for item in value:
            paths |= key_paths(item, prefix + "[].")
    return paths


@pytest.mark.parametrize("phase", PHASES)
def test_every_viewer_gets_the_same_keys_whatever_their_role(phase: str) -> None:
    table = Table.at(phase).join("zoe")
    viewers = [seat.player_id for seat in table.room.seats] + [None, "p404"]
    shapes = {frozenset(key_paths(view_for(table.room, v, table.now, DECK))) for v in viewers}
    assert len(shapes) == 1


def test_civilians_and_undercovers_are_not_told_which_they_are() -> None:
    table = Table.at("clues")
    (civilian, *_), (undercover,) = table.with_role(Role.CIVILIAN), table.with_role(Role.UNDERCOVER)
    for name in (civilian, undercover):
        me = table.view(name)["me"]
        assert me["secret"]["kind"] == "word"
        assert me["secret"]["value"] == table.game.word_of(table.pid(name))
    (mr_white,) = table.with_role(Role.MR_WHITE)
    assert table.view(mr_white)["me"]["secret"] == {"kind": "mr_white", "value": None}


def test_grade_mode_shows_only_ones_own_grade() -> None:
    table = Table.seated("ana", "ben", "cy", "dan", mode="grade", grade_gap=7).started()
    grades = table.game.grades
    assert grades is not None
    for name in ("ana", "ben", "cy", "dan"):
        secret = table.view(name)["me"]["secret"]
        assert secret == {"kind": "grade", "value": table.game.grade_of(table.pid(name))}


@pytest.mark.parametrize("phase", PHASES[1:-1])
def test_spectators_and_outsiders_get_no_secret(phase: str) -> None:
    table = Table.at(phase).join("zoe")
    words = table.game.words
    assert words is not None
    for viewer in ("zoe", None):
        view = table.view(viewer)
        assert view["me"]["secret"] == {"kind": None, "value": None}
        text = json.dumps(view, ensure_ascii=False)
        hidden = [words.civilian, words.undercover]
        revealed = {card["word"] for card in view["game"]["eliminated"]}
        assert not [word for word in hidden if word in text and word not in revealed]


def test_eliminated_players_keep_their_own_card_and_nothing_more() -> None:
    table = Table.at("reveal").tick(10)
    eliminated = table.name(table.game.eliminated[0])
    me = table.view(eliminated)["me"]
    assert me["status"] == "eliminated"
    assert me["secret"]["value"] == table.game.word_of(table.pid(eliminated))


@pytest.mark.parametrize("phase", PHASES)
def test_rendered_views_are_the_views(phase: str) -> None:
    table = Table.at(phase).join("zoe")
    viewers = [seat.player_id for seat in table.room.seats] + [None]
    rendered = render_views(table.room, viewers, table.now, DECK)
    for viewer in viewers:
        assert json.loads(rendered[viewer]) == view_for(table.room, viewer, table.now, DECK)


def test_the_public_part_is_the_same_for_everyone() -> None:
    table = Table.at("voting")
    view = view_for(table.room, table.pid("ben"), table.now, DECK)
    assert {k: v for k, v in view.items() if k != "me"} == public_view(table.room, table.now, DECK)
    assert view["me"] == private_part(table.room, table.pid("ben"))


def test_the_server_time_is_in_every_view() -> None:
    table = Table.at("lobby")
    assert table.view("ana")["now"] == table.now
