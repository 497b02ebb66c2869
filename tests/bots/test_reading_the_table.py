"""Bots read the table as a majority, not a unanimity, and an impostor who knows its camp
votes: the composition (public) tells whether a partner may hide among the others."""

from __future__ import annotations

import dataclasses
import math
import random

from tests.bots.blending import LEXICON, reading_table, skill_of
from undercover.bots.reading import read
from undercover.bots.skills import SKILLS
from undercover.bots.votes import choose_ballot
from undercover.bots.words import undercover_suspicions, white_guess


def test_one_talkative_speaker_off_the_word_does_not_turn_the_reading_to_another_entry() -> None:
    """Two players describe the horse in five clues; a third (an undercover, over rounds)
    says four things of the lion. Read as one word, the lion fits more clues; read as the
    word most players describe, it is still the horse."""
    speakers = (
        ("crinière", "galop", "écurie"),
        ("monture", "galop"),
        ("savane", "rugir", "fauve", "chasseur"),
    )
    unanimous = LEXICON.posterior(speakers, LEXICON.entries)
    majority = LEXICON.posterior(speakers, LEXICON.entries, majority=0.6)
    assert max(unanimous, key=unanimous.__getitem__) == "ferme/Lion"
    assert max(majority, key=majority.__getitem__) == "ferme/Cheval"


def test_the_majority_reading_is_the_unanimous_one_when_everyone_agrees() -> None:
    speakers = (("crinière",), ("galop",), ("écurie",))
    unanimous = LEXICON.posterior(speakers, LEXICON.entries)
    majority = LEXICON.posterior(speakers, LEXICON.entries, majority=0.6)
    assert max(unanimous, key=unanimous.__getitem__) == "ferme/Cheval"
    assert max(majority, key=majority.__getitem__) == "ferme/Cheval"


def test_an_impostor_that_insists_votes_even_for_a_lone_candidate_that_fits() -> None:
    """Down to three, the undercover's only choices fit the table's word: it still votes."""
    suspicion = {"p4": -1.9}
    assert choose_ballot(suspicion, SKILLS["malin"], random.Random(1)) is None
    assert choose_ballot(suspicion, SKILLS["malin"], random.Random(1), insist=True) == "p4"


def test_with_one_undercover_dealt_no_other_player_is_spared_as_a_partner() -> None:
    """p4's 'têtu' fits the donkey: with two undercovers dealt p4 may be the partner; with
    one, p4 is a civilian who gave a poor clue, the table's likeliest target."""
    clues = (("p1", "crinière"), ("p2", "écurie"), ("p3", "galop"), ("p4", "têtu"))
    donkey, horse = LEXICON.entries_by_key["ferme/Âne"], LEXICON.entries_by_key["ferme/Cheval"]
    skill = skill_of("malin")
    pair = dataclasses.replace(reading_table("malin", "Âne", clues), phase="voting", undercovers=2)
    alone = dataclasses.replace(pair, undercovers=1)
    assert "p4" not in undercover_suspicions(pair, LEXICON, donkey, horse, skill)
    suspicion = undercover_suspicions(alone, LEXICON, donkey, horse, skill)
    assert max(suspicion, key=suspicion.__getitem__) == "p4"


def test_the_reading_takes_the_composition_and_the_revealed_roles_from_the_view() -> None:
    view = {
        "me": {"player_id": "p2", "status": "alive", "secret": {"kind": "word", "value": "Âne"}},
        "phase": "voting",
        "phase_seq": 4,
        "players": [{"player_id": "p2", "bot": "malin"}],
        "composition": {"civilians": 4, "undercovers": 2, "mr_white": 1},
        "game": {
            "alive": ["p1", "p2", "p3", "p4", "p5", "p6"],
            "eliminated": [{"player_id": "p7", "role": "undercover", "word": None}],
            "kicked": [{"player_id": "p8", "role": None, "word": None}],
            "recap": [],
        },
    }
    table = read(view)
    assert (table.civilians, table.undercovers, table.mr_whites) == (4, 2, 1)
    assert table.civilian_share == 4 / 7
    assert table.revealed == {"p7": "undercover"}


def test_a_civilian_weighs_how_many_impostors_are_left_among_the_others() -> None:
    table = dataclasses.replace(
        reading_table("normal", "Cheval", ()), civilians=5, undercovers=1, mr_whites=0
    )
    assert table.civilian_odds() == 4.0  # four other civilians for one undercover
    down_to_three = dataclasses.replace(table, revealed={"p6": "civilian", "p7": "civilian"})
    assert down_to_three.civilian_odds() == 2.0
    caught = dataclasses.replace(table, revealed={"p6": "undercover"})
    assert caught.civilian_odds() == 1.0  # nothing left to hunt: no caution
    unknown = dataclasses.replace(table, civilians=0)
    assert unknown.civilian_odds() == 1.0


def test_caution_makes_a_civilian_abstain_on_a_suspect_that_barely_stands_out() -> None:
    sharp = dataclasses.replace(SKILLS["normal"], vote_noise=0.0)
    suspicion = {"p1": 1.5, "p2": 0.0, "p3": -0.5}
    assert choose_ballot(suspicion, sharp, random.Random(1)) == "p1"
    assert choose_ballot(suspicion, sharp, random.Random(1), caution=math.log(4)) is None
    assert choose_ballot({"p1": 3.0, "p2": 0.0}, sharp, random.Random(1), caution=1.4) == "p1"


def test_a_normal_mr_white_sometimes_guesses_a_less_likely_entry_a_malin_one_never() -> None:
    """The clues point to the horse, every other entry some 3000 times less likely: a
    normal Mr. White still draws one of them now and then; a malin one keeps to the best."""
    clues = (
        ("p1", "crinière"),
        ("p2", "monture"),
        ("p3", "écurie"),
        ("p1", "galop"),
        ("p2", "sabots"),
        ("p3", "herbivore"),
    )
    guesses = {}
    for strength in ("normal", "malin"):
        table = dataclasses.replace(
            reading_table(strength, "", clues), secret_kind="mr_white", secret=None, phase="guess"
        )
        guesses[strength] = [
            white_guess(table, LEXICON, skill_of(strength), random.Random(seed))
            for seed in range(100)
        ]
    assert 5 <= sum(guess != "Cheval" for guess in guesses["normal"]) <= 50
    assert set(guesses["malin"]) == {"Cheval"}
