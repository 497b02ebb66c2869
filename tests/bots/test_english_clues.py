"""Bots clue in the room's word language: an English room's bots say English things."""

from __future__ import annotations

from tests.engine.content import builtin_deck
from undercover.bots.grades import ENGLISH_BANDS
from undercover.bots.lexicon import lexicon_for
from undercover.bots.words import ENGLISH_FALLBACK_CLUES, FALLBACK_CLUES
from undercover.engine.settings import SettingsChanges
from undercover.rules import ClueEntry, Mode
from undercover.rules.text import fold
from undercover.tools.tournament import bot_table, play_out


def _texts(language: str) -> set[str]:
    """Every text a bot can say off the entries of one language, folded: names, features
    (tags, attributes, associations) and the telling words of them."""
    lexicon = lexicon_for(builtin_deck().catalog, {"word_language": language, "family_safe": False})
    found = {fold(text) for entry in lexicon.entries for text in (entry.name, *entry.aliases)}
    for key in lexicon.features:
        found |= {fold(text) for text in (*lexicon.features[key], *lexicon.parts[key])}
    return found


def _clues(seed: int, **changes: object) -> list[str]:
    deck = builtin_deck()
    room = bot_table(5, seed, SettingsChanges(word_language="en", **changes), deck=deck)  # type: ignore[arg-type]
    room = play_out(room, deck)
    assert room.game is not None
    return [e.text for e in room.game.recap if isinstance(e, ClueEntry) and e.text]


def test_english_rooms_deal_english_words_and_bots_give_no_french_clue() -> None:
    french_only = _texts("fr") - _texts("en") | {fold(c) for c in FALLBACK_CLUES}
    english = _texts("en") | {fold(c) for c in ENGLISH_FALLBACK_CLUES}
    said = [clue for seed in range(12) for clue in _clues(seed, similarity="close")]
    assert len(said) > 60
    assert not [clue for clue in said if fold(clue) in french_only]
    # Most clues are read straight off English entries (the rest are the bots' own phrasing).
    assert sum(fold(clue) in english for clue in said) * 2 > len(said)


def test_english_grade_bots_speak_english_phrases() -> None:
    phrases = {fold(p) for _, _, said, _ in ENGLISH_BANDS for p in said}
    said = [clue for seed in range(4) for clue in _clues(seed, mode=Mode.GRADE)]
    assert said
    assert all(fold(clue) in phrases for clue in said)
