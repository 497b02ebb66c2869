"""How a game moves on: rounds, then the vote, then the next cycle or the end.

Every transition module ends its work through these functions, so that "is the round over?
is the game over?" is asked in one place.
"""

from __future__ import annotations

from undercover.rules.game import BallotKind, Game, Stage
from undercover.rules.order import next_after, round_order
from undercover.rules.outcome import decide_outcome
from undercover.rules.roles import PlayerId
from undercover.rules.settings import Mode


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
