"""`undercover tournament --stall-check N`: N seeded bot-only games, every setting a host can
choose drawn from each game's seed, counting the games that never reach the end screen.

The same cases feed `tests/bots/test_never_frozen.py`, which plays each combination once.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from undercover.engine.dealing import Deck
from undercover.engine.settings import SettingsChanges
from undercover.engine.state import Room, Strength
from undercover.rules import ClueEntry
from undercover.tools.bot_tables import STRENGTHS, Stalled, bot_table, play_out, with_strengths

# A host's own list, with a word that a stock phrase holds in the singular ("souvenir").
HOST_WORDS = ("Souvenirs / Photos", "Pizza / Quiche", "Chat / Chien", "Café / Thé")
LEVELS = ("very_close", "close", "none")


@dataclass(frozen=True)
class Case:
    mode: str
    clue_timer: bool
    vote_timer: bool
    mr_white: bool
    level: str
    attribute_variant: bool
    host_words: bool

    @property
    def label(self) -> str:
        flags = (
            f"clue timer {'on' if self.clue_timer else 'off'}",
            f"vote timer {'on' if self.vote_timer else 'off'}",
            "Mr. White" if self.mr_white else "no Mr. White",
            self.level,
            *(("attribute variant",) if self.attribute_variant else ()),
            *(("host words",) if self.host_words else ()),
        )
        return f"{self.mode}: {', '.join(flags)}"


def every_case() -> list[Case]:
    """Every combination a host can set (grade mode deals grades: its word settings do not
    vary; the host's own words have no attributes)."""
    on_off = (False, True)
    classic = [
        Case("classic", clue, vote, white, level, attribute, own)
        for clue, vote, white, level, attribute, own in itertools.product(
            on_off, on_off, on_off, LEVELS, on_off, on_off
        )
        if not (attribute and own)
    ]
    grade = [
        Case("grade", clue, vote, white, "very_close", False, False)
        for clue, vote, white in itertools.product(on_off, on_off, on_off)
    ]
    return classic + grade


def play_case(case: Case, number: int, seed: int, deck: Deck) -> Room:
    """Game `number` of `case`: its size (3 to 12; 5 to 12 with Mr. White), rounds per vote
    and both camps' strengths follow from the number; its deal from `seed`."""
    players = 5 + number % 8 if case.mr_white else 3 + number % 10
    changes = SettingsChanges(
        mode=case.mode,  # type: ignore[arg-type]
        clue_timer=case.clue_timer,
        vote_timer=case.vote_timer,
        mr_white=case.mr_white,
        similarity=case.level,  # type: ignore[arg-type]
        attribute_variant=case.attribute_variant,
        clue_rounds_per_vote=1 + number % 2,
    )
    words = HOST_WORDS if case.host_words else ()
    room = bot_table(players, seed, changes, deck=deck, host_words=words)
    civilians: Strength = STRENGTHS[number % 3]
    impostors: Strength = STRENGTHS[number // 3 % 3]
    return play_out(with_strengths(room, civilians, impostors), deck)


def skipped_clues(room: Room) -> int:
    """Clue turns that passed without a clue (only a timer or an absence skips one)."""
    assert room.game is not None
    return sum(1 for e in room.game.recap if isinstance(e, ClueEntry) and e.text is None)


def check_game(number: int, seed: int, deck: Deck) -> tuple[bool, str | None]:
    """Game `number` of a run seeded `seed`: (whether it reached the end screen, its
    problem in one line: a stall, or a clue turn skipped without a clue timer)."""
    game_seed = seed * 1_000_003 + number
    case = random.Random(game_seed).choice(_CASES)
    try:
        room = play_case(case, number, game_seed, deck)
    except Stalled as stalled:
        return False, f"seed {game_seed}, {case.label}: {stalled}"
    if not case.clue_timer and skipped_clues(room):
        return True, f"seed {game_seed}, {case.label}: a clue turn passed without a clue"
    return True, None


_CASES = every_case()
_deck: Deck | None = None  # a worker process's, inherited from its parent


def _checked(job: tuple[int, int]) -> tuple[bool, str | None]:
    assert _deck is not None
    return check_game(*job, _deck)


def stall_check(
    games: int,
    seed: int,
    deck: Deck,
    progress: Callable[[str], None] | None = None,
    workers: int = 1,
) -> tuple[int, list[str]]:
    """(games that ended, a line per stalled or timer-less skipped game); every 50 games
    the count so far goes to `progress`, so a long run can be followed (and an interrupted
    one counted). `workers` > 1 plays the games in as many processes, in the same order."""
    global _deck
    jobs = [(number, seed) for number in range(games)]
    ended, problems = 0, list[str]()
    started = time.perf_counter()
    _deck = deck
    with contextlib.ExitStack() as stack:
        if workers > 1:  # forked: each worker inherits the deck instead of rebuilding it
            pool = stack.enter_context(multiprocessing.get_context("fork").Pool(workers))
            results: Iterable[tuple[bool, str | None]] = pool.imap(_checked, jobs, chunksize=4)
        else:
            results = map(_checked, jobs)
        for number, (finished, problem) in enumerate(results, start=1):
            ended += finished
            if problem is not None:
                problems.append(problem)
            if progress is not None and number % 50 == 0:
                elapsed = time.perf_counter() - started
                progress(
                    f"{number} games: {ended} ended, {len(problems)} problems ({elapsed:.0f} s)"
                )
    return ended, problems


def report(games: int, seed: int, deck: Deck, workers: int = 1) -> str:
    started = time.perf_counter()
    ended, problems = stall_check(
        games, seed, deck, lambda line: print(line, file=sys.stderr, flush=True), workers
    )
    elapsed = time.perf_counter() - started
    kinds = Counter(p.split(":")[-1].strip() for p in problems)
    lines = [
        f"{games} games (seed {seed}): {ended} reached the end screen, "
        f"{games - ended} stalled, {len(problems)} problems in {elapsed:.0f} s",
        *(f"  {count} x {kind}" for kind, count in kinds.most_common()),
        *problems[:20],
    ]
    return "\n".join(lines)
