"""Dealing the civilians' and the undercover's words: pure, seeded, never stuck.

Rules, in the order they apply:
1. The pool is every entry of the allowed franchises (categories and franchises chosen by the
   host), in the game's language, family-safe only if the host asked. Fewer than 2 entries (1 in
   the attribute variant) is a `DealError` the lobby shows; nothing else fails.
2. Relaxation: if no two entries of the pool reach the requested similarity (see `model.py`),
   the level drops very close → close → none, and each step is reported with its reason.
   Only pairs the pool could ever make count here, not what the room has already played.
3. The civilian is drawn uniformly among the entries that have an undercover at the level used,
   preferring entries not yet dealt as the civilian in this room; the undercover is then drawn
   uniformly among that entry's candidates. Two entries spelled alike never make a pair.
4. No repeats: a pair (in either order) is not dealt again in a room until every pair at that
   level has been dealt; then the history starts over (`Deal.history_reset`).
5. Attribute variant: the undercover's word is one attribute of the civilian's entry; the level
   does not apply (`Deal.used is None`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from undercover.themes.model import Catalog, Entry, Similarity

_RELAX_ORDER = (Similarity.VERY_CLOSE, Similarity.CLOSE, Similarity.NONE)
_Option = TypeVar("_Option")


class DealErrorCode(StrEnum):
    UNKNOWN_CATEGORY = "themes.unknown_category"
    UNKNOWN_FRANCHISE = "themes.unknown_franchise"
    POOL_EMPTY = "themes.pool_empty"
    POOL_TOO_SMALL = "themes.pool_too_small"


class DealError(Exception):
    """The host's choice of themes cannot make a pair; shown in the lobby, the game not started."""

    def __init__(self, code: DealErrorCode, message_fr: str, message_en: str) -> None:
        super().__init__(message_en)
        self.code = code
        self.message_fr = message_fr
        self.message_en = message_en


class RelaxReason(StrEnum):
    SMALL_POOL = "small_pool"  # no franchise has two entries left after the filters
    NO_SIMILAR_PAIR = "no_similar_pair"  # no two entries of the pool share enough tags


@dataclass(frozen=True)
class Relaxation:
    from_level: Similarity
    to_level: Similarity
    reason: RelaxReason


@dataclass(frozen=True)
class _Pool:
    entries: tuple[Entry, ...]
    keys: frozenset[str]

    @staticmethod
    def of(entries: Sequence[Entry]) -> _Pool:
        return _Pool(tuple(entries), frozenset(entry.key for entry in entries))


@dataclass(frozen=True)
class DealRequest:
    """The host's lobby settings that concern the words."""

    categories: frozenset[str] = frozenset()  # empty: every category
    franchises: frozenset[str] = frozenset()  # empty: every franchise of those categories
    similarity: Similarity = Similarity.CLOSE
    attribute_variant: bool = False
    family_safe_only: bool = False
    language: str = "fr"


@dataclass(frozen=True)
class DealHistory:
    """What a room has been dealt; kept in the room's state between games."""

    pairs: frozenset[tuple[str, str]] = frozenset()
    civilians: frozenset[str] = frozenset()

    def to_json(self) -> dict[str, list[list[str]] | list[str]]:
        return {
            "pairs": sorted(list(pair) for pair in self.pairs),
            "civilians": sorted(self.civilians),
        }

    @staticmethod
    def from_json(data: Mapping[str, Sequence[Sequence[str] | str]]) -> DealHistory:
        """Inverse of `to_json`; raises ValueError on any other shape."""
        pairs = data.get("pairs", [])
        civilians = data.get("civilians", [])
        if not all(isinstance(p, list | tuple) and len(p) == 2 for p in pairs):
            raise ValueError("history pairs must be [civilian, undercover] lists")
        if not all(isinstance(c, str) for c in civilians):
            raise ValueError("history civilians must be strings")
        return DealHistory(
            frozenset((str(p[0]), str(p[1])) for p in pairs),
            frozenset(str(c) for c in civilians),
        )


@dataclass(frozen=True)
class Deal:
    """The two words of a game, and how they are linked (for the lobby and the end screen)."""

    civilian: Entry
    undercover_word: str
    undercover: Entry | None  # None in the attribute variant
    requested: Similarity
    used: Similarity | None  # None in the attribute variant
    relaxations: tuple[Relaxation, ...]
    shared_tags: tuple[str, ...]
    history: DealHistory  # the room's history including this deal
    history_reset: bool = field(default=False)

    @property
    def is_relaxed(self) -> bool:
        return bool(self.relaxations)


