"""Mutation check: plant single-line bugs in the rules and the phase modules, one at a time, and
see whether the tests catch each (docs/mutation.md).

    uv run python scripts/mutate.py           # every mutant; prints a table, exit 1 if one survives
    uv run python scripts/mutate.py --list    # the mutants, without running anything
    uv run python scripts/mutate.py -k grace  # only mutants whose rule or file matches
    uv run python scripts/mutate.py --start 40  # resume from the 40th

Each mutant replaces one exact line fragment (it must occur exactly once in its file) in a
copy of the repository, then runs only the test files that speak for that rule, stopping at
the first failure. The working tree is never touched. Not part of `uv run pytest`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = "src/undercover/rules"
PHASES = "src/undercover/engine/phases"
RULE_TESTS = ("tests/rules", "tests/engine/test_durations.py")
CLAUSES = "tests/engine/test_clauses.py"
PHASE_TESTS = ("tests/engine/phases", "tests/engine/test_durations.py", CLAUSES)
COPIED = ("src", "tests", "themes", "static", "pyproject.toml")
LAYER_TESTS = {"engine": ("tests/engine",), "wire": ("tests/wire",), "hosts": ("tests/hosts",)}


@dataclass(frozen=True)
class Mutant:
    rule: str  # the rule it breaks, in the words of docs/rules.md
    path: str
    before: str
    after: str
    tests: tuple[str, ...]  # all that speak for the rule, run if `first` let it live
    first_test: str = ""  # where the first test file is not found by the file's name
    # Why no test can tell it from the code, when a second mechanism holds the same rule:
    # then its survival is reported, not counted as a failure (docs/mutation.md).
    equivalent: str = ""

    @property
    def first(self) -> tuple[str, ...]:
        """The test file that speaks first for this rule (a quick kill)."""
        if self.first_test:
            return (self.first_test,)
        folder, name = self.path.rsplit("/", 1)
        by_file = f"tests/engine/phases/test_{name}" if folder == PHASES else _FIRST_BY_FILE[name]
        return (FIRST.get(self.rule, by_file),)


def rules(rule: str, name: str, before: str, after: str) -> Mutant:
    return Mutant(rule, f"{RULES}/{name}", before, after, RULE_TESTS)


def phases(rule: str, name: str, before: str, after: str) -> Mutant:
    return Mutant(rule, f"{PHASES}/{name}", before, after, PHASE_TESTS)


def other(rule: str, path: str, before: str, after: str, first: str) -> Mutant:
    """A bug in the engine outside its phases, the wire or the hosts (`path` under
    src/undercover): its first test file, then its layer's tests."""
    layer = path.split("/", 1)[0]
    return Mutant(rule, f"src/undercover/{path}", before, after, LAYER_TESTS[layer], first)


DURATIONS = "tests/engine/test_durations.py"
_FIRST_BY_FILE = {
    "roles.py": "tests/rules/test_roles.py",
    "order.py": "tests/rules/test_order.py",
    "flow.py": "tests/rules/test_clues.py",
    "clues.py": "tests/rules/test_clues.py",
    "text.py": "tests/rules/test_text.py",
    "voting.py": "tests/rules/test_voting.py",
    "votes.py": "tests/rules/test_voting.py",
    "kicks.py": "tests/rules/test_kicks.py",
    "guess.py": "tests/rules/test_guess.py",
    "outcome.py": "tests/rules/test_outcome.py",
    "bounds.py": "tests/rules/test_properties.py",
    "grades.py": "tests/rules/test_deal.py",
    "settings.py": DURATIONS,
}
FIRST = {  # where a mutant's first test is not its file's
    "3 players at least": "tests/rules/test_roles.py",
    "20 players at most": "tests/rules/test_roles.py",
    "Mr. White from 5 players": "tests/rules/test_roles.py",
    "2 undercovers from 7 players": "tests/rules/test_roles.py",
    "the same speaking order every cycle": DURATIONS,
    "clues of 60 characters at most": "tests/rules/test_clues.py",
    "the word is not revealed by default": "tests/engine/phases/test_reveal.py",
    "the roles are dealt at random": "tests/rules/test_deal.py",
    "the speaking order is drawn at random": "tests/rules/test_deal.py",
    "themes of 60 characters at most": "tests/rules/test_clues.py",
    "a grade gap of 20 is possible": "tests/rules/test_grades.py",
    "Mr. White has 60 s whatever the clue timer": CLAUSES,
    "settings are refused during the role reveal": CLAUSES,
    "with the vote timer off a complete vote resolves after its grace": CLAUSES,
    "the clue timer off means no clue deadline": CLAUSES,
    "the vote timer off means no vote deadline": CLAUSES,
    "a runoff is a new vote with the whole vote timer": CLAUSES,
    "a proposer out of time gets a built-in prompt, not the clue's skip": CLAUSES,
    "spectators sit down at Rejouer while places remain": CLAUSES,
    "the scoreboard counts every game a camp won": CLAUSES,
}


