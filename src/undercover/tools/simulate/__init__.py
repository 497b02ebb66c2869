"""`undercover simulate`: bots play whole games and check what the rules and the room promise.

Two simulators behind one command (docs/simulators.md): by default `rules` plays through
`undercover.rules` alone; with `--rooms`, `rooms` plays tables through the room engine, its
runner and its storage, and checks every frame for leaks. One JSON report on stdout. Exit 0:
every check held; exit 1 (`invariant_broken`): a game broke a promise, or over 1,000 games or
more an edge case the table size allows never occurred; exit 3 (`tool_failure`, `--rooms`
only): the simulator itself failed (its bots, its clock), no verdict on the game.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from undercover.rules import MR_WHITE_MIN_PLAYERS
from undercover.tools.leaks import LeakFound
from undercover.tools.simulate.rules import (
    EDGE_CASES,
    MIN_GAMES_FOR_EDGE_CHECK,
    InvariantBroken,
    Report,
    play,
)

TOOL_FAILURE_EXIT = 3  # the simulator failed (exit 1 is kept for a broken game invariant)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="undercover simulate", description=__doc__)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rooms",
        type=int,
        default=0,
        help="play through the room engine instead: this many rooms of --games games each",
    )
    parser.add_argument(
        "--seat-bots",
        type=int,
        default=0,
        help="with --rooms: the host also seats this many bots (docs/bots.md) at each table",
    )
    args = parser.parse_args(argv)
    if args.rooms:
        from undercover.tools.simulate import rooms

        try:
            summary = rooms.simulate_rooms(
                args.players, args.rooms, args.games, args.seed, args.seat_bots
            )
        except (rooms.InvariantBroken, LeakFound) as broken:
            print(json.dumps({"invariant_broken": str(broken)}, indent=2))
            return 1
        except Exception as failure:  # the simulator's own failure says nothing of the game
            print(json.dumps({"tool_failure": f"{type(failure).__name__}: {failure}"}, indent=2))
            return TOOL_FAILURE_EXIT
        print(json.dumps(summary, indent=2))
        return 0
    report = Report()
    try:
        for game_number in range(args.games):
            play(args.players, args.seed * 1_000_003 + game_number, report)
    except InvariantBroken as broken:
        print(json.dumps({"invariant_broken": str(broken), **report.as_dict()}, indent=2))
        return 1
    summary = report.as_dict()
    possible = [
        name
        for name in EDGE_CASES
        if args.players >= MR_WHITE_MIN_PLAYERS or not name.endswith("_guess")
    ]
    missing = [name for name in possible if report.edge_cases[name] == 0]
    if args.games >= MIN_GAMES_FOR_EDGE_CHECK and missing:
        summary["missing_edge_cases"] = missing
        print(json.dumps(summary, indent=2))
        return 1
    print(json.dumps(summary, indent=2))
    return 0
