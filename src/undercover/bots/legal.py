"""What a seat may do now, read from its view: the one legal-move policy.

A bot's brain falls back on it when the engine refuses its choice (it then chooses again at
once, from what is legal, so a game without timers never waits on it), and the tools and
tests that play a seat simply (`socket_bots`, `bench`, `simulate`, the hosts' tests) play it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal

from undercover.engine.commands import CastVote, ConfirmRole, GiveClue, Guess, ProposeTheme
from undercover.rules.prompts import THEME_PROMPTS

View = Mapping[str, Any]
Move = ConfirmRole | GiveClue | ProposeTheme | CastVote | Guess
Turn = Literal["confirm", "theme", "clue", "vote", "guess"]

# Texts any seat may say or guess: none is a word of the built-in pools (the engine refuses
# only a clue holding the speaker's own word, so a numbered variant is always left).
STOCK_CLUES = ("aucune idée", "je passe mon tour", "difficile à dire")
_GUESS = "aucune idée"


def turn(view: View | None, me: str | None) -> Turn | None:
    """What the seat is expected to do now (None: nothing is awaited from it)."""
    if view is None or me is None:
        return None
    phase, mine, game = view["phase"], view["me"], view.get("game") or {}
    if phase == "guess":
        return "guess" if view.get("guesser") == me else None
    if mine.get("status") != "alive":
        return None
    if phase == "role_reveal":
        return None if mine.get("confirmed") else "confirm"
    if phase == "clues" and game.get("stage") == "theme" and game.get("proposer") == me:
        return "theme"
    if phase == "clues" and game.get("stage") == "clue" and game.get("speaker") == me:
        return "clue"
    if phase == "voting":
        return "vote"
    return None


def targets(view: View, me: str) -> tuple[str, ...]:
    """The players this seat may vote against: the runoff's candidates, else everyone alive."""
    game = view.get("game") or {}
    return tuple(p for p in (game.get("candidates") or game.get("alive") or ()) if p != me)


def moves(view: View | None, me: str | None, *, suspects: Sequence[str] = ()) -> Iterator[Move]:
    """Every legal move of the seat now, simplest first (a ballot against the first of
    `suspects` that may be voted against, else the first player in speaking order; then
    the others; then an abstention). Several texts for a clue, so one of them is accepted."""
    kind = turn(view, me)
    if view is None or me is None or kind is None:
        return
    seq = int(view["phase_seq"])
    game = view.get("game") or {}
    if kind == "confirm":
        yield ConfirmRole(seq=seq)
    elif kind == "theme":
        used = {str(e.get("theme")) for e in game.get("recap") or () if e.get("kind") == "theme"}
        for prompt in (*(p for p in THEME_PROMPTS if p not in used), *THEME_PROMPTS[:1]):
            yield ProposeTheme(seq=seq, text=prompt)
    elif kind == "clue":
        for text in STOCK_CLUES:
            yield GiveClue(seq=seq, text=text)
        for number in range(1, 4):
            yield GiveClue(seq=seq, text=f"indice {number}")
    elif kind == "vote":
        allowed = targets(view, me)
        ordered = [p for p in suspects if p in allowed] + [p for p in allowed if p not in suspects]
        for target in ordered:
            yield CastVote(seq=seq, target=target)
        yield CastVote(seq=seq, target=None)
    else:  # grade mode takes a grade; any word is a guess in classic mode
        grades = (view.get("settings") or {}).get("mode") == "grade"
        yield Guess(seq=seq, text="10" if grades else _GUESS)


def simple_move(view: View | None, me: str | None, *, suspects: Sequence[str] = ()) -> Move | None:
    """The first legal move, once per situation: None while its ballot is cast."""
    if turn(view, me) == "vote" and view is not None and view["me"]["ballot"]["cast"]:
        return None
    return next(moves(view, me, suspects=suspects), None)


def as_wire(move: Move) -> dict[str, Any]:
    """The move as the JSON a client sends."""
    return move.model_dump(mode="json")
