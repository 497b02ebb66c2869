"""Dealing the civilians' and the undercover's words: pure, seeded, never stuck.

Rules, in the order they apply:
1. The pool is every entry of the allowed franchises (categories and franchises chosen by the
   host), in the game's language, family-safe only if the host asked. Fewer than 2 entries (1 in
   the attribute variant) is a `DealError` the lobby shows; nothing else fails.
2. Levels (see `model.py`): close and very close are minimums; none is two entries of the
   same franchise that are not close, so the category alone unmasks nobody.
3. Relaxation: if no two entries of the pool make a pair at the requested level, the next
   level is tried (very close → close → none; none → close), each step reported with its
   reason; when no franchise keeps two usable entries, the undercover comes from another
   franchise (reason `small_pool`). Only pairs the pool could ever make count here; pairs the
   room's players removed by their ratings do not, and when they were the level's only pairs
   the reason says so (`rated_out`). When the ratings removed every pair, one is dealt anyway
   and the deal says so (`all_rated_out`).
4. The civilian is drawn uniformly among the entries that have an undercover at the level used,
   preferring entries not yet dealt as the civilian in this room; the undercover is then drawn
   uniformly among that entry's candidates. Two entries spelled alike, or one inside the other
   word for word ("Roi Boo" / "Boo"), never make a pair.
5. No repeats: a pair (in either order) is never dealt twice in a room while another pair of
   the same or a neighbouring level is left (that step is reported, reason `history_used_up`);
   only then does the history start over (`Deal.history_reset`).
6. Attribute variant: the undercover's word is one attribute of the civilian's entry; the level
   does not apply (`Deal.used is None`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import TypeVar

from undercover.themes.model import UNRELATED, Catalog, Entry, Similarity

# The levels tried, in order, when one is asked for; the next ones only if the pool has no pair.
_FALLBACKS = MappingProxyType(
    {
        Similarity.VERY_CLOSE: (Similarity.VERY_CLOSE, Similarity.CLOSE, Similarity.NONE),
        Similarity.CLOSE: (Similarity.CLOSE, Similarity.NONE),
        Similarity.NONE: (Similarity.NONE, Similarity.CLOSE),
    }
)
# The level a room moves to once its history has used up every pair of the level dealt.
_NEIGHBOUR = MappingProxyType(
    {
        Similarity.VERY_CLOSE: Similarity.CLOSE,
        Similarity.CLOSE: Similarity.NONE,
        Similarity.NONE: Similarity.CLOSE,
    }
)
_Option = TypeVar("_Option")


class DealErrorCode(StrEnum):
    UNKNOWN_CATEGORY = "themes.unknown_category"
    UNKNOWN_FRANCHISE = "themes.unknown_franchise"
    POOL_EMPTY = "themes.pool_empty"
    POOL_TOO_SMALL = "themes.pool_too_small"


class DealError(Exception):
    """The host's choice of themes cannot make a pair; shown in the lobby, the game not started.
    The code's text is in the client's catalogues (wire/error_codes.py): `detail` only names
    what the text cannot (the unknown names)."""

    def __init__(self, code: DealErrorCode, detail: str = "") -> None:
        super().__init__(f"{code} ({detail})" if detail else code)
        self.code = code
        self.detail = detail


class RelaxReason(StrEnum):
    SMALL_POOL = "small_pool"  # no franchise has two entries left after the filters
    NO_SIMILAR_PAIR = "no_similar_pair"  # no two entries of the pool share enough tags
    NO_UNRELATED_PAIR = "no_unrelated_pair"  # every two entries of a franchise are close
    HISTORY_USED_UP = "history_used_up"  # this room has already been dealt every such pair
    RATED_OUT = "rated_out"  # the pool has such pairs, but the players' 👎 removed them all
    # Every pair the pool can make was removed by the players' 👎: one is dealt again anyway.
    ALL_RATED_OUT = "all_rated_out"


@dataclass(frozen=True)
class Relaxation:
    from_level: Similarity
    to_level: Similarity
    reason: RelaxReason


@dataclass(frozen=True)
class _Pool:
    entries: tuple[Entry, ...]
    keys: frozenset[str]
    by_franchise: Mapping[str, tuple[Entry, ...]]
    removed: frozenset[tuple[str, str]] = frozenset()  # pairs the room voted out: never made

    @staticmethod
    def of(entries: Sequence[Entry]) -> _Pool:
        by_franchise: dict[str, list[Entry]] = {}
        for entry in entries:
            by_franchise.setdefault(entry.franchise_id, []).append(entry)
        return _Pool(
            tuple(entries),
            frozenset(entry.key for entry in entries),
            {key: tuple(group) for key, group in by_franchise.items()},
        )

    def without(self, removed: frozenset[tuple[str, str]]) -> _Pool:
        return replace(self, removed=removed) if removed else self

    @property
    def small(self) -> bool:
        """No franchise keeps two entries: no pair can come from a single franchise."""
        return max(map(len, self.by_franchise.values()), default=0) < 2


@dataclass(frozen=True)
class DealRequest:
    """The host's lobby settings that concern the words."""

    categories: frozenset[str] = frozenset()  # empty: every category
    franchises: frozenset[str] = frozenset()  # empty: every franchise of those categories
    similarity: Similarity = Similarity.CLOSE
    attribute_variant: bool = False
    family_safe_only: bool = False
    language: str = "fr"
    removed_pairs: frozenset[tuple[str, str]] = frozenset()  # voted out by this room's players


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
    across_franchises: bool = False  # the pool had no pair inside one franchise
    pair: tuple[str, str] = ("", "")  # the id the history and the removed pairs know it by

    @property
    def is_relaxed(self) -> bool:
        return bool(self.relaxations)


