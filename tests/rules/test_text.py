from typing import get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from undercover.rules import RuleCode, RuleViolation, fold, guess_matches
from undercover.rules.settings import GRADE_MAX, GRADE_MIN
from undercover.rules.text import (
    GRADE_WORDS,
    TextField,
    clean_line,
    clue_contains,
    clue_states_grade,
    parse_grade,
    without_article,
)


def test_clue_is_trimmed_and_spaces_collapsed() -> None:
    assert clean_line("  un   sabre laser ", field="clue", max_length=60) == "un sabre laser"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("   ", "clue.empty"),
        ("x" * 61, "clue.too_long"),
        ("sabre\x00laser", "clue.control_characters"),
        ("ligne\nsuivante", "clue.control_characters"),
        ("<b>gras</b>", "clue.markup"),
        ("a\u202eb", "clue.control_characters"),
        ("\u3164", "clue.empty"),
        ("\u2800 \u2800", "clue.empty"),
        ("\u115f\u1160", "clue.empty"),
    ],
)
def test_bad_clues_are_refused(text: str, code: str) -> None:
    with pytest.raises(RuleViolation) as error:
        clean_line(text, field="clue", max_length=60)
    assert error.value.code == code


@pytest.mark.parametrize("field", get_args(TextField))
@pytest.mark.parametrize(
    ("text", "check"),
    [(" ", "empty"), ("x" * 61, "too_long"), ("a<b", "markup"), ("a\x07b", "control_characters")],
)
def test_each_text_field_refuses_with_its_own_rule_code(
    field: TextField, text: str, check: str
) -> None:
    with pytest.raises(RuleViolation) as error:
        clean_line(text, field=field, max_length=60)
    assert error.value.code is RuleCode(f"{field}.{check}")


def test_fold_ignores_case_accents_punctuation_and_spacing() -> None:
    assert fold("  Éléphant-Rose ! ") == "elephant rose"
    assert fold("L'Œil") == "l oeil"


@pytest.mark.parametrize(
    "guess", ["dark vador", "DARK VADOR", " Dark-Vador! ", "Darth Vader", "le Dark Vador"]
)
def test_forgiving_guesses_match(guess: str) -> None:
    assert guess_matches(guess, "Dark Vador", ("Darth Vader",))


@pytest.mark.parametrize("guess", ["Vador", "Dark Vadors", "Kylo Ren", "", "!!!", "le", "Darth"])
def test_other_guesses_do_not(guess: str) -> None:
    assert not guess_matches(guess, "Dark Vador", ("Darth Vader",))


@pytest.mark.parametrize(("text", "grade"), [("12", 12), (" 0 ", 0), ("20", 20), ("07", 7)])
def test_grades_parse(text: str, grade: int) -> None:
    assert parse_grade(text) == grade


@pytest.mark.parametrize("text", ["douze", "12.5", "-3", "１２", "123", "", "21", "99"])
def test_non_grades_do_not_parse(text: str) -> None:
    assert parse_grade(text) is None


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Dark Vador", "dark vador"),
        ("  DARK-vador!! ", "dark vador"),
        ("Pokémon", "pokemon"),
        ("Œuf", "oeuf"),
        ("L'Île", "l ile"),
        ("", ""),
        ("?!", ""),
        ("Ωméga", "ωmega"),
    ],
)
def test_fold_cases(typed: str, expected: str) -> None:
    assert fold(typed) == expected


@given(st.text(st.characters(max_codepoint=127)))
def test_an_ascii_text_folds_as_through_the_unicode_path(typed: str) -> None:
    # " é" sends the text down the NFKD path; " e" keeps it ASCII: both end in " e".
    assert fold(typed + " e") == fold(typed + " é")


def test_without_article_drops_one_leading_article_only() -> None:
    assert without_article("le faucon millenium") == "faucon millenium"
    assert without_article("l ile") == "ile"
    assert without_article("les") == "les"
    assert without_article("lea") == "lea"


@pytest.mark.parametrize(
    "guess", ["faucon millenium", "le Faucon Millénium", "LE FAUCON-MILLENIUM"]
)
def test_a_leading_article_may_be_added_or_dropped(guess: str) -> None:
    assert guess_matches(guess, "Le Faucon Millenium")


def test_letters_beyond_latin_are_kept_not_erased() -> None:
    assert guess_matches("ピカチュウ", "Pikachu", ("ピカチュウ",))
    assert not guess_matches("ゼニガメ", "Pikachu", ("ピカチュウ",))


@pytest.mark.parametrize(
    ("clue", "word", "aliases", "holds"),
    [
        ("Harry Potter, bien sûr", "Harry Potter", (), True),
        ("le sorcier harry POTTER", "Harry Potter", (), True),
        ("des lunettes rondes", "Lunette", (), True),
        ("une lunette", "Lunettes", (), True),
        ("Éléphant", "elephant", (), True),
        ("le Faucon", "Faucon Millenium", ("Faucon",), True),
        ("harrypotter", "Harry Potter", (), False),
        ("un potier", "Harry Potter", (), False),
        ("chateau", "chat", (), False),
    ],
)
def test_a_clue_holds_the_word_as_guesses_are_folded(
    clue: str, word: str, aliases: tuple[str, ...], holds: bool
) -> None:
    assert clue_contains(clue, word, aliases) is holds


@pytest.mark.parametrize(
    ("clue", "grade", "states"),
    [
        ("12/20", 12, True),
        ("note 0", 0, True),
        ("un 02 pointé", 2, True),
        ("Douze !", 12, True),
        ("zéro pointé", 0, True),
        ("DIX-SEPT", 17, True),
        ("dix sept", 17, True),
        ("vingt", 20, True),
        ("un deux", 2, True),  # the article, then the grade
        ("deux et la suite", 2, True),
        ("1", 1, True),
        ("120 km/h", 12, False),
        ("112 pompiers", 12, False),
        ("p2", 2, False),  # digits inside a word state nothing
        ("R2-D2", 2, False),
        ("2e étage", 2, False),
        ("deuxième", 2, False),
        ("dix-sept", 10, False),  # a longer number is not its first word
        ("dix-sept", 7, False),
        ("quatre-vingts", 4, False),
        ("vingt et un", 20, False),
        ("vingt et un", 1, False),
        ("un bon film", 1, False),  # "un" is the article too
        ("douze", 11, False),
    ],
)
def test_a_clue_states_a_grade_as_a_number_alone_or_in_words(
    clue: str, grade: int, states: bool
) -> None:
    assert clue_states_grade(clue, grade) is states


def test_each_grade_in_words_is_refused_in_french_and_nowhere_else() -> None:
    words = GRADE_WORDS["fr"]
    assert len(words.grades) == GRADE_MAX - GRADE_MIN + 1
    for grade, written in enumerate(words.grades, start=GRADE_MIN):
        assert clue_states_grade(f"{grade}", grade)
        assert clue_states_grade(written, grade) is (written not in words.not_alone)
        assert not clue_states_grade(written, grade, language="xx")
        others = [g for g in range(GRADE_MIN, GRADE_MAX + 1) if g != grade]
        assert not any(clue_states_grade(written, other) for other in others)
