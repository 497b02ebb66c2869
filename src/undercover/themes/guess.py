"""Mr. White's guess: does what he typed name the civilians' word?"""

from __future__ import annotations

from undercover.themes.model import Entry
from undercover.themes.text import normalize, without_article


def is_correct_guess(civilian: Entry, guess: str) -> bool:
    """True when the guess is the entry's name or an alias, up to case, accents and punctuation.

    >>> from undercover.themes.model import Entry
    >>> vador = Entry("sw/dark-vador", "sw", "Dark Vador", ("Darth Vader",), (), (), "fr", True)
    >>> is_correct_guess(vador, "darth-vader"), is_correct_guess(vador, "Vador")
    (True, False)
    """
    typed = normalize(guess)
    if not typed:
        return False
    accepted = {without_article(spelling) for spelling in civilian.spellings}
    return without_article(typed) in accepted
