"""The codes a rule raises: `RuleCode` when a player or the host is at fault (the client gets
it and translates it), `RuleBug` when our own caller is (logged; the client gets
`server.internal`). The same string may be in both: the fault decides which one is raised."""

from __future__ import annotations

from enum import StrEnum


class RuleCode(StrEnum):
    CLUE_NOT_CLUE_TIME = "clue.not_clue_time"
    CLUE_NOT_YOUR_TURN = "clue.not_your_turn"
    CLUE_EMPTY = "clue.empty"
    CLUE_TOO_LONG = "clue.too_long"
    CLUE_MARKUP = "clue.markup"
    CLUE_CONTROL_CHARACTERS = "clue.control_characters"
    THEME_NOT_THEME_TIME = "theme.not_theme_time"
    THEME_NOT_YOUR_TURN = "theme.not_your_turn"
    THEME_EMPTY = "theme.empty"
    THEME_TOO_LONG = "theme.too_long"
    THEME_MARKUP = "theme.markup"
    THEME_CONTROL_CHARACTERS = "theme.control_characters"
    VOTE_NOT_VOTING = "vote.not_voting"
    VOTE_NOT_ALIVE = "vote.not_alive"
    VOTE_SELF_VOTE = "vote.self_vote"
    VOTE_NOT_CANDIDATE = "vote.not_candidate"
    VOTE_UNKNOWN_TARGET = "vote.unknown_target"
    VOTE_TOO_MANY_CHANGES = "vote.too_many_changes"
    GUESS_NOT_GUESS_TIME = "guess.not_guess_time"
    GUESS_NOT_GUESSER = "guess.not_guesser"
    GUESS_NOT_A_GRADE = "guess.not_a_grade"
    GUESS_EMPTY = "guess.empty"
    GUESS_TOO_LONG = "guess.too_long"
    GUESS_MARKUP = "guess.markup"
    GUESS_CONTROL_CHARACTERS = "guess.control_characters"
    GAME_PLAYER_COUNT = "game.player_count"
    GAME_MR_WHITE_TOO_FEW = "game.mr_white_too_few"
    SETTINGS_GRADE_GAP = "settings.grade_gap"
    KICK_GAME_OVER = "kick.game_over"
    KICK_UNKNOWN_PLAYER = "kick.unknown_player"


class RuleBug(StrEnum):
    """A rule our own code broke: never a client's code."""

    CLUE_NOTHING_TO_SKIP = "clue.nothing_to_skip"
    THEME_NOTHING_TO_SKIP = "theme.nothing_to_skip"
    GUESS_NOTHING_TO_SKIP = "guess.nothing_to_skip"
    GUESS_NO_SECRET = "guess.no_secret"
    VOTE_NOT_VOTING = "vote.not_voting"
    GAME_DUPLICATE_PLAYERS = "game.duplicate_players"
    GAME_NO_WORDS = "game.no_words"
