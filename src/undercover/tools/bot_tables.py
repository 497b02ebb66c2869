"""Bot-only tables driven as a host drives them: each due deadline in turn, bots choosing
from their own views; the strengths given by role once the roles are dealt (a measuring
tool's liberty, as no one picks a bot's camp in a real room). Used by `undercover
tournament`, its stall check and the bots' tests."""

from __future__ import annotations

from undercover.bots.drive import advance
from undercover.engine.bot_seats import add_bot
from undercover.engine.commands import SetHostWords, StartGame, UpdateSettings
from undercover.engine.deadlines import next_deadline
from undercover.engine.dealing import Deck
from undercover.engine.machine import apply
from undercover.engine.settings import SettingsChanges
from undercover.engine.state import Ended, Room, Seat, Strength, new_room
from undercover.rules import Role

STRENGTHS: tuple[Strength, ...] = ("debutant", "normal", "malin")
MAX_STEPS = 3000  # deadlines per game: a game of 20 takes a few hundred


class Stalled(AssertionError):
    """A table of bots did not finish: the property `tests/bots` holds."""


def bot_table(
    players: int,
    seed: int,
    changes: SettingsChanges | None = None,
    *,
    deck: Deck,
    host_words: tuple[str, ...] = (),
) -> Room:
    """A started game of `players` bots (normal strength), dealt from the room's seed (from
    the host's own words, when some are given: one pair or word per line)."""
    room = new_room("BOTS", seed=seed, now=0.0)
    host = Seat(player_id="p0", nickname="Hôte", name_key="hote", token_hash="-", joined=0)
    room = room.model_copy(update={"seats": (host,), "host": "p0", "paused_at": None})
    if changes is not None:
        room = apply(room, "p0", UpdateSettings(seq=room.seq, changes=changes), 0.0, deck).room
    if host_words:
        room = apply(room, "p0", SetHostWords(seq=room.seq, lines=host_words), 0.0, deck).room
    for _ in range(players):
        room = add_bot(room, "p0", "normal")
    # The host seat only set the table up: a bot-only table has no human left in it.
    room = room.model_copy(update={"seats": room.seats[1:], "host": room.seats[1].player_id})
    return apply(room, room.host, StartGame(seq=room.seq), 0.0, deck).room


def with_strengths(room: Room, civilians: Strength, impostors: Strength) -> Room:
    game = room.game
    assert game is not None
    placed = tuple(
        seat.model_copy(
            update={
                "bot": civilians if game.role_of(seat.player_id) is Role.CIVILIAN else impostors
            }
        )
        for seat in room.seats
    )
    return room.model_copy(update={"seats": placed})


def play_out(room: Room, deck: Deck) -> Room:
    """Drive the room from deadline to deadline until the game is over."""
    now = 0.0
    for _ in range(MAX_STEPS):
        if isinstance(room.phase, Ended):
            return room
        at = next_deadline(room)
        if at is None:
            raise Stalled(f"no deadline in phase {room.phase.kind}")
        now = max(now, at)
        room = advance(room, now, deck)
    raise Stalled(f"still in {room.phase.kind} after {MAX_STEPS} deadlines")
