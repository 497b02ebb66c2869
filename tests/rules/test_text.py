import pytest

from undercover.rules import RuleViolation, fold, guess_matches
from undercover.rules.text import clean_line, parse_grade


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
    ],
)
def test_bad_clues_are_refused(text: str, code: str) -> None:
    with pytest.raises(RuleViolation) as error:
        clean_line(text, field="clue", max_length=60)
    assert error.value.code == code


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


@pytest.mark.parametrize("text", ["douze", "12.5", "-3", "１２", "123", ""])
def test_non_grades_do_not_parse(text: str) -> None:
    assert parse_grade(text) is None
