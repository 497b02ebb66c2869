"""The validated content as plain frozen values, with the similarity measure between entries.

This module has no pydantic and no I/O: the Worker builds it from the generated data module and
the self-host from the theme files (both through `catalog_from_documents`).

Similarity (documented in `themes/README.md`), always within one franchise:
- a tag is *distinctive* when its group's kind is "trait" (not broad, not bookkeeping) and at
  most a third of the franchise's entries hold it (`count * 3 <= entries`);
- a distinctive tag weighs `log2(entries / count)` bits: the rarer, the more it says (held by a
  third: 1.6 bits; by 4 of 40: 3.3 bits; by 2 of 40: 4.3 bits);
- a pair's *link* is the distinctive tags both entries hold, and its weight their sum;
- **close**: weight ≥ 3 bits (one tag held by at most an eighth of the entries, or two tags);
  **very close**: weight ≥ 5 bits through at least two tags (one tag alone never suffices);
  **none** (unrelated): same franchise, not close.
Entries of different franchises share nothing.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from undercover.rules.text import fold
from undercover.themes.text import slug

CLOSE_WEIGHT = 3.0  # bits a pair must share to be close
VERY_CLOSE_WEIGHT = 5.0  # ... and to be very close,
VERY_CLOSE_TAGS = 2  # through at least this many distinctive tags


class Similarity(StrEnum):
    """How alike the undercover's word is to the civilians' word.

    Close and very close are minimums (a very close pair is also close); none is a band: two
    entries of the same franchise that are not close, so the franchise alone unmasks nobody.
    """

    NONE = "none"
    CLOSE = "close"
    VERY_CLOSE = "very_close"

    @property
    def rank(self) -> int:
        return _RANK[self]

    @staticmethod
    def of(weight: float, tag_count: int) -> Similarity:
        """The level of a pair sharing `tag_count` distinctive tags weighing `weight` bits."""
        if weight >= VERY_CLOSE_WEIGHT and tag_count >= VERY_CLOSE_TAGS:
            return Similarity.VERY_CLOSE
        return Similarity.CLOSE if weight >= CLOSE_WEIGHT else Similarity.NONE


_RANK = MappingProxyType({Similarity.NONE: 0, Similarity.CLOSE: 1, Similarity.VERY_CLOSE: 2})


@dataclass(frozen=True)
class Link:
    """What two entries of one franchise share: distinctive tags, their weight, the level."""

    tags: tuple[str, ...]
    weight: float
    level: Similarity


UNRELATED = Link((), 0.0, Similarity.NONE)


@dataclass(frozen=True)
class Entry:
    """One character (or everyday word): the civilians' or the undercover's word."""

    key: str  # "<franchise id>/<slug of the name>": stable across edits of the file's order
    franchise_id: str
    name: str
    aliases: tuple[str, ...]
    tags: tuple[str, ...]
    attributes: tuple[str, ...]
    language: str
    family_safe: bool
    # The normalised name and aliases, as guesses are compared with them (derived, cached).
    spellings: frozenset[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        spellings = frozenset(fold(text) for text in (self.name, *self.aliases))
        object.__setattr__(self, "spellings", spellings)

    def spelled_like(self, other: Entry) -> bool:
        """Whether one entry's name or alias is, word for word, inside one of the other's.

        Such a pair gives itself away ("Roi Boo" / "Boo"), and a clue naming one names both.
        """
        return any(
            f" {short} " in f" {long} "
            for mine in self.spellings
            for theirs in other.spellings
            for short, long in ((mine, theirs), (theirs, mine))
        )


@dataclass(frozen=True)
class TagGroup:
    name: str
    description: str
    tags: tuple[str, ...]
    # "trait" links pairs; "broad" (gender, colour…) and "bookkeeping" (album, season, arc…)
    # never count as distinctive.
    kind: str = "trait"

    @property
    def links_pairs(self) -> bool:
        return self.kind == "trait"


@dataclass(frozen=True)
class Franchise:
    """One theme file: a franchise (or a family of everyday words) and its vocabulary."""

    id: str
    name: str
    category: str
    language: str
    family_safe: bool
    description: str
    tag_groups: tuple[TagGroup, ...]
    entries: tuple[Entry, ...]
    # Derived from the entries, so left out of equality and repr.
    distinctive_tags: frozenset[str] = field(init=False, compare=False, repr=False)
    # distinctive tag -> its weight in bits (see the module's docstring)
    tag_weights: Mapping[str, float] = field(init=False, compare=False, repr=False)
    # entry key -> (other entry key, link), only for the pairs sharing some distinctive tag.
    neighbours: Mapping[str, tuple[tuple[str, Link], ...]] = field(
        init=False, compare=False, repr=False
    )
    # entry key -> {other entry key: link}, the same links looked up by the other's key.
    links: Mapping[str, Mapping[str, Link]] = field(init=False, compare=False, repr=False)
    # (entry key, close or very close) -> the neighbours at that level or closer: what a deal
    # reads, so that it never walks the weak links.
    partners: Mapping[tuple[str, Similarity], tuple[tuple[str, Link], ...]] = field(
        init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        # Derived once per process (in the Worker: once per deploy snapshot), never per deal.
        size = len(self.entries)
        counts = Counter(tag for entry in self.entries for tag in entry.tags)
        silent = {tag for group in self.tag_groups if not group.links_pairs for tag in group.tags}
        weights = {
            tag: math.log2(size / n)
            for tag, n in counts.items()
            if n * 3 <= size and tag not in silent
        }
        object.__setattr__(self, "distinctive_tags", frozenset(weights))
        object.__setattr__(self, "tag_weights", weights)
        # Who holds each distinctive tag: partners are found through it, not by trying all pairs.
        holders: dict[str, list[Entry]] = {}
        for entry in self.entries:
            for tag in entry.tags:
                if tag in weights:
                    holders.setdefault(tag, []).append(entry)
        neighbours: dict[str, tuple[tuple[str, Link], ...]] = {}
        for entry in self.entries:
            shared: dict[str, list[str]] = {}  # other key -> tags in this entry's order
            for tag in entry.tags:
                for other in holders.get(tag, ()):
                    if other is not entry:
                        shared.setdefault(other.key, []).append(tag)
            neighbours[entry.key] = tuple((key, self._link(tags)) for key, tags in shared.items())
        object.__setattr__(self, "neighbours", neighbours)
        partners = {
            (key, level): tuple(pair for pair in pairs if pair[1].level.rank >= level.rank)
            for key, pairs in neighbours.items()
            for level in (Similarity.CLOSE, Similarity.VERY_CLOSE)
        }
        object.__setattr__(self, "partners", partners)
        links = {key: dict(pairs) for key, pairs in neighbours.items()}
        object.__setattr__(self, "links", links)

    def _link(self, tags: Sequence[str]) -> Link:
        weight = sum(self.tag_weights[tag] for tag in tags)
        return Link(tuple(tags), weight, Similarity.of(weight, len(tags)))

    def shared_tags(self, first: Entry, second: Entry) -> tuple[str, ...]:
        """The distinctive tags both entries hold, in the first entry's order."""
        return tuple(t for t in first.tags if t in self.distinctive_tags and t in second.tags)

    def link(self, first: Entry, second: Entry) -> Link:
        """How alike two entries of this franchise are."""
        return self.links[first.key].get(second.key, UNRELATED)

    def best_level(self, entry: Entry) -> Similarity:
        """The closest level at which this entry can get an undercover from its own franchise."""
        levels = [link.level for _, link in self.neighbours[entry.key]]
        return max(levels, key=lambda level: level.rank, default=Similarity.NONE)

    def has_unrelated(self, entry: Entry) -> bool:
        """Whether some other entry of the franchise is not close to this one."""
        return len(self.partners[entry.key, Similarity.CLOSE]) < len(self.entries) - 1


