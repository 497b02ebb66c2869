"""Clue rounds: the speaker's clue or its skip, and grade mode's round theme."""

from __future__ import annotations

from undercover.rules.codes import RuleBug, RuleCode
from undercover.rules.errors import player_error, server_error
from undercover.rules.flow import pass_turn
from undercover.rules.game import ClueEntry, Game, SkipReason, Stage, ThemeEntry, sub_rng
from undercover.rules.prompts import theme_prompts
from undercover.rules.roles import PlayerId
from undercover.rules.settings import CLUE_MAX_LENGTH, THEME_MAX_LENGTH
from undercover.rules.text import clean_line


def give_clue(game: Game, player: PlayerId, text: str) -> Game:
    """The speaker's clue for this round: trimmed, one line, 1 to 60 characters."""
    if game.stage is not Stage.CLUE:
        raise player_error(RuleCode.CLUE_NOT_CLUE_TIME, "clues are given only during a clue round")
    if player != game.speaker:
        raise player_error(RuleCode.CLUE_NOT_YOUR_TURN, "it is not your turn to give a clue")
    clue = clean_line(text, field="clue", max_length=CLUE_MAX_LENGTH)
    return _record(game, player, clue, None)


def skip_clue(game: Game, reason: SkipReason) -> Game:
    """The speaker's turn passes with an empty clue; a timeout earns one phantom vote."""
    if game.stage is not Stage.CLUE or game.speaker is None:
        raise server_error(RuleBug.CLUE_NOTHING_TO_SKIP, "no clue turn is running")
    speaker = game.speaker
    if reason is SkipReason.TIMEOUT:
        phantom = dict(game.phantom_votes)
        phantom[speaker] = phantom.get(speaker, 0) + 1
        game = game.model_copy(update={"phantom_votes": phantom})
    return _record(game, speaker, None, reason)


def _record(game: Game, player: PlayerId, text: str | None, skipped: SkipReason | None) -> Game:
    entry = ClueEntry(
        cycle=game.cycle, clue_round=game.clue_round, player=player, text=text, skipped=skipped
    )
    return pass_turn(game.model_copy(update={"recap": (*game.recap, entry)}))


def propose_theme(game: Game, player: PlayerId, text: str) -> Game:
    """Grade mode: the proposer sets this round's theme, then the clues start."""
    if game.stage is not Stage.THEME:
        raise player_error(RuleCode.THEME_NOT_THEME_TIME, "no round theme is awaited now")
    if player != game.proposer:
        raise player_error(
            RuleCode.THEME_NOT_YOUR_TURN, "another player proposes this round's theme"
        )
    theme = clean_line(text, field="theme", max_length=THEME_MAX_LENGTH)
    return _open_clues(game, theme, fallback=False)


def skip_theme(game: Game) -> Game:
    """The proposer is absent or out of time: a built-in prompt, drawn by the game's seed."""
    if game.stage is not Stage.THEME:
        raise server_error(RuleBug.THEME_NOTHING_TO_SKIP, "no round theme is awaited now")
    prompts = theme_prompts(game.settings.word_language)
    prompt = sub_rng(game.seed, f"prompt/{game.clue_round}").choice(prompts)
    return _open_clues(game, prompt, fallback=True)


def _open_clues(game: Game, theme: str, *, fallback: bool) -> Game:
    entry = ThemeEntry(
        cycle=game.cycle,
        clue_round=game.clue_round,
        proposer=game.proposer,
        theme=theme,
        fallback=fallback,
    )
    first = next(p for p in game.round_speakers if p in game.alive)
    return game.model_copy(
        update={
            "stage": Stage.CLUE,
            "round_theme": theme,
            "speaker": first,
            "recap": (*game.recap, entry),
        }
    )
