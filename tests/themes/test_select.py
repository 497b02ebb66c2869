import itertools
import math
import random
from collections import Counter
from dataclasses import replace

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
    outlook,
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


def brute_force_link(first: Entry, second: Entry) -> tuple[set[str], float]:
    """The measure from scratch: shared tags held by at most a third, and their bits."""
    if first.franchise_id != second.franchise_id:
        return set(), 0.0
    members = CATALOG.franchises_by_id[first.franchise_id].entries
    counts = Counter(tag for entry in members for tag in entry.tags)
    n = len(members)
    shared = {t for t in set(first.tags) & set(second.tags) if counts[t] * 3 <= n}
    return shared, sum(math.log2(n / counts[t]) for t in shared)


def brute_force_level(first: Entry, second: Entry) -> Similarity:
    shared, weight = brute_force_link(first, second)
    if weight >= 5 and len(shared) >= 2:
        return Similarity.VERY_CLOSE
    return Similarity.CLOSE if weight >= 3 else Similarity.NONE


def fits(level: Similarity, first: Entry, second: Entry) -> bool:
    """Whether the pair may be dealt at `level` (none: unrelated, same franchise)."""
    if first.franchise_id != second.franchise_id:
        return False
    found = brute_force_level(first, second)
    return found is level if level is Similarity.NONE else found.rank >= level.rank


@pytest.mark.parametrize("level", list(Similarity))
def test_each_level_yields_pairs_in_its_range(level: Similarity) -> None:
    request = DealRequest(franchises=frozenset({"ecole"}), similarity=level)
    for seed in range(200):
        result = deal(request, seed)
        assert result.undercover is not None
        assert fits(level, result.civilian, result.undercover)
        assert set(result.shared_tags) == brute_force_link(result.civilian, result.undercover)[0]
        assert result.used is level
        assert not result.is_relaxed
        assert result.undercover_word == result.undercover.name != result.civilian.name


@pytest.mark.parametrize("level", list(Similarity))
def test_every_level_stays_inside_one_franchise(level: Similarity) -> None:
    request = DealRequest(categories=frozenset({"films", "animes"}), similarity=level)
    results = [deal(request, seed) for seed in range(100)]
    assert all(
        r.undercover and r.undercover.franchise_id == r.civilian.franchise_id for r in results
    )
    assert not any(r.across_franchises for r in results)


def test_relaxes_to_close_when_no_pair_is_very_close() -> None:
    doc = document()
    doc["entries"][0]["family_safe"] = False  # without Alba, no pair is very close
    catalog = catalog_from_documents([doc])
    request = DealRequest(similarity=Similarity.VERY_CLOSE, family_safe_only=True)
    result = deal_pair(catalog, request, random.Random(1), DealHistory())
    assert result.requested is Similarity.VERY_CLOSE
    assert result.used is Similarity.CLOSE
    [step] = result.relaxations
    assert (step.from_level, step.to_level, step.reason) == (
        Similarity.VERY_CLOSE,
        Similarity.CLOSE,
        RelaxReason.NO_SIMILAR_PAIR,
    )
    assert {result.civilian.name, result.undercover_word} in (
        {"Émile", "Fanny"},
        {"Gaspard", "Hélène"},
    )


def test_none_relaxes_to_close_when_every_pair_is_related() -> None:
    doc = document()
    for index, entry in enumerate(doc["entries"]):
        entry["family_safe"] = index < 2  # Alba and Bruno: very close, nobody else
    catalog = catalog_from_documents([doc])
    request = DealRequest(similarity=Similarity.NONE, family_safe_only=True)
    result = deal_pair(catalog, request, random.Random(1), DealHistory())
    assert result.used is Similarity.CLOSE
    assert [r.reason for r in result.relaxations] == [RelaxReason.NO_UNRELATED_PAIR]


def test_goes_across_franchises_only_when_none_keeps_two_entries() -> None:
    doc_a = document("a", "films", FLAT_ENTRIES[:2], FLAT_GROUPS)
    doc_b = document("b", "series", FLAT_ENTRIES[2:4], FLAT_GROUPS)
    doc_a["entries"][1]["family_safe"] = False
    doc_b["entries"][1]["family_safe"] = False
    catalog = catalog_from_documents([doc_a, doc_b])
    request = DealRequest(similarity=Similarity.VERY_CLOSE, family_safe_only=True)
    result = deal_pair(catalog, request, random.Random(3), DealHistory())
    assert result.used is Similarity.NONE
    assert result.across_franchises
    assert [(r.from_level, r.to_level, r.reason) for r in result.relaxations] == [
        (Similarity.VERY_CLOSE, Similarity.NONE, RelaxReason.SMALL_POOL)
    ]
    assert {result.civilian.name, result.undercover_word} == {"Un", "Trois"}


