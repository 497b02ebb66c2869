"""Views as JSON text: the public part serialised once, each viewer's private part spliced in.

For many viewers use `render_views`: 20 views cost little more than one. `public_json`
serialises the public part reusing, through a `RecapJson` the caller keeps, the JSON of recap
entries it already wrote (a long game's recap is most of a view, and it only grows).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from pydantic_core import to_json

from undercover.engine.dealing import Deck
from undercover.engine.state import Room
from undercover.engine.view import private_part, public_view
from undercover.wire.recap_json import RecapJson

JSON = dict[str, Any]


def render_views(
    room: Room,
    viewers: Iterable[str | None],
    now: float,
    deck: Deck,
    recap: RecapJson | None = None,
) -> dict[str | None, str]:
    """`json.dumps(view_for(room, v, now, deck))` for each viewer, the public part serialised
    once."""
    public = public_json(room, now, deck, recap if recap is not None else RecapJson(), _json_dumps)
    head = public[:-1] + ',"me":'
    return {viewer: head + _json_dumps(private_part(room, viewer)) + "}" for viewer in viewers}


# --- public part -------------------------------------------------------------------------


_RECAP_MARKER = '"recap":[]'  # unique in the rest of the view: quotes in strings are escaped


def public_json(
    room: Room,
    now: float,
    deck: Deck,
    recap: RecapJson,
    dumps: Callable[[JSON], str] | None = None,
    *,
    recap_from: int = 0,
) -> str:
    """`dumps(public_view(room, now, deck))` (default: pydantic-core's `to_json`), the recap's JSON
    taken from `recap`: byte for byte the same text (tested). With `recap_from`, the recap
    holds only its entries from that index on (a `view` frame's `recap_from`)."""
    dumps = dumps or to_ascii_json
    game = room.game
    if game is None or not game.recap:
        return dumps(public_view(room, now, deck))  # an empty recap: `recap_from` is 0
    shell = dumps(public_view(room, now, deck, with_recap=False))
    at = shell.find(_RECAP_MARKER)
    if at < 0 or shell.find(_RECAP_MARKER, at + 1) >= 0:  # the layout changed: stay correct
        view = public_view(room, now, deck)
        view["game"]["recap"] = view["game"]["recap"][recap_from:]
        return dumps(view)
    cut = at + len(_RECAP_MARKER) - 2
    return shell[:cut] + recap.text(game.recap, recap_from) + shell[cut + 2 :]


def to_ascii_json(value: object) -> str:
    """pydantic-core's compact JSON, ASCII only like every frame (see `codec.dumps`)."""
    return to_json(value, ensure_ascii=True).decode()


def _json_dumps(value: JSON) -> str:
    return json.dumps(value, separators=(",", ":"))
