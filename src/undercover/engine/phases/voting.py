"""Voting: every alive player votes or abstains and may change until resolution; resolved
`VOTE_GRACE_SECONDS` after the last expected ballot, or when the vote timer runs out. A tie
opens a runoff: a new voting phase (new `seq`) restricted to the tied players."""

from __future__ import annotations

from undercover.engine.errors import RejectCode, Rejected, rule_checked
from undercover.engine.phases import PhaseRules, enter
from undercover.engine.phases.reveal import REVEAL_SECONDS
from undercover.engine.state import Reveal, Room, Voting
from undercover.rules import (
    VOTE_GRACE_SECONDS,
    Stage,
    ballots_complete,
    cast_ballot,
    close_vote,
)


def begin(room: Room, now: float) -> Voting:
    rules = room.settings.rules
    return Voting(ends_at=now + rules.vote_seconds if rules.vote_timer else None)


def cast(room: Room, actor: str | None, target: str | None) -> Room:
    if not isinstance(room.phase, Voting) or room.game is None:
        raise Rejected(RejectCode.VOTE_NOT_IN_VOTING)
    with rule_checked():
        game = cast_ballot(room.game, actor or "", target)
    return room.model_copy(update={"game": game})


def withdraw(room: Room, actor: str | None) -> Room:
    """The voter takes their ballot back (the grace, if running, is cancelled by `settle`).
    The change counter is kept, so casting again still counts against the limit."""
    game = room.game
    if not isinstance(room.phase, Voting) or game is None:
        raise Rejected(RejectCode.VOTE_NOT_IN_VOTING)
    if actor not in game.ballots:
        raise Rejected(RejectCode.VOTE_NOT_CAST)
    ballots = {voter: target for voter, target in game.ballots.items() if voter != actor}
    return room.model_copy(update={"game": game.model_copy(update={"ballots": ballots})})


def absent_players(room: Room) -> frozenset[str]:
    return frozenset(s.player_id for s in room.seats if s.absent or s.kicked)


def settle(room: Room, now: float) -> Room | None:
    """Start the grace when every expected ballot is in; cancel it if one is withdrawn."""
    phase, game = room.phase, room.game
    assert isinstance(phase, Voting)
    assert game is not None
    complete = ballots_complete(game, absent_players(room))
    if complete and phase.grace_ends_at is None:
        grace = phase.model_copy(update={"grace_ends_at": now + VOTE_GRACE_SECONDS})
        return room.model_copy(update={"phase": grace})
    if not complete and phase.grace_ends_at is not None:
        return room.model_copy(update={"phase": phase.model_copy(update={"grace_ends_at": None})})
    return None


def close(room: Room, now: float) -> Room:
    """Tally: an elimination shows the reveal pause; a tie starts a runoff (new phase)."""
    game = room.game
    assert game is not None
    closed = close_vote(game)
    room = room.model_copy(update={"game": closed})
    if len(closed.eliminated) > len(game.eliminated):
        pause = Reveal(
            eliminated=closed.eliminated[-1],
            ends_at=now + REVEAL_SECONDS,
            ends_game=closed.is_over,
        )
        return enter(room, pause)
    if closed.stage == "vote":
        return enter(room, begin(room, now))
    return room  # the machine follows the game's stage


RULES = PhaseRules(
    Voting,
    frozenset({Stage.VOTE}),
    begin=lambda room, now: enter(room, begin(room, now)),
    settle=settle,
    timeout=close,
)
