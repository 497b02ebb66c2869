"""The bots' brain: clues that never name a word, choices made from the view alone, and
tables of bots that always finish."""

from __future__ import annotations

import random

from tests.engine.content import builtin_deck
from undercover.bots.drive import advance, bot_move
from undercover.engine import deadlines
from undercover.engine.settings import SettingsChanges
from undercover.engine.state import Ended, Room
from undercover.engine.view import view_for
from undercover.rules import ClueEntry, Role
from undercover.rules.text import fold
from undercover.tools.bot_tables import bot_table, play_out, with_strengths
from undercover.tools.stalls import stall_check


def _holds(text: str, word: str) -> bool:
    return bool(fold(word)) and f" {fold(word)} " in f" {fold(text)} "


def _words_of(room: Room, player: str) -> tuple[list[str], list[str]]:
    """(the player's own word and aliases, the other camp's word and aliases)."""
    deal = room.deal
    assert deal is not None
    civilian = [deal.civilian, *deal.civilian_aliases]
    undercover = [deal.undercover, *deal.undercover_aliases]
    assert room.game is not None
    role = room.game.role_of(player)
    if role is Role.CIVILIAN:
        return civilian, undercover
    if role is Role.UNDERCOVER:
        return undercover, civilian
    return [], civilian + undercover  # Mr. White has no word: both are the others'


def _finished(players: int, seed: int, **changes: object) -> Room:
    strengths = random.Random(seed).choices(("debutant", "normal", "malin"), k=2)
    room = with_strengths(
        bot_table(players, seed, SettingsChanges(**changes), deck=builtin_deck()), *strengths
    )  # type: ignore[arg-type]
    return play_out(room, builtin_deck())


def test_a_clue_never_holds_its_word_an_alias_or_the_other_camps_word() -> None:
    clues = 0
    for seed in range(60):
        changes = {
            "mr_white": seed % 2 == 0,
            "attribute_variant": seed % 5 == 0,
            "similarity": ("very_close", "close", "none")[seed % 3],
            "clue_rounds_per_vote": 1 + seed % 2,
        }
        room = _finished(5 + seed % 4, seed, **changes)
        assert room.game is not None
        for entry in room.game.recap:
            if isinstance(entry, ClueEntry) and entry.text is not None:
                clues += 1
                own, others = _words_of(room, entry.player)
                for word in own + others:
                    assert not _holds(entry.text, word), (seed, entry, word)
    assert clues > 500


def _blinded(room: Room, bot: str) -> Room:
    """The room with every secret the bot's view does not show changed: the hidden roles of
    the others shuffled, a word no card has revealed replaced, the other camp's grade moved."""
    game = room.game
    assert game is not None
    mine = game.roles[bot]
    hidden = [p for p in game.alive if p != bot]
    shuffled = [game.roles[p] for p in hidden]
    random.Random(len(hidden)).shuffle(shuffled)
    roles = {**game.roles, **dict(zip(hidden, shuffled, strict=True))}
    shown = {game.roles[p] for p in (*game.eliminated, *game.kicked)}
    words = game.words
    if words is not None:
        if mine is not Role.UNDERCOVER and Role.UNDERCOVER not in shown:
            words = words.model_copy(update={"undercover": "Mot caché"})
        if mine is not Role.CIVILIAN and Role.CIVILIAN not in shown:
            words = words.model_copy(update={"civilian": "Autre mot", "civilian_aliases": ()})
    grades = game.grades
    if grades is not None and mine is not Role.MR_WHITE:
        other = "undercover" if mine is Role.CIVILIAN else "civilian"
        if Role(other) not in shown:
            grades = grades.model_copy(update={other: (getattr(grades, other) + 7) % 21})
    blind = game.model_copy(update={"roles": roles, "words": words, "grades": grades})
    return room.model_copy(update={"game": blind, "deal": None})


def test_a_bot_chooses_from_its_view_alone() -> None:
    """At every decision of a few whole games, a room whose hidden secrets differ (same
    view for the bot) gets the very same choice."""
    decisions = 0
    for seed, mode in ((3, "classic"), (4, "classic"), (5, "grade")):
        room = bot_table(6, seed, SettingsChanges(mode=mode, mr_white=True), deck=builtin_deck())  # type: ignore[arg-type]
        now = 0.0
        while not isinstance(room.phase, Ended):
            due = deadlines.earliest(room)
            assert due is not None
            now = max(now, due.at)
            if due.kind == "bot" and due.player_id is not None:
                blind = _blinded(room, due.player_id)
                assert view_for(blind, due.player_id, now, builtin_deck()) == view_for(
                    room, due.player_id, now, builtin_deck()
                )
                assert bot_move(blind, due.player_id, now, builtin_deck()) == bot_move(
                    room, due.player_id, now, builtin_deck()
                )
                decisions += 1
            room = advance(room, now, builtin_deck())
    assert decisions > 40


def test_a_game_of_bots_replays_identically_from_the_room_seed() -> None:
    first, second = _finished(7, 11, mr_white=True), _finished(7, 11, mr_white=True)
    assert first.game is not None
    assert second.game is not None
    assert first.game.recap == second.game.recap


def test_a_table_of_bots_always_finishes() -> None:
    """Twenty games on fixed seeds, each with its settings, size and strengths drawn from its
    seed (`undercover tournament --stall-check` plays thousands the same way)."""
    ended, problems = stall_check(20, 3, builtin_deck())
    assert problems == []
    assert ended == 20
