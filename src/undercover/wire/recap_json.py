"""The JSON of a game's recap, kept from one step to the next.

A recap only grows during a game and its entries are immutable objects shared from one step to
the next, yet serialising them was most of the cost of a long game's views and of saving it.
One `RecapJson` per room serves both (`view.public_json`, `store.RoomWriter`), so each entry is
serialised once. Bounded: only the last recap seen is kept, with its entries, so an entry found
there is the very object, never another one at the same address; a recap that does not extend
it is written afresh.
"""

from __future__ import annotations

from undercover.rules import RecapEntry

Recap = tuple[RecapEntry, ...]


def extends(recap: Recap, before: Recap) -> bool:
    """Whether `recap` continues `before`, entry for entry (the very same objects)."""
    if recap is before:
        return True
    return len(before) <= len(recap) and all(a is b for a, b in zip(before, recap, strict=False))


class RecapJson:
    """The JSON array of a recap (or of its entries from some index on), entries reused."""

    def __init__(self) -> None:
        self._recap: Recap = ()
        self._parts: list[str] = []

    def text(self, recap: Recap, start: int = 0) -> str:
        """The JSON array of `recap[start:]`: each entry as `model_dump_json(ensure_ascii=True)`,
        as in a view and in the stored room (tested byte for byte in both)."""
        if recap is not self._recap:
            parts = list(self._parts) if extends(recap, self._recap) else []
            parts.extend(entry.model_dump_json(ensure_ascii=True) for entry in recap[len(parts) :])
            self._recap, self._parts = recap, parts
        return "[" + ",".join(self._parts[start:]) + "]"
