"""Bot seats: players the host process drives from their own view (`undercover.bots`).

The engine seats bots and says when each one should act; it never decides what they do. A
bot's pending action is a deadline like any other (`BotTurn.acts_at`, after a human-like
delay drawn from the room's seed), so the host's single alarm covers it. When it is due the
host asks the bot's brain for a command, from `view_for` of the bot's seat alone, and
applies `BotPlayed`. Bots have no socket: always connected, never absent, never host, and
they do not keep a room running alone (`seats.anyone_connected` counts humans only).

A bot considers a *situation* once: its card to confirm, its clue or theme turn, the
ballots others have cast so far, its guess. Once it has acted (or passed) nothing is pending
for it until the situation changes, so bots can never spin the alarm.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType

from undercover.engine import seats
from undercover.engine.errors import RejectCode, Rejected
from undercover.engine.phases.clues import on_turn, turn_key
from undercover.engine.state import (
    BotTurn,
    Clues,
    Guessing,
    Lobby,
    RoleReveal,
    Room,
    Seat,
    Strength,
    Voting,
)
from undercover.rules import MAX_PLAYERS

BOT_NAMES = (
    "Ada", "Basile", "Capucine", "Désiré", "Eugénie", "Firmin", "Gaston", "Hortense", "Irène",
    "Jules", "Lucette", "Marcel", "Noémie", "Octave", "Paulette", "Raymond", "Simone", "Théo",
    "Ursule", "Victor",
)  # fmt: skip
BOT_NAME_PREFIX = "Bot "
BOT_AVATAR = "🤖"  # every bot wears it (a person may too: the view's `bot` tells them apart)

# Seconds before a bot acts, drawn uniformly per situation: long enough to read like a person,
# far below the shortest timers (30 s), and a changed ballot inside the 4 s vote grace.
DELAYS: Mapping[str, tuple[float, float]] = MappingProxyType(
    {
        "confirm": (1.5, 4.0),
        "theme": (3.0, 6.0),
        "clue": (3.0, 7.0),
        "vote": (3.0, 8.0),
        "revote": (1.0, 2.5),
        "guess": (4.0, 9.0),
    }
)


def is_bot(room: Room, player_id: str | None) -> bool:
    seat = seats.find(room, player_id)
    return seat is not None and seat.bot is not None


def add_bot(room: Room, actor: str, strength: Strength) -> Room:
    """The host seats a bot in the lobby, named after the first free bot name."""
    seats.require_host(room, actor)
    if not isinstance(room.phase, Lobby):
        raise Rejected(RejectCode.BOT_NOT_IN_LOBBY)
    if len(seats.players(room)) >= MAX_PLAYERS:
        raise Rejected(RejectCode.ROOM_FULL)
    number = room.seats_created + 1
    nickname, key = _free_name(room, number)
    _, color = seats.pick_look(room, BOT_AVATAR, None)
    seat = Seat(
        player_id=f"p{number}",
        nickname=nickname,
        name_key=key,
        token_hash=f"bot:{number}",  # not a SHA-256: no token ever opens a bot's seat
        joined=number,
        avatar=BOT_AVATAR,
        color=color,
        bot=strength,
    )
    return room.model_copy(update={"seats": (*room.seats, seat), "seats_created": number})


def _free_name(room: Room, number: int) -> tuple[str, str]:
    for name in (*BOT_NAMES, str(number)):
        nickname = BOT_NAME_PREFIX + name
        try:
            return nickname, seats.check_name_free(room, nickname)
        except Rejected:
            continue
    raise AssertionError("a bot's number is never taken as a name")  # pragma: no cover


def remove_bot(room: Room, actor: str, player_id: str) -> Room:
    seats.require_host(room, actor)
    if not isinstance(room.phase, Lobby):
        raise Rejected(RejectCode.BOT_NOT_IN_LOBBY)
    if not is_bot(room, player_id):
        raise Rejected(RejectCode.BOT_UNKNOWN)
    kept = tuple(s for s in room.seats if s.player_id != player_id)
    turns = tuple(t for t in room.bot_turns if t.player_id != player_id)
    return room.model_copy(update={"seats": kept, "bot_turns": turns})


def situation(room: Room, player_id: str) -> str | None:
    """What the bot has to consider now (a stable key), or None when it has nothing to do."""
    phase, game = room.phase, room.game
    if game is None or game.is_over:
        return None
    if isinstance(phase, Guessing):  # the one thing an eliminated player still does
        return f"{room.seq}:guess" if phase.guesser == player_id else None
    if not game.is_alive(player_id):
        return None
    match phase:
        case RoleReveal() if player_id not in phase.confirmed:
            return f"{room.seq}:confirm"
        case Clues() if on_turn(game) == player_id:
            return f"{room.seq}:{turn_key(game)}"
        case Voting():
            # Others' first ballots are news worth a second look; its own is not.
            others = ",".join(p for p in game.alive if p in game.ballots and p != player_id)
            kind = "revote" if player_id in game.ballots else "vote"
            return f"{room.seq}:{kind}:{others}"
    return None


def schedule(room: Room, now: float) -> Room:
    """Each bot's pending action for its current situation (kept if the situation is unchanged)."""
    if room.paused_at is not None:
        return room  # frozen like every deadline; the turns move when the room resumes
    current = {turn.player_id: turn for turn in room.bot_turns}
    turns: list[BotTurn] = []
    for seat in room.seats:
        if seat.bot is None or seat.kicked:
            continue
        key = situation(room, seat.player_id)
        if key is None:
            continue
        turn = current.get(seat.player_id)
        if turn is None or turn.situation != key:
            turn = BotTurn(
                player_id=seat.player_id,
                situation=key,
                acts_at=now + _delay(room, seat.player_id, key),
            )
        turns.append(turn)
    if tuple(turns) == room.bot_turns:
        return room
    return room.model_copy(update={"bot_turns": tuple(turns)})


def _delay(room: Room, player_id: str, key: str) -> float:
    kind = "clue" if key.count(":") > 2 else key.split(":")[1]  # a clue turn's key is longer
    low, high = DELAYS.get(kind, DELAYS["clue"])
    return round(random.Random(f"{room.seed}/bot/{player_id}/{key}").uniform(low, high), 3)


def considered(room: Room, player_id: str, key: str | None) -> Room:
    """The bot acted (or passed) on `key`: nothing pending for it until the situation changes."""
    turns = tuple(
        turn.model_copy(update={"acts_at": None})
        if turn.player_id == player_id and turn.situation == key
        else turn
        for turn in room.bot_turns
    )
    return room.model_copy(update={"bot_turns": turns})
