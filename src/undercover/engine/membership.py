"""Joining, reconnecting, leaving and kicking: who sits at the table, at any phase."""

from __future__ import annotations

from undercover.engine import seats
from undercover.engine.effects import CloseSeat, Effect, Welcome
from undercover.engine.errors import RejectCode, Rejected, rule_checked
from undercover.engine.phases import enter, voting
from undercover.engine.state import Ended, Lobby, Room, Seat
from undercover.rules import MAX_PLAYERS, Stage, WordLanguage, kick


def join(
    room: Room,
    name: str,
    token: str,
    now: float,
    avatar: str | None = None,
    color: str | None = None,
    lang: WordLanguage | None = None,
) -> tuple[Room, list[Effect]]:
    """Take a new seat (a spectator's while a game runs); the first one in becomes host.

    The room's creator (its very first seat) deals words in their interface language until
    they choose otherwise in the lobby."""
    token_hash = seats.hash_token(token)
    if token_hash in room.banned:
        raise Rejected(RejectCode.TOKEN_BANNED)
    if seats.find_by_token(room, token) is not None:
        return reconnect(room, token, now)
    if room.settings.locked:
        raise Rejected(RejectCode.ROOM_LOCKED)
    nickname = seats.clean_nickname(name)
    key = seats.check_name_free(room, nickname)
    in_lobby = isinstance(room.phase, Lobby)
    if in_lobby and len(seats.players(room)) >= MAX_PLAYERS:
        raise Rejected(RejectCode.ROOM_FULL)
    spectators = sum(1 for s in room.seats if s.spectator and not s.kicked)
    if not in_lobby and spectators >= seats.MAX_SPECTATORS:
        raise Rejected(RejectCode.ROOM_FULL)
    number = room.seats_created + 1
    face, colour = seats.pick_look(room, avatar, color)
    seat = Seat(
        avatar=face,
        color=colour,
        player_id=f"p{number}",
        nickname=nickname,
        name_key=key,
        token_hash=token_hash,
        joined=number,
        spectator=not in_lobby,
    )
    settings = room.settings
    if number == 1 and lang is not None:
        rules = settings.rules.model_copy(update={"word_language": lang})
        settings = settings.model_copy(update={"rules": rules})
    room = room.model_copy(
        update={
            "settings": settings,
            "seats": (*room.seats, seat),
            "seats_created": number,
            "host": room.host or seat.player_id,
        }
    )
    return seats.resume_if_paused(room, now), [Welcome(seat.player_id)]


def reconnect(room: Room, token: str, now: float) -> tuple[Room, list[Effect]]:
    """Take back one's seat, at any phase; a live older connection is replaced."""
    if seats.hash_token(token) in room.banned:
        raise Rejected(RejectCode.TOKEN_BANNED)
    seat = seats.find_by_token(room, token)
    if seat is None:
        raise Rejected(RejectCode.TOKEN_UNKNOWN)
    effects: list[Effect] = [CloseSeat(seat.player_id, "replaced")] if seat.connected else []
    room = seats.connect(room, seat.player_id, now)
    return room, [*effects, Welcome(seat.player_id)]


def leave(room: Room, actor: str, now: float) -> tuple[Room, list[Effect]]:
    """In the lobby the seat is freed; during a game the player is gone (skipped, abstaining)
    until they come back with their token, and the seat is freed at "Rejouer"."""
    seat = seats.find(room, actor)
    assert seat is not None
    if isinstance(room.phase, Lobby) or seat.spectator:
        kept = tuple(s for s in room.seats if s.player_id != actor)
        room = room.model_copy(update={"seats": kept})
        room = seats.pause_if_empty(room, now)
    else:
        room = seats.replace(room, seat.model_copy(update={"left": True}))
        room = seats.disconnect(room, actor, now, gone=True)
    return room, [CloseSeat(actor, "left")]


def change_look(room: Room, actor: str, avatar: str | None, color: str | None) -> Room:
    """In the lobby, another face: each of avatar and colour must be one of the set and held
    by no other seat (they stay unique in the room, as `pick_look` makes them at the join)."""
    if not isinstance(room.phase, Lobby):
        raise Rejected(RejectCode.LOOK_NOT_IN_LOBBY)
    seat = seats.find(room, actor)
    assert seat is not None
    others = [s for s in room.seats if not s.kicked and s.player_id != actor]
    update: dict[str, str] = {}
    for field, wanted, choices in (
        ("avatar", avatar, seats.AVATARS),
        ("color", color, seats.COLORS),
    ):
        if wanted is None:
            continue
        if wanted not in choices:
            raise Rejected(RejectCode.LOOK_INVALID)
        if any(getattr(other, field) == wanted for other in others):
            raise Rejected(RejectCode.LOOK_TAKEN)
        update[field] = wanted
    return seats.replace(room, seat.model_copy(update=update))


def kick_player(room: Room, actor: str, target: str, now: float) -> tuple[Room, list[Effect]]:
    """Ban the target's token for good; in a game, the consequence resolves in this step."""
    seats.require_host(room, actor)
    if target == actor:
        raise Rejected(RejectCode.KICK_SELF)
    seat = seats.find(room, target)
    if seat is None or seat.kicked:
        raise Rejected(RejectCode.KICK_UNKNOWN)
    room = room.model_copy(update={"banned": (*room.banned, seat.token_hash)})
    if isinstance(room.phase, Lobby):
        room = room.model_copy(update={"seats": tuple(s for s in room.seats if s != seat)})
        return seats.pause_if_empty(room, now), [CloseSeat(target, "kicked")]
    game = room.game
    # A decided game (its last reveal, the end screen) changes no more: the kick is a ban only.
    playing = game is not None and not game.is_over and not isinstance(room.phase, Ended)
    if game is not None and playing and target in game.roles:
        with rule_checked():
            after = kick(game, target)
        room = room.model_copy(update={"game": after})
        if after.stage is Stage.VOTE and after.ballot_kind is not game.ballot_kind:
            # The kick reopened a runoff: a new ballot, so ballots aimed at the runoff are stale.
            room = enter(room, voting.begin(room, now))
    gone = seat.model_copy(update={"kicked": True, "connected": False, "absent": True})
    room = seats.pause_if_empty(seats.replace(room, gone), now)
    return room, [CloseSeat(target, "kicked")]