def test_no_relaxation_when_some_civilian_can_satisfy_the_level() -> None:
    # Igor, Cyrille and Dora have no close partner, but others do: civilians are drawn among those.
    request = DealRequest(franchises=frozenset({"ecole"}), similarity=Similarity.CLOSE)
    civilians = {deal(request, seed).civilian.name for seed in range(300)}
    assert civilians == {"Alba", "Bruno", "Émile", "Fanny", "Gaspard", "Hélène"}


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


def test_no_pair_repeats_while_the_level_or_its_neighbour_has_another() -> None:
    request = DealRequest(franchises=frozenset({"ecole"}), similarity=Similarity.CLOSE)
    close = [{"Alba", "Bruno"}, {"Émile", "Fanny"}, {"Gaspard", "Hélène"}]
    history = DealHistory()
    seen = []
    for seed in range(3):
        result = deal(request, seed, history)
        assert not result.is_relaxed
        seen.append({result.civilian.name, result.undercover_word})
        history = result.history
    assert sorted(map(sorted, seen)) == sorted(map(sorted, close))
    # Every close pair dealt: the next game moves to the neighbouring level, saying why.
    result = deal(request, 3, history)
    assert not result.history_reset
    assert result.used is Similarity.NONE
    assert [(r.to_level, r.reason) for r in result.relaxations] == [
        (Similarity.NONE, RelaxReason.HISTORY_USED_UP)
    ]
    assert {result.civilian.name, result.undercover_word} not in close


def test_a_single_very_close_pair_is_never_dealt_twice_while_close_ones_remain() -> None:
    request = DealRequest(franchises=frozenset({"ecole"}), similarity=Similarity.VERY_CLOSE)
    pool = allowed_pool(CATALOG, request)
    assert outlook(CATALOG, pool, Similarity.VERY_CLOSE, DealHistory()).single_pair
    first = deal(request, 0)
    assert {first.civilian.name, first.undercover_word} == {"Alba", "Bruno"}
    ahead = outlook(CATALOG, pool, Similarity.VERY_CLOSE, first.history)
    assert ahead.level is Similarity.CLOSE
    assert [r.reason for r in ahead.relaxations] == [RelaxReason.HISTORY_USED_UP]
    history = first.history
    for seed in range(1, 3):
        result = deal(request, seed, history)
        assert result.used is Similarity.CLOSE
        assert {result.civilian.name, result.undercover_word} != {"Alba", "Bruno"}
        history = result.history


def test_history_starts_over_only_when_level_and_neighbour_are_used_up() -> None:
    # "plat": six entries, no pair close (each a-tag is held by a third, 1.6 bits): 15 pairs.
    request = DealRequest(franchises=frozenset({"plat"}), similarity=Similarity.NONE)
    history = DealHistory()
    seen = set()
    for seed in range(15):
        result = deal(request, seed, history)
        assert not result.history_reset
        assert not result.is_relaxed
        seen.add(frozenset({result.civilian.name, result.undercover_word}))
        history = result.history
    assert len(seen) == 15
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


def test_an_entry_inside_another_word_for_word_never_pairs_with_it() -> None:
    # "Roi Boo" holds "Boo": a clue for one names the other. "Sixtine" does not hold "Six".
    entries = [*FLAT_ENTRIES, ("Roi Six", ["a3", "y"], ["r1", "r2", "r3"])]
    entries[0] = ("Sixtine", *entries[0][1:])
    catalog = catalog_from_documents([document("plat", "animes", entries, FLAT_GROUPS)])
    by_name = {entry.name: entry for entry in catalog.franchises[0].entries}
    assert by_name["Roi Six"].spelled_like(by_name["Six"])
    assert by_name["Six"].spelled_like(by_name["Roi Six"])
    assert not by_name["Sixtine"].spelled_like(by_name["Six"])
    dealt = set()
    for seed in range(300):
        result = deal_pair(catalog, DealRequest(), random.Random(seed), DealHistory())
        dealt.add(frozenset((result.civilian.name, result.undercover_word)))
    assert frozenset(("Six", "Roi Six")) not in dealt
    assert frozenset(("Cinq", "Roi Six")) in dealt


def test_only_identical_words_is_a_clear_error() -> None:
    one = [FLAT_ENTRIES[0]]
    catalog = catalog_from_documents([document("a", "films", one), document("b", "bd", one)])
    with pytest.raises(DealError) as caught:
        deal_pair(catalog, DealRequest(), random.Random(0), DealHistory())
    assert caught.value.code is DealErrorCode.POOL_TOO_SMALL
    assert caught.value.detail == "only identical words"