def allowed_pool(catalog: Catalog, request: DealRequest) -> tuple[Entry, ...]:
    """The entries the host's filters allow, in catalog order; DealError for unknown names."""
    checks = (
        (
            request.categories,
            catalog.categories,
            DealErrorCode.UNKNOWN_CATEGORY,
            "Catégorie",
            "Category",
        ),
        (
            request.franchises,
            catalog.franchises_by_id,
            DealErrorCode.UNKNOWN_FRANCHISE,
            "Sous-catégorie",
            "Sub-category",
        ),
    )
    for asked, known, code, label_fr, label_en in checks:
        unknown = ", ".join(sorted(asked - set(known)))
        if unknown:
            raise DealError(
                code, f"{label_fr} inconnue : {unknown}.", f"Unknown {label_en.lower()}: {unknown}."
            )
    return tuple(
        entry
        for franchise in catalog.franchises
        if not request.categories or franchise.category in request.categories
        if not request.franchises or franchise.id in request.franchises
        for entry in franchise.entries
        if entry.language == request.language
        if entry.family_safe or not request.family_safe_only
    )


def deal_pair(
    catalog: Catalog, request: DealRequest, rng: random.Random, history: DealHistory
) -> Deal:
    """Draw the civilians' and the undercover's words for one game (see the module's rules)."""
    pool = _pool(catalog, request)
    minimum = 1 if request.attribute_variant else 2
    size = len(pool.entries)
    if not size:
        raise DealError(
            DealErrorCode.POOL_EMPTY,
            "Aucun mot ne correspond à ces choix (thèmes, sous-catégories, tout public).",
            "No word matches these choices (themes, sub-categories, family-safe).",
        )
    if size < minimum:
        raise DealError(
            DealErrorCode.POOL_TOO_SMALL,
            f"Ces choix ne laissent qu'un mot : il en faut au moins {minimum}.",
            f"These choices leave a single word: at least {minimum} are needed.",
        )
    if request.attribute_variant:
        return _deal_attribute(pool.entries, request, rng, history)
    return _deal_characters(catalog, pool, request, rng, history)


# The pools of the last few (catalog, filters) asked for, newest first: the games of a room,
# and most rooms, deal from the same pool (building it walks the whole catalog).
_POOLS: list[tuple[Catalog, tuple[object, ...], _Pool]] = []


def _pool(catalog: Catalog, request: DealRequest) -> _Pool:
    key = (request.categories, request.franchises, request.language, request.family_safe_only)
    for known, known_key, pool in _POOLS:
        if known is catalog and known_key == key:
            return pool
    pool = _Pool.of(allowed_pool(catalog, request))
    _POOLS[:] = [(catalog, key, pool), *_POOLS[:7]]
    return pool


def playable_level(
    catalog: Catalog, entries: Sequence[Entry], requested: Similarity
) -> tuple[Similarity, tuple[Relaxation, ...]]:
    """The closest level, at most `requested`, at which the pool makes a pair; the steps down."""
    return _playable_level(catalog, _Pool.of(entries), requested)


def _playable_level(
    catalog: Catalog, pool: _Pool, requested: Similarity
) -> tuple[Similarity, tuple[Relaxation, ...]]:
    relaxations: list[Relaxation] = []
    for level, lower in itertools.pairwise(_RELAX_ORDER):
        if _RELAX_ORDER.index(level) < _RELAX_ORDER.index(requested):
            continue
        if any(_candidates(catalog, pool, entry, level) for entry in pool.entries):
            return level, tuple(relaxations)
        relaxations.append(Relaxation(level, lower, _why_not(pool.entries)))
    if not any(_candidates(catalog, pool, entry, Similarity.NONE) for entry in pool.entries):
        raise DealError(
            DealErrorCode.POOL_TOO_SMALL,
            "Ces filtres ne laissent que des mots identiques : impossible de former une paire.",
            "These filters leave only identical words: no pair can be made.",
        )
    return Similarity.NONE, tuple(relaxations)


def _why_not(pool: Sequence[Entry]) -> RelaxReason:
    per_franchise: dict[str, int] = {}
    for entry in pool:
        per_franchise[entry.franchise_id] = per_franchise.get(entry.franchise_id, 0) + 1
    if max(per_franchise.values()) < 2:
        return RelaxReason.SMALL_POOL
    return RelaxReason.NO_SIMILAR_PAIR


