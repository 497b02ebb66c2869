"""Where the host meets a bot: the bot's move, from the view of its seat and nothing else.

The random stream is seeded by the room's seed and the bot's situation, so a game with bots
replays identically (tests, simulations, tournaments).
"""

from __future__ import annotations

import random

from undercover.bots.brain import BotCommand, choices
from undercover.engine import bot_seats, deadlines
from undercover.engine.commands import BotPlayed, TimePassed
from undercover.engine.dealing import Deck
from undercover.engine.errors import Rejected
from undercover.engine.machine import apply
from undercover.engine.state import Room
from undercover.engine.view import view_for


def bot_move(room: Room, player_id: str, now: float, deck: Deck) -> BotCommand | None:
    """What the bot in `player_id`'s seat does now (None: it passes): its brain's first
    choice the engine accepts, so a refused one is replaced at once by a legal move."""
    situation = bot_seats.situation(room, player_id)
    rng = random.Random(f"{room.seed}/brain/{player_id}/{situation}")
    for command in choices(view_for(room, player_id, now, deck), deck.catalog, rng):
        try:
            apply(room, player_id, command, now, deck)
        except Rejected:
            continue
        return command
    return None


def advance(room: Room, now: float, deck: Deck) -> Room:
    """Every deadline due by `now`, as a host's alarm applies them: bots first, then timers."""
    for _ in range(len(room.seats) * 4 + 1):
        bot = deadlines.bot_due(room, now)
        if bot is None:
            break
        chosen = bot_move(room, bot, now, deck)
        played = BotPlayed(player_id=bot, command=chosen)
        room = apply(room, None, played, now, deck).room
    return apply(room, None, TimePassed(), now, deck).room
