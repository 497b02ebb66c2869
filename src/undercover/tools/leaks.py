"""The one leak checker: what a viewer receives holds no secret that is not theirs to see.

Shared by the no-leak property test (tests/engine/test_no_leak.py) and the room simulator
(`undercover simulate --rooms`). A viewer is of one of these classes: a player of a camp (alive
or eliminated; a bot seat is one too), a spectator (viewer None: a board, a late joiner, a
kicked player), or a ghost (its private part may hold every card). A shared device's seats are
each their own viewer.

Before the game is over, a viewer's text never holds the RNG seeds, another camp's word, its
aliases or attributes, or the pair's shared tags (folded: case, accents and punctuation do not
hide a word; whole words, so a secret inside a longer word is no leak). Allowed: the viewer's
own camp's word and aliases, a card the host chose to reveal, and what players typed (clues,
proposed themes, guesses, nicknames: the server only forwards them). The parsed view must also
show roles, words and grades only on revealed cards, and the viewer's own card as `me.secret`.

Cheap by construction: a game's secrets are folded once, a viewer class's forbidden words once
per revealed set and typed text, and a text is checked piece by piece, each piece (a player, a
recap entry...) once per viewer class, however many frames repeat it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from undercover.engine.state import Room
from undercover.rules import ClueEntry, Game, GuessEntry, Role, ThemeEntry

JSON = dict[str, Any]
Viewer = Role | Literal["ghost"] | None  # a viewer's class: a camp's player, a ghost, a spectator
# Folding ASCII: letters to lower case, anything else that is not a digit to a space.
_ASCII_WORDS: dict[int, int | str] = {c: " " for c in range(128) if not chr(c).isalnum()}
_ASCII_WORDS |= {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}


class LeakFound(AssertionError):
    """A viewer received something they must not see."""


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Case, accents and punctuation folded to single spaces, padded: " gai maito ".

    >>> fold('"Gaï-Maito!"')
    ' gai maito '
    """
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text.casefold()).encode("ascii", "ignore").decode()
    return " " + " ".join(text.translate(_ASCII_WORDS).split()) + " "


_KEYS = re.compile(r'(?<![\\\w])"?[A-Za-z_]\w*":')


def readable(frame: str) -> str:
    """A frame's text with JSON's escapes undone (frames are ASCII: "é" travels as \\u00e9),
    without parsing it into objects.

    >>> readable('{"w":"Caf\\\\u00e9"}')
    '{"w":"Café"}'
    """
    raw = frame.encode("ascii", "backslashreplace").decode("unicode_escape", "replace")
    return raw.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


@dataclass(frozen=True)
class Secrets:
    """One game's secret strings, folded once."""

    seeds: tuple[str, ...]
    words: dict[Role, tuple[str, ...]]  # each camp's word and aliases (allowed to that camp)
    hidden: tuple[str, ...]  # attributes and shared tags: secret from every player

    @classmethod
    def of(cls, room: Room) -> Secrets:
        game, deal = room.game, room.deal
        seeds = (str(room.seed), *((str(game.seed),) if game is not None else ()))
        words: dict[Role, tuple[str, ...]] = {}
        hidden: tuple[str, ...] = ()
        if deal is not None:
            words[Role.CIVILIAN] = _folded(deal.civilian, *deal.civilian_aliases)
            words[Role.UNDERCOVER] = _folded(deal.undercover, *deal.undercover_aliases)
            attributes = (*deal.civilian_attributes, *deal.undercover_attributes)
            hidden = _folded(*attributes, *deal.shared_tags)
        elif game is not None and game.words is not None:
            words[Role.CIVILIAN] = _folded(game.words.civilian, *game.words.civilian_aliases)
            words[Role.UNDERCOVER] = _folded(game.words.undercover)
        return cls(seeds, words, hidden)


def _folded(*texts: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(f for f in map(fold, texts) if f.strip()))


