"""Seats: nicknames, seat tokens, connections, the host and its transfer.

A seat is kept across disconnections; only an explicit leave in the lobby frees it, and a
kick bans its token. The seat token is never stored: only its SHA-256 (`token_hash`).
"""

from __future__ import annotations

import hashlib

from undercover.engine.deadlines import shifted
from undercover.engine.errors import RejectCode, Rejected
from undercover.engine.state import Room, Seat
from undercover.rules.text import name_key, nickname_problem, tidy_nickname

MAX_SPECTATORS = 20


# A player's face, picked when joining: one of these emoji on one of these colours (white
# initials on each stay readable: contrast 4.5:1 or more). Unique in the room while they last.
# Never 🤖 nor 👻: in the game they mean a bot and a ghost.
AVATARS = (
    "🦊", "🐼", "🐸", "🦁", "🐙", "🦉", "🐧", "🐯", "🐨", "🦄", "🐵", "🐰",
    "🐻", "🐝", "🐢", "🦖", "🐳", "🦜", "🐞", "🦩", "🐲", "👽", "🦔", "🐮",
)  # fmt: skip
COLORS = (
    "#b3261e", "#a3460a", "#7a5c00", "#2e6b1f", "#0b6e5f", "#0a5f8a",
    "#3451b2", "#5b3cc4", "#8a2f9e", "#a3245e", "#5d5d6e", "#6b4a2e",
)  # fmt: skip


def pick_look(room: Room, avatar: str | None, color: str | None) -> tuple[str, str]:
    """The avatar and colour a newcomer gets: the ones asked for if no seat holds them, else
    the first free ones (any, once every one is taken)."""
    seated = [s for s in room.seats if not s.kicked]

    def pick(wanted: str | None, choices: tuple[str, ...], taken: set[str]) -> str:
        free = [choice for choice in choices if choice not in taken]
        if wanted in free:
            return wanted
        return free[0] if free else choices[len(seated) % len(choices)]

    return (
        pick(avatar, AVATARS, {s.avatar for s in seated}),
        pick(color, COLORS, {s.color for s in seated}),
    )


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def clean_nickname(raw: str) -> str:
    """Tidy and check a nickname (rules/text.py); raises Rejected with a "name.*" code.

    >>> clean_nickname("  Zoé ")
    'Zoé'
    """
    name = tidy_nickname(raw)
    match nickname_problem(name):
        case "invalid":
            raise Rejected(RejectCode.NAME_INVALID)
        case "empty":
            raise Rejected(RejectCode.NAME_EMPTY)
        case "too_long":
            raise Rejected(RejectCode.NAME_TOO_LONG)
    return name


def find(room: Room, player_id: str | None) -> Seat | None:
    for seat in room.seats:
        if seat.player_id == player_id:
            return seat
    return None


def find_by_token(room: Room, token: str) -> Seat | None:
    token_hash = hash_token(token)
    for seat in room.seats:
        if seat.token_hash == token_hash:
            return seat
    return None


def replace(room: Room, seat: Seat) -> Room:
    seats = tuple(seat if s.player_id == seat.player_id else s for s in room.seats)
    return room.model_copy(update={"seats": seats})


def players(room: Room) -> tuple[Seat, ...]:
    """Seats that play (or will play) at the table: not spectators, not kicked, in seat order."""
    return tuple(s for s in room.seats if not s.spectator and not s.kicked)


def check_name_free(room: Room, name: str) -> str:
    key = name_key(name)
    if any(s.name_key == key for s in room.seats if not s.kicked):
        raise Rejected(RejectCode.NAME_TAKEN)
    return key


def connect(room: Room, player_id: str, now: float) -> Room:
    seat = find(room, player_id)
    assert seat is not None
    room = replace(
        room,
        seat.model_copy(
            update={"connected": True, "disconnected_since": None, "absent": False, "left": False}
        ),
    )
    return resume_if_paused(room, now)


def disconnect(room: Room, player_id: str, now: float, *, gone: bool = False) -> Room:
    """Mark a seat disconnected (its grace starts now) or `gone` (absent at once)."""
    seat = find(room, player_id)
    assert seat is not None
    if not seat.connected and not gone:
        return room
    room = replace(
        room,
        seat.model_copy(
            update={
                "connected": False,
                "disconnected_since": seat.disconnected_since if not seat.connected else now,
                "absent": seat.absent or gone,
            }
        ),
    )
    return pause_if_empty(room, now)


def at_table(room: Room, seat: Seat) -> bool:
    """A seat the room waits for: outside a game any player; during a game one still in it.

    Spectators (late joiners) and eliminated players watch: alone, they neither keep a game
    running nor take the host's crown.
    """
    if seat.kicked or seat.spectator:
        return False
    game = room.game
    return game is None or game.is_over or game.is_alive(seat.player_id)


def anyone_connected(room: Room) -> bool:
    """Is a person the room waits for connected? If not, the room pauses (bots never play
    alone). While a bot still plays, it waits for any person in the room (playing,
    eliminated or watching): the bots carry the game, so anyone's return resumes it. Else it
    waits for the people still at the table who have not left, or, when there are none, for
    every person in the room."""
    people = [s for s in room.seats if s.bot is None and not s.kicked]
    if bots_playing(room):
        return any(s.connected for s in people)
    playing = [s for s in people if at_table(room, s) and not s.absent]
    return any(s.connected for s in playing or people)


def bots_playing(room: Room) -> bool:
    """A game runs and a bot is still in it."""
    game = room.game
    if game is None or game.is_over:
        return False
    return any(
        s.bot is not None and not s.kicked and game.is_alive(s.player_id) for s in room.seats
    )


def pause_if_empty(room: Room, now: float) -> Room:
    if room.paused_at is None and not anyone_connected(room):
        return room.model_copy(update={"paused_at": now})
    return room


def resume_if_paused(room: Room, now: float) -> Room:
    """Unfreeze the deadlines: every pending one moves by the time spent paused."""
    if room.paused_at is None or not anyone_connected(room):
        return room
    return shifted(room, now - room.paused_at).model_copy(update={"paused_at": None})


def transfer_host(room: Room) -> Room | None:
    """The host absent (or gone) and someone connected: the next seat in order becomes host.

    The new host stays host even when the old one comes back.
    """
    host = find(room, room.host)
    if host is not None and not host.kicked and (host.connected or not host.absent):
        return None
    game = room.game
    haunting = set() if game is None or game.is_over else {g.player_id for g in room.ghosts}
    candidates = [
        s
        for s in room.seats
        if s.connected
        and not s.kicked
        and not s.spectator
        and s.bot is None
        and s.player_id not in haunting
    ]
    if not candidates:
        return None
    start = host.joined if host is not None else -1
    # Spectators never take the crown: a stranger with the code must not kick the table; bots
    # neither, as they start nothing; nor a ghost while the game runs (it sees every card).
    ordered = sorted(candidates, key=lambda s: (s.joined <= start, s.joined))
    return room.model_copy(update={"host": ordered[0].player_id})


def require_host(room: Room, actor: str | None) -> None:
    if actor is None or actor != room.host:
        raise Rejected(RejectCode.ROOM_NOT_HOST)


def is_absent(room: Room, player_id: str) -> bool:
    """Skipped and counted as abstaining: disconnected beyond the grace, gone, or kicked."""
    seat = find(room, player_id)
    return seat is None or seat.absent or seat.kicked
