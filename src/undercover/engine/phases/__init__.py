"""One module per phase: its frozen value (own fields + deadline) and the commands it accepts.

Phase order: lobby → role_reveal → clues ⇄ voting → reveal → (guess →) clues … → ended → lobby.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from undercover.engine.room import Phase, Room


def enter(room: Room, phase: Phase) -> Room:
    """Move to `phase`: a new phase `seq`, so inputs aimed at the previous phase are stale."""
    return room.model_copy(update={"phase": phase, "seq": room.seq + 1})
