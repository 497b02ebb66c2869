"""The only path by which room state leaves the server: add fields here deliberately.

`view_for(room, viewer, now, deck)` builds a fresh dict from an allow list: the public part (the
same for everyone, built once per step by `public_view`) plus `me`, the viewer's private
part. Every viewer gets the same set of keys whatever their role; spectators (viewer None:
a board, late joiners), kicked and eliminated players get no secret beyond their own card,
unless they chose to be a ghost (`engine/ghosts.py`): then `me.ghost` holds every card.
Civilians and undercovers are never told which of the two they are.

Serialising views for many viewers at once is the wire's job (`wire/frames.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar, cast

from pydantic import BaseModel, TypeAdapter

from undercover.engine import ghosts, seats
from undercover.engine.dealing import Deck
from undercover.engine.host_words import host_words_summary
from undercover.engine.state import (
    Ended,
    Ghost,
    Guessing,
    Lobby,
    Reveal,
    RoleReveal,
    Room,
    ScoreLine,
    Seat,
    Voting,
)
from undercover.rules import Game, RecapEntry, Role, RuleViolation, composition

JSON = dict[str, Any]
_T = TypeVar("_T")
_RECAP: TypeAdapter[tuple[RecapEntry, ...]] = TypeAdapter(tuple[RecapEntry, ...])
_SCORE_LINES: TypeAdapter[tuple[ScoreLine, ...]] = TypeAdapter(tuple[ScoreLine, ...])


def view_for(room: Room, viewer: str | None, now: float, deck: Deck) -> JSON:
    """What `viewer` may see at `now`.

    >>> from undercover.engine.state import new_room
    >>> from undercover.themes.model import Catalog
    >>> sorted(view_for(new_room("ABCDE", 1, 0.0), None, 5.0, Deck(Catalog(())))["me"])
    ['ballot', 'can_become_ghost', 'confirmed', 'ghost', 'player_id', 'secret', 'status']
    """
    return {**public_view(room, now, deck), "me": private_part(room, viewer)}


# --- public part -------------------------------------------------------------------------


class Memo:
    """Parts of the public view kept from one step to the next while their inputs are the
    very same objects (the room's models are frozen: the same object, the same value), so a
    step rebuilds only the parts it changed. One per room (`wire/frames.py`); the values it
    returns are shared with the next steps: never change them."""

    def __init__(self) -> None:
        self._held: dict[object, tuple[tuple[object, ...], Any]] = {}

    def get(self, key: object, inputs: tuple[object, ...], build: Callable[[], _T]) -> _T:
        held = self._held.get(key)
        if held is not None and all(a is b for a, b in zip(held[0], inputs, strict=True)):
            return cast(_T, held[1])
        value = build()
        self._held[key] = (inputs, value)
        return value


def public_view(
    room: Room, now: float, deck: Deck, *, with_recap: bool = True, memo: Memo | None = None
) -> JSON:
    """The part of every view that is the same for all (`with_recap=False`: an empty recap)."""
    if memo is None:
        memo = Memo()  # nothing held: every part built
    phase, game = room.phase, room.game
    settings, host_words = room.settings, room.host_words
    lobby = isinstance(phase, Lobby)
    return {
        "now": now,
        "room": room.code,
        "phase": phase.kind,
        "phase_seq": room.seq,
        "paused": room.paused_at is not None,
        "deadline": getattr(phase, "ends_at", None),
        "vote_grace_deadline": phase.grace_ends_at if isinstance(phase, Voting) else None,
        "confirmed": list(phase.confirmed) if isinstance(phase, RoleReveal) else [],
        "revealed": phase.eliminated if isinstance(phase, Reveal) else None,
        "guesser": phase.guesser if isinstance(phase, Guessing) else None,
        "host": room.host,
        "players": memo.get(
            "players",  # what a seat's part reads: the seat, the host, who is alive or dealt in
            (room.seats, room.host, game and game.alive, game and game.roles),
            lambda: [_seat(room, seat, game, memo) for seat in room.seats],
        ),
        "settings": memo.get("settings", (settings,), lambda: _settings(room)),
        "composition": memo.get(
            "composition",
            (game and game.roles, game is None and room.seats, settings),
            lambda: _composition(room),
        ),
        "similarity": memo.get(
            "similarity",
            (lobby, settings, host_words, room.history, room.removed_pairs),
            lambda: _similarity(room, deck),
        ),
        "host_words": memo.get(
            "host_words", (host_words, room.removed_pairs), lambda: host_words_summary(room)
        ),
        "catalog": deck.theme_choices[settings.word_language] if lobby else None,
        "game": _game(room, game, with_recap, memo) if game is not None else None,
        "scoreboard": memo.get("scoreboard", (room.scoreboard,), lambda: _scoreboard(room)),
    }


def _seat(room: Room, seat: Seat, game: Game | None, memo: Memo) -> JSON:
    status, host = _status(seat, game), seat.player_id == room.host
    return memo.get(
        ("seat", seat.player_id), (seat, status, host), lambda: _seat_part(seat, status, host)
    )


def _seat_part(seat: Seat, status: str, host: bool) -> JSON:
    return {
        "player_id": seat.player_id,
        "nickname": seat.nickname,
        "avatar": seat.avatar,
        "color": seat.color,
        "status": status,
        "connected": seat.connected,
        "absent": seat.absent,
        "grace_deadline": seat.grace_ends_at,
        "is_host": host,
        "bot": seat.bot,  # a bot's strength, or None for a person
    }


def _status(seat: Seat | None, game: Game | None) -> str:
    """One of none, kicked, spectator, seated (lobby), alive, eliminated."""
    if seat is None:
        return "none"
    if seat.kicked:
        return "kicked"
    if seat.spectator:
        return "spectator"
    if game is None:
        return "seated"
    if game.is_alive(seat.player_id):
        return "alive"
    return "eliminated" if seat.player_id in game.roles else "spectator"


def _settings(room: Room) -> JSON:
    settings = room.settings
    return {
        **settings.rules.model_dump(mode="json"),
        "themes": list(settings.themes),
        "franchises": list(settings.franchises),
        "family_safe": settings.family_safe,
        "similarity": settings.similarity,
        "attribute_variant": settings.attribute_variant,
        "locked": settings.locked,
        "streamer": settings.streamer,
    }


def _composition(room: Room) -> JSON | None:
    """The role counts: of the game being played, else what the seated players would get."""
    if room.game is not None:
        roles = list(room.game.roles.values())
        counts = (
            roles.count(Role.CIVILIAN),
            roles.count(Role.UNDERCOVER),
            roles.count(Role.MR_WHITE),
        )
        return {"civilians": counts[0], "undercovers": counts[1], "mr_white": counts[2]}
    try:
        found = composition(len(seats.players(room)), room.settings.rules.mr_white)
    except RuleViolation:
        return None
    return found.model_dump(mode="json")


def _similarity(room: Room, deck: Deck) -> JSON | None:
    """In the lobby: the similarity level the chosen themes can really deliver."""
    if not isinstance(room.phase, Lobby) or room.settings.rules.mode != "classic":
        return None
    if room.host_words is not None:
        return None  # the host's own words: no theme, no level
    found = deck.similarity_available(room.settings, room.history, room.removed_pairs)
    return {
        "requested": room.settings.similarity,
        "available": found.level,
        "relaxed": bool(found.relaxations),
        "relaxations": [r.model_dump(mode="json") for r in found.relaxations],
        "single_pair": found.single_pair,
        "single_pair_repeats": found.single_pair_repeats,
        "error": found.error,
    }


def _game(room: Room, game: Game, with_recap: bool, memo: Memo) -> JSON:
    rules = game.settings
    reveal = (rules.reveal_on_elimination, rules.reveal_on_elimination and rules.reveal_word)
    ballots = [p for p in game.alive if p in game.ballots]
    cards = (rules, game.roles, game.words, game.grades)
    return {
        "mode": game.settings.mode.value,
        "speaking_order": list(game.speaking_order),
        "alive": list(game.alive),
        "stage": game.stage.value,
        "cycle": game.cycle,
        "clue_round": game.clue_round,
        "round_in_cycle": game.round_in_cycle,
        "speaker": game.speaker,
        "proposer": game.proposer,
        "round_theme": game.round_theme,
        "voters": ballots,  # who has voted, never for whom before the tally
        "ballots_cast": len(ballots),
        "ballots_expected": len(game.alive) if game.stage == "vote" else 0,
        "candidates": list(game.candidates),
        "ballot_kind": game.ballot_kind.value,
        "phantom_votes": dict(game.phantom_votes),
        "eliminated": memo.get(
            "eliminated",
            (game.eliminated, *cards),
            lambda: [_card(game, p, reveal) for p in game.eliminated],
        ),
        "kicked": memo.get(
            "kicked", (game.kicked, *cards), lambda: [_card(game, p, reveal) for p in game.kicked]
        ),
        "recap": _RECAP.dump_python(game.recap, mode="json") if with_recap else [],
        "outcome": memo.get("outcome", (game.outcome,), lambda: _dumped(game.outcome)),
        "end": _end(room, game) if game.is_over else None,
    }


def _dumped(model: BaseModel | None) -> JSON | None:
    return model.model_dump(mode="json") if model is not None else None


def _card(game: Game, player: str, shown: tuple[bool, bool]) -> JSON:
    """A player out of the game: role, then word (or grade), each shown per the reveal
    settings (`shown` = (role, word))."""
    role, word = shown
    return {
        "player_id": player,
        "role": game.role_of(player).value if role else None,
        "word": game.word_of(player) if word else None,
        "grade": game.grade_of(player) if word else None,
    }


def _end(room: Room, game: Game) -> JSON:
    """Everything, once the game is over: every role and word, and why this pair."""
    deal = room.deal
    return {
        **_every_card(game),
        "bets": ghosts.scored(room, game),
        "pair": (
            {
                "franchise": deal.franchise,
                "shared_tags": list(deal.shared_tags),
                "requested": deal.requested,
                "used": deal.used,
                "relaxations": [r.model_dump(mode="json") for r in deal.relaxations],
                "attribute_variant": room.settings.attribute_variant and not deal.custom,
                "custom": deal.custom,
            }
            if deal
            else None
        ),
        "rating": _rating(room, game) if deal else None,
    }


def _rating(room: Room, game: Game) -> JSON:
    """The 👍/👎 of the game's players for its pair (who voted what is no secret)."""
    ratings = room.ratings
    current = ratings is not None and ratings.game == room.games_started
    votes = dict(ratings.votes) if ratings is not None and current else {}
    return {
        "votes": {player: "up" if up else "down" for player, up in votes.items()},
        "players": len(game.speaking_order),
        "removed": bool(ratings is not None and current and ratings.removed),
    }


def _every_card(game: Game) -> JSON:
    """Every role and word (or grade): the end screen's, and a ghost's during the game."""
    return {
        "cards": [_card(game, p, (True, True)) for p in game.speaking_order],
        "words": (
            {"civilian": game.words.civilian, "undercover": game.words.undercover}
            if game.words
            else None
        ),
        "grades": game.grades.model_dump(mode="json") if game.grades else None,
    }


def _scoreboard(room: Room) -> JSON:
    board = room.scoreboard
    return {
        "games": board.games,
        "players": _SCORE_LINES.dump_python(board.players, mode="json"),  # one call for all
        "camps": dict(board.camps),
    }


# --- private part ------------------------------------------------------------------------


def private_part(room: Room, viewer: str | None) -> JSON:
    """The viewer's own card, ballot and confirmation (empty values for spectators), and
    for a ghost every card of the game with its own bet."""
    return _private(room, viewer, seats.find(room, viewer), ghosts.find(room, viewer))


def private_parts(room: Room, viewers: Iterable[str | None]) -> dict[str | None, JSON]:
    """`private_part` of each viewer, the room's seats and ghosts looked up once for all (a
    step's frames need every viewer's)."""
    seat_of: dict[str | None, Seat] = {seat.player_id: seat for seat in room.seats}
    ghost_of: dict[str | None, Ghost] = {ghost.player_id: ghost for ghost in room.ghosts}
    return {
        viewer: _private(room, viewer, seat_of.get(viewer), ghost_of.get(viewer))
        for viewer in viewers
    }


def private_inputs(room: Room) -> tuple[tuple[object, ...], Mapping[str, str | None]]:
    """Everything a private part reads: what any viewer's reads, and each viewer's own ballot
    (the only per-viewer input). A viewer's `private_part` is the same in two rooms whose
    shared inputs are equal and whose ballot entry for that viewer is the same (checked over
    random games, tests/wire), so a step that keeps them (a clue, most of a game's inputs; a
    vote, for everyone but the voter) need not build those parts again.

    Keep it in step with `_private`. The recap is read only for an eliminated Mr. White (has
    he guessed?), so it is an input only then: otherwise every clue would change the inputs.
    """
    phase, game = room.phase, room.game
    confirmed = phase.confirmed if isinstance(phase, RoleReveal) else None
    # Of the phase, only what `_private` reads (ghosts: is it the lobby or the end?), not its
    # kind: the alarm that ends a reveal then keeps every part it had.
    common = (room.seats, room.ghosts, isinstance(phase, Lobby | Ended), confirmed)
    if game is None:
        return common, {}
    out = any(role is Role.MR_WHITE and p not in game.alive for p, role in game.roles.items())
    recap = game.recap if out else None
    shared = (
        *common,
        game.roles,
        game.words,
        game.grades,
        game.alive,
        game.kicked,
        game.stage,
        game.speaking_order,
        recap,
    )
    return shared, game.ballots


def _private(room: Room, viewer: str | None, seat: Seat | None, ghost: Ghost | None) -> JSON:
    game = room.game
    status = _status(seat, game)
    playing = game is not None and status in ("alive", "eliminated")
    secret: JSON = {"kind": None, "value": None}
    ballot: JSON = {"cast": False, "target": None}
    confirmed = False
    if playing and game is not None and viewer is not None:
        secret = _secret(game, viewer)
        if viewer in game.ballots and game.stage == "vote":
            ballot = {"cast": True, "target": game.ballots[viewer]}
        phase = room.phase
        confirmed = not isinstance(phase, RoleReveal) or viewer in phase.confirmed
    return {
        "player_id": seat.player_id if seat is not None else None,
        "status": status,
        "secret": secret,
        "ballot": ballot,
        "confirmed": confirmed,
        "can_become_ghost": ghosts.may_become_ghost(room, seat, ghost),
        "ghost": _ghost(game, ghost),
    }


def _ghost(game: Game | None, ghost: Ghost | None) -> JSON | None:
    if ghost is None or game is None:
        return None
    bet = {"winner": ghost.winner.value if ghost.winner else None, "undercover": ghost.undercover}
    return {**_every_card(game), "bet": bet}


def _secret(game: Game, player: str) -> JSON:
    """Own card only: a word or a grade (civilian and undercover alike), or Mr. White."""
    if game.role_of(player) is Role.MR_WHITE:
        return {"kind": "mr_white", "value": None}
    if game.grades is not None:
        return {"kind": "grade", "value": game.grade_of(player)}
    return {"kind": "word", "value": game.word_of(player)}
