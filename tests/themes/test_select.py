import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from undercover.themes.model import Catalog, Entry, Similarity, catalog_from_documents
from undercover.themes.select import (
    Deal,
    DealError,
    DealErrorCode,
    DealHistory,
    DealRequest,
    RelaxReason,
    allowed_pool,
    deal_pair,
)

from .documents import document

# Every pair shares exactly one distinctive tag ("x" and "y" are each held by half).
FLAT_ENTRIES = [
    ("Un", ["a1", "x"], ["u1", "u2", "u3"]),
    ("Deux", ["a1", "x"], ["d1", "d2", "d3"]),
    ("Trois", ["a2", "x"], ["t1", "t2", "t3"]),
    ("Quatre", ["a2", "y"], ["q1", "q2", "q3"]),
    ("Cinq", ["a3", "y"], ["c1", "c2", "c3"]),
    ("Six", ["a3", "y"], ["s1", "s2", "s3"]),
]
FLAT_GROUPS = {"a": ["a1", "a2", "a3"], "b": ["x", "y"]}


def make_catalog() -> Catalog:
    lycee = document("lycee", "series")
    for index, entry in enumerate(lycee["entries"]):
        entry["name"] = f"{entry['name']} bis"
        entry["family_safe"] = index < 2  # only Alba bis and Bruno bis are family-safe
    return catalog_from_documents(
        [
            document(),
            lycee,
            document("plat", "animes", FLAT_ENTRIES, FLAT_GROUPS, family_safe=False),
        ]
    )


CATALOG = make_catalog()


def deal(request: DealRequest, seed: int = 1, history: DealHistory | None = None) -> Deal:
    return deal_pair(CATALOG, request, random.Random(seed), history or DealHistory())


def brute_force_shared(first: Entry, second: Entry) -> set[str]:
    """The measure from scratch: shared tags that at most a third of the franchise holds."""
    if first.franchise_id != second.franchise_id:
        return set()
    members = CATALOG.franchises_by_id[first.franchise_id].entries
    counts = Counter(tag for entry in members for tag in entry.tags)
    return {t for t in set(first.tags) & set(second.tags) if counts[t] * 3 <= len(members)}


@pytest.mark.parametrize(
    ("level", "least"), [(Similarity.VERY_CLOSE, 2), (Similarity.CLOSE, 1), (Similarity.NONE, 0)]
)
def test_each_level_yields_pairs_in_its_range(level: Similarity, least: int) -> None:
    request = DealRequest(franchises=frozenset({"ecole"}), similarity=level)
    for seed in range(200):
        result = deal(request, seed)
        assert result.undercover is not None
        shared = brute_force_shared(result.civilian, result.undercover)
        assert len(shared) >= least
        assert set(result.shared_tags) == shared
        assert result.used is level
        assert not result.is_relaxed
        assert result.undercover_word == result.undercover.name != result.civilian.name


def test_close_levels_stay_inside_one_franchise_and_none_may_cross() -> None:
    request = DealRequest(categories=frozenset({"films", "animes"}), similarity=Similarity.CLOSE)
    results = [deal(request, seed) for seed in range(100)]
    assert all(
        r.undercover and r.undercover.franchise_id == r.civilian.franchise_id for r in results
    )
    request = DealRequest(categories=frozenset({"films", "animes"}), similarity=Similarity.NONE)
    results = [deal(request, seed) for seed in range(100)]
    assert any(
        r.undercover and r.undercover.franchise_id != r.civilian.franchise_id for r in results
    )


def test_relaxes_to_close_when_no_pair_is_very_close() -> None:
    request = DealRequest(franchises=frozenset({"plat"}), similarity=Similarity.VERY_CLOSE)
    result = deal(request)
    assert result.requested is Similarity.VERY_CLOSE
    assert result.used is Similarity.CLOSE
    [step] = result.relaxations
    assert (step.from_level, step.to_level, step.reason) == (
        Similarity.VERY_CLOSE,
        Similarity.CLOSE,
        RelaxReason.NO_SIMILAR_PAIR,
    )
    assert len(result.shared_tags) == 1


