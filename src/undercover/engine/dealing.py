"""Dealing the pair of words for a game, and what the lobby shows about it.

The one place where the engine meets the theme content (`undercover.themes`). The engine
holds no catalog of its own: the host builds one `Deck` per process (its catalog, plus what
the lobby asks of it on every view, computed once) and passes it to `apply` and `view_for`.
Dealing is seeded by the game's seed and avoids the pairs this room has already played
(`DealtHistory`).
"""

from __future__ import annotations

import functools
import random

from pydantic import BaseModel, ConfigDict

from undercover.engine.errors import Rejected
from undercover.engine.settings import RoomSettings, Similarity
from undercover.rules import WORD_LANGUAGES, RuleSettings, WordLanguage
from undercover.themes import model as themes_model
from undercover.themes.custom import CustomWords, CustomWordsCode, deal_custom
from undercover.themes.model import Catalog
from undercover.themes.select import (
    DealError,
    DealHistory,
    DealRequest,
    Pools,
    Relaxation,
    allowed_pool,
    deal_pair,
    outlook,
)


class Relaxed(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    from_level: Similarity
    to_level: Similarity
    reason: str


class DealtPair(BaseModel):
    """A game's two words: secret until the game is over."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    civilian: str
    civilian_aliases: tuple[str, ...]
    civilian_attributes: tuple[str, ...]
    undercover: str
    undercover_aliases: tuple[str, ...]
    undercover_attributes: tuple[str, ...]
    franchise: str
    requested: Similarity
    used: Similarity | None  # None in the attribute variant
    relaxations: tuple[Relaxed, ...]
    shared_tags: tuple[str, ...]
    pair_id: tuple[str, str] = ("", "")  # as in the history: entry keys, or custom ids
    custom: bool = False  # from the host's own words


class HostWords(BaseModel):
    """The host's own words (`themes.custom`), kept for as long as the room lives; secret."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pairs: tuple[tuple[str, str], ...] = ()
    words: tuple[str, ...] = ()

    def checked(self) -> CustomWords:
        return CustomWords(pairs=self.pairs, words=self.words)


class DealtHistory(BaseModel):
    """The pairs and civilian words this room has dealt (no repeats until exhausted)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pairs: tuple[tuple[str, str], ...] = ()
    civilians: tuple[str, ...] = ()


def _request(
    settings: RoomSettings, removed: frozenset[tuple[str, str]] = frozenset()
) -> DealRequest:
    return DealRequest(
        categories=frozenset(settings.themes),
        franchises=frozenset(settings.franchises),
        similarity=themes_model.Similarity(settings.similarity),
        attribute_variant=settings.attribute_variant,
        family_safe_only=settings.family_safe,
        language=settings.word_language,
        removed_pairs=removed,
    )


def deal_words(
    deck: Deck,
    settings: RoomSettings,
    seed: int,
    history: DealtHistory,
    host_words: HostWords | None = None,
    removed: tuple[tuple[str, str], ...] = (),
) -> tuple[DealtPair, DealtHistory]:
    """Draw this game's pair; raises Rejected with a "themes.*" code if the filters cannot.

    With the host's own words, the pair comes from them (themes and similarity do not apply);
    `removed` are the pairs the players of this room voted out."""
    past = DealHistory(frozenset(history.pairs), frozenset(history.civilians))
    if host_words is not None:
        return _deal_host_words(settings, seed, past, host_words, frozenset(removed))
    request = _request(settings, frozenset(removed))
    try:
        deal = deal_pair(deck.catalog, request, random.Random(seed), past, deck.pools)
    except DealError as error:
        raise Rejected(str(error.code), error.detail) from error
    undercover = deal.undercover
    pair = DealtPair(
        civilian=deal.civilian.name,
        civilian_aliases=deal.civilian.aliases,
        civilian_attributes=deal.civilian.attributes,
        undercover=deal.undercover_word,
        undercover_aliases=undercover.aliases if undercover else (),
        undercover_attributes=undercover.attributes if undercover else (),
        franchise=deck.catalog.franchise_of(deal.civilian).name,
        requested=settings.similarity,
        used=deal.used.value if deal.used is not None else None,
        relaxations=_relaxed(deal.relaxations),
        shared_tags=deal.shared_tags,
        pair_id=deal.pair,
    )
    return pair, _dealt_history(deal.history)


def _dealt_history(history: DealHistory) -> DealtHistory:
    return DealtHistory(
        pairs=tuple(sorted(history.pairs)), civilians=tuple(sorted(history.civilians))
    )


def _deal_host_words(
    settings: RoomSettings,
    seed: int,
    history: DealHistory,
    host_words: HostWords,
    removed: frozenset[tuple[str, str]],
) -> tuple[DealtPair, DealtHistory]:
    try:
        deal = deal_custom(host_words.checked(), random.Random(seed), history, removed)
    except ValueError as error:
        raise Rejected(CustomWordsCode.ALL_REMOVED, str(error)) from error
    pair = DealtPair(
        civilian=deal.civilian,
        civilian_aliases=(),
        civilian_attributes=(),
        undercover=deal.undercover,
        undercover_aliases=(),
        undercover_attributes=(),
        franchise="",
        requested=settings.similarity,
        used=None,
        relaxations=(),
        shared_tags=(),
        pair_id=deal.pair,
        custom=True,
    )
    return pair, _dealt_history(deal.history)


class Availability(BaseModel):
    """What the lobby tells the host about the next deal: the level used and every true reason."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    level: Similarity | None = None
    relaxations: tuple[Relaxed, ...] = ()
    single_pair: bool = False  # one pair only at that level: the games would deal it in turn
    single_pair_repeats: bool = False  # ... and none at the neighbouring level: every game
    error: str | None = None  # a "themes.*" code: no game can start


def _available(
    catalog: Catalog,
    themes: tuple[str, ...],
    franchises: tuple[str, ...],
    similarity: Similarity,
    attribute_variant: bool,
    family_safe: bool,
    language: WordLanguage,
    history: DealHistory,
    removed: frozenset[tuple[str, str]],
) -> Availability:
    settings = RoomSettings(
        rules=RuleSettings(word_language=language),
        themes=themes,
        franchises=franchises,
        similarity=similarity,
        attribute_variant=attribute_variant,
        family_safe=family_safe,
    )
    request = _request(settings)
    try:
        pool = allowed_pool(catalog, request)
        if len(pool) < (1 if attribute_variant else 2):
            return Availability(error="themes.pool_empty" if not pool else "themes.pool_too_small")
        if attribute_variant:
            return Availability()
        found = outlook(catalog, pool, request.similarity, history, removed)
    except DealError as error:
        return Availability(error=str(error.code))
    return Availability(
        level=found.level.value,
        relaxations=_relaxed(found.relaxations),
        single_pair=found.single_pair,
        single_pair_repeats=found.single_pair_repeats,
    )


def _relaxed(relaxations: tuple[Relaxation, ...]) -> tuple[Relaxed, ...]:
    return tuple(
        Relaxed(from_level=r.from_level.value, to_level=r.to_level.value, reason=r.reason.value)
        for r in relaxations
    )


def _build_choices(catalog: Catalog, language: str) -> list[dict[str, object]]:
    """The lobby's categories and franchises in one word language (empty categories left out)."""
    choices: list[dict[str, object]] = [
        {
            "id": category,
            "franchises": [
                # family_safe: whether the family-safe filter leaves any of its entries
                {
                    "id": f.id,
                    "name": f.name,
                    "entries": len(f.entries),
                    "family_safe": any(e.family_safe for e in f.entries),
                }
                for f in catalog.franchises
                if f.category == category and f.language == language
            ],
        }
        for category in catalog.categories
    ]
    return [choice for choice in choices if choice["franchises"]]


class Deck:
    """The catalog the engine deals from, built once by the host and passed to `apply` and
    `view_for`; it keeps what every lobby view asks of it (the theme list, the outlooks)."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        # The lobby's theme list (per word language) is in every lobby view: built once,
        # never mutated.
        self.theme_choices: dict[str, list[dict[str, object]]] = {
            language: _build_choices(catalog, language) for language in WORD_LANGUAGES
        }
        self.pools = Pools(catalog)  # the pools the games deal from, kept between games
        self._available = functools.lru_cache(maxsize=256)(functools.partial(_available, catalog))

    def similarity_available(
        self,
        settings: RoomSettings,
        history: DealtHistory,
        removed: tuple[tuple[str, str], ...] = (),
    ) -> Availability:
        """What the lobby shows: the level the next deal delivers, each step down and why."""
        return self._available(
            tuple(sorted(settings.themes)),
            tuple(sorted(settings.franchises)),
            settings.similarity,
            settings.attribute_variant,
            settings.family_safe,
            settings.word_language,
            DealHistory(frozenset(history.pairs), frozenset(history.civilians)),
            frozenset(removed),
        )
