"""The engine's errors: `Rejected(code)`, a refused input, which leaves the room unchanged, and
`ServerFault`, a bug of ours the rules caught.

Codes are stable strings the client translates (FR/EN); rules' `RuleViolation` codes pass
through unchanged, so `Rejected.code` is a `str` and `RejectCode` lists the engine's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum

from undercover.rules import Fault, RuleViolation


class RejectCode(StrEnum):
    SEQ_STALE = "seq.stale"
    ROOM_NOT_HOST = "room.not_host"
    ROOM_LOCKED = "room.locked"
    ROOM_FULL = "room.full"
    ROOM_NOT_SEATED = "room.not_seated"
    NAME_EMPTY = "name.empty"
    NAME_TOO_LONG = "name.too_long"
    NAME_INVALID = "name.invalid"
    NAME_TAKEN = "name.taken"
    TOKEN_UNKNOWN = "token.unknown"
    TOKEN_BANNED = "token.banned"
    LOOK_NOT_IN_LOBBY = "look.not_in_lobby"
    LOOK_INVALID = "look.invalid"
    LOOK_TAKEN = "look.taken"
    SETTINGS_NOT_IN_LOBBY = "settings.not_in_lobby"
    SETTINGS_INVALID = "settings.invalid"
    START_NOT_IN_LOBBY = "start.not_in_lobby"
    START_PLAYER_COUNT = "start.player_count"
    ROLE_NOT_IN_REVEAL = "role.not_in_reveal"
    ROLE_NOT_PLAYING = "role.not_playing"
    CLUE_NOT_IN_CLUES = "clue.not_in_clues"
    CLUE_OWN_WORD = "clue.own_word"
    CLUE_OWN_GRADE = "clue.own_grade"
    VOTE_NOT_IN_VOTING = "vote.not_in_voting"
    VOTE_NOT_CAST = "vote.not_cast"
    GUESS_NOT_IN_GUESS = "guess.not_in_guess"
    KICK_SELF = "kick.self"
    KICK_UNKNOWN = "kick.unknown_player"
    REMATCH_NOT_ENDED = "rematch.not_ended"
    BOT_NOT_IN_LOBBY = "bot.not_in_lobby"
    BOT_UNKNOWN = "bot.unknown"
    GHOST_NOT_ALLOWED = "ghost.not_allowed"
    GHOST_BET_INVALID = "ghost.bet_invalid"
    RATE_NOT_ENDED = "rate.not_ended"
    RATE_NO_PAIR = "rate.no_pair"


class Rejected(Exception):
    """An input not allowed now; `code` is stable, e.g. "vote.not_in_voting"."""

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code
        self.message = message


class ServerFault(Exception):
    """A rule our own code broke (the rules' `Fault.SERVER`): a bug, never a refusal. The
    host logs it and answers `server.internal`; nothing is saved."""

    def __init__(self, code: str) -> None:
        super().__init__(code)  # the code only: a rule's message may quote a word
        self.code = code


@contextmanager
def rule_checked() -> Iterator[None]:
    """Translate the rules' `RuleViolation` into `Rejected` with the same code, when a player
    (or the room's host) is at fault; into `ServerFault` when the caller, our code, is."""
    try:
        yield
    except RuleViolation as violation:
        if violation.fault is Fault.SERVER:
            raise ServerFault(violation.code) from violation
        raise Rejected(violation.code, violation.message) from violation
