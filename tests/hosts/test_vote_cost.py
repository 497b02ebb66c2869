"""What a vote costs the hosts: the calls from hosts/ into the lower layers (engine, wire, bots,
themes, rules) while the runner applies one ballot, counted with `sys.setprofile`.

The runner's part of the work is decode, apply, save, the next alarm and the frames: five doors
into the layers below, each crossed once (docs/architecture.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any

import undercover
from tests.hosts.runner_host import Host, play_turn, seated

PACKAGE = Path(undercover.__file__).parent
HOSTS = str(PACKAGE / "hosts")
LOWER = tuple(str(PACKAGE / layer) for layer in ("engine", "wire", "bots", "themes", "rules"))
VOTE_CALLS_MAX = 5


def _in_voting(host: Host) -> dict[str, Any]:
    for _ in range(100):
        view = host.view("joueur1")
        if view["phase"] == "voting":
            return view
        play_turn(host)
    raise AssertionError("no vote came")


def calls_into_lower_layers(host: Host, name: str, message: dict[str, Any]) -> list[str]:
    """Each call a hosts/ frame makes into a lower layer's function while `name` sends
    `message` (a generator resumed counts once)."""
    calls: list[str] = []
    started: list[FrameType] = []  # held, so that no frame's id is reused meanwhile

    def profile(frame: FrameType, event: str, arg: object) -> None:
        caller = frame.f_back
        if event != "call" or caller is None or any(frame is seen for seen in started):
            return
        if caller.f_code.co_filename.startswith(HOSTS) and frame.f_code.co_filename.startswith(
            LOWER
        ):
            started.append(frame)
            calls.append(f"{caller.f_code.co_name} -> {frame.f_code.co_qualname}")

    sys.setprofile(profile)
    try:
        host.command(name, message)
    finally:
        sys.setprofile(None)
    return calls


def test_a_vote_costs_the_hosts_at_most_five_calls_into_lower_layers(tmp_path: Path) -> None:
    host = seated(tmp_path, 5)
    view = _in_voting(host)
    me = host.player_id("joueur1")
    target = next(player for player in view["game"]["alive"] if player != me)
    vote = {"type": "cast_vote", "seq": view["phase_seq"], "target": target}
    calls = calls_into_lower_layers(host, "joueur1", vote)
    assert host.view("joueur2")["game"]["voters"] == [me]  # the ballot was taken
    assert "_apply -> apply" in calls  # the count sees the engine's door
    assert len(calls) <= VOTE_CALLS_MAX, calls
