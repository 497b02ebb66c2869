import pytest

from undercover.themes.guess import is_correct_guess
from undercover.themes.model import Entry

VADOR = Entry("sw/dark-vador", "sw", "Dark Vador", ("Darth Vader", "Anakin"), (), (), "fr", True)
FAUCON = Entry("sw/faucon", "sw", "Le Faucon Millenium", (), (), (), "fr", True)


@pytest.mark.parametrize(
    "guess", ["dark vador", "DARK-VADOR", "Darth Vader", "anakin!", "dârk vador"]
)
def test_accepts_name_and_aliases_up_to_case_accents_punctuation(guess: str) -> None:
    assert is_correct_guess(VADOR, guess)


@pytest.mark.parametrize("guess", ["vador", "dark", "", "   ", "Luke"])
def test_refuses_other_words(guess: str) -> None:
    assert not is_correct_guess(VADOR, guess)


def test_a_leading_article_may_be_added_or_dropped() -> None:
    assert is_correct_guess(FAUCON, "faucon millenium")
    assert is_correct_guess(FAUCON, "le Faucon Millénium")
    assert is_correct_guess(VADOR, "le dark vador")
