"""How a game moves on: its start, rounds, then the vote, then the next cycle or the end.

Every transition module ends its work through these functions, so that "is the round over?
is the game over?" is asked in one place.
"""

from __future__ import annotations

from collections.abc import Sequence

from undercover.rules.codes import RuleBug
from undercover.rules.errors import server_error
from undercover.rules.game import BallotKind, Game, Stage, Words, sub_rng
from undercover.rules.grades import draw_grades
from undercover.rules.order import draw_speaking_order, next_after, round_order
from undercover.rules.outcome import decide_outcome
from undercover.rules.roles import PlayerId, Role, deal_roles
from undercover.rules.settings import Mode, RuleSettings


def start_game(
    players: Sequence[PlayerId], settings: RuleSettings, seed: int, words: Words | None
) -> Game:
    """Deal roles and secrets, draw the speaking order, and open the first clue round."""
    if len(set(players)) != len(players):
        raise server_error(RuleBug.GAME_DUPLICATE_PLAYERS, "a player cannot hold two seats")
    if settings.mode is Mode.CLASSIC and words is None:
        raise server_error(RuleBug.GAME_NO_WORDS, "classic mode needs a dealt word pair")
    roles = deal_roles(players, settings.mr_white, sub_rng(seed, "roles"))
    mr_white = next((p for p, r in roles.items() if r is Role.MR_WHITE), None)
    order = draw_speaking_order(players, mr_white, sub_rng(seed, "order"))
    grades = (
        draw_grades(settings.grade_gap, sub_rng(seed, "grades"))
        if settings.mode is Mode.GRADE
        else None
    )
    game = Game(
        seed=seed,
        settings=settings,
        speaking_order=order,
        roles=roles,
        words=words if settings.mode is Mode.CLASSIC else None,
        grades=grades,
        alive=order,
        stage=Stage.CLUE,
    )
    return open_round(game)


def open_round(game: Game) -> Game:
    """Start a clue round: in grade mode the next proposer first gives the round's theme."""
    speakers = round_order(game.speaking_order, game.alive, game.mr_white)
    game = game.model_copy(update={"round_speakers": speakers, "round_theme": None})
    if game.settings.mode is Mode.GRADE:
        previous = game.proposer if game.clue_round > 1 else None
        proposer = next_after(game.speaking_order, game.alive, previous)
        return game.model_copy(update={"stage": Stage.THEME, "proposer": proposer, "speaker": None})
    return game.model_copy(update={"stage": Stage.CLUE, "speaker": speakers[0]})


def next_speaker(game: Game, after: PlayerId | None) -> PlayerId | None:
    """The next alive player of this round after `after` (None: from the round's start)."""
    start = 0 if after is None else game.round_speakers.index(after) + 1
    return next((p for p in game.round_speakers[start:] if p in game.alive), None)


def pass_turn(game: Game) -> Game:
    """Give the turn to the next speaker, or end the round (next round, or the vote)."""
    speaker = next_speaker(game, game.speaker)
    if speaker is not None:
        return game.model_copy(update={"speaker": speaker})
    if game.round_in_cycle < game.settings.clue_rounds_per_vote:
        return open_round(
            game.model_copy(
                update={
                    "speaker": None,
                    "clue_round": game.clue_round + 1,
                    "round_in_cycle": game.round_in_cycle + 1,
                }
            )
        )
    return open_ballot(game.model_copy(update={"speaker": None}), BallotKind.FIRST, game.alive)


def open_ballot(game: Game, kind: BallotKind, candidates: tuple[PlayerId, ...]) -> Game:
    return game.model_copy(
        update={
            "stage": Stage.VOTE,
            "ballot_kind": kind,
            "candidates": candidates,
            "ballots": {},
            "ballot_changes": {},
        }
    )


def next_cycle(game: Game) -> Game:
    return open_round(
        game.model_copy(
            update={
                "cycle": game.cycle + 1,
                "clue_round": game.clue_round + 1,
                "round_in_cycle": 1,
                "ballots": {},
                "ballot_changes": {},
                "candidates": (),
                "ballot_kind": BallotKind.FIRST,
                "guesser": None,
            }
        )
    )


def conclude(
    game: Game, *, mr_white_guessed: bool = False, table_abstained: bool = False
) -> Game | None:
    """The finished game if an outcome applies, else None."""
    outcome = decide_outcome(
        game.roles,
        game.alive,
        game.kicked,
        mr_white_guessed,
        table_abstained=table_abstained,
    )
    if outcome is None:
        return None
    return game.model_copy(
        update={"outcome": outcome, "stage": Stage.OVER, "speaker": None, "proposer": None}
    )


def continue_or_end(game: Game) -> Game:
    """After an elimination, a wrong guess or a null vote: the end, or the next cycle."""
    return conclude(game) or next_cycle(game)