def allowed_pool(catalog: Catalog, request: DealRequest) -> tuple[Entry, ...]:
    """The entries the host's filters allow, in catalog order; DealError for unknown names."""
    checks = (
        (request.categories, catalog.categories, DealErrorCode.UNKNOWN_CATEGORY),
        (request.franchises, catalog.franchises_by_id, DealErrorCode.UNKNOWN_FRANCHISE),
    )
    for asked, known, code in checks:
        unknown = ", ".join(sorted(asked - set(known)))
        if unknown:
            raise DealError(code, unknown)
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
    catalog: Catalog,
    request: DealRequest,
    rng: random.Random,
    history: DealHistory,
    pools: Pools | None = None,
) -> Deal:
    """Draw the civilians' and the undercover's words for one game (see the module's rules);
    `pools`, the catalog's kept pools, spares building the pool again."""
    if pools is not None and pools.catalog is catalog:
        pool = pools.of(request)
    else:
        pool = _Pool.of(allowed_pool(catalog, request))
    minimum = 1 if request.attribute_variant else 2
    size = len(pool.entries)
    if not size:
        raise DealError(DealErrorCode.POOL_EMPTY)
    if size < minimum:
        raise DealError(DealErrorCode.POOL_TOO_SMALL, "a single word")
    deal = _deal_attribute if request.attribute_variant else _deal_characters
    try:
        return deal(catalog, pool.without(request.removed_pairs), request, rng, history)
    except (_NothingLeft, DealError):
        if not request.removed_pairs:
            raise
        # The players voted out every pair left: a game is still better than none, and the
        # lobby and end screen say so.
        dealt = deal(catalog, pool, request, rng, history)
        return replace(dealt, relaxations=(*dealt.relaxations, _all_rated_out(dealt.used)))


def _all_rated_out(level: Similarity | None) -> Relaxation:
    level = level or Similarity.NONE
    return Relaxation(level, level, RelaxReason.ALL_RATED_OUT)


class Pools:
    """The pools of the last few filters asked of one catalog, newest first: the games of a
    room, and most rooms, deal from the same pool (building one walks the whole catalog). Kept
    by whoever keeps the catalog (the engine's `Deck`), never process-wide."""

    KEPT = 8

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._recent: list[tuple[tuple[object, ...], _Pool]] = []

    def of(self, request: DealRequest) -> _Pool:
        key = (request.categories, request.franchises, request.language, request.family_safe_only)
        for known, pool in self._recent:
            if known == key:
                return pool
        pool = _Pool.of(allowed_pool(self.catalog, request))
        self._recent = [(key, pool), *self._recent[: self.KEPT - 1]]
        return pool


