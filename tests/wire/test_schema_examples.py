"""Every JSON example of docs/protocol.md is a message of docs/protocol.schema.json, and the
frames the server builds are too (the contract suite checks every frame a host sends)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.wire.schema import schema_errors
from undercover.wire import codec
from undercover.wire.protocol import PROTOCOL_VERSION

DOCS = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
BLOCK = re.compile(r"```json\n(.*?)```", re.S)


def _examples() -> list[Any]:
    """Each example: a block holding one message, or one message per line."""
    found: list[Any] = []
    for block in BLOCK.findall(DOCS.read_text("utf-8")):
        try:
            found.append(json.loads(block))
        except json.JSONDecodeError:
            found.extend(json.loads(line) for line in block.splitlines() if line.strip())
    return found


def test_the_docs_have_an_example_of_every_kind() -> None:
    kinds = {example["type"] for example in _examples()}
    assert {"hello", "sync", "welcome", "view", "error", "closed", "cast_vote"} <= kinds


@pytest.mark.parametrize("example", _examples(), ids=lambda e: str(e.get("type")))
def test_every_example_in_the_docs_follows_the_schema(example: Any) -> None:
    assert schema_errors(example) == []


def test_the_server_s_own_frames_follow_the_schema() -> None:
    for frame in (
        codec.welcome_frame("p3", "k" * 43),
        codec.error_frame("vote.not_in_voting"),
        codec.error_frame("protocol.outdated", fatal=True),
        codec.closed_frame("kicked"),
    ):
        assert schema_errors(json.loads(frame)) == [], frame


def test_a_welcome_of_another_version_is_not_in_the_schema() -> None:
    welcome = json.loads(codec.welcome_frame("p3", "k" * 43))
    assert welcome["protocol"] == PROTOCOL_VERSION
    assert schema_errors(welcome | {"protocol": PROTOCOL_VERSION - 1}) != []
    assert schema_errors({"type": "view", "seq": 1, "view": {}}) != []  # no `full`
