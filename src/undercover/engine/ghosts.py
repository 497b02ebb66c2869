"""Ghosts: people out of the game in progress (eliminated, or spectators) who chose to see it.

Opting in (`BecomeGhost`) places the ghost's one bet — which camp will win, who an undercover
is — and from then on its private part shows every card of this game (`view.private_part`).
The price: a ghost never plays this game again, and nothing it sees or does reaches a living
player's view. Its opt-in changes only its own view (the step is `Changed(only=ghost)`), and
the bets appear only on the end screen, scored. "Rejouer" clears every ghost.

The host is never a ghost while the game runs: the host must be able to kick at any moment,
and a kick by someone who sees every card would steer the game. So the host is not offered
the ghost's view, and the crown never passes to a ghost (`seats.transfer_host`).
"""

from __future__ import annotations

from undercover.engine import seats
from undercover.engine.errors import RejectCode, Rejected
from undercover.engine.state import Ended, Ghost, Lobby, Room, Seat
from undercover.rules import CAMP_OF, Camp, Game, GuessEntry, Role


def find(room: Room, player_id: str | None) -> Ghost | None:
    return next((g for g in room.ghosts if g.player_id == player_id), None)


def can_become_ghost(room: Room, player_id: str | None) -> bool:
    """Out of a running game (eliminated, or watching), not a ghost yet and not the host; an
    eliminated Mr. White only once his guess is behind him (the civilians' word is what he
    guesses)."""
    return may_become_ghost(room, seats.find(room, player_id), find(room, player_id))


def may_become_ghost(room: Room, seat: Seat | None, ghost: Ghost | None) -> bool:
    """`can_become_ghost` for a caller that holds the player's seat and ghost (a view)."""
    game = room.game
    if seat is None or seat.kicked or game is None or ghost is not None:
        return False
    if seat.player_id == room.host:
        return False
    if isinstance(room.phase, Lobby | Ended) or game.is_over:
        return False
    if seat.spectator or seat.player_id not in game.roles:
        return True
    if game.is_alive(seat.player_id) or seat.player_id in game.kicked:
        return False
    return game.role_of(seat.player_id) is not Role.MR_WHITE or _has_guessed(game, seat.player_id)


def _has_guessed(game: Game, player_id: str) -> bool:
    return any(isinstance(e, GuessEntry) and e.player == player_id for e in game.recap)


def become_ghost(room: Room, actor: str, winner: Camp | None, undercover: str | None) -> Room:
    """Opt in, with the bet; refused with `ghost.not_allowed` or `ghost.bet_invalid`."""
    if not can_become_ghost(room, actor):
        raise Rejected(RejectCode.GHOST_NOT_ALLOWED)
    game = room.game
    assert game is not None
    camps = {CAMP_OF[role] for role in game.roles.values()}
    if (winner is not None and winner not in camps) or (
        undercover is not None and undercover not in game.roles
    ):
        raise Rejected(RejectCode.GHOST_BET_INVALID)
    ghost = Ghost(player_id=actor, winner=winner, undercover=undercover)
    return room.model_copy(update={"ghosts": (*room.ghosts, ghost)})


def scored(room: Room, game: Game) -> list[dict[str, object]]:
    """The end screen's bets: each ghost's bet, whether each half was right, the points."""
    winners = set(game.outcome.winners) if game.outcome else set()
    lines: list[dict[str, object]] = []
    for ghost in room.ghosts:
        winner_right = ghost.winner is not None and ghost.winner in winners
        undercover_right = (
            ghost.undercover is not None and game.roles.get(ghost.undercover) is Role.UNDERCOVER
        )
        lines.append(
            {
                "player_id": ghost.player_id,
                "winner": ghost.winner.value if ghost.winner else None,
                "undercover": ghost.undercover,
                "winner_right": winner_right,
                "undercover_right": undercover_right,
                "points": int(winner_right) + int(undercover_right),
            }
        )
    return lines
