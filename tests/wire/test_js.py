"""static/js/protocol.js is generated from the server's definitions, and the client uses it."""

from __future__ import annotations

import re
from pathlib import Path

from undercover.wire import js

JS = Path(__file__).resolve().parents[2] / "static" / "js"


def test_the_committed_protocol_js_is_the_generated_one() -> None:
    assert js.TARGET == JS / "protocol.js"
    assert js.TARGET.read_text("utf-8") == js.module_text(), (
        "static/js/protocol.js is stale: uv run python -m undercover.wire.js --write"
    )


def test_it_holds_what_the_server_checks() -> None:
    values = js.constants()
    assert values["PROTOCOL_VERSION"] == 5
    assert values["CLOSE_CODES"]["OUTDATED"] == 4426
    assert "cast_vote" in values["PHASE_BOUND"]
    assert "kick" not in values["PHASE_BOUND"]  # a kick names a player, not a phase
    assert values["SETTING_RANGES"]["clue_seconds"] == {"min": 30, "max": 90}
    assert (values["MIN_PLAYERS"], values["MAX_PLAYERS"]) == (3, 20)
    assert values["ERROR_CODES"]["TOKEN_BANNED"] == "token.banned"
    assert values["PHASES"][0] == "lobby"
    assert values["PHASES"][-1] == "ended"
    assert len(values["PHASES"]) == 7
    assert values["SETTING_CHOICES"]["similarity"] == ["none", "close", "very_close"]
    assert values["SERVER_MESSAGE_TYPES"] == ["welcome", "view", "error", "closed"]
    assert (values["PING"], values["PONG"]) == ('{"type":"ping"}', '{"type":"pong"}')
    assert (values["PING_INTERVAL_MS"], values["PONG_TIMEOUT_MS"]) == (25000, 10000)


def test_the_client_keeps_no_hand_copy_of_these_constants() -> None:
    sources = {
        path.relative_to(JS).as_posix(): path.read_text("utf-8")
        for path in JS.rglob("*.js")
        if path.name != "protocol.js"
    }
    copies = [
        re.compile(r"PROTOCOL_VERSION\s*=\s*\d"),
        re.compile(r"\b44(00|03|04|09|10|26)\b"),  # close codes
        re.compile(r"MIN_PLAYERS\s*=\s*\d"),
        re.compile(r'"(protocol\.outdated|token\.banned|seat\.banned)"'),
        re.compile(r"min:\s*\d+,\s*max:\s*\d+"),  # a setting's range
        re.compile(r'"(role_reveal|voting)"\s*,\s*"'),  # a list of the phases
        re.compile(r'"(very_close|grade)"\s*\]'),  # a setting's choices
        re.compile(r"""['"]\{\s*\\?"type\\?"\s*:\s*\\?"p[io]ng"""),  # the heartbeat's frames
        re.compile(r"\b(25000|10000)\b"),  # the heartbeat's timing
        re.compile(r'"welcome"\s*,\s*"view"'),  # the server's message types
    ]
    found = [
        f"{name}: {pattern.pattern}"
        for name, text in sources.items()
        for pattern in copies
        if pattern.search(text)
    ]
    assert found == []
