"""The host's kick: the player leaves for good and its consequence resolves at once."""

from __future__ import annotations

from undercover.rules.clues import skip_theme
from undercover.rules.codes import RuleCode
from undercover.rules.errors import host_error
from undercover.rules.flow import conclude, open_ballot, pass_turn
from undercover.rules.game import BallotKind, ClueEntry, Game, KickEntry, SkipReason, Stage
from undercover.rules.guess import skip_guess
from undercover.rules.roles import PlayerId


def kick(game: Game, player: PlayerId) -> Game:
    """Remove a player at any stage: their turn passes, the vote is recounted, victory checked."""
    if game.is_over:
        raise host_error(RuleCode.KICK_GAME_OVER, "the game is over")
    if player not in game.roles or player in game.kicked:
        raise host_error(RuleCode.KICK_UNKNOWN_PLAYER, "this player is not in the game")
    was_alive = player in game.alive
    before = game
    entry = KickEntry(cycle=game.cycle, player=player, stage=game.stage)
    game = game.model_copy(
        update={
            "alive": tuple(p for p in game.alive if p != player),
            "kicked": (*game.kicked, player),
            "phantom_votes": {p: n for p, n in game.phantom_votes.items() if p != player},
            "recap": (*game.recap, entry),
        }
    )
    if game.stage is Stage.GUESS:
        return _during_guess(before, game, player, was_alive)
    if not was_alive:
        return game  # an eliminated player leaving changes nothing on the table
    if game.stage is Stage.VOTE:
        game = _recount(game, player)
    ended = conclude(game)
    if ended is not None:
        return ended
    match game.stage:
        case Stage.CLUE if player == game.speaker:
            skip = ClueEntry(
                cycle=game.cycle,
                clue_round=game.clue_round,
                player=player,
                text=None,
                skipped=SkipReason.KICKED,
            )
            return pass_turn(game.model_copy(update={"recap": (*game.recap, skip)}))
        case Stage.THEME if player == game.proposer:
            return skip_theme(game)
        case _:
            return game


def _during_guess(before: Game, game: Game, player: PlayerId, was_alive: bool) -> Game:
    """A kick while Mr. White guesses is checked at once like any other. His guess can only
    steal the outcome his own elimination left: if this kick is what decides the game, the
    game ends now and his guess is lost; kicked himself, he loses it too."""
    if player == game.guesser:
        return skip_guess(game)
    decided_by_kick = conclude(before) is None and conclude(game) is not None
    if was_alive and decided_by_kick:
        return skip_guess(game)  # records the lost guess, then the outcome
    return game


def _recount(game: Game, player: PlayerId) -> Game:
    """Drop the kicked player's ballot and every ballot against them: those voters vote again."""
    ballots = {v: t for v, t in game.ballots.items() if v != player and t != player}
    candidates = tuple(c for c in game.candidates if c != player)
    game = game.model_copy(update={"ballots": ballots, "candidates": candidates})
    if game.ballot_kind is BallotKind.RUNOFF and len(candidates) < 2:
        # A runoff with a single candidate left would let a kick choose the eliminated player.
        return open_ballot(game, BallotKind.REOPENED, game.alive)
    return game
