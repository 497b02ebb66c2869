"""Ended: every role and word shown, the scoreboard updated once; the host's "Rejouer"
brings the same table (and the spectators, while seats remain) back to the lobby."""

from __future__ import annotations

from undercover.engine import seats
from undercover.engine.errors import RejectCode, Rejected
from undercover.engine.phases import PhaseRules, enter
from undercover.engine.state import Ended, Lobby, Room, Scoreboard, ScoreLine, Seat
from undercover.rules import MAX_PLAYERS, Stage


def record(room: Room) -> Room:
    """Count the finished game in the scoreboard (called once, when entering `Ended`)."""
    game = room.game
    assert game is not None
    assert game.outcome is not None
    board = room.scoreboard
    lines = {line.player_id: line for line in board.players}
    for player_id in game.speaking_order:
        seat = seats.find(room, player_id)
        nickname = seat.nickname if seat else player_id
        line = lines.get(player_id, ScoreLine(player_id=player_id, nickname=nickname))
        won = player_id in game.outcome.winning_players
        lines[player_id] = line.model_copy(
            update={"nickname": nickname, "games": line.games + 1, "wins": line.wins + int(won)}
        )
    camps = dict(board.camps)
    for camp in game.outcome.winners:
        camps[str(camp)] = camps.get(str(camp), 0) + 1
    new_board = Scoreboard(
        games=board.games + 1, players=tuple(lines.values()), camps=tuple(camps.items())
    )
    return room.model_copy(update={"scoreboard": new_board})


def rematch(room: Room, actor: str | None) -> Room:
    """Back to the lobby with the same settings; kicked and departed seats go, spectators
    sit down while places remain."""
    seats.require_host(room, actor)
    if not isinstance(room.phase, Ended):
        raise Rejected(RejectCode.REMATCH_NOT_ENDED)
    kept: list[Seat] = []
    seated = 0
    for seat in room.seats:
        if seat.kicked or seat.left:
            continue
        spectator = seated >= MAX_PLAYERS
        seated += not spectator
        kept.append(seat.model_copy(update={"spectator": spectator}))
    cleared = room.model_copy(
        update={"seats": tuple(kept), "game": None, "deal": None, "ghosts": ()}
    )
    return enter(cleared, Lobby())


RULES = PhaseRules(
    Ended, frozenset({Stage.OVER}), begin=lambda room, now: record(enter(room, Ended()))
)
