"""Frames ↔ messages: the first gate every client frame goes through, and the server's encoder.

A frame that is not one well-formed message (binary, too big, not JSON, unknown type,
missing/extra/wrongly typed field, control characters in any string) raises
`ProtocolError` here, before the engine sees anything, so the room cannot change. What
a nickname or a clue may contain beyond that (markup, length) is the engine's and the
rules' call, with their own codes (`name.invalid`, `clue.markup`, ...).
Encoded frames are compact JSON with non-ASCII kept as is (French names and clues).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from undercover.rules.text import FRAME_CONTROL
from undercover.wire import error_codes
from undercover.wire.protocol import (
    CLIENT_MESSAGE,
    CLIENT_TYPES,
    MAX_FRAME_BYTES,
    PROTOCOL_VERSION,
    ClientCommand,
    ClosedMessage,
    ErrorMessage,
    Hello,
    ProtocolCode,
    Sync,
    Welcome,
)


class ProtocolError(Exception):
    """A frame refused before the engine; `code` is a stable `ProtocolCode`. `command` is set
    when the frame names a known command (not a hello): before the hello, the host answers
    `protocol.hello_required` whatever else is wrong with it."""

    def __init__(
        self, code: ProtocolCode, detail: str = "", *, fatal: bool = False, command: bool = False
    ) -> None:
        super().__init__(f"{code}: {detail}" if detail else str(code))
        self.code = code
        self.detail = detail
        self.fatal = fatal
        self.command = command


def decode(frame: str | bytes) -> Hello | Sync | ClientCommand:
    """Validate one client frame; e.g. decode('{"type": "leave"}') == Leave()."""
    if not isinstance(frame, str):
        raise ProtocolError(ProtocolCode.BINARY_FRAME, "send JSON in text frames")
    if len(frame) > MAX_FRAME_BYTES or (
        len(frame) * 4 > MAX_FRAME_BYTES and len(frame.encode("utf-8", "replace")) > MAX_FRAME_BYTES
    ):
        raise ProtocolError(
            ProtocolCode.TOO_LARGE, f"frames are limited to {MAX_FRAME_BYTES} bytes"
        )
    try:
        message = CLIENT_MESSAGE.validate_json(frame, strict=True)
    except ValidationError as error:
        raise _classify(frame, error) from None
    if isinstance(message, Hello) and message.protocol != PROTOCOL_VERSION:
        raise _outdated(message.protocol)
    # A decoded string holds a character of the frame or one an escape made: a frame with
    # neither a backslash nor a control character holds no string to check.
    if "\\" not in frame and FRAME_CONTROL.search(frame) is None:
        return message
    try:
        _check_text(message.model_dump())
    except ProtocolError as error:
        error.command = not isinstance(message, Hello)
        raise
    return message


def _classify(frame: str, error: ValidationError) -> ProtocolError:
    try:
        raw = json.loads(frame)
    except (ValueError, RecursionError):
        return ProtocolError(ProtocolCode.MALFORMED_JSON, "not valid JSON")
    if not isinstance(raw, dict):
        return ProtocolError(ProtocolCode.MALFORMED_JSON, "a message is a JSON object")
    version = raw.get("protocol")
    # Only a whole number that is not ours is an old page; a missing or mistyped version is a
    # malformed hello like any other.
    is_version = isinstance(version, int) and not isinstance(version, bool)
    if raw.get("type") == "hello" and is_version and version != PROTOCOL_VERSION:
        return _outdated(version)
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        return ProtocolError(ProtocolCode.UNKNOWN_TYPE, f"unknown message type {kind!r}"[:80])
    first = error.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(part) for part in first["loc"][1:]) or "message"
    detail = f"{where}: {first['msg']}"
    return ProtocolError(ProtocolCode.INVALID_MESSAGE, detail, command=kind != "hello")


def _outdated(version: object) -> ProtocolError:
    detail = f"server speaks protocol {PROTOCOL_VERSION}, client sent {version!r}: reload"
    return ProtocolError(ProtocolCode.OUTDATED, detail, fatal=True)


def _check_text(value: Any, key: str = "message") -> None:
    if isinstance(value, str):
        if FRAME_CONTROL.search(value):
            raise ProtocolError(ProtocolCode.CONTROL_CHARACTERS, f"{key}: control characters")
    elif isinstance(value, dict):
        for name, item in value.items():
            _check_text(item, name)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _check_text(item, key)


# Server → client -------------------------------------------------------------------------


def dumps(value: object) -> str:
    """Compact JSON, as every server frame is encoded: ASCII only (other characters escaped),
    because Pyodide hands an ASCII string to JavaScript ~10x faster than any other."""
    return json.dumps(value, separators=(",", ":"))


def welcome_frame(player_id: str, token: str) -> str:
    return dumps(Welcome(player_id=player_id, token=token).model_dump())


def read_view(held: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """The client's side of a `view` message: the whole view, given `held`, the last view
    this socket received (None on a new socket). static/js/net.js does the same. Raises
    ValueError when the frame does not apply to `held` (the client then asks `sync`).

    >>> held = {"now": 1, "game": {"stage": "clues", "cycle": 1, "recap": ["a", "b"]}}
    >>> part = {"game": {"stage": "vote", "recap": ["c"]}}
    >>> read_view(held, {"full": False, "recap_from": 2, "view": part})
    {'now': 1, 'game': {'stage': 'vote', 'cycle': 1, 'recap': ['a', 'b', 'c']}}
    """
    part: dict[str, Any] = message["view"]
    start = message.get("recap_from", 0)
    if message.get("full"):
        if start:
            raise ValueError("a full view continues no recap")
        return part
    if held is None:
        raise ValueError("a partial view on a socket that holds no view")
    view = {**held, **part}
    patch = view.pop("players_patch", None)
    if patch is not None:  # the seats that changed, by index (protocol 4)
        players = list(held.get("players") or ())
        for index, seat in patch.items():
            if not index.isdigit() or int(index) >= len(players):
                raise ValueError(f"a patch of seat {index}, which this socket never had")
            players[int(index)] = seat
        view["players"] = players
    game, before = part.get("game"), held.get("game")
    if game is not None:  # only the fields that changed; another game comes whole
        view["game"] = {**(before or {}), **game}
    if start:
        recap = (before or {}).get("recap")
        if game is None or "recap" not in game or recap is None or len(recap) < start:
            raise ValueError(f"a recap continued from entry {start}, which this socket never had")
        view["game"]["recap"] = recap[:start] + game["recap"]
    return view


def error_frame(code: str, message: str = "", *, fatal: bool = False) -> str:
    error = ErrorMessage(code=code, message=message or describe(code), fatal=fatal)
    return dumps(error.model_dump())


def closed_frame(reason: str) -> str:
    return dumps(ClosedMessage.model_validate({"reason": reason}).model_dump())


def describe(code: str) -> str:
    """English text for an error code, from `error_codes` (the client shows its own FR/EN
    translation of the same code)."""
    return error_codes.english(code) or f"Not allowed ({code})."
