"""The vote: ballots, the end of the vote, ties and their runoffs."""

from __future__ import annotations

from collections.abc import Collection

from undercover.rules.codes import RuleBug, RuleCode
from undercover.rules.errors import player_error, server_error
from undercover.rules.flow import conclude, continue_or_end, open_ballot
from undercover.rules.game import BallotKind, Game, Stage, VoteEntry, VoteResult, sub_rng
from undercover.rules.roles import PlayerId, Role
from undercover.rules.settings import MAX_BALLOT_CHANGES, NULL_VOTES_BEFORE_LOT
from undercover.rules.votes import count_votes, leaders


def cast_ballot(game: Game, voter: PlayerId, target: PlayerId | None) -> Game:
    """Vote against `target`, or abstain with None; a new ballot replaces the previous one."""
    if game.stage is not Stage.VOTE:
        raise player_error(RuleCode.VOTE_NOT_VOTING, "there is no vote running")
    if voter not in game.alive:
        raise player_error(RuleCode.VOTE_NOT_ALIVE, "only players still in the game vote")
    if target == voter:
        raise player_error(RuleCode.VOTE_SELF_VOTE, "you cannot vote against yourself")
    if target is not None and target not in game.candidates:
        code = RuleCode.VOTE_NOT_CANDIDATE if target in game.alive else RuleCode.VOTE_UNKNOWN_TARGET
        raise player_error(code, "this player cannot be voted against now")
    changes = game.ballot_changes.get(voter, -1) + 1
    if changes > MAX_BALLOT_CHANGES:
        raise player_error(RuleCode.VOTE_TOO_MANY_CHANGES, "you changed your vote too many times")
    return game.model_copy(
        update={
            "ballots": {**game.ballots, voter: target},
            "ballot_changes": {**game.ballot_changes, voter: changes},
        }
    )


def ballots_complete(game: Game, absent: Collection[PlayerId] = ()) -> bool:
    """Has every alive player cast a ballot? Absent players (beyond their grace) abstain."""
    return game.stage is Stage.VOTE and all(p in game.ballots or p in absent for p in game.alive)


def close_vote(game: Game) -> Game:
    """Tally the ballots: an elimination, a runoff, a reopened vote, or no elimination."""
    if game.stage is not Stage.VOTE:
        raise server_error(RuleBug.VOTE_NOT_VOTING, "there is no vote to close")
    # Phantom votes count in the first tally after they were earned, then reset whatever happens.
    phantom = game.phantom_votes if game.ballot_kind is BallotKind.FIRST else {}
    received = count_votes(game.candidates, game.ballots, phantom)
    top = leaders(received)
    if len(top) == 1:
        return _eliminate(game, received, phantom, VoteResult.ELIMINATED, top[0], ())
    if top and game.ballot_kind is BallotKind.FIRST:
        game = _record(game, received, phantom, VoteResult.RUNOFF, None, top)
        return open_ballot(game, BallotKind.RUNOFF, top)
    if top and game.ballot_kind is BallotKind.RUNOFF:
        game = _record(game, received, phantom, VoteResult.REOPENED, None, top)
        return open_ballot(game, BallotKind.REOPENED, game.alive)
    # Nobody received a vote, or the reopened vote tied again: no elimination this cycle,
    # unless this table already had NULL_VOTES_BEFORE_LOT such votes in a row.
    if game.null_votes_in_row >= NULL_VOTES_BEFORE_LOT:
        # The lot only picks among players someone accused: an abstention is never a vote.
        pool = top or _accused_in_streak(game, received)
        if not pool:
            game = _record(game, received, phantom, VoteResult.NULL, None, top)
            ended = conclude(game, table_abstained=True)
            assert ended is not None  # an impostor is alive, or the game would be over
            return ended
        drawn = sub_rng(game.seed, f"lot/{game.cycle}").choice(sorted(pool))
        return _eliminate(game, received, phantom, VoteResult.LOT, drawn, top)
    game = _record(game, received, phantom, VoteResult.NULL, None, top)
    return continue_or_end(
        game.model_copy(update={"null_votes_in_row": game.null_votes_in_row + 1})
    )


def _accused_in_streak(game: Game, received: dict[PlayerId, int]) -> tuple[PlayerId, ...]:
    """Alive players who received a vote (ballot or phantom) in this run of null votes: the
    ballots of its cycles, this one's included."""
    first_cycle = game.cycle - game.null_votes_in_row
    tallies = [e.received for e in game.recap if e.kind == "vote" and e.cycle >= first_cycle]
    accused = {p for tally in (*tallies, received) for p, n in tally.items() if n > 0}
    return tuple(p for p in game.alive if p in accused)


def _eliminate(
    game: Game,
    received: dict[PlayerId, int],
    phantom: dict[PlayerId, int],
    result: VoteResult,
    player: PlayerId,
    tied: tuple[PlayerId, ...],
) -> Game:
    game = _record(game, received, phantom, result, player, tied)
    game = game.model_copy(
        update={
            "alive": tuple(p for p in game.alive if p != player),
            "eliminated": (*game.eliminated, player),
            "null_votes_in_row": 0,
        }
    )
    if game.roles[player] is Role.MR_WHITE:
        # He gets his guess before anything else is decided: a right guess steals the game.
        return game.model_copy(update={"stage": Stage.GUESS, "guesser": player})
    return continue_or_end(game)


def _record(
    game: Game,
    received: dict[PlayerId, int],
    phantom: dict[PlayerId, int],
    result: VoteResult,
    eliminated: PlayerId | None,
    tied: tuple[PlayerId, ...],
) -> Game:
    entry = VoteEntry(
        cycle=game.cycle,
        ballot_kind=game.ballot_kind,
        ballots=dict(game.ballots),
        phantom_votes=dict(phantom),
        received=received,
        result=result,
        tied=tied,
        eliminated=eliminated,
    )
    return game.model_copy(
        update={
            "recap": (*game.recap, entry),
            "last_vote": entry,
            "phantom_votes": {},
            "ballots": {},
            "ballot_changes": {},
        }
    )
