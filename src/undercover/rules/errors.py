"""The one error the rules raise: an action that is not allowed now, and whose fault it is."""

from __future__ import annotations

from enum import StrEnum

from undercover.rules.codes import RuleBug, RuleCode


class Fault(StrEnum):
    """Who made the mistake: a player, the host (settings, kicks) or the caller (a server bug)."""

    PLAYER = "player"
    HOST = "host"
    SERVER = "server"


class RuleViolation(Exception):
    """An illegal action. The game value it was applied to is unchanged (values are immutable)."""

    def __init__(self, code: RuleCode | RuleBug, message: str, fault: Fault = Fault.PLAYER) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.fault = fault


def player_error(code: RuleCode, message: str) -> RuleViolation:
    return RuleViolation(code, message, Fault.PLAYER)


def host_error(code: RuleCode, message: str) -> RuleViolation:
    return RuleViolation(code, message, Fault.HOST)


def server_error(code: RuleBug, message: str) -> RuleViolation:
    return RuleViolation(code, message, Fault.SERVER)