def _candidates(
    catalog: Catalog, pool: _Pool, civilian: Entry, level: Similarity
) -> list[tuple[Entry, tuple[str, ...]]]:
    """Undercovers for this civilian at this level, with the distinctive tags they share."""
    franchise = catalog.franchise_of(civilian)
    if level is Similarity.NONE:
        found = [
            (
                other,
                franchise.shared_tags(civilian, other)
                if other.franchise_id == franchise.id
                else (),
            )
            for other in pool.entries
            if other is not civilian
        ]
    else:
        found = [
            (catalog.entries_by_key[key], shared)
            for key, shared in franchise.neighbours[civilian.key]
            if key in pool.keys and len(shared) >= level.min_shared
        ]
    return [(other, shared) for other, shared in found if not other.spellings & civilian.spellings]


def _pair_id(first: str, second: str) -> tuple[str, str]:
    return (first, second) if first <= second else (second, first)


def _fresh_first(
    entries: Sequence[Entry], history: DealHistory, rng: random.Random
) -> Iterator[Entry]:
    """The entries in random order, those never dealt as the civilian first.

    Shuffled lazily (Fisher-Yates, one swap per entry drawn; the stale ones drawn on the way
    are kept, in the order drawn, for the end): the first entry nearly always has an option,
    and shuffling or sorting a 1,000-word deck whole cost ~0.7 ms under Pyodide.
    """
    deck = list(entries)
    stale: list[Entry] = []
    for index in range(len(deck)):
        chosen = rng.randrange(index, len(deck))
        deck[index], deck[chosen] = deck[chosen], deck[index]
        if deck[index].key in history.civilians:
            stale.append(deck[index])
        else:
            yield deck[index]
    yield from stale


def _draw(
    entries: Sequence[Entry],
    history: DealHistory,
    rng: random.Random,
    options: Callable[[Entry, DealHistory], Sequence[_Option]],
) -> tuple[Entry, _Option, DealHistory, bool]:
    """A civilian (fresh ones first) and one of its options not played yet.

    When every option has been played, the history starts over: returns the civilian, the
    option, the history it was drawn against and whether that history was reset.
    """
    for reset in (False, True):
        past = DealHistory() if reset else history
        for civilian in _fresh_first(entries, past, rng):
            choices = options(civilian, past)
            if choices:
                return civilian, rng.choice(choices), past, reset
    raise AssertionError("the caller checked that the pool offers at least one option")


def _deal_characters(
    catalog: Catalog,
    pool: _Pool,
    request: DealRequest,
    rng: random.Random,
    history: DealHistory,
) -> Deal:
    level, relaxations = _playable_level(catalog, pool, request.similarity)

    def unplayed(civilian: Entry, past: DealHistory) -> list[tuple[Entry, tuple[str, ...]]]:
        return [
            (other, shared)
            for other, shared in _candidates(catalog, pool, civilian, level)
            if _pair_id(civilian.key, other.key) not in past.pairs
        ]

    civilian, (undercover, shared), past, reset = _draw(pool.entries, history, rng, unplayed)
    return Deal(
        civilian=civilian,
        undercover_word=undercover.name,
        undercover=undercover,
        requested=request.similarity,
        used=level,
        relaxations=relaxations,
        shared_tags=shared,
        history=DealHistory(
            past.pairs | {_pair_id(civilian.key, undercover.key)}, past.civilians | {civilian.key}
        ),
        history_reset=reset,
    )


def _deal_attribute(
    pool: Sequence[Entry], request: DealRequest, rng: random.Random, history: DealHistory
) -> Deal:
    def unplayed(civilian: Entry, past: DealHistory) -> list[str]:
        return [a for a in civilian.attributes if _attribute_pair(civilian, a) not in past.pairs]

    civilian, attribute, past, reset = _draw(pool, history, rng, unplayed)
    return Deal(
        civilian=civilian,
        undercover_word=attribute,
        undercover=None,
        requested=request.similarity,
        used=None,
        relaxations=(),
        shared_tags=(),
        history=DealHistory(
            past.pairs | {_attribute_pair(civilian, attribute)}, past.civilians | {civilian.key}
        ),
        history_reset=reset,
    )


def _attribute_pair(civilian: Entry, attribute: str) -> tuple[str, str]:
    return (civilian.key, f"attribute:{attribute}")
