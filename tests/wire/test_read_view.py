"""The client (static/js/net.js, `wholeView`) and `codec.read_view` rebuild the same views from
the same recorded frames, as docs/protocol.md ("view") describes; both ask `sync` for the same
frames that do not apply."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.cloudflare.harness import require_node
from tests.engine.content import DECK
from tests.engine.table import Table
from undercover.engine.commands import Rematch
from undercover.wire.codec import read_view
from undercover.wire.frames import Frames

ROOT = Path(__file__).resolve().parents[2]
NET = ROOT / "static" / "js" / "net.js"
Message = dict[str, Any]
SYNC = "sync"  # what a reader answers to a frame that does not apply to what it holds

# Frames that do not apply, each after a socket's real frames (the docs' list).
BROKEN: tuple[Message, ...] = (
    {"type": "view", "seq": 1, "full": True, "recap_from": 2, "view": {"now": 1.0}},
    {"type": "view", "seq": 1, "full": False, "recap_from": 0, "view": {"now": 1.0}},  # none held
    {
        "type": "view",
        "seq": 1,
        "full": False,
        "recap_from": 0,
        "view": {"players_patch": {"99": {}}},
    },
    {"type": "view", "seq": 1, "full": False, "recap_from": 999, "view": {"game": {"recap": []}}},
)


def _recorded() -> dict[str, list[Message]]:
    """Every frame each socket of a room receives through a game, a kick, a forgotten socket
    (a `sync`) and a rematch, with a board among them, then the broken frames."""
    table = Table.seated("ana", "ben", "cy", "dan", "eve")
    frames = Frames(DECK)
    targets = [(f"c-{s.player_id}", s.player_id) for s in table.room.seats] + [("board", None)]
    live = [conn for conn, _ in targets]
    sent: dict[str, list[Message]] = {conn: [] for conn in live}
    seq = 0

    def step() -> None:
        nonlocal seq
        seq += 1
        for conn, text in frames.build(table.room, seq, table.now, targets, live):
            sent[conn].append(json.loads(text))

    step()  # the lobby: `game` is null
    table.started()
    step()  # `game` arrives whole
    while table.phase == "clues":
        table.give_clue(table.speaker, "indice")
        step()  # `game` partial, the recap continued
    frames.forget("c-p2")  # a `sync`: a whole view again
    table.kick("dan")
    step()  # a seat's status: `players_patch`
    while table.phase != "ended":
        table.until_deadline()
        step()
    table.run(table.host_name, Rematch(seq=table.seq))
    step()  # another game: `game` whole again, its recap from 0
    for conn in live:
        sent[conn].extend(BROKEN)
    return sent


def _python(messages: list[Message]) -> list[Any]:
    held: Message | None = None
    out: list[Any] = []
    for message in messages:
        try:
            held = read_view(held, message)
        except ValueError:
            held = None  # as net.js: drop what it held and ask `sync`
            out.append(SYNC)
            continue
        out.append(held)
    return out


SCRIPT = """
import { readFileSync } from "node:fs";
import { wholeView } from "%s";
const sockets = JSON.parse(readFileSync(0, "utf8"));
const out = {};
for (const [conn, messages] of Object.entries(sockets)) {
  let held = null;
  out[conn] = messages.map((message) => {
    held = wholeView(held, message);
    return held === null ? "sync" : held;
  });
}
process.stdout.write(JSON.stringify(out));
"""


@pytest.mark.node
def test_the_client_and_read_view_rebuild_the_same_views_from_the_same_frames() -> None:
    node = require_node()
    sent = _recorded()
    assert any("players_patch" in m["view"] for m in sent["c-p1"])
    assert any(m["recap_from"] > 0 for m in sent["c-p1"])
    assert sum(m["full"] for m in sent["c-p2"]) == 2 + 1  # the first, the `sync`, a broken one
    result = subprocess.run(
        [node, "--no-warnings", "--input-type=module", "-e", SCRIPT % NET.as_uri()],
        input=json.dumps(sent),
        capture_output=True,
        text=True,
        check=True,
    )
    client = json.loads(result.stdout)
    python = {conn: _python(messages) for conn, messages in sent.items()}
    assert client == python
    for views in python.values():
        assert views[-len(BROKEN) :] == [SYNC] * len(BROKEN)
