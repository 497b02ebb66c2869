"""One module per phase: how it begins, the commands it accepts, when it is over (values: state.py).

Phase order: lobby → role_reveal → clues ⇄ voting → reveal → (guess →) clues … → ended → lobby.
"""

from __future__ import annotations

from undercover.engine.state import Phase, Room


def enter(room: Room, phase: Phase) -> Room:
    """Move to `phase`: a new phase `seq`, so inputs aimed at the previous phase are stale."""
    return room.model_copy(update={"phase": phase, "seq": room.seq + 1})