@dataclass(frozen=True)
class Outlook:
    """What the next deal of a room would use: shown to the host in the lobby."""

    level: Similarity
    relaxations: tuple[Relaxation, ...]
    across_franchises: bool
    single_pair: bool  # exactly one pair exists at that level
    # ... and no other pair at the neighbouring level either: every game deals that same pair.
    single_pair_repeats: bool = False


def outlook(
    catalog: Catalog,
    entries: Sequence[Entry],
    requested: Similarity,
    history: DealHistory,
    removed: frozenset[tuple[str, str]] = frozenset(),
) -> Outlook:
    """The level the next deal would use from these entries, and every step down, truthfully."""
    pool = _Pool.of(entries).without(removed)
    try:
        plan = _plan(catalog, pool, requested)
    except DealError:
        if not removed:
            raise
        # The players voted out every pair: the deal takes one of them again (see deal_pair).
        pool = _Pool.of(entries)
        plan = _plan(catalog, pool, requested)
        plan = replace(plan, relaxations=(*plan.relaxations, _all_rated_out(plan.level)))
    level, relaxations = plan.level, plan.relaxations
    if not _unplayed_pairs(catalog, pool, plan, history, limit=1):
        moved = _history_step(catalog, pool, plan, history)
        if moved is not None:
            level, relaxations = moved.level, moved.relaxations
    pairs = _unplayed_pairs(catalog, pool, plan, DealHistory(), limit=2)
    # Once that pair is dealt, the room moves to the neighbouring level only if it has another;
    # if it has, and this room was dealt the pair already, the relaxation says the rest.
    repeats = len(pairs) == 1 and _history_step(catalog, pool, plan, DealHistory(pairs)) is None
    single = len(pairs) == 1 and (repeats or not pairs <= history.pairs)
    return Outlook(level, relaxations, plan.across, single, repeats)


@dataclass(frozen=True)
class _Plan:
    level: Similarity
    relaxations: tuple[Relaxation, ...]
    across: bool = False  # the undercover may come from another franchise


def _plan(catalog: Catalog, pool: _Pool, requested: Similarity) -> _Plan:
    """The first level, in `requested`'s fallback order, at which the pool makes a pair."""
    if pool.small:
        plan = _Plan(Similarity.NONE, (_across(requested),), across=True)
        _check_some_pair(catalog, pool, plan)
        return plan
    relaxations: list[Relaxation] = []
    tried = _FALLBACKS[requested]
    for level, after in itertools.zip_longest(tried, tried[1:]):
        if any(_candidates(catalog, pool, entry, level) for entry in pool.entries):
            return _Plan(level, tuple(relaxations))
        if after is not None:
            relaxations.append(Relaxation(level, after, _why_not(catalog, pool, level)))
    # Every franchise's pairs are spelled alike: only two franchises together make one.
    plan = _Plan(Similarity.NONE, (*relaxations, _across(tried[-1])), across=True)
    _check_some_pair(catalog, pool, plan)
    return plan


def _across(level: Similarity) -> Relaxation:
    return Relaxation(level, Similarity.NONE, RelaxReason.SMALL_POOL)


def _check_some_pair(catalog: Catalog, pool: _Pool, plan: _Plan) -> None:
    if not any(_candidates(catalog, pool, e, plan.level, plan.across) for e in pool.entries):
        raise DealError(DealErrorCode.POOL_TOO_SMALL, "only identical words")


def _why_not(catalog: Catalog, pool: _Pool, level: Similarity) -> RelaxReason:
    if pool.small:
        return RelaxReason.SMALL_POOL
    whole = replace(pool, removed=frozenset())
    if pool.removed and any(_candidates(catalog, whole, e, level) for e in pool.entries):
        return RelaxReason.RATED_OUT
    if level is Similarity.NONE:
        return RelaxReason.NO_UNRELATED_PAIR
    return RelaxReason.NO_SIMILAR_PAIR


