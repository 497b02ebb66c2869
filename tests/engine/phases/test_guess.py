"""engine/phases/guess.py: Mr. White's last chance."""

from __future__ import annotations

from typing import Any

from tests.engine.table import Table
from undercover.engine.commands import Guess
from undercover.engine.phases.reveal import REVEAL_SECONDS
from undercover.engine.state import RECONNECT_GRACE_SECONDS
from undercover.rules import MR_WHITE_GUESS_SECONDS, Role

NAMES = ("ana", "ben", "cy", "dan", "eve")


def guessing(**settings: Any) -> tuple[Table, str]:
    table = Table.seated(*NAMES, mr_white=True, **settings).started()
    (mr_white,) = table.with_role(Role.MR_WHITE)
    table.vote_out(mr_white).tick(REVEAL_SECONDS)
    assert table.phase == "guess"
    return table, mr_white


def test_a_right_guess_steals_the_victory() -> None:
    table, mr_white = guessing()
    assert table.view("ana")["guesser"] == table.pid(mr_white)
    assert table.view("ana")["deadline"] == table.now + MR_WHITE_GUESS_SECONDS
    other = next(n for n in NAMES if n != mr_white)
    assert table.rejected(other, Guess(seq=table.seq, text="x")) != ""
    word = table.game.words.civilian if table.game.words else ""
    table.guess(mr_white, word.upper())
    assert table.phase == "ended"
    assert table.view("ana")["game"]["outcome"]["winners"] == ["mr_white"]


def test_a_wrong_guess_lets_the_game_go_on() -> None:
    table, mr_white = guessing()
    table.guess(mr_white, "certainement pas")
    assert table.phase == "clues"  # 3 civilians and 1 undercover are left
    assert table.view("ana")["game"]["outcome"] is None


def test_the_time_runs_out() -> None:
    table, _ = guessing()
    table.tick(MR_WHITE_GUESS_SECONDS)
    assert table.phase == "clues"
    guesses = [e for e in table.view("ana")["game"]["recap"] if e["kind"] == "guess"]
    assert guesses[0]["text"] is None


def test_an_absent_mr_white_loses_his_chance_after_the_grace() -> None:
    table, mr_white = guessing()
    table.disconnect(mr_white).tick(RECONNECT_GRACE_SECONDS)
    assert table.phase == "clues"


def test_grade_mode_guess_is_the_civilian_grade() -> None:
    table, mr_white = guessing(mode="grade")
    assert table.game.grades is not None
    table.guess(mr_white, str(table.game.grades.civilian))
    assert table.view("ana")["game"]["outcome"]["winners"] == ["mr_white"]


def test_kicking_the_last_undercover_during_the_guess_ends_the_game_at_once() -> None:
    table = Table.at("guess")
    (undercover,) = table.with_role(Role.UNDERCOVER)
    table.kick(undercover)
    assert table.phase == "ended"
    assert table.view("ana")["game"]["outcome"]["winners"] == ["civilians"]
