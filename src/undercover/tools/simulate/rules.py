"""The rules simulator: bots play complete games through `undercover.rules` alone.

Bots pick random legal actions, with moods that make the rare cases happen: timeouts,
disconnections, abstentions, ties, kicks and Mr. White's guesses, right and wrong. A game
that breaks an invariant raises `InvariantBroken`; over 1,000 games or more, an edge case that
the player count allows and that never occurred is reported missing (Mr. White, and so his
guesses, needs 5 players).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from undercover.rules import (
    MAX_BALLOT_CHANGES,
    MR_WHITE_MIN_PLAYERS,
    BallotKind,
    Camp,
    EndReason,
    Game,
    GuessEntry,
    KickEntry,
    Mode,
    Role,
    RuleSettings,
    SkipReason,
    Stage,
    VoteEntry,
    VoteResult,
    Words,
    ballots_complete,
    cast_ballot,
    close_vote,
    composition,
    give_clue,
    guess,
    kick,
    max_inputs,
    propose_theme,
    skip_clue,
    skip_guess,
    skip_theme,
    start_game,
)
from undercover.rules.votes import count_votes, leaders

EDGE_CASES = (
    "double_tie",
    "all_abstain_vote",
    "kick_during_vote",
    "right_guess",
    "wrong_guess",
    "phantom_votes_decided",
)
MIN_GAMES_FOR_EDGE_CHECK = 1000
WORDS = Words(civilian="Tour Eiffel", undercover="Arc de Triomphe", civilian_aliases=("Eiffel",))


class InvariantBroken(AssertionError):
    """The rules did something they promise never to do."""


@dataclass
class Report:
    games: int = 0
    inputs: int = 0
    winners: Counter[str] = field(default_factory=Counter)
    edge_cases: Counter[str] = field(default_factory=Counter)

    def as_dict(self) -> dict[str, object]:
        return {
            "games": self.games,
            "average_inputs": round(self.inputs / max(self.games, 1), 1),
            "winners": dict(sorted(self.winners.items())),
            "edge_cases": {name: self.edge_cases[name] for name in EDGE_CASES},
        }


class Bots:
    """A careless table: everything a real table does, more often than a real table does it."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.suspects: tuple[str, ...] = ()
        self.abstaining_vote = False

    def step(self, game: Game, seen: Counter[str]) -> Game:
        rng = self.rng
        if rng.random() < 0.01:
            if game.stage is Stage.VOTE:
                seen["kick_during_vote"] += 1
            return kick(game, rng.choice(game.alive))
        match game.stage:
            case Stage.THEME:
                return (
                    skip_theme(game)
                    if rng.random() < 0.2
                    else propose_theme(game, game.proposer or "", "les voyages")
                )
            case Stage.CLUE:
                roll = rng.random()
                if roll < 0.08:
                    return skip_clue(game, SkipReason.TIMEOUT)
                if roll < 0.12:
                    return skip_clue(game, SkipReason.ABSENT)
                return give_clue(game, game.speaker or "", rng.choice(["grand", "vieux", "rapide"]))
            case Stage.VOTE:
                return self.vote(game)
            case Stage.GUESS:
                return self.guess(game)
            case Stage.OVER:
                raise InvariantBroken("asked to play a finished game")

    def vote(self, game: Game) -> Game:
        rng = self.rng
        if not game.ballots:  # a new ballot: the table's mood for it
            self.abstaining_vote = rng.random() < 0.08
            pool = list(game.candidates)
            self.suspects = tuple(rng.sample(pool, k=min(2, len(pool))))
        absent = {p for p in game.alive if rng.random() < 0.02}
        if ballots_complete(game, absent) or rng.random() < 0.01:
            return close_vote(game)
        waiting = [p for p in game.alive if p not in game.ballots]
        voter = rng.choice(waiting or list(game.alive))
        if game.ballot_changes.get(voter, 0) >= MAX_BALLOT_CHANGES:
            return close_vote(game)
        options = [p for p in self.suspects if p != voter and p in game.candidates]
        if self.abstaining_vote or not options or rng.random() < 0.1:
            return cast_ballot(game, voter, None)
        return cast_ballot(game, voter, rng.choice(options))

    def guess(self, game: Game) -> Game:
        roll = self.rng.random()
        if roll < 0.15:
            return skip_guess(game)
        if game.grades is not None:
            right = str(game.grades.civilian)
            return guess(
                game, game.guesser or "", right if roll < 0.5 else str(self.rng.randint(0, 20))
            )
        return guess(game, game.guesser or "", " eiffel! " if roll < 0.5 else "Louvre")


def note_vote(entry: VoteEntry, seen: Counter[str]) -> None:
    if entry.result is VoteResult.REOPENED:
        seen["double_tie"] += 1
    if not any(target is not None for target in entry.ballots.values()) and not any(
        entry.phantom_votes.values()
    ):
        seen["all_abstain_vote"] += 1
    if entry.ballot_kind is BallotKind.FIRST and any(entry.phantom_votes.values()):
        without = leaders(count_votes(tuple(entry.received), entry.ballots, {}))
        with_phantoms = leaders(entry.received)
        if without != with_phantoms:
            seen["phantom_votes_decided"] += 1


