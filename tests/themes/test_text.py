from undercover.themes.text import slug


def test_slug_is_ascii_and_stable() -> None:
    assert slug("Jean-Luc Picard") == "jean-luc-picard"
    assert slug("  Pokémon : l'Œuf ") == "pokemon-l-oeuf"
    assert slug("?!") == ""
