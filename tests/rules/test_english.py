"""Words in English: the clue check, Mr. White's guess and grade mode's prompts read the room's
word language (articles "the/a/an", English plurals), French rooms keep their own rules."""

from __future__ import annotations

import pytest

from undercover.rules import Camp, Mode, Words, guess, skip_theme
from undercover.rules.prompts import ENGLISH_PROMPTS, THEME_PROMPTS
from undercover.rules.text import clue_contains, clue_states_grade, guess_matches

from .table import table
from .test_guess import eliminate_white


@pytest.mark.parametrize(
    ("clue", "word", "aliases"),
    [
        ("Hulk smash", "The Hulk", ()),
        ("the hulk is green", "Hulk", ()),
        ("THE HULK!", "Hulk", ("Bruce Banner",)),
        ("bruce banner's lab", "Hulk", ("Bruce Banner",)),
        ("two boxes", "Box", ()),
        ("wild berries", "Berry", ()),
        ("a berry", "Berries", ()),
        ("sharp knives", "Knife", ()),
        ("three blind mice", "Mouse", ()),
        ("an apple a day", "Apple", ()),
        ("Pokemon cards", "Pokémon", ()),
        ("the millennium falcons", "Millennium Falcon", ()),
    ],
)
def test_an_english_clue_holding_the_word_is_caught(
    clue: str, word: str, aliases: tuple[str, ...]
) -> None:
    assert clue_contains(clue, word, aliases, "en")


@pytest.mark.parametrize(
    ("clue", "word"),
    [
        ("green giant", "The Hulk"),
        ("a boxing match", "Box"),
        ("pineapple", "Apple"),
        ("the end", "The End"),  # only an article: the whole name is the word
    ],
)
def test_an_english_clue_without_the_word_passes(clue: str, word: str) -> None:
    assert clue_contains(clue, word, (), "en") is (clue == "the end")


@pytest.mark.parametrize(
    "typed",
    ["the hulk", "Hulk", "  HULK ", "a Hulk", "an hulk", "Bruce Banner", "the Bruce-Banner"],
)
def test_an_english_guess_forgives_articles_case_and_punctuation(typed: str) -> None:
    assert guess_matches(typed, "The Hulk", ("Bruce Banner",), "en")


@pytest.mark.parametrize("typed", ["hulks", "the thing", "hulk banner", ""])
def test_an_english_guess_is_strict_otherwise(typed: str) -> None:
    assert not guess_matches(typed, "The Hulk", ("Bruce Banner",), "en")


def test_french_articles_stay_french_and_english_ones_stay_english() -> None:
    assert guess_matches("le hulk", "Hulk", (), "fr")
    assert not guess_matches("le hulk", "Hulk", (), "en")
    assert not guess_matches("a la plage", "La plage", (), "fr")  # "a" is no French article
    assert clue_contains("des chevaux", "Cheval", (), "fr")


def test_mr_white_guessing_in_english_steals_the_victory() -> None:
    words = Words(civilian="Millennium Falcon", undercover="X-wing", civilian_aliases=("Falcon",))
    game = table("Ca Cb Cc Ud Ww", word_language="en").model_copy(update={"words": words})
    ended = guess(eliminate_white(game), "w", "the millennium falcon")
    assert ended.outcome is not None
    assert ended.outcome.winners == (Camp.MR_WHITE,)


def test_grade_mode_draws_its_built_in_prompts_in_the_word_language() -> None:
    english = skip_theme(table("Ca Cb Uc", mode=Mode.GRADE, word_language="en"))
    french = skip_theme(table("Ca Cb Uc", mode=Mode.GRADE))
    assert english.round_theme in ENGLISH_PROMPTS
    assert french.round_theme in THEME_PROMPTS
    assert len(set(ENGLISH_PROMPTS)) >= 100
    assert not set(ENGLISH_PROMPTS) & set(THEME_PROMPTS) - {"Halloween"}


@pytest.mark.parametrize(
    ("clue", "grade", "states"),
    [
        ("Twelve!", 12, True),
        ("a solid 12/20", 12, True),
        ("seventeen out of twenty", 17, True),
        ("twenty-one guns", 20, False),  # a number word that is not the grade
        ("a hundred and two", 2, False),
        ("the one and only", 1, False),  # "one" alone is a pronoun
        ("two thumbs up", 2, True),
        ("douze", 12, False),  # French number words are not read in an English room
    ],
)
def test_the_own_grade_check_reads_english_number_words(
    clue: str, grade: int, states: bool
) -> None:
    assert clue_states_grade(clue, grade, "en") is states
