"""A small lexicon and table for the bots' reading tests."""

from __future__ import annotations

import dataclasses

from undercover.bots.lexicon import Lexicon
from undercover.bots.reading import Clue, Table
from undercover.bots.skills import SKILLS, Skill
from undercover.engine.state import Strength
from undercover.themes.model import Entry

FEATURES = {
    "Cheval": ("herbivore", "crinière", "écurie", "galop", "monture", "sabots"),
    "Âne": ("herbivore", "sabots", "têtu", "braire", "longues oreilles", "bât"),
    "Zèbre": ("herbivore", "rayures", "savane", "sabots", "troupeau"),
    "Vache": ("herbivore", "lait", "pré", "cornes", "troupeau"),
    "Lion": ("crinière", "savane", "rugir", "chasseur", "fauve"),
}


LEXICON = Lexicon(
    tuple(
        Entry(f"ferme/{name}", "ferme", name, (), tags, (), "fr", True)
        for name, tags in FEATURES.items()
    ),
    with_attributes=False,
    same_franchise=True,
)


PLAYERS = ("p1", "p2", "p3", "p4", "p5")


def skill_of(strength: Strength) -> Skill:
    """The strength's own habits, knowing every link of this tiny pool (a bot's partial
    knowledge of a real pool is another test's business)."""
    return dataclasses.replace(SKILLS[strength], knows=1.0)


def reading_table(strength: Strength, word: str, clues: tuple[tuple[str, str], ...]) -> Table:
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
