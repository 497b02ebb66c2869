"""A bot that reads the table blends in: once the others' clues describe another word, its
clue fits both words (or, with nothing in common left, the table's), never its own alone."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.bots.blending import FEATURES, LEXICON, PLAYERS, reading_table, skill_of
from undercover.bots.words import (
    FALLBACK_CLUES,
    odd_one_out,
    table_word,
    undercover_suspicions,
    word_clue,
)
from undercover.engine.state import Strength

# Four civilians describe the horse with what the donkey does not have.
HORSE_CLUES = (("p1", "crinière"), ("p2", "écurie"), ("p3", "galop"), ("p4", "monture"))


@pytest.mark.parametrize("strength", ["normal", "malin"])
def test_an_undercover_that_heard_the_majority_gives_a_clue_fitting_both_words(
    strength: Strength,
) -> None:
    table = reading_table(strength, "Âne", HORSE_CLUES)
    seen = table_word(table, LEXICON, LEXICON.entries_by_key["ferme/Âne"], skill_of(strength))
    assert max(seen, key=lambda key: seen[key]) == "ferme/Cheval"
    both = set(FEATURES["Cheval"]) & set(FEATURES["Âne"])
    for seed in range(40):
        clue = word_clue(table, LEXICON, "Âne", skill_of(strength), random.Random(seed))
        assert clue in both, (seed, clue)


def test_with_nothing_in_common_left_it_borrows_the_tables_word_or_stays_vague() -> None:
    """Half the clues fit the donkey too, yet together they tell the horse."""
    clues = (("p1", "herbivore"), ("p2", "sabots"), ("p3", "crinière"), ("p4", "galop"))
    table = reading_table("malin", "Âne", clues)
    own_only = set(FEATURES["Âne"]) - set(FEATURES["Cheval"])
    for seed in range(40):
        clue = word_clue(table, LEXICON, "Âne", skill_of("malin"), random.Random(seed))
        assert clue not in own_only, (seed, clue)
        assert clue in {*FEATURES["Cheval"], *FALLBACK_CLUES}, (seed, clue)


def test_a_debutant_gives_its_own_words_features_never_one_its_word_alone_holds() -> None:
    """Bray, stubborn or long ears would name the donkey among these five animals: even a
    débutant keeps to the features its word shares with another entry of the pool."""
    table = reading_table("debutant", "Âne", HORSE_CLUES)
    said = {
        word_clue(table, LEXICON, "Âne", skill_of("debutant"), random.Random(seed))
        for seed in range(40)
    }
    held_elsewhere = {tag for name, tags in FEATURES.items() if name != "Âne" for tag in tags}
    assert said
    assert said <= set(FEATURES["Âne"]) & held_elsewhere


def test_a_civilian_hearing_its_own_word_keeps_to_its_features() -> None:
    donkey_clues = (("p1", "têtu"), ("p2", "braire"), ("p3", "bât"), ("p4", "crinière"))
    table = reading_table("malin", "Âne", donkey_clues)
    for seed in range(40):
        clue = word_clue(table, LEXICON, "Âne", skill_of("malin"), random.Random(seed))
        assert clue in FEATURES["Âne"], (seed, clue)


def test_an_undercover_votes_with_the_table_against_a_civilian_never_its_partner() -> None:
    """Seven players, two donkeys: p4 is the fellow undercover (its clue fits the donkey
    only); the horse's vaguest describer is p3, the civilian the table will doubt first."""
    clues = (
        ("p1", "crinière"),
        ("p2", "écurie"),
        ("p3", "herbivore"),
        ("p4", "braire"),
        ("p6", "galop"),
        ("p7", "monture"),
    )
    table = dataclasses.replace(
        reading_table("malin", "Âne", clues),
        alive=(*PLAYERS, "p6", "p7"),
        phase="voting",
        civilians=5,
        undercovers=2,
    )
    donkey = LEXICON.entries_by_key["ferme/Âne"]
    skill = skill_of("malin")
    guessed = odd_one_out(table_word(table, LEXICON, donkey, skill), LEXICON, donkey, skill)
    assert guessed is not None
    assert guessed.name == "Cheval"
    suspicion = undercover_suspicions(table, LEXICON, donkey, guessed, skill)
    assert "p4" not in suspicion
    assert max(suspicion, key=lambda player: suspicion[player]) == "p3"
