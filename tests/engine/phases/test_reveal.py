"""engine/phases/reveal.py: the elimination pause and the reveal setting."""

from __future__ import annotations

from tests.engine.table import Table
from undercover.engine.phases.reveal import REVEAL_SECONDS
from undercover.rules import Role

NAMES = ("ana", "ben", "cy", "dan", "eve")


def test_the_eliminated_card_is_shown_when_the_setting_says_so() -> None:
    table = Table.seated(*NAMES).started()
    civilian = next(n for n in table.with_role(Role.CIVILIAN) if n != "ana")
    table.vote_out(civilian)
    assert table.phase == "reveal"
    card = table.view("ana")["game"]["eliminated"][0]
    assert card == {
        "player_id": table.pid(civilian),
        "role": "civilian",
        "word": table.game.word_of(table.pid(civilian)),
        "grade": None,
    }
    assert table.view("ana")["deadline"] == table.now + REVEAL_SECONDS


def test_the_eliminated_card_stays_hidden_when_the_setting_says_so() -> None:
    table = Table.seated(*NAMES, reveal_on_elimination=False).started()
    civilian = next(n for n in table.with_role(Role.CIVILIAN) if n != "ana")
    table.vote_out(civilian)
    card = table.view("ana")["game"]["eliminated"][0]
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
