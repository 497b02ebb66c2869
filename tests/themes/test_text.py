import pytest

from undercover.themes.text import normalize, slug, without_article


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Dark Vador", "dark vador"),
        ("  DARK-vador!! ", "dark vador"),
        ("Pokémon", "pokemon"),
        ("Œuf", "oeuf"),
        ("L'Île", "l ile"),
        ("Jean-Luc Picard", "jean luc picard"),
        ("", ""),
        ("?!", ""),
    ],
)
def test_normalize(typed: str, expected: str) -> None:
    assert normalize(typed) == expected


def test_without_article_drops_one_leading_article_only() -> None:
    assert without_article("le faucon millenium") == "faucon millenium"
    assert without_article("l ile") == "ile"
    assert without_article("les") == "les"
    assert without_article("lea") == "lea"


def test_slug() -> None:
    assert slug("Jean-Luc Picard") == "jean-luc-picard"