class LeakChecker:
    """Checks every text sent to every viewer of one room, game after game."""

    def __init__(self) -> None:
        self._game: tuple[int, int] | None = None
        self._secrets = Secrets((), {}, ())
        # Texts that passed, by viewer class: what passed still passes, since within a game
        # a viewer's allowed words only grow (cards revealed, clues typed).
        self._passed: set[tuple[str, Viewer, frozenset[Role]]] = set()
        self._words: dict[tuple[Viewer, frozenset[Role], tuple[str, ...], int], _Words] = {}
        self._public_checked: object = self  # the `game` part of the last view checked

    def check(self, room: Room, viewer: str | None, view: JSON, sent: Sequence[str]) -> None:
        """What `viewer` was sent (`sent`: a frame's text, or a view's text in parts) and the
        view it gives them (for a frame of changes, the view rebuilt from it)."""
        ghost = is_ghost(room, viewer)
        for text in sent:
            self.check_text(room, viewer, text, ghost)
        game = room.game
        if game is None or game.is_over:
            return
        if view.get("game") is not self._public_checked:  # viewers of a step share it
            check_public(game, view)
            self._public_checked = view.get("game")
        check_me(game, viewer, view["me"], ghost)

    def check_text(
        self, room: Room, viewer: str | None, text: str, ghost: bool | None = None
    ) -> None:
        """`text` holds no seed, nor (before the game is over) a word `viewer` may not see."""
        secrets, game = self._secrets_of(room), room.game
        ghost = is_ghost(room, viewer) if ghost is None else ghost
        # A ghost sees every card: every camp's word is shown to it (not the hidden ones).
        own: Viewer = "ghost" if ghost else own_role(game, viewer)
        shown = shown_roles(game)
        passed = self._passed
        if (text, own, shown) in passed:
            return
        words = self._words_for(room, game, own, shown) if game and not game.is_over else None
        # Piece by piece, each checked once: `,"` only ever stands between two JSON tokens
        # (a quote inside a string is escaped), so no word spans two pieces, and the pieces
        # of one step's frames (players, recap entries) are mostly those of the last step's.
        for piece in text.split(',"'):
            if (piece, own, shown) in passed:
                continue
            if any(seed in piece for seed in secrets.seeds):
                raise LeakFound(f"a seed reached {viewer}")
            if words is not None:
                self._check_words(viewer, piece, words)
            passed.add((piece, own, shown))
        if len(passed) > 500_000:
            passed.clear()
        passed.add((text, own, shown))

    def _check_words(self, viewer: str | None, text: str, words: _Words) -> None:
        # Object keys are the protocol's own names ("end", "phase"), never a player's words: a
        # tag such as Minecraft's "End" is no leak in `"end":{`. An escaped quote inside a
        # string (`\"`) never ends a key, so no text of a value is dropped.
        folded = fold(readable(_KEYS.sub(" ", text)))
        if any(word in folded for word in words.forbidden):
            # Only then take out what the viewer may see (longest first): the undercover's
            # "Frites" inside the civilians' own "Moules-frites" is no leak.
            for word in words.allowed:
                folded = folded.replace(word, " | ").replace(word, " | ")  # overlaps: twice
            found = sorted(word.strip() for word in words.forbidden if word in folded)
            if found:
                raise LeakFound(f"{found} leaked to {viewer}")

    def _secrets_of(self, room: Room) -> Secrets:
        game_key = (room.seed, room.game.seed if room.game is not None else -1)
        if game_key != self._game:
            self._game, self._secrets = game_key, Secrets.of(room)
            self._passed.clear()
            self._words.clear()
        return self._secrets

    def _words_for(self, room: Room, game: Game, own: Viewer, shown: frozenset[Role]) -> _Words:
        # A game's recap only grows; seats come and go (a kicked bot's seat is freed), so their
        # nicknames are part of the key, not just their count.
        key = (own, shown, tuple(seat.nickname for seat in room.seats), len(game.recap))
        if key not in self._words:
            secrets = self._secrets
            visible = set(shown)
            if own == "ghost":
                visible |= set(secrets.words)
            elif own is not None:
                visible.add(own)
            allowed = {w for role in visible for w in secrets.words.get(role, ())}
            allowed |= set(typed_texts(room, game))
            every = [w for words in secrets.words.values() for w in words] + [*secrets.hidden]
            self._words[key] = _Words(
                forbidden=tuple(w for w in dict.fromkeys(every) if w not in allowed),
                allowed=tuple(sorted(allowed, key=len, reverse=True)),
            )
        return self._words[key]