MUTANTS: tuple[Mutant, ...] = (
    # §1 Players and roles
    rules("3 players at least", "settings.py", "MIN_PLAYERS = 3", "MIN_PLAYERS = 2"),
    rules("20 players at most", "settings.py", "MAX_PLAYERS = 20", "MAX_PLAYERS = 21"),
    rules(
        "Mr. White from 5 players",
        "settings.py",
        "MR_WHITE_MIN_PLAYERS = 5",
        "MR_WHITE_MIN_PLAYERS = 4",
    ),
    rules(
        "2 undercovers from 7 players",
        "settings.py",
        "UNDERCOVER_PAIR_FROM_PLAYERS = 7",
        "UNDERCOVER_PAIR_FROM_PLAYERS = 8",
    ),
    rules(
        "Mr. White refused below 5 players",
        "roles.py",
        "if mr_white and players < MR_WHITE_MIN_PLAYERS:",
        "if False:",
    ),
    rules(
        "every role dealt",
        "roles.py",
        "roles += [Role.CIVILIAN] * counts.civilians",
        "roles += [Role.CIVILIAN] * (counts.civilians - 1) + [Role.UNDERCOVER]",
    ),
    # §2 Speaking order
    rules(
        "Mr. White never drawn first",
        "order.py",
        "if mr_white is None or len(order) < 2 or order[0] != mr_white:",
        "if True:",
    ),
    rules(
        "Mr. White never opens a round",
        "order.py",
        "if len(order) >= 2 and order[0] == mr_white:",
        "if False:",
    ),
    rules(
        "the same speaking order every cycle",
        "flow.py",
        "speakers = round_order(game.speaking_order, game.alive, game.mr_white)",
        "speakers = round_order(game.speaking_order[:: 1 - 2 * (game.cycle % 2 == 0)],"
        " game.alive, game.mr_white)",
    ),
    # §3 Clue rounds
    rules(
        "1 to 5 clue rounds per vote (not 0)",
        "settings.py",
        "clue_rounds_per_vote: int = Field(default=1, ge=1, le=5)",
        "clue_rounds_per_vote: int = Field(default=1, ge=0, le=5)",
    ),
    rules(
        "1 to 5 clue rounds per vote (not 6)",
        "settings.py",
        "clue_rounds_per_vote: int = Field(default=1, ge=1, le=5)",
        "clue_rounds_per_vote: int = Field(default=1, ge=1, le=6)",
    ),
    rules(
        "the host's number of clue rounds",
        "flow.py",
        "if game.round_in_cycle < game.settings.clue_rounds_per_vote:",
        "if game.round_in_cycle <= game.settings.clue_rounds_per_vote:",
    ),
    rules(
        "only the speaker gives a clue",
        "clues.py",
        "if player != game.speaker:",
        "if player not in game.alive:",
    ),
    rules(
        "clues of 60 characters at most",
        "settings.py",
        "CLUE_MAX_LENGTH = 60",
        "CLUE_MAX_LENGTH = 80",
    ),
    rules(
        "a clue too long is refused",
        "text.py",
        "if len(cleaned) > max_length:",
        "if len(cleaned) > max_length + 1:",
    ),
    rules("no < or > in a clue", "text.py", "if any(ch in MARKUP for ch in text):", "if False:"),
    rules(
        "clue timer 30 s at least",
        "settings.py",
        "clue_seconds: int = Field(default=60, ge=30, le=90)",
        "clue_seconds: int = Field(default=60, ge=10, le=90)",
    ),
    rules(
        "clue timer 90 s at most",
        "settings.py",
        "clue_seconds: int = Field(default=60, ge=30, le=90)",
        "clue_seconds: int = Field(default=60, ge=30, le=120)",
    ),
    # §4 Phantom accusing vote
    rules(
        "a missed timer gives a phantom vote",
        "clues.py",
        "phantom[speaker] = phantom.get(speaker, 0) + 1",
        "phantom[speaker] = phantom.get(speaker, 0)",
    ),
    rules(
        "a disconnection gives no phantom vote",
        "clues.py",
        "if reason is SkipReason.TIMEOUT:",
        "if reason is not SkipReason.KICKED:",
    ),
    # "phantom votes count in the first ballot only" needs no mutant of its own: every tally
    # resets them (the next one), so a runoff has none to count.
    rules(
        "phantom votes are reset by every tally",
        "voting.py",
        '"phantom_votes": {},',
        '"phantom_votes": game.phantom_votes,',
    ),
    rules(
        "phantom votes are counted",
        "votes.py",
        "received[player] += count",
        "received[player] += 0",
    ),
    rules(
        "a kicked player's phantom votes are dropped",
        "kicks.py",
        '"phantom_votes": {p: n for p, n in game.phantom_votes.items() if p != player},',
        '"phantom_votes": dict(game.phantom_votes),',
    ),
    # §5 Voting
    rules("nobody votes against themselves", "voting.py", "if target == voter:", "if False:"),
    rules(
        "only alive players vote",
        "voting.py",
        "if voter not in game.alive:",
        "if voter not in game.roles:",
    ),
    rules(
        "ballot changes are bounded",
        "voting.py",
        "if changes > MAX_BALLOT_CHANGES:",
        "if changes > MAX_BALLOT_CHANGES + 1:",
    ),
    rules(
        "ten ballot changes at most",
        "settings.py",
        "MAX_BALLOT_CHANGES = 10",
        "MAX_BALLOT_CHANGES = 20",
    ),
    rules(
        "absent players count as abstaining",
        "voting.py",
        "all(p in game.ballots or p in absent for p in game.alive)",
        "all(p in game.ballots for p in game.alive)",
    ),
    rules(
        "vote timer 30 s at least",
        "settings.py",
        "vote_seconds: int = Field(default=90, ge=30, le=180)",
        "vote_seconds: int = Field(default=90, ge=10, le=180)",
    ),
    rules(
        "vote timer 180 s at most",
        "settings.py",
        "vote_seconds: int = Field(default=90, ge=30, le=180)",
        "vote_seconds: int = Field(default=90, ge=30, le=300)",
    ),
    rules(
        "a vote grace of 4 s", "settings.py", "VOTE_GRACE_SECONDS = 4", "VOTE_GRACE_SECONDS = 30"
    ),
    # §6 Ties, null votes and termination
    rules(
        "a tie opens a runoff among the tied",
        "voting.py",
        "return open_ballot(game, BallotKind.RUNOFF, top)",
        "return open_ballot(game, BallotKind.RUNOFF, game.alive)",
    ),
    rules(
        "a tied runoff reopens the vote to everyone",
        "voting.py",
        "return open_ballot(game, BallotKind.REOPENED, game.alive)",
        "return open_ballot(game, BallotKind.REOPENED, top)",
    ),
    rules(
        "nobody with no vote is a leader",
        "votes.py",
        "if top == 0:",
        "if top < 0:",
    ),
    rules(
        "the third null vote in a row is decided",
        "voting.py",
        "if game.null_votes_in_row >= NULL_VOTES_BEFORE_LOT:",
        "if game.null_votes_in_row > NULL_VOTES_BEFORE_LOT:",
    ),
    rules(
        "the lot draws only among accused players",
        "voting.py",
        "pool = top or _accused_in_streak(game, received)",
        "pool = top or game.alive",
    ),
    rules(
        "the lot looks only at the current run of null votes",
        "voting.py",
        "first_cycle = game.cycle - game.null_votes_in_row",
        "first_cycle = 0",
    ),
    rules(
        "a kick withdraws the ballots against the kicked",
        "kicks.py",
        "ballots = {v: t for v, t in game.ballots.items() if v != player and t != player}",
        "ballots = {v: t for v, t in game.ballots.items() if v != player}",
    ),
    rules(
        "a runoff left with one candidate is reopened",
        "kicks.py",
        "if game.ballot_kind is BallotKind.RUNOFF and len(candidates) < 2:",
        "if game.ballot_kind is BallotKind.RUNOFF and len(candidates) < 1:",
    ),
    # §7–§9 Elimination, Mr. White's guess, victory
    rules(
        "Mr. White voted out gets his guess",
        "voting.py",
        "if game.roles[player] is Role.MR_WHITE:",
        "if False:",
    ),
    rules(
        "Mr. White's 60 s",
        "settings.py",
        "MR_WHITE_GUESS_SECONDS = 60",
        "MR_WHITE_GUESS_SECONDS = 30",
    ),
    rules(
        "a right grade guess wins",
        "guess.py",
        "return grade == game.grades.civilian",
        "return grade == game.grades.undercover",
    ),
    rules(
        "a guess may be an alias",
        "guess.py",
        "words.civilian_aliases, game.settings.word_language)",
        "(), game.settings.word_language)",
    ),
    rules(
        "civilians win when no impostor is left",
        "outcome.py",
        "if undercovers_alive == 0 and not mr_white_alive:",
        "if False:",
    ),
    rules(
        "impostors win with one civilian or none left",
        "outcome.py",
        "if civilians_alive <= 1:",
        "if civilians_alive < 1:",
    ),
    rules(
        "a right guess steals the victory",
        "outcome.py",
        "if mr_white_guessed:",
        "if False:",
    ),
    rules(
        "kicked players never win",
        "outcome.py",
        "if CAMP_OF[role] in camps and p not in kicked)",
        "if CAMP_OF[role] in camps)",
    ),
    rules(
        "a table that accuses nobody loses to the impostors",
        "outcome.py",
        "if table_abstained:",
        "if False:",
    ),
    rules(
        "a kick that decides the game during the guess ends it",
        "kicks.py",
        "decided_by_kick = conclude(before) is None and conclude(game) is not None",
        "decided_by_kick = False",
    ),
    rules(
        "a kick is checked for victory",
        "kicks.py",
        "ended = conclude(game)",
        "ended = None",
    ),
    rules(
        "the word is not revealed by default",
        "settings.py",
        "reveal_word: bool = False",
        "reveal_word: bool = True",
    ),
    # §6 Termination bound
    rules(
        "the bound on a game's inputs",
        "bounds.py",
        "return (NULL_VOTES_BEFORE_LOT + 1) * max(players - 2, 1)",
        "return NULL_VOTES_BEFORE_LOT * max(players - 2, 1)",
    ),
    # Phases
    phases(
        "the role reveal awaits players within their grace",
        "role_reveal.py",
        "p for p in room.game.alive if p not in phase.confirmed and not seats.is_absent(room, p)",
        "p for p in room.game.alive if p not in phase.confirmed and seats.find(room, p).connected",
    ),
    phases(
        "the role reveal lasts 20 s",
        "role_reveal.py",
        "ROLE_REVEAL_SECONDS = 20.0",
        "ROLE_REVEAL_SECONDS = 30.0",
    ),
    phases(
        "the clue timer is the host's",
        "clues.py",
        "ends_at = now + rules.clue_seconds if rules.clue_timer else None",
        "ends_at = now + 60 if rules.clue_timer else None",
    ),
    phases(
        "a speaker disconnected at the timer is skipped as disconnected",
        "clues.py",
        "reason = SkipReason.TIMEOUT if seat is not None and seat.connected else SkipReason.ABSENT",
        "reason = SkipReason.TIMEOUT",
    ),
    phases(
        "an absent speaker is skipped at once",
        "clues.py",
        "if player is not None and seats.is_absent(room, player):",
        "if False:",
    ),
    phases(
        "the vote timer is the host's",
        "voting.py",
        "return Voting(ends_at=now + rules.vote_seconds if rules.vote_timer else None)",
        "return Voting(ends_at=now + 90 if rules.vote_timer else None)",
    ),
    phases(
        "the grace starts with the last ballot",
        "voting.py",
        'grace = phase.model_copy(update={"grace_ends_at": now + VOTE_GRACE_SECONDS})',
        'grace = phase.model_copy(update={"grace_ends_at": now + 2 * VOTE_GRACE_SECONDS})',
    ),
    phases(
        "a withdrawn ballot cancels the grace",
        "voting.py",
        "if not complete and phase.grace_ends_at is not None:",
        "if False:",
    ),
    phases(
        "absent and kicked players abstain",
        "voting.py",
        "return frozenset(s.player_id for s in room.seats if s.absent or s.kicked)",
        "return frozenset(s.player_id for s in room.seats if s.kicked)",
    ),
    phases(
        "a kick ending the game during the reveal pause ends it at once",
        "voting.py",
        "ends_game=closed.is_over,",
        "ends_game=True,",
    ),
    phases(
        "the reveal pause lasts 6 s", "reveal.py", "REVEAL_SECONDS = 6.0", "REVEAL_SECONDS = 12.0"
    ),
    phases(
        "Mr. White's window starts when he is voted out",
        "guess.py",
        "return Guessing(guesser=room.game.guesser, ends_at=now + MR_WHITE_GUESS_SECONDS)",
        "return Guessing(guesser=room.game.guesser, ends_at=now + 2 * MR_WHITE_GUESS_SECONDS)",
    ),
    phases(
        "an absent Mr. White loses his guess",
        "guess.py",
        "if seats.is_absent(room, phase.guesser):",
        "if False:",
    ),
    phases(
        "a game needs 3 to 20 players",
        "lobby.py",
        "if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:",
        "if not 2 <= len(players) <= MAX_PLAYERS:",
    ),
    phases(
        "settings change only in the lobby",
        "lobby.py",
        "raise Rejected(RejectCode.SETTINGS_NOT_IN_LOBBY)",
        "pass",
    ),
    phases(
        "kicked seats leave at Rejouer",
        "ended.py",
        "if seat.kicked or seat.left:",
        "if seat.left:",
    ),
    phases(
        "the scoreboard counts the winners",
        "ended.py",
        "won = player_id in game.outcome.winning_players",
        "won = False",
    ),
)
# The second set (issue 28): rules that bite only at some setting, in some phase or with some
# shape of table, and bugs in the engine outside its phases, the wire and the hosts.
SECOND: tuple[Mutant, ...] = (
    rules(
        "the runoff is open to the tied only, not to everyone who got a vote",
        "voting.py",
        "return open_ballot(game, BallotKind.RUNOFF, top)",
        "return open_ballot(game, BallotKind.RUNOFF, tuple(p for p in received if received[p]))",
    ),
    rules(
        "in a runoff only the tied can be voted against",
        "voting.py",
        "if target is not None and target not in game.candidates:",
        "if target is not None and target not in game.alive:",
    ),
    rules(
        "a runoff waits for every alive voter, not only the tied",
        "voting.py",
        "all(p in game.ballots or p in absent for p in game.alive)",
        "all(p in game.ballots or p in absent for p in game.candidates)",
    ),
    rules(
        "the roles are dealt at random",
        "roles.py",
        "    rng.shuffle(shuffled)\n",
        "",
    ),
    rules(
        "the speaking order is drawn at random",
        "order.py",
        "        rng.shuffle(order)\n",
        "        rng.shuffle(order)\n        order[1:] = sorted(order[1:])\n",
    ),
    rules(
        "each camp is as likely to hold the lower grade",
        "grades.py",
        "return rng.choice(grade_outcomes(gap))",
        "return rng.choice(grade_outcomes(gap)[::2])",
    ),
    rules(
        "the theme proposer rotates every round",
        "flow.py",
        "previous = game.proposer if game.clue_round > 1 else None",
        "previous = None",
    ),
    rules(
        "phantom votes add up over the rounds",
        "clues.py",
        "phantom[speaker] = phantom.get(speaker, 0) + 1",
        "phantom[speaker] = 1",
    ),
    rules(
        "a proposer out of time gets no phantom vote",
        "clues.py",
        "return _open_clues(game, prompt, fallback=True)",
        "return _open_clues(game.model_copy(update={'phantom_votes': {**game.phantom_votes,"
        " game.proposer or '': 1}}), prompt, fallback=True)",
    ),
    rules(
        "an elimination ends the run of null votes",
        "voting.py",
        '"null_votes_in_row": 0,',
        '"null_votes_in_row": game.null_votes_in_row,',
    ),
    rules(
        "both impostor camps alive win together",
        "outcome.py",
        "(Camp.MR_WHITE, mr_white_alive),",
        "(Camp.MR_WHITE, False),",
    ),
    rules(
        "Mr. White guesses even when his elimination decided the game",
        "voting.py",
        "if game.roles[player] is Role.MR_WHITE:",
        "if game.roles[player] is Role.MR_WHITE and conclude(game) is None:",
    ),
    rules(
        "Mr. White swaps with the next speaker, not the last",
        "order.py",
        "order[0], order[1] = order[1], order[0]",
        "order.append(order.pop(0))",
    ),
    rules(
        "a kicked proposer is replaced by a built-in prompt",
        "kicks.py",
        "            return skip_theme(game)\n",
        "            return game\n",
    ),
    rules(
        "a kicked speaker's turn passes",
        "kicks.py",
        "case Stage.CLUE if player == game.speaker:",
        "case Stage.CLUE if player == game.speaking_order[0]:",
    ),
    rules(
        "a kick in a runoff keeps the other candidates",
        "kicks.py",
        "candidates = tuple(c for c in game.candidates if c != player)",
        "candidates = tuple(c for c in game.alive if c != player)",
    ),
    rules(
        "a guess of 21 is no grade",
        "text.py",
        "return grade if GRADE_MIN <= grade <= GRADE_MAX else None",
        "return grade if GRADE_MIN <= grade <= GRADE_MAX + 1 else None",
    ),
    rules(
        "themes of 60 characters at most",
        "settings.py",
        "THEME_MAX_LENGTH = 60",
        "THEME_MAX_LENGTH = 80",
    ),
    rules(
        "a grade stated in words is refused",
        "text.py",
        "return written not in words.not_alone and written in _numbers_in_words(tokens, words)",
        "return False",
    ),
    rules(
        "digits inside a word state no grade",
        "text.py",
        "tokens = fold(clue).split()",
        "tokens = re.findall(r'\\d+|[^\\W\\d_]+', fold(clue))",
    ),
    rules(
        "a grade gap of 20 is possible",
        "settings.py",
        "grade_gap: int = Field(default=5, ge=1, le=GRADE_MAX - GRADE_MIN)",
        "grade_gap: int = Field(default=5, ge=1, le=GRADE_MAX - GRADE_MIN - 1)",
    ),
    phases(
        "Mr. White has 60 s whatever the clue timer",
        "guess.py",
        "ends_at=now + MR_WHITE_GUESS_SECONDS)",
        "ends_at=now + room.settings.rules.clue_seconds)",
    ),
    phases(
        "settings are refused during the role reveal",
        "lobby.py",
        "    if not isinstance(room.phase, Lobby):\n        raise Rejected(RejectCode.SETTINGS_NOT",
        "    if not isinstance(room.phase, Lobby | RoleReveal):\n"
        "        raise Rejected(RejectCode.SETTINGS_NOT",
    ),
    phases(
        "with the vote timer off a complete vote resolves after its grace",
        "voting.py",
        "if complete and phase.grace_ends_at is None:",
        "if complete and phase.grace_ends_at is None and phase.ends_at is not None:",
    ),
    phases(
        "the clue timer off means no clue deadline",
        "clues.py",
        "ends_at = now + rules.clue_seconds if rules.clue_timer else None",
        "ends_at = now + rules.clue_seconds",
    ),
    phases(
        "the vote timer off means no vote deadline",
        "voting.py",
        "return Voting(ends_at=now + rules.vote_seconds if rules.vote_timer else None)",
        "return Voting(ends_at=now + rules.vote_seconds)",
    ),
    phases(
        "a runoff is a new vote with the whole vote timer",
        "voting.py",
        '    if closed.stage == "vote":\n        return enter(room, begin(room, now))\n',
        "",
    ),
    phases(
        "a proposer out of time gets a built-in prompt, not the clue's skip",
        "clues.py",
        '    if game.stage == "theme":\n        return _play(room, skip_theme(game))\n    seat',
        "    seat",
    ),
    phases(
        "spectators sit down at Rejouer while places remain",
        "ended.py",
        "spectator = seated >= MAX_PLAYERS",
        "spectator = seated > MAX_PLAYERS",
    ),
    phases(
        "the scoreboard counts every game a camp won",
        "ended.py",
        "camps[str(camp)] = camps.get(str(camp), 0) + 1",
        "camps[str(camp)] = 1",
    ),
    other(
        "the crown never passes to a spectator",
        "engine/seats.py",
        "        and not s.spectator\n",
        "",
        CLAUSES,
    ),
    other(
        "the crown never passes to a bot",
        "engine/seats.py",
        "        and s.bot is None\n",
        "",
        CLAUSES,
    ),
    other(
        "the crown never passes to a ghost",
        "engine/seats.py",
        "        and s.player_id not in haunting\n",
        "",
        "tests/engine/test_ghosts.py",
    ),
    other(
        "the crown goes to the next seat after the old host",
        "engine/seats.py",
        "key=lambda s: (s.joined <= start, s.joined)",
        "key=lambda s: s.joined",
        CLAUSES,
    ),
    other(
        "the host is not offered the ghost's view",
        "engine/ghosts.py",
        "    if seat.player_id == room.host:\n        return False\n",
        "",
        "tests/engine/test_ghosts.py",
    ),
    other(
        "a kick that reopens a runoff starts a new vote",
        "engine/membership.py",
        "if after.stage is Stage.VOTE and after.ballot_kind is not game.ballot_kind:",
        "if False:",
        CLAUSES,
    ),
    other(
        "a late joiner only watches",
        "engine/membership.py",
        "spectator=not in_lobby,",
        "spectator=False,",
        CLAUSES,
    ),
    other(
        "nothing is revealed with the reveal off, even with the word chosen",
        "engine/view.py",
        "reveal = (rules.reveal_on_elimination, rules.reveal_on_elimination and rules.reveal_word)",
        "reveal = (rules.reveal_on_elimination, rules.reveal_word)",
        CLAUSES,
    ),
    other(
        "a kicked player's card follows the reveal setting",
        "engine/view.py",
        "lambda: [_card(game, p, reveal) for p in game.kicked]",
        "lambda: [_card(game, p, (True, True)) for p in game.kicked]",
        CLAUSES,
    ),
    other(
        "a ballot's target is shown to its voter only during the vote",
        "engine/view.py",
        'if viewer in game.ballots and game.stage == "vote":',
        "if viewer in game.ballots:",
        CLAUSES,
    ),
    other(
        "control characters are refused in every item of a list",
        "wire/codec.py",
        "        for item in value:\n            _check_text(item, key)",
        "        for item in value[:1]:\n            _check_text(item, key)",
        "tests/wire/test_codec.py",
    ),
    other(
        "a frame's limit is in bytes, not characters",
        "wire/codec.py",
        'len(frame.encode("utf-8", "replace")) > MAX_FRAME_BYTES',
        "False",
        "tests/wire/test_codec.py",
    ),
    other(
        "an outdated page is told to reload and closed",
        "wire/codec.py",
        "return ProtocolError(ProtocolCode.OUTDATED, detail, fatal=True)",
        "return ProtocolError(ProtocolCode.OUTDATED, detail, fatal=False)",
        "tests/wire/test_codec.py",
    ),
    replace(
        other(
            "a ghost's opt-in reaches the ghost alone",
            "hosts/runner.py",
            "recipients = [c for c, p in turn.live.items() if p in only or c in turn.fresh]",
            "recipients = list(turn.live)",
            "tests/hosts/test_runner_room_around_a_table.py",
        ),
        equivalent="the other sockets' views did not change, and the frames send nothing "
        "to a socket whose view changed in nothing but `now` (wire/frames.py)",
    ),
    other(
        "a socket whose view changed in nothing but the clock gets no frame",
        "wire/frames.py",
        'return opening, (f"{head}{body}}}}}" if body and before is not None else None)',
        'return opening, (f"{head}{body}}}}}" if before is not None else None)',
        "tests/wire/test_frames.py",
    ),
    other(
        "an empty token bucket makes the client wait",
        "hosts/ratelimit.py",
        "if bucket.tokens >= 1:",
        "if bucket.tokens >= 0:",
        "tests/hosts/test_ratelimit.py",
    ),
    other(
        "a WebSocket from another site is refused",
        "hosts/security.py",
        "return parts.hostname.lower() == host_parts.hostname.lower() and origin_port == host_port",
        "return parts.hostname.lower() == host_parts.hostname.lower()",
        "tests/hosts/test_security.py",
    ),
)


