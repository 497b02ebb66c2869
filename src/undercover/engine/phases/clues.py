"""Clues: each alive player in speaking order gives a clue; in grade mode each clue round
opens with the proposer's theme. A turn times out after the clue timer (phantom vote), and a
player absent beyond the reconnection grace is skipped at once (no phantom vote)."""

from __future__ import annotations

from undercover.engine import seats
from undercover.engine.errors import RejectCode, Rejected, rule_checked
from undercover.engine.phases import PhaseRules, enter
from undercover.engine.state import Clues, Room
from undercover.rules import (
    Game,
    Role,
    SkipReason,
    Stage,
    give_clue,
    propose_theme,
    skip_clue,
    skip_theme,
)
from undercover.rules.text import clue_contains, clue_states_grade


def turn_key(game: Game) -> str:
    return f"{game.cycle}:{game.clue_round}:{game.stage}:{on_turn(game)}"


def on_turn(game: Game) -> str | None:
    return game.proposer if game.stage == "theme" else game.speaker


def begin(room: Room, now: float) -> Clues:
    game = room.game
    assert game is not None
    rules = room.settings.rules
    ends_at = now + rules.clue_seconds if rules.clue_timer else None
    return Clues(turn=turn_key(game), ends_at=ends_at)


def _play(room: Room, game: Game) -> Room:
    return room.model_copy(update={"game": game})


def clue(room: Room, actor: str | None, text: str) -> Room:
    game = _require(room, actor)
    with rule_checked():
        played = give_clue(game, actor or "", text)
    _refuse_own_secret(room, game, actor or "", text)
    return _play(room, played)


def _refuse_own_secret(room: Room, game: Game, player: str, text: str) -> None:
    """A clue may not give away the speaker's own word (or an alias), nor their grade."""
    grade = game.grade_of(player)
    if grade is not None and clue_states_grade(text, grade, room.settings.word_language):
        raise Rejected(RejectCode.CLUE_OWN_GRADE, "the clue states your own grade")
    deal, role = room.deal, game.role_of(player)
    if deal is None or role is Role.MR_WHITE:
        return
    if role is Role.CIVILIAN:
        word, aliases = deal.civilian, deal.civilian_aliases
    else:
        word, aliases = deal.undercover, deal.undercover_aliases
    if clue_contains(text, word, aliases, room.settings.word_language):
        raise Rejected(RejectCode.CLUE_OWN_WORD, "the clue holds your own word")


def theme(room: Room, actor: str | None, text: str) -> Room:
    game = _require(room, actor)
    with rule_checked():
        return _play(room, propose_theme(game, actor or "", text))


def _require(room: Room, actor: str | None) -> Game:
    if not isinstance(room.phase, Clues) or room.game is None:
        raise Rejected(RejectCode.CLUE_NOT_IN_CLUES)
    return room.game


def timeout(room: Room) -> Room:
    """The turn's timer ran out: the clue is skipped with a phantom vote, the theme drawn.

    A speaker who is disconnected when it fires (still within their reconnection grace) is
    not slow: they are skipped as disconnected, without a phantom vote."""
    game = room.game
    assert game is not None
    if game.stage == "theme":
        return _play(room, skip_theme(game))
    seat = seats.find(room, game.speaker)
    reason = SkipReason.TIMEOUT if seat is not None and seat.connected else SkipReason.ABSENT
    return _play(room, skip_clue(game, reason))


def settle(room: Room, now: float) -> Room | None:
    """Skip an absent player's turn; restart the timer when the turn moved on."""
    phase, game = room.phase, room.game
    assert isinstance(phase, Clues)
    assert game is not None
    player = on_turn(game)
    if player is not None and seats.is_absent(room, player):
        if game.stage == "theme":
            return _play(room, skip_theme(game))
        return _play(room, skip_clue(game, SkipReason.ABSENT))
    if phase.turn != turn_key(game):
        return room.model_copy(update={"phase": begin(room, now)})
    return None


RULES = PhaseRules(
    Clues,
    frozenset({Stage.THEME, Stage.CLUE}),
    begin=lambda room, now: enter(room, begin(room, now)),
    settle=settle,
    timeout=lambda room, now: timeout(room),
)
