"""What `themes check` flags without refusing the files: likely slips in the content.

Each finding is a line a content author can act on. None stops a game, so none fails the check:
- a name or alias used by entries of two files (Mr. White's guess and the cross-franchise
  fallback would mix them up);
- a tag held by a single entry (it can never link a pair: drop it or give it to others).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercover.themes.model import Catalog, Franchise

CLASSIC = "classique"


@dataclass(frozen=True)
class Counts:
    franchises: int  # files outside the classic deck
    entries: int  # their entries
    classic_words: int
    families: int  # files of the classic deck

    def __str__(self) -> str:
        return (
            f"{self.franchises} franchises, {self.entries} entries; "
            f"{self.classic_words} classic words in {self.families} families"
        )


def counts(catalog: Catalog, language: str | None = None) -> Counts:
    """The sizes of the whole catalog, or of the files in one word language."""
    files = [f for f in catalog.franchises if language in (None, f.language)]
    classic = [f for f in files if f.category == CLASSIC]
    others = [f for f in files if f.category != CLASSIC]
    return Counts(
        franchises=len(others),
        entries=sum(len(f.entries) for f in others),
        classic_words=sum(len(f.entries) for f in classic),
        families=len(classic),
    )


def findings(catalog: Catalog) -> list[str]:
    """Every finding, spelling collisions first, then single-entry tags, in catalog order."""
    return _collisions(catalog) + [
        line for franchise in catalog.franchises for line in _lonely_tags(franchise)
    ]


def _collisions(catalog: Catalog) -> list[str]:
    owners: dict[tuple[str, str], list[str]] = {}  # (language, folded spelling) -> entry keys
    for franchise in catalog.franchises:
        for entry in franchise.entries:
            for spelling in sorted(entry.spellings):
                owners.setdefault((entry.language, spelling), []).append(entry.key)
    lines = []
    for (_, spelling), keys in owners.items():
        files = {key.split("/", 1)[0] for key in keys}
        if len(files) > 1:
            lines.append(f"⚠ {spelling!r} names entries of several files: {', '.join(keys)}")
    return lines


def _lonely_tags(franchise: Franchise) -> list[str]:
    holders: dict[str, list[str]] = {}
    for entry in franchise.entries:
        for tag in entry.tags:
            holders.setdefault(tag, []).append(entry.name)
    lonely = [f"{tag} ({names[0]})" for tag, names in holders.items() if len(names) == 1]
    if not lonely:
        return []
    return [f"⚠ {franchise.id}: tags held by one entry only, linking nothing: {', '.join(lonely)}"]
