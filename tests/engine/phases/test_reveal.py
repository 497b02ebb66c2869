"""engine/phases/reveal.py: the elimination pause and the reveal setting."""

from __future__ import annotations

from tests.engine.table import Table
from undercover.engine.phases.reveal import REVEAL_SECONDS
from undercover.rules import Role

NAMES = ("ana", "ben", "cy", "dan", "eve")


def eliminated_card(**settings: bool) -> tuple[Table, str, dict[str, object]]:
    table = Table.seated(*NAMES, **settings).started()
    civilian = next(n for n in table.with_role(Role.CIVILIAN) if n != "ana")
    table.vote_out(civilian)
    assert table.phase == "reveal"
    return table, civilian, table.view("ana")["game"]["eliminated"][0]


def test_by_default_the_role_is_revealed_but_not_the_word() -> None:
    # The civilians' word shown to everyone would make Mr. White's guess a formality.
    table, civilian, card = eliminated_card()
    assert card == {
        "player_id": table.pid(civilian),
        "role": "civilian",
        "word": None,
        "grade": None,
    }
    assert table.view("ana")["deadline"] == table.now + REVEAL_SECONDS


def test_the_word_is_revealed_too_when_the_host_chooses_it() -> None:
    table, civilian, card = eliminated_card(reveal_word=True)
    assert card == {
        "player_id": table.pid(civilian),
        "role": "civilian",
        "word": table.game.word_of(table.pid(civilian)),
        "grade": None,
    }


def test_the_grade_follows_the_word_setting() -> None:
    for reveal_word in (False, True):
        table = Table.seated(*NAMES, mode="grade", reveal_word=reveal_word).started()
        civilian = next(n for n in table.with_role(Role.CIVILIAN) if n != "ana")
        table.vote_out(civilian)
        card = table.view("ana")["game"]["eliminated"][0]
        shown = table.game.grade_of(table.pid(civilian)) if reveal_word else None
        assert (card["role"], card["grade"]) == ("civilian", shown)


def test_hide_both_hides_the_role_and_the_word() -> None:
    for reveal_word in (False, True):
        table, civilian, card = eliminated_card(
            reveal_on_elimination=False, reveal_word=reveal_word
        )
        assert card == {"player_id": table.pid(civilian), "role": None, "word": None, "grade": None}


def test_the_pause_ends_into_the_next_clue_round_with_a_new_phase() -> None:
    table = Table.seated(*NAMES).started()
    civilian = next(n for n in table.with_role(Role.CIVILIAN) if n != "ana")
    table.vote_out(civilian)
    seq = table.seq
    table.tick(REVEAL_SECONDS - 0.5)
    assert table.phase == "reveal"
    table.tick(0.5)
    assert (table.phase, table.seq) == ("clues", seq + 1)
    assert table.view(civilian)["me"]["status"] == "eliminated"


def test_voting_out_the_last_impostor_ends_the_game_after_the_pause() -> None:
    table = Table.seated("ana", "ben", "cy", "dan").started()
    (undercover,) = table.with_role(Role.UNDERCOVER)
    table.vote_out(undercover).tick(REVEAL_SECONDS)
    assert table.phase == "ended"
    assert table.view("ana")["game"]["outcome"]["winners"] == ["civilians"]


def test_a_kick_that_ends_the_game_during_the_pause_ends_it_at_once() -> None:
    table = Table.seated(*NAMES).started()
    civilian = next(n for n in table.with_role(Role.CIVILIAN) if n != "ana")
    table.vote_out(civilian)
    assert table.phase == "reveal"
    (undercover,) = table.with_role(Role.UNDERCOVER)
    table.kick(undercover)
    assert table.phase == "ended"
    assert table.view("ana")["game"]["outcome"]["winners"] == ["civilians"]


def test_a_kick_during_the_pause_that_leaves_the_game_open_keeps_the_pause() -> None:
    table = Table.seated(*NAMES).started()
    civilians = [n for n in table.with_role(Role.CIVILIAN) if n != "ana"]
    table.vote_out(civilians[0]).kick(civilians[1])
    assert table.phase == "reveal"
    table.tick(REVEAL_SECONDS)
    assert table.phase == "clues"
