"""Every pending deadline of a room, the earliest one for the host's single alarm, and
the two ways deadlines move: a pause shifts them all, a restart extends them.

Deadlines (seconds):
- phase timers: role reveal 20, clue/theme turn (host setting 30–90, or none), vote (host
  setting 30–180, or none), vote grace 4 after the last ballot, reveal pause 6, Mr. White 60;
- a disconnected player's reconnection grace, 12 (host transfer happens at its end);
- a bot's next action, a few seconds after its situation changed (engine/bot_seats.py);
- idle cleanup: a room nobody is connected to is deleted after 1 hour.
While nobody is connected the room is paused: only the cleanup deadline is pending.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from undercover.engine.state import RECONNECT_GRACE_SECONDS, Room

IDLE_CLEANUP_SECONDS = 3600.0
RESUME_MIN_SECONDS = 15.0  # after a restart, players have at least this long to come back


@dataclass(frozen=True)
class Due:
    """One pending deadline: one of the phase's timers (`PhaseValue.TIMERS`), a seat's grace, a
    bot's action, or cleanup."""

    at: float
    kind: Literal["phase", "seat", "bot", "cleanup"]
    player_id: str | None = None


def pending(room: Room) -> Iterator[Due]:
    if room.paused_at is not None:
        yield Due(room.paused_at + IDLE_CLEANUP_SECONDS, "cleanup")
        return
    for at in room.phase.timers().values():
        yield Due(at, "phase")
    for seat in room.seats:
        grace = seat.grace_ends_at
        if grace is not None:
            yield Due(grace, "seat", seat.player_id)
    for turn in room.bot_turns:
        if turn.acts_at is not None:
            yield Due(turn.acts_at, "bot", turn.player_id)


def earliest(room: Room) -> Due | None:
    return min(pending(room), key=lambda due: due.at, default=None)


def next_deadline(room: Room) -> float | None:
    """When the host's single alarm should fire (epoch seconds), or None for no alarm.

    >>> from undercover.engine.state import new_room
    >>> next_deadline(new_room("ABCDE", seed=1, now=100.0))
    3700.0
    """
    due = earliest(room)
    return due.at if due is not None else None


def _moved(room: Room, move: Callable[[float], float]) -> Room:
    phase_updates = {name: move(at) for name, at in room.phase.timers().items()}
    phase = room.phase.model_copy(update=phase_updates) if phase_updates else room.phase
    seats = tuple(
        seat.model_copy(
            update={"disconnected_since": move(seat.grace_ends_at) - RECONNECT_GRACE_SECONDS}
        )
        if seat.grace_ends_at is not None
        else seat
        for seat in room.seats
    )
    bot_turns = tuple(
        turn.model_copy(update={"acts_at": move(turn.acts_at)})
        if turn.acts_at is not None
        else turn
        for turn in room.bot_turns
    )
    return room.model_copy(update={"phase": phase, "seats": seats, "bot_turns": bot_turns})


def shifted(room: Room, delta: float) -> Room:
    """Every pending game deadline `delta` seconds later (the time spent paused)."""
    if delta <= 0:
        return room
    return _moved(room, lambda at: at + delta)


def extended(room: Room, reference: float) -> Room:
    """Every pending game deadline at least `RESUME_MIN_SECONDS` after `reference`."""
    floor = reference + RESUME_MIN_SECONDS
    return _moved(room, lambda at: max(at, floor))
