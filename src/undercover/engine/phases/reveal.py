"""Reveal: a pause showing who was eliminated (role and word per the reveal setting) before
the game goes on (Mr. White's guess, the next clues, or the end)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

REVEAL_SECONDS = 6.0


class Reveal(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["reveal"] = "reveal"
    eliminated: str
    ends_at: float
    # The elimination itself ended the game: the pause is shown first. A game that a kick
    # ends during the pause ends at once instead.
    ends_game: bool = False
