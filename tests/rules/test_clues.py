import pytest

from undercover.rules import (
    THEME_PROMPTS,
    Mode,
    RuleViolation,
    SkipReason,
    Stage,
    give_clue,
    propose_theme,
    skip_clue,
    skip_theme,
)
from undercover.rules.errors import Fault

from .table import clue_all, table


def test_clues_follow_the_speaking_order_then_the_vote_opens() -> None:
    game = table("Ca Cb Uc Cd")
    spoken = []
    while game.stage is Stage.CLUE:
        assert game.speaker is not None
        spoken.append(game.speaker)
        game = give_clue(game, game.speaker, f"indice de {game.speaker}")
    assert spoken == ["a", "b", "c", "d"]
    assert game.stage is Stage.VOTE
    assert [e.text for e in game.recap] == [f"indice de {p}" for p in "abcd"]


def test_several_rounds_before_the_vote() -> None:
    game = table("Ca Cb Uc", clue_rounds_per_vote=3)
    for round_number in (1, 2, 3):
        assert game.stage is Stage.CLUE
        assert game.clue_round == round_number
        game = clue_all(game)
    assert game.stage is Stage.VOTE


def test_only_the_speaker_may_give_a_clue() -> None:
    game = table("Ca Cb Uc")
    with pytest.raises(RuleViolation) as error:
        give_clue(game, "b", "trop tôt")
    assert error.value.code == "clue.not_your_turn"
    assert error.value.fault is Fault.PLAYER


def test_timeout_skips_with_a_phantom_vote_and_does_not_eliminate() -> None:
    game = table("Ca Cb Uc")
    game = skip_clue(game, SkipReason.TIMEOUT)
    assert game.speaker == "b"
    assert game.phantom_votes == {"a": 1}
    assert "a" in game.alive
    assert game.recap[-1].skipped is SkipReason.TIMEOUT  # type: ignore[union-attr]


def test_phantom_votes_accumulate_across_rounds() -> None:
    game = table("Ca Cb Uc", clue_rounds_per_vote=2)
    game = skip_clue(game, SkipReason.TIMEOUT)
    game = clue_all(game)
    game = skip_clue(game, SkipReason.TIMEOUT)
    assert game.phantom_votes == {"a": 2}


def test_absence_skips_without_a_phantom_vote() -> None:
    game = skip_clue(table("Ca Cb Uc"), SkipReason.ABSENT)
    assert game.phantom_votes == {}
    assert game.speaker == "b"


def test_clue_outside_a_clue_round_is_refused() -> None:
    game = clue_all(table("Ca Cb Uc"))
    with pytest.raises(RuleViolation) as error:
        give_clue(game, "a", "encore")
    assert error.value.code == "clue.not_clue_time"


def test_grade_mode_rounds_start_with_the_proposer_in_rotation() -> None:
    game = table("Ca Cb Uc Cd", mode=Mode.GRADE, clue_rounds_per_vote=3)
    proposers = []
    for _ in range(3):
        assert game.stage is Stage.THEME
        proposers.append(game.proposer)
        game = propose_theme(game, game.proposer or "", "les pizzas")
        assert game.round_theme == "les pizzas"
        game = clue_all(game)
    assert proposers == ["a", "b", "c"]


def test_absent_proposer_gets_a_builtin_prompt() -> None:
    game = skip_theme(table("Ca Cb Uc", mode=Mode.GRADE))
    assert game.stage is Stage.CLUE
    assert game.round_theme in THEME_PROMPTS
    assert game.recap[-1].fallback is True  # type: ignore[union-attr]


def test_only_the_proposer_proposes() -> None:
    game = table("Ca Cb Uc", mode=Mode.GRADE)
    with pytest.raises(RuleViolation) as error:
        propose_theme(game, "c", "mon thème")
    assert error.value.code == "theme.not_your_turn"


def test_there_are_at_least_a_hundred_distinct_prompts() -> None:
    assert len(set(THEME_PROMPTS)) >= 100


@pytest.mark.parametrize("field", ["clue", "theme"])
def test_a_clue_or_theme_holds_60_characters_and_not_61(field: str) -> None:
    grade = field == "theme"
    game = table("Ca Cb Uc Cd", mode=Mode.GRADE) if grade else table("Ca Cb Uc Cd")
    play = propose_theme if grade else give_clue
    actor = (game.proposer if grade else game.speaker) or ""
    with pytest.raises(RuleViolation) as refused:
        play(game, actor, "x" * 61)
    assert refused.value.code == f"{field}.too_long"
    assert (
        play(game, actor, "x" * 60).recap[-1].model_dump()[field if grade else "text"] == "x" * 60
    )
