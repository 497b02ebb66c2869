"""Reveal: a pause showing who was eliminated (role and word per the reveal setting) before
the game goes on (Mr. White's guess, the next clues, or the end)."""

from __future__ import annotations

REVEAL_SECONDS = 6.0