def _candidates(
    catalog: Catalog, pool: _Pool, civilian: Entry, level: Similarity, across: bool = False
) -> list[tuple[Entry, tuple[str, ...]]]:
    """Undercovers for this civilian at this level, with the distinctive tags they share."""
    franchise = catalog.franchise_of(civilian)
    found: list[tuple[Entry, tuple[str, ...]]]
    if across:
        found = [
            (
                other,
                franchise.link(civilian, other).tags if other.franchise_id == franchise.id else (),
            )
            for other in pool.entries
            if other is not civilian
        ]
    elif level is Similarity.NONE:
        links = franchise.links[civilian.key]
        found = [
            (other, link.tags)
            for other in pool.by_franchise.get(franchise.id, ())
            if other is not civilian
            for link in (links.get(other.key, UNRELATED),)
            if link.level is Similarity.NONE
        ]
    else:
        found = [
            (catalog.entries_by_key[key], link.tags)
            for key, link in franchise.partners[civilian.key, level]
            if key in pool.keys
        ]
    return [
        (other, shared)
        for other, shared in found
        if not other.spelled_like(civilian)
        and (not pool.removed or _pair_id(civilian.key, other.key) not in pool.removed)
    ]


def _unplayed_pairs(
    catalog: Catalog, pool: _Pool, plan: _Plan, history: DealHistory, limit: int
) -> frozenset[tuple[str, str]]:
    """The pairs at the plan's level the history has not dealt yet, found up to `limit`."""
    seen: set[tuple[str, str]] = set()
    for civilian in pool.entries:
        for other, _ in _candidates(catalog, pool, civilian, plan.level, plan.across):
            pair = _pair_id(civilian.key, other.key)
            if pair not in history.pairs:
                seen.add(pair)
                if len(seen) >= limit:
                    return frozenset(seen)
    return frozenset(seen)


def _history_step(catalog: Catalog, pool: _Pool, plan: _Plan, history: DealHistory) -> _Plan | None:
    """The neighbouring level, if the pool has a pair there this room has not been dealt."""
    if plan.across:
        return None
    neighbour = _NEIGHBOUR[plan.level]
    moved = _Plan(
        neighbour,
        (*plan.relaxations, Relaxation(plan.level, neighbour, RelaxReason.HISTORY_USED_UP)),
    )
    return moved if _unplayed_pairs(catalog, pool, moved, history, limit=1) else None


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
    raise _NothingLeft()


class _NothingLeft(Exception):
    """Every option is among the removed pairs (the caller checked the pool has some)."""


def _deal_characters(
    catalog: Catalog,
    pool: _Pool,
    request: DealRequest,
    rng: random.Random,
    history: DealHistory,
) -> Deal:
    plan = _plan(catalog, pool, request.similarity)
    if not _unplayed_pairs(catalog, pool, plan, history, limit=1):
        plan = _history_step(catalog, pool, plan, history) or plan

    def unplayed(civilian: Entry, past: DealHistory) -> list[tuple[Entry, tuple[str, ...]]]:
        return [
            (other, shared)
            for other, shared in _candidates(catalog, pool, civilian, plan.level, plan.across)
            if _pair_id(civilian.key, other.key) not in past.pairs
        ]

    civilian, (undercover, shared), past, reset = _draw(pool.entries, history, rng, unplayed)
    pair = _pair_id(civilian.key, undercover.key)
    return Deal(
        civilian=civilian,
        undercover_word=undercover.name,
        undercover=undercover,
        requested=request.similarity,
        used=plan.level,
        relaxations=plan.relaxations,
        shared_tags=shared,
        history=DealHistory(past.pairs | {pair}, past.civilians | {civilian.key}),
        history_reset=reset,
        across_franchises=plan.across,
        pair=pair,
    )


def _deal_attribute(
    catalog: Catalog,
    pool: _Pool,
    request: DealRequest,
    rng: random.Random,
    history: DealHistory,
) -> Deal:
    def unplayed(civilian: Entry, past: DealHistory) -> list[str]:
        done = past.pairs | pool.removed
        return [a for a in civilian.attributes if _attribute_pair(civilian, a) not in done]

    civilian, attribute, past, reset = _draw(pool.entries, history, rng, unplayed)
    pair = _attribute_pair(civilian, attribute)
    return Deal(
        civilian=civilian,
        undercover_word=attribute,
        undercover=None,
        requested=request.similarity,
        used=None,
        relaxations=(),
        shared_tags=(),
        history=DealHistory(past.pairs | {pair}, past.civilians | {civilian.key}),
        history_reset=reset,
        pair=pair,
    )


def _attribute_pair(civilian: Entry, attribute: str) -> tuple[str, str]:
    return (civilian.key, f"attribute:{attribute}")
