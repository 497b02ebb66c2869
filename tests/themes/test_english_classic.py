"""An English room's classic theme deals the English classic deck (themes/en/classique) only."""

from undercover.engine.dealing import DealtHistory, Deck, deal_words
from undercover.engine.settings import RoomSettings
from undercover.rules.settings import RuleSettings
from undercover.rules.text import fold
from undercover.themes.audit import CLASSIC, counts
from undercover.themes.builtin import builtin_catalog

GAMES = 200
LEVELS = ("very_close", "close", "none")


def test_an_english_room_deals_english_classic_words_only() -> None:
    catalog = builtin_catalog()
    english = [f for f in catalog.franchises if f.category == CLASSIC and f.language == "en"]
    spellings = {fold(s) for f in english for e in f.entries for s in (e.name, *e.attributes)}
    french = {
        fold(e.name)
        for f in catalog.franchises
        if f.language == "fr"
        for e in f.entries
        if fold(e.name) not in spellings  # "Pizza" is a word of both decks
    }
    history = DealtHistory()
    families = set()
    deck = Deck(catalog)
    for seed in range(GAMES):
        settings = RoomSettings(
            rules=RuleSettings(word_language="en"),
            themes=(CLASSIC,),
            similarity=LEVELS[seed % 3],
            family_safe=seed % 2 == 0,
            attribute_variant=seed % 10 == 9,
        )
        pair, history = deal_words(deck, settings, seed, history)
        families.add(pair.franchise)
        for word in (pair.civilian, pair.undercover):
            assert fold(word) in spellings, (seed, word)
            assert fold(word) not in french, (seed, word)
    assert families == {f.name for f in english}  # every family takes its turn


def test_the_english_lobby_offers_the_english_families_under_the_classic_theme() -> None:
    catalog = builtin_catalog()
    choices = {c["id"]: c["franchises"] for c in Deck(catalog).theme_choices["en"]}
    offered = {f["id"] for f in choices[CLASSIC]}  # type: ignore[union-attr]
    assert all(id_.endswith("-en") for id_ in offered), offered
    english = counts(catalog, "en")
    assert len(offered) == english.families >= 10
    assert english.classic_words >= 500
