"""Role reveal: each player looks at their card; over when every player still at the table
(connected, or disconnected within their reconnection grace) confirmed, or after
`ROLE_REVEAL_SECONDS`."""

from __future__ import annotations

from undercover.engine import seats
from undercover.engine.errors import RejectCode, Rejected
from undercover.engine.phases import PhaseRules
from undercover.engine.state import RoleReveal, Room

ROLE_REVEAL_SECONDS = 20.0


def confirm(room: Room, actor: str | None) -> Room:
    phase = room.phase
    if not isinstance(phase, RoleReveal):
        raise Rejected(RejectCode.ROLE_NOT_IN_REVEAL)
    game = room.game
    assert game is not None
    if actor is None or not game.is_alive(actor):
        raise Rejected(RejectCode.ROLE_NOT_PLAYING)
    if actor in phase.confirmed:
        return room
    confirmed = RoleReveal(confirmed=(*phase.confirmed, actor), ends_at=phase.ends_at)
    return room.model_copy(update={"phase": confirmed})


def everyone_confirmed(room: Room) -> bool:
    phase = room.phase
    assert isinstance(phase, RoleReveal)
    assert room.game is not None
    # A player within their reconnection grace is still awaited (a phone blip, a restart):
    # only absence beyond it, or the phase's timer, ends the reveal without them.
    waiting = [
        p for p in room.game.alive if p not in phase.confirmed and not seats.is_absent(room, p)
    ]
    return not waiting and seats.anyone_connected(room)


def _over(room: Room) -> bool:
    assert room.game is not None
    return room.game.is_over or everyone_confirmed(room)


RULES = PhaseRules(RoleReveal, over=_over)  # its timer ends it
