"""The shipped content under themes/: valid, and large and similar enough to play."""

import random

import pytest

from undercover.themes.cli import FAIL_BELOW, very_close_share
from undercover.themes.load import read_documents
from undercover.themes.model import Catalog, Similarity, catalog_from_documents
from undercover.themes.select import DealHistory, DealRequest, deal_pair

CLASSIC = "classique"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    # The valid files: a broken one fails `test_every_theme_file_is_valid`, not every test.
    return catalog_from_documents(read_documents()[0])


def test_every_theme_file_is_valid() -> None:
    documents, problems = read_documents()
    assert [str(problem) for problem in problems] == []
    assert documents


def test_at_least_16_franchises_over_4_categories(catalog: Catalog) -> None:
    franchises = [f for f in catalog.franchises if f.category != CLASSIC]
    assert len(franchises) >= 16, [f.id for f in franchises]
    assert len({f.category for f in franchises}) >= 4, {f.category for f in franchises}
    assert all(len(f.entries) >= 30 for f in franchises)


def test_classic_deck_has_at_least_300_words(catalog: Catalog) -> None:
    # Distinct words: a homonym in two families (avocat, the fruit and the job) counts once.
    words = {e.name for f in catalog.franchises if f.category == CLASSIC for e in f.entries}
    assert len(words) >= 300


# From the valid files only, so that one broken file does not stop the collection.
@pytest.mark.parametrize("franchise_id", sorted(doc["id"] for doc in read_documents()[0]))
def test_enough_entries_have_a_very_close_partner(catalog: Catalog, franchise_id: str) -> None:
    share = very_close_share(catalog.franchises_by_id[franchise_id])
    assert share >= FAIL_BELOW, f"{franchise_id}: {share:.0%} of entries have a very close partner"


def test_every_franchise_deals_every_level_and_the_variant(catalog: Catalog) -> None:
    for franchise in catalog.franchises:
        only = frozenset({franchise.id})
        language = franchise.language
        for level in Similarity:
            request = DealRequest(franchises=only, similarity=level, language=language)
            result = deal_pair(catalog, request, random.Random(franchise.id), DealHistory())
            assert result.used is level, (franchise.id, level, result.relaxations)
        request = DealRequest(franchises=only, attribute_variant=True, language=language)
        result = deal_pair(catalog, request, random.Random(0), DealHistory())
        assert result.undercover_word in result.civilian.attributes


def test_family_safe_filter_leaves_a_playable_pool(catalog: Catalog) -> None:
    request = DealRequest(family_safe_only=True, similarity=Similarity.VERY_CLOSE)
    result = deal_pair(catalog, request, random.Random(1), DealHistory())
    assert result.civilian.family_safe
    assert result.undercover is not None
    assert result.undercover.family_safe
