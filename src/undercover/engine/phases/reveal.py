"""Reveal: a pause showing who was eliminated (role and word per the reveal setting) before
the game goes on (Mr. White's guess, the next clues, or the end)."""

from __future__ import annotations

from undercover.engine.phases import PhaseRules
from undercover.engine.state import Reveal, Room

REVEAL_SECONDS = 6.0


def _over(room: Room) -> bool:
    """A kick ended the game during the pause (an elimination that ends it is shown first)."""
    phase, game = room.phase, room.game
    assert isinstance(phase, Reveal)
    assert game is not None
    return game.is_over and not phase.ends_game


RULES = PhaseRules(Reveal, over=_over)  # its timer ends it
