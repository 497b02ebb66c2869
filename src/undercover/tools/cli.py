"""The `undercover` command: one sub-command per tool, each owned by its module."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

# Sub-command -> module exposing `main(argv: list[str]) -> int`. Imported lazily so
# that `undercover themes check` does not pay for the web server's imports.
COMMANDS: dict[str, tuple[str, str]] = {
    "serve": ("undercover.hosts.local.app", "run the game server on this machine"),
    "simulate": ("undercover.tools.simulate", "play bot games and check invariants"),
    "bench": ("undercover.tools.bench", "measure the room engine's per-input cost"),
    "loadtest": ("undercover.tools.loadtest", "drive bot rooms against a running server"),
    "tournament": (
        "undercover.tools.tournament",
        "bot-only games: win rates per camp and strength",
    ),
    "bots": ("undercover.tools.bots_sample", "bots sample: seeded bot games' clues, to read"),
    "themes": ("undercover.themes.cli", "validate themes, generate data, sample pairs"),
}


def usage() -> str:
    lines = ["usage: undercover <command> [options]", "", "commands:"]
    lines += [f"  {name:<10} {help_text}" for name, (_, help_text) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in {"-h", "--help"}:
        print(usage())
        return 0
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"undercover: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    code: int = module.main(rest)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