def check(game: Game, before: Game) -> None:
    out = set(game.eliminated) | set(game.kicked)
    if game.speaker in out or (game.stage is Stage.THEME and game.proposer in out):
        raise InvariantBroken("an eliminated or kicked player was given the turn")
    if not set(game.ballots) <= set(game.alive):
        raise InvariantBroken("a ballot from a player no longer in the game")
    if before.last_vote is not game.last_vote and game.phantom_votes:
        raise InvariantBroken("phantom votes survived a tally")
    civilians = sum(1 for p in game.alive if game.roles[p] == "civilian")
    if game.outcome is None and civilians <= 1:
        raise InvariantBroken("the game goes on with a single civilian left")
    impostors = sum(1 for p in game.alive if game.roles[p] != "civilian")
    if game.outcome is None and impostors == 0 and game.stage is not Stage.GUESS:
        raise InvariantBroken("the game goes on with no impostor left")


def expected_winners(game: Game) -> tuple[Camp, ...]:
    """Who should have won, worked out again from the table (docs/rules.md §9), not by the
    rules' own `decide_outcome`."""
    alive = [game.roles[p] for p in game.alive]
    impostor_camps = tuple(
        camp
        for camp, role in ((Camp.UNDERCOVERS, Role.UNDERCOVER), (Camp.MR_WHITE, Role.MR_WHITE))
        if role in alive
    )
    guesses = [e for e in game.recap if isinstance(e, GuessEntry)]
    if guesses and guesses[-1].correct:
        return (Camp.MR_WHITE,)
    if not impostor_camps:
        return (Camp.CIVILIANS,)
    if alive.count(Role.CIVILIAN) <= 1:
        return impostor_camps
    votes = [e for e in game.recap if isinstance(e, VoteEntry)]
    nobody_accused = not any(n for e in votes[-3:] for n in e.received.values())
    if len(votes) >= 3 and all(e.result is VoteResult.NULL for e in votes[-3:]) and nobody_accused:
        return impostor_camps  # the table abstained
    return ()


def check_end(game: Game, players: int) -> None:
    """A finished game: the right winners for its survivors, the dealt composition, and a
    recap holding every elimination, kick and guess."""
    outcome = game.outcome
    if outcome is None or not outcome.winners:
        raise InvariantBroken("a finished game without a winner")
    if outcome.winners != expected_winners(game):
        raise InvariantBroken(
            f"{outcome.winners} won, but the survivors say {expected_winners(game)}"
        )
    guessed = any(isinstance(e, GuessEntry) and e.correct for e in game.recap)
    if (outcome.reason is EndReason.MR_WHITE_GUESSED) != guessed:
        raise InvariantBroken("a right guess did not end the game, or an end claims one")
    expected = composition(players, game.settings.mr_white)
    dealt = Counter(game.roles.values())
    if (dealt[Role.CIVILIAN], dealt[Role.UNDERCOVER], dealt[Role.MR_WHITE]) != (
        expected.civilians,
        expected.undercovers,
        expected.mr_white,
    ):
        raise InvariantBroken(f"roles dealt {dict(dealt)}, composition says {expected}")
    voted_out = [e.eliminated for e in game.recap if isinstance(e, VoteEntry) and e.eliminated]
    if tuple(voted_out) != game.eliminated:
        raise InvariantBroken("an elimination is missing from the recap")
    if tuple(e.player for e in game.recap if isinstance(e, KickEntry)) != game.kicked:
        raise InvariantBroken("a kick is missing from the recap")
    guesses = [e.player for e in game.recap if isinstance(e, GuessEntry)]
    if guesses != [p for p in voted_out if game.roles[p] is Role.MR_WHITE]:
        raise InvariantBroken("a guess of Mr. White is missing from the recap (or one too many)")
    if set(game.alive) & (set(game.eliminated) | set(game.kicked)):
        raise InvariantBroken("a player out of the game is still alive")


def play(players: int, seed: int, report: Report) -> None:
    rng = random.Random(seed)
    mode = Mode.GRADE if rng.random() < 0.3 else Mode.CLASSIC
    settings = RuleSettings(
        mode=mode,
        mr_white=players >= MR_WHITE_MIN_PLAYERS and rng.random() < 0.8,
        clue_rounds_per_vote=rng.randint(1, 2),
    )
    names = [f"bot{i}" for i in range(players)]
    game = start_game(names, settings, seed, WORDS)
    bots = Bots(rng)
    bound = max_inputs(players, settings)
    for count in range(1, bound + 1):
        before = game
        game = bots.step(game, report.edge_cases)
        if game.last_vote is not before.last_vote and game.last_vote is not None:
            note_vote(game.last_vote, report.edge_cases)
        last = game.recap[-1] if game.recap else None
        if before.stage is Stage.GUESS and isinstance(last, GuessEntry):
            report.edge_cases["right_guess" if last.correct else "wrong_guess"] += 1
        check(game, before)
        if game.outcome is not None:
            check_end(game, players)
            report.inputs += count
            break
    else:
        raise InvariantBroken(f"game {seed} did not end within {bound} inputs")
    report.games += 1
    report.winners["+".join(game.outcome.winners)] += 1
