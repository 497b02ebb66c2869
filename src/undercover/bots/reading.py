"""What a bot reads in its view: its own secret, the table, the clues given so far.

The view is the only source (`engine.view.view_for` of the bot's seat): nothing here looks at
the room, so a bot knows exactly what a person in its seat would know.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from undercover.engine.state import Strength

View = Mapping[str, Any]


@dataclass(frozen=True)
class Clue:
    player: str
    text: str
    clue_round: int


@dataclass(frozen=True)
class Table:
    """One bot's reading of its view."""

    me: str
    strength: Strength
    phase: str
    seq: int
    secret_kind: str | None  # "word", "grade", "mr_white" or None
    secret: str | int | None
    settings: Mapping[str, Any]
    alive: tuple[str, ...]
    candidates: tuple[str, ...]  # a runoff's tied players; empty: everyone alive
    speaker: str | None
    proposer: str | None
    stage: str | None
    round_theme: str | None
    guesser: str | None
    confirmed: bool
    ballot_cast: bool
    ballot: str | None
    clues: tuple[Clue, ...]  # every clue given this game, in order (skips left out)
    themes_used: tuple[str, ...]
    clue_round: int
    civilians: int = 0  # how many of each role the game dealt (the public composition)
    undercovers: int = 1
    mr_whites: int = 0
    revealed: Mapping[str, str] = field(default_factory=dict)  # player out -> role, if shown

    @property
    def mode(self) -> str:
        return str(self.settings.get("mode", "classic"))

    @property
    def civilian_share(self) -> float:
        """A player's chance of being a civilian, from the composition (2 in 3 if unknown)."""
        dealt = self.civilians + self.undercovers + self.mr_whites
        return self.civilians / dealt if self.civilians else 2 / 3

    def civilian_odds(self) -> float:
        """For a civilian, the odds that another player alive is a civilian too: from the
        composition and the roles revealed so far (1 when nothing is known)."""
        roles = list(self.revealed.values())
        civilians = self.civilians - roles.count("civilian") - 1
        impostors = self.undercovers + self.mr_whites
        impostors -= roles.count("undercover") + roles.count("mr_white")
        if not self.civilians or impostors <= 0 or civilians <= 0:
            return 1.0
        return civilians / impostors

    def speakers(self) -> tuple[tuple[str, ...], ...]:
        """The others' clues, one tuple per player, in the order they first spoke."""
        by_player: dict[str, list[str]] = {}
        for clue in self.clues:
            if clue.player != self.me:
                by_player.setdefault(clue.player, []).append(clue.text)
        return tuple(tuple(texts) for texts in by_player.values())

    def clues_of(self, player: str) -> tuple[Clue, ...]:
        return tuple(clue for clue in self.clues if clue.player == player)

    def round_clues(self) -> tuple[Clue, ...]:
        """The clues of the clue round being played."""
        return tuple(clue for clue in self.clues if clue.clue_round == self.clue_round)


def read(view: View) -> Table:
    me = view["me"]
    game = view.get("game") or {}
    recap = game.get("recap") or ()
    player_id = str(me["player_id"])
    strength = next(
        (p.get("bot") for p in view.get("players", ()) if p["player_id"] == player_id), None
    )
    clues = tuple(
        Clue(str(e["player"]), str(e["text"]), int(e["clue_round"]))
        for e in recap
        if e.get("kind") == "clue" and e.get("text")
    )
    themes = tuple(str(e["theme"]) for e in recap if e.get("kind") == "theme")
    ballot = me.get("ballot") or {}
    secret = me.get("secret") or {}
    composition = view.get("composition") or {}
    outs = (*(game.get("eliminated") or ()), *(game.get("kicked") or ()))
    return Table(
        me=player_id,
        strength=strength or "normal",
        phase=str(view["phase"]),
        seq=int(view["phase_seq"]),
        secret_kind=secret.get("kind"),
        secret=secret.get("value"),
        settings=view.get("settings") or {},
        alive=tuple(game.get("alive") or ()),
        candidates=tuple(game.get("candidates") or ()),
        speaker=game.get("speaker"),
        proposer=game.get("proposer"),
        stage=game.get("stage"),
        round_theme=game.get("round_theme"),
        guesser=view.get("guesser"),
        confirmed=bool(me.get("confirmed")),
        ballot_cast=bool(ballot.get("cast")),
        ballot=ballot.get("target"),
        clues=clues,
        themes_used=themes,
        clue_round=int(game.get("clue_round") or 0),
        civilians=int(composition.get("civilians") or 0),
        undercovers=int(composition.get("undercovers") or 1),
        mr_whites=int(composition.get("mr_white") or 0),
        revealed={str(card["player_id"]): str(card["role"]) for card in outs if card["role"]},
    )