@pytest.mark.parametrize(
    ("request_", "code", "detail"),
    [
        (
            DealRequest(franchises=frozenset({"inconnue"})),
            DealErrorCode.UNKNOWN_FRANCHISE,
            "inconnue",
        ),
        (DealRequest(categories=frozenset({"romans"})), DealErrorCode.UNKNOWN_CATEGORY, "romans"),
        (
            DealRequest(franchises=frozenset({"plat"}), family_safe_only=True),
            DealErrorCode.POOL_EMPTY,
            "",
        ),
        (DealRequest(franchises=frozenset({"plat"}), language="en"), DealErrorCode.POOL_EMPTY, ""),
    ],
)
def test_filters_that_select_nothing_are_clear_errors(
    request_: DealRequest, code: DealErrorCode, detail: str
) -> None:
    """The code says what went wrong (its text is in the catalogues); the detail, which names."""
    with pytest.raises(DealError) as caught:
        deal(request_)
    assert (caught.value.code, caught.value.detail) == (code, detail)


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
NEIGHBOUR = {
    Similarity.VERY_CLOSE: Similarity.CLOSE,
    Similarity.CLOSE: Similarity.NONE,
    Similarity.NONE: Similarity.CLOSE,
}


def has_pair_at(pool: tuple[Entry, ...], level: Similarity) -> bool:
    return any(
        fits(level, a, b) and not a.spelled_like(b) for a, b in itertools.combinations(pool, 2)
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
        previous = history
        result = deal(request, seed + game, history)
        history = result.history
        assert result.civilian in pool
        if attribute_variant:
            assert result.undercover_word in result.civilian.attributes
            continue
        assert result.undercover in pool
        # Relaxed (other than by the history) exactly when the pool has no pair at that level.
        used = result.used
        assert used is not None
        reasons = [r.reason for r in result.relaxations]
        pool_reasons = [r for r in reasons if r is not RelaxReason.HISTORY_USED_UP]
        assert bool(pool_reasons) == (not has_pair_at(pool, similarity))
        if result.across_franchises:
            assert RelaxReason.SMALL_POOL in reasons
        else:
            assert fits(used, result.civilian, result.undercover)
        pair = (result.civilian.key, result.undercover.key)
        assert result.history_reset or tuple(sorted(pair)) not in previous.pairs
        if result.history_reset and not result.across_franchises:
            # Starting over only once the level and its neighbour have nothing left unplayed.
            neighbour = NEIGHBOUR[used]
            for level in (used, neighbour):
                assert all(
                    tuple(sorted((a.key, b.key))) in previous.pairs
                    for a, b in itertools.combinations(pool, 2)
                    if fits(level, a, b) and not a.spelled_like(b)
                ), level


def test_the_outlook_counts_voted_out_pairs_as_gone() -> None:
    request = DealRequest(franchises=frozenset({"ecole"}), similarity=Similarity.VERY_CLOSE)
    pool = allowed_pool(CATALOG, request)
    [pair] = [
        tuple(sorted((a.key, b.key)))
        for a, b in itertools.combinations(pool, 2)
        if fits(Similarity.VERY_CLOSE, a, b)
    ]
    ahead = outlook(CATALOG, pool, Similarity.VERY_CLOSE, DealHistory(), frozenset({pair}))
    assert ahead.level is Similarity.CLOSE
    # The true reason: the players' ratings, not the themes' lack of shared traits.
    assert [r.reason for r in ahead.relaxations] == [RelaxReason.RATED_OUT]
    voted = DealRequest(franchises=request.franchises, removed_pairs=frozenset({pair}))
    result = deal(replace(voted, similarity=Similarity.VERY_CLOSE))
    assert result.used is Similarity.CLOSE
    assert [r.reason for r in result.relaxations] == [RelaxReason.RATED_OUT]


def test_when_ratings_removed_every_pair_the_deal_says_it_deals_one_anyway() -> None:
    request = DealRequest(franchises=frozenset({"plat"}), similarity=Similarity.CLOSE)
    pool = allowed_pool(CATALOG, request)
    every = frozenset(tuple(sorted((a.key, b.key))) for a, b in itertools.combinations(pool, 2))
    ahead = outlook(CATALOG, pool, Similarity.CLOSE, DealHistory(), every)
    assert ahead.relaxations[-1].reason is RelaxReason.ALL_RATED_OUT
    result = deal(
        DealRequest(franchises=request.franchises, similarity=Similarity.CLOSE, removed_pairs=every)
    )
    assert result.relaxations[-1].reason is RelaxReason.ALL_RATED_OUT
    assert result.pair in every


def test_a_single_pair_with_no_neighbour_is_said_to_repeat_every_game() -> None:
    # Two entries of one franchise: one pair, at one level; the room deals it every game.
    request = DealRequest(franchises=frozenset({"plat"}), similarity=Similarity.CLOSE)
    pool = allowed_pool(CATALOG, request)[:2]
    ahead = outlook(CATALOG, pool, Similarity.CLOSE, DealHistory())
    assert ahead.single_pair
    assert ahead.single_pair_repeats
    # The school's single very close pair is followed by close ones: it does not repeat.
    school = allowed_pool(CATALOG, DealRequest(franchises=frozenset({"ecole"})))
    ahead = outlook(CATALOG, school, Similarity.VERY_CLOSE, DealHistory())
    assert ahead.single_pair
    assert not ahead.single_pair_repeats
