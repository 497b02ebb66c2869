import pytest

from undercover.rules import (
    Camp,
    Mode,
    RuleViolation,
    Stage,
    cast_ballot,
    close_vote,
    guess,
    skip_guess,
    skip_theme,
)
from undercover.rules.game import Game

from .table import clue_all, table


def eliminate_white(game: Game) -> Game:
    game = clue_all(game)
    for voter in game.alive:
        if voter != "w":
            game = cast_ballot(game, voter, "w")
    return close_vote(game)


def test_eliminated_mr_white_gets_his_guess_before_anything_else() -> None:
    game = eliminate_white(table("Ca Cb Cc Ud Ww"))
    assert game.stage is Stage.GUESS
    assert game.guesser == "w"


@pytest.mark.parametrize("text", ["dark vador", "  DARK-VADOR ", "Darth Vader"])
def test_right_word_steals_the_victory(text: str) -> None:
    game = guess(eliminate_white(table("Ca Cb Cc Ud Ww")), "w", text)
    assert game.outcome is not None
    assert game.outcome.winners == (Camp.MR_WHITE,)


def test_wrong_word_lets_the_game_go_on() -> None:
    game = guess(eliminate_white(table("Ca Cb Cc Ud Ww")), "w", "Kylo Ren")
    assert game.outcome is None
    assert game.stage is Stage.CLUE
    assert game.cycle == 2
    assert game.recap[-1].correct is False  # type: ignore[union-attr]


def test_wrong_guess_with_no_undercover_left_gives_the_civilians_the_win() -> None:
    game = eliminate_white(table("Ca Cb Cc Cd Ww"))
    game = guess(game, "w", "Yoda")
    assert game.outcome is not None
    assert game.outcome.winners == (Camp.CIVILIANS,)


def test_timeout_loses_the_guess() -> None:
    game = skip_guess(eliminate_white(table("Ca Cb Cc Ud Ww")))
    assert game.stage is Stage.CLUE
    assert game.recap[-1].text is None  # type: ignore[union-attr]


def test_only_mr_white_guesses() -> None:
    game = eliminate_white(table("Ca Cb Cc Ud Ww"))
    with pytest.raises(RuleViolation) as error:
        guess(game, "a", "dark vador")
    assert error.value.code == "guess.not_guesser"


def test_grade_guess_is_exact() -> None:
    game = eliminate_white(skip_theme(table("Ca Cb Cc Ud Ww", mode=Mode.GRADE)))
    assert game.grades is not None
    right = game.grades.civilian
    assert guess(game, "w", str((right + 1) % 21)).outcome is None
    assert guess(game, "w", str(game.grades.undercover)).outcome is None
    assert guess(game, "w", f" {right} ").outcome is not None


def test_a_grade_guess_that_is_not_a_number_can_be_retried() -> None:
    game = eliminate_white(skip_theme(table("Ca Cb Cc Ud Ww", mode=Mode.GRADE)))
    with pytest.raises(RuleViolation) as error:
        guess(game, "w", "douze")
    assert error.value.code == "guess.not_a_grade"
    assert game.stage is Stage.GUESS