def test_relaxes_to_none_when_filters_leave_one_entry_per_franchise() -> None:
    doc_a = document("a", "films", FLAT_ENTRIES[:2], FLAT_GROUPS)
    doc_b = document("b", "series", FLAT_ENTRIES[2:4], FLAT_GROUPS)
    doc_a["entries"][1]["family_safe"] = False
    doc_b["entries"][1]["family_safe"] = False
    catalog = catalog_from_documents([doc_a, doc_b])
    request = DealRequest(similarity=Similarity.VERY_CLOSE, family_safe_only=True)
    result = deal_pair(catalog, request, random.Random(3), DealHistory())
    assert result.used is Similarity.NONE
    assert [(r.to_level, r.reason) for r in result.relaxations] == [
        (Similarity.CLOSE, RelaxReason.SMALL_POOL),
        (Similarity.NONE, RelaxReason.SMALL_POOL),
    ]
    assert {result.civilian.name, result.undercover_word} == {"Un", "Trois"}


def test_no_relaxation_when_some_civilian_can_satisfy_the_level() -> None:
    # Igor has no very close partner, but other entries do: the civilian is drawn among those.
    request = DealRequest(franchises=frozenset({"ecole"}), similarity=Similarity.VERY_CLOSE)
    civilians = {deal(request, seed).civilian.name for seed in range(300)}
    assert "Igor" not in civilians
    assert len(civilians) >= 5


def test_attribute_variant_deals_an_attribute_of_the_civilian() -> None:
    request = DealRequest(franchises=frozenset({"ecole"}), attribute_variant=True)
    for seed in range(50):
        result = deal(request, seed)
        assert result.undercover is None
        assert result.used is None
        assert result.undercover_word in result.civilian.attributes
        assert result.shared_tags == ()


def test_attribute_variant_needs_only_one_entry() -> None:
    request = DealRequest(franchises=frozenset({"lycee"}), family_safe_only=True)
    one = allowed_pool(CATALOG, request)[:1]
    catalog = catalog_from_documents(
        [document("solo", "films", [(one[0].name, list(one[0].tags), list(one[0].attributes))])]
    )
    result = deal_pair(
        catalog, DealRequest(attribute_variant=True), random.Random(0), DealHistory()
    )
    assert result.undercover_word in one[0].attributes
    with pytest.raises(DealError) as caught:
        deal_pair(catalog, DealRequest(), random.Random(0), DealHistory())
    assert caught.value.code is DealErrorCode.POOL_TOO_SMALL


def test_no_pair_repeats_until_the_level_is_exhausted() -> None:
    request = DealRequest(franchises=frozenset({"plat"}), similarity=Similarity.CLOSE)
    # Its only close pairs: "x" and "y" are held by half the franchise, so not distinctive.
    pairs = {frozenset(p) for p in [("Un", "Deux"), ("Trois", "Quatre"), ("Cinq", "Six")]}
    history = DealHistory()
    seen = []
    for _ in range(len(pairs)):
        result = deal(request, len(seen), history)
        assert not result.history_reset
        seen.append(frozenset({result.civilian.name, result.undercover_word}))
        history = result.history
    assert set(seen) == pairs
    result = deal(request, 99, history)
    assert result.history_reset
    assert len(result.history.pairs) == 1


def test_fresh_civilians_come_first() -> None:
    request = DealRequest(franchises=frozenset({"ecole"}), similarity=Similarity.NONE)
    history = DealHistory()
    civilians = []
    for seed in range(9):
        result = deal(request, seed, history)
        civilians.append(result.civilian.name)
        history = result.history
    assert len(set(civilians)) == 9


def test_attribute_variant_does_not_repeat_until_exhausted() -> None:
    request = DealRequest(franchises=frozenset({"plat"}), attribute_variant=True)
    history = DealHistory()
    words = []
    for seed in range(18):  # 6 entries x 3 attributes
        result = deal(request, seed, history)
        assert not result.history_reset
        words.append(result.undercover_word)
        history = result.history
    assert len(set(words)) == 18
    assert deal(request, 18, history).history_reset


def test_same_seed_same_deal_and_seeds_vary() -> None:
    request = DealRequest(similarity=Similarity.CLOSE)
    assert deal(request, 42) == deal(request, 42)
    assert len({deal(request, seed).civilian.key for seed in range(30)}) > 5


