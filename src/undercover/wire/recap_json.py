"""The JSON of a game's recap, kept from one step to the next.

A recap only grows during a game (the rules append, never rewrite), yet serialising it was
most of the cost of a long game's views and of saving it. One `RecapJson` per room serves
both (`wire/frames.py`, the store's `RoomWriter`), so each entry is serialised once: entry
`i` of game `g` is cached under (g, i). Bounded: only one game's entries are kept; a recap of
another game (or another room) starts afresh.
"""

from __future__ import annotations

from typing import Final

from pydantic import TypeAdapter

from undercover.engine.state import Room
from undercover.rules import RecapEntry

Recap = tuple[RecapEntry, ...]
GameKey = tuple[str, int, int]  # (room code, room seed, games started): one game of one room

MARKER: Final = '"recap":[]'  # unique in a shell: quotes inside JSON strings are escaped


def game_key(room: Room) -> GameKey:
    """Which game the room's recap belongs to (a code is reused after a room is deleted:
    the seed tells the two rooms apart)."""
    return (room.code, room.seed, room.games_started)


_RECAP: TypeAdapter[Recap] = TypeAdapter(Recap)


class RecapJson:
    """The JSON array of a recap (or of its entries from some index on), entries reused."""

    def __init__(self) -> None:
        self._game: GameKey | None = None
        # A cold cache (a woken Durable Object) serialises the recap held so far in one call
        # (`_head`: its entries joined, `_head_count` of them), ~4x cheaper than entry by
        # entry; each later entry is serialised on its own (`_parts`).
        self._head, self._head_count = "", 0
        self._parts: list[str] = []

    def text(self, game: GameKey, recap: Recap, start: int = 0) -> str:
        """The JSON array of `recap[start:]`: each entry as `model_dump_json(ensure_ascii=True)`,
        as in a view and in the stored room (tested byte for byte in both)."""
        head = self._head_count
        if game != self._game or len(recap) < head + len(self._parts):
            self._game, self._parts, self._head, head = game, [], "", 0
            if len(recap) > 1:
                self._head = _RECAP.dump_json(recap, ensure_ascii=True).decode()[1:-1]
                head = len(recap)
            self._head_count = head
        parts = self._parts
        parts.extend(_entry(entry) for entry in recap[head + len(parts) :])
        tail = parts[max(0, start - head) : len(recap) - head]
        if start >= head or not head:
            return "[" + ",".join(tail) + "]"
        if start == 0:
            return "[" + ",".join([self._head, *tail]) + "]"
        # Entries inside the head (a socket further behind than the cache's start): apart.
        return "[" + ",".join([*map(_entry, recap[start:head]), *tail]) + "]"

    def splice(self, shell: str, game: GameKey, recap: Recap, start: int = 0) -> str | None:
        """`shell` (a document whose recap was left empty) with `recap[start:]` in the place
        of its `"recap":[]`; None if the shell does not hold exactly one (the layout changed:
        the caller serialises the whole document instead)."""
        return splice_json(shell, MARKER, self.text(game, recap, start))

    def fill(self, shell: str, room: Room, *arrays: tuple[str, str]) -> str | None:
        """The room's document from `shell` (its JSON with some arrays left empty): each
        (marker, JSON) of `arrays` in place of its empty array, then the recap of the room's
        game; None if a marker is not there exactly once (the caller serialises it whole)."""
        for marker, value in arrays:
            spliced = splice_json(shell, marker, value)
            if spliced is None:
                return None
            shell = spliced
        game = room.game
        return shell if game is None else self.splice(shell, game_key(room), game.recap)


def _entry(entry: RecapEntry) -> str:
    return entry.model_dump_json(ensure_ascii=True)


def splice_json(shell: str, marker: str, value: str) -> str | None:
    """`shell` with `value` in place of the `[]` that ends its only `marker` (a key and an
    empty array); None if it holds none or several."""
    at = shell.find(marker)
    if at < 0 or shell.find(marker, at + 1) >= 0:
        return None
    cut = at + len(marker) - 2
    return shell[:cut] + value + shell[cut + 2 :]
