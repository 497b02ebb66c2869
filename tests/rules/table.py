"""A game in one line: `table("Cana Ub Cc Wd")` seats players a, b, c, d in that speaking order
with roles Civilian, Undercover, Civilian, White (Mr. White)."""

from __future__ import annotations

from undercover.rules import Game, Mode, Role, RuleSettings, Words, start_game
from undercover.rules.flow import open_round

ROLE_LETTERS = {"C": Role.CIVILIAN, "U": Role.UNDERCOVER, "W": Role.MR_WHITE}
WORDS = Words(civilian="Dark Vador", undercover="Kylo Ren", civilian_aliases=("Darth Vader",))


def table(spec: str, **settings: object) -> Game:
    seats = [(ROLE_LETTERS[token[0]], token[1:]) for token in spec.split()]
    players = [name for _, name in seats]
    rule_settings = RuleSettings.model_validate(
        {"mr_white": any(r is Role.MR_WHITE for r, _ in seats), **settings}
    )
    words = WORDS if rule_settings.mode is Mode.CLASSIC else None
    game = start_game(players, rule_settings, seed=1, words=words)
    game = game.model_copy(
        update={
            "roles": {name: role for role, name in seats},
            "speaking_order": tuple(players),
            "alive": tuple(players),
            "clue_round": 1,
            "proposer": None,
        }
    )
    return open_round(game)


def clue_all(game: Game, text: str = "indice") -> Game:
    """Every remaining speaker of the current round gives a clue."""
    from undercover.rules import give_clue

    start = game.clue_round
    while game.clue_round == start and game.speaker is not None:
        game = give_clue(game, game.speaker, text)
    return game
