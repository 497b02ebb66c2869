"""Room codes: five characters from an alphabet a phone user cannot misread.

Both hosts draw codes here. Randomness comes from `secrets` at call time, never
at import time (a Python Worker refuses entropy in global scope).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Final

# No 0/O, no 1/I/L: a code read aloud across a table or typed from a TV survives.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 5
MAX_CODE_ATTEMPTS: Final = 32


class CodeSpaceExhaustedError(RuntimeError):
    """Every drawn code was taken: the host is full or `is_taken` is broken."""


def draw_code() -> str:
    """One random code, e.g. ``"K7QXM"``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_room_code(
    is_taken: Callable[[str], bool],
    draw: Callable[[], str] = draw_code,
    attempts: int = MAX_CODE_ATTEMPTS,
) -> str:
    """A code for which `is_taken` is false; a collision draws again."""
    for _ in range(attempts):
        code = draw()
        if not is_taken(code):
            return code
    raise CodeSpaceExhaustedError(f"no free room code after {attempts} draws")


def normalise_code(raw: str) -> str | None:
    """The canonical code for what a player typed, or None if it cannot be one.

    Case and surrounding spaces are forgiven; look-alike characters are not
    guessed at (``"ABCD0"`` is refused, not read as ``"ABCDO"``).
    """
    code = raw.strip().upper()
    if len(code) != CODE_LENGTH or any(char not in CODE_ALPHABET for char in code):
        return None
    return code