MUTANTS += SECOND


def plant(copy: Path, mutant: Mutant) -> None:
    file = copy / mutant.path
    text = file.read_text("utf-8")
    if text.count(mutant.before) != 1:
        raise SystemExit(
            f"{mutant.path}: {mutant.before!r} found {text.count(mutant.before)} times"
        )
    file.write_text(text.replace(mutant.before, mutant.after), "utf-8")


def killed(copy: Path, mutant: Mutant) -> bool:
    """Run the mutant's tests in the copy, its first test file, then all of them: any failure
    (or error) kills it."""
    command = [sys.executable, "-m", "pytest", "-x", "-q", "--no-header", "-p", "no:cacheprovider"]
    command += ["-m", "not browser and not node and not slow"]  # as the landing's fast tests
    env = {**os.environ, "PYTHONPATH": str(copy / "src"), "PYTHONDONTWRITEBYTECODE": "1"}
    for tests in (mutant.first, mutant.tests):
        done = subprocess.run([*command, *tests], cwd=copy, env=env, capture_output=True)
        if done.returncode != 0:
            return True
    return False


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("-k", default="", help="only mutants whose rule or file holds this")
    parser.add_argument("--second", action="store_true", help="only the second set")
    parser.add_argument("--start", type=int, default=1, help="from the N-th mutant on (resume)")
    args = parser.parse_args(argv)
    pool = SECOND if args.second else MUTANTS
    chosen = [m for m in pool[args.start - 1 :] if args.k in m.rule or args.k in m.path]
    if args.list:
        for mutant in chosen:
            print(f"{mutant.path}: {mutant.rule}")
        return 0
    survivors = equivalents = 0
    began = time.monotonic()
    print("| rule | file | result |\n|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="undercover-mutants-") as folder:
        copy = Path(folder)
        for name in COPIED:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(source, copy / name)
        for mutant in chosen:
            original = (copy / mutant.path).read_text("utf-8")
            plant(copy, mutant)
            try:
                dead = killed(copy, mutant)
            finally:
                (copy / mutant.path).write_text(original, "utf-8")
            if dead:
                verdict = "killed"
            elif mutant.equivalent:
                verdict, equivalents = f"equivalent: {mutant.equivalent}", equivalents + 1
            else:
                verdict, survivors = "**survived**", survivors + 1
            where = mutant.path.removeprefix("src/undercover/")
            print(f"| {mutant.rule} | `{where}` | {verdict} |", flush=True)
    total = len(chosen)
    minutes = (time.monotonic() - began) / 60
    dead = total - survivors - equivalents
    print(f"\n{dead} of {total} killed, {equivalents} equivalent, {survivors} survived", end="")
    print(f" ({minutes:.1f} min)")
    return 1 if survivors else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
