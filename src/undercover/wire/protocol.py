"""The wire protocol's messages, as pydantic models; the JSON Schema is generated from them.

Client → server: `hello` (first frame), then the engine's own command models (no copy of
their fields here). Server → client: `welcome`, `view`, `error`, `closed`. Any change an
old client would misread bumps `PROTOCOL_VERSION` (see docs/protocol.md, "Versioning").

Regenerate the committed schema with:
    uv run python -m undercover.wire.protocol > docs/protocol.schema.json
"""

from __future__ import annotations

import json
import sys
from enum import IntEnum, StrEnum
from typing import Annotated, Any, Final, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from undercover.engine.commands import TEXT_MAX_LENGTH, TOKEN_MAX_LENGTH, SeatCommand

# 2: a view's recap may hold only the entries after `recap_from`; 3: a view frame carries only
# the parts that changed since the socket's last one (`full`), and the client may ask `sync`;
# 4: of `players`, only the seats that changed (`players_patch`); 5: `game.last_vote` gone (the
# tally comes once, as the recap's entry).
PROTOCOL_VERSION = 5
MAX_FRAME_BYTES = 4096

# The heartbeat (hosts/heartbeat.py): fixed text compared whole, the client's PING every
# PING_INTERVAL_SECONDS, a reconnection when no frame has come PONG_TIMEOUT_SECONDS later.
PING: Final = '{"type":"ping"}'
PONG: Final = '{"type":"pong"}'
PING_INTERVAL_SECONDS: Final = 25.0
PONG_TIMEOUT_SECONDS: Final = 10.0


class ProtocolCode(StrEnum):
    """Errors found before the engine sees the input (the engine's own are `RejectCode`)."""

    OUTDATED = "protocol.outdated"
    BINARY_FRAME = "protocol.binary_frame"
    TOO_LARGE = "protocol.too_large"
    MALFORMED_JSON = "protocol.malformed_json"
    UNKNOWN_TYPE = "protocol.unknown_type"
    INVALID_MESSAGE = "protocol.invalid_message"
    HELLO_REQUIRED = "protocol.hello_required"
    ALREADY_GREETED = "protocol.already_greeted"
    CONTROL_CHARACTERS = "text.control_characters"
    ROOM_NOT_FOUND = "room.not_found"
    INTERNAL = "server.internal"


class RouteCode(StrEnum):
    """Errors an HTTP route answers (`{"error": code, "message": ...}`), beside
    `ProtocolCode.ROOM_NOT_FOUND`; `rate.limited` is also a socket's, from the host's limits."""

    RATE_LIMITED = "rate.limited"
    SERVER_FULL = "server.full"
    ROUTE_UNKNOWN = "route.unknown"
    ROUTE_METHOD = "route.method"


class CloseCode(IntEnum):
    """WebSocket close codes the server uses (4000–4999 are the application's)."""

    NORMAL = 1000
    GOING_AWAY = 1001
    POLICY = 1008  # the host's flood and slow-reader limits
    TOO_BIG = 1009  # a frame far past the 4 KiB limit, refused by the transport itself
    PROTOCOL_ERROR = 4400
    KICKED = 4403
    ROOM_NOT_FOUND = 4404
    REPLACED = 4409
    ROOM_DELETED = 4410
    OUTDATED = 4426


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# Client → server ---------------------------------------------------------------------------


class Hello(_Message):
    """First frame: resume the seat of `token`, or join with `name`."""

    type: Literal["hello"]
    protocol: int
    token: str | None = Field(default=None, min_length=1, max_length=TOKEN_MAX_LENGTH)
    name: str | None = None  # bounded by the frame; the engine checks its length
    lang: Literal["fr", "en"] = "fr"
    # The face asked for when joining (ignored when resuming a seat); an unknown or taken
    # one is replaced by a free one (seats.pick_look).
    avatar: str | None = Field(default=None, max_length=TEXT_MAX_LENGTH)
    color: str | None = Field(default=None, max_length=TEXT_MAX_LENGTH)
    # A board (a shared screen): no seat, the spectator's view; `token` and `name` ignored.
    board: bool = False


class Sync(_Message):
    """Ask for a full view (`"full": true`): a client that cannot apply a frame to what it
    holds. Handled by the host's runner; the room does not change."""

    type: Literal["sync"]


ClientCommand = SeatCommand
ClientMessage = Annotated[Hello | Sync | ClientCommand, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Hello | Sync | ClientCommand] = TypeAdapter(ClientMessage)
CLIENT_TYPES = frozenset(
    model.model_fields["type"].default for model in get_args(ClientCommand)
) | {"hello", "sync"}


# Server → client ---------------------------------------------------------------------------


class Welcome(_Message):
    """Sent only to the socket that said hello; the only place the seat token ever appears."""

    type: Literal["welcome"] = "welcome"
    # The version the server speaks; `const` so the schema says which (not any int).
    protocol: int = Field(
        default=PROTOCOL_VERSION,
        ge=PROTOCOL_VERSION,
        le=PROTOCOL_VERSION,
        json_schema_extra={"const": PROTOCOL_VERSION},
    )
    player_id: str
    token: str


class ViewMessage(_Message):
    """What this player may see now; `seq` is the room's revision (see engine/view.py).

    `full`: `view` is the whole view. Otherwise it holds only the top-level parts that changed
    since the last view this same socket received; the others are as they were. When `view`
    holds `game`, `view.game.recap` holds the recap's entries from index `recap_from` on: the
    entries before it are those this socket already holds (0: the whole recap).
    """

    type: Literal["view"] = "view"
    seq: int
    full: bool
    recap_from: int = Field(default=0, ge=0)
    view: dict[str, Any]


class ErrorMessage(_Message):
    """An input was refused (nothing changed) or failed; `fatal` means the socket closes next."""

    type: Literal["error"] = "error"
    code: str
    message: str
    fatal: bool = False


class ClosedMessage(_Message):
    """Sent just before the server closes the socket."""

    type: Literal["closed"] = "closed"
    reason: Literal["kicked", "replaced", "left", "room_deleted"]


ServerMessage = Annotated[
    Welcome | ViewMessage | ErrorMessage | ClosedMessage, Field(discriminator="type")
]


def json_schema() -> dict[str, Any]:
    """The JSON Schema of every message, both directions, as committed in docs/."""
    definitions: dict[str, Any] = {}
    roots: dict[str, Any] = {}
    unions: tuple[tuple[str, Any], ...] = (
        ("ClientMessage", ClientMessage),
        ("ServerMessage", ServerMessage),
    )
    for name, union in unions:
        adapter: TypeAdapter[Any] = TypeAdapter(union)
        schema = adapter.json_schema(ref_template="#/$defs/{model}")
        definitions.update(schema.pop("$defs", {}))
        roots[name] = schema
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"Undercover protocol {PROTOCOL_VERSION}",
        "description": "See docs/protocol.md. Generated by `python -m undercover.wire.protocol`.",
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in roots],
        "$defs": dict(sorted((definitions | roots).items())),
    }


def schema_text() -> str:
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    sys.stdout.write(schema_text())
