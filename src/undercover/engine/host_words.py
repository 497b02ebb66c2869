"""The words a room owns beyond the catalog: the host's own list, and the pairs its players
voted out after a game (👍/👎, a 👎 majority of the game's players removes the pair).

The host's words are secret like the dealt pair: the view says only how many there are.
"""

from __future__ import annotations

from undercover.engine import seats
from undercover.engine.dealing import DealtHistory, HostWords
from undercover.engine.effects import Effect, PairRated
from undercover.engine.errors import RejectCode, Rejected
from undercover.engine.state import Ended, Lobby, PairRatings, Room
from undercover.themes.custom import CUSTOM_PREFIX, CustomWordsError, parse_custom_words


def set_host_words(room: Room, actor: str, text: str) -> Room:
    """The host pastes a list (or an empty text, to go back to the themes)."""
    seats.require_host(room, actor)
    if not isinstance(room.phase, Lobby):
        raise Rejected(RejectCode.SETTINGS_NOT_IN_LOBBY)
    words: HostWords | None = None
    if text.strip():
        try:
            checked = parse_custom_words(text)
        except CustomWordsError as error:
            raise Rejected(error.code, f"line {error.line}" if error.line else "") from error
        words = HostWords(pairs=checked.pairs, words=checked.words)
    # A new list has new ids: its pairs have not been dealt, nor voted out.
    history = DealtHistory(
        pairs=tuple(p for p in room.history.pairs if not p[0].startswith(CUSTOM_PREFIX)),
        civilians=room.history.civilians,
    )
    removed = tuple(p for p in room.removed_pairs if not p[0].startswith(CUSTOM_PREFIX))
    return room.model_copy(
        update={"host_words": words, "history": history, "removed_pairs": removed}
    )


def rate_pair(room: Room, actor: str, up: bool) -> tuple[Room, list[Effect]]:
    """A player of the game that just ended rates its pair; a 👎 majority removes it."""
    game, deal = room.game, room.deal
    if not isinstance(room.phase, Ended) or game is None:
        raise Rejected(RejectCode.RATE_NOT_ENDED)
    if deal is None:  # a grade game deals grades, not a pair
        raise Rejected(RejectCode.RATE_NO_PAIR)
    if actor not in game.speaking_order:
        raise Rejected(RejectCode.ROLE_NOT_PLAYING)
    ratings = room.ratings
    if ratings is None or ratings.game != room.games_started:
        ratings = PairRatings(game=room.games_started)
    votes = dict(ratings.votes)
    if votes.get(actor) is up:
        return room, []
    votes[actor] = up
    ratings = ratings.model_copy(update={"votes": tuple(votes.items())})
    removed = room.removed_pairs
    newly_removed = not ratings.removed and ratings.down * 2 > len(game.speaking_order)
    if newly_removed:
        ratings = ratings.model_copy(update={"removed": True})
        removed = (*removed, deal.pair_id)
    effect = PairRated(
        pair=deal.pair_id,
        up=up,
        ups=ratings.up,
        downs=ratings.down,
        players=len(game.speaking_order),
        removed=newly_removed,
        custom=deal.custom,
    )
    return room.model_copy(update={"ratings": ratings, "removed_pairs": removed}), [effect]


def host_words_summary(room: Room) -> dict[str, int] | None:
    """What everyone may know of the host's words: how many, never which."""
    words = room.host_words
    if words is None:
        return None
    removed = sum(p[0].startswith(CUSTOM_PREFIX) for p in room.removed_pairs)
    playable = len(words.checked().pair_ids()) - removed
    return {"pairs": len(words.pairs), "words": len(words.words), "playable_pairs": playable}
