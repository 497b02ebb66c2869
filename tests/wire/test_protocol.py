"""The protocol's models: the committed JSON Schema and docs/protocol.md stay in step with them."""

from __future__ import annotations

import json
import re
from pathlib import Path

from undercover.engine.commands import HOST_COMMANDS, WIRE_COMMANDS, JoinRoom, Reconnect
from undercover.engine.errors import RejectCode
from undercover.wire import protocol
from undercover.wire.codec import describe
from undercover.wire.protocol import CloseCode, ProtocolCode

DOCS = Path(__file__).resolve().parents[2] / "docs"
REGENERATE = "uv run python -m undercover.wire.protocol > docs/protocol.schema.json"


def test_the_committed_schema_is_the_generated_one() -> None:
    committed = (DOCS / "protocol.schema.json").read_text("utf-8")
    assert committed == protocol.schema_text(), f"docs/protocol.schema.json is stale: {REGENERATE}"


def _client_types() -> set[str]:
    schema = protocol.json_schema()
    mapping = schema["$defs"]["ClientMessage"]["discriminator"]["mapping"]
    return set(mapping)


def test_clients_can_send_hello_and_every_player_command_but_no_host_internal_one() -> None:
    player_commands = {
        model.model_fields["type"].default
        for model in WIRE_COMMANDS
        if model not in (JoinRoom, Reconnect)
    }
    assert _client_types() == {"hello", "sync"} | player_commands
    host_only = {model.model_fields["type"].default for model in HOST_COMMANDS}
    assert not _client_types() & (host_only | {"join", "reconnect"})


def test_the_server_sends_four_kinds_of_message() -> None:
    mapping = protocol.json_schema()["$defs"]["ServerMessage"]["discriminator"]["mapping"]
    assert set(mapping) == {"welcome", "view", "error", "closed"}


def test_every_message_type_is_documented_with_an_example() -> None:
    text = (DOCS / "protocol.md").read_text("utf-8")
    for message_type in _client_types() | {"welcome", "view", "error", "closed"}:
        assert f'"type": "{message_type}"' in text, f"no example of {message_type} in protocol.md"


def test_every_error_code_is_documented_and_described() -> None:
    text = (DOCS / "protocol.md").read_text("utf-8")
    for code in [*ProtocolCode, *RejectCode]:
        assert f"`{code}`" in text, f"error code {code} missing from docs/protocol.md"
        assert not describe(code).startswith("Not allowed ("), f"no English text for {code}"


def test_every_close_code_is_documented() -> None:
    text = (DOCS / "protocol.md").read_text("utf-8")
    documented = {int(code) for code in re.findall(r"^\| (\d{4}) \|", text, re.MULTILINE)}
    assert documented == {int(code) for code in CloseCode}


def test_the_schema_forbids_extra_fields_in_client_messages() -> None:
    schema = protocol.json_schema()
    for name in _client_types():
        model = schema["$defs"]["ClientMessage"]["discriminator"]["mapping"][name].split("/")[-1]
        assert schema["$defs"][model]["additionalProperties"] is False, name


def test_the_schema_is_valid_json_with_a_title_naming_the_version() -> None:
    schema = json.loads(protocol.schema_text())
    assert schema["title"] == f"Undercover protocol {protocol.PROTOCOL_VERSION}"
