"""`docs/protocol.schema.json` as a validator, for the tests that check frames against it."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "protocol.schema.json"
# Below the protocol (docs/protocol.md, "Heartbeat"): not a message, so not in the schema.
HEARTBEAT = frozenset({'{"type":"ping"}', '{"type":"pong"}'})


@cache
def validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA.read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def schema_errors(message: Any) -> list[str]:
    """Why `message` (parsed JSON) is not a message of the schema; [] when it is."""
    return [error.message for error in validator().iter_errors(message)]