@dataclass(frozen=True)
class Catalog:
    """All franchises, in a stable order (category, then id)."""

    franchises: tuple[Franchise, ...]
    entries_by_key: Mapping[str, Entry] = field(init=False, compare=False, repr=False)
    franchises_by_id: Mapping[str, Franchise] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        by_key = {e.key: e for f in self.franchises for e in f.entries}
        object.__setattr__(self, "entries_by_key", by_key)
        object.__setattr__(self, "franchises_by_id", {f.id: f for f in self.franchises})

    @property
    def categories(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f.category for f in self.franchises))

    def franchise_of(self, entry: Entry) -> Franchise:
        return self.franchises_by_id[entry.franchise_id]


def catalog_from_documents(documents: Sequence[Mapping[str, Any]]) -> Catalog:
    """Build the catalog from already validated theme documents (the JSON files' shape)."""
    franchises = [_franchise(doc) for doc in documents]
    franchises.sort(key=lambda f: (f.category, f.id))
    return Catalog(tuple(franchises))


def _franchise(doc: Mapping[str, Any]) -> Franchise:
    franchise_id = str(doc["id"])
    language = str(doc["language"])
    family_safe = bool(doc["family_safe"])
    entries = tuple(
        Entry(
            key=f"{franchise_id}/{slug(raw['name'])}",
            franchise_id=franchise_id,
            name=str(raw["name"]),
            aliases=tuple(raw.get("aliases", ())),
            tags=tuple(raw["tags"]),
            attributes=tuple(raw["attributes"]),
            language=str(raw.get("language") or language),
            family_safe=bool(
                raw["family_safe"] if raw.get("family_safe") is not None else family_safe
            ),
        )
        for raw in doc["entries"]
    )
    groups = tuple(
        TagGroup(
            name,
            str(group.get("description", "")),
            tuple(group["tags"]),
            str(group.get("kind", "trait")),
        )
        for name, group in doc["tag_groups"].items()
    )
    return Franchise(
        id=franchise_id,
        name=str(doc["name"]),
        category=str(doc["category"]),
        language=language,
        family_safe=family_safe,
        description=str(doc.get("description", "")),
        tag_groups=groups,
        entries=entries,
    )
