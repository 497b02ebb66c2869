"""`undercover serve`'s logs over a whole game (the scenarios themselves run on both hosts in
tests/contract)."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from tests.contract.scenarios import Table
from tests.e2e.harness import LocalServer


def test_logs_are_json_lines_with_no_token_or_word(server: LocalServer) -> None:
    async def play() -> tuple[set[str], set[str]]:
        table = await Table.seated(server, "Ana", "Ben", "Cy", "Dan")
        await table.start()
        await table.play(table.at("ended"))
        words = _game_words(table.players[0].view or {})
        tokens = {p.token for p in table.players if p.token}
        await table.leave_all()
        return tokens, words

    tokens, words = asyncio.run(play())
    assert len(tokens) == 4
    assert len(words) == 2
    text = server.log_text()
    # Every line is a JSON object, but the one plain line for humans on stdout.
    lines = [line for line in text.splitlines() if line.strip()]
    entries = [json.loads(line) for line in lines if not line.startswith("Undercover: open ")]
    assert len(entries) == len(lines) - server.starts
    assert any(entry.get("room") for entry in entries)
    for secret in tokens | words:
        found = re.search(rf"\b{re.escape(secret)}\b", text, re.IGNORECASE)
        assert found is None, "a seat token or a secret word reached the log"


def _game_words(view: dict[str, Any]) -> set[str]:
    words = view["game"]["end"]["words"]
    return {words["civilian"], words["undercover"]}
