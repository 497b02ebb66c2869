"""Stable identifiers for theme entries; comparing typed text is `undercover.rules.text.fold`."""

from __future__ import annotations

import re

from undercover.rules.text import fold

_NOT_SLUG = re.compile(r"[^0-9a-z]+")


def slug(text: str) -> str:
    """A stable, ASCII identifier for a name.

    >>> slug("Dark Vador"), slug("Pokémon : l'Œuf")
    ('dark-vador', 'pokemon-l-oeuf')
    """
    return _NOT_SLUG.sub("-", fold(text)).strip("-")
