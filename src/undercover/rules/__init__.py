"""Rules core: pure functions over immutable game values; no I/O, no clock, seeded randomness only.

The whole public surface is re-exported here; docs/rules.md describes the rules it implements.
"""

from undercover.rules.bounds import max_cycles, max_inputs, max_recap_entries
from undercover.rules.clues import give_clue, propose_theme, skip_clue, skip_theme
from undercover.rules.codes import RuleBug, RuleCode
from undercover.rules.errors import Fault, RuleViolation
from undercover.rules.flow import start_game
from undercover.rules.game import (
    BallotKind,
    ClueEntry,
    Game,
    GuessEntry,
    KickEntry,
    RecapEntry,
    SkipReason,
    Stage,
    ThemeEntry,
    VoteEntry,
    VoteResult,
    Words,
)
from undercover.rules.grades import Grades, draw_grades
from undercover.rules.guess import guess, skip_guess
from undercover.rules.kicks import kick
from undercover.rules.outcome import EndReason, Outcome, decide_outcome
from undercover.rules.prompts import THEME_PROMPTS
from undercover.rules.roles import CAMP_OF, Camp, Composition, PlayerId, Role, composition
from undercover.rules.settings import (
    CLUE_MAX_LENGTH,
    GRADE_MAX,
    GRADE_MIN,
    MAX_BALLOT_CHANGES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MR_WHITE_GUESS_SECONDS,
    MR_WHITE_MIN_PLAYERS,
    NULL_VOTES_BEFORE_LOT,
    THEME_MAX_LENGTH,
    VOTE_GRACE_SECONDS,
    WORD_LANGUAGES,
    Mode,
    RuleSettings,
    WordLanguage,
)
from undercover.rules.text import fold, guess_matches
from undercover.rules.voting import ballots_complete, cast_ballot, close_vote

__all__ = [
    "CAMP_OF",
    "CLUE_MAX_LENGTH",
    "GRADE_MAX",
    "GRADE_MIN",
    "MAX_BALLOT_CHANGES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MR_WHITE_GUESS_SECONDS",
    "MR_WHITE_MIN_PLAYERS",
    "NULL_VOTES_BEFORE_LOT",
    "THEME_MAX_LENGTH",
    "THEME_PROMPTS",
    "VOTE_GRACE_SECONDS",
    "WORD_LANGUAGES",
    "BallotKind",
    "Camp",
    "ClueEntry",
    "Composition",
    "EndReason",
    "Fault",
    "Game",
    "Grades",
    "GuessEntry",
    "KickEntry",
    "Mode",
    "Outcome",
    "PlayerId",
    "RecapEntry",
    "Role",
    "RuleBug",
    "RuleCode",
    "RuleSettings",
    "RuleViolation",
    "SkipReason",
    "Stage",
    "ThemeEntry",
    "VoteEntry",
    "VoteResult",
    "WordLanguage",
    "Words",
    "ballots_complete",
    "cast_ballot",
    "close_vote",
    "composition",
    "decide_outcome",
    "draw_grades",
    "fold",
    "give_clue",
    "guess",
    "guess_matches",
    "kick",
    "max_cycles",
    "max_inputs",
    "max_recap_entries",
    "propose_theme",
    "skip_clue",
    "skip_guess",
    "skip_theme",
    "start_game",
]
