"""`undercover tournament`: bot-only games per configuration, with win rates per camp.

Each configuration sets the civilians' strength, the impostors' strength (undercovers and
Mr. White), the player count and whether Mr. White plays. A game is the real room engine
with bot seats, driven as a host drives it (each due deadline in turn, bots choosing from
their own views), its strengths given by role once the roles are dealt: a measuring tool's
liberty, as no one picks a bot's camp in a real room.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from undercover.engine.dealing import Deck
from undercover.engine.settings import SettingsChanges
from undercover.engine.state import Strength
from undercover.rules import Camp
from undercover.rules.settings import Mode
from undercover.themes.builtin import builtin_catalog
from undercover.tools.bot_tables import STRENGTHS, bot_table, play_out, with_strengths
from undercover.tools.clue_quality import Counts, count
from undercover.tools.stalls import report


@dataclass(frozen=True)
class Config:
    civilians: Strength
    impostors: Strength
    players: int
    mr_white: bool
    mode: Mode = Mode.CLASSIC

    @property
    def label(self) -> str:
        white = "+MrW" if self.mr_white else ""
        return f"{self.civilians} vs {self.impostors}, {self.players}p{white} {self.mode}"


def play(config: Config, seed: int, deck: Deck, clues: Counts | None = None) -> tuple[Camp, ...]:
    """The winners of one game (its clues counted into `clues`, when given)."""
    changes = SettingsChanges(mr_white=config.mr_white, mode=config.mode)
    room = with_strengths(bot_table(config.players, seed, changes, deck=deck), *_pair(config))
    room = play_out(room, deck)
    game = room.game
    assert game is not None
    assert game.outcome is not None
    if clues is not None and config.mode is Mode.CLASSIC:
        clues.add(count(room, deck))
    return game.outcome.winners


def _pair(config: Config) -> tuple[Strength, Strength]:
    return config.civilians, config.impostors


def run(
    configs: Sequence[Config], games: int, seed: int, clues: Counts | None = None
) -> list[dict[str, object]]:
    rows = []
    deck = Deck(builtin_catalog())
    for config in configs:
        wins: Counter[str] = Counter()
        for number in range(games):
            winners = play(config, seed * 100_003 + number, deck, clues)
            for camp in winners:
                wins[camp.value] += 1
        rows.append(
            {
                "config": config.label,
                "civilians": config.civilians,
                "impostors": config.impostors,
                "players": config.players,
                "mr_white": config.mr_white,
                "mode": config.mode.value,
                "games": games,
                "civilians_won": wins[Camp.CIVILIANS.value] / games,
                "civilians_interval": list(wilson(wins[Camp.CIVILIANS.value], games)),
                "impostors_won": 1 - wins[Camp.CIVILIANS.value] / games,
                "undercovers_won": wins[Camp.UNDERCOVERS.value] / games,
                "mr_white_won": wins[Camp.MR_WHITE.value] / games,
            }
        )
    return rows


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (Wilson score) interval of a share seen `successes` times in `trials`: honest
    near 0% and 100%, where the textbook p ± 1.96·sqrt(p(1-p)/n) leaves [0, 1].

    >>> low, high = wilson(70, 100)
    >>> round(low, 3), round(high, 3)
    (0.604, 0.781)
    """
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    centre = share + z * z / (2 * trials)
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (centre - spread) / scale, (centre + spread) / scale


def default_configs(
    players: Sequence[int], mr_white: Sequence[bool], modes: Sequence[Mode] = (Mode.CLASSIC,)
) -> list[Config]:
    pairs = [("normal", "normal"), ("malin", "debutant"), ("debutant", "malin")]
    pairs += [("malin", "malin"), ("debutant", "debutant")]
    return [
        Config(civ, imp, n, white, mode)  # type: ignore[arg-type]
        for civ, imp in pairs
        for mode in modes
        for n in players
        for white in mr_white
    ]


def table(rows: list[dict[str, object]]) -> str:
    """The rows as a Markdown table (the share of games each camp won)."""
    lines = [
        "| civilians | impostors | mode | players | Mr. White | games |"
        " civilians won (95% interval) | undercovers won | Mr. White won |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        white = "yes" if row["mr_white"] else "no"
        interval = row["civilians_interval"]
        assert isinstance(interval, list)
        low, high = interval
        shares = " | ".join(
            f"{row[key]:.0%}" for key in ("civilians_won", "undercovers_won", "mr_white_won")
        )
        shares = shares.replace("%", f"% ({low:.0%}–{high:.0%})", 1)
        lines.append(
            f"| {row['civilians']} | {row['impostors']} | {row['mode']} | {row['players']} | "
            f"{white} | {row['games']} | {shares} |"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="undercover tournament", description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per configuration")
    parser.add_argument("--players", type=int, nargs="+", default=[5, 6, 7, 8])
    parser.add_argument("--mr-white", choices=("yes", "no", "both"), default="both")
    parser.add_argument("--civilians", choices=STRENGTHS, help="only this civilians' strength")
    parser.add_argument("--impostors", choices=STRENGTHS, help="only this impostors' strength")
    parser.add_argument("--mode", choices=("classic", "grade", "both"), default="classic")
    parser.add_argument(
        "--clues", action="store_true", help="also count the fillers and give-aways (classic)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument(
        "--stall-check",
        type=int,
        metavar="N",
        help="instead: N games, every setting drawn from the seed, counting stalls",
    )
    args = parser.parse_args(argv)
    if args.stall_check is not None:
        print(report(args.stall_check, args.seed, Deck(builtin_catalog())))
        return 0
    whites = {"yes": [True], "no": [False], "both": [False, True]}[args.mr_white]
    modes = [Mode(m) for m in ("classic", "grade") if args.mode in (m, "both")]
    players = [n for n in args.players if 3 <= n <= 20]
    configs = [
        c
        for c in default_configs(players, whites, modes)
        if (args.civilians is None or c.civilians == args.civilians)
        and (args.impostors is None or c.impostors == args.impostors)
        and (c.players >= 5 or not c.mr_white)
    ]
    if args.civilians and args.impostors and not configs:
        configs = [
            Config(args.civilians, args.impostors, n, w, m)
            for m in modes
            for n in players
            for w in whites
        ]
    clues = Counts() if args.clues else None
    started = time.perf_counter()
    rows = run(configs, args.games, args.seed, clues)
    elapsed = time.perf_counter() - started
    print(json.dumps(rows, indent=2) if args.json else table(rows))
    total = args.games * len(configs)
    if clues is not None:
        print(f"\nClues (classic games): {clues.summary()}")
    print(f"\n{total} games in {elapsed:.1f} s ({elapsed / max(1, total) * 1000:.0f} ms a game)")
    return 0
