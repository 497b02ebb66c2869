"""Comparing words as players type them: case, accents, punctuation and spacing do not count."""

from __future__ import annotations

import re
import unicodedata

# Letters NFKD leaves whole although players type them as two.
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d"})
_NOT_WORD = re.compile(r"[^0-9a-z]+")
# Leading articles a guess may add or drop ("le Faucon Millenium", "The Joker").
_ARTICLES = ("l ", "le ", "la ", "les ", "un ", "une ", "des ", "du ", "the ")


def normalize(text: str) -> str:
    """Lower case, no accents, no punctuation, single spaces.

    >>> normalize("  Dark   Vador! ") == normalize("dark-vador") == "dark vador"
    True
    """
    folded = text.casefold()
    if not folded.isascii():  # most names are: skip the per-character work
        decomposed = unicodedata.normalize("NFKD", folded.translate(_LIGATURES))
        folded = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NOT_WORD.sub(" ", folded).strip()


def without_article(normalized: str) -> str:
    """The normalised text without one leading article (the whole text if that is all it is)."""
    for article in _ARTICLES:
        if normalized.startswith(article) and len(normalized) > len(article):
            return normalized[len(article) :]
    return normalized


def slug(text: str) -> str:
    """A stable identifier for a name: `slug("Dark Vador") == "dark-vador"`."""
    return normalize(text).replace(" ", "-")
