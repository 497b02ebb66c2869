"""Lobby: seats are taken and freed, the host sets up, then starts the game."""

from __future__ import annotations

import random

from undercover.engine import seats
from undercover.engine.dealing import Deck, deal_words
from undercover.engine.errors import RejectCode, Rejected, rule_checked
from undercover.engine.phases import PhaseRules, enter
from undercover.engine.phases.role_reveal import ROLE_REVEAL_SECONDS
from undercover.engine.settings import SettingsChanges, apply_changes
from undercover.engine.state import Lobby, RoleReveal, Room
from undercover.rules import MAX_PLAYERS, MIN_PLAYERS, Mode, Words, start_game


def update_settings(room: Room, actor: str | None, changes: SettingsChanges, deck: Deck) -> Room:
    seats.require_host(room, actor)
    if not isinstance(room.phase, Lobby):
        raise Rejected(RejectCode.SETTINGS_NOT_IN_LOBBY)
    settings = apply_changes(room.settings, changes)
    # Only ids the catalog knows: anything else would be shown to every player, then refused.
    catalog = deck.catalog
    if not set(settings.themes) <= set(catalog.categories):
        raise Rejected(RejectCode.SETTINGS_INVALID, "themes")
    language = settings.word_language
    known = {f.id for f in catalog.franchises if f.language == language}
    if not set(settings.franchises) <= known:
        raise Rejected(RejectCode.SETTINGS_INVALID, "franchises")
    return room.model_copy(update={"settings": settings})


def leave(room: Room, actor: str) -> Room:
    """An explicit leave in the lobby frees the seat (the name and the place)."""
    kept = tuple(s for s in room.seats if s.player_id != actor)
    return room.model_copy(update={"seats": kept})


def game_seed(room: Room) -> int:
    """The seed of the next game: derived from the room's secret seed and the game number."""
    return random.Random(f"{room.seed}:{room.games_started}").getrandbits(63)


def start(room: Room, actor: str | None, now: float, deck: Deck) -> Room:
    """Deal roles and words to every seated player at once, then show the role cards."""
    seats.require_host(room, actor)
    if not isinstance(room.phase, Lobby):
        raise Rejected(RejectCode.START_NOT_IN_LOBBY)
    players = tuple(s.player_id for s in seats.players(room))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise Rejected(RejectCode.START_PLAYER_COUNT)
    seed = game_seed(room)
    rule_settings = room.settings.rules
    deal, history, words = None, room.history, None
    if rule_settings.mode is Mode.CLASSIC:
        deal, history = deal_words(
            deck, room.settings, seed, room.history, room.host_words, room.removed_pairs
        )
        words = Words(
            civilian=deal.civilian,
            undercover=deal.undercover,
            civilian_aliases=deal.civilian_aliases,
        )
    with rule_checked():
        game = start_game(players, rule_settings, seed, words)
    started = room.model_copy(
        update={
            "game": game,
            "deal": deal,
            "history": history,
            "games_started": room.games_started + 1,
        }
    )
    return enter(started, RoleReveal(ends_at=now + ROLE_REVEAL_SECONDS))


RULES = PhaseRules(Lobby)  # left by `start` only