@dataclass(frozen=True)
class _Words:
    forbidden: tuple[str, ...]  # folded and padded, as `fold` gives them
    allowed: tuple[str, ...]  # longest first


def typed_texts(room: Room, game: Game) -> list[str]:
    """What players typed and the server forwards to everyone: clues, proposed themes,
    guesses, nicknames (a theme the server chose itself is not one)."""
    typed = [fold(seat.nickname) for seat in room.seats]
    for entry in game.recap:
        if isinstance(entry, ClueEntry | GuessEntry) and entry.text:
            typed.append(fold(entry.text))
        elif isinstance(entry, ThemeEntry) and not entry.fallback:
            typed.append(fold(entry.theme))
    return [t for t in typed if t.strip()]


def own_role(game: Game | None, viewer: str | None) -> Role | None:
    """The camp whose word `viewer` holds (None: a spectator, or a kicked player)."""
    if game is None or viewer is None or viewer in game.kicked:
        return None
    return game.roles.get(viewer)


def shown_roles(game: Game | None) -> frozenset[Role]:
    """The roles whose words a revealed card shows to everyone."""
    if game is None or not (game.settings.reveal_on_elimination and game.settings.reveal_word):
        return frozenset()
    return frozenset(game.roles[p] for p in (*game.eliminated, *game.kicked))


def is_ghost(room: Room, viewer: str | None) -> bool:
    return viewer is not None and any(g.player_id == viewer for g in room.ghosts)


def check_public(game: Game, view: JSON) -> None:
    """The public part before the game is over: roles only on revealed cards, words and
    grades only where the host reveals them, no outcome."""
    shown = view.get("game") or {}
    if shown.get("end") is not None or shown.get("outcome") is not None:
        raise LeakFound("the end of the game shown before it is over")
    reveal = game.settings.reveal_on_elimination
    revealed = set(game.eliminated) | set(game.kicked) if reveal else set()
    words_shown = revealed if game.settings.reveal_word else set()
    for card in shown.get("eliminated", []) + shown.get("kicked", []):
        if card["role"] is not None and card["player_id"] not in revealed:
            raise LeakFound(f"{card['player_id']}'s role shown before it is revealed")
        hidden = card["player_id"] not in words_shown
        if hidden and (card["word"] is not None or card["grade"] is not None):
            raise LeakFound(f"{card['player_id']}'s hidden card sent")
    for entry in shown.get("recap", []):
        if "role" in entry or "grade" in entry:
            raise LeakFound("a role or grade in the recap")


def check_me(game: Game, viewer: str | None, me: JSON, ghost: bool) -> None:
    """The private part: the viewer's own card, and every card for a ghost only."""
    secret = (me["secret"]["kind"], me["secret"]["value"])
    if secret != own_secret(game, viewer):
        raise LeakFound(f"{viewer} got a card that is not theirs: {secret}")
    if ghost:
        if len(me["ghost"]["cards"]) != len(game.speaking_order):
            raise LeakFound(f"the ghost {viewer} does not see every card")
    elif me["ghost"] is not None:
        raise LeakFound(f"{viewer} is no ghost but got a ghost's cards")


def own_secret(game: Game, viewer: str | None) -> tuple[str | None, object]:
    """`me.secret` for this viewer: their own card, or nothing for a spectator."""
    role = own_role(game, viewer)
    if role is None or viewer is None:
        return (None, None)
    if role is Role.MR_WHITE:
        return ("mr_white", None)
    if game.grades is not None:
        return ("grade", game.grade_of(viewer))
    return ("word", game.word_of(viewer))
