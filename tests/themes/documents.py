"""Small theme documents for the tests, in the files' JSON shape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

# A made-up school: houses and roles are distinctive (at most a third of 9 entries hold each),
# genders are not (held by more than a third).
SCHOOL_ENTRIES: list[tuple[str, list[str], list[str]]] = [
    ("Alba", ["rouge", "élève", "femme", "volante"], ["balai", "écharpe", "hibou"]),
    ("Bruno", ["rouge", "élève", "homme", "volante"], ["batte", "cape", "crapaud"]),
    ("Cyrille", ["rouge", "professeur", "homme", "potions"], ["chaudron", "fiole", "cave"]),
    ("Dora", ["verte", "élève", "femme", "potions"], ["miroir", "ruban", "chat"]),
    ("Émile", ["verte", "professeur", "homme", "runes"], ["parchemin", "plume", "tour"]),
    ("Fanny", ["verte", "fantôme", "femme", "runes"], ["chaîne", "bougie", "grenier"]),
    ("Gaspard", ["bleue", "fantôme", "homme", "métamorphose"], ["drap", "lanterne", "cloche"]),
    ("Hélène", ["bleue", "directeur", "femme", "métamorphose"], ["chapeau", "lunettes", "bureau"]),
    ("Igor", ["bleue", "concierge", "homme", "cuisine"], ["clés", "balai-brosse", "loge"]),
]

SCHOOL_GROUPS = {
    "maison": ["rouge", "verte", "bleue"],
    "rôle": ["élève", "professeur", "fantôme", "directeur", "concierge"],
    "genre": ["homme", "femme"],
    "matière": ["volante", "potions", "runes", "métamorphose", "cuisine"],
}


def document(
    franchise_id: str = "ecole",
    category: str = "films",
    entries: list[tuple[str, list[str], list[str]]] | None = None,
    groups: dict[str, list[str]] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A theme document; `fields` override or add top-level fields."""
    groups = SCHOOL_GROUPS if groups is None else groups
    entries = SCHOOL_ENTRIES if entries is None else entries
    doc: dict[str, Any] = {
        "schema": 1,
        "id": franchise_id,
        "name": franchise_id.replace("-", " ").title(),
        "category": category,
        "language": "fr",
        "family_safe": True,
        "description": "Une école imaginaire pour les tests.",
        "tag_groups": {
            name: {"description": f"Groupe {name}", "tags": list(tags), "kind": "trait"}
            for name, tags in groups.items()
        },
        "entries": [
            {"name": name, "aliases": [], "tags": list(tags), "attributes": list(attributes)}
            for name, tags, attributes in entries
        ],
    }
    doc.update(fields)
    return doc


def big_document(franchise_id: str = "ecole", category: str = "films") -> dict[str, Any]:
    """A document that passes every check: the school, grown to 30 entries by numbered pupils.

    Pupils come in twins (2k, 2k+1) sharing house, subject and year: very close to each other.
    """
    entries = list(SCHOOL_ENTRIES)
    houses, subjects = ["rouge", "verte", "bleue"], ["volante", "potions", "runes", "cuisine"]
    years = ["1re", "2e", "3e", "4e", "5e"]
    for number in range(len(entries), 30):
        twin = number // 2
        tags = [
            houses[twin % 3],
            "élève",
            "homme" if number % 2 else "femme",
            subjects[twin % 4],
            years[twin % 5],
        ]
        entries.append(
            (f"Élève {number}", tags, [f"pupitre {number}", f"cahier {number}", f"sac {number}"])
        )
    doc = document(franchise_id, category, entries)
    doc["tag_groups"]["année"] = {"description": "Année d'études", "tags": years, "kind": "trait"}
    return doc


def flat_document() -> dict[str, Any]:
    """30 entries where no two share more than one distinctive tag: never "very close"."""
    letters = [f"a{n}" for n in range(10)]
    entries = [
        (
            f"Plat {n}",
            [letters[n % 10], "x" if n % 2 else "y", "z" if n < 15 else "w", "v"],
            [f"p{n}", f"q{n}", f"r{n}"],
        )
        for n in range(30)
    ]
    return document("plat", "animes", entries, {"a": letters, "b": ["x", "y", "z", "w", "v"]})


FLAT_CASE = flat_document()


def write(root: Path, relative: str, doc: object) -> None:
    """Write a theme document as `root/relative`."""
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
