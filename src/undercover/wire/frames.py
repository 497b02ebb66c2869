"""The one frame builder: each part of a view serialised once per step, each socket sent only
the parts that changed since the last frame it received (protocol 3, docs/protocol.md).

A view (`view_for`) is a dict of top-level parts: the public ones, the same for everyone, and
`me`. Per step every public part is serialised once (`game` without its recap, which is
spliced in by index from a `RecapJson`), each distinct viewer's `me` once. A socket that was
sent a view before gets `"full": false` and the parts whose JSON differs from what it holds;
`game`, when sent, carries only the recap entries after the `recap_from` it already has. A
socket the builder holds nothing for (a new one, a woken Durable Object, a `sync`) gets every
part, `"full": true`. Read back with `codec.read_view`, a frame is `view_for` (tested).

`render_views` gives whole views as JSON text (tools and tests), from the same parts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from pydantic_core import to_json

from undercover.engine.dealing import Deck
from undercover.engine.state import Room
from undercover.engine.view import private_part, public_view
from undercover.wire.recap_json import GameKey, RecapJson, game_key

JSON = dict[str, Any]
Parts = Mapping[str, str]  # a view's top-level key -> its JSON text (`game`: recap left empty)
ME: Final = "me"


def to_ascii_json(value: object) -> str:
    """pydantic-core's compact JSON, ASCII only like every frame (see `codec.dumps`)."""
    return to_json(value, ensure_ascii=True).decode()


@dataclass(frozen=True)
class _Held:
    """What one socket holds: the parts of the last view it was sent, and its recap."""

    public: Parts
    me: str
    game: GameKey | None
    recap: int  # entries of that game's recap it holds


@dataclass(frozen=True)
class _Step:
    """One step's parts, serialised once for every socket."""

    room: Room
    deck: Deck
    public: Parts
    game: GameKey | None
    recap: int

    def game_text(self, start: int, recaps: RecapJson) -> str:
        shell = self.public["game"]
        game = self.room.game
        if game is None or not game.recap or self.game is None:
            return shell
        spliced = recaps.splice(shell, self.game, game.recap, start)
        if spliced is not None:
            return spliced
        whole = public_view(self.room, 0.0, self.deck)["game"]  # the layout changed: stay correct
        return to_ascii_json({**whole, "recap": whole["recap"][start:]})


def _parts(room: Room, now: float, deck: Deck) -> _Step:
    view = public_view(room, now, deck, with_recap=False)
    public = {key: to_ascii_json(value) for key, value in view.items()}
    game = room.game
    if game is None:
        return _Step(room, deck, public, None, 0)
    return _Step(room, deck, public, game_key(room), len(game.recap))


class Frames:
    """One room's view frames, and what each of its sockets holds. Kept by the host's runner;
    it holds nothing that matters once lost: a socket it does not know gets a full view."""

    def __init__(self, deck: Deck, recaps: RecapJson | None = None) -> None:
        self.deck = deck
        self.recaps = recaps if recaps is not None else RecapJson()
        self._held: dict[str, _Held] = {}

    def forget(self, conn: str) -> None:
        """`conn` gets a full view next (a new socket, or one that asked with `sync`)."""
        self._held.pop(conn, None)

    def build(
        self,
        room: Room,
        seq: int,
        now: float,
        targets: Iterable[tuple[str, str | None]],
        live: Iterable[str],
    ) -> list[tuple[str, str]]:
        """The `view` frame of each (socket, viewer) in `targets`, in order (viewer None: the
        spectator's view); from here on those sockets hold them, and sockets not in `live`
        are forgotten. Call it last, when the frames are sure to go out."""
        keep = set(live)
        held = {conn: h for conn, h in self._held.items() if conn in keep}
        step = _parts(room, now, self.deck)
        privates: dict[str | None, str] = {}
        texts: dict[tuple[tuple[str, ...], int], str] = {}
        frames = []
        for conn, viewer in targets:
            if viewer not in privates:
                privates[viewer] = to_ascii_json(private_part(room, viewer))
            me = privates[viewer]
            before = held.get(conn)
            keys, start = _changed(step, before)
            if (keys, start) not in texts:
                texts[keys, start] = _public_text(step, keys, start, self.recaps)
            body = texts[keys, start]
            if before is None or me != before.me:
                body = f'{body},"me":{me}' if body else f'"me":{me}'
            full = "true" if before is None else "false"
            head = f'{{"type":"view","seq":{seq},"full":{full},"recap_from":{start},"view":{{'
            frames.append((conn, head + body + "}}"))
            held[conn] = _Held(step.public, me, step.game, step.recap)
        self._held = held
        return frames


def _changed(step: _Step, before: _Held | None) -> tuple[tuple[str, ...], int]:
    """The public keys to send a socket holding `before`, and the recap index to send from."""
    if before is None:
        return tuple(step.public), 0
    same_game = step.game is not None and before.game == step.game and before.recap <= step.recap
    start = before.recap if same_game else 0
    keys = tuple(
        key
        for key, text in step.public.items()
        if text != before.public.get(key) or (key == "game" and start != step.recap)
    )
    return keys, start if "game" in keys else 0


def _public_text(step: _Step, keys: tuple[str, ...], start: int, recaps: RecapJson) -> str:
    return ",".join(
        f'"{key}":{step.game_text(start, recaps) if key == "game" else step.public[key]}'
        for key in keys
    )


def render_views(
    room: Room,
    viewers: Iterable[str | None],
    now: float,
    deck: Deck,
    recaps: RecapJson | None = None,
) -> dict[str | None, str]:
    """`to_ascii_json(view_for(room, v, now, deck))` for each viewer, the public part serialised
    once: the `view` of each viewer's full frame (`recaps`: a recap cache kept between steps)."""
    step = _parts(room, now, deck)
    public = _public_text(
        step, tuple(step.public), 0, recaps if recaps is not None else RecapJson()
    )
    return {
        viewer: f'{{{public},"me":{to_ascii_json(private_part(room, viewer))}}}'
        for viewer in viewers
    }