def test_entries_spelled_alike_never_pair() -> None:
    twin = document("jumeaux", "series")
    catalog = catalog_from_documents([document(), twin])
    request = DealRequest(similarity=Similarity.NONE)
    for seed in range(300):
        result = deal_pair(catalog, request, random.Random(seed), DealHistory())
        assert result.civilian.name != result.undercover_word


def test_only_identical_words_is_a_clear_error() -> None:
    one = [FLAT_ENTRIES[0]]
    catalog = catalog_from_documents([document("a", "films", one), document("b", "bd", one)])
    with pytest.raises(DealError) as caught:
        deal_pair(catalog, DealRequest(), random.Random(0), DealHistory())
    assert caught.value.code is DealErrorCode.POOL_TOO_SMALL
    assert "identiques" in caught.value.message_fr


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        (DealRequest(franchises=frozenset({"inconnue"})), DealErrorCode.UNKNOWN_FRANCHISE),
        (DealRequest(categories=frozenset({"romans"})), DealErrorCode.UNKNOWN_CATEGORY),
        (
            DealRequest(franchises=frozenset({"plat"}), family_safe_only=True),
            DealErrorCode.POOL_EMPTY,
        ),
        (DealRequest(franchises=frozenset({"plat"}), language="en"), DealErrorCode.POOL_EMPTY),
    ],
)
def test_filters_that_select_nothing_are_clear_errors(
    request_: DealRequest, code: DealErrorCode
) -> None:
    with pytest.raises(DealError) as caught:
        deal(request_)
    assert caught.value.code is code
    assert caught.value.message_fr
    assert caught.value.message_en


def test_family_safe_filter_uses_the_entries_flag() -> None:
    doc = document()
    doc["entries"][0]["family_safe"] = False
    catalog = catalog_from_documents([doc])
    request = DealRequest(family_safe_only=True, similarity=Similarity.NONE)
    names = set()
    for seed in range(200):
        result = deal_pair(catalog, request, random.Random(seed), DealHistory())
        names |= {result.civilian.name, result.undercover_word}
    assert "Alba" not in names
    assert len(names) == 8


def test_history_round_trips_through_json() -> None:
    history = deal(DealRequest(), 5).history
    assert DealHistory.from_json(history.to_json()) == history
    with pytest.raises(ValueError, match="pairs"):
        DealHistory.from_json({"pairs": [["only one"]]})


FRANCHISE_IDS = sorted(CATALOG.franchises_by_id)


def has_pair_at(pool: tuple[Entry, ...], least: int) -> bool:
    return any(
        len(brute_force_shared(a, b)) >= least and not (a.spellings & b.spellings)
        for a, b in itertools.combinations(pool, 2)
    )


@settings(max_examples=150, deadline=None)
@given(
    franchises=st.sets(st.sampled_from(FRANCHISE_IDS)),
    family_safe_only=st.booleans(),
    similarity=st.sampled_from(list(Similarity)),
    attribute_variant=st.booleans(),
    players=st.integers(min_value=3, max_value=20),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_any_filter_gives_a_pair_when_two_entries_exist(
    franchises: set[str],
    family_safe_only: bool,
    similarity: Similarity,
    attribute_variant: bool,
    players: int,
    seed: int,
) -> None:
    request = DealRequest(
        franchises=frozenset(franchises),
        similarity=similarity,
        attribute_variant=attribute_variant,
        family_safe_only=family_safe_only,
    )
    pool = allowed_pool(CATALOG, request)
    # A room plays several games in a row: the player count changes how many, never whether.
    history = DealHistory()
    for game in range(players):
        if len(pool) < (1 if attribute_variant else 2):
            with pytest.raises(DealError):
                deal(request, seed + game, history)
            return
        result = deal(request, seed + game, history)
        history = result.history
        assert result.civilian in pool
        if attribute_variant:
            assert result.undercover_word in result.civilian.attributes
            continue
        assert result.undercover in pool
        # Relaxation happens exactly when the pool has no pair at the requested level.
        used = result.used
        assert used is not None
        assert used.min_shared <= similarity.min_shared
        assert result.is_relaxed == (not has_pair_at(pool, similarity.min_shared))
        assert has_pair_at(pool, used.min_shared)
        assert len(brute_force_shared(result.civilian, result.undercover)) >= used.min_shared
