"""engine/dealing.py: seeded dealing, no repeats, what the lobby can promise."""

from __future__ import annotations

from tests.engine.content import DECK, ENTRIES
from undercover.engine.dealing import DealtHistory, Deck, deal_words
from undercover.engine.settings import RoomSettings
from undercover.themes.model import catalog_from_documents


def test_the_same_seed_deals_the_same_pair() -> None:
    first, _ = deal_words(DECK, RoomSettings(), 42, DealtHistory())
    again, _ = deal_words(DECK, RoomSettings(), 42, DealtHistory())
    assert first == again
    assert first.used == "very_close"
    assert len(first.shared_tags) >= 2


def test_the_history_keeps_pairs_from_coming_back() -> None:
    history = DealtHistory()
    seen = set()
    for seed in range(4):  # the made-up catalog has 4 very close pairs
        pair, history = deal_words(DECK, RoomSettings(), seed, history)
        seen.add(frozenset((pair.civilian, pair.undercover)))
    assert len(seen) == 4
    assert len(history.pairs) == 4


def test_the_attribute_variant_deals_an_attribute_of_the_civilian() -> None:
    settings = RoomSettings(attribute_variant=True)
    pair, _ = deal_words(DECK, settings, 3, DealtHistory())
    assert pair.undercover in pair.civilian_attributes
    assert pair.used is None


def unrelated_deck() -> Deck:
    """Two entries sharing no tag: no similar pair can be made."""
    entries = [ENTRIES[0], ENTRIES[-1]]
    tags = sorted({tag for _, _, entry_tags, _ in entries for tag in entry_tags})
    document = {
        "schema": 1,
        "id": "deux",
        "name": "Deux",
        "category": "films",
        "language": "fr",
        "family_safe": True,
        "description": "Deux entrées.",
        "tag_groups": {"tout": {"description": "Tout", "tags": tags}},
        "entries": [
            {"name": n, "aliases": a, "tags": t, "attributes": at} for n, a, t, at in entries
        ],
    }
    return Deck(catalog_from_documents([document]))


def test_the_lobby_says_when_the_level_must_be_relaxed() -> None:
    deck = unrelated_deck()
    found = deck.similarity_available(RoomSettings(similarity="very_close"), DealtHistory())
    assert found.level == "none"
    assert [(r.to_level, r.reason) for r in found.relaxations] == [
        ("close", "no_similar_pair"),
        ("none", "no_similar_pair"),
    ]
    assert found.single_pair  # two entries: one pair, which every game would deal
    assert found.error is None
    settings = RoomSettings(similarity="very_close")
    pair, _ = deal_words(deck, settings, 1, DealtHistory())
    assert pair.used == "none"
    assert pair.relaxations == found.relaxations


def test_the_lobby_says_when_no_pair_can_be_made() -> None:
    settings = RoomSettings(franchises=("absent",))
    found = DECK.similarity_available(settings, DealtHistory())
    assert (found.level, found.error) == (None, "themes.unknown_franchise")
