"""A bot that reads the table blends in: once the others' clues describe another word, its
clue fits both words (or, with nothing in common left, the table's), never its own alone."""

from __future__ import annotations

import dataclasses
import random

import pytest

from undercover.bots.lexicon import Lexicon
from undercover.bots.reading import Clue, Table
from undercover.bots.skills import SKILLS, Skill
from undercover.bots.words import (
    FALLBACK_CLUES,
    odd_one_out,
    table_word,
    undercover_suspicions,
    word_clue,
)
from undercover.engine.state import Strength
from undercover.themes.model import Entry

_FEATURES = {
    "Cheval": ("herbivore", "crinière", "écurie", "galop", "monture", "sabots"),
    "Âne": ("herbivore", "sabots", "têtu", "braire", "longues oreilles", "bât"),
    "Zèbre": ("herbivore", "rayures", "savane", "sabots", "troupeau"),
    "Vache": ("herbivore", "lait", "pré", "cornes", "troupeau"),
    "Lion": ("crinière", "savane", "rugir", "chasseur", "fauve"),
}
LEXICON = Lexicon(
    tuple(
        Entry(f"ferme/{name}", "ferme", name, (), tags, (), "fr", True)
        for name, tags in _FEATURES.items()
    ),
    with_attributes=False,
    same_franchise=True,
)
PLAYERS = ("p1", "p2", "p3", "p4", "p5")


def _skill(strength: Strength) -> Skill:
    """The strength's own habits, knowing every link of this tiny pool (a bot's partial
    knowledge of a real pool is another test's business)."""
    return dataclasses.replace(SKILLS[strength], knows=1.0)


def _table(strength: Strength, word: str, clues: tuple[tuple[str, str], ...]) -> Table:
    """p5's reading of a first clue round where p1-p4 already spoke."""
    return Table(
        me="p5",
        strength=strength,
        phase="clues",
        seq=1,
        secret_kind="word",
        secret=word,
        settings={"mode": "classic"},
        alive=PLAYERS,
        candidates=(),
        speaker="p5",
        proposer=None,
        stage="clue",
        round_theme=None,
        guesser=None,
        confirmed=True,
        ballot_cast=False,
        ballot=None,
        clues=tuple(Clue(player, text, 1) for player, text in clues),
        themes_used=(),
        clue_round=1,
    )


# Four civilians describe the horse with what the donkey does not have.
HORSE_CLUES = (("p1", "crinière"), ("p2", "écurie"), ("p3", "galop"), ("p4", "monture"))


@pytest.mark.parametrize("strength", ["normal", "malin"])
def test_an_undercover_that_heard_the_majority_gives_a_clue_fitting_both_words(
    strength: Strength,
) -> None:
    table = _table(strength, "Âne", HORSE_CLUES)
    seen = table_word(table, LEXICON, LEXICON.entries_by_key["ferme/Âne"], _skill(strength))
    assert max(seen, key=lambda key: seen[key]) == "ferme/Cheval"
    both = set(_FEATURES["Cheval"]) & set(_FEATURES["Âne"])
    for seed in range(40):
        clue = word_clue(table, LEXICON, "Âne", _skill(strength), random.Random(seed))
        assert clue in both, (seed, clue)


def test_with_nothing_in_common_left_it_borrows_the_tables_word_or_stays_vague() -> None:
    """Half the clues fit the donkey too, yet together they tell the horse."""
    clues = (("p1", "herbivore"), ("p2", "sabots"), ("p3", "crinière"), ("p4", "galop"))
    table = _table("malin", "Âne", clues)
    own_only = set(_FEATURES["Âne"]) - set(_FEATURES["Cheval"])
    for seed in range(40):
        clue = word_clue(table, LEXICON, "Âne", _skill("malin"), random.Random(seed))
        assert clue not in own_only, (seed, clue)
        assert clue in {*_FEATURES["Cheval"], *FALLBACK_CLUES}, (seed, clue)


def test_a_debutant_does_not_read_the_table_and_gives_its_own_words_features() -> None:
    table = _table("debutant", "Âne", HORSE_CLUES)
    said = {
        word_clue(table, LEXICON, "Âne", _skill("debutant"), random.Random(seed))
        for seed in range(40)
    }
    assert said <= set(_FEATURES["Âne"])
    assert said - set(_FEATURES["Cheval"])  # it sometimes gives itself away


def test_a_civilian_hearing_its_own_word_keeps_to_its_features() -> None:
    donkey_clues = (("p1", "têtu"), ("p2", "braire"), ("p3", "bât"), ("p4", "crinière"))
    table = _table("malin", "Âne", donkey_clues)
    for seed in range(40):
        clue = word_clue(table, LEXICON, "Âne", _skill("malin"), random.Random(seed))
        assert clue in _FEATURES["Âne"], (seed, clue)


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
        _table("malin", "Âne", clues),
        alive=(*PLAYERS, "p6", "p7"),
        phase="voting",
        civilians=5,
        undercovers=2,
    )
    donkey = LEXICON.entries_by_key["ferme/Âne"]
    skill = _skill("malin")
    guessed = odd_one_out(table_word(table, LEXICON, donkey, skill), LEXICON, donkey, skill)
    assert guessed is not None
    assert guessed.name == "Cheval"
    suspicion = undercover_suspicions(table, LEXICON, donkey, guessed, skill)
    assert "p4" not in suspicion
    assert max(suspicion, key=lambda player: suspicion[player]) == "p3"
