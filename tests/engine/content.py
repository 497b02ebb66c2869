"""A small, made-up theme catalog for the engine tests (installed by conftest.py).

Words, aliases, attributes and tags are invented tokens that appear nowhere else in a view,
so the no-leak test can look for them as plain substrings.
"""

from __future__ import annotations

import functools
from typing import Any

from undercover.engine.dealing import Deck
from undercover.themes.builtin import builtin_catalog
from undercover.themes.model import Catalog, catalog_from_documents

# name, aliases, tags, attributes; a tag held by at most 3 of the 9 entries is distinctive.
ENTRIES: list[tuple[str, list[str], list[str], list[str]]] = [
    ("Zorbalin", ["Zorba"], ["qrouge", "qeleve", "qvol"], ["qbalai", "qecharpe", "qhibou"]),
    ("Quexotte", ["Quex"], ["qrouge", "qeleve", "qvol"], ["qbatte", "qcape", "qcrapaud"]),
    ("Vramboise", ["Vram"], ["qrouge", "qmaitre", "qpotion"], ["qchaudron", "qfiole", "qcave"]),
    ("Plinkette", ["Plink"], ["qverte", "qeleve", "qpotion"], ["qmiroir", "qruban", "qchat"]),
    ("Groumpf", ["Groum"], ["qverte", "qmaitre", "qrune"], ["qparchemin", "qplume", "qtour"]),
    ("Fradalou", ["Frada"], ["qverte", "qspectre", "qrune"], ["qchaine", "qbougie", "qgrenier"]),
    ("Wistiti", ["Wisti"], ["qbleue", "qspectre", "qmeta"], ["qdrap", "qlanterne", "qcloche"]),
    ("Hurluberta", ["Hurlu"], ["qbleue", "qchef", "qmeta"], ["qchapeau", "qlunettes", "qbureau"]),
    ("Kroustillon", ["Krous"], ["qbleue", "qchef", "qcuisine"], ["qcles", "qbrosse", "qloge"]),
]


def documents() -> list[dict[str, Any]]:
    tags = sorted({tag for _, _, entry_tags, _ in ENTRIES for tag in entry_tags})
    return [
        {
            "schema": 1,
            "id": "ecole-test",
            "name": "École des tests",
            "category": "films",
            "language": "fr",
            "family_safe": True,
            "description": "Une école inventée pour les tests du moteur.",
            "tag_groups": {"tout": {"description": "Tous les tags", "tags": tags}},
            "entries": [
                {"name": name, "aliases": aliases, "tags": entry_tags, "attributes": attributes}
                for name, aliases, entry_tags, attributes in ENTRIES
            ],
        }
    ]


def made_up_catalog() -> Catalog:
    return catalog_from_documents(documents())


# What the engine tests deal from: built once, as a host does.
DECK = Deck(made_up_catalog())


@functools.cache
def builtin_deck() -> Deck:
    """The built-in content, as the hosts deal it (read once: checking it takes a second)."""
    return Deck(builtin_catalog())
