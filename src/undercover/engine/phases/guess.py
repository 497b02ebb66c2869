"""Mr. White's guess: eliminated, he has `MR_WHITE_GUESS_SECONDS` to name the civilians'
word (or grade); absent beyond the reconnection grace, his chance is skipped."""

from __future__ import annotations

from undercover.engine import seats
from undercover.engine.errors import RejectCode, Rejected, rule_checked
from undercover.engine.phases import PhaseRules, enter
from undercover.engine.state import Guessing, Room
from undercover.rules import MR_WHITE_GUESS_SECONDS, Stage, guess, skip_guess


def begin(room: Room, now: float) -> Guessing:
    assert room.game is not None
    assert room.game.guesser is not None
    return Guessing(guesser=room.game.guesser, ends_at=now + MR_WHITE_GUESS_SECONDS)


def make_guess(room: Room, actor: str | None, text: str) -> Room:
    if not isinstance(room.phase, Guessing) or room.game is None:
        raise Rejected(RejectCode.GUESS_NOT_IN_GUESS)
    with rule_checked():
        return room.model_copy(update={"game": guess(room.game, actor or "", text)})


def timeout(room: Room) -> Room:
    assert room.game is not None
    return room.model_copy(update={"game": skip_guess(room.game)})


def settle(room: Room) -> Room | None:
    phase = room.phase
    assert isinstance(phase, Guessing)
    if seats.is_absent(room, phase.guesser):
        return timeout(room)
    return None


RULES = PhaseRules(
    Guessing,
    frozenset({Stage.GUESS}),
    begin=lambda room, now: enter(room, begin(room, now)),
    settle=lambda room, now: settle(room),
    timeout=lambda room, now: timeout(room),
)
