"""Mr. White's guess after his elimination: the civilians' word (or grade) steals the victory."""

from __future__ import annotations

from undercover.rules.codes import RuleBug, RuleCode
from undercover.rules.errors import player_error, server_error
from undercover.rules.flow import conclude, continue_or_end
from undercover.rules.game import Game, GuessEntry, Stage
from undercover.rules.roles import PlayerId
from undercover.rules.settings import GUESS_MAX_LENGTH
from undercover.rules.text import clean_line, guess_matches, parse_grade


def is_right_guess(game: Game, text: str) -> bool:
    if game.grades is not None:
        grade = parse_grade(text)
        if grade is None:
            raise player_error(
                RuleCode.GUESS_NOT_A_GRADE, "a grade guess is a whole number from 0 to 20"
            )
        return grade == game.grades.civilian
    if game.words is None:
        raise server_error(RuleBug.GUESS_NO_SECRET, "this game has neither words nor grades")
    words = game.words
    return guess_matches(text, words.civilian, words.civilian_aliases, game.settings.word_language)


def guess(game: Game, player: PlayerId, text: str) -> Game:
    """Mr. White's one guess; wrong, the game goes on (or ends) as if he had said nothing."""
    if game.stage is not Stage.GUESS:
        raise player_error(RuleCode.GUESS_NOT_GUESS_TIME, "no guess is awaited now")
    if player != game.guesser:
        raise player_error(RuleCode.GUESS_NOT_GUESSER, "only the eliminated Mr. White may guess")
    cleaned = clean_line(text, field="guess", max_length=GUESS_MAX_LENGTH)
    right = is_right_guess(game, cleaned)
    return _settle(game, cleaned, right)


def skip_guess(game: Game) -> Game:
    """His 60 seconds ran out (or he left): the guess is lost."""
    if game.stage is not Stage.GUESS:
        raise server_error(RuleBug.GUESS_NOTHING_TO_SKIP, "no guess is awaited now")
    return _settle(game, None, False)


def _settle(game: Game, text: str | None, right: bool) -> Game:
    assert game.guesser is not None
    entry = GuessEntry(cycle=game.cycle, player=game.guesser, text=text, correct=right)
    game = game.model_copy(update={"recap": (*game.recap, entry)})
    if right:
        ended = conclude(game, mr_white_guessed=True)
        assert ended is not None  # a right guess always ends the game
        return ended
    return continue_or_end(game)
